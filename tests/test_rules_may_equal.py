"""auction.may_equal: clauses that mutants of ``benchmarks/mutate.py`` changed with every
test still passing."""

from __future__ import annotations

import random

from play_helpers import names

from pitchkit.engine import Game
from pitchkit.variant import rules_from_mapping


def lowest_bid(game: Game) -> str:
    return next(a for a in names(game.legal_actions()) if a.startswith("bid "))


def test_may_equal_any_the_first_bid_is_still_at_least_the_lowest_bid() -> None:
    # rule: a later bid may equal the high bid (auction.may_equal: any); with no high
    # bid yet there is nothing to equal: the opening bid is min_bid or more
    rules = rules_from_mapping({"auction": {"may_equal": "any", "min_bid": 2}})
    game = Game(rules, random.Random(0), dealer=3)
    game.deal_random()
    assert lowest_bid(game) == "bid 2"
    game.apply("bid 2")
    assert lowest_bid(game) == "bid 2"  # the next seat may equal it
