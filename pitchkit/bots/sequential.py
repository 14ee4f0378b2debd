"""Sequential sampling for the search bot: worlds spent where the decision is close.

With ``step`` (a setting of :class:`pitchkit.bots.search.SearchBot`) a decision that may
search more than ``step`` worlds draws and plays out ``step`` first, then asks
:func:`settle` whether more worlds could change its choice: the choice as it stands (the
candidate of the highest mean value a world where it beats the calibrated bot's card by
more than ``margin``, else that card) against each other candidate, on the worlds both
played (every candidate in play plays every world of a batch: the differences are
paired). A rival is *settled* when the choice's lead over it is clear by ``confidence``
standard errors of the mean difference, allowing the slack the choice rule itself allows
(``margin``: the calibrated bot's card stands unless another beats it by that much; two
other cards within ``margin`` of each other are as good as alike). A settled rival plays
no more worlds; a decision with every rival settled stops, the others play the rest of
their worlds (up to ``samples``, or what ``work`` buys) in one more batch: a batch costs
a good part of its time whatever its size (drawing the worlds, setting up the compiled
play-outs and their scoring), so two batches measured cheaper than doubling batches
(16, 32, 64). Candidates alike in every world (a difference of no spread) are settled by
the first batch.

All arithmetic here: no randomness (the worlds come from the search's seeded generators).
The means and spreads are summed in compiled code (:func:`spread`, numba: numpy's own
sums, bit for bit; tests/test_search_sequential.py), the rivals' tests in Python (its
``**`` of floats, the C library's ``pow``, is not always a product to the bit).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from pitchkit.bots.kernels import njit

#: Standard errors of the mean difference the choice's lead must clear by default
#: (setting ``confidence``).
CONFIDENCE = 2.0


def choice_of(means: Sequence[float], usual: int, margin: float) -> int:
    """The search's choice from each candidate's mean value a world (index ``usual``: the
    calibrated bot's card): the best, where it beats ``usual`` by more than ``margin``;
    else ``usual`` (a tie to ``usual``), as :meth:`~pitchkit.bots.search.SearchBot.chosen`
    chooses from totals."""
    best = max(range(len(means)), key=lambda j: (means[j], j == usual))
    return best if means[best] - means[usual] > margin else usual


def settle(values: npt.NDArray[np.float64], usual: int, margin: float,
           confidence: float) -> tuple[int, list[int]]:
    """From ``values`` (a row per world, a column per candidate still in play, the column
    ``usual`` the calibrated bot's card): the choice as it stands (a column), and the
    columns of the rivals not yet settled (see the module), the choice's first."""
    n, m = values.shape
    if n < 2:
        lead = choice_of((values.sum(axis=0) / n).tolist(), usual, margin)
        return lead, [j for j in range(m) if j != lead]
    gaps, squares = np.empty(m), np.empty(m)  # (made here: numba's boxing costs more)
    lead = spread(np.ascontiguousarray(values, np.float64), usual, margin, gaps, squares)
    return lead, still_open(gaps.tolist(), squares.tolist(), lead, usual, margin, confidence)


def still_open(gaps: Sequence[float], squares: Sequence[float], lead: int, usual: int,
               margin: float, confidence: float) -> list[int]:
    """The columns of the rivals of the choice ``lead`` not yet settled, from the mean of
    its lead over each (``gaps``) and that mean's standard error squared (``squares``)."""
    open_: list[int] = []
    for j, (g, sq) in enumerate(zip(gaps, squares, strict=True)):
        if j == lead:
            continue
        # the slack the choice rule allows: against the calibrated bot's card the choice
        # needs more than margin; as that card, a rival needs more than margin to take it
        slack = -margin if j == usual else margin
        if not (g + slack > 0 and (g + slack) ** 2 > confidence * confidence * sq):
            open_.append(j)
    return open_


@njit(cache=True)
def spread(values: npt.NDArray[np.float64], usual: int, margin: float,
           gaps: npt.NDArray[np.float64], squares: npt.NDArray[np.float64]) -> int:
    """FASTER COPY of what :func:`settle` worked out in numpy before its rivals' tests
    (the definition, kept in tests/test_search_sequential.py, held equal there bit for
    bit): the choice as it stands (:func:`choice_of` of the columns' means, ``values``
    at least two rows), handed back, and per column the mean of the choice's lead over it
    world by world (``gaps``) and that mean's standard error squared (``squares``; the
    choice's own: 0). Each sum over the rows in their order from the first, as numpy's
    ``sum(axis=0)`` of a row-major array adds them."""
    n, m = values.shape
    means = np.empty(m)
    for j in range(m):
        means[j] = values[0, j]
    for i in range(1, n):
        for j in range(m):
            means[j] += values[i, j]
    for j in range(m):
        means[j] /= n
    # the best mean, the calibrated bot's card on a tie, else the first
    best = 0
    for j in range(1, m):
        if means[j] > means[best] or (means[j] == means[best] and j == usual):
            best = j
    lead = best if means[best] - means[usual] > margin else usual
    for j in range(m):
        gaps[j] = values[0, lead] - values[0, j]
    for i in range(1, n):
        for j in range(m):
            gaps[j] += values[i, lead] - values[i, j]
    for j in range(m):
        gaps[j] /= n
    for j in range(m):
        d = values[0, lead] - values[0, j] - gaps[j]
        squares[j] = d * d
    for i in range(1, n):
        for j in range(m):
            d = values[i, lead] - values[i, j] - gaps[j]
            squares[j] += d * d
    scale = float((n - 1) * n)
    for j in range(m):
        squares[j] /= scale
    return lead


@lru_cache(maxsize=1)
def compile_spread() -> None:
    """Compile :func:`spread` (or load it from numba's cache) for the types :func:`settle`
    passes it, before a search's first decision."""
    spread(np.zeros((2, 2)), 0, 0.0, np.empty(2), np.empty(2))
