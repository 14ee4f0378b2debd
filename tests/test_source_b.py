"""Source B ("Pitch" / Auction Pitch / Setback; seeds 001 Bulgarian, 004 Indonesian),
audited end to end: one test per clause of the source, each on a small hand-made deal
played through the public API of the shipped variants ``auction-pitch`` and
``partnership-pitch``.

The deals are built so that every trick can be followed by hand; the expected points,
score changes and winners in the asserts are worked out from the source's text, not
taken from the engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from play_helpers import act, cards, names, tricks
from typer.testing import CliRunner

from pitchkit.actions import action_text
from pitchkit.cards import parse_card
from pitchkit.cli import app
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError, VariantError
from pitchkit.load import load_variant
from pitchkit.record import replay_record

VARIANT = "auction-pitch"
runner = CliRunner()


def start(hands: Sequence[str], *, dealer: int = 3, variant: str = VARIANT,
          sets: Sequence[str] = ()) -> Game:
    game = Game(load_variant(variant, sets), random.Random(7), dealer=dealer)
    game.deal_cards([cards(h) for h in hands])
    return game


# D1 (dealer 3, seat 0 bids first). Seat 0 pitches spades and wins the first three
# tricks (AS takes the JS of seat 1 and the 2S of seat 2), seat 3 takes the rest with
# TH and the diamonds. Game points: seat 0 AS 4 + JS 1 + KS 3 + QS 2 = 10; seat 3
# TH 10 + TC 10 = 20.
D1 = ("AS KS QS 4H 5H 6H", "JS 2C 3C 4C 5C 6C", "2S 7C 8C 9C TC 3D", "TH 4D 5D 6D 7D 8D")
D1_PLAY = ("AS JS 2S 4D", "KS 2C 3D 5D", "QS 3C 7C 6D", "4H 4C 8C TH", "7D 5H 5C 9C",
           "8D 6H 6C TC")

# D5: the 5S of seat 0 is the only trump dealt. Seat 1 wins the game point (AH 4 + TC 10,
# KH 3 + QC 2, AD 4 + KC 3, KD 3 + JC 1 = 30), seat 2 takes QD + AC (6).
D5 = ("5S 2H 3H 4H 2D 3D", "AH KH 6H 7H 4D 5D", "AD KD QD 6D 7D 8D", "AC KC QC JC TC 9C")
D5_PLAY = ("5S 4D 6D 9C", "2H AH 7D TC", "KH 8D QC 3H", "6H AD KC 4H", "7H KD JC 2D",
           "5D QD AC 3D")


def rotate(deal: Sequence[str], k: int) -> list[str]:
    """The deal with the hand of seat s given to seat s + k."""
    n = len(deal)
    return [deal[(s - k) % n] for s in range(n)]


# --------------------------------------------------------------------------- players, deal


def test_b_players_three_to_seven_best_with_four() -> None:
    assert load_variant(VARIANT).players.count == 4
    for n in (3, 7):
        assert load_variant(VARIANT, [f"players.count={n}"]).players.count == n


def test_b_each_player_for_themselves_by_default() -> None:
    game = start(D1)
    assert game.team_of == (0, 1, 2, 3)


def test_b_partnership_of_two_teams_of_two_share_a_score() -> None:
    game = start(D1, variant="partnership-pitch")
    assert game.team_of == (0, 1, 0, 1)
    act(game, "bid 2", "pass", "pass", "pass")
    tricks(game, *D1_PLAY)
    hand = game.hand_results[-1]
    # seats 0 and 2 (high, low, jack) against seats 1 and 3 (game)
    assert hand.score_changes == (3, 1, 3, 1)
    assert hand.scores == (3, 1, 3, 1)


def test_b_deal_six_cards_each_three_at_a_time() -> None:
    rules = load_variant(VARIANT)
    assert (rules.deal.cards_per_hand, rules.deal.packet_size) == (6, 3)
    game = Game(rules, random.Random(1), dealer=3)
    event = game.deal_random()
    masks, turned = event.detail
    assert turned is None
    assert [m.bit_count() for m in masks] == [6, 6, 6, 6]
    # rule: with 4 players only 24 of the 52 cards are in play
    union = 0
    for m in masks:
        assert union & m == 0
        union |= m
    assert union.bit_count() == 24


def test_b_deal_order_three_at_a_time_from_the_dealers_left() -> None:
    # The same shuffle dealt from the deck top: seat after the dealer gets cards 1-3,
    # the next seat 4-6, ..., then a second round of three each.
    from pitchkit.dealing import deal_seats

    game = Game(load_variant(VARIANT), random.Random(1), dealer=3)
    assert deal_seats(game.plan, game.dealer) == (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3) * 2


def test_b_deal_needs_six_cards_per_seat() -> None:
    game = Game(load_variant(VARIANT), random.Random(1), dealer=3)
    with pytest.raises(IllegalActionError, match="seat 2 is dealt 5 cards, the variant deals 6"):
        game.deal_cards([cards(D1[0]), cards("JS 2C 3C 4C 5C"), cards(D1[2]), cards(D1[3])])


def test_b_ace_high_two_low() -> None:
    game = start(D1)
    act(game, "bid 2", "pass", "pass", "pass")
    # KS beats 2S and JS: ace high, 2 low, in the trump suit and in a plain suit
    assert tricks(game, "AS JS 2S 4D", "KS 2C 3D 5D") == [0, 0]
    assert tricks(game, "QS 3C 7C 6D", "4H 4C 8C TH") == [0, 3]


# --------------------------------------------------------------------------- bidding


def test_b_bidding_starts_left_of_dealer_clockwise() -> None:
    game = start(D1, dealer=1)
    order = []
    for a in ("pass", "pass", "pass", "bid 2"):
        order.append(game.to_act)
        game.apply(a)
    assert order == [2, 3, 0, 1]


def test_b_each_player_has_one_chance_to_bid() -> None:
    game = start(D1)
    act(game, "bid 1", "pass", "bid 2", "pass")
    # four actions, one per seat: the auction is over though seat 0 was outbid
    assert game.phase is Phase.PLAY
    assert (game.pitcher, game.bid) == (2, 2)
    assert game.to_act == 2


def test_b_legal_bids_are_pass_one_two_three_four() -> None:
    game = start(D1)
    bids = [a for a in names(game.legal_actions()) if not a.startswith("play")]
    assert bids == ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]
    with pytest.raises(IllegalActionError, match="seat 1 may not bid 5: the highest bid is 4"):
        game.apply("bid 5")
    with pytest.raises(IllegalActionError, match="may not bid moon"):
        game.apply("bid moon")


def test_b_bid_must_beat_the_high_bid() -> None:
    game = start(D1)
    act(game, "bid 2")
    assert [a for a in names(game.legal_actions()) if not a.startswith("play")] == [
        "pass", "bid 3", "bid 4"]
    with pytest.raises(IllegalActionError, match="seat 2 must bid at least 3"):
        game.apply("bid 2")


def test_b_pitching_a_card_bids_four_and_leads_it() -> None:
    game = start(D1)
    event = game.apply("play AS")
    # rule: showing a card face up at once is a bid of 4; it is the opening lead
    assert (game.pitcher, game.bid) == (0, 4)
    assert game.phase is Phase.PLAY
    assert game.trump == 0  # spades
    assert event.seat == 0
    obs = game.observation(1)
    assert obs.trick == ((0, parse_card("AS")),)
    assert game.to_act == 1
    # seat 1 holds JS and must follow spades or trump (the same suit here)
    assert names(game.legal_actions()) == ["play JS"]


def test_b_pitch_after_a_bid_of_four_is_illegal() -> None:
    game = start(D1)
    act(game, "bid 4")
    assert names(game.legal_actions()) == ["pass"]
    with pytest.raises(IllegalActionError, match="seat 2 may not pitch JS: the bid is already 4"):
        game.apply("play JS")


def test_b_pitcher_leads_first_and_first_card_sets_trump() -> None:
    game = start(D1)
    act(game, "pass", "bid 2", "pass", "pass")
    assert game.to_act == 1
    assert game.trump is None
    game.apply("play 2C")
    assert game.trump == 3  # clubs: the first card played
    obs = game.observation(2)
    assert obs.trump == 3


def test_b_dealer_must_bid_at_least_two_when_nobody_else_bids() -> None:
    game = start(D1)
    act(game, "pass", "pass", "pass")
    assert game.to_act == 3
    assert names(game.legal_actions())[:3] == ["bid 2", "bid 3", "bid 4"]
    assert "pass" not in names(game.legal_actions())
    assert "bid 1" not in names(game.legal_actions())
    with pytest.raises(IllegalActionError, match="seat 4 \\(dealer\\) may not pass"):
        game.apply("pass")
    with pytest.raises(IllegalActionError, match="must bid at least 2"):
        game.apply("bid 1")
    game.apply("bid 2")
    assert (game.pitcher, game.bid, game.to_act) == (3, 2, 3)


@pytest.mark.parametrize("high", [1, 2, 3])
def test_b_dealer_may_steal_a_one_two_or_three(high: int) -> None:
    game = start(D1)
    act(game, f"bid {high}", "pass", "pass")
    assert f"bid {high}" in names(game.legal_actions())
    game.apply(f"bid {high}")
    assert (game.pitcher, game.bid) == (3, high)
    assert game.to_act == 3


def test_b_non_dealer_may_not_steal() -> None:
    game = start(D1)
    act(game, "bid 2")
    with pytest.raises(IllegalActionError, match="seat 2 must bid at least 3"):
        game.apply("bid 2")


def test_b_dealer_may_not_steal_a_four() -> None:
    game = start(D1)
    act(game, "pass", "bid 4", "pass")
    assert names(game.legal_actions()) == ["pass"]
    with pytest.raises(IllegalActionError, match="seat 4 \\(dealer\\) may not steal a 4"):
        game.apply("bid 4")
    game.apply("pass")
    assert (game.pitcher, game.bid) == (1, 4)


def test_b_dealer_may_not_steal_a_pitched_four() -> None:
    game = start(D1)
    act(game, "pass", "play JS")
    # the pitch ends the auction at once: the dealer never gets to steal it
    assert (game.pitcher, game.bid) == (1, 4)
    assert game.phase is Phase.PLAY
    assert game.to_act == 2


# --------------------------------------------------------------------------- play


# DT (dealer 3): seat 0 pitches AS (spades trump), then leads hearts; seat 1 holds
# hearts, a trump (4S) and a diamond.
DT = ("AS 3H 4H 5H 6H 7H", "AH KH QH 3S 4S 2D", "2S 9S 4D 5D 6D 7D", "2C 3C 4C 5C 6C 7C")


def _dt_after_first_trick() -> Game:
    game = start(DT)
    act(game, "bid 2", "pass", "pass", "pass")
    assert tricks(game, "AS 3S 2S 2C") == [0]
    game.apply("play 3H")
    return game


def test_b_may_follow_or_trump_when_able_to_follow() -> None:
    game = _dt_after_first_trick()
    # seat 1 may follow hearts or play its trump, but not the diamond
    assert names(game.legal_actions()) == ["play 4S", "play QH", "play KH", "play AH"]


def test_b_may_trump_even_when_able_to_follow() -> None:
    game = _dt_after_first_trick()
    game.apply("play 4S")
    game.apply("play 4D")
    event = game.apply("play 3C")
    assert event.trick_winner == 1  # seat 1 trumped a heart lead while holding hearts


def test_b_may_not_throw_off_when_able_to_follow() -> None:
    game = _dt_after_first_trick()
    with pytest.raises(IllegalActionError,
                       match="seat 2 must follow hearts or trump: holds QH KH AH"):
        game.apply("play 2D")
    assert game.to_act == 1  # the illegal action changed nothing
    assert "play 2D" not in names(game.legal_actions())


def test_b_void_player_may_play_any_card() -> None:
    game = start(D1)
    act(game, "bid 2", "pass", "pass", "pass")
    game.apply("play AS")
    game.apply("play JS")
    game.apply("play 2S")
    # seat 3 has no spade: any of its six cards
    assert names(game.legal_actions()) == ["play TH", "play 4D", "play 5D", "play 6D",
                                           "play 7D", "play 8D"]


def test_b_highest_trump_wins_else_highest_of_suit_led() -> None:
    game = start(D1)
    act(game, "bid 2", "pass", "pass", "pass")
    # trick 4: 4H led, TH highest heart wins over clubs played by voids
    # trick 5: 7D led by seat 3, 9C (a higher-looking club) does not win
    assert tricks(game, *D1_PLAY) == [0, 0, 0, 3, 3, 3]


def test_b_trump_beats_higher_card_of_suit_led() -> None:
    game = start(("AS 3H 4H 5H 6H 7H", "AH KH QH JH TH 9H", "2S 3S 2D 3D 4D 5D",
                  "2C 3C 4C 5C 6C 7C"))
    act(game, "bid 2", "pass", "pass", "pass")
    # trick 2: 3H led, AH played, seat 2 (void in hearts) trumps with 3S and wins
    assert tricks(game, "AS 9H 2S 2C", "3H AH 3S 3C") == [0, 2]


def test_b_trick_winner_leads_next() -> None:
    game = start(D1)
    act(game, "bid 2", "pass", "pass", "pass")
    tricks(game, *D1_PLAY[:4])
    assert game.to_act == 3


def test_b_six_tricks_per_hand() -> None:
    game = start(D1)
    act(game, "bid 2", "pass", "pass", "pass")
    tricks(game, *D1_PLAY[:5])
    assert game.phase is Phase.PLAY
    tricks(game, D1_PLAY[5])
    assert game.phase is Phase.DEAL
    assert game.hand_results[-1].tricks_won == (3, 0, 0, 3)


# --------------------------------------------------------------------------- points


def _d1_result(bid: str = "bid 2") -> tuple[Game, object]:
    game = start(D1)
    act(game, bid, "pass", "pass", "pass")
    tricks(game, *D1_PLAY)
    return game, game.hand_results[-1]


def test_b_high_to_the_player_winning_the_highest_trump() -> None:
    _, hand = _d1_result()
    assert hand.points["high"] == (0,)


def test_b_low_to_the_player_winning_the_lowest_trump() -> None:
    # 2S was dealt to seat 2 and captured by seat 0
    _, hand = _d1_result()
    assert hand.points["low"] == (0,)


def test_b_jack_to_the_player_winning_the_jack_of_trumps() -> None:
    # JS was dealt to seat 1 and captured by seat 0
    _, hand = _d1_result()
    assert hand.points["jack"] == (0,)


def test_b_jack_not_in_play_is_not_awarded() -> None:
    game = start(D5)
    act(game, "bid 1", "pass", "pass", "pass")
    tricks(game, *D5_PLAY)
    assert game.hand_results[-1].points["jack"] == ()


def test_b_game_point_to_most_trick_points() -> None:
    # seat 3: TH + TC = 20 against seat 0's 10 (A 4, K 3, Q 2, J 1)
    _, hand = _d1_result()
    assert hand.points["game"] == (3,)
    assert hand.points == {"high": (0,), "low": (0,), "jack": (0,), "game": (3,)}


def test_b_game_point_plurality_not_majority() -> None:
    # trick points: seat 1 AH + TC = 14, seat 2 TD = 10, seat 3 KC + QC = 5: seat 1 has
    # the most (14) but not a majority of the 29
    deal = ("5S 2H 3H 4H 2D 3D", "AH 6H 7H 4D 5D 8H", "TD 6D 7D 8D 2C 3C",
            "TC 9C KC QC 4C 5C")
    game = start(deal)
    act(game, "bid 1", "pass", "pass", "pass")
    winners = tricks(game, "5S 4D 6D 9C", "2H AH 7D TC", "5D TD 4C 2D", "2C KC 3H 6H",
                     "QC 4H 7H 3C", "5C 3D 8H 8D")
    assert winners == [0, 1, 2, 3, 3, 3]
    hand = game.hand_results[-1]
    assert hand.points["game"] == (1,)
    assert hand.score_changes == (2, 1, 0, 0)


def test_b_game_tie_nobody_scores_it() -> None:
    # as D1, but seat 2 holds 2D instead of TC: seat 0 and seat 3 both take 10
    deal = ("AS KS QS 4H 5H 6H", "JS 2C 3C 4C 5C 6C", "2S 7C 8C 9C 2D 3D",
            "TH 4D 5D 6D 7D 8D")
    game = start(deal)
    act(game, "bid 2", "pass", "pass", "pass")
    assert tricks(game, "AS JS 2S 4D", "KS 2C 3D 5D", "QS 3C 7C 6D", "4H 4C 8C TH",
                  "7D 5H 5C 2D", "8D 6H 6C 9C") == [0, 0, 0, 3, 3, 3]
    hand = game.hand_results[-1]
    assert hand.points["game"] == ()
    assert hand.score_changes == (3, 0, 0, 0)


def test_b_lone_trump_scores_two_as_high_and_low() -> None:
    game = start(D5)
    act(game, "bid 2", "pass", "pass", "pass")
    assert tricks(game, *D5_PLAY) == [0, 1, 1, 1, 1, 2]
    hand = game.hand_results[-1]
    assert hand.points == {"high": (0,), "low": (0,), "jack": (), "game": (1,)}
    assert hand.made is True
    assert hand.score_changes == (2, 1, 0, 0)


def test_b_lone_jack_scores_three() -> None:
    deal = ("JS 2H 3H 4H 2D 3D", *D5[1:])
    game = start(deal)
    act(game, "bid 3", "pass", "pass", "pass")
    tricks(game, "JS 4D 6D 9C", *D5_PLAY[1:])
    hand = game.hand_results[-1]
    assert hand.points == {"high": (0,), "low": (0,), "jack": (0,), "game": (1,)}
    assert hand.made is True
    assert hand.score_changes == (3, 1, 0, 0)


# --------------------------------------------------------------------------- scoring


def test_b_pitcher_making_the_bid_scores_all_points_won() -> None:
    # bid 2, won 3 (high, low, jack): scores 3, more than the bid
    _, hand = _d1_result("bid 2")
    assert hand.made is True
    assert hand.score_changes[0] == 3


def test_b_pitcher_set_has_the_bid_subtracted_negative_allowed() -> None:
    _, hand = _d1_result("bid 4")
    assert hand.made is False
    assert hand.score_changes == (-4, 0, 0, 1)
    assert hand.scores == (-4, 0, 0, 1)


def test_b_pitcher_making_exactly_the_bid() -> None:
    _, hand = _d1_result("bid 3")
    assert hand.made is True
    assert hand.score_changes == (3, 0, 0, 1)


def test_b_non_pitchers_score_what_they_won() -> None:
    _, hand = _d1_result("bid 4")
    # seat 3 took game although the pitcher was set
    assert hand.score_changes[3] == 1


def test_b_next_dealer_is_the_player_to_the_left() -> None:
    game, hand = _d1_result()
    assert hand.dealer == 3
    assert game.dealer == 0
    assert game.phase is Phase.DEAL
    game.deal_cards([cards(h) for h in D1])
    assert game.to_act == 1  # bidding starts left of the new dealer


# --------------------------------------------------------------------------- winning


def _record(hands: list[tuple[Sequence[str], list[str], Sequence[str]]],
            sets: dict[str, object] | None = None, variant: str = VARIANT) -> dict:
    record: dict[str, object] = {"variant": variant, "dealer": 3, "hands": [
        {"deal": [h.split() for h in deal], "actions": bids + ["play " + c for t in play
                                                               for c in t.split()]}
        for deal, bids, play in hands]}
    if sets:
        record["set"] = sets
    return record


def test_b_winner_must_have_pitched() -> None:
    # seat 0 pitches D1 twice (+3 +3 = 6), then seat 1 pitches the rotated D1 and seat 0
    # takes game (+1): seat 0 is at 7 but did not pitch, so the game goes on; then seat 0
    # pitches again and wins.
    hands = [
        (D1, ["bid 2", "pass", "pass", "pass"], D1_PLAY),             # dealer 3
        (D1, ["pass", "pass", "pass", "bid 2"], D1_PLAY),             # dealer 0 forced
        (rotate(D1, 1), ["pass", "pass", "pass", "bid 2"], D1_PLAY),  # dealer 1 forced
    ]
    result = replay_record(_record(hands))
    assert [h.scores for h in result.hands] == [(3, 0, 0, 1), (6, 0, 0, 2), (7, 3, 0, 2)]
    assert [h.pitcher for h in result.hands] == [0, 0, 1]
    assert not result.finished
    assert result.winner is None
    hands.append((D1, ["pass", "bid 2", "pass", "pass"], D1_PLAY))  # dealer 2
    result = replay_record(_record(hands))
    assert result.hands[-1].scores == (10, 3, 0, 3)
    assert result.finished
    assert result.winner == (0,)


def test_b_first_to_seven_at_the_end_of_a_hand_they_pitched_wins() -> None:
    hands = [
        (D1, ["bid 2", "pass", "pass", "pass"], D1_PLAY),
        (D1, ["pass", "pass", "pass", "bid 2"], D1_PLAY),
        (D1, ["pass", "pass", "bid 2", "pass"], D1_PLAY),
    ]
    result = replay_record(_record(hands))
    assert result.hands[-1].scores == (9, 0, 0, 3)
    assert result.winner == (0,)
    assert result.game.phase is Phase.OVER
    assert result.game.legal_actions() == []


def test_b_winner_may_have_fewer_points_than_a_loser() -> None:
    hands = [
        (D1, ["bid 2", "pass", "pass", "pass"], D1_PLAY),                 # d3: s0 +3
        (D1, ["pass", "pass", "pass", "bid 2"], D1_PLAY),                 # d0: s0 +3
        (rotate(D1, 1), ["pass", "pass", "pass", "bid 2"], D1_PLAY),      # d1: s1 +3, s0 +1
        (rotate(D5, 3), ["bid 2", "pass", "pass", "pass"], D5_PLAY),      # d2: s3 +2, s0 +1
        (rotate(D5, 1), ["pass", "bid 2", "pass", "pass"], D5_PLAY),      # d3: s1 +2, s2 +1
        (rotate(D5, 1), ["bid 2", "pass", "pass", "pass"], D5_PLAY),      # d0: s1 +2, s2 +1
    ]
    result = replay_record(_record(hands))
    assert [h.scores for h in result.hands] == [
        (3, 0, 0, 1), (6, 0, 0, 2), (7, 3, 0, 2), (8, 3, 0, 4), (8, 5, 1, 4), (8, 7, 2, 4)]
    assert result.winner == (1,)
    assert result.game.outcome is not None
    assert result.game.outcome.scores == (8, 7, 2, 4)


def test_b_play_to_eleven_fifteen_or_twenty_one() -> None:
    hands = [
        (D1, ["bid 2", "pass", "pass", "pass"], D1_PLAY),
        (D1, ["pass", "pass", "pass", "bid 2"], D1_PLAY),
        (D1, ["pass", "pass", "bid 2", "pass"], D1_PLAY),
    ]
    for target in (11, 15, 21):
        assert load_variant(VARIANT, [f"scoring.target={target}"]).scoring.target == target
    result = replay_record(_record(hands, {"scoring.target": 11}))
    assert result.hands[-1].scores == (9, 0, 0, 3)
    assert not result.finished
    fourth = (D1, ["pass", "bid 2", "pass", "pass"], D1_PLAY)
    result = replay_record(_record([*hands, fourth], {"scoring.target": 11}))
    assert result.winner == (0,)


def test_b_partnership_wins_when_a_partner_pitched() -> None:
    # partners 0 and 2: seat 0 pitches twice (team 0: 6), then seat 2 pitches the
    # deal rotated by two: team 0 reaches 9 at the end of a hand its player pitched
    hands = [
        (D1, ["bid 2", "pass", "pass", "pass"], D1_PLAY),
        (D1, ["pass", "pass", "pass", "bid 2"], D1_PLAY),
        (rotate(D1, 2), ["bid 2", "pass", "pass", "pass"], D1_PLAY),
    ]
    result = replay_record(_record(hands, variant="partnership-pitch"))
    assert [h.scores for h in result.hands] == [(3, 1, 3, 1), (6, 2, 6, 2), (9, 3, 9, 3)]
    assert result.winner == (0, 2)


def test_b_bad_override_is_one_clear_error() -> None:
    with pytest.raises(VariantError) as info:
        load_variant(VARIANT, ["scoring.target=seven"])
    assert "\n" not in str(info.value)
    assert "scoring.target" in str(info.value)


def test_b_partners_add_their_trick_points_for_game() -> None:
    # seat 0 takes TC (10) on its lone trump, seat 2 takes TD (10), seat 1 AH (4), seat 3
    # KC + QC (5): alone, seats 0 and 2 tie for game (nobody); as partners, 20 beats 9
    deal = ("5S 2H 3H 4H 2D 3D", "AH 6H 7H 4D 5D 8H", "TD 6D 7D 8D 2C 3C",
            "TC 9C KC QC 4C 5C")
    play = ("5S 4D 6D TC", "2H AH 7D 9C", "5D TD 4C 2D", "2C KC 3H 6H", "QC 4H 7H 3C",
            "5C 3D 8H 8D")
    alone = start(deal)
    act(alone, "bid 1", "pass", "pass", "pass")
    assert tricks(alone, *play) == [0, 1, 2, 3, 3, 3]
    assert alone.hand_results[-1].points["game"] == ()
    assert alone.hand_results[-1].score_changes == (2, 0, 0, 0)
    partners = start(deal, variant="partnership-pitch")
    act(partners, "bid 1", "pass", "pass", "pass")
    assert tricks(partners, *play) == [0, 1, 2, 3, 3, 3]
    assert partners.hand_results[-1].points["game"] == (0, 2)
    assert partners.hand_results[-1].score_changes == (3, 0, 3, 0)


# --------------------------------------------------------------------------- the CLI


def _write(tmp_path: Path, name: str, record: dict) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return str(path)


def _d1_record(**changes: object) -> dict:
    record = _record([(D1, ["bid 2", "pass", "pass", "pass"], D1_PLAY)])
    record.update(changes)
    return record


def test_b_cli_replay_prints_each_hand(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", _write(tmp_path, "g.json", _d1_record())])
    assert result.exit_code == 0, result.output
    assert ("hand 1: dealer seat 4, seat 1 bid 2 (made), trump S: high seat 1; low seat 1; "
            "jack seat 1; game seat 4; scores 3 0 0 1") in result.output
    result = runner.invoke(app, ["replay", "--json", _write(tmp_path, "g.json", _d1_record())])
    data = json.loads(result.output)
    assert data["hands"][0]["points"] == {"high": 0, "low": 0, "jack": 0, "game": 3}
    assert data["hands"][0]["score_changes"] == [3, 0, 0, 1]
    assert data["winner"] is None


def test_b_cli_replay_a_pitched_card(tmp_path: Path) -> None:
    record = _record([(D1, [], ("AS JS 2S 4D", *D1_PLAY[1:]))])
    data = json.loads(runner.invoke(app, ["replay", "--json",
                                          _write(tmp_path, "p.json", record)]).output)
    assert (data["hands"][0]["pitcher"], data["hands"][0]["bid"]) == (0, 4)
    assert data["hands"][0]["made"] is False
    assert data["hands"][0]["score_changes"] == [-4, 0, 0, 1]


@pytest.mark.parametrize(("change", "message"), [
    (("actions", 5, "play 2C"), "hand 1, trick 1, seat 2: play 2C: seat 2 must follow spades "
                                "or trump: holds JS"),
    (("actions", 1, "bid 2"), "hand 1, bid 2, seat 2: bid 2: seat 2 must bid at least 3"),
    (("actions", 0, "bid 5"), "hand 1, bid 1, seat 1: bid 5: seat 1 may not bid 5"),
    (("deal", 1, ["AS", "2C", "3C", "4C", "5C", "6C"]), "hand 1, deal: seat 2: AS is dealt twice"),
    (("deal", 1, ["ZZ", "2C", "3C", "4C", "5C", "6C"]), "'ZZ' is not a card"),
])
def test_b_cli_replay_bad_record_one_line(tmp_path: Path, change: tuple, message: str
                                          ) -> None:
    record = _d1_record()
    key, index, value = change
    hand = record["hands"][0]
    hand[key][index] = value
    result = runner.invoke(app, ["replay", _write(tmp_path, "bad.json", record)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_b_cli_validate_and_explain() -> None:
    result = runner.invoke(app, ["validate", "auction-pitch", "partnership-pitch"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["explain", "auction-pitch"])
    assert result.exit_code == 0
    assert "except over a 4" in result.output
    assert "(2 points, 3 when it is the jack)" in result.output
    result = runner.invoke(app, ["validate", "auction-pitch", "--set", "scoring.targt=11"])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


# --------------------------------------------------------------------------- random games
# An independent restatement of source B, written from the text alone (no pitchkit
# scoring or trick code), checked against the engine action by action on random games:
# the legal actions, every trick winner, every point, every score change and the winner.


def _suit(card: int) -> int:
    return card // 13


def _rank(card: int) -> int:
    return card % 13


def _name(card: int) -> str:
    return action_text(card)[5:]


GAME_VALUE = {8: 10, 12: 4, 11: 3, 10: 2, 9: 1}  # T A K Q J


class SourceB:
    """Source B for one hand: auction, play and scoring, from the seed's text."""

    def __init__(self, n: int, dealer: int, dealt: list[set[int]], team_of: Sequence[int]
                 ) -> None:
        self.n, self.dealer, self.team_of = n, dealer, tuple(team_of)
        self.dealt = [set(h) for h in dealt]
        self.hands = [set(h) for h in dealt]
        self.turns = 0
        self.high = 0
        self.high_bidder: int | None = None
        self.to_act = (dealer + 1) % n
        self.pitcher: int | None = None
        self.trump: int | None = None
        self.trick: list[tuple[int, int]] = []
        self.captured: list[set[int]] = [set() for _ in range(n)]
        self.tricks_won = [0] * n

    # "each player has one chance to bid ... pass, 1, 2, 3 or 4"; "if nobody else bids,
    # the dealer must bid at least 2"; "if others bid 1, 2 or 3 but nobody bid 4, the
    # dealer may steal"; "a bid of 4 by putting a card face up"
    def legal(self) -> set[str]:
        seat = self.to_act
        hand = self.hands[seat]
        if self.pitcher is None:
            if seat == self.dealer and self.high == 0:
                lows, may_pass = 2, False
            else:
                lows, may_pass = self.high + 1, True
                if seat == self.dealer and 0 < self.high < 4:
                    lows = self.high
            out = {f"bid {b}" for b in range(max(lows, 1), 5)}
            if may_pass:
                out.add("pass")
            if lows <= 4:
                out |= {"play " + _name(c) for c in hand}
            return out
        if not self.trick:
            return {"play " + _name(c) for c in hand}
        led = _suit(self.trick[0][1])
        follow = {c for c in hand if _suit(c) == led}
        # "a player able to follow suit may follow or trump; one who cannot may play any"
        ok = follow | {c for c in hand if _suit(c) == self.trump} if follow else hand
        return {"play " + _name(c) for c in ok}

    def apply(self, text: str) -> int | None:
        """Apply an action; the trick winner when it ends a trick."""
        seat = self.to_act
        if self.pitcher is None:
            self.turns += 1
            if text.startswith("bid"):
                self.high, self.high_bidder = int(text[4:]), seat
            elif text.startswith("play"):
                self.high, self.high_bidder = 4, seat
                self.pitcher = seat
                return self._play(seat, parse_card(text[5:]))
            if self.turns == self.n:
                self.pitcher = self.high_bidder
                self.to_act = self.pitcher  # "the high bidder leads"
            else:
                self.to_act = (seat + 1) % self.n
            return None
        return self._play(seat, parse_card(text[5:]))

    def _play(self, seat: int, card: int) -> int | None:
        self.hands[seat].discard(card)
        if self.trump is None:
            self.trump = _suit(card)  # "the first card played sets trump"
        self.trick.append((seat, card))
        if len(self.trick) < self.n:
            self.to_act = (seat + 1) % self.n
            return None
        led = _suit(self.trick[0][1])
        # "highest trump wins, else the highest card of the suit led"
        trumps = [(s, c) for s, c in self.trick if _suit(c) == self.trump]
        pool = trumps or [(s, c) for s, c in self.trick if _suit(c) == led]
        winner = max(pool, key=lambda sc: _rank(sc[1]))[0]
        self.captured[winner] |= {c for _, c in self.trick}
        self.tricks_won[winner] += 1
        self.trick = []
        self.to_act = winner  # "winner leads next"
        return winner

    def points(self) -> dict[str, tuple[int, ...]]:
        def capturer(card: int) -> tuple[int, ...]:
            return tuple(s for s in range(self.n) if card in self.captured[s])

        in_play = [c for h in self.dealt for c in h if _suit(c) == self.trump]
        high = max(in_play, key=_rank)
        low = min(in_play, key=_rank)  # a lone trump is both high and low
        jack = (self.trump or 0) * 13 + 9
        side_game = {}
        for s in range(self.n):
            side = self.team_of[s]
            side_game[side] = side_game.get(side, 0) + sum(
                GAME_VALUE.get(_rank(c), 0) for c in self.captured[s])
        best = max(side_game.values())
        top = [side for side, v in side_game.items() if v == best]
        game = () if len(top) > 1 or best == 0 else tuple(
            s for s in range(self.n) if self.team_of[s] == top[0])  # a tie: nobody
        return {"high": capturer(high), "low": capturer(low),
                "jack": capturer(jack) if any(jack in h for h in self.dealt) else (),
                "game": game}

    def score_changes(self, bid: int) -> tuple[int, ...]:
        won: dict[int, int] = {}
        for seats in self.points().values():
            for side in {self.team_of[s] for s in seats}:
                won[side] = won.get(side, 0) + 1
        assert self.pitcher is not None
        pside = self.team_of[self.pitcher]
        change = {side: won.get(side, 0) for side in set(self.team_of)}
        if change[pside] < bid:
            change[pside] = -bid  # set back
        return tuple(change[self.team_of[s]] for s in range(self.n))


