"""The order of a hand's phases around the auction: the throw-in of weak hands before
it; after it going alone, the kitty, naming trump, the draw, calling a partner, then
trick play (trumps only, or in stages chosen card by card).

Each phase keeps its own record: the draw a :class:`pitchkit.draw.DrawState`, the call a
:class:`pitchkit.call.CallState`, trick play and staged play the
:class:`pitchkit.play.PlayState` (stepped in place, as :mod:`pitchkit.play` does). The
functions here read the hand, step those records and return a :class:`Next`: what the
engine writes to the game (the hands, the records, the cards now out of play) and the
phase that follows. Nothing here writes to the game. Every decision of these phases
is one step function, ``step(plan, state, hand, seat, action) -> Next``, found by the
phase in :data:`STEPS`; :func:`choices` lists the actions each may take.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from pitchkit import alone, call, draw, fold, play, sell, weak_hand
from pitchkit.actions import (
    ALONE,
    CALL_BASE,
    KEEP_HAND,
    THROW_IN,
    TRUMP_BASE,
    WITH_PARTNER,
    action_spelling,
    select_action,
)
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.plan import RulesPlan
from pitchkit.play import PlayState, cards_list
from pitchkit.results import Phase


class Hand(NamedTuple):
    """The hand as these steps read it: the dealer and the pitcher, the hands (and in
    staged play the cards not yet chosen), the draw's and the call's records."""

    dealer: int
    pitcher: int | None
    hands: Sequence[int]
    reserve: Sequence[int]
    draw: draw.DrawState | None
    call: call.CallState | None
    #: auction.alone: the pitcher's answer (None: not asked yet)
    alone: bool | None
    #: the cards in play by seat (as dealt, then as the draw left them)
    dealt: Sequence[int] = ()
    #: deal.weak_hand_below: the throw-in's record
    throw_in: weak_hand.ThrowInState = weak_hand.NO_THROW_IN


class Next(NamedTuple):
    """One step of a hand, for the engine to apply. A None field is unchanged."""

    #: the phase that follows and whose decision it is; None: the hand is played out
    phase: Phase | None
    to_act: int = -1
    #: the hands (the cards held for play) and, in staged play, the cards not yet chosen
    hands: tuple[int, ...] | None = None
    reserve: tuple[int, ...] | None = None
    #: the cards in play by seat, once a draw has changed them
    dealt: tuple[int, ...] | None = None
    #: the draw's and the call's records (neither goes back to None within a hand)
    draw: draw.DrawState | None = None
    call: call.CallState | None = None
    #: cards that went out of play with this step (discards, non-trumps dropped)
    out: int = 0
    #: the throw-in's record, and the pitcher's answer to going alone
    throw_in: weak_hand.ThrowInState | None = None
    alone: bool | None = None


#: Next(Phase.PLAY, seat) for each seat: trick play begins with nothing else to apply
#: (the plain hand's path, once a hand: built once rather than every hand)
_PLAY_FROM = tuple(Next(Phase.PLAY, seat) for seat in range(16))
#: Next(Phase.AUCTION, seat) for each seat: the auction begins (once a hand)
_AUCTION_FROM = tuple(Next(Phase.AUCTION, seat) for seat in range(16))


def _then(done: Next, nxt: Next) -> Next:
    """``done``'s changes followed by ``nxt``'s (which read the hand after ``done``)."""
    return Next(
        nxt.phase, nxt.to_act,
        done.hands if nxt.hands is None else nxt.hands,
        done.reserve if nxt.reserve is None else nxt.reserve,
        done.dealt if nxt.dealt is None else nxt.dealt,
        done.draw if nxt.draw is None else nxt.draw,
        done.call if nxt.call is None else nxt.call,
        done.out | nxt.out,
        done.throw_in if nxt.throw_in is None else nxt.throw_in,
        done.alone if nxt.alone is None else nxt.alone)


# ------------------------------------------------------------------ before the auction

def begin_hand(plan: RulesPlan, state: PlayState, hand: Hand, stock: tuple[int, ...]
               ) -> Next:
    """The hand is dealt, ``stock`` left over (deal.weak_hand_below): the first weak
    hand's throw-in, or the auction."""
    record, seat = weak_hand.begin(plan, hand.dealt, stock, hand.dealer)
    if seat >= 0:
        return Next(Phase.THROW_IN, seat, throw_in=record)
    return _then(Next(None, throw_in=record), begin_auction(plan, state, hand))


