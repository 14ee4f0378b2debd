"""The search bot's choice of a stage's cards and its card play in a stage (staged play,
``play.stages``).

When a stage begins, each seat chooses the cards it will play in it. The calibrated bot
chooses by a wish per card (:meth:`~pitchkit.bots.cardplay.CarefulPlay.stage_worth`).
The search bot takes that choice and a few others
(:func:`~pitchkit.bots.stage_candidates.stage_candidates`: the cards
that win tricks, the combination cards held back or brought in, the weakest cards, and
the ``montecarlo`` bot's candidates) and plays each out against the other seats'
choices (:func:`stage_worlds`): every other seat chooses among candidates of the same
kinds made from its own cards, each as likely. Where the other seat's cards are known
(two players, every card dealt) each of my candidates is played against each of its
choices; else in :data:`STAGE_WORLDS` worlds of the unseen cards, each other seat's
choice drawn among its candidates. The stage's leader leads by the play-outs' rule of
thumb, and the rest of the hand is played out as the card play's search plays it out
(:meth:`~pitchkit.bots.search.SearchBot.play_card_out`: through the later stages, every
seat choosing by the rule of thumb; every candidate of every world in one compiled call,
:func:`~pitchkit.bots.staged_rows.staged_values`) and valued by the variant's scoring.
The calibrated bot's choice stands unless another is better by the search's ``margin``
points a world. The search's ``work`` does not bound this search, its ``samples``,
:data:`STAGE_WORLDS` and :data:`STAGE_CLIMB` do.

Before (through stop 44), the worlds guessed the other seat's choice as the strongest
cards in every other world and as the heuristic bot chooses in the rest, four worlds: a
guess of one or two kinds of player, which every choice of the other's own kinds beats
(Pimps & Hoes, the new choice against the old in `strong` otherwise alike, 1,000
duplicate deals: +27.1% [+23.2%, +31.0%]; for four +21.0% [+14.1%, +27.9%], 300;
docs/search-vs-montecarlo.md).

The stage's card play (:func:`search_stage_card`) is searched the same way: each of the
search's candidate cards played out in ``staged_cards`` staged worlds to the hand's end
(the rest of the stage and the later stages by the play-outs' rule of thumb), the
calibrated bot's card unless another is better by ``margin`` points a world. The two-player
game's budget (``work``, 2,307 card plays a seat a hand) bought almost no searched card
when the card search was charged to it; with 4 worlds a decision whatever is left it
measured +4.2% [+0.7%, +7.7%] and +6.2% [+2.6%, +9.8%] against the calibrated bot's card
play (Pimps & Hoes, 600 deals each, seeds 112 and 113; docs/search-vs-montecarlo.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pitchkit.bots.heuristic import know
from pitchkit.bots.stage_candidates import (
    choice_tables,
    compiled_candidates,
    stage_tables,
)
from pitchkit.bots.stage_others import others_call
from pitchkit.bots.staged import choose_stage, staged_setup
from pitchkit.bots.staged_draw import staged_worlds
from pitchkit.bots.staged_rows import staged_values
from pitchkit.bots.staged_search import choice_call, one_call
from pitchkit.cards import JOKER_MASK
from pitchkit.play import cards_list
from pitchkit.results import Observation, Phase
from pitchkit.variant import FirstLeader

if TYPE_CHECKING:
    from pitchkit.bots.search import SearchBot

#: Worlds a stage's choice is searched on at most where the other seats' cards are not
#: known (:func:`stage_worlds`; fewer than two: the calibrated bot's choice stands). Pimps
#: & Hoes for four, 600 deals each: without the climb 8 against 16 -2.8% [-7.5%, +1.8%],
#: 32 against 16 -6.3% [-11.1%, -1.5%] and +1.0% [-3.9%, +5.9%] (seeds 317-319); with it
#: 16 against 8 +1.8% [-2.8%, +6.5%] and +0.3% [-4.2%, +4.8%], 32 against 8 +9.5% [+4.8%,
#: +14.2%], 32 against 16 +0.3%, 64 against 32 -1.2% (seeds 343-347).
STAGE_WORLDS = 16

#: Steps of a stage choice's climb (:func:`climb`: the best choice bettered a card at a
#: time). Pimps & Hoes for two, screened as a hybrid against this stage choice without
#: the climb: 2 steps +9.7% [+3.5%, +15.9%] (300 deals), 5 +5.8%, 20 +5.7% (600 each);
#: 20 against 2 +1.8% [-1.8%, +5.4%]. Each step plays out every choice one card apart:
#: the climb takes most of a two-player stage choice's time.
STAGE_CLIMB = 2



def stage_leader(search: SearchBot, obs: Observation) -> int:
    """The seat that leads the stage's first trick: the last trick's winner, or at the
    first stage the hand's first leader (the pitcher where it leads, else the seat left
    of the dealer)."""
    played = obs.played
    if not played:
        if search.rules.play.first_leader is FirstLeader.PITCHER and obs.pitcher is not None:
            return obs.pitcher
        return search.table.next_seat[obs.dealer]
    assert obs.trump is not None
    t, keys_by_led = search.trick_tables[obs.trump][:2]
    trick = played[-search.table.n:]
    keys = keys_by_led[t.effective_suit[trick[0][1]]]
    return max(trick, key=lambda play: keys[play[1]])[0]


def thumb_lead(hand: int, trumps: int, trump_order: Sequence[int], trump_first: bool,
               no_joker: bool) -> int:
    """The play-outs' lead from ``hand`` (a mask): the strongest trump held, else the
    highest plain card (of the first suit on a tie); a trump where the first lead must be
    one (``trump_first``), never a joker where the rules say so (``no_joker``)."""
    legal = hand
    if trump_first:
        legal = (hand & trumps) or hand
    if no_joker:
        legal = (legal & ~JOKER_MASK) or legal
    held = legal & trumps
    if held:
        return next(c for c in trump_order if held >> c & 1)
    plain = [c for c in range(52) if legal >> c & 1]
    return max(plain, key=lambda c: (c % 13, -c)) if plain else legal.bit_length() - 1


def search_stage(search: SearchBot, obs: Observation, usual: int) -> int:
    """The cards ``search`` chooses for the stage (phase select), as a mask: the best of
    :func:`~pitchkit.bots.stage_candidates.stage_candidates` played out against the other
    seats' choices (:func:`stage_worlds`, see the module), then bettered a card at a time
    (:func:`climb`); ``usual`` unless another is better by ``search.margin`` points a
    world."""
    trump = obs.trump
    assert trump is not None
    rules = search.rules
    cards, count = obs.reserve, obs.select_count
    candidates = compiled_candidates(rules, trump, cards, count, usual)
    if len(candidates) < 2:
        return usual
    worlds, every = stage_worlds(search, obs, count)
    if len(worlds) < (1 if every else 2):  # rule: fewer than two drawn: usual stands
        return usual
    search.at_trick = None  # whole play-outs (leaf's horizon is the card play's)
    against = Against(search, obs, worlds)
    totals = dict(zip(candidates, against.totals(candidates), strict=True))
    climb(against, totals, cards, STAGE_CLIMB)
    return search.chosen(totals, usual, len(worlds))


class Against:
    """Choices of a stage's cards played out against the worlds of a stage choice
    (:func:`stage_worlds`): from the stage's first lead (its leader's, by the play-outs'
    rule of thumb, :func:`thumb_lead`), the rest of the hand as the card play's search
    plays it out, every row of a call in one compiled call
    (:func:`~pitchkit.bots.staged_rows.staged_values`)."""

    def __init__(self, search: SearchBot, obs: Observation, worlds: list[list[int]]
                 ) -> None:
        trump = obs.trump
        assert trump is not None
        rules = search.rules
        n = search.table.n
        self.search, self.obs, self.worlds, self.n = search, obs, worlds, n
        self.leader = leader = stage_leader(search, obs)
        # the stage's first lead is the leader's: a play-out starts from it
        self.lead_obs = obs._replace(seat=leader, to_act=leader, phase=Phase.PLAY,
                                     trick=())
        self.quick = search.quick_score(obs)
        self.trump_order = search.trick_tables[trump][3]
        self.trumps = search.table.tables[trump].trumps
        self.trump_first = not obs.played and rules.play.first_lead_must_be_trump
        self.no_joker = rules.play.never_lead_joker
        played_by = [0] * n
        for s, c in obs.played:
            played_by[s] |= 1 << c
        self.dealts = [[world[s] | world[n + s] | played_by[s] for s in range(n)]
                       for world in worlds]
        #: the leader's hand: its lead (one a world unless it is mine)
        self._leads: dict[int, int] = {}

    def totals(self, choices: Sequence[int]) -> list[float]:
        """Each of ``choices`` (masks of ``obs.seat``'s reserve) played out in every
        world, its values there added up: in one compiled call where it can
        (:func:`~pitchkit.bots.staged_search.choice_call`), else as here."""
        done = choice_call(self.search, self.lead_obs, self.worlds, list(choices),
                           self.obs.reserve, self.quick)
        if done is not None:
            return done
        return self.steps(choices)

    def steps(self, choices: Sequence[int]) -> list[float]:
        """:meth:`totals` step by step: the rows made, played out and valued
        (:func:`~pitchkit.bots.staged_rows.staged_values`), and added up."""
        obs, n, leader, leads = self.obs, self.n, self.leader, self._leads
        me, cards = obs.seat, obs.reserve
        rows, dealts, firsts = [], [], []
        for world, dealt in zip(self.worlds, self.dealts, strict=True):
            for choice in choices:
                hands = list(world)
                hands[me], hands[n + me] = choice, cards & ~choice
                rows.append(hands)
                dealts.append(dealt)
                hand = hands[leader]
                lead = leads.get(hand)
                if lead is None:
                    lead = leads[hand] = thumb_lead(hand, self.trumps, self.trump_order,
                                                    self.trump_first, self.no_joker)
                firsts.append(lead)
        values = staged_values(self.search, self.lead_obs, rows, dealts, firsts, self.quick)
        k = len(choices)
        return [sum(values[i + j * k] for j in range(len(self.worlds))) for i in range(k)]


def climb(against: Against, totals: dict[int, float], cards: int, steps: int) -> None:
    """Better the best choice of ``totals`` (masks of the mask ``cards``, each with its
    total against ``against``'s worlds) a card at a time, up to ``steps`` times: every
    choice one card apart from it (a card of it for one of ``cards`` left out) played
    out, and the best of them taken where it is better. Every choice played out is added
    to ``totals``."""
    best = max(totals, key=lambda c: (totals[c], -c))
    for _ in range(steps):
        inside = cards_list(best)
        outside = cards_list(cards & ~best)
        near = [best & ~(1 << a) | 1 << b for a in inside for b in outside]
        near = [c for c in near if c not in totals]
        if not near:
            return
        totals.update(zip(near, against.totals(near), strict=True))
        top = max(near, key=lambda c: (totals[c], -c))
        if totals[top] <= totals[best]:
            return
        best = top


def stage_worlds(search: SearchBot, obs: Observation, count: int
                 ) -> tuple[list[list[int]], bool]:
    """The worlds a stage's choice (of ``count`` cards) is played out in, each every
    seat's stage cards, then every seat's reserve (``obs.seat``'s left to the caller):
    every other seat chooses among its own candidates (:func:`compiled_candidates` of its
    unplayed cards, the play-outs' choice, :func:`~pitchkit.bots.staged.choose_stage`,
    as its usual one), each as likely. Where the other seat's cards are known (one other
    seat, every unseen card its: two players and every card dealt) one world for each of
    its choices; else up to :data:`STAGE_WORLDS` (at most ``search.samples``) worlds of
    the unseen cards (:meth:`~pitchkit.bots.search.SearchBot.staged_worlds`), each other
    seat's choice in each drawn from its candidates by ``search.rng`` (in one compiled
    call where it can: :func:`~pitchkit.bots.stage_others.others_call`). Returns the
    worlds and whether they are every choice of a known other seat (one is enough)."""
    rules = search.rules
    trump = obs.trump
    assert trump is not None
    n = search.table.n
    me = obs.seat
    tab = stage_tables(rules, trump)
    order = tab.order
    setup = staged_setup(search.table, obs, search.sight.held)
    if setup is None:
        return [], False

    def choices(cards: int) -> list[int]:
        size = min(count, cards.bit_count())
        return compiled_candidates(rules, trump, cards, size,
                                   choose_stage(cards, size, order))

    if len(setup.others) == 1:
        other = setup.others[0]
        unseen = sum(1 << c for c in setup.free)
        if unseen.bit_count() == setup.stage_need[other] + setup.reserve_need[other]:
            # rule: the other's cards known: every choice of its, once
            out = []
            for choice in choices(unseen):
                world = [0] * (2 * n)
                world[other], world[n + other] = choice, unseen & ~choice
                out.append(world)
            return out, True
    worlds = staged_worlds(setup, n, min(search.samples, STAGE_WORLDS), search.rng)
    # rule: each other seat's choice, world by world and seat by seat, the candidate at
    # a number drawn in [0, 1) times their number
    draws = [search.rng.random() for _ in range(len(worlds) * (n - 1))]
    if know(rules).combinations:  # in one compiled call where it can
        done = others_call(rules.combinations, choice_tables(rules, trump), tab.scoring,
                           tab.trumps, worlds, me, count, draws)
        if done is not None:
            return done, False
    d = 0
    for world in worlds:
        for s in range(n):
            if s != me:
                unplayed = world[s] | world[n + s]
                found = choices(unplayed)
                choice = found[int(draws[d] * len(found))]
                d += 1
                world[s], world[n + s] = choice, unplayed & ~choice
    return worlds, False


def search_stage_card(search: SearchBot, obs: Observation, legal: Sequence[int],
                      usual: int, want: int) -> int:
    """The card ``search`` plays in a stage (phase play), searched: each candidate
    (:meth:`~pitchkit.bots.search.SearchBot.candidates`, ``usual``, the calibrated bot's
    card, among them) played out in up to ``want`` staged worlds
    (:func:`~pitchkit.bots.staged.staged_world`) through the later stages to the hand's
    end, a candidate more than ``search.prune`` points a world behind the best dropped
    from the third world on (by default :data:`~pitchkit.bots.search.PRUNE_GAP`);
    ``usual`` unless another is better by ``search.margin`` points a world (or ``usual``
    was dropped), or fewer than two worlds were drawn."""
    candidates = search.candidates(obs, legal)
    if len(candidates) < 2:
        return usual
    if usual not in candidates:
        candidates.append(usual)
    quick = search.quick_score(obs)
    search.at_trick = None
    # the worlds, their play-outs, values and totals in one compiled call where it can
    done = one_call(search, obs, staged_setup(search.table, obs, search.sight.held),
                    candidates, want, quick)
    if done is not None:
        totals, drawn = done
        return usual if drawn < 2 else search.chosen(totals, usual, drawn)
    worlds = search.staged_worlds(obs, want)
    if len(worlds) < 2:
        return usual
    n = search.table.n
    played_by = [0] * n
    for s, c in obs.played:
        played_by[s] |= 1 << c
    rows = [world for world in worlds for _ in candidates]
    dealts = [[world[s] | world[n + s] | played_by[s] for s in range(n)] for world in worlds]
    values = staged_values(search, obs, rows, [d for d in dealts for _ in candidates],
                           candidates * len(worlds), quick)
    totals, _ = add_up(search, candidates, values, len(worlds), search.prune)
    return search.chosen(totals, usual, len(worlds))


def add_up(search: SearchBot, candidates: list[int], values: Sequence[float], worlds: int,
           prune: float) -> tuple[dict[int, float], int]:
    """Each candidate's total over the worlds, ``values`` a world's candidates after
    another's, added up world by world as the search drops those behind
    (:meth:`~pitchkit.bots.search.SearchBot.drop_behind` by ``prune``): the totals, and
    the worlds added before the rest could not change the choice."""
    totals = dict.fromkeys(candidates, 0.0)
    alive = list(candidates)
    count = len(candidates)
    for i in range(worlds):
        if search.drop_behind(totals, alive, i, prune):
            return totals, i  # the rest cannot change the choice
        row = values[i * count:(i + 1) * count]
        for choice, value in zip(candidates, row, strict=True):
            if choice in alive:
                totals[choice] += value
    return totals, worlds
