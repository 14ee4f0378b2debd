"""The close of a hand (pitchkit.closing): clauses that mutants of
``benchmarks/mutate.py`` changed with every test still passing."""

from __future__ import annotations

import random

from pitchkit.engine import Game, Phase
from pitchkit.variant import rules_from_mapping


def test_a_hand_everyone_passed_and_thrown_in_changes_no_score_and_has_no_tricks() -> None:
    # rule: auction.when_all_pass redeal: "the hand is thrown in and the next dealer
    # deals"; nothing is scored
    game = Game(rules_from_mapping({"auction": {"when_all_pass": "redeal"}}),
                random.Random(0), dealer=3)
    game.deal_random()
    for _ in range(4):
        game.apply("pass")
    assert game.phase is Phase.DEAL
    result = game.hand_results[-1]
    # nobody bid: no pitcher, no bid, no moon
    assert result.thrown_in and result.pitcher is None and result.bid is None
    assert result.moon is False
    assert result.score_changes == (0, 0, 0, 0) and result.tricks_won == (0, 0, 0, 0)
    assert game.scores == [0, 0, 0, 0]


def test_a_dealer_set_after_everyone_passed_is_paid_in_a_money_game() -> None:
    # rule: auction.when_all_pass dealer_set: the dealer is set back dealer_forced_bid
    # (2); money.cents_per_point 10 against the average (source A): the dealer's -2 is
    # 1.5 below the average of -0.5, the others 0.5 above it
    rules = rules_from_mapping({"money": {"enabled": True, "cents_per_point": 10},
                                "auction": {"when_all_pass": "dealer_set"}})
    game = Game(rules, random.Random(0), dealer=3)
    game.deal_random()
    for _ in range(4):
        game.apply("pass")
    assert game.scores == [0, 0, 0, -2]
    assert game.ledger is not None
    assert game.ledger.totals() == {0: 5, 1: 5, 2: 5, 3: -15}
