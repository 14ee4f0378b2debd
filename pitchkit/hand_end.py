"""The end of a hand: its score change and its record, pure functions of how the hand
went. The engine applies what they return (the scores, the money ledger, the log).

:func:`hand_score` is scoring proper (:func:`pitchkit.scoring.score_parts`) with the
sides of this hand (a called partner joins the pitcher's) and a sold pitch's price;
settling the game (:func:`pitchkit.settle.settle_parts`) then reads the scores before
the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pitchkit.alone import alone_changes, in_play
from pitchkit.call import CallState, hand_teams
from pitchkit.plan import RulesPlan
from pitchkit.results import HandResult
from pitchkit.scoring import score_parts
from pitchkit.sell import with_sale


def hand_score(plan: RulesPlan, trump: int | None, dealer: int, pitcher: int | None,
               bid: int | None, moon: bool, called: CallState | None,
               sale: tuple[int, int] | None, dealt: Sequence[int], captured: Sequence[int],
               tricks_won: Sequence[int], last_winner: int | None, alone: bool = False
               ) -> tuple[Any, ...]:
    """The score of a hand played out: (points, made, moon_made, score changes, combo
    points, points won), from the cards each seat was dealt (``dealt``) and captured, the
    tricks it won, the contract (``pitcher``, ``bid``, ``moon``), a called partner and a
    sale (``sale``: seller and price), and a contract played alone (``alone``)."""
    team_of = plan.seats.team_of
    sides = team_of
    if called is not None and pitcher is not None:
        # rule: the pitcher and the holder of the called card score as one side (call.py)
        sides = hand_teams(team_of, pitcher, called)
    if alone and pitcher is not None:
        dealt = in_play(dealt, team_of, pitcher)  # the partners' cards were laid aside
    scored = score_parts(plan.scoring, trump, dealer, sides, pitcher, bid, moon, dealt,
                         captured, tricks_won, last_winner)
    if sale is None and not alone:
        return scored
    points, made, moon_made, changes, combo, won = scored
    if sale is not None:
        changes = with_sale(changes, team_of, *sale)
    if alone and pitcher is not None:
        # auction.alone: a made contract played alone scores more (pitchkit.alone)
        changes = alone_changes(changes, team_of, pitcher, made,
                                plan.rules.scoring.alone_made_factor)
    return points, made, moon_made, changes, combo, won


def hand_result(dealer: int, pitcher: int | None, bid: int | None, moon: bool,
                trump: int | None, scored: tuple[Any, ...], scores: tuple[int, ...],
                players: Sequence[int], tricks_won: Sequence[int],
                called: CallState | None) -> HandResult:
    """The :class:`HandResult` of a hand played out; ``scored`` is :func:`hand_score`'s
    answer, ``scores`` the scores after it."""
    points, made, _moon_made, changes, combo, _won = scored
    # common small tuples shared between hands: fewer objects for the collector to walk
    shared = _SHARED
    if len(shared) > 4096:
        shared.clear()
    changes = shared.setdefault(changes, changes)
    won = tuple(tricks_won)
    won = shared.setdefault(won, won)
    seated = tuple(players)
    seated = shared.setdefault(seated, seated)
    # a frozen dataclass filled in directly (its __init__ costs ~1.5 us a hand): its
    # attributes' dictionary given whole, not copied in
    result = _new_object(HandResult)
    _set_attribute(result, "__dict__", {
        "dealer": dealer, "pitcher": pitcher,
        "bid": "moon" if moon else bid, "trump": trump, "points": points,
        "made": made, "moon": moon, "score_changes": changes, "scores": scores,
        "combo_points": combo, "thrown_in": False, "players": seated,
        "tricks_won": won,
        "partner": None if called is None or called.partner < 0 else called.partner,
    })
    return result


_new_object = object.__new__
_set_attribute = object.__setattr__
#: Score changes, tricks won and players seen lately (tuples of ints), shared by equal
#: values.
_SHARED: dict[tuple[int, ...], tuple[int, ...]] = {}
