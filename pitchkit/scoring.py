"""Scoring one hand: a pure function of the rules and what happened in the hand.

The engine collects :class:`HandFacts` after the last trick and calls :func:`score_hand`;
nothing here knows about a game in progress. Which cards are trumps and how they rank is
defined once, in ``pitchkit.tricks`` (:func:`trump_order` here is a view of it).

Readings chosen where the sources are silent:

- *In play* means dealt: high and low are the highest and lowest trump dealt to anyone
  (with staged play, also a card never chosen for a stage).
- High and low are *natural* trumps, cards of the trump suit. The off-jack (jick) and
  the jokers are trumps in play and score their own points, but are never high or low:
  they rank below the jack of trumps, so they could never be high while a higher natural
  trump is out, and a joker as low would make low meaningless. "Only one trump in play"
  (``points.lone_trump``) likewise counts natural trumps.
- A card point whose card was dealt but never captured (staged play leaves cards out)
  goes to nobody when it goes to the capturer.
- Game: when no side captured a single game point, nobody scores game.
- Points are won by sides (``team_of``). The points map names the seat that held or
  captured the card (for high, low, jack, jick, jokers, ten), the seat that won the last
  trick, and for game every seat of each side credited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitchkit.cards import (
    BIG_JOKER,
    JACK,
    LITTLE_JOKER,
    RANKS,
    SUIT_MASKS,
    TEN,
    cards_in,
    make_card,
    same_colour_suit,
)
from pitchkit.tricks import trump_tables
from pitchkit.variant import (
    Direction,
    GameTie,
    GoesTo,
    LoneTrump,
    MadeBidScores,
    MoonRequires,
    Rules,
    ScoringMethod,
    UndealtJack,
)

# --------------------------------------------------------------------------- trumps


def off_jack(trump: int) -> int:
    """The jack of the other suit of trump's colour (the jick)."""
    return make_card(JACK, same_colour_suit(trump))


def trump_order(trump: int, *, jick: bool = False, jokers: int = 0) -> tuple[int, ...]:
    """Every trump, highest first: A K Q J [off-jack] [BJ [LJ]] T 9 .. 2.

    A view of the one definition of trump power, ``pitchkit.tricks.trump_tables``.
    """
    tables = trump_tables(trump, jick, jokers)
    return tuple(sorted(cards_in(tables.trumps), key=lambda c: -tables.power[c]))


# --------------------------------------------------------------------------- facts, score


@dataclass(frozen=True, kw_only=True)
class HandFacts:
    """What happened in one hand, as scoring needs it.

    ``team_of[seat]`` is the seat's side (sides are numbered below the number of seats);
    ``dealt[seat]`` the mask of the cards dealt to it (with staged play, every card dealt,
    chosen for a stage or not); ``captured[seat]`` the mask of the cards it won in tricks;
    ``bid`` is None without a contract and ignored when ``moon`` is True.
    """

    trump: int | None
    dealer: int
    team_of: tuple[int, ...]
    pitcher: int | None
    bid: int | None
    moon: bool
    dealt: tuple[int, ...]
    captured: tuple[int, ...]
    tricks_won: tuple[int, ...]
    last_trick_winner: int | None

    @property
    def seats(self) -> int:
        return len(self.team_of)


@dataclass(frozen=True, kw_only=True)
class HandScore:
    """The score of one hand.

    ``points`` maps each point of the variant (in ``rules.point_names()`` order) to the
    seats credited (empty: nobody). ``points_won`` is, per seat, the number of points its
    side won. ``score_changes`` is per seat (partners equal).
    """

    points: dict[str, tuple[int, ...]]
    made: bool | None
    moon_made: bool | None
    score_changes: tuple[int, ...]
    combo_points: tuple[int, ...] | None
    points_won: tuple[int, ...] = ()


def elder_order(dealer: int, seats: int, direction: Direction = Direction.LEFT) -> list[int]:
    """Seats in order of play starting with the one after the dealer (elder hand first)."""
    step = 1 if direction is Direction.LEFT else -1
    return [(dealer + step * k) % seats for k in range(1, seats + 1)]


def _owner(masks: Sequence[int], card: int) -> tuple[int, ...]:
    """The seat whose mask holds ``card``, as a credit: ``(seat,)``, or ``()``."""
    bit = 1 << card
    for seat, mask in enumerate(masks):
        if mask & bit:
            return (seat,)
    return ()


