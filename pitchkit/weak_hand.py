"""deal.weak_hand_below: the throw-in phase, its record and its step, pure functions of
the hand's deal; every throw-in rule is here (``deal.weak_hand_below``,
``deal.weak_hand_misdeal``).

A seat whose hand is weak throws it in (and is dealt the next cards of the stock, or,
with a misdeal, the hand ends unplayed and the same dealer deals again) or keeps it;
then the next seat round to the dealer whose hand is weak decides, or the auction
begins. The phase keeps its own record, a :class:`ThrowInState`; the engine applies
what :func:`begin` and :func:`step` return, and closes a misdealt hand with
:func:`misdealt`. The deal keeps the undealt cards as the stock when :func:`some_weak`
says a hand is weak (:func:`keeps_stock`, passed to :func:`pitchkit.dealing.deal_random`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from pitchkit.actions import KEEP_HAND, THROW_IN, action_spelling
from pitchkit.closing import Closed
from pitchkit.dealing import KeepsStock
from pitchkit.draw import DrawState
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.plan import RulesPlan
from pitchkit.play import cards_list
from pitchkit.results import HandResult


class ThrowInState(NamedTuple):
    """The throw-in's own record for one hand."""

    #: the undealt cards new hands come from, top first
    stock: tuple[int, ...] = ()
    #: the hands thrown in so far (seat, cards), shown to everyone
    thrown: tuple[tuple[int, int], ...] = ()


#: a hand without weak hands to throw in
NO_THROW_IN = ThrowInState()
#: ThrowInStep.next_seat of a misdeal (deal.weak_hand_misdeal): the same dealer deals again
MISDEAL = -2


class ThrowInStep(NamedTuple):
    """One decision of the throw-in phase, for the engine to apply."""

    #: the hands as dealt, after this decision
    dealt: tuple[int, ...]
    #: the throw-in's record after this decision
    state: ThrowInState
    #: the draw's record, its pack with the shown hands under it (None: no draw)
    draw: DrawState | None
    #: cards now out of play for the hand (a thrown-in hand where there is no draw)
    out: int
    #: the next seat to decide, or -1: the auction begins, or MISDEAL
    next_seat: int


def keeps_stock(plan: RulesPlan) -> KeepsStock | None:
    """What tells the deal to keep the undealt cards as the stock new hands come from
    (:func:`some_weak`), or None: no hand is ever thrown in."""
    return some_weak if plan.deal.weak_hand_below else None


def some_weak(plan: RulesPlan, hands: Sequence[int]) -> bool:
    """Whether some hand of ``hands`` is weak: it holds no card of
    ``deal.weak_hand_below``'s rank or higher."""
    strong = plan.deal.weak_hand_below
    return not all(hand & strong for hand in hands)


def begin(plan: RulesPlan, dealt: Sequence[int], stock: tuple[int, ...], dealer: int
          ) -> tuple[ThrowInState, int]:
    """The hand is dealt, ``stock`` left over: the record, and the first seat from the
    dealer's left whose hand is weak (-1: none, the auction begins). The engine begins a
    throw-in only under ``deal.weak_hand_below``; without it no seat is weak."""
    seat = weak_seat(plan, dealt, len(stock), plan.seats.next_seat[dealer], dealer)
    return ThrowInState(stock), seat


def step(plan: RulesPlan, dealt: Sequence[int], state: ThrowInState,
         draw_state: DrawState | None, dealer: int, seat: int, action: int) -> ThrowInStep:
    """``seat`` throws its weak hand in (``action`` THROW_IN) or keeps it (KEEP_HAND)."""
    if action != THROW_IN and action != KEEP_HAND:
        raise IllegalActionError(
            f"{seat_name(seat)} has a weak hand: throw in or keep hand, not "
            f"{action_spelling(action)}")
    start = seat
    out = 0
    stock, thrown = state
    if action == THROW_IN and plan.deal.weak_hand_misdeal:
        # rule: "a misdeal may be called. The current dealer shuffles and redeals the
        # cards" (Minnesota Smear, ourpastimes.com; deal.weak_hand_misdeal)
        return ThrowInStep(tuple(dealt), state, draw_state, 0, MISDEAL)
    if action == THROW_IN:
        shown = dealt[seat]
        dealt, stock = new_hand(plan, dealt, stock, seat)
        thrown = (*thrown, (seat, shown))
        if draw_state is None:
            out = shown  # out of play for the hand
        else:
            # the shown hands go under the pack, in the order they were thrown in
            under = tuple(c for _, cards in thrown for c in cards_list(cards))
            draw_state = replace(draw_state, pack=stock + under)
    elif seat == dealer:
        start = -1
    else:
        start = plan.seats.next_seat[seat]
    nxt = -1 if start < 0 else weak_seat(plan, dealt, len(stock), start, dealer)
    return ThrowInStep(tuple(dealt), ThrowInState(stock, thrown), draw_state, out, nxt)


def weak_seat(plan: RulesPlan, hands: Sequence[int], stock: int, seat: int,
              last: int) -> int:
    """The first seat from ``seat`` round to ``last`` (both included) that may throw its
    hand in (``deal.weak_hand_below``): it holds no card of the rank or higher, and the
    ``stock`` undealt cards hold a new hand (a misdeal needs none:
    ``deal.weak_hand_misdeal``); -1 when none may."""
    deal = plan.deal
    strong = deal.weak_hand_below
    if not strong or (stock < deal.cards_per_hand and not deal.weak_hand_misdeal):
        return -1
    next_seat = plan.seats.next_seat
    while True:
        if not hands[seat] & strong:
            return seat
        if seat == last:
            return -1
        seat = next_seat[seat]


def new_hand(plan: RulesPlan, hands: Sequence[int], stock: Sequence[int], seat: int
             ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``seat`` throws its hand in: it is dealt the next cards of ``stock`` (the undealt
    cards, top first); returns the new hands and what is left of the stock."""
    # rule: "the option of turning their cards face up in order to get six new cards if
    # and only if all six of their cards are lower than a Jack" (Serjeant's Muse,
    # everything2): the player's choice (throw in / keep hand), offered again while the
    # new hand is weak and enough cards are left
    k = plan.deal.cards_per_hand
    mask = 0
    for card in stock[:k]:
        mask |= 1 << card
    new_hands = list(hands)
    new_hands[seat] = mask
    return tuple(new_hands), tuple(stock[k:])


def misdealt(players: Sequence[int], scores: Sequence[int], dealer: int, trump: int | None
             ) -> Closed:
    """A weak hand was thrown in as a misdeal (deal.weak_hand_misdeal): the hand is thrown
    in unplayed, nobody scores, and the same dealer deals again."""
    zero = (0,) * len(players)
    result = HandResult(
        dealer=dealer, pitcher=None, bid=None, trump=trump, points={}, made=None,
        moon=False, score_changes=zero, scores=tuple(scores), combo_points=None,
        thrown_in=True, players=tuple(players), tricks_won=zero)
    return Closed(tuple(scores), result, None, None, None, None, dealer)
