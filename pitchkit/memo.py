"""One cache for values worked out once per rule set.

A :class:`~pitchkit.variant.Rules` is found by identity, not by hash: its hash walks
all of it, and bots and the fast path ask at every game. The entry keeps the rule set
itself, so an id reused after a rule set is freed is never mistaken for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pitchkit.variant import Rules

T = TypeVar("T")


def per_rule_set(limit: int) -> Callable[[Callable[[Rules], T]], Callable[[Rules], T]]:
    """Cache a function of a rule set; the cache is emptied past ``limit`` entries."""
    def wrap(work: Callable[[Rules], T]) -> Callable[[Rules], T]:
        cache: dict[int, tuple[Rules, T]] = {}

        def cached(rules: Rules) -> T:
            entry = cache.get(id(rules))
            if entry is not None and entry[0] is rules:
                return entry[1]
            found = work(rules)
            if len(cache) > limit:
                cache.clear()
            cache[id(rules)] = (rules, found)
            return found

        cached.__doc__ = work.__doc__
        cached.__name__ = work.__name__.lstrip("_")
        return cached
    return wrap
