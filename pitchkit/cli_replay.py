"""``pitchkit replay RECORD [--json]``: check a game record action by action.

Prints each hand's outcome (text for people, ``--json`` for programs). A bad record
exits 1 with one line naming the hand, the bid or trick, the seat and the reason.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from pitchkit.cards import SUITS
from pitchkit.cli_common import run_safely
from pitchkit.errors import seat_name
from pitchkit.record import ReplayResult, replay_file, result_json


def _who(seats: tuple[int, ...]) -> str:
    if not seats:
        return "nobody"
    return ("seat " if len(seats) == 1 else "seats ") + "+".join(str(s + 1) for s in seats)


def replay_text(result: ReplayResult) -> str:
    """The text report of a replayed record."""
    lines = [f"variant {result.rules.name}: {len(result.hands)} hand(s)"]
    for i, hand in enumerate(result.hands, start=1):
        head = f"hand {i}: dealer {seat_name(hand.dealer)}"
        if hand.thrown_in:
            lost = min(hand.score_changes, default=0)
            lines.append(head + (f": everyone passed, dealer set {-lost}" if lost
                                 else ": everyone passed, thrown in"))
            continue
        if hand.pitcher is not None:
            contract = "made" if hand.made else "set"
            head += f", {seat_name(hand.pitcher)} bid {hand.bid} ({contract})"
            if hand.partner is not None:
                head += f" with {seat_name(hand.partner)}"
        if hand.trump is not None:
            head += f", trump {SUITS[hand.trump]}"
        parts = [f"{name} {_who(seats)}" for name, seats in hand.points.items()]
        if hand.combo_points is not None:
            parts.append("combinations " + " ".join(str(p) for p in hand.combo_points))
        detail = "; ".join(parts)
        lines.append(f"{head}: {detail}; scores {' '.join(str(s) for s in hand.scores)}")
    outcome = result.game.outcome
    if result.unfinished_hand:
        lines.append("the last hand is unfinished")
    if outcome is None:
        lines.append("game unfinished")
    elif outcome.draw:
        lines.append("game over: a draw" + (" (a new game decides it)" if outcome.replay
                                            else ""))
    else:
        lines.append(f"game over: won by {_who(outcome.winners)}")
    settlement = result.settlement
    if settlement is not None:
        money = ", ".join(f"player {p + 1} {c / 100:+.2f}" for p, c in sorted(settlement.items()))
        lines.append(f"settlement: {money}")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add ``replay`` to the app."""

    @app.command()
    @run_safely
    def replay(
        record: Annotated[str, typer.Argument(help="A game record (JSON file).")],
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """Replay a game record, checking every action, and print each hand's outcome."""
        result = replay_file(record)
        if as_json:
            typer.echo(json.dumps(result_json(result)))
        else:
            typer.echo(replay_text(result))
