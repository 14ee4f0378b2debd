"""Trick play on plain ints: which cards are trumps, what may be played, who wins a trick.

Pure functions over cards (ints 0..53) and hands (bit masks), driven by per-(rules,
trump) tables that are computed once and cached. The engine calls these on its hot path;
tests call them directly on hand-made cards.

Trump power, highest first, by default: A K Q J [off-jack] [BJ LJ] T 9 .. 2. The
off-jack (the jack of the other suit of trump's colour) is a trump with ``trump.off_jack``
(by default, when ``points.items`` has ``point: jick``), the off-five with
``trump.off_five``; jokers, when the deck has them, are always trumps, placed by
``trump.joker_rank`` (:func:`trump_order_cards` is the one definition of the order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pitchkit.cards import (
    ACE,
    BIG_JOKER,
    FIVE,
    JACK,
    JOKER_MASK,
    LITTLE_JOKER,
    SUIT_MASKS,
    SUIT_NAMES,
    cards_in,
    format_cards,
    same_colour_suit,
)
from pitchkit.errors import seat_name
from pitchkit.memo import per_rule_set
from pitchkit.variant import Following, JokerOrder, JokerRank, Rules, TrickWinner

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


@lru_cache(maxsize=256)
def trump_tables(trump: int, jick: bool, jokers: int, *,
                 joker_rank: JokerRank = JokerRank.BELOW_OFF_JACK,
                 joker_order: JokerOrder = JokerOrder.BIG_ABOVE_LITTLE,
                 off_five: bool = False) -> TrumpTables:
    """Tables for ``trump`` (0..3) with the off-jack a trump when ``jick``, ``jokers``
    jokers ranked by ``joker_rank`` and ``joker_order``, the off-five a trump when
    ``off_five`` (trump.off_jack, deck.jokers, trump.joker_rank, trump.joker_order,
    trump.off_five)."""
    order = trump_order_cards(trump, jick, jokers, joker_rank=joker_rank,
                              off_five=off_five)
    effective = [c // 13 for c in range(52)] + [trump, trump]
    power = [c % 13 for c in range(52)] + [0, 0]
    masks = list(SUIT_MASKS)
    trumps = 0
    for i, card in enumerate(order):
        # the higher in the order, the more power; every trump above every plain card
        power[card] = TRUMP_BASE + len(order) - i
        effective[card] = trump
        if card < 52:
            masks[card // 13] &= ~(1 << card)
        trumps |= 1 << card
    if jokers == 2 and joker_order is JokerOrder.FIRST_PLAYED_HIGHER:
        # rule: identical jokers: the first played to a trick beats the second (ties go
        # to the card played first: trick_winner keeps the earlier of equal keys)
        power[BIG_JOKER] = power[LITTLE_JOKER] = max(power[BIG_JOKER], power[LITTLE_JOKER])
    masks[trump] = trumps
    off_jack = same_colour_suit(trump) * 13 + JACK if jick else None
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


def trump_order_cards(trump: int, jick: bool, jokers: int, *,
                      joker_rank: JokerRank = JokerRank.BELOW_OFF_JACK,
                      off_five: bool = False) -> tuple[int, ...]:
    """Every trump, highest first: the one definition of trump order.

    A K Q J [off-jack] T 9 8 7 6 5 [off-five] 4 3 2, with the jokers (big, then little)
    placed by ``joker_rank``.
    """
    other = same_colour_suit(trump)
    order: list[int] = []
    for rank in range(ACE, -1, -1):
        order.append(trump * 13 + rank)
        if rank == JACK and jick:
            # rule: "the off-jack ... is a trump ranking just below the jack of trumps"
            order.append(other * 13 + JACK)
        if rank == FIVE and off_five:
            # rule: the off-five ranks just below the five of trumps (Cinch, Pedro)
            order.append(other * 13 + FIVE)
    jokers_in = [BIG_JOKER, LITTLE_JOKER][:jokers]
    if joker_rank is JokerRank.HIGHEST:
        at = 0  # rule: the joker is the highest trump
    elif joker_rank is JokerRank.LOWEST:
        at = len(order)  # rule: "the joker is the lowest trump" (Bicycle)
    else:
        at = order.index(trump * 13 + JACK) + 1
        if joker_rank is JokerRank.BELOW_OFF_JACK and jick:
            at += 1  # rule: "a joker is a trump ranking just below the off-jack"
    order[at:at] = jokers_in
    return tuple(order)


def tables_for(rules: Rules, trump: int) -> TrumpTables:
    """The tables of ``trump`` under ``rules``."""
    return _all_tables(rules)[trump]


@per_rule_set(64)
def _all_tables(rules: Rules) -> tuple[TrumpTables, ...]:
    """The tables of each trump suit, once per rule set (bots ask at every draw)."""
    t = rules.trump
    return tuple(trump_tables(trump, rules.off_jack_is_trump, rules.deck.jokers,
                              joker_rank=t.joker_rank, joker_order=t.joker_order,
                              off_five=t.off_five) for trump in range(4))


def trump_order_for(rules: Rules, trump: int) -> tuple[int, ...]:
    """Every trump under ``rules``, highest first (explain and scoring read this)."""
    tables = tables_for(rules, trump)
    return tuple(sorted(cards_in(tables.trumps), key=lambda c: -tables.power[c]))


def legal_leads(hand: int, tables: TrumpTables | None, must_be_trump: bool = False, *,
                joker_may_set_trump: bool = False, never_lead_joker: bool = False) -> int:
    """Cards ``hand`` may lead. ``tables`` is None while the lead still sets trump.

    A joker may not be the lead that sets trump (unless the hand holds nothing else), or
    may with ``joker_may_set_trump`` (trump.pitched_joker makes_spades). With
    ``must_be_trump`` (play.first_lead_must_be_trump) a trump must be led if held. With
    ``never_lead_joker`` (play.never_lead_joker) a joker is led only when nothing else
    may be.
    """
    if tables is None:
        if joker_may_set_trump:
            return hand  # rule: "If the joker is pitched, it is a spade" (Bicycle)
        # rule: "A joker may not be the lead that sets trump" (schema: deck.jokers)
        plain = hand & ~JOKER_MASK
        return plain or hand
    leads = hand
    if must_be_trump:
        # rule: "The pitcher's first lead must be a trump" (play.first_lead_must_be_trump)
        leads = (hand & tables.trumps) or hand
    if never_lead_joker:
        # rule: "never lead a joker when able to lead something else" (play.never_lead_joker)
        leads = (leads & ~JOKER_MASK) or leads
    return leads


def legal_follows(hand: int, led_suit: int, tables: TrumpTables | None,
                  following: int) -> int:
    """Cards ``hand`` may play to a trick whose lead has effective suit ``led_suit``.

    ``led_suit`` is :data:`NO_SUIT` (and ``tables`` may be None) when a joker opened the
    hand before trump was set: there is no suit to follow, so any card may be played.
    This is the one definition of the follow rule; the engine's hot path keeps a marked
    faster copy (``pitchkit.play.step``), proved equal by tests/test_tricks_definition.py.
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


