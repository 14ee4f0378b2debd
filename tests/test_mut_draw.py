"""The draw's record as the observation reads it (pitchkit.draw), clause by clause: the
clauses mutate.py showed no fast test pinned."""

from __future__ import annotations

import random

from pitchkit import draw
from pitchkit.actions import DISCARD_FLAG, GIVE_FLAG, KEEP_FLAG, PACK_TO_PARTNER, ROB
from pitchkit.variant import Discard


def test_the_cards_in_no_hand_are_the_pack_the_kitty_and_the_discards() -> None:
    state = draw.DrawState(pack=(3, 1), kitty=1 << 7)
    assert draw.set_aside(state, 1 << 9) == {"pack": 0b1010, "kitty": 1 << 7,
                                             "discarded": 1 << 9}


def test_without_a_draw_no_card_is_in_the_pack_or_the_kitty() -> None:
    assert draw.set_aside(None, 1 << 9) == {"pack": 0, "kitty": 0, "discarded": 1 << 9}


def test_before_the_draw_begins_a_seat_has_drawn_nothing() -> None:
    assert draw.view(draw.DrawState(pack=(3, 1)), None, 2) == (None, 0, ())


def plan(**fields: object) -> draw.DrawPlan:
    """A non-trumps draw back to six with no kitty, and ``fields``."""
    base: dict[str, object] = {
        "discard": Discard.NON_TRUMPS, "count": 0, "hand_size": 6, "dealer_robs": False,
        "show_and_keep": False, "kitty": 0, "kitty_to_dealer": False}
    return draw.DrawPlan(**{**base, **fields})  # type: ignore[arg-type]


SPADES = (1 << 13) - 1  # spades are trump below
HEARTS_9 = sum(1 << (13 + r) for r in range(9))  # nine hearts, no trump


def test_a_hand_without_trumps_must_discard_every_card() -> None:
    state = draw.DrawState(pack=tuple(range(26, 52)), order=(1,))
    ch = draw.choice(plan(), state, HEARTS_9, SPADES, 1, 3)
    assert ch == draw.Choice("discard", HEARTS_9, HEARTS_9, 9, 9)


def test_the_last_robber_discards_the_pack_cards_it_does_not_keep() -> None:
    """draw.pitcher_robs: the pitcher, robbing last, keeps six of its hand and the pack;
    the pack's other cards go out of play with its own, and no pack is left."""
    hand = sum(1 << c for c in (0, 1, 2, 3))  # four spades (2S..5S)
    state = draw.DrawState(pack=(4, 5, 30), order=(0,), drawn=(0,) * 4, gone=(0,) * 4,
                           robbing=1)
    keep = sum(1 << c for c in (0, 1, 2, 3, 4, 5))
    new, hands, out = draw.step(plan(pitcher_robs=True), state, (hand, 0, 0, 0), SPADES, 3,
                                KEEP_FLAG | keep)
    assert hands[0] == keep and out == 1 << 30
    assert new.pack == () and new.gone[0] == 1 << 30 and new.done


def test_a_seat_with_no_card_to_choose_has_one_action_discarding_nothing() -> None:
    assert draw.legal_actions(draw.Choice("discard", 0, 0, 0, 0)) == [DISCARD_FLAG]


def test_the_robbers_question_offers_no_cards() -> None:
    """draw.pack_to_partner: the robber first answers rob or pack to partner; its choice
    names no card and no count (its answer is one of the two actions)."""
    state = draw.DrawState(pack=(40, 41), order=(0, 2), robbing=2, asking=True)
    ch = draw.choice(plan(pitcher_robs=True, pack_to_partner=True), state, SPADES, SPADES, 0, 3)
    assert ch == draw.Choice("rob", 0, 0, 0, 0)


