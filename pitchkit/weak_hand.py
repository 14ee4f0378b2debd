"""deal.weak_hand_below: the throw-in phase, its record and its step, pure functions of
the hand's deal.

A seat whose hand is weak throws it in (and is dealt the next cards of the stock) or
keeps it; then the next seat round to the dealer whose hand is weak decides, or the
auction begins. The phase keeps its own record, a :class:`ThrowInState`; the engine
applies what :func:`begin` and :func:`step` return.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from pitchkit import dealing
from pitchkit.actions import KEEP_HAND, THROW_IN, action_spelling
from pitchkit.draw import DrawState
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.plan import RulesPlan
from pitchkit.play import cards_list


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


def begin(plan: RulesPlan, dealt: Sequence[int], stock: tuple[int, ...], dealer: int
          ) -> tuple[ThrowInState, int]:
    """The hand is dealt, ``stock`` left over: the record, and the first seat from the
    dealer's left whose hand is weak (-1: none, the auction begins)."""
    if not plan.deal.weak_hand_below or not (stock or plan.deal.weak_hand_misdeal):
        return NO_THROW_IN, -1
    seat = dealing.weak_seat(plan, dealt, len(stock), plan.seats.next_seat[dealer], dealer)
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
        dealt, stock = dealing.throw_in(plan, dealt, stock, seat)
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
    nxt = -1 if start < 0 else dealing.weak_seat(plan, dealt, len(stock), start, dealer)
    return ThrowInStep(tuple(dealt), ThrowInState(stock, thrown), draw_state, out, nxt)
