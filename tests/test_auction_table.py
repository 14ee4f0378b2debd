"""The searched auction learned as a table (pitchkit.bots.auction_table,
``strong:bidding=learned``): how decisions are told apart, what the table keeps, how the
bot reads it, and how it is learned and cached."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from test_search_auction import same_games_as_calibrated
from test_search_bids import HANDS, auction_at, bot_of, cheap_sale

from pitchkit.actions import BID_BASE, MOON, PASS, REFUSE, SELL
from pitchkit.bots import auction_table, search
from pitchkit.bots.auction_table import (
    MIN_DECISIONS,
    SALE,
    AuctionTable,
    Check,
    Key,
    Tally,
    decision_key,
    learn,
    table_for,
)
from pitchkit.bots.calibrating import calibration_for
from pitchkit.bots.search import SearchBot
from pitchkit.bots.strong import play_hash
from pitchkit.bots.value import NO_BID, OTHER_HIGH, PARTNER_HIGH, rules_hash
from pitchkit.load import load_variant
from pitchkit.results import Observation

LEARNED = "strong:bidding=learned"


def test_a_decision_is_told_by_the_bids_before_it_the_high_bid_and_the_hands_band() -> None:
    rules = load_variant("auction-pitch")
    game = auction_at(rules, HANDS, [])
    bot = bot_of(rules, game.to_act, "strong")
    obs = game.observation(game.to_act)
    band = bot.model.band(max(bot.suit_values(obs.hand)))
    assert decision_key(bot, obs, game.legal_actions()) == (0, NO_BID, 0, band)
    game.apply(BID_BASE + 2)
    seat = game.to_act
    obs = game.observation(seat)
    bot = bot_of(rules, seat, "strong")
    key = decision_key(bot, obs, game.legal_actions())
    assert key[:3] == (1, OTHER_HIGH, 2)  # auction pitch: every seat a side of its own


def test_a_partners_high_bid_is_told_from_another_sides() -> None:
    rules = load_variant("partnership-pitch")
    game = auction_at(rules, HANDS, [])
    first = game.to_act
    game.apply(BID_BASE + 2)
    game.apply(PASS)
    seat = game.to_act
    assert rules.players.teams and game.observation(seat).team_of[seat] == \
        game.observation(seat).team_of[first]
    key = decision_key(bot_of(rules, seat, "strong"), game.observation(seat),
                       game.legal_actions())
    assert key[:3] == (2, PARTNER_HIGH, 2)


def test_the_eldests_answer_to_a_sale_is_a_kind_of_its_own() -> None:
    rules = load_variant("commercial-pitch")
    game = cheap_sale(rules)
    key = decision_key(bot_of(rules, 1, "strong"), game.observation(1), game.legal_actions())
    assert key[0] == SALE and key[2] == 1


def test_the_table_keeps_the_best_mean_of_decisions_seen_often_enough() -> None:
    tally = Tally()
    often, seldom = (0, NO_BID, 0, 5), (1, OTHER_HIGH, 2, 5)
    for i in range(MIN_DECISIONS):
        tally.add(often, {PASS: 0.0, BID_BASE + 2: 1.0 if i % 2 else -0.5,
                          BID_BASE + 3: 0.2})
    for _ in range(MIN_DECISIONS - 1):
        tally.add(seldom, {PASS: 0.0, BID_BASE + 3: 5.0})
    table = tally.table(100)
    assert table.actions == {often: BID_BASE + 2}  # mean 0.25 over 0.2 and 0.0
    assert table.hands == 100


def test_of_equal_means_the_table_keeps_the_lowest_action_and_drops_rare_actions() -> None:
    tally = Tally()
    key = (0, NO_BID, 0, 3)
    for i in range(MIN_DECISIONS):
        worth = {PASS: 1.0, BID_BASE + 2: 1.0}
        if i == 0:
            worth[BID_BASE + 4] = 9.0  # searched once only: not kept
        tally.add(key, worth)
    assert tally.table(10).actions == {key: PASS}


def first_decision() -> tuple[SearchBot, Observation, list[int], Key]:
    """``strong``'s first bid of an auction pitch deal: the bot, what it sees, the legal
    actions and the table's key of the decision."""
    rules = load_variant("auction-pitch")
    game = auction_at(rules, HANDS, [])
    seat = game.to_act
    assert seat is not None
    bot = bot_of(rules, seat, "strong")
    obs, legal = game.observation(seat), game.legal_actions()
    key = decision_key(bot, obs, legal)
    return bot, obs, list(legal), key


