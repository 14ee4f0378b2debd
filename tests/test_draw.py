"""The draw, the kitty, trumps-only play and the auction forms, clause by clause, on
hand-made deals (issue 11)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pitchkit.actions import parse_action
from pitchkit.cards import format_cards, parse_card
from pitchkit.engine import Game, Phase, action_text
from pitchkit.errors import IllegalActionError, RecordError
from pitchkit.load import load_variant
from pitchkit.plan import rules_plan
from pitchkit.record import game_to_record, replay_record
from pitchkit.variant import rules_from_mapping
from tests.play_helpers import act, cards, tricks

#: four players, nine cards each, the pitcher names trump, then a draw back to six
DRAW: dict[str, Any] = {
    "deal": {"cards_per_hand": 9, "first_dealer": 3},
    "trump": {"chosen_by": "pitcher_names"},
    "auction": {"pitch_to_bid": False},
    "draw": {"discard": "non_trumps", "hand_size": 6},
}
HANDS = ["AS KS 2S AH KH QH JH TH 9H",   # seat 0: three spades, six hearts
         "QS JS 3D 4D 5D 6D 7D 8D 9D",
         "TS 9S 2C 3C 4C 5C 6C 7C 8C",
         "8S 7S 2D TD JD QD KD AD 9C"]


def rules(**sections: dict[str, Any]) -> Any:
    data = {key: dict(value) for key, value in DRAW.items()}
    for key, value in sections.items():
        data[key] = {**data.get(key, {}), **value}
    return rules_from_mapping(data)


def dealt(r: Any, hands: list[str] = HANDS, kitty: str = "", pack_top: str = "") -> Game:
    """A game with ``hands`` dealt; the pack is ``pack_top`` then every other card in
    order (A to 2 of spades, hearts, diamonds, clubs, jokers)."""
    game = Game(r, random.Random(0), dealer=3)
    used = set(cards(" ".join(hands) + " " + kitty + " " + pack_top))
    size = 52 + r.deck.jokers
    pack = cards(pack_top) + [c for c in range(size - 1, -1, -1) if c not in used]
    game.deal_cards([cards(h) for h in hands], kitty=cards(kitty), pack=pack)
    return game


def hand(game: Game, seat: int) -> str:
    return format_cards(game.hands[seat])


# ---------------------------------------------------------------------------- discard


def mask(text: str) -> int:
    out = 0
    for c in cards(text):
        out |= 1 << c
    return out


def test_non_trumps_each_discards_every_non_trump_and_draws_from_the_top_of_the_pack() -> None:
    game = dealt(rules(), pack_top="4H 5H 6H 7H 8H")
    act(game, "bid 2", "pass", "pass", "pass", "trump H")
    assert game.phase is Phase.DRAW and game.to_act == 0  # the dealer's left first
    choice = game.draw_choice()
    assert (choice.verb, format_cards(choice.must)) == ("discard", format_cards(mask("AS KS 2S")))
    with pytest.raises(IllegalActionError, match="must discard KS"):
        game.apply("discard AS 2S")
    with pytest.raises(IllegalActionError, match="may not discard AH"):
        game.apply("discard AS KS 2S AH")
    act(game, "discard AS KS 2S")
    assert game.hands[0] == mask("AH KH QH JH TH 9H")  # six hearts: nothing to draw
    act(game, "discard QS JS 3D 4D 5D 6D 7D 8D 9D")
    assert game.hands[1] == mask("4H 5H 6H 7H 8H AC")  # the pack's top six
    assert game.observation(1).drawn == mask("4H 5H 6H 7H 8H AC")


def test_observation_shows_drawn_cards_only_to_their_holder() -> None:
    game = dealt(rules(), pack_top="4H 5H")
    act(game, "bid 2", "pass", "pass", "pass", "trump H", "discard AS KS 2S",
        "discard QS JS 3D 4D 5D 6D 7D 8D 9D")
    assert game.observation(1).drawn != 0
    for seat in (0, 2, 3):
        seen = game.observation(seat)
        assert seen.drawn == 0 and not seen.hand & game.hands[1]
        assert seen.draw_choice is None or seat == game.to_act


def test_the_dealer_draws_last_and_play_starts_with_the_pitcher() -> None:
    game = dealt(rules())
    act(game, "pass", "pass", "bid 2", "pass", "trump H")
    order = []
    while game.phase is Phase.DRAW:
        order.append(game.to_act)
        game.apply(_forced(game))
    assert order == [0, 1, 2, 3]
    assert game.phase is Phase.PLAY and game.to_act == 2
    assert all(h.bit_count() == 6 for h in game.hands)


def _forced(game: Game) -> str:
    """The required cards, then the lowest others up to the least allowed."""
    choice = game.draw_choice()
    more = choice.least - choice.must.bit_count()
    free = cards(format_cards(choice.cards & ~choice.must))[:more]
    return " ".join([choice.verb, format_cards(choice.must), *(format_cards(1 << c) for c in free)])


def test_a_short_pack_the_last_players_keep_back_what_it_cannot_replace() -> None:
    # the pack holds 16 cards; seats 0..2 hold no hearts: 3 x 6 = 18 wanted
    hands = ["AS KS QS JS TS 9S 8S 7S 6S", "AD KD QD JD TD 9D 8D 7D 6D",
             "AC KC QC JC TC 9C 8C 7C 6C", "AH KH QH JH TH 9H 8H 7H 6H"]
    game = dealt(rules(), hands)
    act(game, "pass", "pass", "pass", "bid 2", "trump H")
    act(game, "discard " + hands[0], "discard " + hands[1])
    assert len(game._draw.pack) == 4
    choice = game.draw_choice()
    assert (choice.least, choice.most, choice.must) == (7, 7, 0)  # keep two, draw four
    act(game, "discard AC KC QC JC TC 9C 8C")
    assert game.hands[2].bit_count() == 6 and not game._draw.pack


def test_up_to_discards_at_most_count() -> None:
    game = dealt(rules(draw={"discard": "up_to", "count": 4, "hand_size": 9}))
    act(game, "bid 2", "pass", "pass", "pass", "trump H")
    with pytest.raises(IllegalActionError, match="must discard 0 to 4 cards, not 5"):
        game.apply("discard AS KS 2S AH KH")
    act(game, "discard AS KS 2S AH")
    assert game.hands[0].bit_count() == 9


def test_at_least_discards_count_or_more() -> None:
    game = dealt(rules(draw={"discard": "at_least", "count": 3, "hand_size": 9}))
    act(game, "bid 2", "pass", "pass", "pass", "trump H")
    with pytest.raises(IllegalActionError, match="must discard 3 to"):
        game.apply("discard AS KS")
    act(game, "discard AS KS 2S 9H")
    assert game.hands[0].bit_count() == 9


def test_down_to_hand_size_keeps_six_and_draws_nothing() -> None:
    game = dealt(rules(draw={"discard": "down_to_hand_size", "hand_size": 6}))
    act(game, "bid 2", "pass", "pass", "pass", "trump H")
    pack = game._draw.pack
    with pytest.raises(IllegalActionError, match="must discard 3 cards, not 2"):
        game.apply("discard AS KS")
    act(game, "discard AS KS 2S")
    assert game.hands[0] == mask("AH KH QH JH TH 9H") and game._draw.pack == pack


def test_dealer_robs_the_pack_and_keeps_any_six() -> None:
    game = dealt(rules(draw={"discard": "non_trumps", "hand_size": 6, "dealer_robs": True}),
                 pack_top="2H 3H 4H")
    act(game, "bid 2", "pass", "pass", "pass", "trump D")
    act(game, "discard AS KS 2S AH KH QH JH TH 9H", "discard QS JS 3D",
        "discard TS 9S 2C 3C 4C 5C 6C 7C 8C")
    assert game.to_act == 3
    choice = game.draw_choice()
    assert choice.verb == "keep" and choice.least == choice.most == 6
    assert choice.cards & game.hands[3] == game.hands[3]  # own hand and the pack
    with pytest.raises(IllegalActionError, match="must keep cards now"):
        game.apply("discard 8S")
    with pytest.raises(IllegalActionError, match="must keep 6 cards, not 2"):
        game.apply("keep AD KD")
    act(game, "keep AD KD QD JD TD 2D")
    assert game.hands[3] == mask("AD KD QD JD TD 2D") and game._draw.pack == ()
    assert game.phase is Phase.PLAY


def test_extra_trumps_discard_face_up_are_shown_and_out_of_play() -> None:
    game = dealt(rules())
    act(game, "pass", "bid 2", "pass", "pass", "trump D")
    act(game, "discard AS KS 2S AH KH QH JH TH 9H")
    choice = game.draw_choice()  # seat 1: seven diamonds, two spades
    assert (choice.least, format_cards(choice.must)) == (3, format_cards(mask("QS JS")))
    act(game, "discard QS JS 3D")
    assert game.hands[1] == mask("4D 5D 6D 7D 8D 9D")
    shown = game.observation(2).shown
    assert shown == ((1, mask("3D")),) and game.discarded & mask("3D")


def test_extra_trumps_show_and_keep_plays_a_larger_hand() -> None:
    r = rules(draw={"discard": "non_trumps", "hand_size": 6,
                    "extra_trumps": "show_and_keep"}, play={"trumps_only": True})
    game = dealt(r)
    act(game, "pass", "bid 2", "pass", "pass", "trump D")
    act(game, "discard AS KS 2S AH KH QH JH TH 9H")
    choice = game.draw_choice()
    assert (choice.least, choice.most) == (2, 2)
    act(game, "discard QS JS")
    assert game.hands[1] == mask("3D 4D 5D 6D 7D 8D 9D")  # seven trumps, shown, kept
    assert game.observation(0).shown == ((1, mask("3D 4D 5D 6D 7D 8D 9D")),)


# ---------------------------------------------------------------------------- kitty


@pytest.mark.parametrize(("kitty_to", "taker"), [("pitcher", 1), ("dealer", 3)])
def test_the_kitty_goes_to_its_taker_when_the_bidding_ends(kitty_to: str, taker: int) -> None:
    r = rules(deal={"kitty": 4, "kitty_to": kitty_to},
              draw={"discard": "down_to_hand_size", "hand_size": 6})
    game = dealt(r, kitty="AC KC QC JC")
    act(game, "pass", "bid 2", "pass", "pass")
    assert game.hands[taker] & mask("AC KC QC JC") == mask("AC KC QC JC")
    act(game, "trump C")
    while game.phase is Phase.DRAW:
        seat = game.to_act
        assert seat is not None
        choice = game.draw_choice()
        assert choice.least == game.hands[seat].bit_count() - 6
        keep = sorted(cards(format_cards(game.hands[seat])), reverse=True)[choice.least:]
        drop = [c for c in cards(format_cards(game.hands[seat])) if c not in keep]
        game.apply("discard " + " ".join(format_cards(1 << c) for c in drop))
    assert all(h.bit_count() == 6 for h in game.hands)


def test_give_to_partner_the_kitty_taker_gives_cards_only_the_two_of_them_see() -> None:
    r = rules(deal={"kitty": 4}, players={"partnerships": "2x2"},
              draw={"discard": "down_to_hand_size", "hand_size": 6, "give_to_partner": 2})
    game = dealt(r, kitty="AC KC QC JC")
    act(game, "pass", "bid 2", "pass", "pass", "trump C")
    # seat 1 took the kitty; its partner is seat 3, the first of its side to its left
    assert game.phase is Phase.DRAW and game.to_act == 1
    choice = game.draw_choice()
    assert (choice.verb, choice.least, choice.most) == ("give", 2, 2)
    with pytest.raises(IllegalActionError, match="must give 2 cards, not 3"):
        game.apply("give AC KC QC")
    with pytest.raises(IllegalActionError, match="may not give AH"):
        game.apply("give AH AC")
    with pytest.raises(IllegalActionError, match="must give cards now"):
        game.apply("discard AC KC")
    act(game, "give QC JC")
    assert game.hands[1].bit_count() == 11 and not game.hands[1] & mask("QC JC")
    assert game.hands[3] & mask("QC JC") == mask("QC JC")
    assert [game.observation(s).given for s in range(4)] == [
        None, (3, mask("QC JC")), None, (3, mask("QC JC"))]
    assert game.to_act == 0  # then the discards, from the dealer's left
    while game.phase is Phase.DRAW:
        game.apply(_forced(game))
    # the partner discarded its lowest: the jack and queen of trumps it was given stay
    assert all(h.bit_count() == 6 for h in game.hands)
    assert game.hands[3] & mask("QC JC") == mask("QC JC")
    record = game_to_record(game, check_rules=False)
    actions = record["hands"][0]["actions"]
    assert "give JC QC" in actions
    assert replay_record(record, rules=r).game.hands == game.hands
    # a give of another's card is refused on replay like any illegal action
    bad_hand = {**record["hands"][0],
                "actions": [a.replace("give JC QC", "give JC 2S") for a in actions]}
    with pytest.raises(RecordError, match="may not give 2S"):
        replay_record({**record, "hands": [bad_hand]}, rules=r)


# ---------------------------------------------------------------------------- trumps only


def test_trumps_only_a_player_out_of_trumps_folds_and_the_lead_passes_on() -> None:
    r = rules(play={"trumps_only": True}, draw={"discard": "down_to_hand_size",
                                               "hand_size": 9})
    hands = ["AS KS 2S AH KH QH JH TH 9H", "QS JS 3D 4D 5D 6D 7D 8D 9D",
             "TS 9S 2C 3C 4C 5C 6C 7C 8C", "8S 7S 2D TD JD QD KD AD 9C"]
    game = dealt(r, hands)
    act(game, "pass", "pass", "bid 2", "pass", "trump S")
    # hand_size 9 keeps every card: the draw asks nothing of anyone
    for _ in range(4):
        act(game, "discard")
    assert game.hands == [mask("AS KS 2S"), mask("QS JS"), mask("TS 9S"), mask("8S 7S")]
    assert game.to_act == 2  # the pitcher leads
    assert tricks(game, "9S 8S AS QS", "KS JS TS 7S") == [0, 0]
    # seats 1, 2 and 3 are out of trumps: seat 0 plays its last trump alone
    assert game.hands == [mask("2S"), 0, 0, 0] and game.to_act == 0
    event = game.apply("play 2S")
    assert event.trick_winner == 0 and game.phase is Phase.DEAL
    played = game.observation(1).played  # the trick seats as played, folded seats skipped
    assert played[-1] == (0, parse_card("2S"))


def test_trumps_only_when_the_winner_has_folded_the_next_seat_leads() -> None:
    r = rules(play={"trumps_only": True}, draw={"discard": "down_to_hand_size",
                                               "hand_size": 9})
    hands = ["AS 2S 3H 4H 5H 6H 7H 8H 9H", "KS 3S 4D 5D 6D 7D 8D 9D TD",
             "QS 4S 2C 3C 4C 5C 6C 7C 8C", "JS 5S 2D JD QD KD AD 9C TC"]
    game = dealt(r, hands)
    act(game, "pass", "pass", "pass", "bid 2", "trump S")
    for _ in range(4):
        act(game, "discard")
    assert tricks(game, "JS AS KS QS") == [0]
    assert tricks(game, "2S 3S 4S 5S") == [3]
    assert game.phase is Phase.DEAL  # every trump played


# ---------------------------------------------------------------------------- auction


def test_auction_direction_right_bids_from_the_dealers_right() -> None:
    game = dealt(rules(auction={"direction": "right", "pitch_to_bid": False}))
    assert game.to_act == 2
    act(game, "pass")
    assert game.to_act == 1


def test_may_equal_any_takes_over_an_equal_bid() -> None:
    game = dealt(rules(auction={"may_equal": "any", "pitch_to_bid": False,
                                "dealer_may_steal": False}))
    act(game, "bid 2", "bid 2", "pass", "pass")
    assert game.pitcher == 1


def test_may_equal_max_bid_only_at_the_top() -> None:
    game = dealt(rules(auction={"may_equal": "max_bid", "pitch_to_bid": False}))
    act(game, "bid 2")
    with pytest.raises(IllegalActionError):
        game.apply("bid 2")
    act(game, "bid 4", "bid 4", "pass")
    assert game.pitcher == 2


def test_opening_min_bid_floors_only_the_first_bid() -> None:
    game = dealt(rules(auction={"opening_min_bid": 3, "pitch_to_bid": False}))
    with pytest.raises(IllegalActionError, match="at least 3"):
        game.apply("bid 2")
    act(game, "pass")
    with pytest.raises(IllegalActionError, match="at least 3"):
        game.apply("bid 2")
    act(game, "bid 3", "bid 4")
    assert game._auction.high == 4


def test_opening_max_bid_caps_only_the_first_bid() -> None:
    # Minnesota Smear: "the first bid ranging from two to four points", later bids higher
    r = rules(auction={"min_bid": 2, "max_bid": 7, "opening_max_bid": 4,
                       "pitch_to_bid": False})
    game = dealt(r)
    bids = [a for a in map(action_text, game.legal_actions()) if a.startswith("bid")]
    assert bids == ["bid 2", "bid 3", "bid 4"]
    with pytest.raises(IllegalActionError, match="bid 5"):
        game.apply("bid 5")
    act(game, "pass", "bid 4", "bid 6")  # after the first bid, up to max_bid
    assert game._auction.high == 6
    game = dealt(r)
    act(game, "pass", "pass", "pass")  # the dealer, forced, opens: at most 4 too
    assert [action_text(a) for a in game.legal_actions()] == ["bid 2", "bid 3", "bid 4"]


# ---------------------------------------------------------------------------- validate


@pytest.mark.parametrize(("sets", "message"), [
    (("deal.cards_per_hand=12", "deal.kitty=5"), "larger than the 4 cards left undealt"),
    (("draw.hand_size=14",), "players keep 14 cards but are dealt only 9"),
    (("deal.cards_per_hand=13", "draw.hand_size=13", "players.count=5",
      "deal.first_dealer=0"), "is more than the 52 cards"),
    (("deal.kitty=4", "draw.discard=none", "draw.hand_size=null"), "a kitty needs a draw"),
    (("draw.extra_trumps=show_and_keep",), "needs play.trumps_only"),
    (("trump.chosen_by=first_lead",), "non_trumps needs trump known"),
    (("auction.may_equal=any", "auction.style=until_one_left"), "needs style one_round"),
    (("auction.style=sell", "auction.pitch_to_bid=true", "trump.chosen_by=first_lead",
      "draw.discard=up_to"), "cannot be combined with selling"),
])
def test_validate_refuses_impossible_draws(tmp_path: Any, sets: tuple[str, ...],
                                           message: str) -> None:
    from pitchkit.errors import VariantError

    path = tmp_path / "draw.yaml"
    path.write_text("name: draw\ndeal: {cards_per_hand: 9}\ntrump: {chosen_by: pitcher_names}\n"
                    "auction: {pitch_to_bid: false}\n"
                    "draw: {discard: non_trumps, hand_size: 6}\n")
    with pytest.raises(VariantError) as error:
        load_variant(path, sets)
    assert any(message in p.message for p in error.value.problems), error.value.problems


# ---------------------------------------------------------------------------- selling


SELL_RULES = {"auction": {"style": "sell", "pitch_to_bid": False, "dealer_may_steal": False}}


def sell_game(**extra: dict[str, Any]) -> Game:
    data = {**SELL_RULES, **extra}
    data["auction"] = {**SELL_RULES["auction"], **extra.get("auction", {})}
    game = Game(rules_from_mapping(data), random.Random(0), dealer=3)
    game.deal_cards([cards(h)[:6] for h in HANDS])
    return game


def test_sell_the_others_bid_then_the_eldest_sells_and_scores_the_bid() -> None:
    game = sell_game()
    assert game.to_act == 1  # the eldest (seat 0) does not bid
    act(game, "bid 2", "pass", "bid 3")
    assert game.to_act == 0 and game.legal_actions() == [parse_action("sell"),
                                                         parse_action("refuse")]
    with pytest.raises(IllegalActionError, match="must sell the pitch to seat 4 for 3"):
        game.apply("bid 4")
    act(game, "sell")
    assert (game.pitcher, game.bid) == (3, 3)
    while game.phase is not Phase.DEAL:
        game.apply(game.legal_actions()[0])
    result = game.hand_results[-1]
    points_of_0 = sum(1 for seats in result.points.values() if 0 in seats)
    assert result.score_changes[0] == 3 + points_of_0  # the price, with the hand's points


def test_sell_the_eldest_refuses_and_pitches_for_the_high_bid() -> None:
    game = sell_game()
    act(game, "bid 2", "pass", "pass", "refuse")
    assert (game.pitcher, game.bid) == (0, 2) and game._auction.sale is None


def test_sell_when_everyone_passes_the_eldest_pitches_for_the_lowest_bid() -> None:
    game = sell_game()
    act(game, "pass", "pass", "pass")
    assert (game.pitcher, game.bid) == (0, 1)


def test_sell_with_redeal_everyone_passing_throws_the_hand_in() -> None:
    game = sell_game(auction={"when_all_pass": "redeal"})
    act(game, "pass", "pass", "pass")
    assert game.phase is Phase.DEAL and game.hand_results[-1].thrown_in


def test_pitcher_robs_after_everyone_else_has_drawn_and_keeps_any_six() -> None:
    # draw.pitcher_robs: the pitcher (seat 1) skips its turn to draw; once the others
    # have discarded and drawn, it takes the rest of the pack and keeps six of all
    game = dealt(rules(draw={"discard": "non_trumps", "hand_size": 6, "pitcher_robs": True}),
                 pack_top="2H 3H 4H")
    act(game, "pass", "bid 2", "pass", "pass", "trump D")
    order = []
    while game.draw_choice().verb == "discard":
        order.append(game.to_act)
        game.apply(_forced(game))
    assert order == [0, 2, 3] and game.to_act == 1
    choice = game.draw_choice()
    pack = game._draw.pack
    assert choice.verb == "keep" and choice.least == choice.most == 6 and pack
    assert choice.cards == game.hands[1] | mask(format_cards(sum(1 << c for c in pack)))
    act(game, "keep 3D 4D 5D 6D 7D 8D")
    assert game.hands[1] == mask("3D 4D 5D 6D 7D 8D") and game._draw.pack == ()
    assert game.phase is Phase.PLAY and game.to_act == 1


def test_the_draw_steps_copy_of_a_state_equals_dataclasses_replace() -> None:
    import dataclasses

    from hypothesis import given
    from hypothesis import strategies as st

    from pitchkit.draw import Choice, DrawState, _changed

    names = [f.name for f in dataclasses.fields(DrawState)]
    values = {"pack": st.tuples(st.integers(0, 53)), "kitty": st.integers(0, 2 ** 54),
              "order": st.tuples(st.integers(0, 5)), "done": st.booleans(),
              "shown": st.tuples(st.tuples(st.integers(0, 5), st.integers(0, 2 ** 54))),
              "drawn": st.tuples(st.integers(0, 2 ** 54)), "gone": st.tuples(st.integers(0)),
              "robbing": st.integers(0, 5), "giver": st.integers(-1, 5),
              "receiver": st.integers(-1, 5), "given": st.integers(0, 2 ** 54),
              "giving": st.booleans(), "asking": st.booleans(),
              "turn": st.none() | st.builds(Choice, st.sampled_from(["discard", "keep"]),
                                            st.integers(0, 2 ** 54), st.integers(0, 2 ** 54),
                                            st.integers(0, 9), st.integers(0, 9))}
    assert set(values) == set(names)  # a new field of DrawState: add it here
    states = st.fixed_dictionaries({k: values[k] for k in names})

    @given(states, st.dictionaries(st.sampled_from(names), st.none()), states)
    def check(before: dict[str, Any], changed: dict[str, Any], after: dict[str, Any]) -> None:
        state = DrawState(**before)
        changes = {k: after[k] for k in changed}
        new = _changed(state, **changes)
        assert new == dataclasses.replace(state, **changes)
        assert type(new) is DrawState and state == DrawState(**before)

    check()


@pytest.mark.parametrize("name", sorted(
    path.stem for path in (Path(__file__).parent.parent / "variants").glob("*.yaml")))
def test_the_draws_turn_is_the_choice_of_the_seat_to_act_with_its_hand_now(name: str) -> None:
    """The draw's state holds its seat to act's choice (DrawState.turn), worked out when
    the turn began: at every draw decision of random games it is what draw.choice says
    for that seat's hand, the pack and the state as they are now."""
    from pitchkit.draw import choice

    rules = load_variant(name)
    if rules_plan(rules).draw is None:
        pytest.skip("no draw")
    seen = 0
    for seed in range(4):
        game = Game(rules, random.Random(seed))
        rng = random.Random(seed)
        while game.phase is not Phase.OVER and game.hands_played < 6:
            if game.phase is Phase.DEAL:
                game.deal_random()
                continue
            if game.phase is Phase.DRAW:
                state, seat = game._draw, game.to_act
                plan = game.plan.draw
                assert plan is not None and state is not None and seat is not None
                assert state.order[0] == seat
                assert game.draw_choice() == choice(
                    plan, state, game.hands[seat], game._play_state.trumps, seat,
                    game.dealer)
                seen += 1
            game.apply(game.random_action(rng))
    assert seen
