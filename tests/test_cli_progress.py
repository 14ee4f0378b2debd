"""The command line's progress bar (``pitchkit.cli_sim._progress``): shown from a run's
first count to its last, so that what the bots learn before it, once a rule set, draws
its own bar undisturbed (a live bar prints whatever else is written to stderr as a line
of its own, above it)."""

from __future__ import annotations

import io
import sys

import pytest

from pitchkit.cli_sim import _progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_is_live_only_between_a_labels_first_and_last_count(
        monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with _progress(True) as update:
        assert update is not None
        assert sys.stderr is terminal  # not yet: a calibration's bar writes here itself
        update("smear", 1, 2)
        assert sys.stderr is not terminal  # live: rich shows other writes above it
        update("smear", 2, 2)
        assert sys.stderr is terminal  # done: the next variant learns undisturbed
        update("smear", 2, 2)  # a late count of a finished label changes nothing
        assert sys.stderr is terminal
        update("smear@scoring.target=15", 1, 3)
        assert sys.stderr is not terminal
    assert sys.stderr is terminal  # stopped when the run ends midway


def test_no_bar_where_stderr_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with _progress(True) as update:
        assert update is None
    with _progress(False) as update:
        assert update is None
