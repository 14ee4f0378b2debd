"""The search bot's rule-of-thumb play-outs of one decision, batched across its worlds and
candidates.

:meth:`pitchkit.bots.search.SearchBot.play_card_out` plays one candidate out in one world
card by card in Python: about 3 us a card, paid again for every world and candidate.
Here every play-out of a decision (each world with each candidate) is one row of numpy
arrays of card masks, and every row is played to the end of the hand by one call of a
compiled kernel (:func:`pitchkit.bots.thumb.play_rows`: numba): the Python cost is paid
once a decision. All the rows of one decision start from the same trick, so they lead
and follow together (every trick has as many cards in every row), only the seat to play
and the cards differ.

The rule of thumb is the same, card for card (``tests/test_search_batch.py`` holds the two
equal on random positions of every shipped variant and of random rule sets, values
included): a leader leads its strongest card (its strongest trump, else its highest
plain card, the first suit on a tie); a follower takes an opponent's trick as cheaply as
may be, else throws the card least worth holding. To make "cheapest" one operation,
the cards are *relabelled* for each rule set and trump: bit ``i`` of a batch mask is the
card ``i``-th least worth holding (:attr:`ThumbTables.card_of`), so the cheapest card of
a mask is its lowest bit; the game points are read from tables of 14-bit chunks.

The play-outs' value is :class:`pitchkit.bots.quickscore.QuickScore`'s, clause for clause
(:meth:`BatchScore.values`: who is credited with each point, row by row, in compiled code,
:func:`pitchkit.bots.credits.credit_rows`); a play-out the quick scorer hands to the engine's
scoring (it may end the game, every point to one side under
``scoring.all_points_wins_game``, a moon, a slam, combination scoring) is valued by that
scorer, row by row.

In trumps-only play (``play.trumps_only``: a seat out of trumps folds) each row's tricks
are played by the seats of that row still holding cards (:func:`pitchkit.bots.thumb.play_rows`'s
``folds``, as :func:`pitchkit.fold.seating` seats them), by the rule of thumb or the
heuristic's card play, and nothing is played exactly.

Not here: staged play (``play.stages``: every seat chooses its next stage's cards at a
stage's end), compiled a world at a time by :mod:`pitchkit.bots.staged_rows`, and the
default bot's card play as the judge (``playout=careful``), played out one by one.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots import credits, thumb
from pitchkit.bots.endgame import back_up
from pitchkit.bots.montecarlo import GAME_BONUS
from pitchkit.bots.quickscore import QuickScore
from pitchkit.cards import SUIT_MASKS
from pitchkit.scoring import (
    KIND_CARD,
    KIND_GAME,
    KIND_HIGH,
    KIND_HIGH_SPADE,
    KIND_JACK,
    KIND_LAST_TRICK,
    KIND_LOW,
    ScoringPlan,
    bid_result,
)
from pitchkit.settle import settle_parts
from pitchkit.tricks import TrumpTables
from pitchkit.variant import GoesTo

U64 = np.uint64
Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.intp]
#: every seat's cards of the hand by world: lists of masks, or a uint64 array (a row a
#: world)
Dealt = Sequence[Sequence[int]] | Masks
#: no world given by row: row ``r`` is of world ``r // c_count``
_BY_COUNT = np.zeros(0, np.intp)

#: Cards (bits) a mask may hold: two jokers after the 52.
CARDS = 54
#: Bits of the chunks the lead's and the scorer's tables read a mask by.
CHUNK = 14
CHUNKS = -(-CARDS // CHUNK)
CHUNK_MASK = (1 << CHUNK) - 1
#: the same as 0-d arrays, and each chunk's shift (made once, not at every use: an array
#: operand costs numpy less a call than a numpy scalar does)
_LOW = np.array(CHUNK_MASK, U64)
_SHIFTS = [np.array(chunk * CHUNK, U64) for chunk in range(CHUNKS)]
#: per kind of point item, how the card it is about is found in a world
#: (:func:`pitchkit.bots.credits.world_items`)
_CARD_RULES = {KIND_CARD: credits.ITS_CARD, KIND_HIGH: credits.HIGH_TRUMP,
               KIND_LOW: credits.LOW_TRUMP, KIND_JACK: credits.JACK_IN_PLAY,
               KIND_HIGH_SPADE: credits.HIGH_SPADE}
#: the spades (a uint64 for numba)
_SPADES = U64(SUIT_MASKS[0])
#: ``2**i % 67`` differs for every ``i < 64``: the tables by card of a trick led
#: (:attr:`ThumbTables.beats`) are read at ``suit led * 67 + bit % 67``.
MOD = 67
assert len({(1 << i) % MOD for i in range(64)}) == 64


def _chunk_table(values: Sequence[int], combine: str, empty: int, dtype: type) -> list[
        npt.NDArray[np.generic]]:
    """Per 14-bit chunk of a mask, a table over the chunk's values of ``combine``
    (``or``, ``max``, ``sum``) of ``values[bit]`` over its bits (``empty`` for none)."""
    out = []
    for chunk in range(CHUNKS):
        table: npt.NDArray[np.generic] = np.full(1, empty, dtype)
        for b in range(CHUNK):
            i = chunk * CHUNK + b
            value = values[i] if i < CARDS else empty
            if combine == "or":
                more = table | np.array(value, dtype)
            elif combine == "max":
                more = np.maximum(table, np.array(value, dtype))
            else:
                more = table + np.array(value, dtype)
            table = np.concatenate([table, more])
        out.append(table)
    return out


def _by_chunks(tables: Sequence[npt.NDArray[np.generic]], masks: Masks, combine: str
               ) -> npt.NDArray[np.generic]:
    """``combine`` of the chunk tables' entries for ``masks`` (``take``: indexing by an
    array of uint64 costs numpy about twice as much)."""
    out: Any = tables[0].take(masks & _LOW)
    for chunk in range(1, CHUNKS):
        part: Any = tables[chunk].take((masks >> _SHIFTS[chunk]) & _LOW)
        if combine == "or":
            out = out | part
        elif combine == "max":
            out = np.maximum(out, part)
        else:
            out = out + part
    return out


@dataclass(frozen=True)
class ThumbTables:
    """The rule of thumb's tables for one rule set and trump suit, on relabelled cards
    (see the module): built once per bot and trump (:func:`thumb_tables`)."""

    #: relabelled index -> card, and card -> relabelled index
    card_of: tuple[int, ...]
    index_of: tuple[int, ...]
    #: chunk tables: a relabelled mask -> the mask of cards
    unlabel: list[npt.NDArray[np.generic]]
    #: by relabelled card: its effective suit
    suit: Ints
    #: trick keys by suit led, by relabelled card
    keys: tuple[tuple[int, ...], ...]
    #: the cards that beat a card in a trick (a relabelled mask), by ``suit led * 67 +
    #: its bit % 67``
    beats: Masks
    #: by relabelled card led: ``its suit * 67``, the cards that beat it, and its suit's
    #: mask
    led_base: Masks
    lead_beats: Masks
    led_masks: Masks
    #: per suit: the relabelled mask of its cards (effective suits)
    suit_masks: Masks
    trumps: int
    jokers: int
    #: by relabelled card, ``rank * 64 + the card`` as a lead (-1: never led first): the
    #: leader leads the highest it holds
    lead_enc: npt.NDArray[np.int64]
    following: int
    never_lead_joker: bool
    #: trumps-only play (``play.trumps_only``): a seat with no card left folds, a row's
    #: tricks have as many cards as seats still holding some
    folds: bool
    #: per byte of a mask of cards, the relabelled masks of its 256 values (Python ints,
    #: for :meth:`relabel_of`)
    relabel_bytes: tuple[tuple[int, ...], ...] = ()

    @cached_property
    def index_array(self) -> Ints:
        """:attr:`index_of` as an array (for numba)."""
        return np.array(self.index_of, np.intp)

    @cached_property
    def trumps_u64(self) -> np.uint64:
        """:attr:`trumps` as numba reads a mask (a uint64: a Python int would be int64;
        made once: a uint64 costs numpy microseconds, every batch)."""
        return U64(self.trumps)

    @cached_property
    def joker_free(self) -> np.uint64:
        """Every card but the jokers (relabelled), as :attr:`trumps_u64`."""
        return U64(~self.jokers & ((1 << CARDS) - 1))

    def relabel_of(self, mask: int) -> int:
        """The relabelled mask of a mask of cards, in Python (one mask: cheaper than a
        numpy call)."""
        out = 0
        for table in self.relabel_bytes:
            out |= table[mask & 0xFF]
            mask >>= 8
        return out


def thumb_tables(tables: tuple[TrumpTables, tuple[tuple[int, ...], ...], tuple[float, ...],
                               tuple[int, ...]], following: int, never_lead_joker: bool,
                 folds: bool) -> ThumbTables:
    """The :class:`ThumbTables` of one trump suit from the search's tables of it
    (:func:`pitchkit.bots.search.trick_tables`: trick tables, keys by suit led, what
    each card is worth holding, the trumps strongest first), the following rule,
    ``play.never_lead_joker`` and ``play.trumps_only`` (``folds``)."""
    t, keys_by_led, cost, trump_order = tables
    # rule of thumb: the card least worth holding; on a tie, the lowest card
    card_of = tuple(sorted(range(CARDS), key=lambda c: (cost[c], c)))
    index_of = [0] * CARDS
    for i, c in enumerate(card_of):
        index_of[c] = i

    relabel_bytes = tuple(_byte_table([1 << index_of[c] if c < CARDS else 0
                                       for c in range(8 * byte, 8 * byte + 8)])
                          for byte in range(-(-CARDS // 8)))

    def relabelled(mask: int) -> int:
        out = 0
        for table in relabel_bytes:
            out |= table[mask & 0xFF]
            mask >>= 8
        return out

    beats = np.zeros(4 * MOD, U64)
    for led in range(4):
        row = keys_by_led[led]
        # the cards by key, highest first: each beaten by those of a higher key
        above = 0  # the cards of a key higher than the key at hand
        by_key = sorted(range(CARDS), key=lambda c: -row[c])
        start = 0
        while start < CARDS:
            end = start
            same = 0
            while end < CARDS and row[by_key[end]] == row[by_key[start]]:
                same |= 1 << by_key[end]
                end += 1
            beaten_by = relabelled(above)
            for c in by_key[start:end]:
                beats[led * MOD + (1 << index_of[c]) % MOD] = beaten_by
            above |= same
            start = end
    suits = [t.effective_suit[card_of[i]] for i in range(CARDS)]
    # the lead: the strongest trump, else the highest plain card (the first suit on a tie)
    lead_rank = [-1] * CARDS
    for position, c in enumerate(trump_order):
        lead_rank[c] = 1000 - position
    for c in range(52):
        if not t.trumps >> c & 1:
            lead_rank[c] = (c % 13) * 4 + (3 - c // 13)
    lead_enc = [lead_rank[card_of[i]] * 64 + i if lead_rank[card_of[i]] >= 0 else -1
                for i in range(CARDS)]
    out = ThumbTables(
        card_of=card_of, index_of=tuple(index_of),
        unlabel=_chunk_table([1 << card_of[i] for i in range(CARDS)], "or", 0, U64),
        suit=np.array(suits, np.intp),
        keys=tuple(tuple(keys_by_led[led][card_of[i]] for i in range(CARDS))
                   for led in range(4)),
        beats=beats,
        led_base=np.array([suits[i] * MOD for i in range(CARDS)], U64),
        lead_beats=beats[[suits[i] * MOD + (1 << i) % MOD for i in range(CARDS)]],
        led_masks=np.array([relabelled(t.suit_masks[suits[i]]) for i in range(CARDS)], U64),
        suit_masks=np.array([relabelled(m) for m in t.suit_masks], U64),
        trumps=relabelled(t.trumps), jokers=relabelled(3 << 52),
        lead_enc=np.array(lead_enc, np.int64),
        following=following, never_lead_joker=never_lead_joker, folds=folds,
        relabel_bytes=relabel_bytes)
    compile_kernels(out)
    return out


def compile_kernels(tab: ThumbTables) -> None:
    """Compile the kernels (:mod:`pitchkit.bots.thumb`, :mod:`pitchkit.bots.credits`) for
    the types :func:`play_outs` and :class:`BatchScore` pass them (or load them from
    numba's cache), with the tables, not at a search's first decision: a batch of no
    rows."""
    play_outs(tab, [[0] * 4], [], 0, [], [0] * 4, [0] * 4, (0, 1, 2, 3), (1, 2, 3, 0), 4)
    if not tab.folds:
        # the exact play's kernels (a table of one seat: no trick left open)
        play_outs(tab, [[0] * 4], [], 0, [], [0] * 4, [0] * 4, (0, 1, 2, 3), (1, 2, 3, 0), 1,
                  exact=2)
    no_rows = np.zeros(0, np.intp)
    thumb.legal_rows(np.zeros((0, 4), U64), no_rows, 0, np.zeros(0, U64), tab.following,
                     tab.never_lead_joker, tab.joker_free, tab.trumps_u64)
    credits.score_rows(np.zeros((0, 5), np.int64), np.zeros(0, np.float64), no_rows,
                       np.zeros((0, 4), U64), np.zeros((0, 4), U64), no_rows, 1, no_rows,
                       no_rows, False, no_rows, no_rows, np.zeros(0, bool), tab.index_array,
                       U64(0), _SPADES, False, -1, -1, -1, no_rows, np.zeros(0, np.int64),
                       np.zeros((1, 1), np.int64), np.zeros(credits.CONSTS, np.int64),
                       no_rows, np.zeros(0, np.int64), np.zeros(0, np.int64), no_rows, no_rows)


def _byte_table(bits: Sequence[int]) -> tuple[int, ...]:
    """Per value of a byte, the or of ``bits[b]`` over its bits ``b``."""
    table = [0] * 256
    for value in range(1, 256):
        low = value & -value
        table[value] = table[value ^ low] | bits[low.bit_length() - 1]
    return tuple(table)


@dataclass
class Batch:
    """Play-outs of one decision, one row each (world-major: row ``w * C + c`` is world
    ``w`` with candidate ``c``); what they captured (relabelled masks), tricks won and the
    seat that won the last trick, and the cards played step by step when traced."""

    captured: Masks
    tricks_won: npt.NDArray[np.int64]
    last: Ints
    trace: list[list[int]] | None = None
    #: played exactly (``exact``): the rows are the leaves of every play-out's tree of
    #: play, ``root`` the play-out of each, and ``tree`` its choices, first to last: per
    #: choice with more than one card, each child's node, where each node's children
    #: start (they are together, in order) and each child's seat to play
    #: (:func:`pitchkit.bots.endgame.back_up`)
    root: Ints | None = None
    tree: list[tuple[Ints, Ints, Ints]] = field(default_factory=list)
    #: the worlds played (by world, every seat's unplayed cards, original numbers: what
    #: :meth:`BatchScore.values` adds the cards played before to; None: not kept)
    worlds: Masks | None = None


@dataclass(frozen=True)
class WiseTables:
    """What the heuristic's card play (:func:`pitchkit.bots.thumb.wise_lead`,
    :func:`~pitchkit.bots.thumb.wise_follow`) reads, by relabelled card of one trump suit
    (:class:`ThumbTables`): its cost (``HeuristicBot.cost``) and place by cost and power
    (``Know.rank``), each without and with the low-trump bonus (rows 0 and 1), the
    cards' power, the trumps below each trump, the cards that risk no point card (without
    and with the bonus), the deck, and whether the bonus counts and combinations score."""

    cost: npt.NDArray[np.float64]
    rank: Ints
    power: Ints
    lower: Masks
    cheap: Masks
    deck: int
    bonus: bool
    combinations: bool


def wise_tables(tab: ThumbTables, play: Sequence[Any], cheap: tuple[int, int], deck: int,
                bonus: bool, combinations: bool) -> WiseTables:
    """The :class:`WiseTables` of the heuristic's tables of one trump suit (``play``: its
    ``PlayTables``; masks: ``cheap``, ``deck``), relabelled as ``tab``."""
    _, power, _, _, _, lower, base, rank, rank_bonus, base_bonus = play
    cards = tab.card_of
    # ranks and powers carry the card in their low bits (``* TIE + card``): the heuristic
    # breaks a tie by the lowest card, the kernels read the cards in relabelled order
    # (by what the search prices them at, which may order two cards of one heuristic
    # rank the other way: two jokers of one power, joker_order first_played_higher)
    return WiseTables(
        cost=np.array([[base[c] for c in cards], [base_bonus[c] for c in cards]], np.float64),
        rank=np.array([[rank[c] * thumb.TIE + c for c in cards],
                       [rank_bonus[c] * thumb.TIE + c for c in cards]], np.intp),
        power=np.array([power[c] * thumb.TIE + c for c in cards], np.intp),
        lower=np.array([tab.relabel_of(lower[c]) for c in cards], U64),
        cheap=np.array([tab.relabel_of(m) for m in cheap], U64),
        deck=tab.relabel_of(deck), bonus=bonus, combinations=combinations)


def play_outs(tab: ThumbTables, worlds: Sequence[Sequence[int]] | Masks,
              candidates: Sequence[int],
              seat: int, trick: Sequence[tuple[int, int]], captured: Sequence[int],
              tricks_won: Sequence[int], team: Sequence[int], next_seat: Sequence[int],
              size: int, trace: bool = False, exact: int = 0,
              wise: WiseTables | None = None) -> Batch:
    """Play every candidate (a legal card of ``seat``, to the ``trick`` on the table) out
    in every world (every seat's unplayed cards, ``seat``'s with the candidates) by the
    rule of thumb (:func:`pitchkit.bots.thumb.play_rows`; the worlds as lists, or the
    rows of a uint64 array), ``size`` seats playing, each
    followed by ``next_seat``; ``captured`` and ``tricks_won`` so far. With ``trace``, the
    cards played by rule of thumb (original numbers) of every row, step by step (-1
    after the last card of a row whose world holds fewer cards: trumps-only play).

    With ``exact``, the cards after the candidate from the first at which no more than
    ``exact`` tricks' cards are left are played every way they may be
    (:mod:`pitchkit.bots.endgame`): each legal card of a node a new row (the node's
    cards least worth holding first), the rows of the batch the leaves.

    In trumps-only play (:attr:`ThumbTables.folds`) a seat out of cards sits out: each
    trick is played by the seats still holding some (``size`` is not read), and no card
    is played exactly (``exact`` is refused).

    With ``wise`` (not with ``exact``), every seat plays the heuristic's card play
    instead of the rule of thumb, seeing the cards it would (the deck's cards not played
    and not its own), in trumps-only play too (the seats still holding cards, as
    above)."""
    if tab.folds and exact:
        raise ValueError("exact play does not model trumps-only play (seats that fold)")
    assert not (wise and exact), "the heuristic's play-outs are not played exactly"
    w_count, c_count = len(worlds), len(candidates)
    rows = w_count * c_count
    index_of = tab.index_of
    win_seat, beat, trick_mask, led67, led_mask, taken, won_so_far, nxt, team_arr, solo, \
        in_trick, unplayed = table_state(tab, seat, trick, captured, tricks_won, team,
                                         next_seat, size, wise)
    # (np.fromiter: numpy reads a list of Python ints above 2**31 slowly)
    # (its count given: numpy then makes the array at once, not growing it)
    if isinstance(worlds, np.ndarray):
        world_rows = np.ascontiguousarray(worlds, U64)
    else:
        n = len(worlds[0]) if w_count else 0
        world_rows = np.fromiter(chain.from_iterable(worlds), U64, w_count * n).reshape(
            w_count, n)
    n = world_rows.shape[1]
    firsts = np.fromiter([1 << index_of[c] for c in candidates], U64, c_count)
    place = len(trick)

    wise, live = _wise_rows(wise, rows, unplayed)
    wise_on = wise is not _NO_WISE

    if not exact:
        # the whole hand by rule of thumb (or the heuristic): laid out and played in one
        # compiled call
        traced = np.full((thumb.hand_plays(world_rows, tab.folds), rows), -1, np.intp) \
            if trace else _NO_TRACE
        cap, won, last = np.empty((rows, n), U64), np.empty((rows, n), np.int64), \
            np.empty(rows, np.intp)
        thumb.run_rows(
            cap, won, last, world_rows, tab.index_array, firsts, taken,
            won_so_far, seat, win_seat, beat, trick_mask, led67, led_mask, place, size, nxt,
            team_arr, solo, tab.folds, in_trick, tab.following, tab.never_lead_joker,
            tab.joker_free, tab.trumps_u64, tab.beats, tab.lead_enc, tab.lead_beats,
            tab.led_base, tab.led_masks, traced, wise_on, live, wise.cost, wise.rank,
            wise.power, wise.lower, wise.cheap, wise.bonus, wise.combinations)
        return Batch(cap, won, last,
                     np.array([*tab.card_of, -1], np.intp).take(traced).tolist() if trace
                     else None, worlds=world_rows)

    hands, cap, won, last, to_play, win_seats, beats, trick_masks, led67s, led_masks, \
        firsts = thumb.start_rows(world_rows, tab.index_array, firsts, taken,
                                  won_so_far, seat, win_seat, beat, trick_mask, led67,
                                  led_mask)
    plays = thumb.hand_plays(world_rows, tab.folds)
    # played exactly from this step on (never the candidate)
    exact_from = max(plays - exact * size, 1)
    traced = np.full((exact_from, rows), -1, np.intp) if trace else _NO_TRACE

    def play(first: Masks, step_from: int, step_to: int, trace_to: Ints) -> None:
        thumb.play_rows(hands, cap, won, last, to_play, win_seats, beats, trick_masks, led67s,
                        led_masks, first, place, step_from, step_to, plays, size, nxt,
                        team_arr, solo, tab.folds, in_trick, tab.following,
                        tab.never_lead_joker, tab.joker_free, tab.trumps_u64, tab.beats,
                        tab.lead_enc, tab.lead_beats, tab.led_base, tab.led_masks,
                        trace_to, wise_on, live, wise.cost, wise.rank, wise.power, wise.lower,
                        wise.cheap, wise.bonus, wise.combinations)

    play(firsts, 0, exact_from, traced)
    place = (place + exact_from) % size
    root: Ints | None = None
    tree: list[tuple[Ints, Ints, Ints]] = []
    for step in range(exact_from, plays):
        if plays - step <= size - place:
            play(_NO_CARDS, step, plays, _NO_TRACE)  # the last trick: one card each
            break
        legal = thumb.legal_rows(hands, to_play, place, led_masks, tab.following,
                                 tab.never_lead_joker, tab.joker_free, tab.trumps_u64)
        counts = np.bitwise_count(legal).astype(np.intp)
        if counts.max() == 1:
            bit = legal
        else:
            # every legal card a child of its node, in order (least worth holding first):
            # the node's state copied to each
            lows, more = [], legal
            for _ in range(counts.max()):
                low = np.bitwise_and(more, -more)
                lows.append(low)
                more = more ^ low
            options = np.column_stack(lows)
            parent = np.repeat(np.arange(len(counts)), counts)
            bit = options[options.astype(bool)]
            root = parent if root is None else root.take(parent)
            hands, cap, won = (hands.take(parent, axis=0), cap.take(parent, axis=0),
                               won.take(parent, axis=0))
            last, to_play, win_seats = last.take(parent), to_play.take(parent), \
                win_seats.take(parent)
            beats, trick_masks, led67s, led_masks = beats.take(parent), \
                trick_masks.take(parent), led67s.take(parent), led_masks.take(parent)
            tree.append((parent, np.cumsum(counts) - counts, to_play.copy()))
        play(bit, step, step + 1, _NO_TRACE)
        place = (place + 1) % size
    assert not place, "a play-out ends at a trick's end"
    return Batch(cap, won, last,
                 np.array([*tab.card_of, -1], np.intp).take(traced).tolist() if trace
                 else None,
                 root, tree, world_rows)


def _wise_rows(wise: WiseTables | None, rows: int, unplayed: int
               ) -> tuple[WiseTables, Masks]:
    """The heuristic's tables as the kernels take them (none: :data:`_NO_WISE`) and,
    with them, every row's cards no seat has seen played (``unplayed``; the kernel
    strikes them as they are)."""
    if wise is None:
        return _NO_WISE, _NO_CARDS
    live = np.empty(rows, U64)
    live.fill(unplayed)
    return wise, live


def led_play_outs(tab: ThumbTables, worlds: Masks, leads: Sequence[int], pitcher: int,
                  team: Sequence[int], next_seat: Sequence[int], size: int,
                  wise: WiseTables | None = None) -> Batch:
    """Every world's hand played out from its start, ``pitcher`` leading ``leads[w]`` (a
    card of its hand in world ``w``, original numbers) and every seat then playing as
    :func:`play_outs` plays (by rule of thumb, or the heuristic's card play with
    ``wise``): one row a world (:mod:`pitchkit.bots.auction_search` values another seat's
    contract with it). Not for trumps-only play."""
    n = worlds.shape[1]
    rows = worlds.shape[0]
    index_of = tab.index_of
    zeros = [0] * n
    win_seat, beat, trick_mask, led67, led_mask, taken, won_so_far, nxt, team_arr, solo, \
        in_trick, unplayed = table_state(tab, pitcher, (), tuple(zeros), tuple(zeros),
                                         tuple(team), tuple(next_seat), size, wise)
    world_rows = np.ascontiguousarray(worlds, U64)
    hands, cap, won, last, to_play, win_seats, beats, trick_masks, led67s, led_masks, \
        _ = thumb.start_rows(world_rows, tab.index_array, np.zeros(1, U64), taken,
                             won_so_far, pitcher, win_seat, beat, trick_mask, led67,
                             led_mask)
    first = np.fromiter([1 << index_of[c] for c in leads], U64, rows)
    wise, live = _wise_rows(wise, rows, unplayed)
    plays = thumb.hand_plays(world_rows, tab.folds)
    thumb.play_rows(hands, cap, won, last, to_play, win_seats, beats, trick_masks, led67s,
                    led_masks, first, 0, 0, plays, plays, size, nxt, team_arr, solo,
                    tab.folds, in_trick, tab.following, tab.never_lead_joker, tab.joker_free,
                    tab.trumps_u64, tab.beats, tab.lead_enc, tab.lead_beats, tab.led_base,
                    tab.led_masks, _NO_TRACE, wise is not _NO_WISE, live, wise.cost,
                    wise.rank, wise.power, wise.lower, wise.cheap, wise.bonus,
                    wise.combinations)
    return Batch(cap, won, last, None, worlds=world_rows)


#: :func:`table_state`'s last answer and what it was of (a decision's batches ask alike)
_LAST_STATE: list[tuple[tuple[Any, ...], tuple[int, int], tuple[Any, ...]]] = []


def table_state(tab: ThumbTables, seat: int, trick: Sequence[tuple[int, int]],
                captured: Sequence[int], tricks_won: Sequence[int], team: Sequence[int],
                next_seat: Sequence[int], size: int, wise: WiseTables | None
                ) -> tuple[Any, ...]:
    """What :func:`play_outs` reads of the table, the same in every row: of the trick
    under way the seat winning it, the cards that beat its card (a suit led orders the
    cards: a card beating the winner wins, and what beats it is what beat both), its
    cards and the suit led (index and mask); the cards captured and tricks won as arrays;
    the seating (:func:`_seats`); in trumps-only play the seats that played to the trick;
    with ``wise`` the cards no seat has seen played (relabelled; else 0). The last answer
    is kept and given again where every sequence is the same tuple (a decision's batches
    are of one observation's tuples; the kernels only read the arrays)."""
    key = (tab, wise, trick, captured, tricks_won, team, next_seat)
    if _LAST_STATE:
        last, at, answer = _LAST_STATE[0]
        if at == (seat, size) and all(a is b for a, b in zip(last, key, strict=True)) \
                and all(type(part) is tuple for part in key[2:]):
            return answer
    index_of = tab.index_of
    win_seat, beat, trick_mask, led67, led_mask = -1, U64(0), U64(0), U64(0), U64(0)
    if trick:
        first = index_of[trick[0][1]]
        led = int(tab.suit[first])
        keys = tab.keys[led]
        win_c, win_p = first, 0
        bits = 0
        for p, (_, c) in enumerate(trick):
            i = index_of[c]
            bits |= 1 << i
            if keys[i] > keys[win_c]:
                win_c, win_p = i, p
        win_seat = trick[win_p][0]
        beat = tab.beats[led * MOD + (1 << win_c) % MOD]
        trick_mask, led67, led_mask = U64(bits), U64(led * MOD), tab.suit_masks[led]
    taken = np.fromiter(captured, U64, len(captured))
    won_so_far = np.array(tricks_won, np.int64)
    first_seat = trick[0][0] if trick else seat
    nxt, team_arr, solo = _seats(tuple(next_seat), tuple(team), first_seat, size, tab.folds)
    in_trick = 0  # trumps-only play: the seats that played to the trick on the table
    if tab.folds:
        for s, _ in trick:
            in_trick |= 1 << s
    # the cards no seat has seen played: the deck's less those captured and on the table
    unplayed = 0 if wise is None else \
        wise.deck & ~tab.relabel_of(sum(captured) | sum(1 << c for _, c in trick))
    answer = (win_seat, beat, trick_mask, led67, led_mask, taken, won_so_far, nxt, team_arr,
              solo, in_trick, unplayed)
    _LAST_STATE[:] = [(key, (seat, size), answer)]
    return answer


@lru_cache(maxsize=1024)
def _seats(next_seat: tuple[int, ...], team: tuple[int, ...], first: int, size: int,
           folds: bool) -> tuple[Ints, Ints, bool]:
    """The seat after each and every seat's side as the kernels read them, and whether
    every seat of the play-out is a side of its own (auction pitch: a follower always
    plays to an opponent's trick; ``first``: the seat that leads the trick under way, and
    ``size`` seats play; in trumps-only play, ``folds``, whatever seats fold)."""
    order = [first]
    while len(order) < size:
        order.append(next_seat[order[-1]])
    solo = len(set(team)) == len(team) if folds else len({team[s] for s in order}) == size
    return np.array(next_seat, np.intp), np.array(team, np.intp), solo


#: No card given (:func:`pitchkit.bots.thumb.play_rows` plays the first step itself) and
#: no trace kept
_NO_CARDS = np.zeros(0, U64)
_NO_TRACE = np.zeros((0, 0), np.intp)
#: no heuristic's tables (the rule of thumb's play-outs)
_NO_WISE = WiseTables(cost=np.zeros((2, 0), np.float64), rank=np.zeros((2, 0), np.intp),
                      power=np.zeros(0, np.intp), lower=np.zeros(0, U64),
                      cheap=np.zeros(2, U64), deck=0, bonus=False, combinations=False)


def game_tables(plan: ScoringPlan, tab: ThumbTables) -> npt.NDArray[np.int64]:
    """Chunk tables of the game points of a relabelled mask (twice them and a joker's
    half where a captured joker counts half a game point), as ``QuickScore.game`` adds
    them up: a row a chunk."""
    game = plan.game_table
    halves = plan.joker_game_halves
    points = [game[1 << (c % 13)] if c < 52 else 0 for c in range(CARDS)]
    if halves:
        # rule: a captured joker counts half a game point (points.joker_game_halves)
        points = [2 * p if c < 52 else halves for c, p in enumerate(points)]
    return np.stack(_chunk_table([points[tab.card_of[i]] for i in range(CARDS)], "sum", 0,
                                 np.int64))


def unlabelled(tab: ThumbTables, masks: Masks) -> Any:
    """Relabelled masks back to cards (Python ints; lists as deep as ``masks``)."""
    return _by_chunks(tab.unlabel, masks, "or").tolist()


def bid_changes(quick: QuickScore) -> tuple[int, npt.NDArray[np.int64]] | None:
    """The pitcher's side's score change by the points it won
    (:func:`pitchkit.scoring.bid_result`), from the least points a side can win (a point
    may be worth less than nothing) to the most; None without a bid."""
    if quick.pitcher is None or quick.bid is None:
        return None
    values = [value for _, value, _, _ in quick.items]
    least = sum(v for v in values if v < 0)
    return least, np.array([bid_result(quick.plan, won, quick.bid)[1]
                            for won in range(least, sum(v for v in values if v > 0) + 1)],
                           np.int64)


class _Setup:
    """What :meth:`BatchScore._values` reads of one scorer (:class:`QuickScore`) and its
    bid's changes (:func:`bid_changes`), as the kernels take it: per item how it is
    credited (:mod:`pitchkit.bots.credits`), the rules' and the decision's integers, and
    for the end of a game the points' names and each set of sides' first seats."""

    def __init__(self, quick: QuickScore,
                 bid_change: tuple[int, npt.NDArray[np.int64]] | None) -> None:
        plan = quick.plan
        team_of = quick.team_of
        n = quick.n
        self.items = len(quick.items)
        (self.modes, self.rules, self.holders, self.cards, self.values, self.undealt_jack,
         self.names) = _item_tables(quick)
        #: the side an undealt jack goes to (``undealt_jack``: its item, -1 none)
        self.undealt_side = -1
        if self.undealt_jack >= 0 and quick.pitcher is not None:
            self.undealt_side = team_of[quick.pitcher]
        self.natural_mask = U64(quick.natural_mask)
        self.team = np.array(team_of, np.intp)
        self.elder_sides = np.array([team_of[s] for s in quick.elder], np.intp)
        self.sides = np.array(quick.sides, np.intp)
        self.old_up = np.array(quick.old_up, np.int64)
        self.others = np.array([team_of[s] for s in range(n) if team_of[s] != team_of[quick.me]],
                               np.intp)
        consts = [0] * credits.CONSTS
        consts[credits.C_GAME_TIE] = credits.TIE_CODES[plan.game_tie]
        consts[credits.C_ONE_SIDE] = quick.all_points_wins
        # every point to one side may end the game only where there is a game to end (as
        # QuickScore.full settles it: with a target)
        consts[credits.C_END_ALONE] = quick.all_points_wins and quick.target is not None
        if bid_change is not None:
            consts[credits.C_BID_LEAST] = bid_change[0]
            consts[credits.C_PITCHER_SIDE] = team_of[quick.pitcher]  # type: ignore[index]
            consts[credits.C_BID] = quick.bid  # type: ignore[assignment]
            self.by_won = bid_change[1]
        else:
            self.by_won = np.zeros(0, np.int64)
        consts[credits.C_OPPONENTS_SCORE] = plan.opponents_score
        if quick.target is not None:
            consts[credits.C_TARGET] = 1
            consts[credits.C_TARGET_VALUE] = quick.target
            consts[credits.C_HANDS_END] = quick.hands_end
            if quick.floor is not None:
                consts[credits.C_FLOOR_ON], consts[credits.C_FLOOR] = 1, quick.floor
            if quick.losing is not None:
                consts[credits.C_LOSING_ON], consts[credits.C_LOSING] = 1, quick.losing
        consts[credits.C_ME_SIDE] = team_of[quick.me]
        self.consts = np.array(consts, np.int64)
        #: for settling: per set of sides (a bit each) the first seat of each (settling
        #: reads the points' takers by side only)
        self.takers = _takers(tuple(quick.seats_of[side][0] if quick.seats_of[side] else -1
                                    for side in range(n)))


#: :func:`_item_tables` by the scoring plan (its id: hashing a plan is not cheap), trump
#: and whether there is a pitcher, with the plan it was made of
_ITEM_TABLES: dict[tuple[int, int, bool], tuple[ScoringPlan, tuple[Any, ...]]] = {}
_ITEM_TABLES_KEPT = 512


def _item_tables(quick: QuickScore) -> tuple[Any, ...]:
    """What :class:`_Setup` reads of the point items of ``quick`` (the same for every
    scorer of a rule set, trump, and pitcher or none: worked out once): per item its
    mode and how its card is found (:mod:`pitchkit.bots.credits`), whether it goes by
    who held the card, its card and value; the item of a jack that goes to the pitcher
    when undealt (-1: none); the points' names."""
    plan = quick.plan
    key = (id(plan), quick.trump, quick.pitcher is not None)
    found = _ITEM_TABLES.get(key)
    if found is not None and found[0] is plan:
        return found[1]
    items = quick.items
    modes, rules, holders = [], [], []
    undealt_jack = -1
    for i, (kind, _, _, goes_to) in enumerate(items):
        goes = (plan.high_goes_to if kind == KIND_HIGH else plan.low_goes_to
                if kind == KIND_LOW else goes_to)
        rule = _CARD_RULES.get(kind, credits.NO_CARD)
        rules.append(rule)
        holders.append(False)
        if rule == credits.NO_CARD:
            modes.append(credits.TO_GAME if kind == KIND_GAME else
                         credits.TO_LAST if kind == KIND_LAST_TRICK else credits.TO_NOBODY)
        elif kind in (KIND_JACK, KIND_HIGH_SPADE) or goes is GoesTo.CAPTURER:
            modes.append(credits.TO_CAPTURER)
            if kind == KIND_JACK and plan.undealt_jack_to_pitcher \
                    and quick.pitcher is not None:
                undealt_jack = i
        else:
            # QuickScore's _credit: to its holder, or (to the player who played it)
            # nobody when never played
            modes.append(credits.TO_HOLDER if goes is GoesTo.HOLDER or (
                kind != KIND_CARD and goes is not GoesTo.PLAYER) else credits.IF_PLAYED)
            holders[i] = True
    tables = (np.array(modes, np.intp), np.array(rules, np.intp), np.array(holders, bool),
              np.array([card for _, _, card, _ in items], np.intp),
              np.array([value for _, value, _, _ in items], np.int64), undealt_jack,
              [item.name for item in plan.items])
    if len(_ITEM_TABLES) >= _ITEM_TABLES_KEPT:
        _ITEM_TABLES.clear()  # (many rule sets: tests) the plans kept are let go
    _ITEM_TABLES[key] = (plan, tables)
    return tables


@lru_cache(maxsize=256)
def _takers(first_seat: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Per set of sides (a bit each), the first seat of each (``first_seat``: by side;
    worked out once per sides)."""
    n = len(first_seat)
    return [tuple(first_seat[side] for side in range(n) if bits >> side & 1)
            for bits in range(1 << n)]


#: per scorer, the bid's changes its :class:`_Setup` was made with and the setup
_SETUPS: weakref.WeakKeyDictionary[
    QuickScore, tuple[tuple[int, npt.NDArray[np.int64]] | None, _Setup]] = \
    weakref.WeakKeyDictionary()


#: The games' ends by outcome (:meth:`BatchScore._game_ends`) per rule set (its id: hashing
#: it is not cheap), scores, sides, pitcher, bid and point items, with the rule set
_GAME_ENDS: dict[tuple[Any, ...], tuple[Any, dict[bytes, tuple[int, ...]]]] = {}
_GAME_ENDS_KEPT = 64


def game_ends(quick: QuickScore) -> dict[bytes, tuple[int, ...]]:
    """The dict of the games' ends :meth:`BatchScore._game_ends` fills for ``quick``'s
    hand: the same for every scorer of the same rules, scores, sides, pitcher and bid,
    whatever its seat (a game's winners are nobody's own view), so every seat's search
    of a hand settles an outcome once."""
    key = (id(quick.rules), tuple(quick.scores), tuple(quick.team_of), quick.pitcher,
           quick.bid, quick.moon, len(quick.items))
    found = _GAME_ENDS.get(key)
    if found is not None and found[0] is quick.rules:
        return found[1]
    if len(_GAME_ENDS) >= _GAME_ENDS_KEPT:
        _GAME_ENDS.clear()  # (hands gone by) the outcomes kept are let go
    ends: dict[bytes, tuple[int, ...]] = {}
    _GAME_ENDS[key] = (quick.rules, ends)
    return ends


class BatchScore:
    """:meth:`QuickScore.value` of every row of a :class:`Batch` (see the module)."""

    def __init__(self, quick: QuickScore, tab: ThumbTables,
                 game_points: npt.NDArray[np.int64],
                 bid_change: tuple[int, npt.NDArray[np.int64]] | None = None,
                 settled: dict[bytes, tuple[int, ...]] | None = None,
                 seat_scores: Sequence[QuickScore] = ()) -> None:
        self.quick, self.tab = quick, tab
        #: per seat, ``quick`` as that seat values a hand (a batch played exactly: every
        #: seat's values of its leaves, where the quick scorer hands rows to the engine's)
        self.seat_scores = seat_scores
        #: the game's winners (none: not ended) by outcome (:meth:`_game_ends`): by
        #: default :func:`game_ends`', shared by the scorers of a hand with the same rules,
        #: scores, sides, pitcher and bid
        self.settled = settled if settled is not None else game_ends(quick)
        #: chunk tables of a relabelled mask's game points (:func:`game_tables`)
        self.game_points = game_points
        #: :func:`bid_changes`
        self.bid_change = bid_change if bid_change is not None else bid_changes(quick)

    def values(self, batch: Batch, dealt: Dealt, c_count: int) -> npt.NDArray[np.float64]:
        """The value to ``me`` of every play-out (``dealt``: every seat's cards of the
        hand, by world, lists or an array of uint64 masks; ``c_count`` candidates a
        world): of its row, or where the batch was played exactly, of the line
        :func:`pitchkit.bots.endgame.back_up` chooses."""
        if batch.root is None:
            return self._values(batch, dealt, _BY_COUNT, c_count, by_seat=False)
        top, _ = back_up(batch.tree, self.seat_values(batch, dealt, c_count))
        return top[:, self.quick.me]

    def seat_values(self, batch: Batch, dealt: Dealt, c_count: int
                    ) -> npt.NDArray[np.float64]:
        """Every seat's value (a column each) of every row of a batch played exactly (its
        leaves)."""
        assert batch.root is not None
        return self._values(batch, dealt, batch.root // c_count, c_count, by_seat=True)

    def _values(self, batch: Batch, dealt: Dealt, world_of: Ints, c_count: int, *,
                by_seat: bool) -> npt.NDArray[np.float64]:
        """The value to ``me`` of every row (``world_of``: the world of each; empty: row
        ``r`` is of world ``r // c_count``), or with ``by_seat`` to every seat (a column
        each)."""
        quick = self.quick
        if not isinstance(dealt, np.ndarray):
            # (np.fromiter: numpy reads a list of Python ints above 2**31 slowly)
            dealt = np.fromiter(chain.from_iterable(dealt), U64).reshape(len(dealt), -1)
        if not quick.quick:
            if not len(world_of):
                world_of = np.arange(len(batch.last)) // c_count
            return self._by_rows(batch, dealt.tolist(), world_of, by_seat)
        setup = self._setup()
        n = quick.n
        team_of = quick.team_of
        rows = len(batch.last)
        # the kernel's results, made here (an array it handed back would cost more: numba's
        # boxing)
        outcomes = np.empty((rows, setup.items + n + 1), np.int64)
        mine = np.empty(rows, np.float64)
        picked = np.empty(rows, np.intp)
        ended = credits.score_rows(
            outcomes, mine, picked, dealt, batch.captured, batch.last, c_count, world_of,
            setup.team, quick.solo, setup.rules, setup.cards, setup.holders, self.tab.index_array,
            setup.natural_mask, _SPADES, quick.plan.lone_trump_high_only, quick.tie_card,
            setup.undealt_jack, setup.undealt_side, setup.modes, setup.values,
            self.game_points, setup.consts, setup.elder_sides, setup.by_won, setup.old_up,
            setup.sides, setup.others)
        if by_seat:
            change = outcomes[:, setup.items:setup.items + n]  # the score changes by side
            if quick.solo:
                # every other seat's change: all of them less its own (in whole numbers)
                others = (change.sum(axis=1)[:, None] - change) / (n - 1)
                out = change - others if n > 1 else change.astype(np.float64)
            else:
                out = np.column_stack([_value_to(change, team_of, seat) for seat in range(n)])
        else:
            out = mine
        if ended:
            self._game_ends(out, picked[:ended], outcomes, setup)
        return out

    def _setup(self) -> _Setup:
        """What :meth:`_values` reads of the scorer (and the bid's changes), worked out
        once for each scorer (a hand's decisions share it)."""
        made = _SETUPS.get(self.quick)
        if made is None or made[0] is not self.bid_change:
            made = _SETUPS[self.quick] = (self.bid_change, _Setup(self.quick, self.bid_change))
        return made[1]

    def _game_ends(self, out: npt.NDArray[np.float64], picked: Ints,
                   outcomes: npt.NDArray[np.int64], setup: _Setup) -> None:
        """Add to the rows ``picked`` (a hand that may end the game) what
        :meth:`QuickScore.full` adds to the quick value: :data:`GAME_BONUS` more (less)
        when the hand wins (loses) the game (``out``: to ``me``, or a column a seat), by
        the engine's own settling (:func:`pitchkit.settle.settle_parts`), asked once for
        each outcome (:func:`pitchkit.bots.credits.credit_rows`: which sides took each
        point, the score changes and whether the bid was made). (Settling reads the
        points' takers by side only: each side is named by its first seat.)"""
        quick = self.quick
        team_of = quick.team_of
        n = quick.n
        pitcher, bid = quick.pitcher, quick.bid
        outcomes = outcomes[picked]
        items = setup.items
        known = self.settled
        names, takers = setup.names, setup.takers

        def winners_of(key: bytes) -> tuple[int, ...]:
            """The game's winners after the outcome (its row's bytes; none: not ended),
            settled once."""
            winners = known.get(key)
            if winners is None:
                outcome = np.frombuffer(key, np.int64).tolist()
                points = dict(zip(names, [takers[bits] for bits in outcome[:items]],
                                  strict=True))
                by_side = outcome[items:items + n]
                changes = [by_side[team_of[seat]] for seat in range(n)]
                settled = settle_parts(quick.rules, quick.scores, team_of, pitcher, changes,
                                       None, points, 0,
                                       bool(outcome[-1]) if bid is not None else None)
                winners = known[key] = tuple(settled[2]) if settled[1] else ()
            return winners

        if out.ndim == 1:
            # each row's outcome as one bytes key (a C-speed hash), read from the dict
            row_bytes = np.dtype((np.void, outcomes.shape[1] * 8))
            keys: list[bytes] = outcomes.view(row_bytes).ravel().tolist()  # type: ignore[assignment]
            get = known.get
            ended = [get(key) for key in keys]
            if None in ended:  # an outcome not yet settled
                ended = [winners_of(key) if winners is None else winners
                         for key, winners in zip(keys, ended, strict=True)]
            me = quick.me
            bonus = np.array([(GAME_BONUS if me in winners else -GAME_BONUS) if winners
                              else 0.0 for winners in ended], np.float64)
            ends = bonus.nonzero()[0]  # (the rows of a game not ended left as they are)
            if len(ends):
                out[picked[ends]] += bonus[ends]
            return
        # every seat's (a batch played exactly: many rows of few outcomes, told apart
        # first)
        kinds, kind_of = np.unique(outcomes, axis=0, return_inverse=True)
        bonus = np.zeros((len(kinds), n), np.float64)
        for kind, outcome in enumerate(kinds):
            winners = winners_of(np.ascontiguousarray(outcome).tobytes())
            if winners:
                bonus[kind] = [GAME_BONUS if seat in winners else -GAME_BONUS
                               for seat in range(n)]
        out[picked] += bonus[kind_of.ravel()]

    def _by_rows(self, batch: Batch, dealt: Sequence[Sequence[int]], world_of: Ints,
                 by_seat: bool) -> npt.NDArray[np.float64]:
        """The quick scorer's own value of every row (with ``by_seat``: every seat's, by
        :attr:`seat_scores`); rows of one world that end alike (the same captures, tricks
        and last trick) are valued once."""
        rows = len(batch.last)
        scorers = list(self.seat_scores) if by_seat else [self.quick]
        out = np.zeros((rows, len(scorers)), np.float64)
        captured, tricks_won, last = batch.captured, batch.tricks_won, batch.last
        known: dict[tuple[int, bytes, bytes, int], list[float]] = {}
        for row, world in enumerate(world_of.tolist()):
            key = (world, captured[row].tobytes(), tricks_won[row].tobytes(), int(last[row]))
            found = known.get(key)
            if found is None:
                cards = unlabelled(self.tab, captured[row])
                wins = tricks_won[row].tolist()
                found = known[key] = [score.value(dealt[world], cards, wins, int(last[row]))
                                      for score in scorers]
            out[row] = found
        return out if by_seat else out[:, 0]


def _value_to(change: npt.NDArray[np.int64], team_of: Sequence[int], seat: int
              ) -> npt.NDArray[np.float64]:
    """Per row, ``seat``'s side's score change less the other sides' average (``change``:
    a column a side), as :meth:`QuickScore.value` gives it."""
    mine = change[:, team_of[seat]].astype(np.float64)
    others = [team_of[s] for s in range(len(team_of)) if team_of[s] != team_of[seat]]
    out: npt.NDArray[np.float64] = (mine - change[:, others].sum(axis=1) / len(others)
                                    if others else mine)
    return out

