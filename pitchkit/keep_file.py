"""A table's hands as a YAML file, for ``pitchkit keep --hands`` (and ``--save``).

::

    players: [Ann, Bob, Cy, Di]          # optional: --players, or seats 1, 2, 3, ...
    hands:
      - {pitcher: Ann, bid: 3, high: Ann, low: Bob, jack: Ann, game: Cy}
      - {pitcher: Bob, bid: 2, high: Bob, low: nobody, jack: Di, game: [Ann, Cy]}
      - {pitcher: Cy, bid: moon, all: Cy, all_tricks: yes}
      - leave: [Di]                       # money games: before the next hand
      - join: [Ed]
      - {combinations: {Ann: 37, Bob: 20}}  # variants that score combinations
      - {everyone_passed: Di}           # the dealer, when all pass under dealer_set
      - {sold_by: Bob, pitcher: Cy, bid: 3, ...}   # auction.style sell: Bob scores 3
      - {pitcher: Ann, partner: Cy, bid: 5, ...}   # call.partner: Cy held the called card

Each point of the variant is a key naming who took it: a player (name or seat number
from 1), a list of players (a split game), or ``nobody``. ``all: NAME`` gives every point
to one player. Problems name the file, the line and the field:
``table.yaml:4: hands[2].bid: a bid of 7 is outside 1 to 4 (...)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from pitchkit.errors import VariantError
from pitchkit.keep import MOON, NOBODY, Table, TableError, TableHand
from pitchkit.located import Located, dotted, parse_yaml, read_text
from pitchkit.variant import Rules

_CONTRACT = ("pitcher", "bid")
_YES = {"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False}


def read_hands_file(path: str | Path, rules: Rules
                    ) -> tuple[list[str] | None, list[TableHand], str]:
    """The players named in the file (or None), its hands, and the file's display name."""
    file = str(path)
    try:
        text = read_text(Path(path), file)
        doc = parse_yaml(text, file)
    except VariantError as error:
        raise TableError(str(error.problems[0]).replace("variant file", "hands file")
                         ) from None
    return (*parse_hands(doc, rules), file)


def parse_hands(doc: Located, rules: Rules) -> tuple[list[str] | None, list[TableHand]]:
    """Players and hands from a parsed file; TableError names the line and the field."""
    for key in doc.data:
        if key not in ("players", "hands"):
            raise _error(doc, (key,), f"unknown key {key!r} (a hands file has players: "
                         "and hands:)")
    players = doc.data.get("players")
    if players is not None:
        if not isinstance(players, list) or not players:
            raise _error(doc, ("players",), "a list of names, e.g. [Ann, Bob, Cy, Di]")
        players = [_name(doc, ("players", i), p) for i, p in enumerate(players)]
    hands = doc.data.get("hands")
    if not isinstance(hands, list):
        raise _error(doc, ("hands",), "a list of hands, e.g. - {pitcher: Ann, bid: 3, "
                     "high: Ann, low: Bob, jack: Ann, game: Cy}")
    return players, [_hand(doc, i, item, rules) for i, item in enumerate(hands)]


def apply_hands(table: Table, hands: Sequence[TableHand], file: str) -> None:
    """Add every hand to ``table``; a refused one raises TableError naming line and field."""
    for i, hand in enumerate(hands):
        try:
            table.add(hand)
        except TableError as error:
            where = f"hands[{i}]" + (f".{error.field}" if error.field else "")
            line = hand.lines.get(error.field) or hand.lines.get("")
            at = f"{file}:{line}" if line else file
            raise TableError(f"{at}: {where}: {error.message}", error.field) from None


