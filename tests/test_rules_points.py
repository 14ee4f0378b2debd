"""One test per points setting (``points.items``: values, named cards, goes_to; high and
low to the player; game_tie holder_of_card; bids up to the items' total), each in a hand
played through the engine.

Hands are two cards each for four players, no auction unless a test bids: seat 0 (left of
dealer 3) leads, and the first card led sets trump.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_rules_play import play, start

from pitchkit.actions import BID_BASE
from pitchkit.variant import Rules, rules_from_mapping

FOUR: list[dict[str, Any]] = [{"point": w} for w in ("high", "low", "jack", "game")]


def two_cards(items: list[dict[str, Any]], **sections: dict[str, Any]) -> Rules:
    data: dict[str, Any] = {
        "auction": {"style": "none"}, "play": {"first_leader": "left_of_dealer"},
        "scoring": {"target": None, "win_only_as_pitcher": False},
        "deal": {"cards_per_hand": 2}, "points": {"items": items},
    }
    for key, value in sections.items():
        data[key] = {**data.get(key, {}), **value}
    return rules_from_mapping(data)


def hand(r: Rules, deal: tuple[str, str, str, str], plays: str) -> Any:
    g = start(r, *deal)
    play(g, *(f"play {c}" for c in plays.split()))
    return g.hand_results[-1]


# trick 1: seat 0 leads 5S (spades are trump), seat 1's AS wins it; trick 2: seat 1 leads
# 3H, seat 0 (out of hearts) trumps with 2S and wins
DEAL = ("5S 2S", "AS 3H", "4H 6H", "7H 8H")
PLAYS = "5S AS 4H 7H 3H 6H 8H 2S"
#: the same hands with seat 0's second card changed; it is played last, to trick 2
PLAYS_WITH = "5S AS 4H 7H 3H 6H 8H {}"


def test_an_item_scores_its_value() -> None:
    plain = hand(two_cards(FOUR), DEAL, PLAYS)
    assert plain.score_changes == (1, 2, 0, 0)  # low 2S to seat 0; high AS and game seat 1
    jack_3 = [*FOUR[:2], {"point": "jack", "value": 3}, FOUR[3]]
    result = hand(two_cards(jack_3), ("5S JS", "AS 3H", "4H 6H", "7H 8H"),
                  PLAYS_WITH.format("JS"))
    assert result.points["jack"] == (0,)  # JS trumps trick 2
    assert result.score_changes == (3, 3, 0, 0)  # jack 3; high, low 5S and game to seat 1


def test_five_of_trumps_worth_five_goes_to_its_capturer() -> None:
    r = two_cards([*FOUR, {"card": "five_of_trumps", "value": 5}])
    result = hand(r, DEAL, PLAYS)
    assert result.points["five_of_trumps"] == (1,)  # led by seat 0, captured by seat 1
    assert result.score_changes == (1, 7, 0, 0)


def test_off_five_is_the_five_of_the_same_colour() -> None:
    r = two_cards([{"card": "off_five", "value": 5}])
    result = hand(r, ("5S 5C", "AS 3H", "4H 6H", "7H 8H"), PLAYS_WITH.format("5C"))
    assert result.points == {"off_five": (3,)}  # 5C thrown to trick 2, which 8H wins
    assert result.score_changes == (0, 0, 0, 5)


def test_three_of_trumps_to_its_holder() -> None:
    r = two_cards([{"card": "three_of_trumps", "value": 3, "goes_to": "holder"}])
    result = hand(r, ("3S 2H", "AS 3H", "4H 6H", "7H 8H"), "3S AS 4H 7H 3H 6H 8H 2H")
    assert result.points == {"three_of_trumps": (0,)}  # captured by seat 1, held by 0
    assert result.score_changes == (3, 0, 0, 0)


def test_two_of_trumps_to_the_player_who_played_it() -> None:
    r = two_cards([{"card": "two_of_trumps", "goes_to": "player"}])
    result = hand(r, ("2S 4C", "AS 3H", "4H 6H", "7H 8H"), "2S AS 4H 7H 3H 6H 8H 4C")
    assert result.points == {"two_of_trumps": (0,)}  # seat 1 captured it; seat 0 played it


def staged(items: list[dict[str, Any]], **points: Any) -> Any:
    """One stage of one card: seat 0 keeps 2S back, so it is held but never played."""
    r = two_cards(items, play={"stages": [1]}, points=points)
    g = start(r, "5S 2S", "AS 3H", "4H 6H", "7H 8H")
    for card in ("5S", "AS", "4H", "7H"):
        g.apply(f"select {card}")
    play(g, "play 5S", "play AS", "play 4H", "play 7H")
    return g.hand_results[-1]


def test_a_card_to_its_player_scores_nobody_when_never_played() -> None:
    assert staged([{"card": "two_of_trumps", "goes_to": "player"}]).points == {
        "two_of_trumps": ()}
    assert staged([{"card": "two_of_trumps", "goes_to": "holder"}]).points == {
        "two_of_trumps": (0,)}


@pytest.mark.setting("points.low_goes_to")
def test_low_to_the_player_who_played_it() -> None:
    # 2S is held by seat 0 and never played: low to its holder, to nobody as played
    assert staged(FOUR, low_goes_to="holder").points["low"] == (0,)
    assert staged(FOUR, low_goes_to="player").points["low"] == ()
    # 5S is low when 2S is not dealt: led by seat 0, captured by seat 1
    deal = ("5S 4C", "AS 3H", "4H 6H", "7H 8H")
    assert hand(two_cards(FOUR), deal, PLAYS_WITH.format("4C")).points["low"] == (1,)
    assert hand(two_cards(FOUR, points={"low_goes_to": "player"}), deal,
                PLAYS_WITH.format("4C")).points["low"] == (0,)


def test_high_to_the_player_who_played_it() -> None:
    # seat 1 holds AS back in a one-card stage: high to its holder, to nobody as played
    r = two_cards(FOUR, play={"stages": [1]}, points={"high_goes_to": "player"})
    g = start(r, "5S 2S", "AS 3H", "4H 6H", "7H 8H")
    for card in ("5S", "3H", "4H", "7H"):
        g.apply(f"select {card}")
    play(g, "play 5S", "play 3H", "play 4H", "play 7H")
    assert g.hand_results[-1].points["high"] == ()


def test_a_joker_item_goes_to_its_capturer() -> None:
    r = two_cards([{"card": "joker", "value": 2}], deck={"jokers": 1})
    result = hand(r, ("5S BJ", "AS 3H", "4H 6H", "7H 8H"), PLAYS_WITH.format("BJ"))
    assert result.points == {"joker": (0,)}  # the joker, a trump, wins trick 2 for seat 0
    assert result.score_changes == (2, 0, 0, 0)


def test_ace_of_trumps_as_a_named_card() -> None:
    r = two_cards([{"card": "ace_of_trumps"}])
    assert hand(r, DEAL, PLAYS).points == {"ace_of_trumps": (1,)}


# a tie for game, 10 to 10: seat 1's 3S takes TD in trick 1, seat 0's TS trumps trick 2
TIE_DEAL = ("2S TS", "3S 5H", "TD 6D", "4D 7D")
TIE_PLAYS = "2S 3S TD 4D 5H 6D 7D TS"


@pytest.mark.setting("points.game_tie_card", needs=("points.game_tie=holder_of_card",))
def test_game_tie_to_the_tied_holder_of_a_named_card() -> None:
    game = [{"point": "game"}]
    assert hand(two_cards(game), TIE_DEAL, TIE_PLAYS).points == {"game": ()}
    two = two_cards(game, points={"game_tie": "holder_of_card",
                                  "game_tie_card": "two_of_trumps"})
    assert hand(two, TIE_DEAL, TIE_PLAYS).points == {"game": (0,)}  # 2S held by seat 0
    three = two_cards(game, points={"game_tie": "holder_of_card",
                                    "game_tie_card": "three_of_trumps"})
    assert hand(three, TIE_DEAL, TIE_PLAYS).points == {"game": (1,)}  # 3S held by seat 1
    four = two_cards(game, points={"game_tie": "holder_of_card",
                                   "game_tie_card": "four_of_trumps"})
    assert hand(four, TIE_DEAL, TIE_PLAYS).points == {"game": ()}  # 4S not dealt


def test_a_split_game_gives_each_tied_side_its_value() -> None:
    r = two_cards([{"point": "game", "value": 2}], points={"game_tie": "split"})
    result = hand(r, TIE_DEAL, TIE_PLAYS)
    assert result.points == {"game": (0, 1)} and result.score_changes == (2, 2, 0, 0)


def test_bids_above_twelve_up_to_the_items_total() -> None:
    items = [*FOUR, {"card": "five_of_trumps", "value": 5},
             {"card": "off_five", "value": 5}, {"point": "ten"}]
    r = rules_from_mapping({"auction": {"min_bid": 6, "max_bid": 14, "dealer_forced_bid": 6},
                            "points": {"items": items}})
    g = start(r, "AS KS QS JS TS 5S", "5C 2H 3H 4H 6H 7H", "2D 3D 4D 6D 7D 8D",
              "2C 3C 4C 6C 7C 8C")
    assert BID_BASE + 14 in g.legal_actions()
    play(g, "bid 13", "pass", "pass", "pass", "play AS")
    assert g.bid == 13


@pytest.mark.parametrize("word, rank", [
    ("ace_of_trumps", "A"), ("king_of_trumps", "K"), ("queen_of_trumps", "Q"),
    ("nine_of_trumps", "9"), ("eight_of_trumps", "8"), ("seven_of_trumps", "7"),
    ("six_of_trumps", "6"), ("five_of_trumps", "5"), ("four_of_trumps", "4"),
    ("three_of_trumps", "3"), ("two_of_trumps", "2")])
def test_every_named_trump_card_scores_its_value_to_its_capturer(word: str, rank: str) -> None:
    # seat 0 leads the named spade (spades become trump) and wins the trick: nobody else
    # holds a spade; the named card of another suit scores nothing
    r = two_cards([{"card": word, "value": 7}])
    result = hand(r, (f"{rank}S 9D", "3H 4H", "5H 6H", "7H 8H"), f"{rank}S 3H 5H 7H 9D 4H 6H 8H")
    assert result.points == {word: (0,)}
    assert result.score_changes == (7, 0, 0, 0)
    # hearts trump (seat 0 leads a heart): the named spade is no trump, nobody scores it
    other = hand(r, (f"TH {rank}S", "3D 4D", "5D 6D", "7D 8D"), f"TH 3D 5D 7D {rank}S 4D 6D 8D")
    assert other.points == {word: ()}
