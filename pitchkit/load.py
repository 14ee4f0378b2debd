"""Load a variant file in layers, each with its own kind of problem.

1. text: size, emptiness, binary data, UTF-8;
2. YAML: syntax, duplicate keys, aliases, nesting, with the line and column of every key;
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
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator  # type: ignore[import-untyped,unused-ignore]
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped,unused-ignore]

import pitchkit
from pitchkit import checks
from pitchkit.errors import Problem, VariantError
from pitchkit.variant import Rules, rules_from_mapping

#: A variant file is a few kilobytes; anything over this is refused before parsing.
MAX_BYTES = 1_000_000
#: Nesting deeper than this is refused (a variant file is three levels deep).
MAX_DEPTH = 20
#: YAML aliases (``*name``) allowed in one file; a "billion laughs" needs many more.
MAX_ALIASES = 50
#: Values (after following aliases) allowed in one file.
MAX_NODES = 20_000

KeyPath = tuple[str | int, ...]


def _data_dir(name: str) -> Path:
    """``schemas/`` or ``variants/``: inside the package when installed from a wheel,
    else the repository's top-level folder."""
    packaged = Path(pitchkit.__file__).resolve().parent / name
    if packaged.is_dir():
        return packaged
    return Path(pitchkit.__file__).resolve().parent.parent / name


def schema_path() -> Path:
    return _data_dir("schemas") / "variant.schema.json"


def variants_dir() -> Path:
    return _data_dir("variants")


@functools.cache
def load_schema() -> dict[str, Any]:
    """The variant schema (draft 2020-12) as a mapping."""
    with open(schema_path(), encoding="utf-8") as f:
        schema: dict[str, Any] = json.load(f)
    return schema


@functools.cache
def _validator() -> Draft202012Validator:
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def dotted(path: Iterable[str | int]) -> str:
    """``("play", "stages", 1)`` -> ``play.stages[1]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


# ---------------------------------------------------------------------------- where


@dataclass(frozen=True)
class Where:
    """Where a value came from. ``layer`` orders sources: bases < file < overrides."""

    file: str
    line: int | None = None
    column: int | None = None
    layer: int = 0


@dataclass
class Located:
    """A mapping read from one or more files, with the position of every key."""

    data: dict[str, Any]
    where: dict[KeyPath, Where]
    file: str
    layer: int = 0
    files: list[str] = field(default_factory=list)

    def locate(self, path: KeyPath) -> Where:
        """The position of ``path``, else of its nearest ancestor, else the file."""
        for n in range(len(path), 0, -1):
            if path[:n] in self.where:
                return self.where[path[:n]]
        return Where(self.file, None, None, self.layer)

    def problem(self, path: KeyPath, message: str) -> Problem:
        w = self.locate(path)
        return Problem(file=w.file, line=w.line, column=w.column, path=dotted(path),
                       message=message)


def _problem(file: str, message: str, line: int | None = None, column: int | None = None,
             path: str = "") -> VariantError:
    return VariantError([Problem(file=file, line=line, column=column, path=path,
                                 message=message)])


def display_name(path: Path) -> str:
    """How a file is named in messages: relative to the current folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


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
    if candidate.exists():
        return candidate
    shipped = dict(shipped_variants())
    if not _looks_like_path(text) and text in shipped:
        return shipped[text]
    if _looks_like_path(text):
        raise _problem(text, "no such file")
    names = list(shipped)
    raise _problem(text, f"no such file or shipped variant{_suggest(text, names)}; "
                         f"shipped variants: {', '.join(names)}")


# ---------------------------------------------------------------------------- text + YAML


class _Refused(Exception):
    def __init__(self, message: str, mark: Any) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark


