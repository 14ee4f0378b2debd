"""Engine speed: N hands of a variant with uniformly random legal actions, on one core.

    python benchmarks/bench_engine.py --hands 20000 [--variant auction-pitch] [--profile]
                                      [--api random-step|public]

Prints hands per second. Compare with ``baseline_hardcoded.py`` (a plain simulator of
one fixed variant). Dealing, the auction, trick play, scoring (``pitchkit.scoring``),
settling (``pitchkit.settle``) and the event log are all included; when a game ends a
new one starts. By default the engine draws each random action itself (as a built-in
random player would: a card straight from the legal mask); ``--api public`` draws from
``game.legal_actions()`` and has ``game.apply`` check every action again. Both play the
same games from the same seed.
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


def play_hands(variant: str, hands: int, seed: int, api: str = "random-step",
               keep: list[Game] | None = None) -> int:
    """Play ``hands`` hands with random legal actions; returns the number of games.

    ``api``: ``public`` picks with ``rng.choice(game.legal_actions())`` and checks it
    again in ``game.apply``; ``random-step`` lets the engine draw the same action itself
    (``Game._apply_random``: in play, the card straight from the legal mask, unchecked).
    Both play exactly the same games from the same seed. ``keep`` collects the games.
    """
    rules = load_variant(variant)
    rng = random.Random(seed)
    choice = rng.choice
    public = api == "public"
    games = 0
    played = 0
    deal, over, select, play = Phase.DEAL, Phase.OVER, Phase.SELECT, Phase.PLAY
    game = Game(rules, rng)
    phase = None
    while True:
        if phase is None or phase is over:
            if phase is over:
                game = Game(rules, rng)
            games += 1
            if keep is not None:
                keep.append(game)
            # bound once per game
            apply, legal_actions, deal_random = game.apply, game.legal_actions, game.deal_random
            step = game._apply_random
        elif phase is deal:
            if played == hands:
                return games
            played += 1
            deal_random()
        elif phase is select:
            apply(select_action(rng.sample(legal_actions(), game.select_count)))
        elif public:
            apply(choice(legal_actions()))
            while game.phase is play:  # the tricks of the hand
                apply(choice(legal_actions()))
        else:
            step(rng)
            while game.phase is play:
                step(rng)
        phase = game.phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--variant", default="auction-pitch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument("--api", choices=("random-step", "public"), default="random-step",
                        help="how actions are drawn and applied (the same games either way)")
    parser.add_argument("--check", action="store_true",
                        help="play the hands both ways and check the games are identical")
    args = parser.parse_args()
    if args.check:
        both = []
        for api in ("public", "random-step"):
            kept: list[Game] = []
            play_hands(args.variant, args.hands, args.seed, api, kept)
            both.append([(g.events, g.hand_results, g.outcome) for g in kept])
        same = both[0] == both[1]
        print(f"{args.variant}, {args.hands} hands, seed {args.seed}: public and random-step "
              f"games {'identical' if same else 'DIFFER'}")
        raise SystemExit(0 if same else 1)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_hands(args.variant, args.hands, args.seed, args.api)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    best = 0.0
    for _ in range(args.repeat):
        # CPU time of this process: other load on the machine does not count against us
        start = time.process_time()
        games = play_hands(args.variant, args.hands, args.seed, args.api)
        elapsed = time.process_time() - start
        best = max(best, args.hands / elapsed)
        print(f"engine ({args.api}), {args.variant}, random play: "
              f"{args.hands / elapsed:,.0f} hands/s "
              f"({args.hands} hands, {games} games, {elapsed:.2f} s CPU)")
    print(f"best of {args.repeat}: {best:,.0f} hands/s")


if __name__ == "__main__":
    main()
