"""How well the bots play: head-to-head on duplicate deals, calibration, moons, speed.

Run: ``python benchmarks/bench_strength.py`` (long; ``--quick`` for a smoke run,
``--only calibration`` etc. for one part). Parts:

- ``match``: on every shipped variant, the default ``calibrated`` bot against today's
  ``heuristic`` (``pitchkit match``: each deal played with the seats swapped; 95%
  interval over deals), and the strong ``search`` bot against ``calibrated``.
- ``calibration``: games of ``calibrated`` bots; for every contract, the bot's learned
  estimate of the pitcher's points (its dealt hand, the trump played) against the points
  its side took, by bid.
- ``moon``: money pitch with ``calibrated`` bots: moons bid per contract and made per bid,
  and the money figures with and without the moon.
- ``speed``: hands per second (CPU time, one process) of each bot in every seat.

Every run is seeded: the same figures come out on any machine (but the speed).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pitchkit.bots import parse_bots
from pitchkit.bots.calibrating import (
    LEVEL_CONTRACTS,
    LEVEL_ERROR,
    THIN_DEALS,
    calibration_for,
    play_until,
)
from pitchkit.bots.value import MODEL_VERSION, hand_sides
from pitchkit.load import load_variant, shipped_variants
from pitchkit.match import match, render_match_text
from pitchkit.simulate import Setup, forget_bot_factories, game_bots, play_game
from pitchkit.stats import wilson as wilson_interval

VARIANTS = tuple(name for name, _ in shipped_variants())
#: Contracts a bid level needs before its row of the calibration table counts.
MIN_CONTRACTS = 100
#: Variants with an auction: those where bidding, calibration and search differ.
PITCH = tuple(v for v in VARIANTS if load_variant(v).has_auction)


def part_match(deals: int, strong_deals: int, workers: int,
               variants: tuple[str, ...] = VARIANTS) -> None:
    for variant in variants:
        rules = load_variant(variant)
        result = match(rules, bots="calibrated,heuristic", deals=deals, seed=1,
                       workers=workers)
        print(render_match_text(result), flush=True)
    for variant in (v for v in variants if v in PITCH):
        rules = load_variant(variant)
        result = match(rules, bots="search,calibrated", deals=strong_deals, seed=2,
                       workers=workers)
        print(render_match_text(result), flush=True)
    result = match(load_variant("auction-pitch"), bots="search,montecarlo",
                   deals=max(2, strong_deals // 4), seed=3, workers=workers)
    print(render_match_text(result), flush=True)


#: How near the learned estimate must be to what is realised, at each bid level (points).
BAR = 0.25


def verdict(diff: float, half: float, count: float, bar: float = BAR) -> str:
    """Whether a bid level's difference (learned minus realised, with the half-width of
    its 95% interval, over ``count`` contracts) is within ``bar``: *yes* when the
    difference is; *no* when its whole interval is beyond; otherwise *too few to tell*,
    with the half-width and about how many contracts would tell, if the difference held:
    those that narrow the interval (as one over the root of the count) to the distance
    between the difference and the bar, where its whole interval is beyond (at least
    ``count``: the interval reaches inside)."""
    beyond = abs(diff) - bar
    if beyond <= 0:
        return "yes"
    if beyond > half:
        return "no"
    needed = count * (half / beyond) ** 2
    return f"too few to tell (+-{half:.2f}; ~{needed:,.0f} contracts would tell, " \
           "if the difference holds)"


#: How near the chance of making a bid that the bids read must be to the share of
#: contracts made at each bid level (percentage points).
MAKE_BAR = 5.0


def wilson(made: float, count: float) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``made`` of ``count`` (sound at 0% and 100%):
    :func:`pitchkit.stats.wilson`'s bounds."""
    interval = wilson_interval(int(made), int(count))
    low, high = interval["low"], interval["high"]
    assert low is not None and high is not None
    return low, high


#: A calibration table plays more games (batches of its first run's size, up to this
#: many times it) while a level with at least ``MIN_CONTRACTS`` contracts is *too few to
#: tell* (a level just beyond the bar needs many more: :func:`verdict`). Was 6 until
#: MODEL_VERSION 23: cinch's 12 then read -0.35 [-0.64, -0.06] over 632 contracts of
#: 4,800 games where the calibration's own 3,753 contracts at 12 realised 10.38 (a
#: standard error of 0.07) and it expected 10.39: the realised side was the noisy one.
MORE_GAMES = 12
#: A bid level the first games bid in under this share of their contracts (cinch's 3:
#: 0.4%) also gets the contracts of ``FRESH_DEALS`` fresh deals at each hand start of the
#: games (their scores and dealer), bid by the same bots and played out where the
#: contract falls at such a level: a deal is independent of the game's state, so these
#: are the same mix as the games' own contracts at that level, many more of them.
RARE_SHARE = 0.01
FRESH_DEALS = 16


