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
from functools import lru_cache
from typing import Any

from pitchkit.cards import (
    BIG_JOKER,
    CARD_BIT,
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
    side won: what the contract is held against, and the score with no contract (the
    engine reads ``score_changes`` only; the tests check the award and the contract
    apart through it). ``score_changes`` is per seat (partners equal).
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


@dataclass(frozen=True, slots=True)
class Sides:
    """The sides of one hand's seats (``team_of``), worked out once per seating
    (:func:`sides_of`): scoring and settling count by side."""

    team_of: tuple[int, ...]
    #: each seat its own side (``team_of`` is 0, 1, 2, ...)
    solo: bool
    #: the side numbers, lowest first
    ids: tuple[int, ...]
    #: the seats of each side, in ``ids`` order
    groups: tuple[tuple[int, ...], ...]


_SIDES: dict[tuple[int, ...], Sides] = {}


def sides_of(team_of: tuple[int, ...]) -> Sides:
    """The :class:`Sides` of ``team_of`` (cached: a game has one or a few seatings)."""
    sides = _SIDES.get(team_of)
    if sides is None:
        ids = tuple(sorted(set(team_of)))
        sides = Sides(team_of=team_of, solo=team_of == tuple(range(len(team_of))), ids=ids,
                      groups=tuple(tuple(s for s, t in enumerate(team_of) if t == side)
                                   for side in ids))
        if len(_SIDES) > 1024:
            _SIDES.clear()
        _SIDES[team_of] = sides
    return sides


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

#: Kinds of point item as small ints (``PlannedItem.kind``); KIND_NONE: nobody takes it (a
#: card item in a hand without a trump, in ScoringPlan.steps)
(KIND_HIGH, KIND_LOW, KIND_JACK, KIND_GAME, KIND_LAST_TRICK, KIND_CARD, KIND_HIGH_SPADE,
 KIND_SLAM, KIND_NONE) = range(9)
_RULE_KIND = {PointRule.HIGH: KIND_HIGH, PointRule.LOW: KIND_LOW, PointRule.JACK: KIND_JACK,
              PointRule.GAME: KIND_GAME, PointRule.LAST_TRICK: KIND_LAST_TRICK,
              PointRule.JICK: KIND_CARD, PointRule.TEN: KIND_CARD,
              PointRule.HIGH_SPADE: KIND_HIGH_SPADE,
              PointRule.SLAM: KIND_SLAM}
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
    kind = KIND_CARD if isinstance(word, PointCard) else _RULE_KIND[word]
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
    #: suit (bytes when they fit): the definition (:func:`game_points_of`)
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
    #: a faster copy of ``game_table`` for scoring a hand (None: none): when no rank
    #: below the ``game_wide_shift``-th counts (the seeds' values start at the ten), the
    #: game points of two suits' ranks from that rank up, one lookup for the two: of a
    #: mask, ``game_wide[m >> shift & W] + game_wide[m >> (shift + 26) & W]``, W the
    #: window of 26 - shift bits (tests/test_scoring_properties.py proves it equal)
    game_wide: bytes | None = None
    game_wide_shift: int = 0
    #: (name, value) of each item of ``points.items``, in counting order
    values: tuple[tuple[str, int], ...] = ()
    #: ``points.items`` compiled for each trump suit (index 4: no trump): per item
    #: (name, kind, card, goes_to), the card it names under that trump (-1: none)
    #: and who takes it (high and low: ``points.high_goes_to``/``low_goes_to``; the
    #: jack and the high spade: the capturer); a card item without a trump is KIND_NONE
    steps: tuple[tuple[tuple[str, int, int, GoesTo], ...], ...] = ()


@per_rule_set(256)
def scoring_plan(rules: Rules) -> ScoringPlan:
    """The :class:`ScoringPlan` of ``rules`` (computed once, then cached)."""
    table, wide, wide_shift = _game_tables(rules.points.card_values)
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
        game_table=table, game_wide=wide, game_wide_shift=wide_shift,
        combinations=s.method is ScoringMethod.COMBINATIONS,
        moon_requires=rules.moon.requires, moon_points_made=rules.moon.points_made,
        moon_points_failed=rules.moon.points_failed,
        made_bid_scores_bid=s.made_bid_scores is MadeBidScores.BID,
        set_back=None if s.set_back == "bid" else int(s.set_back),
        opponents_score=s.opponents_score,
        slam_requires=p.slam_requires, joker_game_halves=p.joker_game_halves,
        values=tuple((item.name, item.value) for item in items),
        steps=tuple(tuple(_step(item, trump, p.high_goes_to, p.low_goes_to)
                          for item in items) for trump in (0, 1, 2, 3, None)),
    )
    return plan


