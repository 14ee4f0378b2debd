"""Rule clauses of the modules added since the last mutation run (call, draw, plan, the
weak-hand deal, several_reach, all_points_wins_game, high spade) that no test pinned: for
each, a mutant of ``benchmarks/mutate.py`` changed the rule and every test still passed.
One test per clause, on a hand-made deal."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from play_helpers import act, cards, tricks

from pitchkit import call, dealing, draw, weak_hand
from pitchkit.actions import CALL_BASE
from pitchkit.cards import mask_of, parse_card
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.load import load_variant
from pitchkit.plan import rules_plan
from pitchkit.variant import rules_from_mapping

RECORDS = Path(__file__).parent / "records"

# --------------------------------------------------------------------- call.partner

#: Five players, the pitcher names trump and calls a partner; six cards each, no draw.
CALLING: dict[str, Any] = {"trump": {"chosen_by": "pitcher_names"}, "players": {"count": 5},
                           "call": {"partner": True}}
#: seat 0 bids and names spades; seat 1 holds the two of spades
CALL_DEAL = ("AS KS QS JS TS 9S", "2S 3S 4S 5S 6S 7S", "AH KH QH JH TH 9H",
             "AD KD QD JD TD 9D", "AC KC QC JC TC 9C")


def at_the_call(deal: tuple[str, ...] = CALL_DEAL, **sections: dict[str, Any]) -> Game:
    """Seat 0 (left of dealer 4) bids 2, the others pass, seat 0 names spades."""
    mapping = {key: {**CALLING.get(key, {}), **sections.get(key, {})}
               for key in {*CALLING, *sections}}
    game = Game(rules_from_mapping(mapping), random.Random(0), dealer=4)
    game.deal_cards([cards(hand) for hand in deal])
    for action in ("bid 2", "pass", "pass", "pass", "pass", "trump S"):
        game.apply(action)
    assert game.phase is Phase.CALL and game.to_act == 0
    return game


def test_the_lowest_card_of_the_deck_may_be_called() -> None:
    # rule: the pitcher names any card; the two of spades is card 0
    game = at_the_call()
    assert CALL_BASE + parse_card("2S") in game.legal_actions()
    game.apply("call 2S")
    assert game._call is not None and game._call.partner == 1


def test_a_card_not_in_the_deck_may_not_be_called() -> None:
    deal = (*CALL_DEAL[:1], "3S 4S 5S 6S 7S 8S", *CALL_DEAL[2:])
    game = at_the_call(deal, deck={"without": ["2S"]})
    assert CALL_BASE + parse_card("2S") not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="not in the deck"):
        game.apply("call 2S")


@pytest.mark.parametrize("action", ["pass", "play AS", "trump H"])
def test_at_the_call_only_a_call_of_a_card_is_taken(action: str) -> None:
    game = at_the_call()
    with pytest.raises(IllegalActionError, match="must call a card now"):
        game.apply(action)
    assert game.phase is Phase.CALL


def test_the_call_step_takes_no_card_past_the_deck() -> None:
    # the engine refuses the int before the call step sees it; the step itself, called
    # by anything else with the plan, refuses it too (cards are 0..53)
    game = at_the_call()
    assert game.plan.call is not None
    with pytest.raises(IllegalActionError, match="must call a card now"):
        call.call(game.plan.call, tuple(game.hands), 0, game.hands[0], CALL_BASE + 54)


def test_own_card_not_allowed_leaves_every_card_the_pitcher_never_held() -> None:
    # hand 1 of the call-partner-pitch record: the dealer (seat 3) takes the widow, names
    # hearts and discards 4S 5S 9S 5D; it may call any card it neither holds nor discarded
    record = json.loads((RECORDS / "call-partner-pitch.json").read_text())
    hand = record["hands"][0]
    game = Game(load_variant("call-partner-pitch", ["call.own_card=not_allowed"]),
                random.Random(0), dealer=record["dealer"])
    game.deal_cards([cards(" ".join(h)) for h in hand["deal"]],
                    kitty=cards(" ".join(hand["kitty"])))
    for action in hand["actions"][:hand["actions"].index("call JH")]:
        game.apply(action)
    assert game.phase is Phase.CALL
    seen = game.hands[3] | mask_of(cards("4S 5S 9S 5D"))
    assert {a - CALL_BASE for a in game.legal_actions()} == {
        c for c in game.rules.deck.cards() if not seen >> c & 1}


# --------------------------------------------------------------------------- the draw

#: nine cards dealt, six kept, non-trumps discarded; the dealer robs the pack and extra
#: trumps are shown and kept
ROBBING_SHOWN = rules_from_mapping({
    "deal": {"cards_per_hand": 9}, "trump": {"chosen_by": "pitcher_names"},
    "draw": {"hand_size": 6, "discard": "non_trumps", "dealer_robs": True,
             "extra_trumps": "show_and_keep"}})
SPADES = mask_of(range(13))


@pytest.mark.parametrize(("pack", "keeps_every_trump"), [
    ("5S 6S 2H 3H", False),  # six trumps in hand and pack: the hand size, no extra
    ("5S 6S 7S 3H", True),  # seven: more trumps than the hand holds, all kept and shown
])
def test_a_robbing_dealer_keeps_every_trump_only_past_the_hand_size(
        pack: str, keeps_every_trump: bool) -> None:
    plan = rules_plan(ROBBING_SHOWN).draw
    assert plan is not None
    hand = mask_of(cards("AS KS QS JS 9H 8H"))
    state = draw.DrawState(pack=tuple(cards(pack)), order=(3,))
    ch = draw.choice(plan, state, hand, SPADES, 3, 3)
    pool = hand | mask_of(cards(pack))
    assert ch.verb == "keep"
    if keeps_every_trump:
        assert (ch.cards, ch.must, ch.least, ch.most) == (pool & SPADES, pool & SPADES, 7, 7)
    else:
        assert (ch.cards, ch.must, ch.least, ch.most) == (pool, 0, 6, 6)


def test_a_robbing_dealer_sees_the_pack_cards_it_kept_as_drawn() -> None:
    # the observation's ``drawn`` (only its holder sees it): what came from the pack
    r = rules_from_mapping({"deal": {"cards_per_hand": 9},
                            "trump": {"chosen_by": "pitcher_names"},
                            "draw": {"hand_size": 6, "discard": "non_trumps",
                                     "dealer_robs": True}})
    plan = rules_plan(r).draw
    assert plan is not None
    hand = mask_of(cards("AS KS QS JS 9H 8H"))
    state = draw.DrawState(pack=tuple(cards("5S 6S 2H 3H")), order=(3,), drawn=(0,) * 4,
                           gone=(0,) * 4)
    ch = draw.choice(plan, state, hand, SPADES, 3, 3)
    keep = mask_of(cards("AS KS QS JS 5S 6S"))
    new, hands, discarded = draw.step(plan, state, (0, 0, 0, hand), SPADES, 3,
                                      draw.choice_action(ch, keep))
    assert hands[3] == keep and new.drawn == (0, 0, 0, mask_of(cards("5S 6S")))
    assert discarded == mask_of(cards("9H 8H 2H 3H")) and new.done


def test_the_pitcher_robs_and_passes_the_rest_of_the_pack_to_its_partner() -> None:
    # draw.rest_to_partner: the pitcher (seat 0) keeps six of its hand and the pack, the
    # pack cards it leaves go on to its partner (seat 2), who keeps six of its hand and
    # those; what the partner leaves is discarded
    r = rules_from_mapping({"deal": {"cards_per_hand": 9},
                            "trump": {"chosen_by": "pitcher_names"},
                            "players": {"partnerships": "2x2"},
                            "draw": {"hand_size": 6, "discard": "non_trumps",
                                     "pitcher_robs": True, "rest_to_partner": True}})
    plan = rules_plan(r).draw
    assert plan is not None
    hands: tuple[int, ...] = (mask_of(cards("AS KS QS 9H 8H 7H")), 0,
                              mask_of(cards("JS TS 6H 5H 4H 3H")), 0)
    state = draw.begin(draw.DrawState(pack=tuple(cards("9S 8S 7S 2H"))), (), 4, (0, 2))
    ch = draw.choice(plan, state, hands[0], SPADES, 0, 3)
    state, hands, discarded = draw.step(plan, state, hands, SPADES, 3, draw.choice_action(
        ch, mask_of(cards("AS KS QS 9S 8S 9H"))))
    assert discarded == mask_of(cards("8H 7H")) and state.pack == tuple(cards("7S 2H"))
    assert not state.done
    ch = draw.choice(plan, state, hands[2], SPADES, 2, 3)
    assert ch.verb == "keep" and ch.cards == hands[2] | mask_of(cards("7S 2H"))
    state, hands, discarded = draw.step(plan, state, hands, SPADES, 3, draw.choice_action(
        ch, mask_of(cards("JS TS 7S 6H 5H 4H"))))
    assert hands[2] == mask_of(cards("JS TS 7S 6H 5H 4H"))
    assert discarded == mask_of(cards("3H 2H")) and state.pack == () and state.done


# ---------------------------------------------------------------------- high spade


def test_high_spade_is_the_highest_spade_not_the_highest_card_in_play() -> None:
    # hearts trump; seat 0 captures TS and 6S, seat 1 captures 7S and the king of clubs,
    # the highest card in play: high spade is seat 0's
    items = [{"point": w} for w in ("high", "low", "jack", "game", "high_spade")]
    r = rules_from_mapping({"players": {"count": 2}, "points": {"items": items},
                            "scoring": {"win_only_as_pitcher": False}})
    game = Game(r, random.Random(0), dealer=1)
    game.deal_cards([cards("JH 2H 9C TC TD TS"), cards("AH 3H 5D KC 6S 7S")])
    act(game, "bid 3", "pass")
    assert tricks(game, "JH 3H", "TS 6S", "2H AH", "KC TC", "7S 9C", "5D TD") == [
        0, 0, 1, 1, 1, 0]
    assert game.hand_results[-1].points["high_spade"] == (0,)


# ------------------------------------------------------------ the weak-hand throw-in

#: two players, six cards each, a hand with no jack or higher is weak; the shuffled deal
#: and the deal that turns a card for trump
WEAK_DEALS = {
    "shuffled": {"players": {"count": 2}, "deal": {"weak_hand_below": "J"}},
    "turned_card": {"players": {"count": 2}, "deal": {"weak_hand_below": "J"},
                    "trump": {"chosen_by": "turned_card"}},
}


@pytest.mark.parametrize("name", sorted(WEAK_DEALS))
def test_a_deal_with_a_weak_hand_keeps_every_undealt_card_for_new_hands(name: str) -> None:
    # deal.weak_hand_below: when a hand is weak, the undealt cards (each once, none of a
    # hand) are the pack new hands come from; when none is, there is no pack
    plan = rules_plan(rules_from_mapping(WEAK_DEALS[name]))
    strong = plan.deal.weak_hand_below
    weak_deals = strong_deals = 0
    for seed in range(60):
        deal = dealing.deal_random(plan, random.Random(seed), 1, weak_hand.keeps_stock(plan))
        if all(hand & strong for hand in deal.hands):
            strong_deals += 1
            assert deal.pack == ()
            continue
        weak_deals += 1
        dealt = deal.hands[0] | deal.hands[1]
        assert len(deal.pack) == len(set(deal.pack)) == 52 - 12
        assert mask_of(deal.pack) == plan.deal.deck_mask & ~dealt
    assert weak_deals and strong_deals


def test_new_hands_come_from_a_shuffled_pack() -> None:
    # the undealt cards are shuffled: the first card of the pack (the next new hand's
    # first card) is not the lowest undealt card more often than chance allows
    plan = rules_plan(rules_from_mapping(WEAK_DEALS["shuffled"]))
    packs = [deal.pack for seed in range(300)
             if (deal := dealing.deal_random(plan, random.Random(seed), 1,
                                             weak_hand.keeps_stock(plan))).pack]
    assert len(packs) > 50
    lowest_first = sum(pack[0] == min(pack) for pack in packs)
    assert lowest_first < len(packs) // 4


def test_a_pack_of_exactly_one_hand_is_enough_for_a_new_hand() -> None:
    # three players, thirteen cards each: the thirteen undealt cards make one new hand, so
    # the weak seat on the dealer's left is asked; once it throws in, the pack is empty
    # and the next weak seat is not asked
    r = rules_from_mapping({"players": {"count": 3}, "scoring": {"win_only_as_pitcher": False},
                            "deal": {"cards_per_hand": 13, "weak_hand_below": "J"}})
    low = [c for c in range(52) if c % 13 < 9]  # the 2s to the 10s: 36 cards
    high = [c for c in range(52) if c % 13 >= 9]
    hands = [low[:13], low[13:26], [*low[26:36], *high[:3]]]
    game = Game(r, random.Random(0), dealer=2)
    game.deal_cards(hands, pack=high[3:])
    assert game.phase is Phase.THROW_IN and game.to_act == 0
    act(game, "throw in")
    assert game.hands[0] == mask_of(high[3:])
    assert game.phase is Phase.AUCTION and game.to_act == 0


@pytest.mark.parametrize(("weak", "given"), [
    (None, "pack"),  # no draw, no weak hands: no pack either
    ("J", "kitty"),  # a pack for new hands, but still no kitty
])
def test_a_deal_without_a_draw_takes_no_kitty_and_a_pack_only_for_weak_hands(
        weak: str | None, given: str) -> None:
    deal: dict[str, Any] = {"weak_hand_below": weak} if weak else {}
    plan = rules_plan(rules_from_mapping({"players": {"count": 2}, "deal": deal}))
    hands = [cards("2H 3H 4C 5C 6D 7D"), cards("AH KH 9C TC TD TS")]
    rest = [c for c in range(52) if c not in hands[0] + hands[1]]
    with pytest.raises(IllegalActionError, match="no kitty and no draw"):
        dealing.deal_cards(plan, hands, **{given: rest},
                           stock=weak_hand.keeps_stock(plan) is not None)


def test_a_seat_with_no_card_to_choose_in_the_draw_is_offered_no_cards() -> None:
    # rule: a hand already at its size discards nothing: its one legal action is a
    # discard of no cards, and no card is offered (draw.discard down_to_hand_size)
    rules = rules_from_mapping({"draw": {"discard": "down_to_hand_size", "hand_size": 6}})
    plan = draw.draw_plan(rules, 6)
    assert plan is not None
    hand = mask_of(cards("AS KS QS JS TS 9S"))
    state = draw.DrawState(pack=tuple(cards("2H 3H")), order=(0, 1, 2, 3))
    ch = draw.choice(plan, state, hand, 0, seat=0, dealer=3)
    assert (ch.verb, ch.least, ch.most, ch.cards) == ("discard", 0, 0, 0)
