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
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

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
    means = (values.sum(axis=0) / n).tolist()
    lead = choice_of(means, usual, margin)
    if n < 2:
        return lead, [j for j in range(m) if j != lead]
    diffs = values[:, lead:lead + 1] - values  # the choice's lead over each, world by world
    gap = diffs.sum(axis=0) / n
    # the standard error of each mean difference, squared (the choice's own: 0)
    square = ((diffs - gap) ** 2).sum(axis=0) / ((n - 1) * n)
    open_: list[int] = []
    for j, (g, sq) in enumerate(zip(gap.tolist(), square.tolist(), strict=True)):
        if j == lead:
            continue
        # the slack the choice rule allows: against the calibrated bot's card the choice
        # needs more than margin; as that card, a rival needs more than margin to take it
        slack = -margin if j == usual else margin
        if not (g + slack > 0 and (g + slack) ** 2 > confidence * confidence * sq):
            open_.append(j)
    return lead, open_
