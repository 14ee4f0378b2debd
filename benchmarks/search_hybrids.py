"""Bots for finding where ``montecarlo`` beats ``search``: each plays one part of the hand
as ``montecarlo`` and the rest as ``search`` (``python benchmarks/bench_search.py
diagnose`` plays them; not part of the package).

- :class:`MonteCarloBids`: the auction and the lead that names trump as ``montecarlo``
  (20 worlds, the heuristic in every seat of its play-outs), the card play once trump is
  known as ``search``.
- :class:`MonteCarloPlay`: the auction and the lead that names trump as ``search`` (the
  calibrated bot's), the card play once trump is known as ``montecarlo``.
- :class:`MonteCarloAuction`: only the auction (and whatever else comes before trump is
  named but the naming lead) as ``montecarlo``; :class:`MonteCarloTrump`: only the naming
  of trump (the lead that names it, or the trump phase).
- The searching half is ``search`` with the settings given, or with ``searcher=strong``
  the ``strong`` bot (``search_hybrids:MonteCarloBids:searcher=strong``: its settings
  for the rules, its calibration and its table, as ``--bots strong`` plays).
- :class:`Judge`: plays as ``search``; at each card it searches where ``montecarlo``
  would play a card of another choice, plays both out on many worlds of each bot's own
  kind and records the difference (:data:`JUDGED`).

Both bots of a hybrid see every observation (their memories of the hand stay whole);
each draws from its own generator, seeded from the one passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pitchkit.bots.montecarlo import MonteCarloBot
from pitchkit.bots.search import SearchBot
from pitchkit.bots.strong import StrongBot
from pitchkit.bots.worlds import known, sample_world
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules


def searched_play(obs: Observation) -> bool:
    """Card play once trump is known: what ``search`` searches."""
    return obs.phase is Phase.PLAY and obs.trump is not None


def part_of(obs: Observation) -> str:
    """Which part of the hand a decision is: ``play`` (:func:`searched_play`), ``trump``
    (the lead that names trump, or the trump phase) or ``auction`` (the rest)."""
    if searched_play(obs):
        return "play"
    if obs.phase is Phase.TRUMP or obs.phase is Phase.PLAY:
        return "trump"
    return "auction"


#: what a hybrid's searching half may be (``searcher``)
SEARCHERS = ("search", "strong")


class _Hybrid:
    #: the parts of the hand (:func:`part_of`) montecarlo plays; search plays the rest
    montecarlo_parts: frozenset[str] = frozenset()

    def __init__(self, rules: Rules, seat: int, rng: random.Random, mc_samples: int = 20,
                 searcher: str = "search", **search_settings: Any) -> None:
        """``mc_samples``: montecarlo's worlds a decision; ``searcher``: the searching
        half, ``search`` or ``strong`` (with its settings for the rules, its calibration
        and its table: the bot ``--bots strong`` plays); the other settings are the
        searcher's (e.g. ``playout=heuristic:samples=64:work=20000:step=16``)."""
        if searcher not in SEARCHERS:
            raise ValueError(f"searcher must be {' or '.join(SEARCHERS)}, not {searcher!r}")
        self.mc = MonteCarloBot(rules, seat, random.Random(rng.random()), samples=mc_samples)
        make = StrongBot if searcher == "strong" else SearchBot
        self.search = make(rules, seat, rng, **search_settings)

    def choose(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        mc_turn = part_of(observation) in self.montecarlo_parts
        actor, watcher = (self.mc, self.search) if mc_turn else (self.search, self.mc)
        watcher.sight.see(observation)
        return actor.choose(observation, legal_actions)


class MonteCarloBids(_Hybrid):
    """The auction and the trump as ``montecarlo``, the card play as ``search``."""

    montecarlo_parts = frozenset({"auction", "trump"})


class MonteCarloPlay(_Hybrid):
    """The auction and the trump as ``search``, the card play as ``montecarlo``."""

    montecarlo_parts = frozenset({"play"})


class MonteCarloAuction(_Hybrid):
    """The auction as ``montecarlo``, the trump and the card play as ``search``."""

    montecarlo_parts = frozenset({"auction"})


class MonteCarloTrump(_Hybrid):
    """The naming of trump as ``montecarlo``, the auction and the card play as
    ``search``."""

    montecarlo_parts = frozenset({"trump"})


#: Per decision judged: (trick, cards on the table, candidates, montecarlo's card's gain
#: over search's by montecarlo's play-outs, the same by search's play-outs), points a world.
JUDGED: list[tuple[int, int, int, float, float]] = []
#: Per searched decision: (trick, whether montecarlo's card is of another choice).
DECISIONS: list[tuple[int, bool]] = []


class Judge(_Hybrid):
    """Plays as ``search``; judges the decisions where ``montecarlo`` would differ."""

    worlds = 60

    def choose(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        self.mc.sight.see(observation)
        mine = self.search.choose(observation, legal_actions)
        if not searched_play(observation):
            return mine
        candidates = self.search.candidates(observation, legal_actions)
        if len(candidates) < 2:
            return mine
        theirs = self.mc.choose(observation, legal_actions)
        trick = len(observation.finished) // len(observation.team_of)
        # one choice when search counts the two cards interchangeable
        other = len(self.search.candidates(observation, [mine, theirs])) > 1
        DECISIONS.append((trick, other))
        if other:
            JUDGED.append((trick, len(observation.trick), len(candidates),
                           self.by_montecarlo(observation, mine, theirs),
                           self.by_search(observation, mine, theirs)))
        return mine

    def by_montecarlo(self, obs: Observation, mine: int, theirs: int) -> float:
        """``theirs`` less ``mine``, points a world, by montecarlo's worlds and play-outs."""
        total, count = 0.0, 0
        for _ in range(self.worlds):
            state = self.mc.determinize(obs)
            if state is None:
                continue
            count += 1
            total += self.mc.play_out(state, theirs) - self.mc.play_out(state, mine)
        return total / count if count else 0.0

    def by_search(self, obs: Observation, mine: int, theirs: int) -> float:
        """``theirs`` less ``mine``, points a world, by search's worlds and play-outs."""
        bot = self.search
        know = known(bot.table, obs, bot.sight)
        if know is None:
            return 0.0
        agrees = bot._agrees(obs, know)
        played_by = [0] * bot.table.n
        for seat, card in obs.played:
            played_by[seat] |= 1 << card
        quick = bot.quick_score(obs)
        total, count = 0.0, 0
        for _ in range(self.worlds):
            world = sample_world(know, bot.seat, obs.hand, bot.rng, agrees, tries=3)
            if world is None:
                continue
            count += 1
            dealt = [world[s] | played_by[s] for s in range(bot.table.n)]
            total += (bot.play_card_out(obs, list(world), dealt, theirs, quick)
                      - bot.play_card_out(obs, list(world), dealt, mine, quick))
        return total / count if count else 0.0
