"""``pitchkit keep``: the table scorekeeper scores as the engine does, from who took what."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitchkit.actions import PASS, SELL
from pitchkit.cli import app
from pitchkit.engine import Game, Phase
from pitchkit.keep import MOON, Table, TableError, TableHand
from pitchkit.keep_file import apply_hands, hands_yaml, read_hands_file
from pitchkit.load import load_variant, shipped_variants
from pitchkit.results import HandResult
from pitchkit.variant import WhenAllPass

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def sellers(game: Game) -> list[int | None]:
    """Per deal, the seat that sold the pitch (auction.style sell), else None."""
    out: list[int | None] = []
    for event in game.events:
        if event.kind == "deal":
            out.append(None)
        elif event.kind == "action" and event.action == SELL:
            out[-1] = event.seat
    return out


def told(result: HandResult, names: list[str], game: Game,
         seller: int | None = None) -> TableHand:
    """What the players at the table would tell of a hand the engine played."""
    if result.thrown_in:
        return TableHand(everyone_passed=names[result.dealer])
    pitcher = None if result.pitcher is None else names[result.pitcher]
    all_tricks = None
    if result.moon and result.pitcher is not None:
        team_of = game.team_of
        side = [s for s in range(len(names)) if team_of[s] == team_of[result.pitcher]]
        all_tricks = sum(result.tricks_won[s] for s in side) == sum(result.tricks_won)
    combinations = None
    if result.combo_points is not None:
        combinations = {names[s]: p for s, p in enumerate(result.combo_points)}
    return TableHand(
        pitcher=pitcher, bid=result.bid,
        points={name: tuple(names[s] for s in seats) for name, seats in result.points.items()},
        combinations=combinations, all_tricks=all_tricks,
        sold_by=None if seller is None else names[seller],
        partner=None if result.partner is None else names[result.partner])


def random_game(variant: str, seed: int, hands: int = 60) -> Game:
    name, *sets = variant.split("@")
    rules = load_variant(name, sets)
    game = Game(rules, random.Random(seed))
    rng = random.Random(seed + 1000)
    while game.phase is not Phase.OVER and game.hands_played < hands:
        if game.phase is Phase.DEAL:
            game.deal_random()
        elif PASS in game.legal_actions() and rng.random() < 0.6:
            game.apply(PASS)  # timid bidders: every kind of auction end, all passing too
        else:
            game._apply_random(rng)
    return game


@pytest.mark.parametrize("variant", [
    *(name for name, _ in shipped_variants()),
    "auction-pitch@auction.when_all_pass=dealer_set",
    "partnership-pitch@scoring.count=down@scoring.win_needs_made_bid=true",
    "money-pitch@scoring.target=11@scoring.losing_score=-5@moon.failed_loses_game=true",
    "auction-pitch@points.items=[{point: high}, {point: low}, {card: five_of_trumps, "
    "value: 5}, {card: three_of_trumps, value: 3, goes_to: holder}, {point: game}]"
    "@auction.max_bid=9@scoring.target=21",
])
@pytest.mark.parametrize("seed", range(4))
def test_keep_scores_every_hand_as_the_engine_did(variant: str, seed: int) -> None:
    game = random_game(variant, seed)
    rules = game.rules
    names = [f"P{s + 1}" for s in range(rules.players.count)]
    table = Table(rules, names)
    for result, seller in zip(game.hand_results, sellers(game), strict=True):
        if result.thrown_in and rules.auction.when_all_pass is not WhenAllPass.DEALER_SET:
            continue  # a deal thrown in and dealt again: nothing to tell
        scored = table.add(told(result, names, game, seller))
        assert scored is not None
        assert scored.score_changes == result.score_changes
        assert scored.scores == result.scores
        assert scored.made == result.made
    outcome = game.outcome
    if outcome is None:
        assert table.over is None
    else:
        assert table.over is not None
        assert table.over.winners == tuple(names[s] for s in outcome.winners)
        assert table.over.draw == outcome.draw
    settlement = game.settlement()
    if settlement is not None:
        assert table.money() == {names[p]: cents for p, cents in settlement.items()}


# ------------------------------------------------------------------ rule clauses


def hand(pitcher: str, bid: int | str, **points: str | tuple[str, ...]) -> TableHand:
    return TableHand(pitcher=pitcher, bid=bid, points={
        name: (who,) if isinstance(who, str) else who for name, who in points.items()})


def test_keep_set_pitcher_loses_the_bid_others_keep_their_points() -> None:
    table = Table(load_variant("auction-pitch"), PLAYERS)
    scored = table.add(hand("Ann", 3, high="Ann", low="Bob", jack="Ann", game="Cy"))
    assert scored is not None and scored.made is False
    assert scored.scores == (-3, 1, 1, 0)


def test_keep_win_only_as_pitcher_a_non_pitcher_at_the_target_does_not_win() -> None:
    table = Table(load_variant("auction-pitch", ["scoring.target=3"]), PLAYERS)
    table.add(hand("Ann", 2, high="Bob", low="Bob", jack="Bob", game="Ann"))
    assert table.scores[1] == 3 and table.over is None
    table.add(hand("Bob", 1, high="Bob", low="Cy", jack=(), game="Cy"))
    assert table.over is not None and table.over.winners == ("Bob",)


def test_keep_counting_order_decides_who_reaches_the_target_first() -> None:
    rules = load_variant("auction-pitch", ["scoring.target=2",
                                           "scoring.win_only_as_pitcher=false"])
    table = Table(rules, PLAYERS)
    # both reach 2 in the same hand; high and low count before jack and game
    table.add(hand("Ann", 2, high="Bob", low="Bob", jack="Ann", game="Ann"))
    assert table.over is not None and table.over.winners == ("Bob",)


def test_keep_moon_made_scores_and_collects_money_from_every_other_player() -> None:
    table = Table(load_variant("money-pitch"), PLAYERS)
    scored = table.add(TableHand(pitcher="Cy", bid=MOON, all_tricks=True,
                                 points=dict.fromkeys(("high", "low", "jack", "game"),
                                                      ("Cy",))))
    assert scored is not None and scored.moon_made
    money = table.money()
    assert money is not None and money["Cy"] == 300 + 30 and sum(money.values()) == 0


def test_keep_moon_failed_without_every_trick() -> None:
    table = Table(load_variant("money-pitch"), PLAYERS)
    scored = table.add(TableHand(pitcher="Cy", bid=MOON, all_tricks=False,
                                 points=dict.fromkeys(("high", "low", "jack", "game"),
                                                      ("Cy",))))
    assert scored is not None and scored.moon_made is False
    assert scored.scores[2] == -4


def test_keep_players_leave_and_join_money_sums_to_zero(tmp_path: Path) -> None:
    rules = load_variant("money-pitch")
    table = Table(rules, PLAYERS)
    table.add(hand("Ann", 2, high="Ann", low="Bob", jack="Ann", game="Cy"))
    table.add(TableHand(leave=("Di",)))
    assert table.players == ["Ann", "Bob", "Cy"]
    table.add(hand("Cy", 3, high="Cy", low="Cy", jack=(), game="Ann"))
    table.add(TableHand(join=("Ed",)))
    table.add(hand("Ed", 2, high="Ed", low="Ann", jack="Ed", game="Ed"))
    money = table.money()
    assert money is not None and set(money) == {"Ann", "Bob", "Cy", "Di", "Ed"}
    assert sum(money.values()) == 0
    assert money["Di"] == -10  # paid out on leaving: 0 points against an average of 1


def test_keep_undo_drops_the_last_hand() -> None:
    table = Table(load_variant("auction-pitch"), PLAYERS)
    table.add(hand("Ann", 2, high="Ann", low="Ann", jack="Bob", game="Cy"))
    before = list(table.scores)
    table.add(hand("Bob", 2, high="Bob", low="Bob", jack="Bob", game="Bob"))
    assert table.undo() is not None
    assert table.scores == before and len(table.hands) == 1


@pytest.mark.parametrize("variant, entry, field, message", [
    ("auction-pitch", hand("Ann", 7, high="Ann", low="Ann", jack="Ann", game="Ann"),
     "bid", "outside 1 to 4"),
    ("auction-pitch", hand("Ann", MOON, high="Ann", low="Ann", jack="Ann", game="Ann"),
     "bid", "no moon"),
    ("auction-pitch", hand("Zed", 2, high="Ann", low="Ann", jack="Ann", game="Ann"),
     "pitcher", "'Zed' is not at the table"),
    ("auction-pitch", hand("Ann", 2, high="Ann", low="Ann", jack="Ann"),
     "game", "who took game?"),
    ("auction-pitch", hand("Ann", 2, high="Ann", low="Ann", jack="Ann", game=("Ann", "Bob")),
     "game", "game goes to one side"),
    ("auction-pitch", hand("Ann", 2, high="Ann", low="Ann", jack="Ann", game="Ann", ten="Bob"),
     "ten", "'ten' is not a point of this variant"),
    ("auction-pitch", TableHand(leave=("Di",)), "leave", "only in money games"),
    ("money-pitch", TableHand(leave=("Ann", "Bob", "Cy")), "leave", "at least 2"),
    ("money-pitch", TableHand(pitcher="Cy", bid=MOON, points=dict.fromkeys(
        ("high", "low", "jack", "game"), ("Cy",))), "all_tricks", "every trick"),
    ("pimps-and-hoes-4p", TableHand(combinations={"Ann": 3, "Bob": 1, "Cy": 0}),
     "combinations", "how many combination points did Di score"),
])
def test_keep_refuses_a_hand_it_cannot_score_naming_the_field(
        variant: str, entry: TableHand, field: str, message: str) -> None:
    rules = load_variant(variant)
    table = Table(rules, PLAYERS[: rules.players.count])
    with pytest.raises(TableError, match=message) as caught:
        table.add(entry)
    assert caught.value.field == field
    assert not table.entries and table.scores == [0] * rules.players.count


def test_keep_no_hand_after_the_game_is_over() -> None:
    table = Table(load_variant("auction-pitch", ["scoring.target=1"]), PLAYERS)
    table.add(hand("Ann", 1, high="Ann", low="Bob", jack=(), game=()))
    with pytest.raises(TableError, match=r"the game is over \(Ann won\)"):
        table.add(hand("Bob", 1, high="Bob", low="Bob", jack=(), game=()))


# ------------------------------------------------------------------ files


MONEY_TABLE = """\
players: [Ann, Bob, Cy, Di]
hands:
  - {pitcher: Ann, bid: 2, high: Ann, low: Bob, jack: Ann, game: Cy}
  - {pitcher: Bob, bid: moon, all: Bob, all_tricks: yes}
  - leave: [Di]
  - {pitcher: Cy, bid: 3, high: Cy, low: Cy, jack: nobody, game: Ann}
  - join: Ed
  - {pitcher: 4, bid: 4, high: Ed, low: ann, jack: Ed, game: Ed}
