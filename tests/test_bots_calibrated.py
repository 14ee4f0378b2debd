"""The calibrated bot: what it learns from the rules, its cache, and its strength."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from pitchkit.actions import CARD_BITS
from pitchkit.bots import calibrating, fitting, value
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.calibrating import calibrate, calibration_for
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.value import Calibration, point_items, rules_hash
from pitchkit.cards import LITTLE_JOKER, mask_of, parse_card, suit_of
from pitchkit.draw import Choice
from pitchkit.engine import Game
from pitchkit.errors import BotError
from pitchkit.load import load_variant
from pitchkit.results import Phase
from pitchkit.scoring import scoring_plan
from pitchkit.simulate import simulate


@pytest.fixture
def small_calibration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder and short calibration runs (the tests' own, not the user's)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("PITCHKIT_CALIBRATION_HANDS", "120")
    monkeypatch.setattr(calibrating, "_MEMO", {})
    return tmp_path / "pitchkit"


def test_calibration_is_deterministic() -> None:
    rules = load_variant("money-pitch")
    first = calibrate(rules, hands=120)
    assert first == calibrate(rules, hands=120)
    again = Calibration.from_json(json.loads(json.dumps(first.to_json())), rules_hash(rules),
                                  point_items(rules))
    assert again == first  # what the cache holds is exactly what was learned


def test_calibration_is_cached_per_rule_set_and_a_bad_file_is_rebuilt(
        small_calibration: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_variant("auction-pitch")
    learned = calibration_for(rules)
    files = list(small_calibration.glob("calibration-*.json"))
    assert [f.name for f in files] == [f"calibration-{rules_hash(rules)}-120.json"]
    monkeypatch.setattr(calibrating, "_MEMO", {})
    assert calibration_for(rules) == learned  # read back from the file
    files[0].write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(calibrating, "_MEMO", {})
    assert calibration_for(rules) == learned  # ignored, learned again, rewritten
    assert json.loads(files[0].read_text(encoding="utf-8"))["rules_hash"] == rules_hash(rules)
    other = load_variant("auction-pitch", ("scoring.target=11",))
    assert rules_hash(other) != rules_hash(rules)


def test_a_new_combination_of_settings_gets_its_own_calibrated_bot(
        small_calibration: Path) -> None:
    rules = load_variant("auction-pitch", ("points.jick=true", "deck.jokers=2",
                                           "points.joker=true", "points.low_goes_to=holder"))
    learned = calibration_for(rules)
    assert [i.name for i in learned.items] == list(rules.point_names())
    assert "jick" in rules.point_names() and "little_joker" in rules.point_names()
    stats = simulate(rules, games=3, seed=2, bots="calibrated")
    assert stats.games == 3


def test_a_strong_hand_is_worth_more_than_a_weak_one() -> None:
    from pitchkit.cards import parse_card

    rules = load_variant("auction-pitch")
    bot = CalibratedBot(rules, 0, random.Random(1))
    strong = sum(1 << parse_card(c) for c in ("AS", "KS", "JS", "2S", "TS", "3H"))
    weak = sum(1 << parse_card(c) for c in ("9S", "4H", "6D", "8C", "7C", "5D"))
    assert bot.best_suit(strong) == (0, pytest.approx(bot.estimate(strong, 0)))
    assert bot.estimate(strong, 0) > bot.best_suit(weak)[1] + 0.5
    # a suit the hand holds no trump of is never its suit to pitch
    assert bot.estimate(strong, 2) == 0.0


def test_the_tables_score_each_bid_as_the_variant_does() -> None:
    """Pitching pays more with a better hand, a higher bid risks more, and a set costs:
    the learned score change at each bid follows the variant's scoring."""
    rules = load_variant("auction-pitch")
    model = calibration_for(rules)
    top = len(model.pitch[0]) - 1
    for bid in range(top + 1):
        column = [row[bid] for row in model.pitch]
        assert column == sorted(column)  # never less for a stronger hand
        assert all(0.0 <= row[bid] <= 1.0 for row in model.made)
    weakest, strongest = model.pitch[0], model.pitch[-1]
    assert weakest[top] < weakest[1]  # bidding all four on nothing is the worst
    assert strongest[1] > 0 > weakest[top]


def test_smoothing_is_monotone_and_keeps_the_weighted_mean() -> None:
    from hypothesis import given
    from hypothesis import strategies as st

    @given(st.lists(st.tuples(st.floats(-10, 10), st.integers(1, 50)), min_size=1,
                    max_size=20))
    def check(pairs: list[tuple[float, int]]) -> None:
        means = [m for m, _ in pairs]
        weights = [float(w) for _, w in pairs]
        out = fitting._monotone(means, weights)
        assert list(out) == sorted(out)
        total = sum(w for w in weights)
        assert sum(o * w for o, w in zip(out, weights, strict=True)) / total == \
            pytest.approx(sum(m * w for m, w in zip(means, weights, strict=True)) / total,
                          abs=1e-9)

    check()


def test_a_band_with_few_hands_borrows_from_its_neighbours() -> None:
    counts = [100, 0, 100]
    sums = [100.0, 0.0, 300.0]  # means 1 and 3; the empty band in between
    out = fitting._smoothed(counts, sums, monotone=True)
    assert out[0] == pytest.approx(1.0) and out[2] == pytest.approx(3.0)
    assert 1.0 < out[1] < 3.0


def _tables(model: Calibration, **changes: object) -> Calibration:
    import dataclasses

    rows = {key: val if isinstance(val, tuple) else
            (val,) * (value.MOON_KEYS if key.startswith("moon") else len(model.points))
            for key, val in changes.items()}
    return dataclasses.replace(model, **rows)  # type: ignore[arg-type]


def test_the_moon_is_bid_from_the_tables_when_it_pays() -> None:
    from pitchkit.actions import MOON, PASS

    rules = load_variant("money-pitch")
    model = calibration_for(rules)
    sure = _tables(model, moon_made=1.0, moon=8.0, moon_seen=100.0)
    never = _tables(model, moon_made=0.0, moon=-8.0, moon_seen=100.0)
    game = _auction_start(rules, seed=3)
    seat = game.to_act
    legal = game.legal_actions()
    assert MOON in legal and PASS in legal
    obs = game.observation(seat)
    assert CalibratedBot(rules, seat, random.Random(1), model=sure).bid(obs, legal) == MOON
    assert CalibratedBot(rules, seat, random.Random(1), model=never).bid(obs, legal) != MOON


