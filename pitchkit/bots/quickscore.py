"""A play-out's value to a seat, scored on bit masks: the search bot's cheap scorer.

The search bot (:mod:`pitchkit.bots.search`) plays thousands of hands out a hand and
values each by :func:`pitchkit.bots.montecarlo.side_value` of the engine's score
(:func:`pitchkit.scoring.score_parts`, then :func:`pitchkit.settle.settle_parts` for a
hand that may end the game). Those build a dictionary of who took each point, tuples of
credits and of score changes for every hand: 15-40% of the search's time.

:class:`QuickScore` is set up once a decision (trump, dealer, sides, contract and
scores do not change between its play-outs) and gives the same value from the masks of
a play-out, crediting each point item to a side directly. It reads the scoring plan the
engine scores by (:func:`pitchkit.scoring.scoring_plan`) and follows its rules clause for
clause; where a play-out could end the game (a side at the target or the losing score,
every point to one side under ``scoring.all_points_wins_game``), or the contract is a
moon, or a point is a slam, it hands the play-out to the engine's own scoring, so the
end of a game keeps its one definition. ``tests/test_quickscore.py`` checks that the
two agree on random rules and hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pitchkit.bots.montecarlo import side_value
from pitchkit.cards import RANKS, SUIT_MASKS, cards_in
from pitchkit.combos import best_total
from pitchkit.scoring import (
    KIND_CARD,
    KIND_GAME,
    KIND_HIGH,
    KIND_HIGH_SPADE,
    KIND_JACK,
    KIND_LAST_TRICK,
    KIND_LOW,
    KIND_SLAM,
    ScoringPlan,
    bid_result,
    combination_changes,
    elder_order,
    score_parts,
)
from pitchkit.settle import settle_parts
from pitchkit.variant import Combinations, Count, GameTie, GoesTo, Rules

# module names, not class attributes, on the play-out's hot path
_TO_CAPTURER, _TO_PLAYER, _TO_HOLDER = GoesTo.CAPTURER, GoesTo.PLAYER, GoesTo.HOLDER
_TIE_NOBODY, _TIE_ELDER_HAND, _TIE_HOLDER_OF_CARD = (
    GameTie.NOBODY, GameTie.ELDER_HAND, GameTie.HOLDER_OF_CARD)

#: A side credited with nothing.
NOBODY = -1


class QuickScore:
    """The value to ``me`` of a hand played out from one decision (see the module)."""

    def __init__(self, rules: Rules, plan: ScoringPlan, trump: int, dealer: int,
                 team_of: tuple[int, ...], pitcher: int | None, bid: int | None, moon: bool,
                 scores: Sequence[int], me: int) -> None:
        self.rules, self.plan, self.trump, self.dealer = rules, plan, trump, dealer
        self.team_of, self.pitcher, self.bid, self.moon = team_of, pitcher, bid, moon
        self.scores, self.me = scores, me
        n = len(team_of)
        self.n = n
        self.sides = sorted(set(team_of))
        self.solo = team_of == tuple(range(n))
        #: seats of each side (sides are numbered below the number of seats)
        self.seats_of = [[s for s in range(n) if team_of[s] == side] for side in range(n)]
        self.others = [s for s in range(n) if team_of[s] != team_of[me]]
        s = rules.scoring
        self.quick = not (plan.combinations or moon
                          or any(item.kind == KIND_SLAM for item in plan.items))
        #: combination scoring in a hand that cannot end the game: each seat's combination
        #: points by the ranks it captured (:class:`Combos`); else None
        self.combos = combos_of(rules.combinations) if (
            plan.combinations and s.target is None and not moon) else None
        #: items as (kind, value, card under this trump, goes_to)
        self.items = [(item.kind, item.value, item.card_by_trump[trump], item.goes_to)
                      for item in plan.items]
        self.natural_mask = SUIT_MASKS[trump]
        self.elder = elder_order(dealer, n, plan.direction)
        self.tie_card = plan.game_tie_card[trump]
        # the end of the game: scores counted up, the floor, the target and losing score
        self.target = s.target
        down = s.count is Count.DOWN and s.target is not None
        old = [0] * n
        for seat in range(n - 1, -1, -1):  # the first seat of each side, as settle reads
            old[team_of[seat]] = (s.target - scores[seat]) if down else scores[seat]  # type: ignore[operator]
        self.old_up = old
        self.floor = s.minimum_score
        self.losing = s.losing_score
        self.all_points_wins = s.all_points_wins_game
        #: a limit on hands the first hand reaches (settle is told of no hand played)
        self.hands_end = s.hands is not None and s.hands <= 0
        #: the deal last valued and what follows from it alone (:meth:`_deal`): the
        #: candidates of a decision are played out on the same deal of each world
        self._dealt: Sequence[int] | None = None
        self._held: Sequence[int] = ()
        self._in_play = self._natural = 0

    def value(self, dealt: Sequence[int], captured: Sequence[int], tricks_won: Sequence[int],
              last: int) -> float:
        """The play-out's :func:`~pitchkit.bots.montecarlo.side_value` to ``me``."""
        if not self.quick:
            if self.combos is not None:
                return self.combination_value(captured)
            return self.full(dealt, captured, tricks_won, last)
        team_of = self.team_of
        n = self.n
        won = [0] * n
        if dealt is not self._dealt:
            self._deal(dealt)
        held, in_play, natural = self._held, self._in_play, self._natural
        if self.solo:
            cap = captured
        else:  # the masks of each side (sides are numbered below the number of seats)
            cap = [0] * n
            for seat, side in enumerate(team_of):
                cap[side] |= captured[seat]
        taken = 0
        for m in cap:
            taken |= m
        plan = self.plan
        one_side = -2  # the side of every credit so far (-1: several, or none)
        for kind, value, card, goes_to in self.items:
            side = NOBODY
            if kind == KIND_GAME:
                sides = self.game(held, cap)
                if len(sides) == 1:
                    side = sides[0]
                elif sides:
                    for s in sides:
                        won[s] += value
                    one_side = -1
                    continue
            else:
                if kind == KIND_CARD:
                    bit = 1 << card
                    if goes_to is _TO_CAPTURER:
                        side = _side_of(cap, bit)
                    elif goes_to is _TO_HOLDER or taken & bit:
                        side = _side_of(held, bit)
                elif kind == KIND_HIGH:
                    if natural:
                        side = _credit(plan.high_goes_to, held, cap, taken,
                                       1 << (natural.bit_length() - 1))
                elif kind == KIND_LOW:
                    if natural and not (plan.lone_trump_high_only
                                        and natural.bit_count() == 1):
                        side = _credit(plan.low_goes_to, held, cap, taken, natural & -natural)
                elif kind == KIND_JACK:
                    bit = 1 << card
                    if in_play & bit:
                        side = _side_of(cap, bit)
                    elif plan.undealt_jack_to_pitcher and self.pitcher is not None:
                        side = team_of[self.pitcher]
                elif kind == KIND_LAST_TRICK:
                    side = team_of[last]
                elif kind == KIND_HIGH_SPADE:
                    spades = in_play & SUIT_MASKS[0]
                    if spades:
                        side = _side_of(cap, 1 << (spades.bit_length() - 1))
            if side < 0:
                one_side = -1
                continue
            won[side] += value
            if one_side == -2:
                one_side = side
            elif one_side != side:
                one_side = -1
        if self.all_points_wins and one_side >= 0:
            return self.full(dealt, captured, tricks_won, last)  # every point to one side
        change = won
        pitcher = self.pitcher
        if pitcher is not None and self.bid is not None:
            side = team_of[pitcher]
            change = list(won)
            change[side] = bid_result(plan, won[side], self.bid)[1]
            if not plan.opponents_score:
                change = [c if other == side else 0 for other, c in enumerate(change)]
        target = self.target
        if target is not None:
            old = self.old_up
            floor = self.floor
            losing = self.losing
            for side in self.sides:
                new = old[side] + change[side]
                if floor is not None and new < floor:
                    new = floor
                if new >= target or (losing is not None and new <= losing):
                    return self.full(dealt, captured, tricks_won, last)  # may end the game
            if self.hands_end:
                return self.full(dealt, captured, tricks_won, last)
        mine = change[team_of[self.me]]
        others = self.others
        if not others:
            return float(mine)
        return mine - sum(change[team_of[s]] for s in others) / len(others)

    def combination_value(self, captured: Sequence[int]) -> float:
        """The value under combination scoring where the hand cannot end the game: what
        :meth:`full` gives (each seat's best combinations of its captured cards, added up
        by side), by :class:`Combos`."""
        assert self.combos is not None
        total = self.combos.total
        return side_value(combination_changes(self.team_of, [total(m) for m in captured]),
                          self.team_of, self.me)

    def _deal(self, dealt: Sequence[int]) -> None:
        """Work out what the value reads of the deal alone: the cards each side held,
        every card in play, and the trumps among them."""
        if self.solo:
            held: Sequence[int] = dealt
        else:
            sides = [0] * self.n
            for seat, side in enumerate(self.team_of):
                sides[side] |= dealt[seat]
            held = sides
        in_play = 0
        for m in held:
            in_play |= m
        self._dealt, self._held = dealt, held
        self._in_play, self._natural = in_play, in_play & self.natural_mask

    def game(self, held: Sequence[int], cap: Sequence[int]) -> list[int]:
        """The sides credited with game (``scoring._award_game``), from the cards each
        side holds and captured (a side's game points are its seats' added up)."""
        plan = self.plan
        table = plan.game_table
        team_of = self.team_of
        halves = plan.joker_game_halves
        by_side = []
        for m in cap:
            points = (table[m & 0x1FFF] + table[m >> 13 & 0x1FFF] + table[m >> 26 & 0x1FFF]
                      + table[m >> 39 & 0x1FFF])
            if halves:
                # rule: a captured joker counts half a game point (points.joker_game_halves)
                points = 2 * points + halves * (m >> 52).bit_count()
            by_side.append(points)
        best = max(by_side)
        if best <= 0:
            return []
        if by_side.count(best) == 1:
            return [by_side.index(best)]
        game_tie = plan.game_tie
        if game_tie is _TIE_NOBODY:
            return []  # rule: a tie for game: nobody scores it (source B)
        tied = [side for side in self.sides if by_side[side] == best]
        if game_tie is _TIE_ELDER_HAND:
            first = next(s for s in self.elder if team_of[s] in tied)
            return [team_of[first]]
        if game_tie is _TIE_HOLDER_OF_CARD:
            card = self.tie_card
            side = _side_of(held, 1 << card) if card >= 0 else NOBODY
            return [side] if side in tied else []
        return tied  # GameTie.SPLIT: every tied side scores it

    def full(self, dealt: Sequence[int], captured: Sequence[int], tricks_won: Sequence[int],
             last: int) -> float:
        """The value by the engine's own scoring and settling (the one definition)."""
        team = self.team_of
        moon = self.moon
        bid = self.bid
        points, made, moon_made, changes = score_parts(
            self.plan, self.trump, self.dealer, team, self.pitcher,
            None if moon or bid is None else bid, moon, dealt, captured, tricks_won,
            last)[:4]
        winners: tuple[int, ...] = ()
        if self.target is not None:
            settled = settle_parts(self.rules, self.scores, team, self.pitcher, changes,
                                   moon_made, points, 0, made)
            if settled[1]:
                winners = settled[2]
        return side_value(changes, team, self.me, winners)


