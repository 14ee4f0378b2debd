"""The auction: who may bid what, and when the auction ends.

The phase owns its state, an :class:`AuctionState` for the hand; :func:`step` applies
one action to it and says who acts next, that the auction is over, or that the action
is illegal (:func:`auction_reason` says why). The engine logs the bid and, when the
auction is over, writes its result (pitcher, bid, moon, a pitched card, a sale) to the
game: nothing here writes to the game. Bids are kept as numbers with the moon as
``max_bid + 1``.

:func:`step` changes the record in place rather than returning a new one: the auction
runs four or five times a hand, and a new frozen record of its seven fields costs about
1.3 us to build against 0.05 us for the two or three attribute writes (timeit, Python
3.11, this machine): some 6 us a hand, a tenth of a random-play hand's 55 us. No reader
needs the old state: the record is the auction's alone and the engine starts a new one
each hand (Game.clone copies it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pitchkit import sell
from pitchkit.actions import BID_BASE, MAX_BID, MOON, PASS, REFUSE, SELL, action_text
from pitchkit.cards import card_name
from pitchkit.errors import seat_name
from pitchkit.plan import RulesPlan
from pitchkit.play import cards_list
from pitchkit.variant import WhenAllPass

#: :func:`step`'s answers other than the next seat to act
ENDED, ILLEGAL = -1, -2


class AuctionState:
    """The auction's own record for one hand."""

    __slots__ = ("bids", "high", "high_bidder", "moon", "options", "passed", "pitched",
                 "sale", "turns")

    def __init__(self, seats: int) -> None:
        #: the high bid so far (0: none) and its bidder (-1: none)
        self.high = 0
        self.high_bidder = -1
        #: the high bid is the moon
        self.moon = False
        #: seats that passed (out of the auction)
        self.passed = [False] * seats
        #: actions taken so far
        self.turns = 0
        #: (seat, action) of every action, shown to all: a pitch as the bid it shows, then
        #: the pitcher's answers after the auction (going alone, naming trump)
        self.bids: list[tuple[int, int]] = []
        #: the options legal_actions worked out for the seat to act (step reuses them)
        self.options: tuple[bool, int, int, bool, bool] | None = None
        #: a card pitched to bid (the opening lead) once the auction ends with it
        self.pitched: int | None = None
        #: auction.style sell: (seller, price) when the eldest sold the pitch
        self.sale: tuple[int, int] | None = None

    def copy(self) -> AuctionState:
        other = AuctionState.__new__(AuctionState)
        for name in AuctionState.__slots__:
            setattr(other, name, getattr(self, name))
        other.passed = list(self.passed)
        other.bids = list(self.bids)
        return other

    def snapshot(self) -> tuple[object, ...]:
        return (self.high, self.high_bidder, self.moon, tuple(self.passed), self.turns,
                self.pitched, self.sale, tuple(self.bids))


# ------------------------------------------------------------------ options

def auction_options(plan: RulesPlan, state: AuctionState, dealer: int, seat: int
                    ) -> tuple[bool, int, int, bool, bool]:
    """(may pass, lowest bid, highest bid, may bid moon, may pitch) for ``seat`` now.

    The lowest bid may exceed the highest: then no numeric bid is open.
    """
    a = plan.auction
    high = state.high
    # rule: the first bid at most auction.opening_max_bid ("the first bid ranging from
    # two to four points", Minnesota Smear), later ones up to max_bid
    max_bid = a.max_bid if high >= a.min_bid else a.opening_max_bid
    forced_bid = a.dealer_forced_bid
    pitch = a.pitch_to_bid
    is_dealer = seat == dealer
    forced = is_dealer and high == 0 and a.when_all_pass_dealer_must_bid
    if forced and a.dealer_forced_bid_exact:
        # rule: "If all others pass, the dealer must bid 2" read literally (source A):
        # exactly dealer_forced_bid, no more
        return (False, forced_bid, forced_bid, False, pitch and forced_bid == max_bid)
    # rule: "If all others pass, the dealer must bid 2" (sources A, B): forced_bid
    # rule: the first bid at least auction.opening_min_bid, later ones above the high bid
    lowest = forced_bid if forced else (high + 1 if high >= a.min_bid else a.opening_min_bid)
    if high >= a.may_equal_from:
        # rule: "If a person bids 14, you can top this bid by also bidding 14" (Pidro);
        # auction.may_equal
        lowest = high
    if (is_dealer and a.dealer_may_steal and 0 < high <= max_bid and state.high_bidder != seat
            and (high < max_bid or a.dealer_may_steal_max)):
        # rule: "The dealer may steal by bidding equal to the current high bid" (A, B);
        # not a max bid unless dealer_may_steal_max; a moon ends the auction
        lowest = high
    return (not forced, lowest, max_bid, a.moon_allowed, pitch and lowest <= max_bid)


