"""A stage's candidate choices for the search bot (staged play, ``play.stages``): the
calibrated bot's choice and a few others of the kinds a player weighs (the cards that
win tricks, the combination cards held back or brought in, the weakest cards, the
``montecarlo`` bot's), made from a seat's own cards (:func:`stage_candidates`, and the
same in one compiled call, :func:`compiled_candidates`), and the tables they are made
from, worked out once a rule set and trump (:func:`stage_tables`). The search
(:mod:`pitchkit.bots.stage_choice`) plays them out, the other seats' choices among
their own (:mod:`pitchkit.bots.stage_others`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from pitchkit.bots.heuristic import know, stage_rank
from pitchkit.bots.heuristic import stage_tables as wish_tables
from pitchkit.bots.staged import choose_stage, stage_order, stage_wants
from pitchkit.bots.staged_search import stage_choices
from pitchkit.combos import best_kept, kept_mask
from pitchkit.memo import per_rule_set
from pitchkit.play import cards_list
from pitchkit.variant import Rules


def _first(cards: int, count: int, key: Sequence[float]) -> int:
    """The ``count`` cards of the mask ``cards`` highest by ``key``, the lower card first
    on a tie, as a mask."""
    listed = sorted((c for c in range(54) if cards >> c & 1), key=lambda c: (-key[c], c))
    out = 0
    for c in listed[:count]:
        out |= 1 << c
    return out


def _first_in(cards: int, count: int, order: Sequence[int]) -> int:
    """:func:`_first` by a key whose order is worked out once: ``order`` every card, the
    highest by the key first, the lower card first on a tie."""
    assert count >= 0
    return choose_stage(cards, count, order) if count else 0


def _order(key: Sequence[float]) -> tuple[int, ...]:
    """Every card, the highest by ``key`` first, the lower card first on a tie."""
    return tuple(sorted(range(54), key=lambda c: (-key[c], c)))


class StageTables(NamedTuple):
    """What :func:`stage_candidates` reads of a rule set and trump suit."""

    #: per card: how much a play-out wants it in a stage (:func:`stage_wants`), and less
    wants: tuple[float, ...]
    unwanted: tuple[float, ...]
    #: every card, the one a play-out chooses first first (:func:`stage_order`)
    order: tuple[int, ...]
    #: per card: what it scores in combinations, and the mask of those that score
    scores: tuple[float, ...]
    scoring: int
    #: per card: the heuristic's wish (its rank, 14 more for a trump) and what a card of
    #: the best combination adds to it (:meth:`~pitchkit.bots.heuristic.HeuristicBot.stage_worth`)
    wish: tuple[float, ...]
    adds: tuple[float, ...]
    #: per card: its rank; its rank, trumps first; less its rank
    ranks: tuple[float, ...]
    trumps_first: tuple[float, ...]
    lows: tuple[float, ...]
    #: the trumps, a mask
    trumps: int
    #: every card, by the key of the same name (:func:`_order`)
    by_unwanted: tuple[int, ...]
    by_scores: tuple[int, ...]
    by_ranks: tuple[int, ...]
    by_trumps_first: tuple[int, ...]
    by_lows: tuple[int, ...]


@per_rule_set(64)
def stage_tables(rules: Rules, trump: int) -> StageTables:
    """The :class:`StageTables` of ``rules`` with trump ``trump`` (worked out once)."""
    k = know(rules)
    scores = k.combo_value
    wants = stage_wants(rules, trump)
    wish, adds = wish_tables(rules, trump)
    trumps = k.tables[trump].trumps
    ranks = tuple(float(stage_rank(c)) for c in range(54))
    unwanted = tuple(-w for w in wants)
    trumps_first = tuple(r + (100.0 if trumps >> c & 1 else 0.0) for c, r in enumerate(ranks))
    lows = tuple(-r for r in ranks)
    return StageTables(wants, unwanted, stage_order(rules, trump),
                       tuple(scores), sum(1 << c for c in range(54) if scores[c] > 0),
                       wish, adds, ranks, trumps_first, lows, trumps, _order(unwanted),
                       _order(scores), _order(ranks), _order(trumps_first), _order(lows))


def heuristic_wants(tab: StageTables, rules: Rules, cards: int) -> list[float]:
    """Per card, how much the heuristic bot wants it in a stage chosen from the mask
    ``cards`` (:meth:`~pitchkit.bots.heuristic.HeuristicBot.stage_worth`: its wish, more
    for a card of the best combination of ``cards``)."""
    key = list(tab.wish)
    if know(rules).combinations:
        kept = kept_mask(rules.combinations, cards)
        while kept:
            bit = kept & -kept
            kept ^= bit
            c = bit.bit_length() - 1
            key[c] += tab.adds[c]
    return key


def stage_candidates(rules: Rules, trump: int, cards: int, count: int, usual: int
                     ) -> list[int]:
    """The choices of ``count`` of the cards of the mask ``cards`` a stage's search plays
    out, each a mask, ``usual`` (the calibrated bot's choice) first, no two alike:

    - the play-outs' rule of thumb (:func:`~pitchkit.bots.staged.stage_order`): the
      cards that win tricks, trumps then the highest ranks, what they score aside;
    - ``usual`` with its combination cards held back for a later stage (swapped for the
      most wanted other cards), and with the best combination cards left out brought in
      (for its least wanted cards);
    - the weakest cards (the strong ones kept for later stages);
    - the ``montecarlo`` bot's (:meth:`~pitchkit.bots.montecarlo.MonteCarloBot.selections`):
      the heuristic bot's choice (:func:`heuristic_wants`), the highest ranks, the best
      combination's cards first, trumps first, and the lowest cards neither trumps nor
      of the best combination first.
    """
    tab = stage_tables(rules, trump)
    scoring = tab.scoring & cards
    out = [usual, choose_stage(cards, count, tab.order)]
    # hold back: keep usual's other cards, fill with the most wanted non-scoring ones
    kept = usual & ~scoring
    order = tab.order  # by wants
    out.append(kept | _first_in(cards & ~scoring & ~kept, count - kept.bit_count(), order))
    # bring in: the best scoring cards left out, in place of usual's least wanted
    brought = _first_in(scoring & ~usual, count, tab.by_scores)
    if brought:
        out.append(brought | _first_in(usual, count - brought.bit_count(), order))
    out.append(_first_in(cards, count, tab.by_unwanted))
    # montecarlo's
    out.append(_first(cards, count, heuristic_wants(tab, rules, cards)))
    by_ranks = tab.by_ranks
    out.append(_first_in(cards, count, by_ranks))
    # the best combination's cards (highest rank first, the higher card on a tie)
    best = best_kept(rules.combinations, cards_list(cards)) if know(rules).combinations else ()
    first = sum(1 << c for c in best[:count])
    out.append(first | _first_in(cards & ~first, count - first.bit_count(), by_ranks))
    out.append(_first_in(cards, count, tab.by_trumps_first))
    junk = _first_in(cards & ~tab.trumps & ~sum(1 << c for c in best), count, tab.by_lows)
    out.append(junk | _first_in(cards & ~junk, count - junk.bit_count(), tab.by_lows))
    found: list[int] = []
    for choice in out:
        if choice.bit_count() < count:  # too few non-scoring cards: fill as wanted
            choice |= _first_in(cards & ~choice, count - choice.bit_count(), order)
        if choice not in found:
            found.append(choice)
    return found


@per_rule_set(64)
def choice_tables(rules: Rules, trump: int) -> tuple[npt.NDArray[Any], ...]:
    """What :func:`~pitchkit.bots.staged_search.stage_choices` reads of the
    :class:`StageTables` of ``rules`` and ``trump``, as arrays (worked out once)."""
    tab = stage_tables(rules, trump)
    return (np.array(tab.wish, np.float64), np.array(tab.adds, np.float64),
            *(np.array(order, np.int64) for order in (
                tab.order, tab.by_scores, tab.by_unwanted, tab.by_ranks,
                tab.by_trumps_first, tab.by_lows)))


def compiled_candidates(rules: Rules, trump: int, cards: int, count: int, usual: int
                        ) -> list[int]:
    """:func:`stage_candidates`, choice for choice, in one compiled call
    (:func:`~pitchkit.bots.staged_search.stage_choices`): in Python they took a fifth of
    a Pimps & Hoes stage choice's time."""
    tab = stage_tables(rules, trump)
    best = best_kept(rules.combinations, cards_list(cards)) if know(rules).combinations else ()
    return stage_choices(cards, count, usual, tab.scoring, tab.trumps,
                         np.array(best, np.int64), *choice_tables(rules, trump)).tolist()
