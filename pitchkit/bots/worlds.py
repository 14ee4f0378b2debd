"""Worlds for search bots: where the cards a seat cannot see might be, agreeing with all
it has seen.

A *world* is one guess at every other seat's unplayed cards (bit masks, one per seat).
It never gives another seat a card the seat has seen elsewhere: its own cards (every
card it held this hand: its deal, a kitty it took, its draws, the pack it robbed), the
cards played, the trumps shown in the draw (discarded face up, or shown and kept by
their holder) and a turned card that is out of play. Every other seat holds exactly as
many cards as it does at the table, and none of a suit it showed void in (it did not
follow when it had to). The cards left over are those out of play (undealt, or
discarded face down): the deck is conserved.

In a draw (``draw``, ``deal.kitty``) every hand is full when play begins
(:mod:`pitchkit.draw`), so a seat holds the hand size less what it has played, or every
trump it showed and kept. With trumps-only play (``play.trumps_only``) a hand holds only
its trumps after the draw and nobody sees how many: a world deals each seat a full hand
and keeps its trumps, and a seat that has folded (sat out a trick) holds none.

:class:`Sight` is the seat's memory of the hand between its decisions (a bot sees its
own deal in the auction and its draw, but a later observation shows only what it still
holds). Every random choice comes from the generator passed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.actions import ALONE
from pitchkit.plan import rules_plan
from pitchkit.play import cards_list
from pitchkit.results import Observation, Phase
from pitchkit.tricks import (
    ANY_CARD,
    FOLLOW_OR_TRUMP,
    MUST_FOLLOW_THEN_TRUMP,
    TrumpTables,
)
from pitchkit.variant import Rules

#: Draws of a world before settling for one that disagrees with the bids (the rest of
#: what it must agree with is never given up).
BID_TRIES = 8


#: The mask of each card (numpy).
_BITS = np.array([1 << card for card in range(64)], np.uint64)


@dataclass(frozen=True)
class Table:
    """What worlds need of one rule set, worked out once per bot."""

    rules: Rules
    n: int
    deck: int
    #: cards in each hand when play begins, before anything is played (no draw, or a
    #: draw's hand size: every hand is full when play begins)
    hand_size: int
    #: the draw shows extra trumps and their holder keeps them (draw.extra_trumps)
    show_and_keep: bool
    trumps_only: bool
    following: int
    turned_out: bool
    #: hands thrown in (deal.weak_hand_below) are out of play: no draw puts them back
    thrown_out: bool
    #: the seat after each in the order of play
    next_seat: tuple[int, ...]
    #: trick tables by trump suit
    tables: tuple[TrumpTables, ...]

    @classmethod
    def of(cls, rules: Rules) -> Table:
        plan = rules_plan(rules)
        draw = plan.draw
        return cls(
            rules=rules, n=plan.seats.count, deck=plan.deal.deck_mask,
            hand_size=plan.deal.cards_per_hand if draw is None else draw.hand_size,
            show_and_keep=draw is not None and draw.show_and_keep,
            trumps_only=plan.play.trumps_only, following=plan.play.following,
            turned_out=plan.deal.shown_card_out_of_play, thrown_out=draw is None,
            next_seat=plan.seats.next_seat,
            tables=tuple(entry[0] for entry in plan.play.trump_sets))


@lru_cache(maxsize=64)
def table_of(rules: Rules) -> Table:
    """The :class:`Table` of ``rules``, worked out once per rule set."""
    return Table.of(rules)


class Sight:
    """One seat's memory of the current hand: every card it has held (see the module)."""

    def __init__(self) -> None:
        self.held = 0
        #: a new object each hand (for caches that belong to one hand)
        self.hand = object()
        self._key: tuple[object, ...] | None = None
        self._progress = (0, 0)

    def see(self, obs: Observation) -> None:
        """Remember what ``obs`` shows; a new hand starts a new memory."""
        key = (obs.dealer, obs.scores)
        progress = (len(obs.bids), len(obs.played))
        dealt_again = obs.phase is Phase.AUCTION and obs.hand & self.held != obs.hand
        if (key != self._key or progress < self._progress or dealt_again):
            self.held = 0
            self.hand = object()
            self._key = key
        self._progress = progress
        self.held |= obs.hand | obs.reserve | obs.drawn
        choice = obs.draw_choice
        if choice is not None:
            self.held |= choice.cards  # robbing the pack: the dealer sees what is left
        for seat, card in obs.played:
            if seat == obs.seat:
                self.held |= 1 << card