#: The widest window of ranks ``game_wide`` covers (2**18 bytes: 256 KB, shared by the
#: rule sets with the same card values).
_WIDE_BITS = 18


@lru_cache(maxsize=16)
def _game_tables(card_values: tuple[tuple[str, int], ...]
                 ) -> tuple[Sequence[int], bytes | None, int]:
    """ScoringPlan's game_table, game_wide and game_wide_shift for ``points.card_values``."""
    values = [0] * 13
    for rank_letter, value in card_values:
        values[RANKS.index(rank_letter)] = value
    table = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        table[pattern] = table[pattern ^ low] + values[low.bit_length() - 1]
    # the lowest rank that counts: the window starts there, and takes the next suit whole
    shift = next((rank for rank, value in enumerate(values) if value), 13)
    first = [table[pattern << shift] for pattern in range(1 << (13 - shift))]
    wide = None
    if 26 - shift <= _WIDE_BITS and max(first) + max(table) < 256:
        add: dict[int, bytes] = {}
        low_bytes = bytes(first)
        rows = []
        for high in range(1 << 13):  # the next suit's ranks, above the first's
            points = table[high]
            if points not in add:
                add[points] = bytes((x + points) & 0xFF for x in range(256))
            rows.append(low_bytes.translate(add[points]))
        wide = b"".join(rows)
    return (bytes(table) if max(table) < 256 else tuple(table)), wide, shift


def _step(item: PlannedItem, trump: int | None, high_goes_to: GoesTo, low_goes_to: GoesTo
          ) -> tuple[str, int, int, GoesTo]:
    """One item as :func:`_award_points` reads it under ``trump`` (ScoringPlan.steps)."""
    kind = item.kind
    goes_to = {KIND_HIGH: high_goes_to, KIND_LOW: low_goes_to, KIND_CARD: item.goes_to}.get(
        kind, GoesTo.CAPTURER)
    if trump is None:
        # without a trump no card is a trump card, and there is no high, low or jack
        untaken = kind in (KIND_CARD, KIND_HIGH, KIND_LOW, KIND_JACK)
        return (item.name, KIND_NONE if untaken else kind, -1, goes_to)
    return (item.name, kind, item.card_by_trump[trump], goes_to)


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
    if trump is None:
        natural = 0
        steps = plan.steps[4]
    else:
        # high and low are natural trumps, cards of the trump suit (module docstring)
        natural = in_play & SUIT_MASKS[trump]
        steps = plan.steps[trump]
    # each step names the card the item goes with (a card item: the card; high, low:
    # found here) and who takes it (goes_to); the other rules award it themselves
    for name, kind, card, goes_to in steps:
        if kind == KIND_HIGH:
            if not natural:
                points[name] = ()
                continue
            card = natural.bit_length() - 1
        elif kind == KIND_LOW:
            # rule: a lone trump counts as high and low (source B); high_only: high alone
            if not natural or (plan.lone_trump_high_only and natural.bit_count() == 1):
                points[name] = ()
                continue
            card = (natural & -natural).bit_length() - 1
        elif kind == KIND_JACK:
            if not in_play & CARD_BIT[card]:
                # rule: the jack of trumps not dealt: nobody gets it (sources A, B),
                # or the pitcher (points.undealt_jack: pitcher)
                points[name] = ((pitcher,) if plan.undealt_jack_to_pitcher
                                and pitcher is not None else ())
                continue
        elif kind == KIND_GAME:
            points[name] = _award_game(plan, trump, dealer,
                                       _SIDES.get(team_of) or sides_of(team_of), dealt,
                                       captured)
            continue
        elif kind == KIND_LAST_TRICK:
            points[name] = () if last_trick_winner is None else _SEAT[last_trick_winner]
            continue
        elif kind == KIND_HIGH_SPADE:
            spades = in_play & SUIT_MASKS[0]
            if not spades:
                points[name] = ()
                continue
            # rule: "high spade" (a Smear description, kytheradive.gr): the highest
            # spade in play, whatever the trump; to its capturer is a reading
            card = spades.bit_length() - 1
        elif kind != KIND_CARD:  # the slam (awarded once every other item is, below) or
            slam = name if kind == KIND_SLAM else slam  # a card item without a trump
            points[name] = ()
            continue
        # the card's capturer; the holder (dealt it); the player (dealt it, if played)
        bit = CARD_BIT[card]
        credited: tuple[int, ...] = ()
        seat = 0
        if goes_to is not _TO_HOLDER:
            for mask in captured:
                if mask & bit:
                    credited = _SEAT[seat]
                    break
                seat += 1
            if goes_to is _TO_CAPTURER or not credited:
                points[name] = credited
                continue
            credited = ()  # rule: to the player who played it (points.*_goes_to: player)
            seat = 0
        for mask in dealt:
            if mask & bit:
                credited = _SEAT[seat]
                break
            seat += 1
        points[name] = credited
    if slam:
        points[slam] = _award_slam(plan.slam_requires, team_of, tricks_won,
                                   _others(points, slam))
    return points


