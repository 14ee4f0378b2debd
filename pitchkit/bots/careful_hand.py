"""The default bot's card play (:meth:`pitchkit.bots.cardplay.CarefulPlay.play_cards`),
compiled (numba), for a whole hand at a time.

Where every seat of a game plays its cards by ``CarefulPlay.play_cards`` (the default
``calibrated`` bot, four or five seats of it in ``simulate``), the rest of a hand, once
trump is known and the first card is led, is played out card by card in one call of
:func:`play_rest`: each seat's card is the decision of :func:`careful_card`, card for
card ``CarefulPlay.play_cards`` (held so by ``tests/test_careful_hand.py`` on random
positions of every shipped variant, and by the same games), on what the seat would see
(its cards, the trick, the cards captured, the voids the finished tricks show, the sides
as it knows them); the trick is stepped as :func:`pitchkit.play.step` steps it (the
follow rule, the winner by the trick keys, the voids a finished trick shows). The engine
then plays those cards through its own step, each checked against its legal cards
(:meth:`pitchkit.engine.Game.play_turns`), so the game's record is the engine's.

In staged play (``play.stages``) a call plays the stage out (its tricks end with it; the
engine then asks for the next stage's cards, and the voids of the engine's record are the
stage's). It does not serve trumps-only play (``play.trumps_only``: seats fold),
``play.never_lead_joker``, nor the first lead (it may set trump, or must be a trump):
there the engine asks each seat (:meth:`HandPlayer.fits`).

Cards and masks are int64 (54 cards fit); a mask's lowest bit's index is its count of
trailing zeros (numba's intrinsic).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.heuristic import know, stage_tables
from pitchkit.bots.kernels import njit, trailing_zeros
from pitchkit.memo import per_rule_set
from pitchkit.plan import SETS_TRUMP, rules_plan
from pitchkit.results import PlayView
from pitchkit.tricks import ANY_CARD, FOLLOW_OR_TRUMP, MUST_FOLLOW_THEN_TRUMP
from pitchkit.variant import Rules

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

#: rows of the int table (:func:`tables`), per card
POWER, EFF, HIGHER, LOWER, RANK, RANK_BONUS, KEYS = range(7)  # KEYS..KEYS+4: per suit led
#: rows of the float table, per card: the cost, and with the low-trump bonus
BASE, BASE_BONUS = range(2)
#: entries of the constants (:func:`tables`)
(C_TRUMP, C_TRUMPS, C_DECK, C_CHEAP, C_CHEAP_LIFTED, C_BONUS, C_LED_ONLY, C_COMBOS,
 C_SWEEP, C_READABLE, C_FOLLOWING, C_SUITS) = range(12)  # C_SUITS..C_SUITS+4: suit masks
CONSTS = C_SUITS + 5
#: the rows of :func:`play_rest`'s state, a seat each (or a place of the trick)
ROWS = range(9)
R_HANDS, R_RESERVE, R_CAPTURED, R_VOIDS, R_SEATS, R_CARDS, R_NEXT, R_DEALT, R_KNOWN = ROWS

#: the constants of CarefulPlay's rules (pitchkit.bots.cardplay)
_FREE = 0.15
_POINT = 1.0
_RISK = 0.5


@njit(cache=True)
def _index(bit: Any) -> Any:
    """The index of the lowest set bit of ``bit`` (a count of trailing zeros: one
    instruction)."""
    return trailing_zeros(bit)  # type: ignore[call-arg]


@njit(cache=True)
def _pick(mask: Any, lifted: Any, ti: Any, row: int, most: bool) -> Any:
    """Of ``mask`` (not empty), the first card of the highest (``most``) or lowest value
    of the row ``row`` (POWER, or RANK: then the lifted cards' rank with the bonus):
    heuristic._first_max and heuristic._cheapest."""
    best = -1
    top = 0
    while mask:
        bit = mask & -mask
        mask ^= bit
        c = _index(bit)
        r = ti[RANK_BONUS, c] if row == RANK and lifted & bit else ti[row, c]
        if best < 0 or (r > top if most else r < top):
            best, top = c, r
    return best


@njit(cache=True)
def _cheapest(mask: Any, lifted: Any, ti: Any) -> Any:
    """heuristic._cheapest: the first of the lowest rank."""
    return _pick(mask, lifted, ti, RANK, False)


@njit(cache=True)
def _dearest(mask: Any, lifted: Any, ti: Any, tf: Any) -> Any:
    """heuristic._dearest: the first of the dearest, of those the lowest power."""
    best = -1
    top_cost = 0.0
    top_power = 0
    while mask:
        bit = mask & -mask
        mask ^= bit
        c = _index(bit)
        cost = tf[BASE_BONUS, c] if lifted & bit else tf[BASE, c]
        power = ti[POWER, c]
        if best < 0 or cost > top_cost or (cost == top_cost and power < top_power):
            best, top_cost, top_power = c, cost, power
    return best


@njit(cache=True)
def _beaten(card: Any, threat: Any, ti: Any, trumps: Any, ruff: Any) -> bool:
    """cardplay._beaten."""
    above = ti[HIGHER, card]
    if not (trumps >> card) & 1:
        above |= ruff
    return (threat & above) != 0


@njit(cache=True)
def _unbeaten(mask: Any, threat: Any, ti: Any, trumps: Any, ruff: Any) -> Any:
    """cardplay._unbeaten: the cards of ``mask`` not :func:`_beaten`."""
    out = mask
    if threat:
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if _beaten(_index(bit), threat, ti, trumps, ruff):
                out ^= bit
    return out


@njit(cache=True)
def _prize(cards: Any, count: int, bonus: bool, trumps: Any, unseen: Any, ti: Any,
           tf: Any) -> float:
    """cardplay._prize: the trick's cards' cost, summed in order."""
    total = 0.0
    for i in range(count):
        c = cards[i]
        if bonus and (trumps >> c) & 1 and not unseen & ti[LOWER, c]:
            total += tf[BASE_BONUS, c]
        else:
            total += tf[BASE, c]
    return total


@njit(cache=True)
def careful_card(seat: int, hand: Any, reserve: Any, legal: Any, played: Any,
                 trick_seats: Any, trick_cards: Any, count: int, captured: Any,
                 voids: Any, team: Any, ti: Any, tf: Any, consts: Any) -> Any:
    """``CarefulPlay.play_cards`` of ``seat`` with trump known, card for card: its cards
    ``hand`` and ``reserve``, ``legal`` (two or more), the cards played this hand
    (``played``: captured and on the table), the trick's ``count`` cards and their
    seats, every seat's captured cards and shown voids, the sides as the seat knows
    them (``team``)."""
    trumps = consts[C_TRUMPS]
    trump = consts[C_TRUMP]
    led_only = consts[C_LED_ONLY] != 0
    bonus = consts[C_BONUS] != 0
    n = team.shape[0]
    me = team[seat]
    to_play = 0
    for s in range(n):
        if team[s] != me:
            to_play |= 1 << s
    for i in range(count):
        to_play &= ~(1 << trick_seats[i])
    unseen = consts[C_DECK] & ~played & ~hand & ~reserve
    lifted = 0
    if bonus and legal & trumps:
        rest = legal & trumps
        while rest:
            bit = rest & -rest
            rest ^= bit
            if not unseen & ti[LOWER, _index(bit)]:
                lifted |= bit
    cheap = (consts[C_CHEAP] & ~lifted) | (consts[C_CHEAP_LIFTED] & lifted)
    threat = 0
    if to_play:
        if consts[C_READABLE] == 0:
            threat = unseen
        else:
            common = -1
            while to_play:
                bit = to_play & -to_play
                to_play ^= bit
                common &= voids[_index(bit)]
            threat = unseen & ~common
    ruff = 0 if led_only else trumps
    if count == 0:  # CarefulPlay._careful_lead
        mine = legal & trumps
        if mine:
            top = _pick(mine, lifted, ti, POWER, True)
            cost = tf[BASE_BONUS, top] if (lifted >> top) & 1 else tf[BASE, top]
            if not _beaten(top, threat, ti, trumps, ruff) \
                    and (threat & trumps or cost >= 1.0):
                return top
        plain = legal & ~trumps
        bosses = _unbeaten(plain, threat, ti, trumps, ruff)
        if bosses:
            return _pick(bosses, lifted, ti, RANK, True)
        if plain:
            return _cheapest(plain, lifted, ti)
        if mine & cheap:
            return _cheapest(mine & cheap, lifted, ti)
        return _cheapest(legal, lifted, ti)
    win_seat = trick_seats[0]
    win_card = trick_cards[0]
    led = ti[EFF, win_card]
    for i in range(1, count):
        c = trick_cards[i]
        e = ti[EFF, c]
        if (e == led or (e == trump and not led_only)) \
                and ti[POWER, c] > ti[POWER, win_card]:
            win_seat, win_card = trick_seats[i], c
    above = ti[HIGHER, win_card]
    if not led_only and ti[EFF, win_card] != trump:
        above |= trumps
    winners = legal & above
    safe_winners = _unbeaten(winners, threat, ti, trumps, ruff)
    if team[win_seat] == me:
        if not _beaten(win_card, threat, ti, trumps, ruff):
            # a partner's safe trick: feed it points, never overtake with a trump
            gifts = legal & ~(winners & trumps)
            if gifts:
                return _dearest(gifts, lifted, ti, tf)
        elif safe_winners and _prize(trick_cards, count, bonus, trumps, unseen, ti,
                                     tf) >= _POINT:
            return _cheapest(safe_winners, lifted, ti)
        return _cheapest(legal, lifted, ti)
    if winners and consts[C_SWEEP]:
        side = team[win_seat]
        sweep = True
        for s in range(n):
            if team[s] != side and captured[s]:
                sweep = False
        if sweep:
            return _cheapest(safe_winners if safe_winners else winners, lifted, ti)
    prize = -1.0
    if safe_winners:
        cheapest = _cheapest(safe_winners, lifted, ti)
        cost = tf[BASE_BONUS, cheapest] if (lifted >> cheapest) & 1 else tf[BASE, cheapest]
        if consts[C_COMBOS] or cost < _FREE:
            return cheapest
        prize = _prize(trick_cards, count, bonus, trumps, unseen, ti, tf)
        if prize > _FREE:
            return cheapest
    risky = winners & cheap
    if risky:
        if prize < 0:
            prize = _prize(trick_cards, count, bonus, trumps, unseen, ti, tf)
        if prize > _RISK:
            return _cheapest(risky, lifted, ti)
    ducks = legal & ~winners
    return _cheapest(ducks if ducks else legal, lifted, ti)


@njit(cache=True)
def play_rest(n: int, rows: Any, to_act: int, count: int, tricks_left: int, partner: int,
              called: int, ti: Any, tf: Any, consts: Any, out: Any) -> int:
    """Play the hand out from the seat ``to_act``, every seat by :func:`careful_card`
    (one legal card is played without asking), the trick stepped as
    :func:`pitchkit.play.step` steps it; the cards played, in order, into ``out``, and
    their count: to the hand's end, or the stage's in staged play. ``rows``: the rows
    (:data:`ROWS`) of ``n`` (the hands, reserves, captured cards and voids, changed
    here; the trick on the table, ``count`` cards of its seats and cards; the next seat
    of each; the sides as dealt and as known), flat;
    ``tricks_left`` tricks to finish, counting the one on the table. The sides as a seat
    knows them: as known for the called partner (``partner``), and for every seat once
    the called card (``called``, -1 none) is played; else as dealt."""
    if tricks_left <= 0:
        return 0
    hands = rows[R_HANDS * n:(R_HANDS + 1) * n]
    reserve = rows[R_RESERVE * n:(R_RESERVE + 1) * n]
    captured = rows[R_CAPTURED * n:(R_CAPTURED + 1) * n]
    voids = rows[R_VOIDS * n:(R_VOIDS + 1) * n]
    trick_seats = rows[R_SEATS * n:(R_SEATS + 1) * n]
    trick_cards = rows[R_CARDS * n:(R_CARDS + 1) * n]
    next_seat = rows[R_NEXT * n:(R_NEXT + 1) * n]
    team_dealt = rows[R_DEALT * n:(R_DEALT + 1) * n]
    team_known = rows[R_KNOWN * n:(R_KNOWN + 1) * n]
    following = consts[C_FOLLOWING]
    trumps = consts[C_TRUMPS]
    trump = consts[C_TRUMP]
    played = 0
    for s in range(n):
        played |= captured[s]
    trick_mask = 0
    for i in range(count):
        trick_mask |= 1 << trick_cards[i]
    played |= trick_mask
    led = ti[EFF, trick_cards[0]] if count else -1
    win_seat = -1
    win_key = -1
    if count:
        # the winner so far, by the trick keys (as pitchkit.play.step keeps it)
        win_seat = trick_seats[0]
        win_key = ti[KEYS + led, trick_cards[0]]
        for i in range(1, count):
            key = ti[KEYS + led, trick_cards[i]]
            if key > win_key:
                win_key, win_seat = key, trick_seats[i]
    seat = to_act
    done = 0
    while True:
        hand = hands[seat]
        if hand == 0 or done == out.shape[0]:
            # never in a consistent hand (a card leaves a hand each pass, and the tricks
            # end first): a bound, so broken rows end short (the engine asks the rest)
            return done
        if count == 0 or following == ANY_CARD:
            legal = hand
        else:
            follow = hand & consts[C_SUITS + led]
            if following == FOLLOW_OR_TRUMP:
                legal = (follow | (hand & trumps)) if follow else hand
            elif follow:
                legal = follow
            elif following == MUST_FOLLOW_THEN_TRUMP:
                legal = (hand & trumps) if hand & trumps else hand
            else:
                legal = hand
        if legal & (legal - 1):
            team = team_dealt
            if partner < 0 or seat == partner or (played >> called) & 1:
                team = team_known
            card = careful_card(seat, hand, reserve[seat], legal, played, trick_seats,
                                trick_cards, count, captured, voids, team, ti, tf, consts)
        else:
            card = _index(legal)
        out[done] = card
        done += 1
        bit = 1 << card
        hands[seat] ^= bit
        played |= bit
        trick_mask |= bit
        if count == 0:
            led = ti[EFF, card]
            win_key = ti[KEYS + led, card]
            win_seat = seat
        else:
            key = ti[KEYS + led, card]
            if key > win_key:
                win_key, win_seat = key, seat
        trick_seats[count] = seat
        trick_cards[count] = card
        count += 1
        if count < n:
            seat = next_seat[seat]
            continue
        # the trick is over: the voids it shows (pitchkit.play.step's), its winner takes it
        if following != ANY_CARD:
            for i in range(1, n):
                s = trick_seats[i]
                suit = ti[EFF, trick_cards[i]]
                if suit != led:
                    if following == FOLLOW_OR_TRUMP:
                        if suit != trump:
                            voids[s] |= consts[C_SUITS + led]
                    else:
                        voids[s] |= consts[C_SUITS + led]
                        if following == MUST_FOLLOW_THEN_TRUMP and suit != trump:
                            voids[s] |= consts[C_SUITS + trump]
        captured[win_seat] |= trick_mask
        trick_mask = 0
        count = 0
        tricks_left -= 1
        if tricks_left == 0:
            return done
        seat = win_seat


@per_rule_set(32)
def tables(rules: Rules, trump: int) -> tuple[I64, F64, I64] | None:
    """The int table (per card: :data:`POWER` ... and the trick keys per suit led), the
    float table (per card: the cost, and with the low-trump bonus) and the constants of
    ``rules`` with ``trump`` trump; None where :func:`play_rest` does not serve them
    (:meth:`HandPlayer.fits`)."""
    plan = rules_plan(rules)
    if plan.play.trumps_only or plan.play.never_lead_joker:
        return None
    k = know(rules)
    _, power, eff, trump_mask, higher, lower, base, rank, rank_bonus, base_bonus = \
        k.play_tables[trump]
    _, suit_masks, led_keys = plan.play.trump_sets[trump]
    if len(suit_masks) != 5 or len(led_keys) > 5 \
            or any(SETS_TRUMP in keys for keys in led_keys):
        return None
    ti = np.zeros((KEYS + 5, 54), np.int64)
    for row, values in ((POWER, power), (EFF, eff), (HIGHER, higher), (LOWER, lower),
                        (RANK, rank), (RANK_BONUS, rank_bonus)):
        ti[row, :] = values
    for led, keys in enumerate(led_keys):  # the four suits (a fifth: no suit, none led)
        ti[KEYS + led, :] = keys
    tf = np.array([base, base_bonus], np.float64)
    consts = np.zeros(CONSTS, np.int64)
    consts[C_TRUMP] = trump
    consts[C_TRUMPS] = trump_mask
    consts[C_DECK] = k.deck
    consts[C_CHEAP], consts[C_CHEAP_LIFTED] = k.cheap[trump]
    consts[C_BONUS] = k.play_bonus
    consts[C_LED_ONLY] = k.trick_winner_suit_led
    consts[C_COMBOS] = k.combinations
    consts[C_SWEEP] = k.all_points_wins_game
    consts[C_READABLE] = plan.play.following != ANY_CARD
    consts[C_FOLLOWING] = plan.play.following
    consts[C_SUITS:C_SUITS + 5] = suit_masks
    return ti, tf, consts


@per_rule_set(32)
def hand_player(rules: Rules) -> HandPlayer | None:
    """The :class:`HandPlayer` of ``rules`` (one per rule set: the simulator plays the
    hand with it only where every seat answers the same one), or None where
    :func:`play_rest` does not serve them."""
    plan = rules_plan(rules)
    if plan.play.trumps_only or plan.play.never_lead_joker:
        return None
    return HandPlayer(rules, plan.seats.count)


class HandPlayer:
    """What :meth:`pitchkit.engine.Game.play_turns` asks for the rest of a hand where
    every seat plays by ``CarefulPlay.play_cards`` under ``rules``: :meth:`fits` says
    whether it serves the hand as it stands, :meth:`rest` answers the cards."""

    def __init__(self, rules: Rules, n: int) -> None:
        self.rules = rules
        self._out = np.zeros(64, np.int64)
        # the compiled code loaded (from numba's cache, else compiled) now, with the
        # bots, not in the first hand: a hand of nothing left to play
        for trump in range(4):
            found = tables(rules, trump)
            if found is not None:
                play_rest(n, np.zeros(len(ROWS) * n, np.int64), 0, 0, 0, -1, -1, *found,
                          self._out)
                if rules_plan(rules).play.stages:  # a stage's choice: none
                    stage_choice(0, 0, 0, 0, *stage_arrays(rules, trump)[:5], 0, True, 0,
                                 0.0)
                break

    def fits(self, trump: int) -> bool:
        """Whether :meth:`rest` serves these rules with ``trump`` trump (-1: not known)."""
        return trump >= 0 and tables(self.rules, trump) is not None

    def rest(self, trump: int, to_act: int, hands: Sequence[int], reserve: Sequence[int],
             captured: Sequence[int], voids: Sequence[int],
             trick: Sequence[tuple[int, int]], tricks_left: int, next_seat: Sequence[int],
             team_dealt: Sequence[int], team_known: Sequence[int], partner: int,
             called: int) -> list[int]:
        """The cards the seats play from ``to_act`` on to the hand's end, in order (the
        trick on the table ``trick``: (seat, card) pairs)."""
        found = tables(self.rules, trump)
        assert found is not None
        ti, tf, consts = found
        n = len(hands)
        seats = [0] * n
        cards = [0] * n
        for i, (s, c) in enumerate(trick):
            seats[i], cards[i] = s, c
        rows = np.array([*hands, *reserve, *captured, *voids, *seats, *cards, *next_seat,
                         *team_dealt, *team_known], np.int64)
        out = self._out
        done = play_rest(n, rows, to_act, len(trick), tricks_left, partner, called, ti, tf,
                         consts, out)
        return out[:done].tolist()


def card_of(rules: Rules, view: PlayView, legal: int) -> int:
    """:func:`careful_card` on a seat's view (trump known, two or more ``legal`` cards,
    as a mask): the card :func:`play_rest` plays for it (tests hold it to
    ``CarefulPlay.play_cards``)."""
    assert view.trump is not None
    found = tables(rules, view.trump)
    assert found is not None
    n = len(view.team_of)
    seats = np.zeros(n, np.int64)
    cards = np.zeros(n, np.int64)
    played = 0
    for mask in view.captured:
        played |= mask
    for i, (s, c) in enumerate(view.trick):
        seats[i], cards[i] = s, c
        played |= 1 << c
    return int(careful_card(view.seat, view.hand, view.reserve, legal, played, seats, cards,
                            len(view.trick), np.array(view.captured, np.int64),
                            np.array(view.voids or [0] * n, np.int64),
                            np.array(view.team_of, np.int64), *found))


@njit(cache=True)
def stage_choice(cards: Any, count: int, kept: Any, unseen: Any, wish: Any, kept_adds: Any,
                 lower: Any, suits: Any, ranked: Any, trumps: Any, ruff: bool,
                 combo_cards: Any, wait: float) -> Any:
    """``CarefulPlay.stage_cards``: of the mask ``cards``, the ``count`` most wanted
    (``CarefulPlay.stage_worth``: the wish, more for a card of the best combination
    ``kept``, ``wait`` less for a card that scores in combinations and an ``unseen``
    card could beat), the lower card of cards wanted alike, as a mask. ``suits`` and
    ``ranked``: per suit its cards and those cards the most powerful first (-1 after);
    ``ruff``: an unseen trump beats every plain card."""
    beaten = 0
    for s in range(suits.shape[0]):
        left = unseen & suits[s]
        if left:
            for j in range(ranked.shape[1]):
                c = ranked[s, j]
                if c < 0:
                    break
                if (left >> c) & 1:
                    beaten |= lower[c]
                    break
    if ruff and unseen & trumps:
        beaten |= ~trumps
    waiting = cards & combo_cards & beaten
    chosen = 0
    for _ in range(count):
        best = -1
        top = 0.0
        rest = cards & ~chosen
        while rest:
            bit = rest & -rest
            rest ^= bit
            c = _index(bit)
            w = wish[c]
            if kept & bit:
                w += kept_adds[c]
            if waiting & bit:
                w -= wait
            if best < 0 or w > top:
                best, top = c, w
        if best < 0:
            break
        chosen |= 1 << best
    return chosen


@per_rule_set(32)
def stage_arrays(rules: Rules, trump: int) -> tuple[F64, F64, I64, I64, I64, int]:
    """What :func:`stage_choice` reads of ``rules`` with ``trump`` trump: the wish and
    what the best combination adds (:func:`pitchkit.bots.heuristic.stage_tables`), the
    cards below each card, per suit its cards and those cards by power, the trumps."""
    wish, kept_adds = stage_tables(rules, trump)
    k = know(rules)
    order = k.orders[trump]
    ranked = np.full((len(order.by_power), 54), -1, np.int64)
    for s, (_, cards) in enumerate(order.by_power):
        ranked[s, :len(cards)] = cards
    return (np.array(wish, np.float64), np.array(kept_adds, np.float64),
            np.array(order.lower, np.int64),
            np.array([mask for mask, _ in order.by_power], np.int64), ranked,
            k.tables[trump].trumps)
