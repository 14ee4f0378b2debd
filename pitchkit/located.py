"""Layers 1 and 2 of loading: text and YAML, read with the position of every key.

A safe loader that records the line and column of every mapping key and list item,
refuses duplicate keys, YAML tags and merge keys, and counts aliases and nesting while
composing, so that a "billion laughs" or a deeply nested document is refused before
anything is expanded. Problems come out as :class:`~pitchkit.errors.VariantError`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pitchkit.errors import Problem, VariantError
from pitchkit.inputs import MAX_BYTES, MAX_DEPTH, Unreadable, read_capped

# MAX_BYTES (a variant file is a few kilobytes) and MAX_DEPTH (it is three levels deep)
# are those of every input file: pitchkit.inputs.
#: YAML aliases (``*name``) allowed in one file; a "billion laughs" needs many more.
MAX_ALIASES = 50
#: Values (after following aliases) allowed in one file.
MAX_NODES = 20_000

KeyPath = tuple[str | int, ...]


def dotted(path: Iterable[str | int]) -> str:
    """``("play", "stages", 1)`` -> ``play.stages[1]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            # a blank key, or one with spaces at its ends, is quoted so that it shows
            word = str(part) if part and part.strip() == part else repr(part)
            out += f".{word}" if out else word
    return out


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
    #: remarks made while reading (a format 1 file translated), not problems
    notes: list[Problem] = field(default_factory=list)

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


def variant_error(file: str, message: str, line: int | None = None, column: int | None = None,
             path: str = "") -> VariantError:
    return VariantError([Problem(file=file, line=line, column=column, path=path,
                                 message=message)])


def display_name(path: Path) -> str:
    """How a file is named in messages: relative to the current folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


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
        self._nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise _Refused(f"more than {MAX_NODES} values; a variant file has a few hundred",
                           self.peek_event().start_mark)
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
        raw = read_capped(path, limit=MAX_BYTES)
    except Unreadable as why:
        text = str(why)
        if text.startswith("file is too large"):
            text += "; a variant file is a few kilobytes"
        elif text.startswith("is a folder"):
            text = "is a folder, not a variant file"
        raise variant_error(file, text) from None
    if not raw.strip():
        raise variant_error(file, "file is empty; a variant file needs at least `name:` or "
                             "`extends:`")
    if b"\x00" in raw:
        at = raw.index(b"\x00")
        line = raw[:at].count(b"\n") + 1
        raise variant_error(file, "binary data (a NUL byte), not a YAML text file", line,
                       at - (raw.rfind(b"\n", 0, at) + 1) + 1)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise variant_error(file, f"not UTF-8 text (byte 0x{raw[error.start]:02x})", line,
                       column) from None
    return text


def parse_yaml(text: str, file: str, layer: int = 0) -> Located:
    """Parse one YAML document into plain data with the position of every key."""
    done = _parse_yaml(text, file, layer)
    return Located(data=_copied(done.data), where=dict(done.where), file=done.file,
                   layer=done.layer, files=list(done.files))


def _copied(value: Any) -> Any:
    """A copy of parsed data: new mappings and lists, the same (immutable) scalars."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


