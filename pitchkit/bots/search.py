"""The ``search`` bot: the calibrated bot's bids, and card play searched on sampled worlds.

Card play is a determinized search. At each searched decision the bot draws *worlds*
(:mod:`pitchkit.bots.worlds`, all of a decision's at once, in numpy): guesses at the
other seats' cards that agree with everything it has seen (its own cards, the cards
played and by whom, the voids players showed, the trumps shown in a draw, how many cards
each seat holds), preferring worlds where the pitcher holds a hand worth its bid (not
with a called partner, ``call.partner``: the pitcher bid for a side it chose after the
auction).

For a decision with more than one real choice (cards of one suit with no unseen card
between them, and no points or game value, are one choice) it plays each candidate out in
every world: the rest of the hand on bit masks, every seat playing a quick rule of thumb
(lead the strongest card; take an opponent's trick as cheaply as possible, else throw the
card least worth holding), then valued as :func:`pitchkit.bots.montecarlo.hand_value`
values a hand, scored on the masks by :mod:`pitchkit.bots.quickscore` (the engine's own
scoring where the hand may end the game). Each decision plays its play-outs all at once,
as rows played in compiled code (:mod:`pitchkit.bots.batch`, numba: the same rule of thumb
and value, card for card, seats that fold in trumps-only play included; not in staged
play). With ``playout=heuristic`` every seat of a play-out plays the heuristic's card play
instead (:func:`pitchkit.bots.thumb.wise_lead` and ``wise_follow``: the card
:meth:`~pitchkit.bots.heuristic.HeuristicBot.play_cards` would play in its place, seeing
what it would see, as ``montecarlo``'s play-outs do, in trumps-only play too, the seats
that fold sitting out; about the speed of the rule of thumb; not with ``exact``; in
staged play the rule of thumb). With
``playout=careful`` every seat of a play-out plays the default bot's card play
instead (:mod:`pitchkit.bots.playout`: the same card
:class:`~pitchkit.bots.cardplay.CarefulPlay` would play in its place, seeing what it sees;
the bot takes 1.6-1.9 times the time; not in staged or trumps-only play, whose play-outs
are always by rule of thumb). The same worlds serve every candidate. With ``prune`` above
0, from the third world on a candidate more than ``prune`` points a world behind the best
is dropped. By default none is where the bot batches its play-outs (a batched decision has
played every world of every candidate already: dropping one throws their values away;
``prune=1`` there measured weaker, docs/search-vs-montecarlo.md), and ``prune=1`` where it
plays them one by one (staged, ``playout=careful`` or ``leaf`` play: there dropping saves
their time) and in trumps-only play (batched, dropped after: the choices of the one-by-one
play-outs it had before). The calibrated bot's own card stands unless the search finds one
better by ``margin`` points a world.

The search has a budget of ``work`` card plays of play-outs a hand (by default 10,000
shared by the seats of the table: 2,500 each at four; a hand of more than 24 cards
played has 10,000 times 24 over its cards, as each decision costs time of its own:
call-partner pitch, five seats of ten cards, 960 each). A decision may take up to two
thirds of what is left: as many worlds (at most ``samples``) as that buys for its
candidates and the cards still to play; with fewer than two, the calibrated bot's card
stands. It is charged for the play-outs it played: a candidate dropped (``prune``)
plays no more worlds, and what it would have cost is left for later decisions. Early decisions of a
long hand (many candidates, long play-outs) are so left to the rule of thumb, and the
budget goes to the later ones, where a play-out is short: about the same time a hand
whatever the hand's length or the table's size.

In staged play (``play.stages``) a stage's choice of cards is searched instead
(:mod:`pitchkit.bots.stage_choice`): the calibrated bot's choice and a few others, each
played out from the stage's first lead against every other seat's choice among
candidates of the same kinds made from its cards (every one of them where its cards are
known, two players; else drawn in worlds of the unseen cards), a play-out going on
through the later stages, every seat choosing its cards by a rule of thumb, to the
hand's end. The stage's card play is searched in worlds that guess every other seat's
cards of the stage and its reserve (:mod:`pitchkit.bots.staged`), ``staged_cards`` of them a
decision whatever ``work`` is left (:func:`~pitchkit.bots.stage_choice.search_stage_card`):
charged to ``work``, as before 6d84adf, the two-player hand's budget bought almost no
searched card (no gain measured); 4 worlds a decision measured +4.2% and +6.2% against
``staged_cards=0`` (the calibrated bot's card play), Pimps & Hoes, 600 deals each, at
about 3.5 times the time (docs/search-vs-montecarlo.md). (Not with trumps-only play, whose
hands the staged worlds do not model: there the calibrated bot's choice stands.)

Bidding (but with ``bidding=search`` or ``bidding=auction``) and trump are the
calibrated bot's
(:mod:`pitchkit.bots.calibrated`),
the moon from its tables as by default; so is the draw (which cards to keep or let go),
but with ``drawing=heuristic``: the heuristic's (:func:`pitchkit.bots.drawing.draw_action`:
trumps by power, the point cards and a two of trumps that scores low for its holder
above them, tens where game counts). ``strong`` draws so: on nine-card pitch, where the
pitcher keeps six of 27 cards and the others six of nine, the calibrated bot's learned
ranking kept an eight and a nine of trumps for a king and queen, and a low trump for a
ten that counts for game (``strong`` with the heuristic's draw +19.0% [+10.3%, +27.7%]
against it, 100 duplicate deals, seed 381); even on cinch (-1.0%), Minnesota Smear and
ten-point pitch with the draw (+2.0% each, 100 deals), the same games on pidro. The suit
of the lead that names trump (``trump.chosen_by: first_lead``) is the calibrated bot's
too; which card of that suit to lead is searched, as any
card is, in worlds with that suit trump (each card searched with its own suit as trump
measured weaker, docs/search-strength.md; this, docs/search-vs-montecarlo.md). With
``naming=any`` (where the play-outs are batched, not in trumps-only play) every legal card
of every suit is searched there instead, each with its own suit as trump, on one draw of
worlds, all of them played out (no ``step``, no ``prune``): the strong setting with it
+1.7% [-2.6%, +5.9%] against it without, smear, 600 deals: not shown, not the default.

With ``exact=K`` (K at least 2: the last trick is forced) the last K tricks of every
play-out are played exactly (:mod:`pitchkit.bots.endgame`): from the first card after the
candidate at which no more than K tricks' cards are left, every seat sees the world and
plays the card best for its own side's value of the hand as the play-outs value it,
knowing the later seats do the same (max^n over every legal order). Where the play-outs
are batched only (:mod:`pitchkit.bots.batch`); it does not apply to staged or trumps-only
play, ``playout=careful`` or ``leaf``, where an ``exact`` above 0 is refused. The budget
is charged as before (card plays), so an exact bot takes more time: auction pitch, four
seats, ``exact=2`` about 0.6 times the hands a second of ``exact=0`` and ``exact=3`` under
0.1 (docs/search-vs-montecarlo.md).

With ``leaf=N`` a rule-of-thumb play-out stops at the end of its N-th trick and the rest
of the hand is estimated (:mod:`pitchkit.bots.leaf`, which says where it cannot and
plays out whole): a play-out is charged the card plays to that horizon and the estimate's.

With ``step=K`` (K at least 2; where the play-outs are batched) a decision that may search
more than K worlds searches K first, and the rest up to its cap (``samples``, or what
``work`` buys) only if its choice is not yet settled (:mod:`pitchkit.bots.sequential`): a
rival of the choice as it stands is settled when the choice's lead over it, on the
worlds both played, is clear by ``confidence`` standard errors (allowing ``margin``), and
plays no more worlds. A decision whose candidates come out alike stops after K worlds.
It is charged for the play-outs it played.

Settings: ``samples`` (worlds a decision at most, default 16), ``margin`` (default
0.25), ``work`` (card plays of play-outs a hand; default as above), ``playout``
(``thumb``, the default, ``heuristic`` or ``careful``), ``leaf`` (default 0: whole play-outs),
``prune`` (0: no candidate dropped; default as above), ``exact`` (tricks played exactly
at the end of a play-out, default 0: none), ``staged_cards`` (staged play: worlds a card
decision is searched on, default 4; 0: the calibrated bot's card), ``step`` (worlds of a
decision's first batch, default 0: all at once), ``confidence`` (standard errors that
settle a rival, default 2), ``naming`` (the lead that names trump: ``suit``, the default,
or ``any``), ``bidding`` (``calibrated``, the default: the calibrated bot's bids; or
``search``: the points of pitching searched on ``samples`` worlds where the rules allow,
:mod:`pitchkit.bots.bid_search`; or ``auction``: every action of the auction, passing
included, valued on the same worlds, the seats after it bidding as the calibrated bot, where
every seat bids once and play follows, :mod:`pitchkit.bots.auction_search`, elsewhere each
action played out as ``montecarlo`` plays it, :mod:`pitchkit.bots.auction_rolled`; or
``learned``: the calibrated
bot's bids but where that search's choices, learned as a table once a rule set and checked
against the calibrated bids, say otherwise, :mod:`pitchkit.bots.auction_table`;
``strong``'s default), and the calibrated bot's (``boldness``, ``moon_samples``).

The strongest measured on auction pitch: ``search:playout=heuristic:samples=64:work=20000``
(the heuristic's play-outs on about 64 worlds a decision: +10.8% [+6.3%, +15.4%] against
the default, 600 deals; about 0.4 times its speed, so not the default;
docs/search-vs-montecarlo.md has it against ``montecarlo``). With ``step=16`` about as
strong (+13.8% [+9.5%, +18.2%] against the default, 600 deals; +16.0% [+7.5%, +24.5%]
against ``montecarlo``, 200 deals) at about 1.1-1.3 times its speed. On smear that
setting loses to ``montecarlo`` (-9.5% [-17.6%, -1.4%], 200 deals); with
``margin=0.1:boldness=-0.5`` added (the search's card taken on a smaller lead, bids a
little less bold) it is stronger there than without: +9.5% and +5.5%, two seeds of 600
deals; against ``montecarlo`` +5.0% and +11.0% [+2.6%, +19.4%], two seeds of 200 deals
(pooled about +8.0% [+2.1%, +13.9%]); even with it
on auction pitch (+0.0%, 600 deals), at its speed (docs/search-vs-montecarlo.md).
``strong`` (:mod:`pitchkit.bots.strong`) names that setting without ``boldness=-0.5``
since 2026-12-04: head to head those bids lost 45.2% on nine-card pitch, 10.3% on catch
five and 8.7% on partnership pitch (docs/search-strength.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.actions import ALONE, BID_BASE, SELECT_FLAG
from pitchkit.auction import forced_bid
from pitchkit.bots.auction_rolled import rolled_auction, rolling_bot
from pitchkit.bots.auction_search import AUCTION_WORLDS, auction_searchable, searched_auction
from pitchkit.bots.auction_table import AuctionTable, table_for
from pitchkit.bots.batch import (
    BatchScore,
    ThumbTables,
    WiseTables,
    bid_changes,
    game_tables,
    play_outs,
    thumb_tables,
    wise_tables,
)
from pitchkit.bots.bid_search import searchable, searched_bid
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.deal_rows import BidCheck, compile_deal
from pitchkit.bots.drawing import draw_action, worth
from pitchkit.bots.endgame import EndTables, Line, solve
from pitchkit.bots.heuristic import HeuristicBot, know
from pitchkit.bots.leaf import Leaf
from pitchkit.bots.montecarlo import MonteCarloBot
from pitchkit.bots.playout import careful_policy
from pitchkit.bots.quickscore import QuickScore
from pitchkit.bots.sequential import CONFIDENCE, compile_spread, settle
from pitchkit.bots.stage_choice import search_stage, search_stage_card
from pitchkit.bots.staged import choose_stage, stage_order, staged_setup
from pitchkit.bots.staged_draw import staged_worlds
from pitchkit.bots.value import Calibration
from pitchkit.bots.worlds import (
    Known,
    Sight,
    known,
    sample_rows,
    table_of,
)
from pitchkit.call import CallState, hand_teams
from pitchkit.cards import JOKER_MASK, SUIT_MASKS
from pitchkit.fold import seating
from pitchkit.memo import per_rule_set
from pitchkit.plan import rules_plan
from pitchkit.results import Observation, Phase
from pitchkit.scoring import scoring_plan
from pitchkit.tricks import (
    ANY_CARD,
    FOLLOW_OR_TRUMP,
    MUST_FOLLOW_THEN_TRUMP,
    TrumpTables,
)
from pitchkit.variant import Rules

#: What :attr:`SearchBot.at_trick` is called with at the end of a play-out's trick: the
#: tricks ended so far in the play-out, every seat's cards of the hand, the cards each
#: seat holds, captured and the tricks it won (the play-out's own lists: read, never
#: change), and the seat that took the trick. It returns the play-out's value, or None.
AtTrick = Callable[[int, Sequence[int], list[int], list[int], list[int], int], float | None]
#: The play-outs' card play (setting ``playout``): a rule of thumb, or the default bot's.
PLAYOUTS = ("thumb", "careful", "heuristic")
#: The lead that names trump (setting ``naming``): the calibrated bot's suit, its card
#: searched, or any card searched with its own suit as trump.
NAMINGS = ("suit", "any")
#: How the bids are made (``bidding``): the calibrated bot's, its points searched
#: (:mod:`pitchkit.bots.bid_search`), the whole auction searched
#: (:mod:`pitchkit.bots.auction_search`), or that search's choices learned as a table
#: (:mod:`pitchkit.bots.auction_table`)
BIDDINGS = ("calibrated", "search", "auction", "learned")
#: The draw (setting ``drawing``): the calibrated bot's learned ranking of the cards, or
#: the heuristic's (:func:`pitchkit.bots.drawing.draw_action`)
DRAWINGS = ("calibrated", "heuristic")
#: Draws of a world before settling for one where a bidder's hand is worth less than its
#: bid (the rest of what a world must agree with is never given up).
BID_TRIES = 3
#: Card plays of play-outs a hand at the whole table by default, shared by its seats:
#: ``work`` is this over the number of seats (about the same time a hand at any size).
TABLE_WORK = 10000
#: Cards played in a hand (every seat's hand when play begins) up to which the table has
#: all of :data:`TABLE_WORK`; a longer hand has that much less a card played, as each of
#: its decisions costs time of its own (about the same time a hand on every variant).
FULL_WORK_PLAYS = 24
#: Share of the work left for the hand that one decision may take.
SPEND = 2 / 3
#: Fewest worlds a decision is searched on: with fewer the calibrated bot's card stands.
MIN_WORLDS = 2
#: Worlds played out with every candidate before any is dropped; after each later one a
#: candidate far behind the best is dropped.
PRUNE_FROM = 2
#: How far behind the best (points a world so far) a candidate may be and stay in the
#: stage search (:mod:`pitchkit.bots.stage_choice`; the card search's is ``prune``).
PRUNE_GAP = 1.0
#: Tricks at the end of a play-out played exactly by default (setting ``exact``) where
#: the play-outs are batched.
EXACT_TRICKS = 0
#: Worlds a card decision of staged play is searched on by default (setting
#: ``staged_cards``; 8 measured +5.3% and +7.7% against none on the deals where 4 measured
#: +4.2% and +6.2%, at about 1.5 times the time; 16 +5.7% on the first).
STAGE_CARD_WORLDS = 4


@per_rule_set(64)
def trick_tables(rules: Rules) -> tuple[tuple[TrumpTables, tuple[tuple[int, ...], ...],
                                              tuple[float, ...], tuple[int, ...]], ...]:
    """Per trump suit: its trick tables, trick keys by suit led (pitchkit.plan),
    :func:`pitchkit.bots.drawing.worth` of every card (plus what it scores in combinations,
    under combination scoring), and the trumps strongest first
    (worked out once per rule set: hashing a rule set is not cheap)."""
    sets = rules_plan(rules).play.trump_sets
    # under combination scoring a card is worth holding by what it scores too
    k = know(rules)
    combo = k.combo_value if k.combinations else (0.0,) * 54
    out = []
    for trump in range(4):
        t = sets[trump][0]
        order = sorted((c for c in range(54) if t.trumps >> c & 1), key=lambda c: -t.power[c])
        out.append((t, sets[trump][2],
                    tuple(worth(rules, trump, c) + combo[c] for c in range(54)),
                    tuple(order)))
    return tuple(out)


@per_rule_set(64)
def point_cards(rules: Rules) -> tuple[int, ...]:
    """Per trump suit, the mask of cards worth points: a point item's card, game points,
    or (under combination scoring) a card that scores in combinations (worked out once
    per rule set)."""
    plan = scoring_plan(rules)
    game = plan.game_table
    k = know(rules)
    combo = k.combo_value if k.combinations else (0.0,) * 54
    return tuple(
        sum(1 << c for c in range(52) if game[1 << (c % 13)] or combo[c]
            or any(item.card_by_trump[trump] == c for item in plan.items))
        for trump in range(4))


@per_rule_set(64)
def batch_tables(rules: Rules, trump: int) -> tuple[ThumbTables, npt.NDArray[np.int64]]:
    """The batched play-outs' tables of one trump suit (:mod:`pitchkit.bots.batch`) and
    their scorer's game points (worked out once per rule set)."""
    play = rules_plan(rules).play
    tab = thumb_tables(trick_tables(rules)[trump], play.following, play.never_lead_joker,
                       play.trumps_only)
    return tab, game_tables(scoring_plan(rules), tab)


