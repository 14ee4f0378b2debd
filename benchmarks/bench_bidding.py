"""The default bot's bids against what they realise: where its bidding gains and loses.

Run: ``python benchmarks/bench_bidding.py VARIANT --part decisions|lone [--games N]
[--seed S]``. Parts:

- ``decisions``: games of ``calibrated`` bots (``--others BOT``: that bot in every other
  seat, as ``pitchkit match`` seats them, A B A B ..., and swapped). Every auction of a
  calibrated seat: the value its last bid read (pitching at the bid: its band's score
  change at that bid plus what contracts over such a high bid realised,
  :meth:`~pitchkit.bots.calibrated.CalibratedBot.bid_value` without a game's worth;
  passing: :meth:`~pitchkit.bots.calibrated.CalibratedBot.auction_pass_value`) against
  the score change its side realised against the other sides' mean in that hand, by band
  of the estimate and what came of the bid: passed, a contract won at that level
  (*near*: one that would reach the target, whose game's worth neither side counts),
  outbid, forced. ``--explore P``: a seat that would bid passes instead, with chance P
  (seeded), so that passing is measured also where the bot would not pass (*explored*).
- ``lone``: one ``calibrated`` seat (``--bot``) among ``--others`` bots (default
  ``heuristic``), in each seat in turn on the same deals: its share of the wins (95%
  interval over deals), and its contracts by bid (made, score change against the other
  sides' mean). No copy of it bids against it.

Every run is seeded: the same figures come out on any machine. Figures describe these
bots: other players would realise other values.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from pitchkit.actions import BID_BASE, PASS, is_numeric_bid
from pitchkit.bots import parse_bots
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.fitting import relative_change
from pitchkit.bots.value import auction_state
from pitchkit.load import load_variant
from pitchkit.results import BidView, Observation
from pitchkit.simulate import Setup, play_game
from pitchkit.stats import mean_interval
from pitchkit.variant import Rules

#: Rows of the decisions table with fewer auctions than this are left out.
MIN_ROWS = 30

#: One auction of a calibrated seat: (dealer, scores before the hand), the seat, its band,
#: its last bid (0: a pass), the value read for it, whether it might pass, whether the
#: bid would reach the target, whether an explored pass replaced a bid.
_Decision = tuple[tuple[int, tuple[int, ...]], int, int, int, float, bool, bool, bool]


class RecordingBot(CalibratedBot):
    """The calibrated bot, noting each bid's value as it read it (``explore``: a bid
    turned into a pass with that chance, drawn from ``explorer``)."""

    def __init__(self, rules: Rules, seat: int, rng: random.Random,
                 log: list[_Decision], explore: float = 0.0,
                 explorer: random.Random | None = None) -> None:
        super().__init__(rules, seat, rng)
        self.log = log
        self.explore = explore
        self.explorer = explorer or random.Random(0)

    def bid_from_view(self, view: Observation | BidView, may_pass: bool,
                      numeric: Sequence[int], moon_legal: bool, other: int,
                      obs: Observation | None) -> int:
        action = super().bid_from_view(view, may_pass, numeric, moon_legal, other, obs)
        explored = bool(self.explore and may_pass and action != PASS
                        and self.explorer.random() < self.explore)
        if explored:
            action = PASS
        model = self.model
        assert model is not None
        suit = view.trump if view.trump is not None else self.best_suit(view.hand)[0]
        band = model.band(self.suit_values(view.hand)[suit])
        scores = tuple(view.scores)
        passing = self.auction_pass_value(view.hand, view.bids, view.team_of, scores,
                                          view.dealer)
        bid = action - BID_BASE if is_numeric_bid(action) else 0
        value = passing
        target = self.target
        near = bool(bid) and target is not None and scores[self.seat] + bid >= target
        if bid:
            state, high = auction_state(view.bids, self.seat, view.team_of,
                                        len(model.pitching_after[0]) - 1)
            price = 1.0 / (self.sides - 1) if self.selling and self.sides > 1 else 0.0
            value = self.bid_value(band, bid, scores[self.seat]) - price * bid \
                + model.pitching_after[state][high]
            if near and target is not None and bid < len(model.made[band]):
                value -= model.made[band][bid] * target  # a game's worth: not in a hand's
        self.log.append(((view.dealer, scores), self.seat, band, bid, value, may_pass, near,
                         explored))
        return action


def _kind(decision: _Decision, hand: Any) -> str:
    """What came of one auction's last bid in the hand of result ``hand``."""
    _, seat, _, bid, _, may_pass, near, explored = decision
    if not may_pass:
        return "forced"
    if explored:
        return "pass (explored)"
    if not bid:
        return "pass"
    if hand.pitcher == seat:
        return f"won {bid}" + (" near" if near else "")
    return "outbid"


Rows = dict[tuple[str, str], list[float]]


