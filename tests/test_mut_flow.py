"""The steps after the auction (pitchkit.flow), clause by clause: who leads, when the
pitcher is asked to go alone, which actions name trump, and when trumps-only play has a
first trick: the clauses mutate.py showed no fast test pinned. Dealer 0; seat 2 pitches."""

from __future__ import annotations

from typing import Any

import pytest

from pitchkit import draw, flow
from pitchkit.actions import ALONE, TRUMP_BASE, WITH_PARTNER
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
