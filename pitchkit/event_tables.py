"""The engine's shared events: one immutable :class:`Event` per (seat, card) play, per
(seat, card, winner) trick's end and per (seat, action) bid, made once per table size.

A long game's log then holds few objects of its own for the garbage collector to walk.
"""

from __future__ import annotations

from functools import lru_cache

from pitchkit.actions import PASS, TRUMP_BASE
from pitchkit.results import Event


@lru_cache(maxsize=8)
def play_events(n: int) -> tuple[tuple[Event, ...], ...]:
    """``[seat][card]``: the event of a play that does not end a trick (immutable, shared)."""
    return tuple(tuple(Event("action", seat, card) for card in range(54)) for seat in range(n))


@lru_cache(maxsize=8)
def trick_events(n: int) -> tuple[tuple[tuple[Event, ...], ...], ...]:
    """``[seat][card][winner]``: the event of a play that ends a trick but not the hand.

    Shared and immutable, like :func:`play_events`: a long game's log then holds few
    objects of its own for the garbage collector to walk.
    """
    return tuple(tuple(tuple(Event("action", seat, card, None, winner) for winner in range(n))
                       for card in range(54)) for seat in range(n))


BID_EVENTS_END = TRUMP_BASE + 4


@lru_cache(maxsize=8)
def bid_events(n: int) -> tuple[tuple[Event, ...], ...]:
    """``[seat][action - PASS]``: the event of a pass, bid, moon or trump (shared)."""
    return tuple(tuple(Event("action", seat, action) for action in range(PASS, BID_EVENTS_END))
                 for seat in range(n))
