"""One cache for values worked out once per rule set.

A :class:`~pitchkit.variant.Rules` is found by identity, not by hash: its hash walks
all of it, and bots and the fast path ask at every game. The entry keeps the rule set
itself, so an id reused after a rule set is freed is never mistaken for it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Concatenate, ParamSpec, TypeVar

from pitchkit.variant import Rules

T = TypeVar("T")
P = ParamSpec("P")


def per_rule_set(limit: int) -> Callable[[Callable[Concatenate[Rules, P], T]],
                                         Callable[Concatenate[Rules, P], T]]:
    """Cache a function of a rule set (and of any further positional arguments, which
    must be hashable: a seat count); the cache is emptied past ``limit`` entries."""
    def wrap(work: Callable[Concatenate[Rules, P], T]) -> Callable[Concatenate[Rules, P], T]:
        cache: dict[Hashable, tuple[Rules, T]] = {}

        def cached(rules: Rules, /, *args: P.args, **kwargs: P.kwargs) -> T:
            assert not kwargs, "per_rule_set: further arguments are positional"
            key = (id(rules), *args) if args else id(rules)
            entry = cache.get(key)
            if entry is not None and entry[0] is rules:
                return entry[1]
            found = work(rules, *args)  # type: ignore[call-arg]
            if len(cache) > limit:
                cache.clear()
            cache[key] = (rules, found)
            return found

        cached.__doc__ = work.__doc__
        cached.__name__ = work.__name__.lstrip("_")
        return cached
    return wrap
