"""``search:playout=heuristic``: every seat of a batched play-out plays the heuristic's card
play (pitchkit.bots.thumb.wise_lead and wise_follow), card for card what
HeuristicBot.play_cards plays seeing what that seat would see, on positions of the
shipped variants whose play-outs are batched, trumps-only play (seats that fold sit out)
included, and of random trumps-only rule sets; and the setting changes the search's
play-outs and choices."""

from __future__ import annotations

import random
from unittest import mock

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pitchkit.bots.batch import play_outs
from pitchkit.bots.heuristic import HeuristicBot, know
from pitchkit.bots.search import SearchBot, batch_tables, heuristic_tables
from pitchkit.fold import seating
from pitchkit.load import load_variant, shipped_variants
from pitchkit.plan import rules_plan
from pitchkit.results import Observation, PlayView
from pitchkit.tricks import (
    legal_follows,
    legal_leads,
    tables_for,
    trick_winner,
    trick_winner_suit_led,
)
from pitchkit.variant import Rules
from tests.strategies import variants
from tests.test_search_playouts import play_positions


def replayed(rules: Rules, bot: SearchBot, obs: Observation, world: list[int],
             cards: list[int]) -> tuple[int, int]:
    """Replay one play-out (``cards``: its cards in order, the candidate first; -1 after
    a trumps-only row's last) from ``obs`` in ``world``, asking the heuristic of each seat
    at each card with a choice after the candidate: it must play the play-out's card. In
    trumps-only play each trick is played by the seats still holding cards, as the engine
    seats them (:func:`pitchkit.fold.seating`). The cards checked, and of those the ones
    played to a trick of fewer seats than the table's."""
    trump = obs.trump
    assert trump is not None
    t = tables_for(rules, trump)
    play = rules_plan(rules).play
    led_only = trick_winner_suit_led(rules)
    heuristics = [HeuristicBot(rules, s, random.Random(0)) for s in range(len(world))]
    nxt, size = bot.seating_of(obs)
    hands, captured, trick = list(world), list(obs.captured), list(obs.trick)
    if play.trumps_only:
        # the trick on the table is played by the seats that held cards at its start
        at_start = list(hands)
        for s, c in trick:
            at_start[s] |= 1 << c
        fold = seating(at_start, bot.table.next_seat, trick[0][0] if trick else obs.seat)
        nxt, size = fold.next_seat, fold.size
    seat, checked, fewer = obs.seat, 0, 0
    cards = [c for c in cards if c >= 0]
    for step, card in enumerate(cards):
        if step:
            hand = hands[seat]
            legal = (legal_follows(hand, t.effective_suit[trick[0][1]], t, play.following)
                     if trick else
                     legal_leads(hand, t, never_lead_joker=play.never_lead_joker))
            if legal & (legal - 1):
                view = PlayView(seat=seat, hand=hand, reserve=0, trump=trump,
                                trick=tuple(trick), finished=(), captured=captured, stage=0,
                                team_of=obs.team_of)
                assert heuristics[seat].play_cards(view, legal) == card, (step, seat)
                checked += 1
                fewer += size < len(world)
        hands[seat] ^= 1 << card
        trick.append((seat, card))
        if len(trick) == size:
            won = trick[trick_winner([c for _, c in trick], t, led_only)]
            seat = won[0]
            for _, c in trick:
                captured[seat] |= 1 << c
            trick = []
            if play.trumps_only:
                fold = seating(hands, bot.table.next_seat, seat)
                nxt, size, seat = fold.next_seat, fold.size, fold.leader
        else:
            seat = nxt[seat]
    assert not any(hands)
    return checked, fewer


def check_rules(rules: Rules, seed: int, hands: int) -> tuple[int, int]:
    """Every legal card played out by ``playout=heuristic`` on two worlds of each
    position of :func:`play_positions`, each play-out replayed (:func:`replayed`). The
    cards checked, and of those the ones played to a trick of fewer seats."""
    checked = fewer = 0
    for bot, obs, legal in play_positions(rules, seed, hands, playout="heuristic"):
        if obs.trump is None or len(legal) < 2 or legal[0] >= 54:
            continue
        assert bot._wise is not None
        worlds = bot.worlds(obs, 2)
        if not worlds:
            continue
        nxt, size = bot.seating_of(obs)
        batch = play_outs(batch_tables(rules, obs.trump)[0], worlds, legal, obs.seat,
                          obs.trick, obs.captured, obs.tricks_won, obs.team_of, nxt, size,
                          trace=True, wise=heuristic_tables(rules, obs.trump))
        assert batch.trace is not None
        for w, world in enumerate(worlds):
            for c in range(len(legal)):
                row = w * len(legal) + c
                cards = [step[row] for step in batch.trace]
                more, short = replayed(rules, bot, obs, list(world), cards)
                checked, fewer = checked + more, fewer + short
    return checked, fewer


def modelled(rules: Rules) -> bool:
    """Whether the heuristic's play-outs of ``rules`` are batched (no stages) and its
    heuristic never plays to stop a sweep (``scoring.all_points_wins_game``: the
    play-outs do not model that rule)."""
    return not rules.play.stages and not know(rules).all_points_wins_game