def fresh_contracts(rules: Any, specs: Sequence[Any], game: Any, key: str,
                    levels: frozenset[int], deals: int = FRESH_DEALS
                    ) -> list[tuple[int, Any, tuple[int, ...]]]:
    """The contracts at ``levels`` of ``deals`` fresh deals at each hand start of
    ``game`` (the scores before the hand and its dealer), bid and played by bots of
    ``specs`` (seeded by ``key``, the start and the deal): per contract, the pitcher's
    dealt hand (a mask), the hand's result and the seats' sides."""
    from pitchkit.engine import Game

    n = rules.players.count
    out = []
    played = 0
    for index, hand in enumerate(game.hand_results):
        scores = tuple(a - b for a, b in zip(hand.scores, hand.score_changes, strict=True))
        for deal in range(deals):
            fresh_key = f"{key}:fresh:{index}:{deal}"
            fresh = Game(rules, random.Random(fresh_key), dealer=hand.dealer, scores=scores)
            fresh.hands_played = played
            bots = [spec.make(rules, s, random.Random(f"{fresh_key}:seat{s}"))
                    for s, spec in enumerate(specs)]
            fresh.deal_random()
            held = tuple(fresh.hands[s] | fresh.reserve[s] for s in range(n))
            play_until(fresh, bots, 0, auction=True)
            if fresh.pitcher is None or fresh.bid not in levels:
                continue
            play_until(fresh, bots, 0)
            result = fresh.hand_results[0] if fresh.hand_results else None
            if result is not None and result.pitcher is not None \
                    and result.trump is not None and isinstance(result.bid, int):
                out.append((held[result.pitcher], result, fresh.team_of))
        played += not hand.thrown_in
    return out


