"""``pitchkit play``: the game loop driven by a script (the terminal itself: test_play_pty)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from play_helpers import cards
from typer.testing import CliRunner

from pitchkit.bots import parse_bots
from pitchkit.cards import card_name as name
from pitchkit.cli import app
from pitchkit.engine import Game, Phase
from pitchkit.load import load_variant, shipped_variants
from pitchkit.play_session import (
    ChoiceError,
    PlaySession,
    card_choice,
    ordered_choices,
    parse_choice,
)
from pitchkit.play_view import people_seats, sorted_hand
from pitchkit.record import replay_record


def first_choice(session: PlaySession) -> str:
    """A person who always takes the first choice; of several cards, those it must and
    then the first ones, as few as allowed."""
    game = session.game
    several = card_choice(game, session.human)
    if several is None:
        return "1"
    choices = ordered_choices(game, session.human)
    must = [c for c in choices if several.must >> c & 1]
    rest = [c for c in choices if not several.must >> c & 1]
    chosen = (must + rest)[: max(several.least, len(must))]
    return " ".join(name(c) for c in chosen) or "-"


def session_for(variant: str, *, seed: int = 1, human: int = 0, save: Path | None = None,
                sets: dict[str, object] | None = None, hands: int | None = None,
                answer: Callable[[PlaySession], str] = first_choice,
                limit: int = 2000) -> tuple[PlaySession, list[str]]:
    overrides = [f"{k}={json.dumps(v)}" for k, v in (sets or {}).items()]
    rules = load_variant(variant, overrides)
    n = rules.players.count
    specs: list = list(parse_bots("heuristic", n))
    specs[human] = None
    out: list[str] = []
    asked = [0]

    def read(prompt: str) -> str:
        asked[0] += 1
        if asked[0] > limit:
            raise EOFError
        return answer(session)

    session = PlaySession(rules, human=human, bots=specs, seed=seed, read=read,
                          write=out.append, save=save, variant=variant, sets=sets,
                          hands=hands)
    return session, out


def game_at_play(variant: str = "auction-pitch") -> Game:
    """A seeded game whose next decision is a card to play."""
    import random
    game = Game(load_variant(variant), random.Random(2))
    rng = random.Random(3)
    game.deal_random()
    while game.phase is not Phase.PLAY or not game.play_state.trick:
        game.apply(rng.choice(game.legal_actions()))
    return game


# ------------------------------------------------------------------ whole games


@pytest.mark.parametrize("variant", ["auction-pitch", "partnership-pitch", "pimps-and-hoes",
                                     "nine-card-pitch", "minnesota-smear"])
def test_play_a_whole_game_and_save_a_record_that_replays_to_the_same_end(
        variant: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    session, out = session_for(variant, save=save)
    assert session.run() == 0
    outcome = session.game.outcome
    assert outcome is not None
    assert any(line.startswith("game over:") for line in out)
    replayed = replay_record(json.loads(save.read_text()), base_dir=tmp_path).game
    assert replayed.outcome == outcome


@pytest.mark.parametrize("variant", [name for name, _ in shipped_variants()])
def test_play_two_hands_of_every_shipped_variant_and_the_record_replays(
        variant: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    session, out = session_for(variant, save=save, hands=2)
    assert session.run() == 0
    assert not any("not that:" in line for line in out)  # every answer was understood
    replayed = replay_record(json.loads(save.read_text()), base_dir=tmp_path).game
    assert replayed.snapshot() == session.game.snapshot()


def test_play_money_game_stops_after_hands_and_shows_the_money(tmp_path: Path) -> None:
    save = tmp_path / "money.json"
    session, out = session_for("money-pitch", save=save, hands=3)
    assert session.run() == 0
    assert session.game.hands_played == 3
    assert any(line.startswith("money if the game ended now:") for line in out)
    replayed = replay_record(json.loads(save.read_text()), base_dir=tmp_path).game
    assert replayed.settlement() == session.game.settlement()


def test_play_shows_each_trick_its_winner_the_hand_points_and_the_running_score() -> None:
    session, out = session_for("auction-pitch", hands=1)
    session.run()
    text = "\n".join(out)
    assert "takes the trick (" in text or "take the trick (" in text
    for point in ("high:", "low:", "jack:", "game:"):
        assert point in text
    assert "this hand:" in text and "score: you" in text
    assert "seat 0" not in text  # seats are numbered from 1 for people


def test_play_the_pitcher_names_trump_by_suit_letter(tmp_path: Path) -> None:
    def answer(session: PlaySession) -> str:
        game = session.game
        if game.phase is Phase.AUCTION:  # the highest bid, so as to pitch
            return str(len(ordered_choices(game, session.human)))
        return "h" if game.phase is Phase.TRUMP else first_choice(session)

    sets = {"trump.chosen_by": "pitcher_names", "auction.pitch_to_bid": False}
    named = []
    for seed in range(1, 8):
        session, out = session_for("auction-pitch", seed=seed, sets=sets, answer=answer,
                                   hands=2, save=tmp_path / f"g{seed}.json")
        session.run()
        named += [line for line in out if line.strip() == "you: trump H"]
        replayed = replay_record(json.loads((tmp_path / f"g{seed}.json").read_text()))
        assert replayed.game.hands_played == session.game.hands_played
    assert named


def test_play_end_of_input_saves_what_was_played(tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    session, out = session_for("auction-pitch", save=save, limit=3)
    assert session.run() == 0
    assert "stopped." in out
    record = json.loads(save.read_text())
    assert record["hands"] and record["hands"][0]["actions"]
    assert replay_record(record).unfinished_hand


def test_play_quit_stops_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    session, _ = session_for("auction-pitch", save=save, answer=lambda s: "quit")
    assert session.run() == 0
    assert json.loads(save.read_text())["variant"] == "auction-pitch"


def test_play_keyboard_interrupt_saves_and_returns_130(tmp_path: Path) -> None:
    def answer(session: PlaySession) -> str:
        raise KeyboardInterrupt

    save = tmp_path / "ctrl-c.json"
    session, out = session_for("auction-pitch", save=save, answer=answer)
    assert session.run() == 130
    assert "interrupted." in out and save.exists()


def test_play_bad_input_reprompts_with_the_reason() -> None:
    answers = iter(["foo", "99", "help", "score", "quit"])
    session, out = session_for("auction-pitch", answer=lambda s: next(answers))
    session.run()
    text = "\n".join(out)
    assert "not that: 'foo' is not a choice" in text
    assert "not that: 99 is not one of the choices" in text
    assert "Other commands:" in text
    assert "stopped." in text


def test_play_a_file_variant_is_named_relative_to_the_record(tmp_path: Path) -> None:
    house = tmp_path / "rules" / "house.yaml"
    house.parent.mkdir()
    house.write_text("name: house\nextends: auction-pitch\nscoring:\n  target: 3\n")
    games = tmp_path / "games"
    games.mkdir()
    save = games / "g.json"
    rules = load_variant(house)
    specs: list = list(parse_bots("heuristic", 4))
    specs[0] = None
    session = PlaySession(rules, human=0, bots=specs, seed=1, read=lambda p: "1",
                          write=lambda t: None, save=save, variant=str(house), hands=1)
    session.run()
    record = json.loads(save.read_text())
    assert record["variant"] == "../rules/house.yaml"
    assert replay_record(record, base_dir=games).rules == rules


# ------------------------------------------------------------------ choices


def test_choice_by_number_name_or_card_alone() -> None:
    game = game_at_play()
    choices = ordered_choices(game, game.to_act)
    first = choices[0]
    assert parse_choice(game, "1", choices) == first
    assert parse_choice(game, f"play {name(first)}", choices) == first
    assert parse_choice(game, name(first).lower(), choices) == first


def test_choice_of_an_illegal_card_gives_the_engines_reason_to_you() -> None:
    game = game_at_play()
    seat = game.to_act
    assert seat is not None
    held = game.hands[seat]
    legal = set(game.legal_actions())
    illegal = [c for c in range(52) if held >> c & 1 and c not in legal]
    not_held = next(c for c in range(52) if not held >> c & 1)
    choices = ordered_choices(game, seat)
    with pytest.raises(ChoiceError, match=f"you do not hold {name(not_held)}"):
        parse_choice(game, name(not_held), choices)
    if illegal:
        with pytest.raises(ChoiceError, match="you must follow"):
            parse_choice(game, name(illegal[0]), choices)


def test_choice_numbers_out_of_range_and_unknown_words_are_refused() -> None:
    game = game_at_play()
    choices = ordered_choices(game, game.to_act)
    with pytest.raises(ChoiceError, match=f"type 1 to {len(choices)}"):
        parse_choice(game, str(len(choices) + 1), choices)
    with pytest.raises(ChoiceError, match="is not a choice"):
        parse_choice(game, "hello", choices)


def test_choice_of_several_cards_needs_exactly_the_stage_size() -> None:
    import random
    game = Game(load_variant("pimps-and-hoes"), random.Random(1))
    game.deal_random()
    seat = game.to_act
    several = card_choice(game, seat)
    assert seat is not None and several is not None and several.least == several.most == 7
    choices = ordered_choices(game, seat)
    with pytest.raises(ChoiceError, match=r"choose 7 cards \(numbers or names\), not 3"):
        parse_choice(game, "1 2 3", choices)
    with pytest.raises(ChoiceError, match="chosen twice"):
        parse_choice(game, "1 1 2 3 4 5 6", choices)
    action = parse_choice(game, "1 2 3 4 5 6 7", choices)
    game.apply(action)
    assert game.to_act != seat


def test_hand_sorted_with_trumps_first_and_marked() -> None:
    rules = load_variant("auction-pitch", ["points.jick=true"])
    mask = 0
    for c in cards("2S AH JC JS 5D"):
        mask |= 1 << c
    shown = [(name(c), t) for c, t in sorted_hand(rules, mask, trump=0)]
    assert shown == [("JS", True), ("JC", True), ("2S", True), ("AH", False), ("5D", False)]


def test_people_seats_calls_you_you() -> None:
    assert people_seats("seat 1 does not hold AS", you=0) == "you do not hold AS"
    assert people_seats("seat 3 must follow spades: holds 9S", you=0) == (
        "seat 3 must follow spades: holds 9S")


# ------------------------------------------------------------------ the command


def test_play_command_refuses_to_overwrite_a_save_file(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    save.write_text("precious")
    result = CliRunner().invoke(app, ["play", "auction-pitch", "--save", str(save)],
                                input="quit\n")
    assert result.exit_code == 2
    assert "exists; pass --force" in result.output
    assert save.read_text() == "precious"


@pytest.mark.parametrize("args, message", [
    (["--seat", "5"], "seats players 1 to 4"),
    (["--bots", "random,random"], "2 bots for the 3 other seats"),
    (["--hands", "0"], "at least 1 hand"),
])
def test_play_command_usage_errors(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["play", "auction-pitch", *args], input="quit\n")
    assert result.exit_code == 2
    assert message in result.output


def test_play_command_end_of_input_saves_and_exits_0(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(
        app, ["play", "auction-pitch", "--seed", "4", "--save", str(save)], input="1\n1\n")
    assert result.exit_code == 0, result.output
    assert "seed 4" in result.output and "saved the game to" in result.output
    assert replay_record(json.loads(save.read_text())).game.events


def test_play_names_only_your_own_drawn_cards() -> None:
    """In the draw you see the cards you drew; of a bot's turn only how many cards it
    discarded or kept (cinch: the dealer robs the pack)."""
    import re

    session, out = session_for("cinch", hands=3)
    session.run()
    mine = [line for line in out if line.startswith("  you drew ")]
    theirs = [line for line in out if re.match(r"  seat \d: (discard|keep) ", line)]
    assert mine and any(": keep " in line for line in theirs)
    for line in theirs:
        assert re.fullmatch(r"  seat \d: (discard|keep) \d+ cards?", line), line


def test_play_a_draw_with_no_choice_left_names_the_cards_and_takes_a_dash() -> None:
    """Discarding every non-trump (cinch): the cards that must go are named and '-'
    discards them; where some cards are forced, they are chosen already."""
    def answer(session: PlaySession) -> str:
        several = card_choice(session.game, session.human)
        if several is None or not several.must:
            return first_choice(session)
        free = [name(c) for c in ordered_choices(session.game, session.human)
                if not several.must >> c & 1]
        return " ".join(free[:several.least - several.must.bit_count()]) or "-"

    session, out = session_for("cinch", hands=3, answer=answer)
    assert session.run() == 0
    assert not any("not that:" in line for line in out)
    assert any(line.startswith("draw: discard these cards: ") and line.endswith(
        "(type - to go on):") for line in out)
