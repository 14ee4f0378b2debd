"""``pitchkit play VARIANT``: a game against the bots at the terminal.

Thin: parse the options, build a :class:`pitchkit.play_session.PlaySession` reading
``input`` and writing ``print``, and exit with its code (0, or 130 after Ctrl-C).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer

from pitchkit.cli_common import EXIT_USAGE, SetOption, fail, load_rules_or_exit, run_safely


@run_safely
def play(
    variant: Annotated[str, typer.Argument(help="Shipped variant name or variant file.",
                                           metavar="VARIANT")],
    seat: Annotated[int, typer.Option(
        "--seat", help="Your seat, from 1 (seat 1 is first to the dealer's left when "
        "seat 4 deals).")] = 1,
    bots: Annotated[str, typer.Option(
        "--bots", help="Bots in the other seats: one for all, or one per other seat in "
        "seat order (random, heuristic, calibrated, search, strong, "
        "montecarlo[:samples=N], module:Class).")
    ] = "heuristic",
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed of the deals and the bots (default: a new one, printed).",
        show_default=False)] = None,
    save: Annotated[Path | None, typer.Option(
        "--save", help="Save the game as a record for `pitchkit replay` (after every hand "
        "and when you stop).", show_default=False)] = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Overwrite the --save file if it exists.")] = False,
    hands: Annotated[int | None, typer.Option(
        "--hands", help="Stop after this many hands (money games have no end).",
        show_default=False)] = None,
    sets: SetOption = None,
) -> None:
    """Play a game against the bots: your hand, the legal choices, each trick and the score.

    Type a choice's number or its name ('play AS', 'AS', 'bid 3', 'pass'); 'help' lists
    the commands. End of input (Ctrl-D), 'quit' or Ctrl-C stop the game and save it.
    """
    from pitchkit.bots import parse_bot_spec
    from pitchkit.load import parse_override
    from pitchkit.play_session import PlaySession

    rules = load_rules_or_exit(variant, sets)
    n = rules.players.count
    if not 1 <= seat <= n:
        fail(f"--seat {seat}: this variant seats players 1 to {n}", EXIT_USAGE)
    if hands is not None and hands < 1:
        fail(f"--hands {hands}: play at least 1 hand", EXIT_USAGE)
    if save is not None and save.exists() and not force:
        fail(f"--save {save}: the file exists; pass --force to overwrite it", EXIT_USAGE)
    specs = [parse_bot_spec(text) for text in bots.split(",")]
    if len(specs) == 1:
        specs = specs * (n - 1)
    if len(specs) != n - 1:
        fail(f"--bots: {len(specs)} bots for the {n - 1} other seats: give one for all, "
             "or one per other seat", EXIT_USAGE)
    per_seat = list(specs)
    per_seat.insert(seat - 1, None)  # type: ignore[arg-type]
    overrides = {".".join(path): value for path, value in map(parse_override, sets or ())}
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**6)
    session = PlaySession(rules, human=seat - 1, bots=per_seat, seed=seed, read=input,
                          write=typer.echo, save=save, variant=variant, sets=overrides,
                          hands=hands)
    code = session.run()
    if code:
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add ``play`` to the app."""
    app.command()(play)
