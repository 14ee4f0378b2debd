"""The search bot's play-outs batched or one by one, timed at the same decisions.

At every decision ``search`` searches in whole games (the same bot in every seat, seeded
as ``bench_search.py speed`` seeds them), its play-outs are played both ways, batched
(:meth:`pitchkit.bots.search.SearchBot.search_batched`) and one by one (``search`` with
batching off), in turn which goes first, and checked equal (the same totals and charge).
Prints, per variant, the search's time (seconds, summed over the decisions) if every
decision is batched and if those of fewer than K play-outs (worlds times candidates) are
played one by one: paired timings of the very same decisions, which a loaded machine
disturbs less than two whole runs apart. Where the search does not batch (staged play,
``playout=careful``, ``leaf``) nothing is timed.

    python benchmarks/bench_batch_paired.py --variants nine-card-pitch,call-partner-pitch
"""

from __future__ import annotations

import argparse
import time
from unittest import mock

from bench_search import play_games

from pitchkit.bots.search import SearchBot
from pitchkit.results import Observation

#: Play-outs a decision below which the policies compared play them one by one.
THRESHOLDS = (6, 8, 10, 16)


def timed_decisions(variant: str, hands: int) -> list[tuple[int, float, float]]:
    """Per decision searched in ``hands`` hands of ``variant``: its play-outs, and the
    seconds batched and one by one."""
    found: list[tuple[int, float, float]] = []
    plain = SearchBot.search
    first_batched = [False]

    def both(bot: SearchBot, obs: Observation, worlds: list[list[int]],
             candidates: list[int]) -> dict[int, float]:
        if not bot._batched:
            return plain(bot, obs, worlds, candidates)
        first_batched[0] = not first_batched[0]
        seconds = {}
        results = []
        for batched in (True, False) if first_batched[0] else (False, True):
            copies = [list(w) for w in worlds]
            start = time.perf_counter()
            if batched:
                totals = bot.search_batched(obs, copies, candidates)
            else:
                bot._batched = False
                try:
                    totals = plain(bot, obs, copies, candidates)
                finally:
                    bot._batched = True
            seconds[batched] = time.perf_counter() - start
            results.append((totals, bot._played_out))
        assert results[0] == results[1], "batched and one by one differ"
        found.append((len(worlds) * len(candidates), seconds[True], seconds[False]))
        return results[0][0]

    with mock.patch.object(SearchBot, "search", both):
        play_games(variant, "search", "speed0", hands_wanted=hands)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="nine-card-pitch,call-partner-pitch",
                        help="comma-separated variants")
    parser.add_argument("--hands", type=int, default=300, help="hands a variant")
    args = parser.parse_args()
    for variant in args.variants.split(","):
        found = timed_decisions(variant, args.hands)
        every = sum(b for _, b, _ in found)
        parts = [f"{variant}: {len(found)} decisions, all batched {every:.3f} s"]
        for k in THRESHOLDS:
            mixed = sum(b if rows >= k else one for rows, b, one in found)
            small = sum(rows < k for rows, _, _ in found)
            parts.append(f"under {k} one by one ({small} decisions) {mixed:.3f} s "
                         f"({mixed / every:.2f}x)")
        print("\n  ".join(parts), flush=True)


if __name__ == "__main__":
    main()
