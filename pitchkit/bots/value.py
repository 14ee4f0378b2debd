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
:func:`level_shifts`; the bids read the band's values, the calibration table of
``bench_strength`` these). Where the eldest may refuse to sell (``auction.style: sell``),
what its refusals realised beyond its band's value of pitching at that bid (the high
bidder holds a hand worth the bid). Per moon feature (every card outside trumps sure to
win its suit or not, trumps held, top trumps held in a row): the chance of taking what a
moon needs, and what a moon would have scored. Seats that did not pitch give, per band of
their own best estimate, what not pitching is worth (the price of a sold pitch left out).
Each table is smoothed over neighbouring bands (a band with few hands borrows from its
neighbours) and, where more of a hand can only help, made non-decreasing in the estimate.

:func:`calibrate` plays :func:`default_hands` seeded hands under the rules in three rounds
(the first bid by the ``heuristic``, then by the calibrated bot with what the round before
taught it), each round learning from the hands of all rounds so far (but where, in a
band of the estimate, the bot's own rounds made a bid clearly more or less often than the
heuristic's round, that bid's value and chance come from its own rounds: the heuristic
picks its pitchers by more than the band); then as many hands of whole games of the
finished bot, for the points per bid level, and at a level those games bid seldom
(under :func:`level_contracts`: ``LEVEL_CONTRACTS``, more where the points spread widely)
more of its contracts: fresh deals bid at the games' hand starts, played out where the
contract falls at such a level. The dealer's forced bid, where only a forced dealer bids
it and the games did so seldom (cinch's 1: every other seat passes about one deal in
3,000), is learned from deals where every seat before the dealer passes, drawn by a chain
of card swaps that keeps that condition (:func:`_forced_play`).

The run is seeded: the same rules always give the same numbers, so the cache (one JSON
file per resolved rule set, keyed by its hash, in ``$XDG_CACHE_HOME/pitchkit`` or
``~/.cache/pitchkit``) changes speed, never results. A cache file that cannot be read or
does not match is ignored and rebuilt; files are written atomically.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from pitchkit.actions import BID_BASE, MOON, PASS, REFUSE, SELL, is_numeric_bid
from pitchkit.atomic import write_atomically
from pitchkit.bots.drawing import call_order
from pitchkit.bots.heuristic import HeuristicBot, Order, know, order
from pitchkit.call import CallState, hand_teams
from pitchkit.cards import cards_in
from pitchkit.errors import BotError, PitchkitError, UsageError, bot_failure, seat_name
from pitchkit.memo import per_rule_set
from pitchkit.scoring import score_points, scoring_plan
from pitchkit.seeded import SeededOnUse
from pitchkit.tricks import TrumpTables, tables_for
from pitchkit.variant import GoesTo, Rules, WhenAllPass, rules_to_mapping

