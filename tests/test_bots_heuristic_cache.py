"""The heuristic bot's caches change no decision.

The bot keeps, per hand, its estimate of each suit and, per rule set, the estimates it
worked out by the cards they read, the trump tables and the base cost of each card, and
reads the cards played from the masks captured (not the list of plays). At every
decision of games played by cached bots, a new bot that works every estimate out from
the whole hand, remembering nothing, and reads the list of plays, must choose the same
action.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pitchkit.bots.heuristic import HeuristicBot, _order, know
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.plan import rules_plan
from pitchkit.results import Observation, PlayView
from pitchkit.tricks import tables_for
from pitchkit.variant import JokerRank
from tests.play_helpers import turns


class Uncached(HeuristicBot):
    """The heuristic with its estimate worked out from the whole hand at every call, and
    the cards played read from the list of plays."""

    @staticmethod
    def played_mask(obs: Observation | PlayView) -> int:
        played = 0
        for _, c in obs.played:
            played |= 1 << c
        return played

    def estimate(self, hand: int, suit: int) -> float:
        return self._estimate(hand, suit)

    def best_suit(self, hand: int) -> tuple[int, float]:
        return max(((s, self.estimate(hand, s)) for s in range(4)), key=lambda x: x[1])


@pytest.mark.parametrize(("name", "hands"), [
    ("auction-pitch", 12), ("money-pitch", 6), ("partnership-pitch", 8),
    ("ten-point-pitch", 6), ("nine-card-pitch", 4), ("pimps-and-hoes", 1),
])
def test_cached_choices_equal_uncached(name: str, hands: int) -> None:
    rules = load_variant(name)
    game = Game(rules, random.Random(11))
    n = rules.players.count
    bots = [HeuristicBot(rules, seat, random.Random(seat)) for seat in range(n)]
    decisions = 0
    for seat, obs, legal in turns(game, hands):
        action = bots[seat].choose(obs, legal)
        fresh = Uncached(rules, seat, random.Random(seat))
        assert fresh.choose(obs, legal) == action, (name, decisions)
        game.apply(action)
        decisions += 1
    assert decisions > 20


@pytest.mark.parametrize("name", ["auction-pitch", "partnership-pitch", "pimps-and-hoes",
                                  "cinch", "call-partner-pitch", "minnesota-smear"])
def test_cards_played_read_from_the_captured_masks_are_the_list_of_plays(name: str) -> None:
    """The bot reads the cards played from the captured masks and the trick on the
    table: at every decision of random games they are exactly the cards of the list of
    plays (a card on the table left out changes a few decisions in thousands, too few
    for the test above to see)."""
    rules = load_variant(name)
    rng = random.Random(5)
    game = Game(rules, random.Random(3))
    seen = 0
    for _seat, obs, _legal in turns(game, 4):
        assert HeuristicBot.played_mask(obs) == Uncached.played_mask(obs)
        seen += bool(obs.trick)
        game._apply_random(rng)
    assert seen > 20


@pytest.mark.parametrize("name", ["auction-pitch", "ten-point-pitch", "cinch",
                                  "auction-pitch-joker"])
def test_an_estimate_remembered_by_its_key_is_the_estimate_of_the_whole_hand(name: str) -> None:
    """The estimates kept per rule set are found by the cards the estimate reads and the
    count of tens: any hand with the same key has the same estimate, worked out from the
    whole hand (a key that left something out would hand one hand another's value)."""
    rules = load_variant(name)
    bot = HeuristicBot(rules, 0, random.Random(0))
    deck = list(rules.deck.cards())
    per = bot.k.cards_per_hand
    rng = random.Random(9)
    for _ in range(2500):
        hand = 0
        for card in rng.sample(deck, per):
            hand |= 1 << card
        for suit in range(4):
            assert bot.estimate(hand, suit) == bot._estimate(hand, suit), (hand, suit)


def first_lead_by_lists(bot: HeuristicBot, hand: int, legal: list[int]) -> int:
    """The first lead as it read the legal cards as a list (before it read masks)."""
    suit, _ = bot.best_suit(hand)
    t = bot.k.tables[suit]
    mine = [c for c in legal if t.trumps >> c & 1 and c < 52 and c // 13 == suit]
    if not mine:
        return max(legal, key=lambda c: c % 13 if c < 52 else -1)
    mine.sort(key=t.power.__getitem__)
    top = mine[-1]
    if top % 13 >= 11 or len(mine) == 1:
        return top
    low = [c for c in mine if c % 13 != 9 and c % 13 != 8]  # not a jack, not a ten
    return low[0] if low else top


@pytest.mark.parametrize("name", ["auction-pitch", "auction-pitch-joker", "cinch", "pidro",
                                  "minnesota-smear", "pedro"])
def test_first_lead_on_masks_is_the_lead_by_lists(name: str) -> None:
    """The lead that sets trump, chosen from the legal cards as a mask, is the lead the
    list form chose, on random hands and random legal subsets of them."""
    rules = load_variant(name)
    bot = HeuristicBot(rules, 0, random.Random(0))
    deck = list(rules.deck.cards())
    rng = random.Random(9)
    for _ in range(400):
        hand_cards = rng.sample(deck, rng.randint(1, 10))
        legal = sorted(rng.sample(hand_cards, rng.randint(1, len(hand_cards))))
        hand = sum(1 << c for c in hand_cards)
        obs = PlayView(seat=0, hand=hand, reserve=0, trump=None, trick=(), finished=(),
                       captured=(0,) * rules.players.count, stage=0, team_of=(0, 1, 2, 3))
        assert bot.first_lead(obs, sum(1 << c for c in legal)) == \
            first_lead_by_lists(bot, hand, legal)


@pytest.mark.parametrize("rank", list(JokerRank))
def test_a_card_order_is_its_own_rule_sets_whatever_was_loaded_before(rank: JokerRank) -> None:
    """The heuristic's orders of the cards (``order``, cached across rule sets) are its
    rule set's own, after rule sets with the same trumps ranked otherwise (a joker's place:
    ``trump.joker_rank``) were loaded: an order cached for one once served the other."""
    base = load_variant("auction-pitch-joker")
    others = [replace(base, trump=replace(base.trump, joker_rank=r)) for r in JokerRank]
    for other in others:
        know(other)
    rules = replace(base, trump=replace(base.trump, joker_rank=rank))
    k = know(rules)
    for suit in range(4):
        t = tables_for(rules, suit)
        assert k.orders[suit] == _order(t, rules_plan(rules).deal.deck_mask)
