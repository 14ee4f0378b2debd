"""Format 1 variant files, translated to format 2 when loaded.

Format 1 (files without ``format:``) wrote the points as switches: ``points: {high: true,
jick: true, joker: true, count_order: [...]}``. Format 2 writes them as a list of valued
items, ``points: {items: [{point: high}, {point: jick}, {card: joker}, ...]}``. A format 1
file keeps loading: its switches are turned into the items they meant, on top of the items
of the file it extends (or the default four), and the loader adds a note saying so.
``pitchkit show`` writes format 2.

Translation works on one file's mapping at a time, before the schema layer checks it, so
that a format 1 file is checked as the format 2 file it means.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: Format 1's point switches, in its default counting order (``points.count_order``).
#: ``joker`` switched on the big joker and, with two jokers, the little joker too.
OLD_SWITCHES: tuple[str, ...] = (
    "high", "low", "jack", "jick", "joker", "ten", "game", "last_trick",
)
_OLD_ORDER: tuple[str, ...] = (
    "high", "low", "jack", "jick", "joker", "little_joker", "ten", "game", "last_trick",
)
OLD_KEYS = frozenset(OLD_SWITCHES) | {"count_order"}
_CARD_WORDS = frozenset({"joker", "little_joker"})

#: Format 1's defaults, the seeds' four points.
DEFAULT_WORDS: tuple[str, ...] = ("high", "low", "jack", "game")


def old_point_keys(data: Any) -> list[str]:
    """The format 1 keys of a mapping's ``points`` section, in the order written."""
    points = data.get("points") if isinstance(data, dict) else None
    if not isinstance(points, dict):
        return []
    return [key for key in points if key in OLD_KEYS]


def _item(word: str) -> dict[str, Any]:
    return {"card": word} if word in _CARD_WORDS else {"point": word}


def _word(item: Any) -> str | None:
    if isinstance(item, dict):
        word = item.get("point", item.get("card"))
        return word if isinstance(word, str) else None
    return None


def translate_points(points: dict[str, Any], base_items: Sequence[Any] | None,
                     jokers: int) -> list[Any]:
    """The format 2 items that a format 1 ``points`` section means.

    ``base_items`` are the items it starts from (those of the file it extends, or None for
    the default four); ``jokers`` is the number of jokers in the deck, since format 1's
    ``joker: true`` meant one item per joker. The switches are removed from ``points``.
    """
    items = list(base_items) if base_items is not None else [_item(w) for w in DEFAULT_WORDS]
    order = points.pop("count_order", None)
    switches = {key: points.pop(key) for key in OLD_SWITCHES if key in points}
    for key, on in switches.items():
        words = ["joker", "little_joker"][:max(jokers, 1)] if key == "joker" else [key]
        for word in words:
            present = [i for i, item in enumerate(items) if _word(item) == word]
            if not on:
                items = [item for item in items if _word(item) != word]
            elif not present:
                _insert_in_old_order(items, _item(word))
    if isinstance(order, list):
        rank = {word: i for i, word in enumerate(order)}
        rank.update({w: len(order) + i for i, w in enumerate(_OLD_ORDER) if w not in rank})
        items.sort(key=lambda item: rank.get(_word(item) or "", len(rank)))
    return items


def _insert_in_old_order(items: list[Any], item: dict[str, Any]) -> None:
    """Insert before the first item that format 1 counted after it."""
    place = _OLD_ORDER.index(_word(item) or "")
    for i, other in enumerate(items):
        word = _word(other)
        if word in _OLD_ORDER and _OLD_ORDER.index(word) > place:
            items.insert(i, item)
            return
    items.append(item)
