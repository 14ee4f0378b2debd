"""The strong bot (``--bots strong``): the search bot with the settings measured strongest.

``strong`` is :class:`~pitchkit.bots.search.SearchBot` with :data:`STRONG_SETTINGS`, each
of which a ``strong:key=value`` setting replaces, so ``strong`` and
``search:playout=heuristic:samples=64:work=20000:step=16:margin=0.1:bidding=learned:drawing=heuristic``
play the same games (but where a partner is called: below); where only trumps are played
(``play.trumps_only``) with :data:`TRUMPS_ONLY_SETTINGS` over them (``playout=thumb``).
What the settings do, and what each was measured against, is in the README (the bots)
and docs/search-vs-montecarlo.md:
the heuristic's own card play in the play-outs (the rule of thumb's in trumps-only play,
where the heuristic's measured weaker), up to 64 worlds a decision (16 first, the rest
only for the cards still close), twice the default budget of card plays, the search's
card taken at a lead of 0.1 point a world, the heuristic's draw (since stop 46: the
calibrated bot's learned one kept low trumps for high ones on nine-card pitch), and the
calibrated bot's bids but where the
searched auction, learned as a table once a rule set, bids otherwise
(:mod:`pitchkit.bots.auction_table`: searched on the batched play-outs where every seat
bids once and play follows the auction, elsewhere played out as ``montecarlo`` plays it;
kept only where it beat the calibrated bids); where a partner is called
(``call.partner``: :func:`own_calibration`), the calibrated bids learned from its own card
play instead (:func:`~pitchkit.bots.calibrating.calibrate` with
``player="strong"``), with no table (:data:`OWN_CALIBRATION_SETTINGS`).
Until 2026-12-04 it also bid half a point less boldly (``boldness=-0.5``): +2.3% and
+3.0% on smear, where it was picked, but -45.2% on nine-card pitch, -8.7% on partnership
pitch and -10.3% on catch five, even elsewhere (docs/search-strength.md).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import random
from functools import partial
from typing import Any

from pitchkit.bots.calibrating import calibration_for
from pitchkit.bots.search import SearchBot
from pitchkit.bots.value import Calibration
from pitchkit.variant import Rules

#: The settings of ``strong``, by :class:`~pitchkit.bots.search.SearchBot`'s own names.
STRONG_SETTINGS: dict[str, Any] = {
    "playout": "heuristic",
    "samples": 64,
    "work": 20000,
    "step": 16,
    "margin": 0.1,
    "bidding": "learned",
    "drawing": "heuristic",
}

#: Where only trumps are played (``play.trumps_only``: a seat out of trumps folds), the
#: settings that differ: the rule of thumb's play-outs, the heuristic's measured weaker
#: there against them (the rest alike; 2026-12-04, docs/search-vs-montecarlo.md:
#: ten-point pitch with the draw -6.1% [-9.4%, -2.8%], 1,000 deals; pidro about -2.1%,
#: 2,600 deals).
TRUMPS_ONLY_SETTINGS: dict[str, Any] = {"playout": "thumb"}


#: Where ``strong`` bids from its own play's calibration (:func:`own_calibration`), the
#: settings that differ: its calibrated bids, no table of the auction played out. The
#: table's play-outs are the calibrated bot's, weaker than the play the calibration
#: learned from, and both teachers' tables lost their check there (call-partner pitch:
#: heuristic play-outs -29.6% [-34.5%, -24.7%], calibrated -20.7% [-25.4%, -15.9%] of
#: games, 200 deals) after 15 to 17 minutes of one core on the first game.
#: (``strong:bidding=learned`` learns and checks one all the same.)
OWN_CALIBRATION_SETTINGS: dict[str, Any] = {"bidding": "calibrated"}


def settings_for(rules: Rules) -> dict[str, Any]:
    """``strong``'s settings for ``rules`` (before any a user gives)."""
    settings = dict(STRONG_SETTINGS)
    if rules.play.trumps_only:
        settings |= TRUMPS_ONLY_SETTINGS
    if own_calibration(rules):
        settings |= OWN_CALIBRATION_SETTINGS
    return settings


def play_hash(rules: Rules) -> str:
    """A short hash of :func:`settings_for` ``rules`` but ``bidding``: what ``strong``
    plays but its bids, which a calibration learned from its play
    (:func:`~pitchkit.bots.calibrating.calibration_for`) and a table of the auction learned from
    its self-play (:func:`~pitchkit.bots.auction_table.table_for`) are cached under, so a
    change of them learns anew."""
    text = json.dumps({k: v for k, v in settings_for(rules).items() if k != "bidding"},
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def own_calibration(rules: Rules) -> bool:
    """Whether ``strong``'s bids are learned from its own card play under ``rules``
    (:func:`~pitchkit.bots.calibrating.calibration_for` with ``player`` ``strong``): where the
    pitcher calls a partner (``call.partner``). There the calibrated bot's bids, learned
    against the calibrated bot's defence, are 8 and 9 that ``strong`` defending sets 64%
    of the time: games between four ``strong`` seats did not end in 1,000 hands, and the
    bids learned from its own play beat them +59.2% [+54.9%, +63.5%] of games (call-partner
    pitch, 200 deals, seed 195). Elsewhere they measured even or weaker (nine-card pitch
    -31.0% [-38.2%, -23.8%]; docs/search-vs-montecarlo.md), so the default calibration
    stands."""
    return rules.has_auction and rules.call.partner


def strong_model(rules: Rules) -> Calibration:
    """The calibration ``strong`` bids from under ``rules``: its own play's where
    :func:`own_calibration`, else the calibrated bot's."""
    return calibration_for(rules, player="strong" if own_calibration(rules) else "calibrated")


def StrongBot(rules: Rules, seat: int, rng: random.Random, **settings: Any
              ) -> SearchBot:
    """Built as ``StrongBot(rules, seat, rng, **settings)``, like every bot: the search
    bot with :func:`settings_for` the rules, ``settings`` over them; where
    :func:`own_calibration`, bidding from its own play's calibration (unless code hands
    it a ``model``: the calibration's own games do)."""
    if "model" not in settings and own_calibration(rules):
        settings["model"] = strong_model(rules)
    return SearchBot(rules, seat, rng, **(settings_for(rules) | settings))


# (its settings are the search bot's, as pitchkit.bots checks a bot's settings by its
# signature: a setting search does not have is refused when the bots are read; ``model``
# is handed in by code, not a setting)
_SIGNATURE = inspect.signature(partial(SearchBot, **STRONG_SETTINGS))
StrongBot.__signature__ = _SIGNATURE.replace(  # type: ignore[attr-defined]
    parameters=[p for name, p in _SIGNATURE.parameters.items() if name != "model"])
