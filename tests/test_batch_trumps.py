"""Trumps-only play (``play.trumps_only``: a seat out of trumps folds, the lead passing on)
in the batched play-outs (pitchkit.bots.batch, pitchkit.bots.thumb's ``folds``): the
search bot's one-by-one play-outs (pitchkit.bots.search.SearchBot.play_card_out), card for
card, with the same value, on random deals of the shipped trumps-only variants and of
random rule sets with trumps-only play (the search's choices as they were world by world:
tests/test_search_batch.py)."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots.batch import play_outs
from pitchkit.bots.search import SearchBot, batch_tables
from pitchkit.load import load_variant
from pitchkit.results import Observation
from pitchkit.variant import Rules
from tests.strategies import variants
from tests.test_search_batch import check_position
from tests.test_search_playouts import play_positions

#: the shipped variants with trumps-only play
TRUMPS_ONLY = ("pidro", "ten-point-pitch-draw")


class Drawn:
    """Stands for a bot's :meth:`~SearchBot.worlds`: keeps the worlds it drew last."""

    def __init__(self, bot: SearchBot) -> None:
        self.draw = bot.worlds
        self.worlds: list[list[int]] = []

    def __call__(self, obs: Observation, want: int) -> list[list[int]]:
        self.worlds = self.draw(obs, want)
        return self.worlds


def check_game(rules: Rules, seed: int, hands: int) -> tuple[int, int]:
    """:func:`tests.test_search_batch.check_position` at each card with a choice of a
    game of ``hands`` hands: the play-outs checked, and of those the ones in which a
    seat folded (a trick of fewer seats than the table's)."""
    assert rules.play.trumps_only
    checked = folded = 0
    for bot, obs, legal in play_positions(rules, seed, hands):
        if obs.trump is not None and len(legal) > 1 and legal[0] < 54:
            assert bot._batched
            drawn = Drawn(bot)
            with mock.patch.object(bot, "worlds", drawn):
                checked += check_position(bot, obs, legal)
            in_trick = [0] * bot.table.n
            for s, _ in obs.trick:
                in_trick[s] = 1
            for world in drawn.worlds:
                # the seats' cards when the trick on the table began: uneven, a seat
                # folds before the play-out's end (or has folded)
                if len({h.bit_count() + in_trick[s] for s, h in enumerate(world)}) > 1:
                    folded += len(legal)
    return checked, folded


@pytest.mark.parametrize("name", TRUMPS_ONLY)
def test_batched_trumps_only_play_outs_fold_as_the_one_by_one_play_outs(name: str) -> None:
    checked, folded = check_game(load_variant(name), 3, hands=3)
    assert checked > 40
    assert folded > 10


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(TRUMPS_ONLY), seed=st.integers(0, 2**32))
def test_batched_trumps_only_play_outs_on_random_deals(name: str, seed: int) -> None:
    check_game(load_variant(name), seed, hands=1)


@settings(max_examples=40, deadline=None)
@given(rules=variants(after=True, focus="play.trumps_only"), seed=st.integers(0, 2**32))
def test_batched_trumps_only_play_outs_on_random_rules(rules: Rules, seed: int) -> None:
    check_game(rules, seed, hands=1)


def test_exact_play_is_refused_with_trumps_only_play() -> None:
    rules = load_variant("pidro")
    with pytest.raises(ValueError, match="trumps-only"):
        SearchBot(rules, 0, random.Random(1), exact=2)
    tab, _ = batch_tables(rules, 0)
    with pytest.raises(ValueError, match="trumps-only"):
        play_outs(tab, [[1, 2, 4, 8]], [0], 0, [], [0] * 4, [0] * 4, (0, 1, 0, 1),
                  (1, 2, 3, 0), 4, exact=2)
