"""The search bot's auction searched whole (``bidding=auction``): passing valued on the
same worlds as bidding.

At each of its auction decisions the bot draws worlds of the cards it has not seen that
agree with the bids made so far (:func:`auction_worlds`: each other seat that bid holds a
hand the heuristic's estimate puts near its bid, as ``montecarlo`` reads the bids), and
for every action it may take (pass, each bid; the eldest's sale or refusal) plays the
rest of the auction in every world: the seats after it bidding as the calibrated bot
bids with the hand that world gives them, by the variant's own auction
(:func:`pitchkit.auction.step`). The contract each world ends in is then played out, on
the batched play-outs of the card search: its pitcher names its best suit trump and leads
(the bot's own first lead where it pitches, :func:`pitchkit.bots.bid_search.first_lead`;
another pitcher its strongest trump), every seat playing as the play-outs play; each
play-out is valued as the card search values a hand (the variant's scoring with the
scores as they stand: a hand that ends the game counts it), with a sale's price to its
seller. The action of the best mean replaces the calibrated bot's own where it is better
by more than :data:`AUCTION_MARGIN` points a world. The moon stays the calibrated bot's
(a moon it bids is not searched, nor offered), as does pitching a card to bid.

So passing is valued on the hand itself too (what it takes as a defender against the
contract the others would make), where the calibrated bot's passing is what passes of
such hands realised in its self-play. Only where the bids may be searched at all
(:func:`pitchkit.bots.bid_search.searchable`: the pitcher leads, nothing between the
auction and play) and every seat bids once (``auction.style`` one round or sell);
elsewhere the calibrated bot's bid stands.

Measured against ``strong`` (its calibrated bids), 300 deals each, 2026-12-04: catch five
+22.0%, ten-point pitch +26.0% (100 deals), smear +11.0%, commercial +11.0% and +7.0%,
joker +3.0%, partnership +2.3%, auction pitch +0.0%; against ``montecarlo``, commercial
even (+2.2% over 600 deals, where ``strong`` is behind), smear +7.8% [+1.4%, +14.1%]
(400 deals, where ``strong`` is even). It takes
3 to 4.5 times ``strong``'s time, so it is a setting, not ``strong``'s default
(docs/search-vs-montecarlo.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from pitchkit.actions import BID_BASE, MAX_BID, MOON, PASS, REFUSE, SELL
from pitchkit.auction import ENDED, ILLEGAL, AuctionState, auction_actions, step
from pitchkit.bots.batch import BatchScore, bid_changes, led_play_outs, play_outs
from pitchkit.bots.bid_reading import bids_read, hand_agrees
from pitchkit.bots.bid_search import MIN_BID_WORLDS, first_lead, hand_start, searchable
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.montecarlo import side_value
from pitchkit.plan import rules_plan
from pitchkit.results import Observation
from pitchkit.variant import Rules

if TYPE_CHECKING:
    from pitchkit.bots.search import SearchBot

#: Worlds an auction decision is searched on (at most; fewer where the bot's
#: ``samples`` are fewer).
AUCTION_WORLDS = 64
#: How much better (points a world) another action must be than the calibrated bot's.
AUCTION_MARGIN = 0.1
#: Worlds drawn for each one kept: those that agree with the bids first.
DRAWN_PER_WORLD = 3


def auction_searchable(rules: Rules) -> bool:
    """Whether the whole auction may be searched under ``rules`` (see the module)."""
    auction = rules_plan(rules).auction
    return searchable(rules) and auction.style_one_round


def _no_leads(seat: int) -> int:
    return 0  # a seat of a searched auction never pitches a card to bid


def auction_worlds(bot: SearchBot, obs: Observation, suit: int, want: int
                   ) -> np.ndarray:
    """Up to ``want`` worlds of the auction ``obs`` (every seat's hand, mine the one I
    hold; a row a world): drawn as the card search draws them with ``suit`` trump, those
    where every other seat that bid (but a forced dealer) holds a hand the heuristic's
    estimate puts no more than a point under its bid first."""
    me = obs.seat
    drawn = bot.world_rows(hand_start(obs, me, suit, 1), want * DRAWN_PER_WORLD)
    bidders = bids_read(rules_plan(bot.rules), obs.dealer, obs.bids, me)
    if not bidders:
        return drawn[:want]
    judge = bot._judge
    good: list[int] = []
    bad: list[int] = []
    for row, world in enumerate(drawn.tolist()):
        if all(hand_agrees(judge, world[seat], bid, None) for seat, bid in bidders):
            good.append(row)
            if len(good) == want:
                break
        elif len(bad) < want:
            bad.append(row)
    return drawn[(good + bad)[:want]]


#: A node of the auction's tree: the bids so far, as the auction keeps them.
Node = tuple[tuple[int, int], ...]
#: A node's entry: its bids, its record, the seat to act next (or ENDED) and its actions.
Entry = tuple[Node, AuctionState, int, list[int]]


class AuctionTree:
    """The auction of one hand from its first bid, for every world at once and every seat
    searching it: each node (the bids so far) expanded once by the variant's own auction
    (:func:`pitchkit.auction.step`), and each seat's answer at a node asked of the
    calibrated bot once for every hand it would answer alike (:meth:`reads`: the hand's
    band of the calibrated estimate, which is all its bid and its sale read of the hand,
    but where every point wins the game outright and it reads the hand for a sweep).
    Most worlds then walk the tree by lookups of small keys, a node named by its number
    (tests/test_search_auction.py: the same answers as asking every time).

    An answer reads the rules, the calibration, the node, the hand's read and of the
    observation only the scores, sides and dealer (the same for every seat of a hand), so
    the seats of a hand share one tree (:func:`tree_for`)."""

    def __init__(self, bot: SearchBot, obs: Observation) -> None:
        self.rules, self.model = bot.rules, bot.model
        self.obs = obs
        self.plan = rules_plan(bot.rules)
        n = bot.table.n
        #: per seat, a calibrated bot of the search bot's model: how the seats bid in the
        #: worlds (its generator never drawn from: a one-round bid without a moon draws
        #: nothing)
        self.helpers = [CalibratedBot(bot.rules, seat, random.Random(0), model=bot.model)
                        for seat in range(n)]
        first = obs.bids[0][0] if obs.bids else obs.seat
        root = AuctionState(n)
        #: the nodes by number (0: no bid made)
        self.entries: list[Entry] = [((), root, first, auction_actions(
            self.plan, root, obs.dealer, first, _no_leads))]
        #: the nodes' numbers by their bids
        self.numbers: dict[Node, int] = {(): 0}
        #: (node, action) -> the node it leads to (None: not legal)
        self.edges: dict[tuple[int, int], int | None] = {}
        #: (node, what the seat to act reads of its hand) -> its action
        self.answers: dict[tuple[int, object], int] = {}
        self.whole_hand = bot.k.all_points_wins_game
        self.seats = n

    def node(self, bids: Sequence[tuple[int, int]]) -> int:
        """The number of the node after ``bids`` (each made by the seat to act)."""
        found = self.numbers.get(tuple(bids))
        if found is not None:
            return found
        at = 0
        for seat, action in bids:
            nxt = self.child(at, action) if self.entries[at][2] == seat else None
            if nxt is None:
                raise ValueError(f"the auction's bid {action} of seat {seat} is not legal")
            at = nxt
        return at

    def reads(self, seat: int, hand: int) -> object:
        """What seat ``seat``'s calibrated bot reads of ``hand`` to bid or sell: the band
        of its best estimate (the whole hand where a sweep wins the game)."""
        if self.whole_hand:
            return hand
        helper = self.helpers[seat]
        model = helper.model
        assert model is not None
        return model.band(max(helper.suit_values(hand)))

    def read_rows(self, estimates: npt.NDArray[np.float64], worlds: npt.NDArray[Any]
                  ) -> list[list[object]]:
        """:meth:`reads` of every hand of ``worlds`` (a row a world, a column a seat),
        whose :meth:`~pitchkit.bots.estimates.Plan.suit_estimates` are ``estimates`` (a
        row a world, then a seat, then a suit): the same bands, worked out together."""
        if self.whole_hand:
            return worlds.tolist()
        model = self.model
        assert model is not None
        bands = np.minimum((estimates.max(axis=2) / model.step).astype(np.int64),
                           len(model.points) - 1)
        return bands.tolist()

    def child(self, at: int, action: int) -> int | None:
        """The node after the seat to act at node ``at`` takes ``action``; None where not
        legal."""
        key = (at, action)
        if key in self.edges:
            return self.edges[key]
        node, parent, seat, _ = self.entries[at]
        found: int | None = None
        if seat != ENDED:
            state = parent.copy()
            nxt = step(self.plan, state, self.obs.dealer, seat, action, _no_leads)
            if nxt != ILLEGAL:
                legal = [] if nxt == ENDED else auction_actions(self.plan, state,
                                                                self.obs.dealer, nxt,
                                                                _no_leads)
                found = len(self.entries)
                bids = (*node, (seat, action))
                self.entries.append((bids, state, nxt, legal))
                self.numbers[bids] = found
        self.edges[key] = found
        return found

    def answer(self, at: int, hand: int, read: object) -> int:
        """The action of the seat to act at node ``at`` with ``hand`` (``read``:
        :meth:`reads` of it): the calibrated bot's."""
        key = (at, read)
        found = self.answers.get(key)
        if found is None:
            node, _, seat, legal = self.entries[at]
            view = self.obs._replace(seat=seat, hand=hand, bids=node)
            helper = self.helpers[seat]
            if SELL in legal:
                found = helper.sell_or_refuse(view)
            else:
                numeric = [a - BID_BASE for a in legal if BID_BASE < a <= BID_BASE + MAX_BID]
                found = helper.bid_from_view(view, PASS in legal, numeric, False, legal[0],
                                             None)
                if found not in legal:
                    found = legal[0]
            self.answers[key] = found
        return found

    def ends(self, at: int, action: int, hands_of: Sequence[Sequence[int]],
             reads_of: Sequence[Sequence[object]]) -> list[AuctionState] | None:
        """The auction's end in every world after the seat to act at node ``at`` takes
        ``action`` (``hands_of``: every seat's hand by world; ``reads_of``: :meth:`reads`
        of them), the worlds walked down the tree together, split at each node by what
        its seat reads of its hand; None where an action is not legal."""
        out: list[AuctionState | None] = [None] * len(hands_of)
        entries = self.entries
        waiting: list[tuple[int | None, list[int]]] = [(self.child(at, action),
                                                        list(range(len(hands_of))))]
        # bounded: a node is reached once, and every seat acts at most a few times
        for _ in range(len(hands_of) * 4 * self.seats + 1):
            if not waiting:
                break
            node, worlds = waiting.pop()
            if node is None:
                return None
            _, state, seat, _ = entries[node]
            if seat == ENDED:
                for w in worlds:
                    out[w] = state
                continue
            alike: dict[object, list[int]] = {}
            for w in worlds:
                alike.setdefault(reads_of[w][seat], []).append(w)
            for read, group in alike.items():
                answer = self.answer(node, hands_of[group[0]][seat], read)
                waiting.append((self.child(node, answer), group))
        else:
            return None
        if any(end is None for end in out):
            return None
        return out  # type: ignore[return-value]


