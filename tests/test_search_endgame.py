"""The exact play of a play-out's last tricks (pitchkit.bots.endgame): batched
(pitchkit.bots.batch, ``exact``) it is the plain-Python max^n of
:func:`pitchkit.bots.endgame.solve`, line and values, on random positions of every shipped
variant and of random rule sets; and it plays better than the rule of thumb where that
errs."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots.batch import Batch, BatchScore, play_outs, unlabelled
from pitchkit.bots.endgame import Line, back_up, solve
from pitchkit.bots.quickscore import QuickScore
from pitchkit.bots.search import SearchBot, batch_tables, end_tables
from pitchkit.cards import card_name, mask_of, parse_card
from pitchkit.load import load_variant, shipped_variants
from pitchkit.results import Observation
from pitchkit.scoring import scoring_plan
from pitchkit.variant import Rules
from tests.strategies import variants
from tests.test_search_batch import batched, partnership_alone
from tests.test_search_playouts import play_positions


def check_position(bot: SearchBot, obs: Observation, legal: Sequence[int]) -> int:
    """Every legal card played out exactly (the bot's ``exact``) in up to three of the
    bot's worlds, one by one and batched: the same value, and the line the batch
    chooses ends as the plain-Python one does (captures, tricks, last trick, every
    seat's values). The play-outs played exactly."""
    found = batched(bot, obs, legal)
    if found is None:
        return 0
    worlds, dealt, tab, game_points, batch = found
    cards = list(legal)
    quick = bot.quick_score(obs)
    score = BatchScore(quick, tab, game_points, seat_scores=bot.seat_scores(obs, quick))
    values = score.values(batch, dealt, len(cards))
    if batch.root is None:
        ends = np.arange(len(values))
        by_seat = None
    else:
        by_seat, ends = back_up(batch.tree, score.seat_values(batch, dealt, len(cards)))
    exact = 0
    for w, world in enumerate(worlds):
        for c, card in enumerate(cards):
            row = w * len(cards) + c
            lines: list[Line] = []
            solved = bot.play_exactly

            def kept(*args: Any, solved: Any = solved, lines: list[Line] = lines) -> Line:
                line: Line = solved(*args)
                lines.append(line)
                return line

            bot.play_exactly = kept  # type: ignore[method-assign, assignment]
            try:
                value = bot.play_card_out(obs, list(world), dealt[w], card, quick)
            finally:
                del bot.play_exactly
            assert values[row] == value
            if not lines:
                continue
            exact += 1
            seat_values, captured, tricks_won, last = lines[0]
            end = int(ends[row])
            assert unlabelled(tab, batch.captured[end]) == captured
            assert batch.tricks_won[end].tolist() == tricks_won
            assert int(batch.last[end]) == last
            if by_seat is not None:
                assert by_seat[row].tolist() == seat_values
    return exact


def check_game(rules: Rules, seed: int, hands: int, exact: int = 2) -> int:
    """:func:`check_position` at each card with a choice where the search bot batches its
    play-outs. The play-outs played exactly."""
    checked = 0
    for bot, obs, legal in play_positions(rules, seed, hands, exact=exact):
        if obs.trump is not None and len(legal) > 1 and bot._batched and legal[0] < 54:
            checked += check_position(bot, obs, legal)
    return checked


@pytest.mark.parametrize("name", [name for name, _ in shipped_variants()])
def test_batched_exact_play_is_the_plain_max_n_on_every_shipped_variant(name: str) -> None:
    rules = load_variant(name)
    if rules.play.stages or rules.play.trumps_only:
        pytest.skip("exact play applies where the play-outs are batched")
    assert check_game(rules, 11, hands=1) > 10


def test_three_tricks_exactly() -> None:
    assert check_game(load_variant("auction-pitch"), 12, hands=1, exact=3) > 10


def test_exact_play_with_the_pitchers_partner_sitting_out() -> None:
    """auction.alone: the pitcher's partner sits out: tricks of three, played exactly."""
    assert check_game(partnership_alone(), 5, hands=4) > 20


@settings(max_examples=20, deadline=None)
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_batched_exact_play_is_the_plain_max_n_on_random_rules(rules: Rules,
                                                                seed: int) -> None:
    """Two tricks (three at six seats is some 46,000 lines a play-out in plain Python)."""
    if rules.play.stages or rules.play.trumps_only:
        return
    check_game(rules, seed, hands=1)


def test_a_seat_that_ducks_the_first_trick_wins_the_last_where_the_rule_of_thumb_does_not(
        ) -> None:
    """Auction pitch, spades trump, two tricks left; seat 0 (pitcher, bid 2) leads the 9
    of clubs. Seat 1 holds the 4 of spades and the 6 of diamonds, and is the only seat
    with a choice (seat 2 must follow with the 8 of clubs, seat 3 with the 2; seat 0's
    last card is the 3 of spades). The rule of thumb takes the trick with the 4 of spades
    (high: 1 point), and seat 0's 3 of spades takes the last trick (low, and game with
    the king of diamonds). Played exactly, seat 1 throws the 6 of diamonds and takes the
    last trick with the 4 of spades over the 3: high, low and game, and seat 0 is set."""
    rules = load_variant("auction-pitch")
    plan = scoring_plan(rules)
    spades = 0
    tab, game_points = batch_tables(rules, spades)
    quick = [QuickScore(rules, plan, spades, 3, (0, 1, 2, 3), 0, 2, False, (0, 0, 0, 0), s)
             for s in range(4)]
    world = [mask_of(map(parse_card, cards)) for cards in
             (("3S", "9C"), ("4S", "6D"), ("8H", "8C"), ("KD", "2C"))]
    lead = parse_card("9C")

    def play(exact: int) -> Batch:
        return play_outs(tab, [world], [lead], 0, [], [0] * 4, [0] * 4, (0, 1, 2, 3),
                         (1, 2, 3, 0), 4, trace=True, exact=exact)

    thumb = play(0)
    assert thumb.trace is not None
    assert [card_name(step[0]) for step in thumb.trace] == [
        "9C", "4S", "8C", "2C", "6D", "8H", "KD", "3S"]
    assert BatchScore(quick[1], tab, game_points).values(thumb, [world], 1)[0] == 1 - 2 / 3
    exactly = play(2)
    score = BatchScore(quick[1], tab, game_points, seat_scores=quick)
    by_seat, leaf = back_up(exactly.tree, score.seat_values(exactly, [world], 1))
    captured = unlabelled(tab, exactly.captured[int(leaf[0])])
    assert captured[0] == mask_of(map(parse_card, ("9C", "6D", "8C", "2C")))
    assert captured[1] == mask_of(map(parse_card, ("3S", "4S", "8H", "KD")))
    # seat 1 scores 3; seat 0 is set back its bid of 2
    assert by_seat[0, 1] == 3 + 2 / 3
    assert score.values(exactly, [world], 1)[0] == 3 + 2 / 3
    # the plain-Python definition plays the same line
    tables = end_tables(rules, spades)

    def judge(taken: list[int], wins: list[int], last: int) -> list[float]:
        return [q.value(world, taken, wins, last) for q in quick]

    hands = list(world)
    hands[0] ^= 1 << lead
    clubs = tables.tables.effective_suit[lead]
    line = solve(tables, judge, (1, 2, 3, 0), 4, hands, 1, 1, clubs, 0,
                 tables.keys_by_led[clubs][lead], 1 << lead, [0] * 4, [0] * 4, -1)
    assert line[1][:2] == captured[:2] and line[0] == by_seat[0].tolist()


def test_one_trick_exactly_is_refused_as_it_would_change_nothing() -> None:
    with pytest.raises(ValueError, match="1 would change nothing"):
        SearchBot(load_variant("auction-pitch"), 0, random.Random(1), exact=1)


def test_exact_play_is_refused_where_the_play_outs_are_not_batched() -> None:
    with pytest.raises(ValueError, match="exact applies only"):
        SearchBot(load_variant("auction-pitch"), 0, random.Random(1), exact=2,
                  playout="careful")
