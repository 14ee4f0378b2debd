"""Small helpers for tests that drive hand-made deals through the public API."""

from __future__ import annotations

from collections.abc import Sequence

from pitchkit.actions import action_text
from pitchkit.cards import parse_card
from pitchkit.engine import Game


def cards(text: str) -> list[int]:
    """``"AS 10H JK"`` -> the cards as ints."""
    return [parse_card(c) for c in text.split()]


def names(actions: Sequence[int]) -> list[str]:
    """Actions as their record spellings (``bid 3``, ``play AS``)."""
    return [action_text(a) for a in actions]


def act(game: Game, *actions: str) -> None:
    for a in actions:
        game.apply(a)


def tricks(game: Game, *plays: str) -> list[int]:
    """Play whole tricks, each written as the cards in the order played; the winners."""
    winners = []
    for trick in plays:
        event = None
        for card in trick.split():
            event = game.apply("play " + card)
        assert event is not None and event.trick_winner is not None
        winners.append(event.trick_winner)
    return winners
