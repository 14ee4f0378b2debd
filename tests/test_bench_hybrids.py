"""The hybrids of ``benchmarks/search_hybrids.py``: the searching half is ``search`` with
the settings given, or the ``strong`` bot with ``searcher=strong``."""

from __future__ import annotations

import random

import pytest

from pitchkit.bots.strong import StrongBot
from pitchkit.load import load_variant
from tests.bench_helpers import load_benchmark

HYBRIDS = load_benchmark("search_hybrids")


@pytest.mark.parametrize("variant", ["pidro", "auction-pitch"])
def test_searcher_strong_is_the_strong_bot(variant: str) -> None:
    rules = load_variant(variant)
    hybrid = HYBRIDS.MonteCarloPlay(rules, 1, random.Random(3), searcher="strong")
    strong = StrongBot(rules, 1, random.Random(3))
    for name in ("samples", "work", "step", "margin"):
        assert getattr(hybrid.search, name) == getattr(strong, name), name
    # its play-outs (the heuristic's, or the rule of thumb's where only trumps are played)
    assert (hybrid.search._wise is None) == (strong._wise is None)
    assert type(hybrid.search) is type(strong)


def test_searcher_search_takes_the_settings_given() -> None:
    rules = load_variant("pidro")
    hybrid = HYBRIDS.MonteCarloBids(rules, 0, random.Random(3), samples=7)
    assert hybrid.search.samples == 7
    assert hybrid.search.work != StrongBot(rules, 0, random.Random(3)).work


def test_searcher_unknown_is_refused() -> None:
    with pytest.raises(ValueError, match="searcher must be search or strong"):
        HYBRIDS.MonteCarloAuction(load_variant("pidro"), 0, random.Random(3),
                                  searcher="montecarlo")
