"""The steps after the auction (pitchkit.flow), clause by clause: who leads, when the
pitcher is asked to go alone, which actions name trump, and when trumps-only play has a
first trick: the clauses mutate.py showed no fast test pinned. Dealer 0; seat 2 pitches."""

from __future__ import annotations

import random
from typing import Any

import pytest
from play_helpers import act, cards
from test_rules_throw_in import WEAK_0, WEAK_1, two_players

from pitchkit import draw, flow
from pitchkit.actions import ALONE, KEEP_HAND, SELECT_FLAG, THROW_IN, TRUMP_BASE, WITH_PARTNER
from pitchkit.engine import Game
from pitchkit.errors import IllegalActionError
from pitchkit.plan import RulesPlan, rules_plan
from pitchkit.play import PlayState, set_trump
from pitchkit.results import Phase
from pitchkit.variant import rules_from_mapping

HANDS = [1 << s for s in range(4)]  # one spade each: 2S, 3S, 4S, 5S


def plan_of(**sections: Any) -> RulesPlan:
    return rules_plan(rules_from_mapping(sections), 4)


def hand(pitcher: int | None = 2, alone: bool | None = None) -> flow.Hand:
    return flow.Hand(0, pitcher, list(HANDS), [0] * 4, None, None, alone)


def test_the_pitcher_leads_the_first_trick() -> None:
    plan = plan_of(play={"first_leader": "pitcher"})
    assert flow.after_auction(plan, PlayState(plan), hand()) == flow.Next(Phase.PLAY, 2)


def test_left_of_dealer_leads_the_first_trick_though_there_is_a_pitcher() -> None:
    plan = plan_of(play={"first_leader": "left_of_dealer"})
    assert flow.after_auction(plan, PlayState(plan), hand()).to_act == 1


def test_the_pitcher_who_names_trump_leads_unless_left_of_dealer_leads() -> None:
    trump = {"chosen_by": "pitcher_names"}
    for first_leader, leader in (("pitcher", 2), ("left_of_dealer", 1)):
        plan = plan_of(trump=trump, play={"first_leader": first_leader})
        nxt = flow.name_trump(plan, PlayState(plan), hand(), 2, TRUMP_BASE + 3)  # clubs
        assert (nxt.phase, nxt.to_act) == (Phase.PLAY, leader), first_leader


def test_naming_trump_takes_only_the_four_suits() -> None:
    plan = plan_of(trump={"chosen_by": "pitcher_names"})
    for action in (TRUMP_BASE - 1, TRUMP_BASE + 4):
        with pytest.raises(IllegalActionError, match="must name trump now"):
            flow.name_trump(plan, PlayState(plan), hand(), 2, action)


def test_a_pitcher_with_a_partner_is_asked_to_go_alone_once() -> None:
    plan = plan_of(auction={"alone": True}, players={"partnerships": "2x2"})
    state = PlayState(plan)
    assert flow.after_auction(plan, state, hand()) == flow.Next(Phase.ALONE, 2)
    assert flow.after_auction(plan, state, hand(alone=False)).phase is Phase.PLAY
    assert flow.after_auction(plan, state, hand(pitcher=None)).phase is Phase.PLAY


def test_trumps_only_the_first_seat_holding_a_trump_leads_even_seat_1() -> None:
    plan = plan_of(play={"trumps_only": True})
    state = PlayState(plan)
    set_trump(plan, state, 0)  # spades: every hand holds one
    nxt = flow.begin_play(plan, state, hand(), 0)
    assert (nxt.phase, nxt.to_act) == (Phase.PLAY, 0)


def test_a_seat_knows_it_held_its_hand_and_its_discards_and_nothing_else() -> None:
    """What the pitcher knows it held when it calls a partner (call.own_card)."""
    assert flow.seen_by(None, HANDS, 2) == HANDS[2]  # no draw: its hand alone
    drawing = draw.DrawState(pack=(), gone=(0, 0, 1 << 9, 0))
    assert flow.seen_by(drawing, HANDS, 2) == HANDS[2] | 1 << 9


def test_a_pitcher_alone_plays_without_its_partner_whose_cards_leave_the_hand() -> None:
    """auction.alone: seat 2 pitches alone; its partner, seat 0, would have led: its cards
    go out of play, the next seat leads and every trick skips it."""
    plan = plan_of(auction={"alone": True}, players={"partnerships": "2x2"})
    state = PlayState(plan)
    nxt = flow.begin_play(plan, state, hand(alone=True), 0)
    assert nxt == flow.Next(Phase.PLAY, 1, hands=(0, *HANDS[1:]), out=HANDS[0])
    assert (state.trick_size, state.next_active) == (3, (1, 2, 3, 1))


