"""``pitchkit keep`` interactively: a scripted evening at the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.keep import Table
from pitchkit.keep_file import read_hands_file
from pitchkit.keep_session import KeepSession
from pitchkit.load import load_variant

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def run(variant: str, answers: list[str], *, sets: tuple[str, ...] = (),
        save: Path | None = None, players: list[str] = PLAYERS) -> tuple[Table, str, int]:
    rules = load_variant(variant, sets)
    table = Table(rules, players)
    feed: Iterator[str] = iter(answers)
    out: list[str] = []

    def read(question: str) -> str:
        out.append(question)
        return next(feed)  # StopIteration never: the script ends with EOF below

    def read_or_eof(question: str) -> str:
        try:
            return read(question)
        except StopIteration:
            raise EOFError from None

    session = KeepSession(table, read=read_or_eof, write=out.append, save=save,
                          variant=variant)
    code = session.run()
    return table, "\n".join(out), code


def test_keep_asks_pitcher_bid_and_each_point_then_prints_the_score() -> None:
    table, text, code = run("auction-pitch", ["Ann", "3", "Ann", "Bob", "Ann", "Cy"])
    assert code == 0
    assert "pitcher: " in text and "bid (1-4): " in text and "game: " in text
    assert "hand 1: Ann bid 3 and was set" in text
    assert "score: Ann -3, Bob 1, Cy 1, Di 0" in text
    assert table.scores == [-3, 1, 1, 0]


def test_keep_bad_answers_are_asked_again_with_the_reason() -> None:
    table, text, _ = run("auction-pitch", ["Zed", "2", "9", "3", "all"])
    assert "not that: 'Zed' is not at the table (Ann, Bob, Cy, Di)" in text
    assert "not that: a bid of 9 is outside 1 to 4" in text
    assert table.hands[0].bid == 3 and table.hands[0].pitcher == 1  # Bob, seat number 2


def test_keep_undo_takes_back_the_last_hand() -> None:
    answers = ["Ann", "2", "all",
               "Bob", "2", "Bob", "Bob", "Bob", "Bob",
               "undo",
               "Cy", "1", "Cy", "-", "nobody", "Cy"]
    table, text, _ = run("auction-pitch", answers)
    assert "undone: hand 2" in text
    assert [h.pitcher for h in table.hands] == [0, 2]
    assert table.scores == [4, 0, 2, 0]


def test_keep_game_over_says_who_won_and_undo_can_take_it_back() -> None:
    answers = ["Ann", "1", "all", "undo", "Bob", "1", "all", ""]
    table, text, code = run("auction-pitch", answers, sets=("scoring.target=4",))
    assert "game over: Ann wins (reached the target)" in text
    assert "undone: hand 1" in text
    assert "game over: Bob wins (reached the target)" in text
    assert code == 0 and table.over is not None and table.over.winners == ("Bob",)


def test_keep_money_leave_join_and_moon(tmp_path: Path) -> None:
    save = tmp_path / "evening.yaml"
    answers = ["Cy", "moon", "all", "y",
               "leave Di",
               "join Ed",
               "Ed", "2", "Ed", "Ann", "Ed", "Bob"]
    table, text, _ = run("money-pitch", answers, save=save)
    assert "hand 1: Cy shot the moon and made it" in text
    assert "at the table now: Ann, Bob, Cy" in text
    assert "at the table now: Ann, Bob, Cy, Ed" in text
    money = table.money()
    assert money is not None and sum(money.values()) == 0 and money["Cy"] == 300 + 30 - 10
    assert "money if the game ended now:" in text
    players, hands, _ = read_hands_file(save, table.rules)
    again = Table(table.rules, players or PLAYERS)
    for hand in hands:
        again.add(hand)
    assert again.money() == money and again.scores == table.scores


def test_keep_pimps_and_hoes_asks_each_players_combination_points() -> None:
    table, text, _ = run("pimps-and-hoes", ["37", "20"], players=["Ann", "Bob"])
    assert "Ann's combination points: " in text
    assert table.over is not None and table.over.winners == ("Ann",)


def test_keep_command_interactive_with_players_and_save(tmp_path: Path) -> None:
    save = tmp_path / "t.yaml"
    result = CliRunner().invoke(
        app, ["keep", "auction-pitch", "--players", "Ann,Bob,Cy,Di", "--save", str(save)],
        input="Ann\n2\nall\nscore\nquit\n")
    assert result.exit_code == 0, result.output
    assert "1 hand(s) scored" in result.output
    assert "pitchkit keep auction-pitch --hands" in result.output
    again = CliRunner().invoke(app, ["keep", "auction-pitch", "--hands", str(save)])
    assert "score: Ann 4, Bob 0, Cy 0, Di 0" in again.output


@pytest.mark.parametrize("args, message", [
    (["--players", "Ann,Bob"], "2 players named, but the variant is for 4"),
    (["--players", "Ann,Bob,Ann,Di"], "'Ann' is named twice"),
])
def test_keep_command_bad_players_is_a_usage_error(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["keep", "auction-pitch", *args], input="quit\n")
    assert result.exit_code == 2
    assert message in result.output


def test_keep_everyone_passed_sets_the_dealer_back_without_play() -> None:
    table, text, _ = run("auction-pitch", ["passed Di", "Ann", "2", "all"],
                         sets=("auction.when_all_pass=dealer_set",))
    assert "hand 1: everyone passed; the dealer, Di, is set back" in text
    assert table.scores == [4, 0, 0, -2]


def test_keep_a_sell_auction_asks_who_sold_the_pitch() -> None:
    table, text, _ = run("commercial-pitch", ["Cy", "2", "Bob", "Cy", "Cy", "-", "Ann",
                                              "Di", "1", "-", "all"])
    assert "sold by (the eldest who sold the pitch, or - if not sold): " in text
    assert table.hands[0].score_changes == (1, 2, 2, 0)
    assert table.hands[1].score_changes == (0, 0, 0, 4)


def test_keep_command_goes_on_asking_after_the_file(tmp_path: Path) -> None:
    hands = tmp_path / "so-far.yaml"
    hands.write_text("players: [Ann, Bob, Cy, Di]\n"
                     "hands:\n  - {pitcher: Ann, bid: 2, all: Ann}\n")
    save = tmp_path / "all.yaml"
    result = CliRunner().invoke(
        app, ["keep", "auction-pitch", "--hands", str(hands), "--ask", "--save", str(save)],
        input="Bob\n2\nall\n")
    assert result.exit_code == 0, result.output
    assert "hand 2: Bob bid 2 and made it" in result.output
    assert "2 hand(s) scored" in result.output
    players, saved, _ = read_hands_file(save, load_variant("auction-pitch"))
    assert players == PLAYERS and [h.pitcher for h in saved] == ["Ann", "Bob"]


def test_keep_command_players_must_agree_with_the_file(tmp_path: Path) -> None:
    hands = tmp_path / "t.yaml"
    hands.write_text("players: [Ann, Bob, Cy, Di]\nhands: []\n")
    result = CliRunner().invoke(app, ["keep", "auction-pitch", "--hands", str(hands),
                                      "--players", "W,X,Y,Z"])
    assert result.exit_code == 2
    assert "differs from the players in" in result.output


def test_keep_asks_whether_the_pitcher_went_alone() -> None:
    # auction.alone (issue 10): a made bid played alone scores double
    table, text, _ = run("partnership-pitch", ["Ann", "4", "y", "all"],
                         sets=("auction.alone=true", "auction.pitch_to_bid=false"))
    assert "did the pitcher go alone? (y/n): " in text
    assert table.scores == [8, 0, 8, 0]
