"""Simulation speed against the hard-coded simulator and against other code, alternated.

    python benchmarks/bench_simulate.py [--rounds 5] [--slices 12] [--base DIR ...]
                                        [--kinds KIND,...]

Measures, in hands per second of CPU time on one core, ``simulate`` of 4-player auction
pitch (seed 1, one worker, statistics included, as ``pitchkit simulate auction-pitch
--bots random`` runs it, start-up excluded: two games of another seed are played first,
so imports and the tables worked out once per rule set are not timed) with the random
bots and with the heuristic bots, and ``baseline_hardcoded.py``'s plain simulator of the
same rules. With ``--base DIR`` (another checkout, e.g. ``git worktree add /tmp/base
main``; give it again for more checkouts) the simulations also run on that code.

How the kinds are alternated (the machine is shared: its speed moves by 2x within
seconds, so one measurement of each kind a round, each in turn, let a burst of other
work fall on one kind and not the other, and single rounds' ratios moved by 1.6-3.3x):
each round starts a fresh process for each kind (and checkout), warms it up, then cuts
each kind's work into ``--slices`` slices and runs them interleaved, one slice of each
kind in turn (A B C, then C B A, ...), so that every kind runs within a fraction of a
second of the others all through the round. Each process times its own slices in CPU
time (``time.process_time``, while the others wait on a pipe, idle). The slices of a
round are together exactly the unsliced work, the same games and the same hands: slice
``k`` of a simulation is shard ``k/N`` of the run (``simulate(..., shard=...)``, games
``k-1``, ``k-1+N``, ...), slice ``k`` of the baseline is the ``k``-th run of hands of its
one generator. A round's figure of a kind is the round's hands over the round's CPU
seconds (sums over its slices); a round's ratio is one kind's figure over the other's.
Printed: every round's ratio, their median and spread, and the median of the paired
slice ratios (slice ``k`` of one kind against slice ``k`` of the other, every round)
with its 10th-90th percentiles. Slicing costs the simulations a little (each shard
builds and counts its own statistics: some 4.5M instructions a slice of random play,
about 1% of a round at 12 slices of 60 games) and the baseline nothing, so it does not
flatter the simulator. ``--slices 1`` is the old method: one measurement a kind a round.

    python benchmarks/bench_simulate.py --same-figures --base DIR

checks instead that both checkouts print the same statistics for the same seed (every
count of the run, hashed) with each kind of bot on several shipped variants: a faster
path must play the same games.

    python benchmarks/bench_simulate.py --instructions [--base DIR ...]

counts instead the machine instructions a hand costs, under ``valgrind
--tool=callgrind`` (string hashes fixed): each kind runs twice on each checkout, a short
and a long run (``--small`` and the kind's size, in games; hands for the baseline), and
the difference divided by the hands between them leaves start-up out. The counts do not
depend on the load of the machine, so one run of each is enough; their ratios are what
the CPU-time ratios are on a quiet machine, give or take the instructions' mix.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent


def slicer(kind: str, size: int, slices: int) -> Callable[[int], int]:
    """A function playing slice ``k`` (0 to ``slices - 1``, in order) of ``kind``'s
    measured work in this process and answering its hands; start-up done first. The
    slices together are the unsliced work: the same games, the same hands."""
    if kind == "baseline":
        sys.path.insert(0, str(HERE))
        import random

        from baseline_hardcoded import play_hand  # type: ignore[import-not-found,unused-ignore]

        rng = random.Random(1)
        played = 0

        def hands(k: int) -> int:
            # the k-th run of hands of the one generator: the slices must come in order
            nonlocal played
            first, last = k * size // slices, (k + 1) * size // slices
            assert first == played, "the baseline's slices are played in order"
            for i in range(first, last):
                play_hand(rng, i % 4)
            played = last
            return last - first

        return hands
    from pitchkit.load import load_variant
    from pitchkit.simulate import simulate

    rules = load_variant("auction-pitch")
    # start-up left out: imports, and the tables worked out once per rule set
    simulate(rules, games=2, seed="warm-up", bots=kind, workers=1)

    def games(k: int) -> int:
        shard = f"{k + 1}/{slices}" if slices > 1 else None
        return simulate(rules, games=size, seed=1, bots=kind, workers=1, shard=shard).hands

    return games


def measure(kind: str, size: int) -> tuple[int, float]:
    """(hands, CPU seconds) of one unsliced measurement, in this process."""
    play = slicer(kind, size, 1)
    start = time.process_time()
    hands = play(0)
    return hands, time.process_time() - start


def serve(kind: str, size: int, slices: int) -> None:
    """Answer ``ready`` once warmed up, then, for each slice number read from stdin,
    play it and answer its hands and CPU seconds (idle between slices)."""
    play = slicer(kind, size, slices)
    print("ready", flush=True)
    for line in sys.stdin:
        start = time.process_time()
        hands = play(int(line))
        print(hands, time.process_time() - start, flush=True)


#: (variant, bots, games, hands per game) of the --same-figures check
FIGURE_RUNS = (
    ("auction-pitch", "random", 40, None), ("money-pitch", "random", 20, 20),
    ("partnership-pitch", "random", 40, None), ("auction-pitch", "heuristic", 200, None),
    ("money-pitch", "heuristic", 20, 20), ("pimps-and-hoes", "heuristic", 60, None),
    ("ten-point-pitch", "heuristic", 60, None), ("nine-card-pitch", "heuristic", 40, None),
    ("auction-pitch", "calibrated", 60, None),
)


def figures() -> list[str]:
    """A hash of the statistics of each of FIGURE_RUNS, in this process."""
    import hashlib
    import json

    from pitchkit.load import load_variant
    from pitchkit.simulate import simulate

    out = []
    for variant, bots, games, hands in FIGURE_RUNS:
        raw = simulate(load_variant(variant), games=games, seed=5, bots=bots,
                       hands=hands).to_raw()
        raw.pop("wall_seconds", None)
        # the rules' fingerprint is not a figure of the games (and a new setting's default
        # changes it with the same games)
        raw.pop("rules_hash", None)
        text = json.dumps(raw, sort_keys=True, default=str).encode()
        out.append(f"{variant}/{bots}:{hashlib.sha256(text).hexdigest()[:16]}")
    return out


def same_figures(base: Path) -> bool:
    """Whether this checkout and ``base`` print the same statistics for FIGURE_RUNS."""
    got = {}
    for tree in (TREE, base.resolve()):
        env = dict(os.environ, PYTHONPATH=str(tree))
        got[tree] = subprocess.run([sys.executable, __file__, "--one", "figures"], env=env,
                                   capture_output=True, text=True, check=True, timeout=1200,
                                   cwd=tree).stdout.split()
    same = True
    for mine, theirs in zip(got[TREE], got[base.resolve()], strict=True):
        ok = mine == theirs
        same &= ok
        print(f"  {mine.split(':')[0]:32s} {'same' if ok else 'DIFFERENT'}")
    return same


#: Seconds a worker may take to start and warm up, or to play one slice.
WORKER_SECONDS = 600


class Worker:
    """A process measuring one kind on one checkout, slice by slice (see :func:`serve`)."""

    def __init__(self, kind: str, tree: Path, size: int, slices: int) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.name = f"{kind} on {tree}"
        # what the worker says on stderr, for the message if it fails; closed by close()
        self.errors = tempfile.TemporaryFile("w+")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", kind, "--size", str(size),
             "--slices", str(slices)],
            env=env, cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.errors, text=True)
        self.answer()  # "ready"

    def answer(self) -> list[str]:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], WORKER_SECONDS)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            self.proc.kill()
            self.proc.wait(timeout=60)
            self.errors.seek(0)
            raise SystemExit(f"a benchmark worker failed or took over {WORKER_SECONDS} s: "
                             f"{self.name}\n{self.errors.read()}")
        return line.split()

    def play(self, k: int) -> tuple[int, float]:
        """(hands, CPU seconds) of slice ``k``."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{k}\n")
        self.proc.stdin.flush()
        hands, seconds = self.answer()
        return int(hands), float(seconds)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)
        self.errors.close()


