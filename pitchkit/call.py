"""Calling a partner (``call.partner``: call-partner pitch for five): once trump is named
and the draw is over, the pitcher names a card (action ``call CARD``); whoever holds it is
the pitcher's partner for the hand. The partner knows at once; everyone else learns it
when the card is played.

The phase owns its state, a :class:`CallState`; the functions here are pure and the
engine writes their result to the game.

Readings chosen where the sources are silent (named in ``explain``):

- The pitcher and the partner score the hand as one side: a point either takes counts for
  both, and both are set back when together they fall short of the bid. Every other
  player scores alone (as in cutthroat pitch).
- A called card nobody holds (undealt, or discarded in the draw) leaves the pitcher alone
  against the rest; so does a card the pitcher holds, where ``call.own_card: alone``
  allows calling one.
- A called card that is never played (a non-trump dropped in trumps-only play) keeps the
  partner secret until the hand is scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from pitchkit.actions import CALL_BASE
from pitchkit.cards import card_name, format_cards
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.variant import OwnCard, Rules


@dataclass(frozen=True)
class CallPlan:
    """The call settings of one rule set, read once per game."""

    #: every card of the deck, as a mask
    deck: int
    #: call.own_card alone: the pitcher may call a card it holds or discarded
    own_card_alone: bool


def call_plan(rules: Rules) -> CallPlan | None:
    """The plan, or None when the variant calls no partner."""
    if not rules.call.partner:
        return None
    deck = 0
    for card in rules.deck.cards():
        deck |= 1 << card
    return CallPlan(deck=deck, own_card_alone=rules.call.own_card is OwnCard.ALONE)


class CallState(NamedTuple):
    """The call's own record for one hand: the called card and the seat holding it
    (-1: nobody, the pitcher plays alone)."""

    card: int
    partner: int


def callable_cards(plan: CallPlan, seen: int) -> int:
    """The cards the pitcher may call; ``seen`` is the pitcher's hand and its discards."""
    if plan.own_card_alone:
        # reading (the sources are silent): a card of its own is the caller's way to
        # play alone (call.own_card alone)
        return plan.deck
    return plan.deck & ~seen  # call.own_card not_allowed


def call(plan: CallPlan, hands: Sequence[int], pitcher: int, seen: int,
         action: int) -> CallState:
    """The pitcher's ``call CARD``: the new state, or IllegalActionError with the reason."""
    card = action - CALL_BASE
    if not 0 <= card < 54:
        raise IllegalActionError(f"{seat_name(pitcher)} must call a card now (call CARD)")
    allowed = callable_cards(plan, seen)
    if not allowed >> card & 1:
        if not plan.deck >> card & 1:
            raise IllegalActionError(f"{card_name(card)} is not in the deck")
        raise IllegalActionError(
            f"{seat_name(pitcher)} may not call {card_name(card)}: call.own_card "
            f"not_allowed forbids a card it holds or discarded ({format_cards(seen)})")
    partner = -1
    for seat, hand in enumerate(hands):
        # rule: "Whoever has the called card becomes the partner of the bidder"
        if seat != pitcher and hand >> card & 1:
            partner = seat
    return CallState(card, partner)


def hand_teams(team_of: tuple[int, ...], pitcher: int, state: CallState) -> tuple[int, ...]:
    """The sides of this hand for scoring: the partner on the pitcher's side."""
    if state.partner < 0:
        return team_of
    return _with_partner(team_of, pitcher, state.partner)


@lru_cache(maxsize=256)
def _with_partner(team_of: tuple[int, ...], pitcher: int, partner: int) -> tuple[int, ...]:
    """:func:`hand_teams` of a partner found (read again at every card play by
    :func:`seen_teams`: once per seating)."""
    side = team_of[pitcher]
    return tuple(side if seat == partner else team_of[seat] for seat in range(len(team_of)))


def seen_teams(team_of: tuple[int, ...], pitcher: int, state: CallState, seat: int,
               played: int) -> tuple[int, ...]:
    """The sides as ``seat`` knows them: the partner knows from the call, everyone once
    the called card has been played (``played``: every card played this hand)."""
    if seat != state.partner and not known_to_all(state, played):
        return team_of
    return hand_teams(team_of, pitcher, state)


def unplayed_to(state: CallState, seat: int, hands: Sequence[int], reserve: Sequence[int]
                ) -> bool:
    """Whether ``seat`` sees the sides as dealt (:func:`seen_teams` answers ``team_of``),
    read from the holder's cards without the cards played: the called card is still in
    its holder's hand (or reserve), so not played, and ``seat`` is not its holder. False
    says nothing (ask :func:`seen_teams`). The engine asks this first for every card a
    bot plays: reading the cards played costs more."""
    holder = state.partner
    return (holder >= 0 and seat != holder
            and bool((hands[holder] | reserve[holder]) >> state.card & 1))


def known_to_all(state: CallState, played: int) -> bool:
    """Whether every seat knows the sides (:func:`seen_teams` answers
    :func:`hand_teams` to all): the called card has been played, or nobody holds it
    (the pitcher alone, the sides as dealt). Once true, true for the rest of the hand."""
    return state.partner < 0 or bool(played >> state.card & 1)
