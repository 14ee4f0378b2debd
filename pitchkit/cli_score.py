"""``pitchkit score``: count one player's captured cards at the table.

For a variant that scores combinations (``scoring.method: combinations``) it prints the
best cards kept, each combination used with its points, and the total. For a variant
that scores points it prints the game points (``points.card_values``) of the cards,
which decide the game point.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from pitchkit.cards import card_name, parse_card
from pitchkit.cli_common import SetOption, fail, load_rules_or_exit, run_safely
from pitchkit.combos import best_combination
from pitchkit.scoring import game_points_of
from pitchkit.variant import Rules, ScoringMethod


def parse_captured(text: str, rules: Rules) -> list[int]:
    """Cards from ``"AS QH 10D"`` (spaces or commas); ValueError names the bad card."""
    cards: list[int] = []
    for word in text.replace(",", " ").split():
        try:
            card = parse_card(word)
        except ValueError as error:
            raise ValueError(f"--captured: {error}") from None
        jokers = rules.deck.jokers
        if card >= 52 + jokers:
            plural = "" if jokers == 1 else "s"
            raise ValueError(f"--captured: {word!r}: this variant's deck has "
                             f"{jokers or 'no'} joker{plural}")
        if card not in rules.deck.cards():
            raise ValueError(f"--captured: {word!r} is not in this variant's deck")
        if card in cards:
            raise ValueError(f"--captured: {card_name(card)} is listed twice")
        cards.append(card)
    return cards


def score_report(rules: Rules, cards: list[int]) -> dict[str, Any]:
    """The result of ``pitchkit score`` as plain data (what ``--json`` prints)."""
    names = [card_name(c) for c in cards]
    if rules.scoring.method is ScoringMethod.COMBINATIONS:
        result = best_combination(rules.combinations, cards)
        return {
            "variant": rules.name, "method": "combinations", "captured": names,
            "keep": rules.combinations.keep,
            "kept": [card_name(c) for c in result.kept],
            "combinations": [{"cards": [card_name(c) for c in unit], "points": points}
                             for unit, points in result.units],
            "total": result.total,
        }
    values = [(card_name(c), game_points_of(rules, 1 << c)) for c in cards]
    return {
        "variant": rules.name, "method": "points", "captured": names,
        "game_points": [{"card": name, "points": points} for name, points in values if points],
        "total": sum(points for _, points in values),
    }


def _print_text(report: dict[str, Any]) -> None:
    if report["method"] == "combinations":
        typer.echo(f"kept ({len(report['kept'])} of {len(report['captured'])}, "
                   f"best {report['keep']}): {' '.join(report['kept']) or '-'}")
        rows = [("+".join(u["cards"]), u["points"]) for u in report["combinations"]]
    else:
        typer.echo(f"game points of {' '.join(report['captured']) or 'no cards'}:")
        rows = [(v["card"], v["points"]) for v in report["game_points"]]
    width = max([len(label) for label, _ in rows] + [5])
    for label, points in rows:
        typer.echo(f"  {label:<{width}}  {points:>3}")
    typer.echo(f"  {'total':<{width}}  {report['total']:>3}")


@run_safely
def score(
    variant: Annotated[str, typer.Argument(help="Shipped variant name or variant file.",
                                           metavar="VARIANT")],
    captured: Annotated[str, typer.Option(
        "--captured", metavar="CARDS", show_default=False,
        help='The cards one player captured, e.g. "AS QH QD KC JS TS 7H" (10 for T, BJ/LJ '
             'for jokers).')],
    sets: SetOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score one player's captured cards: the best cards kept, each combination and the total.

    For a variant that scores points instead of combinations: the game points of the cards.
    """
    rules = load_rules_or_exit(variant, sets)
    try:
        cards = parse_captured(captured, rules)
    except ValueError as error:
        fail(str(error))
    report = score_report(rules, cards)
    if as_json:
        typer.echo(json.dumps(report, indent=2))
    else:
        _print_text(report)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command()(score)