def forced_bid(plan: RulesPlan, dealer: int, bids: Sequence[tuple[int, int]], index: int
               ) -> bool:
    """Whether the bid ``bids[index]`` (``(seat, action)`` in order, as an observation
    keeps them) is the dealer's forced bid: the dealer's bid of
    ``auction.dealer_forced_bid`` after every seat before it passed, where
    ``auction.when_all_pass: dealer_must_bid`` (:func:`auction_options` gives no pass
    then). It tells the table only that the hand was worth no more, not that it was worth
    the bid (the search bots' worlds read it so)."""
    a = plan.auction
    seat, action = bids[index]
    if seat != dealer or not a.when_all_pass_dealer_must_bid \
            or action != BID_BASE + a.dealer_forced_bid:
        return False
    return all(earlier == PASS for _, earlier in bids[:index])


def sale_to_answer(plan: RulesPlan, state: AuctionState) -> bool:
    """auction.style sell: the round is over and the eldest is to sell the pitch or
    refuse (answer the high bid), not to bid."""
    return plan.auction.style_sell and sell.round_over(state.turns, plan.seats.count)


def auction_actions(plan: RulesPlan, state: AuctionState, dealer: int, seat: int,
                    leads: Callable[[int], int]) -> list[int]:
    """Every action ``seat`` may take now; ``leads(seat)`` is the cards it may lead
    (asked only when it may pitch)."""
    if sale_to_answer(plan, state):
        return [SELL, REFUSE]
    may_pass, lowest, highest, moon, pitches = bid_choices(plan, state, dealer, seat, leads)
    out = [PASS] if may_pass else []
    if lowest <= highest:
        out.extend(range(BID_BASE + lowest, BID_BASE + highest + 1))
    if moon:
        out.append(MOON)
    if pitches:
        out.extend(cards_list(pitches))
    return out


#: :func:`bid_choices`' answer: (may pass, lowest bid, highest bid, may bid moon, the
#: cards it may pitch as a mask)
BidChoices = tuple[bool, int, int, bool, int]


def bid_choices(plan: RulesPlan, state: AuctionState, dealer: int, seat: int,
                leads: Callable[[int], int]) -> BidChoices:
    """What :func:`auction_actions` lists when no sale is to be answered, without the
    list: (may pass, lowest bid, highest bid (none when the lowest is higher), may bid
    moon, the cards it may pitch as a mask, 0 when it may not pitch)."""
    options = auction_options(plan, state, dealer, seat)
    state.options = options  # step reuses them for this same decision
    may_pass, lowest, highest, moon, pitch = options
    return may_pass, lowest, highest, moon, leads(seat) if pitch else 0


def random_auction_action(plan: RulesPlan, state: AuctionState, dealer: int, seat: int,
                          leads: Callable[[int], int], rng: random.Random) -> int:
    """``rng.choice(auction_actions(...))`` (the same draw) without building the list."""
    if plan.auction.style_sell and sale_to_answer(plan, state):
        return (SELL, REFUSE)[rng._randbelow(2)]  # type: ignore[attr-defined]
    options = auction_options(plan, state, dealer, seat)
    state.options = options
    may_pass, lowest, highest, moon, pitch = options
    bids = highest - lowest + 1 if lowest <= highest else 0
    pitches = leads(seat) if pitch else 0
    i = rng._randbelow(may_pass + bids + moon + pitches.bit_count())  # type: ignore[attr-defined]
    if may_pass:
        if i == 0:
            return PASS
        i -= 1
    if i < bids:
        return BID_BASE + lowest + i
    i -= bids
    if moon:
        if i == 0:
            return MOON
        i -= 1
    while i:  # the i-th lowest card that may be pitched
        pitches &= pitches - 1
        i -= 1
    return (pitches & -pitches).bit_length() - 1

# ------------------------------------------------------------------ apply

