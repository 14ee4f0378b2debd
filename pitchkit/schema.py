"""The variant schema (``schemas/variant.schema.json``): the one list of the settings.

Every setting is a leaf of the schema, ``section.key`` (``auction.max_bid``): its name,
its default, the values it takes and what it means are written there once. The rules
(:mod:`pitchkit.variant`), the tests that walk the settings and the fast path's fallback
read the list from here, so a setting added to the schema cannot escape them.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pitchkit


def data_dir(name: str) -> Path:
    """``schemas/`` or ``variants/``: inside the package when installed from a wheel,
    else the repository's top-level folder."""
    packaged = Path(pitchkit.__file__).resolve().parent / name
    if packaged.is_dir():
        return packaged
    return Path(pitchkit.__file__).resolve().parent.parent / name


def schema_path() -> Path:
    return data_dir("schemas") / "variant.schema.json"


@functools.cache
def load_schema() -> dict[str, Any]:
    """The variant schema (draft 2020-12) as a mapping."""
    with open(schema_path(), encoding="utf-8") as f:
        schema: dict[str, Any] = json.load(f)
    return schema


@functools.cache
def settings() -> tuple[tuple[str, dict[str, Any]], ...]:
    """``(section.key, its schema)`` of every setting, in schema order."""
    return tuple((f"{section}.{key}", prop)
                 for section, spec in load_schema()["properties"].items()
                 if spec.get("type") == "object"
                 for key, prop in spec["properties"].items())


def setting_names() -> tuple[str, ...]:
    """Every ``section.key`` setting, in schema order."""
    return tuple(name for name, _ in settings())