class _PositionLoader(yaml.SafeLoader):
    """A safe loader that counts aliases and nesting while composing, so a "billion
    laughs" document or a deeply nested one is refused before anything is expanded."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _Refused(f"too many YAML aliases (more than {MAX_ALIASES}); "
                               "a variant file needs none", self.peek_event().start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(f"nesting deeper than {MAX_DEPTH} levels",
                               self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_MERGE_TAG = "tag:yaml.org,2002:merge"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{t}"
                        for t in ("map", "seq", "str", "int", "float", "bool", "null"))


def _line_col(text: str, index: int) -> tuple[int, int]:
    before = text[:index]
    line = before.count("\n") + 1
    return line, index - (before.rfind("\n") + 1) + 1


def read_text(path: Path, file: str) -> str:
    """The file as text, refusing what cannot be a variant file."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise _problem(file, "is a folder, not a variant file") from None
    except FileNotFoundError:
        raise _problem(file, "no such file") from None
    except OSError as error:
        raise _problem(file, f"cannot read: {error.strerror or error}") from None
    if len(raw) > MAX_BYTES:
        raise _problem(file, f"file is too large (over {MAX_BYTES // 1_000_000} MB); "
                             "a variant file is a few kilobytes")
    if not raw.strip():
        raise _problem(file, "file is empty; a variant file needs at least `name:` or "
                             "`extends:`")
    if b"\x00" in raw:
        at = raw.index(b"\x00")
        line = raw[:at].count(b"\n") + 1
        raise _problem(file, "binary data (a NUL byte), not a YAML text file", line,
                       at - (raw.rfind(b"\n", 0, at) + 1) + 1)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise _problem(file, f"not UTF-8 text (byte 0x{raw[error.start]:02x})", line,
                       column) from None
    return text


def parse_yaml(text: str, file: str, layer: int = 0) -> Located:
    """Parse one YAML document into plain data with the position of every key."""
    try:
        loader = _PositionLoader(text)
    except yaml.reader.ReaderError as error:
        line, column = _line_col(text, error.position)
        raise _problem(file, f"character U+{error.character:04X} is not allowed in YAML text "
                             "(special characters are not allowed)", line, column) from None
    try:
        try:
            node = loader.get_single_node()
        except _Refused as refused:
            m = refused.mark
            raise _problem(file, refused.message, m.line + 1, m.column + 1) from None
        except yaml.MarkedYAMLError as error:
            raise _yaml_error(error, file) from None
        except yaml.reader.ReaderError as error:
            line, column = _line_col(text, error.position)
            raise _problem(file, f"character U+{error.character:04X} is not allowed in YAML "
                                 f"text ({error.reason})", line, column) from None
        except yaml.YAMLError as error:
            raise _problem(file, f"YAML: {error}") from None
        if node is None:
            raise _problem(file, "file has no settings (only comments); a variant file "
                                 "needs at least `name:` or `extends:`")
        if not isinstance(node, yaml.MappingNode):
            kind = "a list" if isinstance(node, yaml.SequenceNode) else "a single value"
            raise _problem(file, f"the top level must be a mapping of settings "
                                 f"(name:, players:, ...), not {kind}",
                           node.start_mark.line + 1, node.start_mark.column + 1)
        where: dict[KeyPath, Where] = {}
        counter = [0]
        data = _to_python(loader, node, (), where, file, layer, counter)
    finally:
        loader.dispose()
    return Located(data=data, where=where, file=file, layer=layer, files=[file])


def _yaml_error(error: yaml.MarkedYAMLError, file: str) -> VariantError:
    mark = error.problem_mark or error.context_mark
    message = error.problem or "invalid YAML"
    if error.context and message.startswith("but "):
        message = f"{error.context}, {message}"
    elif error.context and error.context_mark and error.context_mark is not mark:
        message += f" ({error.context} at line {error.context_mark.line + 1})"
    elif error.context:
        message = f"{error.context}: {message}"
    return _problem(file, f"YAML syntax: {message}",
                    mark.line + 1 if mark else None, mark.column + 1 if mark else None)


