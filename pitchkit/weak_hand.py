"""deal.weak_hand_below: the throw-in phase's step, a pure function of the hand's deal.

A seat whose hand is weak throws it in (and is dealt the next cards of the stock) or
keeps it; then the next seat round to the dealer whose hand is weak decides, or the
auction begins. The engine applies what :func:`step` returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from pitchkit import dealing
from pitchkit.actions import THROW_IN
from pitchkit.draw import DrawState
from pitchkit.plan import RulesPlan
from pitchkit.play import cards_list


class ThrowInStep(NamedTuple):
    """One decision of the throw-in phase, for the engine to apply."""

    #: the hands as dealt, after this decision
    dealt: tuple[int, ...]
    #: the undealt cards new hands come from, top first
    stock: tuple[int, ...]
    #: the hands thrown in so far (seat, cards), shown to everyone
    thrown: tuple[tuple[int, int], ...]
    #: the draw's record, its pack with the shown hands under it (None: no draw)
    draw: DrawState | None
    #: cards now out of play for the hand (a thrown-in hand where there is no draw)
    out: int
    #: the next seat to decide, or -1: the auction begins
    next_seat: int


def step(plan: RulesPlan, dealt: Sequence[int], stock: tuple[int, ...],
         thrown: tuple[tuple[int, int], ...], draw_state: DrawState | None, dealer: int,
         seat: int, action: int) -> ThrowInStep:
    """``seat`` throws its weak hand in (``action`` THROW_IN) or keeps it (KEEP_HAND)."""
    start = seat
    out = 0
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
    return ThrowInStep(tuple(dealt), stock, thrown, draw_state, out, nxt)

