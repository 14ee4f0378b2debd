"""A faster copy of the schema check, for the common case of a valid file.

FASTER COPY of ``jsonschema.Draft202012Validator(schema).is_valid(data)`` for the keywords
the variant schema uses. :func:`conforms` answers True (jsonschema finds no error), False
(it finds one) or None (a keyword or a value this copy does not handle); the loader
imports jsonschema, which costs more than the rest of ``pitchkit validate``, only to
explain a False or to decide a None. ``tests/test_conforms.py`` proves it equal to
jsonschema on generated and mutated documents.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import Any

#: Keywords that only annotate: they never make a document invalid.
_ANNOTATIONS = frozenset({
    "$schema", "$id", "$comment", "title", "description", "default", "examples",
    "deprecated", "readOnly", "writeOnly",
})

_TYPES: dict[str, Callable[[Any], bool]] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str, list, dict))


def _equal(a: Any, b: Any) -> bool:
    """JSON equality as jsonschema has it: true is not 1, 1 is 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, (list, dict)) or isinstance(b, (list, dict)):
        return False
    return bool(a == b)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def conforms(schema: Mapping[str, Any] | bool, value: Any) -> bool | None:
    """True/False when ``value`` is valid/invalid under ``schema``; None: not decided."""
    if schema is True:
        return True
    if schema is False:
        return False
    if not isinstance(schema, Mapping) or not _is_json(value):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None  # nan and inf compare in ways best left to jsonschema
    undecided = False
    for key, rule in schema.items():
        if key in _ANNOTATIONS:
            continue
        result = _keyword(schema, key, rule, value)
        if result is False:
            return False
        if result is None:
            undecided = True
    return None if undecided else True


def _keyword(schema: Mapping[str, Any], key: str, rule: Any, value: Any) -> bool | None:
    if key == "type":
        names = rule if isinstance(rule, list) else [rule]
        if not all(n in _TYPES for n in names):
            return None
        return any(_TYPES[n](value) for n in names)
    if key == "enum":
        return any(_equal(value, option) for option in rule)
    if key == "const":
        return _equal(value, rule)
    if key in ("minimum", "maximum"):
        if not _number(value):
            return True
        return value >= rule if key == "minimum" else value <= rule
    if key in ("minLength", "maxLength"):
        if not isinstance(value, str):
            return True
        return len(value) >= rule if key == "minLength" else len(value) <= rule
    if key == "pattern":
        return True if not isinstance(value, str) else re.search(rule, value) is not None
    if key in ("minItems", "maxItems"):
        if not isinstance(value, list):
            return True
        return len(value) >= rule if key == "minItems" else len(value) <= rule
    if key == "uniqueItems":
        if not rule or not isinstance(value, list):
            return True
        return not any(_equal(value[i], value[j])
                       for i in range(len(value)) for j in range(i + 1, len(value)))
    if key == "items":
        if not isinstance(value, list):
            return True
        return _all(conforms(rule, item) for item in value)
    if key == "required":
        return True if not isinstance(value, dict) else all(k in value for k in rule)
    if key in ("properties", "patternProperties", "additionalProperties"):
        return _object(schema, key, value)
    if key == "oneOf":
        answers = [conforms(sub, value) for sub in rule]
        if None in answers:
            return None
        return answers.count(True) == 1
    if key == "anyOf":
        answers = [conforms(sub, value) for sub in rule]
        return True if True in answers else (None if None in answers else False)
    return None  # a keyword this copy does not know: jsonschema decides


def _all(answers: Any) -> bool | None:
    undecided = False
    for answer in answers:
        if answer is False:
            return False
        if answer is None:
            undecided = True
    return None if undecided else True


def _object(schema: Mapping[str, Any], key: str, value: Any) -> bool | None:
    if not isinstance(value, dict):
        return True
    if not all(isinstance(k, str) for k in value):
        return None
    properties = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    if key == "properties":
        return _all(conforms(properties[k], v) for k, v in value.items() if k in properties)
    if key == "patternProperties":
        return _all(conforms(sub, v) for pattern, sub in patterns.items()
                    for k, v in value.items() if re.search(pattern, k))
    extra = schema["additionalProperties"]
    return _all(conforms(extra, v) for k, v in value.items()
                if k not in properties and not any(re.search(p, k) for p in patterns))
