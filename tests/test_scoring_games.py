"""Scoring inside whole games: random legal play under random scoring settings.

After every hand the engine reports (HandResult), check what scoring promises: the points
awarded fit what the variant makes available, partners score alike, the contract is
honoured, scores only change by the hand's changes (and the floor), and a finished game
has a winner at or above the target (or a draw).
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import point_item_lists

from pitchkit.engine import Game, Phase, select_action
from pitchkit.load import load_variant
from pitchkit.scoring import available_points
from pitchkit.variant import GameTie, GoesTo, LoneTrump, MadeBidScores, Rules


def playable(rules: Rules, draw: st.DrawFn) -> Rules:
    points = dataclasses.replace(
        rules.points,
        items=draw(point_item_lists(rules.deck.jokers)),
        high_goes_to=draw(st.sampled_from(GoesTo)), low_goes_to=draw(st.sampled_from(GoesTo)),
        lone_trump=draw(st.sampled_from(LoneTrump)),
        game_tie=draw(st.sampled_from([GameTie.NOBODY, GameTie.ELDER_HAND, GameTie.SPLIT])))
    scoring = dataclasses.replace(
        rules.scoring, made_bid_scores=draw(st.sampled_from(MadeBidScores)),
        set_back=draw(st.sampled_from(["bid", 2])), opponents_score=draw(st.booleans()),
        minimum_score=draw(st.sampled_from([None, 0, -5])),
        win_only_as_pitcher=draw(st.booleans()), bidder_goes_out=draw(st.booleans()),
        target=draw(st.sampled_from([5, 7, 11])))
    total = sum(item.value for item in points.items)
    auction = dataclasses.replace(  # bids a hand can make (checks refuse the others)
        rules.auction, min_bid=min(rules.auction.min_bid, total),
        max_bid=min(rules.auction.max_bid, max(total, 1)),
        dealer_forced_bid=min(rules.auction.dealer_forced_bid, total))
    return dataclasses.replace(rules, points=points, scoring=scoring, auction=auction)


@st.composite
def games(draw: st.DrawFn) -> tuple[Rules, int]:
    base = load_variant(draw(st.sampled_from(["auction-pitch", "partnership-pitch",
                                               "money-pitch"])))
    return playable(base, draw), draw(st.integers(0, 10_000))


@settings(max_examples=40, deadline=None)
@given(games())
def test_every_hand_scores_within_the_rules(case: tuple[Rules, int]) -> None:
    rules, seed = case
    rng = random.Random(seed)
    game = Game(rules, rng)
    scores = tuple(game.scores)
    while game.phase is not Phase.OVER and game.hands_played < 25:
        if game.phase is Phase.DEAL:
            game.deal_random()
            continue
        if game.phase is Phase.SELECT:
            game.apply(select_action(rng.sample(game.legal_actions(), game.select_count)))
            continue
        event = game.apply(rng.choice(game.legal_actions()))
        hand = event.hand_result
        if hand is None:
            continue
        if hand.thrown_in:
            scores = hand.scores
            continue
        team_of = game.team_of
        sides = set(team_of)
        assert tuple(hand.points) == rules.point_names()
        value = {item.name: item.value for item in rules.points.items}
        awarded = sum(value[name] * len({team_of[s] for s in seats})
                      for name, seats in hand.points.items())
        assert awarded <= available_points(rules, len(sides))
        for a in range(len(team_of)):
            for b in range(len(team_of)):
                if team_of[a] == team_of[b]:
                    assert hand.score_changes[a] == hand.score_changes[b]
                    assert hand.scores[a] == hand.scores[b]
        floor = rules.scoring.minimum_score
        for seat, change in enumerate(hand.score_changes):
            expected = scores[seat] + change
            assert hand.scores[seat] == (expected if floor is None else max(expected, floor))
        if hand.made is not None and hand.bid != "moon":
            assert isinstance(hand.bid, int)
            side = team_of[hand.pitcher]
            won = sum(value[name] for name, seats in hand.points.items()
                      if side in {team_of[s] for s in seats})
            assert hand.made is (won >= hand.bid)
        scores = hand.scores
    if game.outcome is not None and not game.outcome.draw:
        target = rules.scoring.target
        assert target is not None
        assert all(game.outcome.scores[s] >= target for s in game.outcome.winners)
