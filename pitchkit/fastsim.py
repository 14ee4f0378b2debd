"""FASTER COPY: whole games with every seat the built-in random bot, for ``simulate``.

When every seat is :class:`pitchkit.bots.random_bot.RandomBot`, ``simulate`` plays a game
here instead of through ``Game.apply`` and an observation per decision: one tight loop
over ints and bit masks (a card 0..51, a hand a mask), the trump tables of
:mod:`pitchkit.tricks`, and the one definition of scoring and settling
(:func:`pitchkit.scoring.score_parts`, :func:`pitchkit.settle.settle_parts`,
:class:`pitchkit.money.MoneyLedger`). It makes exactly the random draws the engine and
the random bots make (the deal from the game's generator, each decision
``legal[rng.randrange(len(legal))]`` from the seat's generator, with ``legal`` in the
engine's order), so it plays the same games: ``tests/test_fastsim.py`` proves it, action
by action and hand by hand, on random rule sets drawn from the schema's settings.

The legal-play rules here are marked copies: the definitions are
:func:`pitchkit.tricks.legal_leads` / :func:`~pitchkit.tricks.legal_follows` (trick
play), :func:`pitchkit.auction.auction_options` (who may bid what) and
:func:`pitchkit.dealing.deal_random` (the deal's draws; the seat of each card comes
from :func:`pitchkit.dealing.deal_seats` itself).

Covered (:func:`fallback_reason` is None; :data:`COVERED` lists the settings): any
players, partnerships, deck without jokers, deal settings, trump chosen by the first lead
or named by the pitcher, the auction styles ``one_round``, ``until_one_left`` and
``none`` with every option (pitching to bid, moon, stealing, equal bids, forced dealer
bids, every ``when_all_pass``), every follow and trick-winner rule, points scoring of
any items, every way a game ends, money. Everything else falls back to the generic
engine, decided from the rules (never from a variant's name): jokers (``deck.jokers``),
a turned trump card (``trump.chosen_by: turned_card``), a draw or a kitty
(``draw.discard``, ``deal.kitty``), a weak hand thrown in (``deal.weak_hand_below``),
selling the pitch (``auction.style: sell``), a bid to play alone (``auction.alone``),
staged play (``play.stages``), trumps-only
play (``play.trumps_only``), combination scoring (``scoring.method: combinations``), and
any setting added after this module that is away from its default.
"""

from __future__ import annotations

import random
from bisect import bisect_left as _bisect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any

from pitchkit.actions import BID_BASE, MOON, PASS, TRUMP_BASE
from pitchkit.cards import CARD_BIT
from pitchkit.fastscore import HandScorer, hand_scorer
from pitchkit.memo import per_rule_set
from pitchkit.plan import RulesPlan, rules_plan
from pitchkit.results import Outcome
from pitchkit.scoring import score_parts
from pitchkit.settle import dealer_set_changes, settle_parts, start_score
from pitchkit.stats import HandKey
from pitchkit.tricks import (
    ANY_CARD,
    FOLLOW_OR_TRUMP,
    MUST_FOLLOW_THEN_TRUMP,
)
from pitchkit.variant import (
    AuctionStyle,
    Rules,
    ScoringMethod,
    TrumpChosenBy,
    WhenAllPass,
    rules_from_mapping,
    rules_to_mapping,
)

#: ``(seat, action)`` of every decision and ``("deal", masks)`` of every deal, when traced.
Trace = list[tuple[Any, Any]]

#: settle_parts' answer's second item on: the game goes on
_GOES_ON = (None, False)


