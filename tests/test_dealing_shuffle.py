"""The deal's shuffle draws as ``random.shuffle``: the same cards in the same order, and
the generator left in the same state (the game's later draws are the same)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from pitchkit import dealing
from pitchkit.seeded import SeededOnUse


@given(st.integers(0, 2**64), st.integers(1, 54))
def test_shuffled_is_random_shuffle(seed: int, size: int) -> None:
    deck = list(range(54 - size, 54))
    expected = list(deck)
    theirs = random.Random(seed)
    theirs.shuffle(expected)
    mine = random.Random(seed)
    assert dealing.shuffled(deck, mine) == expected
    assert mine.getstate() == theirs.getstate()


def test_the_inlined_loop_is_in_use() -> None:
    """On this Python the inlined draws are this shuffle's (checked at import)."""
    assert dealing._SHUFFLE_INLINED


def test_another_generator_shuffles_by_its_own_method() -> None:
    expected = list(range(52))
    random.Random("s").shuffle(expected)
    assert dealing.shuffled(range(52), SeededOnUse("s")) == expected
