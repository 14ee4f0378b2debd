"""The search bot's staged play-outs (``play.stages``) of one world, compiled (numba).

In staged play the search (:mod:`pitchkit.bots.stage_choice`) plays each of its candidates
out in each world it draws: the rest of the stage and the later stages by the play-outs'
rule of thumb, every seat choosing its next stage's cards by
:func:`~pitchkit.bots.staged.choose_stage` when a stage's tricks are played. In Python
(:meth:`pitchkit.bots.search.SearchBot.play_card_out`) that took about two thirds of the
Pimps & Hoes search's time. Here one call of :func:`play_staged_rows` plays every
candidate of one world (a row each: its seats' stage cards and reserves, and its first
card), card for card as ``play_card_out`` plays them (``tests/test_staged_rows.py`` holds
the two equal, values included, on random staged positions); the values stay the quick
scorer's (:class:`~pitchkit.bots.quickscore.QuickScore`), row by row.

The masks are the cards' own numbers (no relabelling: bit ``c`` is card ``c``, at most
54 of them, in int64). Imported by the stage search only, when it first plays out (numba's
import is not paid by the other bots).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from pitchkit.bots.kernels import njit
from pitchkit.bots.quickscore import QuickScore, combos_of
from pitchkit.bots.staged import stage_order
from pitchkit.bots.thumb import follow_legal, lead_legal
from pitchkit.cards import JOKER_MASK, SUIT_MASKS
from pitchkit.memo import per_rule_set
from pitchkit.plan import rules_plan
from pitchkit.variant import Combinations, Rules

if TYPE_CHECKING:
    from pitchkit.bots.search import SearchBot
    from pitchkit.results import Observation

Masks = npt.NDArray[np.int64]
Ints = npt.NDArray[np.int64]

_SUITS = np.array(SUIT_MASKS, np.int64)
#: every card but the jokers
_JOKER_FREE = ((1 << 54) - 1) & ~JOKER_MASK


@njit(cache=True)
def _top(mask: Any) -> Any:
    """The index of the highest bit of a (non-empty) mask below bit 63 (halving)."""
    top = 0
    shift = 32
    while shift:
        if mask >> shift:
            mask >>= shift
            top += shift
        shift >>= 1
    return top


@njit(cache=True)
def _low(mask: Any) -> Any:
    """The index of the lowest bit of a (non-empty) mask below bit 63: the highest of
    that bit alone."""
    return _top(mask & -mask)


@njit(cache=True)
def _count(mask: Any) -> Any:
    """The number of bits of a mask below bit 63 (summed in parallel, SWAR)."""
    mask = mask - ((mask >> 1) & 0x5555555555555555)
    mask = (mask & 0x3333333333333333) + ((mask >> 2) & 0x3333333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((mask * 0x0101010101010101) >> 56) & 0xFF


@njit(cache=True)
def play_staged_rows(hands: Masks, reserves: Masks, firsts: Ints, seat0: int, count0: int,
                     led0: int, win_seat0: int, win_key0: int, trick_mask0: int,
                     captured0: Masks, won0: Ints, later: Ints, first_lead0: bool,
                     next_seat: Ints, team: Ints, eff: Ints, keys_by_led: Ints, cost: Any,
                     trump_order: Ints, trumps: int, masks: Masks, following: int,
                     never_joker: bool, joker_free: int, order: Ints, suits: Masks
                     ) -> tuple[Masks, Ints, Ints, int]:
    """Play each row out from its first card (``firsts``) by ``seat0`` to the hand's end,
    as :meth:`~pitchkit.bots.search.SearchBot.play_card_out` plays a staged hand: per row
    what each seat captured, the tricks it won, and the last trick's winner (-1: none).
    ``hands`` and ``reserves`` (a row each, a column a seat): the stage's cards and the
    rest; the trick on the table: ``count0`` cards, led in ``led0``, won so far by
    ``win_seat0`` with key ``win_key0``, its cards ``trick_mask0``; ``later``: the later
    stages' sizes; the rest are the trick tables of the trump suit (see the caller).

    A row that asks a seat for a card it does not hold, or would play more cards than it
    deals (a broken input: a play-out plays each card once), is left off there and
    counted in the fourth value returned (0 when none was): a row's loop is bounded by
    its cards, so no input can hang it."""
    rows, n = hands.shape
    cap = np.empty((rows, n), np.int64)
    won = np.empty((rows, n), np.int64)
    lasts = np.empty(rows, np.int64)
    h = np.empty(n, np.int64)
    res = np.empty(n, np.int64)
    stages = later.shape[0]
    broken = 0
    for r in range(rows):
        plays = 1  # the cards the row deals, and one more: the bound of its loop
        for s in range(n):
            h[s] = hands[r, s]
            res[s] = reserves[r, s]
            cap[r, s] = captured0[s]
            won[r, s] = won0[s]
            plays += _count(h[s]) + _count(res[s])
        card = firsts[r]
        seat = seat0
        count = count0
        led = led0
        win_seat = win_seat0
        win_key = win_key0
        trick_mask = trick_mask0
        first_lead = first_lead0
        stage = 0
        last = -1
        while True:
            plays -= 1
            if not plays or card < 0 or not h[seat] >> card & 1:
                broken += 1
                break
            bit = np.int64(1) << card
            h[seat] ^= bit
            if count:
                key = keys_by_led[led, card]
                if key > win_key:
                    win_seat = seat
                    win_key = key
                trick_mask |= bit
            else:
                led = eff[card]
                win_seat = seat
                win_key = keys_by_led[led, card]
                trick_mask = bit
                first_lead = False
            count += 1
            if count == n:
                cap[r, win_seat] |= trick_mask
                won[r, win_seat] += 1
                last = win_seat
                count = 0
                if not h[win_seat]:
                    if stage == stages or not res[win_seat]:
                        break  # rule: cards left after the last stage take no part
                    # the next stage: every seat chooses its cards; the winner leads on
                    pick = min(later[stage], _count(res[win_seat]))
                    stage += 1
                    for s in range(n):
                        chosen = np.int64(0)
                        left = pick
                        for c in order:
                            if res[s] >> c & 1:
                                chosen |= np.int64(1) << c
                                left -= 1
                                if not left:
                                    break
                        h[s] = chosen
                        res[s] ^= chosen
                seat = win_seat
            else:
                seat = next_seat[seat]
            hand = h[seat]
            if not count:
                # lead: the strongest trump, else the highest plain card (the first suit
                # on a tie)
                legal = hand
                if first_lead:
                    held = hand & trumps
                    legal = held if held else hand
                legal = lead_legal(legal, never_joker, joker_free)
                held = legal & trumps
                if held:
                    for c in trump_order:
                        if held >> c & 1:
                            card = c
                            break
                else:
                    card = -1
                    best = -1
                    for s in range(4):
                        cards = legal & suits[s]
                        if cards:
                            top = _top(cards)
                            if top - 13 * s > best:
                                card = top
                                best = top - 13 * s
                continue
            legal = follow_legal(following, hand, masks[led], trumps)
            # follow: take an opponent's trick as cheaply as may be, else throw the card
            # least worth holding (the lower card on a tie)
            card = -1
            throw = -1
            take_cost = 1e9
            throw_cost = 1e9
            against = team[win_seat] != team[seat]
            while legal:
                c = _low(legal)
                worth_c = cost[c]
                if against and worth_c < take_cost and keys_by_led[led, c] > win_key:
                    card = c
                    take_cost = worth_c
                if worth_c < throw_cost:
                    throw = c
                    throw_cost = worth_c
                legal &= legal - 1
            if card < 0:
                card = throw
        lasts[r] = last
    return cap, won, lasts, broken


class StagedTables(NamedTuple):
    """What :func:`play_staged_rows` reads of a rule set and trump suit, as arrays."""

    eff: Ints
    keys_by_led: Ints
    cost: npt.NDArray[np.float64]
    trump_order: Ints
    trumps: int
    masks: Masks
    order: Ints
    never_joker: bool


@per_rule_set(64)
def staged_tables(rules: Rules, trump: int) -> StagedTables:
    """The :class:`StagedTables` of ``rules`` with trump ``trump`` (worked out once), from
    the search's :func:`~pitchkit.bots.search.trick_tables`."""
    from pitchkit.bots.search import trick_tables

    t, keys_by_led, cost, trump_order = trick_tables(rules)[trump]
    return StagedTables(np.array(t.effective_suit, np.int64),
                        np.array(keys_by_led, np.int64), np.array(cost, np.float64),
                        np.array(trump_order, np.int64), int(t.trumps),
                        np.array(t.suit_masks, np.int64),
                        np.array(stage_order(rules, trump), np.int64),
                        bool(rules_plan(rules).play.never_lead_joker))


