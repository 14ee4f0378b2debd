"""Decks: stripped decks (deck.ranks), single cards out (deck.without), and deal sizes
checked against them."""

from __future__ import annotations

import random

import pytest

from pitchkit.cards import mask_of, parse_card
from pitchkit.checks import check_rules, deck_size
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.explain import explain_rules
from pitchkit.variant import rules_from_mapping

TWENTY_EIGHT = {"ranks": ["A", "K", "Q", "J", "T", 9, 2]}


def test_a_stripped_deck_has_its_ranks_in_every_suit() -> None:
    r = rules_from_mapping({"deck": TWENTY_EIGHT})
    assert deck_size(r) == 28
    assert r.deck.ranks == ("A", "K", "Q", "J", "T", "9", "2")


def test_a_stripped_deck_deals_only_its_cards() -> None:
    r = rules_from_mapping({"deck": TWENTY_EIGHT, "deal": {"cards_per_hand": 7}})
    deck = mask_of(r.deck.cards())
    game = Game(r, random.Random(3))
    for _ in range(20):
        game.deal_random()
        dealt = 0
        for mask in game.dealt:
            dealt |= mask
        assert dealt == deck  # 4 x 7 = all 28
        while game.phase is not Phase.DEAL and game.phase is not Phase.OVER:
            game._apply_random(random.Random(4))
        if game.phase is Phase.OVER:
            break


def test_deck_without_takes_single_cards_out() -> None:
    r = rules_from_mapping({"deck": {"without": ["2C", "2D"]}})
    assert deck_size(r) == 50
    assert parse_card("2C") not in r.deck.cards()


def test_a_deal_of_a_card_not_in_the_deck_is_refused() -> None:
    r = rules_from_mapping({"deck": TWENTY_EIGHT, "deal": {"cards_per_hand": 1}})
    game = Game(r, random.Random(0), dealer=3)
    with pytest.raises(IllegalActionError, match="5S is not in the deck"):
        game.deal_cards([[parse_card(c)] for c in ("AS", "5S", "9D", "2C")])


def test_deal_sizes_are_checked_against_a_stripped_deck() -> None:
    r = rules_from_mapping({"deck": TWENTY_EIGHT, "players": {"count": 6},
                            "deal": {"cards_per_hand": 5}})
    messages = [f.message for f in check_rules(r)]
    assert "6 players × 5 cards = 30 is more than the 28 cards in the deck" in messages


def test_a_card_taken_out_must_be_in_the_deck() -> None:
    r = rules_from_mapping({"deck": {**TWENTY_EIGHT, "without": ["5S"]}})
    assert any("5S is not in the deck" in f.message for f in check_rules(r))


def test_explain_names_a_stripped_deck_and_its_trump_order() -> None:
    r = rules_from_mapping({"deck": {**TWENTY_EIGHT, "jokers": 1}})
    sheet = explain_rules(r)
    assert "A 28-card deck: ace, king, queen, jack, ten, nine, two in each suit" in sheet
    assert "highest first: ace, king, queen, jack, joker, ten, nine, two." in sheet


def test_a_point_card_must_be_in_a_stripped_deck() -> None:
    r = rules_from_mapping({"deck": TWENTY_EIGHT, "points": {"items": [
        {"point": "high"}, {"card": "five_of_trumps", "value": 5}]}})
    assert any("five_of_trumps is never in play: deck.ranks leaves out 5" in f.message
               for f in check_rules(r))


def test_the_card_that_breaks_a_tie_for_game_must_be_in_a_stripped_deck() -> None:
    def findings(card: str) -> list[str]:
        return [f.message for f in check_rules(rules_from_mapping({
            "deck": TWENTY_EIGHT, "points": {"game_tie": "holder_of_card",
                                             "game_tie_card": card}}))]
    assert any("five_of_trumps is never in play: deck.ranks leaves out 5" in m
               for m in findings("five_of_trumps"))
    assert not any("never in play" in m for m in findings("nine_of_trumps"))
