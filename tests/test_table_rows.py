"""Issue 10's last table rows, each shown in a played hand: a fifth point for taking
everything (``{point: slam}``, ``points.slam_requires``) and jokers as half a game point
(``points.joker_game_halves``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from play_helpers import act, cards, tricks

from pitchkit.actions import ALONE, WITH_PARTNER
from pitchkit.checks import check_rules
from pitchkit.engine import Game, Phase
from pitchkit.explain import explain_rules
from pitchkit.variant import Rules, rules_from_mapping

FIVE = [{"point": w} for w in ("high", "low", "jack", "game", "slam")]


def two_players(**sections: Any) -> Rules:
    base: dict[str, Any] = {"players": {"count": 2}, "auction": {"max_bid": 5},
                            "scoring": {"target": None, "hands": 1}}
    for key, value in sections.items():
        base[key] = {**base.get(key, {}), **value}
    return rules_from_mapping(base)


def slam_rules(requires: str | None = None) -> Rules:
    points: dict[str, Any] = {"items": FIVE}
    if requires is not None:
        points["slam_requires"] = requires
    return two_players(points=points)


def everything_to_seat_0(rules: Rules, seat_0: str, bid: str, last: str = "AD 4D") -> Game:
    """Seat 0 pitches hearts and wins every trick but perhaps the last."""
    game = Game(rules, random.Random(0), dealer=1)
    game.deal_cards([cards(seat_0), cards("3H 4S 4C 4D 5S 5C")])
    act(game, bid, "pass")
    tricks(game, f"{seat_0.split()[0]} 3H", f"{seat_0.split()[1]} 4S",
           f"{seat_0.split()[2]} 4C", "AS 5S", "AC 5C", last)
    return game


def test_slam_is_a_fifth_point_for_every_point_and_every_trick() -> None:
    game = everything_to_seat_0(slam_rules(), "AH JH 2H AS AC AD", "bid 5")
    result = game.hand_results[-1]
    assert result.points["slam"] == (0,)
    # rule: a bid of 5 (smudge) is made only with the fifth point
    assert result.made is True
    assert game.scores == [5, 0]


def test_slam_is_not_won_when_the_jack_was_not_dealt() -> None:
    # every trick, but an item nobody could win: no side took everything (Rognlie)
    game = everything_to_seat_0(slam_rules(), "AH KH 2H AS AC AD", "bid 3")
    assert game.hand_results[-1].points["slam"] == ()
    assert game.scores == [3, 0]


@pytest.mark.setting("points.slam_requires",
                      needs=("points.items=[{point: high}, {point: slam}]",))
def test_slam_requires_all_tricks_scores_without_the_jack() -> None:
    game = everything_to_seat_0(slam_rules("all_tricks"), "AH KH 2H AS AC AD", "bid 3")
    assert game.hand_results[-1].points["slam"] == (0,)
    assert game.scores == [4, 0]


@pytest.mark.parametrize(("requires", "slam"), [("all_points_and_tricks", ()),
                                                ("all_points", (0,)),
                                                ("all_tricks", ())])
def test_slam_requires_when_one_trick_without_points_is_lost(requires: str,
                                                             slam: tuple[int, ...]) -> None:
    # seat 1 wins the last trick (4D over 3D), which holds no game point
    game = everything_to_seat_0(slam_rules(requires), "AH JH 2H AS AC 3D", "bid 4",
                                last="3D 4D")
    result = game.hand_results[-1]
    assert result.tricks_won == (5, 1)
    assert result.points["slam"] == slam
    assert game.scores[0] == 4 + len(slam)


def test_slam_goes_to_a_side_that_did_not_pitch() -> None:
    game = Game(slam_rules(), random.Random(0), dealer=0)
    game.deal_cards([cards("AH JH 2H AS AC AD"), cards("3H 4S 4C 4D 5S 5C")])
    act(game, "bid 2", "pass")
    tricks(game, "3H AH", "JH 4S", "2H 4C", "AS 5S", "AC 5C", "AD 4D")
    result = game.hand_results[-1]
    assert result.pitcher == 1 and result.points["slam"] == (0,)
    assert game.scores == [5, -2]


def joker_hand(halves: int) -> Game:
    """Seat 0 captures AH and the joker (4 and a joker), seat 1 KC and JC (4)."""
    rules = two_players(deck={"jokers": 1}, points={"joker_game_halves": halves})
    game = Game(rules, random.Random(0), dealer=1)
    game.deal_cards([cards("AH 2H 3C 4C 5C 6C"), cards("BJ KC JC 7C 8C 9C")])
    act(game, "bid 2", "pass")
    tricks(game, "AH BJ", "3C KC", "JC 4C", "7C 5C", "8C 6C", "9C 2H")
    return game


@pytest.mark.setting("points.joker_game_halves")
@pytest.mark.parametrize(("halves", "game_to"), [(0, ()), (1, (0,))])
def test_a_joker_as_half_a_game_point_breaks_a_tie_of_whole_points(
        halves: int, game_to: tuple[int, ...]) -> None:
    game = joker_hand(halves)
    assert game.hand_results[-1].points["game"] == game_to
    assert game.scores == [2 + len(game_to), 0]


def test_two_halves_make_a_whole_game_point() -> None:
    # 4 and two halves against 4: seat 0 has 5
    game = joker_hand(2)
    assert game.hand_results[-1].points["game"] == (0,)


def problems(**sections: Any) -> list[str]:
    return [f.message for f in check_rules(two_players(**sections)) if not f.note]


def test_validate_refuses_what_cannot_act() -> None:
    assert any("no jokers" in m for m in problems(points={"joker_game_halves": 1}))
    assert any("{point: game}" in m for m in problems(
        deck={"jokers": 1}, points={"joker_game_halves": 1,
                                    "items": [{"point": "high"}, {"point": "low"}]}))
    assert any("{point: slam}" in m for m in problems(points={"slam_requires": "all_tricks"}))
    assert any("never be won" in m for m in problems(
        points={"items": [{"point": "slam"}]}, auction={"max_bid": 1}))
    assert problems(points={"items": FIVE}) == []
    assert problems(deck={"jokers": 2}, points={"joker_game_halves": 1}) == []


def test_explain_states_the_rows() -> None:
    sheet = explain_rules(slam_rules())
    assert ("**Slam** goes to the player that takes every other point and every trick of "
            "the hand, pitcher or not") in sheet
    assert "each joker half a point" in explain_rules(
        two_players(deck={"jokers": 2}, points={"joker_game_halves": 1}))


# ------------------------------------------------------------------ a bid to play alone

def partners(**sections: Any) -> Rules:
    base: dict[str, Any] = {"players": {"count": 4, "partnerships": "2x2"},
                            "auction": {"alone": True},
                            "scoring": {"target": None, "hands": 1}}
    for key, value in sections.items():
        base[key] = {**base.get(key, {}), **value}
    return rules_from_mapping(base)


STRONG = ["AH KH QH JH TH 9H", "3S 4S 5S 6S 7S 8S", "2H AS KS QS JS TS",
          "3C 4C 5C 6C 7C 8C"]


def strong_hand(rules: Rules, answer: str) -> Game:
    """Seat 0 bids 4 and answers; its partner (seat 2) holds the two of trumps."""
    game = Game(rules, random.Random(0), dealer=3)
    game.deal_cards([cards(h) for h in STRONG])
    act(game, "bid 4", "pass", "pass", "pass")
    assert game.phase is Phase.ALONE and game.to_act == 0
    assert game.legal_actions() == [ALONE, WITH_PARTNER]
    act(game, answer)
    return game


def test_alone_the_partner_sits_out_and_a_made_bid_scores_double() -> None:
    game = strong_hand(partners(), "go alone")
    assert game.hands[2] == 0  # its cards are out of play
    seen = []
    for card in ["AH", "KH", "QH", "JH", "TH", "9H"]:
        seen.append(game.to_act)
        act(game, f"play {card}")
        seen.append(game.to_act)
        act(game, f"play {'345678'['AKQJT9'.index(card[0])]}S")
        seen.append(game.to_act)
        act(game, f"play {'345678'['AKQJT9'.index(card[0])]}C")
    # three cards a trick: seat 2 never plays
    assert 2 not in seen
    result = game.hand_results[-1]
    # the partner's 2H is not in play: low is the pitcher's 9H
    assert result.points == {"high": (0,), "low": (0,), "jack": (0,), "game": (0, 2)}
    assert result.made is True and game.scores == [8, 0, 8, 0]


def test_with_partner_every_seat_plays() -> None:
    game = strong_hand(partners(), "with partner")
    tricks(game, "AH 3S 2H 3C", "KH 4S AS 4C", "QH 5S KS 5C", "JH 6S QS 6C",
           "TH 7S JS 7C", "9H 8S TS 8C")
    assert game.hand_results[-1].points["low"] == (0,)  # seat 0 captured the 2H
    assert game.scores == [4, 0, 4, 0]


@pytest.mark.setting("scoring.alone_made_factor",
                      needs=("players.partnerships=2x2", "auction.alone=true"))
@pytest.mark.parametrize("factor", [1, 3])
def test_alone_made_factor(factor: int) -> None:
    game = strong_hand(partners(scoring={"alone_made_factor": factor}), "go alone")
    tricks(game, "AH 3S 3C", "KH 4S 4C", "QH 5S 5C", "JH 6S 6C", "TH 7S 7C", "9H 8S 8C")
    assert game.scores == [4 * factor, 0, 4 * factor, 0]


def test_a_pitcher_set_alone_is_set_back_as_usual() -> None:
    game = Game(partners(), random.Random(0), dealer=3)
    game.deal_cards([cards("AH 3H 2D 3D 4D 5D"), cards("KH QH 6D 7D 8D 9D"),
                     cards("JH 2H AS KS QS JS"), cards("4C 5C 6C 7C 8C 9C")])
    act(game, "bid 3", "pass", "pass", "pass", "go alone")
    tricks(game, "AH KH 4C", "3H QH 5C", "6D 6C 2D", "7D 7C 3D", "8D 8C 4D", "9D 9C 5D")
    result = game.hand_results[-1]
    # the partner's jack and two are out of play: nobody has jack, low is the 3H
    assert result.points == {"high": (0,), "low": (1,), "jack": (), "game": (0, 2)}
    assert result.made is False and game.scores == [-3, 1, -3, 1]


def test_a_partner_due_to_lead_passes_the_lead_on() -> None:
    rules = partners(play={"first_leader": "left_of_dealer"})
    game = Game(rules, random.Random(0), dealer=1)  # seat 2 would lead
    game.deal_cards([cards(h) for h in STRONG])
    act(game, "pass", "pass", "bid 2", "pass")  # seat 2 bids first; seat 1 deals
    assert game.pitcher == 0
    act(game, "go alone")
    assert game.to_act == 3  # the seat after the partner leads


def test_the_heuristic_goes_alone_when_it_is_worth_more() -> None:
    from pitchkit.bots.heuristic import HeuristicBot
    rules = partners()
    bot = HeuristicBot(rules, 0, random.Random(0))
    game = strong_hand_at_alone(rules, STRONG)
    assert bot.choose(game.observation(0), game.legal_actions()) == ALONE
    game = strong_hand_at_alone(rules, ["3H 4H 5D 6D 7D 8D", *STRONG[1:]])
    assert bot.choose(game.observation(0), game.legal_actions()) == WITH_PARTNER
    # a contract made alone scoring no more: never alone
    plain = partners(scoring={"alone_made_factor": 1})
    game = strong_hand_at_alone(plain, STRONG)
    assert HeuristicBot(plain, 0, random.Random(0)).choose(
        game.observation(0), game.legal_actions()) == WITH_PARTNER


def strong_hand_at_alone(rules: Rules, hands: list[str]) -> Game:
    game = Game(rules, random.Random(0), dealer=3)
    game.deal_cards([cards(h) for h in hands])
    act(game, "bid 2", "pass", "pass", "pass")
    return game


def test_validate_refuses_alone_where_it_cannot_be_played() -> None:
    def alone_problems(**sections: Any) -> list[str]:
        return [f.message for f in check_rules(partners(**sections)) if not f.note]

    assert alone_problems() == []
    assert any("needs partners" in m for m in alone_problems(
        players={"count": 4, "partnerships": "none"}))
    assert any("needs an auction" in m for m in alone_problems(
        auction={"alone": True, "style": "none"}, play={"first_leader": "left_of_dealer"}))
    assert any("pitch to bid" in m for m in alone_problems(
        auction={"alone": True, "pitch_to_bid": True}))
    assert any("staged play" in m for m in alone_problems(
        play={"stages": [3, 3]}, deal={"cards_per_hand": 6}))
    assert any("has no effect" in m for m in problems(scoring={"alone_made_factor": 3}))


def test_explain_states_playing_alone() -> None:
    assert ("The pitcher then says whether it goes alone: if so, its partner lays their "
            "cards aside for the hand") in explain_rules(partners())


def test_fastsim_leaves_playing_alone_to_the_engine() -> None:
    from pitchkit import fastsim
    assert fastsim.fallback_reason(partners()) == "auction.alone"


def test_keep_scores_a_hand_played_alone() -> None:
    from pitchkit.keep import Table, TableError, TableHand
    from pitchkit.load import load_variant
    names = ["Ann", "Bob", "Cy", "Di"]
    rules = load_variant("partnership-pitch", ["auction.alone=true",
                                               "auction.pitch_to_bid=false"])
    points = {"high": ("Ann",), "low": ("Ann",), "jack": ("Ann",), "game": ("Ann",)}
    scored = Table(rules, names).add(TableHand(pitcher="Ann", bid=4, points=points,
                                               alone=True))
    assert scored is not None and scored.scores == (8, 0, 8, 0)
    scored = Table(rules, names).add(TableHand(pitcher="Ann", bid=4, points=points,
                                               alone=False))
    assert scored is not None and scored.scores == (4, 0, 4, 0)
    with pytest.raises(TableError, match=r"auction\.alone"):
        Table(load_variant("partnership-pitch"), names).add(
            TableHand(pitcher="Ann", bid=4, points=points, alone=True))
