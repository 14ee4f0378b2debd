"""Trick play: the play phase's own record, and the functions that step it.

The phase owns its state, a :class:`PlayState` for the hand: the trump in force and its
tables, the trick on the table, its leader and the winner so far, the tricks played,
the cards each seat captured, and staged play's stage. Functions here read the hands
and step that record; nothing here writes to the game. The engine removes a played card
from its hand, calls :func:`step`, and when a trick or a hand ends does what these
functions say (who leads, a new stage, the hand's end).

Legal plays are :mod:`pitchkit.tricks`'s ``legal_leads`` and ``legal_follows``, the one
definition; :func:`step` keeps a marked faster copy of the follow rule, and the trick's
winner up to date card by card (a faster copy of ``tricks.trick_winner``); both are
proved equal in tests/test_tricks_definition.py.

:func:`step` changes the record in place rather than returning a new one, as
:mod:`pitchkit.auction` does and for the same reason, more so: it runs for every card,
some 40 times a hand, and the record has over twenty fields (the trick's running
winner, the legal cards of the next seat, ...), against the 55 us a random hand takes
in all. No reader needs the old state: the record is the phase's alone, the engine
starts a new one each hand, and :meth:`PlayState.copy` gives a search its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from pitchkit.actions import CARD_BITS, SELECT_FLAG, action_text
from pitchkit.cards import CARD_BIT, SUIT_NAMES, card_name, format_cards
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.fold import seating as fold_seating
from pitchkit.plan import SETS_TRUMP, RulesPlan
from pitchkit.tricks import (
    ANY_CARD,
    FOLLOW_OR_TRUMP,
    MUST_FOLLOW_THEN_TRUMP,
    NO_SUIT,
    TrumpTables,
    follow_reason,
    legal_follows,
    legal_leads,
    trick_winner,
)

SPADES = 0
#: :func:`step`'s answers other than the next seat to act
HAND_OVER, STAGE_OVER = -1, -2


def cards_list(mask: int) -> list[int]:
    """The cards of a mask, lowest first.

    A loop over the set bits: legal plays are a few cards, and small, cache-friendly work
    beats big lookup tables inside a long simulation. A mask of many cards (a staged
    hand's choice, the cards a pitcher may call) is read from its binary digits, lowest
    first, without a Python loop: above some 8 cards that costs less.
    """
    if mask.bit_count() > 8:
        return list(compress(_NUMBERS, bin(mask)[:1:-1].encode().translate(_DIGIT_BYTES)))
    out: list[int] = []
    append = out.append
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return out


#: :func:`cards_list`'s reading of binary digits: each digit's byte as 0 or 1, and the
#: numbers they select (more than any mask's digits)
_DIGIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_NUMBERS = range(1 << 16)


class PlayState:
    """The play phase's own record for one hand."""

    __slots__ = (  # noqa: RUF023  (grouped by what they hold)
        # the trump in force (set_trump): -1 and None until it is known
        "trump", "tables", "eff", "trumps", "suit_masks", "led_keys",
        # the trick on the table
        "trick", "trick_leader", "trick_mask", "led", "keys", "win_seat", "win_key",
        # the hand so far
        "tricks", "tricks_left", "first_lead", "last_winner", "leader", "captured",
        "tricks_won", "voids",
        # staged play (play.stages)
        "stage", "select_count", "select_left",
        # the seats of a trick: all, except in trumps-only play (pitchkit.fold)
        "trick_size", "next_active", "trick_nexts",
        # the legal cards of the seat to act (-1: not worked out yet) and the follow rule
        "legal", "following",
    )

    def __init__(self, plan: RulesPlan) -> None:
        n = plan.seats.count
        self.trump = -1
        self.tables: TrumpTables | None = None
        self.eff: tuple[int, ...] = ()
        self.trumps = 0
        self.suit_masks: tuple[int, ...] = (0, 0, 0, 0, 0)
        self.led_keys: tuple[tuple[int, ...], ...] = ()
        #: the cards of the trick on the table, in order of play, and who led it
        self.trick: list[int] = []
        self.trick_leader = -1
        self.trick_mask = 0
        #: the effective suit led, the trick keys of the cards, the winner so far
        self.led = -1
        self.keys: tuple[int, ...] = ()
        self.win_seat = -1
        self.win_key = -1
        #: tricks played: (leader, cards, winner)
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.tricks_left = 0
        self.first_lead = True
        self.last_winner: int | None = None
        #: who leads the first trick, then the next stage's first trick
        self.leader = -1
        self.captured = [0] * n
        self.tricks_won = [0] * n
        #: per seat, the cards it showed it cannot hold (its void suits) by not following
        #: in the tricks finished this hand, in staged play this stage (a seat plays the
        #: cards it chose for the stage: its next stage may hold any suit); the bots read
        #: it rather than each reading the tricks again (tricks.trick_voids)
        self.voids = [0] * n
        self.stage = 0
        self.select_count = 0
        self.select_left = 0
        self.trick_size = n
        self.next_active = plan.seats.next_seat
        #: trumps-only play: the seating of each trick played
        self.trick_nexts: list[tuple[int, ...]] = []
        self.legal = -1
        self.following = plan.play.following

    def copy(self) -> PlayState:
        other = PlayState.__new__(PlayState)
        for name in PlayState.__slots__:
            setattr(other, name, getattr(self, name))
        for name in _LISTS:
            setattr(other, name, list(getattr(self, name)))
        return other

    def snapshot(self) -> tuple[object, ...]:
        """The record as plain data (the trump tables and caches left out)."""
        return tuple((name, getattr(self, name)) for name in _SNAPSHOT)


_LISTS = ("trick", "tricks", "captured", "tricks_won", "voids", "trick_nexts")
#: fields that follow from others (the trump's tables) or are caches
_DERIVED = frozenset(("tables", "eff", "trumps", "suit_masks", "led_keys", "keys", "legal",
                      "following"))
_SNAPSHOT = tuple(name for name in PlayState.__slots__ if name not in _DERIVED)


def set_trump(plan: RulesPlan, state: PlayState, suit: int) -> None:
    """Trump is ``suit`` from now on (turned, named, or set by a lead)."""
    tables, state.suit_masks, state.led_keys = plan.play.trump_sets[suit]
    state.trump = suit
    state.tables = tables
    state.eff = tables.effective_suit
    state.trumps = tables.trumps


# ------------------------------------------------------------------ legal plays

def lead_cards_mask(plan: RulesPlan, state: PlayState, hand: int) -> int:
    """Cards ``hand`` may lead now (also a pitch during the auction): tricks.legal_leads."""
    return legal_leads(hand, state.tables,
                       state.first_lead and plan.play.first_lead_must_be_trump,
                       joker_may_set_trump=plan.trump.pitched_joker_makes_spades,
                       never_lead_joker=plan.play.never_lead_joker)


def legal_mask(plan: RulesPlan, state: PlayState, hand: int) -> int:
    """The cards ``hand`` (the seat to act's) may play now; kept until the next action."""
    if not state.trick:
        # as lead_cards_mask, one call less on the hot path
        legal = legal_leads(hand, state.tables,
                            state.first_lead and plan.play.first_lead_must_be_trump,
                            joker_may_set_trump=plan.trump.pitched_joker_makes_spades,
                            never_lead_joker=plan.play.never_lead_joker)
    else:
        legal = legal_follows(hand, state.led, state.tables, state.following)
    state.legal = legal
    return legal


def play_reason(state: PlayState, hand: int, unchosen: int, seat: int, card: int) -> str:
    """Why ``seat``, holding ``hand`` (and ``unchosen``, cards kept back for a later
    stage), may not play ``card`` now, in one line."""
    if not 0 <= card < 54:
        return f"{seat_name(seat)} must play a card now, not {_text(card)}"
    name = card_name(card)
    if not hand >> card & 1:
        if unchosen >> card & 1:
            return f"{seat_name(seat)} did not choose {name} for this stage"
        return f"{seat_name(seat)} does not hold {name}"
    if not state.trick:
        if state.tables is None:
            return f"{seat_name(seat)} may not lead a joker to set trump"
        if card >= 52:  # a joker is a trump: only play.never_lead_joker forbids it
            return f"{seat_name(seat)} may not lead a joker while able to lead another card"
        trumps = hand & state.trumps
        return (f"{seat_name(seat)} must lead a trump ({SUIT_NAMES[state.trump]}): "
                f"holds {format_cards(trumps)}")
    assert state.tables is not None
    return follow_reason(seat, card, hand, state.led, state.tables, state.following)


def _text(action: int) -> str:
    try:
        return action_text(action)
    except ValueError:
        return str(action)


# ------------------------------------------------------------------ play a card

def step(plan: RulesPlan, state: PlayState, hands: Sequence[int], seat: int, card: int
         ) -> int:
    """``seat`` played ``card``, a legal card (checked by the caller, who has taken it
    from the seat's hand): the next seat to act, :data:`STAGE_OVER` (staged play: the
    stage's tricks are played; the last winner leads on) or :data:`HAND_OVER`.

    When the card ends the trick, its winner takes it: the trick on the table is then
    empty again, and ``state.last_winner`` says who won it. ``state.legal`` is then the
    legal cards of the next seat to act (-1 when the hand or the stage is over).

    The lead and the trick's end are written here rather than in functions of their own:
    a call costs about as much as either, and this runs for every card.
    """
    trick = state.trick
    if trick:
        # FASTER COPY of tricks.trick_winner, kept up to date card by card (the keys
        # are its tables'); proved equal in tests/test_tricks_definition.py
        key = state.keys[card]
        if key > state.win_key:
            if key == SETS_TRUMP:
                _trump_after_joker(plan, state, card)
            else:
                state.win_key = key
                state.win_seat = seat
        state.trick_mask |= CARD_BIT[card]
    else:
        # the lead
        state.first_lead = False
        state.win_seat = state.trick_leader = seat
        state.trick_mask = CARD_BIT[card]
        if state.trump >= 0 or _lead_sets_trump(plan, state, card):
            led = state.eff[card]
            state.led = led
            keys = state.keys = state.led_keys[led]
            state.win_key = keys[card]
    trick.append(card)
    if len(trick) == state.trick_size:
        # the trick is complete: its winner takes it
        following = state.following
        # (no trump yet: a joker led blind, only jokers after it; they show nothing)
        if following != ANY_CARD and state.trump >= 0:
            # FASTER COPY of tricks.trick_voids (the definition), the voids it shows
            # added to the record; proved equal in tests/test_play_voids.py
            eff = state.eff
            led = eff[trick[0]]
            s = state.trick_leader
            seats = state.next_active
            for c in trick[1:]:
                s = seats[s]
                suit = eff[c]
                if suit != led:
                    if following == FOLLOW_OR_TRUMP:
                        if suit != state.trump:
                            state.voids[s] |= state.suit_masks[led]
                    else:
                        state.voids[s] |= state.suit_masks[led]
                        if following == MUST_FOLLOW_THEN_TRUMP and suit != state.trump:
                            state.voids[s] |= state.suit_masks[state.trump]
        winner = state.win_seat
        state.captured[winner] |= state.trick_mask
        state.tricks_won[winner] += 1
        state.last_winner = winner
        state.tricks.append((state.trick_leader, tuple(trick), winner))
        trick.clear()
        state.tricks_left -= 1
        leader = winner
        if plan.play.trumps_only:
            leader = _trumps_only_seating(plan, state, hands, winner)
        if state.tricks_left:
            # rule: "Winner of a trick leads the next" (A, B, C). Its legal leads: the
            # first lead is over, so (tricks.legal_leads) any card once trump is known,
            # unless play.never_lead_joker
            hand = hands[leader]
            state.legal = (hand if state.tables is not None and not plan.play.never_lead_joker
                           else lead_cards_mask(plan, state, hand))
            return leader
        state.leader = winner  # rule: the trick winner leads on into the next stage
        state.legal = -1
        return STAGE_OVER if plan.play.stages else HAND_OVER
    nxt = state.next_active[seat]
    # FASTER COPY of tricks.legal_follows (the definition), inlined for speed on the
    # hot path; tests/test_tricks_definition.py proves them equal on random games.
    # The suit masks carry a fifth entry 0 for tricks.NO_SUIT (a joker led blind).
    hand = hands[nxt]
    following = state.following
    if following == ANY_CARD:
        state.legal = hand
    else:
        follow = hand & state.suit_masks[state.led]
        if following == FOLLOW_OR_TRUMP:
            state.legal = (follow | (hand & state.trumps)) if follow else hand
        elif follow:
            state.legal = follow
        elif following == MUST_FOLLOW_THEN_TRUMP:
            state.legal = (hand & state.trumps) or hand
        else:
            state.legal = hand
    return nxt


def _lead_sets_trump(plan: RulesPlan, state: PlayState, card: int) -> bool:
    """A lead while trump is unknown: it sets trump (True), or a joker is led blind and
    the trick has no suit yet (False: its keys set here)."""
    if card < 52:
        # rule: "the suit of that first card is trump for the hand" (sources A, B)
        set_trump(plan, state, card // 13)
        return True
    if plan.trump.pitched_joker_makes_spades:
        # rule: "If the joker is pitched, it is a spade" (trump.pitched_joker)
        set_trump(plan, state, SPADES)
        return True
    # A joker led by a hand holding nothing else cannot set trump: the first plain card
    # played to the trick does (the joker counts as a trump led).
    state.led = NO_SUIT  # no suit: everyone may play anything
    state.keys = blind = plan.play.blind_keys
    state.win_key = blind[card]
    return False


def _trumps_only_seating(plan: RulesPlan, state: PlayState, hands: Sequence[int],
                         winner: int) -> int:
    """Trumps-only play, a trick taken by ``winner``: the seats of the next trick
    (pitchkit.fold), and its leader (-1: nobody holds a trump, no trick is left)."""
    state.trick_nexts.append(state.next_active)
    seating = fold_seating(hands, plan.seats.next_seat, winner)
    state.next_active, state.trick_size = seating.next_seat, seating.size
    state.tricks_left = 1 if seating.leader >= 0 else 0
    return seating.leader


def _trump_after_joker(plan: RulesPlan, state: PlayState, card: int) -> None:
    """The first plain card after a joker lead sets trump; the trick is re-judged."""
    set_trump(plan, state, card // 13)
    tables = state.tables
    assert tables is not None
    state.led = tables.trump
    suit_led = plan.play.trick_winner_suit_led
    keys = (tables.suit_led_keys if suit_led else tables.win_keys)[tables.trump]
    state.keys = keys
    cards = [*state.trick, card]
    best = trick_winner(cards, tables, suit_led)
    winner = state.trick_leader
    nxt = state.next_active  # the seats of the trick (some may sit out)
    for _ in range(best):
        winner = nxt[winner]
    state.win_seat = winner
    state.win_key = keys[cards[best]]


#: (seat, card) pairs, in order of play
Plays = tuple[tuple[int, int], ...]
#: :func:`plays`' memo before any trick is finished: (tricks read, their plays)
NO_PLAYS: tuple[int, Plays] = (0, ())


def plays(state: PlayState, memo: tuple[int, Plays]) -> tuple[Plays, Plays, tuple[int, Plays]]:
    """(seat, card) of the trick on the table and of the cards of the finished tricks
    (every card played this hand but the trick's), and the memo to pass next time:
    ``memo`` holds the finished tricks' plays as an earlier call read them
    (:data:`NO_PLAYS` at first), so each trick is read once and the same tuple is
    answered until the next trick is finished."""
    trick: Plays = ()
    if state.trick:
        nxt = state.next_active
        on_table = []
        s = state.trick_leader
        for card in state.trick:
            on_table.append((s, card))
            s = nxt[s]
        trick = tuple(on_table)
    done, played = memo
    tricks = state.tricks
    if done != len(tricks):
        more = list(played)
        nexts = state.trick_nexts  # trumps-only play: the seating of each trick
        for i, (leader, cards, _winner) in enumerate(tricks[done:], done):
            s = leader
            step = nexts[i] if nexts else state.next_active
            for card in cards:
                more.append((s, card))
                s = step[s]
        played = tuple(more)
        memo = (len(tricks), played)
    return trick, played, memo


def cards_played(state: PlayState) -> int:
    """Every card played this hand so far (a mask)."""
    played = state.trick_mask if state.trick else 0
    for mask in state.captured:
        played |= mask
    return played


# ------------------------------------------------------------------ begin play

def begin(state: PlayState, leader: int, tricks: int) -> None:
    """Trick play begins, ``leader`` leading ``tricks`` tricks."""
    state.leader = leader
    state.tricks_left = tricks


def begin_trumps_only(plan: RulesPlan, state: PlayState, hands: Sequence[int],
                      leader: int) -> int:
    """Trumps-only play begins (``hands`` hold only their trumps): the first trick's
    leader, or -1 when nobody holds a trump."""
    seating = fold_seating(hands, plan.seats.next_seat, leader)
    state.next_active, state.trick_size = seating.next_seat, seating.size
    state.tricks_left = 1
    return seating.leader


# ------------------------------------------------------------------ stages

def begin_stage(plan: RulesPlan, state: PlayState, unchosen: int) -> bool:
    """Staged play: the next stage, if there is one: every seat in turn, the stage's
    leader (``state.leader``, who holds ``unchosen`` cards not yet played) first,
    chooses its cards. False: the hand is over."""
    state.stage += 1
    # a stage's voids hold for that stage only (PlayState.voids)
    state.voids = [0] * plan.seats.count
    stages = plan.play.stages
    if state.stage >= len(stages) or unchosen == 0:
        # rule: "Cards left after the last stage take no part" (source C)
        return False
    state.select_count = min(stages[state.stage], unchosen.bit_count())
    state.select_left = plan.seats.count
    return True


def select_step(state: PlayState, unchosen: int, seat: int, action: int) -> int:
    """``seat``, holding ``unchosen`` cards not yet played, chose the cards of
    ``action`` (a select action) for this stage: those cards, once checked; raises
    IllegalActionError with the reason. ``state.select_left`` then says who is still to
    choose."""
    if action < SELECT_FLAG or action & ~(SELECT_FLAG | CARD_BITS):
        raise IllegalActionError(
            f"{seat_name(seat)} must choose its cards for stage {state.stage + 1} now "
            f"(select CARD ...), not {_text(action)}")
    mask = action & CARD_BITS
    k = state.select_count
    if mask & ~unchosen:
        raise IllegalActionError(
            f"{seat_name(seat)} cannot choose {format_cards(mask & ~unchosen)}: "
            f"not among its unplayed cards ({format_cards(unchosen)})")
    if mask.bit_count() != k:
        raise IllegalActionError(
            f"{seat_name(seat)} must choose {k} cards for stage {state.stage + 1}, "
            f"not {mask.bit_count()}")
    # rule: "each player chooses any cards of that stage's size ... and plays only
    # those" (source C)
    state.select_left -= 1
    if not state.select_left:
        state.tricks_left = k
    return mask
