"""FASTER COPY: a hand's score and the scores after it, for :mod:`pitchkit.fastsim`.

The definitions are :func:`pitchkit.scoring.score_parts` (who takes each point, the
contract, the set-back) and :func:`pitchkit.settle.settle_parts` (the new scores, the
end of the game). Here they are worked out once per rule set and seating into one
function, :func:`hand_scorer`, for the hands most games are made of: a bid (no moon)
and items that go to the seat that captured their card. A hand this copy does not
cover (a moon, no contract, an item held or played, a game tie someone takes, a side
that may have ended the game) returns None and is scored by the definitions.
``tests/test_fastscore.py`` proves it equal to them on random rules and hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import add
from typing import Any

from pitchkit.cards import CARD_BIT, SUIT_MASKS
from pitchkit.scoring import (
    KIND_CARD,
    KIND_GAME,
    KIND_HIGH,
    KIND_JACK,
    KIND_LAST_TRICK,
    KIND_LOW,
    ScoringPlan,
    sides_of,
)
from pitchkit.variant import Count, GameTie, GoesTo

#: (trump, pitcher, bid, the cards dealt (one mask), captured, last trick's winner,
#: scores before the hand, hands played with this one) -> (points as (name, seats) pairs
#: in the order of the items, made, score changes, new scores), or None
HandScorer = Callable[[int, int, int, int, Sequence[int], int, Sequence[int], int],
                      tuple[Any, ...] | None]

_KINDS = frozenset({KIND_HIGH, KIND_LOW, KIND_JACK, KIND_GAME, KIND_LAST_TRICK, KIND_CARD})


def hand_scorer(plan: ScoringPlan, team_of: tuple[int, ...]) -> HandScorer | None:
    """The scorer of hands under ``plan`` with seats on sides ``team_of``; None when
    the rules take a way this copy does not (then every hand goes to the definitions)."""
    rules = plan.rules
    s = rules.scoring
    if (plan.combinations or not plan.items
            or any(item.kind not in _KINDS for item in plan.items)
            or plan.high_goes_to is not GoesTo.CAPTURER
            or plan.low_goes_to is not GoesTo.CAPTURER
            or any(item.kind == KIND_CARD and item.goes_to is not GoesTo.CAPTURER
                   for item in plan.items)
            or plan.joker_game_halves
            or s.count is Count.DOWN or s.minimum_score is not None
            or s.all_points_wins_game or s.losing_score is not None):
        return None
    n = len(team_of)
    sides = sides_of(team_of)
    solo = sides.solo
    groups = sides.groups
    # per trump suit: per item (name, kind, its card as a bit (0: none), value, and the
    # item's (name, seats) pair of points for nobody and for each seat alone)
    steps = tuple(tuple((item.name, item.kind,
                         CARD_BIT[item.card_by_trump[trump]] if item.card_by_trump[trump] >= 0
                         else 0, item.value, (item.name, ()),
                         tuple((item.name, (seat,)) for seat in range(n)))
                        for item in plan.items) for trump in range(4))
    table = plan.game_table
    wide = plan.game_wide
    shift = plan.game_wide_shift
    next_two = shift + 26
    window = (1 << (26 - shift)) - 1
    high_only = plan.lone_trump_high_only
    undealt_to_pitcher = plan.undealt_jack_to_pitcher
    tie_nobody = plan.game_tie is GameTie.NOBODY
    made_scores_bid = plan.made_bid_scores_bid
    set_back = plan.set_back
    opponents_score = plan.opponents_score
    target = s.target
    hands_limit = s.hands

    def score(trump: int, pitcher: int, bid: int, in_play: int,
              captured: Sequence[int], last: int, scores: Sequence[int],
              hands_played: int) -> tuple[Any, ...] | None:
        natural = in_play & SUIT_MASKS[trump]
        awarded: list[tuple[str, tuple[int, ...]]] = []
        points = awarded.append
        won = [0] * n  # by side
        for name, kind, bit, value, nobody, alone in steps[trump]:
            if kind == KIND_GAME:
                # COPY of scoring._award_game
                best = 0
                shared = False
                at = -1
                # each side's cards (one bit a card: their sum)
                for i, m in enumerate(captured if solo else
                                      [sum(map(captured.__getitem__, seats)) for seats in groups]):
                    if not m:
                        got = 0
                    elif wide is not None:  # ScoringPlan.game_wide, the marked copy
                        got = wide[m >> shift & window] + wide[m >> next_two & window]
                    else:
                        got = (table[m & 0x1FFF] + table[m >> 13 & 0x1FFF]
                               + table[m >> 26 & 0x1FFF] + table[m >> 39 & 0x1FFF])
                    if got > best:
                        best, shared, at = got, False, i
                    elif got == best:
                        shared = True
                if best <= 0:
                    points(nobody)
                    continue
                if shared:
                    if not tie_nobody:
                        return None  # rule: points.game_tie other than nobody
                    points(nobody)  # rule: a tie for game: nobody scores it
                    continue
                credited = groups[at]
                points((name, credited))
                won[team_of[credited[0]]] += value
                continue
            if kind == KIND_LAST_TRICK:
                points(alone[last])
                won[team_of[last]] += value
                continue
            if kind == KIND_HIGH:
                if not natural:
                    points(nobody)
                    continue
                bit = 1 << (natural.bit_length() - 1)
            elif kind == KIND_LOW:
                # rule: a lone trump counts as high and low; high_only: high alone
                if not natural or (high_only and natural.bit_count() == 1):
                    points(nobody)
                    continue
                bit = natural & -natural
            elif not in_play & bit:
                # rule: the jack of trumps not dealt: nobody, or the pitcher
                # (points.undealt_jack); any other card not dealt: nobody
                if kind == KIND_JACK and undealt_to_pitcher:
                    points(alone[pitcher])
                    won[team_of[pitcher]] += value
                else:
                    points(nobody)
                continue
            for seat, m in enumerate(captured):  # the card's capturer
                if m & bit:
                    points(alone[seat])
                    won[team_of[seat]] += value
                    break
            else:
                points(nobody)  # dealt, never captured
        # COPY of scoring.score_points and bid_result: the contract
        side = team_of[pitcher]
        side_won = won[side]
        if side_won >= bid:  # rule: the pitcher must win at least the bid
            made = True
            change = won if opponents_score else [0] * n
            change[side] = bid if made_scores_bid else side_won
        else:
            made = False
            change = won if opponents_score else [0] * n
            # rule: a set pitcher has the bid subtracted
            change[side] = -(bid if set_back is None else set_back)
        changes = tuple(change) if solo else tuple(map(change.__getitem__, team_of))
        # COPY of settle.settle_up while no side reaches the target and the hands go on
        if solo:
            new = tuple(map(add, scores, changes))
            by_side: Sequence[int] = new
        else:
            by_side = [0] * n
            for seat in range(n - 1, -1, -1):  # the first seat of each side wins
                by_side[team_of[seat]] = scores[seat] + changes[seat]
            new = tuple(map(by_side.__getitem__, team_of))
        # a side at the target: the definitions decide who won (by_side's other entries
        # are 0: past a target of 0 or less they send the hand there too, which is safe)
        if target is not None and max(by_side) >= target:
            return None
        if hands_limit is not None and hands_played >= hands_limit:
            return None
        return tuple(awarded), made, changes, new

    return score
