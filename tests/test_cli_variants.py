"""The variant commands: exit codes, --json, show/explain/diff/new/schema, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
import yaml
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.cli_common import fail, load_rules_or_exit, run_safely
from pitchkit.errors import RecordError, UsageError, VariantError
from pitchkit.explain import explain_rules
from pitchkit.load import load_schema, load_variant, shipped_variants

runner = CliRunner()
HERE = Path(__file__).parent
BAD = HERE / "variants_bad"
GOOD = HERE / "variants_good"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def test_validate_a_shipped_variant_exits_0() -> None:
    code, out, _ = run("validate", "auction-pitch")
    assert (code, out) == (0, "auction-pitch: ok\n")


def test_validate_several_with_one_bad_exits_1() -> None:
    bad = str(BAD / "min-bid-zero.yaml")
    code, out, _ = run("validate", "auction-pitch", bad)
    assert code == 1
    assert "auction-pitch: ok" in out
    assert "min-bid-zero.yaml:4:3: auction.min_bid: 0 is less than the minimum of 1" in out


def test_validate_without_arguments_is_bad_usage() -> None:
    assert run("validate")[0] == 2


def test_validate_unknown_option_is_bad_usage() -> None:
    assert run("validate", "--nope", "auction-pitch")[0] == 2


def test_validate_json_shape() -> None:
    bad = str(BAD / "enum-typo.yaml")
    code, out, _ = run("validate", "--json", "money-pitch", bad)
    assert code == 1
    report = json.loads(out)
    assert report["valid"] is False
    ok, wrong = report["variants"]
    assert (ok["variant"], ok["valid"], ok["problems"]) == ("money-pitch", True, [])
    assert ok["notes"][0]["path"] == "scoring.target"
    problem = wrong["problems"][0]
    assert set(problem) == {"file", "line", "column", "path", "message", "text"}
    assert (problem["line"], problem["column"], problem["path"]) == (4, 3, "points.high_goes_to")
    assert problem["file"].endswith("enum-typo.yaml")


def test_validate_json_all_valid_exits_0() -> None:
    code, out, _ = run("validate", "--json", *(str(p) for p in sorted(GOOD.glob("*.yaml"))))
    assert code == 0
    assert json.loads(out)["valid"] is True


def test_validate_with_set_reports_the_override() -> None:
    code, out, _ = run("validate", "auction-pitch", "--set", "scoring.target=abc")
    assert code == 1
    assert out.strip() == ("--set scoring.target=abc: scoring.target: 'abc' is not an integer "
                           "or null")


def test_list_names_every_shipped_variant() -> None:
    code, out, _ = run("list")
    assert code == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names == [name for name, _ in shipped_variants()]


def test_show_loads_back(tmp_path: Path) -> None:
    code, out, _ = run("show", "partnership-pitch", "--set", "scoring.target=11")
    assert code == 0
    assert out.startswith("# yaml-language-server: $schema=")
    (tmp_path / "shown.yaml").write_text(out)
    assert load_variant(tmp_path / "shown.yaml") == load_variant(
        "partnership-pitch", ["scoring.target=11"])


def test_show_a_bad_variant_is_one_line_on_stderr_and_exit_1() -> None:
    code, out, err = run("show", str(BAD / "duplicate-key.yaml"))
    assert (code, out) == (1, "")
    assert err.startswith("pitchkit: ") and err.count("\n") == 1
    assert "duplicate key 'min_bid'" in err


def test_show_bad_set_exits_1() -> None:
    code, _, err = run("show", "auction-pitch", "--set", "nope.x=1")
    assert code == 1
    assert err == "pitchkit: --set nope.x=1: nope.x: unknown key 'nope' in the top level\n"


@pytest.mark.parametrize("name", [name for name, _ in shipped_variants()])
def test_explain_every_shipped_variant(name: str) -> None:
    code, out, _ = run("explain", name)
    assert code == 0
    assert out.startswith(f"# {name}\n")
    assert "## Playing the tricks" in out


def test_explain_says_low_goes_to_the_capturer() -> None:
    out = run("explain", "auction-pitch")[1]
    assert "**Low** goes to the player who captures the lowest trump" in out
    assert "first player to reach 7 points wins, but only at the end of a hand" in out


def test_explain_follows_the_values_not_the_name() -> None:
    held = run("explain", "auction-pitch", "--set", "points.low_goes_to=holder")[1]
    assert "**Low** goes to the player who held (was dealt) the lowest trump" in held
    teams = run("explain", "partnership-pitch")[1]
    assert "two teams of 2" in teams and "side that captures" in teams
    assert "reach 11 points" in run("explain", "auction-pitch", "--set", "scoring.target=11")[1]


def test_explain_combinations_table() -> None:
    out = run("explain", "pimps-and-hoes")[1]
    assert "|ace and queen|10|" in out
    assert "stages of 7, 5, 5, 5 cards" in out
    assert "except an ace" in out


def test_diff_in_words() -> None:
    code, out, _ = run("diff", "pimps-and-hoes", "pimps-and-hoes-literal")
    assert code == 0
    assert "play.trick_winner: pimps-and-hoes has highest_trump" in out
    assert "pimps-and-hoes-literal has suit_led (only the highest card of the suit led wins" in out


def test_diff_with_override_and_same() -> None:
    out = run("diff", "auction-pitch", "auction-pitch", "--set", "scoring.target=15")[1]
    assert "scoring.target (points that win the game; null for no target): 7 in" in out
    assert run("diff", "auction-pitch", "auction-pitch")[1].endswith("have the same rules.\n")


def test_new_writes_a_valid_file_that_extends_the_base(tmp_path: Path) -> None:
    target = tmp_path / "house.yaml"
    code, _, _ = run("new", str(target), "--from", "money-pitch", "--set", "scoring.target=21")
    assert code == 0
    text = target.read_text()
    assert "extends: money-pitch" in text
    assert "  # high_goes_to: holder" in text  # a commented, often changed setting
    rules = load_variant(target)
    assert rules.scoring.target == 21
    assert rules.auction == load_variant("money-pitch").auction


def test_new_file_comments_can_be_uncommented(tmp_path: Path) -> None:
    target = tmp_path / "ours.yaml"
    run("new", str(target), "--from", "auction-pitch")
    text = target.read_text().replace("# points:", "points:").replace(
        "  # low_goes_to: capturer", "  low_goes_to: holder")
    target.write_text(text)
    assert load_variant(target).points.low_goes_to.value == "holder"


def test_new_extends_a_relative_base(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    base = tmp_path / "rules" / "base.yaml"
    base.write_text("name: base\nscoring:\n  target: 15\n")
    target = tmp_path / "house.yaml"
    assert run("new", str(target), "--from", str(base))[0] == 0
    assert "extends: rules/base.yaml" in target.read_text()
    assert load_variant(target).scoring.target == 15


def test_new_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("precious")
    code, _, err = run("new", str(target), "--from", "auction-pitch")
    assert code == 2
    assert "already exists" in err
    assert target.read_text() == "precious"


def test_schema_prints_the_schema() -> None:
    code, out, _ = run("schema")
    assert code == 0
    assert json.loads(out)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_python_dash_m_works_and_never_tracebacks(tmp_path: Path) -> None:
    bomb = str(BAD / "alias-bomb.yaml")
    result = subprocess.run([sys.executable, "-m", "pitchkit", "validate", bomb],
                            capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 1
    assert "too many YAML aliases" in result.stdout
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------------------- cli_common


def _app_with(fn: object) -> typer.Typer:
    little = typer.Typer()
    little.command()(fn)
    return little


def test_run_safely_maps_errors_to_exit_codes() -> None:
    @run_safely
    def usage() -> None:
        raise UsageError("--hands must be at least 1")

    result = runner.invoke(_app_with(usage), [])
    assert (result.exit_code, result.stderr) == (2, "pitchkit: --hands must be at least 1\n")

    @run_safely
    def record() -> None:
        raise RecordError("hand 3, seat 1: 9S was already played")

    assert runner.invoke(_app_with(record), []).exit_code == 1

    @run_safely
    def bug() -> None:
        raise KeyError("oops")

    result = runner.invoke(_app_with(bug), [])
    assert result.exit_code == 1
    assert result.stderr == "pitchkit: internal error: KeyError: 'oops'\n"


def test_fail_and_load_rules_or_exit() -> None:
    @run_safely
    def cmd() -> None:
        load_rules_or_exit("auction-pitch", ["auction.min_bid=9", "auction.max_bid=3"])

    result = runner.invoke(_app_with(cmd), [])
    assert result.exit_code == 1
    assert result.stderr.startswith("pitchkit: --set auction.min_bid=9: auction.min_bid: 9 is")

    @run_safely
    def custom() -> None:
        fail("nope", 2)

    assert runner.invoke(_app_with(custom), []).exit_code == 2


def _alternatives(prop: dict[str, Any]) -> list[Any]:
    """A few valid-looking values for a setting, to try one by one."""
    if "enum" in prop:
        return list(prop["enum"])
    if "oneOf" in prop:
        return [v for s in prop["oneOf"]
                for v in s.get("enum", [s.get("const", s.get("minimum", 0) + 3)])]
    kind = prop.get("type")
    if kind == "boolean" or (isinstance(kind, list) and "boolean" in kind):
        return [True, False] + ([None] if isinstance(kind, list) else [])
    if kind == "array" and "oneOf" in prop["items"]:  # points.items
        return [[{"point": "high"}, {"card": "five_of_trumps", "value": 5}],
                [{"point": "jack", "value": 2}]]
    if kind == "array":
        items = prop["items"].get("enum")
        if prop["items"].get("type") == "string":
            return [["2C", "2D"]]  # cards (deck.without)
        return [items[::-1], items[:2], items[:7]] if items else [[3, 3], [2]]
    if kind == "object":
        return [{k: 7 for k in list(prop.get("properties", {"AA": 0}))[:2]}]
    low = prop.get("minimum", 0)
    return [low, low + 1, 3, 11] + ([None] if isinstance(kind, list) else [])


def _companions(setting: str) -> list[list[str]]:
    """What else a setting may need to show in a sheet, as overrides, derived rather than
    listed: what a test's mark of it says it needs; the base of each case of
    test_engine_settings that changes it; nothing. (In that order: a setting with needs
    shows only with them, and trying every variant and value without them first took
    some 270 loads for points.game_tie_card alone; a setting without needs has only
    nothing to try.)"""
    from setting_marks import setting_marks
    from test_engine_settings import CASES

    out = [list(mark.needs) for mark in setting_marks() if mark.key == setting and mark.needs]
    section, key = setting.split(".")
    for base, change in CASES:
        if key in change.get(section, {}) and base:
            out.append([f"{sec}.{name}={_flow(value)}" for sec, values in base.items()
                        for name, value in values.items()])
    return [*out, []]


def _flow(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()


def test_explain_words_every_setting() -> None:
    """No setting is left out of the rules sheet: for each one some shipped variant's sheet
    changes when it changes."""
    names = [name for name, _ in shipped_variants()]
    sheets = {name: explain_rules(load_variant(name)) for name in names}
    silent = []
    for section, spec in load_schema()["properties"].items():
        if spec.get("type") != "object":
            continue
        for key, prop in spec["properties"].items():
            setting = f"{section}.{key}"
            if not any(_explain_changes(name, sheets[name], setting, value, needs)
                       for needs in _companions(setting)
                       for name in names for value in _alternatives(prop)):
                silent.append(setting)
    assert silent == []


def _explain_changes(name: str, sheet: str, setting: str, value: Any,
                     needs: list[str]) -> bool:
    """Whether setting ``setting`` to ``value`` changes ``name``'s sheet, with ``needs``
    set in both where the needs alone make valid rules (``sheet``: the sheet of ``name``
    as shipped)."""
    try:
        rules = load_variant(name, [*needs, f"{setting}={_flow(value)}"])
    except VariantError:
        return False
    try:
        before = explain_rules(load_variant(name, needs)) if needs else sheet
    except VariantError:  # the needs want the setting too (a card to break a tie)
        before = sheet
    return explain_rules(rules) != before


def test_new_from_a_combinations_variant_lists_its_settings(tmp_path: Path) -> None:
    target = tmp_path / "ph.yaml"
    assert run("new", str(target), "--from", "pimps-and-hoes")[0] == 0
    text = target.read_text()
    assert "  # stages: [7, 5, 5, 5]" in text
    assert "min_bid" not in text
    target.write_text(text.replace("# play:", "play:").replace(
        "  # stages: [7, 5, 5, 5]", "  stages: [6, 6]"))
    assert load_variant(target).play.stages == (6, 6)


def test_run_safely_lets_typer_report_bad_parameters() -> None:
    @run_safely
    def param() -> None:
        raise typer.BadParameter("--seats must be 2 to 8")

    result = runner.invoke(_app_with(param), [])
    assert result.exit_code == 2
    assert "--seats must be 2 to 8" in result.output
