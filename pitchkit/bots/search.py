"""The ``search`` bot: the calibrated bot's bids, and card play searched on sampled worlds.

Card play is a determinized search. At its first card of a hand the bot draws
``samples`` *worlds* (:mod:`pitchkit.bots.worlds`): guesses at the other seats' cards
that agree with everything it has seen (its own cards, the cards played and by whom,
the voids players showed, the trumps shown in a draw, how many cards each seat holds),
preferring worlds where each bidder holds a hand worth its bid. Between its decisions it
moves each world on by the plays it saw (a card the world placed elsewhere swaps with
one of the player's own) and draws again any world that no longer fits.

For a decision with more than one real choice (cards of one suit with no unseen card
between them, and no points or game value, are one choice) it plays each candidate out
in every world: the rest of the hand on bit masks, every seat playing a quick rule of
thumb (lead the strongest card; take an opponent's trick as cheaply as possible, else
throw the card least worth holding), then the hand scored by the engine's own scoring
(:func:`pitchkit.scoring.score_parts`, :func:`pitchkit.settle.settle_parts`) and valued
as :func:`pitchkit.bots.montecarlo.hand_value` does. The same worlds serve every
candidate. A candidate far behind the best after half the worlds is dropped. The
calibrated bot's own card stands unless the search finds one better by ``margin``
points a world.

Bidding, trump, the draw and staged play are the calibrated bot's
(:mod:`pitchkit.bots.calibrated`); so is the lead that names trump.

Settings: ``samples`` (worlds per hand, default 6), ``margin`` (default 0.25), and the
calibrated bot's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import pairwise

from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.drawing import worth
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.montecarlo import side_value
from pitchkit.bots.worlds import (
    Known,
    Sight,
    consistent,
    follow_play,
    known,
    repair,
    sample_world,
    table_of,
)
from pitchkit.fold import seating
from pitchkit.plan import rules_plan
from pitchkit.results import Observation, Phase
from pitchkit.scoring import score_parts, scoring_plan
from pitchkit.settle import settle_parts
from pitchkit.tricks import (
    ANY_CARD,
    FOLLOW_OR_TRUMP,
    MUST_FOLLOW_THEN_TRUMP,
    TrumpTables,
    legal_leads,
)
from pitchkit.variant import Rules

#: Draws of a world before settling for one where a bidder's hand is worth less than its
#: bid (the rest of what a world must agree with is never given up).
BID_TRIES = 3
#: Share of the worlds after which candidates far behind the best are dropped.
PRUNE_AFTER = 0.5
#: How far behind (points a world) a candidate may be at that point and stay.
PRUNE_GAP = 1.0


@lru_cache(maxsize=64)
def trick_tables(rules: Rules) -> tuple[tuple[TrumpTables, tuple[tuple[int, ...], ...],
                                              tuple[float, ...]], ...]:
    """Per trump suit: its trick tables, trick keys by suit led (pitchkit.plan), and
    :func:`pitchkit.bots.drawing.worth` of every card (worked out once per rule set:
    hashing a rule set is not cheap)."""
    sets = rules_plan(rules).play.trump_sets
    return tuple((sets[trump][0], sets[trump][2],
                  tuple(worth(rules, trump, c) for c in range(54))) for trump in range(4))


class SearchBot(CalibratedBot):
    """Calibrated bidding, determinized search in play; see the module docstring."""

    def __init__(self, rules: Rules, seat: int, rng: random.Random, samples: int = 6,
                 margin: float = 0.25, boldness: float = 0.0, moon_samples: int = 24) -> None:
        super().__init__(rules, seat, rng, boldness=boldness, moon_samples=moon_samples)
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = int(samples)
        self.margin = float(margin)
        self.table = table_of(rules)
        self.trick_tables = trick_tables(rules)
        self.plan = scoring_plan(rules)
        self.sight = Sight()
        self._judge = HeuristicBot(rules, seat, rng)  # judges the bids cheaply
        self._worlds: list[list[int]] = []
        self._worlds_hand: object = None
        self._applied = 0
        plan = rules_plan(rules)
        self._joker_leads = (plan.trump.pitched_joker_makes_spades, plan.play.never_lead_joker)

    def choose(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        self.sight.see(observation)
        usual = super().choose(observation, legal_actions)
        if (observation.phase is not Phase.PLAY or len(legal_actions) < 2
                or self.rules.play.stages or observation.trump is None):
            return usual
        candidates = self.candidates(observation, legal_actions)
        if len(candidates) < 2:
            return usual
        if usual not in candidates:
            candidates.append(usual)
        worlds = self.worlds(observation)
        if not worlds:
            return usual
        totals = self.search(observation, worlds, candidates)
        best = max(totals, key=lambda c: (totals[c], c == usual))
        if totals[best] - totals[usual] > self.margin * len(worlds):
            return best
        return usual

    # ------------------------------------------------------------------ candidates

    def candidates(self, obs: Observation, legal: Sequence[int]) -> list[int]:
        """The legal cards, one of each run of interchangeable ones.

        Two cards of one suit are interchangeable when no card between them in power is
        still out of sight, and neither is a trump, worth points or game points.
        """
        assert obs.trump is not None
        t = self.trick_tables[obs.trump][0]
        power, eff = t.power, t.effective_suit
        game = self.plan.game_table
        live = self.table.deck & ~obs.hand
        for _, card in obs.played:
            live &= ~(1 << card)
        out: list[int] = []
        by_suit: dict[int, list[int]] = {}
        for card in dict.fromkeys(legal):
            plain = (card < 52 and not t.trumps >> card & 1
                     and not game[1 << (card % 13)]
                     and not any(item.card_by_trump[obs.trump] == card
                                 for item in self.plan.items))
            if plain:
                by_suit.setdefault(eff[card], []).append(card)
            else:
                out.append(card)
        for suit, cards in by_suit.items():
            cards.sort(key=lambda c: power[c])
            between_live = [c for c in range(52) if live >> c & 1 and eff[c] == suit]
            out.append(cards[0])
            for lower, higher in pairwise(cards):
                if any(power[lower] < power[c] < power[higher] for c in between_live):
                    out.append(higher)
        return out

    # ------------------------------------------------------------------ worlds

    def worlds(self, obs: Observation) -> list[list[int]]:
        """The hand's worlds, moved on to ``obs`` (drawn again where they no longer fit)."""
        know = known(self.table, obs, self.sight)
        if know is None:
            return []
        me = self.seat
        hand_id = self.sight.hand
        if hand_id is not self._worlds_hand or self._applied > len(obs.played):
            self._worlds_hand = hand_id
            self._worlds = []
            self._applied = 0
        new = obs.played[self._applied:]
        self._applied = len(obs.played)
        rng = self.rng
        kept = []
        for world in self._worlds:
            if all(follow_play(world, me, s, c, rng) for s, c in new):
                world[me] = obs.hand
                if repair(know, world, rng) and consistent(know, me, world):
                    kept.append(world)
        agrees = self._agrees(obs, know)
        while len(kept) < self.samples:
            drawn = sample_world(know, me, obs.hand, rng, agrees, tries=BID_TRIES)
            if drawn is None:
                break
            kept.append(drawn)
        self._worlds = kept
        return kept

    def _agrees(self, obs: Observation, know: Known) -> Callable[[list[int]], bool] | None:
        """A test that the pitcher holds a hand worth about its bid (by the heuristic's
        estimate: a tenth of the calibrated one's cost)."""
        pitcher, bid, trump = obs.pitcher, obs.bid, obs.trump
        if pitcher is None or pitcher == obs.seat or type(bid) is not int or trump is None:
            return None
        played = 0
        for s, c in obs.played:
            if s == pitcher:
                played |= 1 << c
        estimate = self._judge.estimate

        def agrees(world: list[int]) -> bool:
            return estimate(world[pitcher] | played, trump) + 1.0 >= bid

        return agrees

    # ------------------------------------------------------------------ search

    def search(self, obs: Observation, worlds: list[list[int]],
               candidates: list[int]) -> dict[int, float]:
        """Total value of each candidate over the worlds (pruned ones get -inf)."""
        totals = dict.fromkeys(candidates, 0.0)
        alive = list(candidates)
        cut = max(1, int(len(worlds) * PRUNE_AFTER))
        played_by = [0] * self.table.n
        for s, c in obs.played:
            played_by[s] |= 1 << c
        for i, world in enumerate(worlds):
            if i == cut and len(alive) > 1:
                top = max(totals[c] for c in alive)
                for c in list(alive):
                    if totals[c] < top - PRUNE_GAP * cut:
                        alive.remove(c)
                        totals[c] = float("-inf")
            dealt = [world[s] | played_by[s] for s in range(len(world))]
            for card in alive:
                totals[card] += self.play_card_out(obs, world, dealt, card)
        return totals

    def play_card_out(self, obs: Observation, world: Sequence[int], dealt: Sequence[int],
                 card: int) -> float:
        """Play ``card`` in ``world``, finish the hand by rule of thumb; its value to me."""
        trump = obs.trump
        assert trump is not None
        rules = self.rules
        t, keys_by_led, cost = self.trick_tables[trump]
        eff, power, trumps, masks = t.effective_suit, t.power, t.trumps, t.suit_masks
        following = self.table.following
        play_next = self.table.next_seat
        team = obs.team_of
        hands = list(world)
        captured = list(obs.captured)
        tricks_won = list(obs.tricks_won)
        trick = obs.trick
        trumps_only = self.table.trumps_only
        nxt = play_next
        if trick:
            led = eff[trick[0][1]]
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
        size = self.table.n
        if trumps_only:
            at_start = list(hands)
            for s, c in trick:
                at_start[s] |= 1 << c
            leader = trick[0][0] if trick else obs.seat
            fold = seating(at_start, play_next, leader)
            nxt, size = fold.next_seat, fold.size
        first_lead = not obs.played and rules.play.first_lead_must_be_trump
        spades_joker, never_joker = self._joker_leads
        seat = obs.seat
        last = -1
        while True:
            bit = 1 << card
            hands[seat] ^= bit
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
                if trumps_only:
                    fold = seating(hands, play_next, win_seat)
                    if fold.leader < 0:
                        break
                    nxt, size, seat = fold.next_seat, fold.size, fold.leader
                elif not hands[win_seat]:
                    break
                else:
                    seat = win_seat
            else:
                seat = nxt[seat]
            hand = hands[seat]
            if not count:
                legal = legal_leads(hand, t, first_lead, joker_may_set_trump=spades_joker,
                                    never_lead_joker=never_joker)
                # lead: the strongest card
                card = best = -1
                while legal:
                    low = legal & -legal
                    c = low.bit_length() - 1
                    if power[c] > best:
                        card, best = c, power[c]
                    legal ^= low
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
            take = team[win_seat] != team[seat]
            card = throw = -1
            take_cost = throw_cost = 1e9
            while legal:
                low = legal & -legal
                c = low.bit_length() - 1
                worth_c = cost[c]
                if take and keys[c] > win_key and worth_c < take_cost:
                    card, take_cost = c, worth_c
                if worth_c < throw_cost:
                    throw, throw_cost = c, worth_c
                legal ^= low
            if card < 0:
                card = throw
        bid = obs.bid
        moon = bid == "moon"
        points, made, moon_made, changes = score_parts(
            self.plan, trump, obs.dealer, team, obs.pitcher,
            None if moon or bid is None else int(bid), moon, dealt, captured, tricks_won,
            last)[:4]
        winners: tuple[int, ...] = ()
        if rules.scoring.target is not None:
            settled = settle_parts(rules, obs.scores, team, obs.pitcher, changes, moon_made,
                                   points, 0, made)
            if settled[1]:
                winners = settled[2]
        return side_value(changes, team, obs.seat, winners)
