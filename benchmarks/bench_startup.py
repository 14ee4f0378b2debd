"""CPU time of starting a pitchkit command: ``pitchkit validate auction-pitch`` by default.

Runs the command as a fresh process again and again and reports the CPU time (user +
system, from the operating system's accounting of the finished child) per run: median,
minimum and maximum. With several sides, their runs alternate (A B A B ...), so a drift
in the machine's speed touches all sides alike, and the ratio of medians is printed.

    python benchmarks/bench_startup.py                      # this checkout, this Python
    python benchmarks/bench_startup.py --runs 20 \\
        --side before=/tmp/old/.venv/bin/python:/tmp/old \\
        --side after=.venv/bin/python:.
    python benchmarks/bench_startup.py -- simulate auction-pitch --games 1

A side is ``NAME=PYTHON:CHECKOUT``: the interpreter (its environment's packages) and the
folder whose ``pitchkit`` is imported (put first on ``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def cpu_of_one_run(python: str, checkout: str, args: list[str]) -> float:
    """CPU seconds (user + system) of one run of ``python -m pitchkit ARGS``."""
    env = dict(os.environ, PYTHONPATH=checkout)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([python, "-m", "pitchkit", *args], env=env, cwd=checkout, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="counted runs per side")
    parser.add_argument("--side", action="append", default=[],
                        help="NAME=PYTHON:CHECKOUT (repeatable); default: this one")
    parser.add_argument("args", nargs="*", default=["validate", "auction-pitch"],
                        help="the pitchkit command (default: validate auction-pitch)")
    options = parser.parse_args()
    sides: list[tuple[str, str, str]] = []
    for text in options.side or [f"this={sys.executable}:{HERE}"]:
        name, _, rest = text.partition("=")
        python, _, checkout = rest.partition(":")
        sides.append((name, python, str(Path(checkout or HERE).resolve())))
    for _, python, checkout in sides:  # warm-up: the file system cache, .pyc files
        cpu_of_one_run(python, checkout, options.args)
    times: dict[str, list[float]] = {name: [] for name, _, _ in sides}
    for _ in range(options.runs):
        for name, python, checkout in sides:
            times[name].append(cpu_of_one_run(python, checkout, options.args))
    print(f"pitchkit {' '.join(options.args)}: CPU seconds per run (user + system), "
          f"{options.runs} runs per side, alternated")
    for name, values in times.items():
        print(f"  {name:16} median {statistics.median(values):.3f}  "
              f"min {min(values):.3f}  max {max(values):.3f}")
    if len(sides) > 1:
        first = statistics.median(times[sides[0][0]])
        for name, values in list(times.items())[1:]:
            print(f"  {name} / {sides[0][0]}: {statistics.median(values) / first:.2f}x")


if __name__ == "__main__":
    main()
