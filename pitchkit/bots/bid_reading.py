"""How the bots read the bids made of the hands behind them: the one definition that the
card search's worlds (:class:`pitchkit.bots.deal_rows.BidCheck`, compiled in
:func:`pitchkit.bots.deal_rows.deal_kept`), ``montecarlo``'s deals
(:meth:`pitchkit.bots.montecarlo.MonteCarloBot.agrees_with_bids`) and the searched
auction's worlds (:func:`pitchkit.bots.auction_search.auction_worlds`) keep to.

A bid of ``b`` tells that its bidder holds a hand the heuristic's estimate puts at no
less than ``b - BID_SLACK`` (with trump named, of that suit; before, of its best suit).
The dealer's forced bid after every other seat passed (:func:`pitchkit.auction.forced_bid`)
tells only that the hand was worth no more, so it is not read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pitchkit.actions import BID_BASE, MAX_BID
from pitchkit.auction import forced_bid
from pitchkit.plan import RulesPlan

#: How many points under its bid a bidder's hand may be estimated and still agree with it
#: (the compiled check in pitchkit.bots.deal_rows adds the same 1.0; tests/test_deal_rows.py
#: holds the two alike).
BID_SLACK = 1.0


class Judge(Protocol):
    """What reading a bid asks of the heuristic bot."""

    def estimate(self, hand: int, suit: int) -> float: ...

    def best_suit(self, hand: int) -> tuple[int, float]: ...


def worth_bid(estimate: float, bid: int) -> bool:
    """Whether a hand estimated at ``estimate`` points agrees with a bid of ``bid``."""
    return estimate + BID_SLACK >= bid


def hand_agrees(judge: Judge, hand: int, bid: int, trump: int | None) -> bool:
    """Whether ``hand`` agrees with a bid of ``bid``, by ``judge``'s estimate with
    ``trump`` trump (None: of its best suit)."""
    value = judge.best_suit(hand)[1] if trump is None else judge.estimate(hand, trump)
    return worth_bid(value, bid)


def bids_read(plan: RulesPlan, dealer: int, bids: Sequence[tuple[int, int]], me: int
              ) -> list[tuple[int, int]]:
    """The numeric bids of ``bids`` made by seats other than ``me`` that tell of their
    hands, as (seat, bid): all but a dealer's forced bid."""
    return [(seat, action - BID_BASE) for index, (seat, action) in enumerate(bids)
            if seat != me and BID_BASE < action <= BID_BASE + MAX_BID
            and not forced_bid(plan, dealer, bids, index)]