def _side_of(masks: Sequence[int], bit: int) -> int:
    """The side whose mask (by side) holds ``bit`` (:data:`NOBODY` if none does)."""
    for side, mask in enumerate(masks):
        if mask & bit:
            return side
    return NOBODY


def _credit(goes_to: object, held: Sequence[int], cap: Sequence[int], taken: int,
            bit: int) -> int:
    """The side credited with high or low (``scoring._to``): masks by side."""
    if goes_to is _TO_CAPTURER:
        return _side_of(cap, bit)
    if goes_to is _TO_PLAYER and not taken & bit:
        return NOBODY  # rule: to the player who played it: nobody when never played
    return _side_of(held, bit)


class Combos:
    """The combination points of a pile of captured cards (:func:`pitchkit.combos.best_total`,
    as the engine scores them), remembered by what decides them: how many cards of each
    scoring rank it holds (the cards kept, ``combinations.keep`` or all when
    fewer were captured, are fewer than its scoring cards only when ``keep`` is: a pile's
    other cards change nothing). The first pile of each kind is scored by
    ``best_total`` itself; a play-out's pile is then one look-up."""

    def __init__(self, combinations: Combinations) -> None:
        self.combinations = combinations
        letters = {r for r, _ in combinations.singles}
        for pair, _ in combinations.pairs:
            letters.update(pair)
        #: per scoring rank, the mask of its four cards
        self.rank_masks = tuple(sum(1 << (13 * suit + RANKS.index(r)) for suit in range(4))
                                for r in sorted(letters))
        self.known: dict[tuple[int, ...], int] = {}

    def total(self, pile: int) -> int:
        """The combination points of ``pile`` (a mask of captured cards)."""
        key = tuple([(pile & m).bit_count() for m in self.rank_masks])
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = best_total(self.combinations, list(cards_in(pile)))
        return found


@lru_cache(maxsize=64)
def combos_of(combinations: Combinations) -> Combos:
    """The :class:`Combos` of a rule set's combinations (shared by every decision)."""
    return Combos(combinations)
