"""pitchkit.cards, clause by clause: the card numbering, names, parsing, decks and masks
every other module builds on (one test per clause, so a mutant of cards.py names the
clause it broke)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pitchkit.cards import (
    ACE,
    BIG_JOKER,
    CARD_BIT,
    FIVE,
    JACK,
    JOKER_MASK,
    KING,
    LITTLE_JOKER,
    QUEEN,
    SUIT_MASKS,
    TEN,
    card_name,
    cards_in,
    count,
    deck,
    format_cards,
    make_card,
    mask_of,
    parse_card,
    parse_suit,
    rank_of,
    same_colour_suit,
    suit_of,
)

CARDS = st.integers(min_value=0, max_value=53)


def test_numbering_suit_times_13_plus_rank() -> None:
    assert make_card(0, 0) == 0  # 2S
    assert make_card(12, 3) == 51  # AC
    assert make_card(JACK, 1) == 22  # JH
    assert (FIVE, TEN, JACK, QUEEN, KING, ACE) == (3, 8, 9, 10, 11, 12)


@given(CARDS)
def test_suit_and_rank_invert_make_card(card: int) -> None:
    if card >= 52:
        assert suit_of(card) == -1 and rank_of(card) == -1
    else:
        assert 0 <= suit_of(card) <= 3 and 0 <= rank_of(card) <= 12
        assert make_card(rank_of(card), suit_of(card)) == card


def test_last_natural_card_and_jokers() -> None:
    assert (suit_of(51), rank_of(51)) == (3, 12)
    assert (suit_of(52), rank_of(52)) == (-1, -1)
    assert (BIG_JOKER, LITTLE_JOKER) == (52, 53)


def test_card_names() -> None:
    assert card_name(0) == "2S"
    assert card_name(make_card(TEN, 2)) == "TD"
    assert card_name(51) == "AC"
    assert card_name(BIG_JOKER) == "BJ"
    assert card_name(LITTLE_JOKER) == "LJ"


@given(CARDS)
def test_parse_reads_every_name_back(card: int) -> None:
    assert parse_card(card_name(card)) == card
    assert parse_card(f" {card_name(card).lower()} ") == card


@pytest.mark.parametrize("text, card", [("10D", make_card(TEN, 2)), ("10h", make_card(TEN, 1)),
                                        ("JK", BIG_JOKER), ("jk", BIG_JOKER),
                                        ("lj", LITTLE_JOKER)])
def test_parse_other_spellings(text: str, card: int) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "A", "ASS", "1S", "AX", "XS", "10", "100S", "J"])
def test_parse_refuses_non_cards_naming_the_text(text: str) -> None:
    with pytest.raises(ValueError, match=repr(text).replace("\\", "\\\\")):
        parse_card(text)


def test_parse_suit() -> None:
    assert [parse_suit(s) for s in ("S", "h", " D ", "c")] == [0, 1, 2, 3]
    for bad in ("", "SH", "X", "spades"):
        with pytest.raises(ValueError, match="is not a suit"):
            parse_suit(bad)


def test_deck_card_order_then_jokers() -> None:
    assert deck() == list(range(52))
    assert deck(1) == [*range(52), BIG_JOKER]
    assert deck(2) == [*range(52), BIG_JOKER, LITTLE_JOKER]


def test_suit_masks_hold_their_13_cards() -> None:
    for suit, mask in enumerate(SUIT_MASKS):
        assert list(cards_in(mask)) == [make_card(r, suit) for r in range(13)]
    assert sum(SUIT_MASKS) == (1 << 52) - 1
    assert list(cards_in(JOKER_MASK)) == [BIG_JOKER, LITTLE_JOKER]


def test_card_bit_is_one_shifted() -> None:
    assert len(CARD_BIT) == 54
    assert all(CARD_BIT[c] == 1 << c for c in range(54))


@given(st.lists(CARDS, unique=True))
def test_masks_round_trip_lowest_first(cards: list[int]) -> None:
    mask = mask_of(cards)
    assert list(cards_in(mask)) == sorted(cards)
    assert count(mask) == len(cards)


def test_mask_of_repeats_and_empty() -> None:
    assert mask_of([]) == 0 and list(cards_in(0)) == []
    assert mask_of([5, 5, 0]) == 0b100001


def test_same_colour_suit() -> None:
    assert [same_colour_suit(s) for s in range(4)] == [3, 2, 1, 0]


def test_format_cards_from_mask_or_list() -> None:
    cards = [make_card(JACK, 1), make_card(ACE, 0), BIG_JOKER]
    assert format_cards(mask_of(cards)) == "AS JH BJ"  # a mask: lowest card first
    assert format_cards(cards) == "JH AS BJ"  # a list: its own order
    assert format_cards(0) == ""
