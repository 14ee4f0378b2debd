"""Worlds of the search bots (pitchkit.bots.worlds): a sampled world agrees with all the
seat has seen, in draw and kitty variants too, and conserves the deck."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pitchkit.actions import ALONE
from pitchkit.bots.deal_rows import BidCheck, deal_kept, kept
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.montecarlo import MonteCarloBot
from pitchkit.bots.worlds import (
    BID_TRIES,
    Known,
    Sight,
    Table,
    draw_kept,
    draw_world,
    draw_worlds,
    first_part,
    known,
    matched_world,
    sample_world,
    sample_worlds,
    skip,
    voids,
)
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase
from pitchkit.tricks import trick_voids
from pitchkit.variant import Rules
from tests.play_helpers import consistent, turns

#: Variants with a draw or a kitty (and trumps-only play), and two without.
VARIANTS = ("ten-point-pitch-draw", "pedro", "pidro", "cinch", "nine-card-pitch",
            "minnesota-smear", "auction-pitch", "partnership-pitch", "call-partner-pitch")


def positions(variant: str, seed: int, hands: int = 2,
              phases: tuple[Phase, ...] = (Phase.PLAY,), sets: tuple[str, ...] = ()):
    """Every decision in ``phases`` of a game of heuristic bots (once trump is known in
    play) under ``variant`` with ``sets``: (rules, game, observation, the seat's Sight)."""
    rules = load_variant(variant, sets)
    n = rules.players.count
    game = Game(rules, random.Random(seed))
    bots = [HeuristicBot(rules, s, random.Random(seed + s)) for s in range(n)]
    sights = [Sight() for _ in range(n)]
    for seat, obs, legal in turns(game, hands, limit=2000):
        sights[seat].see(obs)
        if game.phase in phases and (obs.trump is not None or game.phase is not Phase.PLAY):
            yield rules, game, obs, sights[seat]
        game.apply(bots[seat].choose(obs, legal))


@settings(max_examples=12, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000))
@example(variant="call-partner-pitch", seed=626)  # the greedy draw cornered itself 12 times
def test_a_world_holds_no_card_the_seat_saw_elsewhere_and_conserves_the_deck(
        variant: str, seed: int) -> None:
    rng = random.Random(seed)
    table = None
    for rules, game, obs, sight in positions(variant, seed):
        table = table or Table.of(rules)
        me = obs.seat
        know = known(table, obs, sight)
        assert know is not None
        truth = list(game.hands)
        # what the seat knows is true: the real deal is one of its worlds
        assert consistent(know, me, truth)
        single = sample_world(know, me, obs.hand, rng)
        assert single is not None
        # and the worlds drawn at once (numpy), as the search bot draws them
        many = sample_worlds(know, me, obs.hand, 5, rng, np.random.default_rng(seed))
        assert len(many) == 5
        for world in [single, *many]:
            assert world[me] == obs.hand
            assert consistent(know, me, world)
            check_world(rules, table, game, obs, sight, know, world, truth)


def check_world(rules: Rules, table: Table, game: Game, obs: Observation, sight: Sight,
                know: Known, world: list[int], truth: list[int]) -> None:
    """``world`` holds no card ``obs.seat`` saw elsewhere, and conserves the deck."""
    me = obs.seat
    played = sum(1 << c for _, c in obs.played)
    seen = sight.held | played | sum(cards for _, cards in obs.shown)
    in_hands = 0
    for seat, cards in enumerate(world):
        assert not cards & in_hands  # no card in two hands
        in_hands |= cards
        assert not cards & played
        if seat != me:
            assert not cards & seen & ~know.fixed[seat]  # seen elsewhere: never
            assert not cards & know.banned[seat]
    assert not in_hands & ~table.deck
    if rules.play.trumps_only:
        assert all(not cards & ~game.play_state.tables.trumps for cards in world)  # type: ignore[union-attr]
    else:
        # every hand as big as at the table: the cards out of play are as many too
        assert [c.bit_count() for c in world] == [c.bit_count() for c in truth]
        out = table.deck & ~in_hands & ~played
        real_out = table.deck & ~sum(truth) & ~played
        assert out.bit_count() == real_out.bit_count()


