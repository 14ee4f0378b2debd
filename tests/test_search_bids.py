"""The search bot's searched bids (``bidding=search``, :mod:`pitchkit.bots.bid_search`)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pitchkit.actions import BID_BASE, PASS, REFUSE, SELL
from pitchkit.bots import parse_bot_spec
from pitchkit.bots.bid_search import pitching_values, searchable
from pitchkit.bots.search import SearchBot
from pitchkit.cards import parse_card
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Phase
from pitchkit.simulate import simulate
from pitchkit.variant import FirstLeader, Rules


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def bot_of(rules: Rules, seat: int, spec: str = "strong:bidding=search") -> SearchBot:
    bot = parse_bot_spec(spec).make(rules, seat, random.Random(3))
    assert isinstance(bot, SearchBot)
    return bot


def auction_at(rules: Rules, hands: list[list[int]], bids: list[int],
               dealer: int = 3) -> Game:
    """A game of ``rules`` dealt ``hands`` by ``dealer``, ``bids`` made so far."""
    game = Game(rules, random.Random(1), dealer=dealer)
    game.deal_cards(hands)
    for action in bids:
        game.apply(action)
    assert game.phase is Phase.AUCTION
    return game


# four hands of auction pitch: seat 0 holds the top of spades, seat 1 nothing of note
HANDS = [cards("AS KS QS JS TS 2S"), cards("3H 4D 5C 6H 7D 8C"),
         cards("9H TD JC QH KD 3C"), cards("AH KH AD KC QC 4H")]


@pytest.mark.parametrize("variant", ["auction-pitch", "smear", "commercial-pitch",
                                     "partnership-pitch", "money-pitch"])
def test_bids_are_searched_where_play_follows_the_auction(variant: str) -> None:
    assert searchable(load_variant(variant))


@pytest.mark.parametrize("variant", ["pidro", "cinch", "nine-card-pitch", "minnesota-smear",
                                     "call-partner-pitch", "pimps-and-hoes",
                                     "ten-point-pitch-draw"])
def test_bids_are_not_searched_where_a_draw_call_stages_or_trumps_only_come_first(
        variant: str) -> None:
    rules = load_variant(variant)
    assert not searchable(rules)
    assert not bot_of(rules, 0).bid_searched


def test_bids_are_not_searched_when_another_seat_leads_first() -> None:
    rules = load_variant("auction-pitch")
    later = replace(rules, play=replace(rules.play, first_leader=FirstLeader.LEFT_OF_DEALER))
    assert searchable(rules) and not searchable(later)


def test_the_calibrated_bids_are_the_default() -> None:
    rules = load_variant("auction-pitch")
    assert not bot_of(rules, 0, "strong").bid_searched
    assert bot_of(rules, 0).bid_searched


def test_an_unknown_bidding_is_refused() -> None:
    with pytest.raises(ValueError, match="bidding must be one of"):
        SearchBot(load_variant("auction-pitch"), 0, random.Random(1), bidding="guess")


def test_a_hand_that_takes_every_point_bids_high_and_a_hopeless_one_passes() -> None:
    rules = load_variant("auction-pitch")
    # dealer 3: seat 0 bids first; its hand takes all four points in every world, so
    # every bid is worth the same and it bids at least what a later seat would outbid
    game = auction_at(rules, HANDS, [])
    strong = bot_of(rules, 0)
    values = pitching_values(strong, game.observation(0), [1, 2, 3, 4], 64)
    assert values == {1: 4.0, 2: 4.0, 3: 4.0, 4: 4.0}
    assert strong.choose(game.observation(0), game.legal_actions()) >= BID_BASE + 3
    game = auction_at(rules, HANDS, [PASS])
    weak = bot_of(rules, 1)
    assert weak.choose(game.observation(1), game.legal_actions()) == PASS


def test_pitching_is_worth_less_the_higher_the_bid_with_the_points_alike() -> None:
    """The same play-outs valued at each bid: a set costs more, a make pays no more
    than the points, so a bid above what the hand takes is worth less."""
    rules = load_variant("auction-pitch")
    game = auction_at(rules, HANDS, [PASS])
    bot = bot_of(rules, 1)
    values = pitching_values(bot, game.observation(1), [2, 3, 4], 64)
    assert values is not None
    assert values[2] > values[3] > values[4]
    best = pitching_values(bot_of(rules, 0), auction_at(rules, HANDS, []).observation(0),
                           [2, 3, 4], 64)
    assert best is not None and best[4] > values[4]


def cheap_sale(rules: Rules) -> Game:
    """Commercial pitch, dealer 0: seat 2 bids 1, the others pass, and the eldest (seat
    1), holding the top of spades, is to sell or refuse."""
    hands = [HANDS[1], HANDS[0], HANDS[2], HANDS[3]]
    game = Game(rules, random.Random(1), dealer=0)
    game.deal_cards(hands)
    while game.phase is Phase.AUCTION and SELL not in game.legal_actions():
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        game.apply(BID_BASE + 1 if seat == 2 and BID_BASE + 1 in legal else PASS)
    assert game.to_act == 1 and SELL in game.legal_actions()
    return game


def test_the_eldest_refuses_to_sell_a_cheap_pitch_with_a_strong_hand() -> None:
    rules = load_variant("commercial-pitch")
    game = cheap_sale(rules)
    assert bot_of(rules, 1).choose(game.observation(1), game.legal_actions()) == REFUSE


def test_searched_bids_play_the_same_games_as_calibrated_where_not_searchable() -> None:
    rules = load_variant("cinch")
    a = simulate(rules, games=1, seed=4, bots="strong:bidding=search:samples=8", workers=1)
    b = simulate(rules, games=1, seed=4, bots="strong:samples=8", workers=1)
    assert a.hands == b.hands and a.bids == b.bids and a.seat_wins == b.seat_wins


def test_searched_bids_are_the_same_from_the_same_seed() -> None:
    rules = load_variant("smear")
    a = simulate(rules, games=2, seed=9, bots="strong:bidding=search:samples=16", workers=1)
    b = simulate(rules, games=2, seed=9, bots="strong:bidding=search:samples=16", workers=1)
    assert a.hands == b.hands and a.bids == b.bids and a.pos_score == b.pos_score
