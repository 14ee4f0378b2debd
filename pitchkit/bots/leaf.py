"""Play-outs cut short: the rest of the hand valued by an estimate (``search:leaf=N``).

The search bot (:mod:`pitchkit.bots.search`) judges a card by playing the rest of the
hand out in sampled worlds, every seat by a rule of thumb. With ``leaf=N`` a play-out
stops at the end of its N-th trick (``leaf=1``: the trick under way) and the rest of the
hand is valued from that trick's end: the value is what the whole play-out would be
worth on average, so a world costs a few card plays instead of the whole hand's, and the
same budget buys more worlds a decision.

At the horizon, in a determinized world, much of the hand is exact:

- an item credited to the *holder* of a card (``high``/``low`` with
  ``points.high_goes_to``/``low_goes_to: holder`` or ``player``, a named point card
  going to its holder or player) goes to the side dealt that card: every card in play is
  played by the hand's end;
- an item whose card was already captured goes to its capturer's side; the jack not in
  play goes to the pitcher's side where ``points.undealt_jack: pitcher`` says so, else
  to nobody;
- game, once no card still held has game points.

The rest is *learned*, from the rule-of-thumb play-outs themselves under the loaded rules
(:func:`calibrate`, once per rule set, cached in the user's cache folder by the rules'
hash and :data:`LEAF_VERSION`):

- a capture item whose card is still held (the jack, ``high``/``low`` to the capturer,
  a named card to its capturer): the chance that the holder's side captures it, by the
  cards left a seat, whether it is a trump, how many cards of the other sides could beat
  it (0, 1, 2 or more) and whether the holder's side leads next; otherwise each other side
  is taken to capture it alike;
- game: the chance each side is credited with game, by the cards left a seat, its lead
  in game points captured and in game points still held over the best other side, and
  whether it holds the top trump still held.

The items of each side are added up as expected values; the pitcher's side's points as a
distribution (the items taken as independent), so that the contract's result
(:func:`pitchkit.scoring.bid_result`, made or set) is its expectation; the value to the
seat is :func:`pitchkit.bots.montecarlo.side_value`'s (its side's change less the other
sides' mean), as :mod:`pitchkit.bots.quickscore` values a whole play-out.

Where the estimate cannot model the rules, every play-out of the rule set plays to the
hand's end, as without the setting (:func:`unmodelled` names why): combination scoring,
a slam, the last trick, the high spade, ``scoring.all_points_wins_game``, staged play,
trumps-only play, and play-outs by the default bot's card play (``playout=careful``).
So does every play-out of a decision whose hand may end the game (a side could reach the
target or the losing score, or a limit on hands is reached: the end of a game is
settled by the engine's own rules, not modelled here) or whose contract is a moon.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pitchkit.bots.cache import cache_dir, progress_bar, write_cache
from pitchkit.bots.value import rules_hash
from pitchkit.cards import SUIT_MASKS
from pitchkit.plan import rules_plan
from pitchkit.results import Observation, Phase
from pitchkit.scoring import (
    KIND_CARD,
    KIND_GAME,
    KIND_HIGH,
    KIND_HIGH_SPADE,
    KIND_JACK,
    KIND_LAST_TRICK,
    KIND_LOW,
    KIND_SLAM,
    bid_result,
    scoring_plan,
)
from pitchkit.variant import GoesTo, Rules

if TYPE_CHECKING:
    from pitchkit.bots.quickscore import QuickScore
    from pitchkit.bots.search import AtTrick, SearchBot

#: The learned tables' format and features: a cached model of another version is learned
#: again.
LEAF_VERSION = 1
#: Hands of play-outs a calibration records (every searched decision of every seat,
#: two worlds, each candidate played out whole).
CALIBRATION_HANDS = 1000
#: Cards left a seat, as a feature: more counts as this many.
MAX_LEFT = 8
#: Other sides' cards that could beat a card, as a feature: more counts as this many.
MAX_BEATERS = 2
#: Game-point leads as a feature: in steps of 1/16 of the deck's game points, from
#: -GAME_BINS to +GAME_BINS steps.
GAME_BINS = 4
GAME_STEPS = 2 * GAME_BINS + 1
#: Weight (in play-outs) of the coarser estimate a learned cell is drawn towards.
PRIOR = 4.0
#: What a value at the horizon is charged, in card plays of the search's budget. It takes
#: about as long as scoring a whole play-out (which the budget does not charge) and
#: 20-25 card plays; charged at 6, ``leaf=1:samples=20`` takes 1.17 times ``search``'s
#: instructions a hand on auction pitch (docs/search-vs-montecarlo.md).
LEAF_PLAYS = 6

CARD_CELLS = MAX_LEFT * 2 * (MAX_BEATERS + 1) * 2
GAME_CELLS = MAX_LEFT * GAME_STEPS * GAME_STEPS * 2

_CAPTURER = GoesTo.CAPTURER


def unmodelled(rules: Rules) -> str | None:
    """Why the estimate cannot value the rest of a hand under ``rules`` (None: it can)."""
    plan = scoring_plan(rules)
    if plan.combinations:
        return "combination scoring"
    kinds = {item.kind for item in plan.items}
    for kind, name in ((KIND_SLAM, "a slam"), (KIND_LAST_TRICK, "the last trick"),
                       (KIND_HIGH_SPADE, "the high spade")):
        if kind in kinds:
            return name
    if rules.scoring.all_points_wins_game:
        return "scoring.all_points_wins_game"
    if rules.play.stages:
        return "staged play"
    if rules.play.trumps_only:
        return "trumps-only play"
    return None


def game_points(table: Sequence[int], halves: int, mask: int) -> int:
    """Game points of ``mask`` (``points.card_values``), doubled with a joker counting one
    where ``points.joker_game_halves`` makes it half a game point: a FASTER COPY of the
    count in :meth:`pitchkit.bots.quickscore.QuickScore.game` (held to it by
    ``tests/test_leaf.py``)."""
    points = (table[mask & 0x1FFF] + table[mask >> 13 & 0x1FFF]
              + table[mask >> 26 & 0x1FFF] + table[mask >> 39 & 0x1FFF])
    if halves:
        return 2 * points + halves * (mask >> 52).bit_count()
    return points


class LeafRules:
    """What the estimate reads of one rule set, worked out once (:func:`leaf_rules`)."""

    def __init__(self, rules: Rules) -> None:
        plan = scoring_plan(rules)
        self.plan = plan
        self.why_not = unmodelled(rules)
        sets = rules_plan(rules).play.trump_sets
        #: per trump suit: its trumps, the trumps strongest first and, per card, the
        #: cards that beat it when its suit is led
        self.by_trump: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        for trump in range(4):
            t, _, keys_by_led = sets[trump]
            beats = []
            for c in range(54):
                keys = keys_by_led[t.effective_suit[c]]
                beats.append(sum(1 << x for x in range(54) if keys[x] > keys[c]))
            order = sorted((c for c in range(54) if t.trumps >> c & 1),
                           key=lambda c: -t.power[c])
            self.by_trump.append((t.trumps, tuple(order), tuple(beats)))
        self.table = plan.game_table
        self.halves = plan.joker_game_halves
        deck = (1 << 54) - 1
        self.game_step = step = max(1, game_points(self.table, self.halves, deck) // 16)
        #: a game-point lead's bin (:func:`game_cell`), by the lead plus ``reach``
        #: (clamped to the ends)
        self.reach = reach = (GAME_BINS + 1) * step
        self.bins = tuple(max(-GAME_BINS, min(GAME_BINS, round(d / step))) + GAME_BINS
                          for d in range(-reach, reach + 1))
        self.has_game = any(item.kind == KIND_GAME for item in plan.items)
        #: the cards worth game points (jokers too where they count half a point)
        self.game_cards = sum(1 << c for c in range(54)
                              if game_points(self.table, self.halves, 1 << c))


@lru_cache(maxsize=64)
def leaf_rules(rules: Rules) -> LeafRules:
    """The :class:`LeafRules` of ``rules``."""
    return LeafRules(rules)


# ----------------------------------------------------------------------------- features


def card_cell(left: int, trump: bool, beaters: int, leads: bool) -> int:
    """The card table's cell: cards left a seat (1 or more), a trump, other sides' cards
    that could beat it, the holder's side leading next."""
    return (((min(left, MAX_LEFT) - 1) * 2 + trump) * (MAX_BEATERS + 1)
            + min(beaters, MAX_BEATERS)) * 2 + leads


