"""The calibrated bot: what it learns from the rules, its cache, and its strength."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pitchkit.bots import value
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.value import Calibration, calibrate, calibration_for, point_items, rules_hash
from pitchkit.load import load_variant
from pitchkit.match import match
from pitchkit.simulate import simulate


@pytest.fixture
def small_calibration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder and short calibration runs (the tests' own, not the user's)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(value, "CALIBRATION_HANDS", 120)
    monkeypatch.setattr(value, "_MEMO", {})
    return tmp_path / "pitchkit"


def test_calibration_is_deterministic() -> None:
    rules = load_variant("money-pitch")
    first = calibrate(rules, hands=120)
    assert first == calibrate(rules, hands=120)
    again = Calibration.from_json(json.loads(json.dumps(first.to_json())), rules_hash(rules),
                                  point_items(rules))
    assert again == first  # what the cache holds is exactly what was learned


def test_calibration_is_cached_per_rule_set_and_a_bad_file_is_rebuilt(
        small_calibration: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_variant("auction-pitch")
    learned = calibration_for(rules)
    files = list(small_calibration.glob("calibration-*.json"))
    assert [f.name for f in files] == [f"calibration-{rules_hash(rules)}.json"]
    monkeypatch.setattr(value, "_MEMO", {})
    assert calibration_for(rules) == learned  # read back from the file
    files[0].write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(value, "_MEMO", {})
    assert calibration_for(rules) == learned  # ignored, learned again, rewritten
    assert json.loads(files[0].read_text(encoding="utf-8"))["rules_hash"] == rules_hash(rules)
    other = load_variant("auction-pitch", ("scoring.target=11",))
    assert rules_hash(other) != rules_hash(rules)


def test_a_new_combination_of_settings_gets_its_own_calibrated_bot(
        small_calibration: Path) -> None:
    rules = load_variant("auction-pitch", ("points.jick=true", "deck.jokers=2",
                                           "points.joker=true", "points.low_goes_to=holder"))
    learned = calibration_for(rules)
    assert [i.name for i in learned.items] == list(rules.point_names())
    assert "jick" in rules.point_names() and "little_joker" in rules.point_names()
    stats = simulate(rules, games=3, seed=2, bots="calibrated")
    assert stats.games == 3


def test_a_strong_hand_is_worth_more_than_a_weak_one() -> None:
    from pitchkit.cards import parse_card

    rules = load_variant("auction-pitch")
    bot = CalibratedBot(rules, 0, random.Random(1))
    strong = sum(1 << parse_card(c) for c in ("AS", "KS", "JS", "2S", "TS", "3H"))
    weak = sum(1 << parse_card(c) for c in ("9S", "4H", "6D", "8C", "7C", "5D"))
    assert bot.best_suit(strong) == (0, pytest.approx(bot.estimate(strong, 0)))
    assert bot.estimate(strong, 0) > 3.0 > 1.5 > bot.best_suit(weak)[1]


def test_calibrated_beats_heuristic_on_duplicate_deals() -> None:
    # seeded, so it cannot flake; duplicate deals make 100 deals enough
    result = match(load_variant("auction-pitch"), bots="calibrated,heuristic", deals=100,
                   seed=1)
    assert result.summary()["win_share_a"]["low"] > 0.5
