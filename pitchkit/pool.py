"""Playing a run's games on worker processes, and noticing when a worker dies.

A worker killed (``kill -9``, out of memory) or ended by a plug-in bot (``os._exit``)
breaks the pool: its games are played again once on a fresh pool. If the pool breaks
again while they are in play, the run stops with :class:`~pitchkit.errors.WorkerError`:
one line, never a hang. Games are counted only when their whole chunk arrives, so a
replayed chunk is never counted twice and the result stays exact.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from pitchkit.errors import WorkerError

#: Seconds between looks at the pool while waiting for results.
POLL_SECONDS = 0.2


def _new_pool(workers: int, init: Callable[..., None], initargs: tuple[Any, ...]
              ) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=init, initargs=initargs)


def _end(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: kill the workers (they ignore SIGTERM), cancel what waits."""
    # shutdown() forgets the processes: take them first (private, but there is no public
    # way before Python 3.14's terminate_workers()).
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.kill()
    for process in processes:
        process.join(timeout=5)
    pool.shutdown(wait=False, cancel_futures=True)


def run_chunks(chunks: Iterable[range], workers: int, job: Callable[[range], Any],
               absorb: Callable[[Any], None], init: Callable[..., None],
               initargs: tuple[Any, ...]) -> None:
    """Run ``job(chunk)`` for every chunk on ``workers`` processes, ``absorb`` each result.

    ``job`` must be a picklable top-level function; at most three chunks per worker are
    in flight, so memory stays flat however many there are.
    """
    fresh = iter(chunks)
    waiting: deque[range] = deque()  # chunks to play again, before any fresh one
    replayed: set[int] = set()
    in_flight: dict[Future[Any], range] = {}
    pool = _new_pool(workers, init, initargs)
    try:
        while True:
            while len(in_flight) < workers * 3:
                chunk = waiting.popleft() if waiting else next(fresh, None)
                if chunk is None:
                    break
                in_flight[pool.submit(job, chunk)] = chunk
            if not in_flight:
                return
            finished, _ = wait(in_flight, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            lost: list[range] = []
            for future in finished:
                chunk = in_flight.pop(future)
                try:
                    part = future.result()
                except BrokenProcessPool:
                    lost.append(chunk)
                    continue
                absorb(part)
            if not lost:
                continue
            lost += in_flight.values()  # a broken pool runs nothing more
            in_flight.clear()
            again = [c.start for c in lost if c.start in replayed]
            if again:
                raise WorkerError(
                    f"a worker process died twice while playing games from {min(again) + 1} "
                    "on (killed, out of memory, or a bot ending the process); stopped")
            replayed.update(c.start for c in lost)
            waiting.extendleft(sorted(lost, key=lambda c: c.start, reverse=True))
            _end(pool)
            pool = _new_pool(workers, init, initargs)
    finally:
        _end(pool)