def game_cell(left: int, captured_lead: int, held_lead: int, top: bool, step: int) -> int:
    """The game table's cell: cards left a seat, the side's lead in game points captured
    and in game points held over the best other side (in steps), its holding the top
    trump still held."""
    a = max(-GAME_BINS, min(GAME_BINS, round(captured_lead / step))) + GAME_BINS
    b = max(-GAME_BINS, min(GAME_BINS, round(held_lead / step))) + GAME_BINS
    return (((min(left, MAX_LEFT) - 1) * GAME_STEPS + a) * GAME_STEPS + b) * 2 + top


def card_coarse(cell: int) -> int:
    """The card cell without the cards left (what a sparse cell is drawn towards)."""
    return cell % (2 * (MAX_BEATERS + 1) * 2)


def game_coarse(cell: int) -> int:
    """The game cell without the cards left."""
    return cell % (GAME_STEPS * GAME_STEPS * 2)


@dataclass(frozen=True)
class LeafModel:
    """The learned chances: per card cell, the share of play-outs in which the holder's
    side captured the card; per game cell, the share in which the side was credited with
    game; with how many play-outs each cell saw (``*_seen``)."""

    rules_hash: str
    hands: int
    card: tuple[float, ...]
    card_seen: tuple[int, ...]
    game: tuple[float, ...]
    game_seen: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"version": LEAF_VERSION, "rules_hash": self.rules_hash, "hands": self.hands,
                "card": list(self.card), "card_seen": list(self.card_seen),
                "game": list(self.game), "game_seen": list(self.game_seen)}

    @staticmethod
    def from_json(data: Any, key: str) -> LeafModel | None:
        """The model in ``data``, or None if it is not one of this version for these
        rules."""
        try:
            if data["version"] != LEAF_VERSION or data["rules_hash"] != key:
                return None
            found = LeafModel(
                rules_hash=key, hands=int(data["hands"]),
                card=tuple(float(x) for x in data["card"]),
                card_seen=tuple(int(x) for x in data["card_seen"]),
                game=tuple(float(x) for x in data["game"]),
                game_seen=tuple(int(x) for x in data["game_seen"]))
        except (KeyError, TypeError, ValueError):
            return None
        if (len(found.card) != CARD_CELLS or len(found.card_seen) != CARD_CELLS
                or len(found.game) != GAME_CELLS or len(found.game_seen) != GAME_CELLS):
            return None
        return found