@dataclass(frozen=True)
class _Plan:
    """What score_hand needs from one rule set, worked out once per Rules object."""

    names: tuple[str, ...]
    high_to_holder: bool
    low_to_holder: bool
    lone_high_only: bool
    undealt_jack_to_pitcher: bool
    game_tie: GameTie
    direction: Direction
    #: game points of each 13-bit pattern of ranks within one suit
    game_table: tuple[int, ...]


_PLANS: dict[int, tuple[Rules, _Plan]] = {}


def _plan(rules: Rules) -> _Plan:
    entry = _PLANS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    values = [0] * 13
    for rank_letter, value in rules.points.card_values:
        values[RANKS.index(rank_letter)] = value
    table = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        table[pattern] = table[pattern ^ low] + values[low.bit_length() - 1]
    p = rules.points
    plan = _Plan(
        names=rules.point_names(),
        high_to_holder=p.high_goes_to is GoesTo.HOLDER,
        low_to_holder=p.low_goes_to is GoesTo.HOLDER,
        lone_high_only=p.lone_trump is LoneTrump.HIGH_ONLY,
        undealt_jack_to_pitcher=p.undealt_jack is UndealtJack.PITCHER,
        game_tie=p.game_tie, direction=rules.deal.direction, game_table=tuple(table),
    )
    if len(_PLANS) > 256:
        _PLANS.clear()
    _PLANS[id(rules)] = (rules, plan)
    return plan


def _game_points(table: tuple[int, ...], mask: int) -> int:
    return (table[mask & 0x1FFF] + table[(mask >> 13) & 0x1FFF]
            + table[(mask >> 26) & 0x1FFF] + table[(mask >> 39) & 0x1FFF])


def game_points_of(rules: Rules, mask: int) -> int:
    """Game points (``points.card_values``) of the cards in a mask; jokers count 0."""
    return _game_points(_plan(rules).game_table, mask)


def _award_points(rules: Rules, facts: HandFacts) -> dict[str, tuple[int, ...]]:
    plan = _plan(rules)
    dealt, captured = facts.dealt, facts.captured
    points: dict[str, tuple[int, ...]] = {}
    in_play = 0
    for mask in dealt:
        in_play |= mask
    trump = facts.trump
    # high and low are natural trumps, cards of the trump suit (see the module docstring)
    natural = 0 if trump is None else in_play & SUIT_MASKS[trump]
    for name in plan.names:
        credited: tuple[int, ...] = ()
        if name == "high":
            if natural:
                high = natural.bit_length() - 1
                credited = _owner(dealt if plan.high_to_holder else captured, high)
        elif name == "low":
            # rule: a lone trump counts as high and low (source B); high_only: high alone
            lone = natural.bit_count() == 1
            if natural and not (lone and plan.lone_high_only):
                low = (natural & -natural).bit_length() - 1
                credited = _owner(dealt if plan.low_to_holder else captured, low)
        elif name == "jack":
            if trump is not None:
                jack = make_card(JACK, trump)
                if in_play >> jack & 1:
                    credited = _owner(captured, jack)
                elif plan.undealt_jack_to_pitcher and facts.pitcher is not None:
                    credited = (facts.pitcher,)  # rule: an undealt jack goes to the pitcher
                # rule: the jack of trumps not dealt: nobody gets it (sources A, B)
        elif name == "jick":
            if trump is not None:
                credited = _owner(captured, off_jack(trump))
        elif name == "joker":
            credited = _owner(captured, BIG_JOKER)
        elif name == "little_joker":
            credited = _owner(captured, LITTLE_JOKER)
        elif name == "ten":
            if trump is not None:
                credited = _owner(captured, make_card(TEN, trump))
        elif name == "game":
            credited = _award_game(plan, facts)
        elif name == "last_trick" and facts.last_trick_winner is not None:
            credited = (facts.last_trick_winner,)
        points[name] = credited
    return points


def _award_game(plan: _Plan, facts: HandFacts) -> tuple[int, ...]:
    table = plan.game_table
    team_of = facts.team_of
    n = len(team_of)
    by_side = [0] * n  # sides are numbered below the number of seats
    for seat, mask in enumerate(facts.captured):
        by_side[team_of[seat]] += (table[mask & 0x1FFF] + table[mask >> 13 & 0x1FFF]
                                   + table[mask >> 26 & 0x1FFF] + table[mask >> 39 & 0x1FFF])
    best = max(by_side)
    if best <= 0:
        return ()
    if by_side.count(best) == 1:
        side = by_side.index(best)
        return tuple(s for s in range(n) if team_of[s] == side)
    tied = [side for side in range(n) if by_side[side] == best]
    if plan.game_tie is GameTie.NOBODY:
        return ()  # rule: a tie for game: nobody scores it (source B)
    if plan.game_tie is GameTie.ELDER_HAND:
        order = elder_order(facts.dealer, n, plan.direction)
        first = next(s for s in order if team_of[s] in tied)
        tied = [team_of[first]]
    # GameTie.SPLIT: every tied side scores it
    return tuple(s for s in range(n) if team_of[s] in tied)


