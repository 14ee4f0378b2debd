"""The bots with a kitty, a partner given cards and a called partner (issue 11): the Monte
Carlo bot searches trump with a kitty, the call and the play after it, and the worlds
agree with what the seat saw (the cards it gave its partner)."""

from __future__ import annotations

import random
from typing import Any

from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.montecarlo import MonteCarloBot
from pitchkit.bots.value import buckets, point_items
from pitchkit.bots.worlds import Table, known
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Phase
from pitchkit.tricks import tables_for
from tests.play_helpers import cards, consistent
from tests.test_worlds import positions

#: Minnesota Smear with the kitty's taker giving two cards to its partner
GIVING = ("minnesota-smear", ("draw.give_to_partner=2",))


def test_montecarlo_searches_trump_with_a_kitty_the_call_and_the_play_after_it() -> None:
    """The sampled game shows the seat what it sees at the table (its hand, the plays,
    the called card, its legal actions) when it names trump holding the kitty, calls a
    partner, and plays after the call or after a give."""
    for variant, sets, phases in (
            ("call-partner-pitch", (), (Phase.TRUMP, Phase.CALL, Phase.PLAY)),
            ("minnesota-smear", (), (Phase.TRUMP, Phase.PLAY)),
            (*GIVING, (Phase.TRUMP, Phase.PLAY))):
        checked = dict.fromkeys(phases, 0)
        bots: dict[int, MonteCarloBot] = {}
        for rules, game, obs, sight in positions(variant, 7, phases=phases, sets=sets):
            legal = game.legal_actions()
            if len(legal) < 2:
                continue
            bot = bots.setdefault(obs.seat, MonteCarloBot(rules, obs.seat,
                                                          random.Random(obs.seat), samples=1))
            bot.sight = sight
            state = bot.determinize(obs)
            assert state is not None, (variant, game.phase)
            seen = state.observation(obs.seat)
            assert (seen.hand, seen.played, seen.called, seen.phase) == (
                obs.hand, obs.played, obs.called, obs.phase)
            assert state.legal_actions() == legal
            checked[game.phase] += 1
        assert all(checked.values()), (variant, checked)


def test_the_giver_knows_its_partner_kept_the_trumps_it_gave() -> None:
    """draw.give_to_partner: in the giver's worlds its partner holds the trumps it gave
    (not yet played), and the real deal is one of its worlds."""
    fixed = 0
    for rules, game, obs, sight in positions(GIVING[0], 1, hands=6, sets=GIVING[1]):
        if obs.given is None or obs.given[0] == obs.seat:
            continue
        know = known(Table.of(rules), obs, sight)
        assert know is not None
        receiver, given = obs.given
        assert consistent(know, obs.seat, list(game.hands))
        trumps = tables_for(rules, game.trump).trumps
        held = given & trumps & game.hands[receiver]
        assert know.fixed[receiver] == held
        fixed += held.bit_count()
    assert fixed


def test_montecarlo_plays_the_kitty_and_call_variants_to_the_end_of_the_hand() -> None:
    for variant, sets in (("call-partner-pitch", ()), GIVING):
        rules = load_variant(variant, sets)
        n = rules.players.count
        game = Game(rules, random.Random(2))
        bots: list[Any] = [MonteCarloBot(rules, 0, random.Random(0), samples=2)]
        bots += [HeuristicBot(rules, s, random.Random(s)) for s in range(1, n)]
        game.deal_random()
        while game.phase is not Phase.DEAL and game.phase is not Phase.OVER:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
        assert len(game.hand_results) == 1


def test_a_called_partner_raises_the_heuristic_bid() -> None:
    """call.partner: the pitcher will have a partner, so the heuristic values a hand
    above what it would take alone."""
    hand = 0
    for card in cards("AH KH 9H 4H 2H QS 8S 5D 7C 3C"):
        hand |= 1 << card
    called = HeuristicBot(load_variant("call-partner-pitch"), 0, random.Random(0))
    alone = HeuristicBot(load_variant("call-partner-pitch", ("call.partner=false",)), 0,
                         random.Random(0))
    assert called.estimate(hand, 1) > alone.estimate(hand, 1) + 0.5


def test_the_calibration_reads_whether_its_partner_will_hold_an_items_card() -> None:
    """call.partner: for a point card the hand lacks, the feature the calibration
    learns from says whether it is the card the hand would call (its partner's)."""
    rules = load_variant("call-partner-pitch")
    items = point_items(rules)
    jack = next(i for i, item in enumerate(items) if item.name == "jack")
    hearts = 1
    with_ace = 0
    for card in cards("AH KH QH 9H 2H 5S 6S 7D 8D 3C"):
        with_ace |= 1 << card
    # it holds the ace, king and queen: the jack of trumps is the card it would call
    assert buckets(items, rules, with_ace, hearts)[jack] >= 25
    alone = load_variant("call-partner-pitch", ("call.partner=false",))
    assert buckets(point_items(alone), alone, with_ace, hearts)[jack] < 5
