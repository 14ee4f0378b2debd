"""The compiled staged play-outs (pitchkit.bots.staged_rows) are the search bot's play-outs
in staged play (pitchkit.bots.search.SearchBot.play_card_out), card for card, with the same
value: every legal card played out in staged worlds of random decisions of the shipped
staged variants and of random rule sets with stages."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.quickscore import QuickScore
from pitchkit.bots.search import SearchBot
from pitchkit.bots.staged_rows import staged_values
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules
from tests.play_helpers import turns
from tests.strategies import variants
from tests.test_search_staged import STAGED


class Spy:
    """The play-outs' scorer, keeping what each play-out handed it."""

    def __init__(self, quick: QuickScore) -> None:
        self.quick = quick
        self.seen: list[tuple[list[int], list[int], int]] = []

    def value(self, dealt: Sequence[int], captured: Sequence[int],
              tricks_won: Sequence[int], last: int) -> float:
        self.seen.append((list(captured), list(tricks_won), last))
        return self.quick.value(dealt, captured, tricks_won, last)


def check_hand(rules: Rules, seed: int) -> int:
    """One hand of calibrated bots; at every card decision with trump known, every legal
    card played out in up to two staged worlds by the search bot of that seat, one by one
    and compiled: the same captures, tricks, last trick and value. The decisions checked."""
    n = rules.players.count
    game = Game(rules, random.Random(seed))
    searchers = [SearchBot(rules, s, random.Random(seed + s)) for s in range(n)]
    players = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
    checked = 0
    for seat, obs, legal in turns(game, 1):
        bot = searchers[seat]
        bot.sight.see(obs)
        if obs.phase is Phase.PLAY and obs.trump is not None and bot._staged:
            checked += check_position(bot, obs, legal)
        game.apply(players[seat].choose(obs, legal))
    return checked


def check_position(bot: SearchBot, obs: Observation, legal: Sequence[int]) -> int:
    """Every legal card played out one by one and compiled in two staged worlds."""
    n = bot.table.n
    before = [0] * n
    for s, c in obs.played:
        before[s] |= 1 << c
    worlds = bot.staged_worlds(obs, 2)
    spy = Spy(bot.quick_score(obs))
    for world in worlds:
        dealt = [world[s] | world[n + s] | before[s] for s in range(n)]
        spy.seen = []
        one_by_one = [bot.play_card_out(obs, list(world), dealt, c, spy)  # type: ignore[arg-type]
                      for c in legal]
        seen = spy.seen
        spy.seen = []
        compiled = staged_values(bot, obs, [list(world)] * len(legal), [dealt] * len(legal),
                                 legal, spy)  # type: ignore[arg-type]
        assert spy.seen == seen
        assert compiled == one_by_one
        # the quick scorer itself: under combination scoring valued compiled (ComboTable)
        assert staged_values(bot, obs, [list(world)] * len(legal), [dealt] * len(legal),
                             legal, spy.quick) == one_by_one
    return 1 if worlds else 0


def test_a_broken_play_out_is_refused_not_played_on() -> None:
    """A world that leaves a seat no card to play (its stage cards taken away) asks it
    for a card it does not hold: the play-outs stop and say so (their loop is bounded by
    the cards dealt)."""
    rules = load_variant("pimps-and-hoes")
    game = Game(rules, random.Random(1))
    bots = [SearchBot(rules, s, random.Random(s)) for s in range(2)]
    for seat, obs, legal in turns(game, 1):
        bots[seat].sight.see(obs)
        if obs.phase is Phase.PLAY and obs.trump is not None and len(legal) > 1:
            bot = bots[seat]
            world = bot.staged_worlds(obs, 1)[0]
            dealt = [world[s] | world[2 + s] for s in range(2)]
            quick = bot.quick_score(obs)
            staged_values(bot, obs, [world], [dealt], [legal[0]], quick)  # whole: no error
            world[1 - seat] = 0  # the other seat holds no stage card: it cannot follow
            with pytest.raises(RuntimeError, match="broken"):
                staged_values(bot, obs, [world], [dealt], [legal[0]], quick)
            return
        game.apply(bots[seat].choose(obs, legal))
    raise AssertionError("no card decision")


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(STAGED), st.integers(0, 2**31))
def test_staged_play_outs_compiled_are_the_play_outs_one_by_one(variant: str,
                                                                seed: int) -> None:
    assert check_hand(load_variant(variant), seed) >= 3


@settings(max_examples=5, deadline=None)
@given(variants(focus="play.stages"), st.integers(0, 2**31))
def test_staged_play_outs_of_random_rules_are_the_play_outs_one_by_one(
        rules: Rules, seed: int) -> None:
    assume(rules.play.stages and not rules.play.trumps_only)
    check_hand(rules, seed)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 2**54 - 1))
def test_the_kernels_bit_helpers_are_pythons(mask: int) -> None:
    """The highest and lowest bit and the count, by halving and in parallel: what
    Python's int methods say."""
    from pitchkit.bots.staged_rows import _count, _low, _top

    assert _top(mask) == mask.bit_length() - 1
    assert _low(mask) == (mask & -mask).bit_length() - 1
    assert _count(mask) == mask.bit_count()
