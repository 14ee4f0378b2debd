"""Load a variant file in layers, each with its own kind of problem.

1. text: size, emptiness, binary data, UTF-8 (:mod:`pitchkit.located`);
2. YAML: syntax, duplicate keys, aliases, nesting, with the line and column of every key
   (:mod:`pitchkit.located`);
3. ``extends``: bases merged key by key (the later file wins, lists are replaced);
4. schema (``schemas/variant.schema.json``): unknown keys, types, ranges;
5. ``--set key.path=value`` overrides, checked by the schema like the file;
6. meaning (:mod:`pitchkit.checks`): what the schema cannot say.

Every problem is a :class:`~pitchkit.errors.Problem` naming the file, line and column it
comes from (an inherited file names itself); :class:`~pitchkit.errors.VariantError`
carries them. The CLI decides how to print them.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pitchkit import checks
from pitchkit.conforms import conforms
from pitchkit.errors import Problem, VariantError
from pitchkit.located import (
    KeyPath,
    Located,
    Where,
    display_name,
    dotted,
    parse_yaml,
    read_located,
    variant_error,
)
from pitchkit.schema import data_dir, load_schema
from pitchkit.schema import schema_path as schema_path  # load.schema_path(), as before
from pitchkit.upgrade import OLD_KEYS, old_point_keys, translate_points
from pitchkit.variant import FORMAT, Rules, rules_from_mapping

if TYPE_CHECKING:  # jsonschema is imported only to explain a file that does not conform
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped,unused-ignore]
    from jsonschema.exceptions import (  # type: ignore[import-untyped,unused-ignore]
        ValidationError,
    )


def variants_dir() -> Path:
    return data_dir("variants")


@functools.cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


#: How alike a word and a choice must be for "did you mean": a near-typo (holdr ->
#: holder, 0.91), never another rule that shares a word (only_trump -> follow_or_trump, 0.64).
SUGGEST_CUTOFF = 0.8


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=SUGGEST_CUTOFF)
    return f" (did you mean {close[0]}?)" if close else ""

# ---------------------------------------------------------------------------- finding


def shipped_variants() -> list[tuple[str, Path]]:
    """``(name, path)`` of every shipped variant, sorted by name."""
    folder = variants_dir()
    if not folder.is_dir():
        return []
    return sorted((p.stem, p) for p in folder.glob("*.yaml"))


def _looks_like_path(text: str) -> bool:
    return "/" in text or "\\" in text or text.endswith((".yaml", ".yml")) or text.startswith(".")


def find_variant(name_or_path: str | Path) -> Path:
    """The file for a shipped variant name (``auction-pitch``) or a path.

    Raises VariantError naming the closest shipped name when neither exists.
    """
    candidate = name_or_path if isinstance(name_or_path, Path) else Path(name_or_path)
    text = str(name_or_path)
    try:
        if candidate.exists():
            return candidate
    except OSError as error:  # a name too long for the file system, and the like
        shown = text if len(text) <= 60 else f"{text[:40]}... ({len(text)} characters)"
        raise variant_error(shown, f"not a file or shipped variant name: "
                                   f"{error.strerror or error}") from None
    shipped = dict(shipped_variants())
    if not _looks_like_path(text) and text in shipped:
        return shipped[text]
    if _looks_like_path(text):
        raise variant_error(text, "no such file")
    names = list(shipped)
    raise variant_error(text, f"no such file or shipped variant{_suggest(text, names)}; "
                         f"shipped variants: {', '.join(names)}")


# ---------------------------------------------------------------------------- schema


_WEAK = frozenset({"oneOf", "anyOf"})


def _relevance(error: ValidationError) -> tuple[int, bool]:
    return (-len(error.absolute_path), error.validator not in _WEAK)


_TYPE_WORDS = {"integer": "an integer", "string": "a text", "boolean": "true or false",
               "null": "null", "object": "a mapping", "array": "a list", "number": "a number"}


def _describe_subschema(schema: dict[str, Any]) -> str:
    if "const" in schema:
        return str(schema["const"])
    if "enum" in schema:
        return " or ".join(_choice_words(schema["enum"]))
    types = schema.get("type")
    words = [_TYPE_WORDS.get(t, t) for t in ([types] if isinstance(types, str) else types or [])]
    text = " or ".join(words) or "a value"
    if "minimum" in schema and "maximum" in schema:
        text += f" from {schema['minimum']} to {schema['maximum']}"
    return text


def _choice_words(values: list[Any]) -> list[str]:
    """An enum's values as a file writes them, once each: null for None, and a rank
    that may be written as a letter or a YAML number (9 or '9') named once."""
    return list(dict.fromkeys("null" if v is None else str(v) for v in values))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return repr(value)


def _schema_messages(error: ValidationError) -> list[tuple[KeyPath, str]]:
    """One or more (path, message) for a schema error, in a player's words."""
    path: KeyPath = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    v = error.validator
    if v == "additionalProperties" and isinstance(error.instance, dict):
        known = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        out = []
        for key in error.instance:
            if key in known or any(re.search(p, key) for p in patterns):
                continue
            if patterns and not known:
                msg = f"'{key}' is not a pair of two rank letters (A K Q J T 9 8 7 6 5 4 3 2)"
            else:
                msg = f"unknown key '{key}'{_suggest(key, known)}"
                if not _suggest(key, known) and len(known) <= 15:
                    msg += f"; known keys: {', '.join(known)}"
            out.append(((*path, key), msg))
        return out
    if v == "enum":
        choices = _choice_words(error.validator_value)
        value = error.instance
        hint = _suggest(str(value), choices) if isinstance(value, str) else ""
        return [(path, f"{_show(value)} is not one of {', '.join(choices)}{hint}")]
    if v == "type":
        types = error.validator_value
        words = [_TYPE_WORDS.get(t, t) for t in ([types] if isinstance(types, str) else types)]
        return [(path, f"{_show(error.instance)} is not {' or '.join(words)}")]
    if v in ("oneOf", "anyOf"):
        # An alternative the value has the right type for explains best (9 > maximum 7).
        for sub in sorted(error.context or [], key=_relevance, reverse=True):
            if sub.validator not in ("type", "const", "enum"):
                return _schema_messages(sub)
        alternatives = " or ".join(_describe_subschema(s) for s in error.validator_value)
        return [(path, f"{_show(error.instance)} is not {alternatives}")]
    if v == "uniqueItems":
        return [(path, "lists the same item twice")]
    if v == "pattern" and path == ("name",):
        return [(path, f"{error.instance!r} is not a short name (lower case letters, digits "
                       "and dashes, starting with a letter or digit)")]
    return [(path, error.message)]


