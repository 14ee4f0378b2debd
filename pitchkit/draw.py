"""The draw: after the auction (and once trump is known), players discard and are dealt
back up to the hand size from the pack; the dealer may rob the pack, or the pitcher may
once everyone has drawn, passing what it leaves to its partner; or the robber, having drawn
in turn, passes the whole rest of the pack unseen to its partner (``draw.pack_to_partner``);
a kitty dealt face down goes to the pitcher or the dealer first, who may have to give some
cards to its partner before anyone discards (``draw.give_to_partner``).

The phase owns its state, a :class:`DrawState`; :func:`step` is pure (state and hands
in, new state, hands and discarded cards out) and the engine writes the result to the
game. :func:`choice` says what the seat to act may choose, as a :class:`Choice` that
bots read from their observation; the state holds its seat to act's choice
(``DrawState.turn``), worked out once when the turn begins (:func:`turn_begins`,
:func:`step`), for the legal actions, the observation and the step to read.

Readings chosen where the sources are silent (named in ``explain``):

- A player may not discard more cards than the pack can replace: when the pack runs
  short, the last players keep some of the cards they would have discarded (they choose
  which), so every hand is full when play begins.
- A trump the dealer discards when robbing the pack is shown like any other discarded
  trump (``draw.extra_trumps: discard_face_up``).
- The kitty's taker gives its partner exactly ``give_to_partner`` cards of its choice,
  face down, once trump is known and before the first discard; the partner is the first
  seat of its side to its left. Only those two know which cards were given; both then
  discard in their turn like everyone else.
- ``draw.pack_to_partner``: the robber discards and draws in its turn like everyone else
  (the sources' bidder "asks for a number of cards to fill their hand to six" before the
  rest is given to it), then answers ``rob`` or ``pack to partner`` before seeing the pack;
  the partner who receives it is the first seat of the robber's side to its left, and it
  keeps ``hand_size`` of its hand and the pack as a robber does. Everyone sees which answer
  was given; only the partner sees the pack.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from pitchkit.actions import (
    CARD_BITS,
    DISCARD_FLAG,
    GIVE_FLAG,
    KEEP_FLAG,
    PACK_TO_PARTNER,
    ROB,
    action_spelling,
)
from pitchkit.cards import cards_in, format_cards
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.variant import Discard, ExtraTrumps, KittyTo, Rules


@dataclass(frozen=True)
class DrawPlan:
    """The draw settings of one rule set, read once per game."""

    discard: Discard
    count: int
    hand_size: int
    dealer_robs: bool
    show_and_keep: bool
    kitty: int
    kitty_to_dealer: bool
    pitcher_robs: bool = False
    rest_to_partner: bool = False
    give_to_partner: int = 0
    pack_to_partner: bool = False


def draw_plan(rules: Rules, cards_per_hand: int) -> DrawPlan | None:
    """The plan, or None when the variant has neither a draw nor a kitty."""
    d = rules.draw
    if d.discard is Discard.NONE and rules.deal.kitty == 0:
        return None
    return DrawPlan(
        discard=d.discard, count=d.count,
        hand_size=cards_per_hand if d.hand_size is None else d.hand_size,
        dealer_robs=d.dealer_robs, show_and_keep=d.extra_trumps is ExtraTrumps.SHOW_AND_KEEP,
        kitty=rules.deal.kitty, kitty_to_dealer=rules.deal.kitty_to is KittyTo.DEALER,
        pitcher_robs=d.pitcher_robs, rest_to_partner=d.rest_to_partner,
        give_to_partner=d.give_to_partner, pack_to_partner=d.pack_to_partner)


def kitty_taker(plan: DrawPlan, dealer: int, pitcher: int | None) -> int:
    """The seat that picks up the kitty: the pitcher, or the dealer (deal.kitty_to, and
    when there is no pitcher)."""
    # rule: "The highest bidder receives the kitty and selects trump" (Smear)
    return dealer if plan.kitty_to_dealer or pitcher is None else pitcher


class Choice(NamedTuple):
    """What the seat to act chooses in the draw: ``verb`` is ``discard``, ``keep`` or
    ``give``; it picks between ``least`` and ``most`` of ``cards`` (a mask), including all
    of ``must``. For ``give``, ``keep`` is the hand size the giver comes back to. ``rob``
    (draw.pack_to_partner) chooses no card: the robber answers ``rob`` or ``pack to
    partner`` (:data:`ROB_ANSWERS`) before it sees the pack."""

    verb: str
    cards: int
    must: int
    least: int
    most: int
    keep: int = 0


@dataclass(frozen=True)
class DrawState:
    """The draw's own record for one hand."""

    #: undealt cards in the order they are dealt from the pack, top first
    pack: tuple[int, ...]
    #: the kitty, face down, until its taker picks it up
    kitty: int = 0
    #: seats still to discard, the next first (empty before and after the draw)
    order: tuple[int, ...] = ()
    #: the draw is over (play may begin)
    done: bool = False
    #: (seat, cards) shown to everyone: trumps discarded face up, or shown and kept
    shown: tuple[tuple[int, int], ...] = ()
    #: per seat, the cards it was dealt from the pack (only that seat sees them)
    drawn: tuple[int, ...] = ()
    #: per seat, the cards it discarded (only that seat knows them all)
    gone: tuple[int, ...] = ()
    #: the last turns of ``order`` that rob the pack (the pitcher, then its partners)
    robbing: int = 0
    #: draw.give_to_partner: the kitty's taker and the partner it gives to (-1: none),
    #: the cards given (only those two see them), and whether the give is still to come
    giver: int = -1
    receiver: int = -1
    given: int = 0
    giving: bool = False
    #: draw.pack_to_partner: the robber is still to answer rob or pack to partner
    asking: bool = False
    #: what the seat to act (``order[0]``) may choose, worked out when its turn begins
    #: (:func:`turn_begins`, :func:`step`); None when nobody is to act
    turn: Choice | None = None