def part_calibration(variant: str, games: int, more: int = MORE_GAMES,
                     fresh_deals: int = FRESH_DEALS) -> list[str]:
    """The calibration table of ``variant`` as markdown lines (also printed): ``games``
    games, then as many again (up to ``more`` times ``games`` in all) while a level with
    at least ``MIN_CONTRACTS`` contracts cannot yet tell whether it is within ``BAR``;
    ``fresh_deals`` fresh deals at each of their hand starts for the levels they bid
    seldom."""
    rules = load_variant(variant)
    model = calibration_for(rules)
    n = rules.players.count
    specs = parse_bots("calibrated", n)
    setup = Setup(rules=rules, seed="calibration-check", bots=tuple(specs),
                  hand_limit=20 if rules.scoring.target is None else 1000,
                  endless=rules.scoring.target is None)
    # per level: contracts, expected, realised, its square, made, the chance of making it
    # that the bids read; those of fresh deals
    rows: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0.0, 0.0])
    fresh: dict[int, int] = defaultdict(int)
    contracts = 0
    rare: frozenset[int] = frozenset()

    def tally(held: int, hand: Any, team: Sequence[int]) -> None:
        """One contract into ``rows`` (``held``: the pitcher's dealt hand; ``team``: the
        seating's sides, a called partner joining the pitcher's as the engine scores)."""
        team = hand_sides(tuple(team), hand)
        side = team[hand.pitcher]
        realised = sum(item.value for item in model.items
                       if any(team[s] == side for s in hand.points.get(item.name, ())))
        row = rows[hand.bid]
        row[0] += 1
        # the learned estimate: what hands of its band realised in contracts at its bid
        row[1] += model.expected(rules, held, hand.trump, hand.bid)
        row[2] += realised
        row[3] += realised * realised
        row[4] += bool(hand.made)
        row[5] += model.make_chance(rules, held, hand.trump, hand.bid)

    def play(first: int, last: int) -> int:
        """Play games ``first`` to ``last - 1`` into ``rows``, and fresh deals at their
        hand starts for the levels of ``rare`` (none until the first games are in: then
        the levels they bid seldom, and those games' fresh deals too); their own
        contracts."""
        nonlocal rare
        added = 0
        played = []
        for index in range(first, last):
            key = f"calibration-check:{index}"
            bots = [spec.make(rules, s, random.Random(f"{key}:seat{s}"))
                    for s, spec in enumerate(specs)]
            game, _ = play_game(setup, key, bots)
            deals = [e.detail[0] for e in game.events if e.kind == "deal"]  # masks by seat
            for masks, hand in zip(deals, game.hand_results, strict=False):
                if hand.pitcher is None or hand.trump is None \
                        or not isinstance(hand.bid, int):
                    continue
                tally(masks[hand.pitcher], hand, game.team_of)
                added += 1
            played.append((key, game))
        if first == 0:
            auction = rules.auction
            rare = frozenset(level for level in range(auction.min_bid, auction.max_bid + 1)
                             if level not in rows or rows[level][0] < RARE_SHARE * added)
        for key, game in played if rare else ():
            for held, hand, team in fresh_contracts(rules, specs, game, key, rare,
                                                    fresh_deals):
                tally(held, hand, team)
                fresh[hand.bid] += 1
        return added

    def pooled() -> float:
        """All the contracts' spread of realised points (a level with few contracts, one
        or two, shows next to none of its own)."""
        everyone = [sum(row[i] for row in rows.values()) for i in range(5)]
        return max(0.0, everyone[3] / max(1, everyone[0])
                   - (everyone[2] / max(1, everyone[0])) ** 2) ** 0.5

    def figures(bid: int) -> tuple[float, float, float]:
        """A level's difference (learned minus realised), its half-width, its count."""
        count, expected, realised, squares, *_ = rows[bid]
        mean = realised / count
        spread = max(0.0, squares / count - mean * mean) ** 0.5
        if count < MIN_CONTRACTS:
            spread = max(spread, pooled())
        return (expected - realised) / count, 1.96 * spread / count ** 0.5, count

    def undecided() -> bool:
        """Whether a level of at least MIN_CONTRACTS contracts is too few to tell."""
        return any(verdict(*figures(bid)) not in ("yes", "no")
                   for bid in rows if rows[bid][0] >= MIN_CONTRACTS)

    contracts += play(0, games)
    played = games
    while undecided() and played < games * more:
        contracts += play(played, played + games)
        played += games
    lines = [f"### {variant}", "",
             f"MODEL_VERSION {MODEL_VERSION}: "
             f"{contracts} contracts in {played} games of `calibrated` bots "
             + (f"and {sum(fresh.values())} of {fresh_deals} fresh deals at each of their "
                f"hand starts at the levels the first {games} games bid in under "
                f"{RARE_SHARE:.0%} of their contracts ({', '.join(map(str, sorted(rare)))}) "
                if rare else "")
             + f"(the calibration learned from {model.hands} contracts, the points per "
             "bid level from those of its whole games and, at a level they bid under "
             f"{LEVEL_CONTRACTS:,} times or too seldom for a standard error of {LEVEL_ERROR} "
             "points, of fresh deals bid at their hand starts).", "",
             "| bid | contracts | share | expected points | realised points [95%] "
             f"| difference [95%] | within {BAR} |", "|---|---|---|---|---|---|---|"]
    shown: dict[int, str] = {}
    for bid in sorted(rows):
        count, expected, realised, *_ = rows[bid]
        mean = realised / count
        diff, half, _ = figures(bid)
        enough = "" if count >= MIN_CONTRACTS else " (few)"
        # the share among the games' own contracts (a fresh deal's is one of many)
        own = count - fresh[bid]
        shown[bid] = (f"{int(own)} + {fresh[bid]} fresh" if fresh[bid] else f"{int(count)}") \
            + enough
        lines.append(f"| {bid} | {shown[bid]} | {own / contracts:.1%} | "
                     f"{expected / count:.2f} | {mean:.2f} [{mean - half:.2f}, "
                     f"{mean + half:.2f}] | {diff:+.2f} [{diff - half:+.2f}, "
                     f"{diff + half:+.2f}] | {verdict(diff, half, count)} |")
    lines += ["", "| bid | contracts | expected chance to make | realised make rate [95%] "
              f"| difference [95%] | within {MAKE_BAR:.0f} points |", "|---|---|---|---|---|---|"]
    for bid in sorted(rows):
        count, *_, made, chance = rows[bid]
        low, high = wilson(made, count)
        expected, realised = 100 * chance / count, 100 * made / count
        diff = expected - realised
        # the difference's interval: the expected less the realised share's (Wilson)
        low_diff, high_diff = expected - 100 * high, expected - 100 * low
        half = max(diff - low_diff, high_diff - diff)
        lines.append(f"| {bid} | {shown[bid]} | {expected:.1f}% | {realised:.1f}% "
                     f"[{100 * low:.1f}%, {100 * high:.1f}%] | {diff:+.1f} [{low_diff:+.1f}, "
                     f"{high_diff:+.1f}] | {verdict(diff, half, count, MAKE_BAR)} |")
    print("\n".join(lines), flush=True)
    return [*lines, ""]


