"""The close of a hand: what the engine applies after the last trick, or after an
auction everyone passed. Pure functions of the hand's record and the scores before it;
the engine is the only writer of the game (scores, money ledger, log, dealer, phase).

:func:`played_out` scores and settles a hand played out (:mod:`pitchkit.hand_end`,
:mod:`pitchkit.settle`); :func:`all_passed` closes a hand thrown in by an all-pass
(``auction.when_all_pass``); :func:`outcome` is the game's outcome once settling says
it is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from pitchkit.call import CallState
from pitchkit.hand_end import hand_result, hand_score
from pitchkit.plan import RulesPlan
from pitchkit.play import PlayState
from pitchkit.results import HandResult, Outcome
from pitchkit.settle import dealer_set_changes, settle_parts
from pitchkit.variant import Rules, WhenAllPass

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.money import MoneyLedger


class Closed(NamedTuple):
    """A hand's close, for the engine to apply."""

    #: the scores after the hand
    scores: tuple[int, ...]
    #: the hand's record for the log
    result: HandResult
    #: money games: the change per player id to enter in the ledger (None: enter nothing)
    money: dict[int, int] | None
    #: the moon's shooter (player id) and whether the moon was made, for the ledger
    moon_shooter: int | None
    moon_made: bool | None
    #: settle_parts's answer (scores, over, winners, draw, replay, ...) when the game is
    #: over; None while it goes on
    over: tuple[Any, ...] | None
    #: the dealer of the next hand
    next_dealer: int


_CLOSED_NEW = tuple.__new__  # a Closed without NamedTuple's Python-level __new__


def played_out(rules: Rules, plan: RulesPlan, players: Sequence[int],
               scores: Sequence[int], hands_played: int, dealer: int, pitcher: int | None,
               bid: int | None, moon: bool, called: CallState | None,
               sale: tuple[int, int] | None, dealt: Sequence[int], state: PlayState,
               money: bool, alone: bool) -> Closed:
    """A hand played out (``state``: its play record): scored (pitchkit.hand_end,
    pitchkit.scoring) and settled (pitchkit.settle); ``hands_played`` counts this hand.
    Positional arguments: it runs once a hand, on the simulation's path."""
    trump = None if state.trump < 0 else state.trump
    # positional calls, in the order of the parameters: keywords cost ~0.2 us a call
    scored = hand_score(plan, trump, dealer, pitcher, bid, moon, called, sale, dealt,
                        state.captured, state.tricks_won, state.last_winner, alone)
    _points, made, moon_made, changes, _combo, _won = scored
    team_of = plan.seats.team_of
    settled = settle_parts(rules, scores, team_of, pitcher, changes, moon_made,
                           _points, hands_played, made)
    new = settled[0]
    ledger = shooter = made_moon = None
    if money:
        ledger = _money_changes(players, scores, new)
        shooter = players[pitcher] if moon and pitcher is not None else None
        made_moon = moon_made if shooter is not None else None
    result = hand_result(dealer, pitcher, bid, moon, trump, scored, new, players,
                         state.tricks_won, called)
    # rule: "Next dealer: the player to the left" (source B)
    return _CLOSED_NEW(Closed, (new, result, ledger, shooter, made_moon,
                                settled if settled[1] else None, plan.seats.next_seat[dealer]))


def _money_changes(players: Sequence[int], scores: Sequence[int], new: Sequence[int]
                   ) -> dict[int, int]:
    """The change of each player's score, for the money ledger (a helper: a comprehension
    in played_out would make the names it reads cells, built on every hand)."""
    return {players[s]: new[s] - scores[s] for s in range(len(players))}


def all_passed(rules: Rules, plan: RulesPlan, *, players: Sequence[int],
               scores: Sequence[int], hands_played: int, dealer: int, trump: int | None,
               money: bool) -> Closed:
    """Everyone passed: the hand is thrown in (auction.when_all_pass redeal,
    same_dealer_redeals, dealer_set)."""
    n = len(players)
    zero = (0,) * n
    when = plan.auction.when_all_pass
    team_of = plan.seats.team_of
    changes = zero
    new = tuple(scores)
    over = None
    ledger = None
    if when is WhenAllPass.DEALER_SET:
        changes = dealer_set_changes(rules, team_of, dealer)
        over = settle_parts(rules, new, team_of, None, changes, None, {}, hands_played)
        new = over[0]
        if money:
            ledger = {players[s]: changes[s] for s in range(n)}
    result = HandResult(
        dealer=dealer, pitcher=None, bid=None, trump=trump, points={}, made=None,
        moon=False, score_changes=changes, scores=new, combo_points=None, thrown_in=True,
        players=tuple(players), tricks_won=zero)
    next_dealer = dealer
    if when is not WhenAllPass.SAME_DEALER_REDEALS:
        # rule: "the hand is thrown in and the next dealer deals" (auction.when_all_pass)
        next_dealer = plan.seats.next_seat[dealer]
    return Closed(new, result, ledger, None, None,
                  over if over is not None and over[1] else None, next_dealer)


def outcome(settled: tuple[Any, ...], ledger: MoneyLedger | None) -> Outcome:
    """The game's outcome: ``settled`` is settle_parts's (scores, over, winners, draw,
    replay, ...) for a game that is over; a money game settles its ledger."""
    scores, _over, winners, draw_, replay = settled[:5]
    return Outcome(winners=winners, draw=draw_, scores=scores,
                   settlement=ledger.settle() if ledger is not None else None,
                   replay=replay)
