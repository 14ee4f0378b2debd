"""Engine speed: N hands of a variant with uniformly random legal actions, on one core.

    python benchmarks/bench_engine.py --hands 20000 [--variant auction-pitch] [--profile]

Prints hands per second. Compare with ``baseline_hardcoded.py`` (a plain simulator of
one fixed variant). Dealing, every action's legality check, trick play, scoring
(``pitchkit.scoring``) and settling (``pitchkit.settle``) are all included; when a game
ends a new one starts.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from pitchkit.actions import select_action
from pitchkit.engine import Game, Phase
from pitchkit.load import load_variant


def play_hands(variant: str, hands: int, seed: int) -> int:
    """Play ``hands`` hands with random legal actions; returns the number of games."""
    rules = load_variant(variant)
    rng = random.Random(seed)
    choice = rng.choice
    games = 0
    played = 0
    deal, over, select, play = Phase.DEAL, Phase.OVER, Phase.SELECT, Phase.PLAY
    game = None
    phase = over
    while True:
        if phase is over:
            game = Game(rules, rng)
            games += 1
            # the public API, bound once per game: what any caller of the engine would do
            apply, legal_actions, deal_random = game.apply, game.legal_actions, game.deal_random
        elif phase is deal:
            if played == hands:
                return games
            played += 1
            deal_random()
        elif phase is select:
            apply(select_action(rng.sample(legal_actions(), game.select_count)))
        else:
            apply(choice(legal_actions()))
            while game.phase is play:  # the tricks of the hand
                apply(choice(legal_actions()))
        phase = game.phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--variant", default="auction-pitch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_hands(args.variant, args.hands, args.seed)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    best = 0.0
    for _ in range(args.repeat):
        # CPU time of this process: other load on the machine does not count against us
        start = time.process_time()
        games = play_hands(args.variant, args.hands, args.seed)
        elapsed = time.process_time() - start
        best = max(best, args.hands / elapsed)
        print(f"engine, {args.variant}, random play: {args.hands / elapsed:,.0f} hands/s "
              f"({args.hands} hands, {games} games, {elapsed:.2f} s CPU)")
    print(f"best of {args.repeat}: {best:,.0f} hands/s")


if __name__ == "__main__":
    main()
