"""The engine benchmark on several commits, alternated: which commit made it slower?

    python benchmarks/bench_engine_commits.py [--rounds 8] COMMIT [COMMIT ...]

Each commit is exported (``git archive``) to a temporary folder, and its own
``benchmarks/bench_engine.py --hands 20000 --repeat 1`` runs there in a fresh process,
the commits in turn (the order reversed every other round), so that other work on a
shared machine hits them alike. Prints each commit's median CPU seconds and the median
of its per-round ratios to the first commit (above 1: slower).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def export(commit: str, root: Path) -> Path:
    """The tree of ``commit`` in a folder under ``root``."""
    folder = root / commit
    folder.mkdir()
    archive = subprocess.run(["git", "-C", str(HERE), "archive", commit], check=True,
                             capture_output=True, timeout=120).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True, timeout=120)
    return folder


def seconds(tree: Path, hands: int) -> float:
    """CPU seconds of one bench_engine run of ``tree``."""
    out = subprocess.run([sys.executable, str(tree / "benchmarks" / "bench_engine.py"),
                          "--hands", str(hands), "--repeat", "1"],
                         env=dict(os.environ, PYTHONPATH=str(tree)), capture_output=True,
                         text=True, check=True, timeout=600).stdout
    found = re.search(r"([\d.]+) s CPU", out)
    assert found, out
    return float(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--hands", type=int, default=20000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {c: export(c, Path(tmp)) for c in args.commits}
        times: dict[str, list[float]] = {c: [] for c in args.commits}
        for r in range(args.rounds):
            for c in (args.commits if r % 2 == 0 else args.commits[::-1]):
                times[c].append(seconds(trees[c], args.hands))
    first = args.commits[0]
    print(f"bench_engine --hands {args.hands}, {args.rounds} alternated rounds "
          f"(CPU seconds; ratio to {first}, above 1 slower):")
    for c in args.commits:
        ratios = [a / b for a, b in zip(times[c], times[first], strict=True)]
        print(f"  {c:12s} median {statistics.median(times[c]):.3f} s   ratio "
              f"{statistics.median(ratios):.3f} (rounds {min(ratios):.3f}-{max(ratios):.3f})")


if __name__ == "__main__":
    main()
