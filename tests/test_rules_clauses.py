"""One test per rule clause that mutation testing found no test pinning.

Each test names the clause it pins; each fails on a small change to the code that applies
that clause (benchmarks/mutate.py finds such changes). Deals are written per seat as
``"AS KS 2H"``; seat 0 is left of dealer 3 unless a test says otherwise.
"""

from __future__ import annotations

import random

import pytest
from play_helpers import act, cards, names, no_auction, start

from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError, UsageError, seat_name
from pitchkit.load import load_variant
from pitchkit.money import MoneyLedger

S, H, D, C = 0, 1, 2, 3


def winner_of(game: Game, *plays: str) -> int | None:
    event = None
    for card in plays:
        event = game.apply("play " + card)
    assert event is not None
    return event.trick_winner


# ------------------------------------------------------------------ a joker led


JOKER_LED = no_auction(deck={"jokers": 2}, deal={"cards_per_hand": 1})


def test_first_plain_card_after_a_joker_lead_sets_trump_and_an_ace_of_it_wins() -> None:
    game = start(JOKER_LED, "BJ", "AH", "KH", "2S")
    assert winner_of(game, "BJ", "AH", "KH", "2S") == 1
    assert game.trump == H


def test_a_plain_ace_following_a_joker_led_trick_wins_it() -> None:
    # the 2 of hearts sets trump under the joker; the ace of hearts played after it wins
    game = start(JOKER_LED, "BJ", "2H", "AH", "LJ")
    assert winner_of(game, "BJ", "2H", "AH", "LJ") == 2
    assert game.trump == H


def test_a_joker_outranks_a_low_trump_set_after_it() -> None:
    game = start(JOKER_LED, "BJ", "2H", "3S", "4D")
    assert winner_of(game, "BJ", "2H", "3S", "4D") == 0


def test_an_off_suit_card_after_trump_is_set_under_a_joker_does_not_win() -> None:
    game = start(JOKER_LED, "LJ", "5H", "AS", "AD")
    assert winner_of(game, "LJ", "5H", "AS", "AD") == 0


# ------------------------------------------------------------------ first lead


def test_first_lead_must_be_trump_when_trump_is_spades() -> None:
    # spades is suit 0: "trump known" must not be read as "trump is above suit 0"
    r = no_auction(deal={"cards_per_hand": 3}, play={"first_lead_must_be_trump": True},
                   trump={"chosen_by": "turned_card", "shown_card": "out_of_play"})
    game = start(r, "AH 2S 3C", "3S 4D 5C", "9S 5D 6C", "KH 6D 8D", turned="7S")
    assert game.trump == S
    assert names(game.legal_actions()) == ["play 2S"]
    with pytest.raises(IllegalActionError, match=r"seat 1 must lead a trump \(spades\)"):
        game.apply("play AH")


# ------------------------------------------------------------------ the forced dealer


def forced_exact(forced: int) -> Game:
    rules = load_variant("auction-pitch", ("auction.dealer_forced_bid_exact=true",
                                           f"auction.dealer_forced_bid={forced}"))
    game = Game(rules, random.Random(3), dealer=0)
    game.deal_random()
    act(game, "pass", "pass", "pass")
    assert game.to_act == 0
    return game


def test_dealer_forced_to_bid_exactly_two_may_not_pitch_instead() -> None:
    game = forced_exact(2)
    assert names(game.legal_actions()) == ["bid 2"]
    card = (game.hands[0] & -game.hands[0]).bit_length() - 1
    with pytest.raises(IllegalActionError,
                       match=r"may not pitch .*: everyone else passed and the dealer must bid "
                             r"exactly 2"):
        game.apply(card)
    assert game.phase is Phase.AUCTION and game.to_act == 0


def test_dealer_forced_to_bid_exactly_the_maximum_may_pitch_it() -> None:
    # pitching shows a bid of the maximum: when that is the forced bid, it is allowed
    game = forced_exact(4)
    legal = names(game.legal_actions())
    assert legal[0] == "bid 4" and len(legal) > 1
    game.apply(legal[1])
    assert game.bid == 4 and game.pitcher == 0 and game.phase is Phase.PLAY


# ------------------------------------------------------------------ game on a tie at zero


@pytest.mark.parametrize("game_tie", ["split", "elder_hand"])
@pytest.mark.parametrize("partnerships", ["2x2", "none"])
def test_nobody_scores_game_when_no_side_has_game_points(game_tie: str,
                                                          partnerships: str) -> None:
    # every side at 0 game points is no tie for game: "game" goes to nobody
    r = no_auction(deal={"cards_per_hand": 1}, points={"game_tie": game_tie},
                   players={"partnerships": partnerships}, trump={"chosen_by": "first_lead"})
    game = start(r, "2H", "3H", "4H", "5H")
    winner_of(game, "2H", "3H", "4H", "5H")
    hand = game.hand_results[-1]
    assert hand.points.get("game", ()) == ()


