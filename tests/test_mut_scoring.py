"""Scoring (pitchkit.scoring), clause by clause: the clauses mutate.py showed no test
pinned."""

from __future__ import annotations

import dataclasses

from test_scoring import DEALT, facts

from pitchkit.cards import SUITS, parse_card
from pitchkit.scoring import available_points, score_hand, score_points, scoring_plan
from pitchkit.variant import Rules, rules_from_mapping


def test_only_the_items_that_name_a_card_have_one_under_each_trump() -> None:
    # high, low and game name no card (-1 under every trump: the bots read a card item's
    # card from it, and would count card 0, the two of spades, as worth the item);
    # the jack names the jack of trumps, the jick the other jack of the trump's colour
    items = [{"point": w} for w in ("high", "low", "jack", "jick", "game")]
    plan = scoring_plan(rules_from_mapping({"points": {"items": items}}))
    cards = {item.name: item.card_by_trump for item in plan.items}
    assert cards["high"] == cards["low"] == cards["game"] == (-1, -1, -1, -1)
    assert cards["jack"] == tuple(parse_card(f"J{suit}") for suit in SUITS)
    assert cards["jick"] == tuple(parse_card(f"J{suit}") for suit in "CDHS")


def test_a_hand_without_a_trump_gives_no_trump_point_but_game() -> None:
    # no card is a trump: high, low and the jack go to nobody, though spades and the jack
    # of spades were played; game still goes to the most game points
    f = facts(["AS JS KH", "TH 2S 3C", "", ""], ["AS JS KH", "TH 2S 3C", "", ""])
    points = score_hand(Rules(), dataclasses.replace(f, trump=None)).points
    assert points["high"] == points["low"] == points["jack"] == ()
    assert points["game"] == (1,)  # TH: 10; AS JS KH: 4 + 1 + 3 = 8


def test_slam_on_all_points_is_nobodys_when_nobody_won_the_first_item() -> None:
    # slam_requires all_points: an item nobody could win (the jack, counted first here, not
    # dealt) means no side took every point, though seat 0 won every trick
    from test_table_rows import everything_to_seat_0, two_players

    items = [{"point": w} for w in ("jack", "high", "low", "game", "slam")]
    r = two_players(points={"items": items, "slam_requires": "all_points"})
    game = everything_to_seat_0(r, "AH KH 2H AS AC AD", "bid 3")
    result = game.hand_results[-1]
    assert result.tricks_won == (6, 0) and result.points["jack"] == ()
    assert result.points["slam"] == ()


def test_high_and_low_need_a_card_of_the_trump_suit_in_play() -> None:
    # rule: high and low are natural trumps (cards of the trump suit): with hearts named
    # and no heart dealt, nobody takes them, though both jokers (trumps) were captured
    r = rules_from_mapping({"deck": {"jokers": 2}})
    f = facts(["BJ 2S KC", "LJ 3S 4C", "", ""], ["BJ 2S KC", "LJ 3S 4C", "", ""], trump="H")
    points = score_hand(r, f).points
    assert points["high"] == points["low"] == ()


def test_without_a_trump_a_card_item_goes_to_nobody_whoever_took_the_jokers() -> None:
    # no card is a trump: the jack of trumps names no card, and goes to nobody (not to
    # the seat that took a joker)
    r = rules_from_mapping({"deck": {"jokers": 2}})
    f = facts(["BJ 2S KC", "LJ 3S 4C", "", ""], ["BJ 2S KC", "LJ 3S 4C", "", ""])
    points = score_hand(r, dataclasses.replace(f, trump=None)).points
    assert points["jack"] == ()


def test_high_spade_is_the_highest_spade_in_play_when_the_ace_is_not() -> None:
    # rule: "high spade", the highest spade in play whatever the trump, to its capturer:
    # the ace of spades was not dealt; the ten was, and seat 1 took it
    items = [{"point": w} for w in ("high", "low", "jack", "game", "high_spade")]
    r = rules_from_mapping({"points": {"items": items}})
    f = facts(["TS 2H KC", "9S 3H 4C", "", ""], ["9S 2H KC", "TS 3H 4C", "", ""], trump="H")
    assert score_hand(r, f).points["high_spade"] == (1,)


def test_slam_on_all_tricks_needs_no_point_when_nobody_won_the_first_item() -> None:
    # slam_requires all_tricks: every trick is enough, whatever the items: the jack,
    # counted first here, was not dealt, and seat 0 won every trick
    from test_table_rows import everything_to_seat_0, two_players

    items = [{"point": w} for w in ("jack", "high", "low", "game", "slam")]
    r = two_players(points={"items": items, "slam_requires": "all_tricks"})
    game = everything_to_seat_0(r, "AH KH 2H AS AC AD", "bid 3")
    result = game.hand_results[-1]
    assert result.tricks_won == (6, 0) and result.points["jack"] == ()
    assert result.points["slam"] == (0,)


