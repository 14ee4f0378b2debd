"""How the bots read the bids made (pitchkit.bots.bid_reading), a test a clause."""

from __future__ import annotations

import random

from pitchkit.actions import BID_BASE, MOON, PASS
from pitchkit.bots.bid_reading import BID_SLACK, bids_read, hand_agrees, worth_bid
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.load import load_variant
from pitchkit.plan import rules_plan


def test_a_hand_agrees_with_a_bid_up_to_the_slack_above_its_estimate() -> None:
    assert worth_bid(2.0, 3) and BID_SLACK == 1.0
    assert worth_bid(3.5, 3)
    assert not worth_bid(1.99, 3)


def test_the_bids_read_are_the_other_seats_numeric_bids() -> None:
    plan = rules_plan(load_variant("auction-pitch"))
    bids = ((1, BID_BASE + 2), (2, PASS), (3, BID_BASE + 3), (0, MOON))
    assert bids_read(plan, 0, bids, 0) == [(1, 2), (3, 3)]
    assert bids_read(plan, 0, bids, 3) == [(1, 2)]


def test_a_dealers_forced_bid_is_not_read_but_a_dealers_free_bid_is() -> None:
    rules = load_variant("ten-point-pitch")
    plan = rules_plan(rules)
    assert plan.auction.when_all_pass_dealer_must_bid
    forced = BID_BASE + plan.auction.dealer_forced_bid
    assert bids_read(plan, 3, ((0, PASS), (1, PASS), (2, PASS), (3, forced)), 0) == []
    assert bids_read(plan, 3, ((0, PASS), (1, BID_BASE + 5), (2, PASS), (3, forced)),
                     0) == [(1, 5), (3, forced - BID_BASE)]


def test_a_hand_is_read_in_its_best_suit_before_trump_and_in_trump_after() -> None:
    rules = load_variant("auction-pitch")
    judge = HeuristicBot(rules, 0, random.Random(0))
    hand = sum(1 << c for c in (12, 11, 10, 9, 0, 13))  # the top four spades, 2s, 2h
    suit, best = judge.best_suit(hand)
    assert suit == 0 and best >= 3.0
    assert hand_agrees(judge, hand, int(best + BID_SLACK), None)
    assert not hand_agrees(judge, hand, int(best + BID_SLACK) + 1, None)
    in_hearts = judge.estimate(hand, 1)
    assert in_hearts < best
    assert hand_agrees(judge, hand, int(in_hearts + BID_SLACK), 1)
    assert not hand_agrees(judge, hand, int(best + BID_SLACK), 1)