#: The tree of the hand searched last, with what it answers by (:func:`tree_for`)
_TREE: list[tuple[tuple[object, ...], AuctionTree]] = []


def tree_for(bot: SearchBot, obs: Observation) -> AuctionTree:
    """The :class:`AuctionTree` of the hand of ``obs``: made at the hand's first searched
    decision and shared by every seat's (the same rules and calibration, scores, sides
    and dealer, and the first bids alike)."""
    key = (bot.rules, bot.model, tuple(obs.scores), tuple(obs.team_of), obs.dealer,
           obs.bids[0][0] if obs.bids else obs.seat)
    if _TREE:
        last, tree = _TREE[0]
        if last[0] is key[0] and last[1] is key[1] and last[2:] == key[2:]:
            return tree
    tree = AuctionTree(bot, obs)
    _TREE[:] = [(key, tree)]
    return tree


def _by_power(bot: SearchBot, trump: int) -> list[int]:
    """The deck's cards, strongest first with ``trump`` trump (a pitcher's lead in the
    play-outs: its strongest trump)."""
    found = bot.power_orders.get(trump)
    if found is None:
        power = bot.trick_tables[trump][0].power
        found = bot.power_orders[trump] = sorted(range(len(power)), key=lambda c: -power[c])
    return found


def searched_auction(bot: SearchBot, obs: Observation, legal: Sequence[int], usual: int,
                     worlds_wanted: int) -> int:
    """The action of ``bot`` in the auction ``obs`` with every action it may take valued
    on up to ``worlds_wanted`` worlds (see the module); ``usual``, the calibrated bot's,
    where the search has nothing to say (a moon, one action, too few worlds)."""
    actions = auction_choices(legal, usual)
    if actions is None:
        return usual
    me = obs.seat
    n = bot.table.n
    mine = bot.best_suit(obs.hand)[0]
    worlds = auction_worlds(bot, obs, mine, worlds_wanted)
    if len(worlds) < MIN_BID_WORLDS:
        return usual
    hands_of = worlds.tolist()
    tree = tree_for(bot, obs)
    at = tree.node(obs.bids)
    # every seat's estimates in every world, at once: what its bids read of its hand, and
    # the trump it would name
    estimates = bot.estimates().suit_estimates_rows(worlds.reshape(-1)).reshape(
        len(worlds), n, 4)
    reads_of = tree.read_rows(estimates, worlds)
    best_of = estimates.argmax(axis=2).tolist()  # the first of the highest, as best_suit
    # every action's contract in every world: (pitcher, bid, seller, price); None: redealt
    ends: dict[int, list[tuple[int, int, int, int] | None]] = {a: [] for a in actions}
    for action in actions:
        afters = tree.ends(at, action, hands_of, reads_of)
        if afters is None:
            return usual
        for after in afters:
            if after.high_bidder < 0 or after.moon:
                ends[action].append(None)
                continue
            seller, price = after.sale if after.sale is not None else (-1, 0)
            ends[action].append((after.high_bidder, after.high, seller, price))
    # the play-outs: one batch for each pitcher and trump, valued at each bid
    plays: dict[tuple[int, int], list[int]] = {}  # (pitcher, trump) -> worlds
    trump_of: dict[tuple[int, int], int] = {}  # (pitcher, world) -> trump
    for row in ends.values():
        for w, end in enumerate(row):
            if end is None or (end[0], w) in trump_of:
                continue
            pitcher = end[0]
            trump = mine if pitcher == me else best_of[w][pitcher]
            trump_of[(pitcher, w)] = trump
            plays.setdefault((pitcher, trump), []).append(w)
    value_of: dict[tuple[int, int, int], float] = {}  # (pitcher, bid, world) -> value
    bids_of: dict[tuple[int, int], set[int]] = {}
    for row in ends.values():
        for w, end in enumerate(row):
            if end is not None:
                bids_of.setdefault((end[0], trump_of[(end[0], w)]), set()).add(end[1])
    next_seat = bot.table.next_seat
    for (pitcher, trump), rows in plays.items():
        tab, game_points = bot._batch_tables[trump]
        wise = None if bot._wise is None else bot._wise[trump]
        group = worlds[rows]
        synth = hand_start(obs, pitcher, trump, 1)
        if pitcher == me:
            lead = first_lead(bot, synth)
            batch = play_outs(tab, group, [lead], me, (), synth.captured, synth.tricks_won,
                              obs.team_of, next_seat, n, wise=wise)
        else:
            trumps = bot.trick_tables[trump][0].trumps
            strongest = _by_power(bot, trump)
            leads = []
            for w in rows:
                held = hands_of[w][pitcher]
                pick = held & trumps or held
                leads.append(next(c for c in strongest if pick >> c & 1))
            batch = led_play_outs(tab, group, leads, pitcher, obs.team_of, next_seat, n,
                                  wise=wise)
        assert batch.worlds is not None
        for bid in sorted(bids_of[(pitcher, trump)]):
            quick = bot.new_quick_score(synth._replace(bid=bid))
            scorer = BatchScore(quick, tab, game_points, bid_changes(quick), None, ())
            got = scorer.values(batch, batch.worlds, 1).tolist()
            for w, value in zip(rows, got, strict=True):
                value_of[(pitcher, bid, w)] = value
    team = obs.team_of
    totals: dict[int, float] = {}
    sold: dict[tuple[int, int], float] = {}  # (seller, price) -> its value to me
    for action, row in ends.items():
        total = 0.0
        for w, end in enumerate(row):
            if end is None:
                continue
            pitcher, bid, seller, price = end
            total += value_of[(pitcher, bid, w)]
            if price:
                # the price to the seller's side, valued as a play-out's score changes are
                worth = sold.get((seller, price))
                if worth is None:
                    worth = sold[(seller, price)] = side_value(
                        [price if team[s] == team[seller] else 0 for s in range(n)], team, me)
                total += worth
        totals[action] = total
    return chosen(bot, obs, legal, totals, usual, len(hands_of))


def auction_choices(legal: Sequence[int], usual: int) -> list[int] | None:
    """The actions of ``legal`` a searched or played-out auction values (pass, the
    numeric bids, the eldest's sale or refusal), or None where the calibrated bot's
    ``usual`` stands unasked (a moon, an action not among them, only one of them)."""
    actions = [a for a in legal if a in (PASS, SELL, REFUSE) or BID_BASE < a <= BID_BASE + MAX_BID]
    if usual == MOON or usual not in actions or len(actions) < 2:
        return None
    return actions


def chosen(bot: SearchBot, obs: Observation, legal: Sequence[int],
           totals: dict[int, float], usual: int, worlds: int) -> int:
    """The action of the best total over ``worlds`` worlds where it beats ``usual``'s by
    more than :data:`AUCTION_MARGIN` points a world, else ``usual``; each action's mean
    kept in ``bot.auction_seen`` where it is a list (what a table learns from)."""
    if bot.auction_seen is not None:
        bot.auction_seen.append((obs, list(legal),
                                 {a: t / worlds for a, t in totals.items()}))
    best = max(totals, key=lambda a: (totals[a], a == usual))
    if totals[best] - totals[usual] > AUCTION_MARGIN * worlds:
        return best
    return usual