def _others(points: dict[str, tuple[int, ...]], left_out: str) -> dict[str, tuple[int, ...]]:
    return {k: v for k, v in points.items() if k != left_out}


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


def _award_game(plan: ScoringPlan, trump: int | None, dealer: int, sides: Sides,
                dealt: Sequence[int], captured: Sequence[int]) -> tuple[int, ...]:
    table = plan.game_table
    if sides.solo:
        masks: Sequence[int] = captured  # each seat its own side
    else:
        # a side's game is its cards' together: one count per side, not per seat
        masks = []
        for seats in sides.groups:
            mask = 0
            for seat in seats:
                mask |= captured[seat]
            masks.append(mask)
    # game points of each side, in ids order; the most, and whether several have it
    game: list[int] = []
    append = game.append
    best = 0
    shared = False
    wide = plan.game_wide
    if wide is not None and not plan.joker_game_halves:
        # a marked faster copy of _game_points (ScoringPlan.game_wide)
        shift = plan.game_wide_shift
        next_two = shift + 26
        window = (1 << (26 - shift)) - 1
        for m in masks:
            points = wide[m >> shift & window] + wide[m >> next_two & window] if m else 0
            append(points)
            if points > best:
                best = points
                shared = False
            elif points == best:
                shared = True
    else:
        for m in masks:
            append(table[m & 0x1FFF] + table[m >> 13 & 0x1FFF] + table[m >> 26 & 0x1FFF]
                   + table[m >> 39 & 0x1FFF])
        if plan.joker_game_halves:
            game = _with_jokers(game, masks, plan.joker_game_halves)
        best = max(game)
        shared = game.count(best) > 1
    if best <= 0:
        return ()
    if not shared:
        return sides.groups[game.index(best)]
    if plan.game_tie is _TIE_NOBODY:
        return ()  # rule: a tie for game: nobody scores it (source B)
    return _tied_game(plan, trump, dealer, sides, dealt, game, best)


def _with_jokers(game: list[int], masks: Sequence[int], halves: int) -> list[int]:
    """Game points in halves, with ``halves`` for each joker captured."""
    # rule: a captured joker counts half a game point (points.joker_game_halves): game
    # is counted in halves, whole numbers throughout
    return [2 * points + halves * (m >> 52).bit_count()
            for points, m in zip(game, masks, strict=True)]


