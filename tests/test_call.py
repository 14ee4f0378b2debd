"""The called partner (call.partner, call.own_card), one test per clause, on the first hand
of the hand-checked call-partner-pitch record (dealer seat 3 pitches for 4 in hearts and
holds QS AS 6H 9H TH AC KS 2H KD LJ after discarding 4S 5S 9S 5D; seat 1 holds JH)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pitchkit.actions import CALL_BASE, call_action
from pitchkit.call import CallState, seen_teams, unplayed_to
from pitchkit.cards import parse_card
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.keep import Table, TableError, TableHand
from pitchkit.load import load_variant
from pitchkit.play import cards_played
from pitchkit.variant import Rules

RECORD = json.loads((Path(__file__).parent / "records" / "call-partner-pitch.json").read_text())
HAND = RECORD["hands"][0]
PITCHER, PARTNER = 3, 1


def at_the_call(*sets: str) -> Game:
    """Hand 1 of the record, brought to the pitcher's call."""
    rules = load_variant("call-partner-pitch", list(sets))
    game = Game(rules, random.Random(0), dealer=RECORD["dealer"])
    game.deal_cards([[parse_card(c) for c in hand] for hand in HAND["deal"]],
                    kitty=[parse_card(c) for c in HAND["kitty"]])
    for action in HAND["actions"]:
        if action.startswith("call"):
            break
        game.apply(action)
    assert game.phase is Phase.CALL and game.to_act == PITCHER
    return game


def play_out(game: Game, until: str | None = None) -> None:
    """Play the record's cards after the call (up to and including ``until``)."""
    plays = HAND["actions"][HAND["actions"].index("call JH") + 1:]
    for action in plays:
        if game.phase is not Phase.PLAY:
            return
        game.apply(action)  # the call changes nothing of what may be played
        if action == until:
            return


def test_the_pitcher_calls_once_the_draw_is_over() -> None:
    game = at_the_call()
    assert all(CALL_BASE <= a < CALL_BASE + 54 for a in game.legal_actions())
    game.apply("call JH")
    assert game.phase is Phase.PLAY and game.to_act == PITCHER


def test_the_partner_knows_at_once_the_others_when_the_card_is_played() -> None:
    game = at_the_call()
    game.apply("call JH")
    alone = game.team_of
    assert game.observation(PARTNER).team_of[PARTNER] == alone[PITCHER]
    for seat in (0, 2, PITCHER, 4):
        seen = game.observation(seat)
        assert seen.team_of == alone and seen.called == parse_card("JH")
    play_out(game, until="play JH")
    for seat in range(5):
        assert game.observation(seat).team_of[PARTNER] == alone[PITCHER]


def test_unplayed_to_answers_the_sides_as_dealt_while_the_called_card_is_held() -> None:
    # the engine's shortcut (call.unplayed_to) before call.seen_teams, at every card
    game = at_the_call()
    game.apply("call JH")
    state = CallState(parse_card("JH"), PARTNER)
    plays = HAND["actions"][HAND["actions"].index("call JH") + 1:]
    shortcuts = []
    for action in plays:
        if game.phase is not Phase.PLAY:
            break
        played = cards_played(game._play_state)
        for seat in range(5):
            quick = unplayed_to(state, seat, game.hands, game.reserve)
            if quick:
                assert seen_teams(game.team_of, PITCHER, state, seat, played) == game.team_of
            # true exactly while the card is unplayed, to all but the partner
            assert quick == (seat != PARTNER and not played >> state.card & 1)
            shortcuts.append(quick)
        game.apply(action)
    assert True in shortcuts and False in shortcuts
    assert not unplayed_to(CallState(parse_card("JH"), -1), 0, game.hands, game.reserve)


def test_the_pitcher_and_partner_score_as_one_side() -> None:
    game = at_the_call()
    game.apply("call JH")
    play_out(game)
    result = game.hand_results[-1]
    assert result.partner == PARTNER
    # low, little joker, ten and three for the two of them: 6 on a bid of 4, 6 each
    assert result.score_changes == (2, 6, 2, 6, 0)


def test_a_called_card_the_pitcher_holds_leaves_it_alone() -> None:
    game = at_the_call()
    game.apply("call AS")  # call.own_card alone: the pitcher's own ace of spades
    play_out(game)
    result = game.hand_results[-1]
    assert result.partner is None
    # the same tricks: the pitcher alone takes low, little joker, ten and three (6);
    # seat 1 took nothing of its own
    assert result.score_changes == (2, 0, 2, 6, 0)


def test_a_called_card_nobody_holds_leaves_the_pitcher_alone() -> None:
    game = at_the_call()
    game.apply("call 4S")  # the pitcher discarded it
    assert game._call is not None and game._call.partner == -1


def test_own_card_not_allowed_refuses_a_card_held_or_discarded() -> None:
    game = at_the_call("call.own_card=not_allowed")
    legal = {a - CALL_BASE for a in game.legal_actions()}
    for name in ("AS", "2H", "4S", "5D"):  # held (AS, 2H from the widow) or discarded
        assert parse_card(name) not in legal
        with pytest.raises(IllegalActionError, match="not_allowed"):
            game.apply(call_action(parse_card(name)))
    assert parse_card("JH") in legal
    game.apply("call JH")
    assert game._call is not None and game._call.partner == PARTNER


def test_call_is_refused_in_another_phase() -> None:
    game = at_the_call()
    game.apply("call JH")
    with pytest.raises(IllegalActionError):
        game.apply("call AH")


def _table(rules: Rules) -> Table:
    return Table(rules, ["A", "B", "C", "D", "E"][:rules.players.count])


def test_keep_scores_the_partner_with_the_pitcher() -> None:
    table = _table(load_variant("call-partner-pitch"))
    points = {"high": ("A",), "low": ("D",), "jack": ("C",), "jick": ("A",),
              "joker": ("C",), "little_joker": ("D",), "ten": ("D",),
              "three_of_trumps": ("D",)}
    scored = table.add(TableHand(pitcher="D", partner="B", bid=4, points=points))
    assert scored is not None and scored.score_changes == (2, 6, 2, 6, 0)


def test_keep_refuses_a_partner_where_none_is_called() -> None:
    table = _table(load_variant("auction-pitch"))
    with pytest.raises(TableError, match=r"call\.partner"):
        table.add(TableHand(pitcher="A", partner="B", bid=2,
                            points={"high": ("A",), "low": ("A",), "jack": (), "game": ("A",)}))


def test_a_record_with_a_call_it_may_not_make_names_the_call() -> None:
    from pitchkit.errors import RecordError
    from pitchkit.record import replay_record

    actions = HAND["actions"]
    bad = {**RECORD, "set": {"call.own_card": "not_allowed"},
           "hands": [{**HAND, "actions": [*actions[:actions.index("call JH")], "call AS"]}]}
    with pytest.raises(RecordError, match=r"the call, seat 4: call AS: .*not_allowed"):
        replay_record(bad)
