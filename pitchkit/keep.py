"""Keeping score at a real table: each hand as the players tell it, scored by the rules.

At a table nobody writes down every card. A hand is told as who pitched and what they
bid (when the variant has an auction) and who took each point (the variant's points,
``rules.point_names()``: high, low, jack, off-jack, game, ...), or, for a variant that
scores combinations, each player's combination points. The score comes from the same
pure functions the engine uses, so there is one definition of each rule:

- :func:`pitchkit.scoring.score_points`: the contract, the moon, set-backs, who scores;
- :func:`pitchkit.settle.settle_parts`: the scores, the floor, and who has won (win only
  as pitcher, bidder goes out, counting order, ties, a game of so many hands);
- :class:`pitchkit.money.MoneyLedger`: money against the average, players joining and
  leaving, moon payments.

A :class:`Table` keeps the hands told so far as entries and works its state out from
them, so undoing the last hand is dropping its entry. Players are named; in messages
and answers a player may also be given by seat number, from 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pitchkit.alone import alone_changes
from pitchkit.call import CallState, hand_teams
from pitchkit.errors import PitchkitError
from pitchkit.money import MoneyLedger
from pitchkit.plan import cards_needed, cards_per_hand
from pitchkit.scoring import combination_changes, score_points, scoring_plan
from pitchkit.sell import with_sale
from pitchkit.settle import dealer_set_changes, settle_parts, start_score
from pitchkit.variant import (
    AuctionStyle,
    GameTie,
    MoonRequires,
    Partnerships,
    Rules,
    ScoringMethod,
    WhenAllPass,
)

MOON = "moon"
#: The most players at one table (as the engine's ``join``).
MAX_PLAYERS = 8
#: Words that mean "nobody took this point".
NOBODY = frozenset(["", "-", "nobody", "none", "no one", "noone"])


class TableError(PitchkitError):
    """A hand the rules cannot score as told; ``field`` names what is wrong."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True, kw_only=True)
class TableHand:
    """One hand as told at the table, players by name (or seat number from 1).

    ``leave`` and ``join`` take effect before the hand (money games); an entry may hold
    only those. ``points`` maps each point of the variant to the players credited with
    it (none: nobody took it). ``combinations`` is each player's combination points
    (variants that score combinations). ``all_tricks``: for a moon that needs every
    trick, whether the pitcher's side took them all. ``everyone_passed`` names the dealer
    of a hand nobody bid (``auction.when_all_pass: dealer_set``: the dealer's side is set
    back without play). ``sold_by`` names the eldest who sold the pitch for the bid
    (``auction.style: sell``). ``partner`` names the holder of the card the pitcher called
    (``call.partner``; none: the pitcher played alone). ``alone``: the pitcher went alone
    (``auction.alone``: a made bid scores ``scoring.alone_made_factor`` times). ``lines``
    is where each field was
    written (for messages), if it came from a file.
    """

    leave: tuple[str, ...] = ()
    join: tuple[str, ...] = ()
    pitcher: str | None = None
    bid: int | str | None = None
    points: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    combinations: Mapping[str, int] | None = None
    all_tricks: bool | None = None
    everyone_passed: str | None = None
    sold_by: str | None = None
    partner: str | None = None
    alone: bool | None = None
    lines: Mapping[str, int] = field(default_factory=dict, compare=False)

    @property
    def played(self) -> bool:
        """Whether the entry holds a hand (and not only players leaving or joining)."""
        return (self.pitcher is not None or self.bid is not None or bool(self.points)
                or self.combinations is not None or self.everyone_passed is not None)


@dataclass(frozen=True, kw_only=True)
class HandScored:
    """A hand as scored: everything is by seat of ``players`` (the table for that hand)."""

    number: int
    players: tuple[str, ...]
    team_of: tuple[int, ...]
    pitcher: int | None
    bid: int | str | None
    made: bool | None
    moon_made: bool | None
    points: dict[str, tuple[int, ...]]
    combinations: tuple[int, ...] | None
    score_changes: tuple[int, ...]
    scores: tuple[int, ...]
    #: the dealer set back because everyone passed (auction.when_all_pass: dealer_set)
    dealer_set: int | None = None


@dataclass(frozen=True, kw_only=True)
class GameOver:
    """How the game ended: the winners' names (empty on a draw)."""

    winners: tuple[str, ...]
    draw: bool
    replay: bool
    reason: str | None