def smoothed(hits: Sequence[float], seen: Sequence[int], coarse_of: Any, coarse_cells: int
             ) -> tuple[float, ...]:
    """Each cell's share, drawn towards its coarse cell's (itself drawn towards the
    overall share) by :data:`PRIOR` play-outs."""
    total_seen = sum(seen)
    overall = sum(hits) / total_seen if total_seen else 0.5
    c_hits = [0.0] * coarse_cells
    c_seen = [0] * coarse_cells
    for cell, (h, s) in enumerate(zip(hits, seen, strict=True)):
        c_hits[coarse_of(cell)] += h
        c_seen[coarse_of(cell)] += s
    coarse = [(h + PRIOR * overall) / (s + PRIOR) for h, s in zip(c_hits, c_seen, strict=True)]
    return tuple((h + PRIOR * coarse[coarse_of(cell)]) / (s + PRIOR)
                 for cell, (h, s) in enumerate(zip(hits, seen, strict=True)))


# ----------------------------------------------------------------------------- the estimate


class Horizon:
    """The estimate of the rest of a world's hand from the end of a play-out's trick, for
    one decision (its :class:`~pitchkit.bots.quickscore.QuickScore` and trump): the masks
    by side, the exact items, the learned ones (module docstring)."""

    def __init__(self, lr: LeafRules, model: LeafModel, quick: QuickScore, trump: int) -> None:
        self.lr, self.model, self.quick = lr, model, quick
        self.trumps, self.order, self.beats = lr.by_trump[trump]
        plan = lr.plan
        self.plan = plan
        team = quick.team_of
        self.team = team
        self.n = len(team)
        self.solo = quick.solo
        self.sides = quick.sides
        self.others_count = len(self.sides) - 1
        self.natural_mask = SUIT_MASKS[trump]
        self.items = quick.items
        self.pitch_side = (team[quick.pitcher] if quick.pitcher is not None
                           and quick.bid is not None else -1)
        self.bid = quick.bid
        self.me_side = team[quick.me]
        self.other_seats = [team[s] for s in range(self.n) if team[s] != self.me_side]
        self.game_item = sum(value for kind, value, _, _ in quick.items if kind == KIND_GAME)
        self.reach, self.bins = lr.reach, lr.bins
        self.card_chances, self.game_chances = model.card, model.game
        self.game_cards = lr.game_cards
        #: the pitcher's side's score change by the points it takes (bid_result)
        self.results = ([float(bid_result(plan, points, quick.bid)[1])
                         for points in range(plan.items_total + 1)]
                        if quick.bid is not None else [])
        #: the deal last seen and what follows from it alone (:meth:`see_deal`)
        self._dealt: Sequence[int] | None = None
        self._held: Sequence[int] = ()
        self._fixed: list[int] = []
        self._capture: list[tuple[int, int]] = []

    def sides_of(self, masks: Sequence[int]) -> Sequence[int]:
        """Per side (numbered below the number of seats), its seats' masks together."""
        if self.solo:
            return masks
        out = [0] * self.n
        for seat, side in enumerate(self.team):
            out[side] |= masks[seat]
        return out

    def see_deal(self, dealt: Sequence[int]) -> None:
        """What the deal alone decides: every side's cards, the items that go to the holder
        (exact), and the capture items' cards (value, card's bit)."""
        plan = self.plan
        held = self.sides_of(dealt)
        in_play = 0
        for m in held:
            in_play |= m
        natural = in_play & self.natural_mask
        fixed = [0] * self.n
        capture: list[tuple[int, int]] = []
        for kind, value, card, goes_to in self.items:
            if kind == KIND_CARD:
                if card < 0:
                    continue
                bit = 1 << card
                to_capturer = goes_to is _CAPTURER
            elif kind == KIND_HIGH:
                if not natural:
                    continue
                bit = 1 << (natural.bit_length() - 1)
                to_capturer = plan.high_goes_to is _CAPTURER
            elif kind == KIND_LOW:
                if not natural or (plan.lone_trump_high_only and natural.bit_count() == 1):
                    continue
                bit = natural & -natural
                to_capturer = plan.low_goes_to is _CAPTURER
            elif kind == KIND_JACK:
                bit = 1 << card
                if not in_play & bit:
                    # rule: the jack not in play: the pitcher's (points.undealt_jack), or
                    # nobody's
                    if plan.undealt_jack_to_pitcher and self.quick.pitcher is not None:
                        fixed[self.team[self.quick.pitcher]] += value
                    continue
                to_capturer = True
            else:
                continue  # game (by the captures), or unmodelled: whole play-outs
            if to_capturer:
                if in_play & bit:
                    capture.append((value, bit))
                continue
            # rule: to the holder (or the player: every card in play is played by the end)
            for side, mask in enumerate(held):
                if mask & bit:
                    fixed[side] += value
                    break
        self._dealt, self._held, self._fixed, self._capture = dealt, held, fixed, capture

    def card_cell(self, card: int, holder: int, hands: Sequence[int], rest: Sequence[int],
                  left: int, leader: int) -> int:
        """The card table's cell of ``card``, held by ``holder``: the features learned and
        read."""
        side = self.team[holder]
        beaters = (self.beats[card] & left & ~rest[side]).bit_count()
        return card_cell(hands[holder].bit_count(), bool(self.trumps >> card & 1), beaters,
                         self.team[leader] == side)

    def game_cells(self, hands: Sequence[int], cap: Sequence[int], rest: Sequence[int],
                   left: int, leader: int) -> list[tuple[int, int]]:
        """Per side, its game table's cell (:func:`game_cell`, by :attr:`bins`): (side,
        cell)."""
        lr = self.lr
        t, halves = lr.table, lr.halves
        sides = self.sides
        caps = [cap[s] for s in sides]
        rests = [rest[s] for s in sides]
        got = [t[m & 0x1FFF] + t[m >> 13 & 0x1FFF] + t[m >> 26 & 0x1FFF] + t[m >> 39 & 0x1FFF]
               for m in caps]
        held = [t[m & 0x1FFF] + t[m >> 13 & 0x1FFF] + t[m >> 26 & 0x1FFF] + t[m >> 39 & 0x1FFF]
                for m in rests]
        if halves:
            got = [2 * g + halves * (m >> 52).bit_count() for g, m in zip(got, caps, strict=True)]
            held = [2 * h + halves * (m >> 52).bit_count()
                    for h, m in zip(held, rests, strict=True)]
        top_side = -1
        held_trumps = left & self.trumps
        if held_trumps:
            for top in self.order:  # strongest first
                if held_trumps >> top & 1:
                    break
            for s in sides:
                if rest[s] >> top & 1:
                    top_side = s
                    break
        # the best other side's: the top, or for the side at the top the second
        got_top, got_second = sorted(got)[-2:] if len(got) > 1 else (0, 0)
        held_top, held_second = sorted(held)[-2:] if len(held) > 1 else (0, 0)
        bins, reach = self.bins, self.reach
        edge = 2 * reach
        base = (min(hands[leader].bit_count(), MAX_LEFT) - 1) * GAME_STEPS
        out = []
        for s, g, h in zip(sides, got, held, strict=True):
            a = g - (got_top if g < got_top else got_second) + reach
            b = h - (held_top if h < held_top else held_second) + reach
            a = bins[0 if a < 0 else edge if a > edge else a]
            b = bins[0 if b < 0 else edge if b > edge else b]
            out.append((s, ((base + a) * GAME_STEPS + b) * 2 + (s == top_side)))
        return out

    def credits(self, dealt: Sequence[int], hands: Sequence[int], captured: Sequence[int],
                leader: int) -> tuple[list[int], list[tuple[int, int, float]], list[float]]:
        """What each side takes from here: the exact points by side, the uncertain items
        (value, the holder's side, the learned chance that side captures the card), and
        per side the learned chance it is credited with game (empty where game is exact,
        or none)."""
        if dealt is not self._dealt:
            self.see_deal(dealt)
        team = self.team
        cap = self.sides_of(captured)
        rest = self.sides_of(hands)
        taken = left = 0
        for m in cap:
            taken |= m
        for m in rest:
            left |= m
        exact = list(self._fixed)
        uncertain: list[tuple[int, int, float]] = []
        for value, bit in self._capture:
            if taken & bit:
                for side, mask in enumerate(cap):  # rule: to the capturer
                    if mask & bit:
                        exact[side] += value
                        break
            else:  # learned: does the holder's side capture it
                holder = 0
                while not hands[holder] & bit:
                    holder += 1
                side = team[holder]
                cell = card_cell(hands[holder].bit_count(), bool(self.trumps & bit),
                                 (self.beats[bit.bit_length() - 1] & left & ~rest[side]
                                  ).bit_count(), team[leader] == side)
                uncertain.append((value, side, self.card_chances[cell]))
        game_chance: list[float] = []
        game_item = self.game_item
        if game_item:
            if left & self.game_cards:  # learned: the chance of each side
                game_chance = [0.0] * self.n
                learned = self.game_chances
                for s, cell in self.game_cells(hands, cap, rest, left, leader):
                    game_chance[s] = learned[cell]
            else:  # rule: game by the points captured (scoring's, via QuickScore.game)
                for s in self.quick.game(self._held, cap):
                    exact[s] += game_item
        return exact, uncertain, game_chance

    def value(self, dealt: Sequence[int], hands: Sequence[int], captured: Sequence[int],
              leader: int) -> float:
        """The estimated value to ``me`` of the hand from here (:meth:`credits`): each
        side's expected points, the contract's result as an expectation, the seat's side
        less the other sides' mean (module docstring)."""
        exact, uncertain, game_chance = self.credits(dealt, hands, captured, leader)
        expected = [float(x) for x in exact]
        game_item = self.game_item
        if game_chance:
            for s in self.sides:
                expected[s] += game_item * game_chance[s]
        spread = self.others_count
        for value, side, chance in uncertain:
            expected[side] += value * chance
            if spread:
                other = value * (1.0 - chance) / spread
                for s in self.sides:
                    if s != side:
                        expected[s] += other
        change = expected
        pitch = self.pitch_side
        if pitch >= 0:
            change = list(expected) if self.plan.opponents_score else [0.0] * self.n
            change[pitch] = self.contract(exact[pitch], uncertain, game_item,
                                          game_chance[pitch] if game_chance else 0.0)
        mine = change[self.me_side]
        others = self.other_seats
        if not others:
            return mine
        return mine - sum([change[s] for s in others]) / len(others)

    def contract(self, sure: int, uncertain: Sequence[tuple[int, int, float]], game_item: int,
                 game_chance: float) -> float:
        """The pitcher's side's expected score change: its points as a distribution over
        the uncertain items (independent), each total's :func:`bid_result`."""
        results = self.results
        if not uncertain and not game_chance:
            return results[sure]
        pitch = self.pitch_side
        spread = self.others_count
        top = len(results) - 1
        dist = [0.0] * (top + 1)
        dist[sure] = 1.0
        chances = [(value, chance if side == pitch else (1.0 - chance) / spread)
                   for value, side, chance in uncertain]
        if game_chance:
            chances.append((game_item, game_chance))
        for value, chance in chances:
            miss = 1.0 - chance
            for points in range(top - value, -1, -1):
                p = dist[points]
                if p:
                    dist[points + value] += p * chance
                    dist[points] = p * miss
        return sum([p * r for p, r in zip(dist, results, strict=True)])


