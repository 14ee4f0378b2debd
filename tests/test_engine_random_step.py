"""The engine's own random step plays exactly the games of the public path.

``Game._apply_random(rng)`` (used by the random bot and the engine benchmark) must make
the same draw as ``game.apply(rng.choice(game.legal_actions()))`` and leave the game in
the same state, under every kind of rule; otherwise fast simulations would answer for
other games than the ones the rules describe.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.draw import random_action
from pitchkit.engine import Game, Phase, select_action
from pitchkit.load import load_variant, shipped_variants

VARIANTS = [
    ("auction-pitch", ()),
    ("auction-pitch", ("play.following=must_follow_then_trump", "points.jick=true",
                       "deck.jokers=2", "points.joker=true")),
    ("auction-pitch", ("auction.style=until_one_left", "moon.allowed=true",
                       "auction.when_all_pass=redeal", "trump.chosen_by=pitcher_names",
                       "auction.pitch_to_bid=false")),
    ("partnership-pitch", ("play.trick_winner=suit_led", "play.following=any_card")),
    ("money-pitch", ()),
    # moons and pitching together: the draw runs over pass, bids, moon and pitched cards
    ("auction-pitch", ("moon.allowed=true", "auction.max_bid=5")),
    ("money-pitch", ("auction.pitch_to_bid=true", "auction.dealer_forced_bid=4",
                     "auction.max_bid=4", "deck.jokers=1")),
    ("auction-pitch", ("moon.allowed=true", "auction.style=until_one_left",
                       "auction.dealer_forced_bid_exact=true", "auction.dealer_forced_bid=4",
                       "deck.jokers=2", "points.joker=true")),
    ("pimps-and-hoes-4p", ()),
    ("pimps-and-hoes-literal", ()),
    ("nine-card-pitch", ()),
    ("commercial-pitch", ()),
    ("commercial-pitch", ("auction.when_all_pass=redeal", "auction.may_equal=any")),
    ("minnesota-smear", ("auction.direction=right", "auction.may_equal=any")),
    ("nine-card-pitch", ("deal.kitty=0", "draw.discard=non_trumps", "draw.dealer_robs=true",
                         "play.trumps_only=true", "draw.extra_trumps=show_and_keep")),
]


def play(variant: str, sets: tuple[str, ...], seed: int, hands: int,
         fast: bool) -> tuple[object, list[object]]:
    rules = load_variant(variant, sets)
    rng = random.Random(seed)
    game = Game(rules, rng)
    played = 0
    while game.phase is not Phase.OVER:
        if game.phase is Phase.DEAL:
            if played == hands:
                break
            played += 1
            game.deal_random()
        elif game.phase is Phase.SELECT and not fast:
            game.apply(select_action(rng.sample(game.legal_actions(), game.select_count)))
        elif game.phase is Phase.DRAW and not fast:
            game.apply(random_action(game.draw_choice(), rng))
        elif fast:
            game._apply_random(rng)
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game.snapshot(), [(e.kind, e.seat, e.action) for e in game.events]


@pytest.mark.parametrize(("variant", "sets"), VARIANTS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_step_plays_the_same_games_as_the_public_path(
        variant: str, sets: tuple[str, ...], seed: int) -> None:
    public = play(variant, sets, seed, hands=6, fast=False)
    fast = play(variant, sets, seed, hands=6, fast=True)
    assert fast == public


class CountingRandom(random.Random):
    """A generator of another type: the random step must use its own draws."""


def test_random_step_honours_a_subclassed_generator() -> None:
    rules = load_variant("auction-pitch")
    for fast in (False, True):
        rng = CountingRandom(5)
        game = Game(rules, rng)
        game.deal_random()
        while game.phase is not Phase.DEAL and game.phase is not Phase.OVER:
            if fast:
                game._apply_random(rng)
            else:
                game.apply(rng.choice(game.legal_actions()))
        if not fast:
            expected = game.snapshot()
    assert game.snapshot() == expected


@pytest.mark.parametrize("seed", [1, 2])
def test_random_action_is_the_random_step(seed: int) -> None:
    """``apply(random_action(rng))`` is ``_apply_random(rng)``: the same draw in every
    phase, on a variant with a draw and one with staged play."""
    for variant in ("ten-point-pitch-draw", "pimps-and-hoes", "cinch"):
        games = []
        for fast in (False, True):
            rng = random.Random(seed)
            game = Game(load_variant(variant), rng)
            while game.phase is not Phase.OVER and game.hands_played < 4:
                if game.phase is Phase.DEAL:
                    game.deal_random()
                elif fast:
                    game._apply_random(rng)
                else:
                    game.apply(game.random_action(rng))
            games.append([(e.kind, e.seat, e.action) for e in game.events])
        assert games[0] == games[1]


def _readme_example() -> str:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## From Python\n", 1)[1]
    code = re.search(r"```python\n(import random\n.*?)```", section, re.S)
    assert code, "the README's From Python section has an example"
    return code.group(1)


@pytest.mark.parametrize("variant", [name for name, _ in shipped_variants()])
def test_the_readme_python_example_plays_every_shipped_variant(
        variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The README's loop works as written on every variant, draws and staged play too."""
    source = _readme_example()
    assert 'load_variant("auction-pitch")' in source
    source = source.replace('load_variant("auction-pitch")', f'load_variant("{variant}")')
    space: dict[str, object] = {}
    exec(compile(source, "README.md", "exec"), space)
    game = space["game"]
    assert isinstance(game, Game) and game.hands_played > 0
    assert capsys.readouterr().out == f"{game.outcome}\n"
