"""The end of a hand and a game (pitchkit.settle), clause by clause: the clauses
mutate.py showed no test pinned. settle_parts answers GameState's fields in order:
(scores, over, winners, draw, replay, reason)."""

from __future__ import annotations

from typing import Any

import pytest

from pitchkit.explain import explain_rules
from pitchkit.settle import dealer_set_changes, settle_parts
from pitchkit.variant import Rules, rules_from_mapping


def rules(players: int = 3, **sections: Any) -> Rules:
    return rules_from_mapping({"players": {"count": players}, **sections})


def settle(r: Rules, scores: tuple[int, ...], changes: tuple[int, ...], *,
           hands_played: int = 1, made: bool | None = None) -> tuple[Any, ...]:
    team_of = tuple(range(len(scores)))
    return settle_parts(r, scores, team_of, None, changes, None, {}, hands_played, made)


def test_everyone_passed_sets_back_the_dealers_side_only() -> None:
    r = rules_from_mapping({"players": {"count": 4, "partnerships": "2x2"}, "auction": {
        "when_all_pass": "dealer_set", "dealer_forced_bid": 3}})
    assert dealer_set_changes(r, (0, 1, 0, 1), 2) == (-3, 0, -3, 0)
    assert dealer_set_changes(r, (0, 1, 2, 3), 1) == (0, -3, 0, 0)


def test_a_game_that_goes_on_has_no_winner_no_draw_no_replay_no_reason() -> None:
    r = rules(scoring={"target": 11, "tie": "replay"})
    assert settle(r, (3, 4, 5), (1, 2, 0)) == ((4, 6, 5), False, (), False, False, None)


def test_a_tie_after_the_last_hand_under_another_hand_goes_on_as_any_hand() -> None:
    # rule: a tie is broken by another hand (scoring.tie another_hand): the game goes on,
    # nothing of an end is set
    r = rules(scoring={"target": None, "hands": 2, "tie": "another_hand"})
    assert settle(r, (3, 3, 1), (1, 1, 0), hands_played=2) == (
        (4, 4, 1), False, (), False, False, None)


@pytest.mark.parametrize("tie", ["draw", "replay"])
def test_the_others_tied_when_a_side_loses_at_the_losing_score_is_a_draw(tie: str) -> None:
    # side 0 falls to the losing score; sides 1 and 2 tie for the best of the rest: no
    # winner, a draw (replayed under scoring.tie replay)
    r = rules(scoring={"losing_score": -5, "target": 21, "tie": tie})
    assert settle(r, (-4, 2, 2), (-2, 0, 0)) == (
        (-6, 2, 2), True, (), True, tie == "replay", "losing_score")


def test_a_side_exactly_at_the_losing_score_loses() -> None:
    # rule: a side at the losing score loses the game (scoring.losing_score): at, not only
    # past it
    r = rules(scoring={"losing_score": -5, "target": 21})
    assert settle(r, (-3, 2, 1), (-2, 0, 0)) == (
        (-5, 2, 1), True, (1,), False, False, "losing_score")
    assert settle(r, (-3, 2, 1), (-1, 0, 0))[1] is False  # -4: above it, the game goes on


def test_without_items_every_side_reaching_the_target_reaches_at_once() -> None:
    # combinations scoring has no items to count in order: under several_reach
    # point_order the sides at the target after the hand reached it at once, and the
    # higher score wins (both were at it before the hand: a tie played on under
    # scoring.tie another_hand)
    r = rules_from_mapping({
        "players": {"count": 2}, "auction": {"style": "none"},
        "scoring": {"method": "combinations", "several_reach": "point_order", "target": 11,
                    "tie": "another_hand", "win_only_as_pitcher": False}})
    assert settle_parts(r, (11, 11), (0, 1), None, (0, 2), None, {}, 3, None) == (
        (11, 13), True, (1,), False, False, "target")


def test_without_items_a_side_reaching_the_target_in_the_hand_is_not_behind_sides_already_at_it(
        ) -> None:
    # rule: with nothing to count in order (scoring.method combinations), several_reach
    # point_order is the higher score (source C: "the highest total wins"): every side
    # at the target after the hand reached it together, also those already at it before
    # the hand (a tie played on under scoring.tie another_hand). Seats 0 and 1 tied at 11
    # and played on; seat 2 passes them in this hand and has the highest score: it wins,
    # where counting the sides already at the target as first would tie 0 and 1 again.
    r = rules_from_mapping({
        "players": {"count": 3}, "auction": {"style": "none"},
        "scoring": {"method": "combinations", "several_reach": "point_order", "target": 11,
                    "tie": "another_hand", "win_only_as_pitcher": False}})
    assert settle_parts(r, (11, 11, 5), (0, 1, 2), None, (1, 1, 8), None, {}, 3, None) == (
        (12, 12, 13), True, (2,), False, False, "target")


def test_in_point_order_sides_already_at_the_target_reached_it_with_the_first_item() -> None:
    # rule: several_reach point_order counts the hand item by item, and a side already at
    # the target before the hand (a tie played on under scoring.tie another_hand) counts
    # as reaching it with the first item. Seats 0 and 1 tied at 11 and played on; seat 2 takes all
    # four items, from 8 to 12, the highest score: 0 and 1 reached the target first, tie
    # again, and the game goes on (under higher_score seat 2 would win).
    every = {"high": (2,), "low": (2,), "jack": (2,), "game": (2,)}
    for several, over, winners in (("point_order", False, ()), ("higher_score", True, (2,))):
        r = rules(scoring={"several_reach": several, "target": 11, "tie": "another_hand",
                           "win_only_as_pitcher": False})
        assert settle_parts(r, (11, 11, 8), (0, 1, 2), None, (0, 0, 4), None, every, 3,
                            None)[:3] == ((11, 11, 12), over, winners)


def test_in_point_order_a_side_reaching_the_target_on_the_first_item_ties_with_those_at_it(
        ) -> None:
    # rule: a side already at the target counts as reaching it with the first item, so a
    # side that reaches it on that item reaches it as early, and the higher score decides.
    # Seats 0 and 1 tied at 11 and played on; seat 2, at 10, takes all four items: high
    # brings it to 11 with them, and its 14 wins.
    every = {"high": (2,), "low": (2,), "jack": (2,), "game": (2,)}
    r = rules(scoring={"several_reach": "point_order", "target": 11, "tie": "another_hand",
                       "win_only_as_pitcher": False})
    assert settle_parts(r, (11, 11, 10), (0, 1, 2), None, (0, 0, 4), None, every, 3,
                        None)[:3] == ((11, 11, 14), True, (2,))


def test_explain_says_a_side_at_the_target_before_the_hand_reached_it_first() -> None:
    # the reading above, in the rules text: only where a tie is played on
    for tie, said in (("another_hand", True), ("draw", False)):
        r = rules(scoring={"several_reach": "point_order", "target": 11, "tie": tie,
                           "win_only_as_pitcher": False})
        assert ("already at 11 before the hand, after a tie played on, counts as reaching it on "
                "the first point"
                in explain_rules(r)) is said
