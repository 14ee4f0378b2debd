"""The simulate, merge and compare commands: JSON shape, exact merge, clean errors."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app

runner = CliRunner()

TRIPLE = {"rate", "low", "high"}


def run_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_simulate_json_has_the_keys_other_tools_read() -> None:
    data = run_json("simulate", "auction-pitch", "--games", "8", "--seed", "3",
                    "--bots", "heuristic,random,heuristic,random")
    for key in ("variant", "games", "hands", "seed", "win_rate_by_seat", "win_rate_by_bot",
                "hands_per_game", "hands_per_second"):
        assert key in data
    assert data["variant"] == "auction-pitch"
    assert data["games"] == 8 and data["seed"] == 3
    assert isinstance(data["hands"], int) and data["hands"] >= 8
    assert len(data["win_rate_by_seat"]) == 4
    for triple in data["win_rate_by_seat"]:
        assert set(triple) >= TRIPLE
        assert 0 <= triple["low"] <= triple["rate"] <= triple["high"] <= 1
    assert set(data["win_rate_by_bot"]) == {"heuristic", "random"}
    for triple in data["win_rate_by_bot"].values():
        assert set(triple) >= TRIPLE
    assert {"mean", "median", "sd"} <= set(data["hands_per_game"])
    assert data["hands_per_second"] > 0
    assert {"1", "2"} & set(data["bids"])
    assert set(data["points_to_pitcher"]) == {"high", "low", "jack", "game"}


def test_the_text_report_names_every_section() -> None:
    result = runner.invoke(app, ["simulate", "money-pitch", "--games", "3", "--hands", "4"])
    assert result.exit_code == 0, result.output
    for words in ("win rate by seat", "seat fairness", "hands per game", "bids",
                  "points to the pitcher's side", "money per hand", "moon", "hands per second"):
        assert words in result.stdout
    assert "\x1b[" not in result.stdout  # piped: no colours, no progress bar


def test_shards_merged_on_the_command_line_equal_one_run(tmp_path: Path) -> None:
    common = ["simulate", "partnership-pitch", "--games", "9", "--seed", "5",
              "--bots", "heuristic"]
    whole = run_json(*common)
    files = []
    for k in (1, 2, 3):
        path = tmp_path / f"part{k}.json"
        result = runner.invoke(app, [*common, "--shard", f"{k}/3", "--out", str(path)])
        assert result.exit_code == 0, result.output
        files.append(str(path))
    merged = run_json("merge", *files)
    for data in (merged, whole):
        for key in ("hands_per_second", "seconds"):
            data.pop(key)
        data["raw"].pop("wall_seconds")
    assert merged == whole


def test_merge_refuses_a_shard_given_twice(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    runner.invoke(app, ["simulate", "auction-pitch", "--games", "4", "--bots", "heuristic",
                        "--shard", "1/2", "--out", str(path)])
    result = runner.invoke(app, ["merge", str(path), str(path)])
    assert result.exit_code != 0
    assert "counted twice" in result.output
    assert "Traceback" not in result.output


def test_merge_names_a_file_that_is_not_a_result(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"games": 3}')
    result = runner.invoke(app, ["merge", str(path)])
    assert result.exit_code == 1
    assert "bad.json" in result.output and "raw" in result.output


def test_compare_marks_differences_and_reports_both_variants(tmp_path: Path) -> None:
    out = tmp_path / "c.csv"
    data = run_json("compare", "auction-pitch", "auction-pitch@points.low_goes_to=holder",
                    "--games", "10", "--bots", "heuristic", "--csv", str(out))
    assert [v["variant"] for v in data["variants"]] == [
        "auction-pitch", "auction-pitch@points.low_goes_to=holder"]
    assert data["differences"]
    for diff in data["differences"]:
        assert {"figure", "p_value", "significant"} <= set(diff)
    with open(out, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert {r["variant"] for r in rows} == {"auction-pitch",
                                            "auction-pitch@points.low_goes_to=holder"}


def test_csv_has_one_line_per_figure(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    result = runner.invoke(app, ["simulate", "pimps-and-hoes", "--games", "5",
                                 "--csv", str(out)])
    assert result.exit_code == 0, result.output
    with open(out, newline="") as fh:
        rows = list(csv.DictReader(fh))
    seat1 = [r for r in rows if r["figure"].startswith("seat 1") and
             r["section"] == "win rate by seat"]
    assert len(seat1) == 1 and seat1[0]["kind"] == "rate"


@pytest.mark.parametrize(("args", "words"), [
    (["simulate", "auction-pitch", "--bots", "random,random"], "2 bots given for 4 players"),
    (["simulate", "auction-pitch", "--bots", "nobody"], "unknown bot 'nobody'"),
    (["simulate", "auction-pitch", "--shard", "4/3"], "shard"),
    (["simulate", "no-such-variant"], "no-such-variant"),
    (["compare", "auction-pitch"], "two or more"),
    (["compare", "auction-pitch", "auction-pitch@points.low_goes_to=nobody"], "low_goes_to"),
])
def test_bad_usage_is_one_clear_line(args: list[str], words: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    assert words in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_an_illegal_user_bot_answer_is_one_line_naming_the_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cheater_bot.py").write_text(
        "class Cheater:\n"
        "    def __init__(self, rules, seat, rng):\n        pass\n"
        "    def choose(self, observation, legal_actions):\n        return 0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = runner.invoke(app, ["simulate", "auction-pitch", "--games", "1",
                                 "--bots", "cheater_bot:Cheater"])
    assert result.exit_code == 1
    assert "cheater_bot:Cheater" in result.output and "'play 2S'" in result.output
    assert "Traceback" not in result.output
