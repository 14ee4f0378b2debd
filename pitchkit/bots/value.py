"""What a hand is worth as pitcher under one rule set, learned from self-play.

The points come from the rules: every point the variant scores is an :class:`Item` with
its value, its kind (high, low, a card point, game, last trick) and whether it goes to
the holder or the capturer. For a hand and a trump suit each item reads one small
feature of the hand (:func:`buckets`): for high, how many trumps outrank its top trump
and how many trumps it holds; for a card point, whether it holds the card and how many
trumps above it are out; for game, its game points and trumps. The chance the pitcher's
side takes each item, per feature value, is learned; their sum (times the values) is the
hand's *estimate*: its expected points as pitcher under the item model.

The bidding is learned on the estimate, from what the hands realised: for every contract
of the calibration, the realised points of every side are scored again, by the variant's
own scoring (:func:`pitchkit.scoring.score_points`), as if the contract had been each bid
in turn, and as a moon. That gives, per band of the estimate (:attr:`Calibration.step`
points wide) and per bid level, the expected *score change* of the pitcher's side against
the mean of the other sides (made: the points or the bid, set: the set-back, the others'
points too, all as the variant scores them), the chance of making the bid and the
realised points (also per level of the contract, :attr:`Calibration.points_at`, learned
from whole games of the finished bot: contracts at a level are the mix its own games
make, a level bid seldom leaning on the others after what its rivals' hands explain,
:func:`~pitchkit.bots.fitting.level_shifts`; the bids read the band's values, the calibration table
of ``bench_strength`` these). Where the eldest may refuse to sell (``auction.style: sell``),
what its refusals realised beyond its band's value of pitching at that bid (the high
bidder holds a hand worth the bid). Per moon feature (every card outside trumps sure to
win its suit or not, trumps held, top trumps held in a row): the chance of taking what a
moon needs, and what a moon would have scored. Seats that did not pitch give, per band of
their own best estimate, what not pitching is worth (the price of a sold pitch left out).
Each table is smoothed over neighbouring bands (a band with few hands borrows from its
neighbours) and, where more of a hand can only help, made non-decreasing in the estimate.

The learning is in :mod:`pitchkit.bots.calibrating` (the self-play, the cache) and
:mod:`pitchkit.bots.fitting` (the tables from its hands).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pitchkit.actions import BID_BASE, MOON, is_numeric_bid
from pitchkit.bots.drawing import call_order
from pitchkit.bots.heuristic import Order, know, order
from pitchkit.call import CallState, hand_teams
from pitchkit.cards import cards_in
from pitchkit.memo import per_rule_set
from pitchkit.scoring import scoring_plan
from pitchkit.tricks import TrumpTables, tables_for
from pitchkit.variant import GoesTo, Rules, rules_to_mapping

#: Bumped whenever the features or the calibration change: old cache files are ignored.
#: 21: the points a contract's side took, and its score, by the hand's sides
#: (:func:`hand_sides`: a called partner on the pitcher's side, call.partner), not the
#: seating's: call-partner pitch's calibration counted the pitcher's own points alone, so
#: its bids read 52-56% to make at 6 to 8 where the engine, counting the partner's too,
#: made 76-80%. A score change is still weighed against the other sides of the seating,
#: those that win the game: a called partner's gain is a rival's there (weighed against
#: the hand's sides, the calibrated bot won 72.7% of call-partner games against the
#: heuristic, not 88.1%). Every other variant's calibration is unchanged.
#: 20: the points at the dealer's forced bid, where only a forced dealer bids it, from
#: deals where every other seat passes (:func:`~pitchkit.bots.calibrating._forced_play`; cinch's 1
#: learned from 25 contracts of the whole games missed what its games realised by 0.92 points).
#: 22: the calibrated bot's bids near the target weigh a game won at the points a hand
#: can score, not at the target (:func:`game_worth`): its self-play's contracts change.
#: 23: a bid level the calibration's games bid seldom gets fresh deals at their hand
#: starts up to 32 a start, not 4, and a level they never bid none
#: (:data:`~pitchkit.bots.calibrating.THIN_DEALS`): pedro's 13 was learned from 407
#: contracts and missed what its games realised by +0.27 points.
MODEL_VERSION = 23
#: What a seat saw of the auction when it last bid (:func:`auction_state`): no bid yet,
#: the high bid its partner's, the high bid another side's.
NO_BID, PARTNER_HIGH, OTHER_HIGH = range(3)
STATES = 3
_KINDS = {"high": "high", "low": "low", "game": "game", "last_trick": "last_trick"}


@dataclass(frozen=True)
class Item:
    """One point the variant scores."""

    name: str
    value: int
    kind: str  # high, low, card, game, last_trick
    #: who scores it: points.high_goes_to, points.low_goes_to, or the item's goes_to
    goes_to: GoesTo


def point_items(rules: Rules) -> tuple[Item, ...]:
    """The points of the variant (its scoring plan's items), each with its value and
    whom it goes to (``points.high_goes_to``, ``points.low_goes_to``, an item's
    ``goes_to``)."""
    plan = scoring_plan(rules)
    out = []
    for item in plan.items:
        name = item.name
        goes_to = (plan.high_goes_to if name == "high" else plan.low_goes_to if name == "low"
                   else item.goes_to)
        out.append(Item(name=name, value=item.value, kind=_KINDS.get(name, "card"),
                        goes_to=goes_to))
    return tuple(out)


#: Number of feature values of each kind of item (see :func:`buckets`).
FEATURE_SIZES = {"high": 25, "low": 25, "card": 30, "game": 50, "last_trick": 15}


@dataclass(frozen=True)
class _Suit:
    """What the features read of one trump suit, worked out once per rule set."""

    tables: TrumpTables
    order: Order
    suit_cards: int
    #: per item: the card it names under this trump (-1: none)
    card_of: tuple[int, ...]
    #: call.partner: the cards by the bots' wish to call them, most wanted first (the
    #: first one a hand lacks is its partner's); empty without a call
    call_order: tuple[int, ...] = ()


@per_rule_set(64)
def _context(rules: Rules) -> tuple[tuple[_Suit, ...], Sequence[int]]:
    """Per suit its :class:`_Suit`, and the game points of each 13-bit pattern of one
    suit's ranks (the scoring plan's table), cached per Rules."""
    k = know(rules)
    plan = scoring_plan(rules)
    plan_items = plan.items
    suits = []
    for suit in range(4):
        t = tables_for(rules, suit)
        calls = call_order(rules, suit) if rules.call.partner else ()
        suits.append(_Suit(tables=t, order=order(t, k.deck), suit_cards=0x1FFF << (13 * suit),
                           card_of=tuple(item.card_by_trump[suit] for item in plan_items),
                           call_order=calls))
    return tuple(suits), plan.game_table


def buckets(items: Sequence[Item], rules: Rules, hand: int, suit: int) -> list[int]:
    """Per item, the feature value of ``hand`` with ``suit`` as trump (an index)."""
    suits, game_table = _context(rules)
    return _buckets(_kind_codes(items), suits[suit], game_table, hand)


#: The kinds of item as :func:`_buckets` reads them (ints: compared once an item a hand)
_HIGH, _LOW, _CARD, _GAME, _LAST_TRICK = range(5)
#: :meth:`Calibration.estimate`'s kind of a card item whose card this deck lacks
#: (:func:`_buckets` reads it as a card not held)
_NO_CARD = 5
_KIND_CODES = {"high": _HIGH, "low": _LOW, "card": _CARD, "game": _GAME,
               "last_trick": _LAST_TRICK}


def _kind_codes(items: Sequence[Item]) -> tuple[int, ...]:
    return tuple(_KIND_CODES.get(item.kind, _LAST_TRICK) for item in items)


def _buckets(kinds: Sequence[int], s: _Suit, game_table: Sequence[int], hand: int
             ) -> list[int]:
    """:func:`buckets` with the items' kinds (:func:`_kind_codes`), the suit's
    :class:`_Suit` and the game-point table at hand (the hot path of every estimate)."""
    t, o = s.tables, s.order
    suit_cards = s.suit_cards
    trumps = hand & t.trumps
    n_trumps = trumps.bit_count()
    if n_trumps > 4:
        n_trumps = 4
    natural = hand & suit_cards
    if natural:
        top = natural.bit_length() - 1
        bottom = (natural & -natural).bit_length() - 1
        above = (o.higher[top] & ~hand & suit_cards).bit_count()
        if above > 3:
            above = 3
        below = (o.lower[bottom] & ~hand & suit_cards).bit_count()
        if below > 3:
            below = 3
    else:
        above = below = 4
    called = _called(s, hand) if s.call_order else -1
    card_of = s.card_of
    higher = o.higher
    out = []
    for i, kind in enumerate(kinds):
        if kind == _CARD:
            card = card_of[i]
            if card >= 0 and card == called:
                out.append(25 + n_trumps)  # the card it would call: its partner holds it
            elif card < 0 or not hand >> card & 1:
                out.append(n_trumps)
            else:
                higher_out = (higher[card] & ~hand).bit_count()
                out.append((1 + (higher_out if higher_out < 3 else 3)) * 5 + n_trumps)
        elif kind == _HIGH:
            out.append(above * 5 + n_trumps)
        elif kind == _LOW:
            out.append(below * 5 + n_trumps)
        elif kind == _GAME:
            g = (game_table[hand & 0x1FFF] + game_table[hand >> 13 & 0x1FFF]
                 + game_table[hand >> 26 & 0x1FFF] + game_table[hand >> 39 & 0x1FFF])
            level = 0 if g == 0 else 1 if g < 5 else 2 if g < 10 else 3 if g < 15 else 4
            # its top trump is boss: it holds the highest trump of the deck
            boss = 1 if trumps and hand >> o.trumps[-1] & 1 else 0
            out.append((level * 5 + n_trumps) * 2 + boss)
        else:  # last trick
            out.append(n_trumps * 3 + (above if above < 2 else 2))
    return out


def _called(s: _Suit, hand: int) -> int:
    """call.partner: the card a hand would call (-1: no call)."""
    for card in s.call_order:
        if not hand >> card & 1:
            return card
    return -1


Table = tuple[tuple[float, ...], ...]
#: :meth:`Calibration.estimate`'s reading of one rule set: the rules, then per suit the
#: trumps, the suit's natural cards, the cards above and below each card, the top trump,
#: the call order, per item (kind, chance times value per feature value, the card it
#: names, the cards above that card), the cards the features read and whether an item
#: is the game; then the game-point table, and the estimates worked out so far by
#: (suit, the hand's cards read, the card it would call, the game level)
_EstimatePlan = tuple[
    Rules,
    tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...],
                tuple[tuple[int, tuple[float, ...], int, int], ...], int, bool], ...],
    Sequence[int], dict[tuple[int, int, int, int], float], tuple[int, ...]]


#: Estimates :meth:`Calibration.estimate` keeps before it starts again.
_ESTIMATES_KEPT = 50_000


@dataclass(frozen=True)
class Calibration:
    """The learned worth of hands under one rule set (see the module docstring)."""

    rules_hash: str
    items: tuple[Item, ...]
    #: per item, per feature value: chance the pitcher's side takes the item
    chances: tuple[tuple[float, ...], ...]
    #: mean points awarded to anyone in a hand
    total: float
    #: width of one band of the estimate, in points
    step: float
    #: per band, per bid 0..: expected score change of the pitcher's side minus the
    #: other sides' mean, had the contract been that bid
    pitch: Table
    #: per band, per bid 0..: chance the pitcher's side makes that bid
    made: Table
    #: per band, per bid 0..: mean points of the pitcher's side in contracts at that bid
    #: (in whole games of the finished bot; the bids do not read it)
    points_at: Table
    #: per band: mean points the pitcher's side took
    points: tuple[float, ...]
    #: per bid (``auction.style: sell``): what the eldest's refusals realised beyond its
    #: band's value of pitching at that bid (0 elsewhere)
    refusing: tuple[float, ...]
    #: per moon feature (:func:`moon_key`: sure off-suit cards, trumps held, top trumps
    #: held in a row): chance
    #: the pitcher's side took what a moon needs (every point, every trick as the rules say)
    moon_made: tuple[float, ...]
    #: per moon feature: expected score change against the others' mean had it been a moon
    moon: tuple[float, ...]
    #: per moon feature: contracts the calibration saw with it
    moon_seen: tuple[float, ...]
    #: per band of a seat's best estimate: score change of its side against the others'
    #: mean when it did not pitch (no price of a sale)
    passing: tuple[float, ...]
    #: per auction state at a seat's last bid (:func:`auction_state`: no bid yet, the high
    #: bid its partner's, another side's), per high bid 0..: what not pitching realised
    #: beyond its band's :attr:`passing` (a partner's contract is worth keeping, another
    #: side's high bid is often set)
    passing_after: Table
    #: per auction state at the pitcher's last bid, per high bid 0..: what its contracts
    #: realised beyond its band's :attr:`pitch` at the bid (a contract taken from another
    #: side's high bid is against a strong hand)
    pitching_after: Table
    #: per bid 0..: the share of contracts at that bid that were made (what a partner's
    #: high bid is worth near the target, its hand unseen)
    made_at: tuple[float, ...]
    #: per band: share of all seats whose best estimate falls in it (how others bid)
    seats: tuple[float, ...]
    hands: int
    #: :meth:`estimate`'s reading of the last rule set it was asked with (not data of
    #: the model: worked out from it)
    _plan: _EstimatePlan | None = field(default=None, init=False, repr=False,
                                        compare=False)

    def band(self, estimate: float) -> int:
        """The band of the estimate ``estimate``."""
        index = int(estimate / self.step)
        top = len(self.points) - 1
        return index if index < top else top

    def chances_for(self, rules: Rules, hand: int, suit: int) -> list[float]:
        """Per item, the chance the pitcher's side takes it with this hand and trump."""
        return [self.chances[i][b] for i, b in enumerate(buckets(self.items, rules, hand,
                                                                  suit))]

    def estimate(self, rules: Rules, hand: int, suit: int) -> float:
        """The item model's expected points of ``hand`` as pitcher with ``suit`` trump;
        0 for a suit it holds no trump of (never its suit to pitch): per item, its
        chance times its value at the hand's feature value (:func:`buckets`), summed in
        the items' order.

        FASTER COPY of ``sum(row[b] for row, b in zip(terms, buckets(...)))``, the hot
        path of the default bot's bidding and draw (some 60 estimates a hand where a
        kitty is drawn): the features of :func:`_buckets` read and summed in one loop,
        the same floats added in the same order; tests/test_value_estimate.py proves it
        equal to the definition on random hands of every shipped variant. A change to
        the features changes both."""
        plan = self._plan
        if plan is None or plan[0] is not rules:
            plan = self._plan_for(rules)
        (trumps_mask, suit_cards, higher, lower, top_trump, call_order, items, read,
         has_game) = plan[1][suit]
        trumps = hand & trumps_mask
        if not trumps:
            return 0.0
        called = -1
        for card in call_order:  # _called
            if not hand >> card & 1:
                called = card
                break
        level = 0
        if has_game:
            game_table = plan[2]
            g = (game_table[hand & 0x1FFF] + game_table[hand >> 13 & 0x1FFF]
                 + game_table[hand >> 26 & 0x1FFF] + game_table[hand >> 39 & 0x1FFF])
            level = 0 if g == 0 else 1 if g < 5 else 2 if g < 10 else 3 if g < 15 else 4
        # every feature is read from the cards of ``read``, the card it would call and the
        # game level: hands alike in those have the same estimate (the draw asks for the
        # hand less each card, the auction for every seat's hand)
        key = (suit, hand & read, called, level)
        memo = plan[3]
        found = memo.get(key)
        if found is not None:
            return found
        n_trumps = trumps.bit_count()
        if n_trumps > 4:
            n_trumps = 4
        natural = hand & suit_cards
        if natural:
            out = ~hand & suit_cards
            above = (higher[natural.bit_length() - 1] & out).bit_count()
            if above > 3:
                above = 3
            below = (lower[(natural & -natural).bit_length() - 1] & out).bit_count()
            if below > 3:
                below = 3
        else:
            above = below = 4
        total = 0.0
        out_cards = ~hand
        for kind, row, card, card_higher in items:
            if kind == _CARD:  # a card of the deck (an item naming none is _NO_CARD)
                if card == called:
                    total += row[25 + n_trumps]
                elif not hand >> card & 1:
                    total += row[n_trumps]
                else:
                    higher_out = (card_higher & out_cards).bit_count()
                    total += row[(1 + (higher_out if higher_out < 3 else 3)) * 5 + n_trumps]
            elif kind == _HIGH:
                total += row[above * 5 + n_trumps]
            elif kind == _LOW:
                total += row[below * 5 + n_trumps]
            elif kind == _NO_CARD:
                total += row[n_trumps]
            elif kind == _GAME:
                boss = 1 if hand >> top_trump & 1 else 0
                total += row[(level * 5 + n_trumps) * 2 + boss]
            else:  # last trick
                total += row[n_trumps * 3 + (above if above < 2 else 2)]
        if len(memo) > _ESTIMATES_KEPT:
            memo.clear()
        memo[key] = total
        return total

    def cards_read(self, rules: Rules, suit: int) -> int:
        """The cards whose holding :meth:`estimate` reads with ``suit`` trump, as a mask:
        two hands alike in these have the same estimate, the same float (the features'
        cards, those scoring game points, and where a partner is called every card, the
        call read from them all)."""
        plan = self._plan
        if plan is None or plan[0] is not rules:
            plan = self._plan_for(rules)
        return plan[4][suit]

    def estimate_plan(self, rules: Rules) -> tuple[
            tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...],
                        tuple[tuple[int, tuple[float, ...], int, int], ...], int, bool], ...],
            Sequence[int]]:
        """What :meth:`estimate` reads for ``rules`` (its plan: per suit, then the
        game-point table), for :mod:`pitchkit.bots.estimates`, which works estimates out
        compiled from it."""
        plan = self._plan
        if plan is None or plan[0] is not rules:
            plan = self._plan_for(rules)
        return plan[1], plan[2]

    def _plan_for(self, rules: Rules) -> _EstimatePlan:
        """What :meth:`estimate` reads for ``rules``, per suit (worked out once per rule
        set and kept for the last one asked: a model serves one rule set)."""
        suits, game_table = _context(rules)
        kinds, terms = self._terms
        per_suit = []
        for s in suits:
            o = s.order
            top = o.trumps[-1] if o.trumps else -1
            card_higher = tuple(o.higher[c] if c >= 0 else 0 for c in s.card_of)
            # the cards whose holding a feature reads (besides the call and the game
            # level): the trumps, the natural suit, the cards named and those above them
            read = s.tables.trumps | s.suit_cards
            for c, above in zip(s.card_of, card_higher, strict=True):
                if c >= 0:
                    read |= 1 << c | above
            if top >= 0:
                read |= 1 << top
            per_suit.append((
                s.tables.trumps, s.suit_cards, o.higher, o.lower, top, s.call_order,
                tuple(zip([_NO_CARD if kind == _CARD and c < 0 else kind
                           for kind, c in zip(kinds, s.card_of, strict=True)],
                          terms, s.card_of, card_higher, strict=True)), read,
                _GAME in kinds))
        # the cards that score game points (the game level reads them; a joker none)
        game_cards = sum(1 << (13 * s + r) for s in range(4) for r in range(13)
                         if game_table[1 << r])
        deck = know(rules).deck
        reads = tuple(deck if call_order else read | (game_cards if has_game else 0)
                      for *_, call_order, _, read, has_game in per_suit)
        plan: _EstimatePlan = (rules, tuple(per_suit), game_table, {}, reads)
        object.__setattr__(self, "_plan", plan)
        return plan

    @cached_property
    def _terms(self) -> tuple[tuple[int, ...], tuple[tuple[float, ...], ...]]:
        """What :meth:`estimate` reads, worked out once: the items' kinds, and per item
        and feature value its chance times its value (the same products)."""
        return _kind_codes(self.items), tuple(
            tuple(chance * item.value for chance in row)
            for row, item in zip(self.chances, self.items, strict=True))

    def expected(self, rules: Rules, hand: int, suit: int, bid: int | None = None) -> float:
        """Expected points the pitcher's side takes with ``hand`` and ``suit`` as trump:
        what hands of its band of the estimate realised (in contracts at ``bid``)."""
        band = self.band(self.estimate(rules, hand, suit))
        if bid is None:
            return self.points[band]
        row = self.points_at[band]
        return row[min(bid, len(row) - 1)]

    def make_chance(self, rules: Rules, hand: int, suit: int, bid: int) -> float:
        """The chance the pitcher's side makes ``bid`` with ``hand`` and ``suit`` as trump,
        as the bids read it: what hands of its band of the estimate realised
        (:attr:`made`)."""
        row = self.made[self.band(self.estimate(rules, hand, suit))]
        return row[min(bid, len(row) - 1)]

    def to_json(self) -> dict[str, Any]:
        return {"version": MODEL_VERSION, "rules_hash": self.rules_hash,
                "items": [[i.name, i.value, i.kind, i.goes_to.value] for i in self.items],
                "chances": [list(c) for c in self.chances], "total": self.total,
                "step": self.step, "pitch": [list(r) for r in self.pitch],
                "made": [list(r) for r in self.made], "points": list(self.points),
                "points_at": [list(r) for r in self.points_at],
                "refusing": list(self.refusing),
                "moon_made": list(self.moon_made), "moon": list(self.moon),
                "moon_seen": list(self.moon_seen),
                "passing": list(self.passing), "seats": list(self.seats),
                "passing_after": [list(r) for r in self.passing_after],
                "pitching_after": [list(r) for r in self.pitching_after],
                "made_at": list(self.made_at),
                "hands": self.hands}

    @staticmethod
    def from_json(data: Any, rules_hash: str, items: tuple[Item, ...]) -> Calibration | None:
        """The calibration in ``data``, or None if it is not one for these rules."""
        try:
            if data["version"] != MODEL_VERSION or data["rules_hash"] != rules_hash:
                return None
            loaded = tuple(Item(name=str(a), value=int(b), kind=str(c), goes_to=GoesTo(d))
                           for a, b, c, d in data["items"])
            chances = tuple(tuple(float(x) for x in row) for row in data["chances"])
            if loaded != items or len(chances) != len(items) or any(
                    len(row) != FEATURE_SIZES[item.kind] for row, item in zip(chances, items,
                                                                        strict=True)):
                return None

            def row(key: str) -> tuple[float, ...]:
                return tuple(float(x) for x in data[key])

            def table(key: str) -> Table:
                return tuple(tuple(float(x) for x in r) for r in data[key])

            found = Calibration(
                rules_hash=rules_hash, items=items, chances=chances,
                total=float(data["total"]), step=float(data["step"]),
                pitch=table("pitch"), made=table("made"), points=row("points"),
                points_at=table("points_at"), refusing=row("refusing"),
                moon_made=row("moon_made"), moon=row("moon"), moon_seen=row("moon_seen"),
                passing=row("passing"), passing_after=table("passing_after"),
                pitching_after=table("pitching_after"), made_at=row("made_at"),
                seats=row("seats"), hands=int(data["hands"]))
            bands = len(found.points)
            if not bands or found.step <= 0 or any(
                    len(x) != bands for x in (found.pitch, found.made, found.points_at,
                                              found.passing, found.seats)) or any(
                    len(row) != len(found.refusing) for row in found.pitch) or any(
                    len(row) != len(found.refusing)
                    for row in (*found.passing_after, *found.pitching_after, found.made_at)) or len(
                    found.passing_after) != STATES or len(found.pitching_after) != STATES or any(
                    len(x) != MOON_KEYS for x in (found.moon_made, found.moon,
                                                  found.moon_seen)):
                return None
            return found
        except (KeyError, TypeError, ValueError):
            return None