def staged_values(search: SearchBot, obs: Observation, rows: Sequence[Sequence[int]],
                  dealts: Sequence[Sequence[int]], firsts: Sequence[int], quick: QuickScore
                  ) -> list[float]:
    """The values to ``obs.seat`` of playing each ``firsts[i]`` in the world ``rows[i]``
    (every seat's stage cards, then every seat's reserve) to the hand's end: what
    ``search.play_card_out(obs, rows[i], dealts[i], firsts[i], quick)`` gives, played in
    one compiled call (and, under combination scoring where the hand cannot end the game,
    valued in one: :class:`ComboTable`)."""
    trump = obs.trump
    assert trump is not None
    tab = staged_tables(search.rules, trump)
    n = search.table.n
    world = np.array(rows, np.int64)
    st = _start(search, obs)
    cap, won, lasts, broken = play_staged_rows(
        world[:, :n], world[:, n:], np.array(firsts, np.int64), obs.seat, st.placed, st.led,
        st.win_seat, st.win_key, st.trick_mask, st.captured, st.tricks_won, st.later,
        st.first_lead, st.next_seat, st.team, tab.eff, tab.keys_by_led, tab.cost,
        tab.trump_order, tab.trumps, tab.masks, search.table.following, tab.never_joker,
        _JOKER_FREE, tab.order, _SUITS)
    if broken:
        raise RuntimeError(f"staged play-outs: {broken} of {len(rows)} rows broken (a card "
                           "not held asked for, or more plays than cards)")
    if type(quick) is QuickScore and not quick.quick and quick.combos is not None:
        table = combo_table(search.rules.combinations)
        if table is not None:
            return table.values(cap, quick)
    value = quick.value
    return [value(dealt, c, w, last) for dealt, c, w, last
            in zip(dealts, cap.tolist(), won.tolist(), lasts.tolist(), strict=True)]


