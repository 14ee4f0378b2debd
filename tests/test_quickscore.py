"""The search bot's cheap play-out scorer gives the engine's value (pitchkit.bots.quickscore)."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_scoring_properties import rules_and_facts

from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.montecarlo import side_value
from pitchkit.bots.quickscore import QuickScore
from pitchkit.cards import RANKS
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Phase
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


def scored_hand(case: tuple[Rules, HandFacts], data: st.DataObject
                ) -> tuple[Rules, HandFacts, tuple[int, ...], int]:
    """A random hand of random rules (``case``) with random settings of the end of a
    game, scores and the seat that values the hand."""
    r, f = case
    r, scores = data.draw(game_ends(r, f.seats))
    # partners share a score, as the engine keeps them
    scores = tuple(scores[f.team_of.index(f.team_of[s])] for s in range(f.seats))
    return r, f, scores, data.draw(st.integers(0, f.seats - 1))


@settings(max_examples=600, deadline=None)
@given(case=rules_and_facts(), data=st.data())
def test_the_quick_value_is_the_engines_on_random_rules_and_hands(
        case: tuple[Rules, HandFacts], data: st.DataObject) -> None:
    r, f, scores, me = scored_hand(case, data)
    assert quick_value(r, f, scores, me) == pytest.approx(engine_value(r, f, scores, me))


class Counting(QuickScore):
    """Counts the play-outs handed to the engine's scoring."""

    full_calls = 0

    def full(self, dealt: Sequence[int], captured: Sequence[int], tricks_won: Sequence[int],
             last: int) -> float:
        self.full_calls += 1
        return super().full(dealt, captured, tricks_won, last)


def dealt_twice(masks: Sequence[int]) -> bool:
    """Some card is in two of ``masks``."""
    return sum(m.bit_count() for m in masks) != functools.reduce(operator.or_, masks).bit_count()


def played_hands(variant: str, seed: int, hands: int) -> Iterator[tuple[Rules, HandFacts]]:
    """The facts of ``hands`` real hands of ``variant`` played out by heuristic bots (a
    hand everyone passed, with no trump and no contract, left out): every card dealt
    once, captured in the tricks it was played to."""
    rules = load_variant(variant)
    n = rules.players.count
    game = Game(rules, random.Random(seed))
    bots = [HeuristicBot(rules, s, random.Random(f"{seed}:{s}")) for s in range(n)]
    done = 0
    for _ in range(hands * 200):  # a bound: a game that never ends fails the test
        if done == hands:
            return
        if game.phase is Phase.OVER:
            game = Game(rules, random.Random(f"{seed}:{done}"))
        if game.phase is Phase.DEAL:
            game.deal_random()
            continue
        seat = game.to_act
        assert seat is not None
        dealer, before = game.dealer, len(game.hand_results)
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
        if len(game.hand_results) > before and game.trump is not None:
            done += 1
            yield rules, HandFacts(
                trump=game.trump, dealer=dealer, team_of=game.team_of,
                pitcher=game.pitcher, bid=game.bid, moon=game.moon, dealt=tuple(game.dealt),
                captured=tuple(game.captured), tricks_won=tuple(game.tricks_won),
                last_trick_winner=game.play_state.last_winner)
    raise AssertionError(f"{variant}: fewer than {hands} hands played out")


@pytest.mark.parametrize("variant", ["auction-pitch", "partnership-pitch", "catch-five",
                                     "smear", "ten-point-pitch", "pedro"])