def throw_in(plan: RulesPlan, state: PlayState, hand: Hand, seat: int, action: int) -> Next:
    """deal.weak_hand_below: ``seat`` throws its weak hand in or keeps it; then the next
    weak hand decides, or the auction begins."""
    done = weak_hand.step(plan, hand.dealt, hand.throw_in, hand.draw, hand.dealer, seat,
                          action)
    if done.next_seat == weak_hand.MISDEAL:
        return Next(Phase.DEAL)  # the deal is void: the engine throws the hand in
    staged = plan.play.stages
    held = None if staged else done.dealt
    unchosen = done.dealt if staged else None
    step = Next(Phase.THROW_IN, done.next_seat, held, unchosen, done.dealt, done.draw,
                None, done.out, done.state)
    if done.next_seat >= 0:
        return step
    return _then(step, begin_auction(plan, state, hand._replace(
        hands=hand.hands if held is None else held,
        reserve=hand.reserve if unchosen is None else unchosen, dealt=done.dealt,
        draw=done.draw, throw_in=done.state)))


def begin_auction(plan: RulesPlan, state: PlayState, hand: Hand) -> Next:
    """The auction begins from the dealer's left, or with no auction, what follows it."""
    auction = plan.auction
    if not auction.has_auction:
        return after_auction(plan, state, hand)
    bid_next = plan.seats.bid_next
    if auction.style_sell:
        # rule: the eldest sells the pitch: the others bid (auction.style sell)
        return _AUCTION_FROM[sell.first_bidder(hand.dealer, bid_next)]
    return _AUCTION_FROM[bid_next[hand.dealer]]


# ------------------------------------------------------------------ after the auction


def after_auction(plan: RulesPlan, state: PlayState, hand: Hand) -> Next:
    """The auction is over (or there is none): the pitcher may go alone, the kitty is
    taken up, then the pitcher names trump, or play (or the draw) begins."""
    pitcher = hand.pitcher
    if (hand.alone is None and pitcher is not None
            and alone.asks(plan.auction.alone, pitcher, plan.seats.team_of)):
        return Next(Phase.ALONE, pitcher)  # the pitcher plays alone or with its partners
    drawing = hand.draw
    if drawing is not None and drawing.kitty:
        assert plan.draw is not None
        taker = draw.kitty_taker(plan.draw, hand.dealer, hand.pitcher)
        drawing, kept = draw.take_kitty(drawing, tuple(hand.hands), taker)
        return _then(Next(None, hands=kept, draw=drawing),
                     after_auction(plan, state, hand._replace(hands=kept, draw=drawing)))
    if plan.trump.chosen_by_pitcher_names and pitcher is not None:
        return Next(Phase.TRUMP, pitcher)
    leader = plan.seats.next_seat[hand.dealer]
    # rule: "the pitcher leads" (sources A, B); left_of_dealer (source C)
    if plan.play.first_leader_pitcher and pitcher is not None:
        leader = pitcher
    return begin_play(plan, state, hand, leader)


def go_alone(plan: RulesPlan, state: PlayState, hand: Hand, seat: int, action: int
             ) -> Next:
    """auction.alone: the pitcher (``seat``) goes alone or plays with its partners; then
    the hand goes on as after the auction."""
    lone = alone.choose(seat, action)
    return _then(Next(None, alone=lone),
                 after_auction(plan, state, hand._replace(alone=lone)))


def name_trump(plan: RulesPlan, state: PlayState, hand: Hand, seat: int, action: int
               ) -> Next:
    """``seat`` (the pitcher) names trump with ``action``; then play (or the draw)
    begins."""
    if not TRUMP_BASE <= action < TRUMP_BASE + 4:
        raise IllegalActionError(
            f"{seat_name(seat)} must name trump now (trump S/H/D/C), not "
            f"{action_spelling(action)}")
    play.set_trump(plan, state, action - TRUMP_BASE)
    leader = seat
    if plan.play.first_leader_left_of_dealer:
        leader = plan.seats.next_seat[hand.dealer]
    return begin_play(plan, state, hand, leader)


