"""The other seats' choices of a stage's cards in a stage choice's worlds, in one
compiled call (numba).

Where the other seats' cards are not known, a stage choice
(:func:`~pitchkit.bots.stage_choice.stage_worlds`) draws worlds of the unseen cards and,
in each, has every other seat choose among its own candidates
(:func:`~pitchkit.bots.stage_candidates.compiled_candidates`), one drawn by a number the
search's generator gave. In Python the candidates, a seat and a world at a time, took
about half of a Pimps & Hoes for four hand's time: most of it the best combination of
the seat's cards (:func:`~pitchkit.combos.kept_mask`). :func:`others_choices` makes
every world's choices in one call, the best combination read from a table of the counts
kept per count held (:class:`KeptTable`, filled once a rule set by the same solver),
choice for choice what Python makes (``tests/test_stage_choice.py`` holds them equal on
the shipped staged variants and random rule sets with stages).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.kernels import njit
from pitchkit.bots.staged_rows import _count, _top
from pitchkit.bots.staged_search import _first_in, stage_choices
from pitchkit.combos import _BY_RANK, _FILL_ORDER, _choice_of_mask, _table_of
from pitchkit.variant import Combinations

#: the most entries (kept counts, by cards kept and counts held) a :class:`KeptTable`
#: holds; a rule set whose table would be larger takes the Python path
KEPT_SIZE = 8 * 5 ** 6

#: every card, the first of :func:`~pitchkit.combos.best_kept`'s order first (by rank,
#: jokers last, then the higher card)
_BY_RANK_DOWN = np.array(sorted(range(54), key=_BY_RANK.__getitem__, reverse=True),
                         np.int64)


class KeptTable:
    """How many cards of each scoring rank the best combination keeps
    (:func:`~pitchkit.combos.kept_mask`), for every number of cards kept and count of
    each scoring rank held (0 to 4), as an array: ``counts[keep, key, i]`` for the
    ``i``-th scoring rank, ``key`` the counts held in base 5 (the first rank first)."""

    def __init__(self, combinations: Combinations) -> None:
        t, _ = _table_of(combinations)
        ranks = len(t.scoring_masks)
        self.rank_masks = np.array(t.scoring_masks, np.int64)
        self.fill = np.array(_FILL_ORDER, np.int64)
        self.counts = np.zeros((combinations.keep + 1, 5 ** ranks, ranks), np.int64)
        for keep in range(combinations.keep + 1):
            for key in range(5 ** ranks):
                held = _digits(key, ranks)
                mask = 0
                for i, count in enumerate(held):
                    of_rank = t.scoring_masks[i]
                    for _ in range(count):
                        low = of_rank & -of_rank
                        mask |= low
                        of_rank ^= low
                kept = _choice_of_mask(combinations, mask, keep)[4]
                for i, rank in enumerate(t.scoring):
                    self.counts[keep, key, i] = kept.get(rank, 0)


def _digits(key: int, ranks: int) -> list[int]:
    """``key``'s ``ranks`` digits in base 5, the first the most significant."""
    out = []
    for _ in range(ranks):
        out.append(key % 5)
        key //= 5
    return out[::-1]


@lru_cache(maxsize=64)
def kept_table(combinations: Combinations) -> KeptTable | None:
    """The :class:`KeptTable` of a rule set's combinations (made once); None where it
    would hold more than :data:`KEPT_SIZE` entries."""
    t, _ = _table_of(combinations)
    if (combinations.keep + 1) * 5 ** len(t.scoring_masks) > KEPT_SIZE:
        return None
    return KeptTable(combinations)


@njit(cache=True)
def kept_of(cards: int, keep: int, rank_masks: Any, counts: Any, fill: Any) -> Any:
    """:func:`~pitchkit.combos.kept_mask` of the mask ``cards``, ``keep`` of them kept:
    per scoring rank the highest cards of the count the table keeps, filled up to
    ``keep`` with the highest others by rank then card (``fill``: the ranks high to low,
    then the jokers)."""
    key = 0
    for m in rank_masks:
        key = key * 5 + _count(cards & m)
    kept = np.int64(0)
    for i in range(rank_masks.shape[0]):
        want = counts[keep, key, i]
        of_rank = cards & rank_masks[i]
        if _count(of_rank) == want:
            kept |= of_rank
            continue
        for _ in range(want):
            top = np.int64(1) << _top(of_rank)
            kept |= top
            of_rank ^= top
    left = keep - _count(kept)
    if left > 0:
        rest = cards & ~kept
        for m in fill:
            of_rank = rest & m
            if not of_rank:
                continue
            held = _count(of_rank)
            if held <= left:
                kept |= of_rank
                left -= held
                if not left:
                    break
                continue
            for _ in range(left):
                top = np.int64(1) << _top(of_rank)
                kept |= top
                of_rank ^= top
            break
    return kept


@njit(cache=True)
def others_choices(worlds: Any, me: int, count: int, draws: Any, keep_most: int,
                   rank_masks: Any, counts: Any, fill: Any, by_rank: Any, scoring: int,
                   trumps: int, wish: Any, adds: Any, order: Any, by_scores: Any,
                   by_unwanted: Any, by_ranks: Any, by_trumps_first: Any, by_lows: Any
                   ) -> Any:
    """``worlds`` (each every seat's stage cards, then every seat's reserve) with every
    seat but ``me`` choosing ``count`` of its unplayed cards, world by world and seat by
    seat: its candidates (:func:`~pitchkit.bots.staged_search.stage_choices`, the
    play-outs' choice by ``order`` as its usual one, the best combination of its cards
    by :func:`kept_of` in ``by_rank``'s order) and of them the one at ``draws``' next
    number (in [0, 1)) times their number."""
    w_count, n2 = worlds.shape
    n = n2 // 2
    out = worlds.copy()
    best = np.empty(54, np.int64)
    d = 0
    for w in range(w_count):
        for s in range(n):
            if s == me:
                continue
            unplayed = out[w, s] | out[w, n + s]
            held = _count(unplayed)
            size = min(count, held)
            kept = kept_of(unplayed, min(keep_most, held), rank_masks, counts, fill)
            k = 0
            for c in by_rank:
                if kept >> c & 1:
                    best[k] = c
                    k += 1
            usual = _first_in(unplayed, size, order)
            found = stage_choices(unplayed, size, usual, scoring, trumps, best[:k], wish,
                                  adds, order, by_scores, by_unwanted, by_ranks,
                                  by_trumps_first, by_lows)
            choice = found[int(draws[d] * found.shape[0])]
            d += 1
            out[w, s] = choice
            out[w, n + s] = unplayed & ~choice
    return out


def others_call(combinations: Combinations, tables: tuple[npt.NDArray[Any], ...],
                stage_scoring: int, trumps: int, worlds: list[list[int]], me: int,
                count: int, draws: list[float]) -> list[list[int]] | None:
    """:func:`others_choices` of a rule set's ``combinations`` and its stage tables
    (``tables``: :func:`~pitchkit.bots.stage_candidates.choice_tables`; ``stage_scoring``,
    ``trumps``: the scoring cards and the trumps, masks); None where the rule set has no
    :class:`KeptTable` (the caller takes the steps one by one)."""
    table = kept_table(combinations)
    if table is None:
        return None
    out = others_choices(np.array(worlds, np.int64), me, count,
                         np.array(draws, np.float64), combinations.keep, table.rank_masks,
                         table.counts, table.fill, _BY_RANK_DOWN, stage_scoring, trumps,
                         *tables)
    return out.tolist()
