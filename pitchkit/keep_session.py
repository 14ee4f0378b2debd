"""The scorekeeper at the table: the questions ``pitchkit keep`` asks, and what it prints.

Each hand it asks who pitched and the bid (when the variant has an auction), then who
took each point of the variant (or each player's combination points), scores the hand
with :class:`pitchkit.keep.Table` and prints the hand, the running score, the money
and, when the game is over, who won. At any question: ``undo`` drops the last hand,
``score`` shows the score, ``quit`` (or end of input) stops; before a hand, in money
games, ``leave NAME`` and ``join NAME``. Reading and writing go through two callables,
so a test can drive a whole session.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pitchkit.atomic import write_atomically
from pitchkit.keep import MOON, NOBODY, GameOver, HandScored, Table, TableError, TableHand
from pitchkit.keep_file import hands_yaml
from pitchkit.scoring import scoring_plan
from pitchkit.variant import AuctionStyle, MoonRequires, Partnerships, ScoringMethod

HELP = """\
Answer with a player's name (or seat number from 1); several as 'Ann Cy'; '-' or
'nobody' when nobody took a point; 'all' at the first point gives every point to the
pitcher; 'passed NAME' as the pitcher when everyone passed and the dealer NAME is set
back (auction.when_all_pass: dealer_set). Any time: 'undo' (drop the last hand), 'score',
'help', 'quit'. Before a hand in money games: 'leave NAME' or 'join NAME'."""

_SPLIT = re.compile(r"\s+and\s+|[,+&\s]+")
_YES = {"y": True, "yes": True, "n": False, "no": False}
_REASONS = {"target": "reached the target", "moon": "made the moon",
            "hands": "the most points after the last hand", "all_points": "took every point"}


# ------------------------------------------------------------------ what it prints


def sides_text(names: Sequence[str], team_of: Sequence[int], values: Sequence[int],
               signed: bool = False) -> str:
    """``Ann 8, Bob 2`` (partners together: ``Ann & Cy 8``), one value per side."""
    sides: dict[int, list[int]] = {}
    for seat, side in enumerate(team_of):
        sides.setdefault(side, []).append(seat)
    parts = []
    for seats in sides.values():
        value = values[seats[0]]
        parts.append(f"{' & '.join(names[s] for s in seats)} "
                     + (f"{value:+d}" if signed else str(value)))
    return ", ".join(parts)


def scored_text(hand: HandScored) -> list[str]:
    """The lines for one scored hand: contract, points, changes, the running score."""
    names = hand.players
    head = f"hand {hand.number}"
    if hand.dealer_set is not None:
        head += f": everyone passed; the dealer, {names[hand.dealer_set]}, is set back"
    if hand.pitcher is not None:
        pitcher = names[hand.pitcher]
        if hand.bid == MOON:
            head += f": {pitcher} shot the moon and " + (
                "made it" if hand.moon_made else "failed")
        else:
            head += f": {pitcher} bid {hand.bid} and " + ("made it" if hand.made else
                                                          "was set")
    lines = [head]
    if hand.points:
        lines.append("  " + ", ".join(
            f"{point.replace('_', ' ')} {' & '.join(names[s] for s in who) or 'nobody'}"
            for point, who in hand.points.items()))
    if hand.combinations is not None:
        lines.append("  combinations: " + ", ".join(
            f"{names[s]} {p}" for s, p in enumerate(hand.combinations)))
    lines.append("  this hand: " + sides_text(names, hand.team_of, hand.score_changes, True))
    lines.append("  score: " + sides_text(names, hand.team_of, hand.scores))
    return lines


def money_text(money: dict[str, int]) -> str:
    return ", ".join(f"{name} {cents / 100:+.2f}" for name, cents in money.items())


def over_text(over: GameOver) -> str:
    why = _REASONS.get(over.reason or "", "")
    if over.draw:
        text = "game over: a draw"
        return text + (" (a new game decides it)" if over.replay else "")
    verb = "wins" if len(over.winners) == 1 else "win"
    return f"game over: {' & '.join(over.winners)} {verb}" + (f" ({why})" if why else "")


def standing_lines(table: Table) -> list[str]:
    lines = ["score: " + sides_text(table.players, table.team_of, table.scores)]
    money = table.money()
    if money is not None:
        final = "money" if table.over is not None else "money if the game ended now"
        lines.append(f"{final}: {money_text(money)}")
    return lines


# ------------------------------------------------------------------ the questions


class _Stop(Exception):
    """quit, or the end of input."""


class _Restart(Exception):
    """Start the hand's questions again (after undo, leave or join)."""


