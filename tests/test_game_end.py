"""How a game ends: one test per setting (scoring.count, losing_score, win_needs_made_bid,
tie another_hand; moon.failed_loses_game), and a property: counting down and counting up
give the same games and winners."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import play_game, variants

from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.explain import explain_rules
from pitchkit.settle import settle_parts
from pitchkit.variant import Count, Rules, rules_from_mapping

TWO = (0, 1)  # two players, each a side


def rules(**sections: Any) -> Rules:
    return rules_from_mapping({"players": {"count": 2}, **sections})


def settle(r: Rules, scores: tuple[int, ...], changes: tuple[int, ...], *, pitcher: int = 0,
           made: bool | None = True, moon_made: bool | None = None) -> tuple[Any, ...]:
    return settle_parts(r, scores, TWO, pitcher, changes, moon_made, {}, 1, made)


def test_count_down_scores_start_at_the_target_and_fall() -> None:
    r = rules(scoring={"count": "down", "target": 7, "win_only_as_pitcher": False})
    game = Game(r, random.Random(1))
    assert game.scores == [7, 7]
    while not game.hand_results or game.hand_results[-1].thrown_in:
        if game.phase is Phase.DEAL:
            game.deal_random()
        else:
            game._apply_random(random.Random(2))
    result = game.hand_results[-1]
    up = dataclasses.replace(r, scoring=dataclasses.replace(r.scoring, count=Count.UP))
    assert list(result.scores) == [7 - x for x in settle(
        up, (0, 0), result.score_changes, pitcher=result.pitcher or 0, made=result.made)[0]]


def test_count_down_reaching_zero_wins() -> None:
    r = rules(scoring={"count": "down", "target": 7, "win_only_as_pitcher": False})
    scores, over, winners, *_ = settle(r, (2, 5), (3, 1))
    assert scores == (-1, 4) and over and winners == (0,)


@pytest.mark.setting("scoring.losing_score")
def test_losing_score_loses_the_game() -> None:
    r = rules(scoring={"losing_score": -21, "target": 21})
    scores, over, winners, *_ = settle(r, (-19, 3), (-3, 1), made=False)
    assert scores == (-22, 4) and over and winners == (1,)


def test_every_side_past_the_losing_score_in_one_hand_is_a_draw() -> None:
    r = rules(scoring={"losing_score": -5, "target": 21, "opponents_score": False,
                       "set_back": 3})
    scores, over, winners, draw, replay, _ = settle(r, (-4, -4), (-3, -3), made=False)
    assert scores == (-7, -7) and over and winners == () and draw and not replay


def test_losing_score_counting_down_is_read_on_the_scores_counted_up() -> None:
    # counting down from 21, a score of 43 shown is -22 counted up: past -21, lost
    r = rules(scoring={"losing_score": -21, "target": 21, "count": "down"})
    scores, over, winners, *_ = settle(r, (40, 18), (-3, 1), made=False)
    assert scores == (43, 17) and over and winners == (1,)
    assert not settle(r, (38, 18), (-3, 1), made=False)[1]  # 41 shown: -20 counted up


def test_explain_states_a_losing_score_counting_down_as_it_is_read() -> None:
    text = explain_rules(rules(scoring={"losing_score": -21, "target": 21, "count": "down"}))
    assert "counted up falls to -21 or below (shown as 42 or more, counting down)" in text
    assert "falls to -21 or below loses" in explain_rules(
        rules(scoring={"losing_score": -21, "target": 21}))


def test_without_a_losing_score_the_game_goes_on() -> None:
    assert not settle(rules(scoring={"target": 21}), (-19, 3), (-3, 1), made=False)[1]


@pytest.mark.setting("scoring.win_needs_made_bid")
def test_win_needs_made_bid_a_set_pitcher_cannot_win() -> None:
    base = {"target": 7, "set_back": 1}
    scores, over, *_ = settle(rules(scoring={**base, "win_needs_made_bid": True}), (8, 0),
                              (-1, 2), made=False)
    assert scores == (7, 2) and not over
    assert settle(rules(scoring=base), (8, 0), (-1, 2), made=False)[2] == (0,)  # source B


@pytest.mark.setting("moon.failed_loses_game")
def test_failed_moon_loses_the_game() -> None:
    r = rules(moon={"allowed": True, "failed_loses_game": True})
    _, over, winners, *_ = settle(r, (5, 0), (-4, 1), made=False, moon_made=False)
    assert over and winners == (1,)
    plain = rules(moon={"allowed": True})
    assert not settle(plain, (5, 0), (-4, 1), made=False, moon_made=False)[1]


def test_tie_another_hand_plays_on() -> None:
    r = rules(scoring={"target": None, "hands": 1, "tie": "another_hand"})
    assert not settle(r, (3, 3), (1, 1), made=None)[1]
    assert settle(rules(scoring={"target": None, "hands": 1}), (3, 3), (1, 1), made=None)[3]


def test_dealer_set_can_lose_the_game() -> None:
    r = rules(auction={"when_all_pass": "dealer_set", "dealer_forced_bid": 3},
              scoring={"losing_score": -2}, deal={"cards_per_hand": 1})
    game = Game(r, random.Random(0), dealer=1)
    game.deal_cards([[0], [1]])
    game.apply("pass")
    game.apply("pass")
    assert game.phase is Phase.OVER and game.outcome is not None
    assert game.outcome.winners == (0,)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32), target=st.integers(1, 12))
def test_counting_down_and_up_give_the_same_games_and_winners(
        rules: Rules, seed: int, target: int) -> None:
    up = dataclasses.replace(rules, scoring=dataclasses.replace(
        rules.scoring, target=target, count=Count.UP))
    down = dataclasses.replace(up, scoring=dataclasses.replace(up.scoring, count=Count.DOWN))
    a, b = play_game(up, seed, check=False), play_game(down, seed, check=False)
    assert [e[:4] for e in a.events] == [e[:4] for e in b.events]  # the same plays
    assert (a.outcome is None) == (b.outcome is None)
    if a.outcome is not None and b.outcome is not None:
        assert (a.outcome.winners, a.outcome.draw) == (b.outcome.winners, b.outcome.draw)
    assert b.scores == [target - x for x in a.scores]
    assert [h.score_changes for h in a.hand_results] == [h.score_changes
                                                          for h in b.hand_results]


def test_a_game_may_start_from_given_scores_one_per_seat() -> None:
    # a search bot replays a hand from mid-match: the game starts at the scores it saw,
    # and the hand's points add to them
    r = rules(scoring={"target": 21})
    game = Game(r, random.Random(3), scores=(9, 4))
    assert game.scores == [9, 4]
    game.deal_random()
    for _ in range(100):  # one hand
        if game.hand_results:
            break
        game._apply_random(random.Random(5))
    changes = game.hand_results[0].score_changes
    assert game.scores == [9 + changes[0], 4 + changes[1]]


def test_starting_scores_are_one_per_seat() -> None:
    with pytest.raises(IllegalActionError, match="3 scores for 2 seats"):
        Game(rules(), random.Random(0), scores=(1, 2, 3))