def _tied_game(plan: ScoringPlan, trump: int | None, dealer: int, sides: Sides,
               dealt: Sequence[int], game: list[int], best: int) -> tuple[int, ...]:
    """Game when several sides have the most game points (``game``, by side in
    ``sides.ids`` order): ``points.game_tie`` other than nobody."""
    game_tie = plan.game_tie
    team_of = sides.team_of
    n = len(team_of)
    tied = [sides.ids[i] for i, points in enumerate(game) if points == best]
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


def took_every_point(team_of: tuple[int, ...], side: int,
                     points: dict[str, tuple[int, ...]]) -> bool:
    """Whether every item of a hand went to ``side`` and to no other side (an item
    nobody won, like an undealt jack, is not taken): a moon's all points, and
    ``scoring.all_points_wins_game``."""
    return all(seats and {team_of[s] for s in seats} == {side} for seats in points.values())


def _moon_made(requires: MoonRequires, team_of: tuple[int, ...], pitcher: int,
               tricks_won: Sequence[int], points: dict[str, tuple[int, ...]]) -> bool:
    """Whether the pitcher's side met ``moon.requires`` (also a slam's
    ``points.slam_requires``).

    All points means every point the variant has went to the pitcher's side and to no
    other side: a point nobody could win this hand (the jack not dealt) fails the moon,
    as source A's moon promises "all four points".
    """
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
    made, moon_made, changes, combo, points_won = score_points(
        plan, team_of, pitcher, bid, moon, points, tricks_won)
    return (points, made, moon_made, changes, combo, points_won)


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
    n = len(team_of)
    won = [0] * n  # by side (sides are numbered below the number of seats)
    solo = team_of == _SOLO[n]
    if solo:
        for name, value in plan.values:
            for seat in points[name]:  # each seat its own side: seats are distinct
                won[seat] += value
    else:
        for name, value in plan.values:
            seats = points[name]
            if len(seats) == 1:
                won[team_of[seats[0]]] += value
            elif seats:
                for side in _sides_credited(team_of, seats):  # each side once
                    won[side] += value
    points_won = tuple(won) if solo else tuple(map(won.__getitem__, team_of))
    if pitcher is None or (bid is None and not moon):
        return (None, None, points_won, None, points_won)  # no contract: as won
    change = won  # what each side won, changed below by the contract
    made: bool | None = None
    moon_result: bool | None = None
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
        change = _only(change, side)
    if solo:
        return (made, moon_result, tuple(change), None, points_won)
    return (made, moon_result, tuple(map(change.__getitem__, team_of)), None, points_won)


def _sides_credited(team_of: tuple[int, ...], seats: tuple[int, ...]) -> set[int]:
    return {team_of[s] for s in seats}


def _only(change: list[int], side: int) -> list[int]:
    """``change`` with every side but ``side`` scoring nothing."""
    return [c if other == side else 0 for other, c in enumerate(change)]


def bid_result(plan: ScoringPlan, side_won: int, bid: int) -> tuple[bool, int]:
    """Whether a bid is made with ``side_won`` points, and the pitcher's side's score
    change: what it won, or the bid (``scoring.made_bid_scores``), or the set-back."""
    if side_won >= bid:  # rule: the pitcher must win at least the bid
        return True, bid if plan.made_bid_scores_bid else side_won
    # rule: a set pitcher has the bid subtracted (sources A, B)
    return False, -(bid if plan.set_back is None else plan.set_back)


def _score_combinations(rules: Rules, facts: HandFacts) -> HandScore:
    from pitchkit.combos import mask_total

    combo = tuple(mask_total(rules.combinations, mask) for mask in facts.captured)
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
    counts its value once per tied side): not read by the engine, it is the bound the
    property tests hold every hand's award to (tests/test_scoring_properties.py,
    test_scoring_games.py, test_engine_properties.py)."""
    plan = scoring_plan(rules)
    split = sum(item.value for item in plan.items if item.kind == KIND_GAME) \
        if plan.game_tie is GameTie.SPLIT else 0
    return plan.items_total + split * (seats_sides - 1)