def begin_play(plan: RulesPlan, state: PlayState, hand: Hand, leader: int) -> Next:
    """``leader`` is to lead the first trick: first any draw, then any call of a partner,
    then trick play (trumps only, or the first stage's choice of cards)."""
    state.leader = leader
    dealt = None
    _dealer, pitcher, hands, reserve, drawing, called, lone, _dealt, _throw_in = hand
    if drawing is not None:
        if not drawing.done:
            return _begin_draw(plan, drawing, hand.dealer, pitcher, tuple(hands), state.trumps)
        dealt = tuple(hands)  # the cards in play: after the draw
    if plan.call is not None and called is None and pitcher is not None:
        # rule: the pitcher calls a card for a partner, once the hands are final
        return Next(Phase.CALL, pitcher, dealt=dealt)
    if lone:
        assert pitcher is not None
        sat = _sit_out(plan, state, hands, pitcher, leader)
        # then play begins as without partners; the cards in play stay as dealt
        # (pitchkit.alone.in_play leaves the partners' out for scoring)
        rest = begin_play(plan, state, hand._replace(hands=sat.hands, alone=False), sat.leader)
        return _then(Next(None, hands=sat.hands, out=sat.out), rest._replace(dealt=dealt))
    if plan.play.trumps_only:
        kept, dropped = fold.drop_non_trumps(hands, state.trumps)
        first = play.begin_trumps_only(plan, state, kept, leader)
        # rule: nobody holds a trump: no trick is played
        return Next(Phase.PLAY if first >= 0 else None, first, hands=kept, dealt=dealt,
                    out=dropped)
    if plan.play.stages:
        state.stage = -1
        return _then(Next(None, dealt=dealt), next_stage(plan, state, reserve))
    if drawing is None:
        play.begin(state, leader, plan.deal.cards_per_hand)
        return _PLAY_FROM[leader]
    # after a draw every hand holds draw.hand_size (pitchkit.draw keeps them full)
    play.begin(state, leader, hands[leader].bit_count())
    return Next(Phase.PLAY, leader, dealt=dealt)


def _sit_out(plan: RulesPlan, state: PlayState, hands: Sequence[int], pitcher: int,
             leader: int) -> alone.SatOut:
    """auction.alone: the pitcher's partners sit out (pitchkit.alone): their cards leave
    the hand and the tricks skip them."""
    sat = alone.sit_out(hands, plan.seats.team_of, pitcher, plan.seats.next_seat, leader)
    state.next_active, state.trick_size = sat.next_seat, sat.size
    return sat


def _begin_draw(plan: RulesPlan, drawing: draw.DrawState, dealer: int, pitcher: int | None,
                hands: tuple[int, ...], trumps: int) -> Next:
    """The draw begins: in turn from the dealer's left, the dealer last, then any robbing
    pitcher, or a robber that may pass the pack to its partner (pitchkit.draw); first any
    give to the kitty taker's partner."""
    d = plan.draw
    assert d is not None
    seats = plan.seats
    order, robbing = draw.turns(d, dealer, pitcher, seats.team_of, seats.next_seat)
    give = None
    if d.give_to_partner:
        giver = draw.kitty_taker(d, dealer, pitcher)
        give = (giver, draw.receiver_of(giver, seats.team_of, seats.next_seat))
    drawing = draw.turn_begins(d, drawing, order, robbing, give, hands, trumps, dealer)
    return Next(Phase.DRAW, drawing.order[0], draw=drawing)


def draw_step(plan: RulesPlan, state: PlayState, hand: Hand, seat: int, action: int
              ) -> Next:
    """The seat to act in the draw discards, keeps or gives the cards of ``action``;
    once the draw is over, play begins."""
    assert plan.draw is not None and hand.draw is not None
    drawing, after, out = draw.step(plan.draw, hand.draw, tuple(hand.hands), state.trumps,
                                    hand.dealer, action)
    done = Next(Phase.DRAW, drawing.order[0] if drawing.order else -1, hands=after,
                draw=drawing, out=out)
    if not drawing.done:
        return done
    return _then(done, begin_play(plan, state, hand._replace(hands=after, draw=drawing),
                                  state.leader))