@per_rule_set(64)
def rules_hash(rules: Rules) -> str:
    """A hash of the resolved rules that play (not the name, description or source),
    once per rule set (every bot asks when it is made)."""
    mapping = rules_to_mapping(rules)
    for key in ("name", "description", "source"):
        mapping.pop(key, None)
    text = json.dumps(mapping, sort_keys=True, default=str)
    return hashlib.sha256(f"{MODEL_VERSION}:{text}".encode()).hexdigest()[:20]


def top_bid(rules: Rules) -> int:
    """The highest bid the tables cover: the auction's top, or the points to be had."""
    return min(60, max(rules.auction.max_bid, scoring_plan(rules).items_total))


def game_worth(rules: Rules) -> float:
    """What the calibrated bot counts winning the game at once is worth, in points: the
    points one hand can score (``points.items``' total; 0 without a target). Near the
    target its bids weigh a bid that would win the game, a partner's contract that would,
    a sale's price that would, and a moon that wins or loses the game, by this much times
    the chance it comes off.

    Until MODEL_VERSION 22 it was the target itself. A game is a race, and a point's share
    of it is set by how many points a hand moves, not by how far the target is: worth the
    target, a game made the bids overreach wherever the target is several hands away. Against the
    target as the worth, 1,000 duplicate deals each (2026-12-05, seed 289): even on auction
    pitch (+0.3%), joker, commercial and partnership pitch (targets 7 to 10, near a
    hand's points), stronger on the rest: ten-point pitch **+10.6%**, pidro **+10.0%**,
    call-partner pitch +6.8%, cinch +6.7%, ten-point with the draw +6.5%, Minnesota Smear
    +5.8%, catch five +4.5%, pedro +4.5%, smear +3.2%, nine-card +2.5%. No worth at all
    lost on the small targets (auction pitch -10.9%, partnership -6.5%, seed 287); half a
    hand's points lost on auction pitch (-2.3%, seed 290); two hands' points gained less
    (pidro +4.5%, ten-point +7.2%, seed 288)."""
    if rules.scoring.target is None:
        return 0.0
    return float(max(1, scoring_plan(rules).items_total))


