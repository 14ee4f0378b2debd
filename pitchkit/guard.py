"""Guards around a run of games: a time limit per move of a plug-in bot, SIGTERM and
SIGHUP handled like Ctrl-C, and bots kept off standard output.

Each guard works only where Python lets a signal handler run (the main thread of a
process, on a system with ``setitimer``); elsewhere it stands aside and play goes on
unguarded.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

#: The signals that stop a run and keep its result, like Ctrl-C (SIGINT).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


class MoveTimeout(Exception):
    """A bot took longer than its time limit for one move."""


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _too_slow(signum: int, frame: Any) -> None:
    raise MoveTimeout


def timed(choose: Callable[..., Any], seconds: float | None) -> Callable[..., Any]:
    """``choose`` that raises :class:`MoveTimeout` when one call runs over ``seconds``."""
    if not seconds or not hasattr(signal, "setitimer") or not _in_main_thread():
        return choose

    def limited(observation: Any, legal: Any) -> Any:
        previous = signal.signal(signal.SIGALRM, _too_slow)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return choose(observation, legal)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    return limited


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def stop_signals_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise KeyboardInterrupt, as Ctrl-C does."""
    if not _in_main_thread():
        yield
        return
    previous = {s: signal.signal(s, _interrupt) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


@contextlib.contextmanager
def bots_off_stdout() -> Iterator[None]:
    """Within the block, whatever is printed to stdout (by Python or by C code) goes to
    stderr: the report, possibly ``--json``, is printed after the block, alone."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
        os.dup2(2, 1)
    except OSError:  # no file descriptors to move (an embedded interpreter): Python only
        saved = -1
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        if saved >= 0:
            sys.stderr.flush()
            os.dup2(saved, 1)
            os.close(saved)


def quiet_worker() -> None:
    """In a worker process: the parent handles every stop signal and ends the workers
    with SIGKILL; nothing a bot prints reaches standard output, not even from C; and
    should the parent itself be killed, the worker ends within a second."""
    for s in (signal.SIGINT, *STOP_SIGNALS):
        signal.signal(s, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.dup2(2, 1)
    sys.stdout = sys.stderr
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="pitchkit-parent-watch", daemon=True).start()
