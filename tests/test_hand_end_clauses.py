"""The end of a hand (pitchkit.hand_end), clause by clause, on its pure functions: the
record of a hand played out: the clauses mutate.py showed no test pinned."""

from __future__ import annotations

from pitchkit.call import CallState
from pitchkit.hand_end import hand_result
from pitchkit.results import HandResult

SCORED = ({"high": (0,), "low": (1,)}, True, None, (1, 1, 0, 0), None, (1, 1, 0, 0))


def result_with(called: CallState | None) -> HandResult:
    return hand_result(3, 2, 2, False, 0, SCORED, (1, 1, 0, 0), (10, 11, 12, 13),
                       (2, 3, 1, 0), called)


def test_the_record_names_the_called_partner_whatever_its_seat() -> None:
    """call.partner: the seat that holds the called card, seat 0 too; nobody holding it
    (the pitcher alone, -1) or no call: None."""
    assert result_with(CallState(card=5, partner=0)).partner == 0
    assert result_with(CallState(card=5, partner=1)).partner == 1
    assert result_with(CallState(card=5, partner=-1)).partner is None
    assert result_with(None).partner is None


def test_the_record_of_a_hand_played_out() -> None:
    """A hand played out is never thrown in; a moon is recorded as the bid "moon"."""
    result = result_with(None)
    assert (result.dealer, result.pitcher, result.bid, result.trump) == (3, 2, 2, 0)
    assert (result.points, result.made, result.moon) == (SCORED[0], True, False)
    assert (result.score_changes, result.scores) == ((1, 1, 0, 0), (1, 1, 0, 0))
    assert (result.combo_points, result.thrown_in) == (None, False)
    assert (result.players, result.tricks_won) == ((10, 11, 12, 13), (2, 3, 1, 0))
    moon = hand_result(3, 2, 2, True, 0, SCORED, (1, 1, 0, 0), (10, 11, 12, 13),
                       (2, 3, 1, 0), None)
    assert (moon.bid, moon.moon) == ("moon", True)
