"""Players leaving and joining between the hands of a money game.

Seats are positions at the table for the coming hand (0..n-1 in order of play); players
keep stable ids (:attr:`Game.players` maps seat -> player id). Leaving seats close up;
joining players sit after the last seat. Money is settled by :mod:`pitchkit.money`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pitchkit.errors import IllegalActionError, UsageError
from pitchkit.results import Event, Phase
from pitchkit.settle import start_score
from pitchkit.variant import Partnerships

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.engine import Game


def _check_between_hands(game: Game, what: str) -> None:
    if not game.rules.money.enabled:
        raise IllegalActionError(f"players may {what} only in money games (money.enabled)")
    if game.rules.players.partnerships is not Partnerships.NONE:
        raise IllegalActionError(f"players may not {what} a partnership game")
    if game.phase is not Phase.DEAL:
        raise IllegalActionError(f"players may {what} only between hands, not in phase "
                                 f"{game.phase}")


def leave(game: Game, seats: Sequence[int]) -> Event:
    """These seats leave before the next deal; each is settled now (source A)."""
    _check_between_hands(game, "leave")
    gone = sorted(set(seats))
    if len(gone) != len(seats):
        raise IllegalActionError("a seat leaves twice")
    for s in gone:
        if not 0 <= s < game.n:
            raise IllegalActionError(f"seat {s} is not at the table (seats 0..{game.n - 1})")
    if game.n - len(gone) < 2:
        raise IllegalActionError(
            f"{game.n - len(gone)} player(s) left at the table: at least 2 are needed to play")
    # rule: the deal passes to the next remaining player
    dealer = game.dealer
    while dealer in gone:
        dealer = game._next[dealer]
    stay = [s for s in range(game.n) if s not in gone]
    assert game.ledger is not None
    try:
        game.ledger.leave([game.players[s] for s in gone])
    except UsageError as e:  # pragma: no cover - the engine keeps the ledger in step
        raise IllegalActionError(str(e)) from None
    game.players = [game.players[s] for s in stay]
    game.scores = [game.scores[s] for s in stay]
    game.dealer = stay.index(dealer)
    _resize(game, len(stay))
    event = Event("leave", None, None, tuple(gone))
    game.events.append(event)
    return event


def join(game: Game, count: int) -> Event:
    """``count`` new players sit down after the last seat, with a score of 0."""
    _check_between_hands(game, "join")
    if count < 1:
        raise IllegalActionError(f"join needs at least one player, not {count}")
    if game.n + count > 8:
        raise IllegalActionError(f"{game.n + count} players: a table seats at most 8")
    new = list(range(game._next_player_id, game._next_player_id + count))
    game._next_player_id += count
    assert game.ledger is not None
    game.ledger.join(new)
    game.players = game.players + new
    game.scores = game.scores + [start_score(game.rules)] * count
    _resize(game, game.n + count)
    event = Event("join", None, None, count)
    game.events.append(event)
    return event


def settlement(game: Game) -> dict[int, int]:
    """Cents per player id (everyone who ever sat) if the game stopped now."""
    assert game.ledger is not None
    if game.outcome is not None and game.outcome.settlement is not None:
        return dict(game.outcome.settlement)
    return game.ledger.totals()


def _resize(game: Game, n: int) -> None:
    game.n = n
    game._seat_tables()
    game._reset_hand()
    deal = game.plan.deal
    if deal.cards_per_hand * n > deal.deck_size:
        raise IllegalActionError(
            f"{n} players cannot be dealt {deal.cards_per_hand} cards each")
