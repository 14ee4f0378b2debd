"""deal.weak_hand_below: a weak hand may be thrown in, at its holder's choice.

Rule (Serjeant's Muse, Pitch, everything2.com): "the option of turning their cards face up
in order to get six new cards if and only if all six of their cards are lower than a
Jack". After the deal and before the bidding, each seat holding no card of the rank or
higher answers ``throw in`` (its hand is shown, out of play, and it is dealt the next
cards of the undealt pack) or ``keep hand``, seat by seat from the dealer's left.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from play_helpers import act, cards, names, tricks

from pitchkit.actions import KEEP_HAND, THROW_IN, action_text, parse_action
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.random_bot import RandomBot
from pitchkit.cards import mask_of
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.explain import explain_rules
from pitchkit.load import load_variant
from pitchkit.record import game_to_record, replay_events, replay_record
from pitchkit.variant import Rules, rules_from_mapping

WEAK = "2H 3H 4C 5C 6D 7D"  # no jack or higher
STRONG = "AH KH 9C TC TD TS"
NEW = "JH QH 8C 9D 2S 3S"  # the top of the pack: the new hand of a weak seat


def two_players(**deal: Any) -> Rules:
    return rules_from_mapping({"players": {"count": 2},
                               "scoring": {"win_only_as_pitcher": False},
                               "deal": {"weak_hand_below": "J", **deal}})


def rest_of_deck(*taken: str) -> list[int]:
    used = set(cards(" ".join(taken)))
    return [c for c in range(52) if c not in used]


def dealt(game: Game) -> None:
    """Seat 0 weak, seat 1 strong, the pack opening with NEW (dealer seat 1)."""
    game.deal_cards([cards(WEAK), cards(STRONG)],
                    pack=cards(NEW) + rest_of_deck(WEAK, STRONG, NEW))


def test_the_weak_seat_is_asked_before_the_bidding() -> None:
    game = Game(two_players(), random.Random(0), dealer=1)
    dealt(game)
    assert game.phase is Phase.THROW_IN and game.to_act == 0
    assert names(game.legal_actions()) == ["throw in", "keep hand"]
    with pytest.raises(IllegalActionError, match="weak hand: throw in or keep hand"):
        game.apply("bid 2")


def test_throw_in_plays_the_new_hand_and_sets_the_old_one_aside() -> None:
    game = Game(two_players(), random.Random(0), dealer=1)
    dealt(game)
    act(game, "throw in")
    # seat 1's hand is strong: it is not asked; the bidding begins with seat 0
    assert game.phase is Phase.AUCTION and game.to_act == 0
    assert game.hands[0] == game.dealt[0] == mask_of(cards(NEW))
    assert game.set_aside()["discarded"] == mask_of(cards(WEAK))
    assert game.observation(1).thrown_in == ((0, mask_of(cards(WEAK))),)
    act(game, "bid 2", "pass")
    # hearts trump: seat 0's new jack and queen of hearts; seat 1 holds AH KH
    tricks(game, "QH AH", "TS 2S", "KH JH", "TC 8C", "TD 9D", "9C 3S")
    result = game.hand_results[-1]
    # the trumps in play are AH KH (seat 1) and the new QH JH: the thrown-in 2H is out
    # of play, so low is the JH, which seat 1 captured with the jack
    assert result.points["jack"] == (1,) and result.points["low"] == (1,)
    assert game.set_aside()["discarded"] & ~game.captured[0] & ~game.captured[1] \
        == mask_of(cards(WEAK))


def test_keep_hand_plays_the_weak_hand() -> None:
    game = Game(two_players(), random.Random(0), dealer=1)
    dealt(game)
    act(game, "keep hand")
    assert game.phase is Phase.AUCTION and game.hands[0] == mask_of(cards(WEAK))
    assert game.observation(1).thrown_in == ()
    act(game, "pass", "bid 2")
    tricks(game, "AH 2H", "KH 3H", "TC 4C", "TD 6D", "TS 7D", "9C 5C")
    # the weak hand's 2H is in play and is low: seat 1 captured it
    assert game.hand_results[-1].points["low"] == (1,)
    assert game.set_aside()["discarded"] == 0


def test_a_new_weak_hand_may_be_thrown_in_again() -> None:
    game = Game(two_players(), random.Random(0), dealer=1)
    second_weak = "4H 5H 6C 7C 8D 9H"
    game.deal_cards([cards(WEAK), cards(STRONG)],
                    pack=cards(second_weak) + cards(NEW)
                    + rest_of_deck(WEAK, STRONG, NEW, second_weak))
    act(game, "throw in")
    assert game.phase is Phase.THROW_IN and game.to_act == 0
    act(game, "throw in")
    assert game.hands[0] == mask_of(cards(NEW)) and game.phase is Phase.AUCTION
    assert [seat for seat, _ in game.observation(0).thrown_in] == [0, 0]


def test_no_choice_without_a_new_hand_in_the_pack() -> None:
    # 24 cards each: the 4 undealt cards cannot make a new hand
    game = Game(two_players(cards_per_hand=24), random.Random(0), dealer=1)
    weak = [c for c in range(52) if c % 13 < 9][:24]
    strong = [c for c in range(52) if c not in weak][:24]
    game.deal_cards([weak, strong], pack=[c for c in range(52) if c not in weak + strong])
    assert game.phase is Phase.AUCTION


def test_actions_are_spelled_and_parsed() -> None:
    assert action_text(THROW_IN) == "throw in" and action_text(KEEP_HAND) == "keep hand"
    assert parse_action("throw in") == THROW_IN and parse_action("Keep Hand") == KEEP_HAND


def test_a_recorded_throw_in_replays_and_a_changed_one_is_refused() -> None:
    r = load_variant("auction-pitch", ["deal.weak_hand_below=Q"])
    game = Game(r, random.Random(5))
    rng = random.Random(6)
    throws = 0
    while game.outcome is None and len(game.hand_results) < 30:
        if game.phase is Phase.DEAL:
            game.deal_random()
        else:
            if game.phase is Phase.THROW_IN:
                throws += 1
            game._apply_random(rng)
    assert throws
    replayed = replay_events(r, game.events, game.first_dealer)
    assert replayed.scores == game.scores and replayed.hand_results == game.hand_results
    record = game_to_record(game, "auction-pitch", sets={"deal.weak_hand_below": "Q"})
    assert replay_record(record).game.scores == game.scores
    # the first recorded throw-in turned into a bid: refused where it is
    for hand in record["hands"]:
        if "throw in" in hand["actions"]:
            hand["actions"][hand["actions"].index("throw in")] = "bid 2"
            break
    with pytest.raises(Exception, match="the throw-in"):
        replay_record(record)


@pytest.mark.parametrize(("hand", "expected"), [
    (WEAK, THROW_IN),
    # six hearts to the ten and the two: high is likely, low and game too
    ("2H 3H 4H 5H 6H TH", KEEP_HAND),
])
def test_heuristic_throws_in_by_hand_value(hand: str, expected: int) -> None:
    game = Game(two_players(), random.Random(0), dealer=1)
    other = "AS KS QS JS AC KC"
    game.deal_cards([cards(hand), cards(other)],
                    pack=rest_of_deck(hand, other))
    assert game.phase is Phase.THROW_IN
    bot = HeuristicBot(game.rules, 0, random.Random(0))
    assert bot.choose(game.observation(0), game.legal_actions()) == expected


def test_random_bot_takes_either() -> None:
    seen = set()
    for seed in range(20):
        bot = RandomBot(two_players(), 0, random.Random(seed))
        seen.add(bot.choose(None, [THROW_IN, KEEP_HAND]))
    assert seen == {THROW_IN, KEEP_HAND}


def test_explain_says_it_is_the_players_choice() -> None:
    text = explain_rules(two_players())
    assert "may throw it in before the bidding (`throw in`)" in text
    assert "or keep it (`keep hand`)" in text


def test_the_environment_offers_throw_in_and_keep_hand() -> None:
    pytest.importorskip("pettingzoo")
    from pitchkit.actions import PASS
    from pitchkit.env import THROW_IN_ACTION, PitchEnv

    raw = PitchEnv("auction-pitch", sets=("deal.weak_hand_below=A",))
    raw.reset(seed=1)
    rng = random.Random(1)
    for _ in range(2000):
        game = raw.game
        assert game is not None
        if game.phase is Phase.THROW_IN:
            break
        mask = raw.observe(raw.agent_selection)["action_mask"]
        raw.step(rng.choice([a for a in range(len(mask)) if mask[a]]))
    else:  # pragma: no cover
        raise AssertionError("no weak hand in 2000 steps")
    mask = raw.observe(raw.agent_selection)["action_mask"]
    assert [a for a in range(len(mask)) if mask[a]] == [PASS, THROW_IN_ACTION]
    seat = game.to_act
    raw.step(THROW_IN_ACTION)
    assert game.observation(0).thrown_in[-1][0] == seat
