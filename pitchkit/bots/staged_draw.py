"""The search bot's staged worlds (:mod:`pitchkit.bots.staged`) drawn in compiled code
(numba), draw for draw what Python draws.

A staged world is a shuffle of the unseen cards, dealt to the other seats (a seat's
stage cards first, none it showed void in), and a noisy guess at each seat's stage cards
(:func:`~pitchkit.bots.staged.guess_stage`): in Python about a third of the Pimps & Hoes
search's time. :func:`staged_worlds` draws a decision's worlds in one compiled call from
the search's own generator, mirrored (:class:`Twister`: the same numbers in the same
order, the generator left where Python would leave it); so the worlds, and the games, are
Python's (``tests/test_staged_draw.py`` holds them equal on
the shipped staged variants and random rule sets with stages). A generator that is not
``random.Random``'s own draws is drawn from in Python.
"""

from __future__ import annotations

import ctypes
import functools
import random
import struct
import weakref
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots.kernels import njit
from pitchkit.bots.staged import CHOSEN_NOISE, TRIES, Setup, draw_world
from pitchkit.seeded import SeededOnUse

# Python's own generator (``random.Random``, the Mersenne Twister) drawn from in compiled
# code, draw for draw: :class:`Twister` gives compiled code the generator's state as an
# array (the index, then the 624 words), :func:`draw_below` draws what ``Random.shuffle``
# draws (``_randbelow_with_getrandbits``) and :func:`draw_float` what ``Random.random``
# does, so the generator goes on as if Python had drawn the same numbers. The algorithm is
# CPython's (``Modules/_randommodule.c``: ``genrand_uint32``, ``random_random``,
# ``getrandbits`` of 32 bits or fewer). The array is the generator's own memory where
# CPython's object is laid out as expected (checked once: :func:`_locate`); else a copy,
# written back by :meth:`Twister.close` (reading and writing the state took 80-100 us a
# decision, a fifth of the Pimps & Hoes search's time).

#: the index (how many of the words are drawn), then the 624 words
State = npt.NDArray[np.uint32]

_N = 624
_M = 397
_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_WORD = 0xFFFFFFFF


@njit(cache=True)
def _twist(mt: Any, kk: int, other: int) -> None:
    """Word ``kk`` of the state ``mt`` (at ``kk + 1``, after the index) made anew from
    itself, the next word and word ``other``."""
    y = (np.int64(mt[kk + 1]) & _UPPER) | (np.int64(mt[(kk + 1) % _N + 1]) & _LOWER)
    mt[kk + 1] = np.int64(mt[other + 1]) ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)


@njit(cache=True)
def genrand(mt: Any) -> Any:
    """The next 32-bit word of the state ``mt`` (``genrand_uint32``)."""
    i = np.int64(mt[0])
    if i >= _N:
        for kk in range(_N - _M):
            _twist(mt, kk, kk + _M)
        for kk in range(_N - _M, _N):
            _twist(mt, kk, kk + _M - _N)
        i = np.int64(0)
    y = np.int64(mt[i + 1])
    mt[0] = i + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _WORD


