"""Every shipped variant played by the default bots: do the games end, and are the bids
made at a rate a player would believe?

    python benchmarks/bench_variants.py [--games 100] [--seed 1] [--workers 2]

Plays ``--games`` games of each shipped variant with the default bot in every seat
(``pitchkit simulate VARIANT --games N --seed S``) and prints one table row per variant:
games, hands, games cut off at the hand limit, contracts, the share of contracts made
(95% interval), the most common bid and its made rate, and moons bid and made. A variant
without an end (money pitch) plays a fixed number of hands a game: no game of it is cut
off. Results depend on the seed, not on the machine or the workers.
"""

from __future__ import annotations

import argparse
from typing import Any

from pitchkit.load import load_variant, shipped_variants
from pitchkit.simulate import simulate


def row(name: str, summary: dict[str, Any]) -> str:
    """One markdown row of the table from a run's ``--json`` summary."""
    contracts = summary.get("contracts", 0)
    cells = [f"`{name}`", str(summary["games"]), str(summary["hands"]),
             str(summary["cut_off"]), str(contracts)]
    if not contracts:  # no auction (staged play without bids)
        return "| " + " | ".join([*cells, "no contracts", "", ""]) + " |"
    made = summary["set_rate"]
    # made = 1 - set: the interval of the set rate, turned round
    cells.append(f"{1 - made['rate']:.1%} [{1 - made['high']:.1%}, {1 - made['low']:.1%}]")
    bids = summary["bids"]
    common = max(bids, key=lambda bid: bids[bid]["count"])
    top = bids[common]
    cells.append(f"{common}: {top['share']['rate']:.0%} of bids, made "
                 f"{top['made']['rate']:.0%}")
    moon = summary.get("moon") or {}
    cells.append(f"{moon['attempts']} bid, {moon['made']} made" if moon.get("attempts")
                 else "")
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print(f"default bots, {args.games} games each, seed {args.seed}:\n")
    print("| variant | games | hands | cut off | contracts | made [95%] | most common bid "
          "| moons |")
    print("|---|---|---|---|---|---|---|---|")
    for name, _path in shipped_variants():
        stats = simulate(load_variant(name), games=args.games, seed=args.seed,
                         bots="calibrated", workers=args.workers, variant=name)
        print(row(name, stats.summary()), flush=True)


if __name__ == "__main__":
    main()