def split_tricks(table: Table, played: Sequence[tuple[int, int]], size: int = 0
                 ) -> list[list[tuple[int, int]]]:
    """The plays of a hand, trick by trick (the last may be unfinished).

    ``size`` seats play to every trick (0: every seat of the table; fewer where the
    pitcher's partners sit out, ``auction.alone``), except in trumps-only play, where a
    folded seat sits out: a trick ends where a seat would play to it a second time (its
    first player won or played in the one before, so no trick is missed).
    """
    if not table.trumps_only:
        n = size or table.n
        return [list(played[i:i + n]) for i in range(0, len(played), n)]
    tricks: list[list[tuple[int, int]]] = []
    seats: set[int] = set()
    for seat, card in played:
        if not tricks or seat in seats:
            tricks.append([])
            seats = set()
        tricks[-1].append((seat, card))
        seats.add(seat)
    return tricks


def voids(table: Table, tables: TrumpTables, played: Sequence[tuple[int, int]],
          first_trick: int = 0, unfinished: bool = False,
          to_play: int | None = None, size: int = 0) -> list[int]:
    """Per seat, a mask of cards it cannot hold, shown by its plays from ``first_trick``
    (``unfinished``: the last trick of ``played`` is still being played, and ``to_play``
    plays to it next; ``size``: the seats that play to a trick, as
    :func:`split_tricks`).

    Not following the suit led when the rule required it shows a void in that suit (and
    in trumps, when ``must_follow_then_trump`` required a trump); in trumps-only play a
    seat that sat out a trick holds no trump.
    """
    out = [0] * table.n
    tricks = split_tricks(table, played, size)[first_trick:]
    if table.trumps_only:
        nxt = table.next_seat
        for trick in tricks:
            # rule: out of trumps, a seat folds and sits out every later trick
            # (play.trumps_only): a seat skipped between two players of a trick has folded
            for (seat, _), (after, _) in pairwise(trick):
                skipped = nxt[seat]
                while skipped != after:
                    out[skipped] |= tables.trumps
                    skipped = nxt[skipped]
            if unfinished and trick is tricks[-1]:
                if to_play is not None:
                    skipped = nxt[trick[-1][0]]
                    while skipped != to_play and skipped != trick[0][0]:
                        out[skipped] |= tables.trumps
                        skipped = nxt[skipped]
            else:
                skipped = nxt[trick[-1][0]]
                while skipped != trick[0][0]:
                    out[skipped] |= tables.trumps
                    skipped = nxt[skipped]
        return out
    if table.following == ANY_CARD:
        return out
    eff = tables.effective_suit
    for trick in tricks:
        led = eff[trick[0][1]]
        for seat, card in trick[1:]:
            suit = eff[card]
            if suit == led:
                continue
            if table.following == FOLLOW_OR_TRUMP and suit == tables.trump:
                continue  # may trump while holding the suit led
            out[seat] |= tables.suit_masks[led]
            if table.following == MUST_FOLLOW_THEN_TRUMP and suit != tables.trump:
                out[seat] |= tables.trumps
    return out


