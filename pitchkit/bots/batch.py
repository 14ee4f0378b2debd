"""The search bot's rule-of-thumb play-outs of one decision, batched across its worlds and
candidates (numpy).

:meth:`pitchkit.bots.search.SearchBot.play_card_out` plays one candidate out in one world
card by card in Python: about 3 us a card, paid again for every world and candidate.
Here every play-out of a decision (each world with each candidate) is one row of numpy
arrays of card masks, and each card of the rest of the hand is played in every row by
one short run of array operations: the Python cost is paid once a step for the whole
batch. All the rows of one decision start from the same trick, so they lead and follow
together (every trick has as many cards in every row), only the seat to play and the
cards differ.

The rule of thumb is the same, card for card (``tests/test_batch.py`` holds the two
equal on random positions of every shipped variant and of random rule sets, values
included): a leader leads its strongest card (its strongest trump, else its highest
plain card, the first suit on a tie); a follower takes an opponent's trick as cheaply as
may be, else throws the card least worth holding. To make "cheapest" one array operation,
the cards are *relabelled* for each rule set and trump: bit ``i`` of a batch mask is the
card ``i``-th least worth holding (:attr:`ThumbTables.card_of`), so the cheapest card of
a mask is its lowest bit; the lead's order and the game points are read from tables of
14-bit chunks.

The play-outs' value is :class:`pitchkit.bots.quickscore.QuickScore`'s, clause for clause
on the arrays (:func:`values`); a play-out the quick scorer hands to the engine's
scoring (it may end the game, every point to one side under
``scoring.all_points_wins_game``, a moon, a slam, combination scoring) is valued by that
scorer, row by row.

Not batched (the search plays those out one by one, by the same rule of thumb): staged
play (``play.stages``: every seat chooses its next stage's cards at a stage's end) and
trumps-only play (``play.trumps_only``: a seat out of trumps folds, so rows would play
tricks of different sizes), and the default bot's card play as the judge
(``playout=careful``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.quickscore import NOBODY, QuickScore
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
from pitchkit.tricks import ANY_CARD, FOLLOW_OR_TRUMP, MUST_FOLLOW_THEN_TRUMP, TrumpTables
from pitchkit.variant import GameTie, GoesTo

U64 = np.uint64
Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.intp]

#: Cards (bits) a mask may hold: two jokers after the 52.
CARDS = 54
#: Bits of the chunks the lead's and the scorer's tables read a mask by.
CHUNK = 14
CHUNKS = -(-CARDS // CHUNK)
CHUNK_MASK = (1 << CHUNK) - 1
#: ``2**i % 67`` differs for every ``i < 64``: the index of a mask's lowest bit is
#: ``BIT_INDEX[bit % 67]``.
MOD = 67
BIT_INDEX = np.zeros(MOD, np.intp)
for _i in range(64):
    BIT_INDEX[(1 << _i) % MOD] = _i
assert len({(1 << i) % MOD for i in range(64)}) == 64
#: The mask of each bit.
BITS = np.array([1 << i for i in range(CARDS)], U64)


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
    """``combine`` of the chunk tables' entries for ``masks``."""
    out = tables[0][masks & U64(CHUNK_MASK)]
    for chunk in range(1, CHUNKS):
        part = tables[chunk][(masks >> U64(chunk * CHUNK)) & U64(CHUNK_MASK)]
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
    #: chunk tables: a mask of cards -> the relabelled mask, and back
    relabel: list[npt.NDArray[np.generic]]
    unlabel: list[npt.NDArray[np.generic]]
    #: by relabelled card: its effective suit
    suit: Ints
    #: trick keys, by ``suit led * 54 + relabelled card``
    keys: npt.NDArray[np.int64]
    #: cards that beat a card in a trick, by ``suit led * 54 + relabelled card`` (a mask)
    beats: Masks
    #: per suit: the relabelled mask of its cards (effective suits)
    suit_masks: Masks
    trumps: int
    jokers: int
    #: chunk tables of the lead: ``rank * 64 + relabelled card`` of the card led
    lead: list[npt.NDArray[np.generic]]
    following: int
    never_lead_joker: bool


