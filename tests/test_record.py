"""Game records: every shipped variant's recorded game replays to its checked outcome;
bad records fail with one line naming hand, bid or trick, seat and reason."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.engine import Game, Phase
from pitchkit.errors import RecordError
from pitchkit.load import load_variant
from pitchkit.record import game_to_record, replay_record, result_json

RECORDS = Path(__file__).parent / "records"
SHIPPED = sorted(p.stem for p in (Path(__file__).parent.parent / "variants").glob("*.yaml"))


def record_of(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("variant", SHIPPED)
def test_recorded_game_replays_to_its_known_outcome(variant: str) -> None:
    expected = json.loads((RECORDS / f"{variant}.expected.json").read_text())
    assert result_json(replay_record(record_of(variant))) == expected


def test_every_shipped_variant_has_a_recorded_game() -> None:
    assert SHIPPED
    for variant in SHIPPED:
        assert (RECORDS / f"{variant}.json").exists(), variant


def test_replay_json_cli_matches_the_expected_outcome() -> None:
    result = CliRunner().invoke(app, ["replay", str(RECORDS / "auction-pitch.json"), "--json"])
    assert result.exit_code == 0, result.output
    expected = json.loads((RECORDS / "auction-pitch.expected.json").read_text())
    assert json.loads(result.stdout) == expected


def test_replay_text_cli_prints_each_hand() -> None:
    result = CliRunner().invoke(app, ["replay", str(RECORDS / "money-pitch.json")])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\nhand ") == 8
    assert "settlement:" in result.stdout


def test_combination_variants_report_combo_points() -> None:
    out = result_json(replay_record(record_of("pimps-and-hoes-4p")))
    assert out["hands"][0]["combo_points"] == [9, 36, 27, 26]
    assert out["winner"] == [1]


def test_game_to_record_round_trips() -> None:
    rules = load_variant("partnership-pitch")
    game = Game(rules, random.Random(3))
    rng = random.Random(4)
    for _ in range(3):
        game.deal_random()
        while game.phase not in (Phase.DEAL, Phase.OVER):
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is Phase.OVER:
            break
    replayed = replay_record(game_to_record(game, "partnership-pitch"))
    assert list(replayed.hands) == game.hand_results
    assert replayed.game.snapshot() == game.snapshot()


# --------------------------------------------------------------------------- bad records


def broken(change: Any) -> dict[str, Any]:
    record = record_of("auction-pitch")
    change(record)
    return record


def fails_with(record: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        replay_record(record)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_bad_follow_names_hand_trick_seat_and_reason() -> None:
    def change(r: dict[str, Any]) -> None:
        # hand 1, trick 2 (3D led): seat 1 (index 0) holds TD and discards a heart instead of 6C
        r["hands"][0]["actions"][10] = "play KH"
    fails_with(broken(change),
               "hand 1, trick 2, seat 1: play KH: seat 1 must follow diamonds or trump: "
               "holds TD")


def test_bad_bid_names_hand_bid_and_seat() -> None:
    def change(r: dict[str, Any]) -> None:
        r["hands"][1]["actions"][1] = "bid 1"
    fails_with(broken(change), "hand 2, bid 2, seat 3: bid 1: seat 3 must bid at least 2")


def test_card_not_held() -> None:
    def change(r: dict[str, Any]) -> None:
        r["hands"][0]["actions"][4] = "play AS"
    fails_with(broken(change), "hand 1, trick 1, seat 1: play AS: seat 1 does not hold AS")


def test_card_dealt_twice() -> None:
    def change(r: dict[str, Any]) -> None:
        r["hands"][0]["deal"][1][0] = "KH"
    fails_with(broken(change), "hand 1, deal: seat 2: KH is dealt twice")


def test_bad_card_spelling() -> None:
    def change(r: dict[str, Any]) -> None:
        r["hands"][0]["deal"][2][0] = "ZZ"
    fails_with(broken(change), "hand 1, deal of seat 3: 'ZZ' is not a card")


def test_actions_after_the_end_of_the_hand() -> None:
    def change(r: dict[str, Any]) -> None:
        r["hands"][0]["actions"].append("pass")
    fails_with(broken(change), "hand 1, action 29 ('pass'): the hand is already over")


def test_unfinished_hand_followed_by_another() -> None:
    def change(r: dict[str, Any]) -> None:
        r["hands"][0]["actions"].pop()
    fails_with(broken(change), "hand 1: the actions stop before the hand is over")


def test_unknown_action_word() -> None:
    def change(r: dict[str, Any]) -> None:
        r["hands"][0]["actions"][0] = "raise 3"
    fails_with(broken(change), "hand 1, bid 1, seat 1: raise 3: 'raise 3' is not an action")


def test_unknown_variant() -> None:
    def change(r: dict[str, Any]) -> None:
        r["variant"] = "no-such-variant"
    fails_with(broken(change), "variant 'no-such-variant'")


def test_hand_after_the_game_is_over() -> None:
    def change(r: dict[str, Any]) -> None:
        r["hands"].append(r["hands"][0])
    fails_with(broken(change), "hand 8: the game was already over after hand 7")


def test_last_hand_may_be_unfinished() -> None:
    record = record_of("auction-pitch")
    record["hands"][-1]["actions"] = record["hands"][-1]["actions"][:6]
    result = replay_record(record)
    assert result.unfinished_hand and not result.finished
    assert result_json(result)["winner"] is None


def test_bad_record_cli_exits_1_with_one_line(tmp_path: Path) -> None:
    record = record_of("auction-pitch")
    record["hands"][0]["actions"][10] = "play KH"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert lines[0].startswith(f"pitchkit: {path}: hand 1, trick 2, seat 1: play KH")


def test_invalid_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"variant": "auction-pitch",\n "hands": [}\n')
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert f"{path}:2:" in result.stderr and "not valid JSON" in result.stderr


def test_missing_record_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert result.exit_code == 1 and "no such record file" in result.stderr


def test_record_set_overrides_change_the_game() -> None:
    record = record_of("auction-pitch")
    record["set"] = {"scoring.target": 3}
    with pytest.raises(RecordError, match="the game was already over after hand"):
        replay_record(record)


def test_record_variant_path_is_relative_to_the_record(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("name: house\nextends: auction-pitch\n")
    record = record_of("auction-pitch")
    record["variant"] = "house.yaml"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    expected = json.loads((RECORDS / "auction-pitch.expected.json").read_text())
    assert json.loads(result.stdout) == expected


def test_replay_json_says_when_a_tie_calls_for_a_new_game() -> None:
    from pitchkit.variant import rules_from_mapping

    rules = rules_from_mapping({
        "players": {"count": 2}, "deal": {"cards_per_hand": 1}, "auction": {"style": "none"},
        "play": {"first_leader": "left_of_dealer"},
        "points": {"items": []},
        "scoring": {"target": None, "hands": 1, "tie": "replay"},
    })
    record = {"variant": "custom", "dealer": 1,
              "hands": [{"deal": [["AS"], ["KS"]], "actions": ["play AS", "play KS"]}]}
    out = result_json(replay_record(record, rules=rules))
    assert (out["winner"], out["draw"], out["replay"]) == ([], True, True)


def test_game_to_record_refuses_a_variant_that_is_not_the_games_rules() -> None:
    import random as _random

    import pytest as _pytest

    from pitchkit.engine import Game
    from pitchkit.errors import UsageError
    from pitchkit.load import load_variant as _load

    game = Game(_load("auction-pitch", ["scoring.target=3"]), _random.Random(1))
    game.deal_random()
    with _pytest.raises(UsageError, match="does not load to this game's rules"):
        game_to_record(game)
    record = game_to_record(game, "auction-pitch", {"scoring.target": 3})
    assert record["set"] == {"scoring.target": 3}
