"""Counts that do not mislead: thrown-in deals apart from hands played, a hard cap on
deals, seats numbered from 1 where people read them (0-based indices in JSON, said so)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.load import load_variant
from pitchkit.report import rows
from pitchkit.simulate import DEALS_PER_HAND, simulate

runner = CliRunner()

PASS_BOT = """
from pitchkit.actions import PASS


class PassBot:
    observes = False

    def __init__(self, rules, seat, rng):
        self.rng = rng

    def choose(self, observation, legal_actions):
        return PASS if PASS in legal_actions else self.rng.choice(list(legal_actions))
"""


@pytest.fixture
def pass_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "passbots.py").write_text(PASS_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "passbots:PassBot"


def test_redeal_with_bots_that_never_bid_is_cut_off_by_the_deal_cap(pass_bot: str) -> None:
    rules = load_variant("auction-pitch", ["auction.when_all_pass=redeal"])
    stats = simulate(rules, games=3, seed=1, bots=pass_bot, hands=5)
    assert stats.games == 3
    assert stats.cut_off == 3
    assert stats.hands == 0
    assert stats.thrown_in == 3 * 5 * DEALS_PER_HAND
    labels = [r.label for r in rows(stats)]
    assert f"games cut off at 5 hands or {5 * DEALS_PER_HAND} deals" in labels


def test_thrown_in_deals_are_not_hands_played() -> None:
    rules = load_variant("auction-pitch", ["auction.when_all_pass=redeal",
                                           "auction.min_bid=3"])
    stats = simulate(rules, games=20, seed=3, bots="heuristic")
    summary = stats.summary()
    assert stats.thrown_in > 0
    played = sum(int(k) * v for k, v in stats.hands_hist.items())
    assert played == stats.hands == summary["hands"]
    assert summary["deals_thrown_in"] == stats.thrown_in
    assert summary["hands_per_game"]["mean"] == pytest.approx(stats.hands / stats.games)
    # every hand played has a pitcher: the per-position pitch rates add up to one
    pitched = [p["pitched"]["rate"] for p in summary["by_dealer_position"]]
    assert sum(pitched) == pytest.approx(1.0)
    by_label = {(r.section, r.label): r for r in rows(stats)}
    thrown = by_label[("deals thrown in", "deals thrown in (everyone passed), of all deals")]
    assert (thrown.successes, thrown.trials) == (stats.thrown_in, stats.thrown_in + stats.hands)


def test_report_numbers_seats_from_one_and_json_says_it_counts_from_zero() -> None:
    result = runner.invoke(app, ["simulate", "auction-pitch", "--games", "2", "--bots",
                                 "random"])
    assert result.exit_code == 0, result.output
    assert "seat 1 (random)" in result.output and "seat 4 (random)" in result.output
    assert "seat 0" not in result.output
    data: dict[str, Any] = json.loads(runner.invoke(
        app, ["simulate", "auction-pitch", "--games", "2", "--json"]).output)
    assert data["seats_counted_from"] == 0
    assert len(data["win_rate_by_seat"]) == 4


def test_rules_sheet_numbers_seats_from_one() -> None:
    result = runner.invoke(app, ["explain", "partnership-pitch", "--set",
                                 "deal.first_dealer=0"])
    assert result.exit_code == 0, result.output
    assert "seats 1 and 3; 2 and 4" in result.output
    assert "Seat 1 (first_dealer: 0, counting from 0) deals first" in result.output
