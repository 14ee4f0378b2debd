"""The batched play-outs (pitchkit.bots.batch) are the search bot's rule-of-thumb play-outs
(pitchkit.bots.search.SearchBot.play_card_out), card for card, with the same value, on
random positions of every shipped variant and of random rule sets."""

from __future__ import annotations

import copy
import dataclasses
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots import thumb
from pitchkit.bots.batch import Batch, BatchScore, ThumbTables, play_outs, unlabelled
from pitchkit.bots.kernels import UNCOUNTED
from pitchkit.bots.quickscore import QuickScore
from pitchkit.bots.search import SearchBot, batch_tables
from pitchkit.load import load_variant, shipped_variants
from pitchkit.results import Observation
from pitchkit.variant import Rules
from tests.strategies import variants
from tests.test_search_playouts import play_positions


class Spy:
    """The play-outs' scorer, keeping what each play-out captured."""

    def __init__(self, quick: QuickScore) -> None:
        self.quick = quick
        self.seen: tuple[list[int], list[int], int] = ([], [], -1)

    def value(self, dealt: Sequence[int], captured: Sequence[int],
              tricks_won: Sequence[int], last: int) -> float:
        self.seen = (list(captured), list(tricks_won), last)
        return self.quick.value(dealt, captured, tricks_won, last)


def batched(bot: SearchBot, obs: Observation, legal: Sequence[int], trace: bool = False
            ) -> tuple[list[list[int]], list[list[int]], ThumbTables, Any, Batch] | None:
    """Every legal card played out batched in up to three of the bot's worlds (played
    exactly as the bot's ``exact`` says): the worlds, every seat's cards of the hand by
    world, the batch's tables and game points, and the batch (None: no world)."""
    worlds = bot.worlds(obs, 3)
    if not worlds:
        return None
    assert obs.trump is not None
    n = bot.table.n
    before = [0] * n
    for s, c in obs.played:
        before[s] |= 1 << c
    dealt = [[world[s] | before[s] for s in range(n)] for world in worlds]
    nxt, size = bot.seating_of(obs)
    tab, game_points = batch_tables(bot.rules, obs.trump)
    batch = play_outs(tab, worlds, list(legal), obs.seat, obs.trick, obs.captured,
                      obs.tricks_won, obs.team_of, nxt, size, trace=trace, exact=bot.exact)
    return worlds, dealt, tab, game_points, batch


def check_position(bot: SearchBot, obs: Observation, legal: Sequence[int]) -> int:
    """Every legal card played out in up to three of the bot's worlds, one by one and
    batched: the same cards in the same order, the same captures, tricks, last trick
    and value."""
    found = batched(bot, obs, legal, trace=True)
    if found is None:
        return 0
    worlds, dealt, tab, game_points, batch = found
    cards = list(legal)
    assert batch.trace is not None
    values = BatchScore(bot.quick_score(obs), tab, game_points).values(
        batch, dealt, len(cards))
    spy = Spy(bot.quick_score(obs))
    for w, world in enumerate(worlds):
        for c, card in enumerate(cards):
            row = w * len(cards) + c
            trace: list[int] = []
            value = bot.play_card_out(obs, list(world), dealt[w], card,
                                      spy, trace)  # type: ignore[arg-type]
            # (-1 after a row's last card: trumps-only worlds hold different numbers)
            assert [step[row] for step in batch.trace] == \
                trace + [-1] * (len(batch.trace) - len(trace))
            captured, tricks_won, last = spy.seen
            assert unlabelled(tab, batch.captured[row]) == captured
            assert batch.tricks_won[row].tolist() == tricks_won
            assert int(batch.last[row]) == last
            assert values[row] == value
    return len(worlds) * len(cards)


def check_game(rules: Rules, seed: int, hands: int) -> int:
    """:func:`check_position` at each card with a choice of
    :func:`tests.test_search_playouts.play_positions` where the search bot batches its
    play-outs. The play-outs checked."""
    checked = 0
    for bot, obs, legal in play_positions(rules, seed, hands):
        if obs.trump is not None and len(legal) > 1 and bot._batched and legal[0] < 54:
            checked += check_position(bot, obs, legal)
    return checked


@pytest.mark.parametrize("name", [name for name, _ in shipped_variants()])
def test_batched_play_outs_are_the_rule_of_thumb_on_every_shipped_variant(name: str) -> None:
    rules = load_variant(name)
    checked = check_game(rules, 7, hands=2)
    if not rules.play.stages:
        assert checked > 20


def partnership_alone() -> Rules:
    """Partnership pitch where the pitcher may go alone (auction.alone)."""
    base = load_variant("partnership-pitch")
    return dataclasses.replace(base, auction=dataclasses.replace(base.auction, alone=True))


def test_batched_play_outs_seat_only_the_pitchers_side_that_plays_when_it_goes_alone() -> None:
    """auction.alone: the pitcher's partner sits out: the batch plays tricks of three."""
    assert check_game(partnership_alone(), 5, hands=12) > 50