def part_moon(games: int) -> None:
    from pitchkit.simulate import compare

    with_moon = load_variant("money-pitch")
    without = load_variant("money-pitch", ("moon.allowed=false",))
    cheap = load_variant("money-pitch", ("moon.money_made=0", "moon.money_failed=0"))
    parts = compare([("money-pitch", with_moon), ("moon.allowed=false", without),
                     ("moon pays no money", cheap)], games=games, seed=1, bots="calibrated")
    for stats in parts:
        summary = stats.summary()
        moon = summary.get("moon")
        money = summary.get("money_per_hand")
        print(f"{stats.variant}: moon {moon}")
        print(f"  money per hand by seat (cents): {money}")


def part_speed(hands_wanted: int, variants: tuple[str, ...] = VARIANTS) -> None:
    """Hands per second (CPU time, one process, 4 seats) of the default bot in every seat
    on every variant, and of the other bots on auction pitch."""
    cases = [(v, "calibrated") for v in variants]
    cases += [("auction-pitch", b) for b in ("random", "heuristic", "search")]
    for variant, bots in cases:
        rules = load_variant(variant)
        specs = parse_bots(bots, rules.players.count)
        if bots in ("calibrated", "search") and rules.has_auction:
            calibration_for(rules)  # not timed: once per rule set, then cached
        endless = rules.scoring.target is None
        setup = Setup(rules=rules, seed="speed", bots=tuple(specs),
                      hand_limit=20 if endless else 1000, endless=endless)
        start = time.process_time()
        hands = 0
        index = 0
        forget_bot_factories()
        while hands < hands_wanted / (10 if bots == "search" else 1):
            key = f"speed:{index}"
            # the bots as simulate builds them (pitchkit.simulate.game_bots)
            game, _ = play_game(setup, key, game_bots(setup, key))
            hands += len(game.hand_results)
            index += 1
        seconds = time.process_time() - start
        print(f"  {variant:22s} {bots:10s} in every seat: {hands / seconds:8.0f} hands/s "
              f"(CPU, {hands} hands)", flush=True)


def sections(text: str) -> dict[str, list[str]]:
    """The variants' sections of a calibration page (``### variant`` to the next), by
    variant."""
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("### "):
            current = out[line[4:].strip()] = []
        if current is not None:
            current.append(line)
    return out


