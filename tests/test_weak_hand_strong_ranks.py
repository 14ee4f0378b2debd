"""deal.weak_hand_strong_ranks: ranks below deal.weak_hand_below whose cards also keep a
hand from being weak.

Rule (Minnesota Smear, "Rules for the Card Game Smear", ourpastimes.com): "When a player
has only non-scoring cards in his hand, a misdeal may be called. ... Non-scoring cards are
threes through nines of any suit including the trump." With weak_hand_below T a two
would count as weak; weak_hand_strong_ranks [2] keeps a hand holding a two, as the source
says.
"""

from __future__ import annotations

import random

import pytest
from play_helpers import cards
from test_weak_hand import rest_of_deck, two_players

from pitchkit.checks import check_rules
from pitchkit.engine import Game, Phase
from pitchkit.explain import explain_rules
from pitchkit.load import load_variant

THREES_TO_NINES = "3H 4H 5C 6C 7D 9S"  # no scoring card: weak
WITH_A_TWO = "2H 4H 5C 6C 7D 9S"  # a two, low's card: weak only without the setting
STRONG = "AH KH 9C TC TD TS"


def _deal(game: Game, seat_0: str) -> None:
    game.deal_cards([cards(seat_0), cards(STRONG)], pack=rest_of_deck(seat_0, STRONG))


@pytest.mark.setting("deal.weak_hand_strong_ranks", needs=("deal.weak_hand_below=T",))
def test_a_two_keeps_the_hand_from_being_weak() -> None:
    source = two_players(weak_hand_below="T", weak_hand_strong_ranks=[2])
    game = Game(source, random.Random(0), dealer=1)
    _deal(game, WITH_A_TWO)
    assert game.phase is Phase.AUCTION  # nobody may throw in: the two keeps the hand
    without = Game(two_players(weak_hand_below="T"), random.Random(0), dealer=1)
    _deal(without, WITH_A_TWO)
    assert without.phase is Phase.THROW_IN and without.to_act == 0


def test_threes_to_nines_are_still_weak() -> None:
    game = Game(two_players(weak_hand_below="T", weak_hand_strong_ranks=[2]),
                random.Random(0), dealer=1)
    _deal(game, THREES_TO_NINES)
    assert game.phase is Phase.THROW_IN and game.to_act == 0


def test_minnesota_smears_misdeal_as_the_source_counts_it() -> None:
    rules = load_variant("minnesota-smear", (
        "deal.weak_hand_below=T", "deal.weak_hand_misdeal=true",
        "deal.weak_hand_strong_ranks=[2]"))
    text = explain_rules(rules)
    assert "no card as high as a ten (a joker or a two counts as high) may call a misdeal" \
        in " ".join(text.split())


def test_it_has_no_effect_without_weak_hand_below() -> None:
    rules = two_players(weak_hand_below=None, weak_hand_strong_ranks=["2"])
    found = [f for f in check_rules(rules) if not f.note]
    assert [f.paths[0] for f in found] == ["deal.weak_hand_strong_ranks"]


def test_a_rank_not_below_weak_hand_below_is_refused() -> None:
    rules = two_players(weak_hand_below="T", weak_hand_strong_ranks=["K"])
    found = [f for f in check_rules(rules) if not f.note]
    assert [f.message for f in found] == ["K is not below T: its cards keep a hand already"]
