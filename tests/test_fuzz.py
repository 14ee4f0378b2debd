"""Fuzzing: generated variant files to ``validate`` and mutated records to ``replay``.

Through the library and through the command line, every input is either accepted or
refused with the documented error (``VariantError`` for a variant, ``RecordError`` or
another ``PitchkitError`` for a record; exit code 1 on the command line), never another
exception, and every message is one line that says where (file, line and column for a
variant; the record file and a hand, key or position for a record). Bounded: a few
dozen examples each, from the shipped variants and records.
"""

from __future__ import annotations

import copy
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.errors import PitchkitError, VariantError
from pitchkit.load import load_variant, shipped_variants
from pitchkit.record import replay_record
from pitchkit.variant import Rules

RECORDS = Path(__file__).parent / "records"
RECORD_FILES = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))
VARIANT_DOCS = [yaml.safe_load(path.read_text()) for _, path in shipped_variants()]
FUZZ = settings(max_examples=30, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
runner = CliRunner()

#: Values put where a setting, a card, an action or a key was.
ODD_VALUES = st.one_of(
    st.integers(-3, 60), st.sampled_from([10**30, -(10**30), 1e30, 0.5, float("nan")]),
    st.booleans(), st.none(), st.text(max_size=12),
    st.sampled_from(["", "all", "random", "none", "AS", "BJ", "10H", "moon", "bid 3", "pass",
                     "play AS", "play JK", "select AS KD", "trump H", "discard 2C", "bid 99",
                     "auction-pitch", "../x", "x" * 300]),
    st.lists(st.integers(0, 60), max_size=3), st.dictionaries(st.text(max_size=4),
                                                              st.integers(), max_size=2),
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a document (dict keys and list indices)."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_paths(value, (*prefix, i)))
    return out


@st.composite
def mutated(draw: st.DrawFn, documents: list[Any]) -> Any:
    """A document with one to three of its values replaced, deleted or nested deep."""
    doc = copy.deepcopy(draw(st.sampled_from(documents)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        kind = draw(st.sampled_from(["replace", "replace", "delete", "nest", "add"]))
        if kind == "replace":
            parent[path[-1]] = draw(ODD_VALUES)
        elif kind == "delete":
            del parent[path[-1]]
        elif kind == "nest":
            value: Any = parent[path[-1]]
            for _ in range(draw(st.integers(1, 40))):
                value = [value]
            parent[path[-1]] = value
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = draw(ODD_VALUES)
    return doc


def _located_variant_line(line: str, path: str) -> bool:
    return re.match(re.escape(path) + r":\d+(:\d+)?: \S", line) is not None


@FUZZ
@given(mutated(VARIANT_DOCS))
def test_a_generated_variant_file_validates_or_fails_with_located_lines(doc: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))
        try:
            rules = load_variant(path)
        except VariantError as error:
            assert error.problems
            for problem in error.problems:
                assert "\n" not in str(problem)
                assert problem.line is not None and problem.file.endswith("fuzz.yaml"), problem
        else:
            assert isinstance(rules, Rules)
        result = runner.invoke(app, ["validate", str(path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            result.exception)
        assert result.exit_code in (0, 1), result.output
        if result.exit_code == 1:
            lines = [line for line in result.output.splitlines() if line.strip()]
            assert lines and all(_located_variant_line(line, str(path)) for line in lines), (
                result.output)


RECORD_DOCS = [json.loads(path.read_text()) for path in RECORD_FILES]
#: A record names where it went wrong: a position in the file, a hand, or a key.
_RECORD_PLACE = re.compile(r"^:\d+:\d+: |^: (hand \d+|[a-z_]+\b)")


def _one_line_with_a_place(message: str, path: str) -> bool:
    prefix = f"pitchkit: {path}"
    return (message.count("\n") == 0 and message.startswith(prefix)
            and _RECORD_PLACE.match(message[len(prefix):]) is not None)


@FUZZ
@given(mutated(RECORD_DOCS), st.integers(0, 4))
def test_a_mutated_record_replays_or_fails_with_one_located_line(record: Any,
                                                                 cut: int) -> None:
    try:
        replay_record(record, base_dir=RECORDS)
    except PitchkitError as error:
        assert str(error) and "\n" not in str(error)
    text = json.dumps(record)
    if cut:  # a file cut short as well, now and then
        text = text[: len(text) * cut // 5]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.json"
        path.write_text(text)
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            result.exception)
        assert result.exit_code in (0, 1), result.output
        if result.exit_code == 1:
            assert _one_line_with_a_place(result.stderr.strip(), str(path)), result.stderr