def hands_yaml(players: Sequence[str], hands: Sequence[TableHand], variant: str) -> str:
    """The file ``read_hands_file`` reads back to the same players and hands."""
    out: list[dict[str, Any]] = []
    for hand in hands:
        item: dict[str, Any] = {}
        if hand.leave:
            item["leave"] = list(hand.leave)
        if hand.join:
            item["join"] = list(hand.join)
        if hand.pitcher is not None:
            item["pitcher"] = hand.pitcher
        if hand.bid is not None:
            item["bid"] = hand.bid
        for name, who in hand.points.items():
            item[name] = None if not who else who[0] if len(who) == 1 else list(who)
        if hand.all_tricks is not None:
            item["all_tricks"] = hand.all_tricks
        if hand.alone is not None:
            item["alone"] = hand.alone
        if hand.everyone_passed is not None:
            item["everyone_passed"] = hand.everyone_passed
        if hand.sold_by is not None:
            item["sold_by"] = hand.sold_by
        if hand.partner is not None:
            item["partner"] = hand.partner
        if hand.combinations is not None:
            item["combinations"] = dict(hand.combinations)
        out.append(item)
    body = yaml.safe_dump({"players": list(players), "hands": out}, sort_keys=False,
                          default_flow_style=None, allow_unicode=True, width=88)
    return f"# pitchkit keep {variant} --hands FILE: the hands told at the table\n{body}"


# ------------------------------------------------------------------ one hand


def _hand(doc: Located, i: int, item: Any, rules: Rules) -> TableHand:
    path: tuple[str | int, ...] = ("hands", i)
    if not isinstance(item, dict):
        raise _error(doc, path, "a hand is a mapping, e.g. {pitcher: Ann, bid: 3, high: Ann, "
                     "low: Bob, jack: Ann, game: Cy}")
    lines = {"": doc.locate(path).line or 0}
    fields: dict[str, Any] = {}
    points: dict[str, tuple[str, ...]] = {}
    for key, value in item.items():
        key = str(key)
        at = (*path, key)
        lines[key] = doc.locate(at).line or lines[""]
        if key in ("leave", "join"):
            values = value if isinstance(value, list) else [value]
            fields[key] = tuple(_name(doc, (*at, j), v) for j, v in enumerate(values))
        elif key in ("pitcher", "everyone_passed", "sold_by", "partner"):
            fields[key] = _name(doc, at, value)
        elif key == "bid":
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise _error(doc, at, f"a number or {MOON}, not {value!r}")
            fields[key] = value
        elif key in ("all_tricks", "alone"):
            fields[key] = _yes_no(doc, at, value)
        elif key == "combinations":
            if not isinstance(value, dict):
                raise _error(doc, at, "a mapping of each player's combination points, "
                             "e.g. {Ann: 37, Bob: 20}")
            fields[key] = {_name(doc, (*at, str(k)), k): v for k, v in value.items()}
            for who in value:
                lines.setdefault("combinations", doc.locate((*at, str(who))).line or 0)
        elif key == "all":
            every = _who(doc, at, value)
            for name in rules.point_names():
                points.setdefault(name, every)
                lines.setdefault(name, lines[key])
        else:  # a point of the variant: Table checks the name against the rules
            points[key] = _who(doc, at, value)
    return TableHand(points=points, lines=lines, **fields)


def _who(doc: Located, at: tuple[str | int, ...], value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(_name(doc, (*at, j), v) for j, v in enumerate(value))
    name = _name(doc, at, value)
    return () if name.lower() in NOBODY else (name,)


def _name(doc: Located, at: tuple[str | int, ...], value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise _error(doc, at, f"a player's name or seat number, not {value!r}")
    return str(value).strip()


def _yes_no(doc: Located, at: tuple[str | int, ...], value: Any) -> bool:
    if isinstance(value, bool):
        return value
    answer = _YES.get(str(value).strip().lower())
    if answer is None:
        raise _error(doc, at, f"yes or no, not {value!r}")
    return answer


def _error(doc: Located, at: tuple[str | int, ...], message: str) -> TableError:
    where = doc.locate(at)
    line = f":{where.line}" if where.line else ""
    return TableError(f"{doc.file}{line}: {dotted(at)}: {message}", dotted(at[2:]))