#: Hands played to calibrate one rule set (a few seconds, once per rule set): at least
#: this many, and ``HANDS_PER_LEVEL`` for each level of the auction's bids (up to
#: ``MAX_CALIBRATION_HANDS``), so that each level the bots bid is seen often enough for
#: its realised points (the points of contracts at a level are learned per level, from
#: as many hands again of whole games); the environment variable
#: ``PITCHKIT_CALIBRATION_HANDS`` sets another number (the tests' quick runs; a longer
#: one for a finer table), cached apart.
CALIBRATION_HANDS = 6000
HANDS_PER_LEVEL = 1500
MAX_CALIBRATION_HANDS = 18000
#: Rounds of self-play the hands are split into (each bid with the last round's model).
ROUNDS = 3
#: Then as many hands again of whole games of the finished bot, for the points per bid
#: level: hands a game with no target plays (as ``simulate``), and a bound for the others.
GAME_HANDS = 20
MAX_GAME_HANDS = 1000
#: A bid level those games made fewer contracts at than this (per a calibration of the
#: default length) gets more: at every hand start of the games, fresh deals are bid,
#: and a contract at that level is played out too, from as many deals a start as bring
#: it to about this many, at most ``THIN_DEALS`` (1 + THIN_DEALS times its contracts).
#: Where the points a pitcher's side takes spread widely, more: as many as bring the
#: standard error of a level's mean points to ``LEVEL_ERROR`` (the calibration table's
#: bar is 0.25 points; cinch's 14 points spread 4.3 a contract, so 1,000 contracts
#: leave 0.14, and at MODEL_VERSION 16 its 4 to 14 missed what 24,000 games realised by
#: up to 0.18, as that error would).
LEVEL_CONTRACTS = 1000
LEVEL_ERROR = 0.07
THIN_DEALS = 4
#: The dealer's forced bid at a level only a forced dealer bids, and seldom (cinch's 1:
#: every other seat passes about one deal in 3,000, so the whole games and their fresh
#: deals hold some 25 such contracts): its contracts come from deals where every seat
#: before the dealer passes, drawn by a chain of card swaps between the holders of a deal
#: (:func:`_forced_play`): a swap is kept when every seat before the dealer still passes,
#: so the deals are those of the auction's own condition, uniformly (a swap is its own
#: reverse), without bidding the thousands of deals rejection would. ``FORCED_PER_START``
#: contracts at each hand start the chain visits, ``FORCED_STEPS`` swaps apart, after
#: ``FORCED_BURN`` at the start; ``FORCED_REPAIR`` swaps at most to reach such a deal
#: from the last start's (each kept while no more seats would bid).
FORCED_PER_START = 16
FORCED_STEPS = 16
FORCED_BURN = 64
FORCED_REPAIR = 1000
#: Visits after which a chain that has found no such contract gives up (where no seat
#: before the dealer would pass, as a short calibration bids every hand, or every seat
#: passes almost never: Minnesota Smear's and ten-point pitch's forced bids, none in
#: 800 games, cost some 3 s of swaps for nothing).
FORCED_GIVE_UP = 8
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
#: deals where every other seat passes (:func:`_forced_play`; cinch's 1 learned from 25
#: contracts of the whole games missed what its games realised by 0.92 points).
#: 22: the calibrated bot's bids near the target weigh a game won at the points a hand
#: can score, not at the target (:func:`game_worth`): its self-play's contracts change.
MODEL_VERSION = 22
#: Pseudo-counts pulling a rarely seen feature value towards the item's overall rate.
PRIOR_WEIGHT = 4.0
#: Hands a band of the estimate needs before it stops borrowing from its neighbours.
BAND_HANDS = 60
#: Hands' worth of weight all rounds' value of a band gives its value in the calibrated
#: bot's own rounds (a band those rounds seldom pitched keeps the pooled value).
OWN_PRIOR = 60.0
#: Standard errors apart at which a band's share of contracts made at a bid in the
#: calibrated bot's own rounds and in the heuristic's round count as different.
APART_Z = 4.0
#: Hands' worth of weight the contracts of one bid level give the band's all-level value.
LEVEL_PRIOR = 20.0
#: Bands of the estimate across the items' total (each at least a quarter point wide).
BANDS = 32

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
_SIZES = {"high": 25, "low": 25, "card": 30, "game": 50, "last_trick": 15}


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
                    len(row) != _SIZES[item.kind] for row, item in zip(chances, items,
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


def _auction_states(events: Sequence[Any], team_of: Sequence[int], top: int
                    ) -> tuple[tuple[int, int], ...]:
    """Per seat, :func:`auction_state` at its last bid of the hand in ``events`` (a fresh
    game's log; :data:`NO_BID` for a seat that never bid)."""
    bids: list[tuple[int, int]] = []
    states = [(NO_BID, 0)] * len(team_of)
    for event in events:
        if event.kind == "action" and event.seat is not None and (
                event.action == PASS or event.action == MOON
                or is_numeric_bid(event.action)):
            states[event.seat] = auction_state(bids, event.seat, team_of, top)
            bids.append((event.seat, event.action))
    return tuple(states)


# ----------------------------------------------------------------------------- calibrating


#: One calibration hand: what each seat held when it bid, the hand's result, the side of
#: each seat by the seating (a called partner's: :func:`hand_sides`), the seat that sold
#: the pitch with its price (None, 0: no sale), whether the eldest refused to sell
#: (``auction.style: sell``: it pitches for the high bid), and per seat the
#: :func:`auction_state` at its last bid.
_Record = tuple[tuple[int, ...], Any, tuple[int, ...], int | None, int, bool,
                tuple[tuple[int, int], ...]]


def calibrate(rules: Rules, hands: int = CALIBRATION_HANDS, seed: str = "calibrate",
              progress: Callable[[int, int], None] | None = None,
              player: str = "calibrated") -> Calibration:
    """Learn the item chances and the bidding tables from ``hands`` seeded hands.

    ``player`` (:data:`PLAYERS`) is whose card play the rounds after the first play:
    the calibrated bot's (the default), or ``strong``'s (:mod:`pitchkit.bots.strong`,
    bidding with the model of the round before, as the calibrated bot does).

    ``ROUNDS`` rounds: the first auctions are bid by the ``heuristic``, each later one by
    the calibrated bot with what the round before taught it; then ``hands`` hands of
    whole games of the finished bot give the points per bid level
    (:attr:`Calibration.points_at`), with more contracts at a level they bid seldom
    (:func:`_thin_play`). ``progress(done, total)`` is called as hands are played.
    """
    _check_player(player)
    rounds = ROUNDS if hands >= 3 * ROUNDS else 1
    share = max(1, hands // rounds)
    model: Calibration | None = None
    records: list[_Record] = []
    own_from = 0
    for r in range(rounds):
        def tick(done: int, r: int = r) -> None:
            if progress is not None:
                progress(r * share + done, share * rounds + (hands if rounds > 1 else 0))
        # every round's hands are learned from: a round bid by a bolder or shyer model
        # shows the hands the next one may bid, so no band of the estimate goes unseen
        records += _self_play(rules, share, f"{seed}:{r}", model, tick, player=player)
        if r == 0:
            # the points per bid level come from the calibrated bot's own rounds once
            # there are some: the heuristic's contracts at a level are another mix
            own_from = len(records) if rounds > 1 else 0
        model = _fit(rules, records, own_from if r > 0 else 0)
    assert model is not None
    if rounds > 1:
        # the points per bid level from whole games of the finished bot: the contracts at
        # a level are the mix its own games make (a forced dealer's, a bid that would reach
        # the target), not the mix of the rounds' fresh hands bid by an earlier model
        total = share * rounds + hands * (1 + THIN_DEALS)

        def tick_games(done: int) -> None:
            if progress is not None:
                progress(share * rounds + done, total)
        starts: list[_Start] = []
        games = _self_play(rules, hands, f"{seed}:games", model, tick_games,
                           whole_games=True, starts=starts, player=player)
        # a level the games made few contracts at (cinch's 14, 1% of them: 183) gets more
        # from fresh deals at the same hand starts
        deals = _thin_deals(rules, hands, games, _spread(rules, games))

        def tick_thin(done: int) -> None:
            if progress is not None:
                progress(share * rounds + hands + done, total)
        games += _thin_play(rules, model, starts, deals, f"{seed}:thin", tick_thin, player)
        # the dealer's forced bid where only a forced dealer bids it (cinch's 1: about one
        # deal in 3,000): its contracts from deals where every other seat passes
        level = _forced_level(rules, games, deals)
        forced: list[_Record] = []
        if level is not None:
            wanted = math.ceil(level_contracts(_spread(rules, games)) * hands
                               / default_hands(rules))
            forced = _forced_play(rules, model, starts, level, wanted, f"{seed}:forced",
                                  player)
        if progress is not None:
            progress(total, total)
        model = replace(model, points_at=_points_at(rules, model, games, forced),
                        hands=model.hands + len(games) + len(forced))
    return model


#: A hand start of a whole game (:func:`_self_play` with ``starts``): the scores, the
#: dealer and the hands played before it.
_Start = tuple[tuple[int, ...], int, int]


def _thin_deals(rules: Rules, hands: int, games: Sequence[_Record], spread: float
                ) -> list[int]:
    """Per bid level, the fresh deals a hand start of the whole games ``games`` (of
    ``hands`` hands) gets for it (:func:`_thin_play`): as many as bring a level's
    contracts to about :func:`level_contracts` of ``spread`` per calibration of the
    default length, at most ``THIN_DEALS`` (a level the games never bid: that many);
    none outside ``auction.min_bid`` to ``auction.max_bid`` (the dealer's forced bid is
    within)."""
    wanted = level_contracts(spread) * hands / default_hands(rules)
    count = [0] * (top_bid(rules) + 1)
    for record in games:
        count[min(len(count) - 1, int(record[1].bid))] += 1
    auction = rules.auction
    return [0 if not auction.min_bid <= level <= auction.max_bid
            else min(THIN_DEALS, max(0, math.ceil(wanted / c) - 1) if c else THIN_DEALS)
            for level, c in enumerate(count)]


def level_contracts(spread: float) -> float:
    """The contracts a bid level's points are learned from, where the points a pitcher's
    side takes spread ``spread`` (their standard deviation) a contract: at least
    ``LEVEL_CONTRACTS``, and as many as bring the standard error of the level's mean to
    ``LEVEL_ERROR`` (auction pitch's 4 points spread about 1.1: 1,000; cinch's 14 about
    4.3: some 3,800)."""
    return max(float(LEVEL_CONTRACTS), (spread / LEVEL_ERROR) ** 2)


def _spread(rules: Rules, records: Sequence[_Record]) -> float:
    """The standard deviation of the points the pitcher's side took in ``records``."""
    plan = scoring_plan(rules)
    taken = []
    for _, result, team, *_ in records:
        sides = hand_sides(team, result)
        taken.append(_taken(plan, result, sides, sides[result.pitcher]))
    if not taken:
        return 0.0
    mean = sum(taken) / len(taken)
    return math.sqrt(sum((t - mean) ** 2 for t in taken) / len(taken))


def _self_play(rules: Rules, hands: int, seed: str, model: Calibration | None,
               tick: Callable[[int], None], whole_games: bool = False,
               starts: list[_Start] | None = None, player: str = "calibrated"
               ) -> list[_Record]:
    """Play ``hands`` single hands with scores at the start, or with ``whole_games`` hands
    of whole games (the scores as they come, to the target; ``GAME_HANDS`` hands a game
    with no target); the hands with a numeric contract. ``starts``, if given, gets each
    hand's start (scores, dealer, hands played)."""
    from pitchkit.engine import Game, Phase

    n = rules.players.count
    top = top_bid(rules)
    limit = GAME_HANDS if rules.scoring.target is None else MAX_GAME_HANDS
    out: list[_Record] = []
    game: Game | None = None
    bots: list[HeuristicBot] = []
    games = 0
    for index in range(hands):
        if index % 250 == 0:
            tick(index)
        if game is None or not whole_games or game.phase is not Phase.DEAL \
                or len(game.hand_results) >= limit:
            key = f"{seed}:{games if whole_games else index}"
            games += 1
            game = Game(rules, random.Random(key))
            bots = _bots(rules, model, key, player)
        if starts is not None:
            starts.append((tuple(game.scores), game.dealer, game.hands_played))
        before = len(game.hand_results)
        events = len(game.events)
        game.deal_random()
        # what each seat holds when it bids (a kitty or a draw may change it later)
        held = tuple(game.hands[s] | game.reserve[s] for s in range(n))
        play_until(game, bots, before)
        if len(game.hand_results) == before:
            game = None  # a hand that did not end: the next begins a new game
            continue
        record = _record(game, before, events, held, top)
        if record is not None:
            out.append(record)
    tick(hands)
    return out


def _bots(rules: Rules, model: Calibration | None, key: str, player: str = "calibrated"
          ) -> list[HeuristicBot]:
    """A game's bots: the ``heuristic`` without a model, else the calibrated bot with it,
    or with ``player`` ``strong`` the strong bot with it (each seat's generator seeded by
    ``key`` and the seat when first drawn from: :class:`~pitchkit.seeded.SeededOnUse`,
    the same draws; most deals of :func:`_thin_play` end with the auction, where none is
    drawn)."""
    from pitchkit.bots.calibrated import CalibratedBot

    out: list[HeuristicBot] = []
    for s in range(rules.players.count):
        rng = SeededOnUse(f"{key}:{s}")
        if model is None:
            out.append(HeuristicBot(rules, s, rng))
        elif player == "strong":
            from pitchkit.bots.strong import StrongBot

            # (bidding from the model being learned: not from a table searched with it)
            out.append(StrongBot(rules, s, rng, model=model, bidding="calibrated"))
        else:
            out.append(CalibratedBot(rules, s, rng, model=model))
    return out


def play_until(game: Any, bots: Sequence[HeuristicBot], before: int, auction: bool = False
         ) -> None:
    """Let the bots act in ``game`` until the hand after ``before`` results ends (at most
    400 asks), or with ``auction`` until a seat holds the contract. Bids and cards are
    asked as the simulator asks them (:meth:`pitchkit.engine.Game.bid_turns` and
    :meth:`~pitchkit.engine.Game.play_turns`, the bots' fast paths: the same answers,
    without building every observation), the rest by ``choose``."""
    from pitchkit.engine import Phase

    bidders = [bot.bid_player() for bot in bots]
    players = [bot.card_player() for bot in bots]
    auction_phase, play_phase = Phase.AUCTION, Phase.PLAY
    for _ in range(400):
        if len(game.hand_results) > before or game.to_act is None \
                or (auction and game.pitcher is not None):
            return
        seat = game.to_act
        phase = game.phase
        try:
            if phase is auction_phase and bidders[seat] is not None:
                game.bid_turns(bidders)
            elif phase is play_phase and players[seat] is not None:
                game.play_turns(players)
            else:
                game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
        except (BotError, UsageError):
            raise
        except Exception as error:  # one line naming the bot, never "internal error"
            # the fast paths raise with the seat that failed still to act
            failed = game.to_act if game.to_act is not None else seat
            raise _failed(game, bots[failed], failed, error) from error


def _failed(game: Any, bot: HeuristicBot, seat: int, error: Exception) -> BotError:
    """The error of a calibration game whose bot in ``seat`` failed or answered wrong."""
    from pitchkit.bots.calibrated import CalibratedBot

    name = "calibrated" if isinstance(bot, CalibratedBot) else "heuristic"
    return bot_failure(f"learning what hands are worth under {game.rules.name}: bot "
                       f"{name!r} in {seat_name(seat)} of a calibration game", error)


def _record(game: Any, before: int, events: int, held: tuple[int, ...], top: int
            ) -> _Record | None:
    """The calibration record of the hand of ``game`` that ended after ``before`` results
    (its events from ``events`` on; ``held``: what each seat held when it bid), or None
    without a numeric contract."""
    result = game.hand_results[before]
    if result.pitcher is None or result.trump is None or result.thrown_in \
            or not isinstance(result.bid, int):
        return None
    hand_events = game.events[events:]
    seller, price, refused = _sale(hand_events, result)
    return (held, result, game.team_of, seller, price, refused,
            _auction_states(hand_events, game.team_of, top))


def hand_sides(team_of: tuple[int, ...], result: Any) -> tuple[int, ...]:
    """The sides of the hand of ``result`` as the engine scored it: the seating's
    ``team_of`` with a called partner (``result.partner``, call.partner) on the
    pitcher's side."""
    if result.partner is None or result.pitcher is None:
        return team_of
    return hand_teams(team_of, result.pitcher, CallState(-1, result.partner))


def _thin_play(rules: Rules, model: Calibration, starts: Sequence[_Start],
               deals: Sequence[int], seed: str, tick: Callable[[int], None],
               player: str = "calibrated") -> list[_Record]:
    """More contracts at the bid levels the whole games bid seldom, as whole games make
    them: from each hand start of the whole games (``starts``), fresh deals bid by the
    finished bot; a contract at level ``level`` of the first ``deals[level]`` deals of a
    start is played out, the others are left after the auction. The deal is independent
    of the game's state and every start gets as many, so a level's contracts come from
    the same hands and states as in the whole games. Each deal is seeded by its start
    and its number alone (its game and bots), whatever the others."""
    from pitchkit.engine import Game

    n = rules.players.count
    top = top_bid(rules)
    most = max(deals, default=0)
    out: list[_Record] = []
    for index, (scores, dealer, played) in enumerate(starts):
        if index % 250 == 0:
            tick(index * most)
        for deal in range(most):
            key = f"{seed}:{index}:{deal}"
            game = Game(rules, random.Random(key), dealer=dealer, scores=scores)
            bots = _bots(rules, model, key, player)
            game.hands_played = played
            game.deal_random()
            held = tuple(game.hands[s] | game.reserve[s] for s in range(n))
            play_until(game, bots, 0, auction=True)
            if game.pitcher is None or game.bid is None \
                    or deal >= deals[min(top, game.bid)]:
                continue
            play_until(game, bots, 0)
            if game.hand_results:
                record = _record(game, 0, 0, held, top)
                if record is not None:
                    out.append(record)
    tick(len(starts) * most)
    return out


def _all_passed(record: _Record) -> bool:
    """Whether the contract of ``record`` is the dealer's after every other seat passed."""
    result, states = record[1], record[6]
    return result.pitcher == result.dealer and states[result.pitcher] == (NO_BID, 0)


def _forced_level(rules: Rules, games: Sequence[_Record], deals: Sequence[int]) -> int | None:
    """The dealer's forced bid (``auction.when_all_pass: dealer_must_bid``) where the whole
    games ``games`` bid it seldom (:func:`_thin_deals` gives it more deals) and only as
    forced dealers (every contract at it followed passes of every other seat): its
    contracts are learned from deals of that condition (:func:`_forced_play`). None
    elsewhere (auction pitch's 2, half of its contracts, most of them bid freely)."""
    auction = rules.auction
    level = auction.dealer_forced_bid
    if auction.when_all_pass is not WhenAllPass.DEALER_MUST_BID \
            or not 0 <= level < len(deals) or not deals[level]:
        return None
    if any(not _all_passed(record) for record in games if record[1].bid == level):
        return None
    return level


#: A deal as :func:`_forced_play` changes it: the cards, and per card its holder (a seat,
#: then the kitty, the pack in order).
_Deal = tuple[list[int], list[int]]


def _deal_of(detail: tuple[Any, ...], n: int) -> _Deal:
    """The :data:`_Deal` of a deal event's detail (hands, turned card: none, kitty,
    pack)."""
    masks = detail[0]
    kitty, pack = (detail[2], detail[3]) if len(detail) > 2 else (0, ())
    cards: list[int] = []
    holders: list[int] = []
    for holder, held in enumerate((*masks, kitty)):
        for card in cards_in(held):
            cards.append(card)
            holders.append(holder)
    cards += pack
    holders += [n + 1] * len(pack)
    return cards, holders


def _dealt(game: Any, deal: _Deal) -> None:
    """Deal ``deal`` in ``game`` (phase deal)."""
    cards, holders = deal
    n = game.n
    hands: list[list[int]] = [[] for _ in range(n + 2)]
    for card, holder in zip(cards, holders, strict=True):
        hands[holder].append(card)
    game.deal_cards(hands[:n], kitty=hands[n], pack=hands[n + 1])


class _Passes:
    """Whether the seats before the dealer pass, at one hand start, with every seat
    before each passing: per seat a game at the start brought to its turn by passes (a
    seat's bid reads its own hand and what is shown), the seat's hand set in it when
    asked; each answer kept by seat and hand."""

    def __init__(self, rules: Rules, start: _Start, deal: _Deal,
                 bots: Sequence[HeuristicBot]) -> None:
        from pitchkit.engine import Game, Phase

        scores, dealer, played = start
        self.bots = bots
        self.games: dict[int, Any] = {}
        self.known: dict[tuple[int, int], bool] = {}
        game = Game(rules, random.Random(0), dealer=dealer, scores=scores)
        game.hands_played = played
        _dealt(game, deal)
        #: whether the auction reaches the dealer after a pass from every other seat
        self.reaches = False
        for _ in range(rules.players.count):
            seat = game.to_act
            if game.phase is not Phase.AUCTION or seat is None:
                return
            if seat == dealer:
                self.reaches = True
                return
            self.games[seat] = game
            game = game.clone()
            try:
                game.apply(PASS)  # as if it passed: the next seat sees passes only
            except PitchkitError:
                return

    def bidding(self, hands: Sequence[int]) -> int:
        """How many seats before the dealer would bid holding ``hands`` (masks by seat;
        every seat where the auction does not reach the dealer after passes)."""
        if not self.reaches:
            return len(self.bots)
        count = 0
        for seat, game in self.games.items():
            key = (seat, hands[seat])
            passes = self.known.get(key)
            if passes is None:
                game.hands[seat] = hands[seat]
                bot = self.bots[seat]
                bidder = bot.bid_player()
                action = (bidder(game.bid_view(seat), game.bid_choices()) if bidder is not None
                          else bot.choose(game.observation(seat), game.legal_actions()))
                passes = self.known[key] = action == PASS
            count += not passes
        return count


def _forced_play(rules: Rules, model: Calibration, starts: Sequence[_Start], level: int,
                 wanted: int, seed: str, player: str = "calibrated") -> list[_Record]:
    """About ``wanted`` contracts at the dealer's forced bid ``level``, from deals where
    every seat before the dealer passes, at hand starts of the whole games (``starts``,
    taken evenly): a chain of deals (see ``FORCED_PER_START``), each of its deals bid
    and played out by the finished bot, its contract kept where the dealer bid
    ``level``; none where the first ``FORCED_GIVE_UP`` starts give none. Every random
    choice from ``seed``."""
    from pitchkit.engine import Game

    if not starts or wanted <= 0:
        return []
    n = rules.players.count
    top = top_bid(rules)
    rng = random.Random(seed)
    visits = min(len(starts), math.ceil(wanted / FORCED_PER_START))
    per_start = math.ceil(wanted / visits)
    first = Game(rules, random.Random(f"{seed}:deal"), dealer=starts[0][1])
    detail = first.deal_random().detail
    if detail[1] is not None:
        return []  # a turned card names trump: a card shown from the deck, not swapped here
    deal = _deal_of(detail, n)
    dealer = starts[0][1]
    out: list[_Record] = []
    for visit in range(visits):
        if visit >= FORCED_GIVE_UP and not out:
            break
        start = starts[visit * len(starts) // visits]
        key = f"{seed}:{visit}"
        bots = _bots(rules, model, key, player)
        # the last start's deal, its hands turned with the dealer
        shift = (start[1] - dealer) % n
        dealer = start[1]
        deal = (deal[0], [(h + shift) % n if h < n else h for h in deal[1]])
        passes = _Passes(rules, start, deal, bots)
        hands = [0] * (n + 2)
        for card, holder in zip(*deal, strict=True):
            hands[holder] |= 1 << card
        bidding = passes.bidding(hands)
        steps = FORCED_REPAIR if bidding else 0
        for step in range(steps + FORCED_BURN + per_start * FORCED_STEPS):
            if step < steps and not bidding:
                continue
            i, j = rng.randrange(len(deal[0])), rng.randrange(len(deal[0]))
            cards, holders = deal
            a, b = holders[i], holders[j]
            if a == b:  # the same hands (the pack's order): no bid changes
                cards[i], cards[j] = cards[j], cards[i]
            else:
                moved = 1 << cards[i] | 1 << cards[j]
                swapped = list(hands)
                swapped[a] ^= moved
                swapped[b] ^= moved
                now = passes.bidding(swapped)
                # reaching a deal where every seat passes: kept while no more would bid;
                # then kept only where every seat still passes
                if now <= bidding if step < steps else not now:
                    cards[i], cards[j] = cards[j], cards[i]
                    hands, bidding = swapped, now
            if bidding or step < steps + FORCED_BURN \
                    or (step - steps - FORCED_BURN) % FORCED_STEPS != FORCED_STEPS - 1:
                continue
            sample = f"{key}:{step}"
            game = Game(rules, random.Random(sample), dealer=dealer, scores=start[0])
            game.hands_played = start[2]
            _dealt(game, deal)
            held = tuple(game.hands[s] | game.reserve[s] for s in range(n))
            play_until(game, _bots(rules, model, sample, player), 0)
            record = _record(game, 0, 0, held, top) if game.hand_results else None
            if record is not None and record[1].bid == level and _all_passed(record):
                out.append(record)
    return out


def _sale(events: Sequence[Any], result: Any) -> tuple[int | None, int, bool]:
    """The seat that sold the pitch in the hand of ``events`` (``auction.style: sell``)
    and its price; whether the eldest refused to sell instead."""
    for event in events:
        if event.kind == "action" and event.action == SELL:
            return event.seat, int(result.bid), False
        if event.kind == "action" and event.action == REFUSE:
            return None, 0, True
    return None, 0, False


def _relative(changes: Sequence[float], team_of: tuple[int, ...], side: int) -> float:
    """The score change of ``side`` minus the mean change of the other sides."""
    by_side: dict[int, float] = {}
    for seat, change in enumerate(changes):
        by_side.setdefault(team_of[seat], change)
    others = [c for sd, c in by_side.items() if sd != side]
    return by_side[side] - (sum(others) / len(others) if others else 0.0)


def _item_chances(rules: Rules, items: tuple[Item, ...], records: Sequence[_Record]
                  ) -> tuple[tuple[tuple[float, ...], ...], float]:
    """Each item's chance per feature value, pulled towards its overall rate; and the
    mean points awarded in a hand."""
    taken = [[0.0] * _SIZES[i.kind] for i in items]
    seen = [[0] * _SIZES[i.kind] for i in items]
    awarded = 0.0
    for held, result, seating, _, _, _, _ in records:
        team = hand_sides(seating, result)  # a called partner's points are the side's
        side = team[result.pitcher]
        for i, b in enumerate(buckets(items, rules, held[result.pitcher], result.trump)):
            credited = result.points.get(items[i].name, ())
            seen[i][b] += 1
            if any(team[s] == side for s in credited):
                taken[i][b] += 1
            if credited:
                awarded += items[i].value
    chances = []
    for i, item in enumerate(items):
        overall = (sum(taken[i]) + 1) / (sum(seen[i]) + 2)
        # a rare feature value leans on the rate of hands with as many trumps (itself
        # leaning on the overall rate): a hand's trumps matter most
        by_trumps_taken = [0.0] * 5
        by_trumps_seen = [0] * 5
        for b in range(len(seen[i])):
            by_trumps_taken[_trumps_of(item.kind, b)] += taken[i][b]
            by_trumps_seen[_trumps_of(item.kind, b)] += seen[i][b]
        prior = [(by_trumps_taken[n] + PRIOR_WEIGHT * overall)
                 / (by_trumps_seen[n] + PRIOR_WEIGHT) for n in range(5)]
        chances.append(tuple(
            (taken[i][b] + PRIOR_WEIGHT * prior[_trumps_of(item.kind, b)])
            / (seen[i][b] + PRIOR_WEIGHT) for b in range(len(seen[i]))))
    return tuple(chances), awarded / len(records) if records else 0.0


def _trumps_of(kind: str, feature: int) -> int:
    """The trumps held (0..4, 4: four or more) that the feature value ``feature`` of an
    item of ``kind`` records (see :func:`buckets`)."""
    if kind == "game":
        return (feature // 2) % 5
    if kind == "last_trick":
        return feature // 3
    return feature % 5


class _Band:
    """Sums over the contracts (or passes) of one band of the estimate."""

    def __init__(self, top: int) -> None:
        self.count = 0
        self.points = 0.0
        self.relative = [0.0] * (top + 1)
        self.made = [0.0] * (top + 1)
        self.passes = 0
        self.passing = 0.0
        self.seats = 0


def _fit(rules: Rules, records: Sequence[_Record], own_from: int = 0) -> Calibration:
    """The item chances, then the bidding tables by band of the estimate; the points per
    bid level (:attr:`Calibration.points_at`) from ``records[own_from:]`` only."""
    items = point_items(rules)
    plan = scoring_plan(rules)
    top = top_bid(rules)
    chances, total = _item_chances(rules, items, records)
    step = max(0.25, plan.items_total / BANDS)
    size = int(plan.items_total / step + 0.5) + 1
    model = Calibration(rules_hash=rules_hash(rules), items=items, chances=chances,
                        total=total, step=step, pitch=((0.0,) * (top + 1),) * size,
                        made=((0.0,) * (top + 1),) * size, points_at=((0.0,) * (top + 1),) * size,
                        points=(0.0,) * size, refusing=(0.0,) * (top + 1),
                        moon_made=(0.0,) * MOON_KEYS, moon=(0.0,) * MOON_KEYS,
                        moon_seen=(0.0,) * MOON_KEYS,
                        passing=(0.0,) * size, passing_after=((0.0,) * (top + 1),) * STATES,
                        pitching_after=((0.0,) * (top + 1),) * STATES, made_at=(0.0,) * (top + 1),
                        seats=(0.0,) * size, hands=len(records))
    bands = [_Band(top) for _ in range(size)]
    # the same sums over the calibrated bot's own rounds (records[own_from:]) alone
    own = [_Band(top) for _ in range(size)]
    moon_seen = [0] * MOON_KEYS
    moon_took = [0] * MOON_KEYS
    moon_sums = [0.0, 0.0]  # score change had it been a moon: failed, made
    moon_counts = [0, 0]
    # the eldest's refusals: (band, bid, score change against the others' mean)
    refusals: list[tuple[int, int, float]] = []
    # the passes: (band, auction state, high bid, score change against the others' mean)
    passes: list[tuple[int, int, int, float]] = []
    # the contracts: (band, bid, the pitcher's auction state and high bid, score change)
    contracts: list[tuple[int, int, int, int, float]] = []
    level_made = [0] * (top + 1)
    level_count = [0] * (top + 1)
    for index, (held, result, team, seller, price, refused, states) in enumerate(records):
        pitcher = result.pitcher
        # the points taken and the contract scored by the hand's sides (a called partner
        # on the pitcher's); a score change against the seating's other sides, those that
        # win the game (a called partner is a rival there)
        sides = hand_sides(team, result)
        side = team[pitcher]
        where = model.band(model.estimate(rules, held[pitcher], result.trump))
        band = bands[where]
        points, tricks = result.points, result.tricks_won
        band.count += 1
        taken = _taken(plan, result, sides, sides[pitcher])
        band.points += taken
        band_relative = []
        for bid in range(top + 1):
            # the realised points scored again as if the contract had been ``bid``
            _, _, changes, _, _ = score_points(plan, sides, pitcher, bid, False, points, tricks)
            band_relative.append(_relative(changes, team, side))
            band.relative[bid] += band_relative[bid]
            band.made[bid] += taken >= bid
        at = min(top, int(result.bid))
        _, _, changes, _, _ = score_points(plan, sides, pitcher, at, False, points, tricks)
        contracts.append((where, at, *states[pitcher], _relative(changes, team, side)))
        if refused:
            refusals.append((where, at, _relative(result.score_changes, team, side)))
        if index >= own_from:
            level_count[at] += 1
            level_made[at] += bool(result.made)
            mine = own[where]
            mine.count += 1
            for bid in range(top + 1):
                mine.relative[bid] += band_relative[bid]
                mine.made[bid] += taken >= bid
        _, moon_made, changes, _, _ = score_points(plan, sides, pitcher, None, True, points,
                                                   tricks)
        key = moon_key(rules, held[pitcher], result.trump)
        moon_seen[key] += 1
        moon_took[key] += bool(moon_made)
        moon_sums[bool(moon_made)] += _relative(changes, team, side)
        moon_counts[bool(moon_made)] += 1
        for seat in range(len(team)):
            best = best_estimate(model, rules, held[seat])
            other = bands[model.band(best)]
            other.seats += 1
            if seat == pitcher:
                continue  # a seat that did not pitch: its partner may have
            changes = result.score_changes
            if seller is not None and team[seller] == team[seat]:
                changes = tuple(c - price if team[s] == team[seller] else c
                                for s, c in enumerate(changes))
            other.passes += 1
            relative = _relative(changes, team, team[seat])
            other.passing += relative
            passes.append((model.band(best), *states[seat], relative))
    counts = [b.count for b in bands]
    chance = _moon_chances(moon_seen, moon_took)
    # what a made and a failed moon score, from the hands that did and did not take all
    everything = float(plan.items_total)
    moon_means = [moon_sums[i] / moon_counts[i] if moon_counts[i] else
                  (-everything if i == 0 else everything) for i in (0, 1)]

    def series(values: list[float], monotone: bool, weights: list[int] | None = None
               ) -> tuple[float, ...]:
        return _smoothed(weights or counts, values, monotone)

    points = series([b.points for b in bands], True)
    pitch = [series([b.relative[bid] for b in bands], True) for bid in range(top + 1)]
    made = [series([b.made[bid] for b in bands], True) for bid in range(top + 1)]
    if own_from:
        pitch, made = _own_where_apart(bands, own, pitch, made)
    # per bid: what the eldest's refusals realised against its band's value of pitching
    # at that bid (the high bidder, another side, holds a hand worth the bid), leaning
    # LEVEL_PRIOR hands' worth on no difference
    refused_sum = [0.0] * (top + 1)
    refused_count = [0] * (top + 1)
    for where, at, relative in refusals:
        refused_sum[at] += relative - pitch[at][where]
        refused_count[at] += 1
    refusing = tuple(total / (count + LEVEL_PRIOR)
                     for total, count in zip(refused_sum, refused_count, strict=True))
    passing = series([b.passing for b in bands], False, [b.passes for b in bands])
    # per auction state and high bid: what the passes realised beyond their band's
    # passing, leaning LEVEL_PRIOR hands' worth on no difference
    after_sum = [[0.0] * (top + 1) for _ in range(STATES)]
    after_count = [[0] * (top + 1) for _ in range(STATES)]
    for where, state, high, relative in passes:
        after_sum[state][high] += relative - passing[where]
        after_count[state][high] += 1
    passing_after = tuple(tuple(total / (count + LEVEL_PRIOR) for total, count in
                                zip(sums, counts, strict=True))
                          for sums, counts in zip(after_sum, after_count, strict=True))
    pitch_sum = [[0.0] * (top + 1) for _ in range(STATES)]
    pitch_count = [[0] * (top + 1) for _ in range(STATES)]
    for where, at, state, high, relative in contracts:
        pitch_sum[state][high] += relative - pitch[at][where]
        pitch_count[state][high] += 1
    pitching_after = tuple(tuple(total / (count + LEVEL_PRIOR) for total, count in
                                 zip(sums, counts, strict=True))
                           for sums, counts in zip(pitch_sum, pitch_count, strict=True))
    # per level: the share made, leaning LEVEL_PRIOR contracts' worth on all levels' share
    overall = (sum(level_made) + 1) / (sum(level_count) + 2)
    made_at = tuple((m + LEVEL_PRIOR * overall) / (c + LEVEL_PRIOR)
                    for m, c in zip(level_made, level_count, strict=True))
    fitted = Calibration(
        rules_hash=model.rules_hash, items=items, chances=chances, total=total, step=step,
        pitch=tuple(zip(*pitch, strict=True)), made=tuple(zip(*made, strict=True)),
        points_at=model.points_at, points=points, refusing=refusing,
        moon_made=chance, moon=tuple(
            p * moon_means[1] + (1 - p) * moon_means[0] for p in chance),
        moon_seen=tuple(float(x) for x in moon_seen),
        passing=passing, passing_after=passing_after, pitching_after=pitching_after,
        made_at=made_at,
        seats=tuple(b.seats / max(1, sum(x.seats for x in bands)) for b in bands),
        hands=len(records))
    return replace(fitted, points_at=_points_at(rules, fitted, records[own_from:]))


def _taken(plan: Any, result: Any, team: Sequence[int], side: int) -> int:
    """The points of the scoring plan that ``side`` took in the hand of ``result``."""
    return sum(item.value for item in plan.items
               if any(team[s] == side for s in result.points.get(item.name, ())))


def _points_at(rules: Rules, model: Calibration, records: Sequence[_Record],
               forced_records: Sequence[_Record] = ()) -> Table:
    """Per band of the estimate, per bid: the points the pitcher's side took in the
    contracts of ``records`` at that bid, leaning (``LEVEL_PRIOR`` hands' worth) on the
    band's points in these contracts moved by the level's shift: what its contracts took
    above or below their bands' points, over every band (a contract's level tells what
    the other hands were: a forced dealer's, that every seat passed), learned from its
    contracts and the other levels' (:func:`level_shifts`: a level bid seldom, whose own
    contracts leave its shift uncertain, leans on the shifts of the others, after what
    the strongest hand of another side explains: a level that no other seat would bid
    over holds weaker rivals).

    A band's points are those of these contracts (every level), leaning ``LEVEL_PRIOR``
    contracts' worth on the calibration's (:attr:`Calibration.points`, from single hands
    bid by the rounds' models): in whole games a band's hands may take more or less
    (call-partner pitch's bands of 4.6 to 5.9 points took 0.3 to 0.8 more at 7 and 0.1
    to 0.3 more at 8), and a rare level leaning on the others' shift should lean on the
    same hands' points.

    ``forced_records``: contracts at the dealer's forced bid from deals where every other seat
    passes (:func:`_forced_play`), in place of those of ``records`` at that level (all of
    them such contracts, :func:`_forced_level`, far fewer): that level's shift and cells
    come from them alone (on the bands' points and the other levels' shifts of
    ``records``, which they leave as they are)."""
    plan = scoring_plan(rules)
    size = len(model.points)
    top = len(model.refusing) - 1
    count = [[0] * size for _ in range(top + 1)]
    took = [[0.0] * size for _ in range(top + 1)]
    contracts = _contracts(rules, model, plan, records, top)
    for at, where, taken, _ in contracts:
        count[at][where] += 1
        took[at][where] += taken
    in_band = [sum(level[b] for level in count) for b in range(size)]
    points = [(sum(level[b] for level in took) + LEVEL_PRIOR * p) / (n + LEVEL_PRIOR)
              for b, (p, n) in enumerate(zip(model.points, in_band, strict=True))]
    # per level: the contracts' points above their bands', and their strongest rival
    above: list[list[float]] = [[] for _ in range(top + 1)]
    rivals: list[list[float]] = [[] for _ in range(top + 1)]
    for at, where, taken, rival in contracts:
        above[at].append(taken - points[where])
        rivals[at].append(rival)
    auction = rules.auction
    forced = (auction.dealer_forced_bid,) if auction.when_all_pass is WhenAllPass.DEALER_MUST_BID \
        else ()
    shifts = level_shifts(above, alone=forced, rivals=rivals)
    if forced_records:
        level = min(top, int(forced_records[0][1].bid))
        count[level], took[level] = [0] * size, [0.0] * size
        above[level], rivals[level] = [], []
        for at, where, taken, rival in _contracts(rules, model, plan, forced_records, top):
            count[at][where] += 1
            took[at][where] += taken
            above[at].append(taken - points[where])
            rivals[at].append(rival)
        shifts = tuple(shift if at != level else own for at, (shift, own) in enumerate(zip(
            shifts, level_shifts(above, alone=forced, rivals=rivals), strict=True)))
    out = []
    for here, sums, own, shift in zip(count, took, above, shifts, strict=True):
        # a band's cell: the band's points moved by the level's shift, and by what the
        # cell's contracts took beyond their level's own shift (leaning LEVEL_PRIOR
        # contracts' worth on none)
        mean = sum(own) / len(own) if own else 0.0
        means = [p + shift + (t - c * (p + mean)) / (c + LEVEL_PRIOR)
                 for t, p, c in zip(sums, points, here, strict=True)]
        out.append(_monotone(means, [c + LEVEL_PRIOR for c in here]))
    return tuple(zip(*out, strict=True))


def _contracts(rules: Rules, model: Calibration, plan: Any, records: Sequence[_Record],
               top: int) -> list[tuple[int, int, int, float]]:
    """Per contract of ``records``: its level (at most ``top``), its band, the points the
    pitcher's side took and the best estimate of the strongest hand of another side."""
    out = []
    for held, result, seating, *_ in records:
        pitcher = result.pitcher
        team = hand_sides(seating, result)  # a called partner is no rival in the hand
        side = team[pitcher]
        out.append((min(top, int(result.bid)),
                    model.band(model.estimate(rules, held[pitcher], result.trump)),
                    _taken(plan, result, team, side),
                    max((best_estimate(model, rules, held[s]) for s in range(len(team))
                         if team[s] != side), default=0.0)))
    return out


def best_estimate(model: Calibration, rules: Rules, hand: int) -> float:
    """The estimate of ``hand`` with its best suit as trump."""
    return max(model.estimate(rules, hand, suit) for suit in range(4))


def level_shifts(above: Sequence[Sequence[float]], alone: Sequence[int] = (),
                 rivals: Sequence[Sequence[float]] | None = None) -> tuple[float, ...]:
    """Per bid level, its shift: what its contracts took above their bands' mean
    (``above``: per level, per contract), learned from its own contracts and leaning on
    the other levels' by how sure each is (random-effects pooling, DerSimonian-Laird):
    the levels' shifts spread ``tau`` around their mean ``mu`` (what their spread shows
    beyond their own standard errors), and a level whose own mean ``d`` has the standard
    error ``s`` takes ``mu + (d - mu) * tau^2 / (tau^2 + s^2)``. A level bid often keeps
    its own (cinch's 8: 5,507 contracts, 0.055); one bid seldom leans on the others
    (cinch's 3: 398, 0.23); one never bid takes ``mu``. A level with one contract shows
    no spread of its own: it takes the spread of all contracts. The levels of ``alone``
    (the dealer's forced bid: where only a forced dealer bids it, as cinch's 1, its
    contracts follow a pass from every other seat, which no other level's do) are left
    out of ``mu`` and ``tau`` and lean only ``LEVEL_PRIOR`` contracts' worth on ``mu``.

    With ``rivals`` (per level, per contract: the best estimate of the strongest hand of
    another side), what they explain is taken out before the pooling and put back per
    level: the points fall by ``beta`` per point of the strongest rival (the slope
    within levels), so a level leans on the others' shifts moved by ``beta`` times how
    far its rivals' mean lies from all contracts' (call-partner pitch's 6, opened by the
    eldest and passed by every other seat: rivals of 6.1 against 6.7 at 7, and it took
    0.6 points above its bands where the others took -0.15 to +0.1)."""
    if rivals is None:
        return _pooled_shifts(above, alone)
    sxy = sxx = 0.0
    for own, xs in zip(above, rivals, strict=True):
        if len(own) > 1:
            d, x = sum(own) / len(own), sum(xs) / len(xs)
            sxy += sum((a - d) * (r - x) for a, r in zip(own, xs, strict=True))
            sxx += sum((r - x) ** 2 for r in xs)
    every = [r for xs in rivals for r in xs]
    if sxx <= 1e-9 * len(every):  # rivals alike (to rounding): nothing to explain
        return _pooled_shifts(above, alone)
    beta = sxy / sxx
    whole = sum(every) / len(every)
    explained = [beta * (sum(xs) / len(xs) - whole) if xs else 0.0 for xs in rivals]
    rest = _pooled_shifts([[a - beta * (r - whole) for a, r in zip(own, xs, strict=True)]
                           for own, xs in zip(above, rivals, strict=True)], alone)
    return tuple(r + e for r, e in zip(rest, explained, strict=True))


def _pooled_shifts(above: Sequence[Sequence[float]], alone: Sequence[int]
                   ) -> tuple[float, ...]:
    """:func:`level_shifts` without rivals."""
    every = [x for own in above for x in own]
    if len(every) < 2:
        return tuple(sum(own) / len(own) if own else 0.0 for own in above)
    whole = sum(every) / len(every)
    pooled = sum((x - whole) ** 2 for x in every) / (len(every) - 1)
    means: list[float | None] = []
    errors: list[float] = []
    for own in above:
        n = len(own)
        if not n:
            means.append(None)
            errors.append(0.0)
            continue
        mean = sum(own) / n
        spread = sum((x - mean) ** 2 for x in own) / (n - 1) if n > 1 else pooled
        means.append(mean)
        errors.append(max(spread, 1e-9) / n)
    seen = [(d, e) for level, (d, e) in enumerate(zip(means, errors, strict=True))
            if d is not None and level not in alone]
    if not seen:
        return tuple(sum(own) / len(own) if own else 0.0 for own in above)
    weights = [1 / e for _, e in seen]
    fixed = sum(w * d for w, (d, _) in zip(weights, seen, strict=True)) / sum(weights)
    q = sum(w * (d - fixed) ** 2 for w, (d, _) in zip(weights, seen, strict=True))
    scale = sum(weights) - sum(w * w for w in weights) / sum(weights)
    tau2 = max(0.0, (q - (len(seen) - 1)) / scale) if scale > 0 else 0.0
    random_weights = [1 / (e + tau2) for _, e in seen]
    mu = sum(w * d for w, (d, _) in zip(random_weights, seen, strict=True)) / sum(random_weights)
    return tuple((sum(own) + LEVEL_PRIOR * mu) / (len(own) + LEVEL_PRIOR) if level in alone
                 else mu if d is None else mu + (d - mu) * tau2 / (tau2 + e)
                 for level, (own, d, e) in enumerate(zip(above, means, errors, strict=True)))


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


def _moon_chances(seen: Sequence[int], took: Sequence[int]) -> tuple[float, ...]:
    """Per moon feature, the chance of taking what a moon needs: each count leaning
    (PRIOR_WEIGHT hands) on the best of the features one trump or one top trump weaker,
    or the same with a card outside trumps that may lose, so it never falls as the hand
    gets stronger (a feature never seen gets its weaker neighbours' chance)."""
    overall = (sum(took) + 0.5) / (sum(seen) + 1)
    out = [0.0] * MOON_KEYS
    for sure in range(2):
        for held in range(7):
            for run in range(7):
                key = sure * 49 + held * 7 + run
                weaker = [out[key - 7]] if held else []
                weaker += [out[key - 1]] if run else []
                weaker += [out[key - 49]] if sure else []
                prior = max(weaker) if weaker else overall
                out[key] = max(prior, (took[key] + PRIOR_WEIGHT * prior)
                               / (seen[key] + PRIOR_WEIGHT))
    return tuple(out)


def _smoothed(counts: Sequence[int], sums: Sequence[float], monotone: bool
              ) -> tuple[float, ...]:
    """Per band the mean of ``sums`` over ``counts``; a band with fewer than ``BAND_HANDS``
    hands widens to its neighbours until it has them; ``monotone``: then made
    non-decreasing (pool adjacent violators, weighted by the hands)."""
    size = len(counts)
    if not sum(counts):
        return (0.0,) * size
    means = []
    weights = []
    for i in range(size):
        lo = hi = i
        have = counts[i]
        while have < BAND_HANDS and (lo > 0 or hi < size - 1):
            if lo > 0:
                lo -= 1
                have += counts[lo]
            if hi < size - 1:
                hi += 1
                have += counts[hi]
        means.append(sum(sums[lo:hi + 1]) / have if have else 0.0)
        weights.append(float(counts[i]) + 1e-3)
    return _monotone(means, weights) if monotone else tuple(means)


def _own_where_apart(bands: Sequence[_Band], own: Sequence[_Band], pitch: list[tuple[float, ...]],
                     made: list[tuple[float, ...]]
                     ) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """The bidding tables ``pitch`` and ``made`` (per bid, per band; learned from all
    rounds' contracts, ``bands``) with each cell where the calibrated bot's own rounds
    (``own``) made the bid clearly more or less often than the heuristic's round (by
    ``APART_Z`` standard errors, each with at least ``BAND_HANDS`` contracts in the band)
    taken from its own rounds (:func:`_leaning` on all rounds' value), each bid's series
    then made non-decreasing again. Within a band of the estimate the bot's own contracts
    are the hands it will pitch; the heuristic picks its pitchers by more than the band,
    and where that shows (nine-card pitch: nearly every hand in three bands, a 7 made 43%
    pooled, 36-37% in the bot's own play) the pooled cell misleads. Where it does not
    show, the tables are all rounds' (more hands, and the heuristic's round holds the
    contracts of a side that bids otherwise)."""
    counts = [b.count for b in own]
    weights = [count + OWN_PRIOR for count in counts]

    def apart(band: _Band, mine: _Band, bid: int) -> bool:
        ours, theirs = mine.count, band.count - mine.count
        if ours < BAND_HANDS or theirs < BAND_HANDS:
            return False
        share = band.made[bid] / band.count
        spread = (share * (1 - share) * (1 / ours + 1 / theirs)) ** 0.5
        return spread > 0 and abs(mine.made[bid] / ours - (band.made[bid] - mine.made[bid])
                                  / theirs) > APART_Z * spread

    out_pitch, out_made = [], []
    for bid, (pitch_row, made_row) in enumerate(zip(pitch, made, strict=True)):
        cells = [apart(band, mine, bid) for band, mine in zip(bands, own, strict=True)]
        if not any(cells):
            out_pitch.append(pitch_row)
            out_made.append(made_row)
            continue
        for row, sums, out in ((pitch_row, [b.relative[bid] for b in own], out_pitch),
                               (made_row, [b.made[bid] for b in own], out_made)):
            leaned = _leaning(counts, sums, row)
            out.append(_monotone([mine if cell else pooled for cell, mine, pooled
                                  in zip(cells, leaned, row, strict=True)], weights))
    return out_pitch, out_made


def _leaning(counts: Sequence[int], sums: Sequence[float], prior: Sequence[float]
             ) -> tuple[float, ...]:
    """Per band the mean of ``sums`` over ``counts`` leaning ``OWN_PRIOR`` hands' worth on
    ``prior``'s value, made non-decreasing (weighted by the hands and the lean)."""
    means = [(total + OWN_PRIOR * p) / (count + OWN_PRIOR)
             for count, total, p in zip(counts, sums, prior, strict=True)]
    return _monotone(means, [count + OWN_PRIOR for count in counts])


def _monotone(means: Sequence[float], weights: Sequence[float]) -> tuple[float, ...]:
    """The non-decreasing series nearest ``means`` (pool adjacent violators, weighted)."""
    blocks: list[list[float]] = []
    for m, w in zip(means, weights, strict=True):
        blocks.append([m, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, n2 = blocks.pop()
            m1, w1, n1 = blocks[-1]
            blocks[-1] = [(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, n1 + n2]
    out: list[float] = []
    for m, _, length in blocks:
        out.extend([m] * int(length))
    return tuple(out)


# ----------------------------------------------------------------------------- cache


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/pitchkit``, else ``~/.cache/pitchkit``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pitchkit"


_MEMO: dict[str, Calibration] = {}

#: Whose card play a calibration's self-play plays (:func:`calibrate`'s ``player``).
PLAYERS = ("calibrated", "strong")


def _check_player(player: str) -> None:
    """That ``player`` is one of :data:`PLAYERS` (a ValueError naming them if not)."""
    if player not in PLAYERS:
        raise ValueError(f"player must be one of {', '.join(PLAYERS)}, not {player!r}")


def calibration_for(rules: Rules, player: str = "calibrated") -> Calibration:
    """The calibration of ``rules``: from memory, the cache folder, or a fresh run (with a
    progress bar on a terminal); with ``player`` ``strong``, learned from the strong
    bot's own card play (:func:`calibrate`), cached apart under a name that holds a hash
    of its settings (a change of them learns anew)."""
    _check_player(player)
    hands = calibration_hands(rules)
    key = rules_hash(rules)
    kind = ""
    if player == "strong":
        from pitchkit.bots.strong import play_hash

        # (its self-play bids from the model being learned, whatever strong's bidding)
        kind = "-strong-" + play_hash(rules)
    found = _MEMO.get(f"{key}{kind}-{hands}")
    if found is not None:
        return found
    items = point_items(rules)
    path = cache_dir() / (f"calibration-{key}{kind}.json" if hands == default_hands(rules)
                          else f"calibration-{key}{kind}-{hands}.json")
    try:
        found = Calibration.from_json(json.loads(path.read_text(encoding="utf-8")), key, items)
    except (OSError, ValueError):
        found = None
    if found is None:
        whose = " for the strong bot" if player == "strong" else ""
        bar = _progress_bar(f"pitchkit: learning what hands are worth under {rules.name}"
                            f"{whose} (once; cached in {path.parent})") \
            if sys.stderr.isatty() else None
        found = calibrate(rules, hands, progress=bar, player=player)
        if bar is not None:
            print(file=sys.stderr, flush=True)
        _write_atomically(path, json.dumps(found.to_json()))
    _MEMO[f"{key}{kind}-{hands}"] = found
    return found


def calibration_hands(rules: Rules) -> int:
    """``PITCHKIT_CALIBRATION_HANDS`` if it is a whole number of at least 9, else
    :func:`default_hands`."""
    text = os.environ.get("PITCHKIT_CALIBRATION_HANDS", "").strip()
    return int(text) if text.isdigit() and int(text) >= 9 else default_hands(rules)


@per_rule_set(32)
def default_hands(rules: Rules) -> int:
    """Hands a calibration plays by default: ``HANDS_PER_LEVEL`` for each bid level from
    the least bid to the top (:func:`top_bid`), at least ``CALIBRATION_HANDS`` and at
    most ``MAX_CALIBRATION_HANDS`` (cinch's 1 to 14: 18,000; auction pitch's 1 to 4:
    6,000; worked out once per rule set: every bot built asks)."""
    levels = max(1, top_bid(rules) - rules.auction.min_bid + 1)
    return max(CALIBRATION_HANDS, min(MAX_CALIBRATION_HANDS, HANDS_PER_LEVEL * levels))


def _progress_bar(title: str, unit: str = "hands") -> Callable[[int, int], None]:
    """A progress bar on standard error, redrawn in place (counting ``unit``)."""
    print(title, file=sys.stderr, flush=True)

    def draw(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        print(f"\r  [{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}",
              end="", file=sys.stderr, flush=True)

    return draw


def _write_atomically(path: Path, text: str) -> None:
    """Write the cache file atomically (pitchkit.atomic); never fail."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
    except OSError:
        pass  # no cache: the next run calibrates again, with the same result
