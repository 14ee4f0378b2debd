"""Speed of simulation with each bot, and of one worker against two.

Run: ``python benchmarks/bench_bots.py`` (about five minutes; ``--quick`` for a smoke
run; ``--only bots`` or ``--only workers`` for one part). Prints hands per second of CPU
time for the random, heuristic and montecarlo bots (one worker, every seat the same bot
unless said), so other work on a shared machine changes them little; then the
throughput of ``--workers 1`` and ``--workers 2`` for the random and heuristic bots,
wall clock (the workers' CPU is in other processes): other processes on the machine
skew those most, so run that part on a quiet one. Figures include the engine, the bots
and the statistics, as ``pitchkit simulate`` runs them.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

from pitchkit.load import load_variant
from pitchkit.simulate import simulate


def rate(variant: str, bots: str, games: int, workers: int = 1,
         hands: int | None = None, clock: str = "cpu") -> tuple[float, int]:
    """(hands per second, hands) of one run, by CPU time of this process or wall clock."""
    rules = load_variant(variant)
    now = time.process_time if clock == "cpu" else time.perf_counter
    start = now()
    stats = simulate(rules, games=games, seed=1, bots=bots, workers=workers, hands=hands)
    return stats.hands / (now() - start), stats.hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small runs, for a smoke test")
    parser.add_argument("--repeat", type=int, default=3, help="best of how many (workers)")
    parser.add_argument("--only", choices=("bots", "workers"), help="run one part")
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0

    def n(games: int) -> int:
        return max(2, int(games * scale))

    print(f"cores: {os.cpu_count()}")
    if args.only != "workers":
        bots_part(n)
    if args.only != "bots":
        workers_part(n, args.repeat)


def bots_part(n: Callable[[int], int]) -> None:
    print("bots (every seat the same bot unless said; one worker; per CPU second)")
    cases = [
        ("random", "money-pitch", "random", n(400), 20),
        ("random", "auction-pitch", "random", n(40), None),
        ("heuristic", "auction-pitch", "heuristic", n(1500), None),
        ("montecarlo:samples=20", "auction-pitch", "montecarlo:samples=20", n(4), None),
        ("montecarlo:samples=20, one seat", "auction-pitch",
         "montecarlo:samples=20,heuristic,heuristic,heuristic", n(8), None),
        ("random", "pimps-and-hoes", "random", n(1000), None),
        ("heuristic", "pimps-and-hoes", "heuristic", n(1000), None),
    ]
    base: dict[str, float] = {}
    for label, variant, bots, games, hands in cases:
        hps, total = rate(variant, bots, games, hands=hands)
        base.setdefault(variant, hps)
        rel = base[variant] / hps
        print(f"  {variant:15s} {label:34s} {hps:9.1f} hands/s  ({total} hands; "
              f"{rel:.1f}x the time of the first bot on this variant)")


def workers_part(n: Callable[[int], int], repeat: int) -> None:
    print("workers (throughput, wall clock)")
    # enough games that starting the worker processes (about 0.3 s) does not dominate
    for variant, bots, games, hands in (("money-pitch", "random", n(6000), 20),
                                        ("auction-pitch", "heuristic", n(6000), None)):
        # best of three, alternating, so a burst of other work on the machine hurts less
        one = two = 0.0
        for _ in range(repeat):
            one = max(one, rate(variant, bots, games, workers=1, hands=hands, clock="wall")[0])
            two = max(two, rate(variant, bots, games, workers=2, hands=hands, clock="wall")[0])
        print(f"  {variant:15s} {bots:10s} workers 1: {one:8.0f} hands/s   "
              f"workers 2: {two:8.0f} hands/s   speed-up {two / one:.2f}x")


if __name__ == "__main__":
    main()
