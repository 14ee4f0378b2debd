"""Combination scoring (Pimps & Hoes, source C), found exactly.

A player keeps the best ``keep`` of the cards they captured and scores combinations
among them from the variant's ``combinations`` table:

- every card may score alone (``singles``) or in a pair (``pairs``, two rank letters);
- rule: "each card counts once, except an Ace, which counts on its own and again in a
  pair with each King, Queen and Jack" (source C). So a card of a ``reusable`` rank
  scores its single value, and again in a pair with every other kept card it pairs with;
  every other card counts once: alone, in one pair with another non-reusable card, or in
  one pair with a reusable card. Two reusable cards that pair score that pair once.

The best total is an exact maximum over every choice of kept cards and every assignment
of combinations (a test checks it against a brute force). Only ranks matter, so the
search runs over how many cards of each scoring rank to keep: for each count of the
reusable ranks, the other ranks fall into groups that pair among themselves; each group's
best value for every number of cards kept is found by a memoised search over the
assignments (alone, paired with a kept reusable card, or paired with another card), and
the groups are combined by a (max, +) convolution over the cards left to keep. Jokers and
ranks the table never mentions score nothing and only fill the kept cards up to ``keep``.
Large groups are searched by branch and bound (:class:`_Bounds`). The source's table
takes about 0.2 ms; the time grows with the size of the largest group of ranks that pair
with each other and with the number of reusable ranks (a table where all 13 ranks pair
with each other: 0.1 s for 7 kept cards, 1 s for 10, 6 s for 13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations as pairs_of
from itertools import product
from typing import Any

from pitchkit.cards import RANKS, rank_of
from pitchkit.variant import Combinations

Unit = tuple[tuple[int, ...], int]


@dataclass(frozen=True, kw_only=True)
class ComboScore:
    """The best combinations of one player's captured cards.

    ``kept``: the cards kept (best first); ``units``: each combination used, as
    (cards, points), only those worth something; ``total``: the sum of their points.
    """

    kept: tuple[int, ...]
    units: tuple[Unit, ...]
    total: int


@dataclass(frozen=True)
class _Table:
    single: tuple[int, ...]               # rank -> points
    pair: tuple[tuple[int, ...], ...]     # rank x rank -> points (symmetric)
    reusable: frozenset[int]
    scoring: tuple[int, ...]              # ranks that can score, ace first
    scoring_masks: tuple[int, ...]        # the cards of each of those ranks, a mask


@lru_cache(maxsize=64)
def _table(combinations: Combinations) -> _Table:
    single = [0] * 13
    for letter, points in combinations.singles:
        single[RANKS.index(letter)] = points
    pair = [[0] * 13 for _ in range(13)]
    for letters, points in combinations.pairs:
        a, b = RANKS.index(letters[0]), RANKS.index(letters[1])
        # a pair written both ways (AQ and QA) counts its larger value once
        best = max(pair[a][b], points)
        pair[a][b] = pair[b][a] = best
    reusable = frozenset(RANKS.index(letter) for letter in combinations.reusable)
    scoring = tuple(r for r in range(12, -1, -1) if single[r] > 0 or any(pair[r]))
    return _Table(tuple(single), tuple(tuple(row) for row in pair), reusable, scoring,
                  tuple(_RANK_MASKS[r] for r in scoring))


def _reusable_value(t: _Table, counts: dict[int, int]) -> int:
    """What the kept cards of reusable ranks score: ``counts``, per reusable rank kept,
    how many (each at least one): each card alone, every two of them a pair."""
    ranks = list(counts)
    value = sum(counts[r] * t.single[r] for r in ranks)
    for i, a in enumerate(ranks):
        value += counts[a] * (counts[a] - 1) // 2 * t.pair[a][a]
        for b in ranks[i + 1:]:
            value += counts[a] * counts[b] * t.pair[a][b]
    return value


class _Solver:
    """Best assignment of non-reusable cards, memoised on (reusable ranks, counts)."""

    def __init__(self, t: _Table) -> None:
        self.t = t
        self.nonreusable = tuple(r for r in t.scoring if r not in t.reusable)
        self.index = {r: k for k, r in enumerate(self.nonreusable)}
        self.memo: dict[tuple[frozenset[int], tuple[int, ...]], int] = {}
        #: per cards kept and count held of each scoring rank (:func:`_choice_of_mask`'s
        #: key): best_combination's choice
        self.choices: dict[int, tuple[dict[int, int], int]] = {}
        #: per (reusable ranks kept, counts kept of the others): :meth:`path`
        self.paths: dict[tuple[frozenset[int], tuple[int, ...]],
                         list[tuple[int, int | None, bool]]] = {}
        #: per (group of ranks, counts held of them, reusable ranks kept, cards of them
        #: that may be kept): :func:`_component_table` (read them, do not change them)
        self.tables: dict[tuple[tuple[int, ...], tuple[int, ...], frozenset[int], int],
                          list[tuple[int, dict[int, int]]]] = {}

    def clear(self) -> None:
        """Forget what was worked out (the memo's size is bounded)."""
        self.memo.clear()
        self.choices.clear()
        self.paths.clear()
        self.tables.clear()

    def alone(self, rank: int, present: frozenset[int]) -> tuple[int, int | None]:
        """Best value of a non-reusable card counted once without another non-reusable
        card: alone, or paired with a kept reusable card (returns that card's rank)."""
        best, partner = self.t.single[rank], None
        for r in sorted(present, reverse=True):
            if self.t.pair[r][rank] > best:
                best, partner = self.t.pair[r][rank], r
        return best, partner

    def best(self, present: frozenset[int], counts: tuple[int, ...]) -> int:
        key = (present, counts)
        if key in self.memo:
            return self.memo[key]
        i = next((k for k, c in enumerate(counts) if c), None)
        if i is None:
            return 0
        rank = self.nonreusable[i]
        rest = list(counts)
        rest[i] -= 1
        value = self.alone(rank, present)[0] + self.best(present, tuple(rest))
        for j in range(i, len(counts)):
            if rest[j]:
                points = self.t.pair[rank][self.nonreusable[j]]
                if points:
                    after = list(rest)
                    after[j] -= 1
                    value = max(value, points + self.best(present, tuple(after)))
        self.memo[key] = value
        return value

    def path(self, present: frozenset[int], counts: tuple[int, ...]
             ) -> list[tuple[int, int | None, bool]]:
        """The choices behind :meth:`best`: (rank, partner rank, partner is reusable)."""
        out: list[tuple[int, int | None, bool]] = []
        counts_list = list(counts)
        while any(counts_list):
            target = self.best(present, tuple(counts_list))
            i = next(k for k, c in enumerate(counts_list) if c)
            rank = self.nonreusable[i]
            counts_list[i] -= 1
            alone, partner = self.alone(rank, present)
            if alone + self.best(present, tuple(counts_list)) == target:
                out.append((rank, partner, True))
                continue
            for j in range(i, len(counts_list)):
                points = self.t.pair[rank][self.nonreusable[j]]
                if counts_list[j] and points:
                    counts_list[j] -= 1
                    if points + self.best(present, tuple(counts_list)) == target:
                        out.append((rank, self.nonreusable[j], False))
                        break
                    counts_list[j] += 1
            else:  # pragma: no cover - best() guarantees one choice matches
                raise AssertionError("combination path lost")
        return out


#: Memo entries a table's solver keeps before it starts again (each a few hundred bytes).
_MEMO_LIMIT = 200_000


@lru_cache(maxsize=64)
def _shared_solver(t: _Table) -> _Solver:
    return _Solver(t)


#: :func:`_table` and its shared solver by the identity of the Combinations asked
#: (hashing one, or a table, is slow, and the hot paths ask with the rule set's own):
#: (combinations, its table, the solver)
_TABLES: dict[int, tuple[Combinations, _Table, _Solver]] = {}


def _table_of(combinations: Combinations) -> tuple[_Table, _Solver]:
    """The table of ``combinations`` and its solver, shared by every call: its memo
    depends only on the table, so a hand's scoring and the bots' choices reuse what
    earlier calls worked out (until it grows past ``_MEMO_LIMIT``)."""
    entry = _TABLES.get(id(combinations))
    if entry is None or entry[0] is not combinations:
        if len(_TABLES) > 64:
            _TABLES.clear()
        t = _table(combinations)
        entry = _TABLES[id(combinations)] = (combinations, t, _shared_solver(t))
    solver = entry[2]
    if len(solver.memo) + len(solver.choices) + len(solver.paths) \
            + len(solver.tables) > _MEMO_LIMIT:
        solver.clear()
    return entry[1], solver


def best_combination(combinations: Combinations, cards: Sequence[int]) -> ComboScore:
    """The best kept cards and combinations among ``cards`` (exact optimum)."""
    t, solver, _, keep, best_counts, best_value = _choice(combinations, cards)
    by_rank: dict[int, list[int]] = {}
    for card in sorted(cards, reverse=True):
        if card < 52:
            by_rank.setdefault(rank_of(card), []).append(card)
    return _assemble(t, solver, cards, by_rank, dict(best_counts), keep, max(best_value, 0))


def best_total(combinations: Combinations, cards: Sequence[int]) -> int:
    """``best_combination(combinations, cards).total``, without working out the
    combinations behind it."""
    return max(_choice(combinations, cards)[5], 0)


def mask_total(combinations: Combinations, cards: int) -> int:
    """:func:`best_total` of the cards of the mask ``cards`` (the scoring's hot path)."""
    return max(_choice_of_mask(combinations, cards, cards.bit_count())[5], 0)


def best_kept(combinations: Combinations, cards: Sequence[int]) -> tuple[int, ...]:
    """``best_combination(combinations, cards).kept``, without working out the
    combinations among them."""
    mask = kept_mask(combinations, _mask_of(cards), len(cards))
    return tuple(sorted(cards_of(mask), key=_BY_RANK.__getitem__, reverse=True))


def kept_mask(combinations: Combinations, cards: int, count: int | None = None) -> int:
    """The cards of :func:`best_kept` of the cards of the mask ``cards`` (``count``: how
    many they are, if known), as a mask (the bots' hot path): per rank, the highest cards
    of the counts kept for the best total, filled up to ``keep`` with the highest others
    by rank then card (jokers last)."""
    last = _LAST_KEPT
    if last[1] == cards and last[0] is combinations:
        return last[2]
    if count is None:
        count = cards.bit_count()
    _, _, _, keep, best_counts, _ = _choice_of_mask(combinations, cards, count)
    kept = 0
    for r, c in best_counts.items():
        # the highest ``c`` cards of rank r, as best_combination picks them (all of them,
        # nearly always)
        of_rank = cards & _RANK_MASKS[r]
        if of_rank.bit_count() == c:
            kept |= of_rank
            continue
        for _ in range(c):
            top = 1 << (of_rank.bit_length() - 1)
            kept |= top
            of_rank ^= top
    left = keep - kept.bit_count()
    if left > 0:
        rest = cards & ~kept
        for order in _FILL_ORDER:  # ranks high to low, then the jokers
            of_rank = rest & order
            if not of_rank:
                continue
            held = of_rank.bit_count()
            if held <= left:  # the whole rank fits
                kept |= of_rank
                left -= held
                if not left:
                    break
                continue
            for _ in range(left):  # the highest ``left`` of the rank, and no more room
                top = 1 << (of_rank.bit_length() - 1)
                kept |= top
                of_rank ^= top
            break
    last[:] = combinations, cards, kept
    return kept


#: the last :func:`kept_mask` asked, (combinations, cards, kept): a staged stage choice
#: asks for its own seat's cards twice running (the calibrated bot's choice, then the
#: candidates' wishes), an eighth of the calls in Pimps & Hoes for four
_LAST_KEPT: list[Any] = [None, -1, 0]


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask_of(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    if mask.bit_count() != len(cards):
        raise ValueError("a card is listed twice")
    return mask


#: per rank, the mask of its four cards
_RANK_MASKS = tuple(sum(1 << (13 * suit + rank) for suit in range(4)) for rank in range(13))
#: the kept cards' filling order (:func:`_by_rank`, highest first): the ranks from the
#: ace down, each by card from the highest, then the jokers (cards 52, 53)
_FILL_ORDER = (*_RANK_MASKS[::-1], 3 << 52)


def _choice(combinations: Combinations, cards: Sequence[int]
            ) -> tuple[_Table, _Solver, int, int, dict[int, int], int]:
    """What :func:`best_combination` reads: the table, its solver, the cards as a mask,
    the number kept, and how many cards of each scoring rank to keep for the best total,
    and that total."""
    return _choice_of_mask(combinations, _mask_of(cards), len(cards))


def _choice_of_mask(combinations: Combinations, mask: int, count: int
                    ) -> tuple[_Table, _Solver, int, int, dict[int, int], int]:
    """:func:`_choice` of the ``count`` cards of ``mask``."""
    t, solver = _table_of(combinations)
    keep = min(combinations.keep, count)
    # only the counts of each scoring rank matter: the same counts, the same choice (the
    # key: the cards kept, then three bits of each count, 0..4)
    key = keep
    for of_rank in t.scoring_masks:
        key = key << 3 | (mask & of_rank).bit_count()
    found = solver.choices.get(key)
    if found is None:
        avail: dict[int, int] = {}
        for r in t.scoring:
            held = (mask & _RANK_MASKS[r]).bit_count()
            if held:
                avail[r] = held
        found = solver.choices[key] = _best_counts(t, solver, avail, keep)
    return t, solver, mask, keep, found[0], found[1]


def _best_counts(t: _Table, solver: _Solver, avail: dict[int, int], keep: int
                 ) -> tuple[dict[int, int], int]:
    """How many cards of each scoring rank to keep (``avail`` held of each, ``keep`` in
    all) for the best total, and that total."""
    reusable = [r for r in avail if r in t.reusable]
    components = _components(t, [r for r in avail if r not in t.reusable])
    best_value = -1
    best_counts: dict[int, int] = {}
    # every choice of how many cards of each reusable rank to keep, more first ...
    for counts in product(*(range(avail[r], -1, -1) for r in reusable)):
        used = sum(counts)
        if used > keep:
            continue
        chosen = {r: c for r, c in zip(reusable, counts, strict=True) if c}
        present = frozenset(chosen)
        budget = keep - used
        # ... then the best use of the budget left, component by component: ranks that
        # never pair with each other are independent, so their best totals per number
        # of cards kept combine by a (max, +) convolution
        combined: list[tuple[int, list[dict[int, int]]] | None] = [(0, [])]
        for component in components:
            held = tuple(avail[r] for r in component)
            # the same group, counts and cards it may keep (at most those held): the same
            key = (tuple(component), held, present, min(budget, sum(held)))
            table = solver.tables.get(key)
            if table is None:
                table = solver.tables[key] = _component_table(solver, component, avail,
                                                              present, budget)
            merged: list[tuple[int, list[dict[int, int]]] | None] = [None] * min(
                budget + 1, len(combined) + len(table) - 1)
            for s1, entry1 in enumerate(combined):
                if entry1 is None:
                    continue
                for s2, (value2, counts2) in enumerate(table):
                    if s1 + s2 >= len(merged):
                        break
                    value = entry1[0] + value2
                    slot = merged[s1 + s2]
                    if slot is None or value > slot[0] or (
                            value == slot[0]
                            and _ranks_kept([*entry1[1], counts2]) > _ranks_kept(slot[1])):
                        merged[s1 + s2] = (value, [*entry1[1], counts2])
            combined = merged
        rest = max((e for e in combined if e is not None), key=lambda e: e[0])
        value = _reusable_value(t, chosen) + rest[0]
        if value > best_value:
            best_value = value
            best_counts = dict(chosen)
            for part in rest[1]:
                best_counts.update({r: c for r, c in part.items() if c})
    return best_counts, best_value


def _ranks_kept(parts: list[dict[int, int]]) -> tuple[int, ...]:
    """The counts kept per rank, the ace's first: of two choices of equal value the
    larger keeps the higher ranks, as the search within a group does (it tries the counts
    from its highest rank down and keeps the first of the best)."""
    counts = [0] * 13
    for part in parts:
        for r, c in part.items():
            counts[12 - r] += c
    return tuple(counts)


def _components(t: _Table, ranks: list[int]) -> list[list[int]]:
    """Groups of non-reusable ranks linked by pairs between them (highest rank first)."""
    seen: set[int] = set()
    out: list[list[int]] = []
    for start in ranks:
        if start in seen:
            continue
        seen.add(start)
        stack, group = [start], []
        while stack:
            a = stack.pop()
            group.append(a)
            for b in ranks:
                if b not in seen and t.pair[a][b] > 0:
                    seen.add(b)
                    stack.append(b)
        out.append(sorted(group, reverse=True))
    return out


def _component_table(solver: _Solver, component: list[int], avail: dict[int, int],
                     present: frozenset[int], budget: int
                     ) -> list[tuple[int, dict[int, int]]]:
    """For s = 0, 1, ...: the best value keeping s cards of these ranks, and the counts."""
    size = min(budget, sum(avail[r] for r in component))
    best: list[tuple[int, dict[int, int]] | None] = [None] * (size + 1)
    index = [solver.index[r] for r in component]
    vector = [0] * len(solver.nonreusable)
    bounds = _Bounds(solver, component, avail, present) if len(component) > 3 else None

    def choose(k: int, left: int, kept: int) -> None:
        if k == len(component):
            value = solver.best(present, tuple(vector))
            slot = best[kept]
            if slot is None or value > slot[0]:
                best[kept] = (value, {r: vector[index[i]] for i, r in enumerate(component)})
            return
        if bounds is not None and k and bounds.hopeless(k, left, kept, vector, best):
            return
        for c in range(min(avail[component[k]], left), -1, -1):
            vector[index[k]] = c
            choose(k + 1, left - c, kept + c)
        vector[index[k]] = 0

    choose(0, size, 0)
    assert all(entry is not None for entry in best)
    return [entry for entry in best if entry is not None]


class _Bounds:
    """Upper bounds that prune the search of a large group of ranks (branch and bound).

    Two bounds on the best value once more cards are added to a partial choice:
    the partial value plus each added card's largest combination (adding a card to a
    matching gains at most its heaviest unit), and every card's half share (a pair's
    value is at most the halves of its two cards, a card alone at most its share).
    """

    def __init__(self, solver: _Solver, component: list[int], avail: dict[int, int],
                 present: frozenset[int]) -> None:
        t = solver.t
        self.solver, self.present, self.component = solver, present, component
        self.index = [solver.index[r] for r in component]
        gain = {n: max(solver.alone(n, present)[0], *(t.pair[n][m] for m in component))
                for n in component}
        self.share = {n: max(solver.alone(n, present)[0] * 2,
                             *(t.pair[n][m] for m in component)) for n in component}
        # share is doubled to stay in integers: half shares sum to at most share_sum / 2
        self.gain_prefix: list[list[int]] = []
        self.share_prefix: list[list[int]] = []
        for k in range(len(component) + 1):
            rest = component[k:]
            gains = sorted((gain[n] for n in rest for _ in range(avail[n])), reverse=True)
            shares = sorted((self.share[n] for n in rest for _ in range(avail[n])),
                            reverse=True)
            self.gain_prefix.append(_prefix(gains))
            self.share_prefix.append(_prefix(shares))

    def hopeless(self, k: int, left: int, kept: int, vector: list[int],
                 best: list[tuple[int, dict[int, int]] | None]) -> bool:
        """Whether no completion of ranks k.. can beat the best found for its size."""
        partial = self.solver.best(self.present, tuple(vector))
        shares = sum(self.share[n] * vector[i]
                     for n, i in zip(self.component, self.index, strict=True))
        gains, halves = self.gain_prefix[k], self.share_prefix[k]
        for extra in range(min(left, len(gains) - 1) + 1):
            slot = best[kept + extra]
            if slot is None:
                return False
            bound = min(partial + gains[extra], (shares + halves[extra]) // 2)
            if bound > slot[0]:
                return False
        return True


def _prefix(values: list[int]) -> list[int]:
    out = [0]
    for v in values:
        out.append(out[-1] + v)
    return out


def _by_rank(card: int) -> tuple[int, int]:
    """A card's place among kept cards: by rank (jokers last), then by card."""
    return (card % 13 if card < 52 else -1, card)


#: :func:`_by_rank` of every card, 0..53 (the sort key of the hot path)
_BY_RANK = tuple(_by_rank(card) for card in range(54))


def _assemble(t: _Table, solver: _Solver, cards: Sequence[int], by_rank: dict[int, list[int]],
              chosen: dict[int, int], keep: int, total: int) -> ComboScore:
    picked = {r: by_rank[r][:c] for r, c in chosen.items()}
    units: list[Unit] = []
    reusable_cards = [c for r in sorted(picked, reverse=True) if r in t.reusable
                      for c in picked[r]]
    # rule: an Ace counts on its own and again in each pair (source C)
    for card in reusable_cards:
        if t.single[rank_of(card)]:
            units.append(((card,), t.single[rank_of(card)]))
    for a, b in pairs_of(reusable_cards, 2):
        if t.pair[rank_of(a)][rank_of(b)]:
            units.append(((a, b), t.pair[rank_of(a)][rank_of(b)]))
    present = frozenset(r for r in picked if r in t.reusable)
    pools = {r: list(cs) for r, cs in picked.items() if r not in t.reusable}
    vector = tuple(len(pools.get(r, ())) for r in solver.nonreusable)
    key = (present, vector)
    path = solver.paths.get(key)
    if path is None:
        path = solver.paths[key] = solver.path(present, vector)
    for rank, partner, with_reusable in path:
        card = pools[rank].pop(0)
        if with_reusable:
            if partner is None:
                if t.single[rank]:
                    units.append(((card,), t.single[rank]))
            else:
                units.append(((picked[partner][0], card), t.pair[partner][rank]))
        else:
            assert partner is not None
            other = pools[partner].pop(0)
            units.append(((card, other), t.pair[rank][partner]))
    assert sum(points for _, points in units) == total
    return ComboScore(kept=_kept(cards, picked, keep), units=tuple(units), total=total)


def _kept(cards: Sequence[int], picked: dict[int, list[int]], keep: int) -> tuple[int, ...]:
    """The kept cards: those ``picked`` by rank for the combinations, filled up to ``keep``
    with the highest others, best first."""
    kept = [c for cs in picked.values() for c in cs]
    taken = set(kept)
    by_rank = _BY_RANK.__getitem__
    rest = sorted([c for c in cards if c not in taken], key=by_rank, reverse=True)
    kept += rest[:keep - len(kept)]
    kept.sort(key=by_rank, reverse=True)
    return tuple(kept)
