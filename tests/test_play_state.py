"""The play phase owns its record and hand scoring is a pure function of the hand.

``pitchkit.play.PlayState`` is stepped only by the play functions (the engine holds it);
``pitchkit.hand_end.hand_score`` gives a hand's score change from how it went alone.
"""

from __future__ import annotations

import random

import pytest

from pitchkit.engine import Game, Phase
from pitchkit.hand_end import hand_score
from pitchkit.load import load_variant
from pitchkit.play import cards_list

VARIANTS = ("auction-pitch", "call-partner-pitch", "pidro", "smear")


@pytest.mark.parametrize("variant", VARIANTS)
def test_hand_score_from_the_hand_alone_is_the_engines_score_change(variant: str) -> None:
    rules = load_variant(variant)
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        game = Game(rules, random.Random(seed))
        game.deal_random()
        while game.phase is not Phase.DEAL and game.phase is not Phase.OVER:
            facts = (game.dealer, game.pitcher, game.bid, game.moon)
            game._apply_random(rng)
            if game.hand_results and game.phase in (Phase.DEAL, Phase.OVER):
                result = game.hand_results[-1]
                if result.thrown_in:
                    break
                after = game.play_state  # kept until the next deal
                dealer, pitcher, bid, moon = facts
                scored = hand_score(
                    game.plan, trump=game.trump, dealer=dealer, pitcher=pitcher, bid=bid, moon=moon,
                    called=game._call, sale=game._auction.sale, dealt=game.dealt,
                    captured=after.captured, tricks_won=after.tricks_won,
                    last_winner=after.last_winner)
                assert scored[3] == result.score_changes
                assert scored[0] == result.points
                checked += 1
    assert checked


def test_a_copy_of_the_play_record_is_stepped_apart_from_the_original() -> None:
    rules = load_variant("auction-pitch")
    game = Game(rules, random.Random(8))
    rng = random.Random(9)
    game.deal_random()
    while game.phase is not Phase.PLAY:
        game._apply_random(rng)
    game._apply_random(rng)  # a lead
    kept = game.play_state.copy()
    snapshot = kept.snapshot()
    other = game.clone(random.Random(1))
    for _ in range(8):
        other._apply_random(rng)
    assert kept.snapshot() == snapshot == game.play_state.snapshot()
    assert other.play_state.snapshot() != snapshot


def test_cards_list_reads_every_mask_lowest_first() -> None:
    # a loop over the bits for a few cards, the binary digits for many: the same list
    rng = random.Random(4)
    for count in range(55):
        for _ in range(20):
            mask = sum(1 << c for c in rng.sample(range(54), count))
            assert cards_list(mask) == [c for c in range(54) if mask >> c & 1]
    wide = (1 << 200) | (1 << 70) | sum(1 << c for c in range(10, 20))
    assert cards_list(wide) == [*range(10, 20), 70, 200]
