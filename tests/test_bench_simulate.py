"""``benchmarks/bench_simulate.py`` measures the same work sliced as unsliced: the
slices of a kind, played in order, are exactly its unsliced run (the same games, the
same hands), so interleaving the kinds in slices changes only when each part runs."""

from __future__ import annotations

import random

import pytest

from tests.bench_helpers import BENCHMARKS, load_benchmark

BENCH = load_benchmark("bench_simulate")


@pytest.mark.parametrize("slices", [1, 3, 7])
def test_baseline_slices_are_the_unsliced_hands(slices: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import baseline_hardcoded  # type: ignore[import-not-found]

    real = baseline_hardcoded.play_hand
    seen: list[tuple[int, int, bool]] = []

    def play_hand(rng: random.Random, dealer: int) -> tuple[int, int, bool]:
        seen.append(real(rng, dealer))
        return seen[-1]

    monkeypatch.setattr(baseline_hardcoded, "play_hand", play_hand)
    size = 50
    play = BENCH.slicer("baseline", size, slices)
    assert sum(play(k) for k in range(slices)) == size
    rng = random.Random(1)
    assert seen == [real(rng, i % 4) for i in range(size)]


def test_baseline_slices_out_of_order_are_refused() -> None:
    play = BENCH.slicer("baseline", 20, 4)
    play(0)
    with pytest.raises(AssertionError):
        play(2)


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_simulate_slices_are_the_unsliced_games(kind: str) -> None:
    sliced = BENCH.slicer(kind, 6, 4)
    whole = BENCH.slicer(kind, 6, 1)
    assert sum(sliced(k) for k in range(4)) == whole(0)