@dataclass
class Known:
    """What one seat knows of the hidden cards now (see :func:`known`)."""

    #: cards another seat may hold: neither seen nor played
    pool: int
    #: per seat: cards it certainly holds (shown and kept), unplayed
    fixed: list[int]
    #: per seat: cards to add from the pool (for trumps-only play: its whole hand size)
    need: list[int]
    #: per seat: cards it cannot hold
    banned: list[int]
    #: trumps-only play: a seat keeps only the trumps of what it is dealt
    keep_trumps: int
    #: the seat whose worlds these are
    me: int

    def __post_init__(self) -> None:
        keep = self.keep_trumps
        #: per seat, cards it may not be dealt (a void bars only trumps in trumps-only play:
        #: the rest of what it is dealt is discarded anyway)
        self.barred = [b & keep if keep else b for b in self.banned]
        self.any_banned = any(self.barred[s] for s in range(len(self.need)) if self.need[s] > 0)
        #: the seats dealt cards, those with most cards barred first (the fewest choices)
        self.order = sorted((s for s in range(len(self.need))
                             if s != self.me and self.need[s] > 0),
                            key=lambda s: -self.barred[s].bit_count())
        self.total_need = sum(self.need[s] for s in self.order)
        self.free = cards_list(self.pool)
        #: the free cards' bits and, per seat dealt cards (:attr:`order`), its cards wanted
        #: and barred (arrays for :func:`draw_worlds`, made when first asked)
        self._arrays: tuple[Any, Any, Any, Any] | None = None
        self._base: tuple[tuple[int, int], npt.NDArray[np.uint64]] | None = None
        #: :attr:`keep_trumps` as the kernels read it
        self.keep_u64 = np.uint64(keep)
        #: the worlds :func:`draw_kept` drew so far, and those that agreed with its check
        #: (how many it draws first next time: :func:`first_part`)
        self.drawn = (0, 0)

    def base_row(self, me: int, hand: int) -> npt.NDArray[np.uint64]:
        """Every seat's cards certainly held (:attr:`fixed`), ``me``'s ``hand``, as a
        uint64 array (made once for a seat and hand: a decision draws twice or more)."""
        if self._base is None or self._base[0] != (me, hand):
            base = list(self.fixed)
            base[me] = hand
            self._base = ((me, hand), np.array(base, np.uint64))
        return self._base[1]

    def arrays(self) -> tuple[Any, Any, Any, Any]:
        """The free cards' masks, and the seats of :attr:`order` with, for each, how many
        cards it is dealt and the cards it may not be (numpy)."""
        if self._arrays is None:
            self._arrays = (_BITS.take(self.free), np.array(self.order, np.intp),
                            np.array([self.need[s] for s in self.order], np.intp),
                            np.array([self.barred[s] for s in self.order], np.uint64))
        return self._arrays


def sitting_out(obs: Observation) -> list[int]:
    """The seats that sit this hand out: where the pitcher went alone (``auction.alone``),
    its partners (pitchkit.alone); the tricks are of the other seats."""
    if obs.pitcher is None or not any(a == ALONE for _, a in obs.bids):
        return []
    side = obs.team_of[obs.pitcher]
    return [seat for seat in range(len(obs.team_of))
            if seat != obs.pitcher and obs.team_of[seat] == side]


def known(table: Table, obs: Observation, sight: Sight) -> Known | None:
    """The seat's knowledge of the hidden cards, or None when it cannot say (no trump)."""
    if obs.trump is None:
        return None
    tables = table.tables[obs.trump]
    n = table.n
    me = obs.seat
    played, played_by = plays_of(obs.played, n)
    seen = sight.held | obs.hand | obs.reserve | played
    if table.turned_out and obs.turned is not None:
        seen |= 1 << obs.turned
    fixed = [0] * n
    start = [table.hand_size] * n
    if table.thrown_out:
        for _, cards in obs.thrown_in:
            seen |= cards
    for seat, cards in obs.shown:
        seen |= cards
        if table.show_and_keep and cards.bit_count() > table.hand_size:
            fixed[seat] |= cards  # extra trumps shown and kept by their holder
            start[seat] = cards.bit_count()
    if obs.given is not None and obs.given[0] != me:
        # draw.give_to_partner: its giver knows the receiver kept the trumps given (a
        # discarded trump is shown); the other cards given may have been discarded
        receiver, given = obs.given
        kept = given & tables.trumps & ~seen_shown(obs) & ~played
        fixed[receiver] |= kept
        seen &= ~(given & ~kept & ~played)
    out = sitting_out(obs)
    for seat in out:
        start[seat] = 0  # auction.alone: a partner of the pitcher holds no card
    banned = voids(table, tables, obs.played, unfinished=bool(obs.trick), to_play=obs.to_act,
                   size=n - len(out))
    need = [0] * n
    for seat in range(n):
        if seat == me:
            continue
        if table.trumps_only:
            # its whole hand when play began: what it played, what it showed, the rest drawn
            need[seat] = start[seat] - (played_by[seat] | fixed[seat]).bit_count()
        else:
            need[seat] = start[seat] - played_by[seat].bit_count() - fixed[seat].bit_count()
        fixed[seat] &= ~played
        if need[seat] < 0:
            return None
    return Known(pool=table.deck & ~seen, fixed=fixed, need=need, banned=banned,
                 keep_trumps=tables.trumps if table.trumps_only else 0, me=me)


def plays_of(played: Sequence[tuple[int, int]], n: int) -> tuple[int, list[int]]:
    """The cards of ``played`` ((seat, card) pairs) as one mask, and per seat."""
    every = 0
    by_seat = [0] * n
    for seat, card in played:
        every |= 1 << card
        by_seat[seat] |= 1 << card
    return every, by_seat


