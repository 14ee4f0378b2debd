"""Dealing: a shuffled deal from the game's generator, or a given deal (records).

Cards come off the deck in packets (``deal.packet_size``), starting with the seat after
the dealer; with ``trump.chosen_by: turned_card`` a card is first drawn from the middle
of the deck. The phase's state is the :class:`Deal` it produces: pure functions of the
rules plan (and a generator) return one, and the engine starts the hand from it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from pitchkit.cards import card_name
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.plan import RulesPlan


class Deal(NamedTuple):
    """One hand's deal: each seat's cards (masks), the turned card, and with a draw or a
    kitty, the kitty (a mask) and the pack (every other card, in the order the draw
    deals it)."""

    hands: list[int]
    turned: int | None
    kitty: int
    pack: tuple[int, ...]


_DEAL_NEW = tuple.__new__


def first_dealer(setting: str | int, seats: int, rng: random.Random) -> int:
    """The first dealer's seat under ``deal.first_dealer`` (``setting``)."""
    # rule: "Dealer: first one random" (source A); deal.first_dealer
    return rng.randrange(seats) if setting == "random" else int(setting) % seats


def shuffled(deck: Sequence[int], rng: random.Random) -> list[int]:
    """The cards of ``deck`` as ``rng.shuffle`` shuffles a list of them. For a
    ``random.Random`` the same draws are taken with ``getrandbits`` in one loop
    (:func:`_shuffle_inlined`, checked against this Python's shuffle once at import,
    else ``rng.shuffle`` itself): some 5% of a hand of the default bot where the whole
    deck is shuffled."""
    cards = list(deck)
    if type(rng) is _RANDOM and _SHUFFLE_INLINED:
        _shuffle_inlined(cards, rng)
    else:
        rng.shuffle(cards)
    return cards


def _shuffle_inlined(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)`` with ``random.Random._randbelow`` (its getrandbits form)
    inlined: the same draws."""
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_RANDOM = random.Random
#: ``n.bit_length()`` for every deck size and below
_BITS = tuple(n.bit_length() for n in range(64))


def _same_as_shuffle() -> bool:
    """Whether :func:`_shuffle_inlined` draws as this Python's ``random.shuffle`` does."""
    for seed in range(8):
        expected, mine = list(range(54)), list(range(54))
        random.Random(seed).shuffle(expected)
        _shuffle_inlined(mine, random.Random(seed))
        if mine != expected:
            return False
    return True


_SHUFFLE_INLINED = _same_as_shuffle()


#: Whether a later phase takes new hands from the undealt cards, given the rules plan and
#: the hands dealt (the throw-in's: :func:`pitchkit.weak_hand.some_weak`)
KeepsStock = Callable[[RulesPlan, Sequence[int]], bool]


def deal_random(plan: RulesPlan, rng: random.Random, dealer: int,
                keeps_stock: KeepsStock | None = None) -> Deal:
    """Shuffle with ``rng`` and deal (turning a trump card where the variant does). Without
    a draw, the undealt cards are the deal's pack (top first) when ``keeps_stock`` says a
    later phase takes new hands from them, else dropped."""
    n = plan.seats.count
    deal = plan.deal
    deck = deal.deck
    size = deal.deck_size
    turned = None
    draw_plan = plan.draw
    if deal.chosen_by_turned_card or draw_plan is not None:
        cards = shuffled(deck, rng)
    if deal.chosen_by_turned_card:
        # rule: "a card is drawn from the middle of the deck and shown" (source C);
        # a joker names no suit, so the next card down is drawn instead
        i = len(cards) // 2
        while cards[i] >= 52:
            i = (i + 1) % len(cards)
        turned = cards[i]
        if deal.shown_card_out_of_play:
            del cards[i]  # rule: shown_card out_of_play sets it aside for the hand
    masks = [0] * n
    order, groups = plan.deal_orders[dealer]
    if draw_plan is not None:
        # the whole deck in order: the hands, then the kitty, then the pack the draw
        # deals from (the same shuffle a turned card is drawn from)
        for seat, card in zip(order, cards, strict=False):
            masks[seat] |= 1 << card
        rest = [c for c in cards[len(order):] if c != turned or not deal.shown_card_out_of_play]
        kitty_size = draw_plan.kitty
        kitty = 0
        for card in rest[:kitty_size]:
            kitty |= 1 << card
        return Deal(masks, turned, kitty, tuple(rest[kitty_size:]))
    stock: Sequence[int] = ()
    if turned is not None:
        for seat, card in zip(order, cards, strict=False):
            masks[seat] |= 1 << card
        if keeps_stock is not None and keeps_stock(plan, masks):
            stock = cards[len(order):]  # the undealt cards, for new hands
    else:
        # the first n*k cards of a uniformly shuffled deck, drawn one by one (a partial
        # Fisher-Yates shuffle), each to the seat the deal gives it to. The draws are the
        # mixed-radix digits of one random number 64 bits wider than the draws need
        # (bias below 2**-64), taken a few at a time: a group's digits come from one
        # small number (below 2**30), so only one division per group is on the big one.
        bits = list(deal.deck_bits)  # the deck as one bit per card
        draws = rng.getrandbits(64 + 6 * len(order))
        for product, steps in groups:
            draws, digits = divmod(draws, product)
            for seat, left, last in steps:
                i = digits % left  # as divmod, without building its pair 24 times a deal
                digits //= left
                masks[seat] |= bits[i]
                bits[i] = bits[last]
        if keeps_stock is not None and keeps_stock(plan, masks):
            # the undealt cards are the first of ``bits``, in no order: shuffle them
            stock = [bit.bit_length() - 1 for bit in bits[:size - len(order)]]
            rng.shuffle(stock)
    if stock:
        # the undealt cards, in the order new hands take them
        return Deal(masks, turned, 0, tuple(stock))
    return _DEAL_NEW(Deal, (masks, turned, 0, ()))