def test_a_seat_that_sits_out_a_trick_of_trumps_only_play_holds_no_trump() -> None:
    rules = load_variant("pidro")
    table = Table.of(rules)
    t = table.tables[0]
    # seats 1 and 2 play a trick led by seat 1; seat 3 then 0 sat out before seat 1 led
    # again: seat 3 folded between 2 and the leader (0 plays: the trick is complete)
    spades = [c for c in range(13)]
    played = [(1, spades[12]), (2, spades[11]), (0, spades[10]), (1, spades[9])]
    out = voids(table, t, played, unfinished=True, to_play=2)
    assert out[3] == t.trumps
    assert out[0] == out[1] == out[2] == 0


def test_montecarlo_rebuilds_the_hidden_pack_of_draw_variants() -> None:
    """In draw and kitty variants the Monte Carlo bot's sampled games show the seat what
    it sees at the table (its hand, the cards played, its legal actions) in the auction
    and in play after the draw, so it searches them instead of falling back."""
    from pitchkit.bots.montecarlo import MonteCarloBot

    for variant in ("cinch", "pidro", "minnesota-smear"):
        checked = {Phase.AUCTION: 0, Phase.PLAY: 0}
        samplers: dict[int, MonteCarloBot] = {}
        for rules, game, obs, sight in positions(variant, 3, phases=tuple(checked)):
            legal = game.legal_actions()
            if len(legal) < 2:
                continue
            sampler = samplers.setdefault(
                obs.seat, MonteCarloBot(rules, obs.seat, random.Random(obs.seat), samples=1))
            sampler.sight = sight
            state = sampler.determinize(obs)
            assert state is not None
            seen = state.observation(obs.seat)
            assert (seen.hand, seen.played, seen.trick) == (obs.hand, obs.played, obs.trick)
            assert state.legal_actions() == legal
            checked[game.phase] += 1
        assert all(checked.values()), (variant, checked)


@settings(max_examples=6, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000))
def test_a_matched_world_fits_all_the_seat_knows(variant: str, seed: int) -> None:
    """The fallback of sample_world finds a world wherever one exists (the real deal is
    one), and it fits what the seat knows."""
    rng = random.Random(seed)
    table = None
    for rules, _game, obs, sight in positions(variant, seed):
        table = table or Table.of(rules)
        know = known(table, obs, sight)
        assert know is not None
        world = matched_world(know, obs.seat, obs.hand, rng)
        assert world is not None
        assert world[obs.seat] == obs.hand
        assert consistent(know, obs.seat, world)


@pytest.mark.parametrize("variant", ["call-partner-pitch", "minnesota-smear"])
def test_worlds_drawn_at_once_deal_as_one_at_a_time(variant: str) -> None:
    """draw_worlds (numpy, the search bot's) deals each card to each seat as often as
    draw_world does, within sampling noise, late in a hand (voids shown)."""
    rules, _game, obs, sight = list(positions(variant, 11, hands=1))[-6]
    know = known(Table.of(rules), obs, sight)
    assert know is not None and know.order
    count = 3000
    rng = random.Random(1)
    one = [draw_world(know, obs.seat, obs.hand, rng) for _ in range(count)]
    many = draw_worlds(know, obs.seat, obs.hand, count, np.random.default_rng(1))
    assert len(many) > count * 0.9
    for seat in know.order:
        for card in know.free:
            a = sum(w[seat] >> card & 1 for w in one if w is not None) / len(
                [w for w in one if w is not None])
            b = sum(w[seat] >> card & 1 for w in many) / len(many)
            assert abs(a - b) < 0.05, (seat, card, a, b)


