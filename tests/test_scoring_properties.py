"""Hypothesis properties of score_hand over random rules and random hands."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import point_item_lists

from pitchkit.cards import JACK, RANKS, SUIT_MASKS, cards_in, deck, make_card
from pitchkit.scoring import (
    HandFacts,
    HandScore,
    ScoringPlan,
    _game_points,
    available_points,
    card_under_trump,
    score_hand,
    scoring_plan,
)
from pitchkit.variant import (
    GameTie,
    GoesTo,
    LoneTrump,
    MadeBidScores,
    MoonRequires,
    PointCard,
    Rules,
    UndealtJack,
)


@st.composite
def rules_and_facts(draw: st.DrawFn) -> tuple[Rules, HandFacts]:
    r = Rules()
    jokers = draw(st.integers(0, 2))
    game_tie = draw(st.sampled_from(GameTie))
    points = dataclasses.replace(
        r.points,
        items=draw(point_item_lists(jokers)),
        game_tie=game_tie,
        game_tie_card=draw(st.sampled_from([PointCard.FIVE_OF_TRUMPS, PointCard.OFF_FIVE]))
        if game_tie is GameTie.HOLDER_OF_CARD else None,
        high_goes_to=draw(st.sampled_from(GoesTo)), low_goes_to=draw(st.sampled_from(GoesTo)),
        lone_trump=draw(st.sampled_from(LoneTrump)),
        undealt_jack=draw(st.sampled_from(UndealtJack)),
    )
    scoring = dataclasses.replace(
        r.scoring,
        made_bid_scores=draw(st.sampled_from(MadeBidScores)),
        set_back=draw(st.sampled_from(["bid", 1, 3, 10])),
        opponents_score=draw(st.booleans()),
    )
    moon = dataclasses.replace(
        r.moon, allowed=True, requires=draw(st.sampled_from(MoonRequires)),
        points_made=draw(st.sampled_from([None, 5])), points_failed=draw(st.integers(0, 6)))
    r = dataclasses.replace(r, points=points, scoring=scoring, moon=moon,
                            deck=dataclasses.replace(r.deck, jokers=jokers))

    seats = draw(st.integers(2, 6))
    teams = draw(st.sampled_from([t for t in (seats, 2, 3) if seats % t == 0]))
    team_of = tuple(s % teams for s in range(seats))
    per_seat = draw(st.integers(1, min(9, (52 + jokers) // seats)))
    # the deal and the captures from one drawn generator: a hypothesis draw a card made the
    # strategy most of these tests' time (the rules above still shrink draw by draw)
    rng = draw(st.randoms(use_true_random=True))
    cards = rng.sample(deck(jokers), per_seat * seats)
    dealt = [0] * seats
    for i, card in enumerate(cards):
        dealt[i % seats] |= 1 << card
    captured = [0] * seats
    for card in cards:  # each dealt card captured by some seat, or never played
        who = rng.randrange(-1, seats)
        if who >= 0:
            captured[who] |= 1 << card
    tricks = tuple(draw(st.integers(0, per_seat)) for _ in range(seats))
    pitcher = draw(st.one_of(st.none(), st.integers(0, seats - 1)))
    is_moon = pitcher is not None and draw(st.booleans())
    bid = None if pitcher is None or is_moon else draw(st.integers(1, 6))
    facts = HandFacts(
        trump=draw(st.integers(0, 3)), dealer=draw(st.integers(0, seats - 1)), team_of=team_of,
        pitcher=pitcher, bid=bid, moon=is_moon, dealt=tuple(dealt), captured=tuple(captured),
        tricks_won=tricks, last_trick_winner=draw(st.integers(0, seats - 1)))
    return r, facts


def sides_of(facts: HandFacts, seats: tuple[int, ...]) -> set[int]:
    return {facts.team_of[s] for s in seats}


@settings(max_examples=300, deadline=None)
@given(rules_and_facts())
def test_points_never_exceed_what_the_variant_makes_available(case: tuple[Rules, HandFacts]
                                                              ) -> None:
    r, f = case
    score: HandScore = score_hand(r, f)
    assert tuple(score.points) == r.point_names()
    sides = set(f.team_of)
    value = {item.name: item.value for item in r.points.items}
    awarded = sum(value[name] * len(sides_of(f, seats)) for name, seats in score.points.items())
    assert awarded <= available_points(r, len(sides))
    for name, seats in score.points.items():
        assert all(0 <= s < f.seats for s in seats)
        if name != "game" or r.points.game_tie is not GameTie.SPLIT:
            assert len(sides_of(f, seats)) <= 1
    assert sum(score.points_won[f.team_of.index(side)] for side in sides) == awarded


@settings(max_examples=300, deadline=None)
@given(rules_and_facts())
def test_every_dealt_point_card_is_scored_once_at_most(case: tuple[Rules, HandFacts]) -> None:
    r, f = case
    assert f.trump is not None
    score = score_hand(r, f)
    in_play = 0
    for mask in f.dealt:
        in_play |= mask
    credited: dict[int, int] = {}
    for item in r.points.items:
        word = item.point if item.point is not None else item.card
        assert word is not None
        if item.card is None and item.name not in ("jack", "jick", "ten"):
            continue  # high, low, game, last trick: won by a rule, not a card
        card = card_under_trump(word, f.trump)
        seats = score.points[item.name]
        assert len(seats) <= 1
        if seats and not (item.name == "jack" and r.points.undealt_jack is UndealtJack.PITCHER):
            assert in_play >> card & 1, f"{item.name} scored but not dealt"
        credited[card] = credited.get(card, 0) + len(seats)
    assert all(count <= 1 for count in credited.values())


@settings(max_examples=300, deadline=None)
@given(rules_and_facts())
def test_partners_score_alike_and_the_contract_holds(case: tuple[Rules, HandFacts]) -> None:
    r, f = case
    score = score_hand(r, f)
    for a in range(f.seats):
        for b in range(f.seats):
            if f.team_of[a] == f.team_of[b]:
                assert score.score_changes[a] == score.score_changes[b]
                assert score.points_won[a] == score.points_won[b]
    if f.pitcher is None:
        assert score.made is None and score.score_changes == score.points_won
        return
    won = score.points_won[f.pitcher]
    change = score.score_changes[f.pitcher]
    if f.moon:
        assert score.made is score.moon_made is not None
        if score.moon_made:
            assert change == (won if r.moon.points_made is None else r.moon.points_made)
        else:
            assert change == -r.moon.points_failed
    else:
        assert f.bid is not None
        assert score.made is (won >= f.bid) and score.moon_made is None
        if score.made:
            assert change == (won if r.scoring.made_bid_scores is MadeBidScores.POINTS_WON
                              else f.bid)
        else:
            assert change == -(f.bid if r.scoring.set_back == "bid" else r.scoring.set_back)
    for seat in range(f.seats):
        if f.team_of[seat] != f.team_of[f.pitcher]:
            expected = score.points_won[seat] if r.scoring.opponents_score else 0
            assert score.score_changes[seat] == expected


@settings(max_examples=300, deadline=None)
@given(rules_and_facts())
def test_high_low_and_jack_go_to_the_right_card(case: tuple[Rules, HandFacts]) -> None:
    r, f = case
    score = score_hand(r, f)
    in_play = 0
    for mask in f.dealt:
        in_play |= mask
    assert f.trump is not None
    natural = list(cards_in(in_play & SUIT_MASKS[f.trump]))

    def where(card: int, goes_to: GoesTo) -> tuple[int, ...]:
        masks = f.captured if goes_to is GoesTo.CAPTURER else f.dealt
        played = any(mask >> card & 1 for mask in f.captured)
        if goes_to is GoesTo.PLAYER and not played:
            return ()  # to the player who played it: nobody when it was never played
        return tuple(s for s in range(f.seats) if masks[s] >> card & 1)

    if "high" in score.points:
        assert score.points["high"] == (where(natural[-1], r.points.high_goes_to)
                                        if natural else ())
    if "low" in score.points:
        lone_high_only = len(natural) == 1 and r.points.lone_trump is LoneTrump.HIGH_ONLY
        expected = () if not natural or lone_high_only else where(natural[0],
                                                                   r.points.low_goes_to)
        assert score.points["low"] == expected
    if "jack" in score.points:
        jack = make_card(JACK, f.trump)
        if in_play >> jack & 1:
            assert score.points["jack"] == where(jack, GoesTo.CAPTURER)
        elif r.points.undealt_jack is UndealtJack.PITCHER and f.pitcher is not None:
            assert score.points["jack"] == (f.pitcher,)
        else:
            assert score.points["jack"] == ()


@st.composite
def card_values(draw: st.DrawFn) -> tuple[tuple[str, int], ...]:
    """points.card_values: some ranks, each worth 0 to 12 (the seeds': A 4 K 3 Q 2 J 1 T 10)."""
    ranks = draw(st.lists(st.sampled_from("23456789TJQKA"), unique=True, max_size=13))
    return tuple((rank, draw(st.integers(0, 12))) for rank in ranks)


@settings(max_examples=200, deadline=None)
@given(card_values(), st.lists(st.integers(0, (1 << 54) - 1), min_size=1, max_size=8))
def test_the_wide_game_table_counts_as_the_game_table_does(
        values: tuple[tuple[str, int], ...], masks: list[int]) -> None:
    # ScoringPlan.game_wide is a marked faster copy of game_table (four 13-bit lookups,
    # game_points_of): the same game points of any mask, jokers counting 0
    plan = scoring_plan(dataclasses.replace(
        Rules(), points=dataclasses.replace(Rules().points, card_values=values)))
    wide = plan.game_wide
    if wide is None:  # a rank below the ten counts (or the sums pass 255): no copy
        lowest = min((RANKS.index(rank) for rank, value in values if value), default=13)
        assert lowest < 8 or max(plan.game_table) > 127
        return
    shift = plan.game_wide_shift
    window = (1 << (26 - shift)) - 1
    for mask in masks:
        assert (wide[mask >> shift & window] + wide[mask >> shift + 26 & window]
                == _game_points(plan.game_table, mask))


def _plan_with_card_values(values: tuple[tuple[str, int], ...]) -> ScoringPlan:
    return scoring_plan(dataclasses.replace(
        Rules(), points=dataclasses.replace(Rules().points, card_values=values)))


def test_the_wide_game_table_is_built_only_while_two_suits_stay_below_256() -> None:
    # game_wide adds two suits' sums in one byte: it is built while the largest sum of the
    # first suit's window and a whole suit stays below 256, and not at 256, where the byte
    # would wrap (scoring.py's `max(first) + max(table) < 256`)
    below = _plan_with_card_values((("A", 40), ("K", 40), ("Q", 40), ("J", 7)))  # 127 a suit
    assert below.game_wide is not None
    shift = below.game_wide_shift
    window = (1 << (26 - shift)) - 1
    two_suits = sum(1 << (13 * s + r) for s in (0, 1) for r in range(RANKS.index("J"), 13))
    assert below.game_wide[two_suits >> shift & window] == 254
    at = _plan_with_card_values((("A", 40), ("K", 40), ("Q", 40), ("J", 8)))  # 128 a suit
    assert at.game_wide is None
    assert _game_points(at.game_table, two_suits) == 256


def test_a_suit_worth_256_game_points_keeps_a_table_of_ints() -> None:
    # a suit's sums fit in bytes only below 256 (points.card_values may reach 100 a rank)
    plan = _plan_with_card_values((("A", 100), ("K", 100), ("Q", 56)))
    assert isinstance(plan.game_table, tuple) and max(plan.game_table) == 256
    assert _game_points(plan.game_table, (1 << 52) - 1) == 4 * 256
    below = _plan_with_card_values((("A", 100), ("K", 100), ("Q", 55)))
    assert isinstance(below.game_table, bytes) and max(below.game_table) == 255


def test_the_seeds_card_values_have_a_wide_game_table() -> None:
    plan = scoring_plan(Rules())
    assert plan.game_wide is not None and plan.game_wide_shift == RANKS.index("T")
    ten_of_each_suit_and_jokers = sum(1 << (13 * s + 8) for s in range(4)) | 3 << 52
    assert plan.game_wide[ten_of_each_suit_and_jokers >> 8 & 0x3FFFF] == 20
