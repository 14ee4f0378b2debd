"""After a hand: new scores and whether the game is over. A pure function.

:func:`settle_hand` adds a hand's score changes to the scores, applies the floor, and
decides the end of the game. Readings chosen where the sources are silent:

- Without an auction there is no pitcher, so ``win_only_as_pitcher`` cannot apply and
  any side may win.
- ``win_only_as_pitcher``, read literally (source B: "the first player to reach at least
  7 points at the end of a hand in which they were the pitcher"): the pitcher's side wins
  when its score is at least the target at the end of a hand it pitched, set or not.
  No other side can win at that moment, however high its score.
- Several sides at the target after one hand: with ``bidder_goes_out`` the pitcher's
  side wins if it is among them. Otherwise ``several_reach`` decides: ``higher_score``,
  the higher score at the end of the hand wins (equal: a tie, ``scoring.tie``);
  ``tie_to_pitcher``, the same, and the pitcher's side wins a tie it is in;
  ``point_order`` (the default), the hand is counted again item by item in the
  order of ``points.items``, each item its value, and the first side to reach the target
  wins.
  In that count, a side whose change is zero or negative (a set pitcher: the set-back,
  or a moon's failure cost) takes it before any point is counted, and a side that
  scores less than the points it won (``made_bid_scores: bid``) stops counting once its
  change is used up: the bid counts as the first points it won, in count order. Any
  remaining change that is not a point (a made moon's ``points_made`` above the points
  won, a combination score) is counted last, all sides at once.
  Sides reaching the target at the same count (a split game, or the last step) are
  separated by the higher score at the end of the hand; if still equal, it is a tie.
- ``scoring.all_points_wins_game``: a side credited with every item of the hand, as
  a moon's ``all_points`` counts it (an item nobody could win, like an undealt jack,
  is not taken), wins at once, pitcher or not, before the target is looked at.
- ``scoring.hands``: after that many hands (``hands_played`` counts this one) the
  highest score wins; the target is checked first.
- Ties (``scoring.tie``): a draw; ``replay`` also says a new game is due;
  ``another_hand`` plays on.
- ``scoring.count: down`` shows each score as the points still needed (target minus
  the score counted up); the end of the game is decided on the scores counted up, so
  both ways give the same games.
- ``scoring.losing_score``, ``moon.failed_loses_game``: the side out loses; the highest
  score among the others wins (tied: a draw, or a new game with ``tie: replay``; a
  losing side's game is over, so ``another_hand`` does not apply).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import add
from typing import Any

from pitchkit.scoring import HandFacts, HandScore, scoring_plan, took_every_point
from pitchkit.variant import Count, Rules, SeveralReach, Tie


@dataclass(frozen=True, kw_only=True)
class GameState:
    """Scores after a hand and whether the game ended.

    ``winners``: every seat of the winning side (empty while the game goes on, or on a
    draw). ``replay``: the game ended in a tie and ``scoring.tie`` is replay.
    ``reason``: what ended it (``target``, ``moon``, ``hands``) or None.
    """

    scores: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    draw: bool
    replay: bool = False
    reason: str | None = None


def floor_score(rules: Rules, score: int) -> int:
    """rule: scores never fall below scoring.minimum_score (null: no floor)."""
    floor = rules.scoring.minimum_score
    return score if floor is None else max(score, floor)


def settle_hand(rules: Rules, scores: tuple[int, ...], facts: HandFacts, hand: HandScore,
                hands_played: int) -> GameState:
    """New scores (floored) and the end of the game, after one scored hand.

    ``scores`` are per seat before the hand; ``hands_played`` counts the hands finished,
    this one included.
    """
    new_scores, over, winners, draw, replay, reason = settle_parts(
        rules, scores, facts.team_of, facts.pitcher, hand.score_changes, hand.moon_made,
        hand.points, hands_played, hand.made)
    return GameState(scores=new_scores, over=over, winners=winners, draw=draw,
                     replay=replay, reason=reason)


_GOES_ON = (False, (), False, False, None)
#: read once: an enum member's lookup costs about 0.2 us in Python 3.11 (once a hand)
_DOWN = Count.DOWN


def start_score(rules: Rules) -> int:
    """Every side's score before the first hand: 0, or the target counting down."""
    s = rules.scoring
    return s.target if s.count is Count.DOWN and s.target is not None else 0


def dealer_set_changes(rules: Rules, team_of: tuple[int, ...], dealer: int
                       ) -> tuple[int, ...]:
    """Score changes per seat when everyone passed under ``auction.when_all_pass:
    dealer_set``: the dealer's side is set back ``auction.dealer_forced_bid``, the hand
    not played (the engine's thrown-in deal, and ``pitchkit keep``)."""
    side = team_of[dealer]
    set_back = rules.auction.dealer_forced_bid
    # rule: everyone passed: the dealer's side is set back, the hand not played
    return tuple(-set_back if team_of[s] == side else 0 for s in range(len(team_of)))


