"""The default bot's compiled card play (pitchkit.bots.careful_hand) plays as
``CarefulPlay.play_cards``: decision by decision on the positions of seeded games of
every shipped variant it serves (and of other follow and trick rules), and whole games
the same with the rest of each hand played at once as card by card."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pitchkit.bots import careful_hand, parse_bots
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.cardplay import CarefulPlay
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.engine import Game
from pitchkit.errors import IllegalActionError
from pitchkit.load import load_variant, shipped_variants
from pitchkit.results import Phase
from pitchkit.simulate import Setup, game_bots, play_game
from pitchkit.variant import Rules
from tests.play_helpers import turns

SERVED: list[str] = [name for name, _ in shipped_variants()
          if careful_hand.hand_player(load_variant(name)) is not None]
Case = tuple[str, dict[str, object]]
OTHER_RULES: list[Case] = [
    ("auction-pitch", {"play.following": "must_follow"}),
    ("auction-pitch", {"play.following": "must_follow_then_trump"}),
    ("auction-pitch", {"play.following": "any_card"}),
    ("auction-pitch", {"play.trick_winner": "suit_led"}),
    ("auction-pitch-joker", {"points.low_goes_to": "capturer"}),
]


def _plain(name: str) -> Case:
    return name, {}


def _rules(name: str, settings: dict[str, object]) -> Rules:
    rules = load_variant(name)
    return rules.with_settings(settings) if settings else rules


def test_it_serves_every_shipped_variant_but_trumps_only_play() -> None:
    assert len(SERVED) == 16  # of 18: not pidro, nor ten-point pitch with the draw
    for name, _ in shipped_variants():
        assert (name in SERVED) == (not load_variant(name).play.trumps_only), name


@pytest.mark.parametrize(("name", "settings"),
                         [_plain(name) for name in SERVED] + OTHER_RULES)
def test_the_compiled_card_is_play_cards(name: str, settings: dict[str, object]) -> None:
    rules = _rules(name, settings)
    assert careful_hand.hand_player(rules) is not None
    game = Game(rules, random.Random(11))
    bots = [CalibratedBot(rules, seat, random.Random(seat))
            for seat in range(rules.players.count)]
    asked = 0
    for seat, obs, legal in turns(game, 6):
        action = bots[seat].choose(obs, legal)
        if obs.phase is Phase.PLAY and obs.trump is not None and len(legal) > 1:
            view = game.play_view(seat)
            assert careful_hand.card_of(rules, view, game.legal_mask()) == action
            asked += 1
        game.apply(action)
    assert asked > 20


def _events(rules: Rules, seed: str, whole: bool) -> list[object]:
    """The events of one seeded game of calibrated bots, the rest of each hand played
    at once (``whole``) or card by card."""
    specs = parse_bots("calibrated", rules.players.count)
    setup = Setup(rules=rules, seed=seed, bots=tuple(specs), hand_limit=30, endless=False)
    bots = game_bots(setup, seed)
    if not whole:
        for bot in bots:
            setattr(bot, "hand_player", lambda: None)  # noqa: B010
    game, _ = play_game(setup, seed, bots)
    return list(game.events)


@pytest.mark.parametrize(("name", "settings"),
                         [_plain(name) for name in ("call-partner-pitch", "nine-card-pitch",
                                                    "minnesota-smear", "cinch", "smear",
                                                    "pimps-and-hoes", "pimps-and-hoes-4p")]
                         + OTHER_RULES[:2])
def test_whole_hands_play_the_same_games(name: str, settings: dict[str, object]) -> None:
    rules = _rules(name, settings)
    for seed in ("a", "b"):
        assert _events(rules, seed, True) == _events(rules, seed, False)


def test_only_careful_play_as_it_stands_is_served() -> None:
    rules = load_variant("auction-pitch")
    assert CalibratedBot(rules, 0, random.Random(0)).hand_player() is not None
    assert not hasattr(HeuristicBot(rules, 0, random.Random(0)), "hand_player")

    class Other(CalibratedBot):
        def sweep_on(self, obs: object, seat: int) -> bool:  # type: ignore[override]
            return False

    assert Other(rules, 0, random.Random(0)).hand_player() is None
    assert CalibratedBot(load_variant("pidro"), 0, random.Random(0)).hand_player() is None
    assert CalibratedBot(load_variant("pimps-and-hoes"), 0, random.Random(0)).hand_player() \
        is not None


class _Wrong:
    """A hand player that answers a card the seat does not hold."""

    def fits(self, trump: int) -> bool:
        return trump >= 0

    def rest(self, *args: object) -> list[int]:
        hands: Sequence[int] = args[2]  # type: ignore[assignment]
        held = 0
        for hand in hands:
            held |= hand
        return [next(c for c in range(54) if not held >> c & 1)]


def test_the_engine_checks_every_card_of_a_hand_player() -> None:
    rules = load_variant("auction-pitch")
    game = Game(rules, random.Random(3))
    bots = [CalibratedBot(rules, seat, random.Random(seat)) for seat in range(4)]
    players = [bot.card_player() for bot in bots]
    for seat, obs, legal in turns(game, 1):
        if obs.phase is Phase.PLAY:
            with pytest.raises(IllegalActionError):
                game.play_turns(players, _Wrong())
            return
        game.apply(bots[seat].choose(obs, legal))
    raise AssertionError("no play")


def test_careful_play_keeps_its_class() -> None:
    assert CalibratedBot.play_cards is CarefulPlay.play_cards


@pytest.mark.parametrize(("name", "settings"), [
    _plain("pimps-and-hoes"), _plain("pimps-and-hoes-4p"), _plain("pimps-and-hoes-literal"),
    ("pimps-and-hoes", {"play.trick_winner": "highest_trump"}),
])
def test_the_compiled_stage_choice_is_the_heuristics_by_careful_worth(
        name: str, settings: dict[str, object]) -> None:
    """CarefulPlay.stage_cards (compiled) chooses as HeuristicBot.stage_cards does by
    CarefulPlay.stage_worth, at every stage of seeded games."""
    rules = _rules(name, settings)
    bots = [CalibratedBot(rules, seat, random.Random(seat))
            for seat in range(rules.players.count)]
    asked = 0
    for seed in range(4):  # a game of Pimps & Hoes is a hand or a few
        game = Game(rules, random.Random(seed))
        for seat, obs, legal in turns(game, 3):
            if obs.phase is Phase.SELECT and obs.trump is not None:
                view = game.play_view(seat)
                cards, count = game.reserve[seat], obs.select_count
                chosen = bots[seat].stage_cards(view, cards, count)
                assert chosen == HeuristicBot.stage_cards(bots[seat], view, cards, count)
                asked += 1
            game.apply(bots[seat].choose(obs, legal))
    assert asked > 20