#: the most piles of kinds (counts of each scoring rank) a :class:`ComboTable` keeps
TABLE_SIZE = 5 ** 8


@njit(cache=True)
def combo_values(cap: Masks, rank_masks: Masks, table: Ints, team: Ints, me: int,
                 keys: Ints) -> Any:
    """Per row of ``cap`` (what each seat captured): the value to ``me`` under combination
    scoring (:meth:`~pitchkit.bots.quickscore.QuickScore.combination_value`: each seat's
    points by ``table``, of its pile's kind, added up by side, ``me``'s side's less the
    other sides' average); ``keys``: each pile's kind (its count of each scoring rank, in
    base 5). None when a kind is not yet in ``table`` (-1)."""
    rows, n = cap.shape
    unknown = False
    for r in range(rows):
        for s in range(n):
            key = 0
            scale = 1
            for m in rank_masks:
                pile = cap[r, s] & m
                count = 0
                while pile:
                    pile &= pile - 1
                    count += 1
                key += count * scale
                scale *= 5
            keys[r, s] = key
            if table[key] < 0:
                unknown = True
    if unknown:
        return None
    return kind_values(keys, table, team, me)


@njit(cache=True)
def kind_values(keys: Ints, table: Ints, team: Ints, me: int) -> Any:
    """:func:`combo_values` of piles of the kinds ``keys``, every one in ``table``."""
    rows, n = keys.shape
    out = np.empty(rows, np.float64)
    by_side = np.empty(n, np.int64)
    for r in range(rows):
        by_side[:] = 0
        for s in range(n):
            by_side[team[s]] += table[keys[r, s]]
        mine = team[me]
        others = 0
        count = 0
        for s in range(n):
            if team[s] != mine:
                others += by_side[team[s]]
                count += 1
        out[r] = float(by_side[mine]) - (others / count if count else 0.0)
    return out