def decision_rows(rules: Rules, games: int, seed: str, others: str | None = None,
                  explore: float = 0.0) -> Rows:
    """Per (band or "all", what came of the bid): auctions, the sum of the values read and
    the sum of the score changes realised (see the module docstring)."""
    n = rules.players.count
    patterns = [tuple(0 for _ in range(n))] if others is None else [
        tuple((s + swap) % 2 for s in range(n)) for swap in (0, 1)]
    rows: Rows = defaultdict(lambda: [0, 0.0, 0.0])
    for index in range(games):
        key = f"{seed}:{index}"
        for pattern in patterns:
            log: list[_Decision] = []
            specs = parse_bots(",".join("calibrated" if p == 0 else str(others)
                                        for p in pattern), n)
            bots = [RecordingBot(rules, s, random.Random(f"{key}:seat{s}"), log, explore,
                                 random.Random(f"{key}:explore{s}")) if p == 0
                    else specs[s].make(rules, s, random.Random(f"{key}:seat{s}"))
                    for s, p in enumerate(pattern)]
            setup = Setup(rules=rules, seed=seed, bots=tuple(specs), hand_limit=1000,
                          endless=rules.scoring.target is None)
            game, _ = play_game(setup, key, bots)
            tally(game, log, rows)
    return rows


def part_decisions(variant: str, games: int, seed: str, others: str | None,
                   explore: float) -> None:
    rows = decision_rows(load_variant(variant), games, seed, others, explore)
    print(f"{variant}: the calibrated bot's bids, {games} deals, seed {seed}, others "
          f"{others or 'calibrated'}, explore {explore}")
    print("| band | what came of it | auctions | value read | realised | read - realised |")
    print("|---|---|---|---|---|---|")
    for (band, kind), (count, read, real) in sorted(rows.items(), key=lambda r: (
            r[0][0] != "all", r[0][0].zfill(3), r[0][1])):
        if count >= MIN_ROWS:
            print(f"| {band} | {kind} | {count:.0f} | {read / count:+.2f} | "
                  f"{real / count:+.2f} | {(read - real) / count:+.2f} |")


def tally(game: Any, log: Sequence[_Decision], rows: Rows) -> None:
    """Each seat's last bid of each hand of ``game`` (from ``log``) into ``rows``."""
    at = 0
    first = game.hand_results[0] if game.hand_results else None
    scores = tuple(a - b for a, b in zip(first.scores, first.score_changes, strict=True)
                   ) if first is not None else ()
    for hand in game.hand_results:
        before = (hand.dealer, scores)
        last: dict[int, _Decision] = {}
        while at < len(log) and log[at][0] == before:
            last[log[at][1]] = log[at]
            at += 1
        scores = tuple(hand.scores)
        if hand.pitcher is None or not isinstance(hand.bid, int):
            continue
        for seat, decision in last.items():
            realised = relative_change(hand.score_changes, game.team_of, game.team_of[seat])
            for band in (str(decision[2]), "all"):
                row = rows[(band, _kind(decision, hand))]
                row[0] += 1
                row[1] += decision[4]
                row[2] += realised


def part_lone(variant: str, games: int, seed: str, others: str, bot: str = "calibrated"
              ) -> None:
    rules = load_variant(variant)
    n = rules.players.count
    # per deal: the calibrated seat's share of the wins over its seats (deals are
    # independent: the interval is over deals, as pitchkit match's)
    total = squares = 0.0
    # bid -> contracts, made, score change against the others' mean
    bids: dict[int, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for index in range(games):
        key = f"{seed}:{index}"
        wins = 0.0
        for seat in range(n):
            specs = parse_bots(",".join(bot if s == seat else others for s in range(n)), n)
            setup = Setup(rules=rules, seed=seed, bots=tuple(specs), hand_limit=1000,
                          endless=rules.scoring.target is None)
            bots = [spec.make(rules, s, random.Random(f"{key}:seat{s}"))
                    for s, spec in enumerate(specs)]
            game, _ = play_game(setup, key, bots)
            outcome = game.outcome
            if outcome is not None and outcome.winners:
                wins += sum(1 for s in outcome.winners if s == seat) / len(outcome.winners)
            for hand in game.hand_results:
                if hand.pitcher == seat and isinstance(hand.bid, int):
                    row = bids[hand.bid]
                    row[0] += 1
                    row[1] += bool(hand.made)
                    row[2] += relative_change(hand.score_changes, game.team_of,
                                        game.team_of[seat])
        total += wins / n
        squares += (wins / n) ** 2
    share = mean_interval(total, squares, games)
    print(f"{variant}: one {bot} seat among {others}, {games} deals x {n} seats, "
          f"seed {seed}")
    print(f"its share of the wins: {share['mean'] or 0:.1%} [{share['low'] or 0:.1%}, "
          f"{share['high'] or 0:.1%}] of {games * n} games (even: {1 / n:.0%} a seat)")
    print("| bid | contracts | made | score change |")
    print("|---|---|---|---|")
    for bid in sorted(bids):
        count, made, change = bids[bid]
        print(f"| {bid} | {count:.0f} | {made / count:.1%} | {change / count:+.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--part", choices=("decisions", "lone"), default="decisions")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--others", help="the bot of the other seats (decisions: none, "
                                         "calibrated everywhere; lone: heuristic)")
    parser.add_argument("--bot", default="calibrated",
                        help="lone: the bot of the one seat (another bot's bids, e.g. "
                             "calibrated:boldness=-1)")
    parser.add_argument("--explore", type=float, default=0.0,
                        help="decisions: the chance a bid is turned into a pass")
    args = parser.parse_args()
    if args.part == "decisions":
        part_decisions(args.variant, args.games, args.seed, args.others, args.explore)
    else:
        part_lone(args.variant, args.games, args.seed, args.others or "heuristic", args.bot)


if __name__ == "__main__":
    main()
