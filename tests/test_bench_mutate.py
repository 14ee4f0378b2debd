"""The mutation run (``benchmarks/mutate.py``) counts a mutant as survived only when its
tests ran and passed: a runner that dies, fails to start or says nothing, and a run of
the tests an interrupt stopped, stop the run (``Unfinished``); they are neither survivors
nor kills. A stopped run prints the table of the mutants that met the tests.

The runner is faked by a small script standing in for the Python that mutate.py starts
(``sys.executable``), so these tests run no mutant's tests.
"""

from __future__ import annotations

import os
import signal
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pitchkit import call
from tests.bench_helpers import load_benchmark

MUTATE = load_benchmark("mutate")
#: three mutants the runner swaps in (Game.__init__'s first lines)
MUTANTS = [m for m in MUTATE.mutants_of("engine") if m.scope == "Game.__init__"][:3]
assert len(MUTANTS) == 3  # by scope, not line numbers: the engine's lines move


@pytest.fixture
def fake_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """write(body): the Python that mutate.py starts becomes a script running ``body``
    (``indices``: the mutants' numbers it was given; ``say(*fields)``: one result line)."""
    real = sys.executable
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}

    def write(body: str) -> None:
        script = tmp_path / "fake-python"
        script.write_text(f"#!{real}\n" + textwrap.dedent("""\
            import os, signal, sys, time
            args = sys.argv[1:]
            indices = args[args.index("--indices") + 1].split(",") if "--indices" in args else []
            def say(*fields):
                print("\\t".join(fields), flush=True)
            """) + textwrap.dedent(body))
        script.chmod(0o755)
        monkeypatch.setattr(sys, "executable", str(script))

    yield write
    for sig, handler in handlers.items():  # main() installs its own
        signal.signal(sig, handler)


def run_module(tmp_path: Path, shown: list[tuple[int, str]]) -> None:
    """The three mutants through Run.module's forked stage; (index, kind) shown."""
    run = MUTATE.Run(tmp_path, 3.0, fork=True, fast=False, exact=False,
                     run_equivalent=True)
    run.module("engine", MUTANTS, lambda m, o: shown.append((m.index, o.kind)))


# what the real runner did when emptying the caches raised: pytest's INTERNALERROR
FAILS_TO_START = """
    with open("runner.log", "a") as log:
        log.write("INTERNALERROR> OSError: cache_clear: cannot open shared object\\n")
    sys.exit(1)
    """
DIES_AFTER_ONE = """
    say("clean", "passed", "0.10", "", "")
    say(indices[0], "failed", "0.10", "tests/test_x.py::test_x", "")
    os.kill(os.getpid(), signal.SIGKILL)
    """
SAYS_NOTHING_OF_ONE = """
    say("clean", "passed", "0.10", "", "")
    say(indices[0], "failed", "0.10", "tests/test_x.py::test_x", "")
    say(indices[1], "passed", "0.10", "", "")
    """
CHILD_INTERRUPTED = """
    say("clean", "passed", "0.10", "", "")
    say(indices[0], "failed", "0.10", "tests/test_x.py::test_x", "")
    say(indices[1], "interrupted", "0.10", "75", "")
    """


@pytest.mark.parametrize(("runner", "error", "met"), [
    (FAILS_TO_START, r"exit code 1\) without an outcome for 3 of its 3 mutants \(nor its "
                     r"clean run\): INTERNALERROR> OSError: cache_clear", 0),
    (DIES_AFTER_ONE, r"exit code -9\) without an outcome for 2 of its 3 mutants$", 1),
    (SAYS_NOTHING_OF_ONE, r"exit code 0\) without an outcome for 1 of its 3 mutants$", 1),
    (CHILD_INTERRUPTED, f"an interrupt stopped the runner's run of mutant "
                        f"{MUTANTS[1].index} of engine", 1),
], ids=["fails to start", "dies", "says nothing of one", "its child interrupted"])
def test_a_runner_that_ends_without_every_outcome_stops_the_run_with_no_survivor(
        tmp_path: Path, fake_python: Any, runner: str, error: str, met: int) -> None:
    fake_python(runner)
    shown: list[tuple[int, str]] = []
    with pytest.raises(MUTATE.Unfinished, match=error):
        run_module(tmp_path, shown)
    # the kill the runner reported is shown; a mutant it saw pass waits for the end of
    # the stage (the runner's other tests could still have killed it): none survives
    assert shown == [(MUTANTS[0].index, "killed")][:met]