def test_the_pitchers_answer_to_going_alone_reaches_the_engine() -> None:
    """auction.alone: go_alone's Next carries the answer (the engine keeps it for the
    scoring, scoring.alone_made_factor) through the steps that follow it."""
    plan = plan_of(auction={"alone": True}, players={"partnerships": "2x2"})
    for action, lone in ((ALONE, True), (WITH_PARTNER, False)):
        nxt = flow.go_alone(plan, PlayState(plan), hand(), 2, action)
        assert (nxt.phase, nxt.alone) == (Phase.PLAY, lone)


def test_after_a_weak_hand_is_kept_the_weak_dealer_in_seat_1_decides() -> None:
    """deal.weak_hand_below: dealer seat 1 (index 0), both hands weak: seat 2 decides
    first, then the dealer, the next weak seat even though its index is 0."""
    game = Game(two_players(), random.Random(0), dealer=0)
    used = set(cards(WEAK_0 + " " + WEAK_1))
    game.deal_cards([cards(WEAK_0), cards(WEAK_1)],
                    pack=[c for c in range(52) if c not in used])
    assert (game.phase, game.to_act) == (Phase.THROW_IN, 1)
    act(game, "keep hand")
    assert (game.phase, game.to_act) == (Phase.THROW_IN, 0)


def thrown_in_without_an_auction(**play: Any) -> tuple[Game, int]:
    """deal.weak_hand_below with auction.style none: dealer seat 2 (index 1); seat 1's weak
    hand is thrown in for the pack's first six cards (AC KC QC JC 8C 7C, no longer weak),
    and clubs are trump (the 6C turned): the last decision, so play begins at once. The
    game, and the new hand's mask."""
    rules = rules_from_mapping({
        "players": {"count": 2, "partnerships": "none"},
        "deal": {"cards_per_hand": 6, "weak_hand_below": "J"},
        "trump": {"chosen_by": "turned_card"}, "auction": {"style": "none"},
        "play": {"first_leader": "left_of_dealer", **play},
        "scoring": {"win_only_as_pitcher": False}})
    game = Game(rules, random.Random(0), dealer=1)
    used = set(cards(WEAK_0 + " AH KH 9C TC TD TS"))
    pack = [c for c in reversed(range(52)) if c not in used]
    game.deal_cards([cards(WEAK_0), cards("AH KH 9C TC TD TS")], turned=pack[6], pack=pack)
    act(game, "throw in")
    return game, sum(1 << c for c in cards("AC KC QC JC 8C 7C"))


def test_a_hand_thrown_in_last_is_the_hand_staged_play_chooses_from() -> None:
    """play.stages: the new hand is the thrower's cards not yet chosen."""
    game, new = thrown_in_without_an_auction(stages=[3, 3])
    assert (game.phase, game.reserve[0]) == (Phase.SELECT, new)


def test_a_hand_thrown_in_last_is_the_hand_trumps_only_play_keeps() -> None:
    """play.trumps_only: the new hand's trumps are kept (six clubs), not the old hand's."""
    game, new = thrown_in_without_an_auction(trumps_only=True)
    assert (game.phase, game.to_act, game.hands[0]) == (Phase.PLAY, 0, new)


def test_a_weak_hand_throws_in_or_keeps_and_a_pitcher_goes_alone_or_not() -> None:
    """flow.choices: the two answers of a throw-in and of going alone; a phase with no
    step of flow's (the deal, the game over) has no choice."""
    plan = plan_of(auction={"alone": True}, players={"partnerships": "2x2"})
    state = PlayState(plan)
    assert flow.choices(plan, state, hand(), Phase.THROW_IN, 0) == [THROW_IN, KEEP_HAND]
    assert flow.choices(plan, state, hand(), Phase.ALONE, 2) == [ALONE, WITH_PARTNER]
    assert flow.choices(plan, state, hand(), Phase.DEAL, 0) == []


def test_a_random_choice_in_a_stage_selects_the_stages_count_of_its_cards() -> None:
    game, new = thrown_in_without_an_auction(stages=[3, 3])
    action = flow.random_action(game.plan, game._play_state, game._hand(), Phase.SELECT, 0,
                                random.Random(0))
    chosen = action & ~SELECT_FLAG
    assert action & SELECT_FLAG and chosen & ~new == 0 and chosen.bit_count() == 3
