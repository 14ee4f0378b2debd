"""The rule of thumb of the search bot's batched play-outs, compiled (numba), and the
heuristic's card play as the play-outs' other policy (``search:playout=heuristic``:
:func:`wise_lead`, :func:`wise_follow`, card for card ``HeuristicBot.play_cards``, held
so by ``tests/test_search_heuristic_playouts.py``; not its play to stop a side taking
every point under ``scoring.all_points_wins_game``): the one definition of how a
play-out's seats play (:func:`pitchkit.bots.batch.play_outs` lays out
the rows and reads the result).

A decision's play-outs are a few hundred rows (worlds times candidates) of a few dozen
cards each. As numpy array operations over the rows, every card step cost tens of numpy
calls, each paying numpy's overhead for a few hundred numbers; here each row is played
card by card in compiled code, every row of the batch in one call (``@njit(cache=True)``:
compiled once per machine, the machine code kept next to this file or, where that
cannot be written, in numba's own cache folder).

The cards are the batch's *relabelled* cards (bit ``i`` the card ``i``-th least worth
holding: :class:`pitchkit.bots.batch.ThumbTables`), so the cheapest card of a mask is
its lowest bit. Every row's state is kept by seat: its hands, captures and tricks won
(a column a seat), the seat to play, the seat winning the trick on the table, the cards
that beat its card, its cards and the suit led (as ``suit * 67`` for :data:`beats`, and
its cards' mask). All the rows of one call are at the same place in the trick at its
start (in trumps-only play, where seats fold, a row's tricks may then have fewer cards).

The card-by-card loop (:func:`play_rows`) is compiled without numba's reference counting
(``_nrt=False``: it makes no array) and the helpers it calls card by card are inlined
(``inline="always"``): numba counted a reference up and down (an atomic add each) for
every table array handed to a helper at every card, some twenty a card, a third of the
play-outs' time (``perf``, call-partner pitch); without them the same play-outs take
0.4 times as long, card for card the same (2026-12-03, docs/search-speed.md). A card's
index is its count of trailing zeros (one instruction), not a table's entry.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.kernels import njit, trailing_zeros
from pitchkit.tricks import ANY_CARD, FOLLOW_OR_TRUMP, MUST_FOLLOW_THEN_TRUMP

Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.intp]

#: ``2**i % 67`` differs for every ``i < 64``: :data:`beats` is read at ``suit led * 67 +
#: bit % 67`` (:data:`pitchkit.bots.batch.MOD`).
MOD = 67
_MOD = np.uint64(MOD)
_ONE = np.uint64(1)
_NONE = np.uint64(0)
#: a trick worth more than this (the heuristic's cost of its cards) is taken by a card
#: nobody can beat; more than :data:`RISK_PRIZE`, by a card that risks no point card
SAFE_PRIZE = 0.15
RISK_PRIZE = 0.5
#: the heuristic's ranks and powers as the kernels read them (:class:`WiseTables`): ``value
#: * TIE + card``, so that of cards of one value the lowest card is chosen, as the
#: heuristic chooses, whatever the relabelled order (a card below 64)
TIE = 64


@njit(cache=True, inline="always")
def _at(bit: Any) -> Any:
    """The index of a mask's one bit: its count of trailing zeros (one instruction)."""
    return trailing_zeros(bit)  # type: ignore[call-arg]


@njit(cache=True, inline="always")
def lowest(mask: Any) -> Any:
    """The lowest bit of a mask (uint64 throughout: numba makes a float of uint64 mixed
    with a signed integer)."""
    return mask & (~mask + _ONE)


@njit(cache=True, inline="always")
def follow_legal(following: int, hand: Any, led_mask: Any, trumps: Any) -> Any:
    """The cards of ``hand`` that may follow to a trick (``led_mask``: the suit led's
    cards; ``trumps``: the trumps'), by the following rule (``pitchkit.tricks``'s
    ``legal_follows``, on relabelled masks)."""
    if following == ANY_CARD:
        return hand
    follow = hand & led_mask
    if following == FOLLOW_OR_TRUMP:
        return follow | (hand & trumps) if follow else hand
    if following == MUST_FOLLOW_THEN_TRUMP:
        if follow:
            return follow
        held = hand & trumps
        return held if held else hand
    return follow if follow else hand


