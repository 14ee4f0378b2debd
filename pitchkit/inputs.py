"""Reading a file a user names, with the same limits for every kind of input.

Variant files, game records and simulation shards are all read through
:func:`read_capped` (a regular file of at most 1 MB: never a pipe or a device, which
could block or never end) and JSON ones through :func:`json_capped` (nesting at most 20
levels deep). Each raises :class:`Unreadable` with the reason in a few words; the caller
names the file and picks its own error kind.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")

#: No input file is larger than this (a variant file is a few kilobytes).
MAX_BYTES = 1_000_000
#: Nesting deeper than this is refused (a variant file is three levels deep, a record five).
MAX_DEPTH = 20


class Unreadable(Exception):
    """Why a file cannot be read as input, in a few words ("no such file")."""


def read_capped(path: Path, *, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise Unreadable("no such file") from None
    except OSError as error:  # a name too long, a loop of links, no permission
        raise Unreadable(f"cannot read: {error.strerror or error}") from None
    if stat.S_ISDIR(info.st_mode):
        raise Unreadable("is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("is not a regular file (a pipe, socket or device); not read")
    too_large = f"file is too large (over {limit // 1_000_000} MB)"
    if info.st_size > limit:
        raise Unreadable(too_large)
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as error:
        raise Unreadable(f"cannot read: {error.strerror or error}") from None
    if len(raw) > limit:
        raise Unreadable(too_large)
    return raw


def json_capped(raw: bytes) -> Any:
    """Parse JSON nested at most :data:`MAX_DEPTH` deep.

    Raises :class:`json.JSONDecodeError` for bad JSON, :class:`Unreadable` for bad text
    or nesting too deep.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise Unreadable(f"not UTF-8 text (byte 0x{raw[error.start]:02x} at offset "
                         f"{error.start})") from None
    depth = 0
    # before parsing (json recurses once per level): brackets outside strings
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise Unreadable(f"nesting deeper than {MAX_DEPTH} levels")
    return json.loads(text)
