"""pitchkit match: duplicate deals, seatings, and the interval on the difference."""

from __future__ import annotations

from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.load import load_variant
from pitchkit.match import match, seatings


def test_each_bot_holds_every_seat_equally_often() -> None:
    assert seatings(2) == [(0, 1), (1, 0)]
    assert seatings(4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    three = seatings(3)
    assert len(three) == 6
    for seat in range(3):
        assert sum(s[seat] for s in three) == 3  # B in each seat half the time


def test_a_bot_against_itself_is_exactly_even_on_every_deal() -> None:
    # the same cards in every seating and the same bot: the seatings mirror each other
    result = match(load_variant("pimps-and-hoes"), bots="heuristic,heuristic", deals=6,
                   seed=3)
    assert result.shares == [0.5] * 6
    summary = result.summary()
    assert summary["difference"]["mean"] == 0.0
    assert summary["games"] == 12


def test_heuristic_beats_random_in_a_match_with_the_interval_above_even() -> None:
    result = match(load_variant("auction-pitch"), bots="heuristic,random", deals=20, seed=1)
    summary = result.summary()
    assert summary["difference"]["low"] > 0
    assert summary["win_share_a"]["low"] > 0.5


def test_money_variants_report_the_money_difference() -> None:
    result = match(load_variant("money-pitch"), bots="heuristic,random", deals=3, seed=1,
                   hands=5)
    money = result.summary()["money_per_game_difference"]
    assert money["mean"] > 0


def test_match_command_prints_the_difference_and_refuses_one_bot() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["match", "pimps-and-hoes", "--bots", "heuristic,random",
                              "--games", "3"])
    assert out.exit_code == 0, out.output
    assert "difference A - B" in out.output
    bad = runner.invoke(app, ["match", "pimps-and-hoes", "--bots", "heuristic"])
    assert bad.exit_code == 2
    assert "two bots" in bad.output
