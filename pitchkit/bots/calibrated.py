"""The ``calibrated`` bot (the default): bids what the rules make its hand worth.

It plays its cards by the ``heuristic``'s plan, reading the voids and the sides still to
play (:mod:`pitchkit.bots.cardplay`; in staged play a scoring card that could be beaten
waits for a later stage), and bids from what it learned of these rules
(:mod:`pitchkit.bots.value`). Its hand's *estimate* for each suit is the expected points
as pitcher under the item model; the band of that estimate gives, per bid, the
expected change of its side's score against the other sides' mean as the variant scores
a made or set contract (learned from what such hands realised), and what not pitching
is worth with such a hand. It bids where pitching beats passing: all it is worth at once
in a one-round auction (the least that beats the high bid when nobody bids after it),
raising as little as it may round and round. Near the target, a bid that would win the
game counts a game's worth more, times the chance of making it; a game's worth is the
points one hand can score (:func:`~pitchkit.bots.value.game_worth`). Both values read the
auction as it stands (:func:`~pitchkit.bots.value.auction_state`: no bid yet, its
partner's high bid or another side's, and how high): what passes and contracts in that
auction realised beyond their band's values; passing on a partner's high bid that would
win the game counts a game's worth times the share of contracts made at its level.

The moon, where the rules allow one: from the same calibration, the chance that hands
with as many trumps and top trumps in a row, and as sure of the tricks of the suits
outside trumps, took what a moon needs, what a made and a
failed moon would have scored, plus the money a made or failed moon pays and a game won
or lost by it; it bids the moon when that beats its best numeric bid and passing. A hand
of a kind the calibration saw too seldom to say (the strongest are rare) is played out as
a moon on sampled deals of the unseen cards instead; with ``moon_samples`` above 0 every
moon is (slower; the tables are the default).

The draw (discarding, keeping from a kitty or the pack): trumps before the rest, and
trumps that score a point by themselves before the other trumps; each kind ranked by what
the card adds to the hand's learned estimate as pitcher with the trump named.

Selling the pitch (``auction.style: sell``): the eldest sells when the price plus what
not pitching is worth beats pitching at that bid as its refusals realised it in the
calibration (against a high bidder who holds a hand worth the bid), a price that brings
it to the target counting a game's worth more; a buyer counts the price it hands the
eldest against its bid.

Settings: ``boldness`` (points added to the value of pitching; default 0),
``moon_samples`` (default 0: the learned tables).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from pitchkit.actions import BID_BASE, MAX_BID, MOON, PASS, REFUSE, SELL, is_numeric_bid
from pitchkit.auction import BidChoices
from pitchkit.bots.calibrating import calibration_for
from pitchkit.bots.cardplay import CarefulPlay
from pitchkit.bots.drawing import chosen_span, point_cards, ranked_action, rob_or_pass
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.value import PARTNER_HIGH, Calibration, auction_high, game_worth, moon_key
from pitchkit.draw import Choice
from pitchkit.play import cards_list
from pitchkit.results import BidView, HandResult, Observation, Phase, PlayView
from pitchkit.variant import AuctionStyle, Rules

if TYPE_CHECKING:
    from pitchkit.bots.estimates import ByModel, Plan
    from pitchkit.engine import Game


#: The highest numeric bid action (pitchkit.actions.is_numeric_bid, on the hot path).
_TOP_BID = BID_BASE + MAX_BID
#: Contracts of a moon feature below which the calibration is taken as too few to say.
MOON_SEEN = 20
#: The chance of a moon, by the tables, from which a hand seen too seldom is played out.
MOON_LOOK = 0.1
#: Play-outs for such a hand.
MOON_SAMPLES = 24


#: Per calibration (found by identity, kept with it): :func:`_bidding_tables`
_TABLES: dict[int, tuple[Calibration, tuple[list[int], list[float], tuple[int, bool]]]] = {}


def _bidding_tables(model: Calibration) -> tuple[list[int], list[float], tuple[int, bool]]:
    """:meth:`CalibratedBot.willing` and :meth:`CalibratedBot.not_above` of ``model``,
    and the top bid of its table of contracts over a high bid
    (:attr:`Calibration.pitching_after`) with whether its table of passes is as wide: they
    read the model alone, so they are worked out once per model, not per game's bots
    (read them, do not change them)."""
    entry = _TABLES.get(id(model))
    if entry is not None and entry[0] is model:
        return entry[1]
    willing = []
    for band, passing in enumerate(model.passing):
        row = model.pitch[band]
        willing.append(max((b for b in range(1, len(row)) if row[b] > passing), default=0))
    not_above = [
        min(1.0, sum(share for share, w in zip(model.seats, willing, strict=True)
                     if w <= bid)) for bid in range(max(willing, default=0) + 1)]
    top = len(model.pitching_after[0]) - 1
    if len(_TABLES) > 64:
        _TABLES.clear()
    tables = (willing, not_above, (top, top == len(model.passing_after[0]) - 1))
    _TABLES[id(model)] = (model, tables)
    return tables


@lru_cache(maxsize=1024)
def _bidders_after(n: int, seat: int, still: int, team: tuple[int, ...]) -> int:
    """:meth:`CalibratedBot.bidders_after` of ``seat`` of ``n``, ``still`` seats still to
    bid (once per seating: every bot of every game asks)."""
    me = team[seat]
    return max(sum(1 for j in range(1, still + 1) if team[(seat + way * j) % n] != me)
               for way in (1, -1))


class CalibratedBot(CarefulPlay):
    """Learned bidding, careful play (:mod:`pitchkit.bots.cardplay`); see the module
    docstring."""

    #: arguments code hands the bot, never settings (``--bots calibrated:model=x`` is
    #: refused when the bots are read: :func:`pitchkit.bots.parse_bot_spec`)
    code_only = frozenset({"model"})

    def __init__(self, rules: Rules, seat: int, rng: random.Random, boldness: float = 0.0,
                 moon_samples: int = 0, model: Calibration | None = None) -> None:
        super().__init__(rules, seat, rng, boldness=boldness)
        self.moon_samples = int(moon_samples)
        if isinstance(model, str | int | float):
            # (a model is handed in by code, never a setting: --bots calibrated:model=x)
            raise ValueError("model is not a setting: the bot learns its bids itself")
        if model is None and rules.has_auction:
            model = calibration_for(rules)
        self.model = model
        self.sides = rules.players.teams
        self.target = rules.scoring.target
        #: what winning the game at once counts, in points (:func:`game_worth`)
        self.game_worth = game_worth(rules)
        self.selling = rules.auction.style is AuctionStyle.SELL
        self._values: tuple[int, list[float]] | None = None
        self._moon: tuple[int, float] | None = None
        self._plan: Plan | ByModel | None = None
        #: per trump suit, the cards that score a point by themselves (pitchkit.scoring)
        self.point_cards = point_cards(rules)

    # ------------------------------------------------------------------ estimates

    def suit_values(self, hand: int) -> list[float]:
        """Per suit, the hand's estimate as pitcher with that suit trump."""
        if self._values is not None and self._values[0] == hand:
            return self._values[1]
        out = self.estimates().suit_estimates(hand)
        self._values = (hand, out)
        return out

    def estimates(self) -> Plan | ByModel:
        """The model's estimates under these rules, compiled
        (:mod:`pitchkit.bots.estimates`: the same floats as ``model.estimate``); imported
        at the first estimate, numba with it."""
        plan = self._plan
        if plan is None:
            from pitchkit.bots.estimates import plan_for

            assert self.model is not None
            plan = self._plan = plan_for(self.model, self.rules)
        return plan

    def estimate(self, hand: int, suit: int) -> float:
        if self.model is None:
            return super().estimate(hand, suit)
        return self.suit_values(hand)[suit]

    def best_suit(self, hand: int) -> tuple[int, float]:
        if self.model is None:
            return super().best_suit(hand)
        values = self.suit_values(hand)
        suit = 0  # the best value, the lowest suit of equal ones
        for s in (1, 2, 3):
            if values[s] > values[suit]:
                suit = s
        return suit, values[suit]

    def pass_value(self, hand: int, obs: Observation | None = None) -> float:
        """What not pitching is worth with ``hand`` (score change against the others);
        with ``obs``, in the auction as it stands (whose the high bid is, and how high:
        a partner's contract is worth more than most passes, another side's high bid
        often fails)."""
        if obs is None:
            return self.auction_pass_value(hand, None, (), (), -1)
        return self.auction_pass_value(hand, obs.bids, obs.team_of, obs.scores, obs.dealer)

    def auction_pass_value(self, hand: int, bids: Sequence[tuple[int, int]] | None,
                           team_of: Sequence[int], scores: Sequence[int], dealer: int
                           ) -> float:
        """:meth:`pass_value` on the fields of the observation it reads (``bids`` None:
        not in the auction as it stands)."""
        model = self.model
        assert model is not None
        values = self.suit_values(hand)
        if bids is None:
            return model.passing[model.band(max(values))]
        high_of = auction_high(bids, self.seat, team_of, len(model.passing_after[0]) - 1)
        return self._passing(values, high_of, bids, team_of, scores, dealer)

    def _passing(self, values: Sequence[float], high_of: tuple[int, int, int],
                 bids: Sequence[tuple[int, int]], team_of: Sequence[int],
                 scores: Sequence[int], dealer: int) -> float:
        """:meth:`auction_pass_value` with the hand's :meth:`suit_values` and the auction
        as :func:`~pitchkit.bots.value.auction_high` reads it (``high_of``: its state, the
        high bid and its holder, at most the top of :attr:`Calibration.passing_after`)."""
        model = self.model
        assert model is not None
        value = model.passing[model.band(max(values))]
        state, high, holder = high_of
        value += model.passing_after[state][high]
        target = self.target
        if state == PARTNER_HIGH and target is not None \
                and scores[holder] + high >= target:
            # the partner's contract would win the game too, made as often as contracts
            # at its level (outbidding another side's winning bid takes nothing from
            # the points it scores: measured worse, 46% of partnership pitch games)
            value += model.made_at[high] * self.game_worth
        elif target is not None and high and scores[self.seat] + high >= target \
                and self.partner_may_steal(bids, team_of, dealer, high):
            # the dealer, my partner, may still take the contract at this bid and win
            # the game with it: passing keeps that chance, as often as seats would
            # pitch at that bid (nine-card pitch: its partner bid 7 over the other
            # side's 6, made 37%, where the dealer steals at 6 and makes 71%)
            below = self.not_above()
            willing = 1.0 - below[high - 1] if high - 1 < len(below) else 0.0
            value += model.made_at[high] * self.game_worth * willing
        return value

    def partner_may_steal(self, bids: Sequence[tuple[int, int]], team_of: Sequence[int],
                          dealer: int, high: int) -> bool:
        """Whether the dealer is my partner, has not bid yet (in ``bids``), and may take
        the contract at the high bid ``high`` (``auction.dealer_may_steal``: not a max bid
        unless ``auction.dealer_may_steal_max``) in a one-round auction."""
        auction = self.rules.auction
        return (self.k.style_one_round and auction.dealer_may_steal and dealer != self.seat
                and team_of[dealer] == team_of[self.seat]
                and all(who != dealer for who, _ in bids)
                and (high < auction.max_bid or auction.dealer_may_steal_max))

    def bid_value(self, band: int, bid: int, score: int = 0) -> float:
        """Expected score change of my side minus the other sides' mean, pitching at ``bid``
        with my side at ``score`` and an estimate in ``band``; a bid that would reach the
        target counts a game's worth more, times the chance of making it."""
        return self.bid_values(band, (bid,), score, 0.0, 0.0)[bid]

    def bid_values(self, band: int, bids: Sequence[int], score: int, price: float,
                   contested: float, points: Mapping[int, float] | None = None
                   ) -> dict[int, float]:
        """:meth:`bid_value` of each of ``bids``, less ``price`` a point of the bid (a
        sale's), plus ``contested`` (what contracts over such a high bid realised beyond
        their band's), by bid (one pass over the bids the auction offers). ``points``,
        if given, is what pitching at each bid is worth by another reckoning (a search's,
        :mod:`pitchkit.bots.bid_search`), in place of the band's."""
        model = self.model
        assert model is not None
        row = model.pitch[band]
        made = model.made[band]
        top = len(row) - 1
        target = self.target
        boldness = self.boldness
        out = {}
        for bid in bids:
            if points is not None:
                value = points[bid]
            else:
                value = row[bid] if bid <= top else row[top] - (bid - top)
            if target is not None and score + bid >= target and bid <= top:
                value += made[bid] * self.game_worth
            out[bid] = value + boldness - price * bid + contested
        return out

    def willing(self) -> list[int]:
        """Per band: the highest bid worth pitching for (0: none), as every seat bids."""
        assert self.model is not None
        return _bidding_tables(self.model)[0]

    def outbid_chances(self, after: int) -> Callable[[int], float]:
        """The chance that one of ``after`` seats still to bid would bid above ``bid``
        (seats' best estimates as the calibration saw them, each bidding as this bot)."""
        below = self.not_above()

        def chance(bid: int) -> float:
            return 1.0 - below[min(bid, len(below) - 1)] ** after

        return chance

    def not_above(self) -> list[float]:
        """Per bid: the share of seats (by best estimate, as the calibration saw them)
        that would bid no higher, each bidding as this bot (at most 1)."""
        assert self.model is not None
        return _bidding_tables(self.model)[1]

    def moon_extras(self) -> tuple[float, float]:
        """What a made moon pays and a failed one costs beyond its points: money (at
        ``money.cents_per_point``, every player paying) and a game won or lost."""
        rules = self.rules
        moon = rules.moon
        players = rules.players.count
        per_point = float(rules.money.cents_per_point) if rules.money.enabled else 0.0
        gain = moon.money_made * players / per_point if per_point else 0.0
        loss = moon.money_failed * players / per_point if per_point else 0.0
        game = self.game_worth
        return (gain + (game if moon.made_wins_game else 0.0),
                loss + (game if moon.failed_loses_game else 0.0))

    def moon_worth(self, hand: int, suit: int) -> float:
        """Expected gain of bidding the moon with ``hand`` and ``suit`` trump, from the
        tables (by :func:`~pitchkit.bots.value.moon_key`)."""
        model = self.model
        assert model is not None
        key = moon_key(self.rules, hand, suit)
        chance = model.moon_made[key]
        gain, loss = self.moon_extras()
        return model.moon[key] + chance * gain - (1 - chance) * loss + self.boldness

    def card_player(self) -> Callable[[Observation | PlayView, int], int] | None:
        """As :meth:`HeuristicBot.card_player`: this class's :meth:`choose` plays by
        :meth:`play` (a subclass that chooses otherwise gets None)."""
        return self.play_cards if type(self).choose is CalibratedBot.choose else None

    def stage_player(self) -> Callable[[Observation | PlayView, int, int], int] | None:
        """As :meth:`HeuristicBot.stage_player`: this class's :meth:`choose` chooses a
        stage's cards by :meth:`select` (a subclass that chooses otherwise gets None)."""
        if type(self).choose is not CalibratedBot.choose \
                or type(self).select is not HeuristicBot.select:
            return None
        return self.stage_cards

    # ------------------------------------------------------------------ the draw

    def choose(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        if observation.phase is Phase.DRAW and self.model is not None \
                and observation.trump is not None:
            return self.draw(observation)
        return super().choose(observation, legal_actions)

    def draw(self, obs: Observation) -> int:
        """Keep the cards the learned estimate loses most without (trumps ranked above
        the rest, then by power): what each card adds to the hand's expected points as
        pitcher with this trump (the trumps held, the top and bottom trump, the point
        cards, the game points)."""
        assert obs.trump is not None
        ch = obs.draw_choice
        if ch.verb == "rob":
            return rob_or_pass(self.rules, obs)  # no card to choose yet (draw.pack_to_partner)
        return self.draw_cards(obs.trump, ch)

    def draw_player(self) -> Callable[[int | None, Choice], int | None] | None:
        """For the simulator: what :meth:`choose` answers in phase draw, asked with the
        trump (None until known) and the seat's choice
        (:meth:`pitchkit.engine.Game.draw_choice`), without the observation or the list;
        the answer None where it reads the observation (a robber's answer, or no trump
        known: the heuristic's draw). None for a class that chooses otherwise, and with no
        model."""
        if (type(self).choose is not CalibratedBot.choose
                or type(self).draw is not CalibratedBot.draw or self.model is None):
            return None
        return self._draw_answer

    def _draw_answer(self, trump: int | None, ch: Choice) -> int | None:
        if trump is None or ch.verb == "rob":
            return None
        return self.draw_cards(trump, ch)

    def draw_cards(self, trump: int, ch: Choice) -> int:
        """:meth:`draw` of the cards of the choice ``ch``, ``trump`` trump."""
        model = self.model
        assert model is not None
        cards = ch.cards | ch.must
        trumps = self.trumps_of(trump)
        power = self.power_of(trump)
        # a trump that scores by itself (a jack, a joker, a ten of trumps ...) before one
        # that does not: the learned estimate may put a card's worth below nothing (the
        # little joker without the big one, ten-point pitch: -0.11), and a robbing pitcher
        # then kept a pointless nine for it in 3% of draw decisions
        scoring = self.point_cards[trump]
        # ranked by (trump, scoring, loss, power): first by kind, then within a kind by
        # what the estimate loses without the card; the action takes a span of the
        # ranking as a set, so a kind's order is read (and its losses worked out) only
        # where an end of the span falls inside it
        free_mask = ch.cards & ~ch.must
        plain_mask = free_mask & ~trumps
        trump_mask = free_mask & trumps
        kinds = [kind for kind in (plain_mask & ~scoring, plain_mask & scoring,
                                   trump_mask & ~scoring, trump_mask & scoring) if kind]
        free = [c for kind in kinds for c in cards_list(kind)]  # each kind lowest first
        plain = plain_mask.bit_count()
        span = range(len(free))[chosen_span(ch, len(free), plain)]
        if span:
            read = -1
            start = 0
            for kind_mask in kinds:
                end = start + kind_mask.bit_count()
                if start < span.start < end or start < span.stop < end:
                    kind = free[start:end]
                    if read < 0:
                        read = model.cards_read(self.rules, trump)
                    # what the estimate of the cards loses without each one (compiled:
                    # whole - model.estimate(rules, cards less it, trump)); a card the
                    # estimate does not read loses nothing, not asked again (most plain
                    # cards of a discard)
                    loss = self.estimates().losses(cards, trump, kind_mask, read)
                    free[start:end] = sorted(kind, key=lambda c: (loss[c], power[c]))
                start = end
        return ranked_action(ch, free, plain)

    def trumps_of(self, suit: int) -> int:
        return self.k.tables[suit].trumps

    def power_of(self, suit: int) -> tuple[int, ...]:
        return self.k.tables[suit].power

    # ------------------------------------------------------------------ bidding

    def bid(self, obs: Observation, legal: Sequence[int]) -> int:
        if self.model is None:
            return super().bid(obs, legal)
        numeric = sorted([a - BID_BASE for a in legal if BID_BASE < a <= _TOP_BID])
        return self.bid_from_view(obs, PASS in legal, numeric, MOON in legal, legal[0], obs)

    def bid_player(self) -> Callable[[BidView, BidChoices], int] | None:
        """As :meth:`HeuristicBot.bid_player`: the bids of :meth:`bid` on the seat's
        :class:`~pitchkit.results.BidView`. None for a subclass that chooses or bids
        otherwise, where the pitch may be sold, and where a moon may be bid (its
        play-outs read the whole observation)."""
        if (type(self).choose is not CalibratedBot.choose
                or type(self).bid is not CalibratedBot.bid or self.model is None
                or self.selling or self.rules.moon.allowed):
            return None
        return self._auction_answer

    def bid_on_choices(self, view: BidView, may_pass: bool, numeric: Sequence[int],
                       moon: bool, other: int) -> int:
        return self.bid_from_view(view, may_pass, numeric, moon, other, None)

    def bid_from_view(self, view: Observation | BidView, may_pass: bool,
                      numeric: Sequence[int], moon_legal: bool, other: int,
                      obs: Observation | None) -> int:
        """:meth:`bid` on what the legal actions offer (whether it may pass, the numeric
        bids lowest first, whether it may bid the moon, and ``other``: the first legal
        action, answered when it may neither pass nor bid a number), reading the hand,
        trump, bids, scores and sides of ``view``; ``obs``, the whole observation, is
        read only to value a moon."""
        model = self.model
        assert model is not None
        hand = view.hand
        values = self.suit_values(hand)
        suit = view.trump
        if suit is None:  # best_suit's: the first of the highest values
            suit = 0
            for s in (1, 2, 3):
                if values[s] > values[suit]:
                    suit = s
        band = model.band(values[suit])
        scores = view.scores
        score = scores[self.seat]
        price = self.sale_price()
        bids, team_of = view.bids, view.team_of
        top, same_top = _bidding_tables(model)[2]
        high_of = auction_high(bids, self.seat, team_of, top)
        # a contract taken over a high bid of this kind realised more or less than its band's
        contested = model.pitching_after[high_of[0]][high_of[1]]
        by_bid = self.bid_values(band, numeric, score, price, contested)
        if not same_top:  # tables of other widths: passing reads the auction at its own
            high_of = auction_high(bids, self.seat, team_of, len(model.passing_after[0]) - 1)
        passing = self._passing(values, high_of, bids, team_of, scores, view.dealer)
        if moon_legal:
            assert obs is not None
            best_numeric = max(by_bid.values(), default=float("-inf"))
            moon = self.moon_value(obs, suit)
            if moon > max(best_numeric, passing):
                return MOON
        if self.k.all_points_wins_game:
            sweep = self.sweep_bid(hand, suit, numeric)
            if sweep is not None:
                return sweep
        if not may_pass:
            return BID_BASE + numeric[0] if numeric else other
        return self.bid_worth_most(by_bid, passing, len(bids), team_of)

    def sale_price(self) -> float:
        """What a buyer of the pitch (``auction.style: sell``) pays a point of its bid,
        against the other sides' mean (0: no sale)."""
        return 1.0 / (self.sides - 1) if self.selling and self.sides > 1 else 0.0

    def bid_worth_most(self, by_bid: Mapping[int, float], passing: float, bids: int,
                       team_of: tuple[int, ...]) -> int:
        """Of the numeric bids ``by_bid`` values (lowest first), the one to make where
        passing is worth ``passing`` after ``bids`` bids: pass where none beats it; in a
        one-round auction with seats still to bid the best expected gain, else the
        least."""
        worth = [b for b in by_bid if by_bid[b] > passing]
        if not worth:
            return PASS
        after = self.bidders_after(bids, team_of)
        if self.k.style_one_round and after > 0:
            # one chance each: the bid with the best expected gain, counting the chance
            # that a seat still to bid goes higher (then what passing is worth)
            outbid = self.outbid_chances(after)
            best, best_gain = worth[0], float("-inf")
            for b in worth:  # ascending: the lowest of equal gains
                chance = outbid(b)
                gain = (1 - chance) * by_bid[b] + chance * passing
                if gain > best_gain:
                    best, best_gain = b, gain
            return BID_BASE + best
        return BID_BASE + worth[0]  # round and round, or the last to bid: the least

    def opponents_after(self, obs: Observation) -> int:
        """Seats of other sides still to bid in a one-round auction (a partner who bids
        higher takes nothing from my side): of the next seats round the table either
        way, the larger count."""
        return self.bidders_after(len(obs.bids), obs.team_of)

    def bidders_after(self, bids: int, team: tuple[int, ...]) -> int:
        """:meth:`opponents_after` with ``bids`` made so far and the sides ``team``."""
        return _bidders_after(self.k.n, self.seat, self.k.n - 1 - bids, team)

    def sell_or_refuse(self, obs: Observation) -> int:
        """The eldest sells when the price plus what not pitching is worth beats pitching
        for the high bid itself, as the eldest's refusals realised it (the high bidder
        holds a hand worth the bid); a price that reaches the target counts a game's
        worth more."""
        model = self.model
        if model is None:
            return super().sell_or_refuse(obs)
        high = max((a - BID_BASE for _, a in obs.bids if is_numeric_bid(a)), default=0)
        _, value = self.best_suit(obs.hand)
        score = obs.scores[self.seat]
        refusing = model.refusing
        pitch = self.bid_value(model.band(value), high, score) \
            + refusing[min(high, len(refusing) - 1)]
        return REFUSE if pitch > self.sale_value(obs, high) else SELL

    def sale_value(self, obs: Observation, high: int) -> float:
        """What selling the pitch for ``high`` is worth to the eldest: the price and what
        not pitching is worth, a price that reaches the target a game's worth more."""
        sell = high + self.pass_value(obs.hand)
        if self.target is not None and obs.scores[self.seat] + high >= self.target:
            sell += self.game_worth
        return sell

    def moon_value(self, obs: Observation, suit: int) -> float:
        """Expected gain of bidding the moon now: from the tables, or with ``moon_samples``
        play-outs on sampled deals (once a hand). A hand of a kind the calibration saw too
        seldom (under ``MOON_SEEN`` contracts) whose chance may be worth a look (at least
        ``MOON_LOOK``) is played out on ``MOON_SAMPLES`` deals all the same."""
        model = self.model
        assert model is not None
        samples = self.moon_samples
        if not samples:
            key = moon_key(self.rules, obs.hand, suit)
            if model.moon_seen[key] >= MOON_SEEN or model.moon_made[key] < MOON_LOOK:
                return self.moon_worth(obs.hand, suit)
            samples = MOON_SAMPLES
        if self._moon is None or self._moon[0] != obs.hand:
            self._moon = (obs.hand, self.moon_play_outs(obs, samples))
        return self._moon[1]

    def moon_play_outs(self, obs: Observation, samples: int) -> float:
        """Expected gain of a moon from ``moon_samples`` play-outs on sampled deals: the
        chance made times what a made moon scores (all the points, or moon.points_made,
        and the extras) less the chance failed times what a failed one costs."""
        from pitchkit.bots.montecarlo import MonteCarloBot

        model = self.model
        assert model is not None
        moon = self.rules.moon
        extra_gain, extra_loss = self.moon_extras()
        everything = sum(i.value for i in model.items)
        gain = (moon.points_made if moon.points_made is not None else everything) + extra_gain
        loss = moon.points_failed + extra_loss
        sampler = MonteCarloBot(self.rules, self.seat, self.rng, samples=1)
        made = fails = 0
        for _ in range(samples):
            state = sampler.determinize(obs)
            if state is None:
                continue
            state.apply(MOON)
            result = self.play_out(state)
            if result is None:
                continue
            if result.made:
                made += 1
            else:
                fails += 1
        if not made:
            return float("-inf")
        chance = made / (made + fails)
        return chance * gain - (1 - chance) * loss

    def play_out(self, state: Game) -> HandResult | None:
        """Finish the hand in ``state`` with heuristic play in every seat; its result."""
        before = len(state.hand_results)
        bots = [HeuristicBot(self.rules, s, self.rng) for s in range(state.n)]
        for _ in range(200):
            if len(state.hand_results) > before:
                return state.hand_results[-1]
            seat = state.to_act
            if seat is None or state.phase is Phase.OVER:
                return None
            legal = state.legal_actions()
            state.apply(bots[seat].choose(state.observation(seat), legal))
        return None
