"""The ``calibrated`` bot (the default): bids what the rules make its hand worth.

It plays its cards as the ``heuristic`` does, and bids from what it learned of these
rules (:mod:`pitchkit.bots.value`): for each suit, the chance its side takes each point
the variant scores with this hand, hence the distribution of its points as pitcher. For
every bid open to it, the expected change of its side's score against the other sides',
made or set, under the variant's scoring (points won or the bid, set back by the bid or
a fixed amount, whether the other sides score); it bids while that beats the learned
value of passing, all at once in a one-round auction, raising as little as it may round
and round.

The moon: when a hand could take every point, it plays the hand out as pitcher of a moon
on ``moon_samples`` deals of the unseen cards (agreeing with what it has seen) and bids
the moon when its chance of making it, times what a made moon pays (points and money),
beats failing and beats its best numeric bid.

Settings: ``boldness`` (points added to the value of pitching; default 0),
``moon_samples`` (default 24).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pitchkit.actions import BID_BASE, MOON, PASS, is_numeric_bid
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.value import Calibration, calibration_for, points_distribution
from pitchkit.results import HandResult, Observation, Phase
from pitchkit.variant import MadeBidScores, Rules

if TYPE_CHECKING:
    from pitchkit.engine import Game

#: A moon is weighed (played out) only when the chance of taking every point, the items
#: taken as independent (which understates it), reaches this share of the break-even one.
MOON_CANDIDATE = 0.5


class CalibratedBot(HeuristicBot):
    """Learned bidding, heuristic play; see the module docstring."""

    def __init__(self, rules: Rules, seat: int, rng: random.Random, boldness: float = 0.0,
                 moon_samples: int = 24, model: Calibration | None = None) -> None:
        super().__init__(rules, seat, rng, boldness=boldness)
        self.moon_samples = int(moon_samples)
        if model is None and rules.has_auction:
            model = calibration_for(rules)
        self.model = model
        s = rules.scoring
        self.made_scores_bid = s.made_bid_scores is MadeBidScores.BID
        self.set_back = None if s.set_back == "bid" else int(s.set_back)
        self.opponents_score = s.opponents_score
        self.sides = rules.players.teams
        self.target = s.target
        self._values: tuple[int, list[tuple[int, float, list[float]]]] | None = None
        self._moon: tuple[int, float] | None = None

    # ------------------------------------------------------------------ estimates

    def suit_values(self, hand: int) -> list[tuple[int, float, list[float]]]:
        """Per suit: (suit, expected points as pitcher, distribution of points)."""
        if self._values is not None and self._values[0] == hand:
            return self._values[1]
        model = self.model
        assert model is not None
        out = []
        for suit in range(4):
            chances = model.chances_for(self.rules, hand, suit)
            dist = points_distribution(chances, model.items)
            out.append((suit, sum(p * i.value for p, i in zip(chances, model.items,
                                                               strict=True)), dist))
        self._values = (hand, out)
        return out

    def estimate(self, hand: int, suit: int) -> float:
        if self.model is None:
            return super().estimate(hand, suit)
        return self.suit_values(hand)[suit][1]

    def best_suit(self, hand: int) -> tuple[int, float]:
        if self.model is None:
            return super().best_suit(hand)
        suit, value, _ = max(self.suit_values(hand), key=lambda x: (x[1], -x[0]))
        return suit, value

    def could_moon(self, hand: int, suit: int) -> bool:
        """Whether the hand is worth playing out as a moon: the chance of taking every
        point, counted as if the points were independent (which understates it), reaches
        ``MOON_CANDIDATE`` times the chance at which a moon pays as much as it costs."""
        model = self.model
        assert model is not None
        every = 1.0
        for chance in model.chances_for(self.rules, hand, suit):
            every *= chance
        gain, loss = self.moon_stakes()
        return every >= MOON_CANDIDATE * loss / (gain + loss)

    def moon_stakes(self) -> tuple[float, float]:
        """What a made moon gains and a failed one loses, in points against the others
        (money at ``money.cents_per_point``; a moon that wins the game, a game's worth)."""
        rules = self.rules
        moon = rules.moon
        model = self.model
        assert model is not None
        players = rules.players.count
        per_point = float(rules.money.cents_per_point) if rules.money.enabled else 0.0
        money_made = moon.money_made * players / per_point if per_point else 0.0
        money_failed = moon.money_failed * players / per_point if per_point else 0.0
        everything = sum(i.value for i in model.items)
        gain = (moon.points_made if moon.points_made is not None else everything) + money_made
        if moon.made_wins_game:
            gain += float(rules.scoring.target or everything)
        return gain, moon.points_failed + money_failed

    def bid_value(self, dist: Sequence[float], bid: int, score: int = 0) -> float:
        """Expected score change of my side minus the other sides' mean, pitching at ``bid``
        with my side at ``score``; making it to the target counts as a game's worth more."""
        model = self.model
        assert model is not None
        loss = bid if self.set_back is None else self.set_back
        target = self.target
        value = 0.0
        for points, chance in enumerate(dist):
            if not chance:
                continue
            mine = (bid if self.made_scores_bid else points) if points >= bid else -loss
            if target is not None and points >= bid and score + mine >= target:
                mine += target  # the game won: worth a game's points
            theirs = (model.total - points) / (self.sides - 1) \
                if self.opponents_score and self.sides > 1 else 0.0
            value += chance * (mine - max(0.0, theirs))
        return value + self.boldness

    # ------------------------------------------------------------------ bidding

    def bid(self, obs: Observation, legal: Sequence[int]) -> int:
        model = self.model
        if model is None:
            return super().bid(obs, legal)
        values = self.suit_values(obs.hand)
        if obs.trump is not None:
            suit, _, dist = values[obs.trump]
        else:
            suit, _, dist = max(values, key=lambda x: (x[1], -x[0]))
        numeric = sorted(a - BID_BASE for a in legal if is_numeric_bid(a))
        score = obs.scores[self.seat]
        by_bid = {b: self.bid_value(dist, b, score) for b in numeric}
        best_numeric = max(by_bid.values(), default=float("-inf"))
        if MOON in legal and self.moon_samples and self.could_moon(obs.hand, suit):
            if self._moon is None or self._moon[0] != obs.hand:
                self._moon = (obs.hand, self.moon_value(obs))  # once a hand
            moon = self._moon[1]
            if moon > max(best_numeric, model.pass_value):
                return MOON
        if PASS not in legal:
            return BID_BASE + numeric[0] if numeric else legal[0]
        worth = [b for b in numeric if by_bid[b] > model.pass_value]
        if not worth:
            return PASS
        if self.k.one_round:
            return BID_BASE + worth[-1]  # one chance each: bid all the hand is worth
        return BID_BASE + worth[0]  # round and round: raise as little as needed

    def moon_value(self, obs: Observation) -> float:
        """Expected gain of bidding the moon now, from play-outs on sampled deals."""
        from pitchkit.bots.montecarlo import MonteCarloBot

        sampler = MonteCarloBot(self.rules, self.seat, self.rng, samples=1)
        gain, loss = self.moon_stakes()
        needed = loss / (gain + loss)  # the chance at which a moon breaks even
        made = fails = 0
        for left in range(self.moon_samples, 0, -1):
            if (made + left) / self.moon_samples < needed:
                return float("-inf")  # even every play-out left made could not pay
            state = sampler.determinize(obs)
            if state is None:
                continue
            state.apply(MOON)
            result = self.play_out(state)
            if result is None:
                continue
            if result.made:
                made += 1
            else:
                fails += 1
        if not made:
            return float("-inf")
        chance = made / (made + fails)
        return chance * gain - (1 - chance) * loss

    def play_out(self, state: Game) -> HandResult | None:
        """Finish the hand in ``state`` with heuristic play in every seat; its result."""
        before = len(state.hand_results)
        bots = [HeuristicBot(self.rules, s, self.rng) for s in range(state.n)]
        for _ in range(200):
            if len(state.hand_results) > before:
                return state.hand_results[-1]
            seat = state.to_act
            if seat is None or state.phase is Phase.OVER:
                return None
            legal = state.legal_actions()
            state.apply(bots[seat].choose(state.observation(seat), legal))
        return None