def test_the_bot_takes_the_tables_action_where_legal_else_its_own() -> None:
    bot, obs, legal, key = first_decision()
    assert AuctionTable({key: BID_BASE + 3}, 10).action(bot, obs, legal, PASS) == BID_BASE + 3
    assert AuctionTable({key: BID_BASE + 59}, 10).action(bot, obs, legal, PASS) == PASS
    assert AuctionTable({}, 10).action(bot, obs, legal, BID_BASE + 2) == BID_BASE + 2
    assert AuctionTable({key: PASS}, 10).action(bot, obs, legal, MOON) == MOON


def test_a_table_is_written_and_read_as_json_and_another_format_is_refused() -> None:
    table = AuctionTable({(0, NO_BID, 0, 4): PASS, (SALE, OTHER_HIGH, 2, 7): SELL}, 50)
    data = json.loads(json.dumps(table.to_json()))
    assert AuctionTable.from_json(data) == table
    checked = replace(table, check=Check(20, 0.05, -0.1, 0.2))
    assert AuctionTable.from_json(json.loads(json.dumps(checked.to_json()))) == checked
    assert AuctionTable.from_json({**data, "version": -1}) is None
    assert AuctionTable.from_json({"actions": [[1, 2]]}) is None
    assert AuctionTable.from_json([]) is None


def test_learning_keeps_only_actions_the_search_valued_and_is_seeded() -> None:
    rules = load_variant("commercial-pitch")
    model = calibration_for(rules)
    one = learn(rules, model, 40, seed="t")
    assert one.actions and one.hands == 40
    assert all(a in (PASS, SELL, REFUSE) or BID_BASE < a <= BID_BASE + rules.auction.max_bid
               for a in one.actions.values())
    assert all(a in (SELL, REFUSE) for (kind, *_), a in one.actions.items() if kind == SALE)
    assert learn(rules, model, 40, seed="t") == one


def test_a_table_is_kept_only_where_it_is_shown_to_win_more_games_than_it_loses() -> None:
    assert Check(200, 0.07, 0.01, 0.13).kept
    assert not Check(800, 0.025, -0.008, 0.058).kept  # more won than lost, not shown
    assert not Check(200, 0.0, -0.05, 0.05).kept
    assert not Check(200, -0.13, -0.2, -0.06).kept


def test_a_table_its_check_did_not_keep_is_not_bid_by() -> None:
    """The learned actions stay in the table (to be read) but the bids are the
    calibrated bot's; a table with no check (handed in by code) is bid by."""
    bot, obs, legal, key = first_decision()
    table = AuctionTable({key: BID_BASE + 3}, 10)
    assert table.in_use and table.action(bot, obs, legal, PASS) == BID_BASE + 3
    shown = replace(table, check=Check(200, 0.07, 0.01, 0.13))
    assert shown.in_use and shown.action(bot, obs, legal, PASS) == BID_BASE + 3
    close = replace(table, check=Check(800, 0.025, -0.008, 0.058))
    assert not close.in_use and close.action(bot, obs, legal, PASS) == PASS