def schema_problems(doc: Located) -> list[Problem]:
    """Layer 4: every schema problem of ``doc``, the most relevant first."""
    if conforms(load_schema(), doc.data):
        return []
    errors = sorted(_validator().iter_errors(doc.data), key=_relevance, reverse=True)
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for error in errors:
        for path, message in _schema_messages(error):
            key = (dotted(path), message)
            if key not in seen:
                seen.add(key)
                problems.append(doc.problem(path, message))
    return problems


# ---------------------------------------------------------------------------- extends


def _merge(base: Located, top: Located) -> Located:
    """``top`` over ``base``: mappings merge key by key, anything else is replaced."""
    where = dict(base.where)

    def merge(b: Any, t: Any, path: KeyPath) -> Any:
        if isinstance(b, dict) and isinstance(t, dict):
            out = dict(b)
            for key, value in t.items():
                out[key] = merge(b.get(key), value, (*path, key)) if key in b else value
                if key not in b or not (isinstance(b[key], dict) and isinstance(value, dict)):
                    _replace_where(where, (*path, key))
            return out
        return t

    data = merge(base.data, top.data, ())
    for path, w in top.where.items():
        where[path] = w
    return Located(data=data, where=where, file=top.file, layer=top.layer,
                   files=[*base.files, *top.files], notes=[*base.notes, *top.notes])


