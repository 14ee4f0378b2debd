"""The compiled deal of many worlds (pitchkit.bots.deal_rows) deals each world as
draw_world deals one (pitchkit.bots.worlds.take_allowed, in the same order of cards), on
random deals; its compiled bid check estimates a hand as the heuristic does
(``HeuristicBot._estimate``, value for value), and the draw that sorts, deals and checks
in one call (deal_kept) keeps the worlds that numpy's argsort, deal_rows and the one-by-one
check keep, in the same order, on every shipped variant and random rule sets."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots.deal_rows import (
    BidCheck,
    deal_kept,
    deal_rows,
    estimate_tables,
    hand_estimate,
    kept,
)
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.worlds import _NO_CHECK, agreeing_first, take_allowed
from pitchkit.load import load_variant, shipped_variants
from pitchkit.variant import Rules
from tests.strategies import variants


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[list[int]], list[int], list[int], list[int],
                                     list[int], int]:
    """Free cards, a few orders of them, the seats dealt with their needs and barred
    cards, every seat's cards already known, and the trumps kept (0: all)."""
    free = draw(st.lists(st.integers(0, 53), min_size=1, max_size=30, unique=True))
    orders = draw(st.lists(st.permutations(range(len(free))), min_size=1, max_size=4))
    n = draw(st.integers(2, 6))
    seats = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n - 1, unique=True))
    need = [draw(st.integers(0, len(free) // len(seats))) for _ in seats]
    pool = sum(1 << c for c in free)
    barred = [draw(st.integers(0, (1 << 54) - 1)) & pool if draw(st.booleans()) else 0
              for _ in seats]
    base = [draw(st.integers(0, (1 << 54) - 1)) & ~pool for _ in range(n)]
    keep = draw(st.sampled_from([0, 0x1FFF, 0x1FFF << 13 | 3 << 52]))
    return free, orders, seats, need, barred, base, keep


@settings(max_examples=300, deadline=None)
@given(deal=deals())
def test_each_world_is_dealt_as_draw_world_deals_one(deal: tuple[
        list[int], list[list[int]], list[int], list[int], list[int], list[int], int]) -> None:
    free, orders, seats, need, barred, base, keep = deal
    out, ok = deal_rows(np.array(orders, np.intp).reshape(len(orders), len(free)),
                        np.array([1 << c for c in free], np.uint64),
                        np.array(base, np.uint64), np.array(seats, np.intp),
                        np.array(need, np.intp), np.array(barred, np.uint64), np.uint64(keep))
    for row, order in enumerate(orders):
        rest = [free[i] for i in order]
        world = list(base)
        cornered = False
        for seat, want, banned in zip(seats, need, barred, strict=True):
            taken = take_allowed(rest, want, banned)
            if taken is None:
                cornered = True
                break
            mask, rest = taken
            world[seat] |= mask & keep if keep else mask
        assert bool(ok[row]) is not cornered
        if not cornered:
            assert out[row].tolist() == world


def random_hand(deck: list[int], rng: random.Random, most: int) -> int:
    """A mask of up to ``most`` cards of ``deck``."""
    hand = 0
    for card in rng.sample(deck, rng.randint(0, min(most, len(deck)))):
        hand |= 1 << card
    return hand


def check_estimates(rules: Rules, seed: int, hands: int) -> None:
    """The compiled estimate of random hands (from none to twice a hand's cards: a
    pitcher's unplayed cards and those it played) is the heuristic's, under every trump;
    and the worlds deal_kept keeps of random draws are those numpy's argsort of the keys,
    deal_rows and the one-by-one check keep (agreeing_first), in its order, for random
    bids and pitchers, and with no check the first it deals."""
    bot = HeuristicBot(rules, 0, random.Random(0))
    k = bot.k
    deck = list(rules.deck.cards())
    rng = random.Random(seed)
    for _ in range(hands):
        hand = random_hand(deck, rng, 2 * k.cards_per_hand)
        for trump in range(4):
            assert hand_estimate(np.uint64(hand), *estimate_tables(k, trump)) \
                == bot._estimate(hand, trump), (hand, trump)
    n = rules.players.count
    gen = np.random.default_rng(seed)
    for _ in range(hands // 20):
        # a random draw: the free cards, the seats dealt (their needs, the cards barred to
        # them), every seat's cards already known, the trumps kept (0: all)
        free = rng.sample(deck, rng.randint(1, len(deck)))
        pool = sum(1 << c for c in free)
        seats = rng.sample(range(n), rng.randint(1, n))
        need = [rng.randint(0, len(free) // len(seats)) for _ in seats]
        barred = [random_hand(free, rng, len(free) // 3) if rng.random() < 0.5 else 0
                  for _ in seats]
        base = [random_hand(deck, rng, 6) & ~pool for _ in range(n)]
        keep = rng.choice([0, bot.k.tables[0].trumps])
        keys = gen.random((rng.randint(0, 40), len(free)))
        args = (np.array([1 << c for c in free], np.uint64), np.array(base, np.uint64),
                np.array(seats, np.intp), np.array(need, np.intp),
                np.array(barred, np.uint64), np.uint64(keep))
        out, ok = deal_rows(keys.argsort(axis=1), *args)
        drawn = out[ok].tolist()
        want = rng.randint(1, 12)  # (sample_worlds asks for one world or more)
        check = BidCheck(bot, rng.choice(seats), random_hand(deck, rng, 4) & ~pool,
                         rng.randint(1, max(2, k.items_total)), rng.randrange(4))
        deal: Any = deal_kept  # (its arguments unpacked)
        for check_args, expected in ((check.args(), agreeing_first(drawn, check, want)),
                                     (_NO_CHECK, drawn[:want])):
            # the worlds written into the first rows of the array given, their number back
            # (read at once, then in random parts, a call each: the same)
            for parts in (1, rng.randint(2, 5)):
                out = np.full((want, n), 7, np.uint64)
                bad, state = np.empty((want, n), np.uint64), np.zeros(2, np.intp)
                cuts = sorted(rng.randint(0, len(keys)) for _ in range(parts - 1))
                for start, end in zip([0, *cuts], [*cuts, len(keys)], strict=True):
                    agreed = deal(keys[start:end], *args, out, bad, state, *check_args)
                count = kept(out, bad, state)
                assert out[:count].tolist() == expected
                assert agreed == (count if check_args is _NO_CHECK
                                  else sum(map(check, expected)))


@pytest.mark.parametrize("name", [name for name, _ in shipped_variants()])
def test_the_compiled_bid_check_is_the_heuristics_estimate_on_every_shipped_variant(
        name: str) -> None:
    check_estimates(load_variant(name), 3, 400)


@settings(max_examples=60, deadline=None)
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_the_compiled_bid_check_is_the_heuristics_estimate_on_random_rules(
        rules: Rules, seed: int) -> None:
    check_estimates(rules, seed, 60)
