"""Combination scoring (source C): each clause, the worked example, and a brute force."""

from __future__ import annotations

import dataclasses
import functools
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import combos
from pitchkit.cards import RANKS, parse_card, rank_of
from pitchkit.combos import (
    ComboScore,
    _shared_solver,
    _table,
    best_combination,
    best_kept,
    best_total,
    kept_mask,
    mask_total,
)
from pitchkit.variant import Combinations


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def score(text: str, table: Combinations | None = None) -> ComboScore:
    return best_combination(table or Combinations(), cards(text))


def test_worked_example_scores_37() -> None:
    # rule: best 7 = A Q Q K J 10 7 -> Ace 8, A+Q 10, A+Q 10, A+K 5, A+J 4 = 37 (source C)
    result = score("AS QH QD KC JS TS 7H")
    assert result.total == 37
    assert sorted(points for _, points in result.units) == [4, 5, 8, 10, 10]
    assert len(result.kept) == 7


def test_ace_counts_alone_and_in_each_pair() -> None:
    # rule: an Ace counts on its own and again with each King, Queen and Jack (source C)
    result = score("AS KH QD JC")
    assert result.total == 8 + 5 + 10 + 4
    ace = parse_card("AS")
    assert sum(ace in unit for unit, _ in result.units) == 4


def test_each_ace_counts_alone_but_a_queen_only_once() -> None:
    # two aces each score 8; the queen pairs with one of them only
    assert score("AS AH QD").total == 8 + 8 + 10


def test_other_cards_count_once() -> None:
    # K Q Q: K+Q 8 and the other Q alone 2 beat Q+Q 5 and K 2; nothing counts twice
    result = score("KS QH QD")
    assert result.total == 10
    used = [c for unit, _ in result.units for c in unit]
    assert len(used) == len(set(used))


# Expected totals worked out by hand from the source's table (not from the code's table).
SINGLE_CASES = {"A": 8, "K": 2, "Q": 2, "J": 1, "T": 0, "7": 0, "2": 0}
PAIR_CASES = {
    "AQ": 8 + 10, "AK": 8 + 5, "AJ": 8 + 4, "KQ": 8, "QJ": 7, "QQ": 5, "KK": 5, "JJ": 3,
    "KJ": 4,
}


@pytest.mark.parametrize(("rank", "total"), SINGLE_CASES.items())
def test_single_card_of_the_table(rank: str, total: int) -> None:
    assert score(rank + "S").total == total


@pytest.mark.parametrize(("pair", "total"), PAIR_CASES.items())
def test_pair_of_the_table(pair: str, total: int) -> None:
    result = score(f"{pair[0]}S {pair[1]}H")
    assert result.total == total
    assert any(len(unit) == 2 for unit, _ in result.units)


def test_ten_and_small_cards_score_nothing() -> None:
    assert score("TS 9H 8D 7C 2S").total == 0
    assert score("TS 9H 8D 7C 2S").units == ()


def test_keep_best_seven_of_the_captured() -> None:
    result = score("2S 3S 4S TS 9S AH KH QH QD JD JC")
    assert len(result.kept) == 7
    assert parse_card("2S") not in result.kept
    # A K Q Q J J + one more: A 8, A+Q 10, A+Q 10, A+K 5, J+J 3 = 36 ... or A+J 4s
    assert result.total == 8 + 10 + 10 + 5 + 4 + 4


@pytest.mark.setting("combinations.keep")
def test_keep_setting_limits_cards() -> None:
    table = dataclasses.replace(Combinations(), keep=2)
    assert score("AS QH KD JC", table).total == 18


def test_fewer_cards_than_keep_keeps_all() -> None:
    assert score("AS").kept == (parse_card("AS"),)
    assert score("").total == 0


def test_jokers_score_nothing() -> None:
    result = best_combination(Combinations(), [52, 53, parse_card("KS")])
    assert result.total == 2


@pytest.mark.setting("combinations.reusable")
def test_reusable_setting() -> None:
    table = dataclasses.replace(Combinations(), reusable=())
    # the ace now counts once: A 8 + K+Q 8 + J 1, or A 8 + Q+J 7 + K 2
    assert score("AS KH QD JC", table).total == 17
    both = dataclasses.replace(Combinations(), reusable=("A", "K"))
    # K reusable too: A 8, K 2, A+K 5; the queen and jack still count once each:
    # A+Q 10, A+J 4 (or K+J 4)
    assert score("AS KH QD JC", both).total == 29


