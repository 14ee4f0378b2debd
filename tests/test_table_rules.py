"""Table rules from issue 10, each shown in a played hand: who wins when several sides
pass the target in one hand (scoring.several_reach), taking every point wins at once
(scoring.all_points_wins_game)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from play_helpers import act, cards, tricks

from pitchkit.cards import (
    BIG_JOKER,
    JACK,
    LITTLE_JOKER,
    make_card,
    same_colour_suit,
)
from pitchkit.checks import check_rules
from pitchkit.engine import Game, Phase
from pitchkit.errors import VariantError
from pitchkit.explain import explain_rules, trump_order_words
from pitchkit.load import load_text
from pitchkit.tricks import tables_for
from pitchkit.variant import Rules, rules_from_mapping


def two_players(**sections: Any) -> Rules:
    base: dict[str, Any] = {"players": {"count": 2},
                            "scoring": {"win_only_as_pitcher": False}}
    for key, value in sections.items():
        base[key] = {**base.get(key, {}), **value}
    return rules_from_mapping(base)


def play_both_reach(several: str) -> Game:
    """Seat 0 (4 points) pitches 3 and takes low, jack and game; seat 1 (6 points) takes
    high. Both end on 7: high is counted first, so seat 1 reaches 7 first."""
    game = Game(two_players(scoring={"several_reach": several}), random.Random(0), dealer=1)
    game.scores = [4, 6]
    game.deal_cards([cards("JH 2H 9C TC TD TS"), cards("AH 3H 5D 4C 6S 7S")])
    act(game, "bid 3", "pass")
    # seat 1 trumps 9C with the ace; seat 0 trumps 5D with the two
    assert tricks(game, "JH 3H", "9C AH", "5D 2H", "TC 4C", "TD 6S", "TS 7S") == [
        0, 1, 0, 0, 0, 0]
    result = game.hand_results[-1]
    assert result.points == {"high": (1,), "low": (0,), "jack": (0,), "game": (0,)}
    assert game.scores == [7, 7]
    return game


def test_several_reach_point_order_first_to_the_target_in_item_order() -> None:
    game = play_both_reach("point_order")
    assert game.outcome is not None and game.outcome.winners == (1,)


def test_several_reach_higher_score_equal_scores_are_a_tie() -> None:
    game = play_both_reach("higher_score")
    assert game.outcome is not None and game.outcome.winners == () and game.outcome.draw


def test_several_reach_tie_to_pitcher() -> None:
    game = play_both_reach("tie_to_pitcher")
    assert game.outcome is not None and game.outcome.winners == (0,)


@pytest.mark.setting("scoring.several_reach")
def test_several_reach_higher_score_wins() -> None:
    # the same hand from 5 and 6: seat 0 ends on 8, seat 1 on 7; high still counts first
    for several, winner in (("point_order", 1), ("higher_score", 0), ("tie_to_pitcher", 0)):
        game = Game(two_players(scoring={"several_reach": several}), random.Random(0),
                    dealer=1)
        game.scores = [5, 6]
        game.deal_cards([cards("JH 2H 9C TC TD TS"), cards("AH 3H 5D 4C 6S 7S")])
        act(game, "bid 3", "pass")
        tricks(game, "JH 3H", "9C AH", "5D 2H", "TC 4C", "TD 6S", "TS 7S")
        assert game.outcome is not None and game.outcome.winners == (winner,), several


@pytest.mark.setting("scoring.all_points_wins_game")
@pytest.mark.parametrize("wins", [True, False])
def test_all_points_wins_game(wins: bool) -> None:
    # seat 0 passes, the dealer (seat 1) must bid 2 and pitches; seat 0, not the pitcher,
    # takes high, low, jack and game: 4 points, short of 7
    game = Game(two_players(scoring={"all_points_wins_game": wins}), random.Random(0),
                dealer=1)
    game.deal_cards([cards("AH 2H JH TC TD TS"), cards("3H 4C 5D 6S 7S 8S")])
    act(game, "pass", "bid 2")
    assert tricks(game, "3H AH", "2H 4C", "JH 5D", "TC 6S", "TD 7S", "TS 8S") == [0] * 6
    assert game.hand_results[-1].points == {
        "high": (0,), "low": (0,), "jack": (0,), "game": (0,)}
    assert game.scores == [4, -2]
    if wins:
        assert game.outcome is not None and game.outcome.winners == (0,)
    else:
        assert game.outcome is None


# ------------------------------------------------------------- a weak hand thrown in

STRONG = 0
for _card in range(52):
    if _card % 13 >= 9:  # jack, queen, king, ace
        STRONG |= 1 << _card


def play_out(game: Game, seed: int) -> None:
    """Random legal play to the end of the hand in progress."""
    rng = random.Random(seed)
    hands = len(game.hand_results)
    while len(game.hand_results) == hands:
        game._apply_random(rng)


def first_weak_deal() -> int:
    """A seed whose first deal (auction pitch) gives some player no jack or higher."""
    for seed in range(100):
        game = Game(rules_from_mapping({}), random.Random(seed), dealer=3)
        game.deal_random()
        if any(not mask & STRONG for mask in game.dealt):
            return seed
    raise AssertionError("no weak deal in 100 seeds")  # pragma: no cover


def test_weak_hand_below_null_keeps_a_weak_hand() -> None:
    seed = first_weak_deal()
    game = Game(rules_from_mapping({}), random.Random(seed), dealer=3)
    game.deal_random()
    weak = [seat for seat, mask in enumerate(game.dealt) if not mask & STRONG]
    assert weak
    play_out(game, seed)
    # the weak hand was played: every one of its cards went to some trick
    captured = 0
    for mask in game.captured:
        captured |= mask
    assert all(game.dealt[seat] & ~captured == 0 for seat in weak)


def test_weak_hand_below_jack_offers_the_weak_seats_a_new_hand() -> None:
    seed = first_weak_deal()
    plain = Game(rules_from_mapping({}), random.Random(seed), dealer=3)
    plain.deal_random()
    game = Game(rules_from_mapping({"deal": {"weak_hand_below": "J"}}),
                random.Random(seed), dealer=3)
    game.deal_random()
    # the same shuffle; each weak seat in turn from the dealer's left throws in
    assert game.dealt == plain.dealt
    weak = [seat for seat in (0, 1, 2, 3) if not plain.dealt[seat] & STRONG]
    asked = []
    while game.phase is Phase.THROW_IN:
        assert game.to_act is not None
        asked.append(game.to_act)
        game.apply("throw in")
    assert sorted(set(asked)) == weak
    for seat in range(4):
        if seat not in weak:
            assert game.dealt[seat] == plain.dealt[seat]
        else:
            assert game.dealt[seat] & STRONG and game.dealt[seat] != plain.dealt[seat]
            # the shown cards are out of play
            assert all(not plain.dealt[seat] & mask for mask in game.dealt)
    play_out(game, seed)
    assert game.hand_results[-1].points  # the hand is played and scored


@pytest.mark.parametrize(("settings", "message"), [
    ({"deck": {"ranks": ["A", "K", "Q", "J", "T", "9"]}, "deal": {"weak_hand_below": "9"}},
     "has no effect"),
    ({"deck": {"ranks": ["9", "8", "7", "6", "5", "4", "3", "2"]},
      "deal": {"weak_hand_below": "J"}}, "every hand is weak"),
    ({"deal": {"weak_hand_below": "J", "cards_per_hand": "all"}}, "never replaced"),
])
def test_validate_refuses_a_weak_hand_rule_that_cannot_apply(settings: dict[str, Any],
                                                             message: str) -> None:
    found = [f for f in check_rules(rules_from_mapping(settings))
             if f.paths[0] == "deal.weak_hand_below"]
    assert len(found) == 1 and message in found[0].message
    assert not [f for f in check_rules(rules_from_mapping({"deal": {"weak_hand_below": "J"}}))
                if f.paths[0] == "deal.weak_hand_below"]


def test_explain_states_the_new_table_rules() -> None:
    text = explain_rules(rules_from_mapping({
        "deal": {"weak_hand_below": "J"},
        "scoring": {"win_only_as_pitcher": False, "several_reach": "tie_to_pitcher",
                    "all_points_wins_game": True}}))
    assert "A player dealt no card as high as a jack may throw it in" in text
    assert "the higher score wins; with equal scores the pitcher's player wins" in text
    assert "A player that takes every point of a hand wins the game at once" in text
    higher = explain_rules(rules_from_mapping({
        "scoring": {"win_only_as_pitcher": False, "several_reach": "higher_score"}}))
    assert "the higher score wins; equal scores are a tie" in higher


def test_high_spade_goes_to_the_capturer_of_the_highest_spade_whatever_the_trump() -> None:
    items = [{"point": w} for w in ("high", "low", "jack", "game", "high_spade")]
    game = Game(two_players(points={"items": items}), random.Random(0), dealer=1)
    game.deal_cards([cards("JH 2H 9C TC TD TS"), cards("AH 3H 5D 4C 6S 7S")])
    act(game, "bid 3", "pass")
    tricks(game, "JH 3H", "9C AH", "5D 2H", "TC 4C", "TD 6S", "TS 7S")
    # hearts are trump; the spades in play are TS, 7S, 6S: seat 0 captures TS
    assert game.hand_results[-1].points["high_spade"] == (0,)
    assert game.hand_results[-1].points["high"] == (1,)
    assert game.scores == [4, 1]
    assert "**High spade** goes to the player who captures the highest spade in play" in \
        explain_rules(two_players(points={"items": items}))


@pytest.mark.parametrize("rank", ["below_off_jack", "below_jack", "highest", "lowest"])
def test_explain_orders_jokers_and_the_off_jack_as_the_engine_ranks_them(rank: str) -> None:
    r = rules_from_mapping({"deck": {"jokers": 2}, "trump": {"off_jack": True,
                                                              "joker_rank": rank}})
    trump = 1  # hearts: the off-jack is the jack of diamonds
    t = tables_for(r, trump)
    engine = sorted((c for c in range(54) if t.trumps >> c & 1), key=lambda c: -t.power[c])
    words = {BIG_JOKER: "big joker", LITTLE_JOKER: "little joker",
             make_card(JACK, same_colour_suit(trump)): "off-jack"}
    spoken = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
              "queen", "king", "ace")
    named = [words.get(c, spoken[c % 13]) for c in engine]
    assert trump_order_words(r).split(", ") == named


def test_weak_hand_below_reads_a_yaml_digit_as_its_rank_letter() -> None:
    assert load_text("format: 2\ndeal: {weak_hand_below: 9}\n").deal.weak_hand_below == "9"
    with pytest.raises(VariantError, match=r"deal\.weak_hand_below"):
        load_text("format: 2\ndeal: {weak_hand_below: 2}\n")
