"""Issue 10's last table rows, each shown in a played hand: a fifth point for taking
everything (``{point: slam}``, ``points.slam_requires``) and jokers as half a game point
(``points.joker_game_halves``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from play_helpers import act, cards, tricks

from pitchkit.checks import check_rules
from pitchkit.engine import Game
from pitchkit.explain import explain_rules
from pitchkit.variant import Rules, rules_from_mapping

FIVE = [{"point": w} for w in ("high", "low", "jack", "game", "slam")]


def two_players(**sections: Any) -> Rules:
    base: dict[str, Any] = {"players": {"count": 2}, "auction": {"max_bid": 5},
                            "scoring": {"target": None, "hands": 1}}
    for key, value in sections.items():
        base[key] = {**base.get(key, {}), **value}
    return rules_from_mapping(base)


def slam_rules(requires: str | None = None) -> Rules:
    points: dict[str, Any] = {"items": FIVE}
    if requires is not None:
        points["slam_requires"] = requires
    return two_players(points=points)


def everything_to_seat_0(rules: Rules, seat_0: str, bid: str, last: str = "AD 4D") -> Game:
    """Seat 0 pitches hearts and wins every trick but perhaps the last."""
    game = Game(rules, random.Random(0), dealer=1)
    game.deal_cards([cards(seat_0), cards("3H 4S 4C 4D 5S 5C")])
    act(game, bid, "pass")
    tricks(game, f"{seat_0.split()[0]} 3H", f"{seat_0.split()[1]} 4S",
           f"{seat_0.split()[2]} 4C", "AS 5S", "AC 5C", last)
    return game


def test_slam_is_a_fifth_point_for_every_point_and_every_trick() -> None:
    game = everything_to_seat_0(slam_rules(), "AH JH 2H AS AC AD", "bid 5")
    result = game.hand_results[-1]
    assert result.points["slam"] == (0,)
    # rule: a bid of 5 (smudge) is made only with the fifth point
    assert result.made is True
    assert game.scores == [5, 0]


def test_slam_is_not_won_when_the_jack_was_not_dealt() -> None:
    # every trick, but an item nobody could win: no side took everything (Rognlie)
    game = everything_to_seat_0(slam_rules(), "AH KH 2H AS AC AD", "bid 3")
    assert game.hand_results[-1].points["slam"] == ()
    assert game.scores == [3, 0]


def test_slam_requires_all_tricks_scores_without_the_jack() -> None:
    game = everything_to_seat_0(slam_rules("all_tricks"), "AH KH 2H AS AC AD", "bid 3")
    assert game.hand_results[-1].points["slam"] == (0,)
    assert game.scores == [4, 0]


@pytest.mark.parametrize(("requires", "slam"), [("all_points_and_tricks", ()),
                                                ("all_points", (0,)),
                                                ("all_tricks", ())])
def test_slam_requires_when_one_trick_without_points_is_lost(requires: str,
                                                             slam: tuple[int, ...]) -> None:
    # seat 1 wins the last trick (4D over 3D), which holds no game point
    game = everything_to_seat_0(slam_rules(requires), "AH JH 2H AS AC 3D", "bid 4",
                                last="3D 4D")
    result = game.hand_results[-1]
    assert result.tricks_won == (5, 1)
    assert result.points["slam"] == slam
    assert game.scores[0] == 4 + len(slam)


def test_slam_goes_to_a_side_that_did_not_pitch() -> None:
    game = Game(slam_rules(), random.Random(0), dealer=0)
    game.deal_cards([cards("AH JH 2H AS AC AD"), cards("3H 4S 4C 4D 5S 5C")])
    act(game, "bid 2", "pass")
    tricks(game, "3H AH", "JH 4S", "2H 4C", "AS 5S", "AC 5C", "AD 4D")
    result = game.hand_results[-1]
    assert result.pitcher == 1 and result.points["slam"] == (0,)
    assert game.scores == [5, -2]


def joker_hand(halves: int) -> Game:
    """Seat 0 captures AH and the joker (4 and a joker), seat 1 KC and JC (4)."""
    rules = two_players(deck={"jokers": 1}, points={"joker_game_halves": halves})
    game = Game(rules, random.Random(0), dealer=1)
    game.deal_cards([cards("AH 2H 3C 4C 5C 6C"), cards("BJ KC JC 7C 8C 9C")])
    act(game, "bid 2", "pass")
    tricks(game, "AH BJ", "3C KC", "JC 4C", "7C 5C", "8C 6C", "9C 2H")
    return game


@pytest.mark.parametrize(("halves", "game_to"), [(0, ()), (1, (0,))])
def test_a_joker_as_half_a_game_point_breaks_a_tie_of_whole_points(
        halves: int, game_to: tuple[int, ...]) -> None:
    game = joker_hand(halves)
    assert game.hand_results[-1].points["game"] == game_to
    assert game.scores == [2 + len(game_to), 0]


def test_two_halves_make_a_whole_game_point() -> None:
    # 4 and two halves against 4: seat 0 has 5
    game = joker_hand(2)
    assert game.hand_results[-1].points["game"] == (0,)


def problems(**sections: Any) -> list[str]:
    return [f.message for f in check_rules(two_players(**sections)) if not f.note]


def test_validate_refuses_what_cannot_act() -> None:
    assert any("no jokers" in m for m in problems(points={"joker_game_halves": 1}))
    assert any("{point: game}" in m for m in problems(
        deck={"jokers": 1}, points={"joker_game_halves": 1,
                                    "items": [{"point": "high"}, {"point": "low"}]}))
    assert any("{point: slam}" in m for m in problems(points={"slam_requires": "all_tricks"}))
    assert any("never be won" in m for m in problems(
        points={"items": [{"point": "slam"}]}, auction={"max_bid": 1}))
    assert problems(points={"items": FIVE}) == []
    assert problems(deck={"jokers": 2}, points={"joker_game_halves": 1}) == []


def test_explain_states_the_rows() -> None:
    sheet = explain_rules(slam_rules())
    assert ("**Slam** goes to the player that takes every other point and every trick of "
            "the hand, pitcher or not") in sheet
    assert "each joker half a point" in explain_rules(
        two_players(deck={"jokers": 2}, points={"joker_game_halves": 1}))
