"""Pieces every CLI module shares: the ``--set`` option, loading rules, failing cleanly.

Usage in a command module::

    from pitchkit.cli_common import SetOption, fail, load_rules_or_exit, run_safely

    @app.command()
    @run_safely
    def simulate(variant: str, sets: SetOption = None) -> None:
        rules = load_rules_or_exit(variant, sets)
        ...

``run_safely`` turns every error into one line on stderr and an exit code: 1 for bad
input (a variant, a record, a bot), 2 for bad usage, never a traceback.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from pitchkit.errors import PitchkitError, UsageError, VariantError
from pitchkit.variant import Rules

#: Exit codes: 0 fine, 1 bad input (invalid variant, record, ...), 2 bad usage.
EXIT_INVALID = 1
EXIT_USAGE = 2

#: Repeatable ``--set key.path=value`` option; declare as ``sets: SetOption = None``.
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="KEY.PATH=VALUE",
        help="Override one setting of the variant, e.g. --set scoring.target=11 (repeatable).",
        show_default=False,
    ),
]

#: ``--html FILE``: the report as one self-contained page (pitchkit.html).
HtmlOption = Annotated[Path | None, typer.Option(
    "--html", help="Also write the report as one self-contained HTML page (charts inline, "
    "works offline, prints cleanly).", show_default=False)]
#: ``--force``: let an output file replace an existing one.
ForceOption = Annotated[bool, typer.Option(
    "--force", help="Overwrite an existing output file.")]

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``pitchkit: message`` to stderr and exit with ``code``."""
    typer.echo(f"pitchkit: {message}", err=True)
    raise typer.Exit(code)


def describe_error(error: BaseException) -> str:
    """One line for a user: the first problem of a VariantError, plus how many more."""
    if isinstance(error, VariantError):
        text = str(error.problems[0]) if error.problems else "invalid variant"
        more = len(error.problems) - 1
        if more > 0:
            text += f" (and {more} more problem{'s' if more > 1 else ''}; "
            text += "run `pitchkit validate` to see all)"
        return text
    return str(error) or type(error).__name__


def load_rules_or_exit(variant: str, sets: Sequence[str] | None = None) -> Rules:
    """Load a shipped variant or file with ``--set`` overrides; on error print one line, exit 1."""
    from pitchkit.load import load_variant

    try:
        return load_variant(variant, tuple(sets or ()))
    except VariantError as error:
        fail(describe_error(error), EXIT_INVALID)


def _usage_exceptions() -> tuple[type[BaseException], ...]:
    """typer's own exceptions, and click's where typer still runs on an installed click."""
    kinds: list[type[BaseException]] = [typer.Exit, typer.Abort, SystemExit, typer.TyperException]
    try:  # typer >= 0.23 carries its own click; older ones use the click package
        click = importlib.import_module("click")
    except ImportError:
        return tuple(kinds)
    return (*kinds, click.ClickException)


_PASS_THROUGH = _usage_exceptions()


def exit_code_for(error: BaseException) -> int:
    return EXIT_USAGE if isinstance(error, UsageError) else EXIT_INVALID


def run_safely(fn: F) -> F:
    """Decorate a command so that no error ever reaches the user as a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except _PASS_THROUGH:
            raise  # typer/click report these themselves (bad usage exits 2)
        except PitchkitError as error:
            fail(describe_error(error), exit_code_for(error))
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except BrokenPipeError:
            sys.stderr.close()
            raise typer.Exit(EXIT_INVALID) from None
        except (OSError, ValueError) as error:
            fail(describe_error(error), EXIT_INVALID)
        except Exception as error:  # last resort: still one line, never a traceback
            fail(f"internal error: {type(error).__name__}: {error}", EXIT_INVALID)

    return wrapper  # type: ignore[return-value]