@pytest.mark.parametrize("game_tie", ["split", "elder_hand"])
def test_a_tie_for_game_between_partnerships_follows_game_tie(game_tie: str) -> None:
    r = no_auction(deal={"cards_per_hand": 2}, points={"game_tie": game_tie},
                   players={"partnerships": "2x2"}, trump={"chosen_by": "first_lead"})
    game = start(r, "AH 2D", "2H 3D", "3H AD", "4H 4D")
    assert winner_of(game, "AH", "2H", "3H", "4H") == 0  # side 0 takes the ace: 4
    assert winner_of(game, "2D", "3D", "AD", "4D") == 2  # side 0 again
    hand = game.hand_results[-1]
    assert hand.points["game"] == (0, 2)  # no tie here: side 0 alone
    game = start(r, "AH 2D", "2H AD", "3H 3D", "4H 4D")
    assert winner_of(game, "AH", "2H", "3H", "4H") == 0  # side 0: the ace, 4
    assert winner_of(game, "2D", "AD", "3D", "4D") == 1  # side 1: the ace, 4
    hand = game.hand_results[-1]
    # split: both sides score it; elder hand: the side of seat 0 (left of dealer 3)
    assert hand.points["game"] == ((0, 1, 2, 3) if game_tie == "split" else (0, 2))


# ------------------------------------------------------------------ players


def play_out(game: Game, rng: random.Random) -> None:
    game.deal_random()
    while game.phase not in (Phase.DEAL, Phase.OVER):
        game.apply(rng.choice(game.legal_actions()))


def test_hand_result_names_the_players_at_the_table_after_a_leave() -> None:
    game = Game(load_variant("money-pitch"), random.Random(4), dealer=0)
    rng = random.Random(5)
    play_out(game, rng)
    assert game.hand_results[-1].players == (0, 1, 2, 3)
    game.leave([1])
    play_out(game, rng)
    assert game.hand_results[-1].players == (0, 2, 3)
    game.join(1)
    play_out(game, rng)
    assert game.hand_results[-1].players == (0, 2, 3, 4)


def test_a_player_may_not_join_twice() -> None:
    ledger = MoneyLedger(load_variant("money-pitch"), [0, 1])
    with pytest.raises(UsageError, match="player 1 is already at the table"):
        ledger.join([1])
    with pytest.raises(UsageError, match="player 5 joins twice"):
        ledger.join([5, 5])
    assert ledger.totals() == {0: 0, 1: 0}


# ------------------------------------------------------------------ staged play, the deal


def test_only_a_choice_of_cards_is_taken_while_a_stage_is_chosen() -> None:
    rules = load_variant("pimps-and-hoes")
    game = Game(rules, random.Random(2), dealer=0)
    game.deal_random()
    while game.phase is not Phase.SELECT:
        game.apply(game.legal_actions()[0])
    seat = game.to_act
    assert seat is not None
    before = game.snapshot()
    for action in ("pass", "bid 2", "trump H", names(game.legal_actions()[:1])[0]):
        with pytest.raises(IllegalActionError, match=f"{seat_name(seat)} must choose its cards"):
            game.apply(action)
        assert game.snapshot() == before


def test_a_joker_cannot_be_dealt_in_a_deck_without_jokers() -> None:
    r = no_auction(deal={"cards_per_hand": 1})
    game = Game(r, random.Random(0), dealer=3)
    for joker in ("BJ", "LJ"):
        with pytest.raises(IllegalActionError, match=f"seat 2: {joker} is not in the deck"):
            game.deal_cards([cards("2H"), cards(joker), cards("4H"), cards("5H")])
    assert game.phase is Phase.DEAL


def test_after_a_joker_led_before_trump_any_card_may_follow() -> None:
    # a joker led while trump is unknown leads no suit: nothing to follow; the first
    # plain card sets trump, and the joker then counts as a trump led
    r = no_auction(deck={"jokers": 2}, deal={"cards_per_hand": 2})
    # seat 0 holds only jokers, so may lead one to set trump
    game = start(r, "BJ LJ", "AH 3D", "2S KD", "5S 6D")
    game.apply("play BJ")
    assert sorted(names(game.legal_actions())) == ["play 3D", "play AH"]
    game.apply("play AH")  # hearts are trump now
    assert sorted(names(game.legal_actions())) == ["play 2S", "play KD"]
