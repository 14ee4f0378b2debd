"""deal.weak_hand_below, the order of the throw-in decisions (pitchkit.weak_hand): clauses
that mutants of ``benchmarks/mutate.py`` changed with every test still passing. Each seat
whose hand is weak decides once per hand it holds, from the dealer's left round to the
dealer; then the bidding begins."""

from __future__ import annotations

import random

from play_helpers import act, cards

from pitchkit.engine import Game, Phase
from pitchkit.variant import Rules, rules_from_mapping

WEAK_0 = "2H 3H 4C 5C 6D 7D"  # no jack or higher
WEAK_1 = "2S 3S 4S 5S 6S 7S"
STRONG = "AH KH 9C TC TD TS"


def two_players() -> Rules:
    return rules_from_mapping({"players": {"count": 2},
                               "scoring": {"win_only_as_pitcher": False},
                               "deal": {"weak_hand_below": "J"}})


def both_weak() -> Game:
    """Dealer seat 1; both hands weak."""
    game = Game(two_players(), random.Random(0), dealer=1)
    used = set(cards(WEAK_0 + " " + WEAK_1))
    game.deal_cards([cards(WEAK_0), cards(WEAK_1)],
                    pack=[c for c in range(52) if c not in used])
    assert game.phase is Phase.THROW_IN and game.to_act == 0
    return game


def test_after_a_seat_keeps_its_weak_hand_the_next_weak_seat_decides() -> None:
    game = both_weak()
    act(game, "keep hand")
    assert game.phase is Phase.THROW_IN and game.to_act == 1


def test_the_dealer_keeping_its_weak_hand_begins_the_auction() -> None:
    game = both_weak()
    act(game, "keep hand", "keep hand")
    # the dealer was the last to decide: nobody is asked again
    assert game.phase is Phase.AUCTION and game.to_act == 0


def test_a_hand_holding_a_card_of_the_rank_named_is_not_weak() -> None:
    # rule: weak means "all six of their cards are lower than a Jack": a jack is not
    game = Game(two_players(), random.Random(0), dealer=1)
    jack_high = "2H 3H 4C 5C 6D JD"
    used = set(cards(jack_high + " " + STRONG))
    game.deal_cards([cards(jack_high), cards(STRONG)],
                    pack=[c for c in range(52) if c not in used])
    assert game.phase is Phase.AUCTION and game.to_act == 0
