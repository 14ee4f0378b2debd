"""The heuristic bot's caches change no decision.

The bot keeps, per hand, its estimate of each suit and, per rule set, the estimates it
worked out by the cards they read, the trump tables and the base cost of each card, and
reads the cards played from the masks captured (not the list of plays). At every
decision of games played by cached bots, a new bot that works every estimate out from
the whole hand, remembering nothing, and reads the list of plays, must choose the same
action.
"""

from __future__ import annotations

import random

import pytest

from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.engine import Game, Phase
from pitchkit.load import load_variant
from pitchkit.results import Observation


class Uncached(HeuristicBot):
    """The heuristic with its estimate worked out from the whole hand at every call, and
    the cards played read from the list of plays."""

    @staticmethod
    def played_mask(obs: Observation) -> int:
        played = 0
        for _, c in obs.played:
            played |= 1 << c
        return played

    def estimate(self, hand: int, suit: int) -> float:
        return self._estimate(hand, suit)

    def best_suit(self, hand: int) -> tuple[int, float]:
        return max(((s, self.estimate(hand, s)) for s in range(4)), key=lambda x: x[1])


@pytest.mark.parametrize(("name", "hands"), [
    ("auction-pitch", 12), ("money-pitch", 6), ("partnership-pitch", 8),
    ("ten-point-pitch", 6), ("nine-card-pitch", 4), ("pimps-and-hoes", 1),
])
def test_cached_choices_equal_uncached(name: str, hands: int) -> None:
    rules = load_variant(name)
    game = Game(rules, random.Random(11))
    n = rules.players.count
    bots = [HeuristicBot(rules, seat, random.Random(seat)) for seat in range(n)]
    decisions = 0
    while game.phase is not Phase.OVER:
        if game.phase is Phase.DEAL:
            if game.hands_played >= hands:
                break
            game.deal_random()
            continue
        seat = game.to_act
        assert seat is not None
        obs, legal = game.observation(seat), game.legal_actions()
        action = bots[seat].choose(obs, legal)
        fresh = Uncached(rules, seat, random.Random(seat))
        assert fresh.choose(obs, legal) == action, (name, decisions)
        game.apply(action)
        decisions += 1
    assert decisions > 20