def auction_reason(plan: RulesPlan, state: AuctionState, dealer: int, seat: int,
                   action: int) -> str | None:
    """Why ``action`` is illegal for ``seat``, in one line; None for a pitch of a card
    the seat may not lead (the play's reason applies)."""
    if sale_to_answer(plan, state):
        return (f"{seat_name(seat)} (eldest) must sell the pitch to "
                f"{seat_name(state.high_bidder)} for {state.high} or refuse and pitch for it "
                f"(sell, refuse), not {_text(action)}")
    may_pass, lowest, highest, _moon, _pitch = auction_options(plan, state, dealer, seat)
    who = seat_name(seat) + (" (dealer)" if seat == dealer else "")
    exact = not may_pass and plan.auction.dealer_forced_bid_exact
    must = f"exactly {lowest}" if exact else f"at least {lowest}"
    if action == PASS:
        return f"{who} may not pass: everyone else passed and the dealer must bid {must}"
    if action == MOON:
        if exact and plan.auction.moon_allowed:
            return f"{who} may not bid moon: everyone else passed and the dealer must bid {must}"
        return f"{who} may not bid moon: this variant has no moon"
    if 0 <= action < 54:
        if not plan.auction.pitch_to_bid:
            return f"{who} may not play {card_name(action)} during the auction"
        if lowest > highest:
            return f"{who} may not pitch {card_name(action)}: the bid is already {highest}"
        if exact:
            return (f"{who} may not pitch {card_name(action)}: everyone else passed and the "
                    f"dealer must bid {must}")
        return None
    if BID_BASE < action <= BID_BASE + MAX_BID:
        n = action - BID_BASE
        high = state.high
        if lowest > highest:
            if n == high and seat == dealer and high == highest:
                return f"{who} may not steal a {n}"
            return f"{who} may only pass: the bid is already {high}"
        if n < lowest:
            if n == high and seat == dealer:
                return f"{who} may not steal: must bid more than {high} or pass"
            return f"{who} must bid at least {lowest}" + ("" if may_pass else
                                                           ": everyone else passed")
        if exact:
            return f"{who} may not bid {n}: everyone else passed and the dealer must bid {must}"
        return f"{who} may not bid {n}: the highest bid is {highest}"
    return f"{who} may not {_text(action)} during the auction"


def _text(action: int) -> str:
    try:
        return action_text(action)
    except ValueError:
        return str(action)


def _end_sale(state: AuctionState, sale: sell.Sale) -> int:
    state.high, state.high_bidder = sale.bid, sale.pitcher
    if sale.price:
        state.sale = (sale.seller, sale.price)
    return ENDED


def step(plan: RulesPlan, state: AuctionState, dealer: int, seat: int, action: int,
         leads: Callable[[int], int]) -> int:
    """Apply ``seat``'s ``action`` to ``state``: the next seat to act, :data:`ENDED`
    (nobody bid when ``state.high_bidder`` is -1), or :data:`ILLEGAL` (``state``
    unchanged)."""
    if plan.auction.style_sell and sale_to_answer(plan, state):
        sale = sell.decide(seat, action, state.high, state.high_bidder)
        if sale is None:
            return ILLEGAL
        state.bids.append((seat, action))
        return _end_sale(state, sale)
    # the options legal_actions() just worked out for this decision, if it was asked
    options = state.options or auction_options(plan, state, dealer, seat)
    state.options = None
    may_pass, lowest, highest, moon, pitch = options
    ends = False
    if action == PASS and may_pass:
        state.passed[seat] = True
    elif action == MOON and moon:
        # rule: "Bidding the moon ends the auction; it cannot be stolen" (schema moon)
        state.high, state.high_bidder, state.moon = highest + 1, seat, True
        ends = True
    elif BID_BASE < action <= BID_BASE + MAX_BID and lowest <= action - BID_BASE <= highest:
        state.high, state.high_bidder = action - BID_BASE, seat
    elif 0 <= action < 54 and pitch and leads(seat) >> action & 1:
        # rule: "A player may show a bid of 4 by ... pitching: that card is the
        # opening lead" (source B); it ends the auction
        state.high, state.high_bidder = highest, seat
        state.pitched = action
        action = BID_BASE + highest  # shown as the bid it is
        ends = True
    else:
        return ILLEGAL
    state.bids.append((seat, action))
    state.turns += 1
    a = plan.auction
    n = plan.seats.count
    bid_next = plan.seats.bid_next
    if a.style_sell and not ends and sell.round_over(state.turns, n):
        eldest = bid_next[dealer]
        if state.high_bidder >= 0:
            return eldest  # the eldest answers: sell or refuse
        if a.when_all_pass is WhenAllPass.DEALER_MUST_BID:
            return _end_sale(state, sell.nobody_bid(eldest, a.min_bid))
        ends = True
    if not ends:
        if a.style_one_round:
            # rule: "each player has one chance to bid" (source B), the dealer last
            ends = state.turns >= n
        else:
            # rule: "Bidding ends when all but one have passed" (source A)
            active = n - sum(state.passed)
            ends = active == 0 or (active == 1 and state.high_bidder >= 0)
    if ends:
        return ENDED
    nxt = bid_next[seat]
    while state.passed[nxt]:
        nxt = bid_next[nxt]
    return nxt
