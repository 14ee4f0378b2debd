"""The search bot's cheap play-out scorer gives the engine's value (pitchkit.bots.quickscore)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_scoring_properties import rules_and_facts

from pitchkit.bots.montecarlo import side_value
from pitchkit.bots.quickscore import QuickScore
from pitchkit.bots.worlds import table_of
from pitchkit.cards import RANKS, deck
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.scoring import HandFacts, score_parts, scoring_plan
from pitchkit.settle import settle_parts
from pitchkit.variant import Count, GameTie, PointCard, Rules, SeveralReach


def engine_value(rules: Rules, f: HandFacts, scores: tuple[int, ...], me: int) -> float:
    """The value as the search bot had it: the engine's scoring, settling and side_value."""
    points, made, moon_made, changes = score_parts(
        scoring_plan(rules), f.trump, f.dealer, f.team_of, f.pitcher, f.bid, f.moon, f.dealt,
        f.captured, f.tricks_won, f.last_trick_winner)[:4]
    winners: tuple[int, ...] = ()
    if rules.scoring.target is not None:
        settled = settle_parts(rules, scores, f.team_of, f.pitcher, changes, moon_made, points,
                               0, made)
        if settled[1]:
            winners = settled[2]
    return side_value(changes, f.team_of, me, winners)


def quick_value(rules: Rules, f: HandFacts, scores: tuple[int, ...], me: int) -> float:
    assert f.trump is not None and f.last_trick_winner is not None
    quick = QuickScore(rules, scoring_plan(rules), f.trump, f.dealer, f.team_of, f.pitcher,
                       f.bid, f.moon, scores, me)
    return quick.value(f.dealt, f.captured, f.tricks_won, f.last_trick_winner)


@st.composite
def game_ends(draw: st.DrawFn, r: Rules, seats: int) -> tuple[Rules, tuple[int, ...]]:
    """Random settings of the end of a game, and scores a hand may end it from."""
    target = draw(st.one_of(st.none(), st.integers(1, 21)))
    scoring = dataclasses.replace(
        r.scoring, target=target,
        minimum_score=draw(st.one_of(st.none(), st.integers(-10, 0))),
        losing_score=draw(st.one_of(st.none(), st.integers(-15, -1))),
        all_points_wins_game=draw(st.booleans()),
        win_only_as_pitcher=draw(st.booleans()), bidder_goes_out=draw(st.booleans()),
        win_needs_made_bid=draw(st.booleans()),
        several_reach=draw(st.sampled_from(SeveralReach)),
        count=Count.DOWN if target is not None and draw(st.booleans()) else Count.UP,
        hands=draw(st.one_of(st.none(), st.integers(0, 3))))
    scores = tuple(draw(st.integers(-12, 22)) for _ in range(seats))
    return dataclasses.replace(r, scoring=scoring), scores


@settings(max_examples=600, deadline=None)
@given(case=rules_and_facts(), data=st.data())
def test_the_quick_value_is_the_engines_on_random_rules_and_hands(
        case: tuple[Rules, HandFacts], data: st.DataObject) -> None:
    r, f = case
    r, scores = data.draw(game_ends(r, f.seats))
    # partners share a score, as the engine keeps them
    scores = tuple(scores[f.team_of.index(f.team_of[s])] for s in range(f.seats))
    me = data.draw(st.integers(0, f.seats - 1))
    assert quick_value(r, f, scores, me) == pytest.approx(engine_value(r, f, scores, me))


class Counting(QuickScore):
    """Counts the play-outs handed to the engine's scoring."""

    full_calls = 0

    def full(self, dealt: Sequence[int], captured: Sequence[int], tricks_won: Sequence[int],
             last: int) -> float:
        self.full_calls += 1
        return super().full(dealt, captured, tricks_won, last)


@pytest.mark.parametrize("variant", ["auction-pitch", "partnership-pitch", "catch-five",
                                     "smear", "ten-point-pitch", "pedro"])
def test_an_ordinary_hand_is_valued_without_the_engines_scoring(variant: str) -> None:
    """Far from the game's end, a bid (not a moon) hand is valued on masks alone."""
    rules = load_variant(variant)
    table = table_of(rules)
    n, size = table.n, table.hand_size
    team_of = Game(rules, random.Random(0)).team_of
    rng = random.Random(variant)
    quick_ones = 0
    for _ in range(200):
        cards = rng.sample(deck(rules.deck.jokers), n * size)
        dealt = [0] * n
        captured = [0] * n
        for i, card in enumerate(cards):
            dealt[i % n] |= 1 << card
            captured[rng.randrange(n)] |= 1 << card
        f = HandFacts(trump=rng.randrange(4), dealer=0, team_of=team_of, pitcher=1, bid=2,
                      moon=False, dealt=tuple(dealt), captured=tuple(captured),
                      tricks_won=tuple([size // n] * n), last_trick_winner=2)
        quick = Counting(rules, scoring_plan(rules), 0 if f.trump is None else f.trump, 0,
                         team_of, 1, 2, False, (0,) * n, 0)
        got = quick.value(f.dealt, f.captured, f.tricks_won, 2)
        assert got == pytest.approx(engine_value(rules, f, (0,) * n, 0))
        quick_ones += not quick.full_calls
    assert quick_ones >= 150  # every point to one side (all_points_wins_game) aside


@pytest.mark.parametrize("game_tie", list(GameTie))
def test_a_tie_for_game_is_credited_as_the_engine_credits_it(game_tie: GameTie) -> None:
    """Seats 0 and 1 take a ten each (game tied); every dealer, the five of trumps held by
    a tied seat or not, every seat's view."""
    base = load_variant("auction-pitch")
    rules = dataclasses.replace(base, points=dataclasses.replace(
        base.points, game_tie=game_tie,
        game_tie_card=PointCard.FIVE_OF_TRUMPS if game_tie is GameTie.HOLDER_OF_CARD
        else None))
    ten = RANKS.index("T")
    five = RANKS.index("5")
    for dealer, holder in itertools.product(range(4), (0, 2)):  # the five tied or not
        dealt = [1 << (13 + ten), 1 << (26 + ten), 1 << 2, 1 << 3]
        dealt[holder] |= 1 << five
        captured = (1 << (13 + ten), 1 << (26 + ten) | 1 << five | 1 << 2, 1 << 3, 0)
        f = HandFacts(trump=0, dealer=dealer, team_of=(0, 1, 2, 3), pitcher=2, bid=1,
                      moon=False, dealt=tuple(dealt), captured=captured, tricks_won=(1, 2, 1, 0),
                      last_trick_winner=1)
        for me in range(4):
            assert quick_value(rules, f, (0,) * 4, me) == engine_value(rules, f, (0,) * 4, me)
