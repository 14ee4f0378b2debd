"""The trick tables (pitchkit.tricks), clause by clause under every trump suit: which
cards are trumps, which cards follow each suit, which jack is the off-jack and where the
joker ranks. Played hands pin these with spades trump (test_rules_trump_order.py); here
the tables of all four suits are read directly, since a rule that holds for spades only
is a rule broken for three suits of four (mutate.py's survivors on tricks.py)."""

from __future__ import annotations

import pytest

from pitchkit.cards import ACE, BIG_JOKER, JACK, SUIT_MASKS, make_card, same_colour_suit
from pitchkit.tricks import (
    MUST_FOLLOW,
    legal_follows,
    legal_leads,
    trump_order_cards,
    trump_tables,
)
from pitchkit.variant import JokerRank

SUITS = range(4)
SEVEN = 5  # the rank index of a seven: neither a jack nor a five, never a trump elsewhere


@pytest.mark.parametrize("trump", SUITS)
def test_the_trumps_are_the_trump_suit_and_nothing_else(trump: int) -> None:
    assert trump_tables(trump, False, 0).trumps == SUIT_MASKS[trump]


@pytest.mark.parametrize("trump", SUITS)
def test_the_off_jack_is_the_jack_of_the_other_suit_of_trumps_colour(trump: int) -> None:
    off = make_card(JACK, same_colour_suit(trump))
    tables = trump_tables(trump, True, 0)
    assert tables.off_jack == off
    assert tables.trumps == SUIT_MASKS[trump] | 1 << off
    assert trump_tables(trump, False, 0).off_jack is None  # no jick: no off-jack


@pytest.mark.parametrize("trump", SUITS)
def test_each_suit_led_is_followed_by_its_own_card(trump: int) -> None:
    """must_follow: a hand holding a seven of every suit follows the suit led with the
    seven of that suit, whichever suit is trump."""
    tables = trump_tables(trump, True, 0)
    sevens = [1 << make_card(SEVEN, suit) for suit in SUITS]
    hand = sum(sevens)
    for led in SUITS:
        assert legal_follows(hand, led, tables, MUST_FOLLOW) == sevens[led], led


@pytest.mark.parametrize("trump", SUITS)
def test_a_plain_suit_without_the_off_jack_follows_it_with_its_other_cards(trump: int) -> None:
    """The off-jack leaves its own suit: a hand holding it and one other card of that
    suit must follow that suit with the other card."""
    tables = trump_tables(trump, True, 0)
    suit = same_colour_suit(trump)
    other = make_card(SEVEN, suit)
    hand = 1 << make_card(JACK, suit) | 1 << other
    assert legal_follows(hand, suit, tables, MUST_FOLLOW) == 1 << other


@pytest.mark.parametrize("trump", SUITS)
@pytest.mark.parametrize(("rank", "jick", "below"), [
    (JokerRank.BELOW_JACK, False, "jack"),
    (JokerRank.BELOW_JACK, True, "jack"),
    (JokerRank.BELOW_OFF_JACK, True, "off-jack"),
    (JokerRank.BELOW_OFF_JACK, False, "jack"),
])
def test_the_joker_ranks_just_below_the_jack_or_off_jack_of_every_trump_suit(
        trump: int, rank: JokerRank, jick: bool, below: str) -> None:
    order = trump_order_cards(trump, jick, 1, joker_rank=rank)
    jack = make_card(JACK, trump if below == "jack" else same_colour_suit(trump))
    assert order[order.index(jack) + 1] == BIG_JOKER


@pytest.mark.parametrize("trump", SUITS)
def test_by_default_the_trump_order_is_the_suit_from_ace_to_two(trump: int) -> None:
    """No off-jack, no jokers and no off-five unless asked for (trump.off_five)."""
    assert trump_order_cards(trump, False, 0) == tuple(
        make_card(rank, trump) for rank in range(ACE, -1, -1))


def test_by_default_any_card_may_be_led_once_trump_is_set() -> None:
    """legal_leads without play.first_lead_must_be_trump or play.never_lead_joker: a
    plain card and the joker may be led though a trump is held."""
    hand = 1 << make_card(SEVEN, 1) | 1 << make_card(SEVEN, 0) | 1 << BIG_JOKER
    assert legal_leads(hand, trump_tables(0, False, 1)) == hand
