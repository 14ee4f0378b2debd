"""The steps after the auction (pitchkit.flow) are functions of the hand they are given:
they return what changes (a Next) and leave the hand they read as it was."""

from __future__ import annotations

from pitchkit import draw, flow
from pitchkit.load import load_variant
from pitchkit.plan import rules_plan
from pitchkit.play import PlayState, set_trump
from pitchkit.results import Phase
from pitchkit.variant import rules_from_mapping


def test_the_kitty_goes_to_the_pitcher_who_then_names_trump() -> None:
    rules = load_variant("minnesota-smear")  # kitty of 4 to the pitcher, who names trump
    plan = rules_plan(rules, 4)
    hands = [1 << s for s in range(4)]
    state = draw.DrawState(pack=(), kitty=0b1111 << 20)
    nxt = flow.after_auction(plan, PlayState(plan),
                             flow.Hand(0, 2, hands, [0] * 4, state, None, None))
    assert (nxt.phase, nxt.to_act) == (Phase.TRUMP, 2)
    assert nxt.hands == (1, 2, 4 | 0b1111 << 20, 8)
    assert nxt.draw is not None and nxt.draw.kitty == 0
    assert hands == [1 << s for s in range(4)] and state.kitty  # what it read is unchanged


def test_trumps_only_play_with_no_trump_held_ends_the_hand_and_drops_every_card() -> None:
    rules = rules_from_mapping({"play": {"trumps_only": True}})
    plan = rules_plan(rules, 4)
    play = PlayState(plan)
    set_trump(plan, play, 0)  # spades: no hand below holds one (cards 0..12)
    hands = [1 << (13 + s) for s in range(4)]
    nxt = flow.begin_play(plan, play, flow.Hand(0, 1, hands, [0] * 4, None, None, None), 1)
    assert nxt.phase is None  # the hand is played out: no trick is played
    assert nxt.hands == (0, 0, 0, 0) and nxt.out == sum(hands)