def test_the_eldest_sells_or_refuses_by_the_tables() -> None:
    from pitchkit.actions import REFUSE, SELL

    rules = load_variant("commercial-pitch")
    model = calibration_for(rules)
    game = _to_the_eldest(rules)
    seat = game.to_act
    assert SELL in game.legal_actions()
    obs = game.observation(seat)
    size, top = len(model.pitch), len(model.pitch[0])
    rich = _tables(model, pitch=((9.0,) * top,) * size, passing=-1.0)
    poor = _tables(model, pitch=((-9.0,) * top,) * size, passing=0.0)
    assert CalibratedBot(rules, seat, random.Random(1), model=rich).choose(
        obs, game.legal_actions()) == REFUSE
    assert CalibratedBot(rules, seat, random.Random(1), model=poor).choose(
        obs, game.legal_actions()) == SELL


def _to_the_eldest(rules: Any, score: int = 0) -> Any:
    """A commercial-pitch auction (seed 5, every seat at ``score``) where the others bid
    2, then pass: the eldest to sell or refuse."""
    from pitchkit.actions import BID_BASE, PASS

    game = _auction_start(rules, seed=5)
    game.scores = [score] * rules.players.count
    for _ in range(rules.players.count - 1):
        legal = game.legal_actions()
        game.apply(BID_BASE + 2 if BID_BASE + 2 in legal else PASS)
    return game


def _auction_start(rules: object, seed: int) -> object:
    from pitchkit.engine import Game

    game = Game(rules, random.Random(seed))  # type: ignore[arg-type]
    game.deal_random()
    return game


def test_a_rule_file_with_new_settings_calibrates_and_plays(
        small_calibration: Path, tmp_path: Path) -> None:
    """A user's own file, settings no shipped variant combines: the calibrated bot learns
    it with no code change, and plays it."""
    path = tmp_path / "odd.yaml"
    path.write_text(
        "format: 2\nname: odd\nextends: auction-pitch\n"
        "description: Odd settings for a test.\nsource: made up for a test\n"
        "auction:\n  style: until_one_left\n  min_bid: 2\n  max_bid: 6\n"
        "points:\n  items:\n    - point: high\n    - point: low\n"
        "    - card: three_of_trumps\n      value: 3\n      goes_to: holder\n"
        "    - point: game\n  low_goes_to: holder\n"
        "scoring:\n  target: 15\n  set_back: 2\n", encoding="utf-8")
    rules = load_variant(str(path))
    learned = calibration_for(rules)
    assert [i.name for i in learned.items] == list(rules.point_names())
    assert len(learned.pitch[0]) == 7  # bids 0..6: the file's max_bid
    assert list(small_calibration.glob(f"calibration-{rules_hash(rules)}-*.json"))
    stats = simulate(rules, games=3, seed=2, bots="calibrated")
    assert stats.games == 3 and stats.summary()["contracts"] > 0


class _JokerShy:
    """A learned estimate as ten-point pitch's was found: the little joker without the
    big one adds less than nothing (-0.11), the ace and the ten of trumps something, the
    other trumps nothing."""

    def estimate(self, rules: object, hand: int, suit: int) -> float:
        worth = {parse_card("AC"): 0.58, parse_card("TC"): 0.17, LITTLE_JOKER: -0.11}
        return sum(v for card, v in worth.items() if hand >> card & 1)

    def cards_read(self, rules: object, suit: int) -> int:
        return (1 << 54) - 1  # every card (Calibration.cards_read: the draw asks)


@pytest.mark.parametrize("verb", ["keep", "discard"])
def test_robbing_keeps_the_little_joker_before_a_pointless_trump(verb: str) -> None:
    # ten-point-pitch-draw, clubs trump: of 6C 8C 9C TC QC AC and the little joker (a
    # point) the pitcher keeps six; the one to go is the six, never the joker, whatever
    # the learned estimate says of the joker alone
    rules = load_variant("ten-point-pitch-draw")
    game = Game(rules, random.Random(1))
    game.deal_random()
    trumps = mask_of(parse_card(c) for c in ("6C", "8C", "9C", "TC", "QC", "AC")) \
        | 1 << LITTLE_JOKER
    pool = trumps | mask_of(parse_card(c) for c in ("2S", "9S", "TH", "KH", "TD"))
    choice = (Choice("keep", pool, 0, 6, 6) if verb == "keep"
              else Choice("discard", trumps, 0, 1, 1))  # seven trumps held, one must go
    obs = game.observation(0)._replace(phase=Phase.DRAW, trump=3, draw_choice=choice,
                                       hand=pool if verb == "keep" else trumps)
    bot = CalibratedBot(rules, 0, random.Random(1), model=_JokerShy())  # type: ignore[arg-type]
    chosen = bot.choose(obs, [])
    kept = chosen & CARD_BITS if verb == "keep" else trumps & ~chosen
    assert kept == trumps & ~(1 << parse_card("6C"))


def test_the_eldest_counts_what_its_refusals_realised() -> None:
    """auction.style sell: refusing pitches against a high bidder who holds a hand worth
    the bid; the calibration learns what the eldest's refusals realised beyond the band's
    value of pitching, and the eldest counts it."""
    from pitchkit.actions import REFUSE, SELL

    rules = load_variant("commercial-pitch")
    model = calibration_for(rules)
    game = _to_the_eldest(rules)
    seat = game.to_act
    obs = game.observation(seat)
    size, top = len(model.pitch), len(model.pitch[0])
    # pitching at 2 worth 2.5 against 2 for the price: refused, unless refusals realise less
    fair = _tables(model, pitch=((2.5,) * top,) * size, passing=0.0, refusing=(0.0,) * top)
    worse = _tables(fair, refusing=(-1.0,) * top)
    assert CalibratedBot(rules, seat, random.Random(1), model=fair).choose(
        obs, game.legal_actions()) == REFUSE
    assert CalibratedBot(rules, seat, random.Random(1), model=worse).choose(
        obs, game.legal_actions()) == SELL


