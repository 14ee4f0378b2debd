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

from pitchkit import fastsim, schema
from pitchkit import simulate as sim
from pitchkit.bots import parse_bots
from pitchkit.bots.random_bot import RandomBot
from pitchkit.checks import check_rules
from pitchkit.load import load_schema, load_variant
from pitchkit.results import Event
from pitchkit.stats import hand_key
from pitchkit.tricks import FOLLOWING_CODE, legal_follows, trump_tables
from pitchkit.variant import Rules, rules_from_mapping, rules_to_mapping

HANDS = 8


#: every setting's default, by key (the schema's)
DEFAULTS = {key: spec["default"] for key, spec in schema.settings()}


def covered(rules: Rules) -> Rules | None:
    """``rules`` with each setting that sends the game to the engine back at its default:
    the one that :func:`fastsim.fallback_reason` (the engine's own test) names, until it
    names none, and then each problem the validator finds repaired the same way (a
    setting it names back at its default, an item it names out of its list); None when
    the validator names only settings already at their defaults."""
    for _ in range(len(DEFAULTS) + 20):  # each pass puts a setting back or drops an item
        reason = fastsim.fallback_reason(rules)
        if reason is not None:
            key = ".".join(reason.partition(":")[0].split(".")[:2])
            rules = rules.with_settings({key: DEFAULTS[key]})
            continue
        finding = next((f for f in check_rules(rules) if not f.note), None)
        if finding is None:
            return rules
        for path in finding.paths:
            key, _, index = path.partition("[")
            section, _, name = key.partition(".")
            value = rules_to_mapping(rules).get(section, {}).get(name, DEFAULTS.get(key))
            if index and isinstance(value, list) and len(value) > 1:
                value = [v for i, v in enumerate(value) if i != int(index[:-1])]
                rules = rules.with_settings({key: value})
                break
            if key in DEFAULTS and value != DEFAULTS[key]:
                rules = rules.with_settings({key: DEFAULTS[key]})
                break
        else:
            return None
    raise AssertionError(f"no end to the repair of {rules}")


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
    # what the statistics read of each hand, and the scores after each deal
    assert fast.hand_keys == [hand_key(h) for h in game.hand_results if not h.thrown_in]
    assert fast.scores_after == [h.scores for h in game.hand_results]
    assert fast.thrown_in == sum(h.thrown_in for h in game.hand_results)
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
    keys = {".".join(key.split(".")[:2])
            for key, _ in fastsim._flat(rules_to_mapping(load_variant("auction-pitch")))}
    assert sorted(fastsim.COVERED - keys) == []


