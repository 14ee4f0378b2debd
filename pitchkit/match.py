"""Head-to-head of two bots on duplicate deals: which plays these rules better?

Every deal is played once per *seating*: bot A and bot B take turns round the table
(A B A B ...), then every seat swaps bots, and with an odd number of seats every rotation
is played too. Each seating of deal ``i`` deals from ``random.Random(f"{seed}:{i}")`` (as
:mod:`pitchkit.simulate` does) and bots never touch that generator, so all seatings see
exactly the same cards: the luck of the deal cancels out and far fewer games tell the two
bots apart than games with fresh deals would.

A game scores for A the share of its winning seats that A holds (a drawn or cut-off game
counts one half). A deal scores the mean over its seatings; deals are independent, so the
interval on A's share is a normal interval over deals, and the difference A - B (A's share
minus B's, ``2 * share - 1``) has the same interval scaled. Money variants also report the
mean money per game of A's seats minus B's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pitchkit.bots import BotSpec, parse_bot_spec
from pitchkit.errors import UsageError
from pitchkit.pool import run_chunks
from pitchkit.simulate import (
    DEFAULT_ENDLESS_HANDS,
    DEFAULT_MAX_HANDS,
    Setup,
    build_once,
    forget_bot_factories,
    is_endless,
    play_with_replays,
)
from pitchkit.stats import mean_interval
from pitchkit.variant import Rules

Progress = Callable[[int, int], None]


def seatings(players: int) -> list[tuple[int, ...]]:
    """Which bot (0 = A, 1 = B) sits in each seat, for every seating of one deal.

    Alternating seats, every rotation of that pattern, and each with the bots swapped:
    each bot holds every seat equally often, next to each neighbour equally often.
    """
    pattern = tuple(s % 2 for s in range(players))
    out: list[tuple[int, ...]] = []
    for shift in range(players):
        turned = pattern[shift:] + pattern[:shift]
        for seating in (turned, tuple(1 - b for b in turned)):
            if seating not in out:
                out.append(seating)
    return out


@dataclass
class MatchResult:
    """Per-deal scores of a match, in deal order; every figure is derived from them."""

    variant: str
    bots: tuple[str, str]
    seed: int | str
    players: int
    seatings: list[tuple[int, ...]]
    money: bool
    #: per deal: A's mean share of the wins over its seatings
    shares: list[float] = field(default_factory=list)
    #: per deal (money variants): mean over seatings of A's cents per seat minus B's
    money_diffs: list[float] = field(default_factory=list)
    hands: int = 0
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def deals(self) -> int:
        return len(self.shares)

    def summary(self) -> dict[str, Any]:
        """Every figure as plain data (the ``--json`` object)."""
        n = self.deals
        share = mean_interval(sum(self.shares), sum(x * x for x in self.shares), n)
        out: dict[str, Any] = {
            "variant": self.variant, "bots": list(self.bots), "seed": self.seed,
            "deals": n, "games": n * len(self.seatings),
            "seatings": ["".join("AB"[b] for b in s) for s in self.seatings],
            "hands": self.hands,
            "win_share_a": _interval(share, 1.0, 0.0, (0.0, 1.0)),
            "difference": _interval(share, 2.0, -1.0, (-1.0, 1.0)),
        }
        if self.money:
            diffs = self.money_diffs
            out["money_per_game_difference"] = mean_interval(
                sum(diffs), sum(x * x for x in diffs), len(diffs))
        out["seconds"] = self.seconds
        out["interrupted"] = self.interrupted
        return out


def _interval(stat: dict[str, float | None], scale: float, shift: float,
              bounds: tuple[float, float]) -> dict[str, Any]:
    def f(value: float | None) -> float | None:
        if value is None:
            return None
        return min(bounds[1], max(bounds[0], value * scale + shift))

    return {"mean": f(stat["mean"]), "low": f(stat["low"]), "high": f(stat["high"])}


def render_match_text(result: MatchResult) -> str:
    """The match for people: A's share of wins and the difference, with 95% intervals."""
    s = result.summary()
    a, b = result.bots
    lines = [
        f"{result.variant}: A = {a}, B = {b}",
        f"{s['deals']:,} deals x {len(result.seatings)} seatings ({s['games']:,} games, "
        f"{s['hands']:,} hands), seed {result.seed}; 95% intervals over deals",
    ]
    share, diff = s["win_share_a"], s["difference"]
    if share["mean"] is None:
        lines.append("no deals played")
        return "\n".join(lines) + "\n"
    lines.append(f"  A's share of wins   {share['mean']:6.1%} [{share['low']:.1%}, "
                 f"{share['high']:.1%}]   (even: 50%)")
    lines.append(f"  difference A - B   {diff['mean']:+6.1%} [{diff['low']:+.1%}, "
                 f"{diff['high']:+.1%}]")
    money = s.get("money_per_game_difference")
    if money and money["mean"] is not None:
        lines.append(f"  money per game, A's seats - B's  {money['mean']:+.1f} cents "
                     f"[{money['low']:+.1f}, {money['high']:+.1f}]")
    verdict = ("A is stronger" if diff["low"] > 0 else "B is stronger" if diff["high"] < 0
               else "no difference shown at 95%")
    lines.append(f"  {verdict}")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- playing


