"""The one engine: a state machine that deals, bids, plays and scores any variant.

Phases: ``deal`` -> (``throw_in``) -> ``auction`` -> ``trump`` -> ``draw`` -> ``call`` ->
``select`` -> ``play`` -> (scoring, done automatically after the last trick) -> ``deal``
again or ``over``. Each phase owns its record and the functions that step it: the
throw-in (:mod:`pitchkit.weak_hand`), the auction (:mod:`pitchkit.auction`), the draw
(:mod:`pitchkit.draw`), the call (:mod:`pitchkit.call`), trick play and staged play
(:mod:`pitchkit.play`); :mod:`pitchkit.flow` orders the phases after the auction, and
the hand's close is :mod:`pitchkit.closing`. They return what the engine applies; only
the engine writes to the game. At every point :attr:`Game.to_act` says whose decision
it is, :meth:`Game.legal_actions` lists what they may do, and :meth:`Game.apply` checks
and applies one action and returns an :class:`Event`. The events plus the seed are the
game: every random choice comes from ``game.rng``, and replaying :attr:`Game.events`
(:func:`pitchkit.record.replay_events`) gives the same state.

The hot path runs on ints: a card is 0..53, a hand a bit mask, an action an int
(:mod:`pitchkit.actions`); per-trump tables come from :mod:`pitchkit.tricks`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pitchkit import call, closing, dealing, draw, flow, play, weak_hand
from pitchkit.actions import (
    MOON,
    PASS,
    SELECT_FLAG,
    SMALL_ACTIONS,
    TRUMP_BASE,
    Action,
    action_spelling,
    action_text,
    checked_action,
    parse_action,
    select_action,
)
from pitchkit.auction import (
    ENDED,
    ILLEGAL,
    AuctionState,
    BidChoices,
    auction_actions,
    auction_reason,
    bid_choices,
    random_auction_action,
    sale_to_answer,
)
from pitchkit.auction import step as auction_step
from pitchkit.errors import IllegalActionError, UsageError
from pitchkit.event_tables import BID_EVENTS_END, bid_events, play_events, trick_events
from pitchkit.plan import rules_plan
from pitchkit.play import PlayState, cards_list, play_reason
from pitchkit.results import (
    BidView,
    Event,
    HandResult,
    Observation,
    Outcome,
    Phase,
    PlayView,
)
from pitchkit.settle import start_score
from pitchkit.variant import Rules

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.membership import Table

__all__ = [
    "MOON", "PASS", "SELECT_FLAG", "TRUMP_BASE", "Action", "Event", "Game", "HandResult",
    "Observation", "Outcome", "Phase",
    "action_text", "parse_action", "select_action",
]


#: builds a named tuple from a tuple of its fields (no argument parsing: the hot path)
_NEW = tuple.__new__
#: the observation's draw fields where the hand has no draw (the fields' defaults)
_NO_DRAW_VIEW: tuple[Any, int, tuple[tuple[int, int], ...]] = (None, 0, ())
#: the phases, read once: an enum member's lookup costs about 0.2 us in Python 3.11,
#: several times a hand on the hot path
_PLAY = Phase.PLAY
_AUCTION = Phase.AUCTION
_DEAL = Phase.DEAL
_DRAW = Phase.DRAW
_OVER = Phase.OVER
_ALONE = Phase.ALONE
_TRUMP = Phase.TRUMP
_SELECT = Phase.SELECT
_play_step = play.step
_RANDOM = random.Random
#: ``count.bit_length()`` of every count of legal cards (a lookup, not a call)
_BIT_LENGTH = tuple(count.bit_length() for count in range(55))
_legal_mask = play.legal_mask
_plays = play.plays
_CARD_BIT = play.CARD_BIT
#: A card player of :meth:`Game.play_turns`: the card to play from the seat's view and
#: its legal cards as a mask (two or more)
CardPlayer = Callable[[PlayView, int], int]
#: A stage player of :meth:`Game.select_turns`: the cards to choose (a mask) from the
#: seat's view, the cards it may choose (a mask) and how many it chooses
StagePlayer = Callable[[PlayView, int, int], int]


class HandPlayer(Protocol):
    """The rest of a hand at once, for :meth:`Game.play_turns` where every seat's card
    player is one policy (:class:`pitchkit.bots.careful_hand.HandPlayer`)."""

    def fits(self, trump: int) -> bool:
        """Whether it serves the hand with ``trump`` trump."""

    def rest(self, trump: int, to_act: int, hands: Sequence[int], reserve: Sequence[int],
             captured: Sequence[int], voids: Sequence[int],
             trick: Sequence[tuple[int, int]], tricks_left: int, next_seat: Sequence[int],
             team_dealt: Sequence[int], team_known: Sequence[int], partner: int,
             called: int) -> list[int]:
        """The cards played from ``to_act`` on to the hand's end, in order."""

