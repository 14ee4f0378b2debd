"""The search bot's worlds are checked against the pitcher's bid (SearchBot._agrees), but
not with a called partner (call.partner): there the pitcher bid for a side it chose after
the auction, and its hand alone tells little of the bid. And the batched play-outs' table
state (pitchkit.bots.batch.table_state) is worked out once for a decision's batches."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pitchkit.actions import BID_BASE, PASS
from pitchkit.bots.batch import play_outs, table_state
from pitchkit.bots.deal_rows import BidCheck
from pitchkit.bots.montecarlo import MonteCarloBot
from pitchkit.bots.search import SearchBot, batch_tables
from pitchkit.bots.worlds import known
from pitchkit.load import load_variant
from tests.test_search_playouts import play_positions


@pytest.mark.parametrize("name", ["auction-pitch", "call-partner-pitch", "nine-card-pitch",
                                  "minnesota-smear"])
def test_the_worlds_are_checked_against_the_bid_but_with_a_called_partner(name: str) -> None:
    rules = load_variant(name)
    checked = 0
    for bot, obs, _ in play_positions(rules, 7, 3):
        if obs.pitcher is None or obs.pitcher == obs.seat or type(obs.bid) is not int \
                or obs.trump is None:
            continue
        know = known(bot.table, obs, bot.sight)
        assert know is not None
        check = bot._agrees(obs, know)
        if rules.call.partner:
            assert check is None
        else:
            assert isinstance(check, BidCheck) and check.pitcher == obs.pitcher
        checked += 1
    assert checked > 10


def test_a_forced_dealers_bid_is_not_checked_in_the_worlds() -> None:
    """The dealer's forced bid (every other seat passed, auction pitch's dealer_must_bid)
    says the hand was worth no more than the bid, not that it was worth it: the search's
    worlds are not checked against it, nor are montecarlo's; a bid made freely is."""
    rules = load_variant("auction-pitch")
    least = rules.auction.dealer_forced_bid
    bot, obs, _ = next((b, o, x) for b, o, x in play_positions(rules, 11, 3)
                       if o.trump is not None and o.seat != o.dealer)
    know = known(bot.table, obs, bot.sight)
    assert know is not None
    mc = MonteCarloBot(rules, obs.seat, random.Random(0))
    others = [(obs.dealer + k) % 4 for k in (1, 2, 3)]
    passes = tuple((s, PASS) for s in others)
    nothing: list[list[int]] = [[] for _ in range(4)]  # a dealer holding nothing
    for bids, forced in [((*passes, (obs.dealer, BID_BASE + least)), True),
                         ((*passes, (obs.dealer, BID_BASE + least + 1)), False),
                         (((others[0], BID_BASE + least), *passes[1:],
                           (obs.dealer, BID_BASE + least + 1)), False)]:
        dealer_pitches = obs._replace(pitcher=obs.dealer, bid=bids[-1][1] - BID_BASE,
                                      bids=bids)
        assert (bot._agrees(dealer_pitches, know) is None) is forced
        assert mc.agrees_with_bids(dealer_pitches, nothing) is forced


def test_a_decisions_batches_share_the_table_state_and_play_alike() -> None:
    rules = load_variant("call-partner-pitch")
    seen = 0
    for bot, obs, legal in play_positions(rules, 3, 2, playout="heuristic"):
        if obs.trump is None or len(legal) < 2 or not obs.trick:
            continue
        assert isinstance(bot, SearchBot)
        tab, _ = batch_tables(rules, obs.trump)
        wise = bot._wise[obs.trump] if bot._wise else None
        nxt, size = bot.seating_of(obs)
        args = (tab, obs.seat, obs.trick, obs.captured, obs.tricks_won, obs.team_of, nxt,
                size, wise)
        first = table_state(*args)
        # the same tuples: the answer kept; lists (which may change between calls): worked
        # out again, alike
        assert table_state(*args) is first
        again = table_state(tab, obs.seat, list(obs.trick), list(obs.captured),
                            list(obs.tricks_won), list(obs.team_of), list(nxt), size, wise)
        assert again is not first
        for a, b in zip(first, again, strict=True):
            assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
        worlds = bot.world_rows(obs, 4)
        runs = [play_outs(tab, worlds, legal, *args[1:8], wise=wise) for _ in range(2)]
        runs.append(play_outs(tab, worlds, legal, obs.seat, list(obs.trick),
                              list(obs.captured), list(obs.tricks_won), list(obs.team_of),
                              list(nxt), size, wise=wise))
        for run in runs[1:]:
            assert np.array_equal(run.captured, runs[0].captured)
            assert np.array_equal(run.tricks_won, runs[0].tricks_won)
            assert np.array_equal(run.last, runs[0].last)
        seen += 1
    assert seen > 5