@njit(cache=True, inline="always")
def lead_legal(hand: Any, never_lead_joker: bool, joker_free: Any) -> Any:
    """The cards of ``hand`` that may be led (``joker_free``: every card but the
    jokers, which ``play.never_lead_joker`` leads only when nothing else is held)."""
    if not never_lead_joker:
        return hand
    plain = hand & joker_free
    return plain if plain else hand


@njit(cache=True)
def legal_rows(hands: Masks, to_play: Ints, place: int, led_mask: Masks, following: int,
               never_lead_joker: bool, joker_free: Any, trumps: Any) -> Masks:
    """Per row, the legal cards of its seat to play (``place``: how many cards the trick
    on the table holds)."""
    rows = hands.shape[0]
    out = np.empty(rows, np.uint64)
    for row in range(rows):
        hand = hands[row, to_play[row]]
        if place:
            out[row] = follow_legal(following, hand, led_mask[row], trumps)
        else:
            out[row] = lead_legal(hand, never_lead_joker, joker_free)
    return out


# (no reference counting: it makes no array, and numba counted the tables handed to the
# inlined helpers up and down at every card; see the module)
@njit(cache=True, _nrt=False)
def play_rows(hands: Masks, cap: Masks, won: Any, last: Ints, to_play: Ints,
              win_seat: Ints, beat: Masks, trick_mask: Masks, led67: Masks, led_mask: Masks,
              first: Masks, place: int, step_from: int, step_to: int, plays: int, size: int,
              next_seat: Ints, team: Ints, solo: bool, folds: bool, in_trick: int,
              following: int, never_lead_joker: bool, joker_free: Any, trumps: Any,
              beats: Masks, lead_enc: Any, lead_beats: Masks, led_base: Masks,
              led_masks: Masks, trace: Ints, wise: bool, live: Masks,
              cost: Any, rank: Ints, power: Ints, lower: Masks, cheap: Masks, bonus: bool,
              combinations: bool) -> None:
    """Play the steps ``step_from`` to ``step_to`` (cards; ``plays`` of them to the end of
    the hand, ``place`` cards on the table at the first) in every row, in place. The
    first step's card is ``first``'s (by row) where ``first`` is not empty; a card of the
    last trick is the one left in its seat's hand; the others are the rule of thumb's:

    - a leader leads its strongest card: the highest of ``lead_enc`` (``rank * 64 +
      card``: its strongest trump, else its highest plain card, the first suit on a tie);
    - a follower takes a trick another side is winning as cheaply as may be (its lowest
      card that beats the winner's), else throws its card least worth holding (its
      lowest legal card); ``solo``: every seat playing is a side of its own.

    With ``folds`` (trumps-only play, ``play.trumps_only``: :mod:`pitchkit.fold`) a seat
    with no card left sits out: a row's tricks are played by the seats still holding
    cards (``size`` is not read: the first trick's are those holding cards and those of
    ``in_trick``, a bit a seat that played to the trick on the table), each followed by
    the next of them, a trick's winner out of cards passing the lead on to the next seat
    holding cards; the row's hand ends when nobody holds one (the worlds of a decision
    may hold different numbers of cards: ``plays`` is the most, a row's own are the
    cards its hands hold). Such rows are played in one call (``step_from`` 0 to
    ``step_to`` ``plays``); a row's trace ends with -1 after its last card.

    With ``wise`` every seat plays the heuristic's card play instead
    (:func:`wise_lead`, :func:`wise_follow`), seeing as it would: the cards it has not
    seen are ``live`` (by row, the deck's cards not yet played, kept up to date here)
    less its own; ``cost``, ``rank``, ``power``, ``lower`` and ``cheap`` are the
    heuristic's by relabelled card (:class:`pitchkit.bots.batch.WiseTables`). With
    ``folds`` too: a seat that folded sits out as above. A seat is last to a trick as the
    heuristic counts it: at the table's last place, never in a trick of fewer seats (a
    seat folded, or partners out where the pitcher went alone).

    With a ``trace`` (not empty), each step's card (relabelled) of each row is kept in it
    (``trace[step, row]``)."""
    rows, n = hands.shape
    forced = first.shape[0] > 0
    traced = trace.shape[0] > 0
    # the place in a trick the heuristic plays last at: the table's last, whoever sits
    # out (HeuristicBot.play_cards counts the table's seats: it is never last to a trick
    # of fewer, a seat folded in trumps-only play or a partner out, auction.alone)
    wise_last = n - 1
    for row in range(rows):
        p = place
        sz = size
        end = step_to
        if folds:
            # rule: a seat out of trumps sits out (play.trumps_only); the trick on the
            # table is played by the seats that held a card at its start
            sz = 0
            end = step_from
            for s in range(n):
                if hands[row, s] or in_trick >> s & 1:
                    sz += 1
                rest = hands[row, s]
                while rest:
                    end += 1
                    rest ^= lowest(rest)
        row_plays = end if folds else plays
        seat = to_play[row]
        ws = win_seat[row]
        bt = beat[row]
        tm = trick_mask[row]
        l67 = led67[row]
        lm = led_mask[row]
        for step in range(step_from, min(step_to, end)):
            hand = hands[row, seat]
            if forced and step == step_from:
                bit = first[row]
            elif row_plays - step <= sz - p:
                bit = hand  # the last trick: one card each
            elif wise and p == 0:
                bit = wise_lead(lead_legal(hand, never_lead_joker, joker_free),
                                live[row] & ~hand, trumps, lead_enc, lead_beats, cost, rank,
                                lower, cheap, bonus)
            elif wise:
                bit = wise_follow(follow_legal(following, hand, lm, trumps), live[row] & ~hand,
                                  bt, l67, beats, tm, not solo and team[ws] == team[seat],
                                  p == wise_last, trumps, cost, rank, power, lower, cheap,
                                  bonus, combinations)
            elif p == 0:
                legal = lead_legal(hand, never_lead_joker, joker_free)
                bit = _ONE << np.uint64(strongest(legal, lead_enc))
            else:
                legal = follow_legal(following, hand, lm, trumps)
                take = legal & bt
                # take the trick where another side wins it, else the cheapest card
                bit = lowest(take if take and (solo or team[ws] != team[seat]) else legal)
            hands[row, seat] = hand ^ bit
            if wise:
                live[row] &= ~bit
            if traced:
                trace[step, row] = _at(bit)
            if p:
                if bit & bt:
                    ws = seat
                if p + 1 < sz:
                    bt &= beats[l67 + bit % _MOD]
                tm |= bit
            else:
                card = _at(bit)
                bt = lead_beats[card]
                l67 = led_base[card]
                lm = led_masks[card]
                ws = seat
                tm = bit
            p += 1
            if p == sz:
                cap[row, ws] |= tm
                won[row, ws] += 1
                last[row] = ws
                seat = ws
                p = 0
                tm = _NONE
                if folds:
                    # the next trick's seats: those still holding cards (none: the
                    # hand is over); a winner out of cards passes the lead on
                    sz = 0
                    for s in range(n):
                        if hands[row, s]:
                            sz += 1
                    if not sz:
                        break
                    while not hands[row, seat]:
                        seat = next_seat[seat]
            else:
                seat = next_seat[seat]
                while folds and not hands[row, seat]:
                    seat = next_seat[seat]  # folded: sits the trick out
        _keep(row, seat, ws, bt, tm, l67, lm, to_play, win_seat, beat, trick_mask, led67,
              led_mask)