def write_markdown(path: str, lines: list[str], arguments: str, update: bool = False
                   ) -> None:
    """The calibration tables as a markdown page (written atomically); with ``update``,
    the sections of the variants in ``lines`` replace theirs on the page, and the page's
    other sections stay (each says the model it was run with)."""
    from pitchkit.atomic import write_atomically

    kept: dict[str, list[str]] = {}
    if update and Path(path).exists():
        kept = sections(Path(path).read_text(encoding="utf-8"))
    kept.update(sections("\n".join(lines)))
    body: list[str] = []
    for variant in sorted(kept):
        section = kept[variant]
        while section and not section[-1].strip():
            section = section[:-1]
        body += [*section, ""]

    if update:
        # the page is the work of many runs, one variant or a few at a time: the head
        # names the form of the command, each section the model it was run with
        written = ("`python benchmarks/bench_strength.py --only calibration --variants "
                   "VARIANT --markdown FILE --update` (a variant or a few at a time)")
    else:
        written = "`python benchmarks/bench_strength.py " + arguments + "`"
    head = ["# Calibration of the default bot", "",
            "Written by " + written + ". For every "
            "contract of seeded games of the default `calibrated` bot in every seat: the "
            "bot's learned estimate of its side's points as pitcher (what the hands of its "
            "band of the estimate realised in the calibration's whole games of the same "
            "bot, in contracts at that bid; at a level those games bid under "
            f"{LEVEL_CONTRACTS:,} times, or too seldom to learn its mean points within a "
            f"standard error of {LEVEL_ERROR} points where they spread widely, also in "
            "contracts of fresh deals bid at their hand starts, as many as bring it to that, "
            f"up to {THIN_DEALS} a start, none where they never bid it (since MODEL_VERSION "
            "23; before, 4 a start, never-bid levels too); the dealer's forced bid, where "
            "only a forced "
            "dealer bids it and those games seldom did (cinch's 1), from contracts of "
            "deals where every seat before the dealer passes, drawn at evenly spaced hand "
            "starts of those games by a chain of card swaps that keeps every such seat "
            "passing (`pitchkit.bots.calibrating._forced_play`), as many as the level's spread "
            "asks; a level's shift over its bands' points in those "
            "contracts leaning on the other levels' by how sure each is, after what the "
            "strongest hand of another side explains: `pitchkit.bots.fitting.level_shifts`) "
            "against the points its side took (the hand's sides, as the engine scores "
            "them: a called partner's points count for the pitcher's side), by bid, with "
            "the 95% interval of what was "
            "realised and of the difference (over these games' contracts; the "
            "calibration's own sampling adds to it). A level the first games bid in under "
            f"{RARE_SHARE:.0%} of their contracts also counts the contracts of "
            f"{FRESH_DEALS} fresh deals (or as many as its section says: `--fresh-deals`) "
            "at each hand start of the games (its scores and "
            "dealer), bid and played by the same bots, seeded apart from the calibration's: "
            "a deal is independent of the game's state, so they are the same mix as the "
            "games' own contracts at that level (its share is of the games' own). "
            "*within 0.25*: yes when the "
            "difference is at most 0.25 points; *no* when its whole interval is beyond; "
            "*too few to tell* when the point is beyond but the interval reaches inside, "
            "with the interval's half-width and about how many contracts would tell, if "
            "the difference held (those that narrow the interval to the distance between "
            "the difference and 0.25: the interval narrows as one over the root of the "
            "count); while a level of "
            f"{MIN_CONTRACTS} contracts or more is too few to tell, the table plays as many "
            f"games again, up to {MORE_GAMES} times the first run's. Rows marked "
            f"*few* have under {MIN_CONTRACTS} "
            "contracts; their interval takes the spread of all the variant's contracts "
            "when it is larger than their own. Figures describe these bots: a better "
            "player would make more of the same hands.", "",
            "The second table of each variant: the chance of making the bid that the bids "
            "read (`Calibration.made`: the share of all contracts of the pitcher's band "
            "of the estimate that took at least that many points, as if bid there), per "
            "contract, against the share of contracts made at that bid, with the 95% "
            "Wilson interval of the realised share and so of the difference (percentage "
            f"points; *within {MAKE_BAR:.0f} points* as above).",
            "", "Each section names the `MODEL_VERSION` of the calibration it was run with; "
            "a section without the second table is from a run before it was added.", ""]
    write_atomically(Path(path), "\n".join(head + body))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small runs, for a smoke test")
    parser.add_argument("--only", choices=("match", "calibration", "moon", "speed"))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every run's size")
    parser.add_argument("--variants", help="comma-separated variants (default: all shipped)")
    parser.add_argument("--fresh-deals", type=int, default=FRESH_DEALS, metavar="N",
                        help="calibration: fresh deals at each hand start for the levels "
                             f"the games bid seldom (default {FRESH_DEALS})")
    parser.add_argument("--markdown", metavar="FILE",
                        help="also write the calibration tables to FILE (docs/calibration.md)")
    parser.add_argument("--update", action="store_true",
                        help="with --markdown: replace only the sections of the variants "
                             "run, keep the page's others")
    parser.add_argument("--force", action="store_true",
                        help="with --markdown and no --update: replace FILE if it exists")
    args = parser.parse_args()
    if args.markdown and Path(args.markdown).exists() and not (args.update or args.force):
        # checked before the runs, which take an hour: nothing is lost to a refusal
        sys.exit(f"bench_strength: {args.markdown} exists (add --update to replace the "
                 "sections of the variants run, or --force to replace the page)")
    scale = 0.05 if args.quick else args.scale

    def n(count: int) -> int:
        return max(2, int(count * scale))

    chosen = tuple(args.variants.split(",")) if args.variants else VARIANTS
    if args.only in (None, "calibration"):
        lines = []
        for variant in chosen:
            if variant not in PITCH and load_variant(variant).has_auction is False:
                continue
            # about 6,000 hands each (money pitch plays 20 hands a game)
            games = 300 if load_variant(variant).scoring.target is None else 800
            lines += part_calibration(variant, n(games), fresh_deals=args.fresh_deals)
        if args.markdown:
            write_markdown(args.markdown, lines, " ".join(sys.argv[1:]), args.update)
    if args.only in (None, "moon"):
        part_moon(n(1000))
    if args.only in (None, "speed"):
        part_speed(n(3000), chosen)
    if args.only in (None, "match"):
        part_match(n(1000), n(100), args.workers, chosen)


if __name__ == "__main__":
    main()
