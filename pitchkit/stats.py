"""Streaming, exactly mergeable statistics of simulated games.

A :class:`Stats` holds only integer counts and sums (plus the wall-clock timing, kept
apart), so adding games one by one, or merging shards played anywhere in any order,
gives the same numbers bit for bit. :meth:`Stats.summary` turns the counts into the
figures people read, each estimate with its 95% interval: Wilson intervals for rates,
normal intervals for means.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from pitchkit.errors import UsageError

Z95 = 1.959963984540054

#: Format of the ``raw`` block of a stats file; merge refuses other versions.
#: Format 2: ``hands`` counts hands played; deals thrown in are counted apart.
FORMAT = 2

#: The first games of a run whose scores hand by hand are kept (for score-race charts).
SAMPLE_GAMES = 3


# --------------------------------------------------------------------------- maths


def wilson(successes: int, trials: int, z: float = Z95) -> dict[str, float | None]:
    """Rate with its Wilson score interval; rate and bounds are None with no trials."""
    if trials <= 0:
        return {"rate": None, "low": None, "high": None}
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return {"rate": p, "low": low, "high": high}


def mean_interval(total: int | float, squares: int | float, n: int) -> dict[str, float | None]:
    """Mean, standard deviation and the normal 95% interval of the mean from sums."""
    if n <= 0:
        return {"mean": None, "sd": None, "low": None, "high": None}
    mean = total / n
    var = (squares - total * total / n) / (n - 1) if n > 1 else 0.0
    sd = math.sqrt(max(0.0, var))
    half = Z95 * sd / math.sqrt(n)
    return {"mean": mean, "sd": sd, "low": mean - half, "high": mean + half}


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def _gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # series for P
        term = total = 1.0 / a
        ap = a
        for _ in range(1000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # continued fraction for Q (Lentz)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, h * math.exp(log_front))


def chi_square_sf(statistic: float, df: int) -> float:
    """p-value of a chi-square statistic with ``df`` degrees of freedom."""
    if df <= 0:
        return 1.0
    return _gamma_q(df / 2, statistic / 2)


def two_proportion_p(s1: int, n1: int, s2: int, n2: int) -> float | None:
    """Two-sided p-value of the pooled two-proportion z-test; None without data."""
    if n1 <= 0 or n2 <= 0:
        return None
    pooled = (s1 + s2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (s1 / n1 - s2 / n2) / se
    return 2 * normal_sf(abs(z))


def two_mean_p(m1: float, sd1: float, n1: int, m2: float, sd2: float, n2: int) -> float | None:
    """Two-sided p-value of the Welch z-test for a difference of means."""
    if n1 <= 1 or n2 <= 1:
        return None
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    if se == 0:
        return 1.0 if m1 == m2 else 0.0
    return 2 * normal_sf(abs(m1 - m2) / se)


def histogram_quantile(hist: Mapping[int, int], q: float) -> float | None:
    """The q-quantile of integer data given as value -> count (median: q = 0.5).

    For an even count the median is the mean of the two middle values, as usual.
    """
    n = sum(hist.values())
    if n == 0:
        return None
    pos = q * (n - 1)
    lo_i, hi_i = math.floor(pos), math.ceil(pos)
    lo_v = hi_v = None
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if lo_v is None and seen > lo_i:
            lo_v = value
        if seen > hi_i:
            hi_v = value
            break
    assert lo_v is not None and hi_v is not None
    return lo_v + (hi_v - lo_v) * (pos - lo_i)


def rules_fingerprint(mapping: Mapping[str, Any]) -> str:
    """A short hash of a resolved rule set, so shards of different rules never merge."""
    text = json.dumps(mapping, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --------------------------------------------------------------------------- data


class HandLike(Protocol):
    """What :meth:`Stats.add_game` reads from each hand (the engine's ``HandResult``)."""

    @property
    def dealer(self) -> int: ...
    @property
    def pitcher(self) -> int | None: ...
    @property
    def bid(self) -> int | str | None: ...
    @property
    def made(self) -> bool | None: ...
    @property
    def moon(self) -> bool: ...
    @property
    def points(self) -> Mapping[str, tuple[int, ...]]: ...
    @property
    def score_changes(self) -> Sequence[int]: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def combo_points(self) -> Sequence[int] | None: ...
    @property
    def thrown_in(self) -> bool: ...


#: What the statistics read of a hand played: (dealer, pitcher, bid, moon, made, score
#: changes, points as (name, seats) pairs in the order of the hand's ``points``, combination
#: points); hands with equal keys count alike (:meth:`Stats.add_hands`)
HandKey = tuple[int, int | None, int | str | None, bool, bool | None, Sequence[int],
                tuple[tuple[str, tuple[int, ...]], ...], Sequence[int] | None]


def hand_key(hand: HandLike) -> HandKey:
    """The :data:`HandKey` of a hand played."""
    return (hand.dealer, hand.pitcher, hand.bid, hand.moon, hand.made,
            tuple(hand.score_changes), tuple(hand.points.items()),
            None if hand.combo_points is None else tuple(hand.combo_points))


def _zeros(n: int) -> list[int]:
    return [0] * n


def _add_counts(a: dict[str, int], b: Mapping[str, int]) -> None:
    for k, v in b.items():
        a[k] = a.get(k, 0) + v


@dataclass
class Stats:
    """Counts and sums over simulated games; add games, merge shards, summarise.

    ``players``, ``teams`` (side of each seat), ``bots`` (name per seat) and the rule
    fingerprint describe the run; two Stats merge only when these agree.
    """

    variant: str
    rules_hash: str
    seed: int | str
    bots: list[str]
    team_of: list[int]
    point_names: list[str]
    has_auction: bool
    money: bool
    combinations: bool
    hands_limit: int | None = None
    deals_limit: int | None = None
    games_requested: int = 0
    moon_allowed: bool = False
    shards: list[str] = field(default_factory=list)
    # counts
    games: int = 0
    hands: int = 0
    thrown_in: int = 0
    seat_wins: list[int] = field(default_factory=list)
    draws: int = 0
    replays: int = 0
    cut_off: int = 0
    hands_hist: dict[str, int] = field(default_factory=dict)
    bot_seat_games: dict[str, int] = field(default_factory=dict)
    bot_seat_wins: dict[str, int] = field(default_factory=dict)
    bot_games_won: dict[str, int] = field(default_factory=dict)
    contracts: int = 0
    bids: dict[str, int] = field(default_factory=dict)
    bids_made: dict[str, int] = field(default_factory=dict)
    moon_attempts: int = 0
    moon_made: int = 0
    point_pitcher: dict[str, int] = field(default_factory=dict)
    point_other: dict[str, int] = field(default_factory=dict)
    point_nobody: dict[str, int] = field(default_factory=dict)
    pos_pitched: list[int] = field(default_factory=list)
    pos_made: list[int] = field(default_factory=list)
    pos_score: list[int] = field(default_factory=list)
    pos_score_sq: list[int] = field(default_factory=list)
    money_games: int = 0
    money_hands: int = 0
    money_hands_sq: int = 0
    money_sum: list[int] = field(default_factory=list)
    money_sq: list[int] = field(default_factory=list)
    money_x_hands: list[int] = field(default_factory=list)
    combo_hands: int = 0
    combo_sum: list[int] = field(default_factory=list)
    combo_sq: list[int] = field(default_factory=list)
    # the scores after each hand of the first SAMPLE_GAMES games of the run, by game index
    # (a game's hands depend only on the seed and its index, so shards merge exactly)
    sample_scores: dict[str, list[list[int]]] = field(default_factory=dict)
    # timing: not part of the exact result
    wall_seconds: float = 0.0
    interrupted: bool = False

    def __post_init__(self) -> None:
        n = len(self.team_of)
        for name in ("seat_wins", "pos_pitched", "pos_made", "pos_score", "pos_score_sq",
                     "money_sum", "money_sq", "money_x_hands", "combo_sum", "combo_sq"):
            if not getattr(self, name):
                setattr(self, name, _zeros(n))

    @property
    def players(self) -> int:
        return len(self.team_of)

    # ------------------------------------------------------------------ adding

    def add_game(
        self,
        *,
        winners: Iterable[int],
        draw: bool,
        hands: Sequence[HandLike],
        money: Sequence[int] | None = None,
        replays: int = 0,
        cut_off: bool = False,
        direction: int = 1,
    ) -> None:
        """Count one finished game (replays included: ``hands`` are those of all of them).

        ``hands`` are the results of every deal; deals thrown in (everyone passed) are
        counted apart from the hands played, which alone make "hands per game" and the
        rates per hand. ``winners`` are the winning seats (both partners), empty for a draw
        or a game cut off; ``money`` is the settlement in cents per seat for money variants;
        ``direction`` is +1 when play goes to the next seat, -1 when to the previous one.
        """
        played = [hand_key(hand) for hand in hands if not hand.thrown_in]
        self.add_game_totals(winners=winners, draw=draw, played=len(played),
                             thrown_in=len(hands) - len(played), money=money,
                             replays=replays, cut_off=cut_off)
        self.add_hands(((key, 1) for key in played), direction)

    def add_game_totals(
        self,
        *,
        winners: Iterable[int],
        draw: bool,
        played: int,
        thrown_in: int,
        money: Sequence[int] | None = None,
        replays: int = 0,
        cut_off: bool = False,
    ) -> None:
        """Count one finished game but not its hands (:meth:`add_hands` counts them):
        ``played`` hands played and ``thrown_in`` deals thrown in; the rest as
        :meth:`add_game`."""
        n = self.players
        self.games += 1
        self.hands += played
        self.thrown_in += thrown_in
        self.replays += replays
        key = str(played)
        self.hands_hist[key] = self.hands_hist.get(key, 0) + 1
        if cut_off:
            self.cut_off += 1
        if draw:
            self.draws += 1
        won = set(winners)
        won_bots = set()
        for seat in range(n):
            bot = self.bots[seat]
            self.bot_seat_games[bot] = self.bot_seat_games.get(bot, 0) + 1
            self.bot_seat_wins.setdefault(bot, 0)
            self.bot_games_won.setdefault(bot, 0)
            if seat in won:
                self.seat_wins[seat] += 1
                self.bot_seat_wins[bot] += 1
                won_bots.add(bot)
        for bot in won_bots:
            self.bot_games_won[bot] += 1
        if money is not None:
            h = played
            self.money_games += 1
            self.money_hands += h
            self.money_hands_sq += h * h
            for seat in range(n):
                cents = int(money[seat])
                self.money_sum[seat] += cents
                self.money_sq[seat] += cents * cents
                self.money_x_hands[seat] += cents * h

    def add_hands(self, counts: Iterable[tuple[HandKey, int]], direction: int = 1) -> None:
        """Count hands played, given as (:func:`hand_key` of a hand, how many hands alike):
        ``direction`` as in :meth:`add_game`. Hands alike are counted at once: a run of
        random play counts its hands by key (many are alike) and adds them here."""
        by_dealer = _positions(self.players, direction)
        team_of = self.team_of
        pos_score, pos_score_sq = self.pos_score, self.pos_score_sq
        nobody, to_pitcher, to_other = self.point_nobody, self.point_pitcher, self.point_other
        bids, bids_made = self.bids, self.bids_made
        for (dealer, pitcher, bid, moon, made, changes, points, combo_points), times in counts:
            positions = by_dealer[dealer]
            for pos, change in zip(positions, changes, strict=True):
                if change:  # most seats score nothing in a hand
                    pos_score[pos] += change * times
                    pos_score_sq[pos] += change * change * times
            if combo_points is not None:
                self.combo_hands += times
                for seat, c in enumerate(combo_points):
                    self.combo_sum[seat] += c * times
                    self.combo_sq[seat] += c * c * times
            if pitcher is None:
                continue
            self.contracts += times
            pos = positions[pitcher]
            self.pos_pitched[pos] += times
            label = "moon" if moon or bid == "moon" else _LABELS.get(bid) or str(bid)
            bids[label] = bids.get(label, 0) + times
            if label == "moon":
                self.moon_attempts += times
            if made:
                bids_made[label] = bids_made.get(label, 0) + times
                self.pos_made[pos] += times
                if label == "moon":
                    self.moon_made += times
            side = team_of[pitcher]
            for name, seats in points:
                if not seats:
                    tally = nobody
                elif team_of[seats[0]] == side or (
                        len(seats) > 1 and side in {team_of[s] for s in seats}):
                    tally = to_pitcher  # any of its seats on the pitcher's side
                else:
                    tally = to_other
                tally[name] = tally.get(name, 0) + times

    def add_sample(self, index: int, scores: Iterable[Sequence[int]]) -> None:
        """Keep the scores after each deal of game ``index`` if it is a sample game."""
        if index < SAMPLE_GAMES:
            self.sample_scores[str(index)] = [list(row) for row in scores]

    # ------------------------------------------------------------------ merging

    _IDENTITY = ("variant", "rules_hash", "seed", "bots", "team_of", "point_names",
                 "hands_limit", "deals_limit", "games_requested")

    def absorb(self, other: Stats) -> None:
        """Add the counts of another part of the same run (exact; order does not matter)."""
        for name in self._IDENTITY:
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine != theirs:
                raise UsageError(
                    f"cannot merge results with different {name}: {mine!r} and {theirs!r}")
        for f in _COUNT_FIELDS:
            a, b = getattr(self, f), getattr(other, f)
            if isinstance(a, int):
                setattr(self, f, a + b)
            elif isinstance(a, list):
                setattr(self, f, [x + y for x, y in zip(a, b, strict=True)])
            else:
                _add_counts(a, b)
        self.sample_scores = dict(sorted({**self.sample_scores, **other.sample_scores}.items(),
                                         key=lambda kv: int(kv[0])))
        self.wall_seconds += other.wall_seconds
        self.interrupted = self.interrupted or other.interrupted

    def merge(self, other: Stats) -> None:
        """Merge another shard of the same run; refuses to count any shard twice."""
        overlap = set(self.shards) & set(other.shards)
        if overlap or not self.shards or not other.shards:
            # a whole run (no shards) already holds every game
            which = ", ".join(sorted(overlap)) or "a whole run"
            raise UsageError(f"cannot merge: the same games would be counted twice ({which})")
        self.absorb(other)
        self.shards = _normalise_shards(self.shards + other.shards)

    def empty_copy(self) -> Stats:
        """A Stats for the same run with no games counted."""
        return Stats(**{name: getattr(self, name) for name in _IDENTITY_INIT},
                     shards=list(self.shards))

    # ------------------------------------------------------------------ files

    def to_raw(self) -> dict[str, Any]:
        """Everything needed to merge, as plain JSON data."""
        raw: dict[str, Any] = {"format": FORMAT}
        for name in (*_IDENTITY_INIT, "shards", *_COUNT_FIELDS, "sample_scores",
                     *_TIMING_FIELDS):
            value = getattr(self, name)
            raw[name] = dict(sorted(value.items())) if isinstance(value, dict) else value
        return raw

    @classmethod
    def from_raw(cls, raw: Mapping[str, Any]) -> Stats:
        if raw.get("format") != FORMAT:
            raise UsageError(f"not a pitchkit stats file of format {FORMAT}")
        names = (*_IDENTITY_INIT, "shards", *_COUNT_FIELDS)
        missing = [n for n in names if n not in raw]
        if missing:
            raise UsageError(f"stats file lacks {', '.join(missing)}")
        stats = cls(**{n: raw[n] for n in names})
        if not isinstance(stats.shards, list):
            raise UsageError("stats file: shards is not a list")
        # a shard is known by its value: "01/4", "+1/4" and " 1/4 " are all 1/4
        stats.shards = [canonical_shard(str(s)) for s in stats.shards]
        stats.sample_scores = {str(k): [list(map(int, scores)) for scores in v]
                               for k, v in dict(raw.get("sample_scores") or {}).items()}
        stats.wall_seconds = float(raw.get("wall_seconds", 0.0))
        stats.interrupted = bool(raw.get("interrupted", False))
        return stats

    # ------------------------------------------------------------------ summary

    def summary(self) -> dict[str, Any]:
        """The figures of the run as one JSON-ready object (see the README for keys)."""
        n = self.players
        g = self.games
        teams = sorted(set(self.team_of))
        hist = {int(k): v for k, v in self.hands_hist.items()}
        hsum = sum(k * v for k, v in hist.items())
        hsq = sum(k * k * v for k, v in hist.items())
        hands_per_game = mean_interval(hsum, hsq, g)
        hands_per_game.update(
            median=histogram_quantile(hist, 0.5), p10=histogram_quantile(hist, 0.1),
            p90=histogram_quantile(hist, 0.9), min=min(hist) if hist else None,
            max=max(hist) if hist else None)
        out: dict[str, Any] = {
            "variant": self.variant,
            "seed": self.seed,
            "games": g,
            "hands": self.hands,
            "deals_thrown_in": self.thrown_in,
            "players": n,
            "seats_counted_from": 0,
            "bots": list(self.bots),
            "hands_limit": self.hands_limit,
            "deals_limit": self.deals_limit,
            "shards": list(self.shards),
            "complete": (not self.interrupted and not self.shards
                         and g == self.games_requested),
            "interrupted": self.interrupted,
            "win_rate_by_seat": [
                {**wilson(w, g), "wins": w} for w in self.seat_wins],
            "win_rate_by_bot": {
                bot: {**wilson(self.bot_seat_wins[bot], self.bot_seat_games[bot]),
                      "wins": self.bot_seat_wins[bot],
                      "seat_games": self.bot_seat_games[bot],
                      "games_won": {**wilson(self.bot_games_won[bot], g),
                                    "wins": self.bot_games_won[bot]}}
                for bot in sorted(self.bot_seat_games)},
            "seat_fairness": self._fairness(teams),
            "draws": {**wilson(self.draws, g), "count": self.draws},
            "replays": self.replays,
            "cut_off": self.cut_off,
            "hands_per_game": hands_per_game,
            "by_dealer_position": [
                {"position": p,
                 "pitched": wilson(self.pos_pitched[p], self.hands) if self.has_auction
                 else None,
                 "made": wilson(self.pos_made[p], self.pos_pitched[p]) if self.has_auction
                 else None,
                 "score_per_hand": mean_interval(self.pos_score[p], self.pos_score_sq[p],
                                                 self.hands)}
                for p in range(n)],
            "hands_per_second": self.hands / self.wall_seconds if self.wall_seconds else None,
            "seconds": self.wall_seconds,
        }
        if self.has_auction:
            out["contracts"] = self.contracts
            out["bids"] = {
                label: {"count": c, "share": wilson(c, self.contracts),
                        "made": {**wilson(self.bids_made.get(label, 0), c),
                                 "count": self.bids_made.get(label, 0)}}
                for label, c in sorted(self.bids.items(), key=lambda kv: _bid_order(kv[0]))}
            sets = self.contracts - sum(self.bids_made.values())
            out["set_rate"] = {**wilson(sets, self.contracts), "count": sets}
            out["moon"] = {"attempts": self.moon_attempts, "made": self.moon_made,
                           "attempt_rate": wilson(self.moon_attempts, self.contracts),
                           "made_rate": wilson(self.moon_made, self.moon_attempts)}
            out["points_to_pitcher"] = {
                name: {**wilson(self.point_pitcher.get(name, 0), self.contracts),
                       "other": self.point_other.get(name, 0),
                       "nobody": self.point_nobody.get(name, 0)}
                for name in self.point_names}
        if self.money:
            out["money_per_hand"] = [self._money(s) for s in range(n)]
        if self.combinations:
            out["combo_points_per_hand"] = [
                mean_interval(self.combo_sum[s], self.combo_sq[s], self.combo_hands)
                for s in range(n)]
        out["raw"] = self.to_raw()
        return out

    def _fairness(self, teams: list[int]) -> dict[str, Any]:
        """Chi-square test that every side wins equally often, and the seat spread."""
        side_wins = [next(self.seat_wins[s] for s in range(self.players) if self.team_of[s] == t)
                     for t in teams]
        total = sum(side_wins)
        rates = [w / self.games for w in self.seat_wins] if self.games else []
        out: dict[str, Any] = {
            "spread": (max(rates) - min(rates)) if rates else None,
            "chi_square": None, "df": len(teams) - 1, "p_value": None,
        }
        if total > 0 and len(teams) > 1:
            expected = total / len(teams)
            chi = sum((w - expected) ** 2 / expected for w in side_wins)
            out["chi_square"] = chi
            out["p_value"] = chi_square_sf(chi, len(teams) - 1)
        return out

    def _money(self, seat: int) -> dict[str, float | None]:
        """Cents won per hand by a seat: a ratio estimate over games, with its interval."""
        g, h = self.money_games, self.money_hands
        if g == 0 or h == 0:
            return {"mean": None, "low": None, "high": None}
        ratio = self.money_sum[seat] / h
        resid_sq = (self.money_sq[seat] - 2 * ratio * self.money_x_hands[seat]
                    + ratio * ratio * self.money_hands_sq)
        if g < 2:
            return {"mean": ratio, "low": None, "high": None}
        se = math.sqrt(max(0.0, resid_sq) / (g - 1)) / (h / g) / math.sqrt(g)
        return {"mean": ratio, "low": ratio - Z95 * se, "high": ratio + Z95 * se}


_IDENTITY_INIT = ("variant", "rules_hash", "seed", "bots", "team_of", "point_names",
                  "has_auction", "money", "combinations", "hands_limit", "deals_limit",
                  "games_requested",
                  "moon_allowed")

#: Kept in files but not part of the exact result: two runs differ here.
_TIMING_FIELDS = ("wall_seconds", "interrupted")

_COUNT_FIELDS = (
    "games", "hands", "thrown_in", "seat_wins", "draws", "replays", "cut_off", "hands_hist",
    "bot_seat_games", "bot_seat_wins", "bot_games_won", "contracts", "bids",
    "bids_made", "moon_attempts", "moon_made", "point_pitcher", "point_other",
    "point_nobody", "pos_pitched", "pos_made", "pos_score", "pos_score_sq", "money_games",
    "money_hands", "money_hands_sq", "money_sum", "money_sq", "money_x_hands",
    "combo_hands", "combo_sum", "combo_sq",
)


#: a bid's label in the counts, for the usual bids (``str(bid)`` without the call)
_LABELS: dict[Any, str] = {bid: str(bid) for bid in range(64)}


@lru_cache(maxsize=64)
def _positions(n: int, direction: int) -> tuple[tuple[int, ...], ...]:
    """Per dealer, each seat's position counted from the dealer (0: the dealer) in the
    order of play: ``direction`` is +1 when play goes to the next seat, -1 when back."""
    return tuple(tuple(((seat - dealer) * direction) % n for seat in range(n))
                 for dealer in range(n))


def _bid_order(label: str) -> tuple[int, str]:
    return (int(label), "") if label.lstrip("-").isdigit() else (10**6, label)


def _normalise_shards(shards: list[str]) -> list[str]:
    """Sort shard names; when all N shards of a run are present, the run is whole: []."""
    parsed = sorted({parse_shard(s) for s in shards})
    if parsed and len({n for _, n in parsed}) == 1:
        total = parsed[0][1]
        if [k for k, _ in parsed] == list(range(1, total + 1)):
            return []
    return [f"{k}/{n}" for k, n in parsed]


def canonical_shard(text: str) -> str:
    """``K/N`` as one spelling: ``canonical_shard(" 01/4") == "1/4"``."""
    k, n = parse_shard(text)
    return f"{k}/{n}"


def parse_shard(text: str) -> tuple[int, int]:
    """Parse ``K/N`` (1 <= K <= N): the K-th of N shards."""
    try:
        k_text, n_text = text.split("/")
        k, n = int(k_text), int(n_text)
    except ValueError:
        raise UsageError(f"shard {text!r} is not K/N, e.g. 1/4") from None
    if not 1 <= k <= n:
        raise UsageError(f"shard {text!r}: K must be between 1 and N")
    return k, n


def load_stats(data: Mapping[str, Any]) -> Stats:
    """A Stats from the JSON a run printed or wrote (its ``raw`` block)."""
    raw = data.get("raw") if isinstance(data, Mapping) else None
    if not isinstance(raw, Mapping):
        raise UsageError("not a pitchkit simulate --json result (no raw block)")
    return Stats.from_raw(raw)


def merge_all(parts: Iterable[Stats]) -> Stats:
    """Merge shards into one Stats; raises UsageError if they do not belong together."""
    items = list(parts)
    if not items:
        raise UsageError("nothing to merge")
    total = Stats.from_raw(items[0].to_raw())
    total.shards = _normalise_shards(total.shards)
    for part in items[1:]:
        total.merge(part)
    return total