def settle_parts(rules: Rules, scores: Sequence[int], team_of: tuple[int, ...],
                 pitcher: int | None, score_changes: Sequence[int], moon_made: bool | None,
                 points: dict[str, tuple[int, ...]], hands_played: int,
                 made: bool | None = None) -> tuple[Any, ...]:
    """:func:`settle_hand` on plain values (the engine's path: no HandFacts, HandScore).

    Returns GameState's fields in order: scores, over, winners, draw, replay, reason.
    ``made``: whether the pitcher made the bid (None: no contract).
    """
    target = rules.scoring.target
    if rules.scoring.count is _DOWN and target is not None:
        # rule: counting down shows the points still needed: target - points counted up;
        # everything else is decided on the points counted up (scoring.count)
        return _counted_down(target, settle_up(
            rules, _counted_down_list(target, scores), team_of, pitcher, score_changes,
            moon_made, points, hands_played, made))
    return settle_up(rules, scores, team_of, pitcher, score_changes, moon_made, points,
                     hands_played, made)


def _counted_down_list(target: int, scores: Sequence[int]) -> list[int]:
    return [target - x for x in scores]


def _counted_down(target: int, settled: tuple[Any, ...]) -> tuple[Any, ...]:
    """settle_up's answer with its scores shown counting down."""
    return (tuple([target - x for x in settled[0]]), *settled[1:])


def settle_up(rules: Rules, scores: Sequence[int], team_of: tuple[int, ...],
              pitcher: int | None, score_changes: Sequence[int], moon_made: bool | None,
              points: dict[str, tuple[int, ...]], hands_played: int,
              made: bool | None = None) -> tuple[Any, ...]:
    """:func:`settle_parts` with scores counted up (the one definition of the end)."""
    # (no comprehension here: one would make the names it reads cells, built on every
    # call; the rarer ways to end, with their comprehensions, are helpers below)
    n = len(team_of)
    s = rules.scoring
    solo = team_of == _SOLO[n]
    # new: the scores by side (sides are numbered below the number of seats; partners
    # share one score); new_scores: by seat
    new: Sequence[int]
    if solo:  # each seat its own side
        new = tuple(map(add, scores, score_changes))
        if s.minimum_score is not None:
            new = tuple(_floored(new, s.minimum_score))  # rule: scoring.minimum_score
        new_scores = new
    else:
        by_side = [0] * n
        for seat in range(n - 1, -1, -1):  # the first seat of each side wins
            by_side[team_of[seat]] = scores[seat] + score_changes[seat]
        if s.minimum_score is not None:
            by_side = _floored(by_side, s.minimum_score)  # rule: scoring.minimum_score
        new = by_side
        new_scores = tuple(map(by_side.__getitem__, team_of))

    pitcher_side = None if pitcher is None else team_of[pitcher]
    if moon_made and pitcher_side is not None and rules.moon.made_wins_game:
        # rule: a made moon wins the game at once
        return _won(new_scores, team_of, pitcher_side, "moon")
    if s.all_points_wins_game and points:
        for side in sorted(set(team_of)):
            if took_every_point(team_of, side, points):
                # rule: taking every point of a hand wins the game at once
                # (scoring.all_points_wins_game)
                return _won(new_scores, team_of, side, "all_points")
    if moon_made is False and pitcher_side is not None and rules.moon.failed_loses_game:
        # rule: a failed moon loses the game at once (moon.failed_loses_game)
        return _best_of(rules, new_scores, new, team_of, [pitcher_side], "moon")

    target = s.target
    if target is not None:
        if s.win_only_as_pitcher and pitcher_side is not None:
            # rule: win only at the end of a hand you pitched (source B)
            reached = [pitcher_side] if new[pitcher_side] >= target else []
        else:
            # the sides in order (each seat its own side: the seats, already in order)
            reached = _at_least(new, team_of if solo else sorted(set(team_of)), target)
        if s.win_needs_made_bid and made is False and pitcher_side in reached:
            # rule: "you must make your bid to go out" (scoring.win_needs_made_bid)
            reached.remove(pitcher_side)
        if len(reached) == 1:
            return _won(new_scores, team_of, reached[0], "target")
        if reached:
            return _several_reached(rules, scores, team_of, pitcher_side, score_changes,
                                    points, new, new_scores, reached, target)

    if s.losing_score is not None:
        losers = _at_most(new, sorted(set(team_of)), s.losing_score)
        if losers:
            # rule: a side at the losing score loses the game (scoring.losing_score)
            return _best_of(rules, new_scores, new, team_of, losers, "losing_score")

    if s.hands is not None and hands_played >= s.hands:
        return _after_hands(rules, team_of, new, new_scores)

    return (new_scores, False, (), False, False, None)  # the game goes on (_GOES_ON)


def _floored(new: Sequence[int], floor: int) -> list[int]:
    return [max(score, floor) for score in new]


def _at_least(new: Sequence[int], sides: Sequence[int], target: int) -> list[int]:
    """The sides (in the order given) whose score is at least the target."""
    return [side for side in sides if new[side] >= target]


