"""No tracebacks: interrupted start-up, deep records, huge names and numbers, plug-in bot
modules that fail, bad bot settings, bots that print."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitchkit import cli
from pitchkit.cli import app

runner = CliRunner()


def main_output(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                *argv: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "argv", ["pitchkit", *argv])
    with pytest.raises(SystemExit) as stop:
        cli.main()
    return int(stop.value.code or 0), capsys.readouterr().err


def test_ctrl_c_while_a_command_is_still_being_imported(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(name: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.importlib, "import_module", interrupted)
    code, err = main_output(monkeypatch, capsys, "simulate", "auction-pitch")
    assert (code, err) == (130, "pitchkit: interrupted\n")


def test_ctrl_c_early_in_a_real_process_prints_no_traceback() -> None:
    import signal
    import time

    process = subprocess.Popen([sys.executable, "-m", "pitchkit", "simulate", "auction-pitch",
                                "--games", "100000"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               # as at a terminal, even when this suite runs in the
                               # background of a script (which ignores SIGINT)
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    starting = ("Fatal Python error: init", "Could not import runpy module")
    if "in main" not in err and (process.returncode == -signal.SIGINT
                                 or any(sign in err for sign in starting)):
        # main() catches every KeyboardInterrupt: this one came before it ran, while the
        # interpreter was still starting (killed by the signal, "Fatal Python error: init",
        # "Could not import runpy module": each seen on a loaded machine)
        pytest.skip("the interpreter itself was still starting (a loaded machine)")
    assert "Traceback" not in err
    assert process.returncode == 130


def test_a_5000_character_variant_name(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "a" * 5000])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 200
    assert "(5000 characters): not a file or shipped variant name" in lines[0]


@pytest.mark.parametrize("option", ["--games", "--workers", "--hands"])
def test_huge_numbers_are_usage_errors(option: str) -> None:
    result = runner.invoke(app, ["simulate", "auction-pitch", option, "1" + "0" * 26])
    assert result.exit_code == 2
    assert f"{option} must be between" in result.output


def test_a_bot_module_that_fails_to_import(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "brokenbots.py").write_text("raise RuntimeError('boom')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = runner.invoke(app, ["simulate", "auction-pitch", "--games", "1", "--bots",
                                 "brokenbots:Bot"])
    assert result.exit_code == 2
    assert result.output.strip() == ("pitchkit: bot 'brokenbots:Bot': importing 'brokenbots' "
                                     "failed: RuntimeError: boom")


def test_a_bad_bot_setting_names_the_bot_and_the_setting() -> None:
    result = runner.invoke(app, ["simulate", "auction-pitch", "--games", "1", "--bots",
                                 "heuristic:boldness=abc"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "pitchkit: bot 'heuristic:boldness=abc' could not be built with boldness=abc: "
        "could not convert string to float: 'abc'"]


def test_a_negative_prune_is_refused_not_read_as_none() -> None:
    # rule: search's prune is 0 (no candidate dropped) or more; a negative gap means nothing
    result = runner.invoke(app, ["simulate", "auction-pitch", "--games", "1", "--workers", "1",
                                 "--bots", "search:prune=-1"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "pitchkit: bot 'search:prune=-1' could not be built with prune=-1: "
        "prune must be 0 (no candidate dropped) or more"]


PRINTER = """
import os


class Printer:
    observes = False

    def __init__(self, rules, seat, rng):
        self.rng = rng

    def choose(self, observation, legal_actions):
        print("thinking...")
        os.write(1, b"from C\\n")
        return self.rng.choice(list(legal_actions))
"""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_bot_printing_to_stdout_does_not_corrupt_json(tmp_path: Path, workers: str) -> None:
    (tmp_path / "printbots.py").write_text(PRINTER)
    result = subprocess.run(
        [sys.executable, "-m", "pitchkit", "simulate", "auction-pitch", "--games", "2",
         "--workers", workers, "--json", "--bots", "printbots:Printer"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 2
    assert "thinking..." in result.stderr
