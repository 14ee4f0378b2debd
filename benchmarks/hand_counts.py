"""Counts of a match's hands by bot: who pitches, at what bid, how often set, forced
dealers, the trump named against the calibrated bot's, what a hand is worth to each.

``python benchmarks/hand_counts.py VARIANT --bots A,B --games N --seed S`` plays the
deals and seatings of ``pitchkit match VARIANT --bots A,B --games N --seed S`` (the same
cards; each seat's bot asked through ``choose``, not the engine's fast paths, so a bot
whose fast path is not card for card its ``choose`` may play other games) and prints,
for A and for B:

- hands pitched (share of the hands its seats played), by bid; made and set by bid;
- forced bids (every other seat passed and the dealer had to bid) and their set rate;
- where its bid differs from the calibrated bot's on the same view (and which way);
- the lead that names trump: how often its suit is not the calibrated bot's;
- the hand's value to each seat (its score change less the others' mean, as
  :func:`pitchkit.bots.montecarlo.side_value` counts it, without the game bonus), as
  pitcher and not, and the win share of the match.

Bounded by ``--timeout`` seconds (the deals finished are counted). Not part of the
package: a diagnosis aid (docs/search-vs-montecarlo.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from pitchkit.actions import BID_BASE, MAX_BID, PASS
from pitchkit.bots import BotSpec, parse_bot_spec
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.load import load_variant
from pitchkit.match import seatings
from pitchkit.results import Observation, Phase
from pitchkit.seeded import SeededOnUse
from pitchkit.simulate import DEFAULT_MAX_HANDS, Setup, play_game


def bid_of(action: int) -> int | None:
    """The number of a numeric bid action, else None."""
    return action - BID_BASE if BID_BASE < action <= BID_BASE + MAX_BID else None


class Recorder:
    """A bot asked through ``choose`` that notes its bids and its naming of trump next to
    the calibrated bot's on the same view."""

    def __init__(self, kind: int, bot: Any, shadow: CalibratedBot, log: dict[str, Any]) -> None:
        self.kind, self.bot, self.shadow, self.log = kind, bot, shadow, log

    def choose(self, obs: Observation, legal: Sequence[int]) -> int:
        action = self.bot.choose(obs, legal)
        if obs.phase is Phase.AUCTION:
            usual = self.shadow.choose(obs, legal)
            forced = PASS not in legal
            self.log["bids"].append((self.kind, bid_of(action), bid_of(usual), forced))
        elif obs.phase is Phase.PLAY and obs.trump is None and not obs.played \
                and 0 <= action < 52:
            usual = self.shadow.choose(obs, legal)
            self.log["trump"].append((self.kind, action // 13, usual // 13
                                      if 0 <= usual < 52 else -1))
        return int(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--bots", required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--timeout", type=float, default=3600.0)
    args = parser.parse_args()
    rules = load_variant(args.variant)
    n = rules.players.count
    specs = [parse_bot_spec(t) for t in args.bots.split(",")]
    names = [s.text for s in specs]
    seed: int | str = int(args.seed) if args.seed.isdigit() else args.seed
    log: dict[str, Any] = {"bids": [], "trump": []}
    pitched: Counter[tuple[int, int | None, bool | None]] = Counter()
    value: dict[tuple[int, bool], list[float]] = defaultdict(list)
    played = [0, 0]
    shares: list[float] = []
    start = time.process_time()
    deals = 0
    for i in range(args.games):
        if time.process_time() - start > args.timeout:
            break
        deal_share = []
        for seating in seatings(n):
            key = f"{seed}:{i}"
            fake = tuple(BotSpec(text=names[b], target="hand_counts:Recorder")
                         for b in seating)
            setup = Setup(rules=rules, seed=seed, bots=fake, hand_limit=DEFAULT_MAX_HANDS,
                          endless=False)
            bots = [Recorder(b, specs[b].make(rules, s, SeededOnUse(f"{key}:seat{s}")),
                             CalibratedBot(rules, s, random.Random(0)), log)
                    for s, b in enumerate(seating)]
            game, _ = play_game(setup, key, bots)
            for hand in game.hand_results:
                if hand.thrown_in:
                    continue
                changes = hand.score_changes
                for s in range(n):
                    b = seating[s]
                    played[b] += 1
                    others = [changes[o] for o in range(n) if o != s]
                    value[(b, s == hand.pitcher)].append(changes[s] - sum(others) / len(others))
                if hand.pitcher is not None:
                    bid = hand.bid if isinstance(hand.bid, int) else None
                    pitched[(seating[hand.pitcher], bid, hand.made)] += 1
            out = game.outcome
            if out is None or out.draw or not out.winners:
                deal_share.append(0.5)
            else:
                deal_share.append(sum(seating[s] == 0 for s in out.winners) / len(out.winners))
        shares.append(sum(deal_share) / len(deal_share))
        deals += 1
    share = sum(shares) / len(shares) if shares else float("nan")
    print(f"{args.variant} --bots {args.bots} --seed {args.seed}: {deals} deals, "
          f"A's share {share:.3f} (difference {2 * share - 1:+.3f}), "
          f"{time.process_time() - start:.0f} s CPU")
    for b, name in enumerate(names):
        print(f"== {'AB'[b]}: {name}")
        mine = {k: v for k, v in pitched.items() if k[0] == b}
        hands = sum(mine.values())
        print(f"  pitched {hands} of {played[b] // 2 if played[b] else 0} seat-pairs' hands "
              f"(seat-hands {played[b]}: {hands / max(1, played[b]) * 100:.1f}% a seat)")
        for bid in sorted({k[1] for k in mine if k[1] is not None}):
            made = mine.get((b, bid, True), 0)
            set_ = mine.get((b, bid, False), 0)
            print(f"    bid {bid}: {made + set_:4d} pitched, set {set_:4d} "
                  f"({set_ / max(1, made + set_) * 100:.0f}%)")
        bids = [x for x in log["bids"] if x[0] == b]
        forced = [x for x in bids if x[3]]
        print(f"  bid decisions {len(bids)}, forced {len(forced)}; differs from calibrated "
              f"{sum(x[1] != x[2] for x in bids)}: higher "
              f"{sum((x[1] or 0) > (x[2] or 0) for x in bids)}, lower "
              f"{sum((x[1] or 0) < (x[2] or 0) for x in bids)}")
        diffs = Counter((x[2], x[1]) for x in bids if x[1] != x[2])
        print("    (calibrated, its) bids:", ", ".join(
            f"{k}: {v}" for k, v in diffs.most_common(12)))
        names_trump = [x for x in log["trump"] if x[0] == b]
        print(f"  trump named {len(names_trump)}, not the calibrated bot's suit "
              f"{sum(x[1] != x[2] for x in names_trump)}")
        for pitcher in (True, False):
            vals = value[(b, pitcher)]
            if vals:
                print(f"  value a seat-hand as {'pitcher' if pitcher else 'other  '}: "
                      f"{sum(vals) / len(vals):+.3f} over {len(vals)}")
        all_vals = value[(b, True)] + value[(b, False)]
        if all_vals:
            print(f"  value a seat-hand, all: {sum(all_vals) / len(all_vals):+.3f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