def thumb_tables(tables: tuple[TrumpTables, tuple[tuple[int, ...], ...], tuple[float, ...],
                               tuple[int, ...]], following: int, never_lead_joker: bool
                 ) -> ThumbTables:
    """The :class:`ThumbTables` of one trump suit from the search's tables of it
    (:func:`pitchkit.bots.search.trick_tables`: trick tables, keys by suit led, what
    each card is worth holding, the trumps strongest first)."""
    t, keys_by_led, cost, trump_order = tables
    # rule of thumb: the card least worth holding; on a tie, the lowest card
    card_of = tuple(sorted(range(CARDS), key=lambda c: (cost[c], c)))
    index_of = [0] * CARDS
    for i, c in enumerate(card_of):
        index_of[c] = i

    def relabelled(mask: int) -> int:
        return sum(1 << index_of[c] for c in range(CARDS) if mask >> c & 1)

    keys = np.full(4 * CARDS, -1, np.int64)
    beats = np.zeros(4 * CARDS, U64)
    for led in range(4):
        row = keys_by_led[led]
        for c in range(CARDS):
            keys[led * CARDS + index_of[c]] = row[c]
        for c in range(CARDS):
            beats[led * CARDS + index_of[c]] = relabelled(
                sum(1 << d for d in range(CARDS) if row[d] > row[c]))
    # the lead: the strongest trump, else the highest plain card (the first suit on a tie)
    lead_rank = [-1] * CARDS
    for position, c in enumerate(trump_order):
        lead_rank[c] = 1000 - position
    for c in range(52):
        if not t.trumps >> c & 1:
            lead_rank[c] = (c % 13) * 4 + (3 - c // 13)
    lead_enc = [lead_rank[card_of[i]] * 64 + i if lead_rank[card_of[i]] >= 0 else -1
                for i in range(CARDS)]
    return ThumbTables(
        card_of=card_of, index_of=tuple(index_of),
        relabel=_chunk_table([1 << index_of[c] for c in range(CARDS)], "or", 0, U64),
        unlabel=_chunk_table([1 << card_of[i] for i in range(CARDS)], "or", 0, U64),
        suit=np.array([t.effective_suit[card_of[i]] for i in range(CARDS)], np.intp),
        keys=keys, beats=beats,
        suit_masks=np.array([relabelled(m) for m in t.suit_masks], U64),
        trumps=relabelled(t.trumps), jokers=relabelled(3 << 52),
        lead=_chunk_table(lead_enc, "max", -1, np.int32),
        following=following, never_lead_joker=never_lead_joker)


@dataclass
class Batch:
    """Play-outs of one decision, one row each (world-major: row ``w * C + c`` is world
    ``w`` with candidate ``c``); what they captured (relabelled masks), tricks won and the
    seat that won the last trick, and the cards played step by step when traced."""

    captured: Masks
    tricks_won: npt.NDArray[np.int64]
    last: Ints
    trace: list[list[int]] | None = None


def play_outs(tab: ThumbTables, worlds: Sequence[Sequence[int]], candidates: Sequence[int],
              seat: int, trick: Sequence[tuple[int, int]], captured: Sequence[int],
              tricks_won: Sequence[int], team: Sequence[int], next_seat: Sequence[int],
              size: int, trace: bool = False) -> Batch:
    """Play every candidate (a legal card of ``seat``, to the ``trick`` on the table) out
    in every world (every seat's unplayed cards, ``seat``'s with the candidates) by the
    rule of thumb, ``size`` seats playing, each followed by ``next_seat``; ``captured``
    and ``tricks_won`` so far. With ``trace``, the cards played (original numbers) of
    every row, step by step."""
    w_count, c_count = len(worlds), len(candidates)
    rows = w_count * c_count
    hands = np.repeat(_by_chunks(tab.relabel, np.array(worlds, U64), "or"), c_count, axis=0)
    plays = sum(int(m).bit_count() for m in worlds[0])
    cap = np.tile(_by_chunks(tab.relabel, np.array(captured, U64), "or"), (rows, 1))
    won = np.tile(np.array(tricks_won, np.int64), (rows, 1))
    team_a = np.array(team, np.intp)
    nxt = np.array(next_seat, np.intp)
    ar = np.arange(rows)
    index_of = tab.index_of
    keys, beats, suit_of = tab.keys, tab.beats, tab.suit
    trumps = U64(tab.trumps)
    following = tab.following
    count = len(trick)
    led_base: Ints
    led_mask: Masks
    win_seat: Ints
    win_flat: Ints
    win_key: npt.NDArray[np.int64]
    trick_mask: Masks
    card: Ints
    # the trick on the table (the same in every row)
    if count:
        led_s = tab.suit[index_of[trick[0][1]]]
        base = int(led_s) * CARDS
        win_s, win_c = trick[0][0], index_of[trick[0][1]]
        trick_bits = 0
        for s, c in trick:
            i = index_of[c]
            trick_bits |= 1 << i
            if keys[base + i] > keys[base + win_c]:
                win_s, win_c = s, i
        led_base = np.full(rows, base, np.intp)
        led_mask = np.full(rows, tab.suit_masks[led_s], U64)
        win_seat = np.full(rows, win_s, np.intp)
        win_flat = np.full(rows, base + win_c, np.intp)
        win_key = keys[win_flat]
        trick_mask = np.full(rows, trick_bits, U64)
    seats = np.full(rows, seat, np.intp)
    card = np.tile(np.array([index_of[c] for c in candidates], np.intp), w_count)
    last = np.full(rows, -1, np.intp)
    traced: list[list[int]] | None = [] if trace else None
    card_of = np.array(tab.card_of, np.intp)
    joker_free = U64(~tab.jokers & ((1 << CARDS) - 1))
    lead_tabs = tab.lead
    for step in range(plays):
        if step:
            hand = hands[ar, seats]
            if not count:
                legal = hand
                if tab.never_lead_joker:
                    plain = hand & joker_free
                    legal = np.where(plain != 0, plain, hand)
                card = np.bitwise_and(_by_chunks(lead_tabs, legal, "max"), 63).astype(np.intp)
            else:
                if following == ANY_CARD:
                    legal = hand
                else:
                    follow = hand & led_mask
                    if following == FOLLOW_OR_TRUMP:
                        legal = np.where(follow != 0, follow | (hand & trumps), hand)
                    elif following == MUST_FOLLOW_THEN_TRUMP:
                        held = hand & trumps
                        legal = np.where(follow != 0, follow, np.where(held != 0, held, hand))
                    else:
                        legal = np.where(follow != 0, follow, hand)
                take = legal & beats[win_flat]
                choice = np.where((team_a[win_seat] != team_a[seats]) & (take != 0), take,
                                  legal)
                card = BIT_INDEX[(choice & -choice) % U64(MOD)]
        else:
            hand = hands[ar, seats]
        bit = BITS[card]
        hands[ar, seats] = hand ^ bit
        if traced is not None:
            traced.append(card_of[card].tolist())
        if count:
            flat = led_base + card
            key = keys[flat]
            better = key > win_key
            win_key = np.where(better, key, win_key)
            win_seat = np.where(better, seats, win_seat)
            win_flat = np.where(better, flat, win_flat)
            trick_mask |= bit
        else:
            led = suit_of[card]
            led_base = led * CARDS
            led_mask = tab.suit_masks[led]
            win_flat = led_base + card
            win_key = keys[win_flat]
            win_seat = seats
            trick_mask = bit
        count += 1
        if count == size:
            cap[ar, win_seat] |= trick_mask
            won[ar, win_seat] += 1
            last = seats = win_seat
            count = 0
        else:
            seats = nxt[seats]
    assert not count, "a play-out ends at a trick's end"
    return Batch(cap, won, last, traced)


def game_tables(plan: ScoringPlan, tab: ThumbTables) -> list[npt.NDArray[np.generic]]:
    """Chunk tables of the game points of a relabelled mask (twice them and a joker's
    half where a captured joker counts half a game point), as ``QuickScore.game`` adds
    them up."""
    game = plan.game_table
    halves = plan.joker_game_halves
    points = [game[1 << (c % 13)] if c < 52 else 0 for c in range(CARDS)]
    if halves:
        # rule: a captured joker counts half a game point (points.joker_game_halves)
        points = [2 * p if c < 52 else halves for c, p in enumerate(points)]
    return _chunk_table([points[tab.card_of[i]] for i in range(CARDS)], "sum", 0, np.int64)


def unlabelled(tab: ThumbTables, masks: Masks) -> Any:
    """Relabelled masks back to cards (Python ints; lists as deep as ``masks``)."""
    return _by_chunks(tab.unlabel, masks, "or").tolist()


class BatchScore:
    """:meth:`QuickScore.value` of every row of a :class:`Batch` (see the module)."""

    def __init__(self, quick: QuickScore, tab: ThumbTables,
                 game_points: list[npt.NDArray[np.generic]]) -> None:
        self.quick, self.tab = quick, tab
        plan = quick.plan
        #: chunk tables of a relabelled mask's game points (:func:`game_tables`)
        self.game_points = game_points
        #: the pitcher's side's score change by the points it won (bid_result)
        self.bid_change: npt.NDArray[np.int64] | None = None
        self.least = 0
        if quick.pitcher is not None and quick.bid is not None:
            values = [value for _, value, _, _ in quick.items]
            #: the least points a side can win (a point may be worth less than 0)
            self.least = sum(v for v in values if v < 0)
            self.bid_change = np.array(
                [bid_result(plan, won, quick.bid)[1]
                 for won in range(self.least, sum(v for v in values if v > 0) + 1)], np.int64)

    def values(self, batch: Batch, dealt: Sequence[Sequence[int]], c_count: int
               ) -> npt.NDArray[np.float64]:
        """The value to ``me`` of every row (``dealt``: every seat's cards of the hand,
        by world; ``c_count`` candidates a world)."""
        quick = self.quick
        if not quick.quick:
            return self._by_rows(batch, dealt, c_count, None)
        tab = self.tab
        index_of = tab.index_of
        n = quick.n
        team_of = quick.team_of
        sides = quick.sides
        rows = len(batch.last)
        captured = batch.captured
        if quick.solo:
            cap = captured
        else:
            cap = np.zeros((rows, n), U64)
            for seat, its_side in enumerate(team_of):
                cap[:, its_side] |= captured[:, seat]
        taken = cap[:, 0].copy()
        for other in range(1, n):
            taken |= cap[:, other]
        # what the deal alone says, world by world (original cards), then by row
        held_w: list[list[int]] = []
        in_play_w: list[int] = []
        for cards in dealt:
            if quick.solo:
                held = list(cards)
            else:
                held = [0] * n
                for seat, its_side in enumerate(team_of):
                    held[its_side] |= cards[seat]
            held_w.append(held)
            every = 0
            for m in held:
                every |= m
            in_play_w.append(every)

        def per_row(values: Sequence[int]) -> Ints:
            return np.repeat(np.array(values, np.intp), c_count)

        def bit_rows(cards: Sequence[int]) -> Masks:
            """Per row, the relabelled bit of its world's card (none for -1)."""
            return np.repeat(np.array([1 << index_of[c] if c >= 0 else 0 for c in cards],
                                      U64), c_count)

        def side_of(masks: Masks, bits: Masks) -> Ints:
            out = np.full(rows, NOBODY, np.intp)
            for side in sides:
                out = np.where(masks[:, side] & bits != 0, side, out)
            return out

        def held_side(cards: Sequence[int]) -> Ints:
            """Per row, the side that held its world's card (nobody for -1)."""
            return per_row([_side_of(held, 1 << c) if c >= 0 else NOBODY
                            for held, c in zip(held_w, cards, strict=True)])

        plan = quick.plan
        won = np.zeros((rows, n), np.int64)
        first = np.full(rows, -2, np.intp)
        mixed = np.zeros(rows, bool)
        for kind, value, card, goes_to in quick.items:
            side: Ints
            if kind == KIND_GAME:
                by_side = np.stack([_by_chunks(self.game_points, cap[:, s], "sum")
                                    for s in range(n)], axis=1)
                best = by_side.max(axis=1)
                tied = by_side == best[:, None]
                ties = tied.sum(axis=1)
                side = np.where((best > 0) & (ties == 1), by_side.argmax(axis=1), NOBODY)
                tie = (best > 0) & (ties > 1)
                if tie.any():
                    game_tie = plan.game_tie
                    if game_tie is GameTie.ELDER_HAND:
                        found = np.full(rows, NOBODY, np.intp)
                        for s in reversed(quick.elder):
                            found = np.where(tied[:, team_of[s]], team_of[s], found)
                        side = np.where(tie, found, side)
                    elif game_tie is GameTie.HOLDER_OF_CARD:
                        holder = held_side([quick.tie_card] * len(dealt))
                        ok = tied[np.arange(rows), np.maximum(holder, 0)] & (holder >= 0)
                        side = np.where(tie & ok, holder, side)
                    elif game_tie is GameTie.SPLIT:
                        for s in sides:
                            won[:, s] += value * (tie & tied[:, s])
                        mixed |= tie
                    # GameTie.NOBODY: rule: a tie for game: nobody scores it (source B)
            elif kind == KIND_CARD:
                bits = bit_rows([card] * len(dealt))
                if goes_to is GoesTo.CAPTURER:
                    side = side_of(cap, bits)
                elif goes_to is GoesTo.HOLDER:
                    side = held_side([card] * len(dealt))
                else:
                    side = np.where(taken & bits != 0, held_side([card] * len(dealt)), NOBODY)
            elif kind in (KIND_HIGH, KIND_LOW):
                natural = [m & quick.natural_mask for m in in_play_w]
                if kind == KIND_HIGH:
                    cards = [m.bit_length() - 1 for m in natural]
                    goes = plan.high_goes_to
                else:
                    cards = [(m & -m).bit_length() - 1 if m and not (
                        plan.lone_trump_high_only and m.bit_count() == 1) else -1
                        for m in natural]
                    goes = plan.low_goes_to
                # QuickScore's _credit, by row
                bits = bit_rows(cards)
                if goes is GoesTo.CAPTURER:
                    side = side_of(cap, bits)
                else:
                    side = held_side(cards)
                    if goes is GoesTo.PLAYER:
                        # rule: to the player who played it: nobody when never played
                        side = np.where(taken & bits != 0, side, NOBODY)
            elif kind == KIND_JACK:
                dealt_in = [card if m >> card & 1 else -1 for m in in_play_w]
                side = side_of(cap, bit_rows(dealt_in))
                if plan.undealt_jack_to_pitcher and quick.pitcher is not None:
                    side = np.where(per_row([int(c < 0) for c in dealt_in]) != 0,
                                    team_of[quick.pitcher], side)
            elif kind == KIND_LAST_TRICK:
                side = np.array(team_of, np.intp)[batch.last]
            elif kind == KIND_HIGH_SPADE:
                side = side_of(cap, bit_rows([(m & SUIT_MASKS[0]).bit_length() - 1
                                              for m in in_play_w]))
            else:
                side = np.full(rows, NOBODY, np.intp)
            for s in sides:
                won[:, s] += value * (side == s)
            mixed |= side < 0
            first = np.where(first == -2, side, first)
            mixed |= side != first
        full = np.zeros(rows, bool)
        if quick.all_points_wins:
            full |= ~mixed & (first >= 0)  # every point to one side
        change = won
        if self.bid_change is not None:
            pitcher_side = team_of[quick.pitcher]  # type: ignore[index]
            change = won.copy()
            change[:, pitcher_side] = self.bid_change[won[:, pitcher_side] - self.least]
            if not plan.opponents_score:
                for s in range(n):
                    if s != pitcher_side:
                        change[:, s] = 0
        if quick.target is not None:
            for s in sides:
                new = quick.old_up[s] + change[:, s]
                if quick.floor is not None:
                    new = np.maximum(new, quick.floor)
                full |= new >= quick.target  # may end the game
                if quick.losing is not None:
                    full |= new <= quick.losing
            if quick.hands_end:
                full[:] = True
        mine = change[:, team_of[quick.me]].astype(np.float64)
        others = quick.others
        if others:
            total = change[:, team_of[others[0]]].copy()
            for s in others[1:]:
                total += change[:, team_of[s]]
            out = mine - total / len(others)
        else:
            out = mine
        if full.any():
            return self._by_rows(batch, dealt, c_count, full, out)
        return out

    def _by_rows(self, batch: Batch, dealt: Sequence[Sequence[int]], c_count: int,
                 which: npt.NDArray[np.bool_] | None,
                 out: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.float64]:
        """The quick scorer's own value of the rows ``which`` (all when None)."""
        rows = len(batch.last)
        if out is None:
            out = np.zeros(rows, np.float64)
        picked = range(rows) if which is None else np.flatnonzero(which).tolist()
        value = self.quick.value
        for row in picked:
            captured = unlabelled(self.tab, batch.captured[row])
            out[row] = value(dealt[row // c_count], captured,
                             batch.tricks_won[row].tolist(), int(batch.last[row]))
        return out


def _side_of(masks: Sequence[int], bit: int) -> int:
    for side, mask in enumerate(masks):
        if mask & bit:
            return side
    return NOBODY