def seen_shown(obs: Observation) -> int:
    """Every card shown in the draw (trumps discarded face up, or shown and kept)."""
    out = 0
    for _, cards in obs.shown:
        out |= cards
    return out


def draw_world(know: Known, me: int, hand: int, rng: random.Random) -> list[int] | None:
    """One world: every seat's unplayed cards (``hand`` for ``me``), or None when the
    draw ran into a corner (too few cards a seat may hold)."""
    world = list(know.fixed)
    world[me] = hand
    keep = know.keep_trumps
    need = know.need
    if know.total_need > len(know.free):
        return None
    # the unseen cards in a random order (a random key each: C-speed draws), dealt in turn
    # to each seat (those with most cards barred first): the first it may hold. Each seat
    # so gets a uniform choice among the cards left it may hold
    rest = sorted(know.free, key=_random_key(rng))
    if not know.any_banned:
        at = 0
        for seat in know.order:
            mask = 0
            for c in rest[at:at + need[seat]]:
                mask |= 1 << c
            at += need[seat]
            world[seat] |= mask & keep if keep else mask
        return world
    for seat in know.order:
        want = need[seat]
        banned = know.barred[seat]
        mask = 0
        if banned:
            taken = take_allowed(rest, want, banned)
            if taken is None:
                return None
            mask, rest = taken
        else:
            for c in rest[:want]:
                mask |= 1 << c
            rest = rest[want:]
        if keep:
            mask &= keep  # rule: only trumps are played (play.trumps_only)
        world[seat] |= mask
    return world


def take_allowed(cards: Sequence[int], want: int, banned: int) -> tuple[int, list[int]] | None:
    """The first ``want`` of ``cards`` not in ``banned`` (a mask) and the cards left, in
    their order; None when fewer are allowed."""
    mask = 0
    left = []
    for c in cards:
        if want and not banned >> c & 1:
            mask |= 1 << c
            want -= 1
        else:
            left.append(c)
    if want:
        return None
    return mask, left


def _random_key(rng: random.Random) -> Callable[[int], float]:
    """A sort key giving each card a uniform random number from ``rng``."""
    draw = rng.random
    return lambda _card: draw()


def sample_world(know: Known, me: int, hand: int, rng: random.Random,
                 agrees: Callable[[list[int]], bool] | None = None,
                 tries: int = BID_TRIES) -> list[int] | None:
    """A world that also ``agrees`` (with the bids, say) if one turns up within ``tries``
    draws; else the last world drawn; if no draw succeeded, one found by
    :func:`matched_world`; None only when no world fits what the seat knows."""
    last = None
    for _ in range(tries + 4):
        world = draw_world(know, me, hand, rng)
        if world is None:
            continue
        if agrees is None or agrees(world):
            return world
        last = world
        if tries <= 0:
            break
        tries -= 1
    # the greedy draw can corner itself when voids leave few choices (late in a hand of
    # five seats): a world exists (the real deal is one), so find one by matching
    return last if last is not None else matched_world(know, me, hand, rng)


def matched_world(know: Known, me: int, hand: int, rng: random.Random) -> list[int] | None:
    """A world found by matching (Kuhn's augmenting paths: each seat's places to the cards
    it may hold, cards tried in a random order) where the greedy draw keeps running into a
    corner; None only when no world fits at all. Not uniform like :func:`draw_world`, but
    bounded (places times cards) and never misses a world that exists."""
    barred = know.barred
    slots = [seat for seat in know.order for _ in range(know.need[seat])]
    cards = sorted(know.free, key=_random_key(rng))
    owner: dict[int, int] = {}  # card -> slot index

    def place(slot: int, tried: set[int]) -> bool:
        seat = slots[slot]
        for c in cards:
            if c in tried or barred[seat] >> c & 1:
                continue
            tried.add(c)
            if c not in owner or place(owner[c], tried):
                owner[c] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            return None
    world = list(know.fixed)
    world[me] = hand
    keep = know.keep_trumps
    for c, slot in owner.items():
        world[slots[slot]] |= (1 << c) & keep if keep else 1 << c
    return world


