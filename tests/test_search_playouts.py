"""The search bot's rule-of-thumb play-outs play every card of a world to the hand's end,
each seat that plays once a trick (pitchkit.bots.search.SearchBot.play_card_out)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from typing import Any
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots.cardplay import CarefulPlay
from pitchkit.bots.search import SearchBot
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules
from tests.strategies import variants


class Recorder:
    """Stands for the play-outs' scorer: keeps what a play-out captured."""

    def __init__(self) -> None:
        self.captured: list[int] = []
        self.tricks_won: list[int] = []

    def value(self, dealt: Sequence[int], captured: Sequence[int],
              tricks_won: Sequence[int], last: int) -> float:
        self.captured, self.tricks_won = list(captured), list(tricks_won)
        return 0.0


def play_positions(rules: Rules, seed: int, hands: int, **setting: Any
                   ) -> Iterator[tuple[SearchBot, Observation, list[int]]]:
    """Hands of the default card play in every seat; before each card, a ``search`` bot
    in that seat (that has seen the hand so far), the seat's observation and its legal
    cards. (The search bots never bid: no calibration is asked for.)"""
    n = rules.players.count
    with mock.patch("pitchkit.bots.calibrated.calibration_for", lambda rules: None):
        bots = [SearchBot(rules, s, random.Random(seed + s), **setting) for s in range(n)]
    players = [CarefulPlay(rules, s, random.Random(seed + s)) for s in range(n)]
    game = Game(rules, random.Random(seed))
    for _ in range(3000):  # bounded: a random rule set may redeal without end
        if game.phase is Phase.OVER or (game.phase is Phase.DEAL and game.hands_played >= hands):
            break
        if game.phase is Phase.DEAL:
            game.deal_random()
            continue
        seat = game.to_act
        assert seat is not None
        obs, legal = game.observation(seat), list(game.legal_actions())
        bots[seat].sight.see(obs)
        if obs.phase is Phase.PLAY:
            yield bots[seat], obs, legal
        game.apply(players[seat].choose(obs, legal))


def check_game(rules: Rules, seed: int, hands: int) -> int:
    """At each card with a choice of :func:`play_positions`, every legal card played out
    by the ``search`` bot in that seat on up to two of its worlds: every card held or in
    the trick is captured once, in as many tricks as the seats that play make of them.
    The play-outs checked."""
    n = rules.players.count
    checked = 0
    for bot, obs, legal in play_positions(rules, seed, hands):
        if (obs.phase is Phase.PLAY and obs.trump is not None and len(legal) > 1
                and not rules.play.stages and not rules.play.trumps_only and legal[0] < 54):
            before = [0] * n
            for s, c in obs.played:
                before[s] |= 1 << c
            in_trick = sum(1 << c for _, c in obs.trick)
            done = sum(obs.captured)
            for world in bot.worlds(obs, 2):
                held = 0
                for cards in world:
                    held |= cards
                for card in legal:
                    recorder = Recorder()
                    bot.play_card_out(obs, list(world), [world[s] | before[s] for s in range(n)],
                                      card, recorder)  # type: ignore[arg-type]
                    union = 0
                    for m in recorder.captured:
                        assert not m & union
                        union |= m
                    assert union == done | held | in_trick
                    seats = bot.seating_of(obs)[1]
                    assert sum(recorder.tricks_won) * seats == union.bit_count()
                    checked += 1
    return checked


def test_a_play_out_seats_only_the_pitchers_side_that_plays_when_it_goes_alone() -> None:
    """auction.alone: the pitcher's partner sits out and holds no card; the play-outs
    play the hand with the seats that play (before, they asked the partner for a card)."""
    base = load_variant("partnership-pitch")
    rules = dataclasses.replace(base, auction=dataclasses.replace(base.auction, alone=True))
    assert check_game(rules, 5, hands=12) > 50


@settings(max_examples=60, deadline=None)
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_a_play_out_plays_every_card_on_random_rules(rules: Rules, seed: int) -> None:
    check_game(rules, seed, hands=2)
