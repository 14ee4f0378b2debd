"""The auction's record and the reason it gives for each illegal bid, clause by clause
(pitchkit.auction): the clauses mutate.py showed no test pinned. Dealer 3: seat 0 (named
seat 1) bids first; the deal is test_rules_play_auction's DEAL4."""

from __future__ import annotations

import pytest
from test_rules_play_auction import play, rules, start

from pitchkit.actions import BID_BASE, MAX_BID, PASS, REFUSE, SELL
from pitchkit.auction import AuctionState, auction_reason, forced_bid
from pitchkit.engine import Phase
from pitchkit.errors import IllegalActionError
from pitchkit.plan import rules_plan


def refused(game: object, action: str | int, reason: str) -> None:
    with pytest.raises(IllegalActionError, match=reason):
        game.apply(action)  # type: ignore[attr-defined]


def test_a_copied_auction_is_the_same_record_and_independent() -> None:
    state = AuctionState(4)
    state.high, state.high_bidder, state.turns, state.pitched = 3, 1, 2, 5
    state.passed[0] = True
    other = state.copy()
    assert other.snapshot() == state.snapshot() == (3, 1, False, (True, False, False, False),
                                                    2, 5, None, ())
    other.passed[2] = True
    assert state.passed == [True, False, False, False]  # the copy's passes are its own


def test_a_copied_game_bids_without_changing_the_original_record() -> None:
    """Game.clone (the search bots' worlds): bids made in the copy stay out of the
    original's auction record."""
    g = start(rules())
    play(g, "bid 2")
    before = g.snapshot()
    other = g.clone()
    play(other, "bid 3", "pass")
    assert g.snapshot() == before
    assert g._auction.bids == [(0, BID_BASE + 2)]


def test_a_forced_dealer_is_told_it_may_not_pass() -> None:
    g = start(rules(auction={"when_all_pass": "dealer_must_bid"}))
    play(g, "pass", "pass", "pass")
    refused(g, "pass", r"seat 4 \(dealer\) may not pass: everyone else passed and the dealer "
                       r"must bid at least 2")


EXACT = {"when_all_pass": "dealer_must_bid", "dealer_forced_bid_exact": True}


def test_a_dealer_forced_to_an_exact_bid_may_not_bid_the_moon() -> None:
    g = start(rules(auction=EXACT, moon={"allowed": True}))
    play(g, "pass", "pass", "pass")
    refused(g, "bid moon", "may not bid moon: everyone else passed and the dealer must bid "
                           "exactly 2")


def test_without_a_moon_a_forced_dealer_is_told_there_is_no_moon() -> None:
    g = start(rules(auction=EXACT))
    play(g, "pass", "pass", "pass")
    refused(g, "bid moon", "may not bid moon: this variant has no moon")


def test_a_dealer_forced_to_an_exact_bid_may_not_bid_more() -> None:
    g = start(rules(auction=EXACT))
    play(g, "pass", "pass", "pass")
    refused(g, "bid 3", "may not bid 3: everyone else passed and the dealer must bid exactly 2")


def test_with_exact_forced_bids_a_free_bidder_above_the_top_is_told_the_top() -> None:
    g = start(rules(auction=EXACT))
    refused(g, "bid 5", "seat 1 may not bid 5: the highest bid is 4")


def test_the_highest_bid_an_action_may_carry_is_refused_as_a_bid() -> None:
    g = start(rules())
    refused(g, BID_BASE + MAX_BID, f"may not bid {MAX_BID}: the highest bid is 4")


def test_after_a_max_bid_a_player_not_the_dealer_may_only_pass() -> None:
    g = start(rules())
    play(g, "bid 4")
    refused(g, "bid 4", "seat 2 may only pass: the bid is already 4")


def test_a_bid_below_an_open_bid_is_told_the_least_bid() -> None:
    g = start(rules())
    play(g, "bid 3")
    refused(g, "bid 2", "seat 2 must bid at least 4$")


def test_pitching_the_first_card_after_a_max_bid_is_refused_as_a_pitch() -> None:
    g = start(rules(auction={"pitch_to_bid": True}))
    play(g, "bid 4")
    refused(g, 0, "may not pitch 2S: the bid is already 4")  # card 0, the two of spades


def test_a_number_that_is_no_action_is_named_by_its_number() -> None:
    """auction_reason answers for any number (the engine refuses 54 before asking)."""
    plan = rules_plan(rules(auction={"pitch_to_bid": True}), 4)
    reason = auction_reason(plan, AuctionState(4), 3, 0, 54)  # above the cards, below a pass
    assert reason == "seat 1 may not 54 during the auction"


