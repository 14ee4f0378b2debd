"""Errors, split by cause under one base.

The CLI prints ``str(error)`` as one line and exits non-zero; nothing raised from here
should reach a user as a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


class PitchkitError(Exception):
    """Base of every error pitchkit raises on purpose."""


@dataclass(frozen=True, kw_only=True)
class Problem:
    """One located problem in a variant file (or a --set override)."""

    file: str
    line: int | None
    column: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"
        return one_line(text)


#: Characters that would break a one-line message (a key written as "\n" in YAML).
_LINE_BREAKERS = {c: repr(chr(c))[1:-1] for c in [*range(32), 0x7F, 0x85, 0x2028, 0x2029]}


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters written as escapes."""
    return text.translate(_LINE_BREAKERS)


class VariantError(PitchkitError):
    """A variant file (or override) could not be loaded; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__(str(self.problems[0]) if self.problems else "invalid variant")


class IllegalActionError(PitchkitError, ValueError):
    """An action that the rules do not allow now; the message says why."""


class RecordError(PitchkitError):
    """A game record that is malformed or impossible; the message names hand, seat and why."""


class UsageError(PitchkitError):
    """Bad command-line or API usage."""


class BotError(PitchkitError):
    """A bot answered with something that is not one of the legal actions."""


def bot_failure(who: str, error: Exception) -> BotError:
    """The one line for a bot ``who`` names (its name and seat) whose answer the engine
    refused (an :class:`IllegalActionError`: "answered an illegal action") or that
    raised ``error`` ("failed")."""
    if isinstance(error, IllegalActionError):
        return BotError(f"{who} answered an illegal action: {error}")
    return BotError(f"{who} failed: {type(error).__name__}: {error}")


def seat_name(seat: int) -> str:
    """A seat as players number it, from 1: ``seat_name(0) == "seat 1"``.

    The engine, records and JSON count seats from 0; every message a person reads
    goes through here, so the two numberings never mix in text.
    """
    return f"seat {seat + 1}"


class WorkerError(PitchkitError):
    """A worker process of a simulation died and its games could not be played."""
