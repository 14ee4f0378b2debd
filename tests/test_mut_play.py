"""The play (pitchkit.play), clause by clause: the clauses mutate.py showed no test
pinned. Seat 0 is left of dealer 3 and leads; the first card led sets trump."""

from __future__ import annotations

from typing import Any

import pytest
from play_helpers import tricks
from test_call import PITCHER, at_the_call
from test_rules_play import cards, mask, no_auction, play, start

from pitchkit.actions import select_action
from pitchkit.errors import IllegalActionError
from pitchkit.plan import rules_plan
from pitchkit.play import PlayState, legal_mask

JOKER = {"jokers": 1}


def test_a_joker_led_blind_leaves_the_next_seat_free_under_must_follow_then_trump() -> None:
    # rule: a joker led before trump is known gives the trick no suit: nobody can follow,
    # and no card is a trump yet, so the next seat may play any card it holds
    r = no_auction(deal={"cards_per_hand": 2}, deck={"jokers": 2},
                   play={"following": "must_follow_then_trump"})
    g = start(r, "BJ LJ", "2S 3H", "9S 5D", "KH 6D")  # seat 0 holds only jokers
    play(g, "play BJ")
    assert g.to_act == 1 and g.trump is None
    assert sorted(g.legal_actions()) == sorted(cards("2S 3H"))


def test_a_play_record_copies_before_trump_is_known() -> None:
    # the search bots copy the record at the first lead, while trump is still unknown
    plan = rules_plan(no_auction(deck=JOKER), 4)
    state = PlayState(plan)
    other = state.copy()
    assert other.snapshot() == state.snapshot()


def test_a_copy_of_the_play_record_has_lists_of_its_own() -> None:
    # a bot plays on a copy: the game's own record must not change with it
    plan = rules_plan(no_auction(), 4)
    state = PlayState(plan)
    other = state.copy()
    other.trick.append(5)
    other.tricks.append((0, (5,), 0))
    other.captured[0] |= 1 << 5
    other.tricks_won[0] += 1
    other.trick_nexts.append((1, 2, 3, 0))
    assert state.snapshot() == PlayState(plan).snapshot()
    # and the snapshot sees the copy's changes (the comparison above is not vacuous)
    assert ("captured", [1 << 5, 0, 0, 0]) in other.snapshot()


def test_the_legal_cards_after_a_lead_follow_the_following_rule() -> None:
    # follow_or_trump: a seat able to follow the spade led (trump) must
    r = no_auction(deal={"cards_per_hand": 2})
    g = start(r, "2S 3H", "4S 5H", "6D 7D", "8C 9C")
    play(g, "play 2S")
    assert legal_mask(g.plan, g._play_state, mask("4S 5H")) == mask("4S")
    assert legal_mask(g.plan, g._play_state, mask("6D 7D")) == mask("6D 7D")


ONE_TRUMP_LEAD: dict[str, dict[str, Any]] = {
    "trump": {"chosen_by": "turned_card", "shown_card": "out_of_play"},
    "play": {"first_lead_must_be_trump": True}}


def test_a_lead_that_must_be_a_trump_is_refused_naming_the_trumps_held() -> None:
    r = no_auction(deal={"cards_per_hand": 2}, **ONE_TRUMP_LEAD)
    g = start(r, "2S 3H", "4S 5H", "6D 7D", "8C 9C", turned="7S")
    with pytest.raises(IllegalActionError, match=r"must lead a trump \(spades\): holds 2S$"):
        g.apply("play 3H")


def test_an_action_that_is_no_card_is_refused_by_its_number() -> None:
    r = no_auction(deal={"cards_per_hand": 2})
    g = start(r, "2S 3H", "4S 5H", "6D 7D", "8C 9C")
    with pytest.raises(IllegalActionError, match=r"must play a card now, not 1000000$"):
        g.apply(10**6)


def test_a_pitched_joker_that_makes_spades_trump_is_followed_with_spades() -> None:
    # trump.pitched_joker makes_spades: the joker led is a spade, the suit led, so a seat
    # holding a spade must play it (follow_or_trump)
    r = no_auction(deal={"cards_per_hand": 2}, deck=JOKER,
                   trump={"pitched_joker": "makes_spades"})
    g = start(r, "BJ 2D", "3S 4D", "9S 5D", "KH 6D")
    play(g, "play BJ")
    assert g.legal_actions() == cards("3S")


def test_only_the_first_lead_must_be_a_trump_also_when_jokers_are_never_led() -> None:
    # rule: "the pitcher's first lead must be a trump" (play.first_lead_must_be_trump):
    # the first lead only. With play.never_lead_joker the next leads are worked out by
    # the lead rule again (not the whole hand): the winner of the first trick, holding a
    # trump and a heart, may lead either
    r = no_auction(deal={"cards_per_hand": 3}, deck=JOKER, trump=ONE_TRUMP_LEAD["trump"],
                   play={**ONE_TRUMP_LEAD["play"], "never_lead_joker": True})
    g = start(r, "2S 3H 4H", "AS KS 5H", "6D 7D 8D", "8C 9C TC", turned="7S")
    assert g.legal_actions() == cards("2S")  # the first lead: a trump
    play(g, "play 2S", "play AS", "play 6D", "play 8C")
    assert g.to_act == 1
    assert sorted(g.legal_actions()) == sorted(cards("KS 5H"))