# The documents parsed last, by text, file name and layer. Loading a variant parses its file
# and every file it extends, and a comparison, a sweep or ``explain`` loads the same files
# again under other settings; parsing (pure Python, to keep every key's position) is most of
# a load's time. Parsing is pure, so a text parsed before is handed out again, by
# :func:`parse_yaml`, as a fresh copy that its caller may change (a refusal is not kept).
@functools.lru_cache(maxsize=32)
def _parse_yaml(text: str, file: str, layer: int) -> Located:
    try:
        loader = _PositionLoader(text)
    except yaml.reader.ReaderError as error:
        line, column = _line_col(text, error.position)
        raise variant_error(file, f"character U+{error.character:04X} is not allowed in YAML text "
                             "(special characters are not allowed)", line, column) from None
    try:
        try:
            node = loader.get_single_node()
        except _Refused as refused:
            m = refused.mark
            raise variant_error(file, refused.message, m.line + 1, m.column + 1) from None
        except yaml.MarkedYAMLError as error:
            raise _yaml_error(error, file) from None
        except yaml.reader.ReaderError as error:
            line, column = _line_col(text, error.position)
            raise variant_error(file, f"character U+{error.character:04X} is not allowed in YAML "
                                 f"text ({error.reason})", line, column) from None
        except yaml.YAMLError as error:
            raise variant_error(file, f"YAML: {error}") from None
        if node is None:
            raise variant_error(file, "file has no settings (only comments); a variant file "
                                 "needs at least `name:` or `extends:`")
        if not isinstance(node, yaml.MappingNode):
            kind = "a list" if isinstance(node, yaml.SequenceNode) else "a single value"
            raise variant_error(file, f"the top level must be a mapping of settings "
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
    return variant_error(file, f"YAML syntax: {message}",
                    mark.line + 1 if mark else None, mark.column + 1 if mark else None)


_INT_TAG = "tag:yaml.org,2002:int"
#: Integers YAML 1.1 reads in a base nobody writing rules means: 011 (octal), 1:30 (base 60).
_SURPRISING_INT = re.compile(r"[-+]?0[0-7_]+|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+")


def _to_python(loader: _PositionLoader, node: Any, path: KeyPath, where: dict[KeyPath, Where],
               file: str, layer: int, counter: list[int]) -> Any:
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise variant_error(file, f"more than {MAX_NODES} values (after following aliases)",
                       node.start_mark.line + 1, node.start_mark.column + 1)
    if node.tag == _TIMESTAMP_TAG and isinstance(node, yaml.ScalarNode) and not node.style:
        return str(node.value)  # a plain 2024-01-01 is text here, not a date
    if node.tag not in _PLAIN_TAGS:
        raise variant_error(file, f"YAML tag {node.tag.replace('tag:yaml.org,2002:', '!!')!r} is "
                             "not allowed in a variant file",
                       node.start_mark.line + 1, node.start_mark.column + 1, dotted(path))
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            kl, kc = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if key_node.tag == _MERGE_TAG:
                raise variant_error(file, "merge keys (<<) are not supported in variant files; "
                                     "use extends:", kl, kc, dotted(path))
            if not isinstance(key_node, yaml.ScalarNode):
                raise variant_error(file, "a key must be a plain word, not a list or mapping",
                               kl, kc, dotted(path))
            key = str(key_node.value)
            sub = (*path, key)
            if key in out:
                first = where[sub]
                raise variant_error(file, f"duplicate key '{key}' (first given at line "
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
    if node.tag == _INT_TAG and not node.style and _SURPRISING_INT.fullmatch(node.value):
        # YAML 1.1 reads 011 as the octal 9 and 1:30 as the base-60 90: a house-rules file
        # almost never means that, so it is refused rather than silently read
        value = loader.construct_object(node, deep=True)
        digits = node.value.replace("_", "")
        why, meant = ("base 60", "the number itself") if ":" in digits else (
            "octal, for the leading 0", str(int(digits.lstrip("+-").lstrip("0") or "0")))
        raise variant_error(file, f"{node.value} is read by YAML as {value} ({why}); "
                            f"write {meant} if that is what you mean",
                            node.start_mark.line + 1, node.start_mark.column + 1, dotted(path))
    try:
        return loader.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as error:
        raise _yaml_error(error, file) from None
    except (ValueError, TypeError, OverflowError) as error:
        raise variant_error(file, f"YAML: bad value {node.value!r}: {error}",
                       node.start_mark.line + 1, node.start_mark.column + 1,
                       dotted(path)) from None


def read_located(path: Path, layer: int = 0) -> Located:
    """Layers 1 and 2 for one file: text and YAML with positions."""
    file = display_name(path)
    return parse_yaml(read_text(path, file), file, layer)
