"""A card decision of the search bot in staged play in one compiled call (numba).

The stage's card search (:func:`~pitchkit.bots.stage_choice.search_stage_card`) draws its
staged worlds (:func:`~pitchkit.bots.staged_draw.draw_worlds`), plays every candidate out
in each (:func:`~pitchkit.bots.staged_rows.play_staged_rows`), values the play-outs under
combination scoring (:func:`~pitchkit.bots.staged_rows.combo_values`) and adds them up
world by world, dropping candidates far behind (:func:`~pitchkit.bots.stage_choice.add_up`).
Each was compiled, but the Python between them (arrays made and read back, a call's
arguments, the adding up) took more than the work itself: about 60% of a Pimps & Hoes
card decision. :func:`card_totals` does all four in one call, number for number
(``tests/test_staged_search.py`` holds its totals, worlds and generator equal to the
steps one by one on the shipped staged variants and random rule sets with stages). Where
the play-outs are not valued by a :class:`~pitchkit.bots.staged_rows.ComboTable` or the
generator is not ``random.Random``'s own, the steps are taken one by one
(:func:`one_call` answers None).

A stage choice's play-outs (:meth:`~pitchkit.bots.stage_choice.Against.totals`: choices
of a stage's cards against the other seats' choices) are made, played, valued and added
up the same way in one call (:func:`choice_totals`, held equal to the steps by the same
tests), and the stage choices' candidates are made in compiled code
(:func:`stage_choices`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.kernels import njit
from pitchkit.bots.quickscore import QuickScore
from pitchkit.bots.staged import CHOSEN_NOISE, TRIES, Setup
from pitchkit.bots.staged_draw import Twister, draw_worlds, mirrors
from pitchkit.bots.staged_rows import (
    _JOKER_FREE,
    _SUITS,
    ComboTable,
    _count,
    _ints,
    _start,
    _top,
    combo_table,
    combo_values,
    kind_values,
    play_staged_rows,
    staged_tables,
)
from pitchkit.cards import JOKER_MASK

if TYPE_CHECKING:
    from pitchkit.bots.search import SearchBot
    from pitchkit.results import Observation

#: what :func:`card_totals` ends with: totals made, a kind of pile not yet in the
#: :class:`~pitchkit.bots.staged_rows.ComboTable` (the caller fills it and adds up), a
#: broken row (a card not held asked for)
DONE, UNKNOWN, BROKEN = 0, 1, 2


@njit(cache=True)
def add_up_values(values: Any, count: int, worlds: int, gap: float, prune_from: int
                  ) -> Any:
    """:func:`~pitchkit.bots.stage_choice.add_up`: each of ``count`` candidates' total
    over ``worlds`` worlds of ``values`` (a world's candidates after another's), a
    candidate more than ``gap`` points a world behind the best dropped (its total -inf)
    before each world from ``prune_from`` on; and the worlds added before one was left."""
    totals = np.zeros(count, np.float64)
    alive = np.ones(count, np.bool_)
    left = count
    for i in range(worlds):
        if i >= prune_from:
            top = -np.inf
            for j in range(count):
                if alive[j] and totals[j] > top:
                    top = totals[j]
            bar = top - gap * i
            for j in range(count):
                if alive[j] and totals[j] < bar:
                    alive[j] = False
                    totals[j] = -np.inf
                    left -= 1
            if left == 1:
                return totals, i
        for j in range(count):
            if alive[j]:
                totals[j] += values[i * count + j]
    return totals, worlds


@njit(cache=True)
def _rows(worlds: Any, rows: int, count: int) -> Any:
    """The first ``rows`` play-outs' stage cards and reserves (a row each, a column a
    seat): each world's (its seats' stage cards, then their reserves) ``count`` times."""
    n = worlds.shape[1] // 2
    hands = np.empty((rows, n), np.int64)
    reserves = np.empty((rows, n), np.int64)
    for r in range(rows):
        w = r // count
        for s in range(n):
            hands[r, s] = worlds[w, s]
            reserves[r, s] = worlds[w, n + s]
    return hands, reserves


@njit(cache=True)
def card_totals(mt: Any, want: int, tries: int, free: Any, others: Any, stage_need: Any,
                reserve_need: Any, banned: Any, hand: int, reserve: int, me: int,
                wants: Any, noise: float, candidates: Any, count0: int, led0: int,
                win_seat0: int, win_key0: int, trick_mask0: int, captured0: Any, won0: Any,
                later: Any, first_lead0: bool, next_seat: Any, team: Any, eff: Any,
                keys_by_led: Any, cost: Any, trump_order: Any, trumps: int, masks: Any,
                following: int, never_joker: bool, joker_free: int, order: Any, suits: Any,
                rank_masks: Any, table: Any, value_team: Any, value_me: int, gap: float,
                prune_from: int) -> Any:
    """Up to ``want`` staged worlds drawn from the generator ``mt`` (as
    :func:`~pitchkit.bots.staged_draw.draw_worlds` draws them), each of ``candidates``
    played out in each by ``me`` (as :func:`~pitchkit.bots.staged_rows.play_staged_rows`
    plays them), valued (:func:`~pitchkit.bots.staged_rows.combo_values`) and added up
    (:func:`add_up_values`): what ended it (:data:`DONE`, :data:`UNKNOWN`,
    :data:`BROKEN`), the worlds drawn, the totals, and (for the caller to value the
    play-outs when not done) what each seat captured and its pile's kind, row by
    row. Fewer than two worlds drawn: nothing played."""
    worlds, drawn = draw_worlds(mt, want, tries, free, others, stage_need, reserve_need,
                                banned, hand, reserve, me, wants, noise)
    n = stage_need.shape[0]
    count = candidates.shape[0]
    rows = drawn * count if drawn >= 2 else 0
    hands, reserves = _rows(worlds, rows, count)
    firsts = np.empty(rows, np.int64)
    for r in range(rows):
        firsts[r] = candidates[r % count]
    keys = np.empty((rows, n), np.int64)
    totals = np.zeros(count, np.float64)
    cap, _, _, broken = play_staged_rows(
        hands, reserves, firsts, me, count0, led0, win_seat0, win_key0, trick_mask0,
        captured0, won0, later, first_lead0, next_seat, team, eff, keys_by_led, cost,
        trump_order, trumps, masks, following, never_joker, joker_free, order, suits)
    if broken:
        return BROKEN, drawn, totals, cap, keys
    if not rows:
        return DONE, drawn, totals, cap, keys
    values = combo_values(cap, rank_masks, table, value_team, value_me, keys)
    if values is None:
        return UNKNOWN, drawn, totals, cap, keys
    totals, _ = add_up_values(values, count, drawn, gap, prune_from)
    return DONE, drawn, totals, cap, keys


@njit(cache=True)
def known_totals(keys: Any, table: Any, value_team: Any, value_me: int, count: int,
                 worlds: int, gap: float, prune_from: int) -> Any:
    """:func:`card_totals`' totals and worlds added, every pile's kind (``keys``) in
    ``table`` now."""
    values = kind_values(keys, table, value_team, value_me)
    return add_up_values(values, count, worlds, gap, prune_from)


def one_call(search: SearchBot, obs: Observation, setup: Setup | None,
             candidates: list[int], want: int, quick: QuickScore
             ) -> tuple[dict[int, float], int] | None:
    """The card search's totals (per candidate, in order) and the worlds drawn, in one
    compiled call (:func:`card_totals`), as the steps one by one would make them; None
    where they are taken one by one (the play-outs not valued by a
    :class:`~pitchkit.bots.staged_rows.ComboTable`, or a generator not
    ``random.Random``'s own)."""
    table = _table_of(search, quick)
    if table is None or not mirrors(search.rng):
        return None
    if setup is None or not want:
        return {}, 0
    trump = obs.trump
    assert trump is not None
    from pitchkit.bots.search import PRUNE_FROM

    tab = staged_tables(search.rules, trump)
    st = _start(search, obs)
    team = _ints(quick.team_of)
    twister = Twister(search.rng)
    status, drawn, totals, cap, keys = card_totals(
        twister.state, want, TRIES, np.array(setup.free, np.int64),
        np.array(setup.others, np.int64), np.array(setup.stage_need, np.int64),
        np.array(setup.reserve_need, np.int64), np.array(setup.banned, np.int64),
        setup.hand, setup.reserve, setup.me, _wants(setup.wants), CHOSEN_NOISE,
        np.array(candidates, np.int64), st.placed, st.led, st.win_seat, st.win_key,
        st.trick_mask, st.captured, st.tricks_won, st.later, st.first_lead, st.next_seat,
        st.team, tab.eff, tab.keys_by_led, tab.cost, tab.trump_order, tab.trumps,
        tab.masks, search.table.following, tab.never_joker, _JOKER_FREE, tab.order,
        _SUITS, table.rank_masks, table.table, team, quick.me, search.prune, PRUNE_FROM)
    twister.close()
    if status == BROKEN:
        raise RuntimeError("staged play-outs: a row broken (a card not held asked for, or "
                           "more plays than cards)")
    if status == UNKNOWN:
        table.learn(cap, keys)
        totals, _ = known_totals(keys, table.table, team, quick.me, len(candidates), drawn,
                                 search.prune, PRUNE_FROM)
    return dict(zip(candidates, totals.tolist(), strict=True)), drawn


def _table_of(search: SearchBot, quick: QuickScore) -> ComboTable | None:
    """The :class:`~pitchkit.bots.staged_rows.ComboTable` the play-outs are valued by
    (as :func:`~pitchkit.bots.staged_rows.staged_values` chooses it), or None."""
    if type(quick) is QuickScore and not quick.quick and quick.combos is not None:
        return combo_table(search.rules.combinations)
    return None


#: the wants table of the last decision, as an array (the same all hand)
_WANTS: list[Any] = [None, None]


def _wants(wants: tuple[float, ...]) -> npt.NDArray[np.float64]:
    """``wants`` as an array (made once while it stays the same)."""
    if _WANTS[0] is not wants:
        _WANTS[:] = [wants, np.array(wants, np.float64)]
    return _WANTS[1]


@njit(cache=True)
def lead_of(hand: int, trumps: int, trump_order: Any, trump_first: bool, no_joker: bool,
            joker_mask: int) -> Any:
    """:func:`~pitchkit.bots.stage_choice.thumb_lead`: the strongest trump held, else the
    highest plain card (of the first suit on a tie); a trump where the first lead must be
    one, never a joker where the rules say so; -1 from no card."""
    legal = hand
    if trump_first and hand & trumps:
        legal = hand & trumps
    if no_joker and legal & ~joker_mask:
        legal = legal & ~joker_mask
    held = legal & trumps
    if held:
        for c in trump_order:
            if held >> c & 1:
                return c
    card = -1
    best = -1
    for c in range(52):
        if legal >> c & 1 and c % 13 > best:
            card = c
            best = c % 13
    if card < 0 and legal:
        card = _top(legal)
    return card


@njit(cache=True)
def choice_totals(worlds: Any, choices: Any, me: int, cards: int, leader: int,
                  trump_first: bool, joker_mask: int, led0: int, captured0: Any, won0: Any,
                  later: Any, first_lead0: bool, next_seat: Any, team: Any, eff: Any,
                  keys_by_led: Any, cost: Any, trump_order: Any, trumps: int, masks: Any,
                  following: int, never_joker: bool, joker_free: int, order: Any,
                  suits: Any, rank_masks: Any, table: Any, value_team: Any, value_me: int
                  ) -> Any:
    """:meth:`~pitchkit.bots.stage_choice.Against.totals` in one call: each of
    ``choices`` (masks of ``me``'s reserve ``cards``) played out in each of ``worlds``
    from the stage's first lead (``leader``'s, :func:`lead_of`) as
    :func:`~pitchkit.bots.staged_rows.play_staged_rows` plays it, valued
    (:func:`~pitchkit.bots.staged_rows.combo_values`) and added up over the worlds: what
    ended it (:data:`DONE`, :data:`UNKNOWN`, :data:`BROKEN`), the totals, and (not done:
    for the caller to value) what each seat captured and its pile's kind, row by row
    (a world's choices after another's)."""
    w_count, n2 = worlds.shape
    n = n2 // 2
    k = choices.shape[0]
    rows = w_count * k
    hands = np.empty((rows, n), np.int64)
    reserves = np.empty((rows, n), np.int64)
    firsts = np.empty(rows, np.int64)
    for w in range(w_count):
        for i in range(k):
            r = w * k + i
            for s in range(n):
                hands[r, s] = worlds[w, s]
                reserves[r, s] = worlds[w, n + s]
            hands[r, me] = choices[i]
            reserves[r, me] = cards & ~choices[i]
            firsts[r] = lead_of(hands[r, leader], trumps, trump_order, trump_first,
                                never_joker, joker_mask)
    keys = np.empty((rows, n), np.int64)
    totals = np.zeros(k, np.float64)
    cap, _, _, broken = play_staged_rows(
        hands, reserves, firsts, leader, 0, led0, -1, -1, 0, captured0, won0, later,
        first_lead0, next_seat, team, eff, keys_by_led, cost, trump_order, trumps, masks,
        following, never_joker, joker_free, order, suits)
    if broken:
        return BROKEN, totals, cap, keys
    values = combo_values(cap, rank_masks, table, value_team, value_me, keys)
    if values is None:
        return UNKNOWN, totals, cap, keys
    return DONE, world_sums(values, k), cap, keys


@njit(cache=True)
def world_sums(values: Any, k: int) -> Any:
    """Per choice, its ``values`` (a world's ``k`` choices after another's) added up."""
    totals = np.zeros(k, np.float64)
    for r in range(values.shape[0]):
        totals[r % k] += values[r]
    return totals


def choice_call(search: SearchBot, lead_obs: Observation, worlds: list[list[int]],
                choices: list[int], cards: int, quick: QuickScore) -> list[float] | None:
    """:func:`choice_totals` for a stage choice's ``worlds`` (``lead_obs``: the
    searching seat's observation as the stage's first leader sees the first lead;
    ``quick`` the searching seat's scorer); None where the play-outs are not valued by a
    :class:`~pitchkit.bots.staged_rows.ComboTable` (the caller takes the steps one by
    one)."""
    table = _table_of(search, quick)
    if table is None:
        return None
    trump = lead_obs.trump
    assert trump is not None
    tab = staged_tables(search.rules, trump)
    st = _start(search, lead_obs)
    assert st.placed == 0
    team = _ints(quick.team_of)
    status, totals, cap, keys = choice_totals(
        np.array(worlds, np.int64), np.array(choices, np.int64), quick.me, cards,
        lead_obs.seat, st.first_lead, JOKER_MASK, st.led, st.captured, st.tricks_won,
        st.later, st.first_lead, st.next_seat, st.team, tab.eff, tab.keys_by_led,
        tab.cost, tab.trump_order, tab.trumps, tab.masks, search.table.following,
        tab.never_joker, _JOKER_FREE, tab.order, _SUITS, table.rank_masks, table.table,
        team, quick.me)
    if status == BROKEN:
        raise RuntimeError("staged play-outs: a row broken (a card not held asked for, or "
                           "more plays than cards)")
    if status == UNKNOWN:
        table.learn(cap, keys)
        totals = world_sums(kind_values(keys, table.table, team, quick.me), len(choices))
    return totals.tolist()


@njit(cache=True)
def _first_in(cards: int, count: int, order: Any) -> Any:
    """:func:`~pitchkit.bots.stage_candidates._first_in` (and, ``count`` above 0,
    :func:`~pitchkit.bots.staged.choose_stage`): the ``count`` cards of the mask ``cards``
    first in ``order``, as a mask."""
    chosen = np.int64(0)
    if not count:
        return chosen
    for c in order:  # (every card of ``cards`` where ``count`` is below 0, as choose_stage)
        if cards >> c & 1:
            chosen |= np.int64(1) << c
            count -= 1
            if not count:
                break
    return chosen


@njit(cache=True)
def _first_by(cards: int, count: int, key: Any) -> Any:
    """:func:`~pitchkit.bots.stage_candidates._first`: the ``count`` cards of the mask
    ``cards`` highest by ``key``, the lower card first on a tie, as a mask."""
    chosen = np.int64(0)
    for _ in range(count):
        pick = -1
        top = 0.0
        for c in range(54):
            if cards >> c & 1 and not chosen >> c & 1 and (pick < 0 or key[c] > top):
                pick = c
                top = key[c]
        if pick < 0:
            break
        chosen |= np.int64(1) << pick
    return chosen


@njit(cache=True)
def stage_choices(cards: int, count: int, usual: int, scoring: int, trumps: int,
                  best: Any, wish: Any, adds: Any, order: Any, by_scores: Any,
                  by_unwanted: Any, by_ranks: Any, by_trumps_first: Any, by_lows: Any
                  ) -> Any:
    """:func:`~pitchkit.bots.stage_candidates.stage_candidates`, choice for choice: the
    choices of ``count`` of the cards of the mask ``cards``, ``usual`` first, no two alike
    (an array); ``best``: the best combination's cards of ``cards`` in its order (the
    heuristic's wish, ``wish``, is ``adds`` more for them); the rest the
    :class:`~pitchkit.bots.stage_candidates.StageTables` of the rule set and trump."""
    out = np.empty(11, np.int64)
    k = 0
    out[k] = usual
    out[k + 1] = _first_in(cards, count, order)
    k += 2
    scoring &= cards
    kept = usual & ~scoring
    out[k] = kept | _first_in(cards & ~scoring & ~kept, count - _count(kept), order)
    k += 1
    brought = _first_in(scoring & ~usual, count, by_scores)
    if brought:
        out[k] = brought | _first_in(usual, count - _count(brought), order)
        k += 1
    out[k] = _first_in(cards, count, by_unwanted)
    k += 1
    best_mask = np.int64(0)
    for c in best:
        best_mask |= np.int64(1) << c
    key = wish.copy()
    for c in best:
        key[c] += adds[c]
    out[k] = _first_by(cards, count, key)
    k += 1
    out[k] = _first_in(cards, count, by_ranks)
    k += 1
    first = np.int64(0)
    for c in best[:count]:
        first |= np.int64(1) << c
    out[k] = first | _first_in(cards & ~first, count - _count(first), by_ranks)
    k += 1
    out[k] = _first_in(cards, count, by_trumps_first)
    k += 1
    junk = _first_in(cards & ~trumps & ~best_mask, count, by_lows)
    out[k] = junk | _first_in(cards & ~junk, count - _count(junk), by_lows)
    k += 1
    found = np.empty(k, np.int64)
    m = 0
    for i in range(k):
        choice = out[i]
        size = _count(choice)
        if size < count:  # too few non-scoring cards: fill as wanted
            choice |= _first_in(cards & ~choice, count - size, order)
        new = True
        for j in range(m):
            if found[j] == choice:
                new = False
                break
        if new:
            found[m] = choice
            m += 1
    return found[:m]
