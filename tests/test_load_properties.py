"""Hypothesis properties of loading: schema documents, show round trips, extends with
overrides, and arbitrary input."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from pitchkit.cli_variants import show_text
from pitchkit.errors import VariantError
from pitchkit.load import load_schema, load_variant, load_variant_mapping, shipped_variants
from pitchkit.variant import Rules

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def _schema_without_extends() -> dict[str, Any]:
    schema = copy.deepcopy(load_schema())
    del schema["properties"]["extends"]
    return schema


def _survives_yaml(doc: Any) -> bool:
    """PyYAML cannot write every string and read it back (U+0085 comes back as a space);
    such documents say nothing about pitchkit's loader."""
    return bool(yaml.safe_load(yaml.safe_dump(doc, allow_unicode=True)) == doc)


DOCUMENTS = from_schema(_schema_without_extends()).filter(_survives_yaml)
SHIPPED = [name for name, _ in shipped_variants()]

#: Every setting inside a section, as (section, key, subschema).
SETTINGS_IN_SECTIONS = [
    (section, key, prop)
    for section, spec in load_schema()["properties"].items() if spec.get("type") == "object"
    for key, prop in spec["properties"].items()
]


def write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return path


def outcome(variant: Path | str, overrides: tuple[str, ...] = ()) -> Rules | list[str]:
    try:
        return load_variant(variant, overrides)
    except VariantError as error:
        return [p.message for p in error.problems]


@SETTINGS
@given(DOCUMENTS)
def test_a_schema_document_loads_or_fails_with_a_located_error(doc: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), "doc.yaml", doc)
        try:
            rules = load_variant(path)
        except VariantError as error:
            assert error.problems
            for problem in error.problems:
                assert problem.file.endswith("doc.yaml")
                assert problem.line is not None and problem.column is not None, problem
                assert problem.message
        else:
            assert isinstance(rules, Rules)


def _round_trip(variant: str | Path, overrides: tuple[str, ...] = ()) -> None:
    rules = load_variant(variant, overrides)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "shown.yaml"
        path.write_text(show_text(str(variant), list(overrides)))
        assert load_variant(path) == rules


def test_show_output_of_every_shipped_variant_loads_back_to_the_same_rules() -> None:
    for name in SHIPPED:
        _round_trip(name)


@SETTINGS
@given(DOCUMENTS)
def test_show_output_loads_back_to_the_same_rules(doc: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), "doc.yaml", doc)
        try:
            load_variant(path)
        except VariantError:
            return
        _round_trip(path)


def _deep_merge(base: Any, top: Any) -> Any:
    if isinstance(base, dict) and isinstance(top, dict):
        out = dict(base)
        for key, value in top.items():
            out[key] = _deep_merge(base[key], value) if key in base else value
        return out
    return top


@st.composite
def overrides(draw: st.DrawFn) -> list[tuple[str, str, Any]]:
    chosen = draw(st.lists(st.sampled_from(SETTINGS_IN_SECTIONS), max_size=3))
    out = []
    for section, key, prop in chosen:
        value = draw(from_schema(prop))
        out.append((section, key, value))
    return out


def _flow(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=True, width=10_000).strip().removesuffix(
        "\n...").removesuffix("...").strip()


@SETTINGS
@given(DOCUMENTS, DOCUMENTS, overrides())
def test_extends_plus_overrides_equals_the_merged_file(
        base: dict[str, Any], top: dict[str, Any], sets: list[tuple[str, str, Any]]) -> None:
    merged = _deep_merge(base, top)
    for section, key, value in sets:
        merged.setdefault(section, {})
        if not isinstance(merged[section], dict):
            merged[section] = {}
        old = merged[section].get(key)
        merged[section][key] = _deep_merge(old, value) if isinstance(old, dict) else value
    texts = tuple(f"{section}.{key}={_flow(value)}" for section, key, value in sets)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write(folder, "base.yaml", base)
        top_path = write(folder, "top.yaml", {"extends": "base.yaml", **top})
        merged_path = write(folder, "merged.yaml", merged)
        via_extends = outcome(top_path, texts)
        direct = outcome(merged_path)
        if isinstance(direct, Rules):
            assert via_extends == direct
            assert load_variant_mapping(top_path, texts) == merged
        else:
            assert not isinstance(via_extends, Rules)


