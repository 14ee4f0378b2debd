"""The search bot's lead that names trump (trump.chosen_by: first_lead): the calibrated
bot's suit, the card of it searched (pitchkit.bots.search.SearchBot.choose)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.search import SearchBot
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules
from tests.play_helpers import turns


def naming_leads(rules: Rules, seeds: int) -> Iterator[tuple[int, Observation, list[int]]]:
    """The leads that name trump of the first hands of ``seeds`` games of search bots:
    (seat, observation, legal actions)."""
    n = rules.players.count
    for seed in range(seeds):
        game = Game(rules, random.Random(seed))
        players = [SearchBot(rules, s, random.Random(seed + s)) for s in range(n)]
        for seat, obs, legal in turns(game, 40, limit=20000):
            if obs.phase is Phase.PLAY and obs.trump is None and not obs.played:
                yield seat, obs, list(legal)
            game.apply(players[seat].choose(obs, legal))


@pytest.mark.parametrize("variant", ["auction-pitch", "auction-pitch-joker", "smear"])
def test_the_trump_naming_lead_keeps_the_calibrated_bots_suit(variant: str) -> None:
    """At every lead that names trump, a fresh search bot leads a card of the suit the
    calibrated bot of the same seed leads (a joker, which names no suit, as it does), and
    in some hands another card of it than the calibrated bot's: the search chose it."""
    rules = load_variant(variant)
    assert rules.trump.chosen_by.value == "first_lead"
    leads = other_card = 0
    for seat, obs, legal in naming_leads(rules, 6):
        searched = SearchBot(rules, seat, random.Random(100 + seat)).choose(obs, legal)
        usual = CalibratedBot(rules, seat, random.Random(100 + seat)).choose(obs, legal)
        assert searched in legal
        if usual >= 52:
            assert searched == usual
        else:
            assert searched < 52 and searched // 13 == usual // 13
        leads += 1
        other_card += searched != usual
    assert leads >= 12
    assert other_card >= 1


def test_naming_any_searches_every_suit_each_as_trump(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``naming=any`` the lead that names trump plays out cards of every suit held,
    each with its own suit as trump, on the same worlds; it leads a legal card, and in
    some hands one of another suit than the calibrated bot's (the search chose it)."""
    rules = load_variant("smear")
    real = SearchBot.batch_values
    asked: list[tuple[int | None, list[int], int]] = []

    def noting(bot: SearchBot, obs: object, worlds: object, candidates: list[int]) -> object:
        asked.append((obs.trump, list(candidates), id(worlds)))  # type: ignore[attr-defined]
        return real(bot, obs, worlds, candidates)  # type: ignore[arg-type]

    monkeypatch.setattr(SearchBot, "batch_values", noting)
    leads = other_suit = 0
    for seat, obs, legal in naming_leads(rules, 8):
        bot = SearchBot(rules, seat, random.Random(100 + seat), naming="any", samples=8)
        del asked[:]
        searched = bot.choose(obs, legal)
        usual = CalibratedBot(rules, seat, random.Random(100 + seat)).choose(obs, legal)
        assert searched in legal
        suits_held = {c // 13 for c in legal if c < 52}
        if asked:
            # one batch a suit held, each of its cards with that suit trump, all on one
            # draw of worlds
            assert sorted(t for t, _, _ in asked) == sorted(suits_held)
            assert all(c // 13 == t for t, cards, _ in asked for c in cards)
            assert len({w for _, _, w in asked}) == 1
            assert usual in [c for _, cards, _ in asked for c in cards]
        leads += 1
        other_suit += searched // 13 != usual // 13
    assert leads >= 12
    assert other_suit >= 1


def test_naming_is_checked() -> None:
    rules = load_variant("smear")
    with pytest.raises(ValueError, match="naming"):
        SearchBot(rules, 0, random.Random(0), naming="every")
    # the default names the calibrated bot's suit; staged play has no batched play-outs
    assert not SearchBot(rules, 0, random.Random(0)).naming_any
    assert SearchBot(rules, 0, random.Random(0), naming="any").naming_any
    assert not SearchBot(load_variant("pimps-and-hoes"), 0, random.Random(0),
                         naming="any").naming_any
