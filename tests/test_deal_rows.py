"""The compiled deal of many worlds (pitchkit.bots.deal_rows) deals each world as
draw_world deals one (pitchkit.bots.worlds.take_allowed, in the same order of cards), on
random deals."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots.deal_rows import deal_rows
from pitchkit.bots.worlds import take_allowed


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[list[int]], list[int], list[int], list[int],
                                     list[int], int]:
    """Free cards, a few orders of them, the seats dealt with their needs and barred
    cards, every seat's cards already known, and the trumps kept (0: all)."""
    free = draw(st.lists(st.integers(0, 53), min_size=1, max_size=30, unique=True))
    orders = draw(st.lists(st.permutations(range(len(free))), min_size=1, max_size=4))
    n = draw(st.integers(2, 6))
    seats = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n - 1, unique=True))
    need = [draw(st.integers(0, len(free) // len(seats))) for _ in seats]
    pool = sum(1 << c for c in free)
    barred = [draw(st.integers(0, (1 << 54) - 1)) & pool if draw(st.booleans()) else 0
              for _ in seats]
    base = [draw(st.integers(0, (1 << 54) - 1)) & ~pool for _ in range(n)]
    keep = draw(st.sampled_from([0, 0x1FFF, 0x1FFF << 13 | 3 << 52]))
    return free, orders, seats, need, barred, base, keep


@settings(max_examples=300, deadline=None)
@given(deal=deals())
def test_each_world_is_dealt_as_draw_world_deals_one(deal: tuple[
        list[int], list[list[int]], list[int], list[int], list[int], list[int], int]) -> None:
    free, orders, seats, need, barred, base, keep = deal
    out, ok = deal_rows(np.array(orders, np.intp).reshape(len(orders), len(free)),
                        np.array([1 << c for c in free], np.uint64),
                        np.array(base, np.uint64), np.array(seats, np.intp),
                        np.array(need, np.intp), np.array(barred, np.uint64), np.uint64(keep))
    for row, order in enumerate(orders):
        rest = [free[i] for i in order]
        world = list(base)
        cornered = False
        for seat, want, banned in zip(seats, need, barred, strict=True):
            taken = take_allowed(rest, want, banned)
            if taken is None:
                cornered = True
                break
            mask, rest = taken
            world[seat] |= mask & keep if keep else mask
        assert bool(ok[row]) is not cornered
        if not cornered:
            assert out[row].tolist() == world