def trick_voids(voids: list[int], plays: Sequence[tuple[int, int]], tables: TrumpTables,
                following: int) -> None:
    """Add to ``voids`` (per seat, a mask of cards it cannot hold) what the ``plays``
    ((seat, card), the lead first) of one trick show under the trump ``tables``: a seat
    that did not follow the effective suit led holds none of it where the rule
    ``following`` bound it to follow; where it was bound to trump then
    (``must_follow_then_trump``) and played no trump, it holds no trump either. A trump
    played to a plain lead shows nothing where one may trump while holding the suit
    (``follow_or_trump``); under ``any_card`` no card shows anything.

    This is the one definition of the voids shown; the engine keeps each seat's as the
    tricks finish (``PlayState.voids``, a marked faster copy in ``pitchkit.play.step``),
    proved equal by tests/test_play_voids.py."""
    if following == ANY_CARD:
        return
    eff = tables.effective_suit
    masks = tables.suit_masks
    trump = tables.trump
    led = eff[plays[0][1]]
    for seat, card in plays[1:]:
        suit = eff[card]
        if suit == led:
            continue
        if following == FOLLOW_OR_TRUMP:
            # rule: "others may follow suit or trump": a trump shows nothing
            if suit != trump:
                voids[seat] |= masks[led]
        else:
            voids[seat] |= masks[led]
            if following == MUST_FOLLOW_THEN_TRUMP and suit != trump:
                # rule: "without it, a trump" (source C): no trump either
                voids[seat] |= masks[trump]


def trick_winner(cards: list[int] | tuple[int, ...], tables: TrumpTables,
                 trick_winner_suit_led: bool) -> int:
    """Index in ``cards`` (play order, the lead first) of the card that wins the trick.

    ``trick_winner_suit_led``: ``play.trick_winner`` is ``suit_led``: only cards of the suit led
    compete, so a trump wins only when trumps were led.
    """
    led = tables.effective_suit[cards[0]]
    keys = (tables.suit_led_keys if trick_winner_suit_led else tables.win_keys)[led]
    best, best_key = 0, keys[cards[0]]
    for i in range(1, len(cards)):
        key = keys[cards[i]]
        if key > best_key:
            best, best_key = i, key
    return best


def trick_winner_suit_led(rules: Rules) -> bool:
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
        return f"{seat_name(seat)} must follow {suit} or trump: holds {format_cards(follow)}"
    if follow:
        return f"{seat_name(seat)} must follow {suit}: holds {format_cards(follow)}"
    trumps = hand & tables.trumps
    return (f"{seat_name(seat)} cannot follow {suit} and must trump: holds "
            f"{format_cards(trumps)}")
