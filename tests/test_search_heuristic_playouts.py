"""``search:playout=heuristic``: every seat of a batched play-out plays the heuristic's card
play (pitchkit.bots.thumb.wise_lead and wise_follow), card for card what
HeuristicBot.play_cards plays seeing what that seat would see, on positions of the
shipped variants whose play-outs are batched; and the setting changes the search's
play-outs and choices."""

from __future__ import annotations

import random
from unittest import mock

import pytest

from pitchkit.bots.batch import play_outs
from pitchkit.bots.heuristic import HeuristicBot, know
from pitchkit.bots.search import SearchBot, batch_tables, heuristic_tables
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
from tests.test_search_playouts import play_positions


def replayed(rules: Rules, bot: SearchBot, obs: Observation, world: list[int],
             cards: list[int]) -> int:
    """Replay one play-out (``cards``: its cards in order, the candidate first) from
    ``obs`` in ``world``, asking the heuristic of each seat at each card with a choice
    after the candidate: it must play the play-out's card. The cards checked."""
    trump = obs.trump
    assert trump is not None
    t = tables_for(rules, trump)
    play = rules_plan(rules).play
    led_only = trick_winner_suit_led(rules)
    heuristics = [HeuristicBot(rules, s, random.Random(0)) for s in range(len(world))]
    nxt, size = bot.seating_of(obs)
    hands, captured, trick = list(world), list(obs.captured), list(obs.trick)
    seat, checked = obs.seat, 0
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
        hands[seat] ^= 1 << card
        trick.append((seat, card))
        if len(trick) == size:
            won = trick[trick_winner([c for _, c in trick], t, led_only)]
            seat = won[0]
            for _, c in trick:
                captured[seat] |= 1 << c
            trick = []
        else:
            seat = nxt[seat]
    assert not any(hands)
    return checked


def check_variant(name: str, seed: int, hands: int) -> int:
    """Every legal card played out by ``playout=heuristic`` on two worlds of each
    position of :func:`play_positions`, each play-out replayed (:func:`replayed`). The
    cards checked."""
    rules = load_variant(name)
    checked = 0
    for bot, obs, legal in play_positions(rules, seed, hands, playout="heuristic"):
        if obs.trump is None or len(legal) < 2 or legal[0] >= 54:
            continue
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
                checked += replayed(rules, bot, obs, list(world), cards)
    return checked


def batched_variants() -> list[str]:
    """The shipped variants whose play-outs are batched (no stages, not trumps only) and
    whose heuristic never plays to stop a sweep (``scoring.all_points_wins_game``: the
    play-outs do not model that rule)."""
    out = []
    for name, _ in shipped_variants():
        rules = load_variant(name)
        if (not rules.play.stages and not rules.play.trumps_only
                and not know(rules).all_points_wins_game):
            out.append(name)
    return out


@pytest.mark.parametrize("name", batched_variants())
def test_heuristic_playouts_play_the_heuristics_cards(name: str) -> None:
    assert check_variant(name, seed=3, hands=2) > 20


def test_the_setting_changes_the_search() -> None:
    """The same positions searched with ``playout=heuristic`` and by rule of thumb: some
    play-outs differ, and so does a choice (the setting is not ignored)."""
    rules = load_variant("auction-pitch")
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
