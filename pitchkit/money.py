"""Settling a money game (source A) in whole cents, zero-sum.

Source A: "each player gets 10 cents per point above the average of all players, or
pays the bank 10 cents per point below it"; "a leaving player is paid out then, the rest
when the game ends"; "each successful moon collects $1 from every other player; a
failed moon pays $1 to every other player".

Reading chosen, so that the money always sums to zero while players come and go: the
session is cut into *periods*, each a run of hands with the same players at the table.
When anyone joins or leaves, and at the end, the period is settled: every player then at
the table receives ``cents_per_point`` for each point they scored *during the period*
above the period's average (or pays for each point below). With the same players
throughout this is exactly "points above the average of all players". A leaving player
is therefore paid out in full when leaving, and what they take is paid by the players
they played against during their stay. Each period is rounded to whole cents by the
largest-remainder method (ties to the earlier player in table order), so each period,
and the whole session, sums to exactly zero. Moon payments are made at once between the
players at the table.

Players are identified by any int (the engine uses its own player ids, not seats).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pitchkit.errors import UsageError
from pitchkit.variant import Rules


def share_against_average(points: Mapping[int, int], cents_per_point: int) -> dict[int, int]:
    """Cents per player for points above/below their average; exact integers, sum 0.

    Each player's exact due is ``cents_per_point * (points - average)``; the fractions
    are rounded by largest remainder (ties: earlier in the mapping's order).
    """
    players = list(points)
    n = len(players)
    if n == 0:
        return {}
    total = sum(points.values())
    # exact due of player p is numer[p] / n cents
    numer = {p: cents_per_point * (n * points[p] - total) for p in players}
    base = {p: numer[p] // n for p in players}
    remainder = {p: numer[p] - base[p] * n for p in players}
    short = -sum(base.values())  # numer sums to 0, so the floors fall short by 0..n-1
    order = sorted(players, key=lambda p: (-remainder[p], players.index(p)))
    for p in order[:short]:
        base[p] += 1
    assert sum(base.values()) == 0
    return base


class MoneyLedger:
    """Money owed between players of a money game, in cents.

    ``hand(changes)`` records each player's score change for a hand (and moon payments);
    ``leave(players)`` settles and removes players; ``join(players)`` seats new ones;
    ``totals()`` is what everyone has won (positive) or lost so far if the game ended now;
    ``settle()`` ends the game.
    """

    def __init__(self, rules: Rules, players: Sequence[int]) -> None:
        self.rules = rules
        self.cents_per_point = rules.money.cents_per_point
        self.at_table: list[int] = []
        self.period: dict[int, int] = {}
        self.settled: dict[int, int] = {}
        self.join(players)

    # ---------------------------------------------------------------- the table

    def join(self, players: Iterable[int]) -> None:
        """Seat new players (between hands); the current period is settled first."""
        new = list(players)
        for p in new:
            if p in self.at_table:
                raise UsageError(f"player {p} is already at the table")
            if new.count(p) > 1:
                raise UsageError(f"player {p} joins twice")
        self._close_period()
        for p in new:
            self.at_table.append(p)
            self.period[p] = 0
            self.settled.setdefault(p, 0)

    def leave(self, players: Iterable[int]) -> dict[int, int]:
        """Settle and remove players (between hands); returns each leaver's total cents."""
        gone = list(players)
        for p in gone:
            if p not in self.at_table:
                raise UsageError(f"player {p} is not at the table")
        self._close_period()  # rule: a leaving player is paid out then (source A)
        for p in gone:
            self.at_table.remove(p)
            del self.period[p]
        return {p: self.settled[p] for p in gone}

    # ---------------------------------------------------------------- hands

    def hand(self, changes: Mapping[int, int], *, moon_shooter: int | None = None,
             moon_made: bool | None = None) -> None:
        """Record one hand: score changes per player at the table, and a moon if bid."""
        for p, change in changes.items():
            if p not in self.period:
                raise UsageError(f"player {p} is not at the table")
            self.period[p] += change
        if moon_shooter is None or moon_made is None:
            return
        if moon_shooter not in self.period:
            raise UsageError(f"player {moon_shooter} is not at the table")
        others = [p for p in self.at_table if p != moon_shooter]
        # rule: a made moon collects $1 from every other player; a failed one pays $1 each
        amount = self.rules.moon.money_made if moon_made else -self.rules.moon.money_failed
        for p in others:
            self.settled[p] -= amount
            self.settled[moon_shooter] += amount

    # ---------------------------------------------------------------- results

    def _close_period(self) -> None:
        for p, cents in share_against_average(self.period, self.cents_per_point).items():
            self.settled[p] += cents
        for p in self.period:
            self.period[p] = 0

    def totals(self) -> dict[int, int]:
        """Cents won (+) or lost (-) by every player who ever sat, as if settled now."""
        out = dict(self.settled)
        for p, cents in share_against_average(self.period, self.cents_per_point).items():
            out[p] += cents
        return out

    def settle(self) -> dict[int, int]:
        """End the game: settle the players still at the table; the final totals."""
        self._close_period()
        return dict(self.settled)
