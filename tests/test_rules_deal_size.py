"""How many cards a deal takes (pitchkit.plan.cards_needed), read when players join a
money game: clauses that mutants of ``benchmarks/mutate.py`` changed with every test still
passing."""

from __future__ import annotations

import random

import pytest

from pitchkit.engine import Game
from pitchkit.errors import IllegalActionError
from pitchkit.variant import Rules, rules_from_mapping


def thirteen_each(shown_card: str) -> Rules:
    """A money game of three, thirteen cards each, trump turned from the deck."""
    return rules_from_mapping({
        "money": {"enabled": True}, "players": {"count": 3},
        "deal": {"cards_per_hand": 13}, "auction": {"style": "none"},
        "trump": {"chosen_by": "turned_card", "shown_card": shown_card}})


def test_a_fourth_player_may_join_when_the_deck_deals_every_hand() -> None:
    # 4 x 13 = 52 cards, the turned card going back into the dealt cards
    game = Game(thirteen_each("returned"), random.Random(0))
    game.join(1)
    assert game.n == 4


def test_a_turned_card_set_aside_counts_against_the_deck_when_a_player_joins() -> None:
    # rule: a turned card set aside (trump.shown_card: out_of_play) is not dealt:
    # four hands of 13 and the turned card need 53 cards
    game = Game(thirteen_each("out_of_play"), random.Random(0))
    with pytest.raises(IllegalActionError, match="4 players cannot be dealt 13 cards each"):
        game.join(1)
    assert game.n == 3