def test_pitching_a_card_not_held_gives_the_plays_reason() -> None:
    g = start(rules(auction={"pitch_to_bid": True}))
    before = g.snapshot()
    with pytest.raises(IllegalActionError) as error:
        g.apply("play KH")  # seat 3's card
    assert "during the auction" not in str(error.value)
    assert "KH" in str(error.value)
    assert g.snapshot() == before  # nothing changed: no pitch, no bid


def test_the_eldest_deciding_a_sale_is_told_to_sell_or_refuse() -> None:
    g = start(rules(auction={"style": "sell"}))
    play(g, "pass", "bid 2", "pass")  # the eldest answers last: seat 1 passed, 2 bid, 3 passed
    refused(g, "pass", r"seat 1 \(eldest\) must sell the pitch to seat 3 for 2 or refuse")


def test_after_an_opening_bid_of_the_minimum_later_bids_reach_max_bid() -> None:
    """auction.opening_max_bid caps the first bid only: a first bid of exactly min_bid
    already lifts the cap."""
    g = start(rules(auction={"min_bid": 2, "max_bid": 7, "opening_max_bid": 4}))
    play(g, "bid 2", "bid 7")
    assert g._auction.high == 7


def test_the_largest_bid_an_action_carries_is_a_legal_bid_when_max_bid_allows_it() -> None:
    g = start(rules(auction={"max_bid": MAX_BID}))
    play(g, f"bid {MAX_BID}", "pass", "pass", "pass")
    assert (g.pitcher, g.bid) == (0, MAX_BID)


def test_the_eldest_answers_a_bid_of_the_dealer_in_seat_1() -> None:
    """auction.style sell with dealer seat 1 (index 0): the eldest is seat 2; when the
    dealer, bidding last, is the only bidder, the eldest still sells or refuses."""
    g = start(rules(auction={"style": "sell"}), dealer=0)
    play(g, "pass", "pass", "bid 2")
    assert (g.phase, g.to_act) == (Phase.AUCTION, 1)


def test_every_bid_and_pass_is_shown_to_all_in_the_order_made() -> None:
    g = start(rules())
    play(g, "pass", "bid 2", "pass", "pass")
    assert g.observation(3).bids == ((0, PASS), (1, BID_BASE + 2), (2, PASS), (3, PASS))


def test_a_card_pitched_to_bid_is_shown_as_the_bid_it_is() -> None:
    """auction.pitch_to_bid: the pitch is a bid of the highest bid allowed (4 here), and
    the auction's record shows it as that bid, not as the card."""
    g = start(rules(auction={"pitch_to_bid": True}))
    play(g, "pass", "play 4D")
    assert g.observation(0).bids == ((0, PASS), (1, BID_BASE + 4))


def test_the_eldests_sale_is_shown_to_all() -> None:
    """auction.style sell: the eldest (seat index 0) answers last, and its answer (sell
    or refuse) closes the auction's record."""
    for answer, action in (("sell", SELL), ("refuse", REFUSE)):
        g = start(rules(auction={"style": "sell"}))
        play(g, "pass", "bid 2", "pass", answer)
        assert g.observation(2).bids == ((1, PASS), (2, BID_BASE + 2), (3, PASS), (0, action))


# --------------------------------------------------------------------------- forced bids

FORCED = {"when_all_pass": "dealer_must_bid"}
PASSES = ((0, PASS), (1, PASS), (2, PASS))


def test_the_dealers_least_bid_after_three_passes_is_forced() -> None:
    plan = rules_plan(rules(auction=FORCED))
    bids = (*PASSES, (3, BID_BASE + 2))
    assert forced_bid(plan, 3, bids, 3)
    # the engine keeps the bids as forced_bid reads them
    g = start(rules(auction=FORCED))
    play(g, "pass", "pass", "pass", "bid 2")
    assert forced_bid(plan, 3, tuple(g._auction.bids), 3)


def test_a_dealer_who_may_pass_bids_freely() -> None:
    bids = (*PASSES, (3, BID_BASE + 2))
    assert not forced_bid(rules_plan(rules(auction={"when_all_pass": "redeal"})), 3, bids, 3)


def test_a_forced_dealer_bidding_above_the_least_bid_bids_freely() -> None:
    bids = (*PASSES, (3, BID_BASE + 3))
    assert not forced_bid(rules_plan(rules(auction=FORCED)), 3, bids, 3)


def test_a_seat_not_the_dealer_is_never_forced() -> None:
    bids = ((0, PASS), (1, PASS), (2, BID_BASE + 2))
    assert not forced_bid(rules_plan(rules(auction=FORCED)), 3, bids, 2)


def test_the_dealer_after_a_bid_is_not_forced() -> None:
    bids = ((0, BID_BASE + 2), (1, PASS), (2, PASS), (3, BID_BASE + 2))
    assert not forced_bid(rules_plan(rules(auction={**FORCED, "dealer_may_steal": True})),
                          3, bids, 3)