class Table:
    """The score of one game at a real table under ``rules``, hand by hand."""

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        names = [str(p).strip() for p in players]
        n = rules.players.count
        if len(names) != n:
            raise TableError(f"{len(names)} players named, but the variant is for {n}",
                             "players")
        _check_names(names, "players")
        self.rules = rules
        self.start = tuple(names)
        self.entries: list[TableHand] = []
        self._plan = scoring_plan(rules)
        self._rebuild()

    # ------------------------------------------------------------------ state

    def _rebuild(self) -> None:
        """Work the state out again from the entries (after an undo or a refused hand)."""
        self.players: list[str] = list(self.start)
        self.scores: list[int] = [start_score(self.rules)] * len(self.start)
        self.hands: list[HandScored] = []
        self.played = 0  # hands played, as settle counts them (not thrown-in deals)
        self.over: GameOver | None = None
        self._id_names: list[str] = list(self.start)  # player id -> name
        self._ids: list[int] = list(range(len(self.start)))  # seat -> player id
        self.ledger = (MoneyLedger(self.rules, tuple(self._ids))
                       if self.rules.money.enabled else None)
        for entry in self.entries:
            self._apply(entry)

    @property
    def team_of(self) -> tuple[int, ...]:
        n = len(self.players)
        teams = self.rules.players.teams
        # rule: "seat s is on team s mod N" (players.partnerships)
        partnered = self.rules.players.partnerships is not Partnerships.NONE
        return tuple(s % teams if partnered else s for s in range(n))

    def add(self, hand: TableHand) -> HandScored | None:
        """Score one more entry; TableError (nothing changed) when it cannot be scored."""
        try:
            scored = self._apply(hand)
        except TableError:
            self._rebuild()
            raise
        self.entries.append(hand)
        return scored

    def undo(self) -> TableHand | None:
        """Drop the last entry (a hand, or players leaving or joining); it is returned."""
        if not self.entries:
            return None
        last = self.entries.pop()
        self._rebuild()
        return last

    def money(self) -> dict[str, int] | None:
        """Cents won (+) or lost (-) by each player who sat, as if the game ended now."""
        if self.ledger is None:
            return None
        by_name: dict[str, int] = {}
        for pid, cents in self.ledger.totals().items():
            name = self._id_names[pid]
            by_name[name] = by_name.get(name, 0) + cents
        return by_name

    def seat_of(self, who: str, field: str) -> int:
        """The seat of a player at the table: their name (any case) or seat number."""
        text = str(who).strip()
        for seat, name in enumerate(self.players):
            if name == text:
                return seat
        folded = [seat for seat, name in enumerate(self.players)
                  if name.lower() == text.lower()]
        if len(folded) == 1:
            return folded[0]
        if text.isdigit() and 1 <= int(text) <= len(self.players):
            return int(text) - 1
        raise TableError(f"{text!r} is not at the table ({', '.join(self.players)})", field)

    # ------------------------------------------------------------------ one entry

    def _apply(self, hand: TableHand) -> HandScored | None:
        if self.over is not None:
            raise TableError("the game is over" + _won_text(self.over) + "; start a new game")
        if hand.leave or hand.join:
            self._membership(hand)
        if not hand.played:
            return None
        if hand.everyone_passed is not None:
            return self._dealer_set(hand)
        if self.rules.scoring.method is ScoringMethod.COMBINATIONS:
            return self._combination_hand(hand)
        return self._points_hand(hand)

    def _membership(self, hand: TableHand) -> None:
        rules = self.rules
        field = "leave" if hand.leave else "join"
        # rule: players come and go only in money games without partnerships, as the
        # engine's Game.leave and Game.join allow (pitchkit.membership)
        if not rules.money.enabled:
            raise TableError("players may leave or join only in money games "
                             "(money.enabled)", field)
        if rules.players.partnerships is not Partnerships.NONE:
            raise TableError("players may not leave or join a partnership game", field)
        gone = sorted({self.seat_of(who, "leave") for who in hand.leave})
        if len(gone) != len(hand.leave):
            raise TableError("a player leaves twice", "leave")
        stay = [s for s in range(len(self.players)) if s not in gone]
        if len(stay) < 2:
            raise TableError(f"{len(stay)} player(s) left at the table: at least 2 are "
                             "needed to play", "leave")
        names_after = [self.players[s] for s in stay]
        _check_names([*names_after, *hand.join], "join")
        n = len(names_after) + len(hand.join)
        if n > MAX_PLAYERS:
            raise TableError(f"{n} players: a table seats at most {MAX_PLAYERS}", "join")
        per = cards_per_hand(rules, n)
        if cards_needed(rules, n) > len(rules.deck.cards()):
            kitty = f" and a kitty of {rules.deal.kitty}" if rules.deal.kitty else ""
            raise TableError(f"{n} players cannot be dealt {per} cards each{kitty}", "join")
        assert self.ledger is not None
        if gone:
            self.ledger.leave([self._ids[s] for s in gone])  # rule: paid out on leaving
        new_ids = list(range(len(self._id_names), len(self._id_names) + len(hand.join)))
        if new_ids:
            self.ledger.join(new_ids)
        self._id_names += [str(name).strip() for name in hand.join]
        self.players = names_after + [str(name).strip() for name in hand.join]
        self.scores = ([self.scores[s] for s in stay]
                       + [start_score(rules)] * len(hand.join))
        self._ids = [self._ids[s] for s in stay] + new_ids

    def _dealer_set(self, hand: TableHand) -> HandScored:
        rules = self.rules
        if rules.auction.when_all_pass is not WhenAllPass.DEALER_SET or not rules.has_auction:
            raise TableError("a hand nobody bid is scored only under auction.when_all_pass: "
                             f"dealer_set (here {rules.auction.when_all_pass}): leave it out",
                             "everyone_passed")
        if hand.pitcher is not None or hand.bid is not None or hand.points:
            raise TableError("everyone passed: give no pitcher, bid or points",
                             "everyone_passed")
        assert hand.everyone_passed is not None
        dealer = self.seat_of(hand.everyone_passed, "everyone_passed")
        changes = dealer_set_changes(rules, self.team_of, dealer)
        return self._settle(None, None, None, None, {}, None, changes, dealer_set=dealer)

    def _contract(self, hand: TableHand) -> tuple[int | None, int | None, bool]:
        """The pitcher's seat, the bid (None for a moon) and whether it is a moon."""
        rules = self.rules
        if not rules.has_auction:
            if hand.pitcher is not None or hand.bid is not None:
                raise TableError("this variant has no auction: give no pitcher or bid",
                                 "pitcher" if hand.pitcher is not None else "bid")
            return None, None, False
        if hand.pitcher is None:
            raise TableError("who pitched? (pitcher)", "pitcher")
        pitcher = self.seat_of(hand.pitcher, "pitcher")
        bid, moon = self.check_bid(hand.bid)
        return pitcher, bid, moon

    def check_bid(self, bid: int | str | None) -> tuple[int | None, bool]:
        """A bid as told (``3``, ``"3"``, ``"moon"``) as (number, is a moon); TableError
        when the variant has no such bid."""
        rules = self.rules
        a = rules.auction
        if isinstance(bid, str) and bid.strip().lower() == MOON:
            if not rules.moon.allowed:
                raise TableError("this variant has no moon (moon.allowed is false)", "bid")
            return None, True
        if isinstance(bid, str) and bid.strip().isdigit():
            bid = int(bid)
        if not isinstance(bid, int) or isinstance(bid, bool):
            moon = " or moon" if rules.moon.allowed else ""
            raise TableError(f"the bid is a number from {a.min_bid} to {a.max_bid}{moon}"
                             + ("" if bid is None else f", not {bid!r}"), "bid")
        if not a.min_bid <= bid <= a.max_bid:
            raise TableError(f"a bid of {bid} is outside {a.min_bid} to {a.max_bid} "
                             "(auction.min_bid, auction.max_bid)", "bid")
        return bid, False

    def _points_hand(self, hand: TableHand) -> HandScored:
        pitcher, bid, moon = self._contract(hand)
        names = self.rules.point_names()
        unknown = [name for name in hand.points if name not in names]
        if unknown:
            raise TableError(f"{unknown[0]!r} is not a point of this variant "
                             f"(its points: {', '.join(names)})", unknown[0])
        given = {name: tuple(sorted({self.seat_of(who, name) for who in credited}))
                 for name, credited in hand.points.items()}
        missing = [name for name in names if name not in given]
        if missing:
            raise TableError(f"who took {missing[0]}? (a player, or nobody)", missing[0])
        if hand.combinations is not None:
            raise TableError("this variant scores points, not combinations", "combinations")
        points = {name: given[name] for name in names}
        team_of = self._hand_teams(hand, pitcher)
        for name, seats in points.items():
            # rule: a point goes to one side; only a tie for game split (points.game_tie)
            if len({team_of[s] for s in seats}) > 1 and not (
                    name == "game" and self.rules.points.game_tie is GameTie.SPLIT):
                raise TableError(f"{name} goes to one side: name one player, or nobody "
                                 f"(points.game_tie is {self.rules.points.game_tie})", name)
        tricks = [0] * len(self.players)
        if moon and pitcher is not None:
            all_tricks = hand.all_tricks
            if self.rules.moon.requires is MoonRequires.ALL_POINTS:
                all_tricks = True  # the tricks do not matter to this moon
            elif all_tricks is None:
                raise TableError("did the pitcher's side take every trick? (all_tricks: "
                                 "yes or no)", "all_tricks")
            # the moon reads only whether the pitcher's side took every trick
            other = next((s for s in range(len(team_of)) if team_of[s] != team_of[pitcher]),
                         pitcher)
            tricks[pitcher if all_tricks else other] = 1
        made, moon_made, changes, _combo, _won = score_points(
            self._plan, team_of, pitcher, bid, moon, points, tricks)
        if hand.alone:
            if not self.rules.auction.alone or pitcher is None:
                raise TableError("only a pitcher may go alone, under auction.alone", "alone")
            # a made contract played alone scores more (pitchkit.alone)
            changes = alone_changes(changes, team_of, pitcher, made,
                                    self.rules.scoring.alone_made_factor)
        if hand.sold_by is not None:
            if self.rules.auction.style is not AuctionStyle.SELL:
                raise TableError("only a sell auction sells the pitch (auction.style: sell)",
                                 "sold_by")
            seller = self.seat_of(hand.sold_by, "sold_by")
            if seller == pitcher or bid is None:
                raise TableError("the seller sells the pitch for a bid to another player",
                                 "sold_by")
            changes = with_sale(changes, team_of, seller, bid)
        return self._settle(pitcher, MOON if moon else bid, made, moon_made, points, None,
                            changes)

    def _hand_teams(self, hand: TableHand, pitcher: int | None) -> tuple[int, ...]:
        """The sides of this hand: the called partner on the pitcher's side (pitchkit.call)."""
        if hand.partner is None:
            return self.team_of
        if not self.rules.call.partner:
            raise TableError("only a variant that calls a partner names one (call.partner)",
                             "partner")
        partner = self.seat_of(hand.partner, "partner")
        if pitcher is None or partner == pitcher:
            raise TableError("the partner is the player, other than the pitcher, who held "
                             "the called card", "partner")
        return hand_teams(self.team_of, pitcher, CallState(-1, partner))

    def _combination_hand(self, hand: TableHand) -> HandScored:
        self._contract(hand)
        if hand.points:
            field = next(iter(hand.points))
            raise TableError("this variant scores combinations: give each player's "
                             "combination points", field)
        given = hand.combinations or {}
        combo = [0] * len(self.players)
        seen: set[int] = set()
        for who, value in given.items():
            seat = self.seat_of(who, "combinations")
            if seat in seen:
                raise TableError(f"{self.players[seat]} is given twice", "combinations")
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise TableError(f"{self.players[seat]}: combination points are a whole "
                                 f"number 0 or more, not {value!r}", "combinations")
            seen.add(seat)
            combo[seat] = value
        missing = [self.players[s] for s in range(len(self.players)) if s not in seen]
        if missing:
            raise TableError(f"how many combination points did {missing[0]} score?",
                             "combinations")
        changes = combination_changes(self.team_of, combo)
        return self._settle(None, None, None, None, {}, tuple(combo), changes)

    def _settle(self, pitcher: int | None, bid: int | str | None, made: bool | None,
                moon_made: bool | None, points: dict[str, tuple[int, ...]],
                combinations: tuple[int, ...] | None, changes: tuple[int, ...], *,
                dealer_set: int | None = None) -> HandScored:
        team_of = self.team_of
        old = list(self.scores)
        if dealer_set is None:
            self.played += 1  # a deal nobody bid is not a hand played (as the engine)
        scores, over, winners, draw, replay, reason = settle_parts(
            self.rules, old, team_of, pitcher, changes, moon_made, points, self.played,
            made)
        self.scores = list(scores)
        if self.ledger is not None:
            shooter = self._ids[pitcher] if bid == MOON and pitcher is not None else None
            self.ledger.hand({self._ids[s]: scores[s] - old[s] for s in range(len(old))},
                             moon_shooter=shooter,
                             moon_made=moon_made if shooter is not None else None)
        scored = HandScored(
            number=len(self.hands) + 1, players=tuple(self.players), team_of=team_of,
            pitcher=pitcher, bid=bid, made=made, moon_made=moon_made, points=points,
            combinations=combinations, score_changes=tuple(changes), scores=tuple(scores),
            dealer_set=dealer_set)
        self.hands.append(scored)
        if over:
            self.over = GameOver(winners=tuple(self.players[s] for s in winners), draw=draw,
                                 replay=replay, reason=reason)
        return scored


def _check_names(names: Sequence[str], field: str) -> None:
    seen: set[str] = set()
    for name in names:
        text = str(name).strip()
        if not text or text.lower() in NOBODY or text.lower() in ("all", "undo", "quit"):
            raise TableError(f"{text!r} cannot be a player's name", field)
        if text.lower() in seen:
            raise TableError(f"{text!r} is named twice", field)
        seen.add(text.lower())


def _won_text(over: GameOver) -> str:
    if over.draw:
        return " (a draw)"
    return f" ({' and '.join(over.winners)} won)"
