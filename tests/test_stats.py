"""Statistics: the maths against known values, and exact merging of shards."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.errors import UsageError
from pitchkit.stats import (
    Stats,
    chi_square_sf,
    hand_key,
    histogram_quantile,
    merge_all,
    parse_shard,
    two_proportion_p,
    wilson,
)


def test_wilson_interval_matches_the_textbook_value() -> None:
    w = wilson(50, 100)
    assert w["rate"] == 0.5
    assert w["low"] == pytest.approx(0.4038, abs=1e-4)
    assert w["high"] == pytest.approx(0.5962, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one() -> None:
    assert wilson(0, 10)["low"] == 0.0
    assert wilson(10, 10)["high"] == 1.0
    assert wilson(0, 0)["rate"] is None


@pytest.mark.parametrize(("x", "df", "p"), [
    (3.841458820694124, 1, 0.05), (7.814727903251178, 3, 0.05), (0.5, 3, 0.918891411675),
    (30.0, 3, 1.3800570312932553e-06), (11.344866730144373, 3, 0.01), (2.0, 2, math.exp(-1)),
])
def test_chi_square_p_value_matches_known_quantiles(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=1e-6)


def test_two_proportion_test_flags_only_real_differences() -> None:
    p_same = two_proportion_p(500, 1000, 510, 1000)
    assert p_same is not None and p_same > 0.5
    p_diff = two_proportion_p(500, 1000, 600, 1000)
    assert p_diff is not None and p_diff < 1e-5


def test_median_of_a_histogram_is_exact() -> None:
    assert histogram_quantile({1: 1, 2: 1, 3: 1, 10: 1}, 0.5) == 2.5
    assert histogram_quantile({4: 3, 7: 1}, 0.5) == 4
    assert histogram_quantile({}, 0.5) is None


def test_shard_spelling() -> None:
    assert parse_shard("2/5") == (2, 5)
    for bad in ("0/3", "4/3", "x", "1-3"):
        with pytest.raises(UsageError):
            parse_shard(bad)


@dataclass
class FakeHand:
    dealer: int
    pitcher: int | None
    bid: int | str | None
    made: bool | None
    moon: bool
    points: dict[str, tuple[int, ...]] = field(default_factory=dict)
    score_changes: tuple[int, ...] = (0, 0, 0, 0)
    combo_points: tuple[int, ...] | None = None
    thrown_in: bool = False


def _empty(shard: str | None = None) -> Stats:
    return Stats(variant="v", rules_hash="h", seed=1, bots=["a", "b", "a", "b"],
                 team_of=[0, 1, 2, 3], point_names=["high", "low"], has_auction=True,
                 money=True, combinations=False, hands_limit=10, games_requested=30,
                 shards=[shard] if shard else [])


def _fake_game(rng: random.Random) -> dict:
    hands = []
    for _ in range(rng.randint(1, 6)):
        pitcher = rng.choice([None, 0, 1, 2, 3])
        hands.append(FakeHand(
            dealer=rng.randrange(4), pitcher=pitcher,
            bid=None if pitcher is None else rng.choice([2, 3, 4, "moon"]),
            made=None if pitcher is None else rng.random() < 0.6, moon=False,
            points={"high": (rng.randrange(4),), "low": ()} if pitcher is not None else {},
            score_changes=tuple(rng.randint(-4, 4) for _ in range(4))
            if pitcher is not None else (0, 0, 0, 0),
            thrown_in=pitcher is None))
    return {"winners": (rng.randrange(4),), "draw": False, "hands": hands,
            "money": [rng.randint(-300, 300) for _ in range(4)]}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5))
def test_merging_shards_equals_counting_everything_at_once(seed: int, parts: int) -> None:
    games = [_fake_game(random.Random(f"{seed}:{i}")) for i in range(30)]
    whole = _empty()
    for g in games:
        whole.add_game(**g)
    shards = []
    for k in range(1, parts + 1):
        s = _empty(f"{k}/{parts}")
        for i in range(k - 1, 30, parts):
            s.add_game(**games[i])
        shards.append(s)
    random.Random(seed).shuffle(shards)
    merged = merge_all(shards)
    a, b = merged.to_raw(), whole.to_raw()
    for key in ("wall_seconds", "interrupted"):
        a.pop(key), b.pop(key)
    assert a == b
    merged.wall_seconds = whole.wall_seconds = 0
    sa, sb = merged.summary(), whole.summary()
    assert sa == sb


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([1, -1]))
def test_hands_counted_by_key_equal_hands_counted_one_by_one(seed: int, direction: int
                                                            ) -> None:
    """simulate counts a run's hands by their keys and adds them at the end
    (Stats.add_hands, many alike at once): the same counts as each game's hands added
    with the game (Stats.add_game)."""
    # each game three times: hands alike
    games = [_fake_game(random.Random(f"{seed}:{i % 10}")) for i in range(30)]
    whole, by_key = _empty(), _empty()
    counts: Counter = Counter()
    for g in games:
        whole.add_game(**g, direction=direction)
        played = [hand_key(h) for h in g["hands"] if not h.thrown_in]
        by_key.add_game_totals(winners=g["winners"], draw=g["draw"], money=g["money"],
                               played=len(played), thrown_in=len(g["hands"]) - len(played))
        counts.update(played)
    assert max(counts.values()) > 1
    by_key.add_hands(counts.items(), direction)
    assert by_key.to_raw() | {"wall_seconds": 0} == whole.to_raw() | {"wall_seconds": 0}


def test_merge_refuses_the_same_shard_twice() -> None:
    a, b = _empty("1/2"), _empty("1/2")
    with pytest.raises(UsageError, match="counted twice"):
        merge_all([a, b])


def test_merge_refuses_different_runs() -> None:
    a, b = _empty("1/2"), _empty("2/2")
    b.seed = 2
    with pytest.raises(UsageError, match="different seed"):
        merge_all([a, b])


def test_stats_round_trip_through_json_data() -> None:
    s = _empty("1/3")
    for i in range(5):
        s.add_game(**_fake_game(random.Random(i)))
    again = Stats.from_raw(s.to_raw())
    assert again.to_raw() == s.to_raw()