def test_reusable_cards_of_one_rank_pair_with_each_other() -> None:
    # three reusable aces with an ace pair: each ace alone and every two of them a pair
    table = Combinations(keep=7, singles=(("A", 8),), pairs=(("AA", 5),), reusable=("A",))
    assert score("AS AH AD", table).total == 3 * 8 + 3 * 5
    assert score("AS AH", table).total == 2 * 8 + 5
    # two reusable ranks: every ace with every king, and each card alone
    two = Combinations(keep=7, singles=(("A", 8), ("K", 2)), pairs=(("AK", 5),),
                       reusable=("A", "K"))
    assert score("AS AH KS KH", two).total == 2 * 8 + 2 * 2 + 2 * 2 * 5
    for text, t in (("AS AH AD", table), ("AS AH KS KH", two)):
        assert best_total(t, cards(text)) == brute_force(t, cards(text)) \
            == score(text, t).total


def test_pair_written_either_way() -> None:
    table = dataclasses.replace(Combinations(), singles=(), pairs=(("QA", 3), ("AQ", 6)))
    assert score("AS QH", table).total == 6


def test_duplicate_card_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        best_combination(Combinations(), [1, 1])


def test_units_add_up_and_use_kept_cards() -> None:
    result = score("AS AH KC KD QS QH JD JC TS")
    assert sum(points for _, points in result.units) == result.total
    for unit, _ in result.units:
        assert set(unit) <= set(result.kept)


# The kept cards and the combinations are read by more than the total: `pitchkit score`
# prints both, and the bots' stage choices (HeuristicBot.stage_worth via kept_mask,
# MonteCarloBot.selections via best_combination) favour the kept cards. So which cards
# are kept, and with which partner a card is shown, when choices tie is pinned too.


def test_equal_totals_keep_the_higher_rank() -> None:
    # K and Q pair with each other (one group): with one card kept each is worth 2 alone;
    # the king is kept (the counts of a group are tried from its highest rank down)
    for text in ("KS QH", "QH KS"):
        result = score(text, dataclasses.replace(Combinations(), keep=1))
        assert (result.kept, result.total) == ((parse_card("KS"),), 2)


def test_equal_totals_across_groups_keep_the_higher_rank() -> None:
    # rule: ranks that never pair with each other are independent groups; on a tie
    # between groups the higher rank is kept too, as within a group (a king and a queen
    # worth 2 each alone, no pair between them: one card kept, the king)
    table = Combinations(keep=1, singles=(("K", 2), ("Q", 2)), pairs=())
    for text in ("KS QH", "QH KS"):
        result = score(text, table)
        assert (result.kept, result.total) == ((parse_card("KS"),), 2)
    # two cards kept of K, Q, J worth 2 each: the king and the queen
    result = score("JD QH KS", dataclasses.replace(table, keep=2,
                                                   singles=(("K", 2), ("Q", 2), ("J", 2))))
    assert (result.kept, result.total) == ((parse_card("KS"), parse_card("QH")), 4)
    # by the ranks tied, not by the groups' order: the 3 pairs with a king (held), so its
    # group comes before the queen's; one card kept, the queen and a 3 worth 3 each
    linked = Combinations(keep=1, singles=(("Q", 3), ("3", 3)), pairs=(("3K", 6),))
    for text in ("3S QH KD", "KD 3S QH"):
        result = score(text, linked)
        assert (result.kept, result.total) == ((parse_card("QH"),), 3)


def test_equal_totals_keep_the_most_reusable_cards() -> None:
    # rule: the counts of the reusable ranks are tried from the most down, and a choice
    # replaces the best only when it scores more
    table = Combinations(keep=1, singles=(("A", 2), ("K", 2)), pairs=(), reusable=("A",))
    assert score("KH AS", table).kept == (parse_card("AS"),)
    # ... even when nothing scores: a card of a reusable rank that scores (with a king,
    # not held) is kept rather than a higher card of a rank the table never mentions
    two = Combinations(keep=1, singles=(("K", 2),), pairs=(("2K", 4),), reusable=("2",))
    result = score("TH 2S", two)
    assert (result.kept, result.total, result.units) == ((parse_card("2S"),), 0, ())


