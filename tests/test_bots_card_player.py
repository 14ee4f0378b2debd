"""The simulator's fast path for the built-in bots' card play plays the same cards.

In phase play the simulator asks a built-in bot through its ``card_player()`` with the
seat's :class:`~pitchkit.results.PlayView` and the legal cards as a mask, and plays a
single legal card without asking. At every decision of seeded games the view holds the
observation's fields of the same names, the fast answer is ``choose``'s, and a lone
legal card is what ``choose`` plays.
"""

from __future__ import annotations

import random

import pytest

from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.search import SearchBot
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase, PlayView
from tests.play_helpers import turns


@pytest.mark.parametrize(("name", "kind", "hands"), [
    ("auction-pitch", HeuristicBot, 8), ("pimps-and-hoes", HeuristicBot, 1),
    ("call-partner-pitch", HeuristicBot, 3), ("cinch", HeuristicBot, 3),
    ("auction-pitch", CalibratedBot, 8), ("call-partner-pitch", CalibratedBot, 3),
    ("nine-card-pitch", CalibratedBot, 3), ("pimps-and-hoes", CalibratedBot, 1),
    ("minnesota-smear", CalibratedBot, 3), ("auction-pitch-joker", CalibratedBot, 4),
])
def test_card_player_plays_as_choose(name: str, kind: type[HeuristicBot], hands: int) -> None:
    rules = load_variant(name)
    game = Game(rules, random.Random(7))
    bots = [kind(rules, seat, random.Random(seat)) for seat in range(rules.players.count)]
    fast = [bot.card_player() for bot in bots]
    asked = 0
    for seat, obs, legal in turns(game, hands):
        action = bots[seat].choose(obs, legal)
        if obs.phase is Phase.PLAY:
            view = game.play_view(seat)
            for field in PlayView._fields:
                mine, theirs = getattr(view, field), getattr(obs, field)
                assert tuple(mine) == theirs if field == "captured" else mine == theirs, field
            mask = game.legal_mask()
            if len(legal) == 1:
                assert action == legal[0] and mask == 1 << action
            else:
                player = fast[seat]
                assert player is not None
                assert player(view, mask) == action
                asked += 1
        game.apply(action)
    assert asked > 10


class OwnChoice(HeuristicBot):
    """A bot that chooses otherwise than by the heuristic's card play."""

    def choose(self, observation: Observation, legal_actions: list[int]) -> int:
        return legal_actions[-1]


def test_a_bot_that_chooses_otherwise_has_no_card_player() -> None:
    rules = load_variant("auction-pitch")
    assert OwnChoice(rules, 0, random.Random(0)).card_player() is None
    assert SearchBot(rules, 0, random.Random(0)).card_player() is None
    assert HeuristicBot(rules, 0, random.Random(0)).card_player() is not None
    assert CalibratedBot(rules, 0, random.Random(0)).card_player() is not None
