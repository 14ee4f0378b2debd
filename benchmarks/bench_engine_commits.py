"""The engine benchmark on several commits, alternated: which commit made it slower?

    python benchmarks/bench_engine_commits.py [--rounds 8] COMMIT [COMMIT ...]
    python benchmarks/bench_engine_commits.py --instructions COMMIT [COMMIT ...]
    python benchmarks/bench_engine_commits.py --instructions --variant partnership-pitch ...

Each commit is exported (``git archive``) to a temporary folder, and its own
``benchmarks/bench_engine.py --hands 20000 --repeat 1`` runs there in a fresh process,
the commits in turn (the order reversed every other round), so that other work on a
shared machine hits them alike. Prints each commit's median CPU seconds and the median
of its per-round ratios to the first commit (above 1: slower).

``--instructions`` counts instead the machine instructions a hand costs, under
``valgrind --tool=callgrind``: each commit's bench_engine runs twice, on
``--small`` and on ``--hands`` hands (default 300 and 1500), and the difference divided
by the hands between them leaves start-up out. The count does not depend on the load of
the machine, so one run of each is enough; the commits must play the same games (the
same seed gives the same hands when their rules agree).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def export(commit: str, root: Path) -> Path:
    """The tree of ``commit`` in a folder under ``root`` (a folder given instead of a
    commit, such as ``.`` for the working tree, is used as it is)."""
    if Path(commit).is_dir():
        return Path(commit).resolve()
    folder = root / commit
    folder.mkdir()
    archive = subprocess.run(["git", "-C", str(HERE), "archive", commit], check=True,
                             capture_output=True, timeout=120).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True, timeout=120)
    return folder


def bench(tree: Path, hands: int, variant: str | None) -> list[str]:
    """The command line of one bench_engine run of ``tree`` (after the interpreter)."""
    return [str(tree / "benchmarks" / "bench_engine.py"), "--hands", str(hands), "--repeat",
            "1", *(["--variant", variant] if variant else [])]


def seconds(tree: Path, hands: int, variant: str | None) -> float:
    """CPU seconds of one bench_engine run of ``tree``."""
    out = subprocess.run([sys.executable, *bench(tree, hands, variant)],
                         env=dict(os.environ, PYTHONPATH=str(tree)), capture_output=True,
                         text=True, check=True, timeout=600).stdout
    found = re.search(r"([\d.]+) s CPU", out)
    assert found, out
    return float(found.group(1))


def instructions(tree: Path, hands: int, out: Path, variant: str | None) -> int:
    """Instructions (callgrind's Ir) of one bench_engine run of ``tree`` on ``hands``."""
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                          sys.executable, *bench(tree, hands, variant)],
                         # string hashes fixed: set and dict orders, and so the counts,
                         # are the same on every run
                         env=dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0"),
                         capture_output=True, text=True, check=True, timeout=3600)
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found, run.stderr
    return int(found.group(1))


def per_hand(commits: list[str], small: int, hands: int, variant: str | None) -> None:
    """Print each commit's instructions a hand and the ratio to the first commit."""
    with tempfile.TemporaryDirectory() as tmp:
        trees = {c: export(c, Path(tmp)) for c in commits}
        runs = [(c, n, Path(tmp) / f"callgrind.{i}.{n}")
                for i, c in enumerate(commits) for n in (small, hands)]
        # the counts do not depend on the load: run them side by side
        with ThreadPoolExecutor(max_workers=2) as pool:
            counted = list(pool.map(
                lambda run: instructions(trees[run[0]], run[1], run[2], variant), runs))
        by_run = {(c, n): count for (c, n, _), count in zip(runs, counted, strict=True)}
        counts = {c: (by_run[c, hands] - by_run[c, small]) / (hands - small) for c in commits}
    first = commits[0]
    on = f"--variant {variant} " if variant else ""
    print(f"callgrind instructions a hand, bench_engine {on}hands {small}..{hands} "
          f"(ratio to {first}, above 1 slower):")
    for c in commits:
        print(f"  {c:12s} {counts[c]:12,.0f}   ratio {counts[c] / counts[first]:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--hands", type=int, default=None,
                        help="hands a run (default 20000; 1500 with --instructions)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions a hand under callgrind instead of CPU time")
    parser.add_argument("--variant", default=None,
                        help="the variant bench_engine plays (default: its own, auction-pitch)")
    parser.add_argument("--small", type=int, default=300,
                        help="with --instructions: the shorter run's hands")
    args = parser.parse_args()
    if args.instructions:
        per_hand(args.commits, args.small, args.hands or 1500, args.variant)
        return
    args.hands = args.hands or 20000
    with tempfile.TemporaryDirectory() as tmp:
        trees = {c: export(c, Path(tmp)) for c in args.commits}
        times: dict[str, list[float]] = {c: [] for c in args.commits}
        for r in range(args.rounds):
            for c in (args.commits if r % 2 == 0 else args.commits[::-1]):
                times[c].append(seconds(trees[c], args.hands, args.variant))
    first = args.commits[0]
    on = f"--variant {args.variant} " if args.variant else ""
    print(f"bench_engine {on}--hands {args.hands}, {args.rounds} alternated rounds "
          f"(CPU seconds; ratio to {first}, above 1 slower):")
    for c in args.commits:
        ratios = [a / b for a, b in zip(times[c], times[first], strict=True)]
        print(f"  {c:12s} median {statistics.median(times[c]):.3f} s   ratio "
              f"{statistics.median(ratios):.3f} (rounds {min(ratios):.3f}-{max(ratios):.3f})")


if __name__ == "__main__":
    main()