def test_ranks_the_table_never_scores_only_fill_the_kept_cards() -> None:
    # rule: a rank the table never mentions scores nothing and only fills the kept cards,
    # highest first, even when it is listed reusable (it is no choice to make)
    table = Combinations(keep=2, singles=(("J", 2),), pairs=(), reusable=("2",))
    result = score("2D 9H JS", table)
    assert result.kept == (parse_card("JS"), parse_card("9H"))
    assert result.total == 2


def test_card_pairs_with_the_highest_reusable_rank_on_a_tie() -> None:
    # the queen counts once; an ace and a king (both reusable) pair with it for 5 each:
    # the combination shown is with the ace
    table = Combinations(keep=7, singles=(), pairs=(("AQ", 5), ("KQ", 5)), reusable=("A", "K"))
    for text in ("AS KH QD", "QD KH AS"):
        result = score(text, table)
        assert result.units == (((parse_card("AS"), parse_card("QD")), 5),)


def test_units_list_reusable_cards_highest_rank_first() -> None:
    # `pitchkit score` lists the combinations in this order: the reusable cards' singles,
    # highest rank first, then their pairs (higher card first)
    table = Combinations(keep=7, singles=(("A", 8), ("K", 2)), pairs=(("AK", 5),),
                         reusable=("A", "K"))
    ace, king = parse_card("AS"), parse_card("KH")
    assert score("KH AS", table).units == (((ace,), 8), ((king,), 2), ((ace, king), 5))


def test_large_groups_are_searched_exactly() -> None:
    # groups of more than three ranks that pair with each other are searched by branch and
    # bound; it prunes nothing that could do better (totals worked out by hand)
    # 6 pairs with each of Q, 8, 4 for 1: keeping one card, the 6 alone (5) beats the 8 (4)
    star = Combinations(keep=1, singles=(("8", 4), ("6", 5)),
                        pairs=(("Q6", 1), ("86", 1), ("46", 1)), reusable=())
    # a chain J-3-A-2: keeping two cards, J+3 (2) beats A+3 or A+2 (1)
    chain = Combinations(keep=2, singles=(), pairs=(("J3", 2), ("3A", 1), ("2A", 1)),
                         reusable=())
    for table, text, kept, total in ((star, "6D 8H QH 4D", "6D", 5),
                                     (chain, "AH 3D JD 2H", "JD 3D", 2)):
        result = score(text, table)
        assert (result.kept, result.total) == (tuple(cards(kept)), total)
        assert brute_force(table, cards(text)) == total


def test_a_table_is_found_by_identity_not_by_a_reused_id(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    # the tables are cached by id() of the Combinations asked; an object that died may
    # leave its id to a new one, whose entry then holds another table: it is not used
    table = dataclasses.replace(Combinations(), keep=1)
    # stands for the dead object that held table's id: its table scores a king 9
    dead = Combinations(keep=1, singles=(("K", 9),), pairs=(), reusable=())
    t = _table(dead)
    monkeypatch.setitem(combos._TABLES, id(table), (dead, t, _shared_solver(t)))
    assert best_total(table, cards("AS KS")) == 8
    assert best_combination(table, cards("AS KS")).kept == (parse_card("AS"),)


# ------------------------------------------------------------------ brute force


def brute_force(table: Combinations, hand: list[int]) -> int:
    """Every choice of kept cards, every assignment, straight from the rule text."""
    single = dict(table.singles)
    pair: dict[frozenset[str] | tuple[str, str], int] = {}
    for letters, points in table.pairs:
        key = (min(letters[0], letters[1]), max(letters[0], letters[1]))
        pair[key] = max(pair.get(key, 0), points)

    def letter(c: int) -> str:
        return RANKS[rank_of(c)] if c < 52 else "*"

    def pv(a: int, b: int) -> int:
        x, y = letter(a), letter(b)
        return pair.get((min(x, y), max(x, y)), 0)

    # the same cards left to assign are met again down other branches: worked out once
    @functools.cache
    def assign(reusable: tuple[int, ...], others: tuple[int, ...]) -> int:
        if not others:
            return 0
        first, rest = others[0], others[1:]
        tail = assign(reusable, rest)
        best = single.get(letter(first), 0) + tail  # alone
        for r in reusable:  # once, in a pair with a reusable card
            best = max(best, pv(r, first) + tail)
        for k, other in enumerate(rest):  # once, in a pair with another card
            best = max(best, pv(first, other) + assign(reusable, rest[:k] + rest[k + 1:]))
        return best

    best = 0
    for kept in combinations(hand, min(table.keep, len(hand))):
        reusable = tuple(c for c in kept if c < 52 and letter(c) in table.reusable)
        others = tuple(c for c in kept if c not in reusable)
        value = sum(single.get(letter(c), 0) for c in reusable)
        value += sum(pv(a, b) for a, b in combinations(reusable, 2))
        best = max(best, value + assign(reusable, others))
    return best


SMALL_RANKS = "AKQJT982"


@st.composite
def tables(draw: st.DrawFn) -> Combinations:
    """Random tables over a few ranks; sparse or dense pairs, a few reusable ranks."""
    singles = tuple((r, draw(st.integers(0, 9))) for r in SMALL_RANKS if draw(st.booleans()))
    pair_keys = [a + b for i, a in enumerate(SMALL_RANKS) for b in SMALL_RANKS[i:]]
    density = draw(st.sampled_from([2, 6, 12]))  # one pair in 2, 6 or 12 present
    pairs = tuple((k, draw(st.integers(0, 12))) for k in pair_keys
                  if draw(st.integers(0, density - 1)) == 0)
    reusable = tuple(r for r in SMALL_RANKS if draw(st.integers(0, 4)) == 0)
    return Combinations(keep=draw(st.integers(1, 8)), singles=singles, pairs=pairs,
                        reusable=reusable)


HAND_POOL = [parse_card(r + s) for r in SMALL_RANKS for s in "SHDC"] + [52]


@pytest.mark.setting("combinations.singles", "combinations.pairs")
@settings(max_examples=300, deadline=None)
@given(tables(), st.lists(st.sampled_from(HAND_POOL), max_size=9, unique=True))
def test_combo_optimum_equals_brute_force(table: Combinations, hand: list[int]) -> None:
    result = best_combination(table, hand)
    assert result.total == brute_force(table, hand)
    assert len(result.kept) == min(table.keep, len(hand))
    assert sum(points for _, points in result.units) == result.total
    # the kept cards themselves reach the total
    assert brute_force(table, list(result.kept)) == result.total


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(HAND_POOL), max_size=10, unique=True))
def test_default_table_equals_brute_force(hand: list[int]) -> None:
    assert best_combination(Combinations(), hand).total == brute_force(Combinations(), hand)


