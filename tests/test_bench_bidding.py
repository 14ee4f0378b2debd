"""The bids table of ``benchmarks/bench_bidding.py``: every calibrated seat's last bid of
a hand is set against what that hand did to its side's score, and ``--explore`` turns
bids into passes."""

from __future__ import annotations

from pitchkit.load import load_variant
from tests.bench_helpers import load_benchmark

BENCH = load_benchmark("bench_bidding")


def _kinds(rows: dict[tuple[str, str], list[float]]) -> dict[str, float]:
    return {kind: row[0] for (band, kind), row in rows.items() if band == "all"}


def test_every_seat_of_every_contract_is_counted_once_and_the_pitcher_as_won() -> None:
    rules = load_variant("auction-pitch")
    rows = BENCH.decision_rows(rules, 2, "t")
    kinds = _kinds(rows)
    won = sum(count for kind, count in kinds.items() if kind.startswith("won"))
    # each contract: its pitcher won it or was the dealer forced to bid, and every seat's
    # last bid of the hand is counted once (a hand matched to another's bids fails here)
    assert won > 0
    assert sum(kinds.values()) == rules.players.count * (won + kinds.get("forced", 0))
    # the band rows add up to the "all" rows
    for kind, count in kinds.items():
        assert sum(row[0] for (band, k), row in rows.items()
                   if band != "all" and k == kind) == count


def test_explore_turns_every_bid_that_may_pass_into_a_pass() -> None:
    rules = load_variant("auction-pitch")
    kinds = _kinds(BENCH.decision_rows(rules, 2, "t", explore=1.0))
    assert set(kinds) <= {"pass", "pass (explored)", "forced"}
    assert kinds["pass (explored)"] > 0
