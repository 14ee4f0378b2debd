"""The staged worlds drawn in compiled code (pitchkit.bots.staged_draw, from Python's own
generator mirrored) are the worlds Python draws, draw for draw, and
leave the generator where Python leaves it: on the shipped staged variants and random rule
sets with stages."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from numba import njit

from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.search import SearchBot
from pitchkit.bots.staged import draw_world, staged_setup
from pitchkit.bots.staged_draw import (
    Twister,
    draw_below,
    draw_float,
    mirrors,
    staged_worlds,
)
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase
from pitchkit.seeded import SeededOnUse
from pitchkit.variant import Rules
from tests.play_helpers import turns
from tests.strategies import variants
from tests.test_search_staged import STAGED


class PyRandom(random.Random):
    """``random.Random`` under another name: the staged draws take their Python path."""


@njit  # not cached: numba's cache would not see a change to the draws (another file)
def _draws(mt: np.ndarray, bounds: np.ndarray, out: np.ndarray) -> None:
    for i in range(bounds.shape[0]):
        out[i] = draw_float(mt) if bounds[i] == 0 else draw_below(mt, bounds[i])


@settings(max_examples=20, deadline=None)
@given(st.text(max_size=8), st.lists(st.integers(0, 3000), min_size=1, max_size=1500),
       st.booleans(), st.booleans())
def test_the_twister_draws_what_python_draws(seed: str, bounds: list[int], copy: bool,
                                             later: bool) -> None:
    """random() (a bound of 0) and _randbelow(n), in any order, past the state's 624
    words; and the generator goes on from where the compiled draws left it: drawn from in
    place or from a copy (``copy``), seeded when made or on first use (``later``)."""
    ours = SeededOnUse(seed) if later else random.Random(seed)
    python = random.Random(seed)
    twister = Twister(ours, copy=copy)
    assert twister.copied == copy
    out = np.empty(len(bounds), np.float64)
    _draws(twister.state, np.array(bounds, np.int64), out)
    twister.close()
    below = python._randbelow  # type: ignore[attr-defined]
    expected = [python.random() if b == 0 else below(b) for b in bounds]
    assert out.tolist() == [float(x) for x in expected]
    assert ours.getstate() == python.getstate()
    assert ours.random() == python.random()


def test_the_twister_draws_in_the_generators_own_memory() -> None:
    """On CPython the state is found in place (no copy), and a view outlives no draw:
    two generators' views are their own."""
    one, two = random.Random(1), random.Random(2)
    a, b = Twister(one), Twister(two)
    assert not a.copied and not b.copied
    _draws(a.state, np.zeros(3, np.int64), np.empty(3, np.float64))
    assert one.getstate() != random.Random(1).getstate()
    assert two.getstate() == random.Random(2).getstate()


def test_only_random_randoms_own_draws_are_mirrored() -> None:
    assert mirrors(random.Random(1)) and mirrors(SeededOnUse("a"))
    assert not mirrors(PyRandom(1))


def decisions(rules: Rules, seed: int) -> list[tuple[SearchBot, Observation]]:
    """The search bots' staged decisions (stage choices and cards, trump known) of one
    hand of calibrated bots."""
    n = rules.players.count
    game = Game(rules, random.Random(seed))
    searchers = [SearchBot(rules, s, random.Random(seed + s)) for s in range(n)]
    players = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
    out = []
    for seat, obs, legal in turns(game, 1):
        bot = searchers[seat]
        bot.sight.see(obs)
        if obs.phase in (Phase.PLAY, Phase.SELECT) and obs.trump is not None and bot._staged:
            out.append((bot, obs))
        game.apply(players[seat].choose(obs, legal))
    return out


def check_hand(rules: Rules, seed: int) -> int:
    """At every staged decision: up to 4 worlds drawn compiled and in Python (each world
    by :func:`~pitchkit.bots.staged.draw_world`) from generators of one seed, the same
    worlds and the generators left alike. The worlds checked."""
    n = rules.players.count
    checked = 0
    for index, (bot, obs) in enumerate(decisions(rules, seed)):
        setup = staged_setup(bot.table, obs, bot.sight.held)
        fast, slow = random.Random(seed + index), PyRandom(seed + index)
        worlds = staged_worlds(setup, n, 4, fast)
        expected = []
        for _ in range(4 if setup is not None else 0):
            world = draw_world(setup, n, slow)  # type: ignore[arg-type]
            if world is None:
                break
            expected.append(world)
        assert worlds == expected
        assert fast.getstate() == slow.getstate()
        assert staged_worlds(setup, n, 4, PyRandom(seed + index)) == expected
        checked += len(worlds)
    return checked


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(STAGED), st.integers(0, 2**31))
def test_staged_worlds_compiled_are_pythons(variant: str, seed: int) -> None:
    assert check_hand(load_variant(variant), seed) >= 20


@settings(max_examples=5, deadline=None)
@given(variants(focus="play.stages"), st.integers(0, 2**31))
def test_staged_worlds_of_random_rules_are_pythons(rules: Rules, seed: int) -> None:
    assume(rules.play.stages and not rules.play.trumps_only)
    check_hand(rules, seed)
