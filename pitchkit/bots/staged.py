"""Staged play (``play.stages``) for the search bot: its worlds and the stage choices of
its play-outs.

In staged play each seat holds two sets of unplayed cards: the ones it chose for the
stage under way (the stage's size less its plays to it) and the rest, its *reserve*, from
which it chooses the next stage's cards when the stage's tricks are played. A world
(:func:`staged_world`) is a guess at both for every other seat: ``world[seat]`` its
stage cards, ``world[n + seat]`` its reserve. It gives no seat a card the searching seat
has seen (its own cards, the cards played, a turned card out of play), every seat as
many cards of each kind as it holds at the table, and no stage card of a suit it showed
void in within this stage: a void shown in an earlier stage says nothing of the cards
chosen since (it may have held them in reserve). The cards are dealt to the seats at
random; of each seat's, the ones it chose for the stage are guessed as those it wants
most (:func:`stage_wants`, give or take :data:`CHOSEN_NOISE` ranks): uniform guesses
made the search play worse than the calibrated bot (see :data:`CHOSEN_NOISE`). Every
random choice comes from the generator passed in.

In a play-out, when a stage's tricks are played every seat chooses the next stage's
cards by :func:`stage_order` (the last trick's winner leads on), and cards left after the
last stage take no part, as the engine plays it (:func:`pitchkit.play.begin_stage`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import NamedTuple

from pitchkit.bots.heuristic import know, stage_rank
from pitchkit.bots.worlds import Table, plays_of, take_allowed, voids
from pitchkit.memo import per_rule_set
from pitchkit.play import cards_list
from pitchkit.results import Observation
from pitchkit.tricks import trick_winner_suit_led
from pitchkit.variant import Rules

#: Draws of a world before the decision is left to the calibrated bot's card (a draw can
#: corner itself when stage voids leave a seat few cards it may have chosen).
TRIES = 8
#: How far (in ranks) a world's guess at the cards a seat chose for the stage strays from
#: the cards it wants most (:func:`stage_wants`). Against the calibrated bot on Pimps &
#: Hoes literal, 1,000 deals: uniform stage cards -1.6% [-2.7%, -0.5%], 3 ranks +0.5%
#: [-0.8%, +1.8%], 8 ranks -0.2% [-1.5%, +1.1%].
CHOSEN_NOISE = 3.0


def stage_counts(stages: Sequence[int], dealt: int) -> list[int]:
    """The cards each seat plays in each stage, ``dealt`` cards to each: a stage's size,
    or what is left when fewer are (cards left after the last stage take no part)."""
    out = []
    for size in stages:
        count = min(size, dealt)
        if not count:
            break
        out.append(count)
        dealt -= count
    return out


@per_rule_set(64)
def stage_wants(rules: Rules, trump: int) -> tuple[float, ...]:
    """Per card, how much a seat wants it in a stage: its rank, 14 more for a trump (what
    it takes tricks with). What a card scores in combinations is left out: a seat may as
    well hold such a card back for a later stage, as the calibrated bot does. Measured,
    the search against the calibrated bot, 1,000 deals (seed 1): left out +31.3%, four
    players +35.7%, literal +19.2%; a scoring card wanted 4 more and half what it scores
    (the heuristic's :meth:`~pitchkit.bots.heuristic.HeuristicBot.stage_worth` without its
    best combination) +7.1%, +5.1% and +24.3%; twice that, -37.4% and -27.0%.

    Where a trump takes a trick only when trumps were led (``play.trick_winner:
    suit_led``) it is wanted 14 more times the chance the seat leads a trick, one over the
    seats at the table (the first lead's and each winner's aside): in the literal game
    for two 7 more."""
    t = know(rules).tables[trump]
    lift = 14.0
    if trick_winner_suit_led(rules):
        lift /= rules.players.count
    return tuple(float(stage_rank(c)) + (lift if t.trumps >> c & 1 else 0.0)
                 for c in range(54))


@per_rule_set(64)
def stage_order(rules: Rules, trump: int) -> tuple[int, ...]:
    """Every card, the one a play-out chooses first for a stage first
    (:func:`stage_wants`)."""
    wants = stage_wants(rules, trump)
    return tuple(sorted(range(54), key=lambda c: (-wants[c], c)))


def choose_stage(reserve: int, count: int, order: Sequence[int]) -> int:
    """The ``count`` cards of ``reserve`` first in ``order``, as a mask."""
    chosen = 0
    for card in order:
        if reserve >> card & 1:
            chosen |= 1 << card
            count -= 1
            if not count:
                break
    return chosen


class Setup(NamedTuple):
    """What every world of one decision is drawn from (:func:`staged_setup`)."""

    #: the seat the worlds are drawn for, its stage cards and reserve
    me: int
    hand: int
    reserve: int
    #: the cards another seat may hold, in order
    free: list[int]
    #: the other seats, those with most cards barred first
    others: list[int]
    #: per seat: the stage cards and reserve cards it holds, the cards barred from its
    #: stage cards (a void shown in this stage)
    stage_need: list[int]
    reserve_need: list[int]
    banned: list[int]
    #: per card: how much a seat wants it in a stage (:func:`stage_wants`)
    wants: tuple[float, ...]


def staged_setup(table: Table, obs: Observation, seen: int) -> Setup | None:
    """What the worlds of a staged hand for ``obs.seat`` are drawn from (see the module),
    which has seen the cards of ``seen`` besides the cards played; None when no world
    fits what the seat knows."""
    rules = table.rules
    assert obs.trump is not None
    n = table.n
    me = obs.seat
    played, played_by = plays_of(obs.played, n)
    before = _dealt_before(rules.play.stages, table.hand_size, obs.stage)
    # the stage's cards a seat: mine left, and what I have played to it
    in_stage = obs.hand.bit_count() + played_by[me].bit_count() - before
    seen |= obs.hand | obs.reserve | played
    if table.turned_out and obs.turned is not None:
        seen |= 1 << obs.turned
    pool = table.deck & ~seen
    stage_need = [in_stage + before - m.bit_count() for m in played_by]
    reserve_need = [table.hand_size - in_stage - before] * n
    others = [s for s in range(n) if s != me]
    if in_stage + before > table.hand_size or min(stage_need) < 0 or \
            (n - 1) * (table.hand_size - in_stage - before) + sum(stage_need) \
            - stage_need[me] > pool.bit_count():
        return None
    # rule: a void shown in this stage binds the cards chosen for it, not the reserve
    # (the stage's tricks alone read: a trick is a play of each seat but in trumps-only
    # play, where a folded seat sits out)
    plays = obs.played if table.trumps_only else obs.played[before * n:]
    banned = voids(table, table.tables[obs.trump], plays,
                   first_trick=before if table.trumps_only else 0,
                   unfinished=bool(obs.trick), to_play=obs.to_act)
    others.sort(key=lambda s: -banned[s].bit_count())
    return Setup(me, obs.hand, obs.reserve, cards_list(pool), others, stage_need,
                 reserve_need, banned, stage_wants(rules, obs.trump))


@functools.lru_cache(maxsize=256)
def _dealt_before(stages: tuple[int, ...], dealt: int, stage: int) -> int:
    """The cards each seat plays in the stages before ``stage`` (:func:`stage_counts`)."""
    return sum(stage_counts(stages, dealt)[:stage])


def staged_world(table: Table, obs: Observation, seen: int,
                 rng: random.Random) -> list[int] | None:
    """One world of a staged hand for ``obs.seat`` (see the module), which has seen the
    cards of ``seen`` besides the cards played; None when the draws ran into a corner."""
    setup = staged_setup(table, obs, seen)
    return None if setup is None else draw_world(setup, table.n, rng)


def draw_world(setup: Setup, n: int, rng: random.Random) -> list[int] | None:
    """One world drawn from ``setup`` (:func:`staged_world`); None when the draws ran
    into a corner."""
    me, stage_need, reserve_need, banned = setup.me, setup.stage_need, setup.reserve_need, \
        setup.banned
    others = setup.others
    free = list(setup.free)
    for _ in range(TRIES):
        rng.shuffle(free)
        world = [0] * (2 * n)
        world[me], world[n + me] = setup.hand, setup.reserve
        rest = free
        for seat in others:
            taken = take_allowed(rest, stage_need[seat], banned[seat])
            if taken is None:
                break
            world[seat], rest = taken
        else:
            for seat in others:
                mask = 0
                for card in rest[:reserve_need[seat]]:
                    mask |= 1 << card
                world[n + seat] = mask
                rest = rest[reserve_need[seat]:]
            wants = setup.wants
            for seat in others:
                # the seat chose its stage's cards, wanted ones first: of the cards the
                # world gives it, those it may hold in this stage
                if not stage_need[seat]:
                    continue  # phase select: every unplayed card is in reserve
                cards = world[seat] | world[n + seat]
                stage = guess_stage(cards & ~banned[seat], stage_need[seat], wants, rng)
                world[seat], world[n + seat] = stage, cards & ~stage
            return world
    return None


def guess_stage(cards: int, count: int, wants: Sequence[float], rng: random.Random) -> int:
    """A guess at the ``count`` cards of the mask ``cards`` another seat chose for a
    stage: the most wanted (:func:`stage_wants`), give or take :data:`CHOSEN_NOISE`
    ranks, as a mask."""
    allowed = cards_list(cards)
    allowed.sort(key=lambda c: -wants[c] - CHOSEN_NOISE * rng.random())
    stage = 0
    for c in allowed[:count]:
        stage |= 1 << c
    return stage
