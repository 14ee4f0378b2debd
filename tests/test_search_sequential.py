"""Sequential sampling in the search bot (settings ``step`` and ``confidence``,
:mod:`pitchkit.bots.sequential`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from pitchkit.bots import parse_bot_spec
from pitchkit.bots.search import SearchBot
from pitchkit.bots.sequential import choice_of, settle, spread, still_open
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Phase
from tests.play_helpers import turns

#: a search of many worlds a decision (about the strong setting's, cheaper play-outs)
MANY = {"samples": 32, "work": 20000}


def searched(variant: str, seeds: int = 1, **settings: Any) -> Iterator[tuple[int, int]]:
    """Whole hands of search bots (``settings``): per searched card decision (one that
    draws worlds), the worlds it drew and its play-outs."""
    rules = load_variant(variant)
    n = rules.players.count
    drawn: list[int] = []
    real = SearchBot.world_rows  # (SearchBot.worlds draws through it too)

    def counting(bot: SearchBot, obs: Any, want: int) -> Any:
        worlds = real(bot, obs, want)
        drawn.append(len(worlds))
        return worlds

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SearchBot, "world_rows", counting)
        for seed in range(seeds):
            game = Game(rules, random.Random(seed))
            bots = [SearchBot(rules, s, random.Random(s), **settings) for s in range(n)]
            for seat, obs, legal in turns(game, 1):
                del drawn[:]
                bots[seat]._played_out = 0
                choice = bots[seat].choose(obs, legal)
                if obs.phase is Phase.PLAY and drawn:
                    yield sum(drawn), bots[seat]._played_out
                game.apply(choice)


def settle_in_numpy(values: np.ndarray, usual: int, margin: float, confidence: float
                    ) -> tuple[int, list[int]]:
    """The definition of :func:`settle` (numpy throughout), as it was before its sums
    were compiled (``sequential.spread``)."""
    n, m = values.shape
    means = (values.sum(axis=0) / n).tolist()
    lead = choice_of(means, usual, margin)
    if n < 2:
        return lead, [j for j in range(m) if j != lead]
    diffs = values[:, lead:lead + 1] - values
    gap = diffs.sum(axis=0) / n
    square = ((diffs - gap) ** 2).sum(axis=0) / ((n - 1) * n)
    return lead, still_open(gap.tolist(), square.tolist(), lead, usual, margin, confidence)


def test_the_compiled_sums_are_numpys_bit_for_bit() -> None:
    """spread's means, gaps and squared errors are numpy's, to the bit, on random values
    and on values of few kinds (ties, alike columns), so settle chooses as its numpy
    definition did on every one (the rivals' tests then read the same floats)."""
    gen = np.random.default_rng(7)
    for trial in range(3000):
        n, m = int(gen.integers(2, 70)), int(gen.integers(2, 9))
        if trial % 3 == 0:
            values = gen.normal(0, 3, (n, m))
        elif trial % 3 == 1:
            values = gen.integers(-4, 5, (n, m)) / 3 + gen.choice([0.0, 10.0], (n, m))
        else:
            values = np.repeat(gen.integers(-2, 3, (n, 1)) * 0.5, m, axis=1)
            values[:, int(gen.integers(m))] += gen.integers(0, 2, n) * 0.25
        usual = int(gen.integers(m))
        margin = float(gen.choice([0.0, 0.25, 0.5]))
        lead = choice_of((values.sum(axis=0) / n).tolist(), usual, margin)
        gaps, squares = np.empty(m), np.empty(m)
        assert spread(values, usual, margin, gaps, squares) == lead
        diffs = values[:, lead:lead + 1] - values
        gap = diffs.sum(axis=0) / n
        assert gaps.tobytes() == gap.tobytes()
        assert squares.tobytes() == (((diffs - gap) ** 2).sum(axis=0)
                                     / ((n - 1) * n)).tobytes()
        for confidence in (1.0, 2.0):
            assert settle(values, usual, margin, confidence) \
                == settle_in_numpy(values, usual, margin, confidence)


def test_settle_stops_where_the_candidates_come_out_alike() -> None:
    """Candidates alike in every world: settled at once, the calibrated bot's card."""
    values = np.tile(np.array([[1.0], [0.0], [-2.0]]), (1, 3))
    assert settle(values, 1, 0.25, 2.0) == (1, [])


def test_settle_keeps_a_close_rival_open_and_settles_a_clear_one() -> None:
    gen = np.random.default_rng(0)
    base = gen.normal(0, 1, 16)
    noise = gen.normal(0, 1, 16)
    # column 0 the calibrated bot's card; 1 is 1.5 points a world better in every world,
    # 2 about as good as 1 but noisy
    values = np.column_stack([base, base + 1.5, base + 1.5 + 2 * noise])
    lead, open_ = settle(values, 0, 0.25, 2.0)
    assert lead in (1, 2)
    assert open_ == [3 - lead]  # the calibrated card is settled, the other not
    # a rival clearly worse is settled too
    values[:, 2] = base - 3
    assert settle(values, 0, 0.25, 2.0) == (1, [])


def test_settle_allows_the_margin() -> None:
    """The calibrated bot's card stands against one better by less than ``margin``;
    a card better by more than ``margin`` in every world takes it."""
    values = np.column_stack([np.zeros(8), np.full(8, 0.2)])
    assert settle(values, 0, 0.25, 2.0) == (0, [])
    assert choice_of([0.0, 0.2], 0, 0.25) == 0
    values[:, 1] = 0.5
    assert settle(values, 0, 0.25, 2.0) == (1, [])


def test_step_spends_fewer_worlds_and_stops_where_settled() -> None:
    """With ``step`` some decisions stop after their first batch, others go on; in all
    they draw fewer worlds than drawing all at once does on the same deals."""
    whole = list(searched("auction-pitch", **MANY))
    steps = list(searched("auction-pitch", step=8, **MANY))
    assert len(whole) >= 10 and len(steps) >= 10
    assert sum(w for w, _ in steps) < sum(w for w, _ in whole)
    assert any(w == 8 for w, _ in steps)  # settled by the first batch
    assert any(w > 8 for w, _ in steps)  # went on


def test_confidence_changes_how_far_a_decision_goes() -> None:
    """More standard errors asked: more worlds searched on the same deals."""
    loose = sum(w for w, _ in searched("auction-pitch", step=8, confidence=0.5, **MANY))
    strict = sum(w for w, _ in searched("auction-pitch", step=8, confidence=8, **MANY))
    assert strict > loose


def test_by_default_a_decision_draws_its_worlds_at_once(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The default (``step=0``) never searches in steps: one draw a decision."""

    def refused(*args: Any) -> int:
        raise AssertionError("searched in steps by default")

    monkeypatch.setattr(SearchBot, "search_in_steps", refused)
    decisions = list(searched("auction-pitch"))
    assert decisions
    bot = SearchBot(load_variant("auction-pitch"), 0, random.Random(0))
    assert bot.step == 0


def test_the_settings_are_parsed_and_checked() -> None:
    spec = parse_bot_spec("search:step=16:confidence=1.5")
    assert dict(spec.settings) == {"step": 16, "confidence": 1.5}
    rules = load_variant("auction-pitch")
    for bad in ({"step": 1}, {"step": -2}, {"confidence": 0}):
        with pytest.raises(ValueError):
            SearchBot(rules, 0, random.Random(0), **bad)