@njit(cache=True, inline="always")
def _keep(row: int, seat: Any, ws: Any, bt: Any, tm: Any, l67: Any, lm: Any, to_play: Ints,
          win_seat: Ints, beat: Masks, trick_mask: Masks, led67: Masks, led_mask: Masks
          ) -> None:
    """Keep a row's seat to play and trick on the table (see the module) in its arrays."""
    to_play[row] = seat
    win_seat[row] = ws
    beat[row] = bt
    trick_mask[row] = tm
    led67[row] = l67
    led_mask[row] = lm


@njit(cache=True, inline="always")
def _relabel(mask: Any, index_of: Ints) -> Any:
    """A mask of cards (original numbers) relabelled by ``index_of``."""
    out = np.uint64(0)
    while mask:
        low = lowest(mask)
        out |= _ONE << np.uint64(index_of[_at(low)])
        mask ^= low
    return out


@njit(cache=True)
def start_rows(worlds: Masks, index_of: Ints, candidates: Masks,
               captured: Masks, tricks_won: Any, seat: int, win_seat: int, beat: Any,
               trick_mask: Any, led67: Any, led_mask: Any
               ) -> tuple[Masks, Masks, Any, Ints, Ints, Ints, Masks, Masks, Masks, Masks,
                          Masks]:
    """The rows of a decision's play-outs at its start (world-major: row ``w * C + c`` is
    world ``w`` with candidate ``c``): every seat's hand (``worlds``: by world, every
    seat's unplayed cards, original numbers, relabelled by ``index_of``), what each seat
    captured and the tricks it won so far (``captured``: original numbers), no last trick, the
    seat to play, and the trick on the table (the seat winning it, -1 for none; the cards
    that beat its card, its cards, the suit led as ``suit * 67`` and its cards' mask);
    and the first card of each row (``candidates``: relabelled bits)."""
    rows = worlds.shape[0] * candidates.shape[0]
    n = worlds.shape[1]
    cap = np.empty((rows, n), np.uint64)
    won = np.empty((rows, n), np.int64)
    last = np.empty(rows, np.intp)
    return _start_into(cap, won, last, worlds, index_of, candidates, captured,
                       tricks_won, seat, win_seat, beat, trick_mask, led67, led_mask)


