"""The strong ``search`` bot: its speed, and its strength head to head on duplicate deals.

Run: ``python benchmarks/bench_search.py speed`` (a minute or two) and
``python benchmarks/bench_search.py strength --out docs/search-strength.md`` (long: each
match is bounded by ``--timeout`` seconds, and reports the deals it finished).

- ``speed``: CPU seconds per hand of one process playing whole games with the same bot
  in every seat, on each variant asked for (``--variants``, default auction-pitch): the
  ``search`` bot and, alternated with it run by run, the ``calibrated`` default; hands
  per second of each (best run) and their ratio; with ``--out``, as a markdown table
  (``docs/search-speed.md``).
- ``games``: ``--games`` whole games of four ``search`` seats (or ``--bots``) on each
  variant asked for, seeded as ``speed``'s first run; prints the hands played. For
  instruction counts on a loaded machine: run it under ``valgrind --tool=callgrind``
  (with ``PYTHONHASHSEED=0``) with ``--games 3`` and with ``--games 0`` (the start-up
  alone: imports, calibration and the bots' tables, built before the first game), and
  divide the difference by the hands. Counts taken before 2026-12-03 (h29-speed)
  had the bots' tables (some 8 ms a trump suit) in the difference, not the start-up.
- ``strength``: ``pitchkit match`` (each deal played with the seats swapped, the 95%
  interval over deals on the difference in games won) of ``search`` against the default
  ``calibrated`` on every shipped variant, and against ``montecarlo`` on auction pitch.
  Each match (seed ``--seed``, default 1) is the exact command printed in the table, run
  under ``timeout -s INT``
  (an interrupted match reports the deals it finished). The table is written with
  pitchkit.atomic to ``--out`` (an existing file only with ``--force``).
- ``diagnose``: where ``montecarlo`` beats ``search`` (``benchmarks/search_hybrids.py``;
  with ``--bots strong``, ``strong``: the hybrids' searching half ``searcher=strong``):
  ``search`` against itself with ``montecarlo``'s bids (``MonteCarloBids``), then with
  ``montecarlo``'s card play (``MonteCarloPlay``), each a match of ``--deals`` deals
  (seed ``--seed``, default 2, bounded by ``--timeout``) on the first of ``--variants``; then
  ``--games`` games of four ``search`` seats where seat 0 also asks ``montecarlo`` at each
  card searched: how often its card is of another choice, by trick, and where it is, the
  two cards played out on 60 worlds each way (``montecarlo``'s worlds and heuristic
  play-outs; ``search``'s worlds and rule-of-thumb play-outs): which play-outs judge
  ``montecarlo``'s card the better.

Every run is seeded: the same figures come out on any machine (but the speed). The
figures describe these bots: a stronger player would change them.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

from pitchkit.atomic import write_atomically
from pitchkit.bots import parse_bots
from pitchkit.bots.calibrating import calibration_for
from pitchkit.errors import PitchkitError
from pitchkit.load import load_variant, shipped_variants
from pitchkit.simulate import Setup, game_bots, play_game


def play_games(variant: str, bots: str, seed: str, *, hands_wanted: int = 0,
               games: int = 0) -> int:
    """Whole games with ``bots`` in every seat, until ``hands_wanted`` hands or ``games``
    games are played; the hands played. The calibration is made (or read) and the bots'
    tables of the rule set (made once per process, cached) are built before the first
    game: with neither hands nor games asked, that is all it does."""
    rules = load_variant(variant)
    specs = parse_bots(bots, rules.players.count)
    if rules.has_auction:
        calibration_for(rules)  # once per rule set, then cached
    setup = Setup(rules=rules, seed=seed, bots=tuple(specs), hand_limit=1000,
                  endless=rules.scoring.target is None)
    game_bots(setup, f"{seed}:0")  # the bots' tables (seeded bots, thrown away: no game changes)
    hands = index = 0
    while hands < hands_wanted or index < games:
        key = f"{seed}:{index}"
        # the bots seeded as simulate seeds them (seat k of game key: "{key}:seat{k}")
        game, _ = play_game(setup, key, game_bots(setup, key))
        hands += len(game.hand_results)
        index += 1
    return hands


def cpu_rate(variant: str, bots: str, hands_wanted: int, seed: str) -> float:
    """Hands per CPU second of whole games with ``bots`` in every seat (the calibration
    not timed)."""
    # the calibration, imports and compiled code loaded, before the clock: one game
    play_games(variant, bots, seed, games=1)
    start = time.process_time()
    hands = play_games(variant, bots, seed, hands_wanted=hands_wanted)
    return hands / (time.process_time() - start)


def part_speed(variants: list[str], hands: int, repeat: int, out: Path | None,
               force: bool, search: str = "search") -> None:
    """``search`` (the bot spec of the searching seats, ``search`` by default) against the
    calibrated bot, alternated, per variant."""
    if out is not None and out.exists() and not force:
        sys.exit(f"bench_search: {out} exists (add --force to replace it)")
    head = ("CPU time, one process, the same bot in every seat; best of "
            f"{repeat} alternated runs of about {hands} hands ({search}) and {hands * 10} "
            "(calibrated)")
    print(head)
    lines = [
        f"# The strong bot: `{search}`, its speed",
        "",
        f"Measured at commit {commit()} (`{search}`), on a loaded "
        "2-core machine, by",
        f"`python benchmarks/bench_search.py speed --variants {','.join(variants)} "
        f"--hands {hands} --repeat {repeat}"
        + ("" if search == "search" else f" --bots {search}") + "`",
        f"(see its docstring). {head}.",
        "",
        f"| variant | {search} hands/s | calibrated hands/s | {search} takes |",
        "|---|---|---|---|",
    ]
    for variant in variants:
        best = {"search": 0.0, "calibrated": 0.0}
        for run in range(repeat):
            for name, bots, size in (("search", search, hands),
                                     ("calibrated", "calibrated", hands * 10)):
                best[name] = max(best[name], cpu_rate(variant, bots, size, f"speed{run}"))
        print(f"  {variant:22s} {search} {best['search']:7.1f} hands/s   calibrated "
              f"{best['calibrated']:7.0f} hands/s   {search} takes "
              f"{best['calibrated'] / best['search']:.1f}x the time", flush=True)
        lines.append(f"| {variant} | {best['search']:.0f} | {best['calibrated']:.0f} | "
                     f"{best['calibrated'] / best['search']:.1f}x the time |")
    if out is not None:
        write_atomically(out, "\n".join(lines) + "\n")
        print(f"written: {out}")


def run_match(variant: str, bots: str, deals: int, seed: int, workers: int,
              timeout: int, here: bool = False) -> tuple[str, dict[str, object] | None]:
    """One ``pitchkit match`` under ``timeout``: its command line and JSON summary (with
    ``here``, bots of this folder's modules may play: it is the working directory)."""
    command = ["timeout", "-s", "INT", str(timeout), "pitchkit", "match", variant,
               "--bots", bots, "--games", str(deals), "--seed", str(seed),
               "--workers", str(workers), "--json"]
    exe = [sys.executable, "-m", "pitchkit", *command[5:]]
    folder = Path(__file__).parent if here else None
    done = subprocess.run(["timeout", "-s", "INT", str(timeout), *exe], capture_output=True,
                          text=True, check=False, cwd=folder)
    shown = ("(cd benchmarks && " if here else "") + shlex.join(command) + (")" if here else "")
    try:
        return shown, json.loads(done.stdout)
    except json.JSONDecodeError:
        print(f"  {variant}: no result ({done.stderr.strip().splitlines()[-1:]})",
              file=sys.stderr)
        return shown, None


def commit() -> str:
    """The checked-out commit, short (``unknown`` outside a git checkout)."""
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=False, cwd=Path(__file__).parent)
    return done.stdout.strip() or "unknown"


