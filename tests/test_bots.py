"""Bots: the user-bot interface, its errors, and measured strength (statistical checks)."""

from __future__ import annotations

import random
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pitchkit.actions import select_action
from pitchkit.bots import BotSpec, parse_bot_spec, parse_bots
from pitchkit.errors import BotError, UsageError
from pitchkit.load import load_variant
from pitchkit.simulate import simulate
from pitchkit.stats import wilson
from tests.play_helpers import turns


class ChoosesTooFew:
    def __init__(self, rules: Any, seat: int, rng: random.Random) -> None:
        pass

    def choose(self, observation: Any, legal_actions: Any) -> int:
        return select_action(list(legal_actions)[:1])


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    (tmp_path / "my_pitch_bots.py").write_text(textwrap.dedent('''
        from pitchkit.actions import PASS

        class PassForever:
            def __init__(self, rules, seat, rng, stubborn=True):
                self.stubborn = stubborn

            def choose(self, observation, legal_actions):
                return PASS if self.stubborn else legal_actions[0]
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "my_pitch_bots"
    sys.modules.pop("my_pitch_bots", None)


def test_an_illegal_answer_stops_the_game_naming_the_bot_and_the_action(user_module: str) -> None:
    rules = load_variant("auction-pitch")
    with pytest.raises(BotError) as info:
        simulate(rules, games=1, seed=1, bots=f"{user_module}:PassForever")
    message = str(info.value)
    assert f"{user_module}:PassForever" in message
    assert "'pass'" in message
    assert "seat" in message and "legal" in message


def test_a_user_bot_gets_its_settings(user_module: str) -> None:
    rules = load_variant("auction-pitch")
    stats = simulate(rules, games=2, seed=1, bots=f"{user_module}:PassForever:stubborn=false")
    assert stats.games == 2


def test_an_unknown_setting_is_refused(user_module: str) -> None:
    with pytest.raises(UsageError, match="no setting 'speed'"):
        parse_bot_spec(f"{user_module}:PassForever:speed=3")
    with pytest.raises(UsageError, match="no setting 'x'"):
        parse_bot_spec("heuristic:x=1")


def test_a_wrong_selection_is_refused_with_the_engine_reason() -> None:
    rules = load_variant("pimps-and-hoes")
    spec = BotSpec(text="too-few", target=f"{ChoosesTooFew.__module__}:ChoosesTooFew")
    with pytest.raises(BotError, match=r"'too-few' in seat \d answered 'select .*must choose 7"):
        simulate(rules, games=1, seed=1, bots=[spec, spec])


def test_bot_spellings() -> None:
    spec = parse_bot_spec("montecarlo:samples=7")
    assert spec.settings == (("samples", 7),)
    assert len(parse_bots("random", 4)) == 4
    with pytest.raises(UsageError, match="3 bots given for 4 players"):
        parse_bots("random,random,random", 4)
    with pytest.raises(UsageError, match="unknown bot 'clever'"):
        parse_bot_spec("clever")
    with pytest.raises(UsageError, match="cannot import"):
        parse_bot_spec("no_such_module_here:Bot")


# ----------------------------------------------------------------------------- statistics


def test_seat_win_rates_under_random_bots_agree_within_their_intervals() -> None:
    rules = load_variant("pimps-and-hoes-4p")
    stats = simulate(rules, games=600, seed=21, bots="random")
    summary = stats.summary()
    # every seat's 99.9% interval contains the fair share 1/4 (fails on a seat bias; 95%
    # intervals would miss by chance for one seat in five runs),
    for wins in stats.seat_wins:
        wide = wilson(wins, stats.games, z=3.2905)
        assert wide["low"] < 0.25 < wide["high"], (wins, stats.games)
    # the 95% intervals of every two seats overlap,
    rates = summary["win_rate_by_seat"]
    assert max(r["low"] for r in rates) < min(r["high"] for r in rates), rates
    # and the chi-square test of equal seat win rates does not reject at 0.1%
    assert summary["seat_fairness"]["p_value"] > 0.001


def test_seats_are_fair_when_every_seat_has_the_same_heuristic_bot() -> None:
    # the first dealer is drawn at random, so no seat should be favoured over a run
    rules = load_variant("auction-pitch")
    stats = simulate(rules, games=400, seed=31, bots="heuristic")
    fairness = stats.summary()["seat_fairness"]
    assert fairness["p_value"] > 0.001, fairness


def test_heuristic_beats_random_at_auction_pitch() -> None:
    rules = load_variant("auction-pitch")
    stats = simulate(rules, games=120, seed=8, bots="heuristic,random,heuristic,random")
    bots = stats.summary()["win_rate_by_bot"]
    # half the seats each: a fair share of games won would be one half
    assert bots["heuristic"]["games_won"]["low"] > 0.5
    assert bots["heuristic"]["low"] > bots["random"]["high"]


def test_heuristic_beats_random_at_pimps_and_hoes() -> None:
    rules = load_variant("pimps-and-hoes")
    a = simulate(rules, games=150, seed=8, bots="heuristic,random")
    b = simulate(rules, games=150, seed=9, bots="random,heuristic")
    wins = a.seat_wins[0] + b.seat_wins[1]
    assert wilson(wins, 300)["low"] > 0.5


def test_an_illegal_answer_in_a_worker_process_stops_the_run(user_module: str) -> None:
    rules = load_variant("auction-pitch")
    with pytest.raises(BotError, match="PassForever"):
        simulate(rules, games=4, seed=1, bots=f"{user_module}:PassForever", workers=2)


@pytest.mark.parametrize("variant", ["auction-pitch", "money-pitch", "partnership-pitch",
                                     "pimps-and-hoes", "pimps-and-hoes-4p"])
def test_montecarlo_samples_agree_with_everything_the_bot_has_seen(variant: str) -> None:
    """A sampled deal, replayed, shows the bot exactly what it saw in the real game."""
    from pitchkit.bots.heuristic import HeuristicBot
    from pitchkit.bots.montecarlo import MonteCarloBot
    from pitchkit.engine import Game

    rules = load_variant(variant)
    n = rules.players.count
    game = Game(rules, random.Random(5))
    bots = [HeuristicBot(rules, s, random.Random(s)) for s in range(n)]
    searchers = [MonteCarloBot(rules, s, random.Random(100 + s), samples=1) for s in range(n)]
    checked = 0
    for seat, obs, legal in turns(game, 2):
        if checked < 60:
            state = searchers[seat].determinize(obs)
            assert state is not None
            assert state.observation(seat) == obs
            assert state.legal_actions() == legal
            checked += 1
        game.apply(bots[seat].choose(obs, legal))
    assert checked >= 20


class Crashes:
    def __init__(self, rules: Any, seat: int, rng: random.Random) -> None:
        pass

    def choose(self, observation: Any, legal_actions: Any) -> int:
        return observation.no_such_field  # type: ignore[no-any-return]


def test_a_bot_that_crashes_is_named_in_one_line() -> None:
    rules = load_variant("auction-pitch")
    spec = BotSpec(text="crashes", target=f"{Crashes.__module__}:Crashes")
    with pytest.raises(BotError, match=r"bot 'crashes' in seat \d failed: AttributeError"):
        simulate(rules, games=1, seed=1, bots=[spec] * 4)


@pytest.mark.parametrize("variant", ["auction-pitch", "money-pitch", "partnership-pitch",
                                     "cinch", "minnesota-smear", "pidro"])
def test_search_worlds_agree_with_what_the_bot_saw(variant: str) -> None:
    """Every world the search bot plays out, moved on by the plays it observed, gives it
    its own hand and every other seat as many cards as it holds at the table (with a
    trumps-only draw, at most its trumps), none it has seen elsewhere, none of a suit the
    seat showed void in, no card twice."""
    from pitchkit.bots.search import SearchBot
    from pitchkit.engine import Game, Phase

    rules = load_variant(variant)
    n = rules.players.count
    game = Game(rules, random.Random(7))
    bots = [SearchBot(rules, s, random.Random(s), samples=3, moon_samples=0)
            for s in range(n)]
    checked = 0
    for seat, obs, legal in turns(game, 3):
        bot = bots[seat]
        bot.sight.see(obs)
        if game.phase is Phase.PLAY and len(legal) > 1 and obs.trump is not None:
            seen = bot.sight.held | sum(1 << c for _, c in obs.played)
            worlds = bot.worlds(obs, bot.samples)
            assert worlds
            for world in worlds:
                assert world[seat] == obs.hand
                taken = 0
                for other in range(n):
                    cards = world[other]
                    assert not cards & taken
                    taken |= cards
                    if other == seat:
                        continue
                    assert not cards & seen
                    if rules.play.trumps_only:
                        assert not cards & ~game.play_state.tables.trumps  # type: ignore[union-attr]
                        assert cards.bit_count() <= draw_size(game)
                    else:
                        assert cards.bit_count() == game.hands[other].bit_count()
                checked += 1
        game.apply(bot.choose(obs, legal))
    assert checked >= 10


def draw_size(game: Any) -> int:
    from pitchkit.draw import draw_plan

    plan = draw_plan(game.rules, game.cards_per_hand)
    return int(game.cards_per_hand if plan is None else plan.hand_size)


@pytest.mark.parametrize(
    "bot", ["calibrated", "search:samples=2", "search:samples=2:playout=careful"])
def test_bots_choose_from_their_observation_alone(bot: str) -> None:
    """Given a deal of the hidden cards that shows the seat the same observation, a bot
    with the same seed makes the same choice: nothing else it could read differs."""
    from pitchkit.bots.montecarlo import MonteCarloBot
    from pitchkit.engine import Game

    rules = load_variant("auction-pitch")
    spec = parse_bot_spec(bot)
    game = Game(rules, random.Random(11))
    players = [spec.make(rules, s, random.Random(s)) for s in range(4)]
    checked = 0
    for seat, obs, legal in turns(game, 2):
        other = MonteCarloBot(rules, seat, random.Random(99), samples=1).determinize(obs)
        if other is not None and len(legal) > 1:
            twin = [spec.make(rules, seat, random.Random(seat)) for _ in range(2)]
            assert (twin[0].choose(obs, legal)
                    == twin[1].choose(other.observation(seat), other.legal_actions()))
            checked += 1
        game.apply(players[seat].choose(obs, legal))
    assert checked >= 5


@pytest.mark.parametrize("work", [1, 300])
def test_search_plays_out_at_most_its_work_a_hand(work: int) -> None:
    """The search spends at most ``work`` card plays of play-outs on a hand (every seat
    holds as many cards as the searching one, less the plays to the trick under way), and
    with too little for two worlds it plays the calibrated bot's card."""
    from pitchkit.bots.calibrated import CalibratedBot
    from pitchkit.bots.search import SearchBot
    from pitchkit.engine import Game

    rules = load_variant("auction-pitch")
    game = Game(rules, random.Random(5))
    bots = [SearchBot(rules, s, random.Random(s), work=work) for s in range(4)]
    plain = [CalibratedBot(rules, s, random.Random(s)) for s in range(4)]
    spent: dict[tuple[int, int], int] = {}
    for bot in bots:
        def counted(obs: Any, world: Any, dealt: Any, card: int, quick: Any, bot: Any = bot,
                    inner: Any = bot.play_card_out) -> float:
            key = (bot.seat, game.hands_played)
            spent[key] = spent.get(key, 0) + sum(cards.bit_count() for cards in world)
            return float(inner(obs, world, dealt, card, quick))

        def batched(obs: Any, worlds: Any, candidates: Any, bot: Any = bot,
                    inner: Any = bot.search_batched) -> Any:
            # every candidate played out in every world (no candidate dropped: prune 0
            # where the search batches)
            key = (bot.seat, game.hands_played)
            spent[key] = spent.get(key, 0) + len(candidates) * sum(
                cards.bit_count() for world in worlds for cards in world)
            return inner(obs, worlds, candidates)
        bot.play_card_out = counted  # type: ignore[method-assign]
        bot.search_batched = batched  # type: ignore[method-assign]
    for seat, obs, legal in turns(game, 3):
        choice = bots[seat].choose(obs, legal)
        if work == 1:
            assert choice == plain[seat].choose(obs, legal)
        game.apply(choice)
    assert all(plays <= work for plays in spent.values())
    assert (sum(spent.values()) > 0) == (work > 1)

