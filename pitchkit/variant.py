"""The rules of one variant as frozen data.

The schema (``schemas/variant.schema.json``, :mod:`pitchkit.schema`) defines every
setting once: its name, default, values and meaning. A :class:`Rules` holds a value for
each, under the same name. The section records below (:class:`Auction`, ...) are typed
fields for the settings read across the package (``rules.points.low_goes_to`` is the
YAML key ``points: low_goes_to:``; their defaults equal the schema's, a test checks it);
every other setting is kept by its key in :attr:`Rules.keyed`, with the schema's
default, so a new setting needs no field here: the rules plan (:mod:`pitchkit.plan`)
reads it, typed, with :meth:`Rules.setting`. Any setting, with a field or not, is read
by key with :meth:`Rules.setting` and changed with :meth:`Rules.with_settings`.
Build a :class:`Rules` from a resolved mapping with :func:`rules_from_mapping`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any, Literal, TypeVar

from pitchkit import schema
from pitchkit.cards import BIG_JOKER, LITTLE_JOKER, RANKS, card_name, parse_card

T = TypeVar("T")


class StrEnum(str, Enum):
    """An enum whose values are the spellings users write in variant files."""

    def __str__(self) -> str:
        return str(self.value)


class Partnerships(StrEnum):
    NONE = "none"
    TWO_TEAMS_OF_TWO = "2x2"
    THREE_TEAMS_OF_TWO = "3x2"
    TWO_TEAMS_OF_THREE = "2x3"


class Direction(StrEnum):
    LEFT = "left"
    RIGHT = "right"


class TrumpChosenBy(StrEnum):
    FIRST_LEAD = "first_lead"
    PITCHER_NAMES = "pitcher_names"
    TURNED_CARD = "turned_card"


class ShownCard(StrEnum):
    RETURNED = "returned"
    OUT_OF_PLAY = "out_of_play"


class JokerRank(StrEnum):
    BELOW_OFF_JACK = "below_off_jack"
    BELOW_JACK = "below_jack"
    HIGHEST = "highest"
    LOWEST = "lowest"


class JokerOrder(StrEnum):
    BIG_ABOVE_LITTLE = "big_above_little"
    FIRST_PLAYED_HIGHER = "first_played_higher"


class PitchedJoker(StrEnum):
    NOT_ALLOWED = "not_allowed"
    MAKES_SPADES = "makes_spades"


class AuctionStyle(StrEnum):
    ONE_ROUND = "one_round"
    UNTIL_ONE_LEFT = "until_one_left"
    SELL = "sell"
    NONE = "none"


class BidDirection(StrEnum):
    PLAY = "play"
    LEFT = "left"
    RIGHT = "right"


class MayEqual(StrEnum):
    NONE = "none"
    MAX_BID = "max_bid"
    ANY = "any"


class KittyTo(StrEnum):
    PITCHER = "pitcher"
    DEALER = "dealer"


class Discard(StrEnum):
    NONE = "none"
    NON_TRUMPS = "non_trumps"
    UP_TO = "up_to"
    AT_LEAST = "at_least"
    DOWN_TO_HAND_SIZE = "down_to_hand_size"


class ExtraTrumps(StrEnum):
    DISCARD_FACE_UP = "discard_face_up"
    SHOW_AND_KEEP = "show_and_keep"


class OwnCard(StrEnum):
    ALONE = "alone"
    NOT_ALLOWED = "not_allowed"


class WhenAllPass(StrEnum):
    DEALER_MUST_BID = "dealer_must_bid"
    REDEAL = "redeal"
    SAME_DEALER_REDEALS = "same_dealer_redeals"
    DEALER_SET = "dealer_set"


class MoonRequires(StrEnum):
    ALL_POINTS_AND_TRICKS = "all_points_and_tricks"
    ALL_POINTS = "all_points"
    ALL_TRICKS = "all_tricks"


class Following(StrEnum):
    FOLLOW_OR_TRUMP = "follow_or_trump"
    MUST_FOLLOW = "must_follow"
    MUST_FOLLOW_THEN_TRUMP = "must_follow_then_trump"
    ANY_CARD = "any_card"


class TrickWinner(StrEnum):
    HIGHEST_TRUMP = "highest_trump"
    SUIT_LED = "suit_led"


class FirstLeader(StrEnum):
    PITCHER = "pitcher"
    LEFT_OF_DEALER = "left_of_dealer"


class GoesTo(StrEnum):
    CAPTURER = "capturer"
    HOLDER = "holder"
    PLAYER = "player"


class LoneTrump(StrEnum):
    HIGH_AND_LOW = "high_and_low"
    HIGH_ONLY = "high_only"


class UndealtJack(StrEnum):
    NO_POINT = "no_point"
    PITCHER = "pitcher"


class GameTie(StrEnum):
    NOBODY = "nobody"
    ELDER_HAND = "elder_hand"
    SPLIT = "split"
    HOLDER_OF_CARD = "holder_of_card"


class ScoringMethod(StrEnum):
    POINTS = "points"
    COMBINATIONS = "combinations"


class MadeBidScores(StrEnum):
    POINTS_WON = "points_won"
    BID = "bid"


class Tie(StrEnum):
    DRAW = "draw"
    REPLAY = "replay"
    ANOTHER_HAND = "another_hand"


class SeveralReach(StrEnum):
    """How one side is picked when several reach the target in one hand (after
    ``scoring.bidder_goes_out``)."""

    POINT_ORDER = "point_order"
    HIGHER_SCORE = "higher_score"
    TIE_TO_PITCHER = "tie_to_pitcher"


class Count(StrEnum):
    UP = "up"
    DOWN = "down"


#: The version of the variant file format this package writes (the key ``format``).
#: Files without the key are format 1 and are translated when loaded (pitchkit.upgrade).
FORMAT = 2


class PointRule(StrEnum):
    """A point item won by a rule (``points.items: - point: high``)."""

    HIGH = "high"
    LOW = "low"
    JACK = "jack"
    JICK = "jick"
    TEN = "ten"
    GAME = "game"
    LAST_TRICK = "last_trick"
    #: the highest spade in play, whatever the trump: "high spade" (a Smear description
    #: reproduced at kytheradive.gr/journal/v80xwl.php; to its capturer is a reading)
    HIGH_SPADE = "high_spade"
    #: a fifth point for taking everything: to the side that meets ``points.slam_requires``
    #: (Rognlie's Pitch rules: "winning a) through c) plus winning all six tricks";
    #: Parlett, Penguin Book of Card Games: a slam "counts for a fifth point")
    SLAM = "slam"


class PointCard(StrEnum):
    """A point item that is one named card (``points.items: - card: five_of_trumps``).

    The jack, the ten and the off-jack are the rules ``jack``, ``ten`` and ``jick``.
    """

    ACE_OF_TRUMPS = "ace_of_trumps"
    KING_OF_TRUMPS = "king_of_trumps"
    QUEEN_OF_TRUMPS = "queen_of_trumps"
    NINE_OF_TRUMPS = "nine_of_trumps"
    EIGHT_OF_TRUMPS = "eight_of_trumps"
    SEVEN_OF_TRUMPS = "seven_of_trumps"
    SIX_OF_TRUMPS = "six_of_trumps"
    FIVE_OF_TRUMPS = "five_of_trumps"
    FOUR_OF_TRUMPS = "four_of_trumps"
    THREE_OF_TRUMPS = "three_of_trumps"
    TWO_OF_TRUMPS = "two_of_trumps"
    OFF_FIVE = "off_five"
    JOKER = "joker"
    LITTLE_JOKER = "little_joker"


_RULE_WORDS = frozenset(rule.value for rule in PointRule)


def point_items(*words: str) -> tuple[PointItem, ...]:
    """Items worth 1 each: ``point_items("high", "low", "jick")``."""
    return tuple(PointItem.of(word) for word in words)


@dataclass(frozen=True, kw_only=True)
class PointItem:
    """One item of ``points.items``: a rule (``point``) or a named card (``card``), worth
    ``value``; a card goes to the side of its capturer, its holder or the player who
    played it (``goes_to``; high and low have ``points.high_goes_to``/``low_goes_to``)."""

    point: PointRule | None = None
    card: PointCard | None = None
    value: int = 1
    goes_to: GoesTo = GoesTo.CAPTURER

    @classmethod
    def of(cls, word: str, value: int = 1, goes_to: GoesTo = GoesTo.CAPTURER) -> PointItem:
        """The item of a rule or card word: ``PointItem.of("five_of_trumps", 5)``."""
        if word in _RULE_WORDS:
            return cls(point=PointRule(word), value=value, goes_to=goes_to)
        return cls(card=PointCard(word), value=value, goes_to=goes_to)

    @property
    def name(self) -> str:
        """The item's word: ``high``, ``five_of_trumps`` (the key of a hand's points)."""
        word = self.point if self.point is not None else self.card
        assert word is not None, "an item is a point or a card"
        return word.value


#: The seeds' four one-point items: high, low, jack and game (source B).
DEFAULT_ITEMS: tuple[PointItem, ...] = tuple(
    PointItem(point=rule) for rule in (PointRule.HIGH, PointRule.LOW, PointRule.JACK,
                                       PointRule.GAME))

@lru_cache(maxsize=64)
def deck_cards(ranks: tuple[str, ...], without: tuple[str, ...], jokers: int
               ) -> tuple[int, ...]:
    """The cards of a deck of ``ranks`` in every suit, less ``without``, plus ``jokers``
    (names that are not cards are ignored here: checks report them)."""
    kept = {RANKS.index(r) for r in ranks if r in RANKS}
    out = [c for c in range(52) if c % 13 in kept]
    for name in without:
        try:
            card = parse_card(name)
        except ValueError:
            continue
        if card in out:
            out.remove(card)
    return tuple(out) + (BIG_JOKER, LITTLE_JOKER)[:jokers]




@dataclass(frozen=True, kw_only=True)
class Players:
    count: int = 4
    partnerships: Partnerships = Partnerships.NONE

    @property
    def teams(self) -> int:
        """Number of sides: the number of players when there are no partnerships."""
        if self.partnerships is Partnerships.NONE:
            return self.count
        return int(self.partnerships.value.split("x")[0])


def _all_ranks() -> tuple[str, ...]:
    return tuple("AKQJT98765432")


@dataclass(frozen=True, kw_only=True)
class Deck:
    jokers: int = 0
    #: rank letters kept in every suit (a stripped deck leaves some out)
    ranks: tuple[str, ...] = field(default_factory=_all_ranks)
    #: single cards taken out (``2C``), after the ranks
    without: tuple[str, ...] = ()

    def cards(self) -> tuple[int, ...]:
        """Every card of the deck, in card order (plain cards, then the jokers)."""
        return deck_cards(self.ranks, self.without, self.jokers)


@dataclass(frozen=True, kw_only=True)
class Deal:
    first_dealer: int | Literal["random"] = "random"
    direction: Direction = Direction.LEFT
    cards_per_hand: int | Literal["all"] = 6
    packet_size: int = 3
    kitty: int = 0
    kitty_to: KittyTo = KittyTo.PITCHER
    #: a rank letter: a hand with no card of this rank or higher is thrown in (null: none)
    weak_hand_below: str | None = None


@dataclass(frozen=True, kw_only=True)
class Trump:
    chosen_by: TrumpChosenBy = TrumpChosenBy.FIRST_LEAD
    shown_card: ShownCard = ShownCard.RETURNED
    #: None: the off-jack is a trump exactly when the jick item is scored (points.items).
    off_jack: bool | None = None
    off_five: bool = False
    joker_rank: JokerRank = JokerRank.BELOW_OFF_JACK
    joker_order: JokerOrder = JokerOrder.BIG_ABOVE_LITTLE
    pitched_joker: PitchedJoker = PitchedJoker.NOT_ALLOWED


@dataclass(frozen=True, kw_only=True)
class Auction:
    style: AuctionStyle = AuctionStyle.ONE_ROUND
    min_bid: int = 1
    max_bid: int = 4
    pitch_to_bid: bool = False
    when_all_pass: WhenAllPass = WhenAllPass.DEALER_MUST_BID
    dealer_forced_bid: int = 2
    dealer_forced_bid_exact: bool = False
    dealer_may_steal: bool = True
    dealer_may_steal_max: bool = False
    direction: BidDirection = BidDirection.PLAY
    may_equal: MayEqual = MayEqual.NONE
    opening_min_bid: int | None = None
    #: the pitcher, once the auction is won, may play alone: its partners' hands sit out
    alone: bool = False


@dataclass(frozen=True, kw_only=True)
class Draw:
    discard: Discard = Discard.NONE
    count: int = 3
    hand_size: int | None = None
    dealer_robs: bool = False
    extra_trumps: ExtraTrumps = ExtraTrumps.DISCARD_FACE_UP
    pitcher_robs: bool = False
    rest_to_partner: bool = False
    #: the robber may pass the rest of the pack, unseen, to its partner instead
    pack_to_partner: bool = False
    give_to_partner: int = 0


@dataclass(frozen=True, kw_only=True)
class Call:
    partner: bool = False
    own_card: OwnCard = OwnCard.ALONE


@dataclass(frozen=True, kw_only=True)
class Moon:
    allowed: bool = False
    requires: MoonRequires = MoonRequires.ALL_POINTS_AND_TRICKS
    points_made: int | None = None
    points_failed: int = 4
    made_wins_game: bool = False
    failed_loses_game: bool = False
    money_made: int = 0
    money_failed: int = 0


@dataclass(frozen=True, kw_only=True)
class Play:
    following: Following = Following.FOLLOW_OR_TRUMP
    first_lead_must_be_trump: bool = False
    trick_winner: TrickWinner = TrickWinner.HIGHEST_TRUMP
    first_leader: FirstLeader = FirstLeader.PITCHER
    stages: tuple[int, ...] = ()
    never_lead_joker: bool = False
    trumps_only: bool = False


def _default_card_values() -> tuple[tuple[str, int], ...]:
    return (("A", 4), ("K", 3), ("Q", 2), ("J", 1), ("T", 10))


@dataclass(frozen=True, kw_only=True)
class Points:
    #: The items a hand scores, in counting order.
    items: tuple[PointItem, ...] = DEFAULT_ITEMS
    high_goes_to: GoesTo = GoesTo.CAPTURER
    low_goes_to: GoesTo = GoesTo.CAPTURER
    lone_trump: LoneTrump = LoneTrump.HIGH_AND_LOW
    undealt_jack: UndealtJack = UndealtJack.NO_POINT
    #: (rank, value) pairs; ranks not listed count 0.
    card_values: tuple[tuple[str, int], ...] = field(default_factory=_default_card_values)
    game_tie: GameTie = GameTie.NOBODY
    game_tie_card: PointCard | None = None
    #: what the ``slam`` item needs: every other item and every trick (the default),
    #: every other item, or every trick
    slam_requires: MoonRequires = MoonRequires.ALL_POINTS_AND_TRICKS
    #: half game points each captured joker counts towards game (1: half a point); game
    #: is then counted in halves, so scores stay whole numbers
    joker_game_halves: int = 0

    def scores(self, word: str) -> bool:
        """Whether an item is the rule or card ``word`` (``points.scores("jick")``)."""
        return any(item.name == word for item in self.items)


def _default_singles() -> tuple[tuple[str, int], ...]:
    return (("A", 8), ("K", 2), ("Q", 2), ("J", 1))


def _default_pairs() -> tuple[tuple[str, int], ...]:
    return (("AK", 5), ("AQ", 10), ("AJ", 4), ("KK", 5), ("KQ", 8), ("KJ", 4),
            ("QQ", 5), ("QJ", 7), ("JJ", 3))


@dataclass(frozen=True, kw_only=True)
class Combinations:
    keep: int = 7
    #: (rank, points) pairs.
    singles: tuple[tuple[str, int], ...] = field(default_factory=_default_singles)
    #: (two rank letters, points) pairs, as written in the file.
    pairs: tuple[tuple[str, int], ...] = field(default_factory=_default_pairs)
    reusable: tuple[str, ...] = ("A",)


@dataclass(frozen=True, kw_only=True)
class Scoring:
    method: ScoringMethod = ScoringMethod.POINTS
    made_bid_scores: MadeBidScores = MadeBidScores.POINTS_WON
    set_back: int | Literal["bid"] = "bid"
    opponents_score: bool = True
    minimum_score: int | None = None
    target: int | None = 7
    win_only_as_pitcher: bool = True
    bidder_goes_out: bool = False
    several_reach: SeveralReach = SeveralReach.POINT_ORDER
    all_points_wins_game: bool = False
    hands: int | None = None
    tie: Tie = Tie.DRAW
    count: Count = Count.UP
    losing_score: int | None = None
    win_needs_made_bid: bool = False
    #: a made contract played alone (auction.alone) scores this many times its points
    alone_made_factor: int = 2


@dataclass(frozen=True, kw_only=True)
class Money:
    enabled: bool = False
    cents_per_point: int = 10


@lru_cache(maxsize=1)
def _field_names() -> frozenset[str]:
    """``section.key`` of every setting with a field in its section record."""
    return frozenset(f"{section}.{f.name}" for section, cls in SECTIONS.items()
                     for f in dataclasses.fields(cls))


@lru_cache(maxsize=1)
def _keyed_defaults() -> tuple[tuple[str, Any], ...]:
    """:attr:`Rules.keyed` of a file that sets none of them: the schema's defaults."""
    return tuple((key, _keyed_value(spec["default"])) for key, spec in schema.settings()
                 if key not in _field_names())