def row(variant: str, bots: str, summary: dict[str, object] | None) -> str:
    if summary is None:
        return f"| {variant} | {bots} | - | - | - | no result |"
    diff = summary["difference"]
    share = summary["win_share_a"]
    assert isinstance(diff, dict) and isinstance(share, dict)
    if diff["mean"] is None:
        return f"| {variant} | {bots} | 0 | - | - | no deals finished |"
    first = bots.split(",")[0]
    verdict = (f"{first} stronger" if diff["low"] > 0 else
               f"{first} weaker" if diff["high"] < 0 else "no difference shown")
    cut = " (cut by the timeout)" if summary.get("interrupted") else ""
    return (f"| {variant} | {bots} | {summary['deals']}{cut} | {share['mean']:.1%} | "
            f"{diff['mean']:+.1%} [{diff['low']:+.1%}, {diff['high']:+.1%}] | {verdict} |")


def part_strength(deals: int, mc_deals: int, workers: int, timeout: int, out: Path | None,
                  force: bool, against: str, variants: list[str], seed: int = 1,
                  bot: str = "search") -> None:
    if out is not None and out.exists() and not force:
        sys.exit(f"bench_search: {out} exists (add --force to replace it)")
    title = {"montecarlo": f"# The strong bot: `{bot}` against `montecarlo`",
             "calibrated": f"# The strong bot: `{bot}` against `calibrated`"}
    lines = [
        title.get(against, f"# The strong bot: `{bot}` head to head"),
        "",
        f"Measured at commit {commit()} (`{bot}`), on a loaded "
        "2-core machine.",
        "",
        "Written by `python benchmarks/bench_search.py strength` (see its docstring). Each",
        "row is one `pitchkit match` on duplicate deals (every deal played with the seats",
        f"swapped); *share* is {bot}'s share of the games won, *difference* its share",
        "less the other bot's, with its 95% interval over deals. A row's command reproduces",
        "it exactly (a row cut by the timeout: give `--games` its deals, no timeout). The",
        "figures describe these bots: a stronger player would change them.",
        "In staged play (Pimps & Hoes) search searches each stage's choice of cards",
        "and its card play (pitchkit.bots.stage_choice, setting staged_cards).",
        "",
        "| variant | A,B | deals | share (A) | difference A - B [95%] | verdict |",
        "|---|---|---|---|---|---|",
    ]
    commands = []
    jobs = []
    if against in ("both", "montecarlo"):
        jobs.append(("auction-pitch", f"{bot},montecarlo", mc_deals))
    if against in ("both", "calibrated"):
        jobs += [(name, f"{bot},calibrated", deals) for name in variants]
    for variant, bots, count in jobs:
        command, summary = run_match(variant, bots, count, seed, workers, timeout)
        line = row(variant, bots, summary)
        print(line, flush=True)
        lines.append(line)
        commands.append(command)
    lines += ["", "Commands, in the order of the rows:", "", "```sh"]
    lines += commands
    lines += ["```", ""]
    if out is not None:
        write_atomically(out, "\n".join(lines))
        print(f"written: {out}")