"""


def test_keep_file_scores_a_money_session(tmp_path: Path) -> None:
    path = tmp_path / "table.yaml"
    path.write_text(MONEY_TABLE)
    rules = load_variant("money-pitch")
    players, hands, file = read_hands_file(path, rules)
    assert players == PLAYERS
    table = Table(rules, players)
    apply_hands(table, hands, file)
    assert table.players == ["Ann", "Bob", "Cy", "Ed"]
    assert table.scores == [4, 5, -2, -4]
    money = table.money()
    assert money == {"Ann": -65, "Bob": 345, "Cy": -127, "Di": -120, "Ed": -33}


def test_keep_saved_file_reads_back_to_the_same_hands(tmp_path: Path) -> None:
    path = tmp_path / "table.yaml"
    path.write_text(MONEY_TABLE)
    rules = load_variant("money-pitch")
    players, hands, _ = read_hands_file(path, rules)
    assert players is not None
    again = tmp_path / "again.yaml"
    again.write_text(hands_yaml(players, hands, "money-pitch"))
    players2, hands2, _ = read_hands_file(again, rules)
    assert players2 == players and hands2 == hands


@pytest.mark.parametrize("text, message", [
    ("hands:\n  - {pitcher: Ann, bid: 9, high: Ann, low: Ann, jack: Ann, game: Ann}\n",
     "t.yaml:3: hands[0].bid: a bid of 9 is outside 1 to 4"),
    ("hands:\n  - pitcher: Ann\n    bid: 2\n    hgh: Ann\n",
     "t.yaml:5: hands[0].hgh: 'hgh' is not a point of this variant"),
    ("hands:\n  - pitcher: Ann\n    bid: 2\n    high: [Zed]\n",
     "t.yaml:5: hands[0].high: 'Zed' is not at the table"),
    ("hands:\n  - pitcher: {a: 1}\n", "t.yaml:3: hands[0].pitcher: a player's name"),
    ("hand:\n  - {}\n", "t.yaml:2: hand: unknown key 'hand'"),
    ("hands: 3\n", "t.yaml:2: hands: a list of hands"),
    ("hands:\n  - {pitcher: Ann, bid: 2, all_tricks: maybe}\n",
     "t.yaml:3: hands[0].all_tricks: yes or no"),
])
def test_keep_file_errors_name_the_line_and_the_field(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.yaml").write_text("players: [Ann, Bob, Cy, Di]\n" + text)
    result = CliRunner().invoke(app, ["keep", "auction-pitch", "--hands", "t.yaml"])
    assert result.exit_code == 1
    assert f"pitchkit: {message}" in result.output
    assert "Traceback" not in result.output


def test_keep_command_prints_each_hand_and_the_result(tmp_path: Path) -> None:
    path = tmp_path / "table.yaml"
    path.write_text(MONEY_TABLE)
    result = CliRunner().invoke(app, ["keep", "money-pitch", "--hands", str(path)])
    assert result.exit_code == 0, result.output
    assert "hand 2: Bob shot the moon and made it" in result.output
    assert ("money if the game ended now: Ann -0.65, Bob +3.45, Cy -1.27, Di -1.20, "
            "Ed -0.33") in result.output


def test_keep_a_sold_pitch_scores_the_price_to_the_seller() -> None:
    table = Table(load_variant("commercial-pitch"), PLAYERS)
    scored = table.add(TableHand(pitcher="Cy", bid=2, sold_by="Bob", points={
        "high": ("Cy",), "low": ("Cy",), "jack": (), "game": ("Ann",)}))
    assert scored is not None and scored.score_changes == (1, 2, 2, 0)
    with pytest.raises(TableError, match="only a sell auction"):
        Table(load_variant("auction-pitch"), PLAYERS).add(TableHand(
            pitcher="Cy", bid=2, sold_by="Bob", points=dict.fromkeys(
                ("high", "low", "jack", "game"), ())))

