"""Cards as plain ints, hands as bit masks.

A card is ``suit * 13 + rank`` with suits ``S H D C`` = 0..3 and ranks ``2 3 ... K A``
= 0..12, so 0 is 2S and 51 is AC. The jokers are 52 (big joker, ``BJ``, also ``JK``) and
53 (little joker, ``LJ``). A set of cards is an int with bit ``c`` set for card ``c``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

SUITS = "SHDC"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

BIG_JOKER = 52
LITTLE_JOKER = 53
JOKER_NAMES = {BIG_JOKER: "BJ", LITTLE_JOKER: "LJ"}
_JOKER_SPELLINGS = {"BJ": BIG_JOKER, "JK": BIG_JOKER, "LJ": LITTLE_JOKER}

FIVE, TEN, JACK, QUEEN, KING, ACE = 3, 8, 9, 10, 11, 12

#: Bit mask of all 13 cards of each suit.
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
JOKER_MASK = (1 << BIG_JOKER) | (1 << LITTLE_JOKER)
#: ``1 << card`` of every card, built once: a card above 29 needs a two-digit int, and
#: building one costs more than looking it up (hot paths: play, scoring)
CARD_BIT = tuple(1 << card for card in range(54))


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def suit_of(card: int) -> int:
    """Natural suit 0..3, or -1 for a joker."""
    return card // 13 if card < 52 else -1


def rank_of(card: int) -> int:
    """Rank 0 (two) .. 12 (ace), or -1 for a joker."""
    return card % 13 if card < 52 else -1


def card_name(card: int) -> str:
    if card >= 52:
        return JOKER_NAMES[card]
    return RANKS[card % 13] + SUITS[card // 13]


def parse_card(text: str) -> int:
    """Parse ``AS``, ``TD``, ``10D``, ``BJ``/``JK``, ``LJ`` (case-insensitive).

    Raises ValueError with a message naming the bad text.
    """
    t = text.strip().upper()
    if t in _JOKER_SPELLINGS:
        return _JOKER_SPELLINGS[t]
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"{text!r} is not a card (rank A K Q J T 9..2, then suit S H D C)")
    return make_card(RANKS.index(t[0]), SUITS.index(t[1]))


def parse_suit(text: str) -> int:
    t = text.strip().upper()
    if len(t) != 1 or t not in SUITS:
        raise ValueError(f"{text!r} is not a suit (S H D C)")
    return SUITS.index(t)


def deck(jokers: int = 0) -> list[int]:
    """A fresh deck in card order: 52 cards, then the jokers."""
    return list(range(52)) + [BIG_JOKER, LITTLE_JOKER][:jokers]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    return mask.bit_count()


def same_colour_suit(suit: int) -> int:
    """The other suit of the same colour: spades<->clubs, hearts<->diamonds."""
    return {0: 3, 3: 0, 1: 2, 2: 1}[suit]


def format_cards(mask_or_cards: int | Iterable[int]) -> str:
    cards = cards_in(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return " ".join(card_name(c) for c in cards)
