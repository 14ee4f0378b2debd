"""The calibration table's verdict (``benchmarks/bench_strength.py``): whether a bid
level's learned estimate is within 0.25 points of what is realised.

*yes* when the difference is within the bar, *no* when its whole 95% interval is beyond,
otherwise *too few to tell* with about how many contracts would tell: those that narrow
the interval (as one over the root of the count) until, if the difference held, the
whole interval is beyond the bar.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.bench_helpers import load_benchmark

BENCH = load_benchmark("bench_strength")
verdict = BENCH.verdict
BAR = BENCH.BAR


def needed_of(text: str) -> int:
    found = re.search(r"~([\d,]+) contracts would tell", text)
    assert found, text
    return int(found.group(1).replace(",", ""))


def narrowed(diff: float, half: float, count: float, more: float) -> str:
    """The verdict on ``more`` contracts of the same difference and spread."""
    return verdict(diff, half * (count / more) ** 0.5, more)


@pytest.mark.parametrize("diff", [0.0, 0.25, -0.25, 0.1, -0.2])
def test_a_difference_within_the_bar_is_yes_however_wide_its_interval(diff: float) -> None:
    assert BAR == 0.25
    assert verdict(diff, 3.0, 5) == "yes"
    assert verdict(diff, 0.01, 100_000) == "yes"


@pytest.mark.parametrize("diff", [0.3, -0.3, 0.71, -0.71, 4.0])
def test_a_difference_whose_whole_interval_is_beyond_the_bar_is_no(diff: float) -> None:
    assert verdict(diff, abs(diff) - BAR - 0.01, 385) == "no"


def test_a_difference_whose_interval_reaches_inside_is_too_few_to_tell() -> None:
    # 0.35 +- 0.2 over 1,000 contracts: beyond the bar by 0.1, so the interval must narrow
    # to +-0.1, four times the contracts (not the 640 that narrow it to +-0.25)
    text = verdict(0.35, 0.2, 1000)
    assert text.startswith("too few to tell (+-0.20;")
    assert needed_of(text) == 4000
    assert needed_of(verdict(-0.35, 0.2, 1000)) == 4000


@given(diff_sign=st.sampled_from([1.0, -1.0]),
       half=st.floats(min_value=0.01, max_value=3.0),
       # (at reach 1.0 the interval ends on the bar itself, where rounding decides)
       reach=st.floats(min_value=0.02, max_value=0.98),
       count=st.integers(min_value=50, max_value=200_000))
def test_the_contracts_that_would_tell_are_where_the_interval_leaves_the_bar(
        diff_sign: float, half: float, reach: float, count: int) -> None:
    diff = diff_sign * (BAR + half * reach)  # beyond the bar, its interval reaching inside
    text = verdict(diff, half, count)
    assert text.startswith("too few to tell")
    needed = needed_of(text)
    assert needed >= count
    # the same difference on a few more contracts than that is told (no), on a few fewer
    # it is not yet
    assert narrowed(diff, half, count, needed * 1.03) == "no"
    assert narrowed(diff, half, count, needed * 0.97).startswith("too few to tell")


def test_fresh_deals_at_a_games_hand_starts_give_contracts_at_the_levels_asked_only(
) -> None:
    from pitchkit.bots import parse_bots
    from pitchkit.load import load_variant
    from pitchkit.simulate import Setup, play_game

    rules = load_variant("cinch")
    specs = parse_bots("calibrated", 4)
    setup = Setup(rules=rules, seed="t", bots=tuple(specs), hand_limit=1000, endless=False)
    key = "calibration-check:0"
    game, _ = play_game(setup, key, [spec.make(rules, s, random.Random(
        f"{key}:seat{s}")) for s, spec in enumerate(specs)])
    levels = frozenset({7, 8})
    fresh = BENCH.fresh_contracts(rules, specs, game, key, levels, 3)
    assert fresh and {hand.bid for _, hand, _ in fresh} <= levels
    # each is a hand dealt at one of the game's hand starts: its dealer and the scores
    # before it
    starts = {(hand.dealer, tuple(a - b for a, b in zip(hand.scores, hand.score_changes,
                                                         strict=True)))
              for hand in game.hand_results}
    for held, hand, team in fresh:
        before = tuple(a - b for a, b in zip(hand.scores, hand.score_changes, strict=True))
        assert (hand.dealer, before) in starts
        assert held.bit_count() == rules.deal.cards_per_hand
        assert team == game.team_of
    # seeded by the game's key, the start and the deal: the same again; fewer deals a
    # start give a part of them
    assert [(h, r) for h, r, _ in BENCH.fresh_contracts(rules, specs, game, key, levels, 3)] \
        == [(h, r) for h, r, _ in fresh]
    one = BENCH.fresh_contracts(rules, specs, game, key, levels, 1)
    assert len(one) < len(fresh) and all(c in [(h, r) for h, r, _ in fresh]
                                         for c in [(h, r) for h, r, _ in one])
    assert BENCH.fresh_contracts(rules, specs, game, key, frozenset()) == []


@pytest.mark.parametrize(("made", "count"), [(0, 10), (10, 10), (7, 10), (480, 1000)])
def test_the_make_rates_interval_holds_the_share_and_stays_in_bounds(made: int,
                                                                     count: int) -> None:
    low, high = BENCH.wilson(made, count)
    assert 0.0 <= low <= made / count <= high <= 1.0
    assert high - low > 0  # a share of 0% or 100% still has an interval
    # about the normal interval's width where the count is large and the share inside
    if count >= 1000:
        half = 1.96 * (0.48 * 0.52 / count) ** 0.5
        assert (high - low) / 2 == pytest.approx(half, rel=0.01)


def test_an_update_replaces_the_sections_of_the_variants_run_and_keeps_the_others(
        tmp_path: Path) -> None:
    page = tmp_path / "calibration.md"
    BENCH.write_markdown(str(page), ["### cinch", "", "old cinch", "", "### smear", "",
                                     "old smear", ""], "--only calibration")
    BENCH.write_markdown(str(page), ["### cinch", "", "new cinch", ""],
                         "--only calibration --variants cinch", update=True)
    text = page.read_text(encoding="utf-8")
    assert "new cinch" in text and "old smear" in text and "old cinch" not in text
    # the head of a page of many runs names the command's form, not the last run's variants
    assert "--variants VARIANT" in text and "--variants cinch" not in text
    assert text.index("### cinch") < text.index("### smear")
    # without update the page holds the variants run alone
    BENCH.write_markdown(str(page), ["### cinch", "", "newer cinch", ""], "--only calibration")
    text = page.read_text(encoding="utf-8")
    assert "newer cinch" in text and "smear" not in BENCH.sections(text)


def test_an_existing_page_is_kept_unless_update_or_force_is_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "calibration.md"
    page.write_text("a user's page\n", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["bench_strength.py", "--only", "calibration",
                                      "--variants", "cinch", "--markdown", str(page)])

    def played(*_: object) -> list[str]:
        raise AssertionError("the games were played before the page was refused")

    monkeypatch.setattr(BENCH, "part_calibration", played)
    with pytest.raises(SystemExit) as stopped:
        BENCH.main()  # refused before any game is played
    assert "exists" in str(stopped.value.code) and "--force" in str(stopped.value.code)
    assert page.read_text(encoding="utf-8") == "a user's page\n"