#: the robber's answers to draw.pack_to_partner's question (Choice verb ``rob``)
ROB_ANSWERS = (ROB, PACK_TO_PARTNER)


def pack_mask(state: DrawState) -> int:
    mask = 0
    for card in state.pack:
        mask |= 1 << card
    return mask


def set_aside(state: DrawState | None, discarded: int) -> dict[str, int]:
    """Cards in no hand, as masks: ``pack`` (undealt), ``kitty``, ``discarded``."""
    return {"pack": 0 if state is None else pack_mask(state),
            "kitty": 0 if state is None else state.kitty, "discarded": discarded}


def view(state: DrawState, mine: Choice | None, seat: int
         ) -> tuple[Choice | None, int, tuple[tuple[int, int], ...]]:
    """The observation's draw fields for ``seat``: its choice (``mine``, when it is to
    act), the cards it drew, the cards shown to everyone."""
    return (mine, state.drawn[seat] if state.drawn else 0, state.shown)


def take_kitty(state: DrawState, hands: tuple[int, ...], taker: int
               ) -> tuple[DrawState, tuple[int, ...]]:
    """The kitty joins ``taker``'s hand (at the end of the auction)."""
    if not state.kitty:
        return state, hands
    new = list(hands)
    new[taker] |= state.kitty
    return _changed(state, kitty=0), tuple(new)


