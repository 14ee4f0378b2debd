"""The ``random`` bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pitchkit.actions import select_action
from pitchkit.draw import random_action
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules


class RandomBot:
    """Picks uniformly among the legal actions (a uniform choice of cards in ``select``; in
    the draw, a number of cards in range, then which)."""

    #: It reads the observation only in ``select`` and ``draw``: elsewhere it may be None.
    observes = False

    def __init__(self, rules: Rules, seat: int, rng: random.Random) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = rng

    def choose(self, observation: Observation | None, legal_actions: Sequence[int]) -> int:
        if observation is not None and observation.phase is Phase.SELECT:
            return select_action(self.rng.sample(list(legal_actions), observation.select_count))
        if observation is not None and observation.phase is Phase.DRAW:
            return random_action(observation.draw_choice, self.rng)
        return legal_actions[self.rng.randrange(len(legal_actions))]
