"""The ``heuristic`` bot: bids what its hand can take, plays like a careful club player.

Bidding: for each suit it could make trump it estimates, point by point, the chance its
side takes each point the variant has (high and low to the holder or the capturer, jack,
jick, jokers, ten, game, last trick), from the trumps it holds and how many cards are in
other hands, plus a margin (setting ``boldness`` adds to it). In a one-round auction it
bids all of that at once; round and round, it raises as little as needed.

Play: it knows the cards played so far, so it knows which of its cards are boss (no
unseen card can beat them). It draws trumps with a boss trump, takes tricks that carry
points with its cheapest safe winner, never risks its jack where a higher trump is still
out, throws its game points (tens) on tricks its partner has safely won, and otherwise
plays its least valuable card. In staged play (Pimps & Hoes) it chooses for each stage
the cards most likely to win tricks and those that form combinations
(:func:`pitchkit.combos.best_combination`), and values captured cards by the variant's
combination table. In the draw it keeps trumps and point cards
(:mod:`pitchkit.bots.drawing`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pitchkit.actions import (
    ALONE,
    BID_BASE,
    KEEP_HAND,
    MAX_BID,
    MOON,
    PASS,
    REFUSE,
    SELL,
    THROW_IN,
    TRUMP_BASE,
    WITH_PARTNER,
    select_action,
)
from pitchkit.auction import BidChoices
from pitchkit.bots.drawing import call_choice, draw_action
from pitchkit.cards import JACK, RANKS, SUIT_MASKS, cards_in, mask_of
from pitchkit.combos import kept_mask
from pitchkit.memo import per_rule_set
from pitchkit.plan import rules_plan
from pitchkit.play import cards_list
from pitchkit.results import BidView, Observation, Phase, PlayView
from pitchkit.scoring import PlannedItem, scoring_plan
from pitchkit.tricks import TrumpTables, tables_for
from pitchkit.variant import AuctionStyle, GameTie, GoesTo, Rules, ScoringMethod, TrickWinner

#: a card's cost (:meth:`HeuristicBot.cost`) by card: a table indexed by card, or the
#: legal cards' own
Costs = Sequence[float] | Mapping[int, float]


@dataclass(frozen=True)
class Know:
    """What the bot derives once from the rules."""

    n: int
    teams: int
    partners: int  # other players on my side
    #: the scoring plan's items (points.items), in counting order
    items: tuple[PlannedItem, ...]
    #: the items' words
    points: tuple[str, ...]
    #: all the points a side can win in a hand (a moon needs them all)
    items_total: int
    #: per trump suit: the value of each card that is a point item by itself
    card_points: tuple[dict[int, int], ...]
    deck: int  # mask of every card in the deck
    cards_per_hand: int
    in_other_hands: float  # chance that a given unseen card is in another player's hand
    game_value: tuple[float, ...]  # per card: its game points
    combo_value: tuple[float, ...]  # per card: its worth under combination scoring
    combinations: bool
    trick_winner_suit_led: bool
    high_goes_to_holder: bool
    low_goes_to_holder: bool
    margin: float
    tens: int  # mask of the cards worth 10 or more game points
    game_tie_nobody: bool
    style_one_round: bool  # one chance each to bid (auction.style one_round)
    #: scoring.all_points_wins_game: a side taking every point of a hand wins at once
    all_points_wins_game: bool
    #: per trump suit: its tables (pitchkit.tricks) and its :class:`Order`
    tables: tuple[TrumpTables, ...]
    orders: tuple[Order, ...]
    #: per trump suit, per card: :meth:`HeuristicBot.cost` but the bonus of a low trump
    #: nobody can beat
    base_cost: tuple[tuple[float, ...], ...]
    #: per trump suit, per card: the place of its (cost, power) by which the cheapest
    #: card is chosen, without and with the bonus of a low trump nobody can beat, among
    #: all of them (built once, not per decision: :func:`_ordinals`)
    rank: tuple[tuple[int, ...], ...]
    rank_bonus: tuple[tuple[int, ...], ...]
    #: that bonus applies: low is a point and goes to its capturer
    low_bonus: bool
    #: the items as the estimate reads them: (kind, value, card under each trump suit)
    item_kinds: tuple[tuple[int, int, tuple[int, int, int, int]], ...]
    #: per trump suit: the cards of a hand :meth:`HeuristicBot.estimate` reads by name
    #: (its trumps, the point cards and the cards above them; of its tens it reads only
    #: how many), and the estimates worked out so far by those cards and that count
    #: (shared by every bot of these rules: the estimate depends on nothing else), keyed
    #: by one int: the cards read (from bit 8), the count of tens (bits 2-7), the suit
    estimate_cards: tuple[int, ...]
    estimates: dict[int, float]
    #: per trump suit, what :meth:`HeuristicBot.play` reads, in one tuple (one lookup
    #: a card played): :data:`PlayTables`
    play_tables: tuple[PlayTables, ...]
    #: per trump suit: the cards whose cost is below 1.0 (they risk no point card),
    #: without and with the bonus of a low trump nobody can beat, as masks
    cheap: tuple[tuple[int, int], ...] = ()
    #: that bonus is counted in play: :attr:`low_bonus` and not combination scoring
    play_bonus: bool = False



#: The phases a bot is asked in most, read once (an enum member's lookup is slow).
_PLAY, _AUCTION = Phase.PLAY, Phase.AUCTION
#: Estimates kept per rule set (about 5 MB at most) before the memo starts again.
_MAX_ESTIMATES = 50_000
#: Per card, what the first lead ranks it by when it holds no card of its best suit: its
#: rank in its suit (the two 0, the ace 12), a joker -1
_RANK_OR_JOKER = tuple(c % 13 if c < 52 else -1 for c in range(54))
#: The jacks and the tens: the first lead plays a lower card of its suit before them
_JACKS_AND_TENS = sum(1 << c for c in range(52) if c % 13 in (JACK, RANKS.index("T")))
#: How the estimate reads a point item, by its word; any other word names a card.
_HIGH, _LOW, _GAME, _LAST_TRICK, _CARD, _SLAM = range(6)
_ITEM_KINDS = {"high": _HIGH, "low": _LOW, "game": _GAME, "last_trick": _LAST_TRICK,
               "slam": _SLAM}


#: Per trump suit: its tables, then of them the cards' power and effective suit, the
#: trumps' mask, and of its :class:`Order` the masks of the cards above and below each
#: card; then :attr:`Know.base_cost`, its :attr:`Know.rank` and :attr:`Know.rank_bonus`,
#: and the cost with the low-trump bonus
PlayTables = tuple[
    TrumpTables, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[int, ...],
    tuple[float, ...], tuple[int, ...], tuple[int, ...], tuple[float, ...]]


@per_rule_set(32)
def know(rules: Rules) -> Know:
    """The :class:`Know` of ``rules``, worked out once per rule set (found by identity: a
    rule set's hash walks all of it, and every bot of every game asks)."""
    n = rules.players.count
    teams = rules.players.teams
    deal = rules_plan(rules).deal
    size = deal.deck_size
    k = deal.cards_per_hand  # with a shown card set aside, as the engine deals
    unseen = max(1, size - k)
    values = dict(rules.points.card_values)
    game_value = tuple(float(values.get(RANKS[c % 13], 0)) if c < 52 else 0.0
                       for c in range(54))
    singles = dict(rules.combinations.singles)
    pair_best: dict[str, int] = {}
    for letters, pts in rules.combinations.pairs:
        for letter in letters:
            pair_best[letter] = max(pair_best.get(letter, 0), pts)
    combo_value = tuple(
        (singles.get(RANKS[c % 13], 0) + 0.5 * pair_best.get(RANKS[c % 13], 0)) if c < 52
        else 0.0 for c in range(54))
    plan = scoring_plan(rules)
    card_points = tuple({item.card_by_trump[t]: item.value for item in plan.items
                         if item.card_by_trump[t] >= 0} for t in range(4))
    tables = tuple(tables_for(rules, suit) for suit in range(4))
    combinations = rules.scoring.method is ScoringMethod.COMBINATIONS
    orders = tuple(order(t, deal.deck_mask) for t in tables)
    base_cost = tuple(_base_costs(t, game_value, combo_value, card_points[t.trump],
                                  combinations) for t in tables)
    pairs = tuple(tuple(zip(costs, t.power, strict=True))
                  for costs, t in zip(base_cost, tables, strict=True))
    pairs_bonus = tuple(tuple((c + 0.8, p) for c, p in zip(costs, t.power, strict=True))
                        for costs, t in zip(base_cost, tables, strict=True))
    ranked = tuple(_ordinals(p, pb) for p, pb in zip(pairs, pairs_bonus, strict=True))
    rank = tuple(r for r, _ in ranked)
    rank_bonus = tuple(rb for _, rb in ranked)
    return Know(
        tables=tables, orders=orders,
        base_cost=base_cost, rank=rank, rank_bonus=rank_bonus,
        play_tables=tuple(
            (t, t.power, t.effective_suit, t.trumps, o.higher, o.lower, costs, r, rb,
             tuple(c for c, _ in pb))
            for t, o, costs, r, rb, pb in zip(tables, orders, base_cost, rank, rank_bonus,
                                              pairs_bonus, strict=True)),
        low_bonus="low" in plan.names and plan.low_goes_to is GoesTo.CAPTURER,
        cheap=tuple((_below(costs, 1.0), _below(tuple(c + 0.8 for c in costs), 1.0))
                    for costs in base_cost),
        play_bonus=("low" in plan.names and plan.low_goes_to is GoesTo.CAPTURER
                    and not combinations),
        item_kinds=tuple((_ITEM_KINDS.get(item.name, _CARD), item.value, item.card_by_trump)
                         for item in plan.items),
        estimate_cards=tuple(_estimate_cards(t, o, plan.items)
                             for t, o in zip(tables, orders, strict=True)),
        estimates={},
        # a called partner (call.partner) is one more player on the pitcher's side
        n=n, teams=teams, partners=n // teams - 1 + rules.call.partner,
        items=plan.items, points=plan.names,
        items_total=plan.items_total, card_points=card_points,
        deck=deal.deck_mask, cards_per_hand=k,
        in_other_hands=min(1.0, (n - 1) * k / unseen),
        game_value=game_value, combo_value=combo_value,
        combinations=combinations,
        trick_winner_suit_led=rules.play.trick_winner is TrickWinner.SUIT_LED,
        high_goes_to_holder=plan.high_goes_to is not GoesTo.CAPTURER,
        low_goes_to_holder=plan.low_goes_to is not GoesTo.CAPTURER,
        # measured (heuristic against heuristic with other margins): bidding about 3/4
        # of a point above the estimate wins most; where only a pitcher may win the
        # game, being the pitcher is worth about another point
        tens=sum(1 << c for c in range(54) if game_value[c] >= 10),
        game_tie_nobody=plan.game_tie is GameTie.NOBODY,
        style_one_round=rules.auction.style is AuctionStyle.ONE_ROUND,
        all_points_wins_game=rules.scoring.all_points_wins_game,
        # in a one-round auction the bot bids its whole value at once, not the least
        # raise, so it needs a point less of margin (measured: equal strength to the
        # least-raise bidder, 50/50 over 1500 games, with seats 1 and 2 pitching again)
        margin=(0.75 if teams == n else 1.0) + (1.0 if rules.scoring.win_only_as_pitcher
                                                 else 0.0)
        - (1.0 if rules.auction.style is AuctionStyle.ONE_ROUND else 0.0),
    )


def _ordinals(pairs: Sequence[tuple[float, int]], pairs_bonus: Sequence[tuple[float, int]]
              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each card's (cost, power) without and with the low-trump bonus as its place among
    all of them (equal pairs the same place): the same order, compared as small ints
    rather than as tuples on the hot path."""
    place = {pair: i for i, pair in enumerate(sorted({*pairs, *pairs_bonus}))}
    return tuple(place[p] for p in pairs), tuple(place[p] for p in pairs_bonus)


def _below(costs: Sequence[float], bar: float) -> int:
    """The cards whose cost is below ``bar``, as a mask."""
    return sum(1 << c for c, cost in enumerate(costs) if cost < bar)


def _cheapest(mask: int, rank: Sequence[int]) -> int:
    """Of the cards of ``mask`` (not empty), the first (lowest) of the lowest rank: what
    ``min(cards_list(mask), key=rank.__getitem__)`` answers, in one loop."""
    low = mask & -mask
    best = low.bit_length() - 1
    top = rank[best]
    mask ^= low
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if rank[card] < top:
            best, top = card, rank[card]
        mask ^= low
    return best


def _first_max(mask: int, key: Sequence[object]) -> int:
    """Of the cards of ``mask`` (not empty), the first (lowest) of the highest ``key``:
    what ``max(cards_list(mask), key=key.__getitem__)`` answers."""
    low = mask & -mask
    best = low.bit_length() - 1
    top = key[best]
    mask ^= low
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if key[card] > top:  # type: ignore[operator]
            best, top = card, key[card]
        mask ^= low
    return best


def _dearest(mask: int, cost: Costs, power: Sequence[int]) -> int:
    """Of the cards of ``mask`` (not empty), the first of the dearest, of those the
    lowest power: what ``max(cards_list(mask), key=lambda c: (cost[c], -power[c]))``
    answers."""
    low = mask & -mask
    best = low.bit_length() - 1
    top_cost, top_power = cost[best], power[best]
    mask ^= low
    while mask:
        low = mask & -mask
        mask ^= low
        c = low.bit_length() - 1
        if cost[c] > top_cost or (cost[c] == top_cost and power[c] < top_power):
            best, top_cost, top_power = c, cost[c], power[c]
    return best


def _lifted(trumps: int, unseen: int, lower: Sequence[int]) -> int:
    """Of ``trumps`` (a mask), the low trumps nobody can go under: no ``unseen`` card
    below them (they get the low-trump bonus of :meth:`HeuristicBot.cost`)."""
    lifted = 0
    while trumps:
        bit = trumps & -trumps
        trumps ^= bit
        if not unseen & lower[bit.bit_length() - 1]:
            lifted |= bit
    return lifted


def _lift(lifted: int, base: Sequence[float], rank: Sequence[int],
          base_bonus: Sequence[float], rank_bonus: Sequence[int], cheap: int,
          cheap_lifted: int) -> tuple[Sequence[float], Sequence[int], int]:
    """:meth:`HeuristicBot.card_costs` where the cards of ``lifted`` (not none) get the
    low-trump bonus: each card's cost and rank (``base`` and ``rank`` without the bonus,
    ``base_bonus`` and ``rank_bonus`` with it), and the cheap cards (:attr:`Know.cheap`:
    ``cheap`` without the bonus, ``cheap_lifted`` with it) with the lifted ones priced so."""
    ranked, priced = list(rank), list(base)
    rest = lifted
    while rest:
        bit = rest & -rest
        rest ^= bit
        c = bit.bit_length() - 1
        ranked[c] = rank_bonus[c]
        priced[c] = base_bonus[c]
    return priced, ranked, (cheap & ~lifted) | (cheap_lifted & lifted)


def _estimate_cards(t: TrumpTables, o: Order, items: Sequence[PlannedItem]) -> int:
    """The cards of a hand the estimate with ``t``'s trump reads one by one: the
    trumps, each point card and the cards above it (the tens it only counts)."""
    mask = t.trumps
    for item in items:
        card = item.card_by_trump[t.trump]
        if card >= 0:
            mask |= 1 << card | o.higher[card]
    return mask


def _base_costs(t: TrumpTables, game_value: tuple[float, ...],
                combo_value: tuple[float, ...], card_points: dict[int, int],
                combinations: bool) -> tuple[float, ...]:
    """Per card, what :meth:`HeuristicBot.cost` adds up before the low-trump bonus (in
    the same order, so the same floats)."""
    out = []
    for card in range(54):
        trump = bool(t.trumps >> card & 1)
        if combinations:
            out.append(combo_value[card] * 0.25 + (0.3 if trump else 0.0))
            continue
        value = game_value[card] * 0.06
        if trump:
            value += 0.2
            value += 1.5 * card_points.get(card, 0)  # a point card, by its value
        out.append(value)
    return tuple(out)


def _trumps_by_power(mask: int, t: TrumpTables) -> list[int]:
    return sorted(cards_in(mask & t.trumps), key=t.power.__getitem__)


@dataclass(frozen=True)
class Order:
    """Per trump suit: which cards beat which, as masks (computed once)."""

    #: ``higher[c]``: cards of c's effective suit with more power (for a trump: higher trumps)
    higher: tuple[int, ...]
    #: ``lower[c]``: the same, with less power
    lower: tuple[int, ...]
    #: every trump in the deck, lowest first
    trumps: tuple[int, ...]
    #: per effective suit: its cards in the deck as a mask, and those cards, the most
    #: powerful first (a suit's highest unseen card is the first of them unseen)
    by_power: tuple[tuple[int, tuple[int, ...]], ...] = ()


_ORDERS: dict[tuple[int, tuple[int, ...], tuple[int, ...], int], Order] = {}


def order(t: TrumpTables, deck: int) -> Order:
    """The :class:`Order` of a trump suit (cached on what it is made of, not on the whole
    tables: hashing them is slow). The cards' power is of the key: rule sets with the
    same trumps may rank them otherwise (a joker's place), and an order cached for one
    served another (the heuristic's play then differed with what a process had loaded
    before)."""
    key = (t.trumps, t.suit_masks, t.power, deck)
    found = _ORDERS.get(key)
    if found is None:
        found = _ORDERS[key] = _order(t, deck)
    return found


def _order(t: TrumpTables, deck: int) -> Order:
    higher = [0] * 54
    lower = [0] * 54
    by_power = []
    for suit in range(4):
        members = [c for c in cards_in(t.suit_masks[suit] & deck)]
        for c in members:
            for d in members:
                if t.power[d] > t.power[c]:
                    higher[c] |= 1 << d
                elif t.power[d] < t.power[c]:
                    lower[c] |= 1 << d
        by_power.append((t.suit_masks[suit] & deck,
                         tuple(sorted(members, key=t.power.__getitem__, reverse=True))))
    return Order(higher=tuple(higher), lower=tuple(lower),
                 trumps=tuple(_trumps_by_power(deck, t)), by_power=tuple(by_power))


class HeuristicBot:
    """Rule-of-thumb bidding and play; see the module docstring.

    Setting ``boldness`` (default 0): added to the expected points before bidding; raise
    it for a bot that bids more, lower it (negative) for a more cautious one.
    """

    def __init__(self, rules: Rules, seat: int, rng: random.Random,
                 boldness: float = 0.0) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = rng
        self.k = know(rules)
        self.boldness = float(boldness)
        self._best: tuple[int, tuple[int, float]] | None = None
        #: per-hand cache: the hand, and :meth:`estimate` of each suit worked out for it
        self._estimates: tuple[int, dict[int, float]] = (-1, {})
        #: this class's estimate() is this module's: best_suit may read its memo directly
        self._own_estimate = type(self).estimate is HeuristicBot.estimate
        #: and its bid_on_choices is this module's: _auction_answer may call bid_from
        self._bids_on_view = type(self).bid_on_choices is HeuristicBot.bid_on_choices

    # ------------------------------------------------------------------ entry

    def choose(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        phase = observation.phase
        if phase is _PLAY or (phase is _AUCTION and legal_actions
                                   and legal_actions[0] < 54 and len(legal_actions) == 1):
            return self.play(observation, legal_actions)
        if phase is _AUCTION and SELL in legal_actions:
            return self.sell_or_refuse(observation)
        if phase is _AUCTION:
            return self.bid(observation, legal_actions)
        if phase is Phase.TRUMP:
            suit, _ = self.best_suit(observation.hand)
            return TRUMP_BASE + suit
        if phase is Phase.SELECT:
            return self.select(observation, legal_actions)
        if phase is Phase.DRAW:
            return draw_action(self.rules, observation)
        if phase is Phase.CALL:
            return call_choice(self.rules, observation, list(legal_actions))
        if phase is Phase.THROW_IN:
            return self.throw_in(observation)
        if phase is Phase.ALONE:
            return self.alone(observation)
        return legal_actions[0]

    def card_player(self) -> Callable[[Observation | PlayView, int], int] | None:
        """For the simulator: what :meth:`choose` asks in phase play, :meth:`play` as
        :meth:`play_cards` (the legal cards as a mask), which reads only the fields of a
        :class:`~pitchkit.results.PlayView`; :meth:`play` plays a single legal card
        without reading anything, so the simulator need not ask, nor where the draw has
        one legal action (a hand at its size discards nothing: :meth:`choose` answers it
        and draws nothing from its generator). None for a class whose ``choose`` answers
        otherwise in phase play."""
        return self.play_cards if type(self).choose is HeuristicBot.choose else None

    # ------------------------------------------------------------------ bidding

    def estimate(self, hand: int, suit: int) -> float:
        """Expected points my side takes with ``suit`` as trump (once per hand and suit)."""
        cached_hand, by_suit = self._estimates
        if cached_hand != hand:
            by_suit = {}
            self._estimates = (hand, by_suit)
        value = by_suit.get(suit)
        if value is None:
            k = self.k
            read = hand & k.estimate_cards[suit]
            tens = (hand & k.tens).bit_count()
            key = read << 8 | tens << 2 | suit  # as Know.estimates keys them
            value = k.estimates.get(key)
            if value is None:
                if len(k.estimates) > _MAX_ESTIMATES:
                    k.estimates.clear()
                value = k.estimates[key] = self._estimate(hand, suit)
            by_suit[suit] = value
        return value

    def _estimate(self, hand: int, suit: int) -> float:
        k = self.k
        held = hand & k.tables[suit].trumps
        if not held:
            return 0.2 * k.partners
        o = k.orders[suit]
        higher, lower = o.higher, o.lower
        # my highest and my lowest trump (of equal powers, as a sort by power keeps them:
        # the highest the last card, the lowest the first)
        top = bottom = -1
        n_trumps = 0
        rest = held
        while rest:
            bit = rest & -rest
            rest ^= bit
            card = bit.bit_length() - 1
            n_trumps += 1
            if not higher[card] & held:
                top = card
            if bottom < 0 and not lower[card] & held:
                bottom = card
        u = k.in_other_hands
        keep = 1 - u
        above = higher[top].bit_count()
        below = lower[bottom].bit_count()
        p_high = keep ** above
        strength = min(1.0, 0.25 * n_trumps + 0.4 * p_high)
        share = k.partners * 0.2
        total = 0.0
        for kind, value, card_by_trump in k.item_kinds:
            if kind == _HIGH:
                p = p_high
            elif kind == _LOW:
                p = keep ** below
                if not k.low_goes_to_holder:
                    p *= 0.3 + 0.15 * n_trumps
            elif kind == _GAME:
                tens = (hand & k.tens).bit_count()
                p = 1 / k.teams + 0.07 * (n_trumps - 1.5) + 0.08 * tens + 0.15 * p_high
                if k.game_tie_nobody:
                    p *= 0.9
                p = min(0.9, max(0.05, p))
            elif kind == _LAST_TRICK:
                p = min(0.9, 1 / k.teams + 0.08 * n_trumps)
            elif kind == _SLAM:
                # taking everything: only a hand that is nearly sure of every trick
                p = (p_high * strength) ** 3
            else:  # a card: jack, jick, ten, a named card
                card = card_by_trump[suit]
                if card < 0:  # a rule that names no card (high spade): a fair share
                    p = 1 / k.teams
                elif not k.deck >> card & 1:
                    continue
                elif hand >> card & 1:
                    p = min(0.95, 0.55 + 0.4 * keep ** (higher[card] & ~hand).bit_count())
                else:
                    p = u * 0.25 * strength
            # a partner takes some of what I do not; each item is worth its value
            total += (p + (1 - p) * share) * value
        return total

    def best_suit(self, hand: int) -> tuple[int, float]:
        """The suit my hand would rather have as trump, and what it expects to take."""
        best = self._best
        if best is not None and best[0] == hand:
            return best[1]
        k = self.k
        memo = k.estimates if self._own_estimate else None
        tens = (hand & k.tens).bit_count() << 2  # placed as Know.estimates keys it
        cards = k.estimate_cards
        # the first suit of the highest estimate (as max over the suits in order); an
        # estimate already worked out is read from the rule set's memo, as estimate()
        # reads it, without the call
        best_suit, best_value = 0, 0.0
        for suit in (0, 1, 2, 3):
            value = None if memo is None else memo.get((hand & cards[suit]) << 8 | tens | suit)
            if value is None:
                value = self.estimate(hand, suit)
            if suit == 0 or value > best_value:
                best_suit, best_value = suit, value
        self._best = (hand, (best_suit, best_value))
        return best_suit, best_value

    def bid_player(self) -> Callable[[BidView, BidChoices], int] | None:
        """For the simulator: what :meth:`choose` answers in phase auction, asked with the
        seat's :class:`~pitchkit.results.BidView` (of which the heuristic reads the hand
        and the trump, None until known) and the legal actions as
        :meth:`pitchkit.engine.Game.bid_choices` answers them, without building the
        observation or the list. None for a class whose
        ``choose`` or ``bid`` answers otherwise, and where the auction may offer a sale
        (the answer reads the bids)."""
        if (type(self).choose is not HeuristicBot.choose or type(self).bid is not HeuristicBot.bid
                or self.rules.auction.style is AuctionStyle.SELL):
            return None
        return self._auction_answer

    def _auction_answer(self, view: BidView, choices: BidChoices) -> int:
        """:meth:`choose` in phase auction (no sale offered) on its plain values."""
        may_pass, lowest, highest, moon, pitches = choices
        if not (may_pass or moon or lowest <= highest) and pitches & (pitches - 1) == 0:
            return pitches.bit_length() - 1  # a lone card to pitch: play() plays it
        # the first legal action but a pass or a number: the moon, else the lowest pitch
        other = MOON if moon else (pitches & -pitches).bit_length() - 1
        if self._bids_on_view:  # this class's bid_on_choices: bid_from, without the call
            return self.bid_from(view.hand, view.trump, may_pass, range(lowest, highest + 1),
                                 moon, other)
        return self.bid_on_choices(view, may_pass, range(lowest, highest + 1), moon, other)

    def bid_on_choices(self, view: BidView, may_pass: bool, numeric: Sequence[int],
                       moon: bool, other: int) -> int:
        """The bid of :meth:`bid_player` on what the legal actions offer (as
        :meth:`bid_from`); a subclass with a bid player of its own answers here."""
        return self.bid_from(view.hand, view.trump, may_pass, numeric, moon, other)

    def bid(self, obs: Observation, legal: Sequence[int]) -> int:
        return self.bid_on(obs.hand, obs.trump, legal)

    def bid_on(self, hand: int, trump: int | None, legal: Sequence[int]) -> int:
        """:meth:`bid` with the hand and the trump (None until known) it reads."""
        numeric = sorted(a - BID_BASE for a in legal if BID_BASE < a <= BID_BASE + MAX_BID)
        return self.bid_from(hand, trump, PASS in legal, numeric, MOON in legal, legal[0])

    def bid_from(self, hand: int, trump: int | None, may_pass: bool, numeric: Sequence[int],
                 moon: bool, other: int) -> int:
        """:meth:`bid_on` on what the legal actions offer: whether it may pass, the
        numeric bids (lowest first), whether it may bid moon, and ``other``, answered
        when it may neither pass nor bid a number (the first legal action)."""
        k = self.k
        if trump is not None:
            suit = trump
            value = self.estimate(hand, suit)
        else:
            suit, value = self.best_suit(hand)
        want = int(value + k.margin + self.boldness)
        if moon and value >= k.items_total - 0.3:
            return MOON
        if k.all_points_wins_game:
            sweep = self.sweep_bid(hand, suit, numeric)
            if sweep is not None:
                return sweep
        if not may_pass:
            return BID_BASE + numeric[0] if numeric else other
        if not numeric or numeric[0] > want:
            return PASS
        if k.style_one_round:
            # one chance each: bid all the hand is worth now, there is no raising later
            wanted = numeric[0]
            for n in numeric:
                if n <= want:
                    wanted = n
            return BID_BASE + wanted
        return BID_BASE + numeric[0]  # round and round: raise as little as needed

    def sweep_bid(self, hand: int, suit: int, numeric: Sequence[int]) -> int | None:
        """``scoring.all_points_wins_game``: a hand the point-by-point estimate
        (:meth:`HeuristicBot.estimate`, also for bots that bid from other values) finds
        worth every point with ``suit`` trump, by the bar the moon bid uses, wins the game
        by taking them all, so it bids the most it may, to name trump and lead; None for
        any other hand or rule."""
        k = self.k
        if (k.all_points_wins_game and numeric
                and HeuristicBot.estimate(self, hand, suit) >= k.items_total - 0.3):
            return BID_BASE + numeric[-1]
        return None

    @staticmethod
    def sweep_on(obs: Observation | PlayView, seat: int) -> bool:
        """``seat``'s side may still take every point: no other side has taken a trick."""
        team = obs.team_of
        side = team[seat]
        return not any(mask for s, mask in enumerate(obs.captured) if team[s] != side)

    def throw_in(self, obs: Observation) -> int:
        """A weak hand (``deal.weak_hand_below``): keep it only when :meth:`estimate`
        values it at least as an average new hand (:func:`average_hand_value`); a hand
        with no high card seldom is, but a long suit with its two may be."""
        value = (self.estimate(obs.hand, obs.trump) if obs.trump is not None
                 else self.best_suit(obs.hand)[1])
        return KEEP_HAND if value >= average_hand_value(self.rules) else THROW_IN

    def alone(self, obs: Observation) -> int:
        """auction.alone: go alone when it is worth more on average. The hand's own
        worth is the :meth:`estimate` without the share it counts on from partners (an
        item's chance p is counted as p + (1 - p) * share, so the own part is (value -
        share * total) / (1 - share)); the chance to make the bid is taken as a logistic
        curve of worth less bid, a point wide. Alone, a made bid scores
        ``scoring.alone_made_factor`` times; a set costs the bid either way. Never on a
        moon, which needs every card the side holds."""
        bid = obs.bid
        k = self.k
        share = k.partners * 0.2
        factor = self.rules.scoring.alone_made_factor
        if not isinstance(bid, int) or factor <= 1 or share >= 1:
            return WITH_PARTNER
        value = (self.estimate(obs.hand, obs.trump) if obs.trump is not None
                 else self.best_suit(obs.hand)[1])
        own = (value - share * k.items_total) / (1 - share)
        with_partner = 1 / (1 + math.exp(bid - value))
        by_itself = 1 / (1 + math.exp(bid - own))
        # made: +bid (x factor alone); set: -bid
        return ALONE if by_itself * (factor + 1) > 2 * with_partner else WITH_PARTNER

    def sell_or_refuse(self, obs: Observation) -> int:
        """The eldest's answer (auction.style sell): the price is sure, the pitch is not;
        refuse only with a hand worth a point more than the high bid."""
        high = max((a - BID_BASE for _, a in obs.bids if BID_BASE < a <= BID_BASE + MAX_BID),
                   default=0)
        _, value = self.best_suit(obs.hand)
        return REFUSE if value + self.boldness >= high + 1 else SELL

    # ------------------------------------------------------------------ play

    def cost(self, card: int, t: TrumpTables | None, unseen: int) -> float:
        """What a card is worth to whoever captures it (points at stake)."""
        k = self.k
        if t is None:
            return k.combo_value[card] * 0.25 if k.combinations else k.game_value[card] * 0.06
        value = k.base_cost[t.trump][card]  # game points, a trump, a point card
        if (k.low_bonus and not k.combinations and t.trumps >> card & 1
                and not unseen & k.orders[t.trump].lower[card]):
            value += 0.8  # a low trump nobody can go under
        return value

    def play(self, obs: Observation | PlayView, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        mask = 0
        for c in legal:
            mask |= 1 << c
        return self.play_cards(obs, mask)

    def play_cards(self, obs: Observation | PlayView, legal: int) -> int:
        """:meth:`play` with the legal cards (two or more) as a mask; of cards that rank
        alike, the lowest. (The hot path of a heuristic game: the cards are chosen from
        masks in single loops, with the same answers as :meth:`risk_or_duck`,
        :meth:`card_costs` and ``min``/``max`` over the card lists.)"""
        trump = obs.trump
        if trump is None:
            return self.first_lead(obs, legal)
        k = self.k
        trick = obs.trick
        tables = k.play_tables[trump]
        _, power, eff, trump_mask, higher, lower, base, rank, rank_bonus, base_bonus = tables
        # the cards this seat has not seen (unseen_cards, inlined); the seats' captured
        # cards are apart (each card is taken once), so their sum is their union
        seen = obs.hand | obs.reserve | sum(obs.captured)
        led_only = k.trick_winner_suit_led
        if trick:
            # the cards on the table are seen too; and which of them wins the trick now
            win_seat, win_card = trick[0]
            seen |= 1 << win_card
            led = eff[win_card]
            for seat, c in trick[1:]:
                seen |= 1 << c
                if (eff[c] == led or (eff[c] == trump and not led_only)) \
                        and power[c] > power[win_card]:
                    win_seat, win_card = seat, c
        unseen = k.deck & ~seen
        bonus = k.play_bonus
        # card_costs's answer, without the call: lifted where a legal low trump nobody
        # can go under gets the bonus
        cost: Sequence[float]
        ranks: Sequence[int]
        cost, ranks, cheap = base, rank, k.cheap[trump][0]
        if bonus and legal & trump_mask:
            lifted = _lifted(legal & trump_mask, unseen, lower)
            if lifted:
                cost, ranks, cheap = _lift(lifted, base, rank, base_bonus, rank_bonus, cheap,
                                           k.cheap[trump][1])
        # a card is boss when no unseen card can beat it (as a lead): none higher in its
        # suit, and it is a trump or no unseen trump can take it
        no_trump_out = led_only or not unseen & trump_mask
        if not trick:
            # the lead once trump is known
            trumps = legal & trump_mask
            plain = legal & ~trump_mask
            if trumps:
                top = _first_max(trumps, power)
                # draws trumps when strong: lead a boss trump while trumps are still out
                if not unseen & higher[top] and (unseen & trump_mask or cost[top] >= 1.0):
                    return top
            # plain cards nobody can beat: none higher unseen, and no unseen trump
            if no_trump_out:
                bosses = 0
                rest = plain
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    if not unseen & higher[bit.bit_length() - 1]:
                        bosses |= bit
                if bosses:
                    return _first_max(bosses, ranks)
            return _cheapest(plain or (trumps & cheap) or legal, ranks)
        last = len(trick) == k.n - 1
        # the cards that would take the trick now: of the winning card's suit, those
        # above it; any trump, when trumps take tricks and it is not one
        above = higher[win_card]
        if not led_only and eff[win_card] != trump:
            above |= trump_mask
        winners = legal & above
        team = obs.team_of
        if team[win_seat] == team[obs.seat]:
            if last or (not unseen & higher[win_card]
                        and (no_trump_out or trump_mask >> win_card & 1)):
                # saves game points for its partner: throw valuable non-winning cards
                gifts = legal & ~(winners & trump_mask)
                if gifts:
                    return _dearest(gifts, cost, power)
            return _cheapest(legal, ranks)  # the cheapest card
        safe_winners = winners
        if not last:
            rest = winners
            while rest:
                bit = rest & -rest
                rest ^= bit
                c = bit.bit_length() - 1
                if unseen & higher[c] or not (no_trump_out or trump_mask >> c & 1):
                    safe_winners ^= bit
        if winners and k.all_points_wins_game and self.sweep_on(obs, win_seat):
            # the other side would win the game at once by taking every point: a trick
            # (its game points, its point cards) may stop it, whatever the prize
            return _cheapest(safe_winners or winners, ranks)
        if safe_winners and (last or k.combinations):
            return _cheapest(safe_winners, ranks)
        # risk_or_duck, on masks: a winner that risks no point card when the trick is
        # worth it, else the cheapest card that does not win
        risky = winners & cheap
        if safe_winners or risky:
            # the cards of the trick, priced as cost() does (the same sum, in the same
            # order), worked out only where a winner may be played for them
            prize: float = 0
            for _, c in trick:
                prize += (base_bonus[c] if bonus and trump_mask >> c & 1
                          and not unseen & lower[c] else base[c])
            if safe_winners and prize > 0.15:
                return _cheapest(safe_winners, ranks)
            if risky and prize > 0.5:
                return _cheapest(risky, ranks)
        return _cheapest(legal & ~winners or legal, ranks)

    @staticmethod
    def played_mask(obs: Observation | PlayView) -> int:
        """The cards played this hand, as a mask: those captured in finished tricks and
        those of the trick on the table (the cards of ``obs.played``)."""
        played = 0
        for mask in obs.captured:
            played |= mask
        for _, c in obs.trick:
            played |= 1 << c
        return played

    def unseen_cards(self, obs: Observation | PlayView) -> int:
        """The cards of the deck this seat has not seen: neither played nor held."""
        return self.k.deck & ~self.played_mask(obs) & ~obs.hand & ~obs.reserve

    def card_costs(self, unseen: int, legal: int, tables: PlayTables
                   ) -> tuple[Sequence[float], Sequence[int], int]:
        """For the card play, with the trump's ``tables`` and the ``unseen`` cards: each
        card's cost (:meth:`cost`, from the tables: the hot path), its rank for the
        cheapest card (the place of its (cost, power): :func:`_ordinals`), and the cards
        whose cost is below 1.0 (they risk no point card) as a mask; a legal low trump
        nobody can go under gets the bonus (:func:`_lifted`, :func:`_lift`, which
        :meth:`play_cards` calls itself)."""
        k = self.k
        t, _, _, trump_mask, _, lower, base, rank, rank_bonus, base_bonus = tables
        cheap, cheap_lifted = k.cheap[t.trump]
        if k.play_bonus and legal & trump_mask:
            lifted = _lifted(legal & trump_mask, unseen, lower)
            if lifted:
                return _lift(lifted, base, rank, base_bonus, rank_bonus, cheap, cheap_lifted)
        return base, rank, cheap

    @staticmethod
    def risk_or_duck(legal: int, winners: int, cheap: int,
                     ranks: Sequence[int], prize: float) -> int:
        """With no safe winner worth playing (the cards as masks; ``cheap``: those that
        risk no point card): a winner that risks no point card when the trick is worth
        it, else the cheapest card that does not win."""
        risky = winners & cheap  # protects its jack
        if risky and prize > 0.5:
            return _cheapest(risky, ranks)
        return _cheapest(legal & ~winners or legal, ranks)

    def first_lead(self, obs: Observation | PlayView, legal: int) -> int:
        """The lead that sets trump (the legal cards as a mask): the best suit's top card,
        or a low one to keep the jack."""
        suit, _ = self.best_suit(obs.hand)
        t = self.k.tables[suit]
        mine = legal & t.trumps & SUIT_MASKS[suit]  # of the suit itself: no joker, no jick
        if not mine:
            return _first_max(legal, _RANK_OR_JOKER)  # the highest rank, a joker last
        top = _first_max(mine, t.power)
        if top % 13 >= 11 or not mine & (mine - 1):  # ace or king: take high at once
            return top
        low = mine & ~_JACKS_AND_TENS
        return _cheapest(low, t.power) if low else top

    # ------------------------------------------------------------------ staged play

    def select(self, obs: Observation, legal: Sequence[int]) -> int:
        """Choose the stage's cards: trick winners and combination cards first."""
        return select_action(self.stage_cards(obs, mask_of(legal), obs.select_count))

    def stage_cards(self, obs: Observation | PlayView, cards: int, count: int) -> int:
        """:meth:`select`'s choice of ``count`` of the cards of the mask ``cards`` (those it
        may choose), as a mask: the most wanted (:meth:`stage_worth`) first, the lower
        card of cards wanted alike."""
        listed = cards_list(cards)
        listed.sort(key=self.stage_worth(obs, cards).__getitem__, reverse=True)
        chosen = 0
        for c in listed[:count]:
            chosen |= 1 << c
        return chosen

    def stage_player(self) -> Callable[[Observation | PlayView, int, int], int] | None:
        """For the simulator: what :meth:`choose` answers in phase select,
        :meth:`stage_cards` asked with the seat's :class:`~pitchkit.results.PlayView` (of
        which it reads the trump, the cards held, in reserve and captured, and the
        trick), the cards it may choose and how many, without the observation or the
        list. None for a class whose ``choose`` or ``select`` answers otherwise."""
        if type(self).choose is not HeuristicBot.choose \
                or type(self).select is not HeuristicBot.select:
            return None
        return self.stage_cards

    def stage_worth(self, obs: Observation | PlayView, cards: int) -> list[float]:
        """How much each card of the mask ``cards`` (those it may choose) is wanted in
        this stage, per card 0..53 (only those of ``cards`` are read): its rank, more for
        a trump and for a card of its best combination."""
        wish, kept_adds = stage_tables(self.rules, obs.trump)
        worth = list(wish)
        if self.k.combinations:
            # the cards of the best combination (pitchkit.combos.best_kept), a mask
            kept = kept_mask(self.rules.combinations, cards)
            while kept:
                bit = kept & -kept
                kept ^= bit
                c = bit.bit_length() - 1
                worth[c] += kept_adds[c]
        return worth


def stage_rank(card: int) -> int:
    """A card's rank when a stage's cards are chosen by rank (Pimps & Hoes): 0 for a two
    to 12 for an ace, a joker 6 (as an eight). The heuristic's wishes,
    the search's guesses and candidates and ``montecarlo``'s selections all read it."""
    return card % 13 if card < 52 else 6


@per_rule_set(32)
def stage_tables(rules: Rules, trump: int | None) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """:meth:`HeuristicBot.stage_worth` per card, worked out once per rule set and trump
    (None: not known yet): what a card is wanted for (its rank, 14 more for a trump), and
    what being a card of the best combination adds to that."""
    k = know(rules)
    trumps = k.tables[trump].trumps if trump is not None else 0
    wish = []
    for c in range(54):
        w = float(stage_rank(c))
        if trumps >> c & 1:
            w += 14
        wish.append(w)
    return tuple(wish), tuple(4 + value * 0.5 for value in k.combo_value)


#: Hands dealt to work out :func:`average_hand_value` (about 20 ms once per rule set).
_AVERAGE_HANDS = 200


@per_rule_set(32)
def average_hand_value(rules: Rules) -> float:
    """What :meth:`HeuristicBot.best_suit` expects of a hand dealt from the whole deck,
    on average: the bar a weak hand is measured against before it is thrown in. The
    hands come from a generator of fixed seed, so the bar is the same in every game."""
    bot = HeuristicBot(rules, 0, random.Random(0))
    deck = list(cards_in(bot.k.deck))
    rng = random.Random(0)
    total = 0.0
    for _ in range(_AVERAGE_HANDS):
        hand = 0
        for card in rng.sample(deck, bot.k.cards_per_hand):
            hand |= 1 << card
        total += bot.best_suit(hand)[1]
    return total / _AVERAGE_HANDS