#: The settings this module plays at any value, each by its key: read here, or by the
#: definitions it calls (scoring, settling, money). Any setting not listed, away from its
#: default, sends the game to the engine: a new setting is played by the engine until it
#: is added here (and tests/test_fastsim.py's random rule sets draw it). Not listed, so
#: played by the engine: jokers, a kitty, a weak hand thrown in, a partner sitting out
#: (``auction.alone`` needs the engine's seating), a draw, calling a partner, staged and
#: trumps-only play.
COVERED = frozenset({
    "format", "name", "description", "source",
    "players.count", "players.partnerships",
    "deck.ranks", "deck.without",
    "deal.first_dealer", "deal.direction", "deal.cards_per_hand", "deal.packet_size",
    "trump.chosen_by", "trump.off_jack", "trump.off_five",
    "auction.style", "auction.min_bid", "auction.max_bid", "auction.pitch_to_bid",
    "auction.when_all_pass", "auction.dealer_forced_bid", "auction.dealer_forced_bid_exact",
    "auction.dealer_may_steal", "auction.dealer_may_steal_max", "auction.direction",
    "auction.may_equal", "auction.opening_min_bid", "auction.opening_max_bid",
    "moon.allowed", "moon.requires", "moon.points_made", "moon.points_failed",
    "moon.made_wins_game", "moon.failed_loses_game", "moon.money_made", "moon.money_failed",
    "play.following", "play.first_lead_must_be_trump", "play.trick_winner",
    "play.first_leader",
    "points.items", "points.high_goes_to", "points.low_goes_to", "points.lone_trump",
    "points.undealt_jack", "points.card_values", "points.game_tie", "points.game_tie_card",
    "points.slam_requires", "points.joker_game_halves",
    "scoring.method", "scoring.made_bid_scores", "scoring.set_back",
    "scoring.opponents_score", "scoring.minimum_score", "scoring.target",
    "scoring.win_only_as_pitcher", "scoring.bidder_goes_out", "scoring.several_reach",
    "scoring.all_points_wins_game", "scoring.hands", "scoring.tie", "scoring.count",
    "scoring.losing_score", "scoring.win_needs_made_bid", "scoring.alone_made_factor",
    "money.enabled", "money.cents_per_point",
    # settings that change nothing here: jokers, a turned card, a kitty or a draw, and
    # combination scoring are not played here, so their options are never read
    "deal.kitty_to", "trump.shown_card", "trump.joker_rank", "trump.joker_order",
    "trump.pitched_joker", "play.never_lead_joker", "draw.count", "draw.hand_size",
    "draw.dealer_robs", "draw.extra_trumps",
    "combinations.keep", "combinations.singles", "combinations.pairs",
    "combinations.reusable",
})


@per_rule_set(64)
def fallback_reason(rules: Rules) -> str | None:
    """Why a game under ``rules`` is played by the generic engine (the setting, and
    its value where only some values are played here); None when covered."""
    if rules.trump.chosen_by is TrumpChosenBy.TURNED_CARD:
        return "trump.chosen_by: turned_card"
    if rules.auction.style is AuctionStyle.SELL:
        return "auction.style: sell"
    if rules.scoring.method is not ScoringMethod.POINTS:
        return "scoring.method: " + rules.scoring.method.value
    defaults = dict(_flat(rules_to_mapping(rules_from_mapping({}))))
    for key, value in _flat(rules_to_mapping(rules)):
        if not covers(key) and (key not in defaults or value != defaults[key]):
            return key
    return None


def covers(key: str) -> bool:
    """Whether this module plays the setting ``key`` (dotted; a table's entry, such as
    ``points.card_values.A``, is its setting's) at any value."""
    return ".".join(key.split(".")[:2]) in COVERED


