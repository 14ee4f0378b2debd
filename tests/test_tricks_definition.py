"""tricks is the one definition of legal play and of the trick winner.

The engine keeps faster copies on its hot path (the follow rule inlined in
``pitchkit.play.step``, the trick winner kept up to date card by card); these properties prove
them equal to ``tricks.legal_leads``, ``tricks.legal_follows`` and ``tricks.trick_winner``
at every decision of random games under random variants.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import variants

from pitchkit.actions import select_action
from pitchkit.engine import Game, Phase
from pitchkit.tricks import (
    FOLLOWING_CODE,
    NO_SUIT,
    legal_follows,
    legal_leads,
    tables_for,
    trick_winner,
    trick_winner_suit_led,
)
from pitchkit.variant import Rules


def definition_legal(game: Game, rules: Rules) -> int:
    """The legal cards of the seat to act, from tricks alone and the game's public state."""
    seat = game.to_act
    assert seat is not None
    hand = game.hands[seat]
    tables = None if game.trump is None else tables_for(rules, game.trump)
    if not game.play_state.trick:
        first = not game.play_state.tricks and rules.play.first_lead_must_be_trump
        return legal_leads(
            hand, tables, first,
            joker_may_set_trump=rules.trump.pitched_joker.value == "makes_spades",
            never_lead_joker=rules.play.never_lead_joker)
    led = NO_SUIT if tables is None else tables.effective_suit[game.play_state.trick[0]]
    return legal_follows(hand, led, tables, FOLLOWING_CODE[rules.play.following])


def check_tricks(game: Game, rules: Rules) -> None:
    """Every finished trick went to tricks.trick_winner's choice."""
    if game.trump is None:
        return
    tables = tables_for(rules, game.trump)
    for i, (leader, cards, winner) in enumerate(game.play_state.tricks):
        nexts = game.play_state.trick_nexts  # trumps only: the seating of each trick
        # the hand's seating: every seat, or all but a lone pitcher's partners
        step = nexts[i] if nexts else game.play_state.next_active
        seat = leader
        for _ in range(trick_winner(cards, tables, trick_winner_suit_led(rules))):
            seat = step[seat]
        assert seat == winner, (cards, game.trump)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_engine_legal_play_and_trick_winner_are_the_tricks_definition(
        rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(rules, random.Random(seed + 1))
    for _ in range(3):  # hands
        if game.phase is Phase.OVER:
            break
        game.deal_random()
        while game.phase not in (Phase.DEAL, Phase.OVER):
            if game.phase is Phase.PLAY:
                # the engine's cached mask (set by the inlined copy after each card)
                assert game.legal_mask() == definition_legal(game, rules)
            elif game.phase is Phase.SELECT:
                game.apply(select_action(rng.sample(game.legal_actions(), game.select_count)))
                continue
            if game.phase is Phase.PLAY and game.play_state.tricks and not game.play_state.trick:
                check_tricks(game, rules)
            game._apply_random(rng)
        if game.hand_results and not game.hand_results[-1].thrown_in:
            check_tricks(game, rules)