@per_rule_set(64)
def heuristic_tables(rules: Rules, trump: int) -> WiseTables:
    """The heuristic's card play's tables of one trump suit for the batched play-outs
    (``playout=heuristic``; worked out once per rule set)."""
    k = know(rules)
    return wise_tables(batch_tables(rules, trump)[0], k.play_tables[trump], k.cheap[trump],
                       k.deck, k.play_bonus, k.combinations)


@per_rule_set(64)
def end_tables(rules: Rules, trump: int) -> EndTables:
    """The exact play's tables of one trump suit (:mod:`pitchkit.bots.endgame`), from
    :func:`trick_tables`: cards tried least worth holding first, as the batched play-outs
    order them (worked out once per rule set)."""
    t, keys_by_led, cost, _ = trick_tables(rules)[trump]
    play = rules_plan(rules).play
    return EndTables(tables=t, keys_by_led=keys_by_led, following=play.following,
                     order=tuple(sorted(range(54), key=lambda c: (cost[c], c))),
                     never_lead_joker=play.never_lead_joker)


#: Per suit: the index of its two and the mask of its cards (plain-card leads).
SUIT_BASES = tuple((13 * s, SUIT_MASKS[s]) for s in range(4))


class SearchBot(CalibratedBot):
    """Calibrated bidding, determinized search in play; see the module docstring."""

    def __init__(self, rules: Rules, seat: int, rng: random.Random, samples: int = 16,
                 margin: float = 0.25, work: int | None = None, boldness: float = 0.0,
                 moon_samples: int = 0, playout: str = "thumb", leaf: int = 0,
                 prune: float | None = None, exact: int | None = None,
                 staged_cards: int = STAGE_CARD_WORLDS, step: int = 0,
                 confidence: float = CONFIDENCE, naming: str = "suit",
                 bidding: str = "calibrated", drawing: str = "calibrated",
                 model: Calibration | None = None) -> None:
        super().__init__(rules, seat, rng, boldness=boldness, moon_samples=moon_samples,
                         model=model)
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if step < 0 or step == 1:
            raise ValueError("step must be 0 (all of a decision's worlds at once) or 2 or "
                             "more (worlds a batch: a spread needs two)")
        if confidence <= 0:
            raise ValueError("confidence must be above 0 (standard errors)")
        if naming not in NAMINGS:
            raise ValueError(f"naming must be one of {', '.join(NAMINGS)}, not {naming!r}")
        if drawing not in DRAWINGS:
            raise ValueError(f"drawing must be one of {', '.join(DRAWINGS)}, not {drawing!r}")
        #: the draw is the heuristic's (``drawing=heuristic``), not the calibrated bot's
        self.heuristic_draw = drawing == "heuristic"
        #: worlds drawn and played a batch, a decision stopping once its choice is settled
        #: (pitchkit.bots.sequential; 0: all at once) where the play-outs are batched
        self.step = int(step)
        self.confidence = float(confidence)
        if staged_cards < 0:
            raise ValueError("staged_cards must be 0 (the calibrated bot's card) or more")
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, not {playout!r}")
        self.table = table_of(rules)
        if work is None:
            plays = self.table.hand_size * self.table.n
            work = TABLE_WORK * min(plays, FULL_WORK_PLAYS) // plays // self.table.n
        if work < 1:
            raise ValueError("work must be at least 1")
        self.samples = int(samples)
        self.work = int(work)
        self._work_left = 0
        self._work_hand: object = None
        #: play-outs of the last search (a candidate dropped plays no more worlds)
        self._played_out = 0
        self.margin = float(margin)
        self.trick_tables = trick_tables(rules)
        self.plan = scoring_plan(rules)
        self.sight = Sight()
        self._gen: np.random.Generator | None = None
        #: what the decision searched knows of the unseen cards, and its bid check (worked
        #: out once a decision)
        self._know: tuple[Observation | None, Known | None, BidCheck | None] = \
            (None, None, None)
        self._know_hand: object = None  # (the hand of the last decision's knowledge)
        self._judge = HeuristicBot(rules, seat, rng)  # judges the bids cheaply
        #: the worlds are checked against the bid (:meth:`_agrees`), but not with a called
        #: partner (``call.partner``): the pitcher bid for a side it chose after the
        #: auction, on its hand, the widow it would take and the cards it would call, so
        #: its hand in a world tells little of its bid. Call-partner pitch's pitchers bid 8
        #: to 10 on hands the judge puts at about 5 (5,769 decisions of 150 hands, the
        #: strong setting, 2026-12-03): the true deal agreed with the check at none of
        #: them, and the worlds kept were those drawn first that did not, after a draw of
        #: four times as many
        self._bid_checked = not rules.call.partner
        self._trick_obs: Observation | None = None
        self._trick: tuple[int, tuple[int, ...], int, int, int, int] = (-1, (), -1, -1, 0, 0)
        plan = rules_plan(rules)
        self._never_lead_joker = plan.play.never_lead_joker
        #: staged play (play.stages): its stage choice and its card play are searched
        #: (the card on ``staged_cards`` worlds), but not with trumps-only play (None)
        self._staged: bool | None = bool(rules.play.stages)
        if self._staged and self.table.trumps_only:
            self._staged = None
        self.staged_cards = int(staged_cards)
        #: per trump suit, the order a play-out chooses a stage's cards in
        self._stage_orders = [stage_order(rules, trump) for trump in range(4)] \
            if self._staged else []
        #: per trump suit: the cards worth points (an item, or game points)
        self._point_cards = point_cards(rules)
        #: play-outs play the default card play (pitchkit.bots.playout; playout=careful),
        #: never in staged or trumps-only play
        self._careful = (playout == "careful" and not self._staged
                         and not self.table.trumps_only)
        self._base_teams = plan.seats.team_of
        self._policies = [careful_policy(rules, trump) for trump in range(4)] \
            if self._careful else []
        #: play-outs cut at the end of the ``leaf``-th trick, the rest estimated
        #: (pitchkit.bots.leaf; 0: whole play-outs)
        self.leaf = Leaf(rules, leaf, self._careful) if leaf else None
        #: rule-of-thumb play-outs batched across worlds and candidates
        #: (pitchkit.bots.batch): not in staged play, nor cut by ``leaf``
        self._batched = not self._staged and not self._careful and self.leaf is None
        #: a candidate more than this many points a world behind the best is dropped
        #: (from the third world on; inf: none is, every candidate plays every world).
        #: By default none where the play-outs are batched (they are all played anyway),
        #: PRUNE_GAP where they are played one by one (dropping saves their time) and in
        #: trumps-only play (played one by one until batched: the same choices as then)
        if prune is None:
            prune = 0.0 if self._batched and not self.table.trumps_only else PRUNE_GAP
        if prune < 0:
            raise ValueError("prune must be 0 (no candidate dropped) or more")
        self.prune = float(prune) if prune > 0 else float("inf")
        #: the last ``exact`` tricks of a play-out played exactly (pitchkit.bots.endgame;
        #: 0: all by rule of thumb): only where the play-outs are batched, and not in
        #: trumps-only play (pitchkit.bots.endgame seats every seat in every trick)
        exactable = self._batched and not self.table.trumps_only
        if exact is None:
            exact = EXACT_TRICKS if exactable else 0
        if exact < 0 or exact == 1:
            raise ValueError("exact must be 0 (no trick played exactly) or 2 or more (the "
                             "last trick is forced: 1 would change nothing)")
        if exact and not exactable:
            raise ValueError("exact applies only to batched rule-of-thumb play-outs: not "
                             "with staged or trumps-only play, playout=careful or leaf")
        self.exact = int(exact)
        #: per trump suit, :func:`end_tables` (only where the play-outs are exact)
        self._end_tables = [end_tables(rules, trump) for trump in range(4)] \
            if self.exact else []
        #: every seat of a batched play-out plays the heuristic's card play
        #: (``playout=heuristic``; None: the rule of thumb), per trump suit its tables
        self._wise: list[WiseTables] | None = None
        if playout == "heuristic" and self._batched:
            if self.exact:
                raise ValueError("playout=heuristic is not played exactly (exact=0)")
            self._wise = [heuristic_tables(rules, trump) for trump in range(4)]
        if bidding not in BIDDINGS:
            raise ValueError(f"bidding must be one of {', '.join(BIDDINGS)}, not {bidding!r}")
        #: bids searched (pitchkit.bots.bid_search) where the rules allow it
        self.bid_searched = (bidding == "search" and self._batched
                             and searchable(rules))
        #: the whole auction searched (pitchkit.bots.auction_search) where the rules
        #: allow it
        self.auction_searched = (bidding == "auction" and self._batched
                                 and auction_searchable(rules))
        #: elsewhere, where there is an auction, its actions played out as ``montecarlo``
        #: plays them (pitchkit.bots.auction_rolled), by this bot
        self.auction_roller: MonteCarloBot | None = None
        if bidding == "auction" and not self.auction_searched and rules.has_auction:
            self.auction_roller = rolling_bot(self)
        #: (the searched auction's) where a list, every decision it searched, as
        #: (observation, legal actions, each action's mean worth): what
        #: pitchkit.bots.auction_table learns from
        self.auction_seen: list[tuple[Observation, list[int], dict[int, float]]] | None = None
        #: the auction's choices, searched or played out, as a table
        #: (pitchkit.bots.auction_table), where learned (``bidding=learned``)
        self.auction_table: AuctionTable | None = None
        if bidding == "learned" and rules.has_auction and self.model is not None:
            self.auction_table = table_for(rules, self.model)
        #: (the searched auction's) per trump, the cards strongest first
        self.power_orders: dict[int, list[int]] = {}
        #: the lead that names trump searched in every suit (``naming=any``), where the
        #: play-outs are batched, not in trumps-only play (else the calibrated bot's
        #: suit, its card searched)
        self.naming_any = naming == "any" and self._batched and not self.table.trumps_only
        #: per seat, the play-outs' scorer of the decision as that seat values a hand
        self._seat_quick: tuple[Observation | None, list[QuickScore]] = (None, [])
        #: per trump suit, :func:`batch_tables` (shared by every bot of the rule set)
        self._batch_tables = [batch_tables(rules, trump) for trump in range(4)] \
            if self._batched else []
        compile_deal()  # the worlds' deal compiled before the first decision
        if self.step:
            compile_spread()  # and the sums that settle a decision in steps
        #: the batched scorer's score changes by bid, for (pitcher, bid) (worked out once)
        self._bid_key: tuple[object, ...] | None = None
        self._bid_change: Any = None
        #: the decision batched: its cards played by seat (an array) and its batches' scorer
        self._scored: tuple[Observation | None, Any, Any] = (None, None, None)
        self._view_obs: Observation | None = None
        #: the seating of the decision searched (:meth:`seating_of`)
        self._seating_obs: Observation | None = None
        self._seating: tuple[Sequence[int], int] = (self.table.next_seat, self.table.n)
        self._view: tuple[int, list[int]] = (0, [])
        #: called at the end of each trick of a rule-of-thumb play-out (None: never): a
        #: value ends the play-out with it (:mod:`pitchkit.bots.leaf`), None plays on
        self.at_trick: AtTrick | None = None
        self._quick: tuple[Observation, QuickScore] | None = None
        #: the last scorer made and what it was made of (:meth:`quick_score`)
        self._quick_key: tuple[object, QuickScore | None] = (None, None)

    def choose(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        self.sight.see(observation)
        usual = super().choose(observation, legal_actions)
        if observation.phase is Phase.AUCTION and self.bid_searched:
            return searched_bid(self, observation, legal_actions, usual, self.samples)
        if observation.phase is Phase.AUCTION and self.auction_searched:
            return searched_auction(self, observation, legal_actions, usual,
                                    min(self.samples, AUCTION_WORLDS))
        if observation.phase is Phase.AUCTION and self.auction_roller is not None:
            return rolled_auction(self, self.auction_roller, observation, legal_actions,
                                  usual)
        if observation.phase is Phase.AUCTION and self.auction_table is not None:
            return self.auction_table.action(self, observation, legal_actions, usual)
        if observation.phase is Phase.SELECT and self._staged \
                and observation.trump is not None:
            return SELECT_FLAG | search_stage(self, observation, usual & ~SELECT_FLAG)
        if (observation.phase is not Phase.PLAY or len(legal_actions) < 2
                or self._staged is None):
            return usual
        if self._staged:
            # staged play: the card searched in staged worlds, the calibrated bot's with none
            if observation.trump is None or not self.staged_cards:
                return usual
            return search_stage_card(self, observation, legal_actions, usual,
                                     self.staged_cards)
        if observation.trump is None:
            # the lead that names trump: the calibrated bot's suit stands, which of its
            # cards to lead is searched with that suit trump (a card of another suit names
            # another trump: searched so, it measured weaker), unless naming=any
            if observation.played or not 0 <= usual < 52:
                return usual  # a joker led blind names no suit
            if self.naming_any:
                return self.search_naming(observation, legal_actions, usual)
            suit = usual // 13
            legal_actions = [c for c in legal_actions if 0 <= c < 52 and c // 13 == suit]
            observation = observation._replace(trump=suit)
        candidates = self.candidates(observation, legal_actions)
        if len(candidates) < 2:
            return usual
        if usual not in candidates:
            candidates.append(usual)
        count = self.affordable(observation, len(candidates))
        if count < MIN_WORLDS:
            return usual
        if self.step and self._batched and count > self.step:
            choice = self.search_in_steps(observation, candidates, usual, count)
            self._work_left -= self._played_out * self.playout_plays(observation)
            return choice
        # (the batched play-outs read the worlds as an array's rows)
        worlds = self.world_rows(observation, count) if self._batched \
            else self.worlds(observation, count)
        if len(worlds) < MIN_WORLDS:
            return usual
        totals = self.search(observation, worlds, candidates)
        self._work_left -= self._played_out * self.playout_plays(observation)
        return self.chosen(totals, usual, len(worlds))

    def draw(self, obs: Observation) -> int:
        """The draw, trump known: the calibrated bot's, or with ``drawing=heuristic`` the
        heuristic's (see the module)."""
        if self.heuristic_draw:
            return draw_action(self.rules, obs)
        return super().draw(obs)

    def search_naming(self, obs: Observation, legal: Sequence[int], usual: int) -> int:
        """The lead that names trump with ``naming=any``: every legal card of a suit
        (one of each run of interchangeable ones) played out with its own suit as trump,
        on the same worlds (drawn once: nothing the worlds agree with yet depends on
        trump), all at once; the calibrated bot's card unless another is better by
        ``margin`` points a world (:meth:`chosen`)."""
        mine = obs._replace(trump=usual // 13)
        by_suit: list[tuple[Observation, list[int]]] = []
        for suit in range(4):
            cards = [c for c in legal if 0 <= c < 52 and c // 13 == suit]
            if not cards:
                continue
            named = mine if suit == usual // 13 else obs._replace(trump=suit)
            candidates = self.candidates(named, cards)
            if named is mine and usual not in candidates:
                candidates.append(usual)
            by_suit.append((named, candidates))
        count = sum(len(c) for _, c in by_suit)
        if count < 2:
            return usual
        worlds_wanted = self.affordable(mine, count)
        if worlds_wanted < MIN_WORLDS:
            return usual
        worlds = self.world_rows(mine, worlds_wanted)
        if len(worlds) < MIN_WORLDS:
            return usual
        totals: dict[int, float] = {}
        for named, candidates in by_suit:
            values = self.batch_values(named, worlds, candidates).tolist()
            width = len(candidates)
            for j, card in enumerate(candidates):
                total = 0.0
                for value in values[j::width]:
                    total += value
                totals[card] = total
        self._work_left -= count * len(worlds) * self.playout_plays(mine)
        return self.chosen(totals, usual, len(worlds))

    def search_in_steps(self, obs: Observation, candidates: list[int], usual: int,
                        count: int) -> int:
        """The choice of a decision searched on ``step`` worlds first, then (if the choice
        is not settled by :func:`pitchkit.bots.sequential.settle`) on the rest up to
        ``count`` with the rivals not yet settled (:attr:`_played_out`: the play-outs
        played)."""
        self._played_out = 0
        alive = list(candidates)
        parts: list[npt.NDArray[np.float64]] = []  # per batch, its values (alive's)
        seen = lead = 0
        while seen < count:
            worlds = self.world_rows(obs, count - seen if seen else self.step)
            if not len(worlds):
                break
            values = self.batch_values(obs, worlds, alive).reshape(len(worlds), len(alive))
            self._played_out += values.size
            parts.append(values)
            seen += len(worlds)
            mine = alive.index(usual)
            lead, open_ = settle(np.concatenate(parts), mine, self.margin, self.confidence)
            if not open_ and seen >= MIN_WORLDS:
                break
            # the rivals settled play no more worlds
            keep = sorted({lead, mine, *open_})
            if len(keep) < len(alive):
                alive = [alive[j] for j in keep]
                parts = [part[:, keep] for part in parts]
                lead = keep.index(lead)
        return alive[lead] if seen >= MIN_WORLDS else usual

    def chosen(self, totals: dict[int, float], usual: int, worlds: int) -> int:
        """The choice of a search: the candidate of the largest total over ``worlds``
        worlds, where it beats the calibrated bot's ``usual`` by more than ``margin``
        points a world; else ``usual`` (a tie to ``usual``)."""
        best = max(totals, key=lambda c: (totals[c], c == usual))
        if totals[best] - totals[usual] > self.margin * worlds:
            return best
        return usual

    def plays_left(self, obs: Observation) -> int:
        """Cards still to be played this hand, about (every seat holding as many as I do,
        less the plays to the trick under way): the length of a play-out."""
        return obs.hand.bit_count() * self.table.n - len(obs.trick)

    def playout_plays(self, obs: Observation) -> int:
        """What one play-out of this decision costs, in card plays (the budget's unit):
        :meth:`plays_left`, or to the horizon of ``leaf`` and its estimate."""
        whole = self.plays_left(obs)
        return whole if self.leaf is None else self.leaf.plays(self, obs, whole)

    def affordable(self, obs: Observation, candidates: int) -> int:
        """Worlds this decision may search: at most ``samples``, and play-outs of at most
        :data:`SPEND` of the card plays of ``work`` left for the hand."""
        if self._work_hand is not self.sight.hand:
            self._work_hand = self.sight.hand
            self._work_left = self.work
        cost = candidates * self.playout_plays(obs)
        return min(self.samples, int(self._work_left * SPEND) // cost) if cost else 0

    # ------------------------------------------------------------------ candidates

    def candidates(self, obs: Observation, legal: Sequence[int]) -> list[int]:
        """The legal cards, one of each run of interchangeable ones.

        Two cards of one suit are interchangeable when no card between them in power is
        still out of sight, and neither is a trump, worth points or game points.
        """
        assert obs.trump is not None
        t = self.trick_tables[obs.trump][0]
        power, eff = t.power, t.effective_suit
        # trumps, point cards (items and game points) are never interchangeable
        special = t.trumps | self._point_cards[obs.trump]
        live = self.table.deck & ~obs.hand & ~obs.reserve
        for _, card in obs.played:
            live &= ~(1 << card)
        out: list[int] = []
        by_suit: dict[int, list[int]] = {}
        for card in dict.fromkeys(legal):
            if card < 52 and not special >> card & 1:
                by_suit.setdefault(eff[card], []).append(card)
            else:
                out.append(card)
        plain_live = live & ~t.trumps
        for cards in by_suit.values():
            # plain cards of one suit: power is the rank, so the cards between two in
            # power are the bits between them
            cards.sort(key=lambda c: power[c])
            out.append(cards[0])
            for lower, higher in pairwise(cards):
                if plain_live & ((1 << higher) - (2 << lower)):
                    out.append(higher)
        return out

    # ------------------------------------------------------------------ worlds

    def worlds(self, obs: Observation, want: int) -> list[list[int]]:
        """``want`` worlds of ``obs``, drawn afresh at each decision, at once
        (:func:`pitchkit.bots.worlds.sample_worlds`: those where the pitcher's hand is
        worth its bid first): :meth:`world_rows` as lists."""
        worlds: list[list[int]] = self.world_rows(obs, want).tolist()
        return worlds

    def world_rows(self, obs: Observation, want: int) -> npt.NDArray[np.uint64]:
        """:meth:`worlds` as the rows of an array (:func:`pitchkit.bots.worlds.sample_rows`),
        as the batched play-outs read them."""
        if self._know[0] is not obs:
            last = self._know[1]
            know = known(self.table, obs, self.sight)
            # (what the decision knows and its bid check, made once a decision)
            self._know = (obs, know, None if know is None else self._agrees(obs, know))
            if know is not None and last is not None and self._know_hand is self.sight.hand:
                # how many of the hand's worlds drawn so far agreed with the bid: the draw
                # reads about as many at once (which changes no world drawn)
                know.drawn = last.drawn
            self._know_hand = self.sight.hand
        _, know, agrees = self._know
        if know is None:
            return np.zeros((0, self.table.n), np.uint64)
        if self._gen is None:
            # numpy's generator for the worlds, seeded from the bot's own
            self._gen = np.random.default_rng(self.rng.getrandbits(64))
        return sample_rows(know, self.seat, obs.hand, want, self.rng, self._gen, agrees,
                           tries=BID_TRIES)

    def staged_worlds(self, obs: Observation, want: int) -> list[list[int]]:
        """Up to ``want`` worlds of a staged hand (:mod:`pitchkit.bots.staged`), each drawn
        afresh."""
        return staged_worlds(staged_setup(self.table, obs, self.sight.held), self.table.n,
                             want, self.rng)

    def _agrees(self, obs: Observation, know: Known) -> BidCheck | None:
        """A test that the pitcher holds a hand worth about its bid (by the heuristic's
        estimate: a tenth of the calibrated one's cost; a draw's worlds checked at once,
        compiled: :class:`pitchkit.bots.deal_rows.BidCheck`); None where there is no bid
        to check, a called partner (:attr:`_bid_checked`), or the dealer's forced bid
        (:func:`pitchkit.auction.forced_bid`: a hand worth no more, not one worth it)."""
        pitcher, bid, trump = obs.pitcher, obs.bid, obs.trump
        if (pitcher is None or pitcher == obs.seat or type(bid) is not int or trump is None
                or not self._bid_checked or self._forced(obs)):
            return None
        played = 0
        for s, c in obs.played:
            if s == pitcher:
                played |= 1 << c
        return BidCheck(self._judge, pitcher, played, bid, trump)

    def _forced(self, obs: Observation) -> bool:
        """Whether the pitcher's bid in ``obs`` was the dealer's forced bid."""
        made = BID_BASE + obs.bid if type(obs.bid) is int else -1
        for index in range(len(obs.bids) - 1, -1, -1):
            if obs.bids[index] == (obs.pitcher, made):
                return forced_bid(rules_plan(self.rules), obs.dealer, obs.bids, index)
        return False

    # ------------------------------------------------------------------ search

    def search(self, obs: Observation, worlds: Sequence[Sequence[int]] | npt.NDArray[np.uint64],
               candidates: list[int]) -> dict[int, float]:
        """Total value of each candidate over the worlds (pruned ones get -inf)."""
        if self._batched:
            # every decision, however few its play-outs (at least 4: two worlds of two
            # candidates): the same decisions timed both ways
            # (benchmarks/bench_batch_paired.py, 300 hands, 2026-12-03), those of fewer
            # than 8 played one by one (as until then) took 1.29x the search's time in
            # call-partner pitch, 1.05x in nine-card pitch, 1.01x in auction pitch
            return self.search_batched(obs, worlds, candidates)
        totals = dict.fromkeys(candidates, 0.0)
        alive = list(candidates)
        n = self.table.n
        played_by = [0] * n
        for s, c in obs.played:
            played_by[s] |= 1 << c
        self._played_out = 0
        quick = self.quick_score(obs)
        if self.leaf is not None:
            self.at_trick = self.leaf.stopper(self, obs, quick)
        for i, world in enumerate(worlds):
            if self.drop_behind(totals, alive, i, self.prune):
                break  # the rest cannot change the choice
            dealt = [world[s] | played_by[s] for s in range(n)]  # every seat's of the hand
            self._played_out += len(alive)
            for card in alive:
                totals[card] += self.play_card_out(obs, world, dealt, card, quick)
        return totals

    @staticmethod
    def drop_behind(totals: dict[Any, float], alive: list[Any], seen: int,
                    gap: float = PRUNE_GAP) -> bool:
        """Before the world after ``seen`` worlds (from :data:`PRUNE_FROM` on): drop from
        ``alive`` each candidate more than ``gap`` points a world behind the best so far
        (:data:`PRUNE_GAP`: the stage search's), its total made -inf. True when one is
        left: the rest cannot change the choice."""
        if seen < PRUNE_FROM:
            return False
        top = max(totals[c] for c in alive)
        for c in list(alive):
            if totals[c] < top - gap * seen:
                alive.remove(c)
                totals[c] = float("-inf")
        return len(alive) == 1

    def search_batched(self, obs: Observation,
                       worlds: Sequence[Sequence[int]] | npt.NDArray[np.uint64],
                       candidates: list[int]) -> dict[int, float]:
        """:meth:`search` with every play-out of the decision played at once
        (:mod:`pitchkit.bots.batch`), then the candidates dropped as the worlds come: the
        same totals and charge as playing them out world by world."""
        values = self.batch_values(obs, worlds, candidates).tolist()
        count = len(candidates)
        totals = dict.fromkeys(candidates, 0.0)
        if self.prune == float("inf") and count > 1:
            # none dropped: every candidate's values added up world by world (in the order
            # the loop below adds them)
            for j, card in enumerate(candidates):
                total = 0.0
                for value in values[j::count]:
                    total += value
                totals[card] = total
            self._played_out = count * len(worlds)
            return totals
        alive = list(range(count))
        self._played_out = 0
        for i in range(len(worlds)):
            if i >= PRUNE_FROM:
                top = max(totals[candidates[j]] for j in alive)
                for j in list(alive):
                    if totals[candidates[j]] < top - self.prune * i:
                        alive.remove(j)
                        totals[candidates[j]] = float("-inf")
                if len(alive) == 1:
                    break  # the rest cannot change the choice
            self._played_out += len(alive)
            row = i * count
            for j in alive:
                totals[candidates[j]] += values[row + j]
        return totals

    def batch_values(self, obs: Observation,
                     worlds: Sequence[Sequence[int]] | npt.NDArray[np.uint64],
                     candidates: list[int]) -> npt.NDArray[np.float64]:
        """Every candidate played out in every world at once (:mod:`pitchkit.bots.batch`):
        the values to me, world by world (a world's candidates in a row)."""
        trump = obs.trump
        assert trump is not None
        tab, game_points = self._batch_tables[trump]
        scored = self._scored
        if scored[0] is not obs:
            # (the cards played and the scorer: the same in every batch of a decision)
            played_by = [0] * self.table.n
            for s, c in obs.played:
                played_by[s] |= 1 << c
            quick = self.quick_score(obs)
            key = (quick.pitcher, quick.bid)
            if self._bid_key != key:
                self._bid_key, self._bid_change = key, bid_changes(quick)
            # (the games' ends by outcome: batch.game_ends, shared by every seat's search)
            score = BatchScore(quick, tab, game_points, self._bid_change, None,
                               # (every seat's own scorer only where rows are valued one
                               # by one: else every seat's value comes of the score changes)
                               self.seat_scores(obs, quick) if self.exact and not quick.quick
                               else ())
            scored = self._scored = (obs, np.array(played_by, np.uint64), score)
        nxt, size = self.seating_of(obs)
        batch = play_outs(tab, worlds, candidates, obs.seat, obs.trick, obs.captured,
                          obs.tricks_won, obs.team_of, nxt, size, exact=self.exact,
                          wise=None if self._wise is None else self._wise[trump])
        assert batch.worlds is not None
        dealt = batch.worlds | scored[1]  # every seat's of the hand
        return scored[2].values(batch, dealt, len(candidates))

    def seating_of(self, obs: Observation) -> tuple[Sequence[int], int]:
        """The seat after each and the seats that play, this hand: all of them, but the
        pitcher's partners when it went alone (``auction.alone``: they hold no card);
        worked out once a decision."""
        if self._seating_obs is obs:
            return self._seating
        n = self.table.n
        pitcher = obs.pitcher
        self._seating_obs = obs
        self._seating = (self.table.next_seat, n)
        if pitcher is not None and not self._staged and any(a == ALONE for _, a in obs.bids):
            side = obs.team_of[pitcher]
            hands = [int(s == pitcher or obs.team_of[s] != side) for s in range(n)]
            fold = seating(hands, self.table.next_seat, pitcher)
            self._seating = (fold.next_seat, fold.size)
        return self._seating

    def quick_score(self, obs: Observation) -> QuickScore:
        """The play-outs' scorer for this decision (:mod:`pitchkit.bots.quickscore`),
        made once a decision."""
        if self._quick is not None and self._quick[0] is obs:
            return self._quick[1]
        # the same scorer while what it reads stays the same (all hand, but where a
        # called partner shows itself): its set-up is not cheap
        key = (obs.trump, obs.dealer, obs.team_of, obs.pitcher, obs.bid, obs.scores,
               obs.seat)
        made_of, quick = self._quick_key
        if quick is None or made_of != key:
            quick = self.new_quick_score(obs)
            self._quick_key = (key, quick)
        self._quick = (obs, quick)
        return quick

    def new_quick_score(self, obs: Observation, seat: int | None = None) -> QuickScore:
        """A new scorer for the play-outs of ``obs``, valuing a hand as ``seat`` does
        (by default mine)."""
        trump = obs.trump
        assert trump is not None
        bid = obs.bid
        moon = bid == "moon"
        return QuickScore(self.rules, self.plan, trump, obs.dealer, obs.team_of, obs.pitcher,
                          None if moon or bid is None else int(bid), moon, obs.scores,
                          obs.seat if seat is None else seat)

    def seat_scores(self, obs: Observation, quick: QuickScore) -> list[QuickScore]:
        """Per seat, the play-outs' scorer of ``obs`` as that seat values a hand (mine:
        ``quick``), for the exact play (made once a decision)."""
        if self._seat_quick[0] is not obs:
            self._seat_quick = (obs, [self.new_quick_score(obs, s)
                                      for s in range(self.table.n)])
        scores = list(self._seat_quick[1])
        scores[obs.seat] = quick
        return scores

    def play_exactly(self, obs: Observation, dealt: Sequence[int], quick: QuickScore,
                     hands: list[int], seat: int, count: int, led: int, win_seat: int,
                     win_key: int, trick_mask: int, captured: list[int],
                     tricks_won: list[int], last: int) -> Line:
        """The rest of a play-out played exactly (:func:`pitchkit.bots.endgame.solve`):
        the end of its line, every seat's values first."""
        assert obs.trump is not None
        scores = self.seat_scores(obs, quick)

        def judge(taken: list[int], wins: list[int], last: int) -> list[float]:
            return [score.value(dealt, taken, wins, last) for score in scores]

        nxt, size = self.seating_of(obs)
        return solve(self._end_tables[obs.trump], judge, nxt, size, hands, seat, count,
                     led, win_seat, win_key, trick_mask, captured, tricks_won, last)

    def public_view(self, obs: Observation) -> tuple[int, list[int]]:
        """The cards played this hand and every seat's voids (as the default card play
        reads them), worked out once a decision."""
        if self._view_obs is not obs:
            assert obs.trump is not None
            played = 0
            for _, c in obs.played:
                played |= 1 << c
            self._view = (played, self.voids(obs, self.table.tables[obs.trump]))
            self._view_obs = obs
        return self._view

    def sides_in(self, obs: Observation, dealt: Sequence[int]
                 ) -> tuple[int, int, Sequence[int]]:
        """With a called partner: the seat holding the called card in this world, the
        card, and the sides of the hand with it (else -1, -1 and the seats' sides)."""
        called, pitcher = obs.called, obs.pitcher
        if called is None or pitcher is None:
            return -1, -1, self._base_teams
        for s, cards in enumerate(dealt):
            if s != pitcher and cards >> called & 1:
                return s, called, hand_teams(self._base_teams, pitcher, CallState(called, s))
        return -1, -1, self._base_teams

    def trick_so_far(self, obs: Observation) -> tuple[int, tuple[int, ...], int, int, int, int]:
        """The trick under way, as a play-out starts from it: the suit led, the trick
        keys, the seat winning and its key, the cards played and how many (the same for
        every play-out of a decision: worked out once)."""
        if self._trick_obs is obs:
            return self._trick
        trump = obs.trump
        assert trump is not None
        t, keys_by_led = self.trick_tables[trump][:2]
        trick = obs.trick
        if trick:
            led = t.effective_suit[trick[0][1]]
            keys = keys_by_led[led]
            win_seat, win_key = trick[0][0], keys[trick[0][1]]
            trick_mask = 0
            for s, c in trick:
                trick_mask |= 1 << c
                if keys[c] > win_key:
                    win_seat, win_key = s, keys[c]
            count = len(trick)
        else:
            led = -1
            keys = keys_by_led[0]
            win_seat = win_key = -1
            trick_mask = count = 0
        self._trick_obs = obs
        self._trick = (led, keys, win_seat, win_key, trick_mask, count)
        return self._trick

    def play_card_out(self, obs: Observation, world: Sequence[int], dealt: Sequence[int],
                      card: int, quick: QuickScore, trace: list[int] | None = None) -> float:
        """Play ``card`` in ``world``, finish the hand by rule of thumb (or as every seat's
        default card play would: ``playout=careful``); its value to me. ``trace`` (rule of
        thumb only) gets every card played by it, in order (not those played exactly:
        ``exact``)."""
        trump = obs.trump
        assert trump is not None
        if self._careful:
            played, voids = self.public_view(obs)
            hands = list(world)
            captured = list(obs.captured)
            tricks_won = list(obs.tricks_won)
            partner, called, sides = self.sides_in(obs, dealt)
            last = self._policies[trump].play_out(
                hands, obs.seat, card, list(obs.trick), played, list(voids), captured,
                tricks_won, self._base_teams, not obs.played, partner, called, sides)
            return quick.value(dealt, captured, tricks_won, last)
        rules = self.rules
        t, keys_by_led, cost, trump_order = self.trick_tables[trump]
        eff, trumps, masks = t.effective_suit, t.trumps, t.suit_masks
        following = self.table.following
        play_next = self.table.next_seat
        team = obs.team_of
        nxt, size = self.seating_of(obs)
        staged = self._staged
        if staged:
            hands, reserves = list(world[:size]), list(world[size:])
            later = rules.play.stages[obs.stage + 1:]
            order = self._stage_orders[trump]
        else:
            hands = list(world)
        captured = list(obs.captured)
        tricks_won = list(obs.tricks_won)
        trick = obs.trick
        trumps_only = self.table.trumps_only
        led, keys, win_seat, win_key, trick_mask, count = self.trick_so_far(obs)
        at_trick = self.at_trick
        tricks = 0
        if trumps_only:
            at_start = list(hands)
            for s, c in trick:
                at_start[s] |= 1 << c
            leader = trick[0][0] if trick else obs.seat
            fold = seating(at_start, play_next, leader)
            nxt, size = fold.next_seat, fold.size
        first_lead = not obs.played and rules.play.first_lead_must_be_trump
        never_joker = self._never_lead_joker
        seat = obs.seat
        last = -1
        # the last tricks played exactly from the first card after mine at which no more
        # cards than theirs are left (0: never)
        exact_left = self.exact * size
        while True:
            bit = 1 << card
            hands[seat] ^= bit
            if trace is not None:
                trace.append(card)
            if count:
                key = keys[card]
                if key > win_key:
                    win_seat, win_key = seat, key
                trick_mask |= bit
            else:
                led = eff[card]
                keys = keys_by_led[led]
                win_seat, win_key = seat, keys[card]
                trick_mask = bit
                first_lead = False
            count += 1
            if count == size:
                captured[win_seat] |= trick_mask
                tricks_won[win_seat] += 1
                last = win_seat
                count = 0
                if at_trick is not None:
                    tricks += 1
                    stop = at_trick(tricks, dealt, hands, captured, tricks_won, win_seat)
                    if stop is not None:
                        return stop
                if trumps_only:
                    fold = seating(hands, play_next, win_seat)
                    if fold.leader < 0:
                        break
                    nxt, size, seat = fold.next_seat, fold.size, fold.leader
                elif not hands[win_seat]:
                    if not staged or not later or not reserves[win_seat]:
                        break  # rule: cards left after the last stage take no part
                    # the next stage: every seat chooses its cards; the winner leads on
                    pick = min(later[0], reserves[win_seat].bit_count())
                    later = later[1:]
                    for s in range(size):
                        chosen = choose_stage(reserves[s], pick, order)
                        hands[s] = chosen
                        reserves[s] ^= chosen
                    seat = win_seat
                else:
                    seat = win_seat
            else:
                seat = nxt[seat]
            hand = hands[seat]
            if exact_left and sum(h.bit_count() for h in hands) <= exact_left:
                return self.play_exactly(obs, dealt, quick, hands, seat, count, led,
                                         win_seat, win_key, trick_mask, captured,
                                         tricks_won, last)[0][obs.seat]
            if not count:
                # lead: the strongest card (FASTER COPY of stage_choice.thumb_lead)
                legal = hand
                if first_lead:
                    legal = (hand & trumps) or hand
                if never_joker:
                    legal = (legal & ~JOKER_MASK) or legal
                held = legal & trumps
                if held:
                    for card in trump_order:  # strongest first
                        if held >> card & 1:
                            break
                else:
                    # plain cards: power is the rank; the highest, the first suit on a tie
                    card = best = -1
                    for base, suit_mask in SUIT_BASES:
                        cards = legal & suit_mask
                        if cards:
                            top = cards.bit_length() - 1
                            if top - base > best:
                                card, best = top, top - base
                continue
            if following == ANY_CARD:
                legal = hand
            else:
                follow = hand & masks[led]
                if following == FOLLOW_OR_TRUMP:
                    legal = (follow | (hand & trumps)) if follow else hand
                elif follow:
                    legal = follow
                elif following == MUST_FOLLOW_THEN_TRUMP:
                    legal = (hand & trumps) or hand
                else:
                    legal = hand
            # follow: take an opponent's trick as cheaply as may be, else throw the card
            # least worth holding
            if not legal & (legal - 1):
                card = legal.bit_length() - 1  # one card to play
                continue
            card = throw = -1
            take_cost = throw_cost = 1e9
            if team[win_seat] != team[seat]:
                while legal:
                    low = legal & -legal
                    c = low.bit_length() - 1
                    worth_c = cost[c]
                    if worth_c < take_cost and keys[c] > win_key:
                        card, take_cost = c, worth_c
                    if worth_c < throw_cost:
                        throw, throw_cost = c, worth_c
                    legal ^= low
                if card < 0:
                    card = throw
            else:
                while legal:
                    low = legal & -legal
                    c = low.bit_length() - 1
                    if cost[c] < throw_cost:
                        card, throw_cost = c, cost[c]
                    legal ^= low
        return quick.value(dealt, captured, tricks_won, last)
