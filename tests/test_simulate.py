"""Simulation runs: determinism, workers, shards, interruption, same deals across variants."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pitchkit.bots import parse_bots
from pitchkit.load import load_variant
from pitchkit.simulate import Setup, compare, play_game, simulate
from pitchkit.stats import Stats, merge_all


def exact(stats: Stats) -> dict[str, Any]:
    """The result without the wall-clock timing, which differs between any two runs."""
    raw = stats.to_raw()
    raw.pop("wall_seconds")
    raw.pop("interrupted")
    return raw


@pytest.fixture(scope="module")
def auction() -> Any:
    return load_variant("auction-pitch")


def test_the_same_seed_gives_the_same_numbers(auction: Any) -> None:
    a = simulate(auction, games=12, seed=5, bots="heuristic,random,heuristic,random")
    b = simulate(auction, games=12, seed=5, bots="heuristic,random,heuristic,random")
    assert exact(a) == exact(b)
    c = simulate(auction, games=12, seed=6, bots="heuristic,random,heuristic,random")
    assert exact(c) != exact(a)


def test_the_number_of_workers_does_not_change_the_numbers(auction: Any) -> None:
    one = simulate(auction, games=24, seed=11, bots="heuristic", workers=1)
    two = simulate(auction, games=24, seed=11, bots="heuristic", workers=2)
    assert exact(one) == exact(two)
    assert one.games == two.games == 24


def test_shards_merged_equal_one_run(auction: Any) -> None:
    whole = simulate(auction, games=20, seed=3, bots="heuristic")
    shards = [simulate(auction, games=20, seed=3, bots="heuristic", shard=f"{k}/3")
              for k in (3, 1, 2)]
    assert sum(s.games for s in shards) == 20
    merged = merge_all(shards)
    assert merged.shards == []
    assert exact(merged) == exact(whole)


def test_money_games_are_played_for_the_given_number_of_hands() -> None:
    rules = load_variant("money-pitch")
    stats = simulate(rules, games=6, seed=1, bots="heuristic", hands=9)
    assert stats.hands == 6 * 9
    assert stats.hands_hist == {"9": 6}
    summary = stats.summary()
    # money is zero-sum: what the seats win per hand adds up to nothing
    assert sum(stats.money_sum) == 0
    assert len(summary["money_per_hand"]) == 4
    assert stats.cut_off == 0


def test_pimps_and_hoes_ties_are_replayed_not_counted_as_draws() -> None:
    rules = load_variant("pimps-and-hoes")
    stats = simulate(rules, games=60, seed=2, bots="random")
    assert stats.draws == 0
    assert stats.hands == stats.games + stats.replays
    assert sum(stats.seat_wins) == stats.games


def test_ctrl_c_reports_the_games_finished(auction: Any) -> None:
    def interrupt_after_five(done: int, total: int) -> None:
        if done >= 5:
            raise KeyboardInterrupt

    stats = simulate(auction, games=50, seed=1, bots="heuristic",
                     progress=interrupt_after_five)
    assert stats.interrupted
    assert stats.games == 5
    assert stats.summary()["complete"] is False


def test_ctrl_c_with_workers_stops_cleanly(auction: Any) -> None:
    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    stats = simulate(auction, games=400, seed=1, bots="heuristic", workers=2,
                     progress=interrupt)
    assert stats.interrupted
    assert 0 < stats.games < 400


def test_variants_that_deal_alike_get_the_same_deals(auction: Any) -> None:
    holder = load_variant("auction-pitch", ["points.low_goes_to=holder"])
    deals = []
    for rules in (auction, holder):
        setup = Setup(rules=rules, seed=9, bots=tuple(parse_bots("heuristic", 4)),
                      hand_limit=3, endless=False)
        bots = [spec.make(rules, s, random.Random(f"9:0:seat{s}"))
                for s, spec in enumerate(setup.bots)]
        game, _ = play_game(setup, "9:0", bots)
        deals.append([e.detail for e in game.events if e.kind == "deal"])
    assert deals[0] == deals[1]
    assert len(deals[0]) == 3


def test_compare_runs_each_variant_on_the_same_seeds(auction: Any) -> None:
    holder = load_variant("auction-pitch", ["points.low_goes_to=holder"])
    a, b = compare([("a", auction), ("b", holder)], games=10, seed=4, bots="heuristic")
    assert a.variant == "a" and b.variant == "b"
    assert a.games == b.games == 10
    assert a.seed == b.seed


def test_staged_play_and_replays_are_the_same_on_two_workers() -> None:
    rules = load_variant("pimps-and-hoes")
    one = simulate(rules, games=40, seed=12, bots="heuristic,random")
    two = simulate(rules, games=40, seed=12, bots="heuristic,random", workers=2)
    assert exact(one) == exact(two)


def test_money_seats_are_fair_under_random_bots() -> None:
    rules = load_variant("money-pitch")
    stats = simulate(rules, games=400, seed=17, bots="random", hands=12)
    summary = stats.summary()
    assert summary["seat_fairness"]["p_value"] > 0.001
    for seat in summary["money_per_hand"]:
        # nobody wins money by sitting somewhere: within 3.3 standard errors (99.9%)
        standard_error = (seat["high"] - seat["mean"]) / 1.959963984540054
        assert abs(seat["mean"]) < 3.3 * standard_error, seat