def _keyed_value(value: Any) -> Any:
    """A setting without a field as the rules hold it: hashable (lists as tuples,
    mappings as sorted pairs) and whole numbers as ints (the schema's integers admit 7.0)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list | tuple):
        return tuple(_keyed_value(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _keyed_value(v)) for k, v in value.items()))
    return value



@dataclass(frozen=True, kw_only=True)
class Rules:
    """One complete, resolved rule set. Sections mirror the variant file."""

    format: int = FORMAT
    name: str = "custom"
    description: str = ""
    source: str = ""
    players: Players = field(default_factory=Players)
    deck: Deck = field(default_factory=Deck)
    deal: Deal = field(default_factory=Deal)
    trump: Trump = field(default_factory=Trump)
    auction: Auction = field(default_factory=Auction)
    draw: Draw = field(default_factory=Draw)
    call: Call = field(default_factory=Call)
    moon: Moon = field(default_factory=Moon)
    play: Play = field(default_factory=Play)
    points: Points = field(default_factory=Points)
    combinations: Combinations = field(default_factory=Combinations)
    scoring: Scoring = field(default_factory=Scoring)
    money: Money = field(default_factory=Money)
    #: ``(section.key, value)`` of every setting without a field in its section record,
    #: in schema order, each present (the schema's default when the file leaves it out);
    #: read them with :meth:`setting`
    keyed: tuple[tuple[str, Any], ...] = field(default_factory=_keyed_defaults)

    def setting(self, key: str, kind: type[T]) -> T:
        """The setting ``key`` (``"auction.max_bid"``) as a ``kind`` (an enum's value
        becomes the enum); TypeError naming the key when it holds something else (null:
        use :meth:`optional_setting`), KeyError when there is no such setting."""
        value = self.optional_setting(key, kind)
        if value is None:
            raise TypeError(f"{key} is null, not {kind.__name__}")
        return value

    def optional_setting(self, key: str, kind: type[T]) -> T | None:
        """:meth:`setting`, or None when the setting is null."""
        value = self._value(key)
        if value is None or (isinstance(value, kind)
                             and not (isinstance(value, bool) and kind is not bool)):
            return value
        if issubclass(kind, Enum):
            return kind(value)
        raise TypeError(f"{key} is {value!r}, not {kind.__name__}")

    def _value(self, key: str) -> Any:
        section, _, name = key.partition(".")
        if f"{section}.{name}" in _field_names():
            return getattr(getattr(self, section), name)
        for keyed, value in self.keyed:
            if keyed == key:
                return value
        raise KeyError(f"no setting {key!r} (schemas/variant.schema.json)")

    def with_settings(self, changes: dict[str, Any]) -> Rules:
        """These rules with settings changed by key, values as a file writes them:
        ``rules.with_settings({"auction.max_bid": 5, "trump.chosen_by": "turned_card"})``."""
        sections: dict[str, dict[str, Any]] = {}
        keyed = dict(self.keyed)
        for key, value in changes.items():
            section, _, name = key.partition(".")
            if key in keyed:
                keyed[key] = _keyed_value(value)
            elif key in _field_names():
                cls = SECTIONS[section]
                sections.setdefault(section, {})[name] = _convert(section, cls, name, value)
            else:
                raise KeyError(f"no setting {key!r} (schemas/variant.schema.json)")
        out = {section: dataclasses.replace(getattr(self, section), **values)
               for section, values in sections.items()}
        return dataclasses.replace(self, **out, keyed=tuple(keyed.items()))

    @property
    def has_auction(self) -> bool:
        return self.auction.style is not AuctionStyle.NONE

    @property
    def off_jack_is_trump(self) -> bool:
        """trump.off_jack, or (when null) whether the jick point is scored."""
        off = self.trump.off_jack
        return self.points.scores("jick") if off is None else off

    def point_names(self) -> tuple[str, ...]:
        """The words of the items this variant scores, in counting order."""
        if self.scoring.method is not ScoringMethod.POINTS:
            return ()
        return tuple(item.name for item in self.points.items)


SECTIONS: dict[str, type] = {
    "players": Players, "deck": Deck, "deal": Deal, "trump": Trump, "auction": Auction,
    "draw": Draw, "call": Call, "moon": Moon, "play": Play, "points": Points,
    "combinations": Combinations,
    "scoring": Scoring, "money": Money,
}

#: Fields stored as (key, value) tuples in the dataclass and as mappings in the file.
_MAPPING_FIELDS = {("points", "card_values"), ("combinations", "singles"),
                   ("combinations", "pairs")}


_RANK_ORDER = "AKQJT98765432"


def _rank_key(key: str) -> tuple[int, ...]:
    """Sort key of a rank or a pair of ranks: aces first, then kings, and so on."""
    return tuple(_RANK_ORDER.index(ch) if ch in _RANK_ORDER else len(_RANK_ORDER) for ch in key)


def canonical_table(table: Any) -> tuple[tuple[str, int], ...]:
    """A rank (or rank-pair) table as (key, value) pairs in rank order, whatever order the
    file wrote them in, so that equal tables make equal rules."""
    items = table.items() if isinstance(table, dict) else table
    return tuple(sorted(((str(k), int(v)) for k, v in items), key=lambda kv: _rank_key(kv[0])))


def _item(value: dict[str, Any]) -> PointItem:
    return PointItem(**{k: _convert("points.items", PointItem, k, v) for k, v in value.items()})


def _convert(section: str, cls: type, name: str, value: Any) -> Any:
    if (section, name) in _MAPPING_FIELDS:
        return canonical_table(value)
    if (section, name) == ("points", "items"):
        return tuple(_item(v) for v in value)
    if (section, name) == ("deck", "ranks"):
        # rank letters in rank order, once each (a YAML 9 is the letter 9), so equal decks
        # are equal
        return tuple(sorted({str(v) for v in value}, key=_rank_key))
    if (section, name) == ("deal", "weak_hand_below"):
        return None if value is None else str(value)  # a YAML 9 is the letter 9
    if (section, name) == ("deck", "without"):
        return tuple(_card_spelling(str(v)) for v in value)
    if isinstance(value, float) and value.is_integer():
        return int(value)  # the schema's integers admit 7.0; the rules hold 7
    if isinstance(value, list):
        return tuple(int(v) if isinstance(v, float) and v.is_integer() else v for v in value)
    hint = {f.name: f for f in dataclasses.fields(cls)}[name]
    if value is None:
        return None
    kind = _ENUM_FIELDS.get((cls, name))
    if kind is not None:
        return kind(value)
    default = hint.default
    if isinstance(default, Enum):
        return type(default)(value)
    return value


#: Enum fields whose default is None, so the default cannot tell their type.
_ENUM_FIELDS: dict[tuple[type, str], type[Enum]] = {
    (PointItem, "point"): PointRule, (PointItem, "card"): PointCard,
    (Points, "game_tie_card"): PointCard,
}


def _card_spelling(text: str) -> str:
    """A card as records spell it (10D -> TD); text that is no card is kept for checks."""
    try:
        return card_name(parse_card(text))
    except ValueError:
        return text


def rules_from_mapping(data: dict[str, Any]) -> Rules:
    """Build :class:`Rules` from a schema-valid mapping (missing keys take defaults).

    The mapping is expected to have passed schema validation; use
    :func:`pitchkit.load.load_variant` to load and check a file.
    """
    kwargs: dict[str, Any] = {}
    # ``format`` is not read: by now every file is in the current format (pitchkit.upgrade)
    for key in ("name", "description", "source"):
        if key in data:
            kwargs[key] = data[key]
    keyed = dict(_keyed_defaults())
    for section, cls in SECTIONS.items():
        given = dict(data.get(section) or {})
        for key in [k for k in given if f"{section}.{k}" in keyed]:
            keyed[f"{section}.{key}"] = _keyed_value(given.pop(key))
        kwargs[section] = cls(**{k: _convert(section, cls, k, v) for k, v in given.items()})
    return Rules(**kwargs, keyed=tuple(keyed.items()))


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, PointItem):
        return _item_mapping(value)
    return value


def _item_mapping(item: PointItem) -> dict[str, Any]:
    """An item as the file writes it: its word, then only what differs from the default."""
    out: dict[str, Any] = ({"point": item.point.value} if item.point is not None
                           else {"card": item.card.value if item.card else None})
    if item.value != 1:
        out["value"] = item.value
    if item.card is not None and item.goes_to is not GoesTo.CAPTURER:
        out["goes_to"] = item.goes_to.value
    return out


def rules_to_mapping(rules: Rules) -> dict[str, Any]:
    """The fully resolved rule set as plain data, every key present, in schema order."""
    out: dict[str, Any] = {
        "format": rules.format, "name": rules.name, "description": rules.description,
        "source": rules.source,
    }
    for section in SECTIONS:
        out[section] = {}
    keyed = dict(rules.keyed)
    for key, spec in schema.settings():
        section, _, name = key.partition(".")
        if key in keyed:
            value = keyed[key]
            out[section][name] = (dict(value) if spec.get("type") == "object"
                                  else _plain(value))
        elif (section, name) in _MAPPING_FIELDS:
            out[section][name] = {k: v for k, v in getattr(getattr(rules, section), name)}
        else:
            out[section][name] = _plain(getattr(getattr(rules, section), name))
    return out