@pytest.mark.parametrize("mean", [0.2, -0.2])
def test_a_learned_table_is_checked_and_dropped_where_it_lost(
        mean: float, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The check plays strong bidding by the candidate table (it is what the bots read
    while checked) against strong's calibrated bids; a table that lost keeps its check's
    figures, its actions and whether it is in use."""
    rules = load_variant("commercial-pitch")
    model = calibration_for(rules)
    hands = auction_table.table_hands()
    learned = AuctionTable({(0, NO_BID, 0, 4): PASS}, hands)
    seen: list[object] = []

    def fake_check(rules_: object, deals: int, **_: object) -> Check:
        bot = bot_of(rules, 0, "strong:bidding=learned")
        seen.append(bot.auction_table)
        return Check(deals, mean, mean - 0.1, mean + 0.1)

    monkeypatch.setattr(auction_table, "learn", lambda *a, **k: learned)
    monkeypatch.setattr(auction_table, "check", fake_check)
    monkeypatch.setattr(auction_table, "_MEMO", {})
    got = auction_table.learn_and_check(rules, model, hands, tmp_path / "t.json",
                                        (rules_hash(rules), id(model), hands))
    assert seen == [learned] and auction_table._MEMO == {}
    deals = auction_table.check_deals(hands)
    assert got.check == Check(deals, mean, mean - 0.1, mean + 0.1)
    assert got.actions == learned.actions and got.in_use == (mean > 0)


def test_a_table_is_learned_once_and_read_back_from_the_cache(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("PITCHKIT_AUCTION_HANDS", "20")
    monkeypatch.setattr(auction_table, "_MEMO", {})
    rules = load_variant("auction-pitch")
    model = calibration_for(rules)
    first = table_for(rules, model)
    assert first.check is not None and first.check.deals in (2, 4, 6, 8)
    assert first.in_use == first.check.kept
    files = list((tmp_path / "pitchkit").glob("auction-table-*-20.json"))  # type: ignore[operator]
    assert len(files) == 1
    # (cached under what strong plays: a change of its play learns anew)
    assert files[0].name.endswith(f"-{play_hash(rules)}-20.json")
    monkeypatch.setattr(auction_table, "_MEMO", {})
    monkeypatch.setattr(auction_table, "learn", lambda *a, **k: pytest.fail("learned again"))
    assert table_for(rules, model) == first


@pytest.mark.parametrize("variant", ["commercial-pitch", "cinch", "pidro", "money-pitch",
                                     "call-partner-pitch"])
def test_the_table_is_used_wherever_there_is_an_auction(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = AuctionTable({}, 1)
    monkeypatch.setattr(search, "table_for", lambda rules, model: table)
    assert bot_of(load_variant(variant), 0, LEARNED).auction_table is table
    assert bot_of(load_variant(variant), 0, "strong:bidding=calibrated").auction_table is None


def test_no_table_is_used_without_an_auction() -> None:
    assert bot_of(load_variant("pimps-and-hoes"), 0, LEARNED).auction_table is None
    assert same_games_as_calibrated(LEARNED, "pimps-and-hoes")


def test_strong_bids_by_the_learned_table() -> None:
    for variant in ("commercial-pitch", "cinch"):
        rules = load_variant(variant)
        bot = bot_of(rules, 0, "strong")
        assert bot.auction_table is table_for(rules, bot.model)


def test_where_the_auction_is_played_out_the_table_learns_from_those_decisions() -> None:
    rules = load_variant("pidro")
    model = calibration_for(rules)
    one = learn(rules, model, 40, seed="t")
    assert one.actions and one.hands == 40
    assert all(a == PASS or BID_BASE + rules.auction.min_bid <= a
               <= BID_BASE + rules.auction.max_bid
               for a in one.actions.values())
    assert learn(rules, model, 40, seed="t") == one


def test_a_table_of_strongs_own_calibration_is_checked(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Where a partner is called strong bids from its own play's calibration: its table
    is checked as any other (the check's bots bid by the same calibration)."""
    from pitchkit.bots.strong import strong_model

    rules = load_variant("call-partner-pitch")
    model = strong_model(rules)
    assert model is calibration_for(rules, player="strong")
    learned = AuctionTable({(0, NO_BID, 0, 4): PASS}, 40)
    monkeypatch.setattr(auction_table, "learn", lambda *a, **k: learned)
    monkeypatch.setattr(auction_table, "check",
                        lambda rules_, deals, **_: Check(deals, -0.1, -0.2, 0.0))
    got = auction_table.learn_and_check(rules, model, 40, tmp_path / "t.json",
                                        (rules_hash(rules), id(model), 40))
    assert got.check is not None and got.actions == learned.actions and not got.in_use


def _fake_match(shares_of: dict[str, list[float]], seeds: list[str]) -> object:
    from pitchkit.match import MatchResult

    def fake(rules: object, *, bots: object, deals: int, seed: str, **_: object
             ) -> MatchResult:
        seeds.append(seed)
        return MatchResult("v", ("a", "b"), seed, 4, [(0, 1, 0, 1)], False,
                           shares=list(shares_of[seed]))
    return fake


def test_a_clear_check_stops_after_its_first_block(monkeypatch: pytest.MonkeyPatch) -> None:
    import pitchkit.match

    seeds: list[str] = []
    monkeypatch.setattr(pitchkit.match, "match", _fake_match({"c": [1.0, 0.5] * 50}, seeds))
    got = auction_table.check(load_variant("pidro"), 100, seed="c")
    assert seeds == ["c"] and got.deals == 100 and got.low > 0 and got.kept


def test_an_unclear_check_plays_more_blocks_and_pools_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pitchkit.match

    seeds: list[str] = []
    even = [1.0, 0.0] * 5  # a share of 1 and of 0 alike: a difference of 0, interval wide
    ahead = [1.0, 0.0, 1.0] * 30  # then more deals won: the pool leaves 0 out
    blocks = {"c": even, "c:1": even, "c:2": ahead, "c:3": even}
    monkeypatch.setattr(pitchkit.match, "match", _fake_match(blocks, seeds))
    got = auction_table.check(load_variant("pidro"), 10, seed="c")
    assert seeds == ["c", "c:1", "c:2"] and got.deals == 110 and got.low > 0
    seeds.clear()
    monkeypatch.setattr(pitchkit.match, "match", _fake_match(
        {"c": even, "c:1": even, "c:2": even, "c:3": even, "c:4": ahead}, seeds))
    got = auction_table.check(load_variant("pidro"), 10, seed="c")
    assert seeds == ["c", "c:1", "c:2", "c:3"] == seeds[:auction_table.CHECK_BLOCKS]
    assert got.deals == 40 and got.mean == 0 and not got.kept
