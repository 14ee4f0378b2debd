"""Random rule sets drawn from the schema, kept only as the validator allows.

Every setting of ``schemas/variant.schema.json`` is drawn from what its schema entry
says it takes (its type, enum, range, items), or left at its default; the one validator,
:func:`pitchkit.checks.check_rules`, then repairs the draw: while it finds a problem, one
of the settings the finding names that was drawn away from its default goes back to its
default (an item it names leaves its list). No rule about which settings go together is
kept here, so a new setting is varied, and its constraints respected, as soon as it is in
the schema and its check is in ``checks.py``; ``tests/test_strategies.py`` fails when
some setting is never varied.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from pitchkit import schema
from pitchkit.cards import card_name
from pitchkit.checks import check_rules
from pitchkit.variant import Rules

#: The strings of a setting whose schema admits any string (its items, for a list): the
#: words it means (what the schema alone cannot draw; a new one fails `_values` until it
#: is here).
WORDS: dict[str, st.SearchStrategy[Any]] = {
    "deck.without": st.sampled_from([card_name(card) for card in range(52)]),
}

#: The longest list drawn, and the widest integer range drawn near a range's low end (the
#: whole range is drawn too, less often): rule sets where most values live.
_MAX_ITEMS = 6
_NEAR = 12


def _integers(spec: Mapping[str, Any]) -> st.SearchStrategy[int]:
    low = spec.get("minimum", 0)
    high = spec.get("maximum", low + 100)
    near = st.integers(low, min(high, low + _NEAR))
    return near if high <= low + _NEAR else st.one_of(near, near, st.integers(low, high))


def _values(spec: Mapping[str, Any], key: str) -> st.SearchStrategy[Any]:
    """Every value the schema entry ``spec`` (of setting ``key``) admits, as a strategy."""
    if "const" in spec:
        return st.just(spec["const"])
    if "enum" in spec:
        return st.sampled_from(spec["enum"])
    if "oneOf" in spec:
        return st.one_of([_values(option, key) for option in spec["oneOf"]])
    kind = spec.get("type")
    if isinstance(kind, list):
        return st.one_of([_values({**spec, "type": one}, key) for one in kind])
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return _integers(spec)
    if kind == "array":
        return st.lists(_values(spec["items"], key), min_size=spec.get("minItems", 0),
                        max_size=min(spec.get("maxItems", _MAX_ITEMS), _MAX_ITEMS),
                        unique=bool(spec.get("uniqueItems")))
    if kind == "object":
        return _objects(spec, key)
    if kind == "string" and key in WORDS:
        return WORDS[key]
    raise TypeError(f"{key}: no values for schema {dict(spec)} (free text: add it to WORDS)")


def _objects(spec: Mapping[str, Any], key: str) -> st.SearchStrategy[dict[str, Any]]:
    """A mapping: its required properties, any of the others, and keys of its patterns."""
    properties = spec.get("properties", {})
    required = set(spec.get("required", ()))
    fixed = st.fixed_dictionaries(
        {name: _values(properties[name], key) for name in properties if name in required},
        optional={name: _values(sub, key) for name, sub in properties.items()
                  if name not in required})
    patterns = spec.get("patternProperties", {})
    if not patterns:
        return fixed
    extra = st.one_of([st.dictionaries(st.from_regex(pattern, fullmatch=True),
                                       _values(sub, key), max_size=_MAX_ITEMS)
                       for pattern, sub in patterns.items()])
    return st.tuples(fixed, extra).map(lambda parts: {**parts[1], **parts[0]})


#: Each setting's values, from its schema entry.
_VALUES = {key: _values(spec, key) for key, spec in schema.settings()}
_DEFAULTS = {key: spec["default"] for key, spec in schema.settings()}
_DEFAULT_RULES = Rules()
#: At most this many settings are drawn away from their defaults (the repair draws more:
#: the settings a finding names, so that a setting that needs others meets them).
_MAX_VARIED = 12
#: Repair steps that may draw a named setting away from its default; after them a repair
#: only puts settings back, so it ends.
_DRAWING_STEPS = 24


def _repair(draw: st.DrawFn, values: dict[str, Any], pinned: Sequence[str]) -> Rules:
    """The drawn settings (``values``: those away from their defaults), changed as the
    validator asks until it finds no problem (a note is no problem): one of the settings
    the finding names, chosen at random, goes back to its default (an item of a list
    leaves it), or, when at its default, is drawn anew; rejected (hypothesis draws again)
    when the finding names only pinned settings."""
    rules = _DEFAULT_RULES.with_settings(values)
    drawn: set[str] = set()  # the settings the repair drew anew
    for step in itertools.count():
        finding = next((f for f in check_rules(rules) if not f.note), None)
        if finding is None:
            return rules
        culprits = [path for path in finding.paths
                    if (key := path.partition("[")[0]) in _VALUES and key not in pinned
                    and (key in values or step < _DRAWING_STEPS)]
        if not culprits:
            reject()
        needed = [path for path in culprits
                  if (key := path.partition("[")[0]) not in values or key in drawn]
        if needed and step < _DRAWING_STEPS and draw(st.integers(0, 3)):
            culprits = needed  # mostly give the setting what it needs
        path = draw(st.sampled_from(culprits))
        key, _, index = path.partition("[")
        if index and len(values.get(key, ())) > 1:
            values[key] = [v for i, v in enumerate(values[key]) if i != int(index[:-1])]
        elif key in values and not (key in drawn and step < _DRAWING_STEPS):
            del values[key]
        else:
            values[key] = draw(_VALUES[key])
            drawn.add(key)
        rules = rules.with_settings({key: values.get(key, _DEFAULTS[key])})
    raise AssertionError("unreachable")


#: The settings ``variants(after=True)`` pins, and the values it draws them from: a draw
#: after the auction (or a kitty, robbing, a called partner), with trump known before
#: play (a draw discarding non-trumps, trumps-only play).
AFTER_THE_AUCTION = {
    "draw.discard": ["non_trumps", "up_to", "at_least", "down_to_hand_size"],
    "trump.chosen_by": ["pitcher_names", "turned_card"],
}


@st.composite
def variants(draw: st.DrawFn, after: bool = False, focus: str | None = None) -> Rules:
    """A random rule set the validator accepts: one setting (``focus``, or one drawn from
    all of them) away from its default and kept there while the validator's findings are
    repaired around it, and up to ``_MAX_VARIED`` others; ``after``: always with a draw
    after the auction (:data:`AFTER_THE_AUCTION`)."""
    pins = dict(AFTER_THE_AUCTION) if after else {}
    if focus is None:
        focus = draw(st.sampled_from(sorted(set(_VALUES) - set(pins))))
    default = _DEFAULTS[focus]
    values = {focus: draw(_VALUES[focus].filter(lambda value: value != default))}
    keys = draw(st.lists(st.sampled_from(sorted(_VALUES)), max_size=_MAX_VARIED, unique=True))
    values |= {key: draw(_VALUES[key]) for key in keys if key not in pins and key != focus}
    values |= {key: draw(st.sampled_from(choices)) for key, choices in pins.items()}
    return _repair(draw, values, (*pins, focus))


def varied(rules: Rules) -> set[str]:
    """The settings of ``rules`` away from their defaults."""
    from pitchkit.variant import rules_to_mapping

    mine, default = rules_to_mapping(rules), rules_to_mapping(Rules())
    return {key for key, _ in schema.settings()
            if mine[key.partition(".")[0]][key.partition(".")[2]]
            != default[key.partition(".")[0]][key.partition(".")[2]]}