def test_show_and_keep_shows_no_trumps_when_a_hand_keeps_exactly_its_size() -> None:
    """draw.extra_trumps show_and_keep: only a hand left with more trumps than the hand
    size shows them; six trumps in a hand of six are not shown."""
    hand = sum(1 << c for c in range(6)) | HEARTS_9 & 0b111 << 13  # 2S..7S, 2H 3H 4H
    state = draw.DrawState(pack=(40, 41, 42), order=(1,), drawn=(0,) * 4, gone=(0,) * 4)
    new, hands, out = draw.step(plan(show_and_keep=True), state, (0, hand, 0, 0), SPADES, 3,
                                DISCARD_FLAG | 0b111 << 13)
    assert hands[1] == sum(1 << c for c in range(6)) and out == 0b111 << 13
    assert new.shown == ()


PARTNERS, NEXT = (0, 1, 0, 1), (1, 2, 3, 0)


def test_the_rest_of_the_pack_goes_on_to_the_pitchers_partner() -> None:
    """draw.rest_to_partner: the pitcher robs after the others have drawn, then its
    partner robs what it left."""
    assert draw.turns(plan(pitcher_robs=True, rest_to_partner=True), 3, 0, PARTNERS,
                      NEXT) == ((1, 2, 3), (0, 2))


def test_the_draw_begins_with_nothing_drawn_and_nothing_gone() -> None:
    """With or without a give (draw.give_to_partner), no seat has drawn or discarded."""
    for give in (None, (0, 2)):
        state = draw.begin(draw.DrawState(pack=(40, 41)), (1, 2, 3), 4, (), give)
        assert state.drawn == state.gone == (0, 0, 0, 0), give


def test_a_hand_at_its_size_chooses_no_card_and_a_hand_one_above_chooses_one() -> None:
    """draw.discard down_to_hand_size: six of six held discards nothing (a choice of no
    card); seven held discards one of them."""
    p = plan(discard=Discard.DOWN_TO_HAND_SIZE)
    state = draw.DrawState(pack=(40, 41), order=(1,))
    six, seven = (1 << 6) - 1, (1 << 7) - 1
    assert draw.choice(p, state, six, SPADES, 1, 3) == draw.Choice("discard", 0, 0, 0, 0)
    assert draw.choice(p, state, seven, SPADES, 1, 3) == draw.Choice("discard", seven, 0, 1, 1)


def test_a_robber_shows_and_keeps_every_trump_above_the_hand_size() -> None:
    """draw.extra_trumps show_and_keep: the robber keeps every trump of its hand and the
    pack when they are more than the hand size (all seven here); with exactly six trumps
    it keeps six of hand and pack as usual."""
    p = plan(pitcher_robs=True, show_and_keep=True)
    hand = sum(1 << c for c in (0, 1, 2, 3, 13, 14))  # 2S..5S, 2H 3H
    for pack, trumps in (((4, 5, 6, 30), 7), ((4, 5, 30), 6)):
        state = draw.DrawState(pack=pack, order=(0,), robbing=1)
        pool = hand | sum(1 << c for c in pack)
        ch = draw.choice(p, state, hand, SPADES, 0, 3)
        if trumps > 6:
            assert ch == draw.Choice("keep", pool & SPADES, pool & SPADES, 7, 7)
        else:
            assert ch == draw.Choice("keep", pool, 0, 6, 6)


def test_discarding_up_to_a_count_requires_no_card() -> None:
    """draw.discard up_to: any of the hand, none of it required."""
    p = plan(discard=Discard.UP_TO, count=3)
    state = draw.DrawState(pack=(40, 41, 42), order=(1,))
    hand = (1 << 6) - 1
    assert draw.choice(p, state, hand, SPADES, 1, 3) == draw.Choice("discard", hand, 0, 0, 3)


def test_seven_trumps_discard_down_to_the_hand_size_trumps_included() -> None:
    """draw.discard non_trumps: a hand of seven trumps and two plain cards discards three,
    both plain cards among them."""
    hand = (1 << 7) - 1 | 0b11 << 13
    state = draw.DrawState(pack=(40, 41), order=(1,))
    ch = draw.choice(plan(), state, hand, SPADES, 1, 3)
    assert ch == draw.Choice("discard", hand, 0b11 << 13, 3, 3)


