"""The learned estimate's faster copy is the definition.

:meth:`pitchkit.bots.value.Calibration.estimate` reads the features of
:func:`pitchkit.bots.value.buckets` and sums each item's chance times its value in one
loop (the hot path of the default bot's bidding and draw). On random hands and trumps of
every shipped variant with an auction it must give exactly the float of the definition:
per item the term at the hand's feature value, added in the items' order (0 for a suit
the hand holds no trump of). The chances are made distinct per item and feature value,
so a feature read wrong cannot give the same sum.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pitchkit.bots.calibrating import calibration_for
from pitchkit.bots.value import Calibration, buckets
from pitchkit.load import load_variant, shipped_variants
from pitchkit.plan import rules_plan
from pitchkit.variant import Rules

#: every shipped variant with an auction, loaded once (a load reads and checks its YAML:
#: most of an example's time were it loaded in each)
RULES = {name: rules for name, _ in shipped_variants()
         if (rules := load_variant(name)).has_auction}
AUCTIONS = list(RULES)


def definition(model: Calibration, rules: Rules, hand: int, suit: int) -> float:
    if not hand & rules_plan(rules).play.trump_sets[suit][0].trumps:
        return 0.0
    total = 0.0
    for row, item, b in zip(model.chances, model.items,
                            buckets(model.items, rules, hand, suit), strict=True):
        total += row[b] * item.value
    return total


def distinct(model: Calibration) -> Calibration:
    """The model with a chance of its own at every item and feature value."""
    return dataclasses.replace(model, chances=tuple(
        tuple((i * 97 + b * 13 + 1) / 4096 for b in range(len(row)))
        for i, row in enumerate(model.chances)))


@pytest.mark.parametrize("name", AUCTIONS)
@given(data=st.data())
def test_the_estimate_is_the_sum_of_the_items_terms(name: str, data: st.DataObject) -> None:
    rules = RULES[name]
    model = dataclasses.replace(calibration_for(rules))  # a copy: nothing kept yet
    deck = [c for c in range(54) if rules_plan(rules).deal.deck_mask >> c & 1]
    cards = data.draw(st.lists(st.sampled_from(deck), max_size=14, unique=True))
    hand = sum(1 << c for c in cards)
    suit = data.draw(st.integers(0, 3))
    for m in (model, distinct(model)):
        assert m.estimate(rules, hand, suit) == definition(m, rules, hand, suit)


def _drawn(name: str, data: st.DataObject
           ) -> tuple[Rules, Calibration, list[int], list[int], int, int]:
    """The rules of ``name``, its model with distinct chances, the deck, a hand drawn
    from it (two to fourteen cards: as a list and as a mask) and a suit."""
    rules = RULES[name]
    model = distinct(calibration_for(rules))
    deck = [c for c in range(54) if rules_plan(rules).deal.deck_mask >> c & 1]
    cards = data.draw(st.lists(st.sampled_from(deck), min_size=2, max_size=14, unique=True))
    suit = data.draw(st.integers(0, 3))
    return rules, model, deck, cards, sum(1 << c for c in cards), suit


@pytest.mark.parametrize("name", AUCTIONS)
@given(data=st.data())
def test_an_estimate_kept_is_the_definition_of_every_hand_alike(name: str,
                                                                data: st.DataObject) -> None:
    # the estimates kept by the cards the features read (the draw's hand less each card)
    rules, model, _deck, cards, hand, suit = _drawn(name, data)
    for _ in range(2):  # worked out, then kept
        assert model.estimate(rules, hand, suit) == definition(model, rules, hand, suit)
        for c in cards:
            less = hand & ~(1 << c)
            assert model.estimate(rules, less, suit) == definition(model, rules, less, suit)


@pytest.mark.parametrize("name", AUCTIONS)
@given(data=st.data())
def test_a_card_the_estimate_does_not_read_changes_nothing(name: str,
                                                          data: st.DataObject) -> None:
    # the draw values only the cards of cards_read (a card outside loses nothing): by the
    # definition, a hand and that hand less or plus a card outside are estimated alike
    rules, model, deck, _cards, hand, suit = _drawn(name, data)
    read = model.cards_read(rules, suit)
    whole = definition(model, rules, hand, suit)
    for c in deck:
        if not read >> c & 1:
            assert definition(model, rules, hand ^ (1 << c), suit) == whole
    # and it reads something of every suit: the trumps at least
    assert read & rules_plan(rules).play.trump_sets[suit][0].trumps
