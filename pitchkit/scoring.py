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
- Slam (``{point: slam}``, a fifth point for taking everything): to the side that won
  every other item and every trick (``points.slam_requires``), pitcher or not, as
  Rognlie's Pitch rules count their fifth "major point"; an item nobody could win (the
  jack not dealt) leaves no side with it, as those rules say of a smudge bid.
- Jokers as half a game point (``points.joker_game_halves``): no public rule text was
  found; read as each captured joker adding half a point to its side's game count.
- Points are won by sides (``team_of``). The points map names the seat that held or
  captured the card (for high, low, jack, jick, jokers, ten), the seat that won the last
  trick, and for game every seat of each side credited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
from pitchkit.memo import per_rule_set
from pitchkit.tricks import trump_tables
from pitchkit.variant import (
    Direction,
    GameTie,
    GoesTo,
    LoneTrump,
    MadeBidScores,
    MoonRequires,
    PointCard,
    PointItem,
    PointRule,
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
            return _SEAT[seat]
    return ()


#: ``(seat,)`` for every seat: credits without building a tuple each time.
_SEAT = tuple((s,) for s in range(64))
#: ``team_of`` without partnerships, by number of seats (each seat its own side).
_SOLO = tuple(tuple(range(n)) for n in range(65))

#: Where high and low go and who takes a tied game, read once: an enum member's lookup
#: costs about 0.2 us in Python 3.11, and scoring runs once a hand
_TO_CAPTURER, _TO_PLAYER, _TO_HOLDER = GoesTo.CAPTURER, GoesTo.PLAYER, GoesTo.HOLDER
_TIE_NOBODY, _TIE_ELDER_HAND, _TIE_HOLDER_OF_CARD = (
    GameTie.NOBODY, GameTie.ELDER_HAND, GameTie.HOLDER_OF_CARD)

#: Kinds of point item as small ints (``PlannedItem.kind``).
_HIGH, _LOW, _JACK, _GAME, _LAST_TRICK, _CARD, _HIGH_SPADE, _SLAM = range(8)
_RULE_KIND = {PointRule.HIGH: _HIGH, PointRule.LOW: _LOW, PointRule.JACK: _JACK,
              PointRule.GAME: _GAME, PointRule.LAST_TRICK: _LAST_TRICK,
              PointRule.JICK: _CARD, PointRule.TEN: _CARD, PointRule.HIGH_SPADE: _HIGH_SPADE,
              PointRule.SLAM: _SLAM}
_RANK_OF_CARD = {PointCard.ACE_OF_TRUMPS: 12, PointCard.KING_OF_TRUMPS: 11,
                 PointCard.QUEEN_OF_TRUMPS: 10, PointCard.NINE_OF_TRUMPS: 7,
                 PointCard.EIGHT_OF_TRUMPS: 6, PointCard.SEVEN_OF_TRUMPS: 5,
                 PointCard.SIX_OF_TRUMPS: 4, PointCard.FIVE_OF_TRUMPS: 3,
                 PointCard.FOUR_OF_TRUMPS: 2, PointCard.THREE_OF_TRUMPS: 1,
                 PointCard.TWO_OF_TRUMPS: 0}


def card_under_trump(word: PointRule | PointCard, trump: int) -> int:
    """The card a card item (or the rule jack, jick or ten) names when ``trump`` is trump."""
    if word is PointCard.JOKER:
        return BIG_JOKER
    if word is PointCard.LITTLE_JOKER:
        return LITTLE_JOKER
    if word is PointCard.OFF_FIVE:
        return make_card(3, same_colour_suit(trump))
    if word is PointRule.JICK:
        return off_jack(trump)
    if word is PointRule.JACK:
        return make_card(JACK, trump)
    if word is PointRule.TEN:
        return make_card(TEN, trump)
    assert isinstance(word, PointCard), f"{word} names no card"
    return make_card(_RANK_OF_CARD[word], trump)


@dataclass(frozen=True, slots=True)
class PlannedItem:
    """One item of ``points.items`` as scoring reads it."""

    #: the item's word (``PointItem.name``), the key of a hand's points
    name: str
    #: how it is won: high, low, jack, game, last trick, or a card (jick, ten, named cards)
    kind: int
    #: ``PointItem.value``
    value: int
    #: the card it names under each trump suit (-1 for a rule that names no card)
    card_by_trump: tuple[int, int, int, int]
    #: ``PointItem.goes_to`` for a card; the jack, jick and ten go to their capturer
    goes_to: GoesTo


def _planned(item: PointItem) -> PlannedItem:
    word = item.point if item.point is not None else item.card
    assert word is not None
    names_card = isinstance(word, PointCard) or word in (PointRule.JACK, PointRule.JICK,
                                                         PointRule.TEN)
    cards = tuple(card_under_trump(word, t) if names_card else -1 for t in range(4))
    kind = _CARD if isinstance(word, PointCard) else _RULE_KIND[word]
    return PlannedItem(name=item.name, kind=kind, value=item.value,
                       card_by_trump=(cards[0], cards[1], cards[2], cards[3]),
                       goes_to=item.goes_to)


@dataclass(frozen=True)
class ScoringPlan:
    """What scoring needs from one rule set, worked out once per Rules object; fields are
    named after the settings they come from. Scoring, settling, stats, explain and the
    bots read it (:func:`scoring_plan`)."""

    rules: Rules
    #: ``points.items`` in counting order
    items: tuple[PlannedItem, ...]
    #: the items' words (``rules.point_names()``)
    names: tuple[str, ...]
    #: the most points one side can win in a hand: the items' values added up
    items_total: int
    high_goes_to: GoesTo
    low_goes_to: GoesTo
    lone_trump_high_only: bool
    undealt_jack_to_pitcher: bool
    game_tie: GameTie
    #: the card of ``points.game_tie_card`` under each trump suit (-1: none)
    game_tie_card: tuple[int, int, int, int]
    direction: Direction
    #: game points (``points.card_values``) of each 13-bit pattern of ranks within one
    #: suit (bytes when they fit)
    game_table: Sequence[int]
    combinations: bool
    moon_requires: MoonRequires
    moon_points_made: int | None
    moon_points_failed: int
    made_bid_scores_bid: bool
    #: the set-back when it is a number (None: the bid)
    set_back: int | None
    opponents_score: bool
    #: ``points.slam_requires``: what the slam item needs
    slam_requires: MoonRequires = MoonRequires.ALL_POINTS_AND_TRICKS
    #: ``points.joker_game_halves``: half game points per captured joker (0: none)
    joker_game_halves: int = 0


@per_rule_set(256)
def scoring_plan(rules: Rules) -> ScoringPlan:
    """The :class:`ScoringPlan` of ``rules`` (computed once, then cached)."""
    values = [0] * 13
    for rank_letter, value in rules.points.card_values:
        values[RANKS.index(rank_letter)] = value
    table = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        table[pattern] = table[pattern ^ low] + values[low.bit_length() - 1]
    p = rules.points
    s = rules.scoring
    points_scored = s.method is ScoringMethod.POINTS
    items = tuple(_planned(item) for item in p.items) if points_scored else ()
    tie_card = p.game_tie_card
    plan = ScoringPlan(
        rules=rules, items=items, names=tuple(item.name for item in items),
        items_total=sum(item.value for item in items),
        high_goes_to=p.high_goes_to, low_goes_to=p.low_goes_to,
        lone_trump_high_only=p.lone_trump is LoneTrump.HIGH_ONLY,
        undealt_jack_to_pitcher=p.undealt_jack is UndealtJack.PITCHER,
        game_tie=p.game_tie,
        game_tie_card=(tuple(card_under_trump(tie_card, t) for t in range(4))  # type: ignore[arg-type]
                       if tie_card is not None else (-1, -1, -1, -1)),
        direction=rules.deal.direction,
        game_table=bytes(table) if max(table) < 256 else tuple(table),
        combinations=s.method is ScoringMethod.COMBINATIONS,
        moon_requires=rules.moon.requires, moon_points_made=rules.moon.points_made,
        moon_points_failed=rules.moon.points_failed,
        made_bid_scores_bid=s.made_bid_scores is MadeBidScores.BID,
        set_back=None if s.set_back == "bid" else int(s.set_back),
        opponents_score=s.opponents_score,
        slam_requires=p.slam_requires, joker_game_halves=p.joker_game_halves,
    )
    return plan


def _game_points(table: Sequence[int], mask: int) -> int:
    return (table[mask & 0x1FFF] + table[(mask >> 13) & 0x1FFF]
            + table[(mask >> 26) & 0x1FFF] + table[(mask >> 39) & 0x1FFF])


def game_points_of(rules: Rules, mask: int) -> int:
    """Game points (``points.card_values``) of the cards in a mask; jokers count 0."""
    return _game_points(scoring_plan(rules).game_table, mask)


def _award_points(plan: ScoringPlan, trump: int | None, dealer: int, team_of: tuple[int, ...],
                  pitcher: int | None, dealt: Sequence[int], captured: Sequence[int],
                  last_trick_winner: int | None, tricks_won: Sequence[int] = ()
                  ) -> dict[str, tuple[int, ...]]:
    points: dict[str, tuple[int, ...]] = {}
    slam = ""
    in_play = 0
    for mask in dealt:
        in_play |= mask
    # high and low are natural trumps, cards of the trump suit (see the module docstring)
    natural = 0 if trump is None else in_play & SUIT_MASKS[trump]
    for item in plan.items:
        kind = item.kind
        credited: tuple[int, ...] = ()
        if kind == _CARD:
            if trump is not None:
                card = item.card_by_trump[trump]
                goes_to = item.goes_to
                if goes_to is _TO_CAPTURER:
                    credited = _owner(captured, card)
                elif goes_to is _TO_HOLDER or _owner(captured, card):
                    credited = _owner(dealt, card)
        elif kind == _HIGH:
            if natural:
                credited = _to(plan.high_goes_to, dealt, captured, natural.bit_length() - 1)
        elif kind == _LOW:
            # rule: a lone trump counts as high and low (source B); high_only: high alone
            if natural and not (plan.lone_trump_high_only and natural.bit_count() == 1):
                credited = _to(plan.low_goes_to, dealt, captured,
                               (natural & -natural).bit_length() - 1)
        elif kind == _JACK:
            if trump is not None:
                jack = item.card_by_trump[trump]
                if in_play >> jack & 1:
                    credited = _owner(captured, jack)
                elif plan.undealt_jack_to_pitcher and pitcher is not None:
                    credited = (pitcher,)  # rule: an undealt jack goes to the pitcher
                # rule: the jack of trumps not dealt: nobody gets it (sources A, B)
        elif kind == _GAME:
            credited = _award_game(plan, trump, dealer, team_of, dealt, captured)
        elif kind == _LAST_TRICK and last_trick_winner is not None:
            credited = (last_trick_winner,)
        elif kind == _HIGH_SPADE:
            spades = in_play & SUIT_MASKS[0]
            if spades:
                # rule: "high spade" (a Smear description, kytheradive.gr): the highest
                # spade in play, whatever the trump; to its capturer is a reading
                credited = _owner(captured, spades.bit_length() - 1)
        elif kind == _SLAM:
            slam = item.name  # awarded once every other item is (below)
        points[item.name] = credited
    if slam:
        points[slam] = _award_slam(plan.slam_requires, team_of, tricks_won,
                                   {k: v for k, v in points.items() if k != slam})
    return points


def _award_slam(requires: MoonRequires, team_of: tuple[int, ...], tricks_won: Sequence[int],
                others: dict[str, tuple[int, ...]]) -> tuple[int, ...]:
    """Every seat of the side that took everything (``points.slam_requires``), else ()."""
    needs_tricks = requires is not MoonRequires.ALL_POINTS
    if needs_tricks:
        if not sum(tricks_won):
            return ()
        seat = next(s for s, won in enumerate(tricks_won) if won)
    else:
        first = next(iter(others.values()), ())
        if not first:
            return ()  # no other item, or nobody won the first: nobody took everything
        seat = first[0]
    if requires is not MoonRequires.ALL_TRICKS and not others:
        return ()
    # rule: "winning a) through c) plus winning all six tricks" is a fifth point
    # (Rognlie's Pitch rules); "a 'slam' ... counts for a fifth point" (Parlett)
    if not _moon_made(requires, team_of, seat, tricks_won, others):
        return ()
    side = team_of[seat]
    return tuple(s for s in range(len(team_of)) if team_of[s] == side)


def _to(goes_to: GoesTo, dealt: Sequence[int], captured: Sequence[int],
        card: int) -> tuple[int, ...]:
    """The seat credited with ``card`` under ``goes_to`` (high and low)."""
    if goes_to is _TO_CAPTURER:
        return _owner(captured, card)
    if goes_to is _TO_PLAYER and not _owner(captured, card):
        return ()  # rule: to the player who played it: nobody when it was never played
    return _owner(dealt, card)


def _award_game(plan: ScoringPlan, trump: int | None, dealer: int, team_of: tuple[int, ...],
                dealt: Sequence[int], captured: Sequence[int]) -> tuple[int, ...]:
    table = plan.game_table
    n = len(team_of)
    # game points captured by each seat (a plain loop: a comprehension would make
    # ``table`` a closure cell and build a function object on every call)
    by_seat: list[int] = []
    append = by_seat.append
    for m in captured:
        append(table[m & 0x1FFF] + table[m >> 13 & 0x1FFF] + table[m >> 26 & 0x1FFF]
               + table[m >> 39 & 0x1FFF])
    halves = plan.joker_game_halves
    if halves:
        # rule: a captured joker counts half a game point (points.joker_game_halves):
        # game is counted in halves, whole numbers throughout
        by_seat = [2 * points + halves * (m >> 52).bit_count()
                   for points, m in zip(by_seat, captured, strict=True)]
    if team_of == _SOLO[n]:
        by_side = by_seat  # no partnerships: each seat is its own side
        best = max(by_side)
        if best <= 0:
            return ()
        if by_side.count(best) == 1:
            return _SEAT[by_side.index(best)]
    else:
        by_side = [0] * n  # sides are numbered below the number of seats
        for seat, points in enumerate(by_seat):
            by_side[team_of[seat]] += points
        best = max(by_side)
        if best <= 0:
            return ()
        if by_side.count(best) == 1:
            side = by_side.index(best)
            return tuple([s for s in range(n) if team_of[s] == side])
    game_tie = plan.game_tie
    if game_tie is _TIE_NOBODY:
        return ()  # rule: a tie for game: nobody scores it (source B)
    tied = [side for side in range(n) if by_side[side] == best]
    if game_tie is _TIE_ELDER_HAND:
        order = elder_order(dealer, n, plan.direction)
        first = next(s for s in order if team_of[s] in tied)
        tied = [team_of[first]]
    elif game_tie is _TIE_HOLDER_OF_CARD:
        # rule: a tie for game goes to the tied side that held the named card
        card = -1 if trump is None else plan.game_tie_card[trump]
        holder = _owner(dealt, card) if card >= 0 else ()
        tied = [team_of[holder[0]]] if holder and team_of[holder[0]] in tied else []
    # GameTie.SPLIT: every tied side scores it
    return tuple(s for s in range(n) if team_of[s] in tied)


def _won_by_side(plan: ScoringPlan, team_of: tuple[int, ...],
                 points: dict[str, tuple[int, ...]]) -> list[int]:
    """Points won, indexed by side (sides are numbered below the number of seats): each
    item's value to each side credited with it."""
    won = [0] * len(team_of)
    for item in plan.items:
        seats = points[item.name]
        if len(seats) == 1:
            won[team_of[seats[0]]] += item.value
        elif seats:
            for side in {team_of[s] for s in seats}:
                won[side] += item.value
    return won


def moon_made(rules: Rules, facts: HandFacts, points: dict[str, tuple[int, ...]]) -> bool:
    """Whether the pitcher's side met ``moon.requires``.

    All points means every point the variant has went to the pitcher's side and to no
    other side: a point nobody could win this hand (the jack not dealt) fails the moon,
    as source A's moon promises "all four points".
    """
    assert facts.pitcher is not None
    return _moon_made(rules.moon.requires, facts.team_of, facts.pitcher, facts.tricks_won,
                      points)


def took_every_point(team_of: tuple[int, ...], side: int,
                     points: dict[str, tuple[int, ...]]) -> bool:
    """Whether every item of a hand went to ``side`` and to no other side (an item
    nobody won, like an undealt jack, is not taken): a moon's all points, and
    ``scoring.all_points_wins_game``."""
    return all(seats and {team_of[s] for s in seats} == {side} for seats in points.values())


def _moon_made(requires: MoonRequires, team_of: tuple[int, ...], pitcher: int,
               tricks_won: Sequence[int], points: dict[str, tuple[int, ...]]) -> bool:
    side = team_of[pitcher]
    all_points = took_every_point(team_of, side, points)
    total_tricks = sum(tricks_won)
    side_tricks = sum(t for s, t in enumerate(tricks_won) if team_of[s] == side)
    all_tricks = side_tricks == total_tricks
    if requires is MoonRequires.ALL_POINTS:
        return all_points
    if requires is MoonRequires.ALL_TRICKS:
        return all_tricks
    return all_points and all_tricks  # rule: moon needs all 4 points and all 6 tricks (A)


def score_hand(rules: Rules, facts: HandFacts) -> HandScore:
    """Score one finished hand under ``rules``."""
    plan = scoring_plan(rules)
    if plan.combinations:
        return _score_combinations(rules, facts)
    points, made, moon_result, changes, _combo, points_won = score_parts(
        plan, facts.trump, facts.dealer, facts.team_of, facts.pitcher, facts.bid, facts.moon,
        facts.dealt, facts.captured, facts.tricks_won, facts.last_trick_winner)
    return HandScore(points=points, made=made, moon_made=moon_result, score_changes=changes,
                     combo_points=None, points_won=points_won)


def score_parts(plan: ScoringPlan, trump: int | None, dealer: int, team_of: tuple[int, ...],
                pitcher: int | None, bid: int | None, moon: bool, dealt: Sequence[int],
                captured: Sequence[int], tricks_won: Sequence[int],
                last_trick_winner: int | None) -> tuple[Any, ...]:
    """:func:`score_hand` on the facts as plain values (the engine's path: no HandFacts).

    Returns HandScore's fields in order: points, made, moon_made, score_changes,
    combo_points, points_won. ``plan`` is ``scoring_plan(rules)``.
    """
    if plan.combinations:
        combo = _score_combinations(plan.rules, HandFacts(
            trump=trump, dealer=dealer, team_of=team_of, pitcher=pitcher, bid=bid,
            moon=moon, dealt=tuple(dealt), captured=tuple(captured),
            tricks_won=tuple(tricks_won), last_trick_winner=last_trick_winner))
        return (combo.points, combo.made, combo.moon_made, combo.score_changes,
                combo.combo_points, combo.points_won)
    points = _award_points(plan, trump, dealer, team_of, pitcher, dealt, captured,
                           last_trick_winner, tricks_won)
    return (points, *score_points(plan, team_of, pitcher, bid, moon, points, tricks_won))


def score_points(plan: ScoringPlan, team_of: tuple[int, ...], pitcher: int | None,
                 bid: int | None, moon: bool, points: dict[str, tuple[int, ...]],
                 tricks_won: Sequence[int]) -> tuple[Any, ...]:
    """A hand's score from who took each point (``points``, as :class:`HandScore`'s).

    The contract, the moon, the set-back and who scores: the part of :func:`score_parts`
    after the points are awarded, also used by a scorekeeper that is told who took each
    point (``pitchkit keep``). ``tricks_won`` per seat is read only for a moon that
    needs every trick. Returns made, moon_made, score_changes, combo_points (None),
    points_won.
    """
    solo = team_of == _SOLO[len(team_of)]
    if solo:
        won = [0] * len(team_of)
        for item in plan.items:
            for seat in points[item.name]:  # each seat its own side: seats are distinct
                won[seat] += item.value
    else:
        won = _won_by_side(plan, team_of, points)
    change = list(won)
    made: bool | None = None
    moon_result: bool | None = None
    if pitcher is not None and (bid is not None or moon):
        side = team_of[pitcher]
        if moon:
            moon_result = _moon_made(plan.moon_requires, team_of, pitcher, tricks_won, points)
            made = moon_result
            if moon_result:
                # rule: a made moon scores moon.points_made (null: the points won)
                if plan.moon_points_made is not None:
                    change[side] = plan.moon_points_made
            else:
                change[side] = -plan.moon_points_failed
        else:
            assert bid is not None
            made, change[side] = bid_result(plan, won[side], bid)
        if not plan.opponents_score:
            change = [c if other == side else 0 for other, c in enumerate(change)]
    if solo:
        return (made, moon_result, tuple(change), None, tuple(won))
    return (made, moon_result, tuple([change[side] for side in team_of]), None,
            tuple([won[side] for side in team_of]))


def bid_result(plan: ScoringPlan, side_won: int, bid: int) -> tuple[bool, int]:
    """Whether a bid is made with ``side_won`` points, and the pitcher's side's score
    change: what it won, or the bid (``scoring.made_bid_scores``), or the set-back."""
    if side_won >= bid:  # rule: the pitcher must win at least the bid
        return True, bid if plan.made_bid_scores_bid else side_won
    # rule: a set pitcher has the bid subtracted (sources A, B)
    return False, -(bid if plan.set_back is None else plan.set_back)


def _score_combinations(rules: Rules, facts: HandFacts) -> HandScore:
    from pitchkit.combos import best_combination

    combo = tuple(
        best_combination(rules.combinations, list(cards_in(mask))).total
        for mask in facts.captured
    )
    return HandScore(points={}, made=None, moon_made=None,
                     score_changes=combination_changes(facts.team_of, combo),
                     combo_points=combo, points_won=tuple(0 for _ in combo))


def combination_changes(team_of: tuple[int, ...], combo: Sequence[int]) -> tuple[int, ...]:
    """Score changes per seat when each seat scored ``combo[seat]`` combination points:
    a side scores what its seats scored together."""
    by_side: dict[int, int] = dict.fromkeys(team_of, 0)
    for seat, total in enumerate(combo):
        by_side[team_of[seat]] += total
    return tuple(by_side[team_of[seat]] for seat in range(len(team_of)))


def available_points(rules: Rules, seats_sides: int) -> int:
    """The most points one hand can award in total, all sides together (a split game
    counts its value once per tied side)."""
    plan = scoring_plan(rules)
    split = sum(item.value for item in plan.items if item.kind == _GAME) \
        if plan.game_tie is GameTie.SPLIT else 0
    return plan.items_total + split * (seats_sides - 1)
