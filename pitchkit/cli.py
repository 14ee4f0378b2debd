"""The ``pitchkit`` command: a thin layer over the library, imported lazily.

Commands live in small modules, each with ``register(app)`` adding its commands.
:data:`COMMANDS` names the module of every command, so ``pitchkit validate`` imports and
builds only ``validate`` (typer, the variant loader), not the simulator, the bots or the
renderers of the other commands: start-up stays short, and so does every worker
process, which imports this module but never runs :func:`main`.

To add a command ``foo``: write ``pitchkit/cli_foo.py`` with ``register(app)`` calling
``app.command()(foo)``, and add ``"foo": "pitchkit.cli_foo"`` to :data:`COMMANDS`
(a test checks that the table and the modules agree).
"""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: this module imports nothing at start-up
if TYPE_CHECKING:
    from typing import Any

    import typer

#: Every command, and the module whose ``register(app)`` defines it.
COMMANDS: dict[str, str] = {
    "validate": "pitchkit.cli_variants",
    "list": "pitchkit.cli_variants",
    "show": "pitchkit.cli_variants",
    "explain": "pitchkit.cli_variants",
    "diff": "pitchkit.cli_variants",
    "new": "pitchkit.cli_variants",
    "schema": "pitchkit.cli_variants",
    "replay": "pitchkit.cli_replay",
    "score": "pitchkit.cli_score",
    "simulate": "pitchkit.cli_sim",
    "merge": "pitchkit.cli_sim",
    "compare": "pitchkit.cli_sim",
    "match": "pitchkit.cli_match",
    "play": "pitchkit.cli_play",
    "keep": "pitchkit.cli_keep",
}

HELP = "Write Pitch house rules as YAML, check them, print them, simulate games under them."


def command_name(info: Any) -> str:
    """The name typer gives a registered command (``list_variants`` -> ``list-variants``)."""
    return str(info.name or info.callback.__name__.lower().replace("_", "-"))


def build_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with the one command ``only``."""
    import typer

    new_app = typer.Typer(name="pitchkit", help=HELP, no_args_is_help=True,
                          add_completion=False, pretty_exceptions_enable=False)

    def _version(shown: bool) -> None:
        if shown:
            from pitchkit import __version__

            print(f"pitchkit {__version__}")
            raise typer.Exit()

    @new_app.callback()
    def _group(version: bool = typer.Option(
            False, "--version", help="Print pitchkit's version and exit.", callback=_version,
            is_eager=True)) -> None:
        # a group even with one command, so that `pitchkit NAME ...` parses alike
        pass

    modules = [COMMANDS[only]] if only is not None else list(dict.fromkeys(COMMANDS.values()))
    for module in modules:
        importlib.import_module(module).register(new_app)
    if only is not None:
        new_app.registered_commands = [c for c in new_app.registered_commands
                                       if command_name(c) == only]
    return new_app


def __getattr__(name: str) -> Any:
    """``pitchkit.cli.app``: the app with every command, built on first use."""
    if name == "app":
        full = build_app()
        globals()["app"] = full
        return full
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _command_in(argv: list[str]) -> str | None:
    """The command named on the command line, when it is one of :data:`COMMANDS`."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def main() -> None:
    """Entry point: run the app; whatever escapes a command becomes one line, not a traceback.

    Everything is imported inside the ``try``, so Ctrl-C, SIGTERM or SIGHUP at any moment
    after start-up ends with ``pitchkit: interrupted`` and exit code 130.
    """
    try:
        from pitchkit.guard import stop_signals_interrupt

        with stop_signals_interrupt():  # SIGTERM and SIGHUP stop a command like Ctrl-C
            build_app(_command_in(sys.argv[1:]))()
    except KeyboardInterrupt:
        print("pitchkit: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as error:  # never a traceback
        from pitchkit.cli_common import describe_error, exit_code_for
        from pitchkit.errors import PitchkitError

        if isinstance(error, PitchkitError):
            print(f"pitchkit: {describe_error(error)}", file=sys.stderr)
            sys.exit(exit_code_for(error))
        print(f"pitchkit: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
