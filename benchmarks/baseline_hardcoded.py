"""Reference point for the engine benchmark: a plain, hard-coded simulator.

It plays one fixed variant (4-player auction pitch, source B: one bid each 1..4, dealer
forced to 2 and may steal below 4, follow or trump, high/low/jack/game to the capturer)
with uniformly random legal actions, and nothing configurable. The engine benchmark
(`bench_engine.py`) is compared with it: being configurable should cost little.

    python benchmarks/baseline_hardcoded.py --hands 20000
"""

from __future__ import annotations

import argparse
import random
import time

GAME_VALUES = [0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4]  # 2..9 nothing, T 10, J 1, Q 2, K 3, A 4


def play_hand(rng: random.Random, dealer: int) -> tuple[int, int, bool]:
    cards = rng.sample(range(52), 24)
    hands = [cards[i * 6:(i + 1) * 6] for i in range(4)]
    # auction: one chance each, starting left of the dealer
    high, pitcher = 0, -1
    for k in range(1, 5):
        seat = (dealer + k) % 4
        if seat == dealer:
            if high == 0:
                opts = [2, 3, 4]
            elif high < 4:
                opts = [0, high]
            else:
                opts = [0]
        else:
            opts = [0, *range(max(1, high + 1), 5)]
        bid = rng.choice(opts)
        if bid and (bid > high or seat == dealer):
            high, pitcher = bid, seat
    trump = -1
    leader = pitcher
    won: list[list[int]] = [[] for _ in range(4)]
    for _ in range(6):
        trick = []
        led = -1
        for k in range(4):
            seat = (leader + k) % 4
            hand = hands[seat]
            if led < 0:
                legal = hand
            else:
                follow = [c for c in hand if c // 13 == led or c // 13 == trump]
                has_led = any(c // 13 == led for c in hand)
                legal = follow if has_led else hand
            card = rng.choice(legal)
            hand.remove(card)
            if trump < 0:
                trump = card // 13
            if led < 0:
                led = card // 13
            trick.append((seat, card))
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            s, bs = card // 13, best // 13
            if (s == trump and (bs != trump or card > best)) or (s == bs and card > best):
                best_seat, best = seat, card
        won[best_seat].extend(c for _, c in trick)
        leader = best_seat
    dealt_trumps = [c for c in cards if c // 13 == trump]
    hi, lo = max(dealt_trumps), min(dealt_trumps)
    jack = trump * 13 + 9
    points = [0] * 4
    game = [0] * 4
    for seat in range(4):
        for c in won[seat]:
            if c == hi:
                points[seat] += 1
            if c == lo:
                points[seat] += 1
            if c == jack:
                points[seat] += 1
            game[seat] += GAME_VALUES[c % 13]
    top = max(game)
    if game.count(top) == 1:
        points[game.index(top)] += 1
    return pitcher, high, points[pitcher] >= high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    made = 0
    for i in range(args.hands):
        made += play_hand(rng, i % 4)[2]
    elapsed = time.perf_counter() - start
    print(f"hard-coded auction pitch, random play: {args.hands / elapsed:,.0f} hands/s "
          f"({args.hands} hands in {elapsed:.2f} s; bids made {made / args.hands:.1%})")


if __name__ == "__main__":
    main()