def test_a_price_that_reaches_the_target_is_taken() -> None:
    """The seller's price is scored with the hand: an eldest whom it brings to the target
    sells where it would refuse further from it."""
    from pitchkit.actions import REFUSE, SELL

    rules = load_variant("commercial-pitch")
    assert rules.scoring.target is not None
    model = calibration_for(rules)
    size, top = len(model.pitch), len(model.pitch[0])
    fair = _tables(model, pitch=((2.5,) * top,) * size, passing=0.0, refusing=(0.0,) * top,
                   made=((0.5,) * top,) * size)
    answers = []
    for score in (0, rules.scoring.target - 2):
        game = _to_the_eldest(rules, score)
        seat = game.to_act
        answers.append(CalibratedBot(rules, seat, random.Random(1), model=fair).choose(
            game.observation(seat), game.legal_actions()))
    assert answers == [REFUSE, SELL]


@functools.cache
def calibrated_600(variant: str) -> value.Calibration:
    """A calibration of a shipped variant from 600 hands, made once for the tests that read
    what it learned (commercial pitch is read twice)."""
    return calibrate(load_variant(variant), hands=600)


@pytest.mark.parametrize(("variant", "learned"), [("commercial-pitch", True),
                                                   ("auction-pitch", False)])
def test_refusals_are_learned_where_the_eldest_may_refuse(variant: str, learned: bool) -> None:
    model = calibrated_600(variant)
    assert any(model.refusing) is learned


@pytest.mark.parametrize(("bids", "state"), [
    ((), (value.NO_BID, 0)),
    (((0, 64),), (value.NO_BID, 0)),                        # passes only
    (((0, 64 + 4),), (value.PARTNER_HIGH, 4)),              # seat 0 is seat 2's partner
    (((0, 64 + 4), (1, 64 + 5)), (value.OTHER_HIGH, 5)),    # another side's higher bid
    (((1, 64 + 5), (2, 64 + 6), (3, 64)), (value.PARTNER_HIGH, 6)),  # its own high bid
    (((0, 64 + 4), (1, 64 + 9)), (value.OTHER_HIGH, 7)),    # above the tables: their top
    (((1, 64 + 4), (0, "moon")), (value.PARTNER_HIGH, 7)),  # a moon: the top
])
def test_the_auction_state_a_seat_bids_in(bids: tuple[tuple[int, Any], ...],
                                           state: tuple[int, int]) -> None:
    from pitchkit.actions import MOON

    spelled = [(s, MOON if a == "moon" else a) for s, a in bids]
    assert value.auction_state(spelled, 2, (0, 1, 0, 1), 7) == state


def _partner_bid_four(rules: Any, score: int = 0) -> tuple[Any, int]:
    """A Minnesota Smear auction (seed 2) where the first seat bids 4 and the next passes:
    the third seat, the first's partner, to bid."""
    from pitchkit.actions import BID_BASE, PASS

    game = _auction_start(rules, seed=2)
    game.scores = [score] * rules.players.count
    game.apply(BID_BASE + 4)
    game.apply(PASS)
    seat = game.to_act
    assert game.team_of[seat] == game.team_of[(seat + 2) % 4]
    return game, seat


@pytest.mark.parametrize(("table", "shift"), [("passing_after", 2.0),
                                              ("pitching_after", -2.0)])
def test_a_partners_high_bid_counts_what_passes_and_contracts_over_it_realised(
        table: str, shift: float) -> None:
    """Pitching worth 1 at every bid against 0 for passing: the seat outbids its partner's
    4, unless passes over a partner's 4 realised more than that, or contracts taken over
    it less."""
    from pitchkit.actions import BID_BASE, PASS

    rules = load_variant("minnesota-smear")
    model = calibration_for(rules)
    game, seat = _partner_bid_four(rules)
    size, top = len(model.pitch), len(model.pitch[0])
    level = ((0.0,) * top,) * value.STATES
    eager = _tables(model, pitch=((1.0,) * top,) * size, passing=0.0, passing_after=level,
                    pitching_after=level)
    rows = [list(r) for r in level]
    rows[value.PARTNER_HIGH][4] = shift
    shifted = _tables(eager, **{table: tuple(tuple(r) for r in rows)})
    obs, legal = game.observation(seat), game.legal_actions()
    assert CalibratedBot(rules, seat, random.Random(1), model=eager).bid(obs, legal) \
        > BID_BASE + 4
    assert CalibratedBot(rules, seat, random.Random(1), model=shifted).bid(obs, legal) == PASS


def test_a_partners_bid_that_reaches_the_target_counts_the_game() -> None:
    """Near the target a bid that would win counts a game's worth; so does passing on a
    partner's high bid that would win, as often as contracts at its level were made."""
    from pitchkit.actions import BID_BASE, PASS

    rules = load_variant("minnesota-smear")
    target = rules.scoring.target
    assert target is not None
    model = calibration_for(rules)
    size, top = len(model.pitch), len(model.pitch[0])
    level = ((0.0,) * top,) * value.STATES
    tables = _tables(model, pitch=((1.0,) * top,) * size, passing=0.0, passing_after=level,
                     pitching_after=level, made=((0.5,) * top,) * size)
    answers = []
    for made_at in (0.0, 0.9):
        chosen = _tables(tables, made_at=(made_at,) * top)
        game, seat = _partner_bid_four(rules, score=target - 4)
        answers.append(CalibratedBot(rules, seat, random.Random(1), model=chosen).bid(
            game.observation(seat), game.legal_actions()))
    assert answers[0] > BID_BASE + 4 and answers[1] == PASS


@pytest.mark.parametrize("variant", ["pidro", "ten-point-pitch", "auction-pitch"])
def test_a_game_won_is_worth_the_points_of_a_hand_not_the_target(variant: str) -> None:
    """A bid that would reach the target counts a game's worth more, times its chance of
    being made: the points one hand can score (pidro 14, not its target 62)."""
    from pitchkit.scoring import scoring_plan

    rules = load_variant(variant)
    target = rules.scoring.target
    assert target is not None
    points = scoring_plan(rules).items_total
    assert value.game_worth(rules) == points != target
    bot = CalibratedBot(rules, 0, random.Random(1))
    model = bot.model
    assert model is not None
    band = len(model.pitch) // 2
    for bid in range(1, len(model.pitch[0])):
        gain = bot.bid_value(band, bid, score=target - bid) - bot.bid_value(band, bid, score=0)
        assert gain == pytest.approx(model.made[band][bid] * points)