def _sides(facts: HandFacts) -> list[int]:
    return sorted(set(facts.team_of))


def _won_by_side(team_of: tuple[int, ...], points: dict[str, tuple[int, ...]]) -> list[int]:
    """Points won, indexed by side (sides are numbered below the number of seats)."""
    won = [0] * len(team_of)
    for seats in points.values():
        if len(seats) == 1:
            won[team_of[seats[0]]] += 1
        elif seats:
            for side in {team_of[s] for s in seats}:
                won[side] += 1
    return won


def moon_made(rules: Rules, facts: HandFacts, points: dict[str, tuple[int, ...]]) -> bool:
    """Whether the pitcher's side met ``moon.requires``.

    All points means every point the variant has went to the pitcher's side and to no
    other side: a point nobody could win this hand (the jack not dealt) fails the moon,
    as source A's moon promises "all four points".
    """
    assert facts.pitcher is not None
    side = facts.team_of[facts.pitcher]
    all_points = all(
        seats and {facts.team_of[s] for s in seats} == {side} for seats in points.values()
    )
    total_tricks = sum(facts.tricks_won)
    side_tricks = sum(t for s, t in enumerate(facts.tricks_won) if facts.team_of[s] == side)
    all_tricks = side_tricks == total_tricks
    requires = rules.moon.requires
    if requires is MoonRequires.ALL_POINTS:
        return all_points
    if requires is MoonRequires.ALL_TRICKS:
        return all_tricks
    return all_points and all_tricks  # rule: moon needs all 4 points and all 6 tricks (A)


def score_hand(rules: Rules, facts: HandFacts) -> HandScore:
    """Score one finished hand under ``rules``."""
    if rules.scoring.method is ScoringMethod.COMBINATIONS:
        return _score_combinations(rules, facts)
    points = _award_points(rules, facts)
    team_of = facts.team_of
    won = _won_by_side(team_of, points)
    change = list(won)
    made: bool | None = None
    moon_result: bool | None = None
    s = rules.scoring
    if facts.pitcher is not None and (facts.bid is not None or facts.moon):
        side = facts.team_of[facts.pitcher]
        if facts.moon:
            moon_result = moon_made(rules, facts, points)
            made = moon_result
            if moon_result:
                # rule: a made moon scores moon.points_made (null: the points won)
                if rules.moon.points_made is not None:
                    change[side] = rules.moon.points_made
            else:
                change[side] = -rules.moon.points_failed
        else:
            assert facts.bid is not None
            made = won[side] >= facts.bid  # rule: the pitcher must win at least the bid
            if made:
                if s.made_bid_scores is MadeBidScores.BID:
                    change[side] = facts.bid
            else:
                # rule: a set pitcher has the bid subtracted (sources A, B)
                change[side] = -(facts.bid if s.set_back == "bid" else int(s.set_back))
        if not s.opponents_score:
            change = [c if other == side else 0 for other, c in enumerate(change)]
    score_changes = tuple(change[side] for side in team_of)
    points_won = tuple(won[side] for side in team_of)
    return HandScore(points=points, made=made, moon_made=moon_result,
                     score_changes=score_changes, combo_points=None, points_won=points_won)


def _score_combinations(rules: Rules, facts: HandFacts) -> HandScore:
    from pitchkit.combos import best_combination

    combo = tuple(
        best_combination(rules.combinations, list(cards_in(mask))).total
        for mask in facts.captured
    )
    by_side: dict[int, int] = dict.fromkeys(_sides(facts), 0)
    for seat, total in enumerate(combo):
        by_side[facts.team_of[seat]] += total
    changes = tuple(by_side[facts.team_of[seat]] for seat in range(facts.seats))
    return HandScore(points={}, made=None, moon_made=None, score_changes=changes,
                     combo_points=combo, points_won=tuple(0 for _ in combo))


def available_points(rules: Rules, seats_sides: int) -> int:
    """The most points one hand can award in total (a split game counts once per side)."""
    names = rules.point_names()
    extra = seats_sides - 1 if "game" in names and rules.points.game_tie is GameTie.SPLIT else 0
    return len(names) + extra