def _replace_where(where: dict[KeyPath, Where], path: KeyPath) -> None:
    n = len(path)
    for p in [p for p in where if p[:n] == path and len(p) > n]:
        del where[p]


def _find_base(doc: Located, path: Path) -> Path:
    name = doc.data["extends"]
    if _looks_like_path(name):
        candidate = (path.parent / name)
        if candidate.is_file():
            return candidate
        raise VariantError([doc.problem(("extends",), f"base file {name!r} not found "
                                                      f"(looked in {display_name(path.parent)})")])
    shipped = dict(shipped_variants())
    if name in shipped:
        return shipped[name]
    sibling = path.parent / f"{name}.yaml"
    if sibling.is_file():
        return sibling
    raise VariantError([doc.problem(("extends",), f"base {name!r} is not a shipped variant "
                                                  f"or a file{_suggest(name, shipped)}")])


def _resolve_file(path: Path, chain: tuple[Path, ...]) -> Located:
    doc = read_located(path, layer=len(chain))
    base: Located | None = None
    if old_point_keys(doc.data) and doc.data.get("format") != FORMAT:
        # format 1 switches are read on top of the items of the file extended
        if isinstance(doc.data.get("extends"), str):
            base = _resolve_base(doc, path, chain)
        _upgrade(doc, base)
    problems = schema_problems(doc)
    if problems:
        raise VariantError(problems)
    if "extends" not in doc.data:
        return doc
    if base is None:
        base = _resolve_base(doc, path, chain)
    del doc.data["extends"]
    doc.where.pop(("extends",), None)
    merged = _merge(base, doc)
    return merged


def _resolve_base(doc: Located, path: Path, chain: tuple[Path, ...]) -> Located:
    base_path = _find_base(doc, path)
    key = base_path.resolve()
    seen = [p.resolve() for p in (*chain, path)]
    if key in seen:
        cycle = " -> ".join(display_name(p) for p in (*chain, path, base_path)[seen.index(key):])
        raise VariantError([doc.problem(("extends",), f"extends cycle: {cycle}")])
    return _resolve_file(base_path, (*chain, path))


def _upgrade(doc: Located, base: Located | None) -> None:
    """Translate ``doc``'s format 1 point switches to format 2 items (pitchkit.upgrade),
    on top of ``base``'s items, or the items ``doc`` already has, else the default four."""
    keys = old_point_keys(doc.data)
    points = doc.data["points"]
    inherited = points.get("items")
    if inherited is None and base is not None:
        base_points = base.data.get("points")
        inherited = base_points.get("items") if isinstance(base_points, dict) else None
    jokers = _jokers(doc.data)
    if jokers is None and base is not None:
        jokers = _jokers(base.data)
    where = doc.locate(("points", keys[0]))
    for key in keys:
        _replace_where(doc.where, ("points", key))
        doc.where.pop(("points", key), None)
    items = translate_points(points, inherited, jokers or 0)
    points["items"] = items
    doc.where[("points", "items")] = where
    words = ", ".join(f"{{{k}: {v}}}" for item in items for k, v in item.items()
                      if k in ("point", "card"))
    doc.notes.append(doc.problem(
        ("points", "items"),
        f"format 1 ({', '.join(keys)}) read as format {FORMAT}: items [{words}]; "
        f"write 'format: {FORMAT}' and the items, as 'pitchkit show' prints them"))


def _jokers(data: dict[str, Any]) -> int | None:
    deck = data.get("deck")
    jokers = deck.get("jokers") if isinstance(deck, dict) else None
    return jokers if isinstance(jokers, int) else None


