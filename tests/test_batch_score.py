"""The batched scorer (pitchkit.bots.batch.BatchScore, compiled in pitchkit.bots.credits)
values a hand as the quick scorer does (pitchkit.bots.quickscore.QuickScore, the
definition), on random rules and hands: every clause of the deal and the captures, not
only those the search's play-outs happen to reach."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_quickscore import scored_hand
from test_scoring_properties import rules_and_facts

from pitchkit.bots.batch import Batch, BatchScore, game_ends
from pitchkit.bots.quickscore import QuickScore
from pitchkit.bots.search import batch_tables
from pitchkit.load import load_variant
from pitchkit.scoring import HandFacts, scoring_plan
from pitchkit.variant import Rules


@settings(max_examples=300, deadline=None)
@given(case=rules_and_facts(), data=st.data())
def test_the_batch_values_a_hand_as_the_quick_scorer_does(
        case: tuple[Rules, HandFacts], data: st.DataObject) -> None:
    r, f, scores, me = scored_hand(case, data)
    assert f.trump is not None and f.last_trick_winner is not None
    quick = QuickScore(r, scoring_plan(r), f.trump, f.dealer, f.team_of, f.pitcher, f.bid,
                       f.moon, scores, me)
    tab, game_points = batch_tables(r, f.trump)
    batch = Batch(np.array([[tab.relabel_of(m) for m in f.captured]], np.uint64),
                  np.array([f.tricks_won], np.int64), np.array([f.last_trick_winner], np.intp))
    value = BatchScore(quick, tab, game_points).values(batch, [list(f.dealt)], 1)[0]
    assert value == quick.value(f.dealt, f.captured, f.tricks_won, f.last_trick_winner)
    # the same hand in three rows of one batch, then again with the game's ends settled
    # already (the dict a search's decisions share): each row so valued
    settled: dict[bytes, tuple[int, ...]] = {}
    rows = Batch(*(np.repeat(part, 3, axis=0) for part in (batch.captured, batch.tricks_won,
                                                             batch.last)))
    for _ in range(2):
        values = BatchScore(quick, tab, game_points, settled=settled).values(
            rows, [list(f.dealt)] * 3, 1)
        assert values.tolist() == [value] * 3


def test_every_seats_scorer_of_a_hand_shares_the_games_ends() -> None:
    """game_ends: one dict of the games' ends for the scorers of every seat of a hand (a
    game's winners are no seat's own view), another where the scores differ."""
    r = load_variant("auction-pitch")
    plan = scoring_plan(r)

    def quick(me: int, scores: tuple[int, ...]) -> QuickScore:
        return QuickScore(r, plan, 0, 3, (0, 1, 2, 3), 1, 2, False, scores, me)

    shared = game_ends(quick(0, (9, 10, 3, 0)))
    assert all(game_ends(quick(me, (9, 10, 3, 0))) is shared for me in range(4))
    assert game_ends(quick(0, (9, 10, 4, 0))) is not shared
    assert BatchScore(quick(2, (9, 10, 3, 0)), *batch_tables(r, 0)).settled is shared
