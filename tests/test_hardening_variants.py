"""Variant files that must not mislead: YAML 1.1 octal and base-60 numbers refused, "did
you mean" only for near-typos, `pitchkit new` writing a valid file whatever its name,
and a $schema line that never points into a virtual environment."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.load import load_schema, validate_file

runner = CliRunner()


def problems_of(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "v.yaml"
    path.write_text(text)
    return [str(p) for p in validate_file(path)]


def test_a_leading_zero_is_refused_not_read_as_octal(tmp_path: Path) -> None:
    found = problems_of(tmp_path, "name: v\nscoring:\n  target: 011\n")
    assert found == [f"{tmp_path / 'v.yaml'}:3:11: scoring.target: 011 is read by YAML as 9 "
                     "(octal, for the leading 0); write 11 if that is what you mean"]


def test_a_base_60_number_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, "name: v\nscoring:\n  target: 1:30\n")
    assert len(found) == 1 and "1:30 is read by YAML as 90 (base 60)" in found[0]


def test_did_you_mean_never_suggests_another_rule(tmp_path: Path) -> None:
    found = problems_of(tmp_path, "name: v\nplay:\n  following: only_trump\n")
    assert len(found) == 1 and "did you mean" not in found[0]
    typo = problems_of(tmp_path, "name: v\npoints:\n  high_goes_to: holdr\n")
    assert typo[0].endswith("(did you mean holder?)")


def test_new_with_a_numeric_file_name_writes_a_valid_file(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["new", "2025.yaml"])
    assert result.exit_code == 0, result.output
    assert validate_file(tmp_path / "2025.yaml") == []
    assert "\nname: house-2025\n" in (tmp_path / "2025.yaml").read_text()
    refused = runner.invoke(app, ["new", "x.yaml", "--name", "2025"])
    assert refused.exit_code == 2 and not (tmp_path / "x.yaml").exists()


def test_schema_line_outside_a_checkout_is_the_schema_url(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", str(tmp_path / "h.yaml")])
    assert result.exit_code == 0, result.output
    first = (tmp_path / "h.yaml").read_text().splitlines()[0]
    assert first == f"# yaml-language-server: $schema={load_schema()['$id']}"


def test_schema_line_inside_the_checkout_is_relative() -> None:
    from pitchkit.cli_variants import _schema_ref
    from pitchkit.load import schema_path

    checkout = schema_path().resolve().parent.parent
    if not (checkout / "pyproject.toml").is_file():
        pytest.skip("pitchkit is installed, not run from a checkout")
    assert _schema_ref(checkout / "variants") == "../schemas/variant.schema.json"