@pytest.mark.parametrize("variant", ["auction-pitch", "call-partner-pitch", "pedro"])
def test_the_draw_that_checks_the_bid_keeps_the_worlds_of_all_its_keys_drawn_at_once(
        variant: str) -> None:
    """draw_kept draws the keys of only the worlds it wants first (the rest only where too
    few of them agree with the bid, else the generator moved past them): the same worlds,
    and the generator where it would be, as the keys of every world drawn at once and
    read by deal_kept; with bids that many worlds miss (both ways taken)."""
    rng = random.Random(3)
    ways = {"read on": 0, "moved past": 0}
    for rules, _game, obs, sight in positions(variant, 5):
        know = known(Table.of(rules), obs, sight)
        assert know is not None
        if not know.order or know.total_need > len(know.free):
            continue
        judge = HeuristicBot(rules, obs.seat, random.Random(0))
        pitcher = rng.choice(know.order)
        check = BidCheck(judge, pitcher, 0, rng.choice([1, 2, judge.k.items_total]),
                         obs.trump).args()
        # (twice on the same knowledge: a decision's second draw starts from the first's
        # rate of worlds that agreed)
        for _ in range(2):
            want = rng.randint(1, 20)
            count = want * (1 + BID_TRIES)
            seed = rng.getrandbits(32)
            lazy, whole = np.random.default_rng(seed), np.random.default_rng(seed)
            before = know.drawn
            worlds = draw_kept(know, obs.seat, obs.hand, count, want, lazy, check)
            base = list(know.fixed)
            base[obs.seat] = obs.hand
            bits, order, need, barred = know.arrays()
            tables = (bits, np.array(base, np.uint64), order, need, barred,
                      np.uint64(know.keep_trumps))
            out = np.empty((want, len(base)), np.uint64)
            bad = np.empty((want, len(base)), np.uint64)
            state = np.zeros(2, np.intp)
            deal_kept(whole.random((count, len(know.free))), *tables, out, bad, state, *check)
            assert worlds.tolist() == out[:kept(out, bad, state)].tolist()
            assert lazy.random(3).tolist() == whole.random(3).tolist()
            # (the first part's worlds agreeing or not: the rest read, or moved past)
            state[:] = 0
            some = deal_kept(np.random.default_rng(seed).random(
                (first_part(want, count, before), len(know.free))), *tables, out, bad, state,
                *check)
            ways["read on" if some < want else "moved past"] += 1
    assert min(ways.values()) > 3, ways


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937])
def test_skipping_keys_leaves_the_generator_as_drawing_them(bits: type) -> None:
    skipped, drawn = np.random.Generator(bits(9)), np.random.Generator(bits(9))
    skip(skipped, 37)
    drawn.random(37)
    assert skipped.random(5).tolist() == drawn.random(5).tolist()


def test_the_voids_of_a_hand_played_alone_are_the_engines_record() -> None:
    """auction.alone: the pitcher's partner sits out, the tricks have a card fewer than
    the table has seats; the voids a world is drawn by are those the engine recorded
    (Observation.voids, with the trick on the table: pitchkit.tricks.trick_voids), not
    read from tricks of a card too many (they were, before h32-cpsearch)."""
    alone = 0
    for rules, _, obs, sight in positions("catch-five", 5, hands=60,
                                          sets=("auction.alone=true",)):
        if obs.pitcher is None or not any(a == ALONE for _, a in obs.bids):
            continue
        table = Table.of(rules)
        know = known(table, obs, sight)
        assert know is not None and obs.trump is not None
        record = list(obs.voids)
        if len(obs.trick) > 1:
            trick_voids(record, obs.trick, table.tables[obs.trump], table.following)
        assert know.banned == record
        # montecarlo reads the same voids (it read them from tricks of every seat too)
        bot = MonteCarloBot(rules, obs.seat, random.Random(0))
        assert bot.voids(obs) == record
        alone += 1
    assert alone > 10