#: A bidder of :meth:`Game.bid_turns`: the action from the seat's view of the auction
#: and what it may bid
Bidder = Callable[[BidView, BidChoices], int]

class Game:
    """A game under ``rules``; every random choice comes from ``rng``.

    ``dealer`` overrides ``deal.first_dealer`` (a record names its first dealer);
    ``scores`` the starting scores, one per seat (a search bot's game from mid-match).
    """

    __slots__ = (  # noqa: RUF023  (grouped: game, then hand)
        "rules", "plan", "rng", "n", "players", "next_player_id", "dealer", "first_dealer",
        "phase", "to_act",
        "scores", "hand_results", "outcome", "hands_played", "events", "ledger",
        "team_of", "_play_events", "_trick_events", "_bid_events",
        # per hand
        "hands", "reserve", "dealt", "turned", "pitcher", "bid", "moon", "_auction",
        "_play_state", "_played_memo", "_draw", "discarded", "_call", "_sides_known",
        "_throw_in", "_alone",
    )

    def __init__(self, rules: Rules, rng: random.Random, *, dealer: int | None = None,
                 scores: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.rng = rng
        n = rules.players.count
        self.n = n
        self.players = list(range(n))
        self.next_player_id = n
        if dealer is None:
            dealer = dealing.first_dealer(rules.deal.first_dealer, n, rng)
        if not 0 <= dealer < n:
            raise IllegalActionError(f"dealer {dealer} is not a seat (0..{n - 1})")
        self.dealer = dealer
        self.first_dealer = dealer
        self.phase = Phase.DEAL
        self.to_act: int | None = None
        if scores is not None and len(scores) != n:
            raise IllegalActionError(f"{len(scores)} scores for {n} seats")
        self.scores = [start_score(rules)] * n if scores is None else list(scores)
        self.hand_results: list[HandResult] = []
        self.outcome: Outcome | None = None
        self.hands_played = 0
        self.events: list[Event] = []
        self.ledger = None
        if rules.money.enabled:
            from pitchkit.money import MoneyLedger
            self.ledger = MoneyLedger(rules, tuple(self.players))
        self._seat_tables()
        self._reset_hand()

    def _seat_tables(self) -> None:
        """The plan for this many seats (:mod:`pitchkit.plan`) and its hot-path copies."""
        n = self.n
        plan = self.plan = rules_plan(self.rules, n)
        self.team_of = plan.seats.team_of
        self._play_events = play_events(n)
        self._trick_events = trick_events(n)
        self._bid_events = bid_events(n)

    def _reset_hand(self) -> None:
        n = self.n
        self.hands = [0] * n
        self.reserve = [0] * n
        self.dealt = [0] * n
        self.turned: int | None = None
        self.pitcher: int | None = None
        self.bid: int | None = None
        self.moon = False
        self._auction = AuctionState(n)
        #: the play phase's own record (pitchkit.play), the trump in force with it
        self._play_state = PlayState(self.plan)
        self._played_memo = play.NO_PLAYS
        self._draw: draw.DrawState | None = None
        #: cards out of play this hand: discards, and non-trumps in trumps-only play
        self.discarded = 0
        #: call.partner: the called card and its holder, once the pitcher has called
        self._call: call.CallState | None = None
        #: call.partner: the sides as every seat knows them, once all do (None before)
        self._sides_known: tuple[int, ...] | None = None
        #: deal.weak_hand_below: the throw-in's record (pitchkit.weak_hand)
        self._throw_in = weak_hand.NO_THROW_IN
        #: auction.alone: the pitcher's answer (None: not asked)
        self._alone: bool | None = None

    # ------------------------------------------------------------------ public API

    def legal_mask(self) -> int:
        """In phase play: the legal cards of :attr:`to_act` as a bit mask (fast path)."""
        if self.phase is not _PLAY:
            return 0
        state = self._play_state
        legal = state.legal
        return legal if legal >= 0 else _legal_mask(self.plan, state, self.hands[self.to_act])  # type: ignore[index]

    @property
    def play_state(self) -> PlayState:
        """The play phase's record of this hand (:class:`pitchkit.play.PlayState`): the
        trump's tables, the trick, the tricks played. Read it; only the engine steps it."""
        return self._play_state

    @property
    def trump(self) -> int | None:
        """The trump suit (0..3), None until it is known."""
        trump = self._play_state.trump
        return None if trump < 0 else trump

    @property
    def captured(self) -> list[int]:
        """Per seat: the cards it captured in tricks this hand (a mask). Read only."""
        return self._play_state.captured

    @property
    def tricks_won(self) -> list[int]:
        """Per seat: the tricks it won this hand. Read only."""
        return self._play_state.tricks_won

    @property
    def stage(self) -> int:
        """Staged play (play.stages): the stage being played, from 0."""
        return self._play_state.stage

    @property
    def select_count(self) -> int:
        """Staged play: how many cards each seat chooses for this stage."""
        return self._play_state.select_count

    @property
    def cards_per_hand(self) -> int:
        return self.plan.deal.cards_per_hand

    def legal_actions(self) -> list[Action]:
        """Every action ``to_act`` may take now; empty in ``deal`` and ``over``. In
        ``select`` and ``draw`` the cards that may be chosen (:func:`pitchkit.flow.choices`):
        apply ``select_action(cards)`` with :attr:`select_count` of them, or as
        :meth:`draw_choice` describes (a robber may first answer ``rob`` or ``pack to
        partner``)."""
        phase = self.phase
        if phase is _PLAY:
            return cards_list(self.legal_mask())
        if self.to_act is None:
            return []
        if phase is _AUCTION:
            return auction_actions(self.plan, self._auction, self.dealer, self.to_act,
                                   self._lead_mask)
        return flow.choices(self.plan, self._play_state, self._hand(), phase, self.to_act)

    def bid_choices(self) -> BidChoices:
        """In phase auction: what :attr:`to_act` may do, as
        :func:`pitchkit.auction.bid_choices` answers (:meth:`legal_actions` without the
        list: the fast path of a bot that bids from them). Not where the eldest is to sell
        or refuse (auction.style sell): :meth:`legal_actions` lists that choice."""
        seat = self.to_act
        if self.phase is not _AUCTION or seat is None or sale_to_answer(self.plan,
                                                                         self._auction):
            raise UsageError(f"bid_choices: no bid to make now (phase {self.phase}); "
                             "legal_actions() lists what may be done")
        return bid_choices(self.plan, self._auction, self.dealer, seat, self._lead_mask)

    def bid_view(self, seat: int) -> BidView:
        """In phase auction: what ``seat`` sees, as the observation's fields the built-in
        bots' bids read (:class:`pitchkit.results.BidView`; cheaper to build)."""
        trump = self._play_state.trump
        return _NEW(BidView, (
            seat, self.hands[seat], None if trump < 0 else trump, self._auction.bids, self.scores,
            self.team_of if self._call is None else self._seen_teams(seat), self.dealer))

    def apply(self, action: Action | str) -> Event:
        """Check and apply one action of :attr:`to_act`; returns the event."""
        if self.phase is _PLAY and type(action) is int:
            # the hot path: a card, checked against the legal mask, then played
            state = self._play_state
            legal = state.legal
            seat: int = self.to_act  # type: ignore[assignment]
            if legal < 0:
                legal = _legal_mask(self.plan, state, self.hands[seat])
            if action < 0 or not legal >> action & 1:  # legal holds only cards 0..53
                raise IllegalActionError(self._play_reason(seat, action))
            return self._play(seat, action)
        if type(action) is not int or action not in SMALL_ACTIONS:
            action = checked_action(action)  # text, a card set, or no action at all
        to_act = self.to_act
        phase = self.phase
        if to_act is None:
            raise IllegalActionError(
                f"nobody may {action_spelling(action)} now: the game is in phase {phase}"
                + (" (deal the next hand first)" if phase is _DEAL else ""))
        if phase is _PLAY:
            return self.apply(int(action))  # the hot path above checks and plays it
        seat = to_act
        self._play_state.legal = -1
        hands_before = len(self.hand_results)
        events_before = len(self.events)
        if phase is _AUCTION:
            self._apply_auction(seat, action)
        else:
            nxt = flow.STEPS[phase](self.plan, self._play_state, self._hand(), seat, action)
            if phase is _TRUMP or phase is _ALONE:
                self._auction.bids.append((seat, action))  # shown to all, as the bids are
            self._go(nxt)
        if len(self.events) > events_before:
            return self.events[-1]  # a pitch: logged as the opening lead it is
        if len(self.hand_results) > hands_before:
            event = _NEW(Event, ("action", seat, action, None, None, self.hand_results[-1]))
        elif PASS <= action < BID_EVENTS_END:
            event = self._bid_events[seat][action - PASS]  # shared: no garbage to collect
        else:
            event = _NEW(Event, ("action", seat, action, None, None, None))
        self.events.append(event)
        return event

    def bid_turns(self, bidders: Sequence[Bidder | None]) -> None:
        """Phase auction, the simulator's fast path: while the seat to act has a bidder
        (``bidders[seat]``, a built-in bot's ``bid_player``: an action from the seat's
        :meth:`bid_view` and :meth:`bid_choices`), :meth:`apply` its answer. Returns when
        the phase is no longer the auction or a seat without a bidder is to act; where the
        eldest is to sell or refuse (auction.style sell) raises UsageError, as
        :meth:`bid_choices` does. What a bidder raises, and apply for an illegal answer,
        is raised with the seat still to act."""
        plan = self.plan
        selling = plan.auction.style_sell
        while self.phase is _AUCTION:
            seat: int = self.to_act  # type: ignore[assignment]
            bidder = bidders[seat]
            if bidder is None:
                return
            state = self._auction
            choices = (self.bid_choices() if selling  # raises where a sale is answered
                       else bid_choices(plan, state, self.dealer, seat, self._lead_mask))
            self.apply(bidder(self.bid_view(seat), choices))

    def play_turns(self, players: Sequence[CardPlayer | None],
                   whole: HandPlayer | None = None) -> None:
        """Phase play, the simulator's fast path: while the seat to act has a card player
        (``players[seat]``, a built-in bot's ``card_player``: a card from the seat's
        :meth:`play_view` and its legal cards as a mask), play its card, as
        :meth:`apply` does; a lone legal card is played without asking (the card
        player's promise). Returns when the phase is no longer play or a seat without a
        card player is to act. An answer that is not a legal card goes to :meth:`apply`
        (which raises); what a player raises is raised, with the seat still to act.

        ``whole``: every seat's card player is one policy that can also answer the rest of
        a hand at once; once the first card is led and ``whole.fits`` the trump, the rest
        of the hand is its cards, each played as :meth:`apply` plays it (checked against
        the legal cards) rather than asked seat by seat."""
        if self.phase is not _PLAY:
            return
        if whole is not None and self._play_whole(whole):
            return self.play_turns(players)  # the hand is over: at once
        # the view's plays (play.plays), read again only when a trick is over: while it
        # goes on, each card played joins the trick on the table as (seat, card)
        trick, finished, self._played_memo = _plays(self._play_state, self._played_memo)
        while True:
            seat: int = self.to_act  # type: ignore[assignment]
            player = players[seat]
            if player is None:
                return
            state = self._play_state
            legal = state.legal
            if legal < 0:
                legal = _legal_mask(self.plan, state, self.hands[seat])
            if legal & (legal - 1):
                # play_view(seat), built here: a call less a card asked (the views are
                # checked alike in tests/test_bots_card_player.py)
                trump = state.trump
                card = player(_NEW(PlayView, (
                    seat, self.hands[seat], self.reserve[seat], None if trump < 0 else trump,
                    trick, finished, state.captured, state.stage,
                    self.team_of if self._call is None
                    else self._sides_known or self._seen_teams(seat), state.voids)), legal)
                if type(card) is not int or card < 0 or not legal >> card & 1:
                    self.apply(card)  # not a legal card: apply says why (or plays text)
                    if self.phase is not _PLAY:
                        return
                    trick, finished, self._played_memo = _plays(state, self._played_memo)
                    continue
            else:
                card = legal.bit_length() - 1
            self._play(seat, card)
            if whole is not None and self.phase is _PLAY and self._play_whole(whole):
                return self.play_turns(players)  # the hand is over: at once
            if state.trick:
                trick = (*trick, (seat, card))
            elif self.phase is _PLAY:
                # the trick is over: its plays join the finished ones, as play.plays
                # would read them from the record (and its memo with them)
                finished = (*finished, *trick, (seat, card))
                trick = ()
                self._played_memo = (len(state.tricks), finished)
            else:
                return

    def _play_whole(self, whole: HandPlayer) -> bool:
        """:meth:`play_turns`'s rest of the hand by ``whole``, where it serves the hand
        (the first card led, and ``whole.fits`` the trump): True when it played."""
        state = self._play_state
        if state.first_lead or not whole.fits(state.trump):
            return False
        c = self._call
        if c is None:
            known, partner, called = self.team_of, -1, -1
        else:
            assert self.pitcher is not None
            known, partner, called = (call.hand_teams(self.team_of, self.pitcher, c),
                                      c.partner, c.card)
        trick, _, self._played_memo = _plays(state, self._played_memo)
        cards = whole.rest(state.trump, self.to_act, self.hands,  # type: ignore[arg-type]
                           self.reserve, state.captured, state.voids, trick,
                           state.tricks_left, state.next_active, self.team_of, known,
                           partner, called)
        hands = self.hands
        for card in cards:
            seat: int = self.to_act  # type: ignore[assignment]
            legal = state.legal
            if legal < 0:
                legal = _legal_mask(self.plan, state, hands[seat])
            if not legal >> card & 1:
                raise IllegalActionError(self._play_reason(seat, card))
            self._play(seat, card)
        return True

    def select_turns(self, players: Sequence[StagePlayer | None]) -> None:
        """Phase select (staged play), the simulator's fast path: while the seat to act
        has a stage player (``players[seat]``, a built-in bot's ``stage_player``: the
        cards it chooses, as a mask, from the seat's :meth:`play_view`, the cards it may
        choose as a mask and :attr:`select_count`), :meth:`apply` its choice. Returns
        when the phase is no longer select or a seat without a stage player is to act.
        What a player raises, and apply for an illegal choice, is raised with the seat
        still to act."""
        while self.phase is _SELECT:
            seat: int = self.to_act  # type: ignore[assignment]
            player = players[seat]
            if player is None:
                return
            self.apply(SELECT_FLAG | player(self.play_view(seat), self.reserve[seat],
                                            self._play_state.select_count))

    def _play(self, seat: int, card: int) -> Event:
        """``seat`` plays ``card``, a legal card (the one definition of playing a card,
        for :meth:`apply` and :meth:`_apply_random`): it leaves the hand and
        :func:`pitchkit.play.step` steps the trick."""
        state = self._play_state
        hands = self.hands
        hands[seat] ^= _CARD_BIT[card]
        nxt = _play_step(self.plan, state, hands, seat, card)
        if state.trick:
            event = self._play_events[seat][card]
        elif nxt >= 0:  # the trick is over; its winner takes it
            event = self._trick_events[seat][card][state.last_winner]  # type: ignore[index]
        else:
            return self._end_trick(seat, card, nxt)
        self.to_act = nxt
        self.events.append(event)
        return event

    def _end_trick(self, seat: int, card: int, over: int) -> Event:
        """``seat``'s ``card`` ended the last trick of a stage or of the hand (``over``:
        play.step's answer)."""
        winner: int = self._play_state.last_winner  # type: ignore[assignment]
        if over == play.STAGE_OVER:
            self._go(flow.next_stage(self.plan, self._play_state, self.reserve))
        else:
            self._finish_hand()
        if self.to_act is None:
            event = _NEW(Event, ("action", seat, card, None, winner, self.hand_results[-1]))
        else:
            event = self._trick_events[seat][card][winner]  # shared: no garbage to collect
        self.events.append(event)
        return event

    def _play_reason(self, seat: int, card: int) -> str:
        return play_reason(self._play_state, self.hands[seat], self.reserve[seat], seat, card)

    def _apply_random(self, rng: random.Random) -> Event:
        """Apply a uniformly random legal action of :attr:`to_act` (random bot, benchmark).

        The same draw as ``apply(rng.choice(legal_actions()))``, so the same games; in
        phase play the card is taken straight from the legal mask (the i-th lowest legal
        card) and not checked again.
        """
        if self.phase is _PLAY:
            state = self._play_state
            mask = state.legal
            if mask < 0:
                mask = _legal_mask(self.plan, state, self.hands[self.to_act])  # type: ignore[index]
            count = mask.bit_count()
            if type(rng) is _RANDOM:
                # random.Random._randbelow (its getrandbits form), inlined: the same draw
                bits = _BIT_LENGTH[count]
                k = rng.getrandbits(bits)
                while k >= count:
                    k = rng.getrandbits(bits)
            else:
                k = rng._randbelow(count)  # type: ignore[attr-defined]
            while k:
                mask &= mask - 1  # drop the lowest legal card
                k -= 1
            return self._play(self.to_act, (mask & -mask).bit_length() - 1)  # type: ignore[arg-type]
        return self.apply(self.random_action(rng))

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action of :attr:`to_act`, in every phase, ready for
        :meth:`apply` (the random bot's draw). In play, the auction and the yes/no phases
        it is ``rng.choice(legal_actions())``; in ``select`` a random set of
        :attr:`select_count` cards, in ``draw`` a random number of cards in range and
        which ones (where :meth:`legal_actions` lists only the cards that may be chosen)."""
        if self.to_act is None:
            raise IllegalActionError(f"nobody may act now: the game is in phase {self.phase}")
        if self.phase is _PLAY:
            return rng.choice(self.legal_actions())
        if self.phase is _AUCTION:
            return random_auction_action(self.plan, self._auction, self.dealer,
                                         self.to_act, self._lead_mask, rng)
        return flow.random_action(self.plan, self._play_state, self._hand(),
                                  self.phase, self.to_act, rng)

    def deal_random(self) -> Event:
        """In phase deal: shuffle with :attr:`rng` and deal (turning a trump card where
        the variant does)."""
        if self.phase is not _DEAL:
            self._require_deal()
        masks, turned, kitty, pack = dealing.deal_random(self.plan, self.rng, self.dealer,
                                                         weak_hand.keeps_stock(self.plan))
        return self._start_hand(masks, turned, kitty, pack)

    def deal_cards(self, hands: Sequence[Sequence[int]], turned: int | None = None, *,
                   kitty: Sequence[int] = (), pack: Sequence[int] = ()) -> Event:
        """In phase deal: deal the given cards (a record's deal), ``hands[seat]``; with a
        draw or a kitty, also the kitty and the pack (every undealt card, in the order
        the draw deals them)."""
        self._require_deal()
        return self._start_hand(*dealing.deal_cards(
            self.plan, hands, turned, kitty=kitty, pack=pack,
            stock=weak_hand.keeps_stock(self.plan) is not None))

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now."""
        state = self._play_state
        trick, finished, self._played_memo = play.plays(state, self._played_memo)
        played = finished + trick if trick else finished
        return _NEW(Observation, (
            seat, self.phase, self.to_act, self.dealer, self.hands[seat], self.reserve[seat],
            self.turned, None if state.trump < 0 else state.trump, tuple(self._auction.bids),
            self.pitcher,
            "moon" if self.moon else self.bid, trick, played,
            tuple(state.tricks_won), tuple(state.captured), tuple(self.scores), state.stage,
            state.select_count if self.to_act == seat else 0,
            self.team_of if self._call is None else self._seen_teams(seat),
            *(_NO_DRAW_VIEW if self._draw is None else draw.view(
                self._draw, self.draw_choice() if self.phase is _DRAW and self.to_act == seat
                else None, seat)),
            None if self._call is None else self._call.card,
            None if self._draw is None else draw.given_view(self._draw, seat),
            self._throw_in.thrown, tuple(state.voids),
        ))

    def play_view(self, seat: int) -> PlayView:
        """In phase play: what ``seat`` sees, as the observation's fields the built-in
        bots' card play reads (:class:`pitchkit.results.PlayView`; cheaper to build)."""
        state = self._play_state
        trick, finished, self._played_memo = play.plays(state, self._played_memo)
        return _NEW(PlayView, (
            seat, self.hands[seat], self.reserve[seat],
            None if state.trump < 0 else state.trump, trick, finished, state.captured,
            state.stage, self.team_of if self._call is None else self._seen_teams(seat),
            state.voids))

    def _seen_teams(self, seat: int) -> tuple[int, ...]:
        """call.partner: the sides as ``seat`` knows them (pitchkit.call)."""
        known = self._sides_known
        if known is None:
            c = self._call
            assert c is not None and self.pitcher is not None
            if call.unplayed_to(c, seat, self.hands, self.reserve):
                return self.team_of  # no look at the cards played (asked every card)
            played = play.cards_played(self._play_state)
            if not call.known_to_all(c, played):
                return call.seen_teams(self.team_of, self.pitcher, c, seat, played)
            # known to all from now on this hand (read at every card played)
            known = self._sides_known = call.hand_teams(self.team_of, self.pitcher, c)
        return known

    def callable_cards(self) -> int:
        """In phase call: the cards the pitcher may call, as a mask."""
        return flow.callable_cards(self.plan, self._hand())

    def draw_choice(self) -> draw.Choice:
        """In phase draw: what :attr:`to_act` may discard or keep."""
        assert self.phase is _DRAW and self.to_act is not None
        assert self._draw is not None and self._draw.turn is not None
        return self._draw.turn

    def set_aside(self) -> dict[str, int]:
        """Cards in no hand this hand, as masks: ``pack`` (undealt), ``kitty``, ``discarded``."""
        return draw.set_aside(self._draw, self.discarded)

    def clone(self, rng: random.Random | None = None) -> Game:
        """A copy that shares nothing mutable with this game (for search bots).

        The copy's generator continues from the same state as this game's, unless ``rng``
        is given (cheaper: a search bot passes its own generator).
        """
        other = object.__new__(Game)
        for name in _PLAIN_SLOTS:
            setattr(other, name, getattr(self, name))
        for name in _LIST_SLOTS:
            setattr(other, name, list(getattr(self, name)))
        other._auction = self._auction.copy()
        other._play_state = self._play_state.copy()
        if rng is None:
            rng = random.Random(0)
            rng.setstate(self.rng.getstate())
        other.rng = rng
        if self.ledger is not None:
            import copy
            other.ledger = copy.deepcopy(self.ledger)
        return other

    def leave(self, seats: Sequence[int]) -> Event:
        """Between hands of a money game: these seats leave and are settled now."""
        from pitchkit.membership import leave
        return self._seat(leave(self, seats))

    def join(self, count: int) -> Event:
        """Between hands of a money game: ``count`` new players sit down after the last seat."""
        from pitchkit.membership import join
        return self._seat(join(self, count))

    def _seat(self, table: Table) -> Event:
        """Seat a :class:`pitchkit.membership.Table`: settle who left or joined, log its
        event."""
        assert self.ledger is not None
        try:
            self.ledger.leave(table.left) if table.left else self.ledger.join(table.joined)
        except UsageError as e:  # pragma: no cover - the engine keeps the ledger in step
            raise IllegalActionError(str(e)) from None
        self.players = table.players
        self.scores = table.scores
        self.dealer = table.dealer
        self.next_player_id = table.next_player_id
        self.n = len(table.players)
        self._seat_tables()
        self._reset_hand()
        self.events.append(table.event)
        return table.event

    def settlement(self) -> dict[int, int] | None:
        """Money per player id in cents if play stopped now (money variants), else None."""
        if self.ledger is None:
            return None
        from pitchkit.membership import settlement
        return settlement(self)

    def snapshot(self) -> tuple[Any, ...]:
        """Every piece of state as plain data (two games in the same state compare equal)."""
        skip = {"rules", "plan", "rng", "ledger", "events", "_played_memo", "_play_events",
                "_trick_events", "_bid_events", "_auction", "_play_state", "_sides_known"}
        values = tuple((name, getattr(self, name)) for name in Game.__slots__
                       if name not in skip)
        return (*values, ("auction", self._auction.snapshot()),
                ("play", self._play_state.snapshot()), ("settlement", self.settlement()))

    # ------------------------------------------------------------------ phases

    def _require_deal(self) -> None:
        if self.phase is not _DEAL:
            raise IllegalActionError(f"cannot deal now: the game is in phase {self.phase}")

    def _start_hand(self, masks: list[int], turned: int | None, kitty: int = 0,
                    pack: tuple[int, ...] = ()) -> Event:
        self._reset_hand()
        plan = self.plan
        self.turned = turned
        self.dealt = list(masks)
        if plan.play.stages:
            self.reserve = list(masks)
        else:
            self.hands = list(masks)
        if plan.draw is not None:
            self._draw = draw.DrawState(pack=pack, kitty=kitty)
        # with a draw, or a weak hand's throw-in (pack: the cards new hands come from),
        # the kitty and the pack are part of the deal
        detail = ((tuple(masks), turned, kitty, pack) if plan.draw is not None or pack
                  else (tuple(masks), turned))
        event = _NEW(Event, ("deal", None, None, detail, None, None))
        self.events.append(event)
        if turned is not None:
            # rule: "its suit is trump" (source C; trump.chosen_by turned_card)
            play.set_trump(plan, self._play_state, turned // 13)
        if plan.deal.weak_hand_below:  # a weak hand may be thrown in first
            self._go(flow.begin_hand(plan, self._play_state, self._hand(), pack))
        else:
            self._go(flow.begin_auction(plan, self._play_state, self._hand()))
        return event

    def _lead_mask(self, seat: int) -> int:
        return play.lead_cards_mask(self.plan, self._play_state, self.hands[seat])

    def _apply_auction(self, seat: int, action: int) -> None:
        state = self._auction
        nxt = auction_step(self.plan, state, self.dealer, seat, action, self._lead_mask)
        if nxt == ILLEGAL:
            reason = auction_reason(self.plan, state, self.dealer, seat, action)
            raise IllegalActionError(reason or self._play_reason(seat, action))
        if nxt != ENDED:
            self.to_act = nxt
            return
        if state.high_bidder < 0:
            # rule: when_all_pass redeal: "the hand is thrown in and the next dealer deals"
            self._throw_in_hand()
            return
        self.pitcher = state.high_bidder
        self.moon = state.moon
        self.bid = None if state.moon else state.high
        if state.pitched is not None:
            self._go(flow.begin_play(self.plan, self._play_state, self._hand(), self.pitcher))
            self.apply(state.pitched)  # a legal lead: auction.step checked it
            return
        self._go(flow.after_auction(self.plan, self._play_state, self._hand()))

    def _hand(self) -> flow.Hand:
        """The hand as the phases' steps read it (:class:`pitchkit.flow.Hand`)."""
        return _NEW(flow.Hand, (self.dealer, self.pitcher, self.hands, self.reserve, self._draw,
                                self._call, self._alone, self.dealt, self._throw_in))

    def _go(self, nxt: flow.Next) -> None:
        """Apply one step of the hand (:class:`pitchkit.flow.Next`): the only writer of
        the hand's records between the auction and trick play."""
        phase, to_act, hands, reserve, dealt, drawing, called, out, throw_in, lone = nxt
        if hands is not None:
            self.hands = list(hands)
        if reserve is not None:
            self.reserve = list(reserve)
        if dealt is not None:
            self.dealt = list(dealt)
        if drawing is not None:
            self._draw = drawing
        if called is not None:
            self._call = called
            self._sides_known = None
        if out:
            self.discarded |= out
        if throw_in is not None:
            self._throw_in = throw_in
        if lone is not None:
            self._alone = lone
        if phase is None:
            self._finish_hand()
            return
        if phase is _DEAL:  # deal.weak_hand_misdeal: the same dealer deals again
            self._close(weak_hand.misdealt(self.players, self.scores, self.dealer, self.trump))
            return
        self.phase = phase
        self.to_act = to_act

    def _finish_hand(self) -> None:
        """The hand is played out: score it, settle it and log it (pitchkit.closing)."""
        self.hands_played += 1
        self._close(closing.played_out(
            self.rules, self.plan, self.players, self.scores, self.hands_played, self.dealer,
            self.pitcher, self.bid, self.moon, self._call, self._auction.sale, self.dealt,
            self._play_state, self.ledger is not None, bool(self._alone)))

    def _throw_in_hand(self) -> None:
        """Everyone passed: the hand is thrown in (pitchkit.closing.all_passed)."""
        self._close(closing.all_passed(
            self.rules, self.plan, players=self.players, scores=self.scores,
            hands_played=self.hands_played, dealer=self.dealer, trump=self.trump,
            money=self.ledger is not None))

    def _close(self, closed: closing.Closed) -> None:
        """Apply a hand's close: scores, money, log, then the next deal or the end."""
        self.scores = list(closed.scores)
        if closed.money is not None:
            assert self.ledger is not None
            self.ledger.hand(closed.money, moon_shooter=closed.moon_shooter,
                             moon_made=closed.moon_made)
        self.hand_results.append(closed.result)
        self.to_act = None
        if closed.over is not None:
            self.phase = _OVER
            self.outcome = closing.outcome(closed.over, self.ledger)
        else:
            self.dealer = closed.next_dealer
            self.phase = _DEAL


#: Slots holding lists (copied by clone) and the rest (immutable values, shared).
_LIST_SLOTS = ("players", "scores", "hand_results", "events", "hands", "reserve", "dealt")
_PLAIN_SLOTS = tuple(name for name in Game.__slots__
                     if name not in _LIST_SLOTS and name != "rng")
