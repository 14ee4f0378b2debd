"""The calibrated bot's hand estimate (:meth:`pitchkit.bots.value.Calibration.estimate`),
compiled (numba), several at a call.

The default bot reads the learned estimate of a hand for each trump suit when it bids
(:meth:`pitchkit.bots.calibrated.CalibratedBot.suit_values`: four a bid) and, in the
draw, of the hand less each card it may let go
(:meth:`~pitchkit.bots.calibrated.CalibratedBot.draw_cards`): some 20 to 60 estimates a
hand, each a loop over the items in Python. Here :func:`suit_estimates` and
:func:`losses` work them out in one call each, on the same plan
(:meth:`~pitchkit.bots.value.Calibration.estimate_plan`): the same features, the same
floats added in the same order, so the same estimates to the last bit (held so by
``tests/test_estimates.py`` on random hands of every shipped variant).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.kernels import leading_zeros, njit, trailing_zeros
from pitchkit.bots.value import Calibration
from pitchkit.variant import Rules

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

#: The kinds of item (pitchkit.bots.value's codes)
_HIGH, _LOW, _CARD, _GAME, _LAST_TRICK, _NO_CARD = range(6)
#: per suit, the entries of the int table
S_TRUMPS, S_SUIT_CARDS, S_TOP, S_HAS_GAME, S_CALLS = range(5)


@njit(cache=True)
def _count(x: Any) -> Any:
    """The set bits of a non-negative int64."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@njit(cache=True)
def _top(x: Any) -> Any:
    """The index of the highest set bit of a positive int64."""
    return 63 - leading_zeros(x)  # type: ignore[call-arg]


@njit(cache=True)
def _low(x: Any) -> Any:
    """The index of the lowest set bit of a positive int64."""
    return trailing_zeros(x)  # type: ignore[call-arg]


@njit(cache=True)
def estimate(hand: Any, suit: int, si: Any, higher: Any, lower: Any, calls: Any,
             kinds: Any, cards: Any, card_higher: Any, terms: Any, game: Any) -> float:
    """``Calibration.estimate`` of ``hand`` with ``suit`` trump, on the plan's arrays
    (:func:`plan_arrays`)."""
    trumps = hand & si[suit, S_TRUMPS]
    if not trumps:
        return 0.0
    called = -1
    for i in range(si[suit, S_CALLS]):
        card = calls[suit, i]
        if not (hand >> card) & 1:
            called = card
            break
    level = 0
    if si[suit, S_HAS_GAME]:
        g = (game[hand & 0x1FFF] + game[(hand >> 13) & 0x1FFF]
             + game[(hand >> 26) & 0x1FFF] + game[(hand >> 39) & 0x1FFF])
        level = 0 if g == 0 else 1 if g < 5 else 2 if g < 10 else 3 if g < 15 else 4
    n_trumps = _count(trumps)
    if n_trumps > 4:
        n_trumps = 4
    suit_cards = si[suit, S_SUIT_CARDS]
    natural = hand & suit_cards
    if natural:
        out = ~hand & suit_cards
        above = _count(higher[suit, _top(natural)] & out)
        if above > 3:
            above = 3
        below = _count(lower[suit, _low(natural)] & out)
        if below > 3:
            below = 3
    else:
        above = below = 4
    total = 0.0
    top_trump = si[suit, S_TOP]
    for i in range(kinds.shape[1]):
        kind = kinds[suit, i]
        if kind == _CARD:
            card = cards[suit, i]
            if card == called:
                total += terms[i, 25 + n_trumps]
            elif not (hand >> card) & 1:
                total += terms[i, n_trumps]
            else:
                higher_out = _count(card_higher[suit, i] & ~hand)
                total += terms[i, (1 + (higher_out if higher_out < 3 else 3)) * 5 + n_trumps]
        elif kind == _HIGH:
            total += terms[i, above * 5 + n_trumps]
        elif kind == _LOW:
            total += terms[i, below * 5 + n_trumps]
        elif kind == _NO_CARD:
            total += terms[i, n_trumps]
        elif kind == _GAME:
            boss = 1 if top_trump >= 0 and (hand >> top_trump) & 1 else 0
            total += terms[i, (level * 5 + n_trumps) * 2 + boss]
        else:  # last trick
            total += terms[i, n_trumps * 3 + (above if above < 2 else 2)]
    return total


@njit(cache=True)
def suit_estimates_of(hand: Any, si: Any, higher: Any, lower: Any, calls: Any, kinds: Any,
                      cards: Any, card_higher: Any, terms: Any, game: Any, out: Any) -> None:
    """:func:`estimate` of ``hand`` with each suit trump, into ``out``."""
    for suit in range(4):
        out[suit] = estimate(hand, suit, si, higher, lower, calls, kinds, cards,
                             card_higher, terms, game)


@njit(cache=True)
def suit_estimates_rows(hands: Any, si: Any, higher: Any, lower: Any, calls: Any, kinds: Any,
                        cards: Any, card_higher: Any, terms: Any, game: Any, out: Any) -> None:
    """:func:`suit_estimates_of` of each of ``hands``, into ``out`` (a row a hand)."""
    for row in range(len(hands)):
        for suit in range(4):
            out[row, suit] = estimate(hands[row], suit, si, higher, lower, calls, kinds,
                                      cards, card_higher, terms, game)


