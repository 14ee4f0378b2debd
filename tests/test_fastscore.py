"""pitchkit.fastscore, the faster copy of scoring and settling a bid's hand, scores
every hand it takes as the definitions do (scoring.score_parts, settle.settle_parts)."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from test_scoring_properties import rules_and_facts

from pitchkit.fastscore import hand_scorer
from pitchkit.load import load_variant
from pitchkit.scoring import HandFacts, score_parts, scoring_plan
from pitchkit.settle import settle_parts
from pitchkit.variant import Count, Rules


def definitions(rules: Rules, facts: HandFacts, scores: tuple[int, ...], hands_played: int
                ) -> tuple[object, ...]:
    """(points, made, score changes, settle_parts' answer) by the definitions."""
    points, made, moon_made, changes, _combo, _won = score_parts(
        scoring_plan(rules), facts.trump, facts.dealer, facts.team_of, facts.pitcher,
        facts.bid, facts.moon, facts.dealt, facts.captured, facts.tricks_won,
        facts.last_trick_winner)
    settled = settle_parts(rules, scores, facts.team_of, facts.pitcher, changes, moon_made,
                           points, hands_played, made)
    return points, made, changes, settled


@st.composite
def hands_to_score(draw: st.DrawFn) -> tuple[Rules, HandFacts, tuple[int, ...], int]:
    """Random rules (points, the contract, the end of the game) and a bid's hand."""
    rules, facts = draw(rules_and_facts())
    s = rules.scoring
    scoring = dataclasses.replace(
        s, target=draw(st.sampled_from([None, 3, 7, 11])),
        hands=draw(st.sampled_from([None, 2, 5])),
        win_only_as_pitcher=draw(st.booleans()), count=draw(st.sampled_from(Count)),
        minimum_score=draw(st.sampled_from([None, 0])),
        losing_score=draw(st.sampled_from([None, -7])),
        all_points_wins_game=draw(st.booleans()))
    rules = dataclasses.replace(rules, scoring=scoring)
    n = len(facts.team_of)
    pitcher = draw(st.integers(0, n - 1))
    facts = dataclasses.replace(facts, pitcher=pitcher, moon=False,
                                bid=draw(st.integers(1, 6)))
    side_scores = [draw(st.integers(-8, 10)) for _ in range(n)]
    scores = tuple(side_scores[facts.team_of[s]] for s in range(n))  # partners alike
    return rules, facts, scores, draw(st.integers(1, 6))


@settings(max_examples=500, deadline=None)
@given(hands_to_score())
def test_the_faster_copy_scores_a_bids_hand_as_the_definitions_do(
        case: tuple[Rules, HandFacts, tuple[int, ...], int]) -> None:
    rules, facts, scores, hands_played = case
    scorer = hand_scorer(scoring_plan(rules), facts.team_of)
    points, made, changes, settled = definitions(rules, facts, scores, hands_played)
    if scorer is None:
        return  # rules it does not take: every hand goes to the definitions
    assert facts.trump is not None and facts.pitcher is not None and facts.bid is not None
    assert facts.last_trick_winner is not None
    quick = scorer(facts.trump, facts.pitcher, facts.bid, sum(facts.dealt), facts.captured,
                   facts.last_trick_winner, scores, hands_played)
    if quick is None:
        return  # a hand it leaves to the definitions (a game tie, the end in sight)
    got_points, got_made, got_changes, got_new = quick
    assert got_points == tuple(points.items())  # same order too
    assert (got_made, got_changes) == (made, changes)
    assert (got_new, False, (), False, False, None) == settled


def test_the_faster_copy_takes_most_hands_of_auction_pitch() -> None:
    # the copy is worth having only if it takes the usual hand: a bid, nobody at the target
    rules = load_variant("auction-pitch")
    scorer = hand_scorer(scoring_plan(rules), (0, 1, 2, 3))
    assert scorer is not None
    # spades trump; seat 0 dealt and took the ace, two and jack, seat 1 the ten
    ace, two, jack, ten = 1 << 12, 1 << 0, 1 << 9, 1 << 8
    dealt = (ace | two | jack, ten, 0, 0)
    captured = (ace | two | jack, ten, 0, 0)
    quick = scorer(0, 0, 3, sum(dealt), captured, 0, (0, 0, 0, 0), 1)
    assert quick is not None
    points, made, changes, new = quick
    assert points == (("high", (0,)), ("low", (0,)), ("jack", (0,)), ("game", (1,)))
    assert (made, changes, new) == (True, (3, 1, 0, 0), (3, 1, 0, 0))
    assert scorer(0, 0, 3, sum(dealt), captured, 0, (5, 0, 0, 0), 1) is None  # 8: at the target


def test_a_game_tie_goes_to_nobody_in_the_faster_copy_as_in_the_definition() -> None:
    rules = load_variant("auction-pitch")  # points.game_tie: nobody
    facts = HandFacts(trump=0, dealer=3, team_of=(0, 1, 2, 3), pitcher=0, bid=2, moon=False,
                      dealt=(1 << 8, 1 << 21, 1 << 12, 0),
                      captured=(1 << 8, 1 << 21 | 1 << 12, 0, 0),
                      tricks_won=(1, 1, 0, 0), last_trick_winner=1)
    # seat 0 took the ten of spades (10), seat 1 the ten of hearts and the ace of spades (14)
    scorer = hand_scorer(scoring_plan(rules), facts.team_of)
    assert scorer is not None
    tie = dataclasses.replace(facts, captured=(1 << 8, 1 << 21, 1 << 12, 0))  # 10, 10, 4
    for case in (facts, tie):
        quick = scorer(0, 0, 2, sum(case.dealt), case.captured, 1, (0, 0, 0, 0), 1)
        assert quick is not None
        points, made, changes, settled = definitions(rules, case, (0, 0, 0, 0), 1)
        assert quick == (tuple(points.items()), made, changes, settled[0])
    assert points["game"] == ()  # the tie: nobody