@settings(max_examples=200, deadline=None)
@given(tables(), st.lists(st.sampled_from(HAND_POOL), max_size=12, unique=True))
def test_best_total_and_best_kept_are_best_combinations_own(table: Combinations,
                                                              hand: list[int]) -> None:
    result = best_combination(table, hand)
    assert best_total(table, hand) == result.total
    assert best_kept(table, hand) == result.kept
    # an equal table that is another object gives the same (the tables are found by identity)
    other = dataclasses.replace(table)
    assert best_total(other, hand) == result.total and best_kept(other, hand) == result.kept


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 53), max_size=26, unique=True))
def test_kept_mask_is_best_kept_of_the_whole_deck(hand: list[int]) -> None:
    """The bots' mask of the kept cards (a hand of a stage, from every rank and both
    jokers) holds the cards best_combination keeps."""
    kept = best_combination(Combinations(), hand).kept
    assert best_kept(Combinations(), hand) == kept
    mask = sum(1 << c for c in hand)
    assert kept_mask(Combinations(), mask) == kept_mask(Combinations(), mask, len(hand)) \
        == sum(1 << c for c in kept)
    assert mask_total(Combinations(), mask) == best_total(Combinations(), hand)


def test_kept_mask_asked_twice_running_answers_for_the_rules_asked() -> None:
    # kept_mask remembers its last answer: the same cards under other combinations (or
    # other cards under the same) are worked out again, not handed the last answer
    hand = cards("AS KH QD JC TS 9H 2C")
    mask = sum(1 << c for c in hand)
    table = Combinations()
    fewer = dataclasses.replace(table, keep=2)
    def kept(rules: Combinations, held: list[int]) -> int:  # not through kept_mask
        return sum(1 << c for c in best_combination(rules, held).kept)

    assert kept(table, hand) != kept(fewer, hand)
    for first, second in ((table, fewer), (fewer, table)):
        assert kept_mask(first, mask) == kept(first, hand)
        assert kept_mask(second, mask) == kept(second, hand)
        assert kept_mask(second, mask & ~(1 << hand[0])) == kept(second, hand[1:])


def test_best_total_and_best_kept_refuse_a_card_listed_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        best_total(Combinations(), [1, 1])
    with pytest.raises(ValueError, match="twice"):
        best_kept(Combinations(), [1, 1])