# ----------------------------------------------------------------------------- the search's side


class Leaf:
    """The setting ``leaf`` of one search bot: its play-outs stop at the end of the
    ``tricks``-th trick and the rest is estimated, where the rules and the decision allow
    (module docstring)."""

    def __init__(self, rules: Rules, tricks: int, careful: bool) -> None:
        if tricks < 1:
            raise ValueError("leaf must be at least 1 (0: whole play-outs)")
        self.rules = rules
        self.tricks = tricks
        self.lr = leaf_rules(rules)
        self.why_not = "playout=careful" if careful else self.lr.why_not
        self._model: LeafModel | None = None
        self._obs: Observation | None = None
        self._applies = False

    @property
    def model(self) -> LeafModel:
        """The learned tables (:func:`leaf_model`), read at the first decision that uses
        them."""
        if self._model is None:
            self._model = leaf_model(self.rules)
        return self._model

    def applies(self, bot: SearchBot, obs: Observation) -> bool:
        """Whether this decision's play-outs stop at the horizon (not for unmodelled rules,
        a moon, or a hand that may end the game)."""
        if self._obs is obs:
            return self._applies
        self._obs = obs
        self._applies = self.why_not is None and may_cut(bot.quick_score(obs))
        return self._applies

    def plays(self, bot: SearchBot, obs: Observation, whole: int) -> int:
        """The card plays a play-out of this decision costs: to the horizon, and the
        estimate's :data:`LEAF_PLAYS` (``whole`` where it plays to the end)."""
        if not self.applies(bot, obs):
            return whole
        size = bot.seating_of(obs)[1]
        cut = size - len(obs.trick) + (self.tricks - 1) * size + LEAF_PLAYS
        return min(whole, cut)

    def stopper(self, bot: SearchBot, obs: Observation, quick: QuickScore) -> AtTrick | None:
        """The search's :attr:`~pitchkit.bots.search.SearchBot.at_trick` for this decision
        (None: whole play-outs)."""
        if not self.applies(bot, obs):
            return None
        assert obs.trump is not None
        horizon = Horizon(self.lr, self.model, quick, obs.trump)
        value = horizon.value
        tricks_cut = self.tricks

        def at_trick(tricks: int, dealt: Sequence[int], hands: list[int], captured: list[int],
                     tricks_won: list[int], leader: int) -> float | None:
            if tricks < tricks_cut or not hands[leader]:
                return None
            return value(dealt, hands, captured, leader)

        return at_trick


