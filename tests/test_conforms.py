"""The loader's faster schema check (pitchkit.conforms) agrees with jsonschema wherever it
answers: on documents generated from the schema, on those documents mutated setting by
setting, and on every shipped variant and every good and bad example file."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from jsonschema import Draft202012Validator

from pitchkit.conforms import conforms
from pitchkit.load import load_schema, shipped_variants

SCHEMA = load_schema()
VALIDATOR = Draft202012Validator(SCHEMA)
HERE = Path(__file__).parent

#: Values of every JSON kind and a few that are not JSON (a YAML date, a set, nan).
ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["holder", "capturer", "moon", "1", "", "A"]),
    st.lists(st.integers(-3, 12), max_size=5),
    st.dictionaries(st.text(max_size=6), st.integers(0, 3), max_size=3),
    st.sampled_from([{1, 2}, math.inf, 7.0, 2.5, True, [1, True], [1, 1.0]]),
)


def agrees(doc: Any) -> None:
    answer = conforms(SCHEMA, doc)
    if answer is not None:
        assert answer == VALIDATOR.is_valid(doc), doc


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(from_schema(SCHEMA), st.data())
def test_conforms_agrees_with_jsonschema_on_generated_and_mutated_documents(
        doc: dict[str, Any], data: st.DataObject) -> None:
    agrees(doc)
    assert conforms(SCHEMA, doc) is not False
    mutated = dict(doc)
    section = data.draw(st.sampled_from(sorted(SCHEMA["properties"])))
    if isinstance(mutated.get(section), dict) and mutated[section] and data.draw(st.booleans()):
        inner = dict(mutated[section])
        key = data.draw(st.sampled_from(sorted(inner)))
        inner[key] = data.draw(ODD)
        mutated[section] = inner
    else:
        mutated[section] = data.draw(ODD)
    agrees(mutated)


@pytest.mark.parametrize("path", sorted((HERE / "variants_good").glob("*.yaml"))
                         + sorted((HERE / "variants_bad").glob("*.yaml")), ids=lambda p: p.name)
def test_conforms_agrees_on_the_example_files(path: Path) -> None:
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError):
        return
    agrees(doc)


def test_conforms_says_yes_to_every_shipped_variant() -> None:
    for _, path in shipped_variants():
        assert conforms(SCHEMA, yaml.safe_load(Path(path).read_text(encoding="utf-8")))


def test_true_is_not_one_and_nan_is_left_to_jsonschema() -> None:
    assert conforms(SCHEMA, {"players": {"count": True}}) is False
    assert conforms(SCHEMA, {"scoring": {"target": 7.0}}) is True
    assert conforms(SCHEMA, {"scoring": {"target": math.nan}}) is None
