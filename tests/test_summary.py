"""The opening sentences of simulate and compare: what they claim, and when they warn."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.compare_text import compare_lines
from pitchkit.report import rows
from pitchkit.stats import Stats
from pitchkit.summary import (
    SET_RATE_WARNING,
    compare_findings,
    findings,
    interval,
    opening,
    warnings,
)

runner = CliRunner()


def make_stats(*, seat_wins: tuple[int, ...] = (250, 250, 250, 250), games: int = 1000,
               hands_hist: dict[str, int] | None = None, bots: str = "heuristic",
               contracts: int = 6000, made: int = 4500, thrown_in: int = 0,
               pos_score: tuple[float, ...] = (0.6, 0.6, 0.6, 0.6), cut_off: int = 0,
               **extra: Any) -> Stats:
    """A 4-seat auction run with the given counts; score per position has sd 1."""
    hist = hands_hist or {"5": games // 2, "7": games - games // 2}
    hands = sum(int(k) * v for k, v in hist.items())
    stats = Stats(variant="test", rules_hash="x", seed=1, bots=[bots] * 4,
                  team_of=[0, 1, 2, 3], point_names=["high", "low", "jack", "game"],
                  has_auction=True, money=False, combinations=False, hands_limit=1000,
                  games_requested=games, **extra)
    stats.games, stats.hands, stats.cut_off = games, hands, cut_off
    stats.seat_wins = list(seat_wins)
    stats.hands_hist = hist
    stats.bot_seat_games = {bots: 4 * games}
    stats.bot_seat_wins = {bots: sum(seat_wins)}
    stats.bot_games_won = {bots: sum(seat_wins)}
    stats.contracts, stats.thrown_in = contracts, thrown_in
    stats.bids, stats.bids_made = {"2": contracts}, {"2": made}
    stats.pos_pitched = [contracts // 4] * 4
    stats.pos_made = [made // 4] * 4
    stats.pos_score = [round(m * hands) for m in pos_score]
    stats.pos_score_sq = [round((1 + m * m) * hands) for m in pos_score]
    return stats


def test_a_favoured_seat_is_named_with_its_interval_and_the_equal_share() -> None:
    text = " ".join(findings(make_stats(seat_wins=(310, 230, 230, 230))))
    assert "Seat 1 wins 31.0% of games, more than the 25.0% an equal seat would" in text
    assert "[95%: 28.2–33.9%]" in text
    assert "the seats are not equal (p < 0.001)" in text


def test_equal_seats_are_said_to_be_equal() -> None:
    text = " ".join(findings(make_stats(seat_wins=(255, 245, 250, 250))))
    assert "No seat is favoured: each wins 24.5–25.5% of games" in text
    assert "not equal" not in text


def test_the_dealer_scoring_most_is_said_only_when_significant() -> None:
    ahead = " ".join(findings(make_stats(pos_score=(0.9, 0.6, 0.6, 0.6))))
    assert "scores 0.90 points a hand" in ahead
    assert "more than any other position (0.60)" in ahead
    level = " ".join(findings(make_stats(pos_score=(0.61, 0.6, 0.6, 0.6))))
    assert "not clearly more or less than every other position" in level
    behind = " ".join(findings(make_stats(pos_score=(-0.9, -0.6, -0.5, -0.4))))
    assert "less than any other position (-0.60 to -0.40)" in behind


def test_game_length_and_set_rate_are_stated_with_intervals() -> None:
    text = " ".join(findings(make_stats()))
    assert "A game lasts 6.00 hands on average [95%: 5.94–6.06]" in text
    assert "9 games in 10 end within 7 hands" in text
    assert "The pitcher is set (misses the bid) in 25.0% of contracts" in text


def test_a_set_rate_above_the_threshold_warns_about_the_bots() -> None:
    contracts = 6000
    over = make_stats(contracts=contracts, made=int(contracts * (1 - SET_RATE_WARNING)) - 60)
    under = make_stats(contracts=contracts, made=int(contracts * (1 - SET_RATE_WARNING)) + 60)
    assert any("set rate follows that margin" in w for w in warnings(over))
    assert not any("set rate" in w for w in warnings(under))
    learned = make_stats(contracts=contracts, made=int(contracts * (1 - SET_RATE_WARNING)) - 60,
                         bots="calibrated")
    assert any("not simply overbidding" in w for w in warnings(learned))
    # a bot of the user's own (or random bids): neither learned nor hand-tuned, as far
    # as the report knows
    for bots in ("mybots:Careful", "random"):
        own = make_stats(contracts=contracts,
                         made=int(contracts * (1 - SET_RATE_WARNING)) - 60, bots=bots)
        said = [w for w in warnings(own) if "set rate" in w]
        assert len(said) == 1 and "how these bots bid" in said[0]
        assert "hand-tuned" not in said[0] and "learned in self-play" not in said[0]


def test_a_set_rate_under_the_threshold_is_said_to_be_the_bots_as_much() -> None:
    contracts = 6000
    limit = int(contracts * (1 - SET_RATE_WARNING))
    under = " ".join(findings(make_stats(contracts=contracts, made=limit + 60,
                                         bots="calibrated")))
    over = " ".join(findings(make_stats(contracts=contracts, made=limit - 60,
                                        bots="calibrated")))
    said = "a figure of these bots' bidding and card play as much as of the rules"
    assert said in under
    assert said not in over  # the caution says it at length there


def test_random_bots_cut_off_games_and_thrown_in_deals_are_warned_about() -> None:
    assert any("Random bots play any legal action" in w
               for w in warnings(make_stats(bots="random")))
    assert warnings(make_stats()) == []
    cut = warnings(make_stats(cut_off=40))
    assert any("40 games (4.0%) reached 1000 hands and were cut off" in w for w in cut)
    capped = make_stats(cut_off=40)
    capped.deals_limit = 10000
    assert any("reached 1000 hands or 10000 deals (thrown-in deals included) and were cut off"
               in w for w in warnings(capped))
    thrown = warnings(make_stats(thrown_in=900))
    assert any("thrown in" in w for w in thrown)


def test_few_games_are_said_to_give_wide_intervals() -> None:
    assert any("intervals are wide" in w for w in warnings(make_stats(
        games=50, seat_wins=(13, 12, 12, 13))))


def test_opening_lines_fit_80_columns_and_put_warnings_after_findings() -> None:
    lines = opening(make_stats(bots="random"))
    assert all(len(line) <= 80 for line in lines)
    text = " ".join(lines)
    assert text.index("A game lasts") < text.index("Caution:")


def test_interval_spelling() -> None:
    rate = next(r for r in rows(make_stats()) if r.label == "pitcher set (bid not made)")
    assert interval(rate) == "[95%: 23.9–26.1%]"


def test_compare_states_only_significant_changes() -> None:
    base = make_stats()
    longer = make_stats(hands_hist={"6": 500, "8": 500})
    same = make_stats(seat_wins=(255, 245, 250, 250))
    text = " ".join(compare_findings([base, longer, same], ["A", "B", "C"]))
    assert "Under B, games are longer, 7.00 hands on average against 6.00 (p < 0.001)" in text
    assert "Who wins and set rate do not change significantly under B" in text
    assert "Who wins, game length and set rate do not change significantly under C" in text
    assert "Under C," not in text


def test_compare_names_a_seat_whose_win_rate_changed() -> None:
    moved = make_stats(seat_wins=(330, 220, 225, 225))
    text = " ".join(compare_findings([make_stats(), moved], ["A", "B"]))
    assert "who wins changes: seat 1 wins 33.0% of games against 25.0%" in text


@pytest.mark.parametrize("variants", [
    ["auction-pitch", "auction-pitch@points.low_goes_to=holder"],
    ["auction-pitch", "money-pitch", "partnership-pitch@scoring.target=11"],
])
def test_compare_fits_80_columns(variants: list[str]) -> None:
    result = runner.invoke(app, ["compare", *variants, "--games", "6", "--bots", "random"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "  A  auction-pitch" in lines
    assert "Random bots play any legal action" in " ".join(lines)


def test_two_runs_sit_side_by_side_with_a_marked_difference() -> None:
    lines = compare_lines([make_stats(), make_stats(hands_hist={"6": 500, "8": 500})])
    mean = next(line for line in lines if line.startswith("  mean"))
    assert mean.split() == ["mean", "6.00", "[5.94–6.06]", "7.00", "[6.94–7.06]", "*"]


def test_simulate_opens_with_the_findings() -> None:
    result = runner.invoke(app, ["simulate", "auction-pitch", "--games", "20", "--seed", "3",
                                 "--bots", "heuristic"])
    assert result.exit_code == 0, result.output
    head = result.output.split("win rate by seat")[0]
    assert "A game lasts" in head and "Only 20 games" in head


def test_the_equal_share_leaves_out_games_without_a_winner() -> None:
    text = " ".join(findings(make_stats(seat_wins=(200, 200, 200, 200), cut_off=200)))
    assert "against 20.0% for an equal seat" in text
