"""The whole auction valued by ``montecarlo``'s play-outs: ``bidding=auction`` where the
batched play-outs cannot search it (:mod:`pitchkit.bots.auction_search` needs play to
follow the auction and every seat to bid once; here a draw or a kitty may come between,
the auction may go round more than once, a partner may be called).

At each of its auction decisions the bot hands the observation to a
:class:`~pitchkit.bots.montecarlo.MonteCarloBot` of its seat (:data:`ROLLED_WORLDS`
worlds a decision, drawn by its own generator, seeded from the bot's): every action it
may take (pass, each bid; the eldest's sale or refusal) is played out on the same worlds,
which agree with the bids made (each other bidder's hand within a point of its bid by
the calibrated bot's estimate), through the rest of the hand, the auction, the naming of
trump, the draw and the play, with the calibrated bot in every seat (bidding by the
bot's own calibration), and valued for its side as
``montecarlo`` values a hand (:func:`pitchkit.bots.montecarlo.hand_value`: the score
changes, and the game won or lost where the hand ends it). The action of the best mean
replaces the calibrated bot's where it is better by more than
:data:`~pitchkit.bots.auction_search.AUCTION_MARGIN` points a world
(:func:`~pitchkit.bots.auction_search.chosen`, as the batched search chooses); a moon the
calibrated bot bids stays, and none is offered (as in the batched search).

So passing and each bid are valued on the hand itself, draw included, where the
calibrated bot reads a band of its estimate. The play-outs are the calibrated bot's, not
the heuristic's (``montecarlo``'s own): a contract is valued against the defence the
calibration learned its bids against, so what the table learns from them is where to
bid, not a weaker defence's gifts. With the heuristic in the play-outs (stop 41) the
tables learned bid too high where the defence matters (nine-card pitch: 7 over the
opener's 6 with every hand, -70.0% of games in their check); with the calibrated bot
every table's check came out higher but pedro's (+12.5% against +14.5%; the figures in
:mod:`pitchkit.bots.auction_table`), and learning took 0.6 to 0.9 of the time.

It plays at ``montecarlo``'s speed in the auction (about 21 ms a decision on pidro, 10
worlds, CPU time), so as a bot it is a setting; what it finds is learned once a rule set
as a table (:mod:`pitchkit.bots.auction_table`), which ``strong`` bids by. (The roller is
built with ``montecarlo``'s heuristic seats, replaced here: once a bot, not a decision.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pitchkit.bots.auction_search import auction_choices, chosen
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.montecarlo import MonteCarloBot
from pitchkit.results import Observation

if TYPE_CHECKING:
    from pitchkit.bots.search import SearchBot

#: Worlds a decision is played out on (each action on every one)
ROLLED_WORLDS = 10


def rolling_bot(bot: SearchBot) -> MonteCarloBot:
    """The ``montecarlo`` bot of ``bot``'s seat that values its auction decisions, with
    a generator seeded from ``bot``'s, the calibrated bot of ``bot``'s calibration
    playing every seat of its play-outs."""
    roller = MonteCarloBot(bot.rules, bot.seat, random.Random(bot.rng.getrandbits(64)),
                           samples=ROLLED_WORLDS)
    roller.rollout_bots = [CalibratedBot(bot.rules, seat, roller.rng, model=bot.model)
                           for seat in range(bot.rules.players.count)]
    return roller


def rolled_auction(bot: SearchBot, roller: MonteCarloBot, obs: Observation,
                   legal: Sequence[int], usual: int) -> int:
    """The action of ``bot`` in the auction ``obs``, every action it may take played out
    by ``roller`` (see the module); ``usual``, the calibrated bot's, where there is
    nothing to value (a moon, one action, no world drawn)."""
    actions = auction_choices(legal, usual)
    if actions is None:
        return usual
    roller.sight.see(obs)
    totals, worlds = roller.totals(obs, actions)
    if not worlds:
        return usual
    return chosen(bot, obs, legal, dict(zip(actions, totals, strict=True)), usual, worlds)