@njit(cache=True)
def losses_of(hand: Any, suit: int, asked: Any, read: Any, si: Any, higher: Any,
              lower: Any, calls: Any, kinds: Any, cards: Any, card_higher: Any, terms: Any,
              game: Any, out: Any) -> None:
    """Per card of ``asked``: what the estimate of ``hand`` with ``suit`` trump loses
    without it (``whole - estimate(hand less the card)``; 0.0 for a card the estimate
    does not read, not in ``read``), into ``out`` (by card)."""
    whole = estimate(hand, suit, si, higher, lower, calls, kinds, cards, card_higher,
                     terms, game)
    while asked:
        bit = asked & -asked
        asked ^= bit
        c = _low(bit)
        if read & bit:
            out[c] = whole - estimate(hand & ~bit, suit, si, higher, lower, calls, kinds,
                                      cards, card_higher, terms, game)
        else:
            out[c] = 0.0


class Plan:
    """A calibration's estimate plan for one rule set, as arrays (:func:`plan_for`)."""

    def __init__(self, model: Calibration, rules: Rules) -> None:
        per_suit, game_table = model.estimate_plan(rules)
        n_items = len(per_suit[0][6])
        width = max((len(row) for *_, items, _, _ in per_suit for _, row, _, _ in items),
                    default=1)
        calls = max(len(s[5]) for s in per_suit)
        si = np.zeros((4, 5), np.int64)
        higher = np.zeros((4, 54), np.int64)
        lower = np.zeros((4, 54), np.int64)
        call_cards = np.zeros((4, max(calls, 1)), np.int64)
        kinds = np.zeros((4, n_items), np.int64)
        cards = np.zeros((4, n_items), np.int64)
        card_higher = np.zeros((4, n_items), np.int64)
        terms = np.zeros((n_items, width), np.float64)
        for suit, (trumps, suit_cards, up, down, top, call_order, items, _, has_game) \
                in enumerate(per_suit):
            si[suit] = (trumps, suit_cards, top, has_game, len(call_order))
            higher[suit, :len(up)] = up
            lower[suit, :len(down)] = down
            call_cards[suit, :len(call_order)] = call_order
            for i, (kind, row, card, above) in enumerate(items):
                kinds[suit, i], cards[suit, i], card_higher[suit, i] = kind, card, above
                terms[i, :len(row)] = row  # the same terms under every trump
        self.model = model
        self.rules = rules
        self.arrays = (si, higher, lower, call_cards, kinds, cards, card_higher, terms,
                       np.array(list(game_table), np.int64))
        self._four = np.zeros(4, np.float64)
        self._by_card = np.zeros(54, np.float64)
        # the kernels loaded (numba's cache, else compiled) now, not at the first draw
        self.suit_estimates(0)
        self.suit_estimates_rows(np.zeros(1, np.int64))
        self.losses(0, 0, 0, 0)

    def suit_estimates(self, hand: int) -> list[float]:
        """``[model.estimate(rules, hand, suit) for suit in range(4)]``."""
        suit_estimates_of(hand, *self.arrays, self._four)
        return self._four.tolist()

    def suit_estimates_rows(self, hands: npt.NDArray[Any]) -> F64:
        """:meth:`suit_estimates` of each of ``hands`` (masks, an array), a row a hand."""
        out = np.empty((len(hands), 4), np.float64)
        suit_estimates_rows(hands.astype(np.int64), *self.arrays, out)
        return out

    def losses(self, hand: int, suit: int, asked: int, read: int) -> Sequence[float]:
        """Per card (by card: only those of ``asked`` are read): what the estimate of
        ``hand`` with ``suit`` trump loses without it, 0.0 for a card outside ``read``."""
        losses_of(hand, suit, asked, read, *self.arrays, self._by_card)
        return self._by_card.tolist()


class ByModel:
    """:class:`Plan`'s answers from the model's own ``estimate``, one at a time (a model
    that estimates otherwise: a test's)."""

    def __init__(self, model: Calibration, rules: Rules) -> None:
        self.model = model
        self.rules = rules

    def suit_estimates(self, hand: int) -> list[float]:
        return [self.model.estimate(self.rules, hand, suit) for suit in range(4)]

    def suit_estimates_rows(self, hands: npt.NDArray[Any]) -> F64:
        return np.array([self.suit_estimates(hand) for hand in hands.tolist()], np.float64
                        ).reshape(len(hands), 4)

    def losses(self, hand: int, suit: int, asked: int, read: int) -> Sequence[float]:
        model, rules = self.model, self.rules
        whole = model.estimate(rules, hand, suit)
        out = [0.0] * 54
        for c in range(54):
            if (asked & read) >> c & 1:
                out[c] = whole - model.estimate(rules, hand & ~(1 << c), suit)
        return out


#: Per calibration (found by identity, kept with it): its :class:`Plan`
_PLANS: dict[int, Plan] = {}


def plan_for(model: Calibration, rules: Rules) -> Plan | ByModel:
    """The :class:`Plan` of ``model`` under ``rules`` (made once per model and rule set);
    a :class:`ByModel` for a model that is not a :class:`Calibration` as it stands."""
    if type(model).estimate is not Calibration.estimate:
        return ByModel(model, rules)
    found = _PLANS.get(id(model))
    if found is not None and found.model is model and found.rules is rules:
        return found
    if len(_PLANS) > 64:
        _PLANS.clear()
    plan = _PLANS[id(model)] = Plan(model, rules)
    return plan
