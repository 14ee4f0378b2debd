"""The last tricks of a search play-out played exactly: every seat seeing the world.

The search bot's play-outs (:mod:`pitchkit.bots.search`) play the rest of a hand by a
quick rule of thumb. With ``exact=K`` the last ``K`` tricks of a play-out are played
instead as players who see every card would play them: from the first card after the
candidate at which no more than ``K`` tricks' cards are left to play, each seat plays the
legal card best for its own side, knowing that every later seat does the same (*max^n*:
each seat maximizes its side's value of the hand, the play-out's value,
:meth:`pitchkit.bots.quickscore.QuickScore.value`, as that seat would value it; a tie goes
to the card least worth holding, the rule of thumb's order). The last trick is forced.

:func:`solve` is the plain-Python definition, played one play-out at a time: it tries
every legal card of every seat, depth first. :mod:`pitchkit.bots.batch` plays the same
tree for every play-out of a decision at once (every legal card a new row, the leaves
valued together, the best child of each node chosen by numpy), and
``tests/test_search_endgame.py`` holds the two equal on random positions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pitchkit.tricks import TrumpTables, legal_follows, legal_leads

#: The end of a line of play: every seat's value of it (by seat), what each seat
#: captured, the tricks each won and the seat that took the last trick.
Line = tuple[list[float], list[int], list[int], int]
#: Values a finished hand for every seat: (captured, tricks won, last trick's winner).
Judge = Callable[[list[int], list[int], int], list[float]]


@dataclass(frozen=True)
class EndTables:
    """What the exact play reads of one rule set and trump suit: the trick tables, trick
    keys by suit led, the following rule, the order cards are tried in (least worth
    holding first: a tie goes to the earlier) and whether a joker may be led only when
    nothing else is held."""

    tables: TrumpTables
    keys_by_led: Sequence[Sequence[int]]
    following: int
    order: Sequence[int]
    never_lead_joker: bool


def solve(tab: EndTables, judge: Judge, next_seat: Sequence[int], size: int,
          hands: list[int], seat: int, count: int, led: int, win_seat: int, win_key: int,
          trick_mask: int, captured: list[int], tricks_won: list[int], last: int) -> Line:
    """The rest of the hand played exactly from ``seat`` to play (``count`` cards of the
    trick on the table, ``led`` its suit, ``win_seat`` winning it with the key
    ``win_key``, ``trick_mask`` its cards), ``size`` seats playing, each followed by
    ``next_seat``: the end of the line every seat's best play leads to (the lists passed
    are left as they were)."""
    if not count and not hands[seat]:
        return judge(captured, tricks_won, last), captured, tricks_won, last
    hand = hands[seat]
    # the rules' own definitions of a legal card (the batch's copy is held to them)
    legal = (legal_follows(hand, led, tab.tables, tab.following) if count else
             legal_leads(hand, tab.tables, never_lead_joker=tab.never_lead_joker))
    best: Line | None = None
    for card in tab.order:
        if not legal >> card & 1:
            continue
        bit = 1 << card
        hands[seat] ^= bit
        if count:
            keys = tab.keys_by_led[led]
            key = keys[card]
            won_by, won_key = (seat, key) if key > win_key else (win_seat, win_key)
            suit, mask = led, trick_mask | bit
        else:
            suit = tab.tables.effective_suit[card]
            won_by, won_key, mask = seat, tab.keys_by_led[suit][card], bit
        if count + 1 == size:
            taken = list(captured)
            taken[won_by] |= mask
            wins = list(tricks_won)
            wins[won_by] += 1
            line = solve(tab, judge, next_seat, size, hands, won_by, 0, -1, -1, -1, 0,
                         taken, wins, won_by)
        else:
            line = solve(tab, judge, next_seat, size, hands, next_seat[seat], count + 1,
                         suit, won_by, won_key, mask, captured, tricks_won, last)
        hands[seat] ^= bit
        if best is None or line[0][seat] > best[0][seat]:
            best = line
    assert best is not None, "a seat to play holds a legal card"
    return best


def back_up(tree: Sequence[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp],
                                 npt.NDArray[np.intp]]],
            values: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64],
                                                      npt.NDArray[np.intp]]:
    """:func:`solve` for every play-out of a batch at once: from every seat's values of
    the leaves (``values``, a row a leaf, a column a seat) and the ``tree`` of choices
    (:attr:`pitchkit.bots.batch.Batch.tree`: per choice, each child's node, where each
    node's children start, and the seat to play of each child), the values of each
    play-out's line and its leaf. At each choice, last first, each node takes the values
    of its child best for its seat to play, the first such (the card least worth
    holding) on a tie."""
    chosen = np.arange(len(values))
    for node, starts, mover in reversed(tree):
        children = len(mover)
        at = np.arange(children)
        mine = values[at, mover]
        top = np.maximum.reduceat(mine, starts)
        first = np.minimum.reduceat(np.where(mine == top.take(node), at, children), starts)
        values, chosen = values[first], chosen.take(first)
    return values, chosen
