"""The simulator's fast path for the built-in bots' bids makes the same bids.

In phase auction the simulator asks a heuristic or calibrated seat through its
``bid_player()`` with the seat's view of the auction (``Game.bid_view``) and what it may
bid (``Game.bid_choices``: the legal actions without the list), not the whole
observation. At every auction decision of seeded games the fast answer is ``choose``'s,
and the choices are the legal actions; a class that bids otherwise, an auction that may
offer a sale, and (for the calibrated bot) rules with a moon have no fast path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pitchkit.actions import BID_BASE, MOON, PASS, REFUSE, SELL
from pitchkit.auction import BidChoices
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.engine import Game
from pitchkit.errors import BotError, IllegalActionError, UsageError
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase
from pitchkit.simulate import simulate
from tests.play_helpers import turns


@pytest.mark.parametrize(("name", "hands"), [
    ("auction-pitch", 30), ("ten-point-pitch", 20), ("nine-card-pitch", 10),
    ("minnesota-smear", 10), ("cinch", 10), ("auction-pitch-joker", 10),
    ("call-partner-pitch", 10),
])
@pytest.mark.parametrize("kind", [HeuristicBot, CalibratedBot])
def test_bid_player_bids_as_choose(name: str, hands: int, kind: type[HeuristicBot]) -> None:
    rules = load_variant(name)
    game = Game(rules, random.Random(11))
    bots = [kind(rules, seat, random.Random(seat)) for seat in range(rules.players.count)]
    fast = [bot.bid_player() for bot in bots]
    asked = 0
    for seat, obs, legal in turns(game, hands):
        action = bots[seat].choose(obs, legal)
        if obs.phase is Phase.AUCTION:
            player = fast[seat]
            assert player is not None
            choices = game.bid_choices()
            assert player(game.bid_view(seat), choices) == action
            assert listed(choices) == legal
            asked += 1
        game.apply(action)
    assert asked >= 10


def listed(choices: BidChoices) -> list[int]:
    """The legal actions ``choices`` stand for, in the engine's order."""
    may_pass, lowest, highest, moon, pitches = choices
    return ([PASS] * may_pass + [BID_BASE + n for n in range(lowest, highest + 1)]
            + [MOON] * moon + [c for c in range(54) if pitches >> c & 1])


def test_bid_choices_only_in_a_bid() -> None:
    rules = load_variant("auction-pitch").with_settings({"auction.style": "sell"})
    game = Game(rules, random.Random(3))
    with pytest.raises(UsageError, match="no bid to make now"):
        game.bid_choices()  # phase deal
    game.deal_random()
    game.bid_choices()
    game.apply(BID_BASE + 2)  # the first seat bids 2, the others pass
    while game.legal_actions() != [SELL, REFUSE]:
        game.bid_choices()
        game.apply(PASS)
    with pytest.raises(UsageError, match="no bid to make now"):
        game.bid_choices()  # the eldest sells or refuses


class OwnBid(HeuristicBot):
    """A bot that bids otherwise than the heuristic."""

    def bid(self, obs: Observation, legal: Sequence[int]) -> int:
        return legal[-1]


def test_a_bot_that_bids_otherwise_has_no_bid_player() -> None:
    rules = load_variant("auction-pitch")
    assert OwnBid(rules, 0, random.Random(0)).bid_player() is None
    assert OwnCalibratedBid(rules, 0, random.Random(0)).bid_player() is None
    assert CalibratedBot(rules, 0, random.Random(0)).bid_player() is not None
    assert HeuristicBot(rules, 0, random.Random(0)).bid_player() is not None


class OwnCalibratedBid(CalibratedBot):
    """A calibrated bot that bids otherwise."""

    def bid(self, obs: Observation, legal: Sequence[int]) -> int:
        return legal[-1]


def test_no_bid_player_where_the_pitch_may_be_sold() -> None:
    rules = load_variant("auction-pitch").with_settings({"auction.style": "sell"})
    assert HeuristicBot(rules, 0, random.Random(0)).bid_player() is None
    assert CalibratedBot(rules, 0, random.Random(0)).bid_player() is None


def test_no_calibrated_bid_player_where_a_moon_may_be_bid() -> None:
    """A moon's value may take play-outs on sampled deals, which read the observation."""
    rules = load_variant("money-pitch")
    assert CalibratedBot(rules, 0, random.Random(0)).bid_player() is None


def test_bid_turns_applies_the_bidders_answers_as_apply_does() -> None:
    """``Game.bid_turns`` asks each seat's bidder with its view and choices and applies
    the answer: the same events as ``apply`` of the same answers; it stops at a seat
    without a bidder, and an illegal answer raises with the seat still to act."""
    rules = load_variant("auction-pitch")
    fast, slow = Game(rules, random.Random(5)), Game(rules, random.Random(5))
    asked = 0

    def lowest_bid(view: object, choices: BidChoices) -> int:
        nonlocal asked
        asked += 1
        return listed(choices)[-1 if asked % 3 == 0 else 0]  # pass mostly, sometimes the top

    for hand in range(8):
        for game in (fast, slow):
            game.deal_random()
        left_out = hand % 4
        while fast.phase is Phase.AUCTION:
            fast.bid_turns([None if s == left_out else lowest_bid for s in range(4)])
            assert fast.phase is not Phase.AUCTION or fast.to_act == left_out
            for event in fast.events[len(slow.events):]:
                if slow.phase is not Phase.AUCTION:
                    break
                slow.apply(event.action)  # type: ignore[arg-type]
            assert fast.events[:len(slow.events)] == slow.events
            if fast.phase is Phase.AUCTION:
                action = fast.legal_actions()[0]
                fast.apply(action)
                slow.apply(action)
        while fast.phase is Phase.PLAY:  # the hand played out alike
            card = min(fast.legal_actions())
            fast.apply(card)
            slow.apply(card)
        assert fast.events == slow.events
    assert asked > 10
    fast.deal_random()
    seat = fast.to_act
    with pytest.raises(IllegalActionError):
        fast.bid_turns([lambda view, choices: MOON] * 4)  # auction pitch has no moon
    assert fast.to_act == seat


def test_a_built_in_bidder_that_fails_or_answers_wrong_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_variant("auction-pitch")

    def fails(self: HeuristicBot, *args: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(HeuristicBot, "bid_from", fails)
    with pytest.raises(BotError, match=r"bot 'heuristic' in seat \d failed: RuntimeError: boom"):
        simulate(rules, games=1, seed=1, bots="heuristic")
    monkeypatch.setattr(HeuristicBot, "bid_from", lambda self, *args: MOON)
    with pytest.raises(BotError, match=r"bot 'heuristic' in seat \d answered an illegal action: "
                                       r".*moon"):
        simulate(rules, games=1, seed=1, bots="heuristic")
