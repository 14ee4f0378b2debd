"""deal.weak_hand_misdeal: a weak hand thrown in is a misdeal, and the same dealer deals
again.

Rule (Minnesota Smear, "Rules for the Card Game Smear", ourpastimes.com): "When a player
has only non-scoring cards in his hand, a misdeal may be called. The current dealer
shuffles and redeals the cards." Which hands are weak is deal.weak_hand_below's; this
setting says what a throw-in does: the deal is void (a hand thrown in, nobody scores),
instead of its holder alone being dealt a new hand from the undealt cards.
"""

from __future__ import annotations

import random

import pytest
from play_helpers import act, cards, names
from test_weak_hand import NEW, STRONG, WEAK, dealt, two_players

from pitchkit.cards import RANKS, mask_of
from pitchkit.engine import Game, Phase
from pitchkit.explain import explain_rules
from pitchkit.load import load_variant, validate_file
from pitchkit.record import game_to_record, replay_record


@pytest.mark.setting("deal.weak_hand_misdeal", needs=("deal.weak_hand_below=J",))
def test_a_weak_hand_thrown_in_is_a_misdeal_and_the_same_dealer_deals_again() -> None:
    game = Game(two_players(weak_hand_misdeal=True), random.Random(0), dealer=1)
    dealt(game)
    assert game.phase is Phase.THROW_IN and game.to_act == 0
    assert names(game.legal_actions()) == ["throw in", "keep hand"]
    act(game, "throw in")
    assert game.phase is Phase.DEAL and game.dealer == 1  # the same dealer deals again
    result = game.hand_results[-1]
    assert result.thrown_in and result.pitcher is None and result.dealer == 1
    assert not result.moon and result.bid is None and result.made is None and not result.points
    assert result.score_changes == (0, 0) and list(game.scores) == [0, 0]
    assert game.hands_played == 0
    game.deal_random()  # a new shuffle and deal
    assert game.phase in (Phase.THROW_IN, Phase.AUCTION)
    # without the setting, the same throw-in deals the weak seat a new hand and bids on
    plain = Game(two_players(), random.Random(0), dealer=1)
    dealt(plain)
    act(plain, "throw in")
    assert plain.phase is Phase.AUCTION and plain.hands[0] == mask_of(cards(NEW))
    assert plain.hand_results == []


def test_a_kept_weak_hand_is_played() -> None:
    game = Game(two_players(weak_hand_misdeal=True), random.Random(0), dealer=1)
    dealt(game)
    act(game, "keep hand")
    assert game.phase is Phase.AUCTION and game.to_act == 0
    assert game.hands == [mask_of(cards(WEAK)), mask_of(cards(STRONG))]


def test_a_misdeal_needs_no_undealt_cards() -> None:
    """Every card dealt (two players of 26): no new hand could be given, yet a misdeal
    may be called."""
    rules = two_players(weak_hand_misdeal=True, weak_hand_below="A", cards_per_hand="all")
    game = Game(rules, random.Random(0), dealer=1)
    weak = [c for c in range(52) if c % 13 != RANKS.index("A")][:26]  # no ace
    game.deal_cards([weak, [c for c in range(52) if c not in weak]])
    assert game.phase is Phase.THROW_IN and game.to_act == 0
    act(game, "throw in")
    assert game.phase is Phase.DEAL and game.dealer == 1


def test_a_recorded_misdeal_replays() -> None:
    rules = two_players(weak_hand_misdeal=True)
    game = Game(rules, random.Random(0), dealer=1)
    dealt(game)
    act(game, "throw in")
    game.deal_random()
    rng = random.Random(2)
    while game.phase is not Phase.DEAL and game.phase is not Phase.OVER:
        game.apply(rng.choice(game.legal_actions()))
    record = game_to_record(game, check_rules=False)
    replayed = replay_record(record, rules=rules)
    assert replayed.hands == tuple(game.hand_results)
    assert replayed.hands[0].thrown_in and len(replayed.hands) == 2


def test_validate_refuses_a_misdeal_without_weak_hands(tmp_path: pytest.TempPathFactory
                                                       ) -> None:
    path = tmp_path / "misdeal.yaml"  # type: ignore[operator]
    path.write_text("name: misdeal\ndeal:\n  weak_hand_misdeal: true\n")
    problems = validate_file(path)
    assert [(p.line, p.column, p.path) for p in problems] == [(3, 3, "deal.weak_hand_misdeal")]
    assert "has no effect without deal.weak_hand_below" in problems[0].message
    # the undealt cards a new hand needs are not needed for a misdeal
    assert load_variant("auction-pitch", ["deal.weak_hand_below=J", "deal.cards_per_hand=all",
                                          "deal.weak_hand_misdeal=true"])


def test_explain_states_the_misdeal() -> None:
    sheet = explain_rules(load_variant("minnesota-smear", ["deal.weak_hand_below=T",
                                                           "deal.weak_hand_misdeal=true"]))
    assert ("A player dealt no card as high as a ten (a joker counts as high) may call a "
            "misdeal before the bidding (`throw in`): nobody scores and the same dealer "
            "shuffles and deals again") in sheet
