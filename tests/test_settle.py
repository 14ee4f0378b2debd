"""Ending a hand and a game (pitchkit.settle): one test per clause."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.scoring import HandFacts, HandScore
from pitchkit.settle import settle_hand
from pitchkit.variant import PointItem, Rules, Tie, point_items


def rules(**sections: dict) -> Rules:
    r = Rules()
    for name, fields in sections.items():
        r = dataclasses.replace(r, **{name: dataclasses.replace(getattr(r, name), **fields)})
    return r


def facts(seats: int = 4, *, pitcher: int | None = 0, teams: int | None = None,
          moon: bool = False) -> HandFacts:
    team_of = tuple(range(seats)) if teams is None else tuple(s % teams for s in range(seats))
    zeros = (0,) * seats
    return HandFacts(trump=0, dealer=seats - 1, team_of=team_of, pitcher=pitcher,
                     bid=None if moon or pitcher is None else 2, moon=moon, dealt=zeros,
                     captured=zeros, tricks_won=zeros, last_trick_winner=None)


def hand(changes: tuple[int, ...], points: dict[str, tuple[int, ...]] | None = None,
         moon_made: bool | None = None) -> HandScore:
    return HandScore(points=points or {}, made=None, moon_made=moon_made,
                     score_changes=changes, combo_points=None)


@pytest.mark.setting("scoring.target")
def test_target_wins() -> None:
    state = settle_hand(Rules(), (5, 0, 0, 0), facts(), hand((2, 0, 0, 0)), 3)
    assert state.over and state.winners == (0,) and state.scores == (7, 0, 0, 0)
    assert state.reason == "target" and not state.draw


def test_below_target_goes_on() -> None:
    state = settle_hand(Rules(), (4, 0, 0, 0), facts(), hand((2, 1, 0, 0)), 3)
    assert not state.over and state.winners == () and state.scores == (6, 1, 0, 0)


@pytest.mark.setting("scoring.win_only_as_pitcher")
def test_win_only_as_pitcher() -> None:
    # rule: first to 7 at the end of a hand in which they were the pitcher (source B)
    state = settle_hand(Rules(), (6, 5, 0, 0), facts(pitcher=0), hand((-2, 3, 0, 0)), 3)
    assert not state.over and state.scores == (4, 8, 0, 0)
    later = settle_hand(Rules(), (4, 8, 0, 0), facts(pitcher=1), hand((1, 2, 0, 0)), 4)
    assert later.over and later.winners == (1,)


def test_any_side_wins_without_win_only_as_pitcher() -> None:
    r = rules(scoring={"win_only_as_pitcher": False})
    state = settle_hand(r, (6, 5, 0, 0), facts(pitcher=0), hand((-2, 3, 0, 0)), 3)
    assert state.over and state.winners == (1,)


def test_win_only_as_pitcher_without_auction_lets_anyone_win() -> None:
    state = settle_hand(Rules(), (6, 5, 0, 0), facts(pitcher=None), hand((0, 3, 0, 0)), 3)
    assert state.over and state.winners == (1,)


POINTS = {"high": (1,), "low": (0,), "jack": (0,), "game": (1,)}


def test_count_order_decides() -> None:
    # both reach 7: 1 needs 1 point, 0 needs 2. Counting high, low, jack, game: seat 1's
    # high comes first -> seat 1 wins.
    r = rules(scoring={"win_only_as_pitcher": False})
    state = settle_hand(r, (5, 6, 0, 0), facts(), hand((2, 2, 0, 0), POINTS), 3)
    assert state.over and state.winners == (1,)
    # counting low and jack before high: seat 0 reaches 7 at jack, seat 1 only at high
    r2 = rules(scoring={"win_only_as_pitcher": False},
               points={"items": point_items("low", "jack", "high", "game")})
    state = settle_hand(r2, (5, 6, 0, 0), facts(), hand((2, 2, 0, 0), POINTS), 3)
    assert state.winners == (0,)


def test_items_count_their_value_in_order() -> None:
    # both reach 7: seat 1 needs 1 point, seat 0 needs 2. Jack (seat 0) counts first and is
    # worth 2, so seat 0 reaches 7 before seat 1's high is counted.
    items = (PointItem.of("jack", 2), PointItem.of("high"), PointItem.of("low"),
             PointItem.of("game"))
    r = rules(scoring={"win_only_as_pitcher": False}, points={"items": items})
    state = settle_hand(r, (5, 6, 0, 0), facts(), hand((3, 2, 0, 0), POINTS), 3)
    assert state.winners == (0,)


@pytest.mark.setting("scoring.bidder_goes_out", needs=("scoring.win_only_as_pitcher=false",))
def test_bidder_goes_out() -> None:
    r = rules(scoring={"win_only_as_pitcher": False, "bidder_goes_out": True})
    state = settle_hand(r, (5, 6, 0, 0), facts(pitcher=0), hand((2, 2, 0, 0), POINTS), 3)
    assert state.over and state.winners == (0,)  # the pitcher, although 1 counts first


def test_bidder_goes_out_only_when_the_bidder_is_out() -> None:
    r = rules(scoring={"win_only_as_pitcher": False, "bidder_goes_out": True})
    points = {"high": (1,), "low": (2,), "jack": (2,), "game": (1,)}
    state = settle_hand(r, (5, 5, 5, 0), facts(pitcher=0), hand((-2, 2, 2, 0), points), 3)
    # pitcher set; 1 and 2 both reach 7: 2's low and jack are counted before 1's game
    assert state.winners == (2,)


def test_bid_only_counts_the_bid_as_the_first_points() -> None:
    # pitcher (seat 0) bid 1 and scores only the bid: its one point is its first in the
    # count (game); seat 1 reaches 7 with high, before game
    r = rules(scoring={"win_only_as_pitcher": False})
    points = {"high": (1,), "low": (0,), "jack": (0,), "game": (0,)}
    state = settle_hand(r, (6, 6, 0, 0), facts(), hand((1, 1, 0, 0), points), 3)
    assert state.winners == (1,)
    points = {"high": (0,), "low": (0,), "jack": (0,), "game": (1,)}
    state = settle_hand(r, (6, 6, 0, 0), facts(), hand((1, 1, 0, 0), points), 3)
    assert state.winners == (0,)


def test_simultaneous_reach_goes_to_higher_score_else_tie() -> None:
    r = rules(scoring={"win_only_as_pitcher": False})
    split = {"game": (0, 1)}
    state = settle_hand(r, (6, 6, 0, 0), facts(), hand((1, 1, 0, 0), split), 3)
    assert state.over and state.draw and state.winners == ()
    state = settle_hand(r, (6, 6, 0, 0), facts(),
                        hand((2, 1, 0, 0), {"game": (0, 1), "high": (0,)}), 3)
    assert state.winners == (0,)


@pytest.mark.setting("scoring.minimum_score")
def test_minimum_score_floor() -> None:
    r = rules(scoring={"minimum_score": 0})
    state = settle_hand(r, (1, 0, 0, 0), facts(), hand((-3, 1, 0, 0)), 1)
    assert state.scores == (0, 1, 0, 0)
    free = settle_hand(Rules(), (1, 0, 0, 0), facts(), hand((-3, 1, 0, 0)), 1)
    assert free.scores == (-2, 1, 0, 0)  # rule: negative scores allowed (A, B)


@pytest.mark.setting("moon.made_wins_game")
def test_moon_made_wins_game() -> None:
    r = rules(moon={"allowed": True, "made_wins_game": True})
    state = settle_hand(r, (0, 6, 0, 0), facts(pitcher=2, moon=True),
                        hand((0, 0, 4, 0), moon_made=True), 2)
    assert state.over and state.winners == (2,) and state.reason == "moon"
    failed = settle_hand(r, (0, 6, 0, 0), facts(pitcher=2, moon=True),
                         hand((0, 0, -4, 0), moon_made=False), 2)
    assert not failed.over


@pytest.mark.setting("scoring.hands")
def test_scoring_hands_highest_wins() -> None:
    r = rules(scoring={"target": None, "hands": 3})
    early = settle_hand(r, (10, 2), facts(2, pitcher=None), hand((3, 4)), 2)
    assert not early.over
    state = settle_hand(r, (10, 2), facts(2, pitcher=None), hand((3, 4)), 3)
    assert state.over and state.winners == (0,) and state.reason == "hands"


def test_tie_is_a_draw() -> None:
    r = rules(scoring={"target": None, "hands": 1, "tie": Tie.DRAW})
    state = settle_hand(r, (0, 0), facts(2, pitcher=None), hand((20, 20)), 1)
    assert state.over and state.draw and not state.replay and state.winners == ()


@pytest.mark.setting("scoring.tie")
def test_tie_replay() -> None:
    # rule: a tie is a draw, and a new game is played to decide it (source C)
    r = rules(scoring={"target": None, "hands": 1, "tie": Tie.REPLAY})
    state = settle_hand(r, (0, 0), facts(2, pitcher=None), hand((20, 20)), 1)
    assert state.over and state.draw and state.replay


def test_no_target_no_limit_never_ends() -> None:
    r = rules(scoring={"target": None})
    state = settle_hand(r, (500, 0, 0, 0), facts(), hand((50, 0, 0, 0)), 99)
    assert not state.over


def test_partners_share_one_score_and_win_together() -> None:
    state = settle_hand(Rules(), (5, 3, 5, 3), facts(teams=2, pitcher=2),
                        hand((2, 1, 2, 1)), 4)
    assert state.scores == (7, 4, 7, 4) and state.winners == (0, 2)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.lists(st.integers(-20, 20), min_size=n, max_size=n),
    st.lists(st.integers(-5, 5), min_size=n, max_size=n),
    st.one_of(st.none(), st.integers(0, n - 1)),
    st.booleans(), st.booleans(), st.one_of(st.none(), st.integers(-5, 0)))))
def test_settlement_invariants(case: tuple) -> None:
    scores, changes, pitcher, only_pitcher, goes_out, floor = case
    n = len(scores)
    r = rules(scoring={"win_only_as_pitcher": only_pitcher, "bidder_goes_out": goes_out,
                       "minimum_score": floor})
    f = facts(n, pitcher=pitcher)
    state = settle_hand(r, tuple(scores), f, hand(tuple(changes)), 1)
    for seat in range(n):
        expected = scores[seat] + changes[seat]
        assert state.scores[seat] == (expected if floor is None else max(expected, floor))
    if state.over and not state.draw:
        assert len(state.winners) == 1
        assert state.scores[state.winners[0]] >= 7
        if only_pitcher and pitcher is not None:
            assert state.winners == (pitcher,)
    if not state.over:
        assert all(s < 7 for s in state.scores) or (only_pitcher and pitcher is not None)