def test_mutants_the_runner_saw_pass_are_the_survivors(tmp_path: Path,
                                                       fake_python: Any) -> None:
    fake_python("""
        say("clean", "passed", "0.10", "", "")
        say(indices[0], "failed", "0.10", "tests/test_x.py::test_x", "")
        for index in indices[1:]:
            say(index, "passed", "0.10", "", "")
        """)
    shown: list[tuple[int, str]] = []
    run_module(tmp_path, shown)
    assert shown == [(MUTANTS[0].index, "killed"), (MUTANTS[1].index, "survived"),
                     (MUTANTS[2].index, "survived")]


def fork_outcome(protocol: Any) -> str:
    """The runner's verdict on a forked child whose one test runs ``protocol()``."""
    session = SimpleNamespace(shouldfail=False, shouldstop=False, testsfailed=0)

    def run(item: object, nextitem: object) -> None:
        session.testsfailed = int(protocol())

    session.items = [SimpleNamespace(config=SimpleNamespace(
        hook=SimpleNamespace(pytest_runtest_protocol=run)))]
    loop = MUTATE._ForkLoop("engine", [], 3.0, sys.stdout)
    outcome: str = loop._fork(session, None, 600.0)[0]
    return outcome


def interrupt() -> bool:
    raise KeyboardInterrupt


def terminate() -> bool:
    os.kill(os.getpid(), signal.SIGTERM)
    return False


def crash() -> bool:
    os._exit(9)


@pytest.mark.parametrize(("protocol", "outcome"), [
    (lambda: False, "passed"), (lambda: True, "failed"), (crash, "crashed"),
    (interrupt, "interrupted"), (terminate, "interrupted")])
def test_a_child_an_interrupt_stops_is_neither_passed_nor_killed(protocol: Any,
                                                                outcome: str) -> None:
    assert fork_outcome(protocol) == outcome


def test_an_interrupted_exact_run_is_unfinished_a_collection_error_a_kill(
        tmp_path: Path) -> None:
    (tmp_path / "test_stop.py").write_text("def test_stop():\n    raise KeyboardInterrupt\n")
    (tmp_path / "test_broken.py").write_text("import no_such_module_here\n")
    (tmp_path / "test_fails.py").write_text("def test_a():\n    assert False\n\n\n"
                                            "def test_b():\n    pass\n")
    with pytest.raises(MUTATE.Unfinished, match="exit code 75"):
        MUTATE.run_tests(tmp_path, ["test_stop.py"], 600.0)
    # pytest stops at both by raising its own KeyboardInterrupt: they are kills
    assert MUTATE.run_tests(tmp_path, ["test_broken.py"], 600.0)[0] == "failed"
    assert MUTATE.run_tests(tmp_path, ["test_fails.py"], 600.0)[0] == "failed"


def test_emptying_the_caches_passes_an_object_that_answers_every_name() -> None:
    class AnswersEverything:  # as ctypes.cdll, which dlopens any name asked for
        __module__ = "pitchkit.fake"  # even one in pitchkit

        def __getattr__(self, name: str) -> object:
            raise OSError(f"{name}: cannot open shared object file")

    held = AnswersEverything()
    call._with_partner.cache_clear()
    call._with_partner((0, 1, 0, 1), 0, 1)
    assert call._with_partner.cache_info().currsize == 1
    MUTATE._empty_caches()
    assert call._with_partner.cache_info().currsize == 0
    del held


def test_a_stopped_run_prints_the_table_of_the_mutants_that_met_the_tests(
        fake_python: Any, capsys: pytest.CaptureFixture[str]) -> None:
    # the runner reports one kill, then the run gets SIGINT (Ctrl-C) and must stop there
    fake_python("""
        say("clean", "passed", "0.10", "", "")
        say(indices[0], "failed", "0.10", "tests/test_x.py::test_x", "")
        os.kill(os.getppid(), signal.SIGINT)
        time.sleep(600)
        """)
    code = MUTATE.main(["--where", f"engine:{MUTANTS[0].line}-{MUTANTS[-1].line}"])
    out = capsys.readouterr().out
    assert code == 130
    assert "survived" not in out.split("stopped:")[0]
    stopped = out.split("stopped: ")[1].split(" of 3 mutants met the tests")[0]
    assert stopped in ("0", "1")  # whether the kill was read before the interrupt
    row = next(line for line in out.splitlines() if line.startswith("all "))
    assert row.split()[1:5] == [stopped, stopped, "0", "0"]  # run, killed, timeout, survived