@njit(cache=True)
def _start_into(cap: Masks, won: Any, last: Ints, worlds: Masks, index_of: Ints,
                candidates: Masks, captured: Masks, tricks_won: Any,
                seat: int, win_seat: int, beat: Any, trick_mask: Any, led67: Any,
                led_mask: Any) -> tuple[Masks, Masks, Any, Ints, Ints, Ints, Masks, Masks,
                                        Masks, Masks, Masks]:
    """:func:`start_rows`, what every row captured, the tricks it won and its last trick
    written into ``cap``, ``won`` and ``last`` (a row each) and the rest made here."""
    w_count, n = worlds.shape
    c_count = candidates.shape[0]
    rows = w_count * c_count
    hands = np.empty((rows, n), np.uint64)
    to_play = np.empty(rows, np.intp)
    wins = np.empty(rows, np.intp)
    beats = np.empty(rows, np.uint64)
    tricks = np.empty(rows, np.uint64)
    leds = np.empty(rows, np.uint64)
    led_masks = np.empty(rows, np.uint64)
    first = np.empty(rows, np.uint64)
    relabelled = np.empty(n, np.uint64)
    taken = np.empty(n, np.uint64)
    for s in range(n):
        taken[s] = _relabel(captured[s], index_of)
    for w in range(w_count):
        for s in range(n):
            relabelled[s] = _relabel(worlds[w, s], index_of)
        for c in range(c_count):
            row = w * c_count + c
            for s in range(n):
                hands[row, s] = relabelled[s]
                cap[row, s] = taken[s]
                won[row, s] = tricks_won[s]
            last[row] = -1
            _keep(row, seat, win_seat, beat, trick_mask, led67, led_mask, to_play, wins,
                  beats, tricks, leds, led_masks)
            first[row] = candidates[c]
    return hands, cap, won, last, to_play, wins, beats, tricks, leds, led_masks, first


@njit(cache=True)
def hand_plays(worlds: Masks, folds: bool) -> int:
    """The cards a decision's play-outs play to the hand's end (``worlds``: every seat's
    unplayed cards by world): every card of a world, the most of any world in trumps-only
    play (``folds``: a seat's trumps differ by world)."""
    most = 0
    for w in range(worlds.shape[0] if folds else min(worlds.shape[0], 1)):
        count = 0
        for s in range(worlds.shape[1]):
            rest = worlds[w, s]
            while rest:
                count += 1
                rest ^= lowest(rest)
        most = max(most, count)
    return most


