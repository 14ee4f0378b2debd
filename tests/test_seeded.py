"""A generator seeded when first drawn from answers what ``random.Random(seed)`` answers.

``simulate`` gives each seat's bot a :class:`pitchkit.seeded.SeededOnUse` (a bot that
never draws costs no seeding); every way of drawing, reading or setting its state, first
or later, and copies of it, must give the numbers of a plain generator of the same seed.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pitchkit.seeded import SeededOnUse

#: each way of using a generator, answering what it drew (or its state)
USES: dict[str, Callable[[random.Random], Any]] = {
    "random": lambda r: r.random(),
    "getrandbits": lambda r: r.getrandbits(70),
    "choice": lambda r: r.choice(range(100)),
    "shuffle": lambda r: (lambda x: (r.shuffle(x), x)[1])(list(range(20))),
    "sample": lambda r: r.sample(range(50), 7),
    "choices": lambda r: r.choices(range(9), k=5),
    "gauss": lambda r: (r.gauss(), r.gauss(), r.gauss()),
    "uniform": lambda r: r.uniform(1, 2),
    "randint": lambda r: r.randint(1, 2000),
    "randbytes": lambda r: r.randbytes(9),
    "getstate": lambda r: r.getstate(),
    "setstate": lambda r: r.setstate(random.Random(7).getstate()),
    "seed": lambda r: r.seed(5),
}


@given(seed=st.one_of(st.text(max_size=12), st.integers(-10**20, 10**20)),
       uses=st.lists(st.sampled_from(sorted(USES)), min_size=1, max_size=6))
def test_draws_as_random_of_the_same_seed(seed: str | int, uses: list[str]) -> None:
    plain, late = random.Random(seed), SeededOnUse(seed)
    for use in uses:
        assert USES[use](late) == USES[use](plain), use
    assert type(late) is random.Random  # seeded: a plain generator from then on
    assert late.random() == plain.random()


def test_unused_it_is_not_seeded_and_copies_draw_alike() -> None:
    late = SeededOnUse("1:0:seat2")
    assert isinstance(late, random.Random) and type(late) is SeededOnUse
    for copied in (copy.copy(late), copy.deepcopy(late), pickle.loads(pickle.dumps(late))):
        assert copied.random() == random.Random("1:0:seat2").random()
    assert late.random() == random.Random("1:0:seat2").random()


def test_a_method_read_before_the_first_draw_draws_alike_after_it() -> None:
    late, plain = SeededOnUse("x"), random.Random("x")
    draw, bits = late.random, late.getrandbits  # read before it is seeded
    assert [draw(), bits(40), draw(), bits(3)] == [plain.random(), plain.getrandbits(40),
                                                   plain.random(), plain.getrandbits(3)]
