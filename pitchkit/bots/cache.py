"""The cache folder of what the bots learn (calibrations, tables) and how it is written."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from pitchkit.atomic import write_atomically


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/pitchkit``, else ``~/.cache/pitchkit``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pitchkit"


def progress_bar(title: str, unit: str = "hands") -> Callable[[int, int], None]:
    """A progress bar on standard error, redrawn in place (counting ``unit``)."""
    print(title, file=sys.stderr, flush=True)

    def draw(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        print(f"\r  [{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}",
              end="", file=sys.stderr, flush=True)

    return draw


def write_cache(path: Path, text: str) -> None:
    """Write the cache file atomically (pitchkit.atomic); never fail."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
    except OSError:
        pass  # no cache: the next run calibrates again, with the same result
