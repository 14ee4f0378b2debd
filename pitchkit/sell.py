"""Selling the pitch (``auction.style: sell``, Commercial Pitch): the eldest hand sells
the right to pitch to the highest bidder, or refuses and pitches for that bid.

The others bid once each, from the player after the eldest round to the dealer; then
the eldest decides (``sell`` or ``refuse``). Pure functions; the auction applies them.

Readings chosen where the sources are silent (named in ``explain``):

- The seller's price is added to their side's score with the hand's score (pitchkit
  scores a hand at its end; "immediately" changes nothing else).
- When everyone passes there is nobody to sell to: the eldest pitches for the lowest bid
  (``auction.when_all_pass: redeal`` throws the hand in instead).
"""

from __future__ import annotations

from typing import NamedTuple

from pitchkit.actions import REFUSE, SELL


class Sale(NamedTuple):
    """The end of a sell auction: the pitcher, the contract, and the price the seller
    scores (0: nothing sold)."""

    pitcher: int
    bid: int
    seller: int
    price: int


def first_bidder(dealer: int, bid_next: tuple[int, ...]) -> int:
    """The eldest hand sells: the bidding starts with the player after it."""
    return bid_next[bid_next[dealer]]


def round_over(turns: int, seats: int) -> bool:
    """Every player but the eldest has bid or passed."""
    return turns >= seats - 1


def decide(eldest: int, action: int, high: int, high_bidder: int) -> Sale | None:
    """The eldest's answer to the high bid; None if ``action`` is neither."""
    if action == SELL:
        # rule: "Eldest hand immediately scores the amount of the bid" (Commercial Pitch)
        return Sale(high_bidder, high, eldest, high)
    if action == REFUSE:
        # rule: "Eldest hand may refuse to sell ... in which case eldest hand must win at
        # least as many points or is set back" (Commercial Pitch)
        return Sale(eldest, high, eldest, 0)
    return None


def nobody_bid(eldest: int, min_bid: int) -> Sale:
    """Everyone passed: the eldest pitches for the lowest bid (see the readings)."""
    return Sale(eldest, min_bid, eldest, 0)


def with_sale(changes: tuple[int, ...], team_of: tuple[int, ...], seller: int,
              price: int) -> tuple[int, ...]:
    """A hand's score changes plus the price the eldest sold the pitch for, to the
    seller's side (the engine's hand, and ``pitchkit keep``)."""
    side = team_of[seller]
    # rule: "Eldest hand immediately scores the amount of the bid" (Commercial Pitch)
    return tuple(c + price if team_of[s] == side else c for s, c in enumerate(changes))
