"""The rules sheet's words for the kitty, the draw and the sale, as a player would say
them (issue 11), on the shipped variants that use them."""

from __future__ import annotations

from pitchkit.explain import explain_rules
from pitchkit.load import load_variant


def sheet(name: str, *sets: str) -> str:
    return explain_rules(load_variant(name, list(sets)))


def test_the_kitty_is_not_counted_among_the_undealt_cards() -> None:
    text = sheet("minnesota-smear")  # 54 cards, 4 x 9 dealt, 4 to the kitty
    assert "three cards at a time; 14 cards stay undealt." in text
    assert "Another 4 cards are dealt face down to a kitty (the widow); the pitcher" in text
    text = sheet("nine-card-pitch")  # the 18 cards left are the widow: none undealt
    assert "Deal nine cards to each player, three cards at a time.\n" in text
    assert "stay undealt" not in text


def test_only_the_kitty_taker_discards_when_the_others_hold_their_hand_size() -> None:
    text = sheet("call-partner-pitch")
    assert ("the pitcher, holding 14 cards with the kitty, discards 4 cards face down, back "
            "to 10; nobody else discards and nobody draws.") in text
    assert "each player in turn" not in text.split("## The draw")[1].split("##")[0]


def test_everyone_discards_down_with_the_taker_counted_with_the_kitty() -> None:
    assert ("discards down to 6 cards, face down (the pitcher, with the kitty, from 13); "
            "nobody draws.") in sheet("minnesota-smear")


def test_a_robbing_dealer_is_left_out_of_the_discards_and_robs_last() -> None:
    draw = sheet("cinch").split("## The draw")[1].split("##")[0]
    assert ("each player but the dealer in turn, from the dealer's left, discards every card "
            "that is not a trump (no trump may be discarded)") in draw
    assert "ending with the dealer" not in draw
    assert "Last, the dealer robs the pack instead of discarding" in draw
    assert "A player holding more than 6 trumps discards trumps down to 6" in draw


def test_a_robbing_pitcher_discards_what_it_does_not_keep_in_one_sentence() -> None:
    draw = sheet("ten-point-pitch-draw").split("## The draw")[1].split("##")[0]
    assert "each player but the pitcher in turn" in draw
    assert "keeps the 6 they want, discarding the rest." in draw


def test_a_sold_pitch_is_not_said_to_go_to_the_winner_of_the_bidding() -> None:
    assert "wins the bidding is the pitcher" not in sheet("commercial-pitch")
    assert "wins the bidding is the pitcher" in sheet("auction-pitch")