Slices = list[tuple[int, float]]


def measure_round(cases: list[tuple[str, Path]], sizes: dict[str, int], slices: int,
                  reverse: bool) -> dict[tuple[str, Path], Slices]:
    """(hands, CPU seconds) of every slice of each case in one round: a fresh warmed-up
    process per case (started one after another), then the slices interleaved, one of
    each case in turn, the order reversed from one slice to the next."""
    workers = {case: Worker(case[0], case[1], sizes[case[0]], slices) for case in cases}
    out: dict[tuple[str, Path], Slices] = {case: [] for case in cases}
    try:
        for k in range(slices):
            for case in (cases[::-1] if (k % 2 == 1) != reverse else cases):
                out[case].append(workers[case].play(k))
    finally:
        for worker in workers.values():
            worker.close()
    return out


def instructions(kind: str, tree: Path, size: int, out: Path) -> tuple[int, int]:
    """(hands, instructions) of one measurement of ``kind`` on ``tree`` under callgrind."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                          sys.executable, __file__, "--one", kind, "--size", str(size)],
                         env=env, capture_output=True, text=True, check=True, timeout=3600,
                         cwd=tree)
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found, run.stderr
    return int(run.stdout.split()[0]), int(found.group(1))


def per_hand(cases: list[tuple[str, Path]], sizes: dict[str, int], small: dict[str, int]
             ) -> dict[tuple[str, Path], float]:
    """Instructions a hand of each case: a long run less a short one, over the hands
    between them (start-up, warm-up and the tables of the rule set left out)."""
    with tempfile.TemporaryDirectory() as tmp:
        runs = [(kind, tree, n, Path(tmp) / f"callgrind.{i}.{n}")
                for i, (kind, tree) in enumerate(cases) for n in (small[kind], sizes[kind])]
        # the counts do not depend on the load: run them side by side
        with ThreadPoolExecutor(max_workers=2) as pool:
            counted = list(pool.map(lambda r: instructions(*r), runs))
    out = {}
    for i, case in enumerate(cases):
        (h1, i1), (h2, i2) = counted[2 * i], counted[2 * i + 1]
        out[case] = (i2 - i1) / (h2 - h1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--base", type=Path, action="append", default=[],
                        help="another checkout to measure against (may be repeated)")
    parser.add_argument("--kinds", default="baseline,random,heuristic")
    parser.add_argument("--hands", type=int, help="hands of the baseline (20,000; 4,000 "
                                                   "with --instructions)")
    parser.add_argument("--random-games", type=int,
                        help="games with random bots, about 500 hands each (100; 20)")
    parser.add_argument("--heuristic-games", type=int,
                        help="games with heuristic bots, about 6 hands each (1,000; 200)")
    parser.add_argument("--same-figures", action="store_true",
                        help="check that --base prints the same statistics (same games)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions a hand under callgrind instead of CPU time "
                             "(sizes default to 4,000 hands, 20 and 200 games)")
    parser.add_argument("--small", type=int, default=None,
                        help="with --instructions: the short run's size (default a quarter)")
    parser.add_argument("--slices", type=int, default=12,
                        help="slices of each kind's work a round, interleaved (12; 1: one "
                             "measurement of each kind a round)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one == "figures":
        print("\n".join(figures()))
        return
    if args.same_figures:
        if len(args.base) != 1:
            parser.error("--same-figures needs one --base DIR")
        print(f"statistics of this checkout and {args.base[0]}, seed 5:")
        raise SystemExit(0 if same_figures(args.base[0]) else 1)
    if args.serve:
        serve(args.serve, args.size, args.slices)
        return
    if args.one:
        hands, seconds = measure(args.one, args.size)
        print(hands, seconds)
        return
    given = {"baseline": args.hands, "random": args.random_games,
             "heuristic": args.heuristic_games}
    defaults = ({"baseline": 4000, "random": 20, "heuristic": 200} if args.instructions
                else {"baseline": 20000, "random": 100, "heuristic": 1000})
    sizes = {kind: size or defaults[kind] for kind, size in given.items()}
    cases = [(kind, TREE) for kind in args.kinds.split(",")]
    bases = [base.resolve() for base in args.base]
    for base in bases:
        cases += [(kind, base) for kind in args.kinds.split(",") if kind != "baseline"]

    def label(case: tuple[str, Path]) -> str:
        kind, tree = case
        return kind if tree == TREE else f"{kind} @ {tree}"

    if args.instructions:
        small = {kind: args.small or max(1, size // 4) for kind, size in sizes.items()}
        counts = per_hand(cases, sizes, small)
        print("callgrind instructions a hand (a run less a shorter one: "
              + ", ".join(f"{k} {small[k]}..{sizes[k]}" for k in args.kinds.split(",")) + "):")
        for case, count in counts.items():
            print(f"  {label(case):40s} {count:12,.0f}")
        print("ratios (instructions of the other over this one's: above 1 faster):")
        if ("baseline", TREE) in counts:
            for case in cases:
                if case[0] != "baseline":
                    print(f"  {label(case)} / baseline: "
                          f"{counts['baseline', TREE] / counts[case]:.2f}x")
        for base in bases:
            for kind in args.kinds.split(","):
                if kind != "baseline":
                    print(f"  {kind} / {kind} @ {base}: "
                          f"{counts[kind, base] / counts[kind, TREE]:.2f}x")
        return
    if args.slices < 1:
        parser.error("--slices must be at least 1")
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    rounds = [measure_round(cases, sizes, args.slices, reverse=r % 2 == 1)
              for r in range(args.rounds)]
    print(f"load average {os.getloadavg()[0]:.1f} at the end")

    def rate(parts: Slices) -> float:
        return sum(h for h, _ in parts) / sum(s for _, s in parts)

    print(f"hands per CPU second, {args.rounds} rounds of {args.slices} alternated slices "
          "(a round's hands over its CPU seconds), median (min-max):")
    for case in cases:
        values = [rate(r[case]) for r in rounds]
        print(f"  {label(case):40s} {statistics.median(values):9,.0f}  "
              f"({min(values):,.0f}-{max(values):,.0f})")

    def ratio(a: tuple[str, Path], b: tuple[str, Path]) -> None:
        per_round = [rate(r[a]) / rate(r[b]) for r in rounds]
        paired = sorted((ha / sa) / (hb / sb) for r in rounds
                        for (ha, sa), (hb, sb) in zip(r[a], r[b], strict=True))
        deciles = (statistics.quantiles(paired, n=10) if len(paired) > 1
                   else [paired[0]] * 9)
        print(f"  {label(a)} / {label(b)}: {statistics.median(per_round):.2f}x, rounds "
              f"{min(per_round):.2f}-{max(per_round):.2f} "
              f"({' '.join(f'{x:.2f}' for x in per_round)}); paired slices "
              f"{statistics.median(paired):.2f}x (10-90%: {deciles[0]:.2f}-{deciles[-1]:.2f})")

    print("ratios: the median of the rounds' ratios, their range and each round's; the "
          "median of the paired slices' ratios:")
    if ("baseline", TREE) in cases:
        for case in cases:
            if case[0] != "baseline":
                ratio(case, ("baseline", TREE))
    for base in bases:
        for kind in args.kinds.split(","):
            if kind != "baseline":
                ratio((kind, TREE), (kind, base))


if __name__ == "__main__":
    main()