@settings(max_examples=80, deadline=None)
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_batched_play_outs_are_the_rule_of_thumb_on_random_rules(rules: Rules,
                                                                 seed: int) -> None:
    check_game(rules, seed, hands=2)


@pytest.mark.parametrize(("name", "prune"), [("auction-pitch", 1.0), ("auction-pitch", 0),
                                             ("pidro", None)])
def test_the_search_chooses_as_it_did_world_by_world(name: str, prune: float | None) -> None:
    """The batched search's totals and charge are those of the play-outs one by one with
    the candidates dropped as the worlds come (``prune``: how far behind; 0: none is,
    every candidate is charged and valued in every world; None: the default, 1 in
    trumps-only play, as it was when its play-outs went one by one)."""
    rules = load_variant(name)
    if prune is None:
        assert rules.play.trumps_only
        prune = 1.0
        setting = {}
    else:
        setting = {"prune": prune}
    seen = dropped = 0
    for seed in range(3):
        for bot, obs, legal in play_positions(rules, seed, 3, **setting):
            assert bot.prune == (prune or float("inf"))
            if obs.trump is not None and len(legal) > 1:
                worlds = [list(w) for w in bot.worlds(obs, 6)]
                cards = bot.candidates(obs, legal)
                batched = bot.search_batched(obs, [list(w) for w in worlds], cards)
                charged = bot._played_out
                bot._batched = False
                one_by_one = bot.search(obs, worlds, cards)
                bot._batched = True
                assert batched == one_by_one
                assert charged == bot._played_out
                if len(cards) > 1 and charged < len(worlds) * len(cards):
                    dropped += 1
                    assert float("-inf") in batched.values()
                seen += 1
    assert seen > 30
    if prune:
        assert dropped > 5
    else:
        assert dropped == 0


@pytest.mark.parametrize("setting", [{"playout": "heuristic", "step": 4}, {}])
def test_the_worlds_kept_as_an_arrays_rows_value_as_their_lists(setting: dict[str, Any]
                                                                ) -> None:
    """A decision's worlds go from the draw to the play-outs as an array's rows
    (SearchBot.world_rows, sample_rows): the worlds are the lists SearchBot.worlds draws
    from the same generators, and the play-outs value them as those lists."""
    rules = load_variant("auction-pitch")
    seen = 0
    for bot, obs, legal in play_positions(rules, 4, 2, **setting):
        if obs.trump is None or len(legal) < 2:
            continue
        twin = copy.deepcopy(bot)
        rows = bot.world_rows(obs, 6)
        worlds = twin.worlds(obs, 6)
        assert isinstance(rows, np.ndarray) and rows.dtype == np.uint64
        assert rows.tolist() == worlds
        cards = bot.candidates(obs, legal)
        assert bot.batch_values(obs, rows, cards).tolist() == \
            twin.batch_values(obs, worlds, cards).tolist()
        seen += 1
    assert seen > 20


def test_a_searched_decision_boxes_no_array_a_kernel_hands_back() -> None:
    """The kernels of a searched decision (the worlds' draw, the play-outs, their scoring)
    write into arrays the caller made: numba boxes an array a kernel hands back by asking
    ``numba.core.serialize._numba_unpickle`` for ``np.ndarray``, every call (a decision's
    fixed cost). Fails with ``run_rows``, ``score_rows`` or ``deal_kept`` handing one
    back."""
    unpickled = 0

    def count(frame: Any, event: str, _: Any) -> None:
        nonlocal unpickled
        if event == "call" and frame.f_code.co_name == "_numba_unpickle":
            unpickled += 1

    searched = 0
    for bot, obs, legal in play_positions(load_variant("auction-pitch"), 3, 1):
        if obs.trump is None or len(legal) < 2 or not bot._batched:
            continue
        cards = bot.candidates(obs, legal)
        bot.search_batched(obs, bot.worlds(obs, 8), cards)  # (compiled or loaded first)
        sys.setprofile(count)
        try:
            bot.search_batched(obs, bot.worlds(obs, 8), cards)
        finally:
            sys.setprofile(None)
        searched += 1
    assert searched > 10
    assert unpickled == 0


def test_the_card_loop_counts_no_reference() -> None:
    """The play-outs' card-by-card loop (``thumb.play_rows``) is compiled without numba's
    reference counting, and the helpers it calls at every card are inlined: numba counted
    every table array handed to a helper up and down (an atomic add each) at every card,
    some twenty a card, 0.4 of the play-outs' time. The loop makes no array, so it needs
    no counting; the tests above hold its cards and values. Fails with the counting back
    on, or a helper called, not inlined."""
    assert thumb.play_rows.targetoptions.get("_nrt") is (False if UNCOUNTED else None)
    for helper in (thumb.wise_lead, thumb.wise_follow, thumb.strongest, thumb.follow_legal,
                   thumb.lead_legal, thumb.lowest):
        assert helper.targetoptions.get("inline") == "always", helper.__name__
