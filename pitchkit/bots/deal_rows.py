"""The deal of many worlds at once, compiled (numba): :func:`pitchkit.bots.worlds.draw_worlds`
shuffles the unseen cards of every world with numpy (one random key a card) and
:func:`deal_rows` deals them, each world in turn, card by card. Imported by the search
bot's worlds only (numba's import is not paid by the other users of
:mod:`pitchkit.bots.worlds`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.bid_reading import worth_bid
from pitchkit.bots.heuristic import _CARD, _GAME, _HIGH, _LAST_TRICK, _LOW, _SLAM, Know
from pitchkit.bots.kernels import njit

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
    count = perm.shape[0]
    out = np.empty((count, base.shape[0]), np.uint64)
    ok = np.ones(count, np.bool_)
    for row in range(count):
        ok[row] = _deal_one(perm[row], bits, base, order, need, barred, keep, out[row])
    return out, ok


@njit(cache=True)
def _deal_one(perm: Ints, bits: Masks, base: Masks, order: Ints, need: Ints, barred: Masks,
              keep: Any, world: Masks) -> bool:
    """One row of :func:`deal_rows` (``perm``: its order of the free cards) into
    ``world``; False where the deal ran into a corner."""
    f = perm.shape[0]
    for seat in range(base.shape[0]):
        world[seat] = base[seat]
    dealt = np.uint64(0)
    ok = True
    for k in range(order.shape[0]):
        want = need[k]
        banned = barred[k] | dealt
        mask = np.uint64(0)
        j = 0
        while want and j < f:
            bit = bits[perm[j]]
            j += 1
            if not bit & banned:
                mask |= bit
                want -= 1
        if want:
            ok = False
        dealt |= mask
        world[order[k]] |= mask & keep if keep else mask
    return ok


@njit(cache=True)
def sort_keys(keys: Any, perm: Ints, counts: Ints) -> None:
    """``perm``: the indices of ``keys`` (numbers from 0 to 1) in ascending order of key,
    as numpy's ``argsort`` orders keys that differ (a tie, which 53-bit random keys make
    about once in 10**11 draws of a decision, keeps the indices' order): placed by bucket
    (``counts``: one more than the keys), then sorted within each."""
    f = keys.shape[0]
    for b in range(f + 1):
        counts[b] = 0
    for j in range(f):
        counts[min(int(keys[j] * f), f - 1) + 1] += 1
    for b in range(f):
        counts[b + 1] += counts[b]
    for j in range(f):
        b = min(int(keys[j] * f), f - 1)
        perm[counts[b]] = j
        counts[b] += 1
    for i in range(1, f):
        j = perm[i]
        key = keys[j]
        at = i
        while at > 0 and keys[perm[at - 1]] > key:
            perm[at] = perm[at - 1]
            at -= 1
        perm[at] = j


@lru_cache(maxsize=1)
def compile_deal() -> None:
    """Compile :func:`deal_rows` and :func:`deal_kept` (or load them from numba's cache)
    for the types ``pitchkit.bots.worlds`` passes them, before a search's first
    decision."""
    no = np.zeros(0, np.intp)
    deal_rows(np.zeros((0, 0), np.intp), np.zeros(0, np.uint64), np.zeros(4, np.uint64), no,
              no, np.zeros(0, np.uint64), np.uint64(0))
    # and the draw that checks the bid as it deals (deal_kept): a draw of no worlds
    masks = np.zeros(0, np.uint64)
    deal_kept(np.zeros((0, 0)), masks, np.zeros(4, np.uint64), no, no, masks, np.uint64(0),
              np.zeros((1, 4), np.uint64), np.zeros((1, 4), np.uint64), np.zeros(2, np.intp),
              0, np.uint64(0), 1, np.uint64(0), masks, masks, no, no, no, 0.5, 0, 2, False,
              False, np.uint64(0), np.uint64(0))


#: How the compiled estimate reads a point item (``Know.item_kinds``' kinds, the
#: heuristic's own numbering)
HIGH, LOW, GAME, LAST_TRICK, CARD, SLAM = _HIGH, _LOW, _GAME, _LAST_TRICK, _CARD, _SLAM
_ONE = np.uint64(1)


@njit(cache=True)
def _count(mask: Any) -> int:
    """The bits of a mask."""
    out = 0
    while mask:
        mask &= mask - _ONE
        out += 1
    return out


@njit(cache=True)
def _index(bit: Any) -> int:
    """The index of a mask's one bit."""
    out = 0
    while bit > _ONE:
        bit >>= _ONE
        out += 1
    return out


@njit(cache=True)
def hand_estimate(hand: Any, trumps: Any, higher: Masks, lower: Masks, kinds: Ints,
                  values: Ints, cards: Ints, u: float, partners: int, teams: int,
                  game_tie_nobody: bool, low_goes_to_holder: bool, deck: Any, tens: Any
                  ) -> float:
    """FASTER COPY of ``HeuristicBot._estimate`` (the definition: the points a hand's side
    takes with ``trumps`` trump), compiled, the same arithmetic in the same order (powers
    by ``math.pow`` of a float exponent: the C library's ``pow``, as Python's ``**`` of
    floats; numba's power of an integer exponent multiplies, not always to the same
    bits); held equal, value for value, by tests/test_deal_rows.py. The tables are
    :func:`estimate_tables`'."""
    held = hand & trumps
    if not held:
        return 0.2 * partners
    top = bottom = -1
    n_trumps = 0
    rest = held
    while rest:
        bit = rest & (~rest + _ONE)
        rest ^= bit
        card = _index(bit)
        n_trumps += 1
        if not higher[card] & held:
            top = card
        if bottom < 0 and not lower[card] & held:
            bottom = card
    keep = 1 - u
    above = _count(higher[top])
    below = _count(lower[bottom])
    p_high = math.pow(keep, float(above))
    strength = min(1.0, 0.25 * n_trumps + 0.4 * p_high)
    share = partners * 0.2
    total = 0.0
    for i in range(kinds.shape[0]):
        kind = kinds[i]
        if kind == HIGH:
            p = p_high
        elif kind == LOW:
            p = math.pow(keep, float(below))
            if not low_goes_to_holder:
                p *= 0.3 + 0.15 * n_trumps
        elif kind == GAME:
            p = 1 / teams + 0.07 * (n_trumps - 1.5) + 0.08 * _count(hand & tens) \
                + 0.15 * p_high
            if game_tie_nobody:
                p *= 0.9
            p = min(0.9, max(0.05, p))
        elif kind == LAST_TRICK:
            p = min(0.9, 1 / teams + 0.08 * n_trumps)
        elif kind == SLAM:
            p = math.pow(p_high * strength, 3.0)
        else:
            card = cards[i]
            if card < 0:
                p = 1 / teams
            elif not deck >> np.uint64(card) & _ONE:
                continue
            elif hand >> np.uint64(card) & _ONE:
                p = min(0.95, 0.55 + 0.4 * math.pow(keep, float(_count(higher[card] & ~hand))))
            else:
                p = u * 0.25 * strength
        total += (p + (1 - p) * share) * values[i]
    return total


@njit(cache=True)
def deal_kept(keys: Any, bits: Masks, base: Masks, order: Ints, need: Ints, barred: Masks,
              keep: Any, good: Masks, bad: Masks, state: Ints, pitcher: int, played: Any,
              bid: int, trumps: Any, higher: Masks, lower: Masks, kinds: Ints, values: Ints,
              cards: Ints, u: float, partners: int, teams: int, game_tie_nobody: bool,
              low_goes_to_holder: bool, deck: Any, tens: Any) -> int:
    """The worlds ``sample_worlds`` keeps of a draw, in its order, read only as far as it
    needs them: per row of ``keys`` (a random key a free card) the free cards in the
    order of their keys (:func:`sort_keys`, numpy's ``argsort``) dealt as
    :func:`deal_rows` deals a row, a world that ran into a corner left out; of the
    others, read in turn, the first ``want`` (the rows of ``good``) whose ``pitcher``
    holds a hand (with the cards it ``played``) the heuristic's estimate
    (:func:`hand_estimate`) puts within a point of its ``bid``, written into ``good``'s
    first rows, and the first ``want`` of those that do not, into ``bad``'s (where fewer
    agree they make up the rest: :func:`kept`). With ``pitcher`` -1 (no bid to check),
    every world that did not run into a corner agrees.

    A draw's keys may come in parts, a call each: ``state`` holds how many worlds of
    each kind the calls before kept (zeros at the first), and is brought up to date;
    the number that agree is handed back (numba boxes an array it hands back, a
    decision's fixed cost: the arrays are the caller's)."""
    count, f = keys.shape
    want = good.shape[0]
    perm = np.empty(f, np.intp)
    counts = np.empty(f + 1, np.intp)
    g, b = state[0], state[1]
    for row in range(count):
        if g == want:
            break
        sort_keys(keys[row], perm, counts)
        world = good[g]
        if not _deal_one(perm, bits, base, order, need, barred, keep, world):
            continue
        if pitcher < 0 or hand_estimate(
                world[pitcher] | played, trumps, higher, lower, kinds, values, cards, u,
                partners, teams, game_tie_nobody, low_goes_to_holder, deck, tens) + 1.0 >= bid:
            # (pitchkit.bots.bid_reading.worth_bid, BID_SLACK 1.0, compiled)
            g += 1
        elif b < want:
            bad[b] = world
            b += 1
    state[0], state[1] = g, b
    return g


def kept(good: Masks, bad: Masks, state: Ints) -> int:
    """After a draw's last :func:`deal_kept`: the worlds kept, in ``good``'s first rows
    (those that agree with the bid, then, where fewer than ``good``'s rows do, the first
    of those that do not), and their number."""
    agree, other = state.tolist()
    rest = min(len(good) - agree, other)
    if rest:
        good[agree:agree + rest] = bad[:rest]
    return int(agree + rest)


#: :func:`estimate_tables` by the heuristic's knowledge of a rule set (its id: hashing it
#: is not cheap) and trump, with the knowledge it was made of
_ESTIMATE_TABLES: dict[tuple[int, int], tuple[Know, tuple[Any, ...]]] = {}


def estimate_tables(k: Know, trump: int) -> tuple[Any, ...]:
    """What :func:`hand_estimate` reads of the heuristic's knowledge ``k`` of a rule set
    with ``trump`` trump, after the hand: the trumps, each card's higher and lower cards
    (``Order``), per item its kind, value and card, the chance an unseen card is in
    another hand, the partners, the sides, whether nobody scores a tie for game, whether
    low goes to its holder, the deck and the tens (worked out once)."""
    found = _ESTIMATE_TABLES.get((id(k), trump))
    if found is not None and found[0] is k:
        return found[1]
    o = k.orders[trump]
    tables = (np.uint64(k.tables[trump].trumps), np.array(o.higher, np.uint64),
              np.array(o.lower, np.uint64),
              np.array([kind for kind, _, _ in k.item_kinds], np.intp),
              np.array([value for _, value, _ in k.item_kinds], np.intp),
              np.array([cards[trump] for _, _, cards in k.item_kinds], np.intp),
              float(k.in_other_hands), k.partners, k.teams, k.game_tie_nobody,
              k.low_goes_to_holder, np.uint64(k.deck), np.uint64(k.tens))
    if len(_ESTIMATE_TABLES) >= 256:
        _ESTIMATE_TABLES.clear()  # (many rule sets: tests) the knowledge kept is let go
    _ESTIMATE_TABLES[(id(k), trump)] = (k, tables)
    return tables


class BidCheck:
    """That a world's ``pitcher`` holds a hand worth about its ``bid`` with ``trump``
    trump: the ``judge``'s (a ``HeuristicBot``) estimate of its cards in the world and
    those it ``played``, plus a point, at least the bid (a tenth of the calibrated
    estimate's cost). Called on one world, it reads the judge's memo of estimates or asks
    the judge (the definition); :func:`deal_kept` checks a draw's worlds as it deals them,
    compiled (:meth:`args`)."""

    def __init__(self, judge: Any, pitcher: int, played: int, bid: int, trump: int) -> None:
        self.judge, self.pitcher, self.played, self.bid, self.trump = \
            judge, pitcher, played, bid, trump
        self._args: tuple[Any, ...] | None = None

    def __call__(self, world: Sequence[int]) -> bool:
        hand = world[self.pitcher] | self.played
        k = self.judge.k
        trump = self.trump
        # an estimate already worked out is read from the rule set's memo, as estimate()
        # reads it, without the call
        value = k.estimates.get((hand & k.estimate_cards[trump]) << 8
                                | (hand & k.tens).bit_count() << 2 | trump)
        if value is None:
            value = self.judge.estimate(hand, trump)
        return worth_bid(value, self.bid)

    def args(self) -> tuple[Any, ...]:
        """What :func:`deal_kept` reads of the check after ``want``: the pitcher, the
        cards it played, the bid and the estimate's tables (:func:`estimate_tables`; worked
        out once: a decision draws twice or more)."""
        if self._args is None:
            self._args = (self.pitcher, np.uint64(self.played), self.bid,
                          *estimate_tables(self.judge.k, self.trump))
        return self._args
