"""The bots honour scoring.all_points_wins_game (a side taking every point of a hand wins
at once): a hand that can take everything bids to name trump, and a trick is taken to
stop the other side taking everything."""

from __future__ import annotations

import random

import pytest
from play_helpers import act, cards

from pitchkit.actions import BID_BASE, PASS
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.engine import Game
from pitchkit.variant import Rules, rules_from_mapping


def rules(sweep: bool, players: int = 2) -> Rules:
    return rules_from_mapping({
        "players": {"count": players},
        "auction": {"style": "until_one_left", "min_bid": 2, "max_bid": 4},
        "scoring": {"win_only_as_pitcher": False, "all_points_wins_game": sweep}})


def first_bid(r: Rules, bot_class: type[HeuristicBot]) -> int:
    game = Game(r, random.Random(0), dealer=1)
    game.deal_cards([cards("AH KH QH JH TH 2H"), cards("3C 4C 5C 6C 7C 8C")])
    bot = bot_class(r, 0, random.Random(0))
    return bot.choose(game.observation(0), game.legal_actions())


@pytest.mark.parametrize("bot_class", [HeuristicBot, CalibratedBot])
def test_a_hand_that_takes_everything_bids_the_most(bot_class: type[HeuristicBot]) -> None:
    # raising as little as needed, the bot opens low; when taking every point wins the
    # game it bids the most, to name trump and lead
    assert first_bid(rules(True), bot_class) == BID_BASE + 4
    assert first_bid(rules(False), bot_class) in (PASS, BID_BASE + 2, BID_BASE + 3)


def second_trick_choice(sweep: bool) -> str:
    """Seat 0 took the first trick (AH 2H 3S: high and low); it leads the 3C, worth
    nothing, and seat 1, void in clubs and not last to play, may trump with the 5H (not
    safe: higher trumps are out)."""
    r = rules(sweep, players=3)
    game = Game(r, random.Random(0), dealer=2)
    game.deal_cards([cards("AH 3C 4C 5C 6C 7C"), cards("2H 5H 8D 9D TD JD"),
                     cards("3S 4S 5S 6S 7S 8S")])
    act(game, "bid 2", "pass", "pass", "play AH", "play 2H", "play 3S", "play 3C")
    bot = HeuristicBot(r, 1, random.Random(0))
    legal = game.legal_actions()
    return {c: n for n, c in zip(["5H", "8D", "9D", "TD", "JD"], cards("5H 8D 9D TD JD"),
                                 strict=True)}[bot.choose(game.observation(1), legal)]


def test_a_trick_is_taken_to_stop_the_other_side_taking_everything() -> None:
    assert second_trick_choice(False) != "5H"  # nothing at stake: a low diamond
    assert second_trick_choice(True) == "5H"  # seat 0 would win at once with every point