@njit(cache=True)
def run_rows(cap: Masks, won: Any, last: Ints, worlds: Masks, index_of: Ints,
             candidates: Masks, captured: Masks, tricks_won: Any,
             seat: int, win_seat: int, beat: Any, trick_mask: Any, led67: Any,
             led_mask: Any, place: int, size: int,
             next_seat: Ints, team: Ints, solo: bool, folds: bool, in_trick: int,
             following: int, never_lead_joker: bool, joker_free: Any, trumps: Any,
             beats: Masks, lead_enc: Any, lead_beats: Masks, led_base: Masks,
             led_masks: Masks, trace: Ints, wise: bool, live: Masks, cost: Any, rank: Ints,
             power: Ints, lower: Masks, cheap: Masks, bonus: bool, combinations: bool
             ) -> None:
    """:func:`start_rows` then :func:`play_rows` to the hand's end (:func:`hand_plays`),
    in one call: what every row captured, the tricks it won and the seat that took its
    last trick written into ``cap``, ``won`` and ``last`` (a row each: ``worlds`` times
    ``candidates``), made by the caller. (One dispatch and no array handed back where the
    two calls took two and eleven: numba boxes an array it hands back, about 0.6 us each,
    asking ``numba.core.serialize._numba_unpickle`` for ``np.ndarray`` every time: a
    decision's fixed cost.)"""
    hands, cap, won, last, to_play, wins, beat_rows, tricks, leds, led_rows, first = \
        _start_into(cap, won, last, worlds, index_of, candidates, captured,
                    tricks_won, seat, win_seat, beat, trick_mask, led67, led_mask)
    plays = hand_plays(worlds, folds)
    play_rows(hands, cap, won, last, to_play, wins, beat_rows, tricks, leds, led_rows, first,
              place, 0, plays, plays, size, next_seat, team, solo, folds, in_trick,
              following, never_lead_joker, joker_free, trumps, beats, lead_enc, lead_beats,
              led_base, led_masks, trace, wise, live, cost, rank, power, lower,
              cheap, bonus, combinations)


@njit(cache=True, inline="always")
def strongest(mask: Any, lead_enc: Any) -> Any:
    """The card (relabelled index) of ``mask`` (not empty) the rule of thumb leads: the
    highest of ``lead_enc`` (its strongest trump, else its highest plain card)."""
    best = lead_enc[_at(lowest(mask))]
    rest = mask
    while rest:
        low = lowest(rest)
        enc = lead_enc[_at(low)]
        if enc > best:
            best = enc
        rest ^= low
    return best & 63


@njit(cache=True, inline="always")
def _lifted(legal: Any, unseen: Any, trumps: Any, lower: Masks) -> Any:
    """The trumps of ``legal`` nobody can go under (no ``unseen`` trump below them): the
    heuristic prices them dearer (the low-trump bonus, ``heuristic._lifted``)."""
    out = _NONE
    rest = legal & trumps
    while rest:
        low = lowest(rest)
        if not unseen & lower[_at(low)]:
            out |= low
        rest ^= low
    return out


@njit(cache=True, inline="always")
def _cheapest(mask: Any, lifted: Any, rank: Ints, dearest: bool) -> Any:
    """The card of ``mask`` (not empty) of the lowest heuristic rank (``rank[1]`` for a
    card of ``lifted``, else ``rank[0]``; ``rank * TIE + card``), or of the highest when
    ``dearest``; the lowest card on a tie (``heuristic._cheapest``, ``_first_max``)."""
    best = _NONE
    best_rank = 0
    rest = mask
    while rest:
        low = lowest(rest)
        r = rank[1 if low & lifted else 0, _at(low)]
        if dearest:
            # the highest rank, of those the lowest card: the card's bits turned over
            r ^= TIE - 1
        if not best or ((r > best_rank) if dearest else (r < best_rank)):
            best, best_rank = low, r
        rest ^= low
    return best


