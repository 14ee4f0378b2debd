"""The deal of many worlds at once, compiled (numba): :func:`pitchkit.bots.worlds.draw_worlds`
shuffles the unseen cards of every world with numpy (one random key a card) and
:func:`deal_rows` deals them, each world in turn, card by card. Imported by the search
bot's worlds only (numba's import is not paid by the other users of
:mod:`pitchkit.bots.worlds`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.intp]


@njit(cache=True)
def deal_rows(perm: Ints, bits: Masks, base: Masks, order: Ints, need: Ints, barred: Masks,
              keep: Any) -> tuple[Masks, Any]:
    """Per row of ``perm`` (the free cards' order in that world: indices into ``bits``,
    their masks), every seat's cards: ``base`` and, to each seat of ``order`` in turn, the
    first ``need`` cards in the world's order it may hold (not ``barred``, not dealt
    already), only its trumps (``keep``) where ``keep`` is not 0. Also per row whether
    every seat got as many as it needs (the deal did not run into a corner)."""
    count, f = perm.shape
    out = np.empty((count, base.shape[0]), np.uint64)
    ok = np.ones(count, np.bool_)
    for row in range(count):
        for seat in range(base.shape[0]):
            out[row, seat] = base[seat]
        dealt = np.uint64(0)
        for k in range(order.shape[0]):
            want = need[k]
            banned = barred[k] | dealt
            mask = np.uint64(0)
            j = 0
            while want and j < f:
                bit = bits[perm[row, j]]
                j += 1
                if not bit & banned:
                    mask |= bit
                    want -= 1
            if want:
                ok[row] = False
            dealt |= mask
            out[row, order[k]] |= mask & keep if keep else mask
    return out, ok


@lru_cache(maxsize=1)
def compile_deal() -> None:
    """Compile :func:`deal_rows` (or load it from numba's cache) for the types
    ``draw_worlds`` passes it, before a search's first decision: a deal of no worlds."""
    no = np.zeros(0, np.intp)
    deal_rows(np.zeros((0, 0), np.intp), np.zeros(0, np.uint64), np.zeros(4, np.uint64), no,
              no, np.zeros(0, np.uint64), np.uint64(0))