def call_partner(plan: RulesPlan, state: PlayState, hand: Hand, seat: int, action: int
                 ) -> Next:
    """The pitcher calls the card of ``action``; then play begins."""
    pitcher = hand.pitcher
    assert plan.call is not None and pitcher is not None
    called = call.call(plan.call, hand.hands, pitcher, seen_by(hand.draw, hand.hands, pitcher),
                       action)
    return _then(Next(None, call=called),
                 begin_play(plan, state, hand._replace(call=called), state.leader))


def seen_by(drawing: draw.DrawState | None, hands: Sequence[int], seat: int) -> int:
    """``seat``'s hand and the cards it discarded this hand (what it knows it held)."""
    gone = drawing.gone[seat] if drawing is not None and drawing.gone else 0
    return hands[seat] | gone


def next_stage(plan: RulesPlan, state: PlayState, reserve: Sequence[int]) -> Next:
    """Staged play: the next stage's choice of cards, or the hand's end."""
    if not play.begin_stage(plan, state, reserve[state.leader]):
        return Next(None)
    return Next(Phase.SELECT, state.leader)


def select(plan: RulesPlan, state: PlayState, hand: Hand, seat: int, action: int) -> Next:
    """Staged play: ``seat`` chooses the cards of ``action`` for this stage; once every
    seat has chosen, the stage's tricks begin."""
    mask = play.select_step(state, hand.reserve[seat], seat, action)
    held, unchosen = list(hand.hands), list(hand.reserve)
    held[seat] = mask
    unchosen[seat] ^= mask
    if state.select_left:
        return Next(Phase.SELECT, plan.seats.next_seat[seat], hands=tuple(held),
                    reserve=tuple(unchosen))
    return Next(Phase.PLAY, state.leader, hands=tuple(held), reserve=tuple(unchosen))


# ------------------------------------------------------------------ the decisions

#: the step of each decision in these phases: ``step(plan, state, hand, seat, action)``
STEPS: dict[Phase, Callable[[RulesPlan, PlayState, Hand, int, int], Next]] = {
    Phase.THROW_IN: throw_in, Phase.ALONE: go_alone, Phase.TRUMP: name_trump,
    Phase.DRAW: draw_step, Phase.CALL: call_partner, Phase.SELECT: select,
}


def draw_choice(hand: Hand) -> draw.Choice:
    """In phase draw: what the seat to act may discard or keep (pitchkit.draw.choice,
    worked out when its turn began)."""
    assert hand.draw is not None and hand.draw.turn is not None
    return hand.draw.turn


def callable_cards(plan: RulesPlan, hand: Hand) -> int:
    """In phase call: the cards the pitcher may call, as a mask."""
    assert hand.pitcher is not None and plan.call is not None
    return call.callable_cards(plan.call, seen_by(hand.draw, hand.hands, hand.pitcher))


def choices(plan: RulesPlan, state: PlayState, hand: Hand, phase: Phase, seat: int
            ) -> list[int]:
    """Every action ``seat`` may take in ``phase``, one of :data:`STEPS`' phases.

    In select the cards that may be chosen (the action chooses several); in the draw the
    cards that may be discarded or kept, or, when none may, the one legal action; a
    robber that may pass the pack to its partner (draw.pack_to_partner) first answers
    ``rob`` or ``pack to partner``.
    """
    if phase is Phase.SELECT:
        return cards_list(hand.reserve[seat])
    if phase is Phase.DRAW:
        return draw.legal_actions(draw_choice(hand))
    if phase is Phase.TRUMP:
        return [TRUMP_BASE + s for s in range(4)]
    if phase is Phase.CALL:
        return [CALL_BASE + c for c in cards_list(callable_cards(plan, hand))]
    if phase is Phase.THROW_IN:
        return [THROW_IN, KEEP_HAND]
    if phase is Phase.ALONE:
        return [ALONE, WITH_PARTNER]
    return []


def random_action(plan: RulesPlan, state: PlayState, hand: Hand, phase: Phase, seat: int,
                  rng: random.Random) -> int:
    """A uniformly random legal action of ``seat`` in ``phase`` (the random bot's draw):
    in select a random set of the stage's size, in the draw a random discard."""
    if phase is Phase.SELECT:
        return select_action(rng.sample(choices(plan, state, hand, phase, seat),
                                        state.select_count))
    if phase is Phase.DRAW:
        return draw.random_action(draw_choice(hand), rng)
    return rng.choice(choices(plan, state, hand, phase, seat))