def auction_state(bids: Sequence[tuple[int, int]], seat: int, team_of: Sequence[int],
                  top: int) -> tuple[int, int]:
    """What ``seat`` sees of the auction before it bids, from the bids so far ((seat,
    action) in order): whose the high bid is (:data:`NO_BID`, :data:`PARTNER_HIGH`,
    :data:`OTHER_HIGH`; a seat's own high bid counts as its partner's: its side holds it)
    and the high bid (0: none; a moon: ``top``), at most ``top``."""
    state, high, _ = auction_high(bids, seat, team_of, top)
    return state, high


def auction_high(bids: Sequence[tuple[int, int]], seat: int, team_of: Sequence[int],
                 top: int) -> tuple[int, int, int]:
    """:func:`auction_state` and the seat holding the high bid (-1: none)."""
    high = 0
    holder = -1
    for who, action in bids:
        if action == MOON:
            high, holder = top, who
        elif is_numeric_bid(action) and action - BID_BASE >= high:
            high, holder = action - BID_BASE, who
    if holder < 0:
        return NO_BID, 0, -1
    state = PARTNER_HIGH if team_of[holder] == team_of[seat] else OTHER_HIGH
    return state, min(high, top), holder


def hand_sides(team_of: tuple[int, ...], result: Any) -> tuple[int, ...]:
    """The sides of the hand of ``result`` as the engine scored it: the seating's
    ``team_of`` with a called partner (``result.partner``, call.partner) on the
    pitcher's side."""
    if result.partner is None or result.pitcher is None:
        return team_of
    return hand_teams(team_of, result.pitcher, CallState(-1, result.partner))


def best_estimate(model: Calibration, rules: Rules, hand: int) -> float:
    """The estimate of ``hand`` with its best suit as trump."""
    return max(model.estimate(rules, hand, suit) for suit in range(4))


#: Values of :func:`moon_key`: whether every card outside trumps is sure to win its suit
#: (0 or 1), times 49, plus trumps held 0..6, times 7, plus top trumps in a row 0..6.
MOON_KEYS = 98


def moon_key(rules: Rules, hand: int, suit: int) -> int:
    """What a moon needs of ``hand`` with ``suit`` trump: whether every card it holds
    outside trumps is sure to win a trick of its suit (it holds every card of the suit
    above it: a moon takes every trick, and an off-suit king under an unseen ace loses
    one), the trumps it holds (up to six) and how many of the deck's top trumps it holds
    in a row (up to six)."""
    s = _context(rules)[0][suit]
    trumps = s.tables.trumps
    held = min(6, (hand & trumps).bit_count())
    run = 0
    for card in reversed(s.order.trumps):
        if not hand >> card & 1 or run == 6:
            break
        run += 1
    higher = s.order.higher
    sure = all(not higher[card] & ~hand for card in cards_in(hand & ~trumps))
    return sure * 49 + held * 7 + run
