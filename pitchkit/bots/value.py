"""What a hand is worth as pitcher under one rule set, learned from self-play.

The points come from the rules: every point the variant scores is an :class:`Item` with
its value, its kind (high, low, a card point, game, last trick) and whether it goes to
the holder or the capturer. For a hand and a trump suit each item reads one small
feature of the hand (:func:`buckets`): for high, how many trumps outrank its top trump
and how many trumps it holds; for a card point, whether it holds the card and how many
trumps above it are out; for game, its game points and trumps.

:func:`calibrate` plays ``CALIBRATION_HANDS`` seeded hands under the rules (bid first
by the ``heuristic``, then by this bot with what it learned), and for each item and
feature value it counts how often the pitcher's side took the item. The result, a
:class:`Calibration`, gives the chance of each item for any hand and suit; their sum
(times the values) is the expected points as pitcher, and their convolution the chance of
making each bid. It also learns what the side of a seat that does not pitch gains against
the others (``pass_value``), against which a bid is weighed.

The run is seeded: the same rules always give the same numbers, so the cache (one JSON
file per resolved rule set, keyed by its hash, in ``$XDG_CACHE_HOME/pitchkit`` or
``~/.cache/pitchkit``) changes speed, never results. A cache file that cannot be read or
does not match is ignored and rebuilt; files are written atomically.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pitchkit.atomic import write_atomically
from pitchkit.bots.heuristic import HeuristicBot, Order, know, order
from pitchkit.cards import cards_in
from pitchkit.scoring import scoring_plan
from pitchkit.tricks import TrumpTables, tables_for
from pitchkit.variant import GoesTo, Rules, rules_to_mapping

#: Hands played to calibrate one rule set (about a second or two).
CALIBRATION_HANDS = 4000
#: Bumped whenever the features or the calibration change: old cache files are ignored.
MODEL_VERSION = 4
#: Pseudo-counts pulling a rarely seen feature value towards the item's overall rate.
PRIOR_WEIGHT = 4.0

_KINDS = {"high": "high", "low": "low", "game": "game", "last_trick": "last_trick"}


@dataclass(frozen=True)
class Item:
    """One point the variant scores."""

    name: str
    value: int
    kind: str  # high, low, card, game, last_trick
    to_holder: bool


def point_items(rules: Rules) -> tuple[Item, ...]:
    """The points of the variant (its scoring plan's items), each with its value and
    whether it goes to the holder (or the player) rather than the capturer."""
    plan = scoring_plan(rules)
    out = []
    for item in plan.items:
        name = item.name
        goes_to = (plan.high_goes_to if name == "high" else plan.low_goes_to if name == "low"
                   else item.goes_to)
        out.append(Item(name=name, value=item.value, kind=_KINDS.get(name, "card"),
                        to_holder=goes_to is not GoesTo.CAPTURER))
    return tuple(out)


#: Number of feature values of each kind of item (see :func:`buckets`).
_SIZES = {"high": 25, "low": 25, "card": 25, "game": 50, "last_trick": 15}


def _clip(value: int, top: int) -> int:
    return value if value < top else top


def buckets(items: Sequence[Item], rules: Rules, hand: int, suit: int,
            t: TrumpTables | None = None, o: Order | None = None) -> list[int]:
    """Per item, the feature value of ``hand`` with ``suit`` as trump (an index)."""
    k = know(rules)
    t = t or tables_for(rules, suit)
    o = o or order(t, k.deck)
    trumps = hand & t.trumps
    n_trumps = _clip(trumps.bit_count(), 4)
    suit_cards = 0x1FFF << (13 * suit)
    natural = hand & suit_cards
    if natural:
        top = natural.bit_length() - 1
        bottom = (natural & -natural).bit_length() - 1
        above = _clip((o.higher[top] & ~hand & suit_cards).bit_count(), 3)
        below = _clip((o.lower[bottom] & ~hand & suit_cards).bit_count(), 3)
    else:
        above = below = 4
    top_trump = max(cards_in(trumps), key=t.power.__getitem__) if trumps else -1
    boss = 1 if top_trump >= 0 and not o.higher[top_trump] & ~hand else 0
    card_of = {item.name: item.card_by_trump[suit] for item in scoring_plan(rules).items}
    out = []
    for item in items:
        kind = item.kind
        if kind == "high":
            out.append(min(above, 4) * 5 + n_trumps)
        elif kind == "low":
            out.append(min(below, 4) * 5 + n_trumps)
        elif kind == "card":
            card = card_of.get(item.name, -1)
            if card < 0 or not hand >> card & 1:
                out.append(n_trumps)
            else:
                higher_out = _clip((o.higher[card] & ~hand).bit_count(), 3)
                out.append((1 + higher_out) * 5 + n_trumps)
        elif kind == "game":
            g = 0
            for c in cards_in(hand):
                g += int(k.game_value[c])
            level = 0 if g == 0 else 1 if g < 5 else 2 if g < 10 else 3 if g < 15 else 4
            out.append((level * 5 + n_trumps) * 2 + boss)
        else:  # last trick
            out.append(n_trumps * 3 + _clip(above, 2))
    return out


@dataclass(frozen=True)
class Calibration:
    """The learned worth of hands under one rule set (see the module docstring)."""

    rules_hash: str
    items: tuple[Item, ...]
    #: per item, per feature value: chance the pitcher's side takes the item
    chances: tuple[tuple[float, ...], ...]
    #: mean points awarded to anyone in a hand
    total: float
    #: mean score change of the side of a seat that did not pitch, minus the mean of the
    #: other sides
    pass_value: float
    hands: int

    def chances_for(self, rules: Rules, hand: int, suit: int) -> list[float]:
        """Per item, the chance the pitcher's side takes it with this hand and trump."""
        return [self.chances[i][b] for i, b in enumerate(buckets(self.items, rules, hand,
                                                                  suit))]

    def expected(self, rules: Rules, hand: int, suit: int) -> float:
        """Expected points the pitcher's side takes with ``hand`` and ``suit`` as trump."""
        return sum(p * item.value for p, item in
                   zip(self.chances_for(rules, hand, suit), self.items, strict=True))

    def to_json(self) -> dict[str, Any]:
        return {"version": MODEL_VERSION, "rules_hash": self.rules_hash,
                "items": [[i.name, i.value, i.kind, i.to_holder] for i in self.items],
                "chances": [list(c) for c in self.chances], "total": self.total,
                "pass_value": self.pass_value, "hands": self.hands}

    @staticmethod
    def from_json(data: Any, rules_hash: str, items: tuple[Item, ...]) -> Calibration | None:
        """The calibration in ``data``, or None if it is not one for these rules."""
        try:
            if data["version"] != MODEL_VERSION or data["rules_hash"] != rules_hash:
                return None
            loaded = tuple(Item(name=str(a), value=int(b), kind=str(c), to_holder=bool(d))
                           for a, b, c, d in data["items"])
            chances = tuple(tuple(float(x) for x in row) for row in data["chances"])
            if loaded != items or len(chances) != len(items) or any(
                    len(row) != _SIZES[item.kind] for row, item in zip(chances, items,
                                                                        strict=True)):
                return None
            return Calibration(rules_hash=rules_hash, items=items, chances=chances,
                               total=float(data["total"]), pass_value=float(data["pass_value"]),
                               hands=int(data["hands"]))
        except (KeyError, TypeError, ValueError):
            return None


def points_distribution(chances: Sequence[float], items: Sequence[Item]) -> list[float]:
    """``dist[v]``: chance the side takes items worth ``v`` in all (items independent)."""
    dist = [1.0]
    for p, item in zip(chances, items, strict=True):
        v = item.value
        out = [0.0] * (len(dist) + v)
        for total, q in enumerate(dist):
            out[total] += q * (1 - p)
            out[total + v] += q * p
        dist = out
    return dist


def rules_hash(rules: Rules) -> str:
    """A hash of the resolved rules that play (not the name, description or source)."""
    mapping = rules_to_mapping(rules)
    for key in ("name", "description", "source"):
        mapping.pop(key, None)
    text = json.dumps(mapping, sort_keys=True, default=str)
    return hashlib.sha256(f"{MODEL_VERSION}:{text}".encode()).hexdigest()[:20]


# ----------------------------------------------------------------------------- calibrating


def calibrate(rules: Rules, hands: int = CALIBRATION_HANDS, seed: str = "calibrate"
              ) -> Calibration:
    """Learn each item's chance per feature value from ``hands`` seeded hands of self-play.

    Two rounds of ``hands / 2``: the first auctions are bid by the ``heuristic``; the
    second by this bot with what the first round taught it, so what it learns reflects
    the hands that win its own auctions.
    """
    half = max(1, hands // 2)
    first = _fit(rules, _self_play(rules, half, f"{seed}:0", None))
    return _fit(rules, _self_play(rules, half, f"{seed}:1", first))


#: One calibration hand: (pitcher's cards when it bid, hand result, team of each seat).
_Record = tuple[int, Any, tuple[int, ...]]


def _self_play(rules: Rules, hands: int, seed: str, model: Calibration | None
               ) -> list[_Record]:
    """Play ``hands`` single hands with scores at zero; the hands with a contract."""
    from pitchkit.bots.calibrated import CalibratedBot
    from pitchkit.engine import Game

    n = rules.players.count
    out = []
    for index in range(hands):
        game = Game(rules, random.Random(f"{seed}:{index}"))
        game.deal_random()
        # what each seat holds when it bids (a kitty or a draw may change it later)
        held = [game.hands[s] | game.reserve[s] for s in range(n)]
        bots: list[HeuristicBot] = []
        for s in range(n):
            rng = random.Random(f"{seed}:{index}:{s}")
            if model is None:
                bots.append(HeuristicBot(rules, s, rng))
            else:
                bot = CalibratedBot(rules, s, rng, moon_samples=0, model=model)
                bots.append(bot)
        for _ in range(400):
            if game.hand_results or game.to_act is None:
                break
            seat = game.to_act
            game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
        if not game.hand_results:
            continue
        result = game.hand_results[-1]
        if result.pitcher is not None and result.trump is not None and not result.thrown_in:
            out.append((held[result.pitcher], result, game.team_of))
    return out


def _fit(rules: Rules, records: list[_Record]) -> Calibration:
    """Each item's chance per feature value, pulled towards its overall rate."""
    items = point_items(rules)
    n = rules.players.count
    taken = [[0.0] * _SIZES[i.kind] for i in items]
    seen = [[0] * _SIZES[i.kind] for i in items]
    total_awarded = 0.0
    pass_sum = 0.0
    pass_count = 0
    for dealt, result, team in records:
        side = team[result.pitcher]
        feature = buckets(items, rules, dealt, result.trump)
        for i, item in enumerate(items):
            credited = result.points.get(item.name, ())
            b = feature[i]
            seen[i][b] += 1
            if any(team[s] == side for s in credited):
                taken[i][b] += 1
            if credited:
                total_awarded += item.value
        changes = result.score_changes
        sides = sorted(set(team))
        by_side = {sd: next(changes[s] for s in range(n) if team[s] == sd) for sd in sides}
        for seat in range(n):
            if seat == result.pitcher or len(sides) < 2:
                continue
            # a seat that passed: its partner may have pitched, or another side
            others = [by_side[o] for o in sides if o != team[seat]]
            pass_sum += by_side[team[seat]] - sum(others) / len(others)
            pass_count += 1
    chances = []
    for i in range(len(items)):
        overall = (sum(taken[i]) + 1) / (sum(seen[i]) + 2)
        chances.append(tuple((taken[i][b] + PRIOR_WEIGHT * overall) / (seen[i][b] + PRIOR_WEIGHT)
                             for b in range(len(seen[i]))))
    played = len(records)
    return Calibration(
        rules_hash=rules_hash(rules), items=items, chances=tuple(chances),
        total=total_awarded / played if played else 0.0,
        pass_value=pass_sum / pass_count if pass_count else 0.0, hands=played)


# ----------------------------------------------------------------------------- cache


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/pitchkit``, else ``~/.cache/pitchkit``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pitchkit"


_MEMO: dict[str, Calibration] = {}


def calibration_for(rules: Rules) -> Calibration:
    """The calibration of ``rules``: from memory, the cache folder, or a fresh run."""
    key = rules_hash(rules)
    found = _MEMO.get(key)
    if found is not None:
        return found
    items = point_items(rules)
    path = cache_dir() / f"calibration-{key}.json"
    try:
        found = Calibration.from_json(json.loads(path.read_text(encoding="utf-8")), key, items)
    except (OSError, ValueError):
        found = None
    if found is None:
        if sys.stderr.isatty():
            print(f"pitchkit: learning what hands are worth under {rules.name} "
                  f"(once for these rules; cached in {path.parent})...", file=sys.stderr,
                  flush=True)
        found = calibrate(rules, CALIBRATION_HANDS)
        _write_atomically(path, json.dumps(found.to_json()))
    _MEMO[key] = found
    return found


def _write_atomically(path: Path, text: str) -> None:
    """Write the cache file atomically (pitchkit.atomic); never fail."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
    except OSError:
        pass  # no cache: the next run calibrates again, with the same result