def _random_games_follow_source_b(variant: str, seed: int, hands: int,
                                  sets: Sequence[str] = ()) -> int:
    rules = load_variant(variant, sets)
    n = rules.players.count
    rng = random.Random(seed)
    checked = 0
    game = Game(rules, random.Random(seed), dealer=rng.randrange(n))
    while checked < hands:
        if game.phase is Phase.OVER:
            game = Game(rules, random.Random(rng.random()), dealer=rng.randrange(n))
        masks, _ = game.deal_random().detail
        dealt = [{c for c in range(52) if m >> c & 1} for m in masks]
        src = SourceB(game.n, game.dealer, dealt, game.team_of)
        before = tuple(game.scores)
        while game.phase in (Phase.AUCTION, Phase.PLAY):
            assert game.to_act == src.to_act
            legal = names(game.legal_actions())
            assert set(legal) == src.legal(), (legal, src.legal())
            text = rng.choice(legal)
            event = game.apply(text)
            assert event.trick_winner == src.apply(text)
        hand = game.hand_results[-1]
        assert (hand.pitcher, hand.trump) == (src.pitcher, src.trump)
        assert hand.points == src.points()
        assert hand.score_changes == src.score_changes(src.high)
        scores = tuple(b + c for b, c in zip(before, hand.score_changes, strict=True))
        assert hand.scores == scores
        # "the first to reach at least 7 at the end of a hand in which they were the
        # pitcher wins"
        pitcher_side = [s for s in range(game.n) if game.team_of[s] ==
                        game.team_of[src.pitcher]]
        if scores[src.pitcher] >= 7:
            assert game.outcome is not None and game.outcome.winners == tuple(pitcher_side)
        else:
            assert game.outcome is None
        checked += 1
    return checked