def test_robbing_the_pack_discards_nothing() -> None:
    """draw.pack_to_partner: the answer rob takes the pack's turn; no card goes out."""
    state = draw.DrawState(pack=(40, 41), order=(0, 2), drawn=(0,) * 4, gone=(0,) * 4,
                           robbing=2, asking=True)
    new, hands, out = draw.step(plan(pitcher_robs=True, pack_to_partner=True), state,
                                (1, 2, 4, 8), SPADES, 3, ROB)
    assert (new.order, new.asking, hands, out) == ((0,), False, (1, 2, 4, 8), 0)


def test_passing_the_pack_to_the_partner_makes_the_partner_the_one_robber() -> None:
    """draw.pack_to_partner: the answer pack to partner leaves the robbing to the partner
    (one robbing turn left, no question); no card goes out."""
    state = draw.DrawState(pack=(40, 41), order=(0, 2), drawn=(0,) * 4, gone=(0,) * 4,
                           robbing=2, asking=True)
    new, hands, out = draw.step(plan(pitcher_robs=True, pack_to_partner=True), state,
                                (1, 2, 4, 8), SPADES, 3, PACK_TO_PARTNER)
    assert (new.order, new.robbing, new.asking, hands, out) == ((2,), 1, False, (1, 2, 4, 8),
                                                                 0)


def test_the_cards_given_to_the_partner_join_its_hand_and_none_go_out() -> None:
    """draw.give_to_partner: the kitty's taker (seat 0) gives two cards to seat 2."""
    state = draw.DrawState(pack=(40, 41), order=(0, 1, 2, 3), drawn=(0,) * 4,
                           gone=(0,) * 4, giver=0, receiver=2, giving=True)
    hand = (1 << 8) - 1  # 2S..9S
    new, hands, out = draw.step(plan(give_to_partner=2), state, (hand, 0, 1 << 20, 0),
                                SPADES, 3, GIVE_FLAG | 0b11)
    assert hands == (hand & ~0b11, 0, 1 << 20 | 0b11, 0) and out == 0
    assert (new.order, new.giving, new.given) == ((1, 2, 3), False, 0b11)


def test_a_robber_before_its_partner_leaves_it_the_pack_cards_not_kept() -> None:
    """draw.rest_to_partner: the pitcher keeps six of its hand and the pack; its own card
    left out is discarded, the pack's cards left go on to its partner (seat 2)."""
    hand = sum(1 << c for c in (0, 1, 2, 3, 13))  # 2S..5S, 2H
    state = draw.DrawState(pack=(4, 5, 30), order=(0, 2), drawn=(0,) * 4, gone=(0,) * 4,
                           robbing=2)
    keep = (1 << 6) - 1
    new, hands, out = draw.step(plan(pitcher_robs=True, rest_to_partner=True), state,
                                (hand, 0, 0, 0), SPADES, 3, KEEP_FLAG | keep)
    assert (hands[0], out, new.pack, new.order) == (keep, 1 << 13, (30,), (2,))


def test_a_random_draw_action_is_legal_and_takes_every_count_in_range() -> None:
    """draw.random_action (the random bot's draw): a legal action, every required card
    in it, each count from least to most drawn; the robber's question gets either answer."""
    ch = draw.Choice("discard", 0b11111 << 13, 0b1 << 13, 2, 4)
    counts, answers = set(), set()
    for seed in range(60):
        action = draw.random_action(ch, random.Random(seed))
        mask = draw.check(ch, 1, action)
        assert action == DISCARD_FLAG | mask and mask & 1 << 13
        counts.add(mask.bit_count())
        answers.add(draw.random_action(draw.Choice("rob", 0, 0, 0, 0), random.Random(seed)))
    assert counts == {2, 3, 4}
    assert answers == {ROB, PACK_TO_PARTNER}
