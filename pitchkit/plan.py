"""The rules plan: every value the engine derives from a rule set, worked out once.

:func:`rules_plan` compiles a :class:`Rules` (for a table of ``players`` seats: a money
game's seats change between hands) into a :class:`RulesPlan`, one frozen record per
phase: :class:`SeatsPlan`, :class:`DealPlan`, :class:`AuctionPlan`, :class:`TrumpPlan`,
the draw's :class:`pitchkit.draw.DrawPlan`, the call's :class:`pitchkit.call.CallPlan`,
:class:`PlayPlan` and the
:class:`pitchkit.scoring.ScoringPlan`. The plan is cached per (rule set, seats), so the
engine, the phases, the bots, ``explain`` and the statistics read one copy.

A field is named after the setting it comes from (``auction.dealer_may_steal`` is
``plan.auction.dealer_may_steal``). A field that holds one value of an enum setting as a
flag is named setting-then-value (``auction.style: sell`` is ``style_sell``). Derived
values (deck size, cards per hand, the seat after each seat) say in their comment which
settings they come from.

A new setting touches its schema entry (and the :mod:`pitchkit.variant` field that
mirrors it), one field here, the phase code that applies it, ``explain``, and its test
(``deal.weak_hand_below``: those plus a meaning check in ``checks`` and the README).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pitchkit.cards import JOKER_MASK, RANKS
from pitchkit.memo import per_rule_set
from pitchkit.variant import (
    AuctionStyle,
    BidDirection,
    Direction,
    FirstLeader,
    MayEqual,
    Partnerships,
    PitchedJoker,
    Rules,
    ShownCard,
    TrumpChosenBy,
    WhenAllPass,
)

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.call import CallPlan
    from pitchkit.draw import DrawPlan
    from pitchkit.scoring import ScoringPlan
    from pitchkit.tricks import TrumpTables

# The compiling functions import the engine's modules when first called, so that
# checks and explain (which read cards_per_hand) start without them.

#: Trick key of a plain card after a joker lead while trump is unknown: it sets trump.
SETS_TRUMP = 1 << 20


def shown_card_out_of_play(rules: Rules) -> bool:
    """A turned card is set aside for the hand (``trump.shown_card: out_of_play`` with
    ``trump.chosen_by: turned_card``)."""
    return (rules.trump.chosen_by is TrumpChosenBy.TURNED_CARD
            and rules.trump.shown_card is ShownCard.OUT_OF_PLAY)


def cards_per_hand(rules: Rules, players: int | None = None) -> int:
    """Cards each of ``players`` seats (default ``players.count``) is dealt
    (``deal.cards_per_hand``); ``all`` is the deck shared out evenly.

    The one definition: checks, explain, the engine and the bots read it (through the
    plan where they have one).
    """
    per = rules.deal.cards_per_hand
    if per != "all":
        return int(per)
    n = rules.players.count if players is None else players
    # rule: "the whole deck dealt out evenly (cards that do not divide evenly stay
    # undealt)"; a turned card set aside is not dealt (deal.cards_per_hand)
    return (len(rules.deck.cards()) - shown_card_out_of_play(rules)) // n


def cards_needed(rules: Rules, players: int | None = None) -> int:
    """Cards a deal to ``players`` seats (default ``players.count``) takes from the deck:
    every hand, the kitty (``deal.kitty``, dealt face down whatever the table's size) and a
    turned card set aside (:func:`shown_card_out_of_play`)."""
    n = rules.players.count if players is None else players
    return n * cards_per_hand(rules, n) + rules.deal.kitty + shown_card_out_of_play(rules)


@dataclass(frozen=True, slots=True)
class SeatsPlan:
    """Seats at the table and who sits next to whom."""

    #: seats at the table (``players.count``, or the seats of a money game now)
    count: int
    #: the next seat in the order of play (``deal.direction``)
    next_seat: tuple[int, ...]
    #: the next seat in the auction (``auction.direction``; ``play``: as next_seat)
    bid_next: tuple[int, ...]
    #: each seat's team (``players.partnerships``: seat s is on team s mod teams)
    team_of: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealPlan:
    """The deck and the deal (``deck`` and ``deal`` sections)."""

    #: the deck's cards in order (``deck.ranks``, ``deck.without``, ``deck.jokers``)
    deck: tuple[int, ...]
    #: one bit per card of ``deck``, and all of them as one mask
    deck_bits: tuple[int, ...]
    deck_mask: int
    deck_size: int
    #: :func:`cards_per_hand` for this table
    cards_per_hand: int
    packet_size: int
    kitty: int
    #: ``trump.chosen_by: turned_card``: a card is turned from the middle of the deck
    chosen_by_turned_card: bool
    #: :func:`shown_card_out_of_play`
    shown_card_out_of_play: bool
    #: the cards that keep a hand from being weak (``deal.weak_hand_below``: that rank
    #: and higher in every suit, the ranks of ``deal.weak_hand_strong_ranks``, and the
    #: jokers); 0: no weak-hand rule
    weak_hand_below: int
    #: ``deal.weak_hand_misdeal``, with a weak-hand rule: a hand thrown in is a misdeal,
    #: the same dealer deals again
    weak_hand_misdeal: bool


@dataclass(frozen=True, slots=True)
class AuctionPlan:
    """The auction settings (``auction`` section, with ``moon.allowed``)."""

    #: the variant has an auction (``rules.has_auction``)
    has_auction: bool
    min_bid: int
    max_bid: int
    #: ``auction.dealer_forced_bid`` within min_bid..max_bid
    dealer_forced_bid: int
    dealer_forced_bid_exact: bool
    when_all_pass: WhenAllPass
    #: ``when_all_pass: dealer_must_bid`` (a sold auction has its own end: pitchkit.sell)
    when_all_pass_dealer_must_bid: bool
    dealer_may_steal: bool
    dealer_may_steal_max: bool
    #: ``moon.allowed``
    moon_allowed: bool
    #: ``auction.pitch_to_bid``, off in staged play (``play.stages``)
    pitch_to_bid: bool
    #: each seat bids once: ``style: one_round`` (and ``sell``: one round, then the sale)
    style_one_round: bool
    style_sell: bool
    #: ``auction.opening_min_bid``, min_bid when unset
    opening_min_bid: int
    #: ``auction.opening_max_bid``, max_bid when unset
    opening_max_bid: int
    #: the lowest high bid a later bid may equal (``auction.may_equal``; max_bid + 1:
    #: never)
    may_equal_from: int
    #: ``auction.alone`` with partnerships: the pitcher may play alone
    alone: bool


@dataclass(frozen=True, slots=True)
class TrumpPlan:
    """How trump is chosen (``trump`` section; a turned card: ``DealPlan``)."""

    chosen_by_pitcher_names: bool
    #: ``trump.pitched_joker: makes_spades``
    pitched_joker_makes_spades: bool


@dataclass(frozen=True, slots=True)
class PlayPlan:
    """Trick play (``play`` section) and the trick tables of each trump suit."""

    #: ``play.following`` as a small int (pitchkit.tricks.FOLLOWING_CODE)
    following: int
    #: ``play.trick_winner: suit_led``
    trick_winner_suit_led: bool
    stages: tuple[int, ...]
    first_lead_must_be_trump: bool
    never_lead_joker: bool
    trumps_only: bool
    #: ``play.first_leader: pitcher``
    first_leader_pitcher: bool
    #: ``play.first_leader: left_of_dealer``
    first_leader_left_of_dealer: bool
    #: per trump suit: (tables, suit masks plus 0 for tricks.NO_SUIT, trick keys by suit
    #: led: ``suit_led_keys`` under trick_winner suit_led, else ``win_keys``)
    trump_sets: tuple[tuple[TrumpTables, tuple[int, ...], tuple[tuple[int, ...], ...]], ...]
    #: trick keys after a joker lead while trump is unknown: the jokers rank among
    #: themselves as in any trump suit; a plain card sets trump (SETS_TRUMP)
    blind_keys: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RulesPlan:
    """Everything derived from one rule set for one table size (:func:`rules_plan`)."""

    rules: Rules
    seats: SeatsPlan
    deal: DealPlan
    auction: AuctionPlan
    trump: TrumpPlan
    #: the draw and the kitty (None: the variant has neither)
    draw: DrawPlan | None
    #: the call of a partner (None: the variant calls none)
    call: CallPlan | None
    play: PlayPlan
    scoring: ScoringPlan
    #: per dealer: the seat of each card dealt, and the random draws that deal them
    #: (:func:`pitchkit.dealing.deal_seats`, worked out once per dealer)
    deal_orders: tuple[tuple[tuple[int, ...], tuple[tuple[int, tuple[tuple[int, int, int], ...]],
                                                      ...]], ...] = ()


def _seats(rules: Rules, n: int) -> SeatsPlan:
    # rule: direction left: the next seat in the order of play (deal.direction)
    step = 1 if rules.deal.direction is Direction.LEFT else -1
    next_seat = tuple((s + step) % n for s in range(n))
    # rule: the bidding goes round from the dealer's left or right (auction.direction)
    bid_way = rules.auction.direction
    if bid_way is not BidDirection.PLAY:
        step = 1 if bid_way is BidDirection.LEFT else -1
    teams = rules.players.teams
    # rule: "seat s is on team s mod N" (players.partnerships)
    partners = rules.players.partnerships is not Partnerships.NONE
    return SeatsPlan(count=n, next_seat=next_seat,
                     bid_next=tuple((s + step) % n for s in range(n)),
                     team_of=tuple(s % teams if partners else s for s in range(n)))


def _deal(rules: Rules, n: int) -> DealPlan:
    deck = rules.deck.cards()
    bits = tuple(1 << card for card in deck)
    return DealPlan(deck=deck, deck_bits=bits, deck_mask=sum(bits), deck_size=len(deck),
                    cards_per_hand=cards_per_hand(rules, n),
                    packet_size=rules.deal.packet_size, kitty=rules.deal.kitty,
                    chosen_by_turned_card=rules.trump.chosen_by is TrumpChosenBy.TURNED_CARD,
                    shown_card_out_of_play=shown_card_out_of_play(rules),
                    weak_hand_below=strong_cards(rules),
                    weak_hand_misdeal=(rules.setting("deal.weak_hand_misdeal", bool)
                                       and rules.deal.weak_hand_below is not None))


def strong_cards(rules: Rules) -> int:
    """The cards that keep a hand from being weak under ``deal.weak_hand_below``: the
    rank named and every higher rank, in every suit, the ranks of
    ``deal.weak_hand_strong_ranks`` and the jokers (0: no such rule)."""
    below = rules.deal.weak_hand_below
    if below is None:
        return 0
    lowest = RANKS.index(below)
    # rule: "Non-scoring cards are threes through nines of any suit including the trump"
    # (Minnesota Smear, ourpastimes.com): a two keeps the hand (weak_hand_strong_ranks)
    also = {RANKS.index(str(rank))
            for rank in rules.setting("deal.weak_hand_strong_ranks", tuple)}
    mask = JOKER_MASK
    for card in range(52):
        if card % 13 >= lowest or card % 13 in also:
            mask |= 1 << card
    return mask


def _auction(rules: Rules) -> AuctionPlan:
    a = rules.auction
    opening_max_bid = rules.optional_setting("auction.opening_max_bid", int)
    sold = a.style is AuctionStyle.SELL
    return AuctionPlan(
        has_auction=rules.has_auction, min_bid=a.min_bid, max_bid=a.max_bid,
        dealer_forced_bid=min(max(a.min_bid, a.dealer_forced_bid), a.max_bid),
        dealer_forced_bid_exact=a.dealer_forced_bid_exact, when_all_pass=a.when_all_pass,
        when_all_pass_dealer_must_bid=(a.when_all_pass is WhenAllPass.DEALER_MUST_BID
                                       and not sold),
        dealer_may_steal=a.dealer_may_steal, dealer_may_steal_max=a.dealer_may_steal_max,
        moon_allowed=rules.moon.allowed,
        pitch_to_bid=a.pitch_to_bid and not rules.play.stages,
        style_one_round=a.style is AuctionStyle.ONE_ROUND or sold, style_sell=sold,
        opening_min_bid=a.min_bid if a.opening_min_bid is None else a.opening_min_bid,
        opening_max_bid=(a.max_bid if opening_max_bid is None else opening_max_bid),
        may_equal_from={MayEqual.NONE: a.max_bid + 1, MayEqual.MAX_BID: a.max_bid,
                        MayEqual.ANY: 1}[a.may_equal],
        alone=a.alone and rules.players.partnerships is not Partnerships.NONE)


def _play(rules: Rules) -> PlayPlan:
    from pitchkit.tricks import FOLLOWING_CODE, tables_for, trick_winner_suit_led
    p = rules.play
    led_only = trick_winner_suit_led(rules)
    trump_sets = tuple(
        (t, (*t.suit_masks, 0), t.suit_led_keys if led_only else t.win_keys)
        for t in (tables_for(rules, suit) for suit in range(4)))
    power = trump_sets[0][0].power
    return PlayPlan(
        following=FOLLOWING_CODE[p.following], trick_winner_suit_led=led_only,
        stages=tuple(p.stages), first_lead_must_be_trump=p.first_lead_must_be_trump,
        never_lead_joker=p.never_lead_joker, trumps_only=p.trumps_only,
        first_leader_pitcher=p.first_leader is FirstLeader.PITCHER,
        first_leader_left_of_dealer=p.first_leader is FirstLeader.LEFT_OF_DEALER,
        trump_sets=trump_sets, blind_keys=(SETS_TRUMP,) * 52 + (power[52], power[53]))


def rules_plan(rules: Rules, players: int | None = None) -> RulesPlan:
    """The :class:`RulesPlan` of ``rules`` for ``players`` seats (default
    ``players.count``): compiled once, then cached."""
    return _compiled(rules, rules.players.count if players is None else players)


@per_rule_set(256)
def _compiled(rules: Rules, n: int) -> RulesPlan:
    """The :class:`RulesPlan` of ``rules`` for ``n`` seats."""
    from pitchkit.call import call_plan
    from pitchkit.draw import draw_plan
    from pitchkit.scoring import scoring_plan
    deal = _deal(rules, n)
    t = rules.trump
    plan = RulesPlan(
        rules=rules, seats=_seats(rules, n), deal=deal, auction=_auction(rules),
        trump=TrumpPlan(
            chosen_by_pitcher_names=t.chosen_by is TrumpChosenBy.PITCHER_NAMES,
            pitched_joker_makes_spades=t.pitched_joker is PitchedJoker.MAKES_SPADES),
        draw=draw_plan(rules, deal.cards_per_hand), call=call_plan(rules), play=_play(rules),
        scoring=scoring_plan(rules))
    from pitchkit.dealing import deal_orders
    return replace(plan, deal_orders=deal_orders(plan))
