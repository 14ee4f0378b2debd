"""One test per scoring clause, on small hand-made hands (pitchkit.scoring)."""

from __future__ import annotations

import dataclasses

import pytest

from pitchkit.cards import BIG_JOKER, LITTLE_JOKER, mask_of, parse_card, parse_suit
from pitchkit.scoring import (
    HandFacts,
    available_points,
    elder_order,
    score_hand,
    trump_order,
)
from pitchkit.variant import (
    Direction,
    GameTie,
    GoesTo,
    LoneTrump,
    MadeBidScores,
    MoonRequires,
    Partnerships,
    PointCard,
    PointItem,
    Rules,
    ScoringMethod,
    UndealtJack,
    point_items,
)


def m(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def rules(**sections: dict) -> Rules:
    """Rules() with some fields of some sections replaced: rules(points={'jick': True})."""
    r = Rules()
    for name, fields in sections.items():
        r = dataclasses.replace(r, **{name: dataclasses.replace(getattr(r, name), **fields)})
    return r


def facts(dealt: list[str], captured: list[str], *, trump: str = "S", dealer: int = 3,
          pitcher: int | None = 0, bid: int | None = 2, moon: bool = False,
          teams: int | None = None, tricks: tuple[int, ...] | None = None,
          last: int | None = None) -> HandFacts:
    seats = len(dealt)
    team_of = tuple(range(seats)) if teams is None else tuple(s % teams for s in range(seats))
    caught = tuple(m(c) for c in captured)
    if tricks is None:
        tricks = tuple(bin(c).count("1") // seats for c in caught)
    return HandFacts(trump=parse_suit(trump), dealer=dealer, team_of=team_of, pitcher=pitcher,
                     bid=bid, moon=moon, dealt=tuple(m(d) for d in dealt), captured=caught,
                     tricks_won=tricks, last_trick_winner=last)


# A 4-seat hand, spades trump. Seat 0 holds AS, 2S; seat 1 holds JS and 3S.
DEALT = ["AS 2S KH QH 4C 5C", "JS 3S 4H 5H 6C 7C", "8H 9H AH KD QD JD", "TD 9D 8D 7D 6D 5D"]


def test_high_goes_to_capturer() -> None:
    # seat 1 won the trick that AS fell in
    f = facts(DEALT, ["2S 3S KH 4H TD 9D 8H 9D", "AS JS QH 5H 4C 6C AH 8D",
                      "KD QD", "7D 6D 5D 5C 7C JD"])
    assert score_hand(Rules(), f).points["high"] == (1,)


def test_high_goes_to_holder() -> None:
    f = facts(DEALT, ["2S 3S KH 4H", "AS JS QH 5H", "", ""])
    r = rules(points={"high_goes_to": GoesTo.HOLDER})
    assert score_hand(r, f).points["high"] == (0,)  # rule: high to the side that held it (A)


def test_low_goes_to_capturer() -> None:
    f = facts(DEALT, ["AS JS QH 5H", "2S 3S KH 4H", "", ""])
    assert score_hand(Rules(), f).points["low"] == (1,)  # 2S was dealt to 0, won by 1


def test_low_goes_to_holder() -> None:
    f = facts(DEALT, ["AS JS QH 5H", "2S 3S KH 4H", "", ""])
    r = rules(points={"low_goes_to": GoesTo.HOLDER})
    assert score_hand(r, f).points["low"] == (0,)


def test_high_and_low_are_in_play_cards_not_the_whole_suit() -> None:
    dealt = ["KS 4S", "9H TH", "JH QH", "2H 3H"]
    f = facts(dealt, ["KS 4S 9H 2H", "TH JH QH 3H", "", ""], bid=1)
    p = score_hand(Rules(), f).points
    assert p["high"] == (0,) and p["low"] == (0,)


def test_card_point_not_captured_goes_to_nobody() -> None:
    # staged play: the jack was dealt but never played
    f = facts(["AS JS", "2S 3H", "", ""], ["AS 2S", "", "", ""], bid=1)
    assert score_hand(Rules(), f).points["jack"] == ()


def test_lone_trump_counts_high_and_low() -> None:
    dealt = ["AS 2H", "3H 4H", "5H 6H", "7H 8H"]
    f = facts(dealt, ["AS 2H 3H 5H", "", "", "4H 6H 7H 8H"], bid=1)
    score = score_hand(rules(points={"items": point_items("high", "low", "jack")}), f)
    # rule: a lone trump scores 2, as both high and low (source B)
    assert score.points["high"] == (0,) and score.points["low"] == (0,)
    assert score.points_won[0] == 2


def test_lone_jack_scores_three() -> None:
    dealt = ["JS 2H", "3H 4H", "5H 6H", "7H 8H"]
    f = facts(dealt, ["JS 2H 3H 5H", "", "", "4H 6H 7H 8H"], bid=1)
    score = score_hand(rules(points={"items": point_items("high", "low", "jack")}), f)
    # rule: if that lone trump is the jack, it scores 3 (source B)
    assert [score.points[n] for n in ("high", "low", "jack")] == [(0,), (0,), (0,)]
    assert score.points_won[0] == 3


@pytest.mark.setting("points.lone_trump")
def test_lone_trump_high_only() -> None:
    dealt = ["AS 2H", "3H 4H", "5H 6H", "7H 8H"]
    f = facts(dealt, ["AS 2H 3H 5H", "", "", "4H 6H 7H 8H"], bid=1)
    r = rules(points={"lone_trump": LoneTrump.HIGH_ONLY})
    score = score_hand(r, f)
    assert score.points["high"] == (0,) and score.points["low"] == ()


def test_jack_goes_to_capturer() -> None:
    f = facts(DEALT, ["AS JS", "2S 3S", "", ""])
    assert score_hand(Rules(), f).points["jack"] == (0,)


def test_undealt_jack_no_point() -> None:
    dealt = ["AS 2S", "3S 4H", "5H 6H", "7H 8H"]
    f = facts(dealt, ["AS 2S 3S 4H", "", "", ""])
    assert score_hand(Rules(), f).points["jack"] == ()  # rule: nobody gets it (A, B)


@pytest.mark.setting("points.undealt_jack")
def test_undealt_jack_to_pitcher() -> None:
    dealt = ["AS 2S", "3S 4H", "5H 6H", "7H 8H"]
    f = facts(dealt, ["", "AS 2S 3S 4H", "", ""], pitcher=2)
    r = rules(points={"undealt_jack": UndealtJack.PITCHER})
    assert score_hand(r, f).points["jack"] == (2,)


def test_jick_goes_to_capturer() -> None:
    dealt = ["AS JC", "2S 3H", "", ""]
    r = rules(points={"items": point_items("high", "low", "jack", "jick", "game")})
    score = score_hand(r, facts(dealt, ["AS 2S", "JC 3H", "", ""]))
    assert score.points["jick"] == (1,)


def test_jick_is_never_high_or_low() -> None:
    dealt = ["JC 2H", "3S 4H", "", ""]
    r = rules(points={"items": point_items("high", "low", "jack", "jick")})
    score = score_hand(r, facts(dealt, ["JC 2H 3S 4H", "", "", ""]))
    assert score.points["high"] == (0,) and score.points["low"] == (0,)
    # 3S is the only natural trump: lone trump, high and low; the off-jack scores jick
    assert score.points_won[0] == 3


def test_jokers_go_to_capturer_and_are_never_low() -> None:
    r = rules(points={"items": point_items("high", "low", "jack", "joker", "little_joker",
                                           "game")}, deck={"jokers": 2})
    dealt = ["AS BJ", "LJ 5S", "", ""]
    score = score_hand(r, facts(dealt, ["AS LJ", "BJ 5S", "", ""]))
    assert score.points["joker"] == (1,) and score.points["little_joker"] == (0,)
    assert score.points["low"] == (1,)  # 5S, not a joker
    assert list(score.points) == ["high", "low", "jack", "joker", "little_joker", "game"]


def test_ten_of_trumps_to_capturer() -> None:
    r = rules(points={"items": point_items("high", "low", "jack", "ten")})
    score = score_hand(r, facts(["TS 2S", "3S 4H", "", ""], ["", "TS 2S 3S 4H", "", ""]))
    assert score.points["ten"] == (1,) and "game" not in score.points


def test_last_trick_to_its_winner() -> None:
    r = rules(points={"items": point_items("high", "low", "jack", "game", "last_trick")})
    score = score_hand(r, facts(DEALT, ["AS", "", "", ""], last=3))
    assert score.points["last_trick"] == (3,)


def test_game_to_most_game_points() -> None:
    # seat 1: TH (10); seat 0: AS KH QH (4+3+2=9)
    f = facts(["AS KH QH", "TH 2S 3C", "", ""], ["AS KH QH", "TH 2S 3C", "", ""])
    assert score_hand(Rules(), f).points["game"] == (1,)


@pytest.mark.setting("points.card_values")
def test_card_values_decide_game() -> None:
    f = facts(["AS KH QH", "TH 2S 3C", "", ""], ["AS KH QH", "TH 2S 3C", "", ""])
    r = rules(points={"card_values": (("T", 5), ("A", 4), ("K", 3), ("Q", 2), ("J", 1))})
    assert score_hand(r, f).points["game"] == (0,)


def test_game_tie_scores_nobody() -> None:
    f = facts(["TS 2S", "TH 3S", "", ""], ["TS 2S", "TH 3S", "", ""])
    assert score_hand(Rules(), f).points["game"] == ()  # rule: a tie for game: nobody (B)


def test_game_tie_elder_hand() -> None:
    f = facts(["TS 2S", "TH 3S", "", ""], ["TS 2S", "TH 3S", "", ""], dealer=2)
    r = rules(points={"game_tie": GameTie.ELDER_HAND})
    assert score_hand(r, f).points["game"] == (0,)  # play goes 3, 0, 1, 2 after dealer 2
    r_right = dataclasses.replace(r, deal=dataclasses.replace(r.deal, direction=Direction.RIGHT))
    assert score_hand(r_right, f).points["game"] == (1,)  # to the right: 1, 0, 3, 2


def test_game_tie_split() -> None:
    f = facts(["TS 2S", "TH 3S", "", ""], ["TS 2S", "TH 3S", "", ""])
    r = rules(points={"game_tie": GameTie.SPLIT})
    score = score_hand(r, f)
    assert score.points["game"] == (0, 1)
    assert available_points(r, 4) == 7


def test_no_game_points_no_game() -> None:
    f = facts(["2S 3S", "4H 5H", "", ""], ["2S 3S 4H 5H", "", "", ""])
    assert score_hand(Rules(), f).points["game"] == ()


def test_game_for_partners_credits_the_side() -> None:
    f = facts(DEALT, ["TD", "AS", "KD", ""], teams=2)
    score = score_hand(Rules(), f)
    assert score.points["game"] == (0, 2)  # 10 + 3 against 4


def test_points_in_count_order() -> None:
    r = rules(points={"items": point_items("game", "jack", "low", "high")})
    assert list(score_hand(r, facts(DEALT, ["AS", "", "", ""])).points) == [
        "game", "jack", "low", "high"]


def test_pitcher_made_scores_points_won() -> None:
    f = facts(DEALT, ["AS 2S JS 3S TD", "", "", ""], bid=2)
    score = score_hand(Rules(), f)
    assert score.made is True and score.score_changes == (4, 0, 0, 0)


@pytest.mark.setting("scoring.made_bid_scores")
def test_made_bid_scores_bid() -> None:
    f = facts(DEALT, ["AS 2S JS 3S TD", "", "", ""], bid=2)
    r = rules(scoring={"made_bid_scores": MadeBidScores.BID})
    assert score_hand(r, f).score_changes == (2, 0, 0, 0)


def test_set_pitcher_loses_bid() -> None:
    f = facts(DEALT, ["AS", "2S JS 3S", "TD", ""], bid=3)
    score = score_hand(Rules(), f)
    # rule: a pitcher who failed has the bid subtracted; opponents score theirs (A, B)
    assert score.made is False and score.score_changes == (-3, 2, 1, 0)


@pytest.mark.setting("scoring.set_back")
def test_set_back_fixed_number() -> None:
    f = facts(DEALT, ["AS", "2S JS 3S", "TD", ""], bid=3)
    r = rules(scoring={"set_back": 5})
    assert score_hand(r, f).score_changes == (-5, 2, 1, 0)


@pytest.mark.setting("scoring.opponents_score")
def test_opponents_do_not_score() -> None:
    f = facts(DEALT, ["AS", "2S JS 3S", "TD", ""], bid=1)
    r = rules(scoring={"opponents_score": False})
    assert score_hand(r, f).score_changes == (1, 0, 0, 0)


def test_partners_score_together() -> None:
    f = facts(DEALT, ["AS", "2S 3S", "JS TD", ""], bid=2, teams=2)
    score = score_hand(Rules(), f)
    # side 0 (seats 0, 2): high, jack, game; side 1: low
    assert score.made is True and score.score_changes == (3, 1, 3, 1)
    assert score.points["jack"] == (2,)


def moon_rules(requires: MoonRequires, **moon: object) -> Rules:
    return rules(moon={"allowed": True, "requires": requires, **moon})


ALL_OF_IT = ["AS 2S JS 3S TD KH QH 4H 5H 4C 5C 6C", "", "", ""]


@pytest.mark.setting("moon.requires")
def test_moon_needs_all_tricks() -> None:
    # all four points but one trick lost: fails under all_points_and_tricks and all_tricks
    f = facts(DEALT, ALL_OF_IT, moon=True, bid=None, tricks=(5, 1, 0, 0))
    for requires in (MoonRequires.ALL_POINTS_AND_TRICKS, MoonRequires.ALL_TRICKS):
        score = score_hand(moon_rules(requires), f)
        assert score.moon_made is False and score.made is False
        assert score.score_changes[0] == -4
    assert score_hand(moon_rules(MoonRequires.ALL_POINTS), f).moon_made is True


def test_moon_needs_all_points() -> None:
    f = facts(DEALT, ["AS 2S 3S TD", "JS", "", ""], moon=True, bid=None, tricks=(6, 0, 0, 0))
    assert score_hand(moon_rules(MoonRequires.ALL_POINTS), f).moon_made is False
    assert score_hand(moon_rules(MoonRequires.ALL_TRICKS), f).moon_made is True


def test_moon_fails_when_a_point_was_not_dealt() -> None:
    dealt = ["AS 2S", "3S 4H", "5H 6H", "7H 8H"]  # no jack of trumps dealt
    f = facts(dealt, ["AS 2S 3S 4H 5H 6H 7H 8H", "", "", ""], moon=True, bid=None,
              tricks=(2, 0, 0, 0))
    assert score_hand(moon_rules(MoonRequires.ALL_POINTS_AND_TRICKS), f).moon_made is False


@pytest.mark.setting("moon.points_made")
def test_moon_made_scores_points_won_or_points_made() -> None:
    f = facts(DEALT, ALL_OF_IT, moon=True, bid=None, tricks=(6, 0, 0, 0))
    made = score_hand(moon_rules(MoonRequires.ALL_POINTS_AND_TRICKS), f)
    assert made.moon_made is True and made.score_changes[0] == 4
    fixed = score_hand(moon_rules(MoonRequires.ALL_POINTS_AND_TRICKS, points_made=13), f)
    assert fixed.score_changes[0] == 13


@pytest.mark.setting("moon.points_failed")
def test_failed_moon_loses_points_failed() -> None:
    f = facts(DEALT, ["AS 2S", "JS 3S TD", "", ""], moon=True, bid=None, tricks=(3, 3, 0, 0))
    score = score_hand(moon_rules(MoonRequires.ALL_POINTS_AND_TRICKS, points_failed=7), f)
    assert score.score_changes == (-7, 2, 0, 0)


def test_no_auction_everyone_scores_what_they_won() -> None:
    f = facts(DEALT, ["AS", "2S JS 3S", "TD", ""], pitcher=None, bid=None)
    score = score_hand(Rules(), f)
    assert score.made is None and score.score_changes == (1, 2, 1, 0)


@pytest.mark.setting("scoring.method")
def test_combinations_method_scores_each_seat() -> None:
    r = rules(scoring={"method": ScoringMethod.COMBINATIONS})
    f = facts(["", ""], ["AS QH QD KC JS TS 7H", "KH QS 2C"], pitcher=None, bid=None)
    score = score_hand(r, f)
    assert score.points == {} and score.combo_points == (37, 8)  # KH+QS
    assert score.score_changes == (37, 8)


def test_combinations_partners_add_up() -> None:
    r = rules(scoring={"method": ScoringMethod.COMBINATIONS},
              players={"count": 4, "partnerships": Partnerships.TWO_TEAMS_OF_TWO},
              combinations={"keep": 2})
    f = facts(["", "", "", ""], ["AS QH", "KH", "JD", ""], pitcher=None, bid=None, teams=2)
    score = score_hand(r, f)
    assert score.combo_points == (18, 2, 1, 0)
    assert score.score_changes == (19, 2, 19, 2)


# ------------------------------------------------------------------ trump order


def test_trump_order_plain() -> None:
    assert trump_order(parse_suit("H")) == tuple(
        parse_card(c + "H") for c in "AKQJT98765432")


def test_trump_order_with_jick_and_jokers() -> None:
    order = trump_order(parse_suit("S"), jick=True, jokers=2)
    names = ["AS", "KS", "QS", "JS", "JC", "BJ", "LJ", "TS"]
    assert order[:8] == tuple(parse_card(n) for n in names)
    assert len(order) == 16
    one_joker = trump_order(parse_suit("S"), jokers=1)
    assert BIG_JOKER in one_joker and LITTLE_JOKER not in one_joker
    assert mask_of(trump_order(parse_suit("D"), jick=True)) == m(
        "AD KD QD JD JH TD 9D 8D 7D 6D 5D 4D 3D 2D")


def test_elder_order_follows_direction() -> None:
    assert elder_order(1, 4) == [2, 3, 0, 1]
    assert elder_order(1, 4, Direction.RIGHT) == [0, 3, 2, 1]




# ---------------------------------------------------------------------------- valued items


def test_an_item_scores_its_value() -> None:
    items = (PointItem.of("high"), PointItem.of("low"), PointItem.of("jack", 3),
             PointItem.of("game", 2))
    score = score_hand(rules(points={"items": items}), facts(DEALT, ["AS 2S JS 3S TD", "", "", ""]))
    assert score.points_won == (7, 0, 0, 0)  # high 1, low 1, jack 3, game 2


def test_five_of_trumps_goes_to_its_capturer_with_its_value() -> None:
    items = (PointItem.of("high"), PointItem.of("five_of_trumps", 5))
    f = facts(["AS 5S", "2S 3H", "", ""], ["AS", "5S 2S 3H", "", ""])
    score = score_hand(rules(points={"items": items}), f)
    assert score.points == {"high": (0,), "five_of_trumps": (1,)}
    assert score.points_won == (1, 5, 0, 0)


def test_off_five_is_the_five_of_the_same_colour() -> None:
    items = (PointItem.of("off_five", 5),)
    f = facts(["AS 5C", "2S 5S", "", ""], ["5S", "AS 5C 2S", "", ""])  # spades: off-five 5C
    assert score_hand(rules(points={"items": items}), f).points == {"off_five": (1,)}


def test_three_of_trumps_to_the_holder() -> None:
    items = (PointItem.of("three_of_trumps", 3, GoesTo.HOLDER),)
    f = facts(["3S 4H", "AS 5H", "", ""], ["", "3S 4H AS 5H", "", ""])
    assert score_hand(rules(points={"items": items}), f).points_won == (3, 0, 0, 0)


def test_a_card_to_its_player_needs_it_played() -> None:
    item = PointItem.of("two_of_trumps", 1, GoesTo.PLAYER)
    r = rules(points={"items": (item,)})
    played = facts(["2S 4H", "AS 5H", "", ""], ["", "2S 4H AS 5H", "", ""])
    assert score_hand(r, played).points == {"two_of_trumps": (0,)}
    never_played = facts(["2S 4H", "AS 5H", "", ""], ["", "4H AS", "", ""])
    assert score_hand(r, never_played).points == {"two_of_trumps": ()}


def test_high_to_the_player_who_played_it() -> None:
    r = rules(points={"high_goes_to": GoesTo.PLAYER})
    played = facts(DEALT, ["", "AS 2S", "", ""])
    assert score_hand(r, played).points["high"] == (0,)
    assert score_hand(r, facts(DEALT, ["", "2S", "", ""])).points["high"] == ()


def test_game_tie_to_the_holder_of_a_card() -> None:
    r = rules(points={"game_tie": GameTie.HOLDER_OF_CARD, "game_tie_card": PointCard.JOKER},
              deck={"jokers": 1})
    f = facts(["TS BJ", "TH 3S", "", ""], ["TS 2S", "TH 3S", "", ""])
    assert score_hand(r, f).points["game"] == (0,)  # tied at 10; seat 0 held the joker
    f = facts(["TS 2D", "TH 3S", "BJ", ""], ["TS 2S", "TH 3S", "", ""])
    assert score_hand(r, f).points["game"] == ()  # the joker's holder is not tied


def test_a_split_game_gives_each_tied_side_its_value() -> None:
    items = (PointItem.of("high"), PointItem.of("game", 2))
    r = rules(points={"items": items, "game_tie": GameTie.SPLIT})
    f = facts(["TS 2S", "TH 3S", "", ""], ["TS 2S", "TH 3S", "", ""], bid=None, pitcher=None)
    assert score_hand(r, f).points_won == (3, 2, 0, 0)
    assert available_points(r, 4) == 9