def _draw_groups(order: tuple[int, ...], size: int
                 ) -> tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]:
    """The draws of a deal in groups: (product of the group's radices, steps), where a
    step is (seat, cards left to draw from, index of the last of them)."""
    groups = []
    steps: list[tuple[int, int, int]] = []
    product = 1
    left = size
    for seat in order:
        if product * left >= 1 << 30:
            groups.append((product, tuple(steps)))
            steps, product = [], 1
        steps.append((seat, left, left - 1))
        product *= left
        left -= 1
    if steps:
        groups.append((product, tuple(steps)))
    return tuple(groups)


def deal_cards(plan: RulesPlan, hands: Sequence[Sequence[int]], turned: int | None = None,
               *, kitty: Sequence[int] = (), pack: Sequence[int] = (),
               stock: bool = False) -> Deal:
    """Check the given cards (a record's deal): ``hands[seat]`` lists seat's cards; with a
    draw or a kitty, ``kitty`` and ``pack`` hold every other card (the pack in the order
    the draw deals it); without, a pack is allowed only with ``stock`` (a later phase may
    take new hands from the undealt cards: :func:`deal_random`'s ``keeps_stock``)."""
    n, k = plan.seats.count, plan.deal.cards_per_hand
    if len(hands) != n:
        raise IllegalActionError(f"the deal has {len(hands)} hands for {n} seats")
    in_deck = plan.deal.deck_mask
    seen = 0
    masks = []
    for seat, cards in enumerate(hands):
        if len(cards) != k:
            raise IllegalActionError(
                f"{seat_name(seat)} is dealt {len(cards)} cards, the variant deals {k}")
        mask = 0
        for card in cards:
            if not (0 <= card < 54 and in_deck >> card & 1):
                raise IllegalActionError(f"{seat_name(seat)}: {card_name(card)} is not in the deck")
            if (seen | mask) >> card & 1:
                raise IllegalActionError(f"{seat_name(seat)}: {card_name(card)} is dealt twice")
            mask |= 1 << card
        seen |= mask
        masks.append(mask)
    if plan.deal.chosen_by_turned_card:
        if turned is None:
            raise IllegalActionError("this variant turns a card for trump: the deal needs one")
        if 0 <= turned < 52 and not in_deck >> turned & 1:
            raise IllegalActionError(f"the turned card {card_name(turned)} is not in the deck")
        if not 0 <= turned < 52:
            shown = card_name(turned) if 52 <= turned < 54 else str(turned)
            raise IllegalActionError(
                f"the turned card must be a plain card (its suit is trump), not {shown}")
        if plan.deal.shown_card_out_of_play and seen >> turned & 1:
            raise IllegalActionError(
                f"the turned card {card_name(turned)} is out of play but is dealt")
    elif turned is not None:
        raise IllegalActionError("this variant turns no card for trump")
    draw_plan = plan.draw
    if draw_plan is None:
        if kitty or (pack and not stock):
            raise IllegalActionError("this variant has no kitty and no draw: the deal has "
                                     "no kitty or pack")
        if not pack:
            return _DEAL_NEW(Deal, (masks, turned, 0, ()))
        # the pack holds the undealt cards new hands come from (``stock``)
    elif len(kitty) != draw_plan.kitty:
        raise IllegalActionError(
            f"the kitty has {len(kitty)} cards, the variant deals {draw_plan.kitty}")
    rest = 0
    for where, cards in (("the kitty", kitty), ("the pack", pack)):
        for card in cards:
            if not (0 <= card < 54 and in_deck >> card & 1):
                raise IllegalActionError(f"{where}: {card_name(card)} is not in the deck")
            if (seen | rest) >> card & 1:
                raise IllegalActionError(f"{where}: {card_name(card)} is dealt twice")
            rest |= 1 << card
    missing = in_deck & ~(seen | rest)
    if turned is not None and plan.deal.shown_card_out_of_play:
        if rest >> turned & 1:
            raise IllegalActionError(
                f"the turned card {card_name(turned)} is out of play but is in the pack")
        missing &= ~(1 << turned)
    if missing:
        raise IllegalActionError(
            "the kitty and the pack must hold every card not dealt: missing "
            + " ".join(card_name(c) for c in range(54) if missing >> c & 1))
    kitty_mask = 0
    for card in kitty:
        kitty_mask |= 1 << card
    return Deal(masks, turned, kitty_mask, tuple(pack))


def deal_orders(plan: RulesPlan) -> tuple[tuple[tuple[int, ...], tuple[
        tuple[int, tuple[tuple[int, int, int], ...]], ...]], ...]:
    """Per dealer: the seat of each card dealt (:func:`deal_seats`) and its random draws
    in groups (compiled into the rules plan)."""
    out = []
    for dealer in range(plan.seats.count):
        order = deal_seats(plan, dealer)
        out.append((order, _draw_groups(order, plan.deal.deck_size)))
    return tuple(out)


def deal_seats(plan: RulesPlan, dealer: int) -> tuple[int, ...]:
    """The seat receiving each card, in the order cards come off the deck."""
    n, k = plan.seats.count, plan.deal.cards_per_hand
    packet = plan.deal.packet_size
    next_seat = plan.seats.next_seat
    # rule: "Deal 6 cards each ... three at a time" (source B): deal.packet_size;
    # the dealing starts with the seat after the dealer
    order = []
    seat = next_seat[dealer]
    got = 0
    while got < k:
        size = min(packet, k - got)
        for _ in range(n):
            order.extend([seat] * size)
            seat = next_seat[seat]
        got += size
    return tuple(order)
