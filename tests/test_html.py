"""HTML reports: one self-contained page, charts inline, written atomically and never over
a file without --force; the sample games' scores that the score race draws."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.errors import UsageError
from pitchkit.html import compare_html, rules_html, simulate_html, write_new_file
from pitchkit.load import load_variant
from pitchkit.simulate import simulate
from pitchkit.stats import SAMPLE_GAMES, merge_all

runner = CliRunner()


@pytest.fixture(scope="module")
def run() -> Any:
    return simulate(load_variant("auction-pitch"), games=12, seed=5, bots="heuristic")


def external_references(html: str) -> list[str]:
    """Every src/href that does not point inside the page, and any script or stylesheet link."""
    refs = re.findall(r"""(?:src|href)\s*=\s*["']([^"']*)["']""", html)
    bad = [r for r in refs if not r.startswith("#")]
    bad += re.findall(r"<script[^>]*src|<link[^>]*stylesheet|@import|url\((?!#)", html)
    return bad


def test_a_simulation_page_is_self_contained_with_its_three_charts(run: Any) -> None:
    html = simulate_html(run)
    assert html.startswith("<!DOCTYPE html>")
    assert html.count("<svg") == 3  # win rate by seat, hands per game, score races
    assert external_references(html) == []
    assert "@media print" in html
    assert "A game lasts" in html and "Win rate by seat" in html


def test_the_same_run_gives_the_same_page(run: Any) -> None:
    again = simulate(load_variant("auction-pitch"), games=12, seed=5, bots="heuristic")
    again.wall_seconds = run.wall_seconds  # the speed figure is the only one that varies
    assert simulate_html(again) == simulate_html(run)


def test_a_comparison_page_draws_both_runs_side_by_side(run: Any) -> None:
    other = simulate(load_variant("auction-pitch", ("points.low_goes_to=holder",)), games=12,
                     seed=5, bots="heuristic", variant="low-to-holder")
    html = compare_html([run, other])
    assert html.count("<svg") == 2
    assert external_references(html) == []
    assert "<th>A</th><td>auction-pitch</td>" in html
    assert "<th>B</th><td>low-to-holder</td>" in html


def test_a_rules_page_renders_the_sheet_tables_included() -> None:
    html = rules_html("# x\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<b>raw</b>\n", "x: rules")
    assert "<h1>x</h1>" in html and "<td>1</td>" in html
    assert "<b>raw</b>" not in html  # markup in a sheet is text, not HTML


def test_the_first_games_keep_their_score_after_every_hand(run: Any) -> None:
    assert list(run.sample_scores) == [str(i) for i in range(SAMPLE_GAMES)]
    for scores in run.sample_scores.values():
        assert all(len(s) == 4 for s in scores)
    assert sum(len(s) for s in run.sample_scores.values()) <= run.hands


def test_shards_merge_to_the_same_sample_games(run: Any) -> None:
    rules = load_variant("auction-pitch")
    parts = [simulate(rules, games=12, seed=5, bots="heuristic", shard=f"{k}/3")
             for k in (3, 1, 2)]
    assert merge_all(parts).sample_scores == run.sample_scores


def test_a_page_is_written_atomically_and_never_over_a_file_without_force(
        tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    write_new_file(target, "one")
    with pytest.raises(UsageError, match="exists; add --force"):
        write_new_file(target, "two")
    assert target.read_text() == "one"
    write_new_file(target, "two", force=True)
    assert target.read_text() == "two"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temporary left


@pytest.mark.parametrize("command", [
    ["simulate", "auction-pitch", "--games", "4", "--bots", "heuristic"],
    ["compare", "auction-pitch", "auction-pitch@scoring.target=11", "--games", "4",
     "--bots", "heuristic"],
    ["explain", "money-pitch"],
])
def test_each_command_writes_html_and_refuses_to_overwrite(tmp_path: Path,
                                                           command: list[str]) -> None:
    target = tmp_path / "page.html"
    result = runner.invoke(app, [*command, "--html", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text().startswith("<!DOCTYPE html>")
    again = runner.invoke(app, [*command, "--html", str(target)])
    assert again.exit_code == 2
    assert again.output.strip().splitlines()[-1].endswith(
        f"{target} exists; add --force to overwrite it")
    forced = runner.invoke(app, [*command, "--html", str(target), "--force"])
    assert forced.exit_code == 0, forced.output


def test_a_page_into_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["explain", "auction-pitch", "--html",
                                 str(tmp_path / "no" / "page.html")])
    assert result.exit_code == 1
    assert result.output.startswith("pitchkit: ") and "Traceback" not in result.output


def test_a_page_gets_the_permissions_of_any_new_file(tmp_path: Path) -> None:
    import os

    target = tmp_path / "page.html"
    umask = os.umask(0o022)
    try:
        write_new_file(target, "x")
    finally:
        os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o644
