"""One test per trump-order setting, each in a played hand (trump.off_jack, off_five,
joker_rank, joker_order, pitched_joker; play.never_lead_joker).

Seat 0 is left of dealer 3 and leads the first trick (no auction). In the one-card hands
spades are trump (a turned card); elsewhere the first card led sets trump.
"""

from __future__ import annotations

import pytest
from test_rules_play import cards, no_auction, play, start

from pitchkit.errors import IllegalActionError
from pitchkit.explain import explain_rules, trump_order_words
from pitchkit.variant import Rules

S = 0
#: The four default items and the jick (the off-jack's point, which makes it a trump).
WITH_JICK = {"items": [{"point": w} for w in ("high", "low", "jack", "jick", "game")]}


def winner(r: Rules, *hands: str, plays: str) -> int:
    """The seat that wins the one-card-each hand ``hands`` played as ``plays``."""
    g = start(r, *hands, turned="7S")
    play(g, *(f"play {c}" for c in plays.split()))
    return g.hand_results[-1].tricks_won.index(1)


def one(**sections: dict[str, object]) -> Rules:
    """One card each; spades are trump (the 7S turned and set aside)."""
    trump = {"chosen_by": "turned_card", "shown_card": "out_of_play",
             **sections.pop("trump", {})}
    return no_auction(deal={"cards_per_hand": 1}, trump=trump, **sections)


def test_off_jack_true_is_a_trump_without_the_jick_point() -> None:
    r = one(trump={"off_jack": True})
    assert winner(r, "2S", "JC", "AC", "3S", plays="2S JC AC 3S") == 1


def test_off_jack_false_is_not_a_trump_even_with_the_jick_point() -> None:
    r = one(trump={"off_jack": False}, points=WITH_JICK)
    assert winner(r, "2S", "JC", "AC", "3S", plays="2S JC AC 3S") == 3


def test_explain_says_an_off_jack_that_is_no_trump_stays_in_its_suit() -> None:
    text = explain_rules(one(trump={"off_jack": False}, points=WITH_JICK))
    assert "captures the off-jack, the jack of the other suit of trump's colour; it is " \
        "not a trump and stays in its own suit" in text
    assert "off-jack" not in text.split("## Trump")[1].split("##")[0]  # not in the order
    assert "it is not a trump" not in explain_rules(one(points=WITH_JICK))


def test_off_jack_null_follows_the_jick_point() -> None:
    assert winner(one(points=WITH_JICK), "2S", "JC", "AC", "3S",
                  plays="2S JC AC 3S") == 1


def test_off_five_is_a_trump_just_below_the_five() -> None:
    r = one(trump={"off_five": True})
    assert winner(r, "4S", "5C", "AC", "3S", plays="4S 5C AC 3S") == 1  # above the four
    assert winner(r, "5S", "5C", "AC", "3S", plays="5S 5C AC 3S") == 0  # below the five


def test_off_five_must_follow_trump() -> None:
    r = no_auction(deal={"cards_per_hand": 2}, trump={"off_five": True},
                   play={"following": "must_follow"})
    g = start(r, "2S 3D", "5C AC", "9H 5D", "KH 6D")
    play(g, "play 2S")
    assert g.legal_actions() == cards("5C")  # the off-five is a spade now


JOKER = {"jokers": 1}


@pytest.mark.parametrize(("rank", "beats", "loses_to"), [
    ("below_off_jack", "TS", "JC"),
    ("below_jack", "JC", "JS"),
    ("highest", "AS", None),
    ("lowest", None, "2S"),
])
def test_joker_rank(rank: str, beats: str | None, loses_to: str | None) -> None:
    r = one(deck=JOKER, points=WITH_JICK, trump={"joker_rank": rank})
    if beats is not None:
        # trump set by the card led; the joker played second
        assert winner(r, beats, "BJ", "9D", "8D", plays=f"{beats} BJ 9D 8D") == 1
    if loses_to is not None:
        assert winner(r, loses_to, "BJ", "9D", "8D", plays=f"{loses_to} BJ 9D 8D") == 0


def test_big_joker_beats_little_joker_whichever_comes_first() -> None:
    r = one(deck={"jokers": 2})
    assert winner(r, "2S", "LJ", "BJ", "8D", plays="2S LJ BJ 8D") == 2


def test_identical_jokers_first_played_beats_the_second() -> None:
    r = one(deck={"jokers": 2}, trump={"joker_order": "first_played_higher"})
    assert winner(r, "2S", "LJ", "BJ", "8D", plays="2S LJ BJ 8D") == 1
    assert winner(r, "2S", "BJ", "LJ", "8D", plays="2S BJ LJ 8D") == 1


def test_pitched_joker_makes_spades_trump() -> None:
    r = no_auction(deal={"cards_per_hand": 2}, deck=JOKER,
                   trump={"pitched_joker": "makes_spades"})
    g = start(r, "BJ 2D", "3S 4D", "9S 5D", "KH 6D")
    play(g, "play BJ")
    assert g.trump == S
    play(g, "play 3S", "play 9S", "play KH")
    assert g.tricks_won == [1, 0, 0, 0]


def test_joker_lead_blind_when_not_allowed_then_first_plain_card_sets_trump() -> None:
    r = no_auction(deal={"cards_per_hand": 1}, deck=JOKER)
    g = start(r, "BJ", "3H", "9S", "KH")
    play(g, "play BJ", "play 3H")
    assert g.trump == 1


def test_never_lead_joker_when_able_to_lead_another_card() -> None:
    r = no_auction(deal={"cards_per_hand": 3}, deck=JOKER, play={"never_lead_joker": True})
    g = start(r, "2S 3S 4D", "BJ AS 4H", "9S 5D 6C", "KH 6D 8D")
    play(g, "play 2S", "play AS", "play 9S", "play KH")
    assert g.to_act == 1
    with pytest.raises(IllegalActionError, match="may not lead a joker while able"):
        g.apply("play BJ")
    assert g.legal_actions() == cards("4H")


def test_explain_trump_order_is_the_engines() -> None:
    """The sheet puts the off-jack and the jokers where the engine ranks them."""
    r = one(deck={"jokers": 2}, points=WITH_JICK)
    assert trump_order_words(r).startswith(
        "ace, king, queen, jack, off-jack, big joker, little joker, ten")
    low = one(deck=JOKER, trump={"joker_rank": "lowest", "off_five": True})
    assert trump_order_words(low).endswith("five, off-five, four, three, two, joker")
    assert "Trumps rank, highest first" in explain_rules(low)


def test_identical_jokers_in_tricks_trick_winner_the_first_played_wins() -> None:
    # tricks.trick_winner, the definition the bots and the search read, on the same trick
    # as the played hand above: under joker_order first_played_higher the second joker
    # does not beat the first (a later card wins only when strictly higher)
    from pitchkit.cards import parse_card
    from pitchkit.tricks import tables_for, trick_winner, trick_winner_suit_led

    for order, first_wins in (("first_played_higher", True), ("big_above_little", False)):
        r = one(deck={"jokers": 2}, trump={"joker_order": order})
        tables = tables_for(r, S)
        for plays in ("2S LJ BJ 8D", "2S BJ LJ 8D"):
            cards = tuple(parse_card(c) for c in plays.split())
            won = trick_winner(cards, tables, trick_winner_suit_led(r))
            assert won == (1 if first_wins else plays.split().index("BJ")), (order, plays)