def test_an_ordinary_hand_is_valued_without_the_engines_scoring(variant: str) -> None:
    """Far from the game's end, a bid hand (not a moon), as bots play it, is valued on
    masks alone, at the engine's value from every seat."""
    quick_ones = hands = 0
    for rules, f in played_hands(variant, 1, 60):
        assert f.trump is not None and f.last_trick_winner is not None
        n = f.seats
        assert not dealt_twice(f.dealt) and not dealt_twice(f.captured)
        if f.moon or f.pitcher is None:
            continue
        hands += 1
        for me in range(n):
            quick = Counting(rules, scoring_plan(rules), f.trump, f.dealer, f.team_of,
                             f.pitcher, f.bid, False, (0,) * n, me)
            got = quick.value(f.dealt, f.captured, f.tricks_won, f.last_trick_winner)
            assert got == pytest.approx(engine_value(rules, f, (0,) * n, me))
            quick_ones += not quick.full_calls
    assert hands >= 40
    assert quick_ones >= 0.75 * hands * n  # every point to one side (all_points_wins_game) aside


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
    two, three = RANKS.index("2"), RANKS.index("3")
    for dealer, holder in itertools.product(range(4), (0, 2)):  # the five tied or not
        # the two and three of trumps: low cards, neither the five nor worth game points
        dealt = [1 << (13 + ten), 1 << (26 + ten), 1 << two, 1 << three]
        dealt[holder] |= 1 << five
        captured = (1 << (13 + ten), 1 << (26 + ten) | 1 << five | 1 << two, 1 << three, 0)
        assert not dealt_twice(dealt) and not dealt_twice(captured)
        f = HandFacts(trump=0, dealer=dealer, team_of=(0, 1, 2, 3), pitcher=2, bid=1,
                      moon=False, dealt=tuple(dealt), captured=captured, tricks_won=(1, 2, 1, 0),
                      last_trick_winner=1)
        for me in range(4):
            assert quick_value(rules, f, (0,) * 4, me) == engine_value(rules, f, (0,) * 4, me)


#: the variants with combination scoring, loaded once (not in each example)
COMBINATIONS = {name: load_variant(name) for name in ("pimps-and-hoes", "pimps-and-hoes-4p")}


@settings(max_examples=300, deadline=None)
@given(variant=st.sampled_from(sorted(COMBINATIONS)),
       keep=st.integers(1, 10), seed=st.integers(0, 2**32 - 1),
       singles=st.lists(st.tuples(st.sampled_from("AKQJT9"), st.integers(0, 9)),
                        max_size=4, unique_by=lambda x: x[0]),
       pairs=st.lists(st.tuples(st.sampled_from(["AK", "AQ", "KQ", "QQ", "JJ", "T9"]),
                                st.integers(0, 12)), max_size=4, unique_by=lambda x: x[0]),
       data=st.data())
def test_combination_scoring_is_valued_by_the_ranks_captured_as_the_engine_scores(
        variant: str, keep: int, seed: int, singles: list[tuple[str, int]],
        pairs: list[tuple[str, int]], data: st.DataObject) -> None:
    """Under combination scoring a play-out that cannot end the game is valued from how
    many cards of each scoring rank each seat captured (pitchkit.bots.quickscore.Combos),
    at the engine's value, whatever the combinations, the cards kept and the piles."""
    base = COMBINATIONS[variant]
    rules = dataclasses.replace(base, combinations=dataclasses.replace(
        base.combinations, keep=keep, singles=tuple(singles), pairs=tuple(pairs)))
    n = rules.players.count
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    taken = deck[:data.draw(st.integers(0, 52))]
    captured = [0] * n
    for card in taken:
        captured[rng.randrange(n)] |= 1 << card
    dealt = [0] * n
    for i, card in enumerate(deck):
        dealt[i % n] |= 1 << card
    me = data.draw(st.integers(0, n - 1))
    f = HandFacts(trump=rng.randrange(4), dealer=0, team_of=tuple(range(n)), pitcher=None,
                  bid=None, moon=False, dealt=tuple(dealt), captured=tuple(captured),
                  tricks_won=(0,) * n, last_trick_winner=0)
    quick = Counting(rules, scoring_plan(rules), f.trump, 0, f.team_of, None, None, False,
                     (0,) * n, me)
    assert quick.combos is not None
    assert quick.value(f.dealt, f.captured, f.tricks_won, 0) == pytest.approx(
        engine_value(rules, f, (0,) * n, me))
    assert not quick.full_calls
