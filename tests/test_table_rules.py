"""Table rules from issue 10, each shown in a played hand: who wins when several sides
pass the target in one hand (scoring.several_reach), taking every point wins at once
(scoring.all_points_wins_game)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from play_helpers import act, cards, tricks

from pitchkit.engine import Game
from pitchkit.variant import Rules, rules_from_mapping


def two_players(**sections: Any) -> Rules:
    base: dict[str, Any] = {"players": {"count": 2},
                            "scoring": {"win_only_as_pitcher": False}}
    for key, value in sections.items():
        base[key] = {**base.get(key, {}), **value}
    return rules_from_mapping(base)


def play_both_reach(several: str) -> Game:
    """Seat 0 (4 points) pitches 3 and takes low, jack and game; seat 1 (6 points) takes
    high. Both end on 7: high is counted first, so seat 1 reaches 7 first."""
    game = Game(two_players(scoring={"several_reach": several}), random.Random(0), dealer=1)
    game.scores = [4, 6]
    game.deal_cards([cards("JH 2H 9C TC TD TS"), cards("AH 3H 5D 4C 6S 7S")])
    act(game, "bid 3", "pass")
    # seat 1 trumps 9C with the ace; seat 0 trumps 5D with the two
    assert tricks(game, "JH 3H", "9C AH", "5D 2H", "TC 4C", "TD 6S", "TS 7S") == [
        0, 1, 0, 0, 0, 0]
    result = game.hand_results[-1]
    assert result.points == {"high": (1,), "low": (0,), "jack": (0,), "game": (0,)}
    assert game.scores == [7, 7]
    return game


def test_several_reach_point_order_first_to_the_target_in_item_order() -> None:
    game = play_both_reach("point_order")
    assert game.outcome is not None and game.outcome.winners == (1,)


def test_several_reach_higher_score_equal_scores_are_a_tie() -> None:
    game = play_both_reach("higher_score")
    assert game.outcome is not None and game.outcome.winners == () and game.outcome.draw


def test_several_reach_tie_to_pitcher() -> None:
    game = play_both_reach("tie_to_pitcher")
    assert game.outcome is not None and game.outcome.winners == (0,)


def test_several_reach_higher_score_wins() -> None:
    # the same hand from 5 and 6: seat 0 ends on 8, seat 1 on 7; high still counts first
    for several, winner in (("point_order", 1), ("higher_score", 0), ("tie_to_pitcher", 0)):
        game = Game(two_players(scoring={"several_reach": several}), random.Random(0),
                    dealer=1)
        game.scores = [5, 6]
        game.deal_cards([cards("JH 2H 9C TC TD TS"), cards("AH 3H 5D 4C 6S 7S")])
        act(game, "bid 3", "pass")
        tricks(game, "JH 3H", "9C AH", "5D 2H", "TC 4C", "TD 6S", "TS 7S")
        assert game.outcome is not None and game.outcome.winners == (winner,), several


@pytest.mark.parametrize("wins", [True, False])
def test_all_points_wins_game(wins: bool) -> None:
    # seat 0 passes, the dealer (seat 1) must bid 2 and pitches; seat 0, not the pitcher,
    # takes high, low, jack and game: 4 points, short of 7
    game = Game(two_players(scoring={"all_points_wins_game": wins}), random.Random(0),
                dealer=1)
    game.deal_cards([cards("AH 2H JH TC TD TS"), cards("3H 4C 5D 6S 7S 8S")])
    act(game, "pass", "bid 2")
    assert tricks(game, "3H AH", "2H 4C", "JH 5D", "TC 6S", "TD 7S", "TS 8S") == [0] * 6
    assert game.hand_results[-1].points == {
        "high": (0,), "low": (0,), "jack": (0,), "game": (0,)}
    assert game.scores == [4, -2]
    if wins:
        assert game.outcome is not None and game.outcome.winners == (0,)
    else:
        assert game.outcome is None
