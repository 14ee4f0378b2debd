"""The ``strong`` bot: the search bot with its strongest measured settings, by name."""

from __future__ import annotations

import random

import pytest

from pitchkit.bots import parse_bot_spec
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.calibrating import calibrate, calibration_for
from pitchkit.bots.search import SearchBot
from pitchkit.bots.strong import STRONG_SETTINGS, TRUMPS_ONLY_SETTINGS, own_calibration
from pitchkit.errors import UsageError
from pitchkit.load import load_variant
from pitchkit.results import Observation
from pitchkit.simulate import simulate
from pitchkit.variant import Rules

SPELLED = "search:" + ":".join(f"{key}={value}" for key, value in STRONG_SETTINGS.items())


def test_strong_is_the_search_bot_with_its_settings() -> None:
    rules = load_variant("auction-pitch")
    bot = parse_bot_spec("strong").make(rules, 0, random.Random(1))
    assert isinstance(bot, SearchBot)
    assert (bot.samples, bot.work, bot.step, bot.margin, bot.boldness) == (
        64, 20000, 16, 0.1, 0.0)


def test_a_strong_setting_can_be_replaced() -> None:
    rules = load_variant("auction-pitch")
    bot = parse_bot_spec("strong:samples=32:margin=0.25").make(rules, 0, random.Random(1))
    assert (bot.samples, bot.margin, bot.work) == (32, 0.25, 20000)


def test_strong_refuses_a_setting_search_does_not_have() -> None:
    with pytest.raises(UsageError, match="no setting 'speed'"):
        parse_bot_spec("strong:speed=3")


def test_strong_plays_the_games_of_its_spelled_out_settings() -> None:
    rules = load_variant("auction-pitch")
    named = simulate(rules, games=2, seed=7, bots="strong", workers=1)
    spelled = simulate(rules, games=2, seed=7, bots=SPELLED, workers=1)
    assert named.hands == spelled.hands
    for kept in ("seat_wins", "pos_score", "pos_score_sq", "bids", "bids_made",
                 "point_pitcher", "sample_scores"):
        assert getattr(named, kept) == getattr(spelled, kept), kept


def test_in_trumps_only_play_strong_plays_out_by_rule_of_thumb() -> None:
    """Where only trumps are played the play-outs are the rule of thumb's (measured
    stronger there), elsewhere the heuristic's; a user's ``playout`` is honoured."""
    def heuristic_play_outs(spec: str, variant: str) -> bool:
        bot = parse_bot_spec(spec).make(load_variant(variant), 0, random.Random(1))
        assert isinstance(bot, SearchBot)
        return bot._wise is not None

    assert not heuristic_play_outs("strong", "pidro")
    assert not heuristic_play_outs("strong", "ten-point-pitch-draw")
    assert heuristic_play_outs("strong", "auction-pitch")
    assert heuristic_play_outs("strong:playout=heuristic", "pidro")


def test_in_trumps_only_play_strong_plays_the_games_of_its_settings_there() -> None:
    rules = load_variant("pidro")
    there = STRONG_SETTINGS | TRUMPS_ONLY_SETTINGS
    named = simulate(rules, games=2, seed=7, bots="strong", workers=1)
    spelled = simulate(rules, games=2, seed=7, workers=1,
                       bots="search:" + ":".join(f"{k}={v}" for k, v in there.items()))
    assert named.hands == spelled.hands
    for kept in ("seat_wins", "pos_score", "bids", "sample_scores"):
        assert getattr(named, kept) == getattr(spelled, kept), kept


def test_strong_learns_its_bids_from_its_own_play_only_where_a_partner_is_called() -> None:
    assert own_calibration(load_variant("call-partner-pitch"))
    for variant in ("auction-pitch", "pidro", "nine-card-pitch", "partnership-pitch"):
        assert not own_calibration(load_variant(variant)), variant


def test_strong_with_a_called_partner_bids_from_the_strong_calibration() -> None:
    rules = load_variant("call-partner-pitch")
    bot = parse_bot_spec("strong").make(rules, 0, random.Random(1))
    assert isinstance(bot, SearchBot)
    assert bot.model is calibration_for(rules, player="strong")
    assert bot.model is not calibration_for(rules)
    plain = parse_bot_spec("strong").make(load_variant("auction-pitch"), 0, random.Random(1))
    assert isinstance(plain, SearchBot)
    assert plain.model is calibration_for(load_variant("auction-pitch"))


def test_a_calibration_from_strong_play_is_seeded_and_its_own() -> None:
    rules = load_variant("auction-pitch")
    a = calibrate(rules, 30, seed="t", player="strong").to_json()
    b = calibrate(rules, 30, seed="t", player="strong").to_json()
    default = calibrate(rules, 30, seed="t").to_json()
    assert a == b
    assert a != default