def test_a_setting_the_fast_path_does_not_list_falls_back_and_plays_the_engines_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A new setting is played by the engine until fastsim lists it: taken off the list,
    auction.opening_max_bid (a cap on the first bid) sends the games to the engine, and
    simulate's figures are the engine's."""
    monkeypatch.setattr(fastsim, "COVERED", fastsim.COVERED - {"auction.opening_max_bid"})
    rules = load_variant("auction-pitch", ["auction.pitch_to_bid=false",
                                           "auction.opening_max_bid=2"])
    assert fastsim.fallback_reason(rules) == "auction.opening_max_bid"
    assert not sim.random_fast_path(_setup(rules))
    at_default = load_variant("auction-pitch", ["auction.pitch_to_bid=false",
                                                "auction.opening_max_bid=null"])
    assert fastsim.fallback_reason(at_default) is None  # unlisted, but at its default
    fast = sim.simulate(rules, games=6, seed=3, bots="random")
    monkeypatch.setattr(sim, "random_fast_path", lambda setup: False)
    engine = sim.simulate(rules, games=6, seed=3, bots="random")
    assert fast.to_raw() | {"wall_seconds": 0} == engine.to_raw() | {"wall_seconds": 0}


def test_every_setting_not_listed_falls_back_away_from_its_default() -> None:
    """Derived from the rules' keys, so a setting added later is checked too: any value
    but the default of a setting fastsim does not list sends the game to the engine."""
    defaults = rules_to_mapping(rules_from_mapping({}))
    unlisted = sorted({".".join(key.split(".")[:2]) for key, _ in fastsim._flat(defaults)}
                      - fastsim.COVERED)
    assert "auction.alone" in unlisted
    for key in unlisted:
        section, name = key.split(".")
        data = rules_to_mapping(rules_from_mapping({}))
        default = data[section][name]
        spec = load_schema()["properties"][section]["properties"][name]
        data[section][name] = _another_value(default, spec)
        rules = rules_from_mapping(data)
        assert rules != rules_from_mapping({}), key
        assert fastsim.fallback_reason(rules) is not None, key


def _another_value(default: Any, spec: dict[str, Any]) -> Any:
    """A value of a setting's type other than ``default`` (meaning need not be valid:
    fallback_reason reads only the mapping)."""
    if "enum" in spec:
        return next(v for v in spec["enum"] if v != default)
    if isinstance(default, bool):
        return not default
    if isinstance(default, int):
        return default + 1
    if isinstance(default, list):
        return [*default, 3] if all(isinstance(v, int) for v in default) else default[:-1]
    if default is None:
        return "A"
    return default


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(FOLLOWING_CODE.values())), st.booleans(), st.booleans(),
       st.integers(0, 3), st.integers(0, 3), st.integers(0, (1 << 52) - 1))
def test_the_follow_suits_allow_what_legal_follows_allows(
        following: int, jick: bool, off_five: bool, trump: int, led: int, hand: int) -> None:
    # fastsim._follow_suits, as the play loop applies it (_follow_indexes into a hand's
    # _unions of masks by effective suit, as _suit_masks answers them), is a marked copy
    # of tricks.legal_follows
    tables = trump_tables(trump, jick, 0, off_five=off_five)
    follow, allow, cannot = fastsim._follow_indexes(following, trump, led)
    for cards in (hand, hand & ~tables.suit_masks[led], hand & ~tables.trumps,
                  hand & ~(tables.suit_masks[led] | tables.trumps)):
        mine = fastsim._unions((*tables.suit_masks, 0))
        legal = cards & mine[allow] if cards & mine[follow] else cards & mine[cannot] or cards
        assert legal == legal_follows(cards, led, tables, following)


@settings(max_examples=300, deadline=None)
@given(st.booleans(), st.booleans(), st.integers(0, 3), st.integers(0, (1 << 52) - 1))
def test_the_suit_masks_are_each_cards_effective_suit(
        jick: bool, off_five: bool, trump: int, dealt: int) -> None:
    # a hand's cards in order: place i is the i-th lowest; its masks by effective suit
    tables = trump_tables(trump, jick, 0, off_five=off_five)
    cards = [c for c in range(52) if dealt >> c & 1][:26]  # at most 26 cards a hand
    moved = tuple(c for c in range(52) if tables.effective_suit[c] != c // 13)
    natural = fastsim._natural_masks([cards], fastsim._suit_runs(len(cards)))
    masks = fastsim._suit_masks(natural, [cards], moved, trump)[0]
    by_suit = [sum(1 << i for i, c in enumerate(cards) if tables.effective_suit[c] == suit)
               for suit in range(4)] + [0]
    assert masks == fastsim._unions(by_suit)
    assert [masks[suit * 6] for suit in range(5)] == by_suit
    # the union of two suits: their cards
    assert all(masks[x * 5 + y] == by_suit[x] | by_suit[y] for x in range(5) for y in range(5))


@given(st.integers(1, 27), st.integers(0, (1 << 27) - 1))
def test_places_are_the_masks_bits_in_order(per: int, mask: int) -> None:
    mask &= (1 << per) - 1
    held = tuple(i for i in range(per) if mask >> i & 1)
    # the places, padded to the range of what random.Random.randrange(len(held)) draws
    # to choose one (a draw past the places is drawn again), and the bits it draws
    drawn = len(held).bit_length()
    options, bits = fastsim._places(per)[mask]
    assert (options[:len(held)], bits) == (held, drawn)
    assert options[len(held):] == (-1,) * (2 ** drawn - len(held))


def test_a_game_without_its_scores_kept_is_the_same_game() -> None:
    rules = load_variant("auction-pitch")
    setup = _setup(rules)
    kept = fastsim.play_random_game(rules, "k", setup.hand_limit, setup.deal_limit)
    bare = fastsim.play_random_game(rules, "k", setup.hand_limit, setup.deal_limit,
                                    keep_scores=False)
    assert kept.scores_after and not bare.scores_after
    assert (bare.hand_keys, bare.scores, bare.outcome) == (kept.hand_keys, kept.scores,
                                                           kept.outcome)
