"""The game (pitchkit.engine.Game) clause by clause: what a game shows before its first
deal and between deals, where the cards of a deal go, the checks of its arguments and
the views the bots read: the behaviours the mutation run of engine.py
(benchmarks/mutate.py) showed no test pinned."""

from __future__ import annotations

import random

import pytest

from pitchkit.actions import TRUMP_BASE
from pitchkit.engine import Game
from pitchkit.errors import IllegalActionError
from pitchkit.load import load_variant
from pitchkit.results import Phase, PlayView
from pitchkit.variant import Rules

RULES = load_variant("auction-pitch")
#: a turned card names trump before the auction (no pitch: the first lead is played)
TURNED = load_variant("auction-pitch", ["trump.chosen_by=turned_card",
                                        "auction.pitch_to_bid=false"])
#: each seat's six cards of one suit, seat s the suit s (spades 0..5, hearts 13..18, ...)
SUITED = [[13 * s + r for r in range(6)] for s in range(4)]


def test_the_dealer_given_must_be_a_seat() -> None:
    for dealer in (-1, 4):
        with pytest.raises(IllegalActionError, match=rf"dealer {dealer} is not a seat \(0..3\)"):
            Game(RULES, random.Random(0), dealer=dealer)
    assert Game(RULES, random.Random(0), dealer=3).dealer == 3


def test_a_game_before_its_first_deal_holds_no_cards_and_shows_an_empty_hand() -> None:
    game = Game(RULES, random.Random(0), dealer=3)
    assert (game.hands, game.reserve, game.dealt) == ([0] * 4, [0] * 4, [0] * 4)
    seen = game.observation(1)
    assert (seen.phase, seen.hand, seen.reserve, seen.trump, seen.bids, seen.played) == (
        Phase.DEAL, 0, 0, None, (), ())
    state = dict(game.snapshot())
    assert (state["hands"], state["reserve"], state["dealt"]) == ([0] * 4, [0] * 4, [0] * 4)


def test_without_staged_play_the_deal_goes_to_the_hands_and_none_to_the_reserve() -> None:
    game = Game(RULES, random.Random(0), dealer=3)
    game.deal_random()
    assert game.reserve == [0] * 4
    assert game.hands == game.dealt and all(hand.bit_count() == 6 for hand in game.hands)
    assert game.observation(0).reserve == 0


def test_in_staged_play_the_deal_goes_to_the_reserve_and_no_hand_holds_a_card() -> None:
    rules = load_variant("pimps-and-hoes")
    game = Game(rules, random.Random(0), dealer=1)
    game.deal_random()
    assert game.phase is Phase.SELECT
    assert game.hands == [0, 0]
    assert game.reserve == game.dealt and all(game.reserve)
    assert game.observation(game.to_act).hand == 0  # type: ignore[arg-type]


def test_the_auctions_view_shows_spades_as_trump_when_a_turned_spade_names_them() -> None:
    game = Game(TURNED, random.Random(0), dealer=3)
    game.deal_cards(SUITED, turned=6)  # the 8 of spades
    assert game.phase is Phase.AUCTION
    assert game.bid_view(0).trump == 0
    assert game.observation(0).trump == 0


@pytest.mark.parametrize("action", [10**6, -7, [0, 1], None, 2.5])
def test_what_is_no_action_is_refused_as_no_action(action: object) -> None:
    game = Game(RULES, random.Random(0), dealer=3)
    game.deal_random()
    assert game.phase is Phase.AUCTION
    with pytest.raises(IllegalActionError, match="is not an action"):
        game.apply(action)  # type: ignore[arg-type]


def test_trump_named_by_the_pitcher_is_shown_with_the_bids() -> None:
    game = Game(load_variant("nine-card-pitch"), random.Random(2), dealer=3)
    rng = random.Random(3)
    game.deal_random()
    while game.phase is not Phase.TRUMP:
        game.apply(game.random_action(rng))
    pitcher = game.to_act
    assert pitcher == game.pitcher
    bids = game.observation(0).bids
    game.apply(TRUMP_BASE + 2)
    assert game.observation(0).bids == (*bids, (pitcher, TRUMP_BASE + 2))
    assert game.trump == 2


def until_play(game: Game, rng: random.Random) -> None:
    """Deal and take random actions until the cards are played (a hand all passed is
    dealt again)."""
    while game.phase is not Phase.PLAY:
        if game.phase is Phase.DEAL:
            game.deal_random()
        else:
            game.apply(game.random_action(rng))


@pytest.mark.parametrize(("rules", "dealt"), [
    (TURNED, SUITED),  # no pitch: the first lead is asked with no legal mask worked out
    (load_variant("call-partner-pitch"), None),  # the sides as each seat knows them
])
def test_play_turns_asks_each_card_player_with_its_legal_cards_and_its_view(
        rules: Rules, dealt: list[list[int]] | None) -> None:
    game = Game(rules, random.Random(4), dealer=3)
    if dealt is not None:
        game.deal_cards(dealt, turned=6)  # spades trump
    until_play(game, random.Random(5))
    asked = []

    def player(view: PlayView, legal: int) -> int:
        seen = game.observation(view.seat)
        assert legal == game.clone(random.Random(0)).legal_mask()  # the clone's own cache
        assert (view.hand, view.trump, view.team_of) == (seen.hand, seen.trump, seen.team_of)
        asked.append(view.seat)
        return legal.bit_length() - 1

    while game.phase is Phase.PLAY:
        game.play_turns([player] * game.n)
    assert len(asked) >= 10 and len(game.hand_results) == 1


def test_outside_play_no_card_is_legal_and_with_nobody_to_act_no_action() -> None:
    game = Game(RULES, random.Random(0), dealer=3)
    assert (game.legal_mask(), game.legal_actions()) == (0, [])  # before the deal
    game.deal_random()
    assert game.phase is Phase.AUCTION
    assert game.legal_mask() == 0 and game.legal_actions()


def test_acting_before_the_deal_says_nobody_may_act_and_to_deal_first() -> None:
    game = Game(RULES, random.Random(0), dealer=3)
    with pytest.raises(IllegalActionError, match=r"^nobody may pass now: the game is in "
                                                 r"phase deal \(deal the next hand first\)$"):
        game.apply("pass")


def test_the_action_that_ends_a_hand_carries_that_hands_result() -> None:
    game = Game(load_variant("auction-pitch", ["auction.when_all_pass=redeal"]),
                random.Random(0), dealer=3)
    for dealer in (3, 0):  # two hands thrown in: everyone passes
        game.deal_random()
        while game.to_act is not None:
            event = game.apply("pass")
        assert event.hand_result is game.hand_results[-1]
        assert (event.hand_result.dealer, event.hand_result.thrown_in) == (dealer, True)


def test_play_turns_outside_play_asks_no_player() -> None:
    game = Game(RULES, random.Random(0), dealer=3)
    game.deal_random()

    def player(view: PlayView, legal: int) -> int:
        raise AssertionError("asked outside play")

    game.play_turns([player] * 4)
    assert game.phase is Phase.AUCTION and not game.events[1:]


def test_the_card_that_ends_a_hand_carries_that_hands_result() -> None:
    game = Game(RULES, random.Random(6), dealer=3)
    rng = random.Random(7)
    while len(game.hand_results) < 3:
        if game.phase is Phase.DEAL:
            game.deal_random()
            continue
        event = game.apply(game.random_action(rng))
        if event.hand_result is not None:
            assert event.hand_result is game.hand_results[-1]
            assert event.trick_winner is not None  # the last card of the last trick
