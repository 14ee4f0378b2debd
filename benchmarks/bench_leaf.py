"""``search``'s play-outs cut at a horizon (``search:leaf=N``, pitchkit.bots.leaf): its
cost a hand and its worlds a decision, against other ``search`` settings.

Run: ``python benchmarks/bench_leaf.py stats --bots search,search:leaf=2:samples=20``
(whole games of four seats of each bot, alternated run by run in one process: CPU
seconds a hand of the best run, decisions searched a hand, worlds a searched decision,
and the share of play-outs that stopped at the horizon), or
``python benchmarks/bench_leaf.py games --bots BOT --games N`` under
``valgrind --tool=callgrind`` (and with ``--games 0``, the start-up alone; the difference
over the hands printed is the instructions a hand). The learned tables are made (or
read) before any clock starts. Every run is seeded as ``bench_search.py speed``'s first:
the same games on any machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_search import play_games

from pitchkit.bots.leaf import leaf_model, unmodelled
from pitchkit.bots.search import SearchBot
from pitchkit.load import load_variant


def counted(variant: str, bots: str, hands: int) -> tuple[float, int, Counter[str]]:
    """CPU seconds, hands, and counts (decisions searched, worlds, play-outs, play-outs
    stopped at the horizon) of games of ``bots`` in every seat."""
    counts: Counter[str] = Counter()
    search, play_out = SearchBot.search, SearchBot.play_card_out

    def counting_search(self, obs, worlds, candidates):  # type: ignore[no-untyped-def]
        counts["decisions"] += 1
        counts["worlds"] += len(worlds)
        return search(self, obs, worlds, candidates)

    def counting_play_out(self, obs, world, dealt, card, quick):  # type: ignore[no-untyped-def]
        counts["play-outs"] += 1
        if self.at_trick is not None:
            counts["cut"] += 1
        return play_out(self, obs, world, dealt, card, quick)

    SearchBot.search = counting_search  # type: ignore[method-assign]
    SearchBot.play_card_out = counting_play_out  # type: ignore[method-assign,assignment]
    try:
        start = time.process_time()
        played = play_games(variant, bots, "speed0", hands_wanted=hands)
        return time.process_time() - start, played, counts
    finally:
        SearchBot.search, SearchBot.play_card_out = search, play_out  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("stats", "games"))
    parser.add_argument("--variant", default="auction-pitch")
    parser.add_argument("--bots", default="search,search:leaf=2:samples=20",
                        help="stats: comma-separated bots, each in every seat of its games; "
                        "games: one bot")
    parser.add_argument("--hands", type=int, default=200, help="stats: hands a run")
    parser.add_argument("--repeat", type=int, default=2, help="stats: alternated runs")
    parser.add_argument("--games", type=int, default=3, help="games: whole games")
    args = parser.parse_args()
    rules = load_variant(args.variant)
    if unmodelled(rules) is None:
        leaf_model(rules)
    if args.part == "games":
        hands = play_games(args.variant, args.bots, "speed0", games=args.games)
        print(f"{args.variant}: {args.bots}: {args.games} games, {hands} hands", flush=True)
        return
    bots = args.bots.split(",")
    for bot in bots:
        play_games(args.variant, bot, "speed0")  # calibration and imports, off the clock
    best: dict[str, tuple[float, int, Counter[str]]] = {}
    for _ in range(args.repeat):
        for bot in bots:
            cpu, hands, counts = counted(args.variant, bot, args.hands)
            if bot not in best or cpu / hands < best[bot][0] / best[bot][1]:
                best[bot] = (cpu, hands, counts)
    print("| bot | ms a hand (CPU, best) | decisions searched a hand | worlds a decision "
          "| play-outs a hand | cut at the horizon |")
    print("|---|---|---|---|---|---|")
    for bot in bots:
        cpu, hands, c = best[bot]
        print(f"| `{bot}` | {1000 * cpu / hands:.2f} | {c['decisions'] / hands:.1f} "
              f"| {c['worlds'] / max(1, c['decisions']):.2f} | {c['play-outs'] / hands:.1f} "
              f"| {c['cut'] / max(1, c['play-outs']):.0%} |")


if __name__ == "__main__":
    main()
