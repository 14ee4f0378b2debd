"""How many cards a deal takes (pitchkit.plan.cards_needed), read when players join a
money game: clauses that mutants of ``benchmarks/mutate.py`` changed with every test still
passing."""

from __future__ import annotations

import random

import pytest

from pitchkit.engine import Game
from pitchkit.errors import IllegalActionError
from pitchkit.record import replay_events
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


def six_each_and_a_kitty(kitty: int) -> Rules:
    """A money game of four, six cards each and a kitty of ``kitty`` to the pitcher."""
    return rules_from_mapping({
        "money": {"enabled": True}, "players": {"count": 4},
        "deal": {"cards_per_hand": 6, "kitty": kitty, "kitty_to": "pitcher"},
        "draw": {"discard": "up_to", "count": 3}})


def test_the_kitty_counts_against_the_deck_when_a_player_joins() -> None:
    # rule: the kitty is dealt face down whatever the table's size (deal.kitty): five
    # hands of 6 and a kitty of 23 need 53 cards; the deal used to cut the kitty to the
    # 22 cards left, and a replay of the game refused its own record
    game = Game(six_each_and_a_kitty(23), random.Random(0))
    with pytest.raises(IllegalActionError,
                       match="5 players cannot be dealt 6 cards each and a kitty of 23"):
        game.join(1)
    assert game.n == 4


def test_a_player_may_join_when_the_deck_deals_every_hand_and_the_kitty() -> None:
    # five hands of 6 and a kitty of 22: 52 cards
    game = Game(six_each_and_a_kitty(22), random.Random(0))
    game.join(1)
    assert game.n == 5
    game.deal_random()
    deal = [event for event in game.events if event.kind == "deal"][-1]
    _, _, kitty, pack = deal.detail
    assert kitty.bit_count() == 22 and not pack
    assert replay_events(game.rules, game.events, game.first_dealer).events == game.events
