"""Scoring (pitchkit.scoring), clause by clause: the clauses mutate.py showed no test
pinned."""

from __future__ import annotations

import dataclasses

from test_scoring import facts

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
