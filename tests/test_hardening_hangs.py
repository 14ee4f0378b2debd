"""Nothing hangs: dead workers, plug-in bots that never answer or end the process, pipes
and devices given as inputs, records and shards nested too deep or too large."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.errors import BotError, RecordError, WorkerError
from pitchkit.load import load_variant
from pitchkit.record import load_record
from pitchkit.simulate import simulate

runner = CliRunner()

BOTS = """
import os, time


class Exiter:
    observes = False

    def __init__(self, rules, seat, rng):
        pass

    def choose(self, observation, legal_actions):
        os._exit(3)


class Sleeper:
    observes = False

    def __init__(self, rules, seat, rng):
        pass

    def choose(self, observation, legal_actions):
        while True:
            time.sleep(0.01)
"""


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "hostilebots.py").write_text(BOTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), *sys.path]))
    return "hostilebots"


def test_a_bot_that_ends_its_worker_stops_the_run_with_one_line(hostile: str) -> None:
    rules = load_variant("auction-pitch")
    with pytest.raises(WorkerError, match="a worker process died twice while playing games"):
        simulate(rules, games=4, seed=1, workers=2, bots=f"{hostile}:Exiter")


def test_a_bot_over_its_move_time_limit_is_named_with_its_seat(hostile: str) -> None:
    rules = load_variant("auction-pitch")
    with pytest.raises(BotError, match=r"^bot 'hostilebots:Sleeper' in seat 2 took longer "
                                       r"than 0.2 s for one move \(--move-time-limit\)"):
        simulate(rules, games=2, seed=1, bots=f"random,{hostile}:Sleeper,random,random",
                 move_time_limit=0.2)


def test_move_time_limit_on_the_command_line(hostile: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pitchkit", "simulate", "auction-pitch", "--games", "2",
         "--workers", "2", "--move-time-limit", "0.2", "--bots", f"{hostile}:Sleeper"],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"pitchkit: bot '{hostile}:Sleeper' in seat 1 took longer than 0.2 s for one move "
        "(--move-time-limit); stopped"]


def test_a_killed_worker_has_its_games_played_again_and_the_result_is_exact() -> None:
    from pitchkit import pool

    # a worker that dies on its first chunk, once: the chunk is played again
    result: list[list[int]] = []
    pool.run_chunks([range(0, 2), range(2, 4)], 2, _die_once, result.append,
                    _no_init, (str(_marker()),))
    seen = sorted(i for part in result for i in part)
    assert seen == [0, 1, 2, 3]


def _marker() -> Path:
    import tempfile

    return Path(tempfile.mkdtemp()) / "died"


_MARKER: list[str] = []


def _no_init(marker: str) -> None:
    _MARKER[:] = [marker]


def _die_once(chunk: range) -> list[int]:
    marker = Path(_MARKER[0])
    if chunk.start == 0 and not marker.exists():
        marker.write_text("x")
        os.kill(os.getpid(), 9)
    return list(chunk)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["validate", "replay", "merge"])
def test_a_fifo_is_refused_not_read(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / ("pipe.yaml" if command == "validate" else "pipe.json")
    os.mkfifo(fifo)
    result = subprocess.run([sys.executable, "-m", "pitchkit", command, str(fifo)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "is not a regular file (a pipe, socket or device); not read" in (
        result.stdout + result.stderr)


@pytest.mark.parametrize("command", ["replay", "merge"])
def test_dev_zero_is_refused(command: str) -> None:
    result = runner.invoke(app, [command, "/dev/zero"])
    assert result.exit_code == 1
    assert "/dev/zero: is not a regular file" in result.output


def test_records_and_shards_nested_too_deep_or_too_large(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    with pytest.raises(RecordError, match=r"deep\.json: nesting deeper than 20 levels"):
        load_record(deep)
    result = runner.invoke(app, ["merge", str(deep)])
    assert result.exit_code == 1 and "nesting deeper than 20 levels" in result.output
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"variant": "auction-pitch", "pad": "x" * 1_100_000}))
    with pytest.raises(RecordError, match=r"big\.json: file is too large"):
        load_record(big)


def test_a_bot_that_ends_its_worker_stops_a_match_with_one_line(hostile: str) -> None:
    from pitchkit.match import match

    rules = load_variant("auction-pitch")
    with pytest.raises(WorkerError, match="a worker process died twice while playing games"):
        match(rules, bots=f"random,{hostile}:Exiter", deals=4, seed=1, workers=2)


def test_a_match_on_two_workers_gives_the_figures_of_one() -> None:
    from pitchkit.match import match

    rules = load_variant("auction-pitch")
    one = match(rules, bots="random,heuristic", deals=6, seed=3, workers=1)
    two = match(rules, bots="random,heuristic", deals=6, seed=3, workers=2)
    assert (one.shares, one.money_diffs, one.hands) == (two.shares, two.money_diffs, two.hands)