def draw_worlds(know: Known, me: int, hand: int, count: int, gen: np.random.Generator
                ) -> list[list[int]]:
    """Up to ``count`` worlds drawn at once, each as :func:`draw_world` draws one: the
    unseen cards in a random order (random keys from ``gen``, numpy), dealt to each seat
    in turn (those with most cards barred first), the first it may hold
    (:func:`pitchkit.bots.deal_rows.deal_rows`, compiled). A draw that ran into a corner
    is left out (fewer worlds come back)."""
    worlds: list[list[int]] = draw_rows(know, me, hand, count, gen).tolist()
    return worlds


def draw_rows(know: Known, me: int, hand: int, count: int, gen: np.random.Generator
              ) -> npt.NDArray[np.uint64]:
    """:func:`draw_worlds`' worlds as the rows of an array (uint64 masks)."""
    # (numba's import paid by the search bot only, not by the other users of worlds)
    from pitchkit.bots.deal_rows import deal_rows

    base = list(know.fixed)
    base[me] = hand
    if count <= 0 or know.total_need > len(know.free):
        return np.zeros((0, len(base)), np.uint64)
    if not know.order:
        return np.tile(np.array(base, np.uint64), (count, 1))
    bits, order, need, barred = know.arrays()
    perm = gen.random((count, len(know.free))).argsort(axis=1)
    out, ok = deal_rows(perm, bits, np.array(base, np.uint64), order, need, barred,
                        np.uint64(know.keep_trumps))
    if not ok.all():
        out = out[ok]
    return out


#: No bid to check (:func:`draw_kept`): no pitcher, and the estimate's tables empty
_NO_CHECK = (-1, np.uint64(0), 0, np.uint64(0), np.zeros(0, np.uint64),
             np.zeros(0, np.uint64), np.zeros(0, np.intp), np.zeros(0, np.intp),
             np.zeros(0, np.intp), 0.0, 0, 1, False, False, np.uint64(0), np.uint64(0))


def draw_kept(know: Known, me: int, hand: int, count: int, want: int,
              gen: np.random.Generator, check: tuple[Any, ...]) -> npt.NDArray[np.uint64]:
    """Of ``count`` worlds drawn as :func:`draw_worlds` draws them (the same keys from
    ``gen``), the first ``want`` that agree with the bid ``check`` reads
    (``BidCheck.args``: the one-by-one check's choice, :func:`agreeing_first`), or with
    :data:`_NO_CHECK` the first ``want``: dealt and checked in compiled code
    (:func:`pitchkit.bots.deal_rows.deal_kept`), only as far as it reads them.

    The keys are drawn in parts, read on from where the part before stopped: first those
    of :func:`first_part` worlds, then of about as many more as make up the worlds that
    agree (most do), until ``want`` agree or all ``count`` are drawn; ``gen`` is then
    moved on past the keys never drawn (:func:`skip`), as if they were. The same worlds
    and the same generator after as drawing all ``count`` at once (tests/test_worlds.py),
    for about half of the keys, in one compiled call where it can."""
    deal_kept, kept = _deal_kept()
    if count <= 0 or know.total_need > len(know.free):
        return np.zeros((0, len(know.fixed)), np.uint64)
    if not know.order:
        return np.tile(know.base_row(me, hand), (min(count, want), 1))
    bits, order, need, barred = know.arrays()
    free = len(know.free)
    n = len(know.fixed)
    # (the kernel's arrays made here: numba's boxing of arrays it hands back costs more)
    good, bad = np.empty((want, n), np.uint64), np.empty((want, n), np.uint64)
    state = np.zeros(2, np.intp)
    args = (bits, know.base_row(me, hand), order, need, barred, know.keep_u64, good, bad,
            state, *check)
    drawn = agree = 0
    while agree < want and drawn < count:
        # the first part: first_part's worlds; the next: enough for those still wanted at
        # the rate so far, and a few more
        rows = first_part(want, count, know.drawn) if not drawn else \
            (want - agree) * drawn // max(agree, 1) + 2
        rows = min(rows, count - drawn)
        agree = deal_kept(gen.random((rows, free)), *args)
        drawn += rows
    if drawn < count:
        skip(gen, (count - drawn) * free)  # the keys never read
    # (the worlds drawn and those that agreed, for the decision's next draw)
    know.drawn = (know.drawn[0] + drawn, know.drawn[1] + agree)
    return good[:kept(good, bad, state)]


