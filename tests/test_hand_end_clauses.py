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
