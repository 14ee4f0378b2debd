"""``pitchkit match``: two bots head to head on duplicate deals (thin over pitchkit.match)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from pitchkit.cli_common import SetOption, load_rules_or_exit, run_safely


def register(app: typer.Typer) -> None:
    """Add match to the app."""

    @app.command()
    @run_safely
    def match(
        variant: Annotated[str, typer.Argument(help="A shipped variant name or a YAML file.")],
        bots: Annotated[str, typer.Option(
            "--bots", help="The two bots, A,B: e.g. heuristic,heuristic-v1 or "
            "montecarlo:samples=8,heuristic.")],
        games: Annotated[int, typer.Option(
            "--games", "-n", help="Number of deals; each is played once per seating.")] = 200,
        seed: Annotated[str, typer.Option(
            "--seed", help="Seed of the match: the same seed gives the same numbers.")] = "1",
        workers: Annotated[int, typer.Option(
            "--workers", "-w", help="Processes to play in parallel (results do not depend "
            "on it).")] = 1,
        sets: SetOption = None,
        hands: Annotated[int | None, typer.Option(
            "--hands", help="Hands per game for variants with no end (default 20); "
            "otherwise a cap past which a game is cut off.", show_default=False)] = None,
        as_json: Annotated[bool, typer.Option(
            "--json", help="Print one JSON object, for programs.")] = False,
    ) -> None:
        """Bot A against bot B on the same deals with the seats swapped: who plays better?"""
        from pitchkit.cli_sim import _progress, _seed
        from pitchkit.match import match as run
        from pitchkit.match import render_match_text
        from pitchkit.report import write_json

        rules = load_rules_or_exit(variant, sets)
        with _progress(True) as update:
            result = run(rules, bots=bots, deals=games, seed=_seed(seed), workers=workers,
                         hands=hands, variant=rules.name,
                         progress=(lambda d, t: update("match", d, t)) if update else None)
        if as_json:
            write_json(result.summary(), sys.stdout)
        else:
            sys.stdout.write(render_match_text(result))
        if result.interrupted:
            typer.echo("pitchkit: interrupted; the result above covers the deals finished",
                       err=True)
            raise typer.Exit(130)
