"""One test per rule clause of trick play, on small hand-made deals.

Deals are written per seat as ``"AS KS 2H"``; seat 0 is left of dealer 3 unless a test
says otherwise.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from play_helpers import no_auction, start

from pitchkit.cards import JOKER_MASK, mask_of, parse_card
from pitchkit.dealing import deal_seats
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.tricks import (
    ANY_CARD,
    FOLLOW_OR_TRUMP,
    MUST_FOLLOW,
    MUST_FOLLOW_THEN_TRUMP,
    legal_follows,
    legal_leads,
    trick_winner,
    trump_tables,
)
from pitchkit.variant import Rules, rules_from_mapping

S, H, D, C = 0, 1, 2, 3


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def rules(**sections: Any) -> Rules:
    return rules_from_mapping(sections)


def play(game: Game, *actions: str) -> None:
    for action in actions:
        game.apply(action)


# --------------------------------------------------------------------------- tables


def test_trump_order_is_ace_king_queen_jack_offjack_jokers_ten_down() -> None:
    t = trump_tables(S, True, 2)
    order = sorted((c for c in range(54) if t.trumps >> c & 1), key=lambda c: -t.power[c])
    assert order == cards("AS KS QS JS JC BJ LJ TS 9S 8S 7S 6S 5S 4S 3S 2S")


def test_off_jack_is_trump_with_jick() -> None:
    t = trump_tables(H, True, 0)
    assert t.effective_suit[parse_card("JD")] == H
    assert t.trumps >> parse_card("JD") & 1
    assert not t.suit_masks[D] >> parse_card("JD") & 1


def test_off_jack_is_plain_without_jick() -> None:
    t = trump_tables(H, False, 0)
    assert t.effective_suit[parse_card("JD")] == D


def test_jokers_are_trumps() -> None:
    t = trump_tables(C, False, 2)
    assert t.trumps & JOKER_MASK == JOKER_MASK
    assert t.effective_suit[52] == C and t.effective_suit[53] == C


# --------------------------------------------------------------------------- following


def test_follow_or_trump_allows_trumping_when_able_to_follow() -> None:
    t = trump_tables(S, False, 0)
    legal = legal_follows(mask("2H 3S 4D"), H, t, FOLLOW_OR_TRUMP)
    assert legal == mask("2H 3S")


def test_follow_or_trump_void_player_plays_anything() -> None:
    t = trump_tables(S, False, 0)
    assert legal_follows(mask("3S 4D 5C"), H, t, FOLLOW_OR_TRUMP) == mask("3S 4D 5C")


def test_must_follow_forbids_trumping_when_able_to_follow() -> None:
    t = trump_tables(S, False, 0)
    assert legal_follows(mask("2H 3S 4D"), H, t, MUST_FOLLOW) == mask("2H")


def test_must_follow_void_player_plays_anything() -> None:
    t = trump_tables(S, False, 0)
    assert legal_follows(mask("3S 4D"), H, t, MUST_FOLLOW) == mask("3S 4D")


def test_must_follow_then_trump_when_void() -> None:
    t = trump_tables(S, False, 0)
    assert legal_follows(mask("3S 4D 5C"), H, t, MUST_FOLLOW_THEN_TRUMP) == mask("3S")


def test_must_follow_then_trump_follows_when_able() -> None:
    t = trump_tables(S, False, 0)
    assert legal_follows(mask("2H 3S 4D"), H, t, MUST_FOLLOW_THEN_TRUMP) == mask("2H")


def test_must_follow_then_trump_without_trumps_plays_anything() -> None:
    t = trump_tables(S, False, 0)
    assert legal_follows(mask("4D 5C"), H, t, MUST_FOLLOW_THEN_TRUMP) == mask("4D 5C")


def test_any_card_has_no_obligation() -> None:
    t = trump_tables(S, False, 0)
    assert legal_follows(mask("2H 3S 4D"), H, t, ANY_CARD) == mask("2H 3S 4D")


def test_off_jack_follows_trump_not_its_own_suit() -> None:
    t = trump_tables(S, True, 0)
    # clubs led: the jack of clubs is a spade (trump) now, so it does not follow clubs
    assert legal_follows(mask("JC 4D"), C, t, MUST_FOLLOW) == mask("JC 4D")
    assert legal_follows(mask("JC 4D"), S, t, MUST_FOLLOW) == mask("JC")


def test_joker_may_not_lead_to_set_trump() -> None:
    assert legal_leads(mask("BJ 4D"), None) == mask("4D")


def test_first_lead_must_be_trump_when_held() -> None:
    t = trump_tables(D, False, 0)
    assert legal_leads(mask("AS 4D"), t, must_be_trump=True) == mask("4D")
    assert legal_leads(mask("AS 4C"), t, must_be_trump=True) == mask("AS 4C")


# --------------------------------------------------------------------------- trick winner


def test_highest_trump_wins() -> None:
    t = trump_tables(S, False, 0)
    assert trick_winner(cards("AH 2S KH 3S"), t, False) == 3


def test_highest_of_suit_led_wins_without_trumps() -> None:
    t = trump_tables(S, False, 0)
    assert trick_winner(cards("9H AD KH 3C"), t, False) == 2


def test_suit_led_wins_even_against_trump() -> None:
    t = trump_tables(S, False, 0)
    assert trick_winner(cards("9H AS KH 3S"), t, True) == 2


def test_trump_wins_under_suit_led_when_trumps_are_led() -> None:
    t = trump_tables(S, False, 0)
    assert trick_winner(cards("2S AH KS 3S"), t, True) == 2


def test_jick_beats_joker_and_ten() -> None:
    t = trump_tables(S, True, 1)
    assert trick_winner(cards("TS BJ JC 9S"), t, False) == 2


# --------------------------------------------------------------------------- engine play


def test_illegal_play_names_seat_and_reason() -> None:
    g = start(no_auction(deal={"cards_per_hand": 2}), "AS 2D", "3S 4D", "9S 5D", "KH 6D")
    play(g, "play AS", "play 3S")
    with pytest.raises(IllegalActionError, match=r"^seat 3 must follow spades or trump: holds 9S$"):
        g.apply("play 5D")


def test_must_follow_reason_names_the_suit() -> None:
    r = no_auction(deal={"cards_per_hand": 2}, play={"following": "must_follow"})
    g = start(r, "AS 2D", "3S 4D", "9S 5D", "KH 6D")
    play(g, "play AS", "play 3S")
    with pytest.raises(IllegalActionError, match=r"^seat 3 must follow spades: holds 9S$"):
        g.apply("play 5D")


def test_playing_a_card_not_held_is_illegal() -> None:
    g = start(no_auction(deal={"cards_per_hand": 2}), "AS 2D", "3S 4D", "9S 5D", "KH 6D")
    with pytest.raises(IllegalActionError, match="seat 1 does not hold KH"):
        g.apply("play KH")


def test_first_lead_sets_trump() -> None:
    g = start(no_auction(deal={"cards_per_hand": 2}), "2D AS", "3S 4D", "9S 5D", "KH 6D")
    play(g, "play 2D")
    assert g.trump == D


def test_trick_winner_leads_next() -> None:
    g = start(no_auction(deal={"cards_per_hand": 2}), "2D AS", "3S 4D", "9S 5D", "KH 6D")
    play(g, "play 2D", "play 4D", "play 5D", "play 6D")
    assert g.to_act == 3
    assert g.tricks_won == [0, 0, 0, 1]


def test_first_leader_left_of_dealer() -> None:
    g = start(no_auction(deal={"cards_per_hand": 1}), "2D", "3S", "9S", "KH", dealer=1)
    assert g.phase is Phase.PLAY and g.to_act == 2


def test_direction_right_plays_to_the_previous_seat() -> None:
    r = no_auction(deal={"cards_per_hand": 1, "direction": "right"})
    g = start(r, "2D", "3D", "9D", "KD", dealer=1)
    assert g.to_act == 0  # right of dealer 1
    play(g, "play 2D")
    assert g.to_act == 3


def test_suit_led_trick_winner_in_the_engine() -> None:
    r = no_auction(deal={"cards_per_hand": 1}, play={"trick_winner": "suit_led"},
                   trump={"chosen_by": "turned_card", "shown_card": "out_of_play"})
    g = start(r, "9H", "AS", "KH", "3S", turned="2S")
    play(g, "play 9H", "play AS", "play KH", "play 3S")
    assert g.hand_results[-1].tricks_won == (0, 0, 1, 0)


def test_joker_lead_cannot_set_trump_in_the_engine() -> None:
    r = no_auction(deal={"cards_per_hand": 2}, deck={"jokers": 1})
    g = start(r, "BJ 2D", "3S 4D", "9S 5D", "KH 6D")
    with pytest.raises(IllegalActionError, match="seat 1 may not lead a joker to set trump"):
        g.apply("play BJ")
    assert g.legal_actions() == cards("2D")


def test_first_lead_must_be_trump_in_the_engine() -> None:
    r = no_auction(deal={"cards_per_hand": 3}, play={"first_lead_must_be_trump": True},
                   trump={"chosen_by": "turned_card", "shown_card": "out_of_play"})
    g = start(r, "AS 2D 3C", "3S 4D 5C", "9S 5D 6C", "KH 6D 8D", turned="7D")
    with pytest.raises(IllegalActionError, match="seat 1 must lead a trump"):
        g.apply("play AS")
    play(g, "play 2D", "play 4D", "play 5D", "play 6D")
    assert g.to_act == 3
    assert parse_card("KH") in g.legal_actions()  # only the first lead must be a trump


def test_turned_card_sets_trump() -> None:
    r = no_auction(deal={"cards_per_hand": 1}, trump={"chosen_by": "turned_card"})
    g = start(r, "2D", "3S", "9S", "KH", turned="7C")
    assert g.trump == C


def test_turned_card_out_of_play_cannot_be_dealt() -> None:
    r = no_auction(deal={"cards_per_hand": 1},
                   trump={"chosen_by": "turned_card", "shown_card": "out_of_play"})
    g = Game(r, random.Random(0), dealer=3)
    with pytest.raises(IllegalActionError, match="out of play but is dealt"):
        g.deal_cards([cards("7C"), cards("3S"), cards("9S"), cards("KH")], parse_card("7C"))


def test_turned_card_returned_is_dealt_like_any_other() -> None:
    r = no_auction(deal={"cards_per_hand": "all", "packet_size": 1},
                   trump={"chosen_by": "turned_card", "shown_card": "returned"},
                   players={"count": 2})
    g = Game(r, random.Random(5), dealer=1)
    g.deal_random()
    assert g.turned is not None
    dealt = g.dealt[0] | g.dealt[1]
    assert dealt == (1 << 52) - 1 and dealt >> g.turned & 1


def test_turned_card_out_of_play_is_set_aside() -> None:
    r = no_auction(deal={"cards_per_hand": "all", "packet_size": 1},
                   trump={"chosen_by": "turned_card", "shown_card": "out_of_play"},
                   players={"count": 3})
    g = Game(r, random.Random(5), dealer=1)
    g.deal_random()
    assert g.turned is not None
    dealt = g.dealt[0] | g.dealt[1] | g.dealt[2]
    assert not dealt >> g.turned & 1
    assert [d.bit_count() for d in g.dealt] == [17, 17, 17]


def test_cards_per_hand_all_deals_the_deck_evenly() -> None:
    r = no_auction(deal={"cards_per_hand": "all"}, players={"count": 3})
    g = Game(r, random.Random(1), dealer=0)
    g.deal_random()
    assert [d.bit_count() for d in g.dealt] == [17, 17, 17]


def test_packet_size_deals_three_at_a_time_from_left_of_dealer() -> None:
    g = Game(rules(), random.Random(0), dealer=0)
    assert deal_seats(g.plan, g.dealer) == (1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0) * 2


def test_packet_size_last_packet_may_be_smaller() -> None:
    r = rules(deal={"cards_per_hand": 5, "packet_size": 3}, players={"count": 2})
    g = Game(r, random.Random(0), dealer=1)
    assert deal_seats(g.plan, g.dealer) == (0, 0, 0, 1, 1, 1, 0, 0, 1, 1)


def test_first_dealer_setting() -> None:
    g = Game(rules(deal={"first_dealer": 2}), random.Random(0))
    assert g.dealer == 2


def test_first_dealer_random_comes_from_the_games_generator() -> None:
    dealers = {Game(rules(), random.Random(seed)).dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}
    assert Game(rules(), random.Random(7)).dealer == Game(rules(), random.Random(7)).dealer


def test_dealer_passes_to_the_left_after_a_hand() -> None:
    g = start(no_auction(deal={"cards_per_hand": 1}), "2D", "3D", "9D", "KD", dealer=3)
    play(g, "play 2D", "play 3D", "play 9D", "play KD")
    assert g.phase is Phase.DEAL and g.dealer == 0


def test_a_hand_of_only_jokers_leads_one_and_the_next_plain_card_sets_trump() -> None:
    r = no_auction(deal={"cards_per_hand": 1}, deck={"jokers": 2}, players={"count": 2})
    g = start(r, "LJ", "5H", dealer=1)
    assert g.legal_actions() == [53]
    play(g, "play LJ")
    assert g.trump is None and g.legal_actions() == cards("5H")
    play(g, "play 5H")
    assert g.hand_results[-1].trump == H
    assert g.hand_results[-1].tricks_won == (1, 0)  # the joker is a trump above the 5


def test_a_trick_of_jokers_goes_to_the_big_joker() -> None:
    r = no_auction(deal={"cards_per_hand": 1}, deck={"jokers": 2}, players={"count": 2})
    g = start(r, "LJ", "BJ", dealer=1)
    play(g, "play LJ", "play BJ")
    assert g.hand_results[-1].tricks_won == (0, 1)
    assert g.hand_results[-1].trump is None


def test_void_player_who_must_trump_is_told_so() -> None:
    r = no_auction(deal={"cards_per_hand": 2}, play={"following": "must_follow_then_trump"},
                   trump={"chosen_by": "turned_card", "shown_card": "out_of_play"})
    g = start(r, "AH 2D", "3S 4D", "9S 5D", "KH 6D", turned="7S")
    play(g, "play AH")
    with pytest.raises(IllegalActionError,
                       match=r"^seat 2 cannot follow hearts and must trump: holds 3S$"):
        g.apply("play 4D")