def _flat(data: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """(dotted key, value) of every setting in a rules mapping."""
    for key, value in data.items():
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


@dataclass(frozen=True)
class FastPlan:
    """What the loop reads beyond the rules plan, worked out once per rule set."""

    #: the rules plan (pitchkit.plan): seats, deal, auction, play and scoring settings
    plan: RulesPlan
    #: ``deal.first_dealer`` as a seat (None: drawn at random)
    first_dealer: int | None
    #: per dealer: the draw's width in bits, its groups two draws at a time (from the
    #: plan's deal_orders; see :func:`_paired`), and per seat a getter
    #: of its cards: each card drawn is swapped to the end of the deck left, so the
    #: ``j``-th card dealt ends at index ``deck size - 1 - j``
    deals: tuple[tuple[int, tuple[Any, ...], tuple[Any, ...]], ...]
    #: per trump suit: (effective suit of each card, the cards whose effective suit is
    #: not their own (the off-jack, the off-five), by effective suit led: (trick keys,
    #: and the follow rule as three indexes into a hand's unions of masks by suit: see
    #: :func:`_follow_indexes` of :func:`_follow_suits`, a COPY of tricks.legal_follows))
    trump_sets: tuple[tuple[tuple[int, ...], tuple[int, ...],
                            tuple[tuple[Any, int, int, int], ...]], ...]
    #: per hand of cards as a mask of its places (bit i: the i-th lowest card dealt to the
    #: seat), the places held in order padded with -1 to the draws' range, and the bits a
    #: random choice among them draws (:class:`_Places`)
    places: Any
    #: every side's score before the first hand (pitchkit.settle.start_score)
    start: int
    #: the faster copy of scoring and settling a bid's hand (None: the definitions only)
    scorer: HandScorer | None
    #: a seat's options in the auction (:func:`_bid_options`) by ``high * 4 + 2 * (the
    #: seat deals) + (it holds the high bid)``, filled as the games ask
    bid_options: dict[int, tuple[bool, int, int, int, bool, int, int]] = field(
        default_factory=dict, compare=False)


@per_rule_set(64)
def fast_plan(rules: Rules) -> FastPlan:
    """The :class:`FastPlan` of ``rules`` (cached per rule set)."""
    plan = rules_plan(rules)
    n = plan.seats.count
    first = rules.deal.first_dealer
    size = plan.deal.deck_size
    deals = []
    for order, groups in plan.deal_orders:
        steps = tuple(_paired(product, tuple(left for _seat, left, _last in group))
                      for product, group in groups)
        getters = tuple(_getter([size - 1 - j for j, seat in enumerate(order) if seat == s])
                        for s in range(n))
        deals.append((64 + 6 * len(order), steps, getters))
    return FastPlan(
        plan=plan, first_dealer=None if first == "random" else int(first) % n,
        deals=tuple(deals),
        trump_sets=tuple((t.effective_suit,
                          tuple(c for c in range(52) if t.effective_suit[c] != c // 13),
                          tuple((led_keys, *_follow_indexes(plan.play.following, t.trump, led))
                                for led, led_keys in enumerate(keys)))
                         for t, _masks, keys in plan.play.trump_sets),
        places=_places(plan.deal.cards_per_hand),
        start=start_score(rules),
        scorer=(hand_scorer(plan.scoring, plan.seats.team_of) if plan.deal.cards_per_hand
                else None))


def _paired(product: int, lefts: tuple[int, ...]) -> tuple[int, tuple[Any, ...], int]:
    """One group of a deal's draws (dealing._draw_groups: the mixed-radix digits of a
    number below ``product``, the radices ``lefts``, the cards left at each draw) two
    draws at a time: (product, ((radix of the two, their digits by the pair's value,
    index of the last card left at each), ...), index of the last card left at the
    group's last draw if it is alone, else -1)."""
    pairs = tuple((a * b, _digit_pairs(a, b), a - 1, b - 1)
                  for a, b in zip(lefts[::2], lefts[1::2], strict=False))
    return product, pairs, lefts[-1] - 1 if len(lefts) % 2 else -1


@lru_cache(maxsize=64)
def _digit_pairs(a: int, b: int) -> tuple[tuple[int, int], ...]:
    """The two mixed-radix digits (radix ``a``, then ``b``) of each number below a*b."""
    return tuple((d % a, d // a) for d in range(a * b))


def _getter(indexes: list[int]) -> Any:
    """A function of a list giving a tuple of its items at ``indexes``."""
    if len(indexes) == 1:
        only = indexes[0]
        return lambda items: (items[only],)
    return itemgetter(*indexes)


#: "no suit" in :func:`_follow_suits`: a hand's cards of it are none
NO_SUIT = 4


def _follow_suits(following: int, trump: int, led: int) -> tuple[int, int, int]:
    """COPY of :func:`pitchkit.tricks.legal_follows` as three effective suits (NO_SUIT:
    none), for a lead of effective suit ``led``: (``follow``, ``also``, ``cannot``). A
    hand that holds a card of ``follow`` may play those and its cards of ``also``; one
    that holds none, its cards of ``cannot`` if it holds any, else any card
    (tests/test_fastsim.py proves it the same as legal_follows on random hands)."""
    if following == ANY_CARD:
        return NO_SUIT, NO_SUIT, NO_SUIT  # rule: play.following any_card
    if following == FOLLOW_OR_TRUMP:
        return led, trump, NO_SUIT  # rule: follow suit or trump; else anything
    if following == MUST_FOLLOW_THEN_TRUMP:
        return led, NO_SUIT, trump  # rule: follow suit; else a trump; else anything
    return led, NO_SUIT, NO_SUIT  # rule: must follow suit; else anything


def _follow_indexes(following: int, trump: int, led: int) -> tuple[int, int, int]:
    """:func:`_follow_suits` as indexes into a hand's :func:`_unions`: (``follow``,
    ``follow`` and ``also``, ``cannot``). A hand holding a card at the first may play
    its cards at the second; one that holds none, its cards at the third if any, else
    any card."""
    follow, also, cannot = _follow_suits(following, trump, led)
    return follow * 6, follow * 5 + also, cannot * 6


#: places in a hand as bits up to which :func:`_places` is a table
_PLACES_TABLE = 12


def _places(per: int) -> Any:
    """For each mask of places in a hand of ``per`` cards, (its places in order, then -1
    up to 2**bits, and the bits random.Random._randbelow draws to choose one of them: a
    draw that reads -1 is drawn again): a tuple of them, or for long hands an object
    that works them out when asked."""
    if per <= _PLACES_TABLE:
        return tuple(_Places.of(mask) for mask in range(1 << per))
    return _Places()


class _Places:
    """The places of a mask of a long hand, worked out when asked (``places[mask]``)."""

    @staticmethod
    def of(mask: int) -> tuple[tuple[int, ...], int]:
        held = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
        drawn = len(held).bit_length()
        return held + (-1,) * ((1 << drawn) - len(held)), drawn

    def __getitem__(self, mask: int) -> tuple[tuple[int, ...], int]:
        return self.of(mask)


@lru_cache(maxsize=32)
def _suit_runs(per: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    """For a sorted hand of ``per`` cards, by how many of its cards are below 13, 26
    and 39 (``[a][b][c]``, a <= b <= c): the :func:`_unions` of its masks of places by
    natural suit and NO_SUIT's 0 (the suits' cards are runs of a sorted hand: card // 13)."""
    prefix = _PREFIX
    full = prefix[per]
    return tuple(tuple(tuple(_unions((prefix[a], prefix[b] - prefix[a], prefix[c] - prefix[b],
                                      full - prefix[c], 0)) if a <= b <= c else ()
                             for c in range(per + 1))
                       for b in range(per + 1))
                 for a in range(per + 1))


def _unions(masks: Sequence[int]) -> tuple[int, ...]:
    """A hand's five masks of places by suit (NO_SUIT's 0 last) as the play loop reads
    them: the union of suits ``x`` and ``y`` at ``x * 5 + y`` (suit ``x`` at ``x * 6``)."""
    return tuple(masks[x] | masks[y] for x in range(5) for y in range(5))


def _natural_masks(cards: list[list[int]], runs: Any) -> list[Sequence[int]]:
    """Each seat's cards (sorted) by natural suit as masks of places, and NO_SUIT's 0,
    as their :func:`_unions`; ``runs`` is :func:`_suit_runs` of the hands' length."""
    return [runs[_bisect(hand, 13)][_bisect(hand, 26)][_bisect(hand, 39)] for hand in cards]


def _suit_masks(natural: list[Sequence[int]], cards: list[list[int]],
                moved: tuple[int, ...], trump: int) -> list[Sequence[int]]:
    """Each seat's cards (sorted) by effective suit as masks of places, and NO_SUIT's 0,
    as their :func:`_unions`: their ``natural`` ones (:func:`_natural_masks`) with
    ``moved``, the cards that are ``trump`` though not of its suit, moved to the trump
    suit."""
    if not moved:
        return natural
    out = list(natural)
    for card in moved:
        for seat, hand in enumerate(cards):
            if card in hand:
                bit = 1 << hand.index(card)
                masks = [out[seat][suit * 6] for suit in range(NO_SUIT + 1)]
                masks[card // 13] -= bit
                masks[trump] += bit
                out[seat] = _unions(masks)
                break
    return out


def _masks(cards: list[list[int]]) -> tuple[int, ...]:
    """Each seat's cards as a mask."""
    return tuple(sum(1 << card for card in hand) for hand in cards)


#: the masks of the first i places
_PREFIX = tuple((1 << i) - 1 for i in range(64))


def _bid_options(auction: Any, per: int, is_dealer: bool, high: int, own_high: bool
                 ) -> tuple[bool, int, int, int, bool, int, int]:
    """COPY of :func:`pitchkit.auction.auction_options` for a random bot: a seat's
    options (the dealer's or not, the high bid so far ``high`` (0: none), ``own_high``:
    the seat holds it) as (may pass, lowest bid, highest bid, the bids between them, may
    bid the moon, the count of options, the bits random.Random._randbelow draws to
    choose one). Pitching a card to bid is one option a card of the ``per`` held."""
    forced = is_dealer and high == 0 and auction.when_all_pass_dealer_must_bid
    highest = auction.max_bid if high >= auction.min_bid else auction.opening_max_bid
    if forced and auction.dealer_forced_bid_exact:
        may_pass, lowest = False, auction.dealer_forced_bid
        highest = lowest
        may_moon = False
        may_pitch = auction.pitch_to_bid and lowest == auction.max_bid
    else:
        if forced:
            lowest = auction.dealer_forced_bid
        else:
            lowest = high + 1 if high >= auction.min_bid else auction.opening_min_bid
        if high >= auction.may_equal_from:
            lowest = high
        if (is_dealer and auction.dealer_may_steal and 0 < high <= highest
                and not own_high
                and (high < highest or auction.dealer_may_steal_max)):
            lowest = high
        may_pass = not forced
        may_moon = auction.moon_allowed
        may_pitch = auction.pitch_to_bid and lowest <= highest
    numeric = highest - lowest + 1 if lowest <= highest else 0
    count = may_pass + numeric + may_moon + (per if may_pitch else 0)
    return may_pass, lowest, highest, numeric, may_moon, count, count.bit_length()


@dataclass
class FastGame:
    """A game played here: what ``simulate`` reads of a :class:`pitchkit.engine.Game`,
    and of its hands what the statistics read (:func:`pitchkit.stats.hand_key`)."""

    n: int
    #: the key of each hand played (pitchkit.stats.hand_key of the engine's HandResult)
    hand_keys: list[HandKey]
    #: the scores after each deal, thrown in or played
    scores_after: list[Sequence[int]]
    #: deals thrown in
    thrown_in: int
    outcome: Outcome | None
    scores: list[int]
    hands_played: int
    ledger: Any

    @property
    def players(self) -> list[int]:
        return list(range(self.n))

    def settlement(self) -> dict[int, int] | None:
        """Cents per player (money variants), as ``Game.settlement``."""
        if self.ledger is None:
            return None
        if self.outcome is not None and self.outcome.settlement is not None:
            return dict(self.outcome.settlement)
        return dict(self.ledger.totals())


def play_random_game(rules: Rules, key: str, hand_limit: int, deal_limit: int,
                     trace: Trace | None = None, keep_scores: bool = True) -> FastGame:
    """Play the game seeded ``key`` with random bots in every seat, as ``simulate`` does.

    Stops at the end of the game, or before a deal once ``hand_limit`` hands were played
    or ``deal_limit`` deals dealt. The game deals from ``random.Random(key)`` and seat
    ``s`` decides from ``random.Random(f"{key}:seat{s}")``, as simulate's random bots.
    Without ``keep_scores`` the scores after each deal are not kept (``scores_after``
    stays empty; simulate reads them only of its sample games): a list of a tuple a hand
    kept to the game's end costs random play about 5% of its CPU time, fresh memory
    each hand where a tuple dropped leaves its memory to the next.
    """
    fast = fast_plan(rules)
    plan = fast.plan
    seats_plan, auction, play_plan = plan.seats, plan.auction, plan.play
    n = seats_plan.count
    rng = random.Random(key)
    dealer = rng.randrange(n) if fast.first_dealer is None else fast.first_dealer
    grbs = [random.Random(f"{key}:seat{seat}").getrandbits for seat in range(n)]
    game_bits = rng.getrandbits
    next_seat, bid_next, team_of = seats_plan.next_seat, seats_plan.bid_next, seats_plan.team_of
    per, deals, deck = plan.deal.cards_per_hand, fast.deals, plan.deal.deck
    full = (1 << per) - 1
    places = fast.places
    runs = _suit_runs(per)
    card_bit = CARD_BIT  # a card's bit, and a place's in a hand
    trump_sets = fast.trump_sets
    tracing = trace is not None
    first_must_trump = play_plan.first_lead_must_be_trump
    names_trump = plan.trump.chosen_by_pitcher_names
    score_plan = plan.scoring
    scorer = fast.scorer
    bid_options = fast.bid_options
    ledger = None
    if rules.money.enabled:
        from pitchkit.money import MoneyLedger
        ledger = MoneyLedger(rules, tuple(range(n)))
    scores: Sequence[int] = (fast.start,) * n  # before the hand (a tuple)
    hand_keys: list[HandKey] = []
    keep_key = hand_keys.append
    scores_after: list[Sequence[int]] = []
    keep_score = scores_after.append
    thrown_in = 0
    outcome: Outcome | None = None
    hands_played = 0
    seats = range(n)
    # per leader: the other seats of a trick in order, with their generators
    rest = []
    for leader in seats:
        seat, after = leader, []
        for _ in range(n - 1):
            seat = next_seat[seat]
            after.append((seat, grbs[seat]))
        rest.append(tuple(after))
    while hands_played + thrown_in < deal_limit and hands_played < hand_limit:
        # ---- the deal (COPY of dealing.deal_random: the same draws)
        width, groups, getters = deals[dealer]
        draws = game_bits(width)
        bits = list(deck)  # the cards left (named bits: they were masks)
        for product, pairs, single in groups:
            draws, digits = divmod(draws, product)
            # two draws at a time (FastPlan.deals); the card drawn goes to the end of
            # the cards left (deal_random drops it there): the cards below are its own
            for radix, digit_pairs, last, next_last in pairs:
                i, j = digit_pairs[digits % radix]
                digits //= radix
                bits[i], bits[last] = bits[last], bits[i]
                bits[j], bits[next_last] = bits[next_last], bits[j]
            if single >= 0:  # the group's last draw: what is left of its digits
                bits[digits], bits[single] = bits[single], bits[digits]
        # each seat's cards, lowest first: a card's place in its hand is its bit in the
        # seat's mask of places held
        cards = [sorted(get(bits)) for get in getters]
        natural = _natural_masks(cards, runs)
        if trace is not None:
            trace.append(("deal", _masks(cards)))
        # ---- the auction (COPY of auction.auction_options / auction.step)
        pitcher = -1
        bid: int | None = None
        moon = False
        pitched = -1
        trump = -1
        if auction.has_auction:
            high, high_bidder, turns = 0, -1, 0
            passed = [False] * n
            seat = bid_next[dealer]
            while True:
                # the seat's options (_bid_options), worked out once per rule set
                at = high * 4 + (seat == dealer) * 2 + (high_bidder == seat)
                offer = bid_options.get(at)
                if offer is None:
                    offer = bid_options[at] = _bid_options(
                        auction, per, seat == dealer, high, high_bidder == seat)
                may_pass, lowest, highest, numeric, may_moon, count, drawn = offer
                grb = grbs[seat]
                k = grb(drawn)
                while k >= count:
                    k = grb(drawn)
                ends = False
                if may_pass and k == 0:
                    action = PASS
                    passed[seat] = True
                else:
                    k -= may_pass
                    if k < numeric:
                        high, high_bidder = lowest + k, seat
                        action = BID_BASE + high
                    elif may_moon and k == numeric:
                        high, high_bidder, moon = highest + 1, seat, True
                        action = MOON
                        ends = True
                    else:
                        # the k-th lowest card (any card may be pitched)
                        pitched = k - numeric - may_moon
                        high, high_bidder = highest, seat
                        ends = True
                        action = -1
                if trace is not None and action >= 0:
                    trace.append((seat, action))
                turns += 1
                if not ends:
                    if auction.style_one_round:
                        # rule: one chance each (source B): auction.style one_round
                        ends = turns >= n
                    else:
                        active = n - sum(passed)
                        ends = active == 0 or (active == 1 and high_bidder >= 0)
                if ends:
                    break
                seat = bid_next[seat]
                while passed[seat]:
                    seat = bid_next[seat]
            if high_bidder < 0:
                # ---- thrown in (COPY of closing.all_passed)
                when = auction.when_all_pass
                changes = (0,) * n
                old = scores
                over = None
                if when is WhenAllPass.DEALER_SET:
                    changes = dealer_set_changes(rules, team_of, dealer)
                    over = settle_parts(rules, old, team_of, None, changes, None, {},
                                        hands_played)
                    old = over[0]
                    scores = old
                    if ledger is not None:
                        ledger.hand({s: changes[s] for s in seats}, moon_shooter=None,
                                    moon_made=None)
                thrown_in += 1
                if keep_scores:
                    keep_score(old)
                if over is not None and over[1]:
                    outcome = _outcome(over, ledger)
                    break
                if when is not WhenAllPass.SAME_DEALER_REDEALS:
                    dealer = next_seat[dealer]
                continue
            pitcher = high_bidder
            bid = None if moon else high
        # ---- trump named, and the first leader (COPY of flow.after_auction, flow.name_trump)
        leader = next_seat[dealer]
        if pitched >= 0:
            leader = pitcher
        elif pitcher >= 0 and names_trump:
            grb = grbs[pitcher]
            k = grb(3)
            while k >= 4:
                k = grb(3)
            trump = k
            if trace is not None:
                trace.append((pitcher, TRUMP_BASE + k))
            if play_plan.first_leader_pitcher:
                leader = pitcher
        elif play_plan.first_leader_pitcher and pitcher >= 0:
            leader = pitcher
        # ---- trick play (COPY of tricks.legal_leads / legal_follows, play.step): each
        # seat's hand a mask of places in its sorted cards (small ints: no big-int work)
        held = [full] * n
        if trump >= 0:
            eff, moved, by_led = trump_sets[trump]
            masks = _suit_masks(natural, cards, moved, trump)
        captured = [0] * n
        first = True
        for _trick in range(per):
            seat = leader
            hand = held[seat]
            # the random bot's draw (random.Random._randbelow: with one card too, a bit
            # drawn until it is 0), written out for the first lead, the later leads and
            # the cards that follow (a function call per card costs about 5% of a hand)
            if first:
                # the hand's first lead: the card pitched to bid, or a trump where the
                # first lead must be one; where no trump was named its suit is trump
                first = False
                if pitched >= 0:
                    place = pitched
                else:
                    legal = hand
                    if first_must_trump and trump >= 0:
                        # rule: play.first_lead_must_be_trump
                        legal = (hand & masks[seat][trump * 6]) or hand
                    options, drawn = places[legal]
                    grb = grbs[seat]
                    place = options[grb(drawn)]
                    while place < 0:
                        place = options[grb(drawn)]
                if trump < 0:
                    # rule: "the suit of that first card is trump for the hand" (A, B)
                    trump = cards[seat][place] // 13
                    eff, moved, by_led = trump_sets[trump]
                    masks = _suit_masks(natural, cards, moved, trump)
            else:
                options, drawn = places[hand]
                grb = grbs[seat]
                place = options[grb(drawn)]
                while place < 0:
                    place = options[grb(drawn)]
            held[seat] = hand - card_bit[place]
            card = cards[seat][place]
            if tracing:
                trace.append((seat, card))  # type: ignore[union-attr]
            # the follow rule as indexes into each seat's unions of masks by effective
            # suit (FastPlan.trump_sets, _follow_suits)
            keys, follow, allow, cannot = by_led[eff[card]]
            win_key = keys[card]
            winner = seat
            in_trick = card_bit[card]
            for seat, grb in rest[leader]:
                hand = held[seat]
                mine = masks[seat]
                legal = hand & mine[allow] if hand & mine[follow] else hand & mine[cannot] or hand
                options, drawn = places[legal]
                place = options[grb(drawn)]
                while place < 0:
                    place = options[grb(drawn)]
                held[seat] = hand - card_bit[place]
                card = cards[seat][place]
                if tracing:
                    trace.append((seat, card))  # type: ignore[union-attr]
                in_trick += card_bit[card]
                card_key = keys[card]
                if card_key > win_key:
                    win_key = card_key
                    winner = seat
            captured[winner] += in_trick
            leader = winner
        # ---- the hand's score: a bid's by the faster copy (pitchkit.fastscore) while
        # the game goes on, else by the definitions (pitchkit.scoring, pitchkit.settle)
        hands_played += 1
        old_scores = scores
        quick = None
        if scorer is not None and bid is not None and trump >= 0:
            # every card dealt is played, so captured: their sum is the cards dealt
            quick = scorer(trump, pitcher, bid, sum(captured), captured, leader, old_scores,
                           hands_played)
        if quick is not None:
            points, made, changes, new = quick
            moon_made = None
            settled = _GOES_ON
        else:
            # tricks won: each trick adds its n cards to what its winner captured
            won = tuple(m.bit_count() // n for m in captured)
            points, made, moon_made, changes, _combo, _won = score_parts(
                score_plan, trump if trump >= 0 else None, dealer, team_of,
                pitcher if pitcher >= 0 else None, bid, moon, _masks(cards), captured, won,
                leader if per else None)
            settled = settle_parts(rules, old_scores, team_of,
                                   pitcher if pitcher >= 0 else None, changes, moon_made,
                                   points, hands_played, made)
            new = settled[0]
            points = tuple(points.items())
        scores = new
        if ledger is not None:
            shooter = pitcher if moon and pitcher >= 0 else None
            ledger.hand({s: new[s] - old_scores[s] for s in seats}, moon_shooter=shooter,
                        moon_made=moon_made if shooter is not None else None)
        # pitchkit.stats.hand_key of the engine's HandResult of this hand
        keep_key((dealer, pitcher if pitcher >= 0 else None, "moon" if moon else bid, moon,
                  made, changes, points, None))
        if keep_scores:
            keep_score(new)
        if settled[1]:
            outcome = _outcome(settled, ledger)
            break
        dealer = next_seat[dealer]
    return FastGame(n=n, hand_keys=hand_keys, scores_after=scores_after, thrown_in=thrown_in,
                    outcome=outcome, scores=list(scores),
                    hands_played=hands_played, ledger=ledger)


def _outcome(settled: Sequence[Any], ledger: Any) -> Outcome:
    scores, _over, winners, draw, replay = settled[:5]
    return Outcome(winners=winners, draw=draw, scores=scores,
                   settlement=ledger.settle() if ledger is not None else None, replay=replay)