def may_cut(quick: QuickScore) -> bool:
    """Whether the rest of this decision's hand may be estimated: no moon (nor a slam or
    combination scoring) and no way for the hand to end the game."""
    if not quick.quick or quick.combos is not None or quick.hands_end:
        return False
    if quick.target is None:
        return True
    plan = quick.plan
    most = plan.items_total
    worst = max(most, quick.bid or 0,
                plan.set_back if plan.set_back is not None else 0)
    for side in quick.sides:
        old = quick.old_up[side]
        if old + most >= quick.target:
            return False
        if quick.losing is not None and old - worst <= quick.losing:
            return False
    return True


# ----------------------------------------------------------------------------- learning


class Recorder:
    """Keeps a whole play-out's state at each trick's end (an ``at_trick`` that never
    stops it)."""

    def __init__(self) -> None:
        self.states: list[tuple[list[int], list[int], int]] = []

    def __call__(self, tricks: int, dealt: Sequence[int], hands: list[int],
                 captured: list[int], tricks_won: list[int], leader: int) -> float | None:
        self.states.append((list(hands), list(captured), leader))
        return None


def calibrate(rules: Rules, hands: int | None = None, seed: int = 0,
              progress: Any = None) -> LeafModel:
    """Learn the tables from ``hands`` hands of rule-of-thumb play-outs: at every decision
    a ``search`` bot would search (the default card play seated at the table), each
    candidate played out whole in two of its worlds, every trick's end before the last
    recorded with what the play-out's end credited."""
    from pitchkit.bots.cardplay import CarefulPlay
    from pitchkit.bots.search import SearchBot
    from pitchkit.engine import Game

    if hands is None:
        hands = CALIBRATION_HANDS
    lr = leaf_rules(rules)
    n = rules.players.count
    rng = random.Random(seed)
    card_hits = [0.0] * CARD_CELLS
    card_seen = [0] * CARD_CELLS
    game_hits = [0.0] * GAME_CELLS
    game_seen = [0] * GAME_CELLS
    blank = LeafModel(rules_hash="", hands=0, card=(0.5,) * CARD_CELLS,
                      card_seen=(0,) * CARD_CELLS, game=(0.5,) * GAME_CELLS,
                      game_seen=(0,) * GAME_CELLS)
    bots = [SearchBot(rules, s, random.Random(rng.random())) for s in range(n)]
    players = [CarefulPlay(rules, s, random.Random(rng.random())) for s in range(n)]
    game = Game(rules, random.Random(rng.random()))
    played = 0
    for _ in range(200 * hands):  # bounded: a rule set may redeal without end
        if played >= hands:
            break
        if game.phase is Phase.OVER:
            game = Game(rules, random.Random(rng.random()))
        if game.phase is Phase.DEAL:
            game.deal_random()
            played += 1
            if progress is not None:
                progress(played, hands)
            continue
        seat = game.to_act
        assert seat is not None
        obs, legal = game.observation(seat), game.legal_actions()
        bot = bots[seat]
        bot.sight.see(obs)
        if obs.phase is Phase.PLAY and obs.trump is not None and len(legal) > 1:
            quick = bot.quick_score(obs)
            horizon = Horizon(lr, blank, quick, obs.trump)
            before = [0] * n
            for s, c in obs.played:
                before[s] |= 1 << c
            for world in bot.worlds(obs, 2):
                dealt = [world[s] | before[s] for s in range(n)]
                for card in bot.candidates(obs, legal):
                    recorder = Recorder()
                    bot.at_trick = recorder
                    bot.play_card_out(obs, list(world), dealt, card, quick)
                    bot.at_trick = None
                    _learn(horizon, dealt, recorder.states, card_hits, card_seen,
                           game_hits, game_seen)
        game.apply(players[seat].choose(obs, legal))
    return LeafModel(
        rules_hash=rules_hash(rules), hands=hands,
        card=smoothed(card_hits, card_seen, card_coarse, 2 * (MAX_BEATERS + 1) * 2),
        card_seen=tuple(card_seen),
        game=smoothed(game_hits, game_seen, game_coarse, GAME_STEPS * GAME_STEPS * 2),
        game_seen=tuple(game_seen))


