"""The draw's record as the observation reads it (pitchkit.draw), clause by clause: the
clauses mutate.py showed no fast test pinned."""

from __future__ import annotations

from pitchkit import draw


def test_the_cards_in_no_hand_are_the_pack_the_kitty_and_the_discards() -> None:
    state = draw.DrawState(pack=(3, 1), kitty=1 << 7)
    assert draw.set_aside(state, 1 << 9) == {"pack": 0b1010, "kitty": 1 << 7,
                                             "discarded": 1 << 9}


def test_without_a_draw_no_card_is_in_the_pack_or_the_kitty() -> None:
    assert draw.set_aside(None, 1 << 9) == {"pack": 0, "kitty": 0, "discarded": 1 << 9}


def test_before_the_draw_begins_a_seat_has_drawn_nothing() -> None:
    assert draw.view(draw.DrawState(pack=(3, 1)), None, 2) == (None, 0, ())
