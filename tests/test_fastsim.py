"""The random-bot fast path (pitchkit.fastsim) plays exactly the engine's games.

Same rules and same seed: the same deals, the same actions in the same order, the same
hand results, scores, money and end, as the engine with a RandomBot in every seat. The
rules are drawn at random from the settings the fast path covers; rules it does not
cover fall back to the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_engine_properties import variants

from pitchkit import fastsim
from pitchkit import simulate as sim
from pitchkit.bots import parse_bots
from pitchkit.bots.random_bot import RandomBot
from pitchkit.errors import PitchkitError
from pitchkit.load import load_variant
from pitchkit.results import Event
from pitchkit.variant import Rules, rules_from_mapping, rules_to_mapping

HANDS = 8


def covered(rules: Rules) -> Rules | None:
    """``rules`` with every setting the fast path does not play set to one it does."""
    data = rules_to_mapping(rules)
    defaults = dict(fastsim._flat(rules_to_mapping(rules_from_mapping({}))))
    for key, _ in fastsim._flat(rules_to_mapping(rules)):
        if not fastsim.covers(key):
            section, name = key.split(".")
            data[section][name] = defaults[key]
    if data["trump"]["chosen_by"] == "turned_card":
        data["trump"]["chosen_by"] = "first_lead"
    if data["auction"]["style"] == "sell":
        data["auction"]["style"] = "one_round"
    data["play"]["never_lead_joker"] = False
    data["scoring"]["method"] = "points"
    data["trump"]["pitched_joker"] = "not_allowed"
    data["points"]["items"] = [item for item in data["points"]["items"]
                               if "joker" not in str(item.get("card", ""))]
    if not data["points"]["items"]:
        data["points"]["items"] = [{"point": "high", "value": 1}]
    try:
        out = rules_from_mapping(data)
    except (PitchkitError, ValueError):
        return None
    per = out.deal.cards_per_hand
    if per != "all" and int(per) * out.players.count > len(out.deck.cards()):
        return None  # the jokers taken out, the deck no longer deals this
    return out


def engine_game(rules: Rules, key: str) -> tuple[Any, bool, list[tuple[Any, Any]]]:
    """The engine's game with random bots, as simulate plays it, and its trace."""
    setup = _setup(rules)
    bots = [RandomBot(rules, seat, random.Random(f"{key}:seat{seat}"))
            for seat in range(rules.players.count)]
    game, cut_off = sim.play_game(setup, key, bots)
    trace: list[tuple[Any, Any]] = []
    for event in game.events:
        assert isinstance(event, Event)
        if event.kind == "deal":
            trace.append(("deal", tuple(event.detail[0])))
        else:
            trace.append((event.seat, event.action))
    return game, cut_off, trace


def _setup(rules: Rules) -> sim.Setup:
    return sim.Setup(rules=rules, seed=1, bots=tuple(parse_bots("random", rules.players.count)),
                     hand_limit=HANDS, endless=sim.is_endless(rules))


def check_same(rules: Rules, key: str) -> None:
    assert fastsim.fallback_reason(rules) is None
    game, _cut_off, trace = engine_game(rules, key)
    setup = _setup(rules)
    fast_trace: fastsim.Trace = []
    fast = fastsim.play_random_game(rules, key, setup.hand_limit, setup.deal_limit,
                                    trace=fast_trace)
    assert fast_trace == trace
    assert fast.hand_results == game.hand_results
    assert fast.outcome == game.outcome
    assert fast.scores == list(game.scores)
    assert fast.hands_played == game.hands_played
    assert fast.settlement() == game.settlement()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants(), st.integers(0, 10**6))
def test_random_rules_play_the_same_games(rules: Rules, seed: int) -> None:
    fast_rules = covered(rules)
    assume(fast_rules is not None)
    assert fast_rules is not None
    check_same(fast_rules, f"{seed}:0")


@pytest.mark.parametrize("name", ["auction-pitch", "money-pitch", "partnership-pitch"])
def test_shipped_variants_play_the_same_games(name: str) -> None:
    rules = load_variant(name)
    assert fastsim.fallback_reason(rules) is None
    for i in range(3):
        check_same(rules, f"7:{i}")


def test_a_shipped_variant_with_a_setting_the_fast_path_lacks_is_played_by_the_engine() -> None:
    """Ten-point pitch has jokers, which the fast path does not play: it falls back,
    and says which setting made it (decided from the rules, not the name)."""
    assert fastsim.fallback_reason(load_variant("ten-point-pitch")) == "deck.jokers"
    assert fastsim.fallback_reason(load_variant("auction-pitch", ["deck.jokers=1"])) \
        == "deck.jokers"


def test_simulate_figures_are_those_of_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_variant("money-pitch")
    fast = sim.simulate(rules, games=6, seed=3, bots="random", hands=30)
    monkeypatch.setattr(sim, "random_fast_path", lambda setup: False)
    slow = sim.simulate(rules, games=6, seed=3, bots="random", hands=30)
    assert fast.to_raw() | {"wall_seconds": 0} == slow.to_raw() | {"wall_seconds": 0}


@pytest.mark.parametrize(("setting", "value"), [
    ("deck.jokers", 1), ("trump.chosen_by", "turned_card"), ("auction.style", "sell"),
    ("play.stages", [3, 3]), ("play.trumps_only", True),
    ("scoring.method", "combinations"), ("deal.kitty", 2), ("deal.weak_hand_below", "T"),
])
def test_rules_it_does_not_cover_fall_back_to_the_engine(setting: str, value: Any) -> None:
    data = rules_to_mapping(load_variant("auction-pitch"))
    section, key = setting.split(".")
    data[section][key] = value
    if setting == "deal.kitty":
        data["draw"]["discard"] = "non_trumps"
    rules = rules_from_mapping(data)
    assert fastsim.fallback_reason(rules) is not None
    setup = sim.Setup(rules=rules, seed=1, bots=tuple(parse_bots("random", 4)),
                      hand_limit=3, endless=False)
    assert not sim.random_fast_path(setup)


def test_only_random_bots_take_the_fast_path() -> None:
    rules = load_variant("auction-pitch")
    mixed = sim.Setup(rules=rules, seed=1, bots=tuple(parse_bots("random,random,random,"
                                                                  "heuristic", 4)),
                      hand_limit=3, endless=False)
    assert not sim.random_fast_path(mixed)
    assert sim.random_fast_path(_setup(rules))


def test_every_covered_setting_is_a_setting() -> None:
    keys = {key for key, _ in fastsim._flat(rules_to_mapping(load_variant("auction-pitch")))}
    for covered_key in fastsim.COVERED:
        if covered_key.endswith("."):
            assert any(key.startswith(covered_key) for key in keys), covered_key
        else:
            assert covered_key in keys, covered_key