def _game_share(setup: Setup, key: str, seating: tuple[int, ...],
                specs: tuple[BotSpec, BotSpec]) -> tuple[float, float, int]:
    """One game (with its replays): A's share of the win, A - B cents, hands played."""
    rules = setup.rules
    n = rules.players.count
    seat_setup = Setup(rules=rules, seed=setup.seed, bots=tuple(specs[b] for b in seating),
                       hand_limit=setup.hand_limit, endless=setup.endless)
    played = play_with_replays(seat_setup, key)
    hands = played.deals
    money = played.money or [0] * n
    winners, draw, cut_off = played.winners, played.draw, played.cut_off
    if draw or cut_off or not winners:
        share = 0.5
    else:
        share = sum(1 for s in winners if seating[s] == 0) / len(winners)
    a_seats = [s for s in range(n) if seating[s] == 0]
    b_seats = [s for s in range(n) if seating[s] == 1]
    diff = (sum(money[s] for s in a_seats) / len(a_seats)
            - sum(money[s] for s in b_seats) / len(b_seats))
    return share, diff, hands


def _play_deals(setup: Setup, specs: tuple[BotSpec, BotSpec], arrangement: list[tuple[int, ...]],
                indices: Sequence[int]) -> list[tuple[float, float, int]]:
    out = []
    for i in indices:
        results = [_game_share(setup, f"{setup.seed}:{i}", seating, specs)
                   for seating in arrangement]
        out.append((sum(r[0] for r in results) / len(results),
                    sum(r[1] for r in results) / len(results),
                    sum(r[2] for r in results)))
    return out


_WORKER: tuple[Setup, tuple[BotSpec, BotSpec], list[tuple[int, ...]]] | None = None


def _init_worker(state: tuple[Setup, tuple[BotSpec, BotSpec], list[tuple[int, ...]]]) -> None:
    import signal

    global _WORKER
    _WORKER = state
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C


def _worker_chunk(indices: range) -> tuple[int, list[tuple[float, float, int]]]:
    assert _WORKER is not None
    return indices.start, _play_deals(*_WORKER, indices)


def match(
    rules: Rules,
    *,
    bots: str | Sequence[str],
    deals: int,
    seed: int | str = 1,
    workers: int = 1,
    hands: int | None = None,
    progress: Progress | None = None,
    variant: str | None = None,
) -> MatchResult:
    """Play bot A against bot B on ``deals`` duplicate deals (see the module docstring).

    ``bots``: ``"a,b"`` or two specs. ``hands``: hands per game of a variant with no end
    (default 20), otherwise the cap past which a game is cut off (default 1000).
    The result does not depend on ``workers``.
    """
    forget_bot_factories()
    items = bots.split(",") if isinstance(bots, str) else list(bots)
    if len(items) != 2:
        raise UsageError(f"a match needs two bots (--bots A,B), got {len(items)}")
    if deals < 1:
        raise UsageError("--games must be at least 1")
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    if hands is not None and hands < 1:
        raise UsageError("--hands must be at least 1")
    specs = (parse_bot_spec(items[0]), parse_bot_spec(items[1]))
    n = rules.players.count
    endless = is_endless(rules)
    limit = hands if hands is not None else (DEFAULT_ENDLESS_HANDS if endless
                                             else DEFAULT_MAX_HANDS)
    setup = Setup(rules=rules, seed=seed, bots=(specs[0],) * n, hand_limit=limit,
                  endless=endless)
    arrangement = seatings(n)
    result = MatchResult(variant=variant or rules.name, bots=(specs[0].text, specs[1].text),
                         seed=seed, players=n, seatings=arrangement,
                         money=rules.money.enabled)
    start = time.perf_counter()

    def absorb(part: list[tuple[float, float, int]]) -> None:
        for share, diff, played in part:
            result.shares.append(share)
            result.money_diffs.append(diff)
            result.hands += played
        if progress:
            progress(result.deals, deals)

    try:
        if workers == 1 or deals < 2:
            for i in range(deals):
                absorb(_play_deals(setup, specs, arrangement, [i]))
        else:
            build_once(rules, specs, seed)  # calibrations learned once, not per worker
            size = max(1, min(20, deals // (workers * 4)))
            chunks = [range(j, min(deals, j + size)) for j in range(0, deals, size)]
            # results are taken in deal order whatever order they arrive in, so the
            # figures are the same for any number of workers; a dead worker's deals are
            # played again, or the match stops with one line (pitchkit.pool)
            ready: dict[int, list[tuple[float, float, int]]] = {}
            cursor = 0

            def arrive(item: tuple[int, list[tuple[float, float, int]]]) -> None:
                nonlocal cursor
                ready[item[0]] = item[1]
                while cursor in ready:
                    part = ready.pop(cursor)
                    absorb(part)
                    cursor += len(part)

            run_chunks(chunks, workers, _worker_chunk, arrive, _init_worker,
                       ((setup, specs, arrangement),))
    except KeyboardInterrupt:
        result.interrupted = True
    result.seconds = time.perf_counter() - start
    return result