def test_the_model_is_not_a_setting() -> None:
    with pytest.raises(UsageError, match="no setting 'model'"):
        parse_bot_spec("strong:model=mine")
    for bot in ("calibrated", "search"):  # refused as the bots are read, not later
        with pytest.raises(UsageError, match="'model' is not a setting"):
            parse_bot_spec(f"{bot}:model=mine")
    parse_bot_spec("search:boldness=1")  # (their settings are read)
    with pytest.raises(ValueError, match="model is not a setting"):
        CalibratedBot(load_variant("auction-pitch"), 0, random.Random(1),
                      model="mine")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player must be one of"):
        calibration_for(load_variant("auction-pitch"), player="mine")


def test_where_strong_bids_from_its_own_calibration_it_bids_by_no_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a called partner strong's bids are its own play's calibration, no table of
    the auction is learned (both teachers' tables lost their check there); asked for,
    one is."""
    import pitchkit.bots.search as search
    from pitchkit.bots.auction_table import AuctionTable

    asked: list[object] = []
    table = AuctionTable({}, 40)

    def table_for(rules: object, model: object) -> AuctionTable:
        asked.append(model)
        return table

    monkeypatch.setattr(search, "table_for", table_for)
    rules = load_variant("call-partner-pitch")
    bot = parse_bot_spec("strong").make(rules, 0, random.Random(1))
    assert isinstance(bot, SearchBot)
    assert bot.auction_table is None and asked == []
    asked_for = parse_bot_spec("strong:bidding=learned").make(rules, 0, random.Random(1))
    assert isinstance(asked_for, SearchBot)
    assert asked_for.auction_table is table and asked == [asked_for.model]
    elsewhere = parse_bot_spec("strong").make(load_variant("pidro"), 0, random.Random(1))
    assert isinstance(elsewhere, SearchBot) and elsewhere.auction_table is table


def _pitchers_draw(rules: Rules) -> tuple[Observation, int, int]:
    """Nine-card pitch, hearts trump: the pitcher holds 27 cards (its nine and the
    widow), seven of them trumps (2H 8H 9H JH QH KH AH, none a joker or the jick), and
    keeps six: an observation of that draw, its hand and its trumps."""
    from pitchkit.cards import mask_of, parse_card
    from pitchkit.draw import Choice
    from pitchkit.engine import Game
    from pitchkit.results import Phase

    game = Game(rules, random.Random(1))
    game.deal_random()
    trumps = mask_of(parse_card(c) for c in ("2H", "8H", "9H", "JH", "QH", "KH", "AH"))
    plain = [c for c in range(52) if c // 13 != 1 and c != parse_card("JD")][:20]
    hand = trumps | mask_of(plain)
    assert hand.bit_count() == 27
    obs = game.observation(0)._replace(phase=Phase.DRAW, trump=1, hand=hand,
                                       draw_choice=Choice("discard", hand, 0, 21, 21))
    return obs, hand, trumps


def test_strong_draws_as_the_heuristic_and_search_as_the_calibrated_bot() -> None:
    """``drawing``: ``strong`` keeps the heuristic's cards (every trump that scores and
    the strongest of the rest: the eight of seven trumps goes), ``search`` and
    ``strong:drawing=calibrated`` the calibrated bot's; a value it does not know is
    refused."""
    from pitchkit.actions import CARD_BITS
    from pitchkit.bots.drawing import draw_action
    from pitchkit.cards import parse_card

    rules = load_variant("nine-card-pitch")
    obs, hand, trumps = _pitchers_draw(rules)
    strong = parse_bot_spec("strong:bidding=calibrated").make(rules, 0, random.Random(1))
    search = parse_bot_spec("search").make(rules, 0, random.Random(1))
    spelled = parse_bot_spec("strong:bidding=calibrated:drawing=calibrated").make(
        rules, 0, random.Random(1))
    calibrated = CalibratedBot(rules, 0, random.Random(1))
    kept = hand & ~(strong.choose(obs, []) & CARD_BITS)
    assert kept == trumps & ~(1 << parse_card("8H"))
    assert strong.choose(obs, []) == draw_action(rules, obs)
    for bot in (search, spelled):
        assert bot.choose(obs, []) == calibrated.choose(obs, [])
    with pytest.raises(UsageError, match="drawing must be one of calibrated, heuristic"):
        parse_bot_spec("strong:drawing=best").make(rules, 0, random.Random(1))


def test_what_strong_plays_names_its_own_calibration_and_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A calibration learned from ``strong``'s play and a table learned from its
    self-play are cached under a hash of its settings but ``bidding``: a change of the
    rest (its draw) learns them anew, a change of its bidding does not."""
    import pitchkit.bots.strong as strong

    rules = load_variant("nine-card-pitch")
    before = strong.play_hash(rules)
    monkeypatch.setitem(strong.STRONG_SETTINGS, "bidding", "calibrated")
    assert strong.play_hash(rules) == before
    monkeypatch.setitem(strong.STRONG_SETTINGS, "drawing", "calibrated")
    assert strong.play_hash(rules) != before
