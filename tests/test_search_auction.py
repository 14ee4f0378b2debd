"""The search bot's whole auction searched (``bidding=auction``,
pitchkit.bots.auction_search): where the rules allow it, the auction replayed and played
on in its worlds by the variant's own auction, another seat's contract played out from its
lead, and the choices it makes on hands whose worth is plain."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_search_bids import HANDS, auction_at, bot_of, cheap_sale

from pitchkit.actions import BID_BASE, PASS, REFUSE, SELL
from pitchkit.bots.auction_search import (
    AuctionTree,
    auction_searchable,
    auction_worlds,
    tree_for,
)
from pitchkit.bots.batch import led_play_outs, play_outs
from pitchkit.load import load_variant
from pitchkit.simulate import simulate

AUCTION = "strong:bidding=auction"


@pytest.mark.parametrize("variant", ["auction-pitch", "smear", "commercial-pitch",
                                     "partnership-pitch"])
def test_the_auction_is_searched_where_each_seat_bids_once_and_play_follows(
        variant: str) -> None:
    rules = load_variant(variant)
    assert auction_searchable(rules)
    assert bot_of(rules, 0, AUCTION).auction_searched


@pytest.mark.parametrize("variant", ["pidro", "cinch", "call-partner-pitch",
                                     "ten-point-pitch-draw", "pimps-and-hoes"])
def test_the_auction_is_not_searched_where_a_draw_call_stages_or_trumps_only_come_first(
        variant: str) -> None:
    rules = load_variant(variant)
    assert not auction_searchable(rules)
    assert not bot_of(rules, 0, AUCTION).auction_searched


def test_the_auction_is_not_searched_where_bidding_goes_round_and_round() -> None:
    assert not auction_searchable(load_variant("money-pitch"))
    rules = load_variant("auction-pitch", ("auction.style=until_one_left",))
    assert not auction_searchable(rules)


def test_the_calibrated_bids_are_the_default() -> None:
    rules = load_variant("commercial-pitch")
    assert not bot_of(rules, 0, "strong").auction_searched


def test_the_auction_replayed_is_the_engines() -> None:
    rules = load_variant("commercial-pitch")
    game = auction_at(rules, [HANDS[1], HANDS[0], HANDS[2], HANDS[3]], [], dealer=0)
    game.apply(BID_BASE + 2)
    game.apply(PASS)
    obs = game.observation(0)
    tree = AuctionTree(bot_of(rules, 0, AUCTION), obs)
    state = tree.entries[tree.node(obs.bids)][1]
    assert state.snapshot() == game._auction.snapshot()


def test_the_seats_after_bid_as_the_calibrated_bot_and_the_eldest_answers() -> None:
    """Commercial pitch, dealer 0: seats 2, 3 and 0 bid, the eldest (1) sells or
    refuses. In the real deal seat 1 (the eldest) holds the top of spades and refuses a
    sale of 1."""
    rules = load_variant("commercial-pitch")
    hands = [HANDS[3], HANDS[0], HANDS[1], HANDS[2]]
    game = auction_at(rules, hands, [], dealer=0)
    obs = game.observation(2)
    bot = bot_of(rules, 2, AUCTION)
    masks = [sum(1 << c for c in h) for h in hands]
    tree = AuctionTree(bot, obs)
    afters = tree.ends(tree.node(obs.bids), BID_BASE + 1, [masks],
                       [[tree.reads(s, masks[s]) for s in range(4)]])
    assert afters is not None
    after = afters[0]
    assert after.bids[0] == (2, BID_BASE + 1)
    assert after.bids[-1] == (1, REFUSE) and after.high_bidder == 1
    assert [seat for seat, _ in after.bids] == [2, 3, 0, 1]


@pytest.mark.parametrize("variant", ["commercial-pitch", "auction-pitch", "smear"])
def test_the_trees_answers_are_the_calibrated_bots_asked_every_time(variant: str) -> None:
    """The tree asks a seat once for all hands it reads alike (AuctionTree.reads): on
    many worlds, every answer it gives is what the calibrated bot answers when asked
    with that world's hand."""
    rules = load_variant(variant)
    game = auction_at(rules, HANDS, [])
    obs = game.observation(0)
    bot = bot_of(rules, 0, AUCTION)
    worlds = auction_worlds(bot, obs, 0, 64).tolist()
    tree = AuctionTree(bot, obs)
    fresh = [type(h)(rules, s, random.Random(0), model=bot.model)
             for s, h in enumerate(tree.helpers)]
    asked = 0
    reads_of = [[tree.reads(s, hands[s]) for s in range(4)] for hands in worlds]
    for action in (PASS, BID_BASE + 2, BID_BASE + 3):
        tree.ends(tree.node(obs.bids), action, worlds, reads_of)
    for hands, reads in zip(worlds, reads_of, strict=True):
        for (at, read), answer in tree.answers.items():
            node, _, seat, legal = tree.entries[at]
            if read != reads[seat]:
                continue
            view = obs._replace(seat=seat, hand=hands[seat], bids=node)
            if SELL in legal:
                direct = fresh[seat].sell_or_refuse(view)
            else:
                numeric = [a - BID_BASE for a in legal if BID_BASE < a <= BID_BASE + 60]
                direct = fresh[seat].bid_from_view(view, PASS in legal, numeric, False,
                                                   legal[0], None)
            assert answer == direct
            asked += 1
    assert asked > 50