def turns(plan: DrawPlan, dealer: int, pitcher: int | None, team_of: tuple[int, ...],
          next_seat: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats in turn: those who discard and draw, from the dealer's left to the dealer,
    then those who rob the pack: the pitcher (draw.pitcher_robs, who skips its turn to
    draw) and its partners from its left (draw.rest_to_partner); with
    draw.pack_to_partner the robber (pitcher or dealer) draws in turn too, and robs, or
    passes the pack to its partner, once all have drawn."""
    order = [next_seat[dealer]]
    while order[-1] != dealer:
        order.append(next_seat[order[-1]])
    robber = dealer if plan.dealer_robs else pitcher if plan.pitcher_robs else None
    if robber is None:
        return tuple(order), ()
    if plan.pack_to_partner:
        # rule: "Each player, in turn, then asks for a number of cards to fill their hand
        # to six cards. Any cards remaining are given to the bidder. If the bidder so
        # choses he/she can pass those cards to his/her partner provided he/she has not
        # looked at them." (10 Point Pitch, larrycharbonneau.com)
        partners = _partners(robber, team_of, next_seat)
        return tuple(order), (robber, *(partners if plan.rest_to_partner else partners[:1]))
    if plan.dealer_robs:
        return tuple(order), ()  # the dealer robs in its own turn (choice)
    # rule: "every other player gives up all cards that are not trumps and is dealt back
    # to six; the rest of the deck goes to the bid winner" (Pitch, gamerules.com)
    order.remove(robber)
    if plan.rest_to_partner:
        # rule: the high bidder fills his hand "and then turns the remainder over to his
        # partner" (10-point pitch, nyx.net)
        return tuple(order), (robber, *_partners(robber, team_of, next_seat))
    return tuple(order), (robber,)


def _partners(seat: int, team_of: tuple[int, ...], next_seat: tuple[int, ...]
              ) -> tuple[int, ...]:
    """The other seats of ``seat``'s side, from its left."""
    out = []
    other = next_seat[seat]
    while other != seat:
        if team_of[other] == team_of[seat]:
            out.append(other)
        other = next_seat[other]
    return tuple(out)


def receiver_of(giver: int, team_of: tuple[int, ...], next_seat: tuple[int, ...]) -> int:
    """draw.give_to_partner: the first seat of ``giver``'s side to its left."""
    return _partners(giver, team_of, next_seat)[0]


def begin(state: DrawState, order: tuple[int, ...], seats: int,
          robbing: tuple[int, ...] = (), give: tuple[int, int] | None = None,
          ask: bool = False) -> DrawState:
    """The draw starts: ``order`` lists the seats that draw in turn, then the
    ``robbing`` seats rob the pack in turn (:func:`turns`); ``give`` (giver, receiver):
    first the kitty's taker gives cards to its partner (draw.give_to_partner); ``ask``
    (draw.pack_to_partner): the first robber answers rob or pack to partner first."""
    asking = ask and bool(robbing)
    if give is None:
        return _changed(state, order=order + robbing, drawn=(0,) * seats,
                       gone=(0,) * seats, robbing=len(robbing), asking=asking)
    giver, receiver = give
    return _changed(state, order=(giver, *order, *robbing), drawn=(0,) * seats,
                   gone=(0,) * seats, robbing=len(robbing), giver=giver,
                   receiver=receiver, giving=True, asking=asking)


def given_view(state: DrawState, seat: int) -> tuple[int, int] | None:
    """What ``seat`` sees of the give (draw.give_to_partner): (receiver, cards) for the
    giver and the receiver once the cards are given, else None."""
    if state.given and (seat == state.giver or seat == state.receiver):
        return (state.receiver, state.given)
    return None


def _changed(state: DrawState, **changes: Any) -> DrawState:
    """``dataclasses.replace(state, **changes)`` for the draw's steps, without replace's
    checks and a frozen ``__init__`` (a hot path of the draw variants: 3-4% of a hand of
    pedro with the default bot). DrawState has no ``__post_init__`` and no field left
    out of ``__init__``; tests/test_draw.py holds it equal to replace."""
    new: DrawState = object.__new__(DrawState)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new


def turn_begins(plan: DrawPlan, state: DrawState, order: tuple[int, ...],
                robbing: tuple[int, ...], give: tuple[int, int] | None,
                hands: tuple[int, ...], trumps: int, dealer: int) -> DrawState:
    """The draw begins (:func:`begin` with ``order``, ``robbing``, ``give`` and
    ``plan.pack_to_partner``), its state holding the choice of its seat to act (holding
    ``hands[seat]``; ``trumps`` is the mask of every trump). The state :func:`begin`
    makes is new, so its turn is set in place (no second copy)."""
    begun = begin(state, order, len(hands), robbing, give, ask=plan.pack_to_partner)
    return _with_turn(plan, begun, hands, trumps, dealer)


def _with_turn(plan: DrawPlan, new: DrawState, hands: tuple[int, ...], trumps: int,
               dealer: int) -> DrawState:
    """``new`` (a state just made, held by no one else) given its seat to act's choice."""
    turn = None
    if new.order:
        seat = new.order[0]
        turn = choice(plan, new, hands[seat], trumps, seat, dealer)
    new.__dict__["turn"] = turn
    return new


def choice(plan: DrawPlan, state: DrawState, hand: int, trumps: int, seat: int,
           dealer: int) -> Choice:
    """What ``seat`` (holding ``hand``; ``trumps`` is the mask of every trump) may do.

    A seat that may choose no card (a hand already at its size) has no cards to choose
    from: its one legal action is ``discard`` of nothing."""
    ch = _choice(plan, state, hand, trumps, seat, dealer)
    if ch.most == 0:
        ch = ch._replace(cards=0)
    return ch


def _choice(plan: DrawPlan, state: DrawState, hand: int, trumps: int, seat: int,
            dealer: int) -> Choice:
    size = plan.hand_size
    held = hand.bit_count()
    if state.giving:
        # rule: the taker of the kitty "passes cards to a partner" (draw.give_to_partner)
        n = plan.give_to_partner
        return Choice("give", hand, 0, n, n, size)
    robbing = len(state.order) <= state.robbing
    if robbing and state.asking:
        # rule: "Some players allow them to then pass the remainder of the unseen cards
        # over to their partner" (How to Play 10 Point Pitch, ourpastimes.com)
        return Choice("rob", 0, 0, 0, 0)
    if robbing or (seat == dealer and plan.dealer_robs and not plan.pack_to_partner):
        # rule: "the dealer may rob the pack ... and choose any cards out of the remaining
        # stack" (Cinch); Pidro: "keeps six cards out of these"
        pool = hand | pack_mask(state)
        pool_trumps = pool & trumps
        if plan.show_and_keep and pool_trumps.bit_count() > size:
            n = pool_trumps.bit_count()
            return Choice("keep", pool_trumps, pool_trumps, n, n)
        keep = min(size, pool.bit_count())
        return Choice("keep", pool, 0, keep, keep)
    # a player may not discard more than the pack can replace (see the module's readings)
    most = min(held, held - size + len(state.pack))
    least = max(0, held - size)
    if plan.discard is Discard.DOWN_TO_HAND_SIZE:
        # rule: deal nine, keep six (nine-card pitch, Smear)
        return Choice("discard", hand, 0, least, least)
    if plan.discard is Discard.UP_TO:
        return Choice("discard", hand, 0, least, max(least, min(plan.count, most)))
    if plan.discard is Discard.AT_LEAST:
        return Choice("discard", hand, 0, min(max(plan.count, least), most), most)
    # non_trumps: rule: "all players discard all non-trumps" (Cinch, Pidro)
    plain = hand & ~trumps
    held_trumps = held - plain.bit_count()
    if held_trumps > size:
        if plan.show_and_keep:
            n = plain.bit_count()
            return Choice("discard", plain, plain, n, n)
        # rule: "If a player is forced to discard a trump, due to having seven or more
        # trumps, they must show the discarded trump" (Cinch; Pidro "kills" them)
        return Choice("discard", hand, plain, held - size, held - size)
    n = plain.bit_count()
    if n <= most:
        return Choice("discard", plain, plain, n, n)
    return Choice("discard", plain, 0, most, most)


#: the action flag of each verb of a draw choice
_FLAGS = {"discard": DISCARD_FLAG, "keep": KEEP_FLAG, "give": GIVE_FLAG}


def check(ch: Choice, seat: int, action: int) -> int:
    """The cards of a legal draw action, or IllegalActionError with the reason."""
    if ch.verb == "rob":
        if action not in ROB_ANSWERS:
            raise IllegalActionError(f"{seat_name(seat)} must answer rob or pack to partner "
                                     f"now, not {action_spelling(action)}")
        return 0
    flag = _FLAGS[ch.verb]
    if action & ~CARD_BITS != flag:
        raise IllegalActionError(f"{seat_name(seat)} must {ch.verb} cards now "
                                 f"({ch.verb} CARD ...)")
    mask = action & CARD_BITS
    if mask & ~ch.cards:
        raise IllegalActionError(
            f"{seat_name(seat)} may not {ch.verb} {format_cards(mask & ~ch.cards)}: "
            f"it may {ch.verb} only from {format_cards(ch.cards)}")
    if ch.must & ~mask:
        raise IllegalActionError(
            f"{seat_name(seat)} must {ch.verb} {format_cards(ch.must & ~mask)} too")
    n = mask.bit_count()
    if not ch.least <= n <= ch.most:
        amount = (str(ch.least) if ch.least == ch.most
                  else f"{ch.least} to {ch.most}")
        raise IllegalActionError(f"{seat_name(seat)} must {ch.verb} {amount} cards, not {n}")
    return mask


def step(plan: DrawPlan, state: DrawState, hands: tuple[int, ...], trumps: int,
         dealer: int, action: int) -> tuple[DrawState, tuple[int, ...], int]:
    """Apply the draw action of the seat to act; returns (state, hands, discarded cards),
    the state holding the next seat to act's choice."""
    seat = state.order[0]
    hand = hands[seat]
    ch = state.turn
    if ch is None:  # a state made without its turn (not by turn_begins or step)
        ch = choice(plan, state, hand, trumps, seat, dealer)
    mask = check(ch, seat, action)
    if ch.verb == "rob":
        if action == ROB:
            # the robber takes the pack; its partners' turns go, unless what it leaves
            # goes on to them (draw.rest_to_partner)
            order = state.order if plan.rest_to_partner else state.order[:1]
            new = _changed(state, asking=False, order=order, robbing=len(order))
        else:  # the pack, unseen, to the next robber: its partner
            new = _changed(state, asking=False, order=state.order[1:],
                           robbing=state.robbing - 1)
        return _with_turn(plan, new, hands, trumps, dealer), hands, 0
    if ch.verb == "give":
        gave = list(hands)
        gave[seat] = hand & ~mask
        gave[state.receiver] |= mask
        given = tuple(gave)
        new = _changed(state, order=state.order[1:], giving=False, given=mask)
        return _with_turn(plan, new, given, trumps, dealer), given, 0
    drawn = list(state.drawn)
    shown = list(state.shown)
    pack = state.pack
    if ch.verb == "keep":
        pool = hand | pack_mask(state)
        drawn[seat] |= mask & ~hand
        new_hand = mask
        if 1 < len(state.order) <= state.robbing:
            # the pack cards not kept go on to the partner (draw.rest_to_partner); only
            # the robber's own cards left out are discarded
            discarded = hand & ~mask
            pack = tuple(card for card in pack if not mask >> card & 1)
        else:
            discarded = pool & ~mask
            pack = ()
    else:
        discarded = mask
        new_hand = hand & ~mask
        if plan.discard is not Discard.DOWN_TO_HAND_SIZE:
            # rule: "each player receives as many cards as needed to fill out his hand to
            # six" (Cinch), dealt from the top of the pack
            need = max(0, plan.hand_size - new_hand.bit_count())
            for card in pack[:need]:
                drawn[seat] |= 1 << card
            new_hand |= drawn[seat]
            pack = pack[need:]
    if discarded & trumps:
        shown.append((seat, discarded & trumps))
    if plan.show_and_keep and (new_hand & trumps).bit_count() > plan.hand_size:
        shown.append((seat, new_hand & trumps))  # rule: extra trumps shown and kept
    after = list(hands)
    after[seat] = new_hand
    new_hands = tuple(after)
    gone = list(state.gone)
    gone[seat] |= discarded
    order = state.order[1:]
    new_state = _changed(state, pack=pack, order=order, done=not order,
                        shown=tuple(shown), drawn=tuple(drawn), gone=tuple(gone))
    return _with_turn(plan, new_state, new_hands, trumps, dealer), new_hands, discarded


def choice_action(ch: Choice, cards: int) -> int:
    """The action choosing ``cards`` (a mask)."""
    return _FLAGS[ch.verb] | cards


def legal_actions(ch: Choice) -> list[int]:
    """Game.legal_actions in the draw: the cards that may be chosen; when none may, the
    one legal action (``discard`` of nothing), or the robber's two answers."""
    if ch.verb == "rob":
        return list(ROB_ANSWERS)
    return list(cards_in(ch.cards)) or [choice_action(ch, 0)]


def random_action(ch: Choice, rng: random.Random) -> int:
    """A random legal draw action: a number of cards in range, then which ones (or one
    of the robber's two answers)."""
    if ch.verb == "rob":
        return ROB_ANSWERS[rng.randrange(2)]
    must = ch.must.bit_count()
    k = ch.least - must + rng.randrange(ch.most - ch.least + 1)
    free = [c for c in range(54) if (ch.cards & ~ch.must) >> c & 1]
    mask = ch.must
    for card in rng.sample(free, k):
        mask |= 1 << card
    return choice_action(ch, mask)
