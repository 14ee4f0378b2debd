"""The ``search`` bot: the calibrated bot's bids, and card play searched on sampled deals.

Card play is a determinized search. The bot keeps ``samples`` *worlds* for the hand:
games dealt the cards it has seen where they were seen and the unseen cards at random,
agreeing with everything it has seen (the bids, the cards played and by whom, the suits a
player showed void in), drawn with :class:`~pitchkit.bots.montecarlo.MonteCarloBot`'s
sampler. Between its decisions it moves each world on by the plays it observed; when a
world gave an observed card to another player, the card is swapped with one of the
player's own, and a world that cannot follow is drawn again. For a decision with more
than one card it plays each candidate out in every world (the engine's cheap
:meth:`~pitchkit.engine.Game.clone`, then a fast rule-of-thumb policy in every seat that
reads the engine's trick state directly) and keeps the card with the best mean result for
its side: its score change minus the other sides' mean, and a game's worth for a game won
or lost in the hand. The same worlds serve every candidate.

Bidding, trump, the draw and staged play are the calibrated bot's
(:mod:`pitchkit.bots.calibrated`).

Settings: ``samples`` (worlds per hand, default 6), and the calibrated bot's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.montecarlo import hand_value
from pitchkit.errors import IllegalActionError
from pitchkit.play import legal_mask
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules

if TYPE_CHECKING:
    from pitchkit.engine import Game

class SearchBot(CalibratedBot):
    """Calibrated bidding, determinized search in play; see the module docstring."""

    def __init__(self, rules: Rules, seat: int, rng: random.Random, samples: int = 6,
                 margin: float = 0.25, boldness: float = 0.0, moon_samples: int = 24) -> None:
        super().__init__(rules, seat, rng, boldness=boldness, moon_samples=moon_samples)
        self.margin = float(margin)
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = int(samples)
        self._sampler: object | None = None
        self._worlds: list[Game] = []
        self._hand_key: tuple[object, ...] | None = None
        self._applied = 0

    def choose(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        if (observation.phase is not Phase.PLAY or len(legal_actions) < 2
                or self.rules.play.stages):
            return super().choose(observation, legal_actions)
        worlds = self.worlds(observation)
        if not worlds:
            return super().choose(observation, legal_actions)
        candidates = list(legal_actions)
        totals = [0.0] * len(candidates)
        rng = self.rng
        for world in worlds:
            for i, card in enumerate(candidates):
                totals[i] += self.play_out_value(world.clone(rng), card)
        # the rule-of-thumb card stands unless the search finds one clearly better
        usual = candidates.index(super().choose(observation, legal_actions))
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        if totals[best] - totals[usual] > self.margin * len(worlds):
            return candidates[best]
        return candidates[usual]

    # ------------------------------------------------------------------ worlds

    def worlds(self, obs: Observation) -> list[Game]:
        """The hand's worlds, moved on to ``obs`` (drawn again where they cannot be)."""
        from pitchkit.bots.montecarlo import MonteCarloBot

        if self._sampler is None:
            self._sampler = MonteCarloBot(self.rules, self.seat, self.rng, samples=1)
        sampler = self._sampler
        assert isinstance(sampler, MonteCarloBot)
        mine = obs.hand
        for seat, card in obs.played:
            if seat == self.seat:
                mine |= 1 << card
        key = (obs.dealer, obs.scores, obs.bids, mine)
        if key != self._hand_key or self._applied > len(obs.played):
            self._hand_key = key
            self._worlds = []
            self._applied = len(obs.played)
        new = obs.played[self._applied:]
        kept = []
        for world in self._worlds:
            if all(self._follow(world, seat, card) for seat, card in new) and (
                    world.to_act == self.seat and world.phase is Phase.PLAY):
                kept.append(world)
        self._applied = len(obs.played)
        for _ in range(2 * self.samples):
            if len(kept) >= self.samples:
                break
            drawn = sampler.determinize(obs)
            if drawn is not None:
                kept.append(drawn)
        self._worlds = kept
        return kept

    def _follow(self, world: Game, seat: int, card: int) -> bool:
        """Apply an observed play to a world, swapping the card into ``seat``'s hand."""
        hands = world.hands
        if not hands[seat] >> card & 1:
            # the world gave the card to another player, or left it undealt
            holder = next((s for s in range(world.n) if hands[s] >> card & 1), None)
            spare = hands[seat] & ~(1 << card)
            if holder == self.seat or not spare:
                return False
            give = self._pick(spare)
            for masks in (hands, world.dealt):
                masks[seat] ^= (1 << give) | (1 << card)
                if holder is not None:
                    masks[holder] ^= (1 << give) | (1 << card)
            world._legal = -1  # the engine's cached legal mask of the hand it changed
        try:
            world.apply(card)
        except IllegalActionError:
            return False  # the world cannot explain the play (a void it did not know)
        return True

    def _pick(self, mask: int) -> int:
        count = mask.bit_count()
        k = self.rng.randrange(count)
        while k:
            mask &= mask - 1
            k -= 1
        return (mask & -mask).bit_length() - 1

    # ------------------------------------------------------------------ play-outs

    def play_out_value(self, game: Game, card: int) -> float:
        """Play ``card``, finish the hand with the fast policy; the result for my side."""
        before = len(game.hand_results)
        game.apply(card)
        apply = game.apply
        results = game.hand_results
        while len(results) == before and game.phase is Phase.PLAY:
            apply(fast_policy(game))
        if len(results) == before:
            return 0.0
        return hand_value(game, self.seat)


def fast_policy(game: Game) -> int:
    """A quick card for ``game.to_act`` (a fast path over the engine's trick state).

    Leading: its most powerful card. Following: the cheapest card that takes the trick
    from an opponent, else its least powerful card (its partner's trick left alone).
    """
    legal = game._legal
    if legal < 0:
        legal = legal_mask(game)
    trick = game._trick
    power = game._power
    if not trick:
        best = -1
        best_power = -1
        mask = legal
        while mask:
            low = mask & -mask
            c = low.bit_length() - 1
            p = power[c] if power else c % 13
            if p > best_power:
                best, best_power = c, p
            mask ^= low
        return best
    keys = game._keys
    win_key = game._win_key
    seat = game.to_act
    team = game.team_of
    partner_wins = team[game._win_seat] == team[seat]  # type: ignore[index]
    cheapest = winner = -1
    cheapest_power = winner_key = 1 << 30
    mask = legal
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        p = power[c] if power else c % 13
        if p < cheapest_power:
            cheapest, cheapest_power = c, p
        k = keys[c]
        if not partner_wins and k > win_key and k < winner_key:
            winner, winner_key = c, k
        mask ^= low
    return winner if winner >= 0 else cheapest
