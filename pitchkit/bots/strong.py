"""The strong bot (``--bots strong``): the search bot with the settings measured strongest.

``strong`` is :class:`~pitchkit.bots.search.SearchBot` with :data:`STRONG_SETTINGS`, each
of which a ``strong:key=value`` setting replaces, so ``strong`` and
``search:playout=heuristic:samples=64:work=20000:step=16:margin=0.1:boldness=-0.5`` play
the same games. What the settings do, and what each was measured against, is in the
README (the bots) and docs/search-vs-montecarlo.md: the heuristic's own card play in the
play-outs, up to 64 worlds a decision (16 first, the rest only for the cards still
close), twice the default budget of card plays, the search's card taken at a lead of 0.1
point a world, and bids half a point less bold than the calibration's.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from pitchkit.bots.search import SearchBot

#: The settings of ``strong``, by :class:`~pitchkit.bots.search.SearchBot`'s own names.
STRONG_SETTINGS: dict[str, Any] = {
    "playout": "heuristic",
    "samples": 64,
    "work": 20000,
    "step": 16,
    "margin": 0.1,
    "boldness": -0.5,
}

#: Built as ``StrongBot(rules, seat, rng, **settings)``, like every bot.
StrongBot = partial(SearchBot, **STRONG_SETTINGS)
