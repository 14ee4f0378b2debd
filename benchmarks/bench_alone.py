"""Is going alone (auction.alone) worth it for the bots? Heuristic bots on both sides; one
side decides by :meth:`HeuristicBot.alone`, the other never goes alone; each deal seed is
played twice with the sides swapped.

    python benchmarks/bench_alone.py --games 150 [--variant partnership-pitch]
                                     [--set scoring.alone_made_factor=3]

Prints how often the deciding side went alone and made its bid, how often the side that
never goes alone made its bids, and the deciding side's share of the games won. The
figure is only as good as the heuristic: a better card player might value its partner
more.
"""

from __future__ import annotations

import argparse
import random

from pitchkit.actions import ALONE, WITH_PARTNER
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.engine import Game, Phase
from pitchkit.load import load_variant
from pitchkit.results import Observation

#: hands after which a game is cut off (partnership pitch ends in about 12)
MAX_HANDS = 80


class NeverAlone(HeuristicBot):
    """The heuristic, always playing with its partner."""

    def alone(self, obs: Observation) -> int:
        return WITH_PARTNER


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="deal seeds (2 games each)")
    parser.add_argument("--variant", default="partnership-pitch")
    parser.add_argument("--set", action="append", default=[], dest="sets")
    args = parser.parse_args()
    rules = load_variant(args.variant, ["auction.alone=true", "auction.pitch_to_bid=false",
                                        *args.sets])
    wins = cut = 0
    contracts = {True: [0, 0, 0], False: [0, 0, 0]}  # side deciding: [bids, alone, made]
    for seed in range(args.games):
        for deciding in (0, 1):
            game = Game(rules, random.Random(seed))
            bots = [(HeuristicBot if game.team_of[s] == deciding
                     else NeverAlone)(rules, s, random.Random(seed * 10 + s))
                    for s in range(rules.players.count)]
            answer = None
            while game.phase is not Phase.OVER and game.hands_played < MAX_HANDS:
                if game.phase is Phase.DEAL:
                    game.deal_random()
                    answer = None
                    continue
                seat = game.to_act
                assert seat is not None
                action = bots[seat].choose(game.observation(seat), game.legal_actions())
                if game.phase is Phase.ALONE:
                    answer = action
                before = len(game.hand_results)
                game.apply(action)
                result = game.hand_results[-1] if len(game.hand_results) > before else None
                if result is not None and answer is not None and result.pitcher is not None:
                    row = contracts[game.team_of[result.pitcher] == deciding]
                    row[0] += 1
                    row[1] += answer == ALONE
                    row[2] += bool(result.made)
            if game.outcome is None or game.outcome.draw:
                cut += 1
            elif deciding in {game.team_of[w] for w in game.outcome.winners}:
                wins += 1
    total = 2 * args.games
    for deciding, (bids, alone, made) in contracts.items():
        who = "deciding side" if deciding else "never-alone side"
        print(f"{who}: {bids} contracts, {alone} alone, {made} made "
              f"({made / max(1, bids):.1%})")
    print(f"{total} games: the deciding side won {wins} ({wins / total:.1%}); "
          f"{cut} drawn or cut off")


if __name__ == "__main__":
    main()
