"""A generator seeded when it is first drawn from.

Seeding ``random.Random`` from a string (hashing it, then filling the Mersenne Twister's
624 words) costs some 45,000 machine instructions. ``simulate`` seeds a generator for the
bot of each seat of each game, and a bot that never draws (the heuristic) would pay for
four of them a game, 2-3% of a heuristic hand. :class:`SeededOnUse` answers exactly what
``random.Random(seed)`` answers, and seeds only when first asked.
"""

from __future__ import annotations

import random
from typing import Any


class SeededOnUse(random.Random):
    """``random.Random(seed)``, seeded when first drawn from (or its state read or set).

    Every other method of :class:`random.Random` draws through :meth:`random` or
    :meth:`getrandbits`; the first call of either (or of :meth:`seed`, :meth:`getstate`,
    :meth:`setstate`) seeds the generator and makes it a plain ``random.Random``, so
    later draws cost what they always do. (``random.Random``'s own ``__new__`` seeds
    from the seed's hash first, which is cheap, and is overwritten.)
    """

    __slots__ = ()  # the same layout as random.Random: the class can be swapped

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        # not random.Random.__init__: that would seed now
        self.__dict__["_seed_later"] = seed
        self.gauss_next = None

    # a method may be read before the swap and called after it (gauss reads
    # self.random once and calls it twice): each seeds only if not yet seeded

    def random(self) -> float:
        _start(self)
        return _RANDOM.random(self)

    def getrandbits(self, k: int, /) -> int:
        _start(self)
        return _RANDOM.getrandbits(self, k)

    def seed(self, a: Any = None, version: int = 2) -> None:
        _start(self)
        _RANDOM.seed(self, a, version)

    def getstate(self) -> tuple[Any, ...]:
        _start(self)
        return _RANDOM.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        _start(self)
        _RANDOM.setstate(self, state)


_RANDOM = random.Random


def _start(rng: random.Random) -> None:
    """Seed ``rng`` (a :class:`SeededOnUse`) with its seed, once, and make it a plain
    ``random.Random``."""
    if "_seed_later" in rng.__dict__:
        seed = rng.__dict__.pop("_seed_later")
        rng.__class__ = _RANDOM
        _RANDOM.__init__(rng, seed)