def batched_variants() -> list[str]:
    """The shipped variants :func:`modelled`."""
    return [name for name, _ in shipped_variants() if modelled(load_variant(name))]


@pytest.mark.parametrize("name", batched_variants())
def test_heuristic_playouts_play_the_heuristics_cards(name: str) -> None:
    rules = load_variant(name)
    checked, fewer = check_rules(rules, seed=3, hands=2)
    assert checked > 20
    if rules.play.trumps_only:
        # seats fold: cards played to tricks of fewer seats are checked too
        assert fewer > 10


@settings(max_examples=30, deadline=None)
@given(rules=variants(focus="play.trumps_only"), seed=st.integers(0, 2**32))
def test_trumps_only_heuristic_playouts_on_random_rules(rules: Rules, seed: int) -> None:
    """Trumps-only play (seats that fold sit out) on random rule sets: the heuristic's
    cards, card for card."""
    assume(modelled(rules))
    check_rules(rules, seed, hands=1)


@settings(max_examples=30, deadline=None)
@given(rules=variants(focus="auction.alone"), seed=st.integers(0, 2**32))
def test_alone_heuristic_playouts_on_random_rules(rules: Rules, seed: int) -> None:
    """A pitcher gone alone (``auction.alone``: its partners sit out, tricks of fewer
    seats) on random rule sets: the heuristic's cards, card for card (it is last to a
    trick at the table's last place only, as it counts)."""
    assume(modelled(rules))
    check_rules(rules, seed, hands=2)


@pytest.mark.parametrize("name", ["auction-pitch", "pidro"])
def test_the_setting_changes_the_search(name: str) -> None:
    """The same positions searched with ``playout=heuristic`` and by rule of thumb: some
    play-outs differ, and so does a choice (the setting is not ignored, in trumps-only
    play neither)."""
    rules = load_variant(name)
    differ = chosen_differ = 0
    with mock.patch("pitchkit.bots.calibrated.calibration_for", lambda rules: None):
        for bot, obs, legal in play_positions(rules, 7, 3, playout="heuristic"):
            if obs.trump is None or len(legal) < 2:
                continue
            other = SearchBot(rules, obs.seat, random.Random(0))
            worlds = bot.worlds(obs, 8)
            if len(worlds) < 2:
                continue
            thumb = other.search_batched(obs, worlds, list(legal))
            wise = bot.search_batched(obs, worlds, list(legal))
            differ += thumb != wise
            chosen_differ += max(thumb, key=thumb.__getitem__) != max(wise, key=wise.__getitem__)
    assert differ > 10
    assert chosen_differ > 0


def test_refused_where_played_exactly() -> None:
    rules = load_variant("auction-pitch")
    with pytest.raises(ValueError, match="exact"):
        SearchBot(rules, 0, random.Random(0), playout="heuristic", exact=2)



@pytest.mark.parametrize("dearest", [False, True])
def test_a_tie_of_rank_goes_to_the_lower_card_whatever_the_relabelled_order(
        dearest: bool) -> None:
    """The kernels read cards in the search's relabelled order (by what it prices them
    at); the heuristic, of two cards of one rank or power, takes the lower card. So the
    heuristic's tables carry the card in their low bits (``value * TIE + card``) and the
    kernels' picks honour it, the cheapest and the dearest alike: here relabelled card 3
    is card 53 and relabelled card 5 is card 52, of one rank (a rule set hypothesis
    found, 2026-12-05, led the little joker where the heuristic led the big one)."""
    from pitchkit.bots import thumb

    rank = np.zeros((2, 54), np.intp)
    power = np.zeros(54, np.intp)
    for index, card in ((3, 53), (5, 52)):
        rank[0, index] = rank[1, index] = 19 * thumb.TIE + card
        power[index] = 111 * thumb.TIE + card
    both = np.uint64((1 << 3) | (1 << 5))
    assert thumb._cheapest(both, np.uint64(0), rank, dearest) == 1 << 5
    cost = np.zeros((2, 54), np.float64)
    assert thumb._dearest(both, np.uint64(0), cost, power) == 1 << 5
    # and a higher rank still wins the dearest pick, a lower the cheapest
    rank[0, 3] = rank[1, 3] = (20 if dearest else 18) * thumb.TIE + 53
    assert thumb._cheapest(both, np.uint64(0), rank, dearest) == 1 << 3


def test_the_heuristics_tables_carry_the_card_in_their_low_bits() -> None:
    """:func:`pitchkit.bots.batch.wise_tables`: rank and power ``* TIE + card``."""
    from pitchkit.bots import thumb

    rules = load_variant("auction-pitch")
    tab = batch_tables(rules, 0)[0]
    wise = heuristic_tables(rules, 0)
    play = know(rules).play_tables[0]
    for index, card in enumerate(tab.card_of):
        assert wise.rank[0, index] == play[7][card] * thumb.TIE + card
        assert wise.power[index] == play[1][card] * thumb.TIE + card
