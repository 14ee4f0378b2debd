"""Nothing a user wrote is overwritten without --force, outputs are checked before the
run and written atomically, SIGTERM/SIGHUP keep the partial result like Ctrl-C, and
merge knows a shard by its value, not its spelling."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.guard import REDELIVER_AFTER, redeliver_lost_interrupts, stop_signals_interrupt

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("name: house\nextends: auction-pitch\n")
    return path


def test_out_may_not_be_the_variant_file(house: Path) -> None:
    before = house.read_text()
    code, output = run("simulate", str(house), "--games", "1", "--out", str(house), "--force")
    assert code == 2
    assert "is an input of this command; it would be overwritten" in output
    assert house.read_text() == before


def test_an_existing_output_needs_force(house: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    out.write_text("mine")
    code, output = run("simulate", str(house), "--games", "1", "--out", str(out))
    assert (code, out.read_text()) == (2, "mine")
    assert f"--out {out} exists; add --force to overwrite it" in output
    csv = tmp_path / "r.csv"
    csv.write_text("mine")
    assert run("simulate", str(house), "--games", "1", "--csv", str(csv))[0] == 2
    assert csv.read_text() == "mine"
    code, output = run("simulate", str(house), "--games", "1", "--out", str(out), "--force")
    assert code == 0, output
    assert json.loads(out.read_text())["games"] == 1


def test_out_and_csv_may_not_name_one_file(house: Path, tmp_path: Path) -> None:
    same = tmp_path / "x"
    code, output = run("simulate", str(house), "--games", "1", "--out", str(same),
                       "--csv", str(same))
    assert code == 2 and "--out and --csv both name" in output
    assert not same.exists()


@pytest.mark.parametrize("where", ["missing/r.json", ".", "/proc/pitchkit-test.json"])
def test_a_bad_output_path_is_found_before_the_run(house: Path, tmp_path: Path,
                                                   where: str) -> None:
    out = where if where.startswith("/") else str(tmp_path / where)
    start = time.perf_counter()
    code, output = run("simulate", str(house), "--games", "100000", "--out", out)
    assert code == 2
    assert len(output.strip().splitlines()) == 1
    assert time.perf_counter() - start < 30  # refused at once, not after 100,000 games


def test_outputs_are_written_through_a_temporary_file(house: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    replaced: list[tuple[str, str]] = []
    real = os.replace

    def spy(src: str, dst: str) -> None:
        replaced.append((str(src), str(dst)))
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    out = tmp_path / "r.json"
    assert run("simulate", str(house), "--games", "1", "--out", str(out))[0] == 0
    assert [Path(d) for _, d in replaced] == [out]
    assert Path(replaced[0][0]).parent == tmp_path
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".r.json")]


@pytest.mark.parametrize("spelling", ["01/4", "+1/4", " 1/4 "])
def test_merge_refuses_a_shard_spelled_differently_twice(tmp_path: Path, spelling: str) -> None:
    shard = tmp_path / "s1.json"
    assert run("simulate", "auction-pitch", "--games", "4", "--bots", "random", "--shard",
               "1/4", "--out", str(shard))[0] == 0
    other = tmp_path / "s1b.json"
    data = json.loads(shard.read_text())
    data["raw"]["shards"] = [spelling]
    other.write_text(json.dumps(data))
    code, output = run("merge", str(shard), str(other))
    assert code == 2, output
    assert "the same games would be counted twice (1/4)" in output


def _wait_until_running(pid: int, signum: int, bound: float = 60.0) -> None:
    """Wait (at most ``bound`` seconds) until the run catches ``signum`` and its workers run.

    A fixed sleep raced the start-up on a loaded machine: a signal sent before pitchkit
    installs its handler kills the process the default way, and one sent while it still
    loads the rules stops it before any game (a plain "interrupted", no partial result).
    Linux shows the caught signals in /proc/PID/status (SigCgt) and the workers as
    processes whose parent is PID; elsewhere fall back to a pause.
    """
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        time.sleep(3)
        return
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if _catches(status, signum) and _has_child(pid):
            time.sleep(0.5)  # let the workers start on the games, as a user's stop would
            return
        time.sleep(0.05)
    raise AssertionError(f"the run did not start its workers within {bound} s")


def _catches(status: Path, signum: int) -> bool:
    for line in status.read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    return False


def _has_child(pid: int) -> bool:
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while we looked
        if fields[1] == str(pid):
            return True
    return False


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_keep_the_partial_result(tmp_path: Path, signum: int) -> None:
    out = tmp_path / "r.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "pitchkit", "simulate", "auction-pitch", "--games", "100000",
         "--bots", "random", "--workers", "2", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_until_running(process.pid, signum)
    process.send_signal(signum)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines() == [
        "pitchkit: interrupted; the result above covers the games finished"]
    assert "INTERRUPTED: partial result" in stdout
    data = json.loads(out.read_text())
    assert data["interrupted"] is True and data["complete"] is False


def _lose_an_interrupt() -> Callable[[], object]:
    """KeyboardInterrupt raised in a weakref's callback, as a stop signal's handler
    raises it when it runs during garbage collection, where Python cannot raise; the
    reference, dead."""

    class Thing:
        pass

    def interrupted(_: object) -> None:
        raise KeyboardInterrupt

    thing = Thing()
    ref = weakref.ref(thing, interrupted)
    del thing  # the callback runs here, its interrupt unraisable
    return ref


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """SIGINT as an interactive run has it (Python's handler, which raises): a suite
    started in the background of a shell ignores SIGINT, and the guard leaves an ignored
    SIGINT ignored (as in a worker)."""
    saved = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, saved)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_an_interrupt_lost_in_a_callback_is_raised_again_and_nothing_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Python would print "Exception ignored in" with a traceback and play on; within
    the CLI's guard the interrupt is raised again shortly after."""
    with stop_signals_interrupt(), pytest.raises(KeyboardInterrupt):
        ref = _lose_an_interrupt()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the interrupt raised again meanwhile
            pass
    assert ref() is None
    assert capsys.readouterr().err == ""

def test_other_unraisable_errors_reach_the_hook_as_before() -> None:
    seen: list[object] = []
    other = SimpleNamespace(exc_value=ValueError("in a finalizer"))
    redeliver_lost_interrupts(seen.append)(other)
    assert seen == [other]


@pytest.mark.usefixtures("ctrl_c_raises")
def test_an_interrupt_lost_in_a_callback_is_not_raised_again_after_another() -> None:
    """``timeout`` signals the process and its group: where the first is lost in a
    callback and the second raised, the run stops once (its partial result printed)."""
    with stop_signals_interrupt():
        with pytest.raises(KeyboardInterrupt):
            _lose_an_interrupt()
            signal.raise_signal(signal.SIGINT)  # the second signal, raised at once
        deadline = time.monotonic() + 20 * REDELIVER_AFTER
        while time.monotonic() < deadline:  # no third
            pass
