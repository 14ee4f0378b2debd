"""Trumps-only play's seating (pitchkit.fold), clause by clause, on its pure functions:
which cards are dropped, who sits in each trick and who leads it: the clauses mutate.py
showed no test pinned. Four seats, each followed by the next (0 -> 1 -> 2 -> 3 -> 0)."""

from __future__ import annotations

from pitchkit import fold

PLAY_NEXT = (1, 2, 3, 0)


def test_each_hand_keeps_only_its_trumps_and_the_rest_is_dropped() -> None:
    # rule: "Only the chosen suit can be played. Other cards are meaningless" (Pidro)
    trumps = 0b1111
    kept, dropped = fold.drop_non_trumps([0b1_0001, 0b10_0000, 0b0110, 0], trumps)
    assert kept == (0b0001, 0, 0b0110, 0)
    assert dropped == 0b11_0000


def test_a_seat_out_of_trumps_is_skipped_and_the_lead_passes_on() -> None:
    # seat 1 folds: seat 0 is followed by seat 2; seat 1, due to lead, passes it to seat 2
    seats = fold.seating([1, 0, 1, 1], PLAY_NEXT, 1)
    assert seats == fold.Seating((2, 2, 3, 0), 3, 2)
    # two folded seats in a row are both skipped
    assert fold.seating([1, 0, 0, 1], PLAY_NEXT, 3) == fold.Seating((3, 3, 3, 0), 2, 3)


def test_a_leader_still_in_keeps_the_lead() -> None:
    assert fold.seating([1, 1, 1, 1], PLAY_NEXT, 2) == fold.Seating(PLAY_NEXT, 4, 2)


def test_nobody_holding_a_trump_ends_the_hand() -> None:
    """No trick is left: nobody sits in it and nobody leads (-1)."""
    assert fold.seating([0, 0, 0, 0], PLAY_NEXT, 1) == fold.Seating(PLAY_NEXT, 0, -1)
