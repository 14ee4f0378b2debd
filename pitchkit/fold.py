"""Trumps-only play (``play.trumps_only``, Pidro): only trumps are played; a player out of
trumps folds for the rest of the hand and the lead passes on.

The phase's state is the seating of each trick: which seats still hold a trump, in
order of play. It changes only between tricks (a seat runs out of trumps only by playing
its last one), so a trick is played as usual among the seats still in. Pure functions:
the engine writes what they return.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Seating(NamedTuple):
    """The seats in the next trick: the seat after each (folded seats are skipped), how
    many play, and who leads (-1: nobody holds a card, the hand is over)."""

    next_seat: tuple[int, ...]
    size: int
    leader: int


def drop_non_trumps(hands: Sequence[int], trumps: int) -> tuple[tuple[int, ...], int]:
    """When play begins: each hand keeps only its trumps; returns (hands, cards dropped).

    rule: "Only the chosen suit can be played. Other cards are meaningless" (Pidro)
    """
    dropped = 0
    for hand in hands:
        dropped |= hand & ~trumps
    return tuple(hand & trumps for hand in hands), dropped


def seating(hands: Sequence[int], play_next: Sequence[int], leader: int) -> Seating:
    """The seating for the next trick, ``leader`` (the pitcher, or the last trick's
    winner) leading if still in, else the next seat that is.

    rule: "If you don't have a card of the chosen suit, place your remaining cards face
    up on the table. You are now ... 'cold'" (Pidro); the lead passes to the left
    """
    n = len(hands)
    active = [s for s in range(n) if hands[s]]
    if not active:
        return Seating(tuple(play_next), 0, -1)
    nxt = list(play_next)
    for seat in range(n):
        following = play_next[seat]
        while not hands[following]:
            following = play_next[following]
        nxt[seat] = following
    if not hands[leader]:
        leader = nxt[leader]
    return Seating(tuple(nxt), len(active), leader)
