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


#: Stop signals whose handler ran within :func:`stop_signals_interrupt` (each raising
#: KeyboardInterrupt): an interrupt lost in a callback is delivered again only where no
#: other came after it (:func:`redeliver_lost_interrupts`).
_interrupts = 0


def _interrupt(signum: int, frame: Any) -> None:
    global _interrupts
    _interrupts += 1
    raise KeyboardInterrupt


#: Seconds after which an interrupt lost in a callback is delivered again.
REDELIVER_AFTER = 0.02


def redeliver_lost_interrupts(hook: Callable[[Any], object]) -> Callable[[Any], object]:
    """``sys.unraisablehook`` ``hook`` but for a KeyboardInterrupt: a stop signal whose
    handler ran inside a callback Python cannot raise from (a weakref's or a finalizer's,
    during garbage collection) would be lost, with "Exception ignored in" and a traceback
    on standard error; instead nothing is printed and it is delivered again to the main
    thread :data:`REDELIVER_AFTER` seconds later, from another thread
    (``_thread.interrupt_main``: called at once it would be raised in the callback again;
    should it land in one again, it comes back here), unless another stop signal was
    handled meanwhile (``timeout`` signals both the process and its group: the one
    raised stops the run, a second would cut short the partial result it prints)."""
    import _thread

    def redeliver(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and _in_main_thread():
            seen = _interrupts

            def later() -> None:
                time.sleep(REDELIVER_AFTER)
                if _interrupts == seen:
                    _thread.interrupt_main()

            threading.Thread(target=later, daemon=True).start()
            return
        hook(unraisable)

    return redeliver


@contextlib.contextmanager
def stop_signals_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise KeyboardInterrupt, as Ctrl-C does, and
    none is lost in a callback (:func:`redeliver_lost_interrupts`)."""
    if not _in_main_thread():
        yield
        return
    # (Ctrl-C counted too where Python's own handler has it; left alone where ignored)
    stops = STOP_SIGNALS + ((signal.SIGINT,) if signal.getsignal(signal.SIGINT)
                            is signal.default_int_handler else ())
    previous = {s: signal.signal(s, _interrupt) for s in stops}
    hook = sys.unraisablehook
    sys.unraisablehook = redeliver_lost_interrupts(hook)
    try:
        yield
    finally:
        sys.unraisablehook = hook
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