def _learn(horizon: Horizon, dealt: Sequence[int],
           states: Sequence[tuple[list[int], list[int], int]], card_hits: list[float],
           card_seen: list[int], game_hits: list[float], game_seen: list[int]) -> None:
    """Add one whole play-out's trick ends to the counts: for each capture item's card
    still held, whether its holder's side captured it; for each side, whether it was
    credited with game."""
    if not states or any(states[-1][0]):
        return  # the play-out did not reach the hand's end
    if dealt is not horizon._dealt:
        horizon.see_deal(dealt)
    final = horizon.sides_of(states[-1][1])
    lr = horizon.lr
    credited = horizon.quick.game(horizon._held, final) if lr.has_game else []
    team = horizon.team
    cards = [bit for _, bit in horizon._capture]
    for hands, captured, leader in states[:-1]:
        rest = horizon.sides_of(hands)
        left = 0
        for m in rest:
            left |= m
        for bit in cards:
            if left & bit:
                holder = next(s for s in range(horizon.n) if hands[s] & bit)
                cell = horizon.card_cell(bit.bit_length() - 1, holder, hands, rest, left,
                                         leader)
                card_seen[cell] += 1
                card_hits[cell] += bool(final[team[holder]] & bit)
        if lr.has_game and left & lr.game_cards:
            cap = horizon.sides_of(captured)
            for s, cell in horizon.game_cells(hands, cap, rest, left, leader):
                game_seen[cell] += 1
                game_hits[cell] += s in credited


_MEMO: dict[str, LeafModel] = {}


def leaf_model(rules: Rules) -> LeafModel:
    """The learned tables of ``rules``: from memory, the cache folder
    (``leaf-<rules hash>-v<LEAF_VERSION>.json``), or a fresh calibration (with a line on
    a terminal)."""
    key = rules_hash(rules)
    found = _MEMO.get(key)
    if found is not None:
        return found
    path = cache_dir() / f"leaf-{key}-v{LEAF_VERSION}.json"
    try:
        found = LeafModel.from_json(json.loads(path.read_text(encoding="utf-8")), key)
    except (OSError, ValueError):
        found = None
    if found is None:
        bar = progress_bar(f"pitchkit: learning the search's estimate under {rules.name} "
                            f"(once; cached in {path.parent})") if sys.stderr.isatty() else None
        found = calibrate(rules, progress=bar)
        if bar is not None:
            print(file=sys.stderr, flush=True)
        write_cache(path, json.dumps(found.to_json()))
    _MEMO[key] = found
    return found