class KeepSession:
    """Ask for hands until the game ends or the person stops; save after every hand."""

    def __init__(self, table: Table, *, read: Callable[[str], str],
                 write: Callable[[str], None], save: Path | None = None,
                 variant: str = "") -> None:
        self.table = table
        self.read = read
        self.write = write
        self.save = save
        self.variant = variant or table.rules.name
        #: what each point item is worth (points.items), to say so when it is not 1
        self._values = {item.name: item.value for item in scoring_plan(table.rules).items}

    def run(self) -> int:
        """0 when the game ended or the person stopped; 130 after Ctrl-C."""
        table = self.table
        code = 0
        self.write(f"{table.rules.name}: keeping score for {', '.join(table.players)}; "
                   "type help for help")
        try:
            while True:
                try:
                    if table.over is None:
                        self._one_hand()
                        continue
                    self.write(over_text(table.over))
                    if self.read("undo the last hand, or Enter to finish: ").strip().lower() \
                            != "undo":
                        break
                    self._undo()
                except _Restart:
                    continue
        except (_Stop, EOFError):
            self.write("")
        except KeyboardInterrupt:
            self.write("")
            code = 130
        self.write(f"{len(table.hands)} hand(s) scored")
        for line in standing_lines(table):
            self.write(line)
        if table.over is not None:
            self.write(over_text(table.over))
        if self.save is not None:
            self.write(f"the hands are in {self.save} (pitchkit keep {self.variant} "
                       f"--hands {self.save})")
        return code

    # ---------------------------------------------------------------- one hand

    def _fields(self, answers: dict[str, Any]) -> list[str]:
        """The questions still to ask for this hand, in order."""
        rules = self.table.rules
        todo: list[str] = []
        if "everyone_passed" in answers:
            return todo
        if rules.has_auction:
            todo += [f for f in ("pitcher", "bid") if f not in answers]
        if rules.auction.style is AuctionStyle.SELL and "sold_by" not in answers:
            todo.append("sold_by")
        if rules.call.partner and "partner" not in answers:
            todo.append("partner")
        if (rules.auction.alone and rules.players.partnerships is not Partnerships.NONE
                and answers.get("bid") not in (None, MOON) and "alone" not in answers):
            todo.append("alone")
        if rules.scoring.method is ScoringMethod.COMBINATIONS:
            got = answers.get("combinations", {})
            todo += [f"combinations:{name}" for name in self.table.players if name not in got]
            return todo
        points = answers.get("points", {})
        todo += [name for name in rules.point_names() if name not in points]
        if (answers.get("bid") == MOON and rules.moon.requires is not MoonRequires.ALL_POINTS
                and "all_tricks" not in answers):
            todo.append("all_tricks")
        return todo

    def _one_hand(self) -> None:
        table = self.table
        answers: dict[str, Any] = {}
        self.write("")
        self.write(f"hand {len(table.hands) + 1} ({', '.join(table.players)})")
        while True:
            todo = self._fields(answers)
            if not todo:
                try:
                    scored = table.add(TableHand(**answers))
                except TableError as error:
                    self.write(f"  not scored: {error.message}")
                    self._forget(answers, error.field)
                    continue
                assert scored is not None
                for line in scored_text(scored):
                    self.write(line)
                money = table.money()
                if money is not None:
                    self.write("  money if the game ended now: " + money_text(money))
                self.save_hands()
                return
            field = todo[0]
            text = self._ask(self._question(field, answers), not answers)
            try:
                self._answer(field, text, answers)
            except TableError as error:
                self.write(f"  not that: {error.message}")

    def _question(self, field: str, answers: dict[str, Any]) -> str:
        rules = self.table.rules
        if field == "pitcher":
            return "pitcher: "
        if field == "bid":
            a = rules.auction
            moon = ", moon" if rules.moon.allowed else ""
            return f"bid ({a.min_bid}-{a.max_bid}{moon}): "
        if field == "all_tricks":
            return "did the pitcher's side take every trick? (y/n): "
        if field == "alone":
            return "did the pitcher go alone? (y/n): "
        if field == "sold_by":
            return "sold by (the eldest who sold the pitch, or - if not sold): "
        if field == "partner":
            return "partner (who held the called card, or - if the pitcher played alone): "
        if field.startswith("combinations:"):
            return f"{field.partition(':')[2]}'s combination points: "
        value = self._values.get(field, 1)
        worth = f" ({value} points)" if value != 1 else ""
        return f"{field.replace('_', ' ')}{worth}: "

    def _answer(self, field: str, text: str, answers: dict[str, Any]) -> None:
        table = self.table
        if field == "pitcher":
            word, _, dealer = text.strip().partition(" ")
            if word.lower() == "passed" and dealer.strip():
                # everyone passed (auction.when_all_pass: dealer_set): the dealer is named
                answers["everyone_passed"] = table.players[
                    table.seat_of(dealer, "everyone_passed")]
                return
            answers["pitcher"] = table.players[table.seat_of(text, "pitcher")]
        elif field == "bid":
            number, moon = table.check_bid(text.strip().lower())
            answers["bid"] = MOON if moon else number
        elif field in ("sold_by", "partner"):
            word = text.strip()
            answers[field] = (None if word.lower() in NOBODY
                              else table.players[table.seat_of(word, field)])
        elif field in ("all_tricks", "alone"):
            answer = _YES.get(text.strip().lower())
            if answer is None:
                raise TableError("answer y or n", field)
            answers[field] = answer
        elif field.startswith("combinations:"):
            word = text.strip()
            if not word.isdigit():
                raise TableError(f"{word!r}: combination points are a whole number", field)
            answers.setdefault("combinations", {})[field.partition(":")[2]] = int(word)
        else:
            points = answers.setdefault("points", {})
            words = [w for w in _SPLIT.split(text.strip()) if w]
            if words and words[0].lower() == "all" and not points:
                who = words[1:] or ([answers["pitcher"]] if "pitcher" in answers else [])
                if len(who) != 1:
                    raise TableError("all NAME: every point to one player", field)
                name = table.players[table.seat_of(who[0], field)]
                for point in table.rules.point_names():
                    points[point] = (name,)
                return
            if not words or (len(words) == 1 and words[0].lower() in NOBODY):
                points[field] = ()
                return
            points[field] = tuple(table.players[table.seat_of(w, field)] for w in words)

    def _forget(self, answers: dict[str, Any], field: str) -> None:
        """Drop the answer a refused hand names, so that it is asked again."""
        if field in ("pitcher", "bid", "all_tricks", "everyone_passed", "sold_by", "partner",
                     "alone"):
            answers.pop(field, None)
        elif field == "combinations":
            answers.pop("combinations", None)
        elif field in answers.get("points", {}):
            del answers["points"][field]
        else:
            answers.clear()

    # ---------------------------------------------------------------- commands

    def _ask(self, question: str, at_start: bool) -> str:
        while True:
            text = self.read(question).strip()
            command, _, rest = text.partition(" ")
            command = command.lower()
            if command in ("quit", "q", "exit"):
                raise _Stop
            if command in ("help", "?"):
                self.write(HELP)
            elif command == "score":
                for line in standing_lines(self.table):
                    self.write(line)
            elif command == "undo":
                self._undo()
            elif command in ("leave", "join") and rest.strip():
                if not at_start:
                    self.write(f"  {command} only before a hand's first answer")
                    continue
                self._membership(command, rest)
            else:
                return text

    def _undo(self) -> None:
        dropped = self.table.undo()
        if dropped is None:
            self.write("  nothing to undo")
        else:
            what = f"hand {len(self.table.hands) + 1}" if dropped.played else (
                "the players leaving or joining")
            self.write(f"  undone: {what}")
            for line in standing_lines(self.table):
                self.write("  " + line)
            self.save_hands()
        raise _Restart

    def _membership(self, command: str, rest: str) -> None:
        names = tuple(w for w in _SPLIT.split(rest.strip()) if w)
        try:
            entry = TableHand(leave=names) if command == "leave" else TableHand(join=names)
            self.table.add(entry)
        except TableError as error:
            self.write(f"  not that: {error.message}")
            return
        self.write(f"  at the table now: {', '.join(self.table.players)}")
        money = self.table.money()
        if money is not None:
            self.write("  money so far: " + money_text(money))
        self.save_hands()
        raise _Restart

    def save_hands(self) -> None:
        """Write the hands so far to the --save file (atomically)."""
        if self.save is not None:
            write_atomically(self.save, hands_yaml(self.table.start, self.table.entries,
                                                   self.variant))
