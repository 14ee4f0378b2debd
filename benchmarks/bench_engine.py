"""Engine speed: N hands of a variant with uniformly random legal actions, on one core.

    python benchmarks/bench_engine.py --hands 20000 [--variant auction-pitch] [--set KEY=VALUE]
                                      [--profile] [--api random-step|public]
    python benchmarks/bench_engine.py --check [--hands 2000] [--variant NAME] [--set KEY=VALUE]

Prints hands per second. Compare with ``baseline_hardcoded.py`` (a plain simulator of
one fixed variant). Dealing, the auction, trick play, scoring (``pitchkit.scoring``),
settling (``pitchkit.settle``) and the event log are all included; when a game ends a
new one starts. By default the engine draws each random action itself (as a built-in
random player would: a card straight from the legal mask); ``--api public`` draws from
``game.legal_actions()`` at every decision and has ``game.apply`` check every action
again. Both play the same games from the same seed: ``--check`` plays every shipped
variant (or ``--variant``) both ways and compares the games, with the decisions of each
kind (by their record verb) it made; without ``--variant`` also :data:`MORE_DECISIONS`,
rule sets making the decisions no shipped variant makes.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections import Counter

from pitchkit.actions import Action, action_text, select_action
from pitchkit.cards import card_name
from pitchkit.engine import Game, Phase
from pitchkit.load import load_variant, shipped_variants

#: Rule sets making the decisions no shipped variant makes: a weak hand thrown in or
#: kept, going alone, robbing or passing the pack, giving to a partner.
MORE_DECISIONS: list[tuple[str, tuple[str, ...]]] = [
    ("auction-pitch", ("deal.weak_hand_below=J",)),
    ("partnership-pitch", ("auction.alone=true", "auction.pitch_to_bid=false")),
    ("ten-point-pitch-draw", ("draw.pack_to_partner=true",)),
    ("minnesota-smear", ("players.partnerships=2x2", "draw.give_to_partner=2")),
]


def play_hands(variant: str, hands: int, seed: int, api: str = "random-step",
               keep: list[Game] | None = None, sets: tuple[str, ...] = ()) -> int:
    """Play ``hands`` hands with random legal actions; returns the number of games.

    ``api``: ``public`` picks from ``game.legal_actions()`` (``rng.choice``; a stage's
    cards and the draw's as :func:`public_draw` says) and checks it again in
    ``game.apply``; ``random-step`` lets the engine draw the same action itself
    (``Game._apply_random``: in play, the card straight from the legal mask, unchecked).
    Both play exactly the same games from the same seed. ``keep`` collects the games;
    ``sets`` changes the variant's rules (``KEY=VALUE``, as ``--set``).
    """
    rules = load_variant(variant, sets)
    rng = random.Random(seed)
    choice = rng.choice
    public = api == "public"
    games = 0
    played = 0
    deal, over, select, play, draw = Phase.DEAL, Phase.OVER, Phase.SELECT, Phase.PLAY, Phase.DRAW
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
            if phase is draw:
                apply(public_draw(game, rng))
            else:
                apply(choice(legal_actions()))
            while game.phase is play:  # the tricks of the hand
                apply(choice(legal_actions()))
        else:
            step(rng)
            while game.phase is play:
                step(rng)
        phase = game.phase


def public_draw(game: Game, rng: random.Random) -> Action | str:
    """A uniformly random draw decision from the public API: ``game.draw_choice()`` says
    how many cards (and which must go), ``game.legal_actions()`` which cards may; the
    action is spelled as a record spells it. The draws ``pitchkit.draw.random_action``
    makes, so the same games as the engine's own random step."""
    legal = game.legal_actions()
    ch = game.draw_choice()
    if ch.verb == "rob":
        return rng.choice(legal)  # rob or pack to partner
    k = ch.least - ch.must.bit_count() + rng.randrange(ch.most - ch.least + 1)
    if not ch.cards:
        return legal[0]  # no card may be chosen: the one action (discard nothing)
    chosen = [c for c in legal if ch.must >> c & 1]
    chosen += rng.sample([c for c in legal if not ch.must >> c & 1], k)
    return " ".join([ch.verb, *map(card_name, chosen)])


def decision_kinds(games: list[Game]) -> Counter[str]:
    """The decisions of ``games`` by their record verb (``bid``, ``discard``, ``play``,
    ``keep hand``, ...)."""
    kinds: Counter[str] = Counter()
    for game in games:
        for event in game.events:
            if event.kind == "action" and event.action is not None:
                words = action_text(event.action).split()
                kinds[" ".join(w for w in words if w.islower())] += 1
    return kinds


def check(variants: list[tuple[str, tuple[str, ...]]], hands: int, seed: int) -> bool:
    """Play ``hands`` hands of each variant (name, ``--set`` changes) both ways; print
    whether the games are the same and the decisions of each kind they made. True when
    all are."""
    ok = True
    for variant, sets in variants:
        both = []
        for api in ("public", "random-step"):
            kept: list[Game] = []
            play_hands(variant, hands, seed, api, kept, sets)
            both.append(kept)
        same = ([(g.events, g.hand_results, g.outcome) for g in both[0]]
                == [(g.events, g.hand_results, g.outcome) for g in both[1]])
        ok = ok and same
        kinds = ", ".join(f"{kind} {count:,}"
                          for kind, count in sorted(decision_kinds(both[0]).items()))
        label = " ".join([variant, *(f"--set {s}" for s in sets)])
        print(f"{label}, {hands} hands, seed {seed}: public and random-step games "
              f"{'identical' if same else 'DIFFER'} ({kinds})")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=None,
                        help="hands a run (default 20000; with --check 2000 a variant)")
    parser.add_argument("--variant", default=None,
                        help="default auction-pitch; with --check, every shipped variant")
    parser.add_argument("--set", dest="sets", action="append", default=[],
                        metavar="KEY=VALUE", help="change a rule of the variant (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument("--api", choices=("random-step", "public"), default="random-step",
                        help="how actions are drawn and applied (the same games either way)")
    parser.add_argument("--check", action="store_true",
                        help="play the hands both ways and check the games are identical")
    args = parser.parse_args()
    if args.check:
        sets = tuple(args.sets)
        variants = ([(args.variant, sets)] if args.variant
                    else [(name, sets) for name, _path in shipped_variants()]
                    + ([] if sets else MORE_DECISIONS))
        raise SystemExit(0 if check(variants, args.hands or 2000, args.seed) else 1)
    variant = args.variant or "auction-pitch"
    args.hands = args.hands or 20000
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_hands(variant, args.hands, args.seed, args.api, sets=tuple(args.sets))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    best = 0.0
    for _ in range(args.repeat):
        # CPU time of this process: other load on the machine does not count against us
        start = time.process_time()
        games = play_hands(variant, args.hands, args.seed, args.api, sets=tuple(args.sets))
        elapsed = time.process_time() - start
        best = max(best, args.hands / elapsed)
        print(f"engine ({args.api}), {variant}, random play: "
              f"{args.hands / elapsed:,.0f} hands/s "
              f"({args.hands} hands, {games} games, {elapsed:.2f} s CPU)")
    print(f"best of {args.repeat}: {best:,.0f} hands/s")


if __name__ == "__main__":
    main()
