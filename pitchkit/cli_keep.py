"""``pitchkit keep VARIANT``: keep score at a real table, interactively or from a file.

Thin: load the rules, build a :class:`pitchkit.keep.Table`, then either add the hands of
``--hands FILE`` and print them (:mod:`pitchkit.keep_file`), or ask for hands at the
terminal (:class:`pitchkit.keep_session.KeepSession`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pitchkit.cli_common import EXIT_USAGE, SetOption, fail, load_rules_or_exit, run_safely


@run_safely
def keep(
    variant: Annotated[str, typer.Argument(help="Shipped variant name or variant file.",
                                           metavar="VARIANT")],
    players: Annotated[str | None, typer.Option(
        "--players", help="The players' names in seat order, e.g. Ann,Bob,Cy,Di (default: "
        "1,2,3,...; a --hands file may name them).", show_default=False)] = None,
    hands: Annotated[Path | None, typer.Option(
        "--hands", help="Score the hands of this YAML file and print the result.",
        show_default=False)] = None,
    ask: Annotated[bool, typer.Option(
        "--ask", help="With --hands: go on asking for hands after the file's.")] = False,
    save: Annotated[Path | None, typer.Option(
        "--save", help="Write the hands to this YAML file after every hand (it reads back "
        "with --hands).", show_default=False)] = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Overwrite the --save file if it exists.")] = False,
    sets: SetOption = None,
) -> None:
    """Keep score at a real table: each hand, the bid, the pitcher and who took each point.

    Prints each hand, the running score, set-backs, moons, money and who has won, by the
    variant's own rules. Interactive by default ('undo' takes back the last hand); with
    --hands, from a file.
    """
    from pitchkit.keep import Table, TableError, TableHand
    from pitchkit.keep_file import apply_hands, read_hands_file
    from pitchkit.keep_session import KeepSession, over_text, scored_text, standing_lines

    rules = load_rules_or_exit(variant, sets)
    if save is not None and save.exists() and not force:
        fail(f"--save {save}: the file exists; pass --force to overwrite it", EXIT_USAGE)
    named = [p.strip() for p in players.split(",")] if players is not None else None
    file_hands: list[TableHand] = []
    file = ""
    if hands is not None:
        file_players, file_hands, file = read_hands_file(hands, rules)
        if named is not None and file_players is not None and named != file_players:
            fail(f"--players {players} differs from the players in {file}", EXIT_USAGE)
        named = named or file_players
    names = named or [str(seat) for seat in range(1, rules.players.count + 1)]
    try:
        table = Table(rules, names)
    except TableError as error:
        fail(f"--players: {error.message}", EXIT_USAGE)
    if hands is not None:
        apply_hands(table, file_hands, file)
        for scored in table.hands:
            for line in scored_text(scored):
                typer.echo(line)
        if not ask:
            typer.echo(f"{len(table.hands)} hand(s) scored")
            for line in standing_lines(table):
                typer.echo(line)
            if table.over is not None:
                typer.echo(over_text(table.over))
            return
    session = KeepSession(table, read=input, write=typer.echo, save=save, variant=variant)
    if save is not None and table.entries:
        session.save_hands()
    code = session.run()
    if code:
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add ``keep`` to the app."""
    app.command()(keep)