#: Files that load: a standalone shipped variant's text, and lines any variant may hold.
_STANDALONE = [path.read_text() for _, path in shipped_variants()
               if not any(line.startswith("extends:")
                          for line in path.read_text().splitlines())]
_GOOD_LINES = ["name: fuzz\n", "players: {count: 3}\n", "auction: {min_bid: 2}\n",
               "moon: {allowed: true}\n", "scoring: {target: 11}\n", "# a comment\n",
               "deck: {jokers: 1}\n", "play: {following: must_follow}\n"]
GOOD_TEXTS = st.one_of(
    st.sampled_from(_STANDALONE),
    st.tuples(st.sampled_from(_STANDALONE), st.text(max_size=20)).map(
        lambda pair: pair[0] + "\n# " + pair[1].replace("\n", " ") + "\n"),
    st.lists(st.sampled_from(_GOOD_LINES), unique=True, min_size=1).map("".join),
)
GOOD_OVERRIDES = st.sampled_from(["auction.min_bid=2", "moon.allowed=true", "players.count=3",
                                  "scoring.target=11", "deck.jokers=1", "name=x"])


def never_crashes(inputs: st.SearchStrategy[Any], load: Any, examples: int) -> None:
    """Every input loads or is refused with problems (never an exception of another kind);
    both happen among the examples, so the property is not true of refusals alone."""
    seen = {"accepted": 0, "refused": 0}

    @settings(max_examples=examples, deadline=None)
    @given(inputs)
    def check(value: Any) -> None:
        result = load(value)
        assert isinstance(result, (Rules, list))
        seen["accepted" if isinstance(result, Rules) else "refused"] += 1

    check()
    assert seen["accepted"] and seen["refused"], seen


def _load_text(text: str) -> Rules | list[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        return outcome(path)


def _load_bytes(data: bytes) -> Rules | list[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.yaml"
        path.write_bytes(data)
        return outcome(path)


def test_arbitrary_text_never_crashes_the_loader() -> None:
    never_crashes(st.one_of(st.text(), GOOD_TEXTS), _load_text, 150)


def test_arbitrary_bytes_never_crash_the_loader() -> None:
    good = GOOD_TEXTS.map(lambda text: text.encode("utf-8"))
    never_crashes(st.one_of(st.binary(), good, good.map(lambda b: b"\xef\xbb\xbf" + b)),
                  _load_bytes, 100)


YAML_PIECES = st.sampled_from([
    "name", "players", "count", "auction", "min_bid", "extends", ":", ": ", "- ", "\n", "  ",
    "[", "]", "{", "}", ",", "&a ", "*a", "!!str ", "!!binary ", "'", '"', "#", "---", "...",
    "? ", "|", ">", "4", "-1", "null", "true", "auction-pitch", "<<: ", "%YAML 1.1\n", "\t",
    "é", "\ufeff", *_GOOD_LINES,
])


def test_yaml_like_text_never_crashes_the_loader() -> None:
    never_crashes(st.one_of(st.lists(YAML_PIECES, max_size=40).map("".join),
                            st.lists(st.sampled_from(_GOOD_LINES), min_size=1).map("".join)),
                  _load_text, 200)


def test_arbitrary_overrides_never_crash_the_loader() -> None:
    never_crashes(st.tuples(st.sampled_from(SHIPPED),
                            st.one_of(st.text(max_size=30), GOOD_OVERRIDES)),
                  lambda pair: outcome(pair[0], (pair[1],)), 100)


@SETTINGS
@given(st.sampled_from(SHIPPED), overrides())
def test_show_with_overrides_loads_back_to_the_same_rules(
        name: str, sets: list[tuple[str, str, Any]]) -> None:
    texts = tuple(f"{section}.{key}={_flow(value)}" for section, key, value in sets)
    if isinstance(outcome(name, texts), Rules):
        _round_trip(name, texts)