@njit(cache=True)
def draw_float(mt: Any) -> Any:
    """A float in [0, 1), as ``Random.random`` draws it (53 bits of two words)."""
    a = genrand(mt) >> 5
    b = genrand(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def draw_below(mt: Any, n: Any) -> Any:
    """An int in [0, n) for 0 < n < 2**32, as ``Random._randbelow_with_getrandbits``
    draws it (``getrandbits`` of n's bit length until below n)."""
    k = 0
    while n >> k:
        k += 1
    r = genrand(mt) >> (32 - k)
    while r >= n:
        r = genrand(mt) >> (32 - k)
    return r


def mirrors(rng: random.Random) -> bool:
    """Whether ``rng`` draws as ``random.Random`` itself does (not a subclass with other
    draws), so that a :class:`Twister` of it draws what it would."""
    return type(rng) is random.Random or type(rng) is SeededOnUse


@njit(cache=True)
def _probe_draws(mt: Any, out: Any) -> None:
    for i in range(out.shape[0]):
        out[i] = draw_float(mt)


def _view(rng: random.Random, offset: int) -> State:
    """The state of ``rng`` in place: its object's memory from ``offset`` on."""
    words = (ctypes.c_uint32 * (_N + 1)).from_address(id(rng) + offset)
    return np.ctypeslib.as_array(words)


@functools.cache
def _locate() -> int | None:
    """Where CPython's ``random.Random`` object holds its state (the index, a C int, then
    the words, as ``Modules/_randommodule.c`` lays them out), found in a generator's memory
    and checked: a view of it draws what the generator draws and leaves it where the
    generator would be; None where that is not so (another interpreter's layout)."""
    probe = random.Random("pitchkit.bots.staged_draw")
    probe.random()
    _, words, _ = probe.getstate()
    size = type(probe).__mro__[1].__basicsize__
    raw = ctypes.string_at(id(probe), size)
    at = raw.find(struct.pack(f"={_N}I", *words[:_N]))
    if at < 4 or at % 4 or struct.unpack_from("=i", raw, at - 4)[0] != words[_N]:
        return None
    twin = random.Random()
    twin.setstate(probe.getstate())
    out = np.empty(2 * _N, np.float64)
    _probe_draws(_view(probe, at - 4), out)
    if out.tolist() != [twin.random() for _ in range(2 * _N)] \
            or probe.getstate() != twin.getstate():
        return None
    return at - 4


#: per generator, its state in place (:func:`_view`)
_VIEWS: weakref.WeakKeyDictionary[random.Random, State] = weakref.WeakKeyDictionary()


def in_place(rng: random.Random) -> State | None:
    """The state of ``rng`` (one :func:`mirrors` accepts) as an array in the generator's
    own memory, compiled draws from it drawing from the generator; None where CPython's
    layout is not the one expected (:func:`_locate`)."""
    view = _VIEWS.get(rng)
    if view is None:
        offset = _locate()
        if offset is None:
            return None
        if type(rng) is not random.Random:
            rng.getrandbits(0)  # a SeededOnUse seeds itself (no draw: 0 bits)
        view = _VIEWS[rng] = _view(rng, offset)
    return view


class Twister:
    """The state of ``rng`` as an array compiled code draws from (:func:`genrand`): the
    generator's own memory (:func:`in_place`), else a copy until :meth:`close` hands it
    back to ``rng`` (or always a copy: ``copy``)."""

    def __init__(self, rng: random.Random, copy: bool = False) -> None:
        self.rng = rng
        view = None if copy else in_place(rng)
        self.copied = view is None
        if view is None:
            _, words, self.gauss_next = rng.getstate()
            view = np.array((words[_N], *words[:_N]), np.uint32)
        self.state: State = view

    def set(self, state: State) -> None:
        """Put the generator in the state ``state`` (an array of :attr:`state`'s shape)."""
        self.state[:] = state

    def close(self) -> None:
        """Leave ``rng`` in the state drawn to (a copy written back)."""
        if self.copied:
            words = self.state.tolist()
            self.rng.setstate((3, (*words[1:], words[0]), self.gauss_next))


@njit(cache=True)
def _guess(mt: Any, cards: Any, count: Any, wants: Any, noise: Any, listed: Any,
           keys: Any) -> Any:
    """:func:`~pitchkit.bots.staged.guess_stage`: of the mask ``cards``, the ``count`` most
    wanted, give or take ``noise`` ranks drawn card by card (the lowest card first), the
    earlier card first on a tie (Python's sort is stable)."""
    k = 0
    for c in range(54):
        if cards >> c & 1:
            key = -wants[c] - noise * draw_float(mt)
            j = k
            while j and keys[j - 1] > key:
                keys[j] = keys[j - 1]
                listed[j] = listed[j - 1]
                j -= 1
            keys[j] = key
            listed[j] = c
            k += 1
    stage = np.int64(0)
    for i in range(min(count, k)):
        stage |= np.int64(1) << listed[i]
    return stage


@njit(cache=True)
def draw_worlds(mt: Any, want: int, tries: int, free0: Any, others: Any, stage_need: Any,
                reserve_need: Any, banned: Any, hand: int, reserve: int, me: int,
                wants: Any, noise: float) -> Any:
    """Up to ``want`` worlds, as :func:`~pitchkit.bots.staged.draw_world` draws each from
    the generator ``mt`` (a row each: every seat's stage cards, then its reserve), and how
    many were drawn before one ran into a corner."""
    n = stage_need.shape[0]
    worlds = np.zeros((want, 2 * n), np.int64)
    m = free0.shape[0]
    free = free0.copy()
    rest = np.empty(m, np.int64)
    left = np.empty(m, np.int64)
    listed = np.empty(54, np.int64)
    keys = np.empty(54, np.float64)
    for w in range(want):
        free[:] = free0
        drawn = False
        for _ in range(tries):
            for i in range(m - 1, 0, -1):  # Random.shuffle
                j = draw_below(mt, i + 1)
                free[i], free[j] = free[j], free[i]
            world = worlds[w]
            world[:] = 0
            world[me] = hand
            world[n + me] = reserve
            rest[:] = free
            size = m
            cornered = False
            for seat in others:  # take_allowed: the first cards not barred
                need = stage_need[seat]
                bar = banned[seat]
                mask = np.int64(0)
                kept = 0
                for i in range(size):
                    c = rest[i]
                    if need and not bar >> c & 1:
                        mask |= np.int64(1) << c
                        need -= 1
                    else:
                        left[kept] = c
                        kept += 1
                if need:
                    cornered = True
                    break
                world[seat] = mask
                rest[:kept] = left[:kept]
                size = kept
            if cornered:
                continue
            at = 0
            for seat in others:
                mask = np.int64(0)
                for i in range(at, min(at + reserve_need[seat], size)):
                    mask |= np.int64(1) << rest[i]
                world[n + seat] = mask
                at += reserve_need[seat]
            for seat in others:
                if not stage_need[seat]:
                    continue
                cards = world[seat] | world[n + seat]
                stage = _guess(mt, cards & ~banned[seat], stage_need[seat], wants, noise,
                               listed, keys)
                world[seat] = stage
                world[n + seat] = cards & ~stage
            drawn = True
            break
        if not drawn:
            return worlds, w
    return worlds, want


def staged_worlds(setup: Setup | None, n: int, want: int,
                  rng: random.Random) -> list[list[int]]:
    """Up to ``want`` worlds drawn from ``setup`` (:func:`~pitchkit.bots.staged.draw_world`
    each, in turn, until one runs into a corner), compiled where ``rng`` is
    ``random.Random``'s own."""
    if setup is None or not want:
        return []
    if not mirrors(rng):
        out: list[list[int]] = []
        for _ in range(want):
            world = draw_world(setup, n, rng)
            if world is None:
                break
            out.append(world)
        return out
    twister = Twister(rng)
    worlds, drawn = draw_worlds(
        twister.state, want, TRIES, np.array(setup.free, np.int64),
        np.array(setup.others, np.int64), np.array(setup.stage_need, np.int64),
        np.array(setup.reserve_need, np.int64), np.array(setup.banned, np.int64),
        setup.hand, setup.reserve, setup.me, np.array(setup.wants, np.float64),
        CHOSEN_NOISE)
    twister.close()
    return worlds[:drawn].tolist()
