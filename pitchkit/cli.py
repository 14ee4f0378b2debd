"""The ``pitchkit`` command: a thin layer over the library.

Commands live in small modules, each with ``register(app)``: ``cli_variants`` (validate,
list, show, explain, diff, new, schema), ``cli_replay`` (replay), ``cli_score`` (score)
``cli_sim`` (simulate, compare, merge), ``cli_match`` (match), ``cli_play`` (play) and
``cli_keep`` (keep).
"""

from __future__ import annotations

import sys

import typer

from pitchkit import cli_keep, cli_match, cli_play, cli_replay, cli_score, cli_sim, cli_variants
from pitchkit.cli_common import EXIT_INVALID, describe_error, exit_code_for
from pitchkit.errors import PitchkitError

app = typer.Typer(
    name="pitchkit",
    help="Write Pitch house rules as YAML, check them, print them, simulate games under them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for module in (cli_variants, cli_replay, cli_score, cli_sim, cli_match, cli_play, cli_keep):
    module.register(app)


def main() -> None:
    """Entry point: run the app; whatever escapes a command becomes one line, not a traceback."""
    try:
        app()
    except PitchkitError as error:
        print(f"pitchkit: {describe_error(error)}", file=sys.stderr)
        sys.exit(exit_code_for(error))
    except KeyboardInterrupt:
        print("pitchkit: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as error:  # never a traceback
        print(f"pitchkit: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(EXIT_INVALID)
