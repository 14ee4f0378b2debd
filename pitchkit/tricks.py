"""Trick play on plain ints: which cards are trumps, what may be played, who wins a trick.

Pure functions over cards (ints 0..53) and hands (bit masks), driven by per-(rules,
trump) tables that are computed once and cached. The engine calls these on its hot path;
tests call them directly on hand-made cards.

Trump power, highest first: A K Q J [off-jack] [BJ LJ] T 9 .. 2. The off-jack (the jack
of the other suit of trump's colour) is a trump only with ``points.jick``; jokers, when
the deck has them, are always trumps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pitchkit.cards import (
    BIG_JOKER,
    JACK,
    JOKER_MASK,
    LITTLE_JOKER,
    SUIT_MASKS,
    SUIT_NAMES,
    format_cards,
    same_colour_suit,
)
from pitchkit.variant import Following, Rules, TrickWinner

#: ``following`` rules as small ints for the hot path.
FOLLOW_OR_TRUMP, MUST_FOLLOW, MUST_FOLLOW_THEN_TRUMP, ANY_CARD = 0, 1, 2, 3
FOLLOWING_CODE = {
    Following.FOLLOW_OR_TRUMP: FOLLOW_OR_TRUMP,
    Following.MUST_FOLLOW: MUST_FOLLOW,
    Following.MUST_FOLLOW_THEN_TRUMP: MUST_FOLLOW_THEN_TRUMP,
    Following.ANY_CARD: ANY_CARD,
}

#: Power of a trump above every plain card.
TRUMP_BASE = 100
#: The "suit led" of a trick opened by a joker before trump is set: no suit to follow.
NO_SUIT = 4


@dataclass(frozen=True, slots=True)
class TrumpTables:
    """Everything trick play needs to know about one trump suit under one rule set."""

    trump: int
    #: Mask of every trump card in the deck (suit, off-jack with jick, jokers).
    trumps: int
    #: ``suit_masks[s]``: mask of the cards whose effective suit is ``s``.
    suit_masks: tuple[int, int, int, int]
    #: ``effective_suit[card]`` for cards 0..53 (jokers and the jick are trump).
    effective_suit: tuple[int, ...]
    #: ``power[card]``: trumps TRUMP_BASE + their order, plain cards their rank.
    power: tuple[int, ...]
    off_jack: int | None
    #: ``win_keys[led][card]``: the card's power in a trick led in suit ``led`` under
    #: highest_trump (-1: it cannot win); ``suit_led_keys`` the same under suit_led.
    win_keys: tuple[tuple[int, ...], ...]
    suit_led_keys: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=64)
def trump_tables(trump: int, jick: bool, jokers: int) -> TrumpTables:
    """Tables for ``trump`` (0..3) with the off-jack a trump when ``jick``, and ``jokers``."""
    effective = [c // 13 for c in range(52)] + [trump, trump]
    power = [c % 13 for c in range(52)] + [0, 0]
    masks = list(SUIT_MASKS)
    trumps = SUIT_MASKS[trump]
    off_jack = None
    # rule: trump order A K Q J [off-jack] [BJ LJ] T 9 .. 2 (schema: deck.jokers, points.jick)
    for rank in range(13):
        card = trump * 13 + rank
        power[card] = TRUMP_BASE + (rank if rank < JACK else rank + 3)
    if jick:
        # rule: "the off-jack ... is a trump ranking just below the jack of trumps"
        off_jack = same_colour_suit(trump) * 13 + JACK
        effective[off_jack] = trump
        power[off_jack] = TRUMP_BASE + JACK + 2
        masks[off_jack // 13] &= ~(1 << off_jack)
        trumps |= 1 << off_jack
    if jokers >= 1:
        # rule: "a joker is a trump ranking just below the jack (below the off-jack)"
        power[BIG_JOKER] = TRUMP_BASE + JACK + 1
        trumps |= 1 << BIG_JOKER
    if jokers >= 2:
        power[LITTLE_JOKER] = TRUMP_BASE + JACK
        trumps |= 1 << LITTLE_JOKER
    masks[trump] = trumps
    cards = range(54)
    # rule: "Highest trump wins, else the highest card of the suit led" (sources A, B)
    win_keys = tuple(
        tuple(power[c] if effective[c] in (led, trump) else -1 for c in cards)
        for led in range(4))
    # rule: "The trick goes to the player with the highest card of the suit led" (C, literal)
    suit_led_keys = tuple(
        tuple(power[c] if effective[c] == led else -1 for c in cards) for led in range(4))
    return TrumpTables(
        trump=trump, trumps=trumps, suit_masks=(masks[0], masks[1], masks[2], masks[3]),
        effective_suit=tuple(effective), power=tuple(power), off_jack=off_jack,
        win_keys=win_keys, suit_led_keys=suit_led_keys,
    )


def tables_for(rules: Rules, trump: int) -> TrumpTables:
    return trump_tables(trump, rules.points.jick, rules.deck.jokers)


def legal_leads(hand: int, tables: TrumpTables | None, must_be_trump: bool = False) -> int:
    """Cards ``hand`` may lead. ``tables`` is None while the lead still sets trump.

    A joker may not be the lead that sets trump (unless the hand holds nothing else).
    With ``must_be_trump`` (play.first_lead_must_be_trump) a trump must be led if held.
    """
    if tables is None:
        # rule: "A joker may not be the lead that sets trump" (schema: deck.jokers)
        plain = hand & ~JOKER_MASK
        return plain or hand
    if must_be_trump:
        # rule: "The pitcher's first lead must be a trump" (play.first_lead_must_be_trump)
        return (hand & tables.trumps) or hand
    return hand


def legal_follows(hand: int, led_suit: int, tables: TrumpTables | None,
                  following: int) -> int:
    """Cards ``hand`` may play to a trick whose lead has effective suit ``led_suit``.

    ``led_suit`` is :data:`NO_SUIT` (and ``tables`` may be None) when a joker opened the
    hand before trump was set: there is no suit to follow, so any card may be played.
    This is the one definition of the follow rule; the engine's hot path keeps a marked
    faster copy (``Game._play``), proved equal by tests/test_tricks_definition.py.
    """
    if following == ANY_CARD or led_suit == NO_SUIT:
        # rule: a joker led by a hand holding nothing else sets no suit (deck.jokers)
        return hand
    assert tables is not None
    follow = hand & tables.suit_masks[led_suit]
    if following == FOLLOW_OR_TRUMP:
        # rule: "others may follow suit or trump; a player who cannot follow plays anything"
        return (follow | (hand & tables.trumps)) if follow else hand
    if follow:
        return follow
    if following == MUST_FOLLOW_THEN_TRUMP:
        # rule: "without it, a trump; without that, any card" (source C)
        return (hand & tables.trumps) or hand
    return hand


def trick_winner(cards: list[int] | tuple[int, ...], tables: TrumpTables,
                 suit_led_only: bool) -> int:
    """Index in ``cards`` (play order, the lead first) of the card that wins the trick.

    ``suit_led_only`` is ``play.trick_winner == suit_led``: only cards of the suit led
    compete, so a trump wins only when trumps were led.
    """
    led = tables.effective_suit[cards[0]]
    keys = (tables.suit_led_keys if suit_led_only else tables.win_keys)[led]
    best, best_key = 0, keys[cards[0]]
    for i in range(1, len(cards)):
        key = keys[cards[i]]
        if key > best_key:
            best, best_key = i, key
    return best


def suit_led_only(rules: Rules) -> bool:
    return rules.play.trick_winner is TrickWinner.SUIT_LED


def follow_reason(seat: int, card: int, hand: int, led_suit: int, tables: TrumpTables,
                  following: int) -> str:
    """Why ``card`` is not a legal follow for ``seat``, in one line.

    Only called for an illegal card: so the seat holds the suit led, or (under
    must_follow_then_trump) is void in it and holds a trump.
    """
    follow = hand & tables.suit_masks[led_suit]
    suit = SUIT_NAMES[led_suit]
    if following == FOLLOW_OR_TRUMP:
        return f"seat {seat} must follow {suit} or trump: holds {format_cards(follow)}"
    if follow:
        return f"seat {seat} must follow {suit}: holds {format_cards(follow)}"
    trumps = hand & tables.trumps
    return (f"seat {seat} cannot follow {suit} and must trump: holds "
            f"{format_cards(trumps)}")
