"""Output files (``--out``, ``--csv``, ``--html``): checked before a run, written atomically.

:func:`check_outputs` runs before any game is played, so a bad path costs nothing: it
refuses, with one line and exit code 2, a path that exists (unless ``--force``), a
folder, anything that is not a regular file, a missing or unwritable folder, one file
named for two outputs, and an output that is one of the command's inputs (``simulate
house.yaml --out house.yaml`` would replace the rules with JSON).
:func:`~pitchkit.atomic.write_atomically` then writes through a temporary file in the
same folder renamed over the target, so a reader sees the old file or the new one, never
half of one.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from pitchkit.errors import UsageError


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def check_outputs(outputs: Sequence[tuple[str, Path | None]], *, force: bool = False,
                  inputs: Sequence[Path] = ()) -> None:
    """Refuse, before any work, outputs that cannot or must not be written.

    ``outputs`` are (option, path) pairs such as ``("--out", path)``; ``inputs`` the
    files the command reads. Raises :class:`UsageError` naming the option and the path.
    """
    given = [(option, path) for option, path in outputs if path is not None]
    for i, (option, path) in enumerate(given):
        for other_option, other in given[:i]:
            if _same_file(path, other):
                raise UsageError(f"{other_option} and {option} both name {path}; "
                                 "give each output its own file")
        for source in inputs:
            if _same_file(path, source):
                raise UsageError(f"{option} {path} is an input of this command; "
                                 "it would be overwritten: choose another file")
        _check_one(option, path, force)


def _check_one(option: str, path: Path, force: bool) -> None:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise UsageError(f"{option} {path}: {error.strerror or error}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise UsageError(f"{option} {path} is a folder; name a file")
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"{option} {path} is not a regular file (a pipe or device)")
        if not force:
            raise UsageError(f"{option} {path} exists; add --force to overwrite it")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"{option} {path}: the folder {folder} does not exist")
    try:  # the one sure test that the folder takes a new file (read-only, full, ...)
        fd, probe = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".check")
    except OSError as error:
        raise UsageError(f"{option} {path}: cannot write in {folder}: "
                         f"{error.strerror or error}") from None
    os.close(fd)
    os.unlink(probe)