def test_a_slam_alone_on_all_tricks_goes_to_the_side_that_took_every_trick() -> None:
    # slam_requires all_tricks with no other item: every trick is all it needs (with
    # all_points_and_tricks there is no point to take, and nobody takes it)
    for requires, slam in (("all_tricks", (0,)), ("all_points_and_tricks", ())):
        r = rules_from_mapping({"points": {"items": [{"point": "slam"}],
                                           "slam_requires": requires}})
        f = facts(DEALT, [" ".join(DEALT), "", "", ""], tricks=(6, 0, 0, 0))
        assert score_hand(r, f).points["slam"] == slam


def test_high_spade_goes_to_nobody_without_a_spade_in_play() -> None:
    # no spade dealt: nobody takes high spade (not the seat that took a joker)
    items = [{"point": w} for w in ("high", "low", "jack", "game", "high_spade")]
    r = rules_from_mapping({"deck": {"jokers": 2}, "points": {"items": items}})
    f = facts(["BJ 2H KC", "LJ 3H 4C", "", ""], ["BJ 2H KC", "LJ 3H 4C", "", ""], trump="H")
    assert score_hand(r, f).points["high_spade"] == ()


def _game(captured: list[str], halves: int) -> tuple[int, ...]:
    r = rules_from_mapping({"deck": {"jokers": 2},
                            "points": {"joker_game_halves": halves}})
    dealt = [" ".join(captured)] + [""] * 3
    return score_hand(r, facts(dealt, [*captured, "", ""], trump="H")).points["game"]


def test_game_in_halves_counts_every_suit_and_each_joker() -> None:
    # rule: a captured joker counts points.joker_game_halves half game points, and game is
    # counted in halves: seat 0's aces, 16 (32 halves), beat seat 1's two jokers at 15
    # halves each (30); without any one of its aces (24) seat 0 would lose
    assert _game(["AS AH AD AC", "BJ LJ 2S"], 15) == (0,)
    # a whole game point is two halves: 11 (22) loses to 10 and a joker at 3 (23); equal
    # whole points (TS, TH) are a tie, and nobody scores it (points.game_tie nobody)
    assert _game(["TS JS", "TH BJ"], 3) == (1,)
    assert _game(["TS 2D", "TH 3D"], 3) == ()


def test_one_game_point_is_enough_for_game() -> None:
    # the most game points wins game, however few: a lone jack, 1
    r = Rules()
    f = facts(["JS 2H", "3H 4C", "", ""], ["JS 2H", "3H 4C", "", ""], trump="H")
    assert score_hand(r, f).points["game"] == (0,)


def test_a_side_counts_only_its_own_cards_for_game_also_the_two() -> None:
    # partners count their cards together; with the two worth a game point (and the
    # tables too wide for the faster copy), 2S and TS, 11, beat TH, 10
    r = rules_from_mapping({"players": {"count": 4, "partnerships": "2x2"},
                            "points": {"card_values": {"T": 10, "2": 1}}})
    f = facts(["2S 5H", "TH 5C", "TS 6H", "7C 8C"], ["2S 5H", "TH 5C", "TS 6H", "7C 8C"],
              teams=2)
    assert score_hand(r, f).points["game"] == (0, 2)


def test_a_game_tie_to_the_holder_of_a_card_is_nobodys_without_a_trump() -> None:
    # points.game_tie holder_of_card names a card of the trump suit: without a trump no
    # card is named, and the tie is nobody's (not the two of spades' holder's)
    r = rules_from_mapping({"points": {"game_tie": "holder_of_card",
                                       "game_tie_card": "two_of_trumps"}})
    f = facts(["2S TS", "TH 3C", "", ""], ["2S TS", "TH 3C", "", ""])
    assert score_hand(r, dataclasses.replace(f, trump=None)).points["game"] == ()


def test_combination_scoring_wins_no_points() -> None:
    # the combinations are the score: no point item is won (points_won all 0)
    r = rules_from_mapping({"scoring": {"method": "combinations"}})
    f = facts(["AS QS", "KH JH", "", ""], ["AS QS", "KH JH", "", ""])
    assert score_hand(r, f).points_won == (0, 0, 0, 0)


def test_the_points_a_hand_can_award_are_the_items_once_unless_game_is_split() -> None:
    # four items of 1: 4 whatever the number of sides; a split game counts once per side
    assert [available_points(Rules(), sides) for sides in (2, 3, 4)] == [4, 4, 4]
    split = rules_from_mapping({"points": {"game_tie": "split"}})
    assert [available_points(split, sides) for sides in (2, 3, 4)] == [5, 6, 7]


def test_a_pitcher_without_a_bid_or_a_moon_has_no_contract() -> None:
    # score_points with a pitcher but no contract: every side scores what it won
    plan = scoring_plan(Rules())
    points = {"high": (0,), "low": (1,), "jack": (), "game": (0,)}
    made, moon, changes, _combo, won = score_points(plan, (0, 1), 0, None, False, points,
                                                    (3, 3))
    assert (made, moon, changes, won) == (None, None, (2, 1), (2, 1))
