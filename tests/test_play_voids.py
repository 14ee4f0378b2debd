"""The engine's record of the voids each seat showed (``PlayState.voids``) is
``tricks.trick_voids`` read over the tricks finished this hand (this stage, in staged
play), at every card of random games: on every shipped variant and on random rule sets.
The record is kept card by card in ``pitchkit.play.step`` (a marked faster copy); the
bots read it instead of reading the tricks again, so a slip in the bookkeeping (a void
not added, a stage's voids kept into the next, a view showing another list) fails here.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import variants

from pitchkit.actions import select_action
from pitchkit.engine import Game, Phase
from pitchkit.load import load_variant, shipped_variants
from pitchkit.tricks import (
    ANY_CARD,
    FOLLOW_OR_TRUMP,
    FOLLOWING_CODE,
    MUST_FOLLOW,
    MUST_FOLLOW_THEN_TRUMP,
    tables_for,
    trick_voids,
)
from pitchkit.variant import Rules


def derived_voids(game: Game, rules: Rules, first: int) -> list[int]:
    """Per seat, the voids the tricks finished this hand from trick ``first`` on show,
    by the definition."""
    state = game.play_state
    out = [0] * game.n
    if game.trump is None:
        return out
    tables = tables_for(rules, game.trump)
    following = FOLLOWING_CODE[rules.play.following]
    for i, (leader, cards, _) in enumerate(state.tricks):
        if i < first:
            continue
        step = state.trick_nexts[i] if state.trick_nexts else state.next_active
        plays, seat = [], leader
        for card in cards:
            plays.append((seat, card))
            seat = step[seat]
        trick_voids(out, plays, tables, following)
    return out


def check_games(rules: Rules, seed: int, hands: int = 3) -> int:
    """Random games of ``rules``: the record against the definition at every card and
    in every view of it; the number of voids seen shown (some games show none)."""
    rng = random.Random(seed)
    game = Game(rules, random.Random(seed + 1))
    shown = 0
    for _ in range(hands):
        if game.phase is Phase.OVER:
            break
        game.deal_random()
        first = 0  # the first trick of this stage (staged play), by counting here
        while game.phase not in (Phase.DEAL, Phase.OVER):
            if game.phase is Phase.SELECT:
                first = len(game.play_state.tricks)
                game.apply(select_action(rng.sample(game.legal_actions(), game.select_count)))
                continue
            if game.phase is Phase.PLAY:
                want = derived_voids(game, rules, first)
                assert game.play_state.voids == want
                seat = game.to_act
                assert seat is not None
                assert list(game.play_view(seat).voids) == want
                assert list(game.observation(seat).voids) == want
                shown += sum(1 for v in want if v)
            game._apply_random(rng)
    return shown


@pytest.mark.parametrize("name", [name for name, _ in shipped_variants()])
def test_the_voids_record_is_the_definition_on_shipped_variants(name: str) -> None:
    rules = load_variant(name)
    shown = sum(check_games(rules, seed) for seed in range(4))
    if FOLLOWING_CODE[rules.play.following] != ANY_CARD and not rules.play.trumps_only:
        assert shown  # random play shows voids: the record was exercised (in
        # trumps-only play every card after the first trick is a trump)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_the_voids_record_is_the_definition_on_random_rules(rules: Rules, seed: int) -> None:
    check_games(rules, seed)


def test_trick_voids_reads_the_rule_of_following() -> None:
    """One trick, suit 2 trump: seat 1 follows the suit led, seat 2 trumps, seat 3
    plays a third suit."""
    trump = 2
    tables = tables_for(load_variant("auction-pitch"), trump)
    suit, masks = tables.effective_suit, tables.suit_masks
    lead = next(c for c in range(52) if suit[c] != trump)
    follow = next(c for c in range(52) if suit[c] == suit[lead] and c != lead)
    ruff = next(c for c in range(52) if suit[c] == trump)
    other = next(c for c in range(52) if suit[c] not in (trump, suit[lead]))
    plays = [(0, lead), (1, follow), (2, ruff), (3, other)]
    led = masks[suit[lead]]
    for following, want in (
            (FOLLOW_OR_TRUMP, [0, 0, 0, led]),
            (MUST_FOLLOW, [0, 0, led, led]),
            (MUST_FOLLOW_THEN_TRUMP, [0, 0, led, led | masks[trump]]),
            (ANY_CARD, [0, 0, 0, 0])):
        out = [0] * 4
        trick_voids(out, plays, tables, following)
        assert out == want, following