class ComboTable:
    """The combination points of every kind of pile (:class:`~pitchkit.bots.quickscore.Combos`:
    its count of each scoring rank), as an array filled as kinds turn up, so that a
    decision's play-outs are valued in one compiled call (:func:`combo_values`)."""

    def __init__(self, combinations: Combinations) -> None:
        self.combos = combos_of(combinations)
        self.rank_masks = np.array(self.combos.rank_masks, np.int64)
        self.table = np.full(5 ** len(self.combos.rank_masks), -1, np.int64)

    def values(self, cap: Masks, quick: QuickScore) -> list[float]:
        """What ``quick.value`` gives each row of ``cap`` (what each seat captured)."""
        keys = np.empty(cap.shape, np.int64)
        team = np.array(quick.team_of, np.int64)
        out = combo_values(cap, self.rank_masks, self.table, team, quick.me, keys)
        if out is None:
            self.learn(cap, keys)
            out = kind_values(keys, self.table, team, quick.me)
        return out.tolist()

    def learn(self, cap: Masks, keys: Ints) -> None:
        """Fill in the kinds of pile ``keys`` (of the piles ``cap``, as
        :func:`combo_values` left them) not yet in the table."""
        total = self.combos.total
        for r, s in zip(*np.nonzero(self.table[keys] < 0), strict=True):
            self.table[keys[r, s]] = total(int(cap[r, s]))


@lru_cache(maxsize=64)
def combo_table(combinations: Combinations) -> ComboTable | None:
    """The :class:`ComboTable` of a rule set's combinations (shared by every decision);
    None where it would be too large (more than :data:`TABLE_SIZE` kinds)."""
    if 5 ** len(combos_of(combinations).rank_masks) > TABLE_SIZE:
        return None
    return ComboTable(combinations)


class Start(NamedTuple):
    """What every play-out of a decision starts from, as :func:`play_staged_rows` reads
    it."""

    #: the trick on the table: its cards, the suit led (0: none), the seat winning it and
    #: its key, its cards' mask
    placed: int
    led: int
    win_seat: int
    win_key: int
    trick_mask: int
    #: per seat: what it captured and the tricks it won
    captured: Masks
    tricks_won: Ints
    #: the later stages' sizes
    later: Ints
    #: the first lead must be a trump (``play.first_lead_must_be_trump``, no card played)
    first_lead: bool
    #: the seat after each, and each seat's side
    next_seat: Ints
    team: Ints


#: the decision last played out and its :func:`_start` (its play-outs come a world at a
#: time: worked out once)
_last: list[Any] = [None, None]


def _start(search: SearchBot, obs: Observation) -> Start:
    """What every play-out of the decision ``obs`` starts from, as
    :func:`play_staged_rows` reads it: the trick on the table, what each seat captured
    and the tricks it won, the later stages, whether the first lead must be a trump, the
    seat after each and the sides."""
    if _last[0] is obs:
        return _last[1]
    rules = search.rules
    led, _, win_seat, win_key, trick_mask, count = search.trick_so_far(obs)
    nxt, _ = search.seating_of(obs)
    state = Start(count, max(led, 0), win_seat, win_key, trick_mask,
                  np.array(obs.captured, np.int64), np.array(obs.tricks_won, np.int64),
                  _ints(rules.play.stages[obs.stage + 1:]),
                  not obs.played and rules.play.first_lead_must_be_trump,
                  _ints(tuple(nxt)), _ints(obs.team_of))
    _last[:] = [obs, state]
    return state


@lru_cache(maxsize=256)
def _ints(values: tuple[int, ...]) -> Ints:
    """``values`` as an array, made once (the later stages, the seating and the sides: the
    same all hand; the kernels read them, never write them)."""
    return np.array(values, np.int64)
