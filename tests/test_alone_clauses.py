"""Going alone (pitchkit.alone), clause by clause, on its pure functions: who is asked,
whose cards sit out and what a made lone hand scores: the clauses mutate.py showed no
test pinned. Sides as the plan seats them (seat % teams): 2x2 is (0, 1, 0, 1)."""

from __future__ import annotations

from pitchkit import alone

TWO_BY_TWO = (0, 1, 0, 1)
SOLO = (0, 1, 2, 3)


def test_only_a_pitcher_with_a_partner_is_asked_to_go_alone() -> None:
    assert alone.asks(True, 2, TWO_BY_TWO)
    # rule: a pitcher alone on its side has no partner to leave out
    assert not alone.asks(True, 2, SOLO)
    assert not alone.asks(True, 0, (0, 1, 1))
    assert not alone.asks(False, 2, TWO_BY_TWO)
    assert not alone.asks(True, None, TWO_BY_TWO)


def test_the_partners_cards_are_not_in_play_for_scoring() -> None:
    """alone.in_play: the partner's hand counts as never dealt (high and low among the
    cards of the seats that played), every other hand as dealt."""
    dealt = [0b0011, 0b0100, 0b1000, 0b1_0000]
    assert alone.in_play(dealt, TWO_BY_TWO, 0) == [0b0011, 0b0100, 0, 0b1_0000]
    assert alone.in_play(dealt, TWO_BY_TWO, 1) == [0b0011, 0b0100, 0b1000, 0]
    assert dealt == [0b0011, 0b0100, 0b1000, 0b1_0000]  # the hand's own record unchanged
