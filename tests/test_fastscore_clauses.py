"""pitchkit.fastscore, the faster copy of scoring a bid's hand, clause by clause: which
rules it takes (every hand of the others goes to the definitions) and, for those it
takes, the score the definitions give: the clauses mutate.py showed no test pinned (the
random rules of test_fastscore.py rarely reach them). Auction-pitch, four seats alone,
spades trump; seat 0 pitches for 2."""

from __future__ import annotations

import dataclasses

import pytest
from test_fastscore import definitions

from pitchkit.fastscore import hand_scorer
from pitchkit.load import load_variant
from pitchkit.scoring import HandFacts, scoring_plan
from pitchkit.variant import GoesTo, PointItem, Rules

SOLO = (0, 1, 2, 3)
ACE, FIVE, JACK, TEN, TWO = 1 << 12, 1 << 3, 1 << 9, 1 << 8, 1 << 0
# seat 1 was dealt the five and the ten; seat 0 captured the five, seat 1 the ten
FACTS = HandFacts(trump=0, dealer=3, team_of=SOLO, pitcher=0, bid=2, moon=False,
                  dealt=(ACE | TWO | JACK, FIVE | TEN, 0, 0),
                  captured=(ACE | TWO | JACK | FIVE, TEN, 0, 0),
                  tricks_won=(2, 1, 0, 0), last_trick_winner=0)


def with_card(goes_to: GoesTo, word: str = "five_of_trumps") -> Rules:
    """Auction-pitch with one more point, a card (the five of trumps) going to
    ``goes_to``."""
    rules = load_variant("auction-pitch")
    items = (*rules.points.items, PointItem.of(word, 1, goes_to))
    return dataclasses.replace(rules, points=dataclasses.replace(rules.points, items=items))


def quick_and_defined(rules: Rules) -> tuple[object, object]:
    """FACTS scored by the copy and by the definitions, both as the copy answers."""
    scorer = hand_scorer(scoring_plan(rules), SOLO)
    assert scorer is not None
    quick = scorer(0, 0, 2, sum(FACTS.dealt), FACTS.captured, 0, (0, 0, 0, 0), 1)
    points, made, changes, settled = definitions(rules, FACTS, (0, 0, 0, 0), 1)
    return quick, (tuple(points.items()), made, changes, settled[0])


def test_a_card_point_going_to_its_capturer_is_scored_by_the_copy_as_defined() -> None:
    quick, defined = quick_and_defined(with_card(GoesTo.CAPTURER))
    assert quick == defined
    assert ("five_of_trumps", (0,)) in defined[0]  # its capturer, not seat 1 that held it


def test_the_card_zero_as_a_point_is_scored_by_the_copy() -> None:
    """The two of spades is card 0 (bit 1): a point that names it under spades is a card
    like any other, not a card the trump suit lacks."""
    quick, defined = quick_and_defined(with_card(GoesTo.CAPTURER, "two_of_trumps"))
    assert quick == defined
    assert ("two_of_trumps", (0,)) in defined[0]


@pytest.mark.parametrize("goes_to", [GoesTo.HOLDER, GoesTo.PLAYER])
def test_a_card_point_going_to_another_seat_is_left_to_the_definitions(
        goes_to: GoesTo) -> None:
    assert hand_scorer(scoring_plan(with_card(goes_to)), SOLO) is None


def test_one_point_toward_game_wins_game_in_the_copy() -> None:
    """Seat 0 took only the jack (1 toward game) and the two (0): game is its, as the
    definition (scoring._award_game) gives it; only no point toward game at all is
    nobody's."""
    rules = load_variant("auction-pitch")
    facts = dataclasses.replace(FACTS, dealt=(JACK | TWO, 0, 0, 0), captured=(JACK | TWO, 0, 0, 0),
                                tricks_won=(2, 0, 0, 0))
    scorer = hand_scorer(scoring_plan(rules), SOLO)
    assert scorer is not None
    quick = scorer(0, 0, 2, sum(facts.dealt), facts.captured, 0, (0, 0, 0, 0), 1)
    points, made, changes, settled = definitions(rules, facts, (0, 0, 0, 0), 1)
    assert quick == (tuple(points.items()), made, changes, settled[0])
    assert points["game"] == (0,)


def compared(rules: Rules, facts: HandFacts) -> dict[str, tuple[int, ...]]:
    """``facts`` scored by the copy equal the definitions' score; the points."""
    scorer = hand_scorer(scoring_plan(rules), SOLO)
    assert scorer is not None
    quick = scorer(0, 0, 2, sum(facts.dealt), facts.captured, 0, (0, 0, 0, 0), 1)
    points, made, changes, settled = definitions(rules, facts, (0, 0, 0, 0), 1)
    assert quick == (tuple(points.items()), made, changes, settled[0])
    return points


def test_the_jack_not_dealt_counts_for_the_pitcher_in_the_copy() -> None:
    """points.undealt_jack: pitcher: the pitcher's side wins the jack's point, and with
    it high (ace) makes its bid of 2."""
    rules = load_variant("auction-pitch", ["points.undealt_jack=pitcher"])
    facts = dataclasses.replace(FACTS, dealt=(ACE, TEN | TWO, 0, 0),
                                captured=(ACE, TEN | TWO, 0, 0))
    points = compared(rules, facts)
    assert points["jack"] == (0,)


def test_a_card_point_dealt_and_never_captured_is_nobodys_in_the_copy() -> None:
    facts = dataclasses.replace(FACTS, captured=(ACE | TWO, TEN, 0, 0))  # jack, five unplayed
    assert compared(with_card(GoesTo.CAPTURER), facts)["five_of_trumps"] == ()


def test_the_last_hand_of_a_hands_limit_is_left_to_the_definitions() -> None:
    """scoring.hands: the hand that reaches the limit ends the game, which the copy
    leaves to the definitions (settle); the hands before it the copy scores."""
    rules = load_variant("auction-pitch", ["scoring.hands=2"])
    scorer = hand_scorer(scoring_plan(rules), SOLO)
    assert scorer is not None
    args = (0, 0, 2, sum(FACTS.dealt), FACTS.captured, 0, (0, 0, 0, 0))
    assert scorer(*args, 1) is not None
    assert scorer(*args, 2) is None
