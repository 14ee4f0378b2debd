"""A bid to go alone (``auction.alone``): once the auction is won, the pitcher of a
partnership game answers ``go alone`` or ``with partner`` (phase ``alone``). Alone, its
partners' hands sit out: their cards take no part in the hand, and the tricks are played
by the other seats. A made contract played alone scores ``scoring.alone_made_factor``
times its points.

No public Pitch rule text with such a bid was found (searches of rule pages, docs and
code for "alone" with Pitch, Setback, Smear, Cinch and Pedro); the reading follows the
lone hand of Euchre, where the maker's partner sits out and a made lone hand scores
double, and a set is scored as any set. The partners sit out once the hands are final
(after any draw or call), just before the first trick. Pure functions: the engine writes
what they return.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pitchkit.actions import ALONE, WITH_PARTNER, action_spelling
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.fold import seating


def asks(plan_alone: bool, pitcher: int | None, team_of: Sequence[int]) -> bool:
    """Whether the pitcher is asked to go alone: ``auction.alone`` with a pitcher who
    has a partner."""
    if not plan_alone or pitcher is None:
        return False
    side = team_of[pitcher]
    return sum(1 for t in team_of if t == side) > 1


def choose(seat: int, action: int) -> bool:
    """``seat``'s answer: True to go alone; raises IllegalActionError for any other
    action."""
    if action != ALONE and action != WITH_PARTNER:
        raise IllegalActionError(
            f"{seat_name(seat)} must answer go alone or with partner now, not "
            f"{action_spelling(action)}")
    return action == ALONE


class SatOut(NamedTuple):
    """The hand once the pitcher's partners sit out."""

    hands: tuple[int, ...]
    #: the partners' cards, out of play for the hand
    out: int
    #: the seat after each seat in the tricks (the partners skipped), and how many play
    next_seat: tuple[int, ...]
    size: int
    #: who leads the first trick (a partner due to lead passes it on)
    leader: int


def partners_of(team_of: Sequence[int], pitcher: int) -> list[int]:
    """The seats on the pitcher's side but the pitcher."""
    side = team_of[pitcher]
    return [s for s in range(len(team_of)) if s != pitcher and team_of[s] == side]


def sit_out(hands: Sequence[int], team_of: Sequence[int], pitcher: int,
            play_next: Sequence[int], leader: int) -> SatOut:
    """The pitcher plays alone: its partners' cards leave the hand, the tricks skip
    them."""
    new_hands = list(hands)
    out = 0
    for seat in partners_of(team_of, pitcher):
        # rule: the lone player's partner sits out: its cards take no part in the hand
        out |= new_hands[seat]
        new_hands[seat] = 0
    seats = seating(new_hands, play_next, leader)
    return SatOut(tuple(new_hands), out, seats.next_seat, seats.size, seats.leader)


def in_play(dealt: Sequence[int], team_of: Sequence[int], pitcher: int) -> list[int]:
    """The cards in play for scoring when the pitcher played alone: its partners' cards
    were laid aside (not in play for high and low, as cards never dealt)."""
    out = list(dealt)
    for seat in partners_of(team_of, pitcher):
        out[seat] = 0
    return out


def alone_changes(changes: Sequence[int], team_of: Sequence[int], pitcher: int,
                  made: bool | None, factor: int) -> tuple[int, ...]:
    """Score changes of a hand played alone: a made contract scores ``factor`` times the
    points of the pitcher's side (``scoring.alone_made_factor``); a set is unchanged."""
    if not made:
        return tuple(changes)
    side = team_of[pitcher]
    # rule: a made lone hand scores more (Euchre's lone hand: double)
    return tuple(c * factor if team_of[s] == side else c for s, c in enumerate(changes))
