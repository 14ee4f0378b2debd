"""Players leaving and joining between the hands of a money game.

Seats are positions at the table for the coming hand (0..n-1 in order of play); players
keep stable ids (:attr:`Game.players` maps seat -> player id). Leaving seats close up;
joining players sit after the last seat. Money is settled by :mod:`pitchkit.money`.
These functions check a change and return the :class:`Table` after it, with who left
or joined and the event that logs it; the engine seats it and settles the ledger.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from pitchkit.errors import IllegalActionError
from pitchkit.plan import cards_needed, rules_plan
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


class Table(NamedTuple):
    """The table after players leave or join: player id of each seat, their scores, the
    dealer's seat, and the id the next new player gets; the ids of the players who left
    (settled now) or joined, and the event."""

    players: list[int]
    scores: list[int]
    dealer: int
    next_player_id: int
    left: tuple[int, ...]
    joined: tuple[int, ...]
    event: Event


def leave(game: Game, seats: Sequence[int]) -> Table:
    """These seats leave before the next deal; each is settled now (source A): the
    table after (its event names the seats leaving, in order)."""
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
    next_seat = game.plan.seats.next_seat
    while dealer in gone:
        dealer = next_seat[dealer]
    stay = [s for s in range(game.n) if s not in gone]
    _check_deal(game, len(stay))
    return Table(players=[game.players[s] for s in stay],
                 scores=[game.scores[s] for s in stay], dealer=stay.index(dealer),
                 next_player_id=game.next_player_id,
                 left=tuple(game.players[s] for s in gone), joined=(),
                 event=Event("leave", None, None, tuple(gone)))


def join(game: Game, count: int) -> Table:
    """``count`` new players sit down after the last seat, with a score of 0: the table
    after (the new players' ids are the last ``count``)."""
    _check_between_hands(game, "join")
    if count < 1:
        raise IllegalActionError(f"join needs at least one player, not {count}")
    if game.n + count > 8:
        raise IllegalActionError(f"{game.n + count} players: a table seats at most 8")
    _check_deal(game, game.n + count)
    first = game.next_player_id
    joined = tuple(range(first, first + count))
    return Table(players=game.players + list(joined),
                 scores=game.scores + [start_score(game.rules)] * count,
                 dealer=game.dealer, next_player_id=first + count, left=(), joined=joined,
                 event=Event("join", None, None, count))


def settlement(game: Game) -> dict[int, int]:
    """Cents per player id (everyone who ever sat) if the game stopped now."""
    assert game.ledger is not None
    if game.outcome is not None and game.outcome.settlement is not None:
        return dict(game.outcome.settlement)
    return game.ledger.totals()


def _check_deal(game: Game, n: int) -> None:
    deal = rules_plan(game.rules, n).deal
    # the kitty and a turned card set aside are taken from the deck too
    if cards_needed(game.rules, n) > deal.deck_size:
        kitty = game.rules.deal.kitty
        raise IllegalActionError(
            f"{n} players cannot be dealt {deal.cards_per_hand} cards each"
            + (f" and a kitty of {kitty}" if kitty else ""))
