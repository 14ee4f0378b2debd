"""The search's play-outs cut at a horizon and the rest of the hand estimated
(pitchkit.bots.leaf, ``search:leaf=N``): the hook in the play-outs, each clause of the
estimate, the horizon value against the whole play-out's where the rest is exact, and the
learned tables' cache."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots import leaf as leaf_module
from pitchkit.bots.cardplay import CarefulPlay
from pitchkit.bots.leaf import (
    CARD_CELLS,
    GAME_CELLS,
    LEAF_VERSION,
    Horizon,
    LeafModel,
    Recorder,
    calibrate,
    card_cell,
    game_points,
    leaf_model,
    leaf_rules,
    may_cut,
    unmodelled,
)
from pitchkit.bots.quickscore import QuickScore
from pitchkit.bots.search import SearchBot
from pitchkit.bots.value import rules_hash
from pitchkit.cards import mask_of, parse_card
from pitchkit.engine import Game
from pitchkit.load import load_variant, shipped_variants
from pitchkit.plan import rules_plan
from pitchkit.results import Observation, Phase
from pitchkit.scoring import bid_result, game_points_of, scoring_plan
from pitchkit.variant import Rules
from tests.strategies import variants

CARD, GAME = 0.7, 0.4


def model(card: float = CARD, game: float = GAME) -> LeafModel:
    """Tables of one chance everywhere: each learned clause reads its own."""
    return LeafModel(rules_hash="test", hands=0, card=(card,) * CARD_CELLS,
                     card_seen=(0,) * CARD_CELLS, game=(game,) * GAME_CELLS,
                     game_seen=(0,) * GAME_CELLS)


def horizon(rules: Rules, *, me: int = 1, pitcher: int | None = 1, bid: int | None = 2,
            learned: LeafModel | None = None, trump: int = 0) -> Horizon:
    """The estimate of one decision: spades trump, seat 0 deals, ``pitcher`` bid ``bid``."""
    n = rules.players.count
    team = rules_plan(rules).seats.team_of
    quick = QuickScore(rules, scoring_plan(rules), trump, 0, team, pitcher, bid, False,
                       (0,) * n, me)
    return Horizon(leaf_rules(rules), learned or model(), quick, trump)


def cards(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


#: a deal of auction pitch played to a trick's end: every seat's cards of the hand, what
#: each holds and captured; spades trump (AS high, 2S low, JS jack, TH game points)
DEALT = [cards("AS 3H 4D 5C 6C 7C"), cards("2S JS 8H 9D 3C 4C"),
         cards("KS TH 2D 3D 5D 6D"), cards("QS 4S 2H 5H 6H 7H")]


def state(held: Sequence[str], captured: Sequence[str]) -> tuple[list[int], list[int]]:
    return [cards(h) if h else 0 for h in held], [cards(c) if c else 0 for c in captured]


AUCTION = load_variant("auction-pitch")


# ----------------------------------------------------------------------------- exact items


def test_high_to_the_holder_is_exact() -> None:
    rules = load_variant("auction-pitch", ["points.high_goes_to=holder"])
    hands, captured = state(["AS 3H 4D 5C 6C", "2S JS 8H 9D 3C", "KS TH 2D 3D 5D",
                             "QS 4S 2H 5H 6H"], ["7C 4C 6D 7H", "", "", ""])
    exact, uncertain, _ = horizon(rules).credits(DEALT, hands, captured, 0)
    assert exact[0] == 1  # the ace, still held, is seat 0's
    assert [u[1] for u in uncertain] == [1, 1]  # low and jack, held by seat 1: learned


def test_low_to_the_holder_is_exact() -> None:
    rules = load_variant("auction-pitch", ["points.low_goes_to=holder"])
    hands, captured = state(["AS 3H 4D 5C 6C", "2S JS 8H 9D 3C", "KS TH 2D 3D 5D",
                             "QS 4S 2H 5H 6H"], ["7C 4C 6D 7H", "", "", ""])
    exact, uncertain, _ = horizon(rules).credits(DEALT, hands, captured, 0)
    assert exact[1] == 1  # the two, still held, is seat 1's
    assert sorted(u[1] for u in uncertain) == [0, 1]  # high (seat 0) and jack (seat 1)


def test_a_named_card_to_its_player_is_exact_and_to_its_capturer_learned() -> None:
    # ten-point pitch: the two of trumps to its player, the ace of trumps to its capturer
    rules = load_variant("ten-point-pitch")
    assert unmodelled(rules) is None
    plan = scoring_plan(rules)
    two = next(i for i in plan.items if i.name == "two_of_trumps")
    ace = next(i for i in plan.items if i.name == "ace_of_trumps")
    n = rules.players.count
    h = horizon(rules, pitcher=0, me=0, bid=5)
    dealt = [sum(1 << c for c in range(52) if c % n == s) for s in range(n)]
    two_holder = next(s for s in range(n) if dealt[s] >> two.card_by_trump[0] & 1)
    ace_holder = next(s for s in range(n) if dealt[s] >> ace.card_by_trump[0] & 1)
    exact, uncertain, _ = h.credits(dealt, list(dealt), [0] * n, 0)
    assert exact[h.team[two_holder]] == two.value
    assert sum(exact) == two.value
    assert (ace.value, h.team[ace_holder], CARD) in uncertain


def test_a_captured_item_goes_to_its_capturer() -> None:
    hands, captured = state(["3H 4D 5C 6C", "8H 9D 3C 4C", "TH 2D 3D 5D", "4S 2H 5H 6H"],
                            ["", "AS 2S JS QS KS 7C 6D 7H", "", ""])
    exact, uncertain, _ = horizon(AUCTION).credits(DEALT, hands, captured, 1)
    assert exact[1] == 3  # high, low and jack captured by seat 1
    assert not uncertain


def test_the_jack_not_in_play_goes_to_the_pitcher_where_the_rules_say() -> None:
    rules = load_variant("auction-pitch", ["points.undealt_jack=pitcher"])
    dealt = [d & ~cards("JS") for d in DEALT]
    hands = list(dealt)
    exact, uncertain, _ = horizon(rules, pitcher=2).credits(dealt, hands, [0] * 4, 0)
    assert exact[2] == 1
    assert all(u[0] == 1 for u in uncertain) and len(uncertain) == 2  # high, low
    exact, _, _ = horizon(AUCTION, pitcher=2).credits(dealt, hands, [0] * 4, 0)
    if scoring_plan(AUCTION).undealt_jack_to_pitcher:
        pytest.skip("auction pitch gives the undealt jack to the pitcher")
    assert exact == [0, 0, 0, 0]


def test_game_is_exact_once_no_game_card_is_held() -> None:
    hands, captured = state(["3S 4D 5C 6C", "8S 9D 3C 4C", "5S 2D 3D 5D", "4S 2H 5H 6H"],
                            ["AS KS QS JS 2S TH 3H 8H 7C 6D 7H 9H", "", "", ""])
    dealt = [hands[s] | captured[s] for s in range(4)]
    exact, _, game_chance = horizon(AUCTION).credits(dealt, hands, captured, 0)
    assert not game_chance
    assert exact[0] == 4  # high, low, jack, game


# ----------------------------------------------------------------------------- learned items


@pytest.mark.parametrize("leads", [True, False])
def test_the_jack_held_is_learned_by_its_cell(leads: bool) -> None:
    hands, captured = state(["AS 3H 4D 5C 6C", "2S JS 8H 9D 3C", "KS TH 2D 3D 5D",
                             "QS 4S 2H 5H 6H"], ["7C 4C 6D 7H", "", "", ""])
    table = [0.0] * CARD_CELLS
    # the jack: seat 1 holds 5 cards, a trump, beaten by AS KS QS of the others
    cell = card_cell(5, True, 3, leads)
    table[cell] = 0.25
    learned = LeafModel(rules_hash="t", hands=0, card=tuple(table), card_seen=(0,) * CARD_CELLS,
                        game=(GAME,) * GAME_CELLS, game_seen=(0,) * GAME_CELLS)
    h = horizon(AUCTION, learned=learned)
    _, uncertain, _ = h.credits(DEALT, hands, captured, 1 if leads else 0)
    jack = [u for u in uncertain if u[1] == 1 and u[2] == 0.25]
    assert len(jack) == 2  # the jack and the low (the two, beaten by the same three)


def test_high_and_low_to_the_capturer_are_learned() -> None:
    hands, captured = state(["AS 3H 4D 5C 6C", "2S JS 8H 9D 3C", "KS TH 2D 3D 5D",
                             "QS 4S 2H 5H 6H"], ["7C 4C 6D 7H", "", "", ""])
    exact, uncertain, _ = horizon(AUCTION).credits(DEALT, hands, captured, 0)
    assert exact == [0, 0, 0, 0]
    assert sorted((u[0], u[1]) for u in uncertain) == [(1, 0), (1, 1), (1, 1)]


def test_game_with_game_cards_held_is_learned_per_side() -> None:
    hands, captured = state(["AS 3H 4D 5C 6C", "2S JS 8H 9D 3C", "KS TH 2D 3D 5D",
                             "QS 4S 2H 5H 6H"], ["7C 4C 6D 7H", "", "", ""])
    h = horizon(AUCTION, learned=model(game=0.3))
    _, _, game_chance = h.credits(DEALT, hands, captured, 0)
    assert game_chance == [0.3] * 4


def test_the_contract_is_an_expectation_over_the_learned_items() -> None:
    # seat 1 pitched 2 and holds the low and the jack (each its side's at 0.7 by the
    # table), the high is seat 0's (seat 1's at 0.3 / 3): game at 0.4 each side
    hands, captured = state(["AS 3H 4D 5C 6C", "2S JS 8H 9D 3C", "KS TH 2D 3D 5D",
                             "QS 4S 2H 5H 6H"], ["7C 4C 6D 7H", "", "", ""])
    h = horizon(AUCTION, pitcher=1, bid=2, me=1)
    chances = [0.7, 0.7, 0.3 / 3, 0.4]
    dist = {0: 1.0}
    for c in chances:
        nxt: dict[int, float] = {}
        for p, w in dist.items():
            nxt[p] = nxt.get(p, 0.0) + w * (1 - c)
            nxt[p + 1] = nxt.get(p + 1, 0.0) + w * c
        dist = nxt
    plan = scoring_plan(AUCTION)
    contract = sum(w * bid_result(plan, p, 2)[1] for p, w in dist.items())
    # the other seats' expected points: seat 0 the high at 0.7, each of the others a third
    # of what the holder's side misses, game at 0.4 each
    others = [0.7 + 0.1 + 0.1 + 0.4, 0.1 * 3 + 0.4, 0.1 * 3 + 0.4]
    assert h.value(DEALT, hands, captured, 0) == pytest.approx(contract - sum(others) / 3)


# ----------------------------------------------------------------------------- the whole


def modelled_variants() -> list[str]:
    return [name for name, _ in shipped_variants() if unmodelled(load_variant(name)) is None]


def searched(rules: Rules, seed: int, hands: int, **setting: Any
             ) -> Iterator[tuple[SearchBot, Observation, list[int]]]:
    """The cards with a choice, trump known, of ``hands`` hands of the default card play
    (new games as games end): the ``search`` bot (with ``setting``) of the seat to play,
    which saw every observation of its seat, the observation and the legal cards. (The
    search bots never bid: no calibration is asked for.)"""
    n = rules.players.count
    with mock.patch("pitchkit.bots.calibrated.calibration_for", lambda rules: None):
        bots = [SearchBot(rules, s, random.Random(seed + s), **setting) for s in range(n)]
    players = [CarefulPlay(rules, s, random.Random(seed + s)) for s in range(n)]
    rng = random.Random(seed)
    game = Game(rules, random.Random(rng.random()))
    dealt_hands = 0
    for _ in range(100 * hands):  # bounded: a random rule set may redeal without end
        if game.phase is Phase.OVER:
            game = Game(rules, random.Random(rng.random()))
        if game.phase is Phase.DEAL:
            if dealt_hands == hands:
                return
            game.deal_random()
            dealt_hands += 1
            continue
        seat = game.to_act
        assert seat is not None
        obs, legal = game.observation(seat), game.legal_actions()
        bots[seat].sight.see(obs)
        if obs.phase is Phase.PLAY and obs.trump is not None and len(legal) > 1 \
                and legal[0] < 54:
            yield bots[seat], obs, list(legal)
        game.apply(players[seat].choose(obs, legal))


def check_exact_rest(rules: Rules, seed: int, hands: int) -> int:
    """At each card with a choice (:func:`searched`), the ``search`` bot plays each legal
    card out whole on two of its worlds: at every trick's end where the rest of the hand
    is exact (no capture item's card and no game card held) in a decision that may be
    cut, the horizon's value is the whole play-out's. The times checked."""
    n = rules.players.count
    lr = leaf_rules(rules)
    checked = 0
    for bot, obs, legal in searched(rules, seed, hands):
        assert obs.trump is not None
        quick = bot.quick_score(obs)
        if not may_cut(quick):
            continue
        h = Horizon(lr, model(), quick, obs.trump)
        before = [0] * n
        for s, c in obs.played:
            before[s] |= 1 << c
        for world in bot.worlds(obs, 2):
            dealt = [world[s] | before[s] for s in range(n)]
            for card in legal:
                recorder = Recorder()
                bot.at_trick = recorder
                whole = bot.play_card_out(obs, list(world), dealt, card, quick)
                bot.at_trick = None
                for held, captured, leader in recorder.states[:-1]:
                    h.see_deal(dealt)
                    left = 0
                    for m in held:
                        left |= m
                    if left & lr.game_cards and h.game_item:
                        continue
                    if any(left & bit for _, bit in h._capture):
                        continue
                    assert h.value(dealt, held, captured, leader) == pytest.approx(whole)
                    checked += 1
    return checked


@pytest.mark.parametrize("name", modelled_variants())
def test_the_horizon_value_is_the_whole_play_outs_where_the_rest_is_exact(name: str) -> None:
    assert check_exact_rest(load_variant(name), 7, 16) > 0


@settings(max_examples=25)
@given(variants(), st.integers(0, 2**16))
def test_the_horizon_value_is_exact_on_random_rules(rules: Rules, seed: int) -> None:
    if unmodelled(rules) is None and not rules.play.stages:
        check_exact_rest(rules, seed, 2)


# ----------------------------------------------------------------------------- the hook


def test_a_value_at_a_tricks_end_ends_the_play_out_with_it() -> None:
    calls: list[int] = []
    for bot, obs, legal in searched(AUCTION, 1, 4):
        if obs.hand.bit_count() < 4:
            continue

        won_before = sum(obs.tricks_won)

        def stop_at_second(tricks: int, dealt: Sequence[int], hands: list[int],
                           captured: list[int], tricks_won: list[int], leader: int,
                           won_before: int = won_before) -> float | None:
            calls.append(tricks)
            assert sum(tricks_won) == tricks + won_before
            assert hands[leader]  # the hand goes on
            return 12.5 if tricks == 2 else None

        world = bot.worlds(obs, 1)[0]
        bot.at_trick = stop_at_second
        value = bot.play_card_out(obs, list(world), list(world), legal[0], bot.quick_score(obs))
        assert value == 12.5 and calls == [1, 2]
        return
    pytest.fail("no card with a choice and three tricks to come")


def test_leaf_cuts_the_play_outs_only_where_the_estimate_models_the_rules() -> None:
    with mock.patch("pitchkit.bots.calibrated.calibration_for", lambda rules: None):
        bot = SearchBot(AUCTION, 0, random.Random(1), leaf=1)
        assert bot.leaf is not None and bot.leaf.why_not is None
        careful = SearchBot(AUCTION, 0, random.Random(1), leaf=1, playout="careful")
        assert careful.leaf is not None and careful.leaf.why_not == "playout=careful"
        with pytest.raises(ValueError):
            SearchBot(AUCTION, 0, random.Random(1), leaf=-1)


def test_unmodelled_rules_are_named() -> None:
    assert unmodelled(load_variant("pimps-and-hoes")) == "combination scoring"
    assert unmodelled(load_variant("pidro")) == "trumps-only play"
    assert unmodelled(AUCTION) is None


def test_a_hand_that_may_end_the_game_is_played_out_whole() -> None:
    plan = scoring_plan(AUCTION)
    target = AUCTION.scoring.target
    assert target is not None
    team = tuple(range(4))
    far = QuickScore(AUCTION, plan, 0, 0, team, 1, 2, False, (0, 0, 0, 0), 1)
    near = QuickScore(AUCTION, plan, 0, 0, team, 1, 2, False,
                      (0, 0, target - plan.items_total, 0), 1)
    moon = QuickScore(AUCTION, plan, 0, 0, team, 1, None, True, (0, 0, 0, 0), 1)
    assert may_cut(far) and not may_cut(near) and not may_cut(moon)


def test_game_points_are_the_scorings() -> None:
    lr = leaf_rules(AUCTION)
    rng = random.Random(5)
    for _ in range(200):
        mask = rng.getrandbits(52)
        assert game_points(lr.table, lr.halves, mask) == game_points_of(AUCTION, mask)


# ----------------------------------------------------------------------------- learning, cache


def test_calibration_is_seeded_and_its_chances_are_shares() -> None:
    with mock.patch("pitchkit.bots.calibrated.calibration_for", lambda rules: None):
        one = calibrate(AUCTION, 6, seed=3)
        two = calibrate(AUCTION, 6, seed=3)
    assert one == two
    assert sum(one.card_seen) > 0 and sum(one.game_seen) > 0
    assert all(0.0 <= x <= 1.0 for x in one.card + one.game)
    assert one.rules_hash == rules_hash(AUCTION)


def test_the_cache_holds_its_version_and_a_stale_one_is_learned_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(leaf_module, "CALIBRATION_HANDS", 4)
    monkeypatch.setattr(leaf_module, "_MEMO", {})
    with mock.patch("pitchkit.bots.calibrated.calibration_for", lambda rules: None):
        first = leaf_model(AUCTION)
    path = tmp_path / "pitchkit" / f"leaf-{rules_hash(AUCTION)}-v{LEAF_VERSION}.json"
    data = json.loads(path.read_text())
    assert data["version"] == LEAF_VERSION
    assert LeafModel.from_json(data, rules_hash(AUCTION)) == first
    assert LeafModel.from_json(data, "another") is None
    data["version"] = LEAF_VERSION + 1
    assert LeafModel.from_json(data, rules_hash(AUCTION)) is None
    data["version"] = LEAF_VERSION
    data["card"] = data["card"][:-1]
    assert LeafModel.from_json(data, rules_hash(AUCTION)) is None
    # a stale file is learned again and replaced
    path.write_text(json.dumps({**first.to_json(), "version": LEAF_VERSION - 1}))
    monkeypatch.setattr(leaf_module, "_MEMO", {})
    with mock.patch("pitchkit.bots.calibrated.calibration_for", lambda rules: None):
        again = leaf_model(AUCTION)
    assert again == first
    assert json.loads(path.read_text())["version"] == LEAF_VERSION


def test_the_setting_cuts_the_search_and_charges_the_horizon(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leaf_module, "leaf_model", lambda rules: model())
    with mock.patch("pitchkit.bots.calibrated.calibration_for", lambda rules: None):
        whole = SearchBot(AUCTION, 0, random.Random(1))
    for bot, obs, legal in searched(AUCTION, 1, 4, leaf=1):
        if obs.hand.bit_count() < 4 or not may_cut(bot.quick_score(obs)):
            continue
        assert bot.playout_plays(obs) == 4 - len(obs.trick) + leaf_module.LEAF_PLAYS
        assert whole.playout_plays(obs) == bot.plays_left(obs) > bot.playout_plays(obs)
        bot.search(obs, bot.worlds(obs, 2), legal)
        assert bot.at_trick is not None
        assert bot.at_trick(1, [0] * 4, list(obs.hand for _ in range(4)), [0] * 4,
                            [0] * 4, 0) is not None  # the horizon of leaf=1
        return
    pytest.fail("no card with a choice and three tricks to come")