def test_no_target_no_game_worth() -> None:
    assert value.game_worth(load_variant("money-pitch")) == 0.0
    assert value.game_worth(load_variant("pimps-and-hoes")) == 0.0


@pytest.mark.parametrize(("variant", "partners"), [("partnership-pitch", True),
                                                    ("commercial-pitch", False)])
def test_passes_over_a_partners_bid_are_learned_where_there_are_partners(
        variant: str, partners: bool) -> None:
    model = calibrated_600(variant)
    assert any(model.passing_after[value.PARTNER_HIGH]) is partners
    assert any(model.passing_after[value.OTHER_HIGH])
    assert len(model.made_at) == len(model.pitch[0])
    assert all(0.0 < m < 1.0 for m in model.made_at)


def test_the_points_per_bid_level_come_from_whole_games_of_the_finished_bot() -> None:
    rules = load_variant("cinch")
    model = calibrate(rules, hands=120)
    single = calibrating._self_play(rules, 40, "t", model, lambda done: None)
    whole = calibrating._self_play(rules, 40, "t", model, lambda done: None, whole_games=True)
    # a single hand starts from no score; a whole game's later hands carry the scores
    assert all(r[1].scores == r[1].score_changes for r in single)
    assert any(r[1].scores != r[1].score_changes for r in whole)
    # the learned points per level are those of the finished bot's whole games, with the
    # contracts of fresh deals at their hand starts at the levels they bid seldom
    starts: list[Any] = []
    games = calibrating._self_play(rules, 120, "calibrate:games", model, lambda done: None,
                             whole_games=True, starts=starts)
    assert len(starts) == 120
    deals = calibrating._thin_deals(rules, 120, games, calibrating._spread(rules, games))
    thin = calibrating._thin_play(rules, model, starts, deals, "calibrate:thin", lambda done: None)
    assert thin
    # and cinch's 1, the dealer's forced bid, from deals where every other seat passes
    # (none here: so short a calibration bids every hand)
    assert calibrating._forced_level(rules, games + thin, 3800) == 1
    wanted = -(-calibrating.level_contracts(calibrating._spread(rules, games + thin)) * 120
               // calibrating.default_hands(rules))
    forced = calibrating._forced_play(rules, model, starts, 1, int(wanted), "calibrate:forced")
    assert model.points_at == fitting.learn_points_at(rules, model, games + thin, forced)
    assert model.points_at != fitting.learn_points_at(rules, model, games)
    assert model.points_at != fitting.learn_points_at(rules, model, single)


def test_the_calibration_progress_only_moves_on_and_ends_full() -> None:
    """The bar's total counts at most THIN_DEALS fresh deals a hand start until the games
    show how many are asked: the count never goes back nor beyond the total, the share
    done never falls (the total only shrinks), and it ends full."""
    calls: list[tuple[int, int]] = []
    calibrate(load_variant("cinch"), hands=120, progress=lambda done, total:
              calls.append((done, total)))
    assert calls and calls[-1][0] == calls[-1][1]
    assert all(done <= total for done, total in calls)
    dones = [done for done, _ in calls]
    assert dones == sorted(dones)
    shares = [done / total for done, total in calls]
    assert shares == sorted(shares)
    # 3 rounds of 40 hands, 120 hands of whole games, then some fresh deals' auctions,
    # fewer than the most there could be
    assert 240 < calls[-1][1] < calls[0][1] == 120 + 120 * (1 + calibrating.THIN_DEALS)


def test_a_level_the_whole_games_bid_seldom_gets_fresh_deals_at_their_hand_starts() -> None:
    rules = load_variant("cinch")
    model = calibrate(rules, hands=120)
    default = calibrating.default_hands(rules)
    assert default == 18000
    # 1,000 contracts per calibration of the default length (points that spread 2.0 a
    # contract: their level's mean within LEVEL_ERROR): 60 in 1,080 hands
    records = [((), _Bid(bid), (), None, 0, False, ()) for bid in (8,) * 100 + (14,) * 20
               + (13,) * 13 + (12,) * 59 + (11,) * 60]
    deals = calibrating._thin_deals(rules, 1080, records, 2.0)  # type: ignore[arg-type]
    assert len(deals) == 15  # bids 0..14
    assert deals[8] == 0 and deals[11] == 0  # enough already
    assert deals[12] == 1  # 59: one deal a start brings 118
    assert deals[14] == 2  # 20 -> 60
    assert deals[13] == 4  # 13 -> 65
    assert deals[1] == 0  # never bid: fresh deals would bid it about as seldom
    assert deals[0] == 0  # no seat may bid it (auction.min_bid 1)
    rare = [((), _Bid(bid), (), None, 0, False, ()) for bid in (8,) * 100 + (13,)]
    assert calibrating._thin_deals(rules, 1080, rare, 2.0)[13] == calibrating.THIN_DEALS  # type: ignore[arg-type]
    assert calibrating._thin_deals(load_variant("pedro"), 1080, records, 2.0)[:7] == [0] * 7  # type: ignore[arg-type]
    # points that spread widely ask more contracts of a level: a spread of 4.2 asks for
    # (4.2 / LEVEL_ERROR)^2 = 3,600 per 18,000 hands, 216 in 1,080
    wide = calibrating._thin_deals(rules, 1080, records, 4.2)  # type: ignore[arg-type]
    assert calibrating.level_contracts(4.2) == pytest.approx(3600)
    assert calibrating.level_contracts(2.0) == calibrating.LEVEL_CONTRACTS
    assert wide[8] == 2  # 100 -> 300
    assert wide[11] == 3 and wide[12] == 3  # 60 -> 240, 59 -> 236
    assert wide[13] == 16  # 13 -> 221
    assert wide[14] == 10 and wide[1] == 0  # 20 -> 220
    starts: list[Any] = []
    calibrating._self_play(rules, 30, "t", model, lambda done: None, whole_games=True,
                     starts=starts)
    assert starts[0] == ((0,) * 4, starts[0][1], 0)
    assert any(played > 0 and scores != (0,) * 4 for scores, _, played in starts)
    # a level's contracts come from the first deals[level] deals of each start, whatever
    # the other levels get: the same levels' contracts, and no more, where it gets none
    few = [0] * 15
    few[7] = 1
    more = list(few)
    more[7] = 3
    more[8] = 2
    one = calibrating._thin_play(rules, model, starts, few, "t", lambda done: None)
    three = calibrating._thin_play(rules, model, starts, more, "t", lambda done: None)
    assert one and {r[1].bid for r in one} == {7}
    assert {r[1].bid for r in three} == {7, 8}
    sevens = [r for r in three if r[1].bid == 7]
    assert len(sevens) > len(one)
    assert all(any(r[0] == s[0] and r[1] == s[1] for s in sevens) for r in one)
    assert calibrating._thin_play(rules, model, starts, [0] * 15, "t", lambda done: None) == []


class _Bid:
    """A hand result's bid alone (what :func:`pitchkit.bots.calibrating._thin_deals` reads)."""

    def __init__(self, bid: int) -> None:
        self.bid = bid


def test_a_moon_counts_whether_the_cards_outside_trumps_are_sure_to_win() -> None:
    rules = load_variant("money-pitch")
    spades = suit_of(parse_card("AS"))
    trumps = [parse_card(c) for c in ("AS", "KS", "QS", "JS", "TS")]
    with_ace = value.moon_key(rules, mask_of([*trumps, parse_card("AH")]), spades)
    with_king = value.moon_key(rules, mask_of([*trumps, parse_card("KH")]), spades)
    both = value.moon_key(rules, mask_of([*trumps[:4], parse_card("AH"), parse_card("KH")]),
                          spades)
    assert with_ace == with_king + 49 == 49 + 5 * 7 + 5
    assert both == 49 + 4 * 7 + 4  # the king under its own ace is sure too
    seen = [random.Random(k).randint(0, 30) for k in range(value.MOON_KEYS)]
    took = [random.Random(-k).randint(0, s) for k, s in enumerate(seen)]
    chances = fitting._moon_chances(seen, took)
    assert all(chances[k + 49] >= chances[k] for k in range(49))


@pytest.mark.parametrize(("rule", "made_at", "passes"), [
    ((), 0.9, True), ((), 0.0, False), (("auction.dealer_may_steal=false",), 0.9, False)])
def test_passing_keeps_a_partner_dealers_steal_that_would_win_the_game(
        rule: tuple[str, ...], made_at: float, passes: bool) -> None:
    """Partnership pitch, both sides one point short of the target: the dealer's partner
    facing the other side's 2, with pitching worth more than passing at every bid, passes
    when the dealer may still steal the 2 and win the game (as often as 2s are made)."""
    from pitchkit.actions import BID_BASE, PASS

    rules = load_variant("partnership-pitch", rule)
    target = rules.scoring.target
    assert target is not None
    model = calibration_for(load_variant("partnership-pitch"))
    size, top = len(model.pitch), len(model.pitch[0])
    level = ((0.0,) * top,) * value.STATES
    tables = _tables(model, pitch=((1.0,) * top,) * size, passing=0.0, passing_after=level,
                     pitching_after=level, made=((0.5,) * top,) * size,
                     made_at=(made_at,) * top)
    game = _auction_start(rules, seed=2)
    game.scores = [target - 2] * 4  # type: ignore[attr-defined]
    game.apply(BID_BASE + 2)  # type: ignore[attr-defined]
    seat = game.to_act  # type: ignore[attr-defined]
    assert game.team_of[seat] == game.team_of[game.dealer]  # type: ignore[attr-defined]
    bot = CalibratedBot(rules, seat, random.Random(1), model=tables)
    chosen = bot.bid(game.observation(seat), game.legal_actions())  # type: ignore[attr-defined]
    assert (chosen == PASS) is passes and (passes or chosen >= BID_BASE + 3)


def test_a_band_leans_on_all_rounds_where_the_bots_own_rounds_have_few_hands() -> None:
    """The bidding tables come from the calibrated bot's own rounds, each band leaning
    OWN_PRIOR hands' worth on all rounds' value: a band its rounds never pitched keeps the
    pooled value, one with many hands nears its own mean, and more of a hand never loses."""
    w = fitting.OWN_PRIOR
    leaned = fitting._leaning([0, 600, 0, 0], [0.0, 600 * 2.0, 0.0, 0.0], [1.0, 1.0, 3.0, 2.0])
    assert leaned[0] == 1.0
    assert leaned[1] == pytest.approx((1200 + w) / (600 + w))
    assert leaned[2] == leaned[3] == pytest.approx(2.5)  # pooled: made non-decreasing
    assert list(leaned) == sorted(leaned)


def _band(count: int, made: list[float], relative: list[float]) -> fitting._Band:
    band = fitting._Band(len(made) - 1)
    band.count = count
    band.made = list(made)
    band.relative = list(relative)
    return band


def test_a_bid_the_bots_own_rounds_make_clearly_otherwise_comes_from_its_own_rounds(
        ) -> None:
    """Per band and bid: where the calibrated bot's own rounds made the bid clearly more
    or less often than the heuristic's round (APART_Z standard errors, BAND_HANDS hands
    each), the cell is its own rounds' (leaning on all rounds'); elsewhere all rounds'."""
    # band 0: 2,000 contracts, 1,000 of them the bot's own, bid 1 made by all of them,
    # bid 2 made 55% by the heuristic's and 36% by its own (nine-card pitch's 7)
    pooled = _band(2000, [2000, 2000, 910], [2000.0, 1000.0, -500.0])
    own = _band(1000, [1000, 1000, 360], [1000.0, 500.0, -600.0])
    # band 1: as far apart at bid 2, but the heuristic's round has too few contracts
    few = _band(1030, [1030, 1030, 390], [0.0, 0.0, 0.0])
    few_own = _band(1000, [1000, 1000, 360], [0.0, 0.0, 0.0])
    pitch = [(1.0, 1.0), (0.5, 0.6), (-0.25, 0.2)]
    made = [(1.0, 1.0), (1.0, 1.0), (0.455, 0.5)]
    out_pitch, out_made = fitting._own_where_apart([pooled, few], [own, few_own], pitch, made)
    assert out_pitch[:2] == pitch[:2] and out_made[:2] == made[:2]  # the same: all rounds'
    w = fitting.OWN_PRIOR
    assert out_made[2][0] == pytest.approx((360 + w * 0.455) / (1000 + w))
    assert out_pitch[2][0] == pytest.approx((-600 + w * -0.25) / (1000 + w))
    assert out_made[2][1] == 0.5 and out_pitch[2][1] == 0.2
    # as close as chance makes them: all rounds' tables, unchanged
    close = _band(1000, [1000, 1000, 470], [0.0, 0.0, 0.0])
    assert fitting._own_where_apart([pooled], [close], [(1.0,)] * 3, [(0.4,)] * 3) == (
        [(1.0,)] * 3, [(0.4,)] * 3)


@pytest.mark.parametrize("bot, answer", [(HeuristicBot, "raise"), (CalibratedBot, "illegal")])
def test_a_calibration_game_whose_bot_fails_names_the_bot_and_seat(
        monkeypatch: pytest.MonkeyPatch, bot: type, answer: str) -> None:
    """A bot of the calibration's own games that fails (or answers what the rules do not
    allow) is named with its seat in one line, not reported as an internal error."""
    original = bot.play_cards  # the card play of both ways of asking (choose, card_player)

    def play_cards(self: Any, view: Any, legal: int) -> Any:
        if self.seat == 2 and type(self) is bot:
            if answer == "raise":
                raise ZeroDivisionError("a test's failure")
            return max(CARD_BITS, 10_000)  # no legal action has this number
        return original(self, view, legal)
    monkeypatch.setattr(bot, "play_cards", play_cards)
    with pytest.raises(BotError) as caught:
        calibrate(load_variant("auction-pitch"), hands=120)
    message = str(caught.value)
    name = "heuristic" if bot is HeuristicBot else "calibrated"
    assert message.startswith(f"learning what hands are worth under auction-pitch: bot "
                              f"{name!r} in seat 3 of a calibration game ")
    assert ("failed: ZeroDivisionError: a test's failure" if answer == "raise"
            else "answered an illegal action: ") in message
    assert "\n" not in message


def _pooled_by_hand(above: list[list[float]]) -> tuple[float, float]:
    """DerSimonian-Laird, written out: the levels' mean shift ``mu`` and their spread
    ``tau^2`` beyond their own standard errors."""
    levels = [(sum(x) / len(x), sum((v - sum(x) / len(x)) ** 2 for v in x)
               / (len(x) - 1) / len(x)) for x in above if x]
    w = [1 / e for _, e in levels]
    fixed = sum(wi * d for wi, (d, _) in zip(w, levels, strict=True)) / sum(w)
    q = sum(wi * (d - fixed) ** 2 for wi, (d, _) in zip(w, levels, strict=True))
    tau2 = max(0.0, (q - (len(levels) - 1)) / (sum(w) - sum(wi * wi for wi in w) / sum(w)))
    w_star = [1 / (e + tau2) for _, e in levels]
    return sum(wi * d for wi, (d, _) in zip(w_star, levels, strict=True)) / sum(w_star), tau2


def test_a_level_bid_seldom_leans_on_the_other_levels_shifts_by_how_sure_each_is() -> None:
    rng = random.Random(3)
    # four levels of many contracts whose shifts spread, one of 30, one never bid
    truth = [0.0, 0.3, -0.2, 0.5, 0.1, 1.5, 0.0]
    sizes = [2000, 3000, 2500, 4000, 30, 30, 0]
    above = [[t + rng.gauss(0, 4.0) for _ in range(n)] for t, n in zip(truth, sizes, strict=True)]
    shifts = fitting.level_shifts(above)
    mu, tau2 = _pooled_by_hand(above)
    assert tau2 > 0
    for level, own in enumerate(above):
        if not own:
            assert shifts[level] == pytest.approx(mu)  # never bid: the levels' mean
            continue
        d = sum(own) / len(own)
        s2 = sum((v - d) ** 2 for v in own) / (len(own) - 1) / len(own)
        assert shifts[level] == pytest.approx(mu + (d - mu) * tau2 / (tau2 + s2))
    # a level of thousands keeps nearly its own mean; one of 30 (standard error ~0.7)
    # is pulled most of the way to mu
    assert abs(shifts[3] - sum(above[3]) / len(above[3])) < 0.05
    for rare in (4, 5):
        own = sum(above[rare]) / len(above[rare])
        assert abs(shifts[rare] - mu) < 0.5 * abs(own - mu)
    # the dealer's forced bid keeps its own, leaning LEVEL_PRIOR contracts' worth on the
    # others' mean (left out of it)
    alone = fitting.level_shifts(above, alone=(5,))
    mu_others, _ = _pooled_by_hand([x for i, x in enumerate(above) if i != 5])
    assert alone[5] == pytest.approx((sum(above[5]) + fitting.LEVEL_PRIOR * mu_others)
                                     / (30 + fitting.LEVEL_PRIOR))
    assert alone[6] == pytest.approx(mu_others)
    # levels whose shifts spread no more than their errors show: every one takes mu
    same = [[rng.gauss(0.4, 1.0) for _ in range(n)] for n in (500, 800, 40)]
    mu_same, tau_same = _pooled_by_hand(same)
    if tau_same == 0:
        assert fitting.level_shifts(same) == pytest.approx((mu_same,) * 3)
    assert fitting.level_shifts([[], [1.0]]) == (0.0, 1.0)  # one contract: its own
    assert fitting.level_shifts([[], []]) == (0.0, 0.0)


def test_a_rare_levels_points_are_its_bands_points_moved_by_its_pooled_shift() -> None:
    rules = load_variant("cinch")
    model = calibrate(rules, hands=120)
    games = calibrating._self_play(rules, 300, "t", model, lambda done: None, whole_games=True)
    table = fitting.learn_points_at(rules, model, games)
    plan = scoring_plan(rules)
    top = len(model.refusing) - 1
    size = len(model.points)
    # by hand: per band, its points in these contracts leaning LEVEL_PRIOR contracts'
    # worth on the calibration's; per level, each contract's points above its band's and
    # the best estimate of the strongest hand of another side; per band, the band's
    # points plus the level's pooled shift plus what the band's contracts took beyond
    # the level's own mean, leaning LEVEL_PRIOR contracts' worth on none
    contracts = []
    for held, result, team, *_ in games:
        side = team[result.pitcher]
        where = model.band(model.estimate(rules, held[result.pitcher], result.trump))
        rival = max(max(model.estimate(rules, held[s], suit) for suit in range(4))
                    for s in range(len(team)) if team[s] != side)
        contracts.append((min(top, int(result.bid)), where,
                          fitting.points_taken(plan, result, team, side), rival))
    band_took = [[t for _, w, t, _ in contracts if w == band] for band in range(size)]
    points = [(sum(took) + fitting.LEVEL_PRIOR * p) / (len(took) + fitting.LEVEL_PRIOR)
              for took, p in zip(band_took, model.points, strict=True)]
    assert max(abs(a - b) for a, b in zip(points, model.points, strict=True)) > 0.1
    above: list[list[float]] = [[] for _ in range(top + 1)]
    rivals: list[list[float]] = [[] for _ in range(top + 1)]
    cells: dict[tuple[int, int], list[float]] = {}
    for at, where, taken, rival in contracts:
        above[at].append(taken - points[where])
        rivals[at].append(rival)
        cells.setdefault((at, where), []).append(taken)
    forced = (rules.auction.dealer_forced_bid,)
    shifts = fitting.level_shifts(above, alone=forced, rivals=rivals)
    levels = [level for level in range(top + 1) if above[level]]
    rare = min(levels, key=lambda level: len(above[level]))
    assert len(above[rare]) < len(games) / 10
    for level in levels:
        mean = sum(above[level]) / len(above[level])
        row = []
        for band, p in enumerate(points):
            took = cells.get((level, band), [])
            row.append(p + shifts[level] + sum(t - p - mean for t in took)
                       / (len(took) + fitting.LEVEL_PRIOR))
        weights = [len(cells.get((level, band), [])) + fitting.LEVEL_PRIOR
                   for band in range(size)]
        assert [r[level] for r in table] == pytest.approx(fitting._monotone(row, weights))
    # a level never bid (the commonest, left out): its bands' points (in the other
    # levels' contracts) moved by the levels' mean shift
    common = max(levels, key=lambda level: len(above[level]))
    without = [r for r in games if min(top, int(r[1].bid)) != common]
    kept = [c for c in contracts if c[0] != common]
    points = [(sum(t for _, w, t, _ in kept if w == band) + fitting.LEVEL_PRIOR * p)
              / (sum(1 for _, w, _, _ in kept if w == band) + fitting.LEVEL_PRIOR)
              for band, p in enumerate(model.points)]
    above = [[t - points[w] for at, w, t, _ in kept if at == level] for level in range(top + 1)]
    rivals = [[r for at, _, _, r in kept if at == level] for level in range(top + 1)]
    rest = fitting.level_shifts(above, alone=forced, rivals=rivals)
    assert [r[common] for r in fitting.learn_points_at(rules, model, without)] == pytest.approx(
        fitting._monotone([p + rest[common] for p in points], [fitting.LEVEL_PRIOR] * size))


def test_a_rare_level_leans_on_the_others_after_what_its_rivals_explain() -> None:
    # the points fall 0.4 a point of the strongest rival at every level, and the levels
    # differ by little else; the rare level (60 contracts) faces weak rivals
    rng = random.Random(5)
    beta, spread = -0.4, 2.0
    sizes = [3000, 3000, 1500, 60]
    centres = [6.7, 7.0, 7.3, 5.6]
    rivals = [[c + rng.gauss(0, 1.0) for _ in range(n)] for c, n in zip(centres, sizes,
                                                                       strict=True)]
    truth = [0.05, -0.05, 0.0, 0.0]
    above = [[t + beta * (r - 6.9) + rng.gauss(0, spread) for r in xs]
             for t, xs in zip(truth, rivals, strict=True)]
    shifts = fitting.level_shifts(above, rivals=rivals)
    # what the rivals explain: the rare level's shift near beta times its rivals' distance
    # from all contracts' (0.4 * 1.3: about +0.5), where the pooling without rivals pulls
    # it to the common levels' mean (about 0)
    every = [r for xs in rivals for r in xs]
    expected = beta * (sum(rivals[3]) / 60 - sum(every) / len(every))
    assert expected > 0.4
    assert shifts[3] == pytest.approx(expected, abs=0.15)
    assert fitting.level_shifts(above)[3] < expected - 0.25
    # by hand: the slope within levels, taken out before the pooling and put back
    sxy = sum((a - sum(own) / len(own)) * (r - sum(xs) / len(xs))
              for own, xs in zip(above, rivals, strict=True) for a, r in zip(own, xs, strict=True))
    sxx = sum((r - sum(xs) / len(xs)) ** 2 for xs in rivals for r in xs)
    slope = sxy / sxx
    assert slope == pytest.approx(beta, abs=0.05)
    whole = sum(every) / len(every)
    rest = fitting.level_shifts([[a - slope * (r - whole) for a, r in zip(own, xs, strict=True)]
                               for own, xs in zip(above, rivals, strict=True)])
    assert shifts == pytest.approx([r + slope * (sum(xs) / len(xs) - whole)
                                    for r, xs in zip(rest, rivals, strict=True)])
    # a common level keeps its own mean, rivals or not
    assert shifts[0] == pytest.approx(sum(above[0]) / 3000, abs=0.03)
    # no spread in the rivals explains nothing: the pooling alone
    flat = [[6.9] * len(own) for own in above]
    assert fitting.level_shifts(above, rivals=flat) == fitting.level_shifts(above)


def _cinch_games(hands: int) -> tuple[Any, Calibration, list[Any], list[Any]]:
    """Cinch, a short calibration whose seats pass more (so short a one bids every hand;
    3 points more for passing leave most hands to pass), and ``hands`` hands of its whole
    games with their starts."""
    rules = load_variant("cinch")
    model = calibrate(rules, hands=120)
    model = dataclasses.replace(model, passing=tuple(p + 3.0 for p in model.passing))
    starts: list[Any] = []
    games = calibrating._self_play(rules, hands, "t:games", model, lambda done: None,
                             whole_games=True, starts=starts)
    return rules, model, games, starts


def test_the_dealers_forced_bid_is_learned_from_deals_where_every_other_seat_passes() -> None:
    rules, model, _, starts = _cinch_games(60)
    forced = calibrating._forced_play(rules, model, starts, 1, 40, "t:forced")
    assert len(forced) >= 20  # a start where no seat would pass gives none
    for held, result, *_ in forced:
        assert result.bid == 1 and result.pitcher == result.dealer
        # the deal bid again: every seat before the dealer passes, the dealer bids 1
        scores = [a - b for a, b in zip(result.scores, result.score_changes, strict=True)]
        game = Game(rules, random.Random(0), dealer=result.dealer, scores=scores)
        game.deal_cards([[c for c in range(54) if h >> c & 1] for h in held],
                        pack=[c for c in range(52) if not any(h >> c & 1 for h in held)])
        bots = calibrating._bots(rules, model, "again")
        calibrating.play_until(game, bots, 0, auction=True)
        assert game.pitcher == result.dealer
    # a chain of deals, not one deal again: the dealers' hands differ
    assert len({r[0][r[1].dealer] for r in forced}) > len(forced) // 2
    # seeded: the same seed, the same contracts
    again = calibrating._forced_play(rules, model, starts, 1, 40, "t:forced")
    assert [(r[0], r[1].points) for r in again] == [(r[0], r[1].points) for r in forced]
    assert [r[0] for r in calibrating._forced_play(rules, model, starts, 1, 40, "t:other")] \
        != [r[0] for r in forced]


def test_the_forced_level_is_learned_apart_only_where_only_forced_dealers_bid_it() -> None:
    rules, model, games, starts = _cinch_games(60)
    # contracts at 1 only of dealers after every other seat passed
    forced = calibrating._forced_play(rules, model, starts, 1, 20, "t:forced")
    others = [r for r in games if r[1].bid != 1]
    assert forced and all(calibrating._all_passed(r) for r in forced)
    assert calibrating._forced_level(rules, others + forced, len(forced) + 1) == 1
    # not bid seldom: the games hold as many contracts at it as are wanted
    assert calibrating._forced_level(rules, others + forced, len(forced)) is None
    # never bid at all: the deals of its condition are sought
    assert calibrating._forced_level(rules, others, 1) == 1
    # a contract at the level that a seat bid freely (these shy seats open with 1): the
    # level is not the forced dealer's alone
    free = [r for r in games if r[1].bid == 1 and not calibrating._all_passed(r)]
    assert free
    assert calibrating._forced_level(rules, [*others, *forced, free[0]], 1000) is None
    # auction pitch: its forced 2 is half of its contracts, most of them bid freely
    pitch = load_variant("auction-pitch")
    pitch_games = calibrating._self_play(pitch, 40, "t", None, lambda done: None)
    assert any(r[1].bid == 2 for r in pitch_games)
    assert calibrating._forced_level(pitch, pitch_games, 1000) is None


def test_forced_contracts_change_the_forced_level_alone() -> None:
    rules, model, games, starts = _cinch_games(120)
    forced = calibrating._forced_play(rules, model, starts, 1, 40, "t:forced")
    before = fitting.learn_points_at(rules, model, games)
    after = fitting.learn_points_at(rules, model, games, forced)
    for band, (old, new) in enumerate(zip(before, after, strict=True)):
        assert old[:1] == new[:1] and old[2:] == new[2:], band
    assert [row[1] for row in before] != [row[1] for row in after]


def test_a_called_partners_points_count_for_the_pitchers_side_in_the_calibration() -> None:
    # call-partner pitch: the sides of a hand are known after the call; the calibration
    # counts a contract made as the engine does, by the points of the pitcher and its
    # called partner (at MODEL_VERSION 20 by the pitcher's own: 169 of 300 made, not 230)
    rules = load_variant("call-partner-pitch")
    plan = scoring_plan(rules)
    records = calibrating._self_play(rules, 60, "t", None, lambda done: None)
    model = fitting.fit(rules, records)
    contracts = fitting._contracts(rules, model, plan, records, value.top_bid(rules))
    helped = 0
    for (_, result, team, *_), (_, _, taken, _) in zip(records, contracts, strict=True):
        assert (taken >= result.bid) == result.made
        sides = value.hand_sides(team, result)
        if result.partner is not None:
            assert sides[result.partner] == sides[result.pitcher]
            assert sum(s == sides[result.pitcher] for s in sides) == 2
            own = fitting.points_taken(plan, result, team, team[result.pitcher])
            helped += own < result.bid <= taken
        else:
            assert sides == team
    assert helped  # some contracts are made by the partner's points


def test_the_sides_of_a_hand_without_a_call_are_the_seatings() -> None:
    for variant in ("auction-pitch", "partnership-pitch"):
        rules = load_variant(variant)
        seating = Game(rules, random.Random(0)).team_of
        records = calibrating._self_play(rules, 20, "t", None, lambda done: None)
        assert records
        for _, result, team, *_ in records:
            assert result.partner is None and team == seating
            assert value.hand_sides(team, result) is team


@pytest.mark.parametrize("run", ["simulate", "match"])
def test_a_run_on_workers_learns_the_calibration_before_they_start(
        small_calibration: Path, monkeypatch: pytest.MonkeyPatch, run: str) -> None:
    """With ``--workers`` 2 or more and no calibration cached, the run learns it once in
    its own process (pitchkit.simulate.build_once) before the worker processes start;
    each worker then reads the file, not learning it again at the same time."""
    from pitchkit import match as match_module
    from pitchkit import pool

    rules = load_variant("auction-pitch")
    found_at_start: list[list[str]] = []

    def run_chunks(*args: object, **kwargs: object) -> None:
        found_at_start.append(sorted(f.name for f in small_calibration.glob("*.json")))

    monkeypatch.setattr(pool, "run_chunks", run_chunks)
    monkeypatch.setattr(match_module, "run_chunks", run_chunks)
    if run == "simulate":
        simulate(rules, games=4, seed=1, bots="calibrated", workers=2)
    else:
        match_module.match(rules, bots="heuristic,calibrated", deals=4, workers=2)
    assert found_at_start == [[f"calibration-{rules_hash(rules)}-120.json"]]