def _at_most(new: Sequence[int], sides: Sequence[int], score: int) -> list[int]:
    """The sides (in the order given) whose score is at most ``score``."""
    return [side for side in sides if new[side] <= score]


def _several_reached(rules: Rules, scores: Sequence[int], team_of: tuple[int, ...],
                     pitcher_side: int | None, score_changes: Sequence[int],
                     points: dict[str, tuple[int, ...]], new: Sequence[int],
                     new_scores: tuple[int, ...], reached: list[int],
                     target: int) -> tuple[Any, ...]:
    """The end of a game when several sides reached the target in one hand."""
    s = rules.scoring
    if s.bidder_goes_out and pitcher_side in reached:
        # rule: bidder goes out
        return _won(new_scores, team_of, pitcher_side, "target")
    several = s.several_reach
    first = (_first_to_reach(rules, points, team_of, scores, score_changes, reached, target)
             if several is SeveralReach.POINT_ORDER else reached)
    # rule: the higher score wins (several_reach higher_score, and point_order among
    # sides reaching it on the same point)
    best = max(new[side] for side in first)
    top = [side for side in first if new[side] == best]
    if len(top) == 1:
        return _won(new_scores, team_of, top[0], "target")
    if several is SeveralReach.TIE_TO_PITCHER and pitcher_side in top:
        # rule: a tie goes to the pitcher (several_reach tie_to_pitcher)
        return _won(new_scores, team_of, pitcher_side, "target")
    return _tie(rules, new_scores, "target")


def _after_hands(rules: Rules, team_of: tuple[int, ...], new: Sequence[int],
                 new_scores: tuple[int, ...]) -> tuple[Any, ...]:
    """The end of a game of ``scoring.hands`` hands: the highest score wins."""
    sides = sorted(set(team_of))
    best = max(new[side] for side in sides)
    top = [side for side in sides if new[side] == best]
    if len(top) == 1:
        return _won(new_scores, team_of, top[0], "hands")
    # rule: a tie is a draw, and a new game decides it (source C)
    return _tie(rules, new_scores, "hands")


#: ``team_of`` without partnerships, by number of seats (each seat its own side).
_SOLO = tuple(tuple(range(n)) for n in range(65))


def _won(new_scores: tuple[int, ...], team_of: tuple[int, ...], side: int,
         reason: str) -> tuple[Any, ...]:
    seats = tuple(s for s in range(len(team_of)) if team_of[s] == side)
    return (new_scores, True, seats, False, False, reason)


def _tie(rules: Rules, new_scores: tuple[int, ...], reason: str) -> tuple[Any, ...]:
    if rules.scoring.tie is Tie.ANOTHER_HAND:
        # rule: a tie is broken by another hand, and another, as long as it lasts
        return (new_scores, *_GOES_ON)
    return (new_scores, True, (), True, rules.scoring.tie is Tie.REPLAY, reason)


def _best_of(rules: Rules, new_scores: tuple[int, ...], new: Sequence[int],
             team_of: tuple[int, ...], losers: list[int], reason: str) -> tuple[Any, ...]:
    """The game ends with ``losers`` out: the highest score among the other sides wins."""
    others = [side for side in sorted(set(team_of)) if side not in losers]
    if not others:
        return (new_scores, True, (), True, rules.scoring.tie is Tie.REPLAY, reason)
    best = max(new[side] for side in others)
    top = [side for side in others if new[side] == best]
    if len(top) == 1:
        return _won(new_scores, team_of, top[0], reason)
    return (new_scores, True, (), True, rules.scoring.tie is Tie.REPLAY, reason)


def _first_to_reach(rules: Rules, points: dict[str, tuple[int, ...]], team_of: tuple[int, ...],
                    scores: Sequence[int], score_changes: Sequence[int], reached: list[int],
                    target: int) -> list[int]:
    """The sides of ``reached`` that get to the target first, counting in count order
    (``scores`` before the hand and its ``score_changes``, per seat)."""
    sides = sorted(set(team_of))
    old = [0] * len(team_of)
    change = [0] * len(team_of)
    for seat in range(len(team_of) - 1, -1, -1):  # the first seat of each side
        old[team_of[seat]] = scores[seat]
        change[team_of[seat]] = score_changes[seat]
    running = list(old)
    left = [max(c, 0) for c in change]
    for side in sides:
        if change[side] <= 0:
            running[side] = floor_score(rules, old[side] + change[side])
    steps: list[tuple[list[int], int]] = []
    for item in scoring_plan(rules).items:  # in counting order
        credited = sorted({team_of[s] for s in points.get(item.name, ())})
        steps.append((credited, item.value))
    steps.append((sides, 0))  # whatever change is left, all at once
    last = len(steps) - 1
    for step, (credited, value) in enumerate(steps):
        for side in credited:
            if left[side] <= 0:
                continue
            add = min(value, left[side]) if step != last else left[side]
            running[side] += add
            left[side] -= add
        first = [side for side in reached if running[side] >= target]
        if first:
            return first
    return list(reached)  # pragma: no cover - every reached side reaches by the last step