@pytest.mark.parametrize("variant", ["commercial-pitch", "smear", "catch-five"])
def test_the_reads_of_all_worlds_at_once_are_each_hands_read(variant: str) -> None:
    """AuctionTree.read_rows on the estimates of every hand of 64 worlds at once is
    AuctionTree.reads of each hand, and the first of the highest estimates is the trump
    the calibrated bot names (best_suit)."""
    rules = load_variant(variant)
    game = auction_at(rules, HANDS, [])
    bot = bot_of(rules, 0, AUCTION)
    worlds = auction_worlds(bot, game.observation(0), 0, 64)
    tree = AuctionTree(bot, game.observation(0))
    estimates = bot.estimates().suit_estimates_rows(worlds.reshape(-1)).reshape(-1, 4, 4)
    rows = tree.read_rows(estimates, worlds)
    for w, hands in enumerate(worlds.tolist()):
        assert rows[w] == [tree.reads(s, hands[s]) for s in range(4)]
        assert estimates[w].argmax(axis=1).tolist() == [
            tree.helpers[s].best_suit(hands[s])[0] for s in range(4)]


def test_the_seats_of_a_hand_share_a_tree_and_another_hand_has_its_own() -> None:
    rules = load_variant("commercial-pitch")
    game = auction_at(rules, HANDS, [])
    first = tree_for(bot_of(rules, game.to_act, AUCTION), game.observation(game.to_act))
    game.apply(BID_BASE + 2)
    later = game.observation(game.to_act)
    assert tree_for(bot_of(rules, later.seat, AUCTION), later) is first
    assert first.entries[first.node(later.bids)][2] == later.seat
    rescored = later._replace(scores=tuple(s + 1 for s in later.scores))
    assert tree_for(bot_of(rules, later.seat, AUCTION), rescored) is not first
    with pytest.raises(ValueError, match="not legal"):
        first.node(((later.seat, BID_BASE + 2),))


def test_another_seats_lead_plays_out_as_a_candidate_lead_does() -> None:
    """A play-out from another seat's lead (led_play_outs) is the card search's play-out
    of that lead as its one candidate (play_outs), world for world."""
    rules = load_variant("auction-pitch")
    game = auction_at(rules, HANDS, [])
    bot = bot_of(rules, 1, AUCTION)
    worlds = auction_worlds(bot, game.observation(1), 0, 16)
    assert len(worlds) == 16
    tab, _ = bot._batch_tables[0]
    n = 4
    for wise in (None, bot._wise[0] if bot._wise else None):
        lead = max((c for c in range(52) if worlds[0][0] >> c & 1 and c // 13 == 0),
                   default=None)
        assert lead is not None  # seat 0 holds the top of spades in every world
        same = worlds[(worlds[:, 0] >> np.uint64(lead)) & np.uint64(1) == 1]
        led = led_play_outs(tab, same, [lead] * len(same), 0, (0, 1, 2, 3),
                            bot.table.next_seat, n, wise=wise)
        one = play_outs(tab, same, [lead], 0, (), (0,) * n, (0,) * n, (0, 1, 2, 3),
                        bot.table.next_seat, n, wise=wise)
        assert np.array_equal(led.captured, one.captured)
        assert np.array_equal(led.tricks_won, one.tricks_won)
        assert np.array_equal(led.last, one.last)


def test_the_worlds_agree_with_the_bids_made_first() -> None:
    """After a bid of 3 by seat 0, the worlds that give it a hand the heuristic puts at
    2 or more come first, and make up more of them than of worlds drawn without the
    bid; the rest (when too few agree) after."""
    rules = load_variant("auction-pitch")
    game = auction_at(rules, HANDS, [BID_BASE + 3])
    bot = bot_of(rules, 1, AUCTION)
    obs = game.observation(1)
    worlds = auction_worlds(bot, obs, 0, 16)
    assert len(worlds) == 16
    assert all(int(w[1]) == obs.hand for w in worlds)
    agree = [bot._judge.best_suit(int(w[0]))[1] + 1.0 >= 3 for w in worlds]
    assert agree == sorted(agree, reverse=True) and agree[0]
    free = auction_worlds(bot, auction_at(rules, HANDS, [PASS]).observation(1), 0, 16)
    assert sum(agree) > sum(bot._judge.best_suit(int(w[0]))[1] + 1.0 >= 3 for w in free)


def test_the_eldest_keeps_a_cheap_pitch_with_a_strong_hand() -> None:
    rules = load_variant("commercial-pitch")
    game = cheap_sale(rules)
    assert bot_of(rules, 1, AUCTION).choose(game.observation(1), game.legal_actions()) == REFUSE


def same_games_as_calibrated(spec: str, variant: str) -> bool:
    """Whether ``spec`` (a strong bot's settings) plays a game of ``variant`` as strong
    bidding as the calibrated bot does (eight worlds a decision)."""
    rules = load_variant(variant)
    a = simulate(rules, games=1, seed=4, bots=f"{spec}:samples=8", workers=1)
    b = simulate(rules, games=1, seed=4, bots="strong:samples=8:bidding=calibrated",
                 workers=1)
    return a.hands == b.hands and a.bids == b.bids and a.seat_wins == b.seat_wins


def test_a_searched_auction_plays_the_same_games_as_calibrated_with_no_auction() -> None:
    assert same_games_as_calibrated(AUCTION, "pimps-and-hoes")


def test_a_searched_auction_is_the_same_from_the_same_seed() -> None:
    rules = load_variant("commercial-pitch")
    a = simulate(rules, games=2, seed=9, bots=f"{AUCTION}:samples=16", workers=1)
    b = simulate(rules, games=2, seed=9, bots=f"{AUCTION}:samples=16", workers=1)
    assert a.hands == b.hands and a.bids == b.bids and a.pos_score == b.pos_score
