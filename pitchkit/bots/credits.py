"""Who is credited with each point item of every play-out of a batch, compiled (numba): the
core of :meth:`pitchkit.bots.batch.BatchScore.values`, which works out per world what
the deal alone says (each item's card and its holder) and, after, the score changes and
values from the points won.

Each item is credited by one of a few *modes* (the clauses of
:meth:`pitchkit.bots.quickscore.QuickScore.value`, the definition), with per world a
relabelled card bit and a side:

- :data:`TO_CAPTURER`: the first side that captured the bit; with no bit (no such card
  in that world), the world's side (nobody, or the pitcher's side for an undealt jack);
- :data:`TO_HOLDER`: the world's side (the side that held the card);
- :data:`IF_PLAYED`: the world's side where anybody captured the bit, else nobody;
- :data:`TO_LAST`: the side of the seat that took the last trick;
- :data:`TO_GAME`: game, by the game points each side captured (:func:`credit_rows`'s
  ``game_tie``: how a tie is broken);
- :data:`TO_NOBODY`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.kernels import njit
from pitchkit.bots.quickscore import NOBODY
from pitchkit.variant import GameTie

Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.intp]

TO_CAPTURER, TO_HOLDER, IF_PLAYED, TO_LAST, TO_GAME, TO_NOBODY = range(6)
#: :class:`pitchkit.variant.GameTie` as the kernel reads it
TIE_CODES = {GameTie.NOBODY: 0, GameTie.ELDER_HAND: 1, GameTie.HOLDER_OF_CARD: 2,
             GameTie.SPLIT: 3}
_ELDER, _HOLDER, _SPLIT = 1, 2, 3
#: bits of a chunk of a mask the game points are read by
_CHUNK = np.uint64(14)
_CHUNK_MASK = np.uint64((1 << 14) - 1)


#: what :func:`credit_rows` reads of the rule set and the decision, as one array of
#: integers (``consts[...]``: one argument for numba's dispatch, not a dozen)
(C_GAME_TIE, C_ONE_SIDE, C_BID_LEAST, C_PITCHER_SIDE, C_OPPONENTS_SCORE, C_TARGET,
 C_HANDS_END, C_FLOOR_ON, C_FLOOR, C_LOSING_ON, C_LOSING, C_END_ALONE, C_ME_SIDE,
 C_TARGET_VALUE, C_BID, CONSTS) = range(16)


@njit(cache=True)
def credit_rows(outcomes: Any, mine: Any, picked: Ints, captured: Masks, last: Ints,
                world_of: Ints, team_of: Ints, modes: Ints, values: Any, bits: Masks,
                sides: Ints, game_points: Any, consts: Any, elder_sides: Ints,
                tie_holder: Ints, by_won: Any, old_up: Any, side_list: Ints, others: Ints
                ) -> int:
    """Per row (into the caller's arrays, a row each: numba boxes an array it hands back,
    a decision's fixed cost) its *outcome* (``outcomes``), what the end of a game is
    settled by: per item the sides credited with it (a bit each: the sides that split
    game on a tie, else the one credited, none for nobody), the score changes by side
    (columns ``items`` to ``items + n``), and whether the bid was made (0 without a bid);
    the value to ``me`` (``mine``, as :meth:`pitchkit.bots.quickscore.QuickScore.value`
    gives it, before the end of a game); and the rows whose hand may end the game, in
    order (``picked``: the first of it; their number handed back).

    ``captured``: per row, the cards (relabelled) each seat captured; ``last``: the seat
    that took the last trick; ``world_of``: the world of each row; per item its mode and
    value, and per item and world its card's bit and a side (see the module);
    ``game_points``: chunk tables of a mask's game points (``chunk, value``);
    ``consts``: the rules' and the decision's integers (``C_...``; ``C_GAME_TIE``:
    :data:`TIE_CODES`; ``C_ONE_SIDE``: ``scoring.all_points_wins_game``, then every
    item to one side is told; ``C_END_ALONE``: and that may end the game);
    ``elder_sides``: the sides of the seats in elder order; ``tie_holder``: per world,
    the side that held the card that breaks a tie for game (nobody: none); ``by_won``:
    the pitcher's side's change by points won from ``C_BID_LEAST`` (empty: no bid,
    else ``C_BID`` the bid);
    ``old_up``: every side's score counted up, ``side_list`` the sides; ``others``: the
    side of each seat not on my side (one entry a seat)."""
    rows, n = captured.shape
    game_tie = consts[C_GAME_TIE]
    one_side = consts[C_ONE_SIDE] != 0
    cap = np.zeros((rows, n), np.uint64)
    for row in range(rows):
        for seat in range(n):
            cap[row, team_of[seat]] |= captured[row, seat]
    items = modes.shape[0]
    chunks = game_points.shape[0]
    # (every entry of outcomes and mine written below)
    split = np.zeros(rows, np.int64)
    won = np.zeros((rows, n), np.int64)
    alone = np.zeros(rows, np.bool_)
    points = np.zeros(n, np.int64)
    for row in range(rows):
        w = world_of[row]
        taken = np.uint64(0)
        for side in range(n):
            taken |= cap[row, side]
        first = -2
        mixed = False
        for i in range(items):
            mode = modes[i]
            value = values[i]
            side = NOBODY
            if mode == TO_CAPTURER:
                bit = bits[i, w]
                if bit:
                    for s in range(n):
                        if cap[row, s] & bit:
                            side = s
                            break
                else:
                    side = sides[i, w]
            elif mode == TO_HOLDER:
                side = sides[i, w]
            elif mode == IF_PLAYED:
                if taken & bits[i, w]:
                    side = sides[i, w]
            elif mode == TO_LAST:
                side = team_of[last[row]]
            elif mode == TO_GAME:
                best = np.int64(0)
                ties = 0
                for s in range(n):
                    m = cap[row, s]
                    total = np.int64(0)
                    for c in range(chunks):
                        total += game_points[c, (m >> (_CHUNK * np.uint64(c))) & _CHUNK_MASK]
                    points[s] = total
                    if s == 0 or total > best:
                        best = total
                        ties = 1
                        side = s
                    elif total == best:
                        ties += 1
                if best <= 0:
                    side = NOBODY
                elif ties > 1:
                    side = NOBODY
                    if game_tie == _ELDER:
                        for s in elder_sides:
                            if points[s] == best:
                                side = s
                                break
                    elif game_tie == _HOLDER:
                        held_by = tie_holder[w]
                        if held_by >= 0 and points[held_by] == best:
                            side = held_by
                    elif game_tie == _SPLIT:
                        # every tied side scores it
                        for s in range(n):
                            if points[s] == best:
                                won[row, s] += value
                                split[row] |= np.int64(1) << s
                        mixed = True
                    # GameTie.NOBODY: rule: a tie for game: nobody scores it (source B)
            taken_by = np.int64(0) if side < 0 else np.int64(1) << side
            if mode == TO_GAME and game_tie == _SPLIT:
                taken_by |= split[row]
            outcomes[row, i] = taken_by
            if side >= 0:
                won[row, side] += value
            if one_side:
                if side < 0:
                    mixed = True
                if first == -2:
                    first = side
                if side != first:
                    mixed = True
        alone[row] = one_side and not mixed and first >= 0
    change = won.copy()
    full = np.zeros(rows, np.bool_)
    ended = 0
    pitcher_side = consts[C_PITCHER_SIDE]
    bid_on = by_won.shape[0] > 0
    least = consts[C_BID_LEAST]
    end_alone = consts[C_END_ALONE] != 0
    target_on = consts[C_TARGET] != 0
    hands_end = consts[C_HANDS_END] != 0
    target = consts[C_TARGET_VALUE]
    floor_on = consts[C_FLOOR_ON] != 0
    floor = consts[C_FLOOR]
    losing_on = consts[C_LOSING_ON] != 0
    losing = consts[C_LOSING]
    me_side = consts[C_ME_SIDE]
    k = others.shape[0]
    for row in range(rows):
        if bid_on:
            change[row, pitcher_side] = by_won[won[row, pitcher_side] - least]
            if consts[C_OPPONENTS_SCORE] == 0:
                for side in range(n):
                    if side != pitcher_side:
                        change[row, side] = 0
        ends = end_alone and alone[row]
        if target_on:
            if hands_end:
                ends = True
            for side in side_list:
                new = old_up[side] + change[row, side]
                if floor_on and new < floor:
                    new = floor
                if new >= target or (losing_on and new <= losing):
                    ends = True
        full[row] = ends
        if ends:
            ended += 1
        for side in range(n):
            outcomes[row, items + side] = change[row, side]
        outcomes[row, items + n] = bid_on and won[row, pitcher_side] >= consts[C_BID]
        total = np.int64(0)
        for side in others:
            total += change[row, side]
        mine[row] = change[row, me_side] - total / k if k else np.float64(change[row, me_side])
    at = 0
    for row in range(rows):
        if full[row]:
            picked[at] = row
            at += 1
    return ended


#: How the card an item is about is found in each world (:func:`world_items`): none (game,
#: the last trick), its own card, the highest or lowest trump in play, the jack of trumps
#: where in play, the highest spade in play.
NO_CARD, ITS_CARD, HIGH_TRUMP, LOW_TRUMP, JACK_IN_PLAY, HIGH_SPADE = range(6)


@njit(cache=True)
def _highest(mask: Any) -> int:
    """The index of the highest bit of a mask (-1: none)."""
    out = -1
    while mask:
        out += 1
        mask >>= np.uint64(1)
    return out


@njit(cache=True)
def world_items(dealt: Masks, team_of: Ints, solo: bool, rules: Ints, cards: Ints,
                holders: Any, index_of: Ints, natural_mask: Any, spades: Any,
                lone_trump_high_only: bool, tie_card: int) -> tuple[Masks, Ints, Ints]:
    """What the deal alone says of each item, world by world (``dealt``: every seat's
    cards of the hand, original numbers): per item and world its card's relabelled bit
    (``index_of``; 0: no such card) and the side that held it (nobody where ``holders``
    says not, or no card), and per world the side that held ``tie_card`` (-1: none).
    ``rules``: per item how its card is found (:data:`ITS_CARD` ...), ``cards`` its own
    card; ``natural_mask``: the trump suit's cards, ``spades`` the spades';
    ``lone_trump_high_only``: a lone trump in play is high, not low."""
    worlds, n = dealt.shape
    items = rules.shape[0]
    # (every entry written below: numba compiles np.empty faster than np.full)
    bits = np.empty((items, worlds), np.uint64)
    sides = np.empty((items, worlds), np.intp)
    tie_holder = np.empty(worlds, np.intp)
    held = np.zeros(n, np.uint64)
    one = np.uint64(1)
    for w in range(worlds):
        for side in range(n):
            held[side] = 0
        for seat in range(n):
            held[seat if solo else team_of[seat]] |= dealt[w, seat]
        in_play = np.uint64(0)
        for side in range(n):
            in_play |= held[side]
        natural = in_play & natural_mask
        for i in range(items):
            rule = rules[i]
            card = -1
            if rule == ITS_CARD:
                card = cards[i]
            elif rule == HIGH_TRUMP:
                card = _highest(natural)
            elif rule == LOW_TRUMP:
                if natural and not (lone_trump_high_only
                                    and not natural & (natural - one)):
                    card = _highest(natural & (~natural + one))
            elif rule == JACK_IN_PLAY:
                if in_play >> np.uint64(cards[i]) & one:
                    card = cards[i]
            elif rule == HIGH_SPADE:
                card = _highest(in_play & spades)
            bits[i, w] = 0
            sides[i, w] = NOBODY
            if card < 0:
                continue
            bit = one << np.uint64(card)
            bits[i, w] = one << np.uint64(index_of[card])
            if holders[i]:
                for side in range(n):
                    if held[side] & bit:
                        sides[i, w] = side
                        break
        tie_holder[w] = NOBODY
        if tie_card >= 0:
            bit = one << np.uint64(tie_card)
            for side in range(n):
                if held[side] & bit:
                    tie_holder[w] = side
                    break
    return bits, sides, tie_holder


@njit(cache=True)
def score_rows(outcomes: Any, mine: Any, picked: Ints, dealt: Masks, captured: Masks,
               last: Ints, c_count: int, world_of: Ints, team_of: Ints, solo: bool,
               rules: Ints, cards: Ints, holders: Any, index_of: Ints, natural_mask: Any,
               spades: Any, lone_trump_high_only: bool, tie_card: int, undealt_jack: int,
               undealt_side: int, modes: Ints, values: Any, game_points: Any, consts: Any,
               elder_sides: Ints, by_won: Any, old_up: Any, side_list: Ints, others: Ints
               ) -> int:
    """:func:`world_items` then :func:`credit_rows`, in one call (one dispatch and no
    array handed back where the two calls took two and seven: a decision's fixed
    cost), into ``outcomes``, ``mine`` and ``picked`` (a row each; the number of rows
    picked handed back): ``undealt_jack`` (-1: none) is the item credited to
    ``undealt_side`` in every world where its card is not in play; ``world_of`` empty:
    row ``r`` is of world ``r // c_count``."""
    bits, sides, tie_holder = world_items(dealt, team_of, solo, rules, cards, holders,
                                          index_of, natural_mask, spades,
                                          lone_trump_high_only, tie_card)
    if undealt_jack >= 0:
        for w in range(dealt.shape[0]):
            sides[undealt_jack, w] = undealt_side
    rows = captured.shape[0]
    of = world_of
    if of.shape[0] != rows:
        of = np.empty(rows, np.intp)
        for row in range(rows):
            of[row] = row // c_count
    return credit_rows(outcomes, mine, picked, captured, last, of, team_of, modes, values,
                       bits, sides, game_points, consts, elder_sides, tie_holder, by_won,
                       old_up, side_list, others)
