"""The built-in bots read the points as valued items: a hand holding a point card is
worth that card's value more to the heuristic bot's bid estimate."""

from __future__ import annotations

import random

from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.cards import mask_of, parse_card
from pitchkit.load import load_variant

SPADES = 0


def hand(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def estimate(variant: str, cards: str) -> float:
    bot = HeuristicBot(load_variant(variant), 0, random.Random(1))
    return bot.estimate(hand(cards), SPADES)


def test_the_five_of_trumps_raises_the_estimate_by_about_its_value() -> None:
    with_five = estimate("catch-five", "AS 5S 7H 8D 9C 2C")
    with_four = estimate("catch-five", "AS 4S 7H 8D 9C 2C")
    assert with_five - with_four > 1.5  # worth 5 to its capturer: most of it kept


def test_a_five_is_worth_nothing_where_it_is_not_an_item() -> None:
    with_five = estimate("auction-pitch", "AS 5S 7H 8D 9C 2C")
    with_four = estimate("auction-pitch", "AS 4S 7H 8D 9C 2C")
    assert abs(with_five - with_four) < 0.5


def test_the_three_of_trumps_counts_three_in_ten_point_pitch() -> None:
    with_three = estimate("ten-point-pitch", "AS 3S 7H 8D 9C 4C")
    with_four = estimate("ten-point-pitch", "AS 4S 7H 8D 9C 4C")
    assert with_three - with_four > 1.0


def test_the_big_joker_is_not_held_as_a_two_of_trumps() -> None:
    """``drawing.worth``: the two of trumps is dearer where low goes to its holder; the big
    joker (card 52, whose ``% 13`` is a two's) is not one. Two jokers worth no point, of
    one power: held alike."""
    from pitchkit.bots.drawing import worth

    rules = load_variant("auction-pitch", ["deck.jokers=2", "points.low_goes_to=holder",
                                           "trump.joker_order=first_played_higher"])
    two = parse_card("2S")
    three = parse_card("3S")
    assert worth(rules, SPADES, two) - worth(rules, SPADES, three) > 20
    assert worth(rules, SPADES, 52) == worth(rules, SPADES, 53)
