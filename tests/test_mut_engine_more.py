"""The game (pitchkit.engine.Game), lines 459-752, clause by clause: the phase checks
of dealing and acting, who sees the stage's count, the cards the pitcher may call, what a
clone shares, the table after players leave or join, and a pitcher going alone: the
behaviours the mutation run of engine.py (benchmarks/mutate.py) showed no test pinned.
(The random step's survivors of that run were false: tests/test_engine_random_step.py
kills them, outside the run's covering-test budget.)"""

from __future__ import annotations

import random

import pytest

from pitchkit.actions import ALONE, CALL_BASE
from pitchkit.engine import Game
from pitchkit.errors import IllegalActionError
from pitchkit.load import load_variant
from pitchkit.results import Phase

AUCTION = load_variant("auction-pitch")


def test_nobody_may_act_in_phase_deal_or_once_the_game_is_over() -> None:
    game = Game(AUCTION, random.Random(0))
    with pytest.raises(IllegalActionError, match="nobody may act now: the game is in phase deal"):
        game.random_action(random.Random(0))


@pytest.mark.parametrize("deal", ["random", "cards"])
def test_a_deal_is_refused_outside_phase_deal(deal) -> None:
    game = Game(AUCTION, random.Random(0))
    game.deal_random()
    assert game.phase is Phase.AUCTION
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="cannot deal now: the game is in phase auction"):
        if deal == "random":
            game.deal_random()
        else:
            game.deal_cards([[13 * s + r for r in range(6)] for s in range(4)])
    assert game.snapshot() == before


def test_only_the_seat_to_act_sees_how_many_cards_the_stage_asks_for() -> None:
    game = Game(load_variant("pimps-and-hoes"), random.Random(1))
    game.deal_random()
    assert game.phase is Phase.SELECT and game.select_count > 0
    seat = game.to_act
    assert seat is not None
    assert game.observation(seat).select_count == game.select_count
    assert game.observation(1 - seat).select_count == 0


def test_the_cards_the_pitcher_may_call_are_the_call_actions() -> None:
    game = Game(load_variant("call-partner-pitch"), random.Random(1))
    game.deal_random()
    rng = random.Random(2)
    while game.phase is not Phase.CALL:
        game.apply(game.random_action(rng))
    mask = sum(1 << (action - CALL_BASE) for action in game.legal_actions())
    assert game.callable_cards() == mask and mask


def _to_auction(rules, seed: int = 0) -> Game:
    game = Game(rules, random.Random(seed))
    game.deal_random()
    return game


def test_a_clone_has_its_own_auction() -> None:
    game = _to_auction(AUCTION)
    before = game.snapshot()
    other = game.clone()
    other.apply(other.legal_actions()[-1])
    assert game.snapshot() == before
    assert other.snapshot() != before


def test_a_clone_without_a_generator_continues_from_the_games_state() -> None:
    game = _to_auction(AUCTION, 3)
    game.rng.random()  # not the state of a new Random(0) or Random(1)
    other = game.clone()
    assert other.rng is not game.rng
    assert [other.rng.random() for _ in range(3)] == [game.rng.random() for _ in range(3)]
    mine = random.Random(9)
    assert game.clone(mine).rng is mine


def test_a_clone_of_a_money_game_has_its_own_ledger() -> None:
    game = _to_auction(load_variant("money-pitch"), 4)
    settled = game.settlement()
    other = game.clone()
    assert other.ledger is not game.ledger
    rng = random.Random(5)
    while other.phase is not Phase.DEAL and other.phase is not Phase.OVER:
        other._apply_random(rng)
    assert other.settlement() != settled  # a hand's money moved in the clone only
    assert game.settlement() == settled


def _between_hands(rules, seed: int = 0) -> Game:
    game = _to_auction(rules, seed)
    rng = random.Random(seed)
    while game.phase is not Phase.DEAL:
        game._apply_random(rng)
    return game


def test_players_leaving_returns_the_event_logged_and_clears_the_hand() -> None:
    game = _between_hands(load_variant("money-pitch"))
    event = game.leave([1])
    assert game.events[-1] is event and event.kind == "leave"
    assert game.n == 3
    assert (game.hands, game.reserve, game.dealt) == ([0] * 3, [0] * 3, [0] * 3)
    assert game.pitcher is None and game.bid is None


def test_players_joining_returns_the_event_logged_and_seats_an_empty_hand() -> None:
    game = _between_hands(load_variant("money-pitch"))
    event = game.join(1)
    assert game.events[-1] is event and event.kind == "join"
    assert game.n == 5
    assert (game.hands, game.reserve, game.dealt) == ([0] * 5, [0] * 5, [0] * 5)
    game.deal_random()  # a hand for five
    assert sum(hand != 0 for hand in game.hands) == 5


def test_a_pitcher_going_alone_leaves_its_partner_out_of_every_trick() -> None:
    rules = load_variant("partnership-pitch", ["auction.alone=true",
                                               "auction.pitch_to_bid=false"])
    game = Game(rules, random.Random(1))
    game.deal_random()
    rng = random.Random(2)
    while game.phase is not Phase.ALONE:
        game.apply(game.random_action(rng))
    pitcher = game.pitcher
    assert pitcher is not None
    game.apply(ALONE)
    partner = (pitcher + 2) % 4
    while game.phase is Phase.PLAY:
        assert game.to_act != partner
        game.apply(game.random_action(rng))
    assert game.hand_results[-1].tricks_won[partner] == 0


def _lone_hand(factor: int, seed: int):
    """One hand of partnership pitch whose pitcher goes alone, random otherwise."""
    rules = load_variant("partnership-pitch", [
        "auction.alone=true", "auction.pitch_to_bid=false",
        f"scoring.alone_made_factor={factor}"])
    game = Game(rules, random.Random(seed))
    game.deal_random()
    rng = random.Random(seed)
    while game.phase is not Phase.DEAL and game.phase is not Phase.OVER:
        game.apply(ALONE if game.phase is Phase.ALONE else game.random_action(rng))
    return game.hand_results[-1]


def test_a_made_lone_hand_scores_the_factor_the_rules_set() -> None:
    made = next(seed for seed in range(200) if _lone_hand(2, seed).made)
    double, triple = _lone_hand(2, made), _lone_hand(3, made)
    pitcher = double.pitcher
    assert pitcher is not None and double.score_changes[pitcher] > 0
    assert 3 * double.score_changes[pitcher] == 2 * triple.score_changes[pitcher]
