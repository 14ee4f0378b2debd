"""The ``pitchkit`` command: a thin layer over the library.

Commands live in small modules, each with ``register(app)``: variant files here (owned
with ``load``/``checks``), ``cli_replay`` (replay), ``cli_score`` (score) and
``cli_sim`` (simulate, compare, merge).
"""

from __future__ import annotations

import typer

from pitchkit import cli_replay, cli_score, cli_sim

app = typer.Typer(
    name="pitchkit",
    help="Write Pitch house rules as YAML, check them, print them, simulate games under them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for module in (cli_replay, cli_score, cli_sim):
    module.register(app)


def main() -> None:
    app()
