"""``pitchkit score``: the table-side counter, as a user runs it."""

from __future__ import annotations

import json

from typer.testing import CliRunner, Result

from pitchkit.cli import app

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, ["score", *args])


def test_score_worked_example_text() -> None:
    result = run("pimps-and-hoes", "--captured", "AS QH QD KC JS TS 7H")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("kept (7 of 7, best 7): AS KC QD QH JS TS 7H")
    assert lines[-1].split() == ["total", "37"]
    assert "AS+QH" in result.output and "AS+KC" in result.output


def test_score_json_has_total() -> None:
    result = run("pimps-and-hoes", "--captured", "AS QH QD KC JS 10S 7H", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 37
    assert sorted(u["points"] for u in data["combinations"]) == [4, 5, 8, 10, 10]
    assert data["kept"] == ["AS", "KC", "QD", "QH", "JS", "TS", "7H"]


def test_score_keeps_best_seven() -> None:
    result = run("pimps-and-hoes-4p", "--captured", "2C 3C AS QH QD KC JS TS 7H", "--json")
    data = json.loads(result.output)
    assert len(data["kept"]) == 7 and "2C" not in data["kept"] and data["total"] == 37


def test_score_set_overrides_the_table() -> None:
    result = run("pimps-and-hoes", "--captured", "AS QH KD", "--set", "combinations.keep=2",
                 "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 18


def test_score_points_variant_counts_game_points() -> None:
    result = run("auction-pitch", "--captured", "AS TD 2C JH", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["method"] == "points" and data["total"] == 15


def test_score_bad_card_one_line() -> None:
    result = run("pimps-and-hoes", "--captured", "AS XX")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "pitchkit: --captured: 'XX' is not a card (rank A K Q J T 9..2, then suit S H D C)"]


def test_score_duplicate_and_joker_refused() -> None:
    twice = run("pimps-and-hoes", "--captured", "AS as")
    assert twice.exit_code == 1 and "listed twice" in twice.output
    joker = run("pimps-and-hoes", "--captured", "BJ")
    assert joker.exit_code == 1 and "no jokers" in joker.output
    assert "Traceback" not in twice.output + joker.output


def test_score_unknown_variant_exits_1() -> None:
    result = run("no-such-variant", "--captured", "AS")
    assert result.exit_code == 1 and "Traceback" not in result.output