def first_part(want: int, count: int, before: tuple[int, int] = (0, 0)) -> int:
    """The worlds whose keys :func:`draw_kept` draws first, of ``count`` for ``want``
    (``before``: the worlds the draws before drew and how many of them agreed with the
    bid): as many as make up ``want`` at that rate, and two more (all where none agreed),
    or with none drawn before twice ``want`` (a bid check keeps about half to three
    quarters of auction pitch's worlds: one part then mostly does; the keys of worlds not
    read cost less than a second part), at most ``count``. (Which parts the keys come in
    changes no world kept.)"""
    drawn, agreed = before
    if not drawn:
        return min(2 * want, count)
    return min(want * drawn // agreed + 2 if agreed else count, count)


@lru_cache(maxsize=1)
def _deal_kept() -> tuple[Callable[..., int], Callable[..., int]]:
    """:func:`pitchkit.bots.deal_rows.deal_kept` and ``kept`` (imported on first use:
    numba's import is paid by the search bot only, not by the other users of this
    module; an import statement at every draw cost a microsecond or two)."""
    from pitchkit.bots.deal_rows import deal_kept, kept

    return deal_kept, kept


def skip(gen: np.random.Generator, keys: int) -> None:
    """Move ``gen`` on as if it drew ``keys`` random keys (``random()``: one 64-bit draw
    each): at once where its bit generator can (numpy's default, PCG64), else by
    drawing them."""
    bits = gen.bit_generator
    if isinstance(bits, np.random.PCG64):
        bits.advance(keys)
    else:
        gen.random(keys)


def sample_worlds(know: Known, me: int, hand: int, count: int, rng: random.Random,
                  gen: np.random.Generator, agrees: Callable[[list[int]], bool] | None = None,
                  tries: int = BID_TRIES) -> list[list[int]]:
    """``count`` worlds (:func:`draw_worlds`, from ``gen``), those that also ``agrees``
    (with the bids, say) first: ``1 + tries`` times as many are drawn and the first that
    agree kept, the rest made up by those that do not; where too few draws succeeded, the
    rest found by :func:`matched_world` (from ``rng``). Fewer only when no world fits what
    the seat knows. Without ``agrees``, or with one that has an ``args`` method
    (:class:`pitchkit.bots.deal_rows.BidCheck`), the worlds are dealt and checked in
    compiled code, as far as it reads them (:func:`draw_kept`). As lists: the rows of
    :func:`sample_rows`."""
    worlds: list[list[int]] = sample_rows(know, me, hand, count, rng, gen, agrees,
                                          tries).tolist()
    return worlds


def sample_rows(know: Known, me: int, hand: int, count: int, rng: random.Random,
                gen: np.random.Generator, agrees: Callable[[list[int]], bool] | None = None,
                tries: int = BID_TRIES) -> npt.NDArray[np.uint64]:
    """:func:`sample_worlds`' worlds as the rows of an array (uint64 masks, a column a
    seat), as the batched play-outs read them (:func:`pitchkit.bots.batch.play_outs`): not
    made lists and back."""
    check = getattr(agrees, "args", None)
    if agrees is None or check is not None:
        drawn = draw_kept(know, me, hand, count * (1 + tries) if agrees else count, count,
                          gen, check() if check is not None else _NO_CHECK)
    else:
        drawn = np.array(agreeing_first(
            draw_worlds(know, me, hand, count * (1 + tries), gen), agrees, count),
            np.uint64).reshape(-1, len(know.fixed))
    matched: list[list[int]] = []
    while len(drawn) + len(matched) < count:
        # the greedy draw can corner itself when voids leave few choices (late in a hand
        # of five seats): a world exists (the real deal is one), so find one by matching
        world = matched_world(know, me, hand, rng)
        if world is None:
            break
        matched.append(world)
    if matched:
        drawn = np.concatenate((drawn, np.array(matched, np.uint64)))
    return drawn[:count]


def agreeing_first(drawn: list[list[int]], agrees: Callable[[list[int]], bool], count: int
                   ) -> list[list[int]]:
    """Of the worlds ``drawn``, read in turn, the first ``count`` that ``agrees``, then,
    where fewer do, the first of those that do not (the one-by-one check of
    :func:`sample_worlds`)."""
    good: list[list[int]] = []
    bad: list[list[int]] = []
    for world in drawn:
        if agrees(world):
            good.append(world)
            if len(good) == count:
                break
        elif len(bad) < count:
            bad.append(world)
    return good + bad[:count - len(good)]
