"""The compiled estimates (pitchkit.bots.estimates) are the calibration's own.

On random hands of every shipped variant with an auction, each suit's compiled estimate
is exactly the float of :meth:`pitchkit.bots.value.Calibration.estimate`, and each
card's loss is ``whole - estimate(hand less the card)`` (0.0 for a card the estimate does
not read); with the learned chances and with a chance of its own at every item and
feature value (a feature read wrong cannot then give the same sum).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots.calibrating import calibration_for
from pitchkit.bots.estimates import ByModel, Plan
from pitchkit.plan import rules_plan
from tests.test_value_estimate import AUCTIONS, RULES, distinct


@pytest.mark.parametrize("name", AUCTIONS)
@settings(max_examples=60)
@given(data=st.data())
def test_the_compiled_estimates_are_the_calibrations(name: str, data: st.DataObject) -> None:
    rules = RULES[name]
    deck = [c for c in range(54) if rules_plan(rules).deal.deck_mask >> c & 1]
    cards = data.draw(st.lists(st.sampled_from(deck), max_size=14, unique=True))
    hand = sum(1 << c for c in cards)
    for model in (dataclasses.replace(calibration_for(rules)),
                  distinct(calibration_for(rules))):
        plan = Plan(model, rules)
        assert plan.suit_estimates(hand) == [model.estimate(rules, hand, s) for s in range(4)]
        suit = data.draw(st.integers(0, 3))
        read = model.cards_read(rules, suit)
        lost = plan.losses(hand, suit, hand, read)
        whole = model.estimate(rules, hand, suit)
        for c in cards:
            assert lost[c] == (whole - model.estimate(rules, hand & ~(1 << c), suit)
                               if read >> c & 1 else 0.0), c
        by_model = ByModel(model, rules)  # a model of its own estimate's answers
        assert by_model.suit_estimates(hand) == plan.suit_estimates(hand)
        assert [by_model.losses(hand, suit, hand, read)[c] for c in cards] \
            == [lost[c] for c in cards]


@pytest.mark.parametrize("name", AUCTIONS)
@settings(max_examples=20)
@given(data=st.data())
def test_the_estimates_of_many_hands_are_each_hands(name: str, data: st.DataObject) -> None:
    """Plan.suit_estimates_rows (and ByModel's) of several hands at once: a row a hand,
    each its suit_estimates to the last bit."""
    rules = RULES[name]
    deck = [c for c in range(54) if rules_plan(rules).deal.deck_mask >> c & 1]
    hands = data.draw(st.lists(st.lists(st.sampled_from(deck), max_size=14, unique=True)
                               .map(lambda cs: sum(1 << c for c in cs)), max_size=6))
    model = distinct(calibration_for(rules))
    masks = np.array(hands, np.uint64)
    for plan in (Plan(model, rules), ByModel(model, rules)):
        rows = plan.suit_estimates_rows(masks)
        assert rows.shape == (len(hands), 4)
        assert rows.tolist() == [plan.suit_estimates(h) for h in hands]