def _relayer(doc: Located) -> Located:
    """Files read deeper in the extends chain got higher layer numbers; flip so that the
    top file has the highest layer (it is the most likely place to fix a problem)."""
    top = max((w.layer for w in doc.where.values()), default=0)
    doc.where = {p: Where(w.file, w.line, w.column, top - w.layer) for p, w in doc.where.items()}
    doc.layer = top
    return doc


# ---------------------------------------------------------------------------- overrides


def _schema_at(path: Sequence[str]) -> tuple[dict[str, Any] | None, str]:
    """The subschema at ``path``, or None and why not."""
    node = load_schema()
    for i, part in enumerate(path):
        props = node.get("properties", {})
        patterns = node.get("patternProperties", {})
        if part in props:
            node = props[part]
            continue
        match = next((s for p, s in patterns.items() if re.search(p, part)), None)
        if match is not None:
            node = match
            continue
        if path[:1] == ("points",) and i == 1 and part in OLD_KEYS:
            return {}, ""  # a format 1 switch, translated once set (pitchkit.upgrade)
        where = dotted(path[:i]) or "the top level"
        if not props and not patterns:
            return None, f"{dotted(path[:i])} is a single setting, not a section"
        if patterns and not props:
            return None, f"'{part}' is not a pair of two rank letters in {where}"
        return None, f"unknown key '{part}' in {where}{_suggest(part, props)}"
    return node, ""


def parse_override(text: str) -> tuple[tuple[str, ...], Any]:
    """``"scoring.target=11"`` -> ``(("scoring", "target"), 11)``; raises VariantError."""
    source = f"--set {text}"
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise variant_error(source, "expected KEY.PATH=VALUE, e.g. --set scoring.target=11")
    path = tuple(key.split("."))
    if any(not p for p in path):
        raise variant_error(source, f"{key!r} is not a key path like scoring.target")
    if path == ("extends",):
        raise variant_error(source, "extends cannot be overridden; write a file that extends",
                       path=key)
    sub, why = _schema_at(path)
    if sub is None:
        raise variant_error(source, why, path=key)
    if not raw.strip():
        raise variant_error(source, "no value after '=' (write null for none)", path=key)
    try:
        value = parse_yaml(f"value: {raw}", source).data["value"]
    except VariantError as error:
        raise variant_error(source, f"bad value: {error.problems[0].message}", path=key) from None
    return path, value


