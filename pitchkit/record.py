"""Game records: a JSON file holding a whole game, replayed action by action.

A record names its variant (a shipped name or a path, relative to the record file), the
``--set`` overrides, the first dealer, and per hand the deal, the turned card (where the
variant shows one), the actions in turn order, and for money games the players who
``leave`` or ``join`` before the hand is dealt; with a kitty or a draw, the ``kitty`` and
the ``pack`` (every card not dealt, in the order the draw deals them)::

    {"variant": "auction-pitch", "set": {"scoring.target": 11}, "dealer": 0,
     "hands": [{"deal": [["AS", "KS", ...], ...], "turned": "7H",
                "actions": ["bid 3", "pass", "pass", "pass", "play AS", ...]}]}

:func:`replay_record` checks every action with the engine and raises
:class:`~pitchkit.errors.RecordError` with one line naming the hand, the bid or trick,
the seat and the reason. :func:`game_to_record` writes a played game as a record.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pitchkit.actions import action_text
from pitchkit.cards import SUITS, card_name, cards_in, parse_card
from pitchkit.engine import Event, Game, HandResult, Phase
from pitchkit.errors import (
    IllegalActionError,
    PitchkitError,
    RecordError,
    UsageError,
    VariantError,
    seat_name,
)
from pitchkit.inputs import Unreadable, json_capped, read_capped
from pitchkit.play import cards_list
from pitchkit.variant import Rules

__all__ = ["ReplayResult", "game_to_record", "load_record", "replay_events", "replay_record",
           "result_json"]


def replay_events(rules: Rules, events: Sequence[Event], dealer: int,
                  rng: random.Random | None = None) -> Game:
    """A new game with ``dealer`` first, brought to the state after ``events``."""
    game = Game(rules, rng or random.Random(0), dealer=dealer)
    for event in events:
        if event.kind == "deal":
            masks, turned, *draw_cards = event.detail  # with a draw: kitty, pack
            kitty, pack = draw_cards or (0, ())
            game.deal_cards([cards_list(m) for m in masks], turned, kitty=cards_list(kitty),
                            pack=pack)
        elif event.kind == "action":
            assert event.action is not None
            game.apply(event.action)
        elif event.kind == "leave":
            game.leave(event.detail)
        elif event.kind == "join":
            game.join(event.detail)
    return game


@dataclass(frozen=True, kw_only=True)
class ReplayResult:
    """A replayed record: the rules, the game in its final state and each hand's result."""

    rules: Rules
    game: Game
    hands: tuple[HandResult, ...]
    finished: bool  # the game is over
    unfinished_hand: bool  # the last hand's actions stop before its end

    @property
    def winner(self) -> tuple[int, ...] | None:
        outcome = self.game.outcome
        return None if outcome is None else outcome.winners

    @property
    def settlement(self) -> dict[int, int] | None:
        return self.game.settlement()


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; RecordError names the file (and line/column of bad JSON)."""
    p = Path(path)
    try:
        data = json_capped(read_capped(p))
    except Unreadable as why:
        raise RecordError(f"{p}: {'no such record file' if str(why) == 'no such file' else why}"
                          ) from None
    except json.JSONDecodeError as e:
        raise RecordError(f"{p}:{e.lineno}:{e.colno}: not valid JSON: {e.msg}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{p}: a record is a JSON object with variant, dealer and hands")
    return data


def _rules_of(record: Mapping[str, Any], base_dir: Path | None) -> Rules:
    from pitchkit.load import load_variant

    variant = record.get("variant")
    if not isinstance(variant, str) or not variant:
        raise RecordError("the record needs \"variant\": a shipped name or a file path")
    sets = record.get("set") or {}
    if not isinstance(sets, dict):
        raise RecordError("\"set\" must be an object of \"key.path\": value")
    overrides = []
    for key, value in sets.items():
        text = json.dumps(value) if not isinstance(value, str) else value
        overrides.append(f"{key}={text}")
    target: str | Path = variant
    if base_dir is not None and ("/" in variant or variant.endswith((".yaml", ".yml"))):
        candidate = base_dir / variant
        if candidate.exists():
            target = candidate
    try:
        return load_variant(target, tuple(overrides))
    except VariantError as e:
        raise RecordError(f"variant {variant!r}: {e}") from None


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list of cards like [\"AS\", \"TD\"]")
    out = []
    for text in value:
        if not isinstance(text, str):
            raise RecordError(f"{where}: {text!r} is not a card")
        try:
            out.append(parse_card(text))
        except ValueError as e:
            raise RecordError(f"{where}: {e}") from None
    return out


def _where(game: Game, auction_count: int) -> str:
    """Where the next action of ``game`` falls: a bid, trump, a stage or a trick."""
    phase = game.phase
    if phase is Phase.AUCTION:
        return f"bid {auction_count + 1}"
    if phase is Phase.TRUMP:
        return "trump"
    if phase is Phase.SELECT:
        return f"stage {game.stage + 1}"
    if phase is Phase.DRAW:
        return "the draw"
    if phase is Phase.CALL:
        return "the call"
    if phase is Phase.THROW_IN:
        return "the throw-in"
    if phase is Phase.ALONE:
        return "the answer to go alone"
    if phase is Phase.PLAY:
        return f"trick {sum(game.tricks_won) + 1}"
    return "after the end of the hand"


def replay_record(record: Mapping[str, Any], *, base_dir: str | Path | None = None,
                  rules: Rules | None = None) -> ReplayResult:
    """Replay a record with every action checked; RecordError on the first problem.

    The variant is loaded from the record (relative paths from ``base_dir``) unless
    ``rules`` is given.
    """
    base = Path(base_dir) if base_dir is not None else None
    if rules is None:
        rules = _rules_of(record, base)
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise RecordError("the record needs \"hands\": a list of hands")
    dealer = record.get("dealer", rules.deal.first_dealer)
    if dealer == "random" or isinstance(dealer, bool) or not isinstance(dealer, int):
        raise RecordError("the record needs \"dealer\": the first dealer's seat")
    n = rules.players.count
    if not 0 <= dealer < n:
        raise RecordError(f"dealer {dealer} is not a seat (0..{n - 1})")
    game = Game(rules, random.Random(0), dealer=dealer)
    unfinished = False
    for h, hand in enumerate(hands, start=1):
        label = f"hand {h}"
        if not isinstance(hand, dict):
            raise RecordError(f"{label}: a hand is an object with deal and actions")
        if game.phase is Phase.OVER:
            raise RecordError(f"{label}: the game was already over after hand {h - 1}")
        if game.phase is not Phase.DEAL:
            raise RecordError(
                f"hand {h - 1}: the actions stop before the hand is over "
                f"({seat_name(game.to_act or 0)} to act in phase {game.phase})")
        try:
            if "leave" in hand:
                seats = hand["leave"]
                if not isinstance(seats, list) or not all(
                        isinstance(s, int) and not isinstance(s, bool) for s in seats):
                    raise RecordError(f"{label}: \"leave\" must be a list of seats")
                game.leave(seats)
            if "join" in hand:
                count = hand["join"]
                if not isinstance(count, int) or isinstance(count, bool):
                    raise RecordError(f"{label}: \"join\" must be a number of players")
                game.join(count)
        except IllegalActionError as e:
            raise RecordError(f"{label}: {e}") from None
        deal = hand.get("deal")
        if not isinstance(deal, list):
            raise RecordError(f"{label}: \"deal\" must list each seat's cards")
        cards = [_cards(seat_cards, f"{label}, deal of {seat_name(s)}")
                 for s, seat_cards in enumerate(deal)]
        turned = None
        if hand.get("turned") is not None:
            turned = _cards([hand["turned"]], f"{label}, turned card")[0]
        extra = {key: _cards(hand[key], f"{label}, {key}")
                 for key in ("kitty", "pack") if key in hand}
        try:
            game.deal_cards(cards, turned, **extra)
        except IllegalActionError as e:
            raise RecordError(f"{label}, deal: {e}") from None
        actions = hand.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError(f"{label}: \"actions\" must be a list like [\"bid 2\", \"pass\"]")
        auction_count = 0
        for i, text in enumerate(actions, start=1):
            where = _where(game, auction_count)
            if game.phase is Phase.DEAL or game.phase is Phase.OVER:
                raise RecordError(
                    f"{label}, action {i} ({text!r}): the hand is already over")
            seat = game.to_act
            if not isinstance(text, str):
                raise RecordError(f"{label}, {where}, {seat_name(seat)}: {text!r} is not an action")
            try:
                if game.phase is Phase.AUCTION:
                    auction_count += 1
                game.apply(text)
            except IllegalActionError as e:
                raise RecordError(f"{label}, {where}, {seat_name(seat)}: {text}: {e}") from None
        if game.phase not in (Phase.DEAL, Phase.OVER):
            unfinished = True
    return ReplayResult(rules=rules, game=game, hands=tuple(game.hand_results),
                        finished=game.phase is Phase.OVER, unfinished_hand=unfinished)


def replay_file(path: str | Path) -> ReplayResult:
    """Load and replay a record file; errors name the file."""
    p = Path(path)
    record = load_record(p)
    try:
        return replay_record(record, base_dir=p.parent)
    except RecordError as e:
        raise RecordError(f"{p}: {e}") from None
    except PitchkitError:
        raise


def _credited(seats: tuple[int, ...]) -> int | list[int] | None:
    if not seats:
        return None
    return seats[0] if len(seats) == 1 else list(seats)


def hand_json(result: HandResult) -> dict[str, Any]:
    """One hand of ``pitchkit replay --json``."""
    out: dict[str, Any] = {
        "dealer": result.dealer,
        "pitcher": result.pitcher,
        "bid": result.bid,
        "trump": None if result.trump is None else SUITS[result.trump],
        "points": {name: _credited(seats) for name, seats in result.points.items()},
        "made": result.made,
        "score_changes": list(result.score_changes),
        "scores": list(result.scores),
    }
    if result.combo_points is not None:
        out["combo_points"] = list(result.combo_points)
    if result.moon:
        out["moon"] = True
    if result.thrown_in:
        out["thrown_in"] = True
    if result.partner is not None:
        out["partner"] = result.partner
    if result.players and list(result.players) != list(range(len(result.players))):
        out["players"] = list(result.players)
    return out


def result_json(result: ReplayResult) -> dict[str, Any]:
    """What ``pitchkit replay --json`` prints.

    ``winner``: the winning seats, or null while the game is unfinished (and ``[]`` with
    ``draw: true`` on a tie; ``replay: true`` when scoring.tie says a new game decides
    it); ``settlement``: cents per player for money variants (the
    players are the first seats in order, then those who joined), as if play stopped
    after the last hand; else null. Seats and players are indices counted from 0
    (``"seats_counted_from": 0``): a person's seat 1 is index 0.
    """
    outcome = result.game.outcome
    settlement = result.settlement
    return {
        "seats_counted_from": 0,
        "hands": [hand_json(h) for h in result.hands],
        "winner": None if outcome is None else list(outcome.winners),
        "draw": bool(outcome and outcome.draw),
        "replay": bool(outcome and outcome.replay),
        "settlement": None if settlement is None
        else [settlement[p] for p in sorted(settlement)],
    }


def game_to_record(game: Game, variant: str | None = None,
                   sets: Mapping[str, Any] | None = None, *,
                   check_rules: bool = True) -> dict[str, Any]:
    """The record of a game played so far (every event in ``game.events``).

    ``variant`` (a shipped name or a path) and ``sets`` (``{"key.path": value}``) must load
    to the game's rules, so that the record replays to the same game; without them the
    rules' name is used, which works for a shipped variant played without overrides.
    Raises UsageError when they do not load to the game's rules; ``check_rules=False``
    skips that check, for rules built in code and replayed with ``replay_record(...,
    rules=...)``.
    """
    events = game.events
    hands: list[dict[str, Any]] = []
    pending: dict[str, Any] = {}
    for event in events:
        if event.kind == "leave":
            pending["leave"] = list(event.detail)
        elif event.kind == "join":
            pending["join"] = event.detail
        elif event.kind == "deal":
            masks, turned, *draw_cards = event.detail  # with a draw: kitty, pack
            kitty, pack = draw_cards or (0, ())
            hand: dict[str, Any] = dict(pending)
            pending = {}
            hand["deal"] = [[card_name(c) for c in cards_in(m)] for m in masks]
            if turned is not None:
                hand["turned"] = card_name(turned)
            if kitty:
                hand["kitty"] = [card_name(c) for c in cards_in(kitty)]
            if pack:
                hand["pack"] = [card_name(c) for c in pack]
            hand["actions"] = []
            hands.append(hand)
        else:
            assert event.action is not None
            hands[-1]["actions"].append(action_text(event.action))
    from pitchkit.load import load_variant

    name = variant or game.rules.name
    overrides = [f"{key}={json.dumps(value)}" for key, value in (sets or {}).items()]
    try:
        same = not check_rules or load_variant(name, overrides) == game.rules
    except VariantError:
        same = False
    if not same:
        raise UsageError(
            f"variant {name!r} with sets {dict(sets or {})} does not load to this game's rules;"
            " pass the variant file or shipped name and the --set overrides the game was "
            "played with")
    record: dict[str, Any] = {"variant": name}
    if sets:
        record["set"] = dict(sets)
    record["dealer"] = game.first_dealer
    record["hands"] = hands
    return record