def test_play_without_stages_is_stage_0_choosing_no_cards() -> None:
    # the observation's stage counts from 0 (staged play, play.stages); a hand without
    # stages is played in stage 0 throughout, and no seat is asked to choose cards
    r = no_auction(deal={"cards_per_hand": 2})
    g = start(r, "2S 3H", "4S 5H", "6D 7D", "8C 9C")
    for trick in ("2S 4S 6D 8C", "5H 7D 9C 3H"):  # seat 1 wins the first with 4S
        assert g.stage == 0 and g.select_count == 0
        seen = g.observation(g.to_act)  # type: ignore[arg-type]
        assert (seen.stage, seen.select_count) == (0, 0)
        play(g, *(f"play {card}" for card in trick.split()))


def test_a_card_not_held_is_refused_as_not_held_also_the_lowest_card() -> None:
    # the two of spades is card 0: still a card, refused for not being held
    r = no_auction(deal={"cards_per_hand": 2})
    g = start(r, "3S 3H", "4S 5H", "6D 7D", "8C 9C")
    with pytest.raises(IllegalActionError, match=r"does not hold 2S$"):
        g.apply("play 2S")


def test_after_a_joker_led_blind_every_card_may_follow_by_the_follow_rule_too() -> None:
    # legal_mask (the one definition, tricks.legal_follows) agrees with the engine's
    # faster copy: a trick led by a joker before trump is known has no suit to follow
    r = no_auction(deal={"cards_per_hand": 2}, deck={"jokers": 2},
                   play={"following": "must_follow_then_trump"})
    g = start(r, "BJ LJ", "2S 3H", "9S 5D", "KH 6D")
    play(g, "play BJ")
    assert legal_mask(g.plan, g._play_state, mask("2S 3H")) == mask("2S 3H")


def test_the_card_that_sets_trump_after_a_joker_led_blind_makes_the_trick_a_trump_trick(
        ) -> None:
    # rule: the first plain card after a joker led blind sets trump, and the joker counts
    # as a trump led: the seats after it must follow trump (follow_or_trump: a heart)
    r = no_auction(deal={"cards_per_hand": 2}, deck={"jokers": 2})
    g = start(r, "BJ LJ", "3H 4S", "5H 6D", "KD 7C")
    play(g, "play BJ", "play 3H")
    assert g.trump == 1 and g.legal_actions() == cards("5H")


def test_a_trick_of_the_two_jokers_alone_goes_to_the_big_joker() -> None:
    # trump is never set (no plain card is played): the jokers rank by themselves, the
    # big joker above the little one, whichever is led
    r = no_auction(players={"count": 2}, deal={"cards_per_hand": 1}, deck={"jokers": 2})
    g = start(r, "BJ", "LJ", dealer=1)
    assert tricks(g, "BJ LJ") == [0]


def test_the_observation_names_the_seat_of_every_card_played() -> None:
    # the trick on the table and the finished tricks, card by card with who played it,
    # also when no observation was asked for while the first trick was played
    r = no_auction(deal={"cards_per_hand": 2})
    g = start(r, "2S 3H", "4S 5H", "6D 7D", "8C 9C")
    play(g, "play 2S", "play 4S", "play 6D", "play 8C")  # seat 1 wins with 4S
    play(g, "play 5H", "play 7D")
    seen = g.observation(3)
    assert seen.played == tuple(zip((0, 1, 2, 3, 1, 2), cards("2S 4S 6D 8C 5H 7D"),
                                    strict=True))
    assert seen.trick == tuple(zip((1, 2), cards("5H 7D"), strict=True))


STAGED = {"players": {"count": 2}, "deal": {"cards_per_hand": 4, "packet_size": 1},
          "trump": {"chosen_by": "turned_card", "shown_card": "out_of_play"},
          "scoring": {"method": "combinations", "target": None, "hands": 1}}


def test_a_last_stage_of_one_card_is_played_also_when_that_card_is_card_0() -> None:
    # rule: each stage is played with the cards chosen for it (source C): after a stage
    # of 3 of the 4 cards, the stage of 1 plays the last card, here the two of spades
    r = no_auction(play={"stages": [3, 1], "following": "must_follow_then_trump"},
                   **STAGED)
    g = start(r, "AS KS QS 2S", "4H 5H 6H 3D", dealer=1, turned="7D")
    play(g, "select AS KS QS", "select 4H 5H 6H")
    assert tricks(g, "AS 4H", "KS 5H", "QS 6H") == [0, 0, 0]
    assert (g.stage, g.select_count, g.to_act) == (1, 1, 0)
    play(g, "select 2S", "select 3D")
    assert tricks(g, "2S 3D") == [1]  # the three of trumps


def test_choosing_no_cards_for_a_stage_is_refused_by_the_count() -> None:
    r = no_auction(play={"stages": [3, 1]}, **STAGED)
    g = start(r, "AS KS QS 2S", "4H 5H 6H 3D", dealer=1, turned="7D")
    with pytest.raises(IllegalActionError, match=r"must choose 3 cards for stage 1, not 0$"):
        g.apply(select_action([]))


def test_a_called_two_of_spades_is_not_played_before_the_first_lead() -> None:
    # rule: the called partner is known to all once the called card is played
    # (call.partner): card 0, the two of spades, counts as played only once it is, not
    # from the start of play (play.cards_played, which call.seen_teams reads)
    game = at_the_call()
    game.apply("call 2S")  # seat 4 holds it
    alone = game.team_of
    for seat in range(4):
        assert game.observation(seat).team_of == alone
    game.apply("play QS")
    game.apply("play 2S")
    assert game.observation(0).team_of[4] == alone[PITCHER]
