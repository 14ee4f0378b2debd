"""One test per rule clause of the auction, trump naming, staged play, partnerships and
players joining or leaving, on small hand-made deals (dealer 3: seat 0 bids first)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pitchkit.actions import MOON, PASS, bid_action, select_action
from pitchkit.cards import parse_card
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.variant import Rules, rules_from_mapping

DEAL4 = ("AS 2D", "3S 4D", "9S 5D", "KH 6D")


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def rules(**sections: Any) -> Rules:
    base: dict[str, Any] = {"deal": {"cards_per_hand": 2}}
    for key, value in sections.items():
        base[key] = {**base.get(key, {}), **value}
    return rules_from_mapping(base)


def start(r: Rules, *hands: str, dealer: int = 3, turned: str | None = None) -> Game:
    game = Game(r, random.Random(0), dealer=dealer)
    game.deal_cards([cards(h) for h in hands or DEAL4],
                    None if turned is None else parse_card(turned))
    return game


def play(game: Game, *actions: str) -> None:
    for action in actions:
        game.apply(action)


# --------------------------------------------------------------------------- one round


def test_auction_starts_left_of_dealer() -> None:
    g = start(rules())
    assert g.phase is Phase.AUCTION and g.to_act == 0


def test_each_player_bids_once_in_one_round() -> None:
    g = start(rules())
    play(g, "bid 1", "bid 2", "pass", "pass")
    assert g.phase is Phase.PLAY
    assert (g.pitcher, g.bid) == (1, 2)


def test_pitcher_leads_first() -> None:
    g = start(rules())
    play(g, "pass", "bid 2", "pass", "pass")
    assert g.to_act == 1


def test_bid_must_be_higher_than_the_high_bid() -> None:
    g = start(rules())
    play(g, "bid 2")
    with pytest.raises(IllegalActionError, match="seat 2 must bid at least 3"):
        g.apply("bid 2")


def test_bid_below_min_bid_is_illegal() -> None:
    g = start(rules(auction={"min_bid": 2}))
    with pytest.raises(IllegalActionError, match="seat 1 must bid at least 2"):
        g.apply("bid 1")


def test_bid_above_max_bid_is_illegal() -> None:
    g = start(rules())
    with pytest.raises(IllegalActionError, match="seat 1 may not bid 5: the highest bid is 4"):
        g.apply("bid 5")


def test_dealer_must_bid_when_all_pass() -> None:
    g = start(rules())
    play(g, "pass", "pass", "pass")
    assert PASS not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="seat 4 \\(dealer\\) may not pass"):
        g.apply("pass")


def test_dealer_forced_bid_is_the_least_the_dealer_may_bid() -> None:
    g = start(rules(auction={"dealer_forced_bid": 3}))
    play(g, "pass", "pass", "pass")
    assert g.legal_actions() == [bid_action(3), bid_action(4)]
    play(g, "bid 3")
    assert (g.pitcher, g.bid) == (3, 3)


def test_all_pass_redeal_by_the_next_dealer() -> None:
    g = start(rules(auction={"when_all_pass": "redeal"}))
    play(g, "pass", "pass", "pass", "pass")
    assert g.phase is Phase.DEAL and g.dealer == 0
    assert g.hand_results[-1].thrown_in
    assert g.scores == [0, 0, 0, 0]


def test_dealer_may_steal_by_equalling_the_high_bid() -> None:
    g = start(rules())
    play(g, "bid 2", "pass", "pass", "bid 2")
    assert (g.pitcher, g.bid) == (3, 2)


def test_non_dealer_may_not_equal_the_high_bid() -> None:
    g = start(rules())
    play(g, "bid 2")
    assert bid_action(2) not in g.legal_actions()


def test_dealer_may_not_steal_a_four() -> None:
    g = start(rules())
    play(g, "bid 4", "pass", "pass")
    assert g.legal_actions() == [PASS]
    with pytest.raises(IllegalActionError, match="seat 4 \\(dealer\\) may not steal a 4"):
        g.apply("bid 4")


def test_dealer_may_steal_a_max_bid_when_allowed() -> None:
    g = start(rules(auction={"dealer_may_steal_max": True}))
    play(g, "bid 4", "pass", "pass", "bid 4")
    assert (g.pitcher, g.bid) == (3, 4)


def test_dealer_may_not_steal_when_stealing_is_off() -> None:
    g = start(rules(auction={"dealer_may_steal": False}))
    play(g, "bid 2", "pass", "pass")
    with pytest.raises(IllegalActionError, match="may not steal"):
        g.apply("bid 2")
    play(g, "bid 3")
    assert g.pitcher == 3


# --------------------------------------------------------------------------- pitching


def test_pitched_card_is_the_opening_lead() -> None:
    g = start(rules(auction={"pitch_to_bid": True}))
    play(g, "play AS")
    assert g.phase is Phase.PLAY
    assert (g.pitcher, g.bid, g.trump) == (0, 4, 0)
    assert g.observation(1).trick == ((0, parse_card("AS")),)
    assert g.to_act == 1
    assert [e.action for e in g.events if e.kind == "action"] == [parse_card("AS")]


def test_pitch_ends_the_auction() -> None:
    g = start(rules(auction={"pitch_to_bid": True, "dealer_may_steal_max": True}))
    play(g, "pass", "play 4D")
    assert g.phase is Phase.PLAY and g.pitcher == 1  # the dealer never gets to steal


def test_pitch_is_illegal_without_pitch_to_bid() -> None:
    g = start(rules())
    with pytest.raises(IllegalActionError, match="may not play AS during the auction"):
        g.apply("play AS")


def test_pitch_after_a_max_bid_is_illegal() -> None:
    g = start(rules(auction={"pitch_to_bid": True}))
    play(g, "bid 4")
    with pytest.raises(IllegalActionError, match="may not pitch 3S"):
        g.apply("play 3S")


# --------------------------------------------------------------------------- until one left


def test_until_one_left_goes_round_again() -> None:
    g = start(rules(auction={"style": "until_one_left", "min_bid": 2}))
    play(g, "bid 2", "bid 3", "pass", "pass")
    assert g.phase is Phase.AUCTION and g.to_act == 0
    play(g, "bid 4")
    assert g.to_act == 1
    play(g, "pass")
    assert (g.phase, g.pitcher, g.bid) == (Phase.PLAY, 0, 4)


def test_passed_player_is_out() -> None:
    g = start(rules(auction={"style": "until_one_left", "dealer_may_steal": False}))
    play(g, "bid 1", "pass", "bid 2", "bid 3")
    assert g.to_act == 0  # seat 1 passed and is skipped from now on
    play(g, "bid 4")
    assert g.to_act == 2


def test_until_one_left_dealer_must_bid_when_all_pass() -> None:
    g = start(rules(auction={"style": "until_one_left"}))
    play(g, "pass", "pass", "pass")
    assert g.to_act == 3 and PASS not in g.legal_actions()


# --------------------------------------------------------------------------- moon


def test_moon_ends_the_auction() -> None:
    g = start(rules(moon={"allowed": True}, auction={"style": "until_one_left"}))
    play(g, "bid 2", "bid moon")
    assert g.phase is Phase.PLAY and g.pitcher == 1 and g.moon
    assert g.observation(0).bid == "moon"


def test_moon_cannot_be_stolen() -> None:
    g = start(rules(moon={"allowed": True}, auction={"dealer_may_steal_max": True}))
    play(g, "pass", "pass", "bid moon")
    assert g.phase is Phase.PLAY and g.pitcher == 2  # the dealer never bid


def test_moon_is_illegal_when_not_allowed() -> None:
    g = start(rules())
    assert MOON not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="no moon"):
        g.apply("bid moon")


# --------------------------------------------------------------------------- trump, none


def test_pitcher_names_trump() -> None:
    g = start(rules(trump={"chosen_by": "pitcher_names"}))
    play(g, "pass", "bid 2", "pass", "pass")
    assert g.phase is Phase.TRUMP and g.to_act == 1
    play(g, "trump H")
    assert g.trump == 1 and g.phase is Phase.PLAY and g.to_act == 1


def test_trump_phase_needs_a_suit() -> None:
    g = start(rules(trump={"chosen_by": "pitcher_names"}))
    play(g, "pass", "bid 2", "pass", "pass")
    with pytest.raises(IllegalActionError, match="seat 2 must name trump"):
        g.apply("play 3S")


def test_no_auction_has_no_pitcher() -> None:
    g = start(rules(auction={"style": "none"}, play={"first_leader": "left_of_dealer"}))
    assert g.phase is Phase.PLAY and g.pitcher is None and g.to_act == 0


# --------------------------------------------------------------------------- scoring hook


def test_pitcher_who_makes_the_bid_scores_the_points_won() -> None:
    r = rules(deal={"cards_per_hand": 1}, scoring={"target": 21})
    g = start(r, "AS", "3S", "9H", "KH")
    play(g, "bid 2", "pass", "pass", "pass", "play AS", "play 3S", "play 9H", "play KH")
    result = g.hand_results[-1]
    # AS high, 3S low, game: seat 0 captured A(4) K(3) = 7 game points
    assert result.points == {"high": (0,), "low": (0,), "jack": (), "game": (0,)}
    assert result.made and result.score_changes == (3, 0, 0, 0)


def test_pitcher_who_is_set_loses_the_bid() -> None:
    r = rules(deal={"cards_per_hand": 1}, scoring={"target": 21})
    g = start(r, "3S", "AS", "9H", "KH")
    play(g, "bid 2", "pass", "pass", "pass", "play 3S", "play AS", "play 9H", "play KH")
    assert g.hand_results[-1].made is False
    assert g.scores == [-2, 3, 0, 0]


def test_game_ends_when_the_pitcher_reaches_the_target() -> None:
    r = rules(deal={"cards_per_hand": 1}, scoring={"target": 3})
    g = start(r, "AS", "3S", "9H", "KH")
    play(g, "bid 2", "pass", "pass", "pass", "play AS", "play 3S", "play 9H", "play KH")
    assert g.phase is Phase.OVER and g.outcome is not None and g.outcome.winners == (0,)
    assert g.legal_actions() == [] and g.to_act is None


# --------------------------------------------------------------------------- partnerships


def test_partners_share_a_score() -> None:
    r = rules(deal={"cards_per_hand": 1}, players={"partnerships": "2x2"},
              scoring={"target": 21})
    g = start(r, "AS", "3S", "9H", "KH")
    assert g.team_of == (0, 1, 0, 1)
    play(g, "bid 2", "pass", "pass", "pass", "play AS", "play 3S", "play 9H", "play KH")
    assert g.scores[0] == g.scores[2] and g.scores[1] == g.scores[3]
    assert g.scores[0] == 3


# --------------------------------------------------------------------------- stages


def staged(**extra: Any) -> Rules:
    return rules(players={"count": 2}, auction={"style": "none"},
                 deal={"cards_per_hand": 4, "packet_size": 1},
                 trump={"chosen_by": "turned_card", "shown_card": "out_of_play"},
                 play={"first_leader": "left_of_dealer", "stages": [2, 1],
                       "following": "must_follow_then_trump"},
                 scoring={"method": "combinations", "target": None, "hands": 1}, **extra)


def test_every_seat_chooses_its_stage_cards_in_turn() -> None:
    g = start(staged(), "AS KS 2D 3D", "QS JS 4H 5H", dealer=1, turned="7D")
    assert g.phase is Phase.SELECT and g.to_act == 0 and g.select_count == 2
    assert g.legal_actions() == cards("KS AS 2D 3D")
    play(g, "select AS 2D")
    assert g.phase is Phase.SELECT and g.to_act == 1
    play(g, "select QS 4H")
    assert g.phase is Phase.PLAY and g.to_act == 0
    assert g.observation(0).hand == (1 << parse_card("AS")) | (1 << parse_card("2D"))


def test_stage_selection_must_have_the_stage_size() -> None:
    g = start(staged(), "AS KS 2D 3D", "QS JS 4H 5H", dealer=1, turned="7D")
    with pytest.raises(IllegalActionError, match="seat 1 must choose 2 cards for stage 1, not 3"):
        g.apply("select AS KS 2D")


def test_stage_selection_only_from_unplayed_cards() -> None:
    g = start(staged(), "AS KS 2D 3D", "QS JS 4H 5H", dealer=1, turned="7D")
    with pytest.raises(IllegalActionError, match="seat 1 cannot choose QS"):
        g.apply(select_action(cards("AS QS")))


def test_only_chosen_cards_are_played_in_a_stage() -> None:
    g = start(staged(), "AS KS 2D 3D", "QS JS 4H 5H", dealer=1, turned="7D")
    play(g, "select AS 2D", "select QS 4H")
    with pytest.raises(IllegalActionError, match="seat 1 did not choose KS for this stage"):
        g.apply("play KS")


def test_trick_winner_leads_into_the_next_stage() -> None:
    g = start(staged(), "AS KS 2D 3D", "QS JS 4H 5H", dealer=1, turned="7D")
    play(g, "select AS 2D", "select QS 4H")
    play(g, "play 2D", "play 4H")  # 2D is a trump: seat 0 wins
    play(g, "play AS", "play QS")  # seat 0 wins again
    assert g.phase is Phase.SELECT and g.stage == 1 and g.select_count == 1
    assert g.to_act == 0
    play(g, "select 3D", "select 5H", "play 3D", "play 5H")
    assert g.phase is Phase.OVER


def test_cards_never_chosen_take_no_part() -> None:
    g = start(staged(), "AS KS 2D 3D", "QS JS 4H 5H", dealer=1, turned="7D")
    play(g, "select AS 2D", "select QS 4H", "play 2D", "play 4H", "play AS", "play QS")
    play(g, "select 3D", "select 5H", "play 3D", "play 5H")
    assert g.captured[0] == sum(1 << c for c in cards("AS 2D QS 4H 3D 5H"))
    assert g.captured[1] == 0
    assert g.reserve == [1 << parse_card("KS"), 1 << parse_card("JS")]


def test_stage_leader_is_left_of_dealer_in_the_first_stage() -> None:
    g = start(staged(), "AS KS 2D 3D", "QS JS 4H 5H", dealer=0, turned="7D")
    assert g.to_act == 1


# --------------------------------------------------------------------------- money table


def money(**extra: Any) -> Rules:
    return rules(deal={"cards_per_hand": 1}, money={"enabled": True},
                 scoring={"target": None, "win_only_as_pitcher": False}, **extra)


def test_players_leave_between_hands_and_the_deal_passes_to_the_next_remaining() -> None:
    g = start(money(), "AS", "3S", "9H", "KH", dealer=3)
    play(g, "bid 2", "pass", "pass", "pass", "play AS", "play 3S", "play 9H", "play KH")
    assert g.dealer == 0
    g.leave([0])
    assert g.n == 3 and g.players == [1, 2, 3]
    assert g.dealer == 0  # player 1, the next remaining player after player 0
    settled = g.settlement()
    assert settled is not None and sum(settled.values()) == 0 and settled[0] > 0


def test_players_join_between_hands() -> None:
    g = start(money(), "AS", "3S", "9H", "KH", dealer=3)
    play(g, "bid 2", "pass", "pass", "pass", "play AS", "play 3S", "play 9H", "play KH")
    g.join(2)
    assert g.n == 6 and g.players == [0, 1, 2, 3, 4, 5]
    assert g.scores[4:] == [0, 0]
    g.deal_random()
    assert [d.bit_count() for d in g.dealt] == [1] * 6


def test_leaving_is_only_between_hands_of_money_games() -> None:
    g = start(rules())
    with pytest.raises(IllegalActionError, match="only in money games"):
        g.leave([0])
    g2 = start(money(), "AS", "3S", "9H", "KH")
    with pytest.raises(IllegalActionError, match="only between hands"):
        g2.leave([0])


def test_observation_never_shows_another_seats_cards() -> None:
    one = start(rules(), "AS 2D", "3S 4D", "9S 5D", "KH 6D")
    other = start(rules(), "9S 5D", "3S 4D", "AS 2D", "KH 6D")  # seats 0 and 2 swapped
    play(one, "bid 2")
    play(other, "bid 2")
    assert one.observation(1) == other.observation(1)
    assert one.observation(0) != other.observation(0)


def test_events_carry_the_trick_winner_and_the_hand_result() -> None:
    r = rules(deal={"cards_per_hand": 1}, scoring={"target": 21})
    g = start(r, "AS", "3S", "9H", "KH")
    play(g, "bid 2", "pass", "pass", "pass", "play AS", "play 3S", "play 9H")
    event = g.apply("play KH")
    assert event.trick_winner == 0
    assert event.hand_result is g.hand_results[-1]
    assert [e.kind for e in g.events] == ["deal"] + ["action"] * 8


def test_a_tie_after_the_last_hand_is_a_draw_and_replay_asks_for_a_new_game() -> None:
    r = rules(players={"count": 2}, deal={"cards_per_hand": 1}, auction={"style": "none"},
              play={"first_leader": "left_of_dealer"},
              points={"items": []},
              scoring={"target": None, "hands": 1, "tie": "replay"})
    g = start(r, "AS", "KS", dealer=1)
    play(g, "play AS", "play KS")
    assert g.outcome is not None
    assert g.outcome.draw and g.outcome.replay and g.outcome.winners == ()


@pytest.mark.setting("auction.dealer_forced_bid_exact")
def test_forced_dealer_bids_exactly_the_forced_bid_when_exact() -> None:
    import dataclasses
    import random as _random

    from pitchkit.engine import Game, action_text
    from pitchkit.load import load_variant

    for exact, expected in ((True, ["bid 2"]), (False, ["bid 2", "bid 3", "bid 4", "bid moon"])):
        rules = load_variant("money-pitch")
        rules = dataclasses.replace(
            rules, auction=dataclasses.replace(rules.auction, dealer_forced_bid_exact=exact))
        game = Game(rules, _random.Random(3), dealer=0)
        game.deal_random()
        for _ in range(3):
            game.apply("pass")
        assert game.to_act == 0
        assert [action_text(a) for a in game.legal_actions()] == expected


# --------------------------------------------------------------------------- everyone passes


def _all_pass(when: str) -> Game:
    r = rules_from_mapping({"auction": {"when_all_pass": when, "dealer_forced_bid": 2},
            "scoring": {"target": 7}, "deal": {"cards_per_hand": 1}})
    g = Game(r, random.Random(0), dealer=3)
    g.deal_cards([[c] for c in (0, 1, 2, 3)])
    for _ in range(4):
        g.apply("pass")
    return g


def test_when_all_pass_redeal_passes_the_deal() -> None:
    g = _all_pass("redeal")
    assert g.phase is Phase.DEAL and g.dealer == 0 and g.scores == [0, 0, 0, 0]


def test_when_all_pass_same_dealer_redeals() -> None:
    g = _all_pass("same_dealer_redeals")
    assert g.phase is Phase.DEAL and g.dealer == 3 and g.scores == [0, 0, 0, 0]
    assert g.hand_results[-1].thrown_in


def test_when_all_pass_dealer_set_without_play() -> None:
    g = _all_pass("dealer_set")
    assert g.phase is Phase.DEAL and g.dealer == 0
    assert g.scores == [0, 0, 0, -2]
    assert g.hand_results[-1].score_changes == (0, 0, 0, -2)


def test_an_action_of_another_phase_during_the_auction_is_named() -> None:
    import random

    from pitchkit.engine import Game
    from pitchkit.errors import IllegalActionError
    from pitchkit.load import load_variant

    game = Game(load_variant("auction-pitch"), random.Random(1))
    game.deal_random()
    with pytest.raises(IllegalActionError, match="may not trump S during the auction"):
        game.apply("trump S")
