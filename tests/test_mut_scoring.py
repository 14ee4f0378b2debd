"""Scoring (pitchkit.scoring), clause by clause: the clauses mutate.py showed no test
pinned."""

from __future__ import annotations

import dataclasses

from test_scoring import DEALT, facts

from pitchkit.cards import SUITS, parse_card
from pitchkit.scoring import score_hand, scoring_plan
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
