"""The simulator's fast path for the built-in bots' card play plays the same cards.

In phase play the simulator asks a built-in bot through its ``card_player()`` with the
seat's :class:`~pitchkit.results.PlayView` and the legal cards as a mask, and plays a
single legal card without asking. At every decision of seeded games the view holds the
observation's fields of the same names (and the same cards played), the fast answer is
``choose``'s, and a lone legal card is what ``choose`` plays, as is the draw's one legal
action where no card may be chosen (the simulator applies it without asking).
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from pitchkit.actions import CALL_BASE, SELECT_FLAG
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.cardplay import CarefulPlay
from pitchkit.bots.drawing import call_choice, worth
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.search import SearchBot
from pitchkit.engine import Game, action_text
from pitchkit.errors import BotError, IllegalActionError
from pitchkit.load import load_variant
from pitchkit.play import NO_PLAYS, plays
from pitchkit.results import Observation, Phase, PlayView
from pitchkit.simulate import simulate
from tests.play_helpers import turns


@pytest.mark.parametrize(("name", "kind", "hands"), [
    ("auction-pitch", HeuristicBot, 8), ("pimps-and-hoes", HeuristicBot, 1),
    ("call-partner-pitch", HeuristicBot, 3), ("cinch", HeuristicBot, 3),
    ("auction-pitch", CalibratedBot, 8), ("call-partner-pitch", CalibratedBot, 3),
    ("nine-card-pitch", CalibratedBot, 3), ("pimps-and-hoes", CalibratedBot, 1),
    ("minnesota-smear", CalibratedBot, 3), ("auction-pitch-joker", CalibratedBot, 4),
])
def test_card_player_plays_as_choose(name: str, kind: type[HeuristicBot], hands: int) -> None:
    rules = load_variant(name)
    game = Game(rules, random.Random(7))
    bots = [kind(rules, seat, random.Random(seat)) for seat in range(rules.players.count)]
    fast = [bot.card_player() for bot in bots]
    asked = 0
    for seat, obs, legal in turns(game, hands):
        action = bots[seat].choose(obs, legal)
        if obs.phase is Phase.PLAY:
            view = game.play_view(seat)
            for field in (*PlayView._fields, "played"):  # played: a property
                mine, theirs = getattr(view, field), getattr(obs, field)
                listed = field in ("captured", "voids")  # the record's own lists
                assert tuple(mine) == theirs if listed else mine == theirs, field
            mask = game.legal_mask()
            if len(legal) == 1:
                assert action == legal[0] and mask == 1 << action
            else:
                player = fast[seat]
                assert player is not None
                assert player(view, mask) == action
                asked += 1
        elif obs.phase is Phase.DRAW and len(legal) == 1 and legal[0] > 53:
            assert action == legal[0]  # the simulator applies it without asking
        game.apply(action)
    assert asked > 10


@pytest.mark.parametrize(("name", "settings", "hands"), [
    ("minnesota-smear", {}, 3), ("nine-card-pitch", {}, 3), ("call-partner-pitch", {}, 3),
    ("cinch", {}, 4), ("pidro", {}, 3), ("ten-point-pitch-draw", {}, 4),
    ("ten-point-pitch-draw", {"draw.pack_to_partner": True}, 6),
])
def test_draw_player_draws_as_choose(name: str, settings: dict[str, object],
                                     hands: int) -> None:
    """The calibrated bot's draw asked with the trump and the choice answers as
    ``choose``, or None where it reads the observation (a robber's answer)."""
    rules = load_variant(name).with_settings(settings) if settings else load_variant(name)
    game = Game(rules, random.Random(5))
    bots = [CalibratedBot(rules, seat, random.Random(seat))
            for seat in range(rules.players.count)]
    fast = [bot.draw_player() for bot in bots]
    asked = 0
    for seat, obs, legal in turns(game, hands):
        action = bots[seat].choose(obs, legal)
        if obs.phase is Phase.DRAW:
            player = fast[seat]
            assert player is not None
            answer = player(game.trump, game.draw_choice())
            assert answer == action or (answer is None and obs.draw_choice.verb == "rob")
            asked += answer is not None
        game.apply(action)
    assert asked >= 6


@pytest.mark.parametrize(("name", "kind", "hands"), [
    ("pimps-and-hoes", HeuristicBot, 2), ("pimps-and-hoes", CalibratedBot, 2),
    ("pimps-and-hoes-4p", CalibratedBot, 2), ("pimps-and-hoes-literal", CalibratedBot, 2),
    ("pimps-and-hoes-4p", CarefulPlay, 1),
])
def test_stage_player_chooses_as_choose(name: str, kind: type[HeuristicBot], hands: int) -> None:
    """In phase select the simulator asks a built-in bot through its ``stage_player()``
    with the seat's view, the cards it may choose as a mask and how many: the same
    cards as ``choose`` on the observation and the list of legal cards."""
    rules = load_variant(name)
    game = Game(rules, random.Random(11))
    bots = [kind(rules, seat, random.Random(seat)) for seat in range(rules.players.count)]
    fast = [bot.stage_player() for bot in bots]
    asked = 0
    for seat, obs, legal in turns(game, hands):
        action = bots[seat].choose(obs, legal)
        if obs.phase is Phase.SELECT:
            player = fast[seat]
            assert player is not None
            view = game.play_view(seat)
            for field in ("seat", "hand", "reserve", "trump", "trick", "captured"):
                mine, theirs = getattr(view, field), getattr(obs, field)
                listed = field in ("captured", "voids")  # the record's own lists
                assert tuple(mine) == theirs if listed else mine == theirs, field
            mask = game.reserve[seat]
            assert mask == sum(1 << c for c in legal)
            assert SELECT_FLAG | player(view, mask, game.select_count) == action
            asked += 1
        game.apply(action)
    assert asked >= 6


def test_select_turns_applies_the_stage_players_choices_as_apply_does() -> None:
    """``Game.select_turns`` asks each seat's stage player and applies its choice: the
    same events as ``apply`` of the same choices; it stops at a seat without a stage
    player, and leaves an illegal choice or a failure to the seat to act."""
    rules = load_variant("pimps-and-hoes-4p")
    fast, slow = Game(rules, random.Random(3)), Game(rules, random.Random(3))

    def lowest(cards: int, count: int) -> int:
        chosen = 0
        for c in sorted(c for c in range(54) if cards >> c & 1)[:count]:
            chosen |= 1 << c
        return chosen

    def player(view: PlayView, cards: int, count: int) -> int:
        assert view == fast.play_view(view.seat) and view.seat == fast.to_act
        assert cards == fast.reserve[view.seat] and count == fast.select_count
        return lowest(cards, count)

    for game in (fast, slow):
        game.deal_random()
    stages = 0
    while fast.phase in (Phase.SELECT, Phase.PLAY):
        assert fast.phase is slow.phase
        if fast.phase is Phase.SELECT:
            left_out = stages % 4
            fast.select_turns([None if s == left_out else player for s in range(4)])
            assert fast.phase is not Phase.SELECT or fast.to_act == left_out
            while slow.phase is Phase.SELECT and slow.to_act != left_out:
                slow.apply(SELECT_FLAG | lowest(slow.reserve[slow.to_act], slow.select_count))
            assert fast.events == slow.events
            stages += 1
        for game in (fast, slow):
            if game.phase is Phase.PLAY:
                game.apply(max(game.legal_actions()))
            elif game.phase is Phase.SELECT:
                game.apply(SELECT_FLAG | lowest(game.reserve[game.to_act], game.select_count))
    assert fast.events == slow.events and stages >= 3
    fast = Game(rules, random.Random(4))
    fast.deal_random()
    seat = fast.to_act
    assert fast.phase is Phase.SELECT
    with pytest.raises(IllegalActionError):
        fast.select_turns([lambda view, cards, count: cards] * 4)  # too many cards
    assert fast.to_act == seat

    def fails(view: PlayView, cards: int, count: int) -> int:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        fast.select_turns([fails] * 4)
    assert fast.to_act == seat


class OwnChoice(HeuristicBot):
    """A bot that chooses otherwise than by the heuristic's card play."""

    def choose(self, observation: Observation, legal_actions: list[int]) -> int:
        return legal_actions[-1]


def test_a_bot_that_chooses_otherwise_has_no_card_player() -> None:
    rules = load_variant("auction-pitch")
    assert OwnChoice(rules, 0, random.Random(0)).card_player() is None
    assert SearchBot(rules, 0, random.Random(0)).card_player() is None
    assert HeuristicBot(rules, 0, random.Random(0)).card_player() is not None
    assert CalibratedBot(rules, 0, random.Random(0)).card_player() is not None
    assert SearchBot(rules, 0, random.Random(0)).draw_player() is None
    assert CalibratedBot(rules, 0, random.Random(0)).draw_player() is not None
    assert OwnChoice(rules, 0, random.Random(0)).stage_player() is None
    assert SearchBot(rules, 0, random.Random(0)).stage_player() is None
    assert HeuristicBot(rules, 0, random.Random(0)).stage_player() is not None
    assert CalibratedBot(rules, 0, random.Random(0)).stage_player() is not None


@pytest.mark.parametrize("name", ["call-partner-pitch", "auction-pitch-joker"])
def test_the_call_is_the_most_wanted_card_not_held(name: str) -> None:
    """``call_choice`` reads the cards in the order of :func:`call_order`, worked out once
    per rule set: the same call as the most wanted card by :func:`worth` (the lower card
    of cards wanted alike) among the legal calls of cards not held."""
    rules = load_variant(name)
    deck = list(rules.deck.cards())
    rng = random.Random(3)
    for _ in range(300):
        hand = sum(1 << c for c in rng.sample(deck, 10))
        legal = sorted(CALL_BASE + c for c in rng.sample(deck, rng.randint(1, len(deck))))
        trump = rng.choice([None, 0, 1, 2, 3])
        obs = SimpleNamespace(hand=hand, trump=trump)
        others = [a for a in legal if not hand >> (a - CALL_BASE) & 1]
        wanted = max(others, key=lambda a: (worth(rules, trump, a - CALL_BASE), -a)) \
            if others else legal[0]
        assert call_choice(rules, obs, legal) == wanted  # type: ignore[arg-type]


@pytest.mark.parametrize("as_text", [False, True])
def test_play_turns_plays_the_card_players_cards_as_apply_does(as_text: bool) -> None:
    """``Game.play_turns`` asks each seat's card player with its view and legal mask
    (a lone legal card without asking) and plays its answer: the same events as
    ``apply`` of the same answers, and it stops at a seat without a card player. An
    answer in text (every other one, ``as_text``) goes to ``apply``, and the views after
    it are still those play_view builds."""
    rules = load_variant("auction-pitch")
    fast, slow = Game(rules, random.Random(3)), Game(rules, random.Random(3))
    asked: list[tuple[int, int]] = []

    def lowest(seat: int) -> object:
        def player(view: PlayView, mask: int) -> int:
            assert view.seat == seat and mask & (mask - 1)
            assert view == fast.play_view(seat)  # the view play_view builds
            # its plays as read from the record afresh (play_turns and play_view share
            # a memo of the finished plays, which play_turns extends a trick at a time)
            assert (view.trick, view.finished) == plays(fast.play_state, NO_PLAYS)[:2]
            asked.append((seat, mask))
            card = (mask & -mask).bit_length() - 1
            return action_text(card) if as_text and len(asked) % 2 else card  # type: ignore[return-value]
        return player

    players = [lowest(seat) for seat in range(4)]
    for hand in range(4):
        for game in (fast, slow):
            game.deal_random()
            while game.phase is Phase.AUCTION:
                game.apply(game.legal_actions()[-1])  # the highest bid, or a pitch
        left_out = hand % 4  # the seat without a card player
        while fast.phase is Phase.PLAY:
            fast.play_turns([None if s == left_out else players[s] for s in range(4)])
            assert fast.phase is not Phase.PLAY or fast.to_act == left_out
            while slow.phase is Phase.PLAY and slow.to_act != left_out:
                slow.apply(min(slow.legal_actions()))
            assert fast.events == slow.events
            for game in (fast, slow):
                if game.phase is Phase.PLAY:
                    game.apply(max(game.legal_actions()))
    assert fast.events == slow.events and len(asked) > 0


def test_play_turns_leaves_an_illegal_or_failed_answer_to_the_seat_to_act() -> None:
    rules = load_variant("auction-pitch")
    game = Game(rules, random.Random(3))
    game.deal_random()
    while game.phase is Phase.AUCTION:
        game.apply(game.legal_actions()[-1])
    while game.legal_mask().bit_count() < 2:  # a seat that is asked
        game.apply(min(game.legal_actions()))
    seat = game.to_act
    illegal = (~game.legal_mask() & ((1 << 52) - 1)).bit_length() - 1
    with pytest.raises(IllegalActionError):
        game.play_turns([lambda view, mask: illegal] * 4)
    assert game.to_act == seat

    def fails(view: PlayView, mask: int) -> int:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        game.play_turns([fails] * 4)
    assert game.to_act == seat


def test_a_built_in_card_player_that_fails_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(self: HeuristicBot, obs: PlayView, legal: int) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(HeuristicBot, "play_cards", fails)
    with pytest.raises(BotError, match=r"bot 'heuristic' in seat \d failed: RuntimeError: boom"):
        simulate(load_variant("auction-pitch"), games=1, seed=1, bots="heuristic")