def _to_python(loader: _PositionLoader, node: Any, path: KeyPath, where: dict[KeyPath, Where],
               file: str, layer: int, counter: list[int]) -> Any:
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise _problem(file, f"more than {MAX_NODES} values (after following aliases)",
                       node.start_mark.line + 1, node.start_mark.column + 1)
    if node.tag == _TIMESTAMP_TAG and isinstance(node, yaml.ScalarNode) and not node.style:
        return str(node.value)  # a plain 2024-01-01 is text here, not a date
    if node.tag not in _PLAIN_TAGS:
        raise _problem(file, f"YAML tag {node.tag.replace('tag:yaml.org,2002:', '!!')!r} is "
                             "not allowed in a variant file",
                       node.start_mark.line + 1, node.start_mark.column + 1, dotted(path))
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            kl, kc = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if key_node.tag == _MERGE_TAG:
                raise _problem(file, "merge keys (<<) are not supported in variant files; "
                                     "use extends:", kl, kc, dotted(path))
            if not isinstance(key_node, yaml.ScalarNode):
                raise _problem(file, "a key must be a plain word, not a list or mapping",
                               kl, kc, dotted(path))
            key = str(key_node.value)
            sub = (*path, key)
            if key in out:
                first = where[sub]
                raise _problem(file, f"duplicate key '{key}' (first given at line "
                                     f"{first.line})", kl, kc, dotted(sub))
            where[sub] = Where(file, kl, kc, layer)
            out[key] = _to_python(loader, value_node, sub, where, file, layer, counter)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            sub = (*path, i)
            where[sub] = Where(file, item.start_mark.line + 1, item.start_mark.column + 1, layer)
            items.append(_to_python(loader, item, sub, where, file, layer, counter))
        return items
    try:
        return loader.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as error:
        raise _yaml_error(error, file) from None
    except (ValueError, TypeError, OverflowError) as error:
        raise _problem(file, f"YAML: bad value {node.value!r}: {error}",
                       node.start_mark.line + 1, node.start_mark.column + 1,
                       dotted(path)) from None


def read_located(path: Path, layer: int = 0) -> Located:
    """Layers 1 and 2 for one file: text and YAML with positions."""
    file = display_name(path)
    return parse_yaml(read_text(path, file), file, layer)


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
        return " or ".join(str(v) for v in schema["enum"])
    types = schema.get("type")
    words = [_TYPE_WORDS.get(t, t) for t in ([types] if isinstance(types, str) else types or [])]
    text = " or ".join(words) or "a value"
    if "minimum" in schema and "maximum" in schema:
        text += f" from {schema['minimum']} to {schema['maximum']}"
    return text


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
        choices = [str(c) for c in error.validator_value]
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
                   files=[*base.files, *top.files])


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
    problems = schema_problems(doc)
    if problems:
        raise VariantError(problems)
    if "extends" not in doc.data:
        return doc
    base_path = _find_base(doc, path)
    key = base_path.resolve()
    seen = [p.resolve() for p in (*chain, path)]
    if key in seen:
        cycle = " -> ".join(display_name(p) for p in (*chain, path, base_path)[seen.index(key):])
        raise VariantError([doc.problem(("extends",), f"extends cycle: {cycle}")])
    base = _resolve_file(base_path, (*chain, path))
    del doc.data["extends"]
    doc.where.pop(("extends",), None)
    merged = _merge(base, doc)
    return merged


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
        raise _problem(source, "expected KEY.PATH=VALUE, e.g. --set scoring.target=11")
    path = tuple(key.split("."))
    if any(not p for p in path):
        raise _problem(source, f"{key!r} is not a key path like scoring.target")
    if path == ("extends",):
        raise _problem(source, "extends cannot be overridden; write a file that extends",
                       path=key)
    sub, why = _schema_at(path)
    if sub is None:
        raise _problem(source, why, path=key)
    if not raw.strip():
        raise _problem(source, "no value after '=' (write null for none)", path=key)
    try:
        value = parse_yaml(f"value: {raw}", source).data["value"]
    except VariantError as error:
        raise _problem(source, f"bad value: {error.problems[0].message}", path=key) from None
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
    notes: list[Problem] = []
    for finding in checks.check_rules(rules):
        problem = _locate_finding(doc, finding)
        (notes if finding.note else problems).append(problem)
    return Checked(None if problems else rules, problems, notes, doc.data)


def _locate_finding(doc: Located, finding: checks.Finding) -> Problem:
    """A finding names its subject first; it is located at whichever of its settings the
    top-most file (or override) sets, since that is where a fix most likely belongs."""
    paths = [tuple(p.split(".")) for p in finding.paths]
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