@njit(cache=True, inline="always")
def _dearest(mask: Any, lifted: Any, cost: Any, power: Ints) -> Any:
    """The card of ``mask`` (not empty) of the highest heuristic cost, of those the
    lowest power (``power * TIE + card``: the lowest card on a tie; ``heuristic._dearest``)."""
    best = _NONE
    top_cost = 0.0
    top_power = 0
    rest = mask
    while rest:
        low = lowest(rest)
        i = _at(low)
        c = cost[1 if low & lifted else 0, i]
        if not best or c > top_cost or (c == top_cost and power[i] < top_power):
            best, top_cost, top_power = low, c, power[i]
        rest ^= low
    return best


@njit(cache=True, inline="always")
def wise_lead(legal: Any, unseen: Any, trumps: Any, lead_enc: Any, lead_beats: Masks,
              cost: Any, rank: Ints, lower: Masks, cheap: Masks, bonus: bool) -> Any:
    """The heuristic's lead once trump is known (``HeuristicBot.play_cards``), on
    relabelled masks (``unseen``: the cards the leader has not seen; ``cost``, ``rank``,
    ``cheap``: the heuristic's, without and with the low-trump bonus, which applies
    where ``bonus``): its strongest trump where nobody can beat it and trumps are still
    out (or it is worth a point card); else its dearest plain card nobody can beat;
    else its cheapest plain card, cheap trump, or card."""
    lifted = _lifted(legal, unseen, trumps, lower) if bonus else _NONE
    held = legal & trumps
    if held:
        top = strongest(held, lead_enc)
        top_bit = _ONE << np.uint64(top)
        if not unseen & lead_beats[top] and (
                (unseen & trumps) != _NONE or cost[1 if top_bit & lifted else 0, top] >= 1.0):
            return top_bit
    plain = legal & ~trumps
    bosses = _NONE
    rest = plain
    while rest:
        low = lowest(rest)
        if not unseen & lead_beats[_at(low)]:
            bosses |= low
        rest ^= low
    if bosses:
        return _cheapest(bosses, lifted, rank, True)
    cheap_now = (cheap[0] & ~lifted) | (cheap[1] & lifted)
    pick = plain if plain else (held & cheap_now if held & cheap_now else legal)
    return _cheapest(pick, lifted, rank, False)


@njit(cache=True, inline="always")
def wise_follow(legal: Any, unseen: Any, bt: Any, l67: Any, beats: Masks, tm: Any,
                partner: bool, last: bool, trumps: Any, cost: Any, rank: Ints, power: Ints,
                lower: Masks, cheap: Masks, bonus: bool, combinations: bool) -> Any:
    """The heuristic's card to a trick (``HeuristicBot.play_cards``), on relabelled
    masks (``bt``: the cards that beat the winner's; ``partner``: its side wins it; the
    tables as :func:`wise_lead`'s): onto a partner's trick nobody can take, its dearest
    card but a winning trump, else its cheapest; against another side, its cheapest card
    nobody can beat when the trick is worth it (always when last), a winner that risks no
    point card when it is worth more, else its cheapest card that does not take it."""
    lifted = _lifted(legal, unseen, trumps, lower) if bonus else _NONE
    winners = legal & bt
    if partner:
        if last or not unseen & bt:
            gifts = legal & ~(winners & trumps)
            if gifts:
                return _dearest(gifts, lifted, cost, power)
        return _cheapest(legal, lifted, rank, False)
    safe = winners
    if not last:
        rest = winners
        while rest:
            low = lowest(rest)
            if unseen & beats[l67 + low % _MOD]:
                safe ^= low
            rest ^= low
    if safe and (last or combinations):
        return _cheapest(safe, lifted, rank, False)
    risky = winners & ((cheap[0] & ~lifted) | (cheap[1] & lifted))
    if safe or risky:
        # the trick's cards priced as the heuristic prices them (a trump nobody can go
        # under with the bonus)
        prize = 0.0
        rest = tm
        while rest:
            low = lowest(rest)
            i = _at(low)
            prize += cost[1 if bonus and low & trumps and not unseen & lower[i] else 0, i]
            rest ^= low
        if safe and prize > SAFE_PRIZE:
            return _cheapest(safe, lifted, rank, False)
        if risky and prize > RISK_PRIZE:
            return _cheapest(risky, lifted, rank, False)
    ducks = legal & ~winners
    return _cheapest(ducks if ducks else legal, lifted, rank, False)
