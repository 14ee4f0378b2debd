"""The search bot's lead that names trump (trump.chosen_by: first_lead): the calibrated
bot's suit, the card of it searched (pitchkit.bots.search.SearchBot.choose)."""

from __future__ import annotations

import random

import pytest

from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.search import SearchBot
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Phase
from tests.play_helpers import turns


@pytest.mark.parametrize("variant", ["auction-pitch", "auction-pitch-joker", "smear"])
def test_the_trump_naming_lead_keeps_the_calibrated_bots_suit(variant: str) -> None:
    """At every lead that names trump, a fresh search bot leads a card of the suit the
    calibrated bot of the same seed leads (a joker, which names no suit, as it does), and
    in some hands another card of it than the calibrated bot's: the search chose it."""
    rules = load_variant(variant)
    assert rules.trump.chosen_by.value == "first_lead"
    n = rules.players.count
    leads = other_card = 0
    for seed in range(6):
        game = Game(rules, random.Random(seed))
        players = [SearchBot(rules, s, random.Random(seed + s)) for s in range(n)]
        for seat, obs, legal in turns(game, 40, limit=20000):
            if obs.phase is Phase.PLAY and obs.trump is None and not obs.played:
                searched = SearchBot(rules, seat, random.Random(100 + seat)).choose(obs, legal)
                usual = CalibratedBot(rules, seat, random.Random(100 + seat)).choose(obs, legal)
                assert searched in legal
                if usual >= 52:
                    assert searched == usual
                else:
                    assert searched < 52 and searched // 13 == usual // 13
                leads += 1
                other_card += searched != usual
            game.apply(players[seat].choose(obs, legal))
    assert leads >= 12
    assert other_card >= 1