@pytest.mark.parametrize("variant", ["auction-pitch", "partnership-pitch"])
def test_b_random_games_follow_every_clause(variant: str) -> None:
    assert _random_games_follow_source_b(variant, seed=2026, hands=400) == 400


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_b_random_games_with_two_to_seven_players(players: int) -> None:
    sets = [f"players.count={players}"]
    assert _random_games_follow_source_b(VARIANT, seed=players, hands=100, sets=sets) == 100


def test_b_set_pitcher_still_at_the_target_wins_reading() -> None:
    # seat 0 bids 4 and is set nine times while seat 3 takes game each time (9 points
    # without pitching: no win); then seat 3 pitches a 2, takes nothing and is set to 7:
    # at the end of a hand it pitched it has at least 7 (settle.py: "set or not")
    hands = []
    for h in range(9):
        dealer = (3 + h) % 4
        bids = ["bid 4" if (dealer + 1 + i) % 4 == 0 else "pass" for i in range(4)]
        hands.append((D1, bids, D1_PLAY))
    result = replay_record(_record(hands))
    assert result.hands[-1].scores == (-36, 0, 0, 9)
    assert not result.finished
    # the tenth hand, dealer 0: seat 3 holds seat 1's D1 cards and pitches JS
    play = ("JS 2S 4D AS", "KS 2C 7C 5D", "QS 3C 8C 6D", "4H 4C 9C TH", "7D 5H 5C 3D",
            "8D 6H 6C TC")
    hands.append((rotate(D1, 2), ["pass", "pass", "bid 2", "pass"], play))
    result = replay_record(_record(hands))
    last = result.hands[-1]
    assert (last.pitcher, last.made) == (3, False)
    assert last.points == {"high": (2,), "low": (2,), "jack": (2,), "game": (1,)}
    assert last.scores == (-36, 1, 3, 7)
    assert result.winner == (3,)
