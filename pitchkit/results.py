"""The engine's records: phases, events, hand results, outcomes and observations."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pitchkit.actions import action_text
from pitchkit.errors import seat_name
from pitchkit.variant import StrEnum


class Phase(StrEnum):
    DEAL = "deal"
    AUCTION = "auction"
    TRUMP = "trump"
    DRAW = "draw"
    SELECT = "select"
    PLAY = "play"
    OVER = "over"
    CALL = "call"  # after the others: the environment's phase one-hot keeps their places
    #: deal.weak_hand_below: a seat with a weak hand throws it in or keeps it (before bids)
    THROW_IN = "throw_in"
    #: auction.alone: the pitcher plays alone or with its partners (after the auction)
    ALONE = "alone"


class Event(NamedTuple):
    """One entry of the game's log.

    ``kind`` is ``deal`` (``detail`` = (hands as masks by seat, turned card or None), and
    with a draw or a kitty also the kitty as a mask and the pack: the undealt cards in the
    order the draw deals them),
    ``action`` (``seat`` did ``action``), ``leave`` (``detail`` = seats) or ``join``
    (``detail`` = number of players). An action that completes a trick carries the
    ``trick_winner``; one that completes a hand carries its ``hand_result``.
    """

    kind: str
    seat: int | None = None
    action: int | None = None
    detail: Any = None
    trick_winner: int | None = None
    hand_result: HandResult | None = None

    @property
    def text(self) -> str:
        if self.kind == "action":
            assert self.action is not None and self.seat is not None
            return f"{seat_name(self.seat)}: {action_text(self.action)}"
        return f"{self.kind} {self.detail}"


@dataclass(frozen=True, kw_only=True)
class HandResult:
    """The outcome of one hand (one per hand dealt, thrown-in hands included)."""

    dealer: int
    pitcher: int | None
    bid: int | str | None  # a number, "moon", or None without a contract
    trump: int | None
    points: dict[str, tuple[int, ...]]
    made: bool | None
    moon: bool
    score_changes: tuple[int, ...]
    scores: tuple[int, ...]
    combo_points: tuple[int, ...] | None
    thrown_in: bool = False
    players: tuple[int, ...] = ()  # player id of each seat
    tricks_won: tuple[int, ...] = ()
    #: call.partner: the seat holding the card the pitcher called (None: alone, or no call)
    partner: int | None = None


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """How the game ended: winning seats (both partners), draw, scores, money."""

    winners: tuple[int, ...]
    draw: bool
    scores: tuple[int, ...]
    settlement: dict[int, int] | None  # cents per player id, money variants only
    replay: bool = False  # a tie under scoring.tie: replay: a new game decides it


class Observation(NamedTuple):
    """What one seat may see: never another seat's unplayed cards.

    An immutable record (a named tuple: cheap to build, as bots ask for one per action).
    """

    seat: int
    phase: Phase
    to_act: int | None
    dealer: int
    hand: int  # this seat's unplayed cards (for staged play: the cards of this stage)
    reserve: int  # staged play: this seat's dealt cards not yet chosen for a stage
    turned: int | None
    trump: int | None
    bids: tuple[tuple[int, int], ...]  # (seat, action) in order
    pitcher: int | None
    bid: int | str | None
    trick: tuple[tuple[int, int], ...]  # (seat, card) of the current trick
    played: tuple[tuple[int, int], ...]  # (seat, card) of every card played this hand
    tricks_won: tuple[int, ...]
    captured: tuple[int, ...]
    scores: tuple[int, ...]
    stage: int
    select_count: int
    team_of: tuple[int, ...]
    #: in phase draw, for the seat to act: what it may discard or keep (pitchkit.draw)
    draw_choice: Any = None
    #: the cards this seat was dealt in the draw (no other seat sees them)
    drawn: int = 0
    #: (seat, cards) shown to everyone in the draw: trumps discarded face up, or kept
    shown: tuple[tuple[int, int], ...] = ()
    #: call.partner: the card the pitcher called (known to all), None before the call
    called: int | None = None
    #: draw.give_to_partner: (receiver, cards) the kitty's taker gave its partner, seen
    #: by those two only (None for every other seat, and before the give)
    given: tuple[int, int] | None = None
    #: deal.weak_hand_below: (seat, cards) of each hand thrown in this hand, shown to all
    thrown_in: tuple[tuple[int, int], ...] = ()
    #: per seat, the cards it showed it cannot hold by not following suit in the tricks
    #: finished this hand (in staged play, this stage): the engine's record
    #: (pitchkit.tricks.trick_voids); () in an observation not made by the engine (read
    #: as none shown)
    voids: Sequence[int] = ()

    @property
    def finished(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) of the cards of the tricks finished this hand: :attr:`played`
        but the trick on the table."""
        played = self.played
        return played[:len(played) - len(self.trick)]


class PlayView(NamedTuple):
    """What one seat sees in phase play, as the fields of :class:`Observation` of the
    same names: what the built-in bots' card play reads. The simulator asks those bots
    with this instead of the whole observation (:meth:`pitchkit.engine.Game.play_view`),
    a few fields built rather than some twenty-five; ``captured`` is the play record's
    own list, to be read, not changed. Of the cards played it holds those of the
    finished tricks (:attr:`Observation.finished`, the engine's own record of them,
    built once a trick); :attr:`played` adds the trick on the table when asked."""

    seat: int
    hand: int
    reserve: int
    trump: int | None
    trick: tuple[tuple[int, int], ...]
    finished: tuple[tuple[int, int], ...]
    captured: Sequence[int]
    stage: int
    team_of: tuple[int, ...]
    #: :attr:`Observation.voids`, the play record's own list (to be read, not changed)
    voids: Sequence[int] = ()

    @property
    def played(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) of every card played this hand (:attr:`Observation.played`)."""
        return self.finished + self.trick


class BidView(NamedTuple):
    """What one seat sees when it bids, as the fields of :class:`Observation` of the same
    names that the built-in bots' bids read: the simulator asks those bots with this
    and :meth:`pitchkit.engine.Game.bid_choices` instead of the whole observation and
    the list of legal actions (:meth:`pitchkit.engine.Game.bid_view`). ``bids`` and
    ``scores`` are the game's own records, to be read, not changed."""

    seat: int
    hand: int
    trump: int | None
    bids: Sequence[tuple[int, int]]
    scores: Sequence[int]
    team_of: tuple[int, ...]
    dealer: int