def part_diagnose(variant: str, deals: int, seed: int, timeout: int, games: int,
                  searcher: str = "search") -> None:
    import search_hybrids as hybrids  # this folder's module (the script's own folder)

    # the hybrids' searching half and the bot they play: search, or strong (--bots strong)
    half = "" if searcher == "search" else f":searcher={searcher}"
    for bots in (f"search_hybrids:MonteCarloBids{half},{searcher}",
                 f"search_hybrids:MonteCarloPlay{half},{searcher}"):
        command, summary = run_match(variant, bots, deals, seed, 1, timeout, here=True)
        diff = summary["difference"] if summary is not None else None
        if isinstance(diff, dict) and diff["mean"] is not None:
            print(f"{bots}: {summary['deals']} deals, A - B {diff['mean']:+.1%} "  # type: ignore[index]
                  f"[{diff['low']:+.1%}, {diff['high']:+.1%}]", flush=True)
        else:
            print(f"{bots}: no result", flush=True)
        print(f"  {command}", flush=True)
    play_games(variant, f"search_hybrids:Judge{half}" + f",{searcher}" * (load_variant(variant)
               .players.count - 1), "judge", games=games)
    by_trick: dict[int, list[int]] = {}
    for trick, other in hybrids.DECISIONS:
        counts = by_trick.setdefault(trick, [0, 0])
        counts[0] += 1
        counts[1] += other
    print(f"{games} games of {variant}, seat 0's cards searched: trick, decisions, "
          "montecarlo's card of another choice")
    for trick in sorted(by_trick):
        print(f"  {trick + 1}: {by_trick[trick][0]:4d} {by_trick[trick][1]:4d}")
    judged = hybrids.JUDGED
    if judged:
        by_mc = [j[3] for j in judged]
        by_search = [j[4] for j in judged]
        print(f"where it differs ({len(judged)}), montecarlo's card less search's, points a "
              f"world (60 worlds each): by montecarlo's play-outs {sum(by_mc) / len(by_mc):+.3f} "
              f"(better in {sum(v > 0 for v in by_mc)}), by search's "
              f"{sum(by_search) / len(by_search):+.3f} (better in "
              f"{sum(v > 0 for v in by_search)}); the two agree on which is better in "
              f"{sum((a > 0) == (b > 0) for a, b in zip(by_mc, by_search, strict=True))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("speed", "games", "strength", "diagnose"))
    parser.add_argument("--variants",
                        help="comma-separated variants, or 'all' (default: speed, games "
                        "auction-pitch, strength all)")
    parser.add_argument("--hands", type=int, default=300, help="speed: hands of search a run")
    parser.add_argument("--repeat", type=int, default=3, help="speed: alternated runs")
    parser.add_argument("--games", type=int, default=3, help="games: whole games a variant")
    parser.add_argument("--bots", default="search",
                        help="games, speed: the searching bot in every seat; strength: "
                        "the bot matched (default search; e.g. strong, "
                        "search:samples=16:work=2500); diagnose: search or strong, the "
                        "hybrids' searching half and the bot they play")
    parser.add_argument("--deals", type=int, default=300, help="strength: deals a match")
    parser.add_argument("--mc-deals", type=int, default=100,
                        help="strength: deals of the match against montecarlo (slow)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the matches' seed (strength: default 1; diagnose: default 2)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=900, help="seconds a match, at most")
    parser.add_argument("--against", choices=("both", "calibrated", "montecarlo"),
                        default="both", help="strength: which matches to play")
    parser.add_argument("--out", type=Path, help="write the table here (markdown)")
    parser.add_argument("--force", action="store_true", help="replace --out if it exists")
    args = parser.parse_args()
    chosen = args.variants or ("all" if args.part == "strength" else "auction-pitch")
    variants = ([name for name, _ in shipped_variants()] if chosen == "all"
                else chosen.split(","))
    for name in variants:
        try:
            load_variant(name)
        except PitchkitError as error:  # one line, not a traceback
            sys.exit(f"bench_search: --variants: {error}")
        try:
            parse_bots(args.bots, load_variant(name).players.count)
        except PitchkitError as error:
            sys.exit(f"bench_search: --bots: {error}")
    if args.part == "speed":
        part_speed(variants, args.hands, args.repeat, args.out, args.force, args.bots)
    elif args.part == "games":
        for variant in variants:
            hands = play_games(variant, args.bots, "speed0", games=args.games)
            print(f"{variant}: {args.games} games, {hands} hands", flush=True)
    elif args.part == "diagnose":
        from search_hybrids import SEARCHERS  # this folder's module

        if args.bots not in SEARCHERS:
            sys.exit(f"bench_search: diagnose: --bots is {' or '.join(SEARCHERS)} (the "
                     "hybrids' searching half)")
        part_diagnose(variants[0], args.deals, 2 if args.seed is None else args.seed,
                      args.timeout, args.games, args.bots)
    else:
        part_strength(args.deals, args.mc_deals, args.workers, args.timeout, args.out,
                      args.force, args.against, variants,
                      1 if args.seed is None else args.seed, args.bots)


if __name__ == "__main__":
    main()
