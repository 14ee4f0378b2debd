"""The ``random`` bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pitchkit.actions import select_action
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules


class RandomBot:
    """Picks uniformly among the legal actions (a uniform choice of cards in ``select``)."""

    #: It never reads the observation outside ``select``: the simulator may pass None.
    observes = False

    def __init__(self, rules: Rules, seat: int, rng: random.Random) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = rng

    def choose(self, observation: Observation | None, legal_actions: Sequence[int]) -> int:
        if observation is not None and observation.phase is Phase.SELECT:
            return select_action(self.rng.sample(list(legal_actions), observation.select_count))
        return legal_actions[self.rng.randrange(len(legal_actions))]
