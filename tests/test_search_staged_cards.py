"""The search bot's card play in staged play (play.stages): searched in staged worlds
(pitchkit.bots.stage_choice.search_stage_card), ``staged_cards`` worlds a decision."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from pitchkit.bots import stage_choice
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.search import STAGE_CARD_WORLDS, SearchBot
from pitchkit.bots.staged_search import one_call
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase
from tests.play_helpers import turns

STAGED = ["pimps-and-hoes", "pimps-and-hoes-4p", "pimps-and-hoes-literal"]


def plays(variant: str, seeds: int = 2, **settings: Any
          ) -> Iterator[tuple[SearchBot, Observation, list[int], int, int]]:
    """Whole hands of search bots (``settings``): per card decision with a choice, the
    bot, its observation, the legal cards, its card and the calibrated bot's in the same
    position (the calibrated bot has seen every observation of its seat)."""
    rules = load_variant(variant)
    n = rules.players.count
    for seed in range(seeds):
        game = Game(rules, random.Random(seed))
        bots = [SearchBot(rules, s, random.Random(s), **settings) for s in range(n)]
        plain = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
        for seat, obs, legal in turns(game, 1):
            choice = bots[seat].choose(obs, legal)
            usual = plain[seat].choose(obs, legal)
            if obs.phase is Phase.PLAY and len(legal) > 1:
                yield bots[seat], obs, list(legal), choice, usual
            game.apply(choice)


@pytest.mark.parametrize("variant", STAGED)
def test_the_staged_card_play_is_searched(variant: str) -> None:
    """By default the card of a stage is searched: every card played is legal, and some
    differ from the calibrated bot's in the same position."""
    differ = count = 0
    for _, _, legal, choice, usual in plays(variant):
        assert choice in legal
        differ += choice != usual
        count += 1
    assert count >= 20
    assert differ > 0


def test_no_stage_card_worlds_plays_the_calibrated_card() -> None:
    """``staged_cards=0``: the calibrated bot's card in every position."""
    count = 0
    for _, _, _, choice, usual in plays("pimps-and-hoes", staged_cards=0):
        assert choice == usual
        count += 1
    assert count >= 20


def test_the_calibrated_card_stands_unless_another_is_better_by_the_margin() -> None:
    """With a margin no play-out can make up (and no candidate dropped), the calibrated
    bot's card stands; by default a candidate far behind is dropped, the calibrated bot's
    too (some cards differ)."""
    for _, _, _, choice, usual in plays("pimps-and-hoes", seeds=1, margin=1e9, prune=0):
        assert choice == usual
    assert any(choice != usual
               for _, _, _, choice, usual in plays("pimps-and-hoes", seeds=1, margin=1e9))


def test_a_decision_draws_staged_cards_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card decision draws ``staged_cards`` worlds (4 by default); with fewer than two
    drawn the calibrated bot's card stands."""
    asked: list[int] = []
    real = SearchBot.staged_worlds

    def spy(self: SearchBot, obs: Observation, want: int) -> list[list[int]]:
        if obs.phase is Phase.PLAY:
            asked.append(want)
        return real(self, obs, want)

    real_call = stage_choice.one_call

    def spy_call(search: SearchBot, obs: Observation, setup: Any, candidates: list[int],
                 want: int, quick: Any) -> Any:
        asked.append(want)
        return real_call(search, obs, setup, candidates, want, quick)

    monkeypatch.setattr(SearchBot, "staged_worlds", spy)
    monkeypatch.setattr(stage_choice, "one_call", spy_call)
    for _ in plays("pimps-and-hoes", seeds=1, staged_cards=6):
        pass
    assert asked and set(asked) == {6}
    asked.clear()
    for _ in plays("pimps-and-hoes", seeds=1):
        pass
    assert asked and set(asked) == {STAGE_CARD_WORLDS} == {4}

    def one(self: SearchBot, obs: Observation, want: int) -> list[list[int]]:
        return real(self, obs, 1)

    def one_world(search: SearchBot, obs: Observation, setup: Any, candidates: list[int],
                  want: int, quick: Any) -> Any:
        return real_call(search, obs, setup, candidates, 1, quick)

    monkeypatch.setattr(SearchBot, "staged_worlds", one)
    monkeypatch.setattr(stage_choice, "one_call", one_world)
    for _, _, _, choice, usual in plays("pimps-and-hoes", seeds=1):
        assert choice == usual


def test_the_best_candidate_by_its_play_outs_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card whose play-outs are worth the most is played: with every play-out of one
    candidate (not the calibrated bot's) made worth a point more, that one (the steps
    one by one: in one call they are the same, tests/test_staged_search.py)."""
    picked = 0
    rules = load_variant("pimps-and-hoes")
    game = Game(rules, random.Random(3))
    bot = SearchBot(rules, 0, random.Random(0))
    other = CalibratedBot(rules, 1, random.Random(1))
    for seat, obs, legal in turns(game, 1):
        if seat != 0:
            game.apply(other.choose(obs, legal))
            continue
        usual = CalibratedBot.choose(bot, obs, legal)
        if obs.phase is Phase.PLAY and len(bot.candidates(obs, legal)) > 1:
            target = next(c for c in bot.candidates(obs, legal) if c != usual)
            real = stage_choice.staged_values

            def favour(search: SearchBot, o: Observation, rows: object, dealt: object,
                       cards: list[int], quick: object, target: int = target) -> list[float]:
                return [1.0 if card == target else 0.0 for card in cards]

            monkeypatch.setattr(stage_choice, "staged_values", favour)
            monkeypatch.setattr(stage_choice, "one_call", lambda *_: None)  # step by step
            assert stage_choice.search_stage_card(bot, obs, legal, usual, 8) == target
            monkeypatch.setattr(stage_choice, "staged_values", real)
            monkeypatch.setattr(stage_choice, "one_call", one_call)
            picked += 1
        game.apply(bot.choose(obs, legal))
    assert picked >= 3


def test_staged_cards_below_zero_is_refused() -> None:
    with pytest.raises(ValueError, match="staged_cards"):
        SearchBot(load_variant("pimps-and-hoes"), 0, random.Random(0), staged_cards=-1)
