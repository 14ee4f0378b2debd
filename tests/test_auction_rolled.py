"""The whole auction played out as ``montecarlo`` plays it (pitchkit.bots.auction_rolled,
``bidding=auction`` where the batched play-outs cannot search it): where it is used, what
it values, when its choice replaces the calibrated bot's, and that it is seeded."""

from __future__ import annotations

import random

import pytest
from test_search_bids import bot_of

from pitchkit.actions import BID_BASE, MOON, PASS
from pitchkit.bots import auction_rolled
from pitchkit.bots.auction_rolled import ROLLED_WORLDS, rolled_auction
from pitchkit.bots.auction_search import AUCTION_MARGIN
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.heuristic import know
from pitchkit.bots.montecarlo import MonteCarloBot
from pitchkit.cards import cards_in, parse_card
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Phase
from pitchkit.simulate import simulate
from pitchkit.variant import Rules

AUCTION = "strong:bidding=auction"


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# four hands of pidro: seat 0 holds nearly every heart that counts, seat 1 nothing
PIDRO = [cards("AH KH QH JH TH 9H 5H 5D 2H"), cards("3C 4S 6D 7C 8S 9D 3S 4C 6S"),
         cards("AS KS QS JS TS 9S 8C 7S 2S"), cards("AD KD QD JD TD 9C 8D 7D 2D")]


def auction_at(rules: Rules, bids: list[int]) -> Game:
    """A game of pidro dealt :data:`PIDRO` by seat 3 (the pack the rest of the deck),
    ``bids`` made so far."""
    game = Game(rules, random.Random(1), dealer=3)
    dealt = sum(1 << c for hand in PIDRO for c in hand)
    game.deal_cards(PIDRO, pack=list(cards_in(know(rules).deck & ~dealt)))
    for action in bids:
        game.apply(action)
    assert game.phase is Phase.AUCTION
    return game


@pytest.mark.parametrize("variant", ["pidro", "cinch", "call-partner-pitch",
                                     "ten-point-pitch-draw", "money-pitch"])
def test_the_auction_is_played_out_where_it_cannot_be_searched(variant: str) -> None:
    bot = bot_of(load_variant(variant), 0, AUCTION)
    assert not bot.auction_searched and isinstance(bot.auction_roller, MonteCarloBot)
    assert bot.auction_roller.samples == ROLLED_WORLDS


@pytest.mark.parametrize("variant", ["pidro", "call-partner-pitch"])
def test_the_play_outs_are_the_calibrated_bot_bidding_by_the_bots_calibration(
        variant: str) -> None:
    # (not the heuristic, montecarlo's own: its weaker defence taught the tables to bid
    # too high; call-partner pitch's strong bids from its own calibration, and so do
    # the seats of its play-outs)
    rules = load_variant(variant)
    bot = bot_of(rules, 0, "strong:bidding=auction")
    roller = bot.auction_roller
    assert roller is not None
    assert [type(b) for b in roller.rollout_bots] == [CalibratedBot] * rules.players.count
    assert [b.seat for b in roller.rollout_bots] == list(range(rules.players.count))
    assert all(b.model is bot.model for b in roller.rollout_bots)
    assert bot.model is not None


def test_nothing_is_played_out_where_it_is_searched_or_there_is_no_auction() -> None:
    assert bot_of(load_variant("commercial-pitch"), 0, AUCTION).auction_roller is None
    assert bot_of(load_variant("pimps-and-hoes"), 0, AUCTION).auction_roller is None
    assert bot_of(load_variant("pidro"), 0, "strong:bidding=calibrated").auction_roller is None


def test_every_action_is_valued_and_a_strong_hand_bids_where_a_weak_one_passes() -> None:
    rules = load_variant("pidro")
    game = auction_at(rules, [])
    assert game.to_act == 0
    bot = bot_of(rules, 0, AUCTION)
    bot.auction_seen = []
    legal = game.legal_actions()
    assert bot.choose(game.observation(0), legal) != PASS
    [(obs, seen_legal, worth)] = bot.auction_seen
    assert obs.seat == 0 and seen_legal == legal and set(worth) == set(legal)
    assert max(worth, key=lambda a: worth[a]) != PASS
    game.apply(BID_BASE + 10)
    weak = bot_of(rules, 1, AUCTION)
    weak.auction_seen = []
    assert weak.choose(game.observation(1), game.legal_actions()) == PASS


class _Fixed(MonteCarloBot):
    """A roller whose play-outs come out at fixed totals."""

    def __init__(self, totals: list[float], worlds: int) -> None:
        super().__init__(load_variant("pidro"), 1, random.Random(0))
        self.fixed = (totals, worlds)

    def totals(self, obs: object, candidates: object) -> tuple[list[float], int]:
        return self.fixed


@pytest.mark.parametrize(("lead", "taken"), [(AUCTION_MARGIN * 0.5, False),
                                             (AUCTION_MARGIN * 1.5, True)])
def test_another_action_replaces_the_usual_only_when_better_by_the_margin(
        lead: float, taken: bool) -> None:
    rules = load_variant("pidro")
    game = auction_at(rules, [BID_BASE + 6])
    legal = game.legal_actions()  # pass, 7..14
    bot = bot_of(rules, 1, AUCTION)
    worlds = 4
    totals = [0.0] * len(legal)
    totals[legal.index(BID_BASE + 8)] = lead * worlds
    got = rolled_auction(bot, _Fixed(totals, worlds), game.observation(1), legal, PASS)
    assert got == (BID_BASE + 8 if taken else PASS)


def test_the_usual_action_stands_with_a_moon_one_action_or_no_world() -> None:
    rules = load_variant("pidro")
    game = auction_at(rules, [])
    legal = game.legal_actions()
    bot = bot_of(rules, 0, AUCTION)
    better = [1.0] * len(legal)
    obs = game.observation(0)
    assert rolled_auction(bot, _Fixed(better, 0), obs, legal, PASS) == PASS
    assert rolled_auction(bot, _Fixed(better, 1), obs, [PASS], PASS) == PASS
    assert rolled_auction(bot, _Fixed(better, 1), obs, [*legal, MOON], MOON) == MOON


def test_the_roller_is_seeded_from_the_bot() -> None:
    rules = load_variant("cinch")
    a = simulate(rules, games=1, seed=6, bots=f"{AUCTION}:samples=8", workers=1)
    b = simulate(rules, games=1, seed=6, bots=f"{AUCTION}:samples=8", workers=1)
    assert a.hands == b.hands and a.bids == b.bids and a.pos_score == b.pos_score
    assert auction_rolled.rolling_bot(bot_of(rules, 0, AUCTION)).rng.random() == \
        auction_rolled.rolling_bot(bot_of(rules, 0, AUCTION)).rng.random()