def apply_overrides(doc: Located, overrides: Sequence[str]) -> Located:
    """Layer 5: set each ``key.path=value`` in ``doc`` (in place) and locate it there."""
    layer = doc.layer + 1
    for text in overrides:
        path, value = parse_override(text)
        node = doc.data
        for part in path[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                child = {}
                node[part] = child
            node = child
        source = Where(f"--set {text}", None, None, layer)
        for n in range(1, len(path)):
            doc.where.setdefault(path[:n], source)
        _set_merged(node, path[-1], value, path, doc.where, source)
    return doc


def _set_merged(node: dict[str, Any], key: str, value: Any, path: KeyPath,
                where: dict[KeyPath, Where], source: Where) -> None:
    """``node[key] = value``, merging a mapping into a mapping key by key (as extends does)."""
    old = node.get(key)
    if isinstance(value, dict) and isinstance(old, dict):
        where.setdefault(path, source)
        for sub, sub_value in value.items():
            _set_merged(old, sub, sub_value, (*path, sub), where, source)
        return
    node[key] = value
    _replace_where(where, path)
    where[path] = source


# ---------------------------------------------------------------------------- public API


@dataclass
class Checked:
    """The outcome of checking a variant: rules when valid, problems, and notes (remarks
    that do not make the file invalid, such as a game with no end)."""

    rules: Rules | None
    problems: list[Problem]
    notes: list[Problem]
    mapping: dict[str, Any] | None = None


def resolve(name_or_path: str | Path, overrides: Sequence[str] = ()) -> Located:
    """Layers 1 to 5: the merged mapping with positions (no defaults filled in).

    Raises VariantError for text, YAML, extends, schema and override problems.
    """
    path = find_variant(name_or_path)
    doc = _relayer(_resolve_file(path, ()))
    doc.data.pop("extends", None)
    if overrides:
        apply_overrides(doc, overrides)
        if old_point_keys(doc.data):
            _upgrade(doc, None)
        problems = schema_problems(doc)
        if problems:
            raise VariantError(problems)
    return doc


def load_variant_mapping(name_or_path: str | Path, overrides: Sequence[str] = ()) -> dict[str, Any]:
    """The resolved mapping (extends merged, overrides applied), before defaults."""
    return resolve(name_or_path, overrides).data


def check_variant(name_or_path: str | Path, overrides: Sequence[str] = ()) -> Checked:
    """Every layer; never raises for a bad variant (problems are returned)."""
    try:
        doc = resolve(name_or_path, overrides)
    except VariantError as error:
        return Checked(None, error.problems, [])
    try:
        rules = rules_from_mapping(doc.data)
    except (TypeError, ValueError, KeyError) as error:  # the schema should prevent this
        return Checked(None, [doc.problem((), f"cannot build the rules: {error}")], [], doc.data)
    problems: list[Problem] = []
    notes: list[Problem] = list(doc.notes)
    for finding in checks.check_rules(rules):
        problem = _locate_finding(doc, finding)
        (notes if finding.note else problems).append(problem)
    return Checked(None if problems else rules, problems, notes, doc.data)


def _key_path(text: str) -> KeyPath:
    """``points.items[2]`` -> ``("points", "items", 2)`` (the inverse of ``dotted``)."""
    path: list[str | int] = []
    for part in text.split("."):
        name, *indexes = part.split("[")
        path.append(name)
        path.extend(int(index.rstrip("]")) for index in indexes)
    return tuple(path)


def _locate_finding(doc: Located, finding: checks.Finding) -> Problem:
    """A finding names its subject first; it is located at whichever of its settings the
    top-most file (or override) sets, since that is where a fix most likely belongs."""
    paths = [_key_path(p) for p in finding.paths]
    chosen = max(paths, key=lambda p: (p in doc.where, doc.where[p].layer if p in doc.where
                                       else -1, -paths.index(p)))
    w = doc.locate(chosen)
    return Problem(file=w.file, line=w.line, column=w.column, path=finding.paths[0],
                   message=finding.message)


def load_variant(name_or_path: str | Path, overrides: Sequence[str] = ()) -> Rules:
    """Load, check and build the rules of a shipped variant name or a variant file.

    ``overrides`` are ``"key.path=value"`` strings, as given to ``--set``.
    Raises :class:`~pitchkit.errors.VariantError` carrying every problem found.
    """
    checked = check_variant(name_or_path, overrides)
    if checked.rules is None:
        raise VariantError(checked.problems)
    return checked.rules


def validate_file(path: str | Path, overrides: Sequence[str] = ()) -> list[Problem]:
    """Every problem of a variant file (empty when it is valid)."""
    return check_variant(path, overrides).problems


def load_text(text: str, file: str = "<text>") -> Rules:
    """Load a variant from YAML text (no ``extends``); raises VariantError."""
    doc = parse_yaml(text, file)
    if old_point_keys(doc.data) and doc.data.get("format") != FORMAT:
        _upgrade(doc, None)
    problems = schema_problems(doc)
    if problems:
        raise VariantError(problems)
    if "extends" in doc.data:
        raise VariantError([doc.problem(("extends",), "extends needs a file to be relative to")])
    rules = rules_from_mapping(doc.data)
    found = [_locate_finding(doc, f) for f in checks.check_rules(rules) if not f.note]
    if found:
        raise VariantError(found)
    return rules
