"""draw.pack_to_partner: the robber draws in turn like everyone else, then takes the rest of
the pack or passes it, unseen, to its partner (10 Point Pitch, larrycharbonneau.com: "If
the bidder so choses he/she can pass those cards to his/her partner provided he/she has
not looked at them"; ourpastimes.com: "pass the remainder of the unseen cards over to
their partner"), on hand-made deals played through the public API."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pitchkit.actions import PACK_TO_PARTNER, ROB, parse_action
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.drawing import rob_or_pass
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.cards import format_cards
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError, RecordError
from pitchkit.explain import explain_rules
from pitchkit.load import load_variant
from pitchkit.record import game_to_record, replay_record
from pitchkit.variant import rules_from_mapping
from tests.play_helpers import act, cards

#: two teams of two, nine dealt, hearts named by the pitcher (seat 0, on the dealer's
#: left); everyone discards its non-trumps and draws back to six; the pitcher robs
PASSING: dict[str, Any] = {
    "players": {"partnerships": "2x2"},
    "deal": {"cards_per_hand": 9, "first_dealer": 3},
    "trump": {"chosen_by": "pitcher_names"},
    "auction": {"pitch_to_bid": False},
    "draw": {"discard": "non_trumps", "hand_size": 6, "pitcher_robs": True,
             "pack_to_partner": True},
}
#: eleven hearts dealt: the pitcher draws one card, the others three, five and four; the
#: last three of the pack's sixteen (3H 2C 2H) are what the pitcher takes or passes on
HANDS = ["AH KH QH JH TH AS KS QS JS",   # seat 0, the pitcher: five hearts
         "9H 8H 7H AD KD QD JD TD 9D",   # seat 1: three
         "6H AC KC QC JC TC 9C 8C 7C",   # seat 2, the pitcher's partner: one
         "5H 4H 8D 7D 6D 5D 4D 3D 2D"]   # seat 3, the dealer: two
PACK = "TS 9S 8S 7S 6S 5S 4S 3S 2S 6C 5C 4C 3C 3H 2C 2H"
REST = "3H 2C 2H"


def mask(text: str) -> int:
    out = 0
    for c in cards(text):
        out |= 1 << c
    return out


def dealt(data: dict[str, Any] = PASSING) -> Game:
    game = Game(rules_from_mapping(data), random.Random(0), dealer=3)
    game.deal_cards([cards(h) for h in HANDS], pack=cards(PACK))
    act(game, "bid 2", "pass", "pass", "pass", "trump H")
    return game


def everyone_draws(game: Game) -> list[int]:
    """Each seat discards its non-trumps in turn; the seats in the order they drew."""
    order = []
    while game.draw_choice().verb == "discard":
        order.append(game.to_act)
        game.apply("discard " + format_cards(game.draw_choice().must))
    return order


def test_the_pitcher_draws_in_turn_then_answers_before_seeing_the_pack() -> None:
    game = dealt()
    assert everyone_draws(game) == [0, 1, 2, 3]  # the pitcher too, in its turn
    assert game.hands[0] == mask("AH KH QH JH TH TS")  # dealt back to six
    assert game.to_act == 0 and game.legal_actions() == [ROB, PACK_TO_PARTNER]
    assert game.draw_choice().verb == "rob" and game.draw_choice().cards == 0
    seen = game.observation(0)
    assert seen.draw_choice.cards == 0  # the question shows no card of the pack
    assert not (seen.hand | seen.drawn) & mask(REST)
    with pytest.raises(IllegalActionError, match="must answer rob or pack to partner"):
        game.apply("keep AH KH QH JH TH 3H")


def test_passed_the_pack_unseen_the_partner_keeps_six_of_it_and_its_hand() -> None:
    game = dealt()
    everyone_draws(game)
    act(game, "pack to partner")
    assert game.to_act == 2  # the partner, across the table
    choice = game.draw_choice()
    partner_hand = mask("6H 6S 5S 4S 3S 2S")
    assert game.hands[2] == partner_hand
    assert (choice.verb, choice.cards, choice.least, choice.most) == (
        "keep", partner_hand | mask(REST), 6, 6)
    act(game, "keep 6H 3H 2H 6S 5S 4S")
    assert game.phase is Phase.PLAY
    # the two trumps of the pack are the partner's: robbing, the pitcher had them
    assert game.hands[2] == mask("6H 3H 2H 6S 5S 4S")
    assert game.hands[0] == mask("AH KH QH JH TH TS")
    assert game.set_aside()["discarded"] & mask("3S 2S 2C") == mask("3S 2S 2C")
    # only the partner ever sees them: its drawn cards; nobody else's observation
    assert game.observation(2).drawn & mask(REST) == mask("3H 2H")
    for seat in (0, 1, 3):
        seen = game.observation(seat)
        assert not (seen.hand | seen.drawn) & mask(REST)


def test_robbing_the_pitcher_keeps_six_and_the_partner_gets_nothing() -> None:
    game = dealt()
    everyone_draws(game)
    act(game, "rob")
    choice = game.draw_choice()
    assert game.to_act == 0 and choice.cards == mask("AH KH QH JH TH TS") | mask(REST)
    act(game, "keep AH KH QH JH TH 3H")
    assert game.phase is Phase.PLAY  # no turn for the partner
    assert game.hands[0] == mask("AH KH QH JH TH 3H")
    assert game.hands[2] == mask("6H 6S 5S 4S 3S 2S")
    assert game.observation(0).drawn & mask(REST) == mask("3H")


def test_a_robbing_dealer_draws_in_its_turn_then_robs_or_passes() -> None:
    # dealer_robs with pack_to_partner: the dealer (seat 3) discards and draws as the
    # others do; passing, its partner (seat 1, on its left) keeps from the pack
    data = {**PASSING, "draw": {**PASSING["draw"], "pitcher_robs": False,
                                "dealer_robs": True}}
    game = dealt(data)
    assert everyone_draws(game) == [0, 1, 2, 3]
    assert game.to_act == 3 and game.legal_actions() == [ROB, PACK_TO_PARTNER]
    act(game, "pack to partner")
    assert game.to_act == 1
    assert game.draw_choice().cards == game.hands[1] | mask(REST)
    act(game, "keep 9H 8H 7H 3H 2H 9S")
    assert game.phase is Phase.PLAY and game.hands[1] == mask("9H 8H 7H 3H 2H 9S")


def test_the_record_spells_the_answer_and_replays_it() -> None:
    game = dealt()
    everyone_draws(game)
    act(game, "pack to partner", "keep 6H 3H 2H 6S 5S 4S")
    bots = [HeuristicBot(game.rules, s, random.Random(s)) for s in range(4)]
    while game.phase is Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
    record = game_to_record(game, check_rules=False)
    actions = record["hands"][0]["actions"]
    assert "pack to partner" in actions and "keep 4S 5S 6S 2H 3H 6H" in actions
    again = replay_record(record, rules=game.rules).game
    assert again.hand_results == game.hand_results and again.scores == game.scores
    # the partner keeping a card the pack never held is refused on replay
    bad = [a.replace("keep 4S 5S 6S 2H 3H 6H", "keep 4S 5S 6S 2H 3H 7H") for a in actions]
    with pytest.raises(RecordError, match="may not keep 7H"):
        replay_record({**record, "hands": [{**record["hands"][0], "actions": bad}]},
                      rules=game.rules)
    assert parse_action("pack to partner") == PACK_TO_PARTNER and parse_action("rob") == ROB


@pytest.mark.parametrize(("hand", "answer"), [
    ("AH KH QH JH TH 9H", PACK_TO_PARTNER),  # all trumps: the partner has room for more
    ("AH KH QH JH TH TS", ROB),  # a dead card: the pack may hold a trump for it
])
def test_the_bots_rob_unless_the_hand_is_all_trumps(hand: str, answer: int) -> None:
    game = dealt()
    everyone_draws(game)
    seen = game.observation(0)._replace(hand=mask(hand))
    assert rob_or_pass(game.rules, seen) == answer
    for bot in (HeuristicBot(game.rules, 0, random.Random(0)),
                CalibratedBot(game.rules, 0, random.Random(0))):
        assert bot.choose(seen, game.legal_actions()) == answer


def test_a_pitcher_playing_alone_robs() -> None:
    # auction.alone: the partner sits out, so the pack is never passed to it
    data = {**PASSING, "auction": {**PASSING["auction"], "alone": True}}
    game = Game(rules_from_mapping(data), random.Random(0), dealer=3)
    game.deal_cards([cards(h) for h in HANDS], pack=cards(PACK))
    act(game, "bid 2", "pass", "pass", "pass", "go alone", "trump H")
    everyone_draws(game)
    seen = game.observation(0)._replace(hand=mask("AH KH QH JH TH 9H"))
    assert rob_or_pass(game.rules, seen) == ROB


@pytest.mark.parametrize("bot", [HeuristicBot, CalibratedBot])
def test_before_trump_is_named_the_bots_rob_and_play_the_hand_out(bot: type) -> None:
    # trump.chosen_by first_lead: the pitcher's first card names trump, after the draw, so
    # no card is a trump when the robber answers (the bots asserted a trump and failed)
    data = {**PASSING, "trump": {"chosen_by": "first_lead"},
            "draw": {**PASSING["draw"], "discard": "up_to", "count": 3}}
    game = Game(rules_from_mapping(data), random.Random(0), dealer=3)
    game.deal_cards([cards(h) for h in HANDS], pack=cards(PACK))
    act(game, "bid 2", "pass", "pass", "pass")
    bots = [bot(game.rules, s, random.Random(s)) for s in range(4)]
    answers = []
    while game.phase in (Phase.DRAW, Phase.PLAY):
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.DRAW and game.draw_choice().verb == "rob":
            answers.append(bots[seat].choose(game.observation(seat), game.legal_actions()))
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
    assert answers == [ROB]
    assert len(game.hand_results) == 1


def test_explain_says_who_takes_the_pack_and_that_it_is_passed_unseen() -> None:
    text = explain_rules(load_variant("ten-point-pitch-draw", ("draw.pack_to_partner=true",)))
    assert "each player in turn, starting on the dealer's left" in text
    assert ("what is left of the pack goes to the pitcher, who, without looking at it, "
            "either robs it") in text
    assert "passes it face down to their partner" in text
    assert "only the player who takes the pack sees it" in text
