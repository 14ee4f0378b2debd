"""Meaning checks, one test per clause, on Rules built in code (no files)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitchkit.checks import Finding, check_rules
from pitchkit.load import load_variant
from pitchkit.plan import cards_per_hand
from pitchkit.variant import (
    Auction,
    AuctionStyle,
    Call,
    Combinations,
    Deal,
    Deck,
    Discard,
    Draw,
    ExtraTrumps,
    FirstLeader,
    GameTie,
    GoesTo,
    KittyTo,
    MayEqual,
    Money,
    Moon,
    OwnCard,
    Partnerships,
    PitchedJoker,
    Play,
    Players,
    PointCard,
    PointItem,
    Points,
    Rules,
    Scoring,
    ScoringMethod,
    SeveralReach,
    ShownCard,
    Trump,
    TrumpChosenBy,
    UndealtJack,
    WhenAllPass,
    point_items,
    rules_from_mapping,
)

NO_AUCTION = Rules(auction=Auction(style=AuctionStyle.NONE),
                   play=Play(first_leader=FirstLeader.LEFT_OF_DEALER),
                   scoring=Scoring(win_only_as_pitcher=False))


def errors(rules: Rules) -> list[Finding]:
    return [f for f in check_rules(rules) if not f.note]


def notes(rules: Rules) -> list[Finding]:
    return [f for f in check_rules(rules) if f.note]


def only_error(rules: Rules) -> Finding:
    found = errors(rules)
    assert len(found) == 1, found
    return found[0]


def test_defaults_have_no_findings() -> None:
    assert list(check_rules(Rules())) == []


def test_checks_never_raise_on_odd_rules() -> None:
    odd = Rules(players=Players(count=2, partnerships=Partnerships.TWO_TEAMS_OF_THREE),
                deal=Deal(cards_per_hand="all", first_dealer=7), play=Play(stages=(27, 27)),
                points=Points(items=point_items("joker", "joker")),
                auction=Auction(min_bid=12, max_bid=1, dealer_forced_bid=6))
    assert len(errors(odd)) >= 5


def test_hands_must_fit_the_deck() -> None:
    f = only_error(Rules(players=Players(count=8), deal=Deal(cards_per_hand=7)))
    assert f.paths[0] == "deal.cards_per_hand"
    assert f.message == "8 players × 7 cards = 56 is more than the 52 cards in the deck"


def test_all_cards_needs_a_card_for_every_player() -> None:
    # rule: with cards_per_hand all the deck is shared evenly; one card each is enough
    def shares(count: int) -> list[str]:
        rules = Rules(players=Players(count=count), deal=Deal(cards_per_hand="all"),
                      deck=Deck(ranks=("A",)))
        return [f.message for f in errors(rules) if f.paths[0] == "players.count"]
    assert shares(6) == ["6 players cannot share 4 cards"]
    assert shares(4) == []

def test_deck_without_must_name_a_card() -> None:
    f = only_error(Rules(deck=Deck(without=("ZZ",))))
    assert f.paths == ("deck.without",)
    assert f.message == "'ZZ' is not a card (rank A K Q J T 9..2, then suit S H D C)"


def test_deck_without_cannot_take_out_a_joker() -> None:
    # rule: deck.without takes out cards of deck.ranks; the jokers are deck.jokers' (both)
    for joker in ("BJ", "LJ"):
        f = only_error(Rules(deck=Deck(without=(joker,), jokers=2)))
        assert f.message == f"{joker} is not in the deck (deck.ranks, deck.jokers)"

def test_deck_without_takes_out_a_card_of_deck_ranks_in_any_suit() -> None:
    ranks = ("A", "K", "Q", "J", "T", "9")  # 24 cards, 23 left: three players of six
    three = Players(count=3)
    for name in ("9S", "9H", "9D", "9C", "AC"):
        assert errors(Rules(players=three, deck=Deck(ranks=ranks, without=(name,)))) == []
    assert only_error(Rules(players=three, deck=Deck(ranks=ranks, without=("8H",)))).message == \
        "8H is not in the deck (deck.ranks, deck.jokers)"

def test_jokers_make_the_deck_bigger() -> None:
    rules = Rules(players=Players(count=2), deal=Deal(cards_per_hand=27), deck=Deck(jokers=2))
    assert errors(rules) == []
    assert errors(replace(rules, deck=Deck(jokers=1))) != []


def test_shown_card_set_aside_counts_against_the_deck() -> None:
    base = load_variant("pimps-and-hoes-4p")
    full = replace(base, deal=replace(base.deal, cards_per_hand=13))
    assert errors(full) == []
    aside = replace(full, trump=Trump(chosen_by=TrumpChosenBy.TURNED_CARD,
                                      shown_card=ShownCard.OUT_OF_PLAY))
    assert "plus the shown card set aside = 53" in only_error(aside).message


def test_all_cards_shares_the_deck_evenly() -> None:
    rules = Rules(players=Players(count=8), deal=Deal(cards_per_hand="all"))
    assert cards_per_hand(rules) == 6
    rules = replace(rules, trump=Trump(chosen_by=TrumpChosenBy.TURNED_CARD,
                                       shown_card=ShownCard.OUT_OF_PLAY),
                    auction=Auction(style=AuctionStyle.ONE_ROUND))
    assert cards_per_hand(rules) == 6
    assert cards_per_hand(replace(rules, players=Players(count=3))) == 17


def test_min_bid_must_not_exceed_max_bid() -> None:
    f = only_error(Rules(auction=Auction(min_bid=5, dealer_forced_bid=5)))
    assert (f.paths[0], f.message) == ("auction.min_bid", "5 is greater than auction.max_bid (4)")


def test_dealer_forced_bid_must_be_a_legal_bid() -> None:
    f = only_error(Rules(auction=Auction(min_bid=2, dealer_forced_bid=1)))
    assert f.message == "1 is outside the bids 2 to 4"


def test_dealer_forced_bid_is_ignored_when_all_pass_redeals() -> None:
    rules = Rules(auction=Auction(min_bid=2, dealer_forced_bid=1,
                                  when_all_pass=WhenAllPass.REDEAL))
    assert errors(rules) == []


def test_partnerships_must_seat_every_player() -> None:
    f = only_error(Rules(players=Players(count=6, partnerships=Partnerships.TWO_TEAMS_OF_TWO)))
    assert f.message == "2x2 (2 teams of 2) needs 4 players, not 6"
    assert errors(Rules(players=Players(count=6, partnerships=Partnerships.TWO_TEAMS_OF_THREE),
                        deal=Deal(cards_per_hand=6))) == []


def test_stages_must_fit_the_cards_dealt() -> None:
    f = only_error(Rules(play=Play(stages=(3, 4))))
    assert f.message == "stages of 3 + 4 = 7 cards, but each player is dealt 6"
    assert errors(Rules(play=Play(stages=(3, 3)))) == []


def test_stages_with_all_cards_use_the_share() -> None:
    rules = load_variant("pimps-and-hoes")
    assert errors(replace(rules, play=replace(rules.play, stages=(13, 13)))) == []
    assert errors(replace(rules, play=replace(rules.play, stages=(13, 14)))) != []


def test_a_moon_worth_nothing_is_refused() -> None:
    moon = Moon(allowed=True, points_made=0)
    f = only_error(Rules(moon=moon))
    assert f.message.startswith("a made moon is worth nothing")
    assert errors(Rules(moon=replace(moon, made_wins_game=True))) == []
    assert errors(Rules(moon=replace(moon, money_made=100), money=Money(enabled=True))) == []
    # a money game whose made moon pays no money is still worth nothing
    assert only_error(Rules(moon=moon, money=Money(enabled=True))).message.startswith(
        "a made moon is worth nothing")


def test_moon_money_needs_money_enabled() -> None:
    f = only_error(Rules(moon=Moon(allowed=True, money_failed=50)))
    assert (f.paths[0], f.message) == (
        "moon.money_failed", "is paid only in money games; set money.enabled: true")


def test_pitch_to_bid_needs_the_first_lead_to_set_trump() -> None:
    f = only_error(Rules(auction=Auction(pitch_to_bid=True),
                         trump=Trump(chosen_by=TrumpChosenBy.PITCHER_NAMES)))
    assert f.paths[0] == "auction.pitch_to_bid"


def test_pitch_to_bid_needs_an_auction() -> None:
    f = only_error(replace(NO_AUCTION, auction=replace(NO_AUCTION.auction, pitch_to_bid=True)))
    assert f.paths[0] == "auction.pitch_to_bid"


def test_win_only_as_pitcher_needs_an_auction() -> None:
    f = only_error(replace(NO_AUCTION, scoring=Scoring(win_only_as_pitcher=True)))
    assert f.paths[0] == "scoring.win_only_as_pitcher"


def test_bidder_goes_out_needs_an_auction() -> None:
    f = only_error(replace(NO_AUCTION, scoring=Scoring(win_only_as_pitcher=False,
                                                       bidder_goes_out=True)))
    assert f.paths[0] == "scoring.bidder_goes_out"


def test_pitcher_leads_needs_an_auction() -> None:
    f = only_error(replace(NO_AUCTION, play=Play(first_leader=FirstLeader.PITCHER)))
    assert f.paths[0] == "play.first_leader"


def test_undealt_jack_to_pitcher_needs_an_auction() -> None:
    f = only_error(replace(NO_AUCTION, points=Points(undealt_jack=UndealtJack.PITCHER)))
    assert f.paths[0] == "points.undealt_jack"


def test_moon_needs_an_auction() -> None:
    f = only_error(replace(NO_AUCTION, moon=Moon(allowed=True)))
    assert f.paths[0] == "moon.allowed"


def test_pitcher_names_trump_needs_an_auction() -> None:
    f = only_error(replace(NO_AUCTION, trump=Trump(chosen_by=TrumpChosenBy.PITCHER_NAMES)))
    assert f.paths[0] == "trump.chosen_by"


def test_combinations_scoring_needs_no_auction() -> None:
    f = only_error(Rules(scoring=Scoring(method=ScoringMethod.COMBINATIONS)))
    assert f.paths[0] == "scoring.method"
    assert errors(replace(NO_AUCTION, scoring=replace(
        NO_AUCTION.scoring, method=ScoringMethod.COMBINATIONS))) == []


def test_points_method_needs_a_point() -> None:
    f = only_error(Rules(points=Points(items=())))
    assert f.message == "no point item: a hand would score nothing"
    assert errors(Rules(points=Points(items=point_items("last_trick", "ten")))) == []


def test_named_point_card_must_be_in_the_deck() -> None:
    f = only_error(Rules(points=Points(items=point_items("high", "joker"))))
    assert f.paths[0] == "points.items[1]"
    assert f.message == "joker is not in the deck: it has 0 jokers (deck.jokers)"
    assert errors(Rules(points=Points(items=point_items("high", "joker")),
                        deck=Deck(jokers=1))) == []
    f = only_error(Rules(points=Points(items=point_items("joker", "little_joker")),
                         deck=Deck(jokers=1)))
    assert f.message == "little_joker is not in the deck: it has 1 joker (deck.jokers)"


def test_a_point_item_is_listed_once() -> None:
    f = only_error(Rules(points=Points(items=point_items("high", "jick", "jick"))))
    assert f.paths[0] == "points.items[2]"
    assert f.message.startswith("jick is listed twice")


def test_minimum_bid_above_the_points_a_hand_holds_is_refused() -> None:
    f = only_error(Rules(points=Points(items=point_items("high", "low")),
                         auction=Auction(min_bid=3, max_bid=3, dealer_forced_bid=3)))
    assert f.paths[0] == "auction.min_bid"
    assert f.message == "3 can never be made: a hand holds only 2 points (points.items)"


def test_forced_bid_above_the_points_a_hand_holds_is_refused() -> None:
    f = only_error(Rules(points=Points(items=point_items("high", "low")),
                         auction=Auction(min_bid=1, max_bid=4, dealer_forced_bid=3)))
    assert f.paths[0] == "auction.dealer_forced_bid"


def test_bids_up_to_the_items_total_are_fine() -> None:
    items = (PointItem.of("high"), PointItem.of("five_of_trumps", 5))
    assert errors(Rules(points=Points(items=items),
                        auction=Auction(min_bid=6, max_bid=6, dealer_forced_bid=6))) == []


def test_game_tie_to_the_holder_of_a_card_needs_the_card() -> None:
    f = only_error(Rules(points=Points(game_tie=GameTie.HOLDER_OF_CARD)))
    assert f.paths[0] == "points.game_tie"
    f = only_error(Rules(points=Points(game_tie_card=PointCard.JOKER)))
    assert f.paths[0] == "points.game_tie_card"
    f = only_error(Rules(points=Points(game_tie=GameTie.HOLDER_OF_CARD,
                                       game_tie_card=PointCard.JOKER)))
    assert f.message == "joker is not in the deck: it has 0 jokers (deck.jokers)"


def test_jokers_with_first_lead_trump_are_fine() -> None:
    assert errors(Rules(deck=Deck(jokers=2), trump=Trump(chosen_by=TrumpChosenBy.FIRST_LEAD),
                        points=Points(items=point_items("joker", "little_joker")))) == []


def test_jokers_with_a_turned_card_are_fine() -> None:
    rules = load_variant("pimps-and-hoes")
    assert errors(replace(rules, deck=Deck(jokers=2))) == []


def test_pitch_to_bid_cannot_be_used_with_stages() -> None:
    f = only_error(Rules(auction=Auction(pitch_to_bid=True), play=Play(stages=(3, 3))))
    assert f.paths[0] == "auction.pitch_to_bid"


def test_trumps_only_cannot_be_used_with_stages() -> None:
    # trumps-only play would leave the stages unread (flow.begin_play)
    rules = load_variant("pimps-and-hoes")
    f = only_error(replace(rules, play=replace(rules.play, trumps_only=True)))
    assert f.paths == ("play.trumps_only", "play.stages")


def test_first_dealer_must_sit_at_the_table() -> None:
    f = only_error(Rules(players=Players(count=3), deal=Deal(first_dealer=3)))
    assert f.message == "seat 3 does not exist with 3 players (seats 0 to 2)"
    assert errors(Rules(players=Players(count=3), deal=Deal(first_dealer=2))) == []


@pytest.mark.parametrize("pair", ["AZ", "A", "AKQ"])
def test_combination_pairs_must_be_two_rank_letters(pair: str) -> None:
    rules = replace(NO_AUCTION, scoring=replace(NO_AUCTION.scoring,
                                                method=ScoringMethod.COMBINATIONS),
                    combinations=Combinations(pairs=((pair, 3),)))
    assert only_error(rules).paths[0] == f"combinations.pairs.{pair}"


def test_the_same_pair_written_twice_is_refused() -> None:
    rules = replace(NO_AUCTION, scoring=replace(NO_AUCTION.scoring,
                                                method=ScoringMethod.COMBINATIONS),
                    combinations=Combinations(pairs=(("AK", 5), ("KA", 6))))
    assert only_error(rules).message == "KA is the same pair as AK"


def test_combinations_all_worth_zero_are_refused() -> None:
    rules = replace(NO_AUCTION, scoring=replace(NO_AUCTION.scoring,
                                                method=ScoringMethod.COMBINATIONS),
                    combinations=Combinations(singles=(("A", 0),), pairs=()))
    assert only_error(rules).message == "every combination is worth 0: nobody can score"


def test_a_game_without_end_is_only_a_note() -> None:
    rules = load_variant("money-pitch")
    assert errors(rules) == []
    assert [f.paths[0] for f in notes(rules)] == ["scoring.target"]


def test_bids_that_can_never_be_made_are_a_note() -> None:
    rules = Rules(auction=Auction(max_bid=6))
    assert errors(rules) == []
    assert notes(rules)[0].message == "bids above 4 can never be made: a hand has only 4 points"


def test_first_lead_must_be_trump_needs_trump_known_before_the_lead() -> None:
    f = only_error(Rules(play=Play(first_lead_must_be_trump=True)))
    assert f.paths[0] == "play.first_lead_must_be_trump"
    assert errors(Rules(play=Play(first_lead_must_be_trump=True),
                        trump=Trump(chosen_by=TrumpChosenBy.PITCHER_NAMES))) == []


def test_shown_card_setting_needs_a_turned_card() -> None:
    f = only_error(Rules(trump=Trump(shown_card=ShownCard.OUT_OF_PLAY)))
    assert f.paths[0] == "trump.shown_card"


def test_dealer_may_steal_max_needs_dealer_may_steal() -> None:
    f = only_error(Rules(auction=Auction(dealer_may_steal=False, dealer_may_steal_max=True)))
    assert f.paths[0] == "auction.dealer_may_steal_max"


def test_bidder_goes_out_needs_a_target() -> None:
    f = only_error(Rules(scoring=Scoring(bidder_goes_out=True, target=None, hands=10,
                                         win_only_as_pitcher=False)))
    assert f.paths[0] == "scoring.bidder_goes_out"


def test_bidder_goes_out_does_nothing_when_only_the_pitcher_may_win() -> None:
    f = only_error(Rules(scoring=Scoring(bidder_goes_out=True, win_only_as_pitcher=True)))
    assert f.paths[0] == "scoring.bidder_goes_out"
    assert errors(Rules(scoring=Scoring(bidder_goes_out=True, win_only_as_pitcher=False))) == []


def test_a_kitty_needs_a_draw() -> None:
    f = only_error(Rules(deal=Deal(kitty=4)))
    assert f.paths[:2] == ("deal.kitty", "draw.discard")
    assert "a kitty needs a draw" in f.message


@pytest.mark.parametrize("key, value", [
    ("hand_size", 5), ("dealer_robs", True), ("pitcher_robs", True),
    ("rest_to_partner", True), ("pack_to_partner", True), ("give_to_partner", 1)])
def test_a_drawing_setting_without_a_draw_is_refused(key: str, value: object) -> None:
    from pitchkit.variant import Draw
    found = [f for f in errors(Rules(draw=Draw(**{key: value})))  # type: ignore[arg-type]
             if f.paths[:2] == (f"draw.{key}", "draw.discard")]
    assert len(found) == 1 and "has no effect when draw.discard is none" in found[0].message


def test_down_to_hand_size_discarding_nothing_is_refused() -> None:
    from pitchkit.variant import Discard, Draw

    f = only_error(Rules(draw=Draw(discard=Discard.DOWN_TO_HAND_SIZE)))
    assert f.paths[:2] == ("draw.discard", "draw.hand_size")
    assert "discards nothing" in f.message
    assert errors(Rules(deal=Deal(cards_per_hand=9),
                        draw=Draw(discard=Discard.DOWN_TO_HAND_SIZE, hand_size=6))) == []


def test_counting_down_needs_a_target() -> None:
    from pitchkit.variant import Count

    f = only_error(Rules(scoring=Scoring(count=Count.DOWN, target=None, hands=10,
                                         win_only_as_pitcher=False)))
    assert f.paths[:2] == ("scoring.count", "scoring.target")


def test_game_worth_nothing_when_every_card_counts_zero_is_a_note() -> None:
    rules = Rules(points=Points(card_values=()))
    assert errors(rules) == []
    assert any("game is never scored" in f.message for f in notes(rules))


def test_a_draw_from_an_empty_pack_is_refused() -> None:
    from pitchkit.variant import Discard, Draw

    trump = Trump(chosen_by=TrumpChosenBy.PITCHER_NAMES)
    for draw in (Draw(discard=Discard.NON_TRUMPS, hand_size=6),
                 Draw(discard=Discard.UP_TO, hand_size=6)):
        f = only_error(Rules(deal=Deal(cards_per_hand=13), trump=trump, draw=draw))
        assert f.paths[:2] == ("draw.discard", "deal.cards_per_hand")
        assert "no card is left in it (4 players × 13 of 52)" in f.message
    # one card left in the pack is enough to draw from
    assert errors(Rules(deal=Deal(cards_per_hand=12, kitty=3), trump=trump,
                        draw=Draw(discard=Discard.NON_TRUMPS, hand_size=6))) == []


def test_a_draw_count_that_cannot_apply_is_refused() -> None:
    from pitchkit.variant import Discard, Draw

    trump = Trump(chosen_by=TrumpChosenBy.PITCHER_NAMES)
    f = only_error(Rules(trump=trump, draw=Draw(discard=Discard.AT_LEAST, count=7)))
    assert f.paths[:2] == ("draw.count", "deal.cards_per_hand")
    assert "at_least 7 cards, but each player is dealt only 6" in f.message
    assert errors(Rules(trump=trump, draw=Draw(discard=Discard.AT_LEAST, count=6))) == []
    f = only_error(Rules(trump=trump, draw=Draw(discard=Discard.UP_TO, count=0)))
    assert f.paths[:2] == ("draw.count", "draw.discard") and "up_to 0" in f.message
    f = only_error(Rules(trump=trump, draw=Draw(discard=Discard.NON_TRUMPS, count=5)))
    assert f.paths[:2] == ("draw.count", "draw.discard") and "has no effect" in f.message
    assert errors(Rules(trump=trump, draw=Draw(discard=Discard.NON_TRUMPS))) == []


def test_robbing_an_empty_pack_is_refused() -> None:
    from pitchkit.variant import Discard, Draw

    f = only_error(Rules(deal=Deal(cards_per_hand=13),
                         trump=Trump(chosen_by=TrumpChosenBy.PITCHER_NAMES),
                         draw=Draw(discard=Discard.DOWN_TO_HAND_SIZE, hand_size=6,
                                   dealer_robs=True)))
    assert f.paths[:2] == ("draw.dealer_robs", "deal.cards_per_hand")
    assert "no pack to rob: no card is left in it (4 players × 13 of 52)" in f.message


def test_an_opening_bid_cap_that_cannot_be_met_is_refused() -> None:
    def auction(**settings: object) -> Rules:
        return Rules(auction=Auction(min_bid=2, max_bid=7, pitch_to_bid=False,
                                     dealer_forced_bid=2)).with_settings(
            {f"auction.{key}": value for key, value in settings.items()})

    assert errors(auction(opening_max_bid=4)) == []
    f = only_error(auction(opening_max_bid=8))
    assert f.paths[0] == "auction.opening_max_bid" and "outside the bids 2 to 7" in f.message
    f = only_error(auction(opening_max_bid=3, opening_min_bid=4))
    assert f.paths[:2] == ("auction.opening_max_bid", "auction.opening_min_bid")
    f = only_error(auction(dealer_forced_bid=4, opening_max_bid=3))
    assert f.paths[:2] == ("auction.opening_max_bid", "auction.dealer_forced_bid")
    f = only_error(auction(pitch_to_bid=True, opening_max_bid=4))
    assert f.paths[:2] == ("auction.opening_max_bid", "auction.pitch_to_bid")


# ---------------------------------------------------------------------------- weak hands


def weak_hand_rules(**deal: object) -> Rules:
    """Three players of six cards from a deck of 24 (A to 9): one hand's worth left over."""
    return rules_from_mapping({"players": {"count": 3},
                               "deck": {"ranks": ["A", "K", "Q", "J", "T", "9"]},
                               "deal": {"cards_per_hand": 6, "weak_hand_below": "J", **deal}})


def never_replaced(rules: Rules) -> list[str]:
    return [f.message for f in errors(rules) if "never replaced" in f.message]


def test_a_weak_hand_is_replaced_while_a_hand_is_left_undealt() -> None:
    # rule: a weak hand thrown in is replaced from the cards left: exactly a hand is enough
    assert never_replaced(weak_hand_rules()) == []


def test_a_kitty_leaves_fewer_cards_to_replace_a_weak_hand() -> None:
    assert never_replaced(weak_hand_rules(kitty=1)) == [
        "a weak hand is never replaced: 5 cards are left undealt, fewer than a hand of 6"]


def test_a_shown_card_set_aside_leaves_fewer_cards_to_replace_a_weak_hand() -> None:
    rules = replace(weak_hand_rules(), trump=Trump(chosen_by=TrumpChosenBy.TURNED_CARD,
                                                   shown_card=ShownCard.OUT_OF_PLAY))
    assert never_replaced(rules) == [
        "a weak hand is never replaced: 5 cards are left undealt, fewer than a hand of 6"]


def test_a_strong_rank_equal_to_weak_hand_below_is_refused() -> None:
    # rule: weak_hand_strong_ranks names ranks below weak_hand_below (its own rank keeps
    # a hand already)
    def found(rank: str) -> list[str]:
        rules = rules_from_mapping({"deal": {"weak_hand_below": "T",
                                             "weak_hand_strong_ranks": [rank]}})
        return [f.message for f in errors(rules)]
    assert found("T") == ["T is not below T: its cards keep a hand already"]
    assert found("9") == []



# ---------------------------------------------------------------------------- more clauses


def test_off_five_without_fives_has_no_effect() -> None:
    ranks = ("A", "K", "Q", "J", "T", "9", "8", "7", "6")
    f = only_error(Rules(trump=Trump(off_five=True), deck=Deck(ranks=ranks)))
    assert f.paths == ("trump.off_five", "deck.ranks")
    assert f.message == "has no effect: deck.ranks leaves out the fives"
    assert errors(Rules(trump=Trump(off_five=True))) == []


def test_stages_longer_than_a_hand_of_one_card_are_refused() -> None:
    f = only_error(Rules(deal=Deal(cards_per_hand=1), play=Play(stages=(1, 1))))
    assert f.message == "stages of 1 + 1 = 2 cards, but each player is dealt 1"


def test_stages_are_not_checked_against_a_deal_that_gives_no_card() -> None:
    # the deal itself is refused (hands_fit_the_deck): the stages are not refused again
    rules = Rules(players=Players(count=6), deal=Deal(cards_per_hand="all"),
                  deck=Deck(ranks=("J",)), play=Play(stages=(1,)))
    assert [f.message for f in errors(rules)] == ["6 players cannot share 4 cards"]


def test_joker_settings_without_jokers_are_refused_once() -> None:
    # without jokers, pitched_joker has no effect: that is the finding, not also that trump
    # is known before the first lead
    rules = Rules(trump=Trump(pitched_joker=PitchedJoker.MAKES_SPADES,
                              chosen_by=TrumpChosenBy.TURNED_CARD))
    assert [f.message for f in errors(rules)] == ["has no effect without jokers "
                                                  "(deck.jokers is 0)"]


def test_min_bid_above_max_bid_is_the_only_bid_finding() -> None:
    # the other bid checks read min_bid and max_bid as a range: not when they are reversed
    rules = Rules(auction=Auction(min_bid=5, max_bid=4))
    assert [f.message for f in check_rules(rules)] == ["5 is greater than auction.max_bid (4)"]


def test_combinations_scoring_is_not_checked_against_point_items() -> None:
    rules = Rules(scoring=Scoring(method=ScoringMethod.COMBINATIONS), auction=Auction(max_bid=5))
    assert [f.paths[0] for f in check_rules(rules)] == ["scoring.method"]


ONE_POINT = Points(items=point_items("high"))


def test_a_min_bid_above_a_single_point_is_refused() -> None:
    f = only_error(Rules(points=ONE_POINT, auction=Auction(min_bid=2, max_bid=2)))
    assert f.paths == ("auction.min_bid", "points.items")
    assert f.message == "2 can never be made: a hand holds only 1 point (points.items)"


def test_a_forced_bid_above_a_single_point_is_refused() -> None:
    rules = Rules(points=ONE_POINT, auction=Auction(min_bid=1, max_bid=2, dealer_forced_bid=2))
    assert only_error(rules).message == \
        "2 can never be made: a hand holds only 1 point (points.items)"


def test_max_bid_above_the_points_is_a_note_and_equal_is_fine() -> None:
    above = Rules(points=ONE_POINT, auction=Auction(min_bid=1, max_bid=2, dealer_forced_bid=1))
    assert [f.message for f in notes(above)] == [
        "bids above 1 can never be made: a hand has only 1 point"]
    equal = Rules(points=ONE_POINT, auction=Auction(min_bid=1, max_bid=1, dealer_forced_bid=1))
    assert list(check_rules(equal)) == []


def test_no_point_item_is_the_finding_not_bids_above_nothing() -> None:
    rules = Rules(points=Points(items=()))
    assert [f.message for f in check_rules(rules)] == [
        "no point item: a hand would score nothing"]


def test_bids_are_not_checked_without_an_auction() -> None:
    rules = replace(NO_AUCTION, auction=Auction(style=AuctionStyle.NONE, min_bid=5, max_bid=4))
    assert list(check_rules(rules)) == []


def test_tie_to_pitcher_needs_an_auction() -> None:
    rules = replace(NO_AUCTION, scoring=Scoring(win_only_as_pitcher=False,
                                                several_reach=SeveralReach.TIE_TO_PITCHER))
    f = only_error(rules)
    assert f.paths == ("scoring.several_reach", "auction.style")
    assert f.message == ("tie_to_pitcher needs an auction (auction.style is none, so there "
                         "is no pitcher); use higher_score")


def test_a_moon_worth_points_is_fine_and_a_moon_not_allowed_is_not_checked() -> None:
    assert list(check_rules(Rules(moon=Moon(allowed=True, points_made=4)))) == []
    assert list(check_rules(Rules(moon=Moon(allowed=False, points_made=0)))) == []


def test_combinations_scoring_does_not_check_point_items() -> None:
    rules = replace(NO_AUCTION, scoring=Scoring(win_only_as_pitcher=False,
                                                method=ScoringMethod.COMBINATIONS),
                    points=Points(items=()))
    assert list(check_rules(rules)) == []


def test_goes_to_of_high_or_low_is_refused() -> None:
    items = (PointItem.of("high", goes_to=GoesTo.HOLDER), *point_items("low", "jack", "game"))
    f = only_error(Rules(points=Points(items=items)))
    assert f.paths == ("points.items[0]",)
    assert f.message == ("goes_to applies to a card item; high and low have "
                         "points.high_goes_to and points.low_goes_to")


def test_game_tie_card_in_the_deck_is_fine() -> None:
    # a joker with a joker in the deck; a card of the ranks with no joker at all
    assert list(check_rules(Rules(deck=Deck(jokers=1), points=Points(
        game_tie=GameTie.HOLDER_OF_CARD, game_tie_card=PointCard.JOKER)))) == []
    assert list(check_rules(Rules(points=Points(
        game_tie=GameTie.HOLDER_OF_CARD, game_tie_card=PointCard.ACE_OF_TRUMPS)))) == []


def combination_rules(table: Combinations) -> Rules:
    return replace(NO_AUCTION, scoring=Scoring(win_only_as_pitcher=False,
                                               method=ScoringMethod.COMBINATIONS),
                   combinations=table)


def test_a_pair_key_that_is_no_pair_is_refused_once() -> None:
    # QX and XQ are both refused as no pair; neither is also "the same pair" as the other
    found = errors(combination_rules(Combinations(pairs=(("XQ", 1), ("QX", 2)))))
    assert [f.paths[0] for f in found] == ["combinations.pairs.XQ", "combinations.pairs.QX"]
    assert all("is not a pair of two rank letters" in f.message for f in found)


def test_a_single_key_that_is_no_rank_is_refused() -> None:
    f = only_error(combination_rules(Combinations(singles=(("Z", 1),))))
    assert f.paths == ("combinations.singles.Z",)
    assert f.message == "'Z' is not a rank letter"


def test_combinations_of_pairs_only_are_fine() -> None:
    assert list(check_rules(combination_rules(Combinations(singles=())))) == []



# ------------------------------------------------------------------- the game's end, the draw


def messages(rules: Rules, first_path: str) -> list[str]:
    return [f.message for f in errors(rules) if f.paths[0] == first_path]


def test_several_reach_needs_a_target_and_a_side_that_may_win() -> None:
    reach = SeveralReach.HIGHER_SCORE
    assert messages(Rules(scoring=Scoring(target=None, several_reach=reach,
                                          win_only_as_pitcher=False)),
                    "scoring.several_reach") == ["has no effect without a target"]
    assert messages(Rules(scoring=Scoring(several_reach=reach)), "scoring.several_reach") == [
        "has no effect with scoring.win_only_as_pitcher: only the pitcher's side can win at "
        "the end of a hand anyway"]


def test_all_points_wins_game_needs_point_items() -> None:
    rules = combination_rules(Combinations())
    rules = replace(rules, scoring=replace(rules.scoring, all_points_wins_game=True))
    assert messages(rules, "scoring.all_points_wins_game") == [
        "needs point items (scoring.method points): combinations have none"]


DRAW = Draw(discard=Discard.DOWN_TO_HAND_SIZE)
TURNED_ASIDE = Trump(chosen_by=TrumpChosenBy.TURNED_CARD, shown_card=ShownCard.OUT_OF_PLAY)


def test_a_kitty_larger_than_the_cards_left_is_refused() -> None:
    def kitty(kitty: int, per: int = 6, trump: Trump | None = None) -> list[str]:
        rules = Rules(deal=Deal(cards_per_hand=per, kitty=kitty), draw=DRAW,
                      trump=trump or Trump())
        return [m for m in messages(rules, "deal.kitty") if m.startswith("a kitty of")]
    assert kitty(28) == []
    assert kitty(29) == ["a kitty of 29 cards is larger than the 28 cards left undealt "
                         "(4 players × 6 of 52)"]
    assert kitty(28, trump=TURNED_ASIDE) == [
        "a kitty of 28 cards is larger than the 27 cards left undealt (4 players × 6 of 51)"]
    assert kitty(1, per=13) == ["a kitty of 1 cards is larger than the 0 cards left undealt "
                                "(4 players × 13 of 52)"]


def test_a_kept_hand_must_fit_the_deal_and_the_deck() -> None:
    def kept(hand: int, per: int) -> list[str]:
        rules = Rules(deal=Deal(cards_per_hand=per), draw=replace(DRAW, hand_size=hand))
        return messages(rules, "draw.hand_size")
    assert kept(7, 6) == ["players keep 7 cards but are dealt only 6"]
    assert kept(13, 13) == []
    assert kept(14, 13) == ["players keep 14 cards but are dealt only 13",
                            "4 players × 14 cards kept = 56 is more than the pack can refill "
                            "from the 52 cards in the deck"]


def test_draw_count_has_no_effect_with_non_trumps() -> None:
    rules = Rules(draw=Draw(discard=Discard.NON_TRUMPS, count=7), trump=TURNED_ASIDE)
    assert messages(rules, "draw.count") == [
        "has no effect with draw.discard non_trumps (only up_to and at_least count)"]


def test_a_draw_from_a_pack_emptied_by_a_kitty_or_a_card_set_aside_is_refused() -> None:
    up_to = Draw(discard=Discard.UP_TO)
    rules = Rules(deal=Deal(cards_per_hand=12, kitty=4), draw=up_to)
    assert messages(rules, "draw.discard") == [
        "up_to draws from the pack, but no card is left in it (4 players × 12 and a kitty of "
        "4 of 52); down_to_hand_size discards without drawing"]
    aside = Rules(deal=Deal(cards_per_hand=12, kitty=3), draw=up_to, trump=TURNED_ASIDE)
    assert messages(aside, "draw.discard") == [
        "up_to draws from the pack, but no card is left in it (4 players × 12 and a kitty of "
        "3 of 51); down_to_hand_size discards without drawing"]


def test_non_trumps_and_trumps_only_need_trump_known_before_play() -> None:
    rules = Rules(draw=Draw(discard=Discard.NON_TRUMPS))
    assert messages(rules, "draw.discard") == [
        "non_trumps needs trump known before play (trump.chosen_by pitcher_names or "
        "turned_card), not first_lead"]
    only = Rules(play=Play(trumps_only=True))
    assert messages(only, "play.trumps_only") == [
        "needs trump known before play (trump.chosen_by pitcher_names or turned_card), "
        "not first_lead"]


def test_show_and_keep_needs_trumps_only_play() -> None:
    keep = Draw(discard=Discard.NON_TRUMPS, extra_trumps=ExtraTrumps.SHOW_AND_KEEP)
    assert messages(Rules(draw=keep, trump=TURNED_ASIDE), "draw.extra_trumps") == [
        "show_and_keep leaves a hand larger than the others, which needs play.trumps_only "
        "(a player out of trumps folds)"]
    assert messages(Rules(draw=keep, trump=TURNED_ASIDE, play=Play(trumps_only=True)),
                    "draw.extra_trumps") == []


def test_a_draw_leaves_no_room_for_stages_or_a_pitch_in_the_auction() -> None:
    staged = Rules(draw=DRAW, play=Play(stages=(3, 3)))
    assert messages(staged, "play.stages") == [
        "staged play cannot be combined with a draw or a kitty"]
    pitch = Rules(draw=DRAW, auction=Auction(pitch_to_bid=True))
    assert messages(pitch, "auction.pitch_to_bid") == [
        "a pitch during the auction leaves no time for the draw"]


def test_the_kitty_goes_to_the_pitcher_only_with_an_auction() -> None:
    def kitty_to(to: KittyTo) -> list[str]:
        rules = replace(NO_AUCTION, deal=Deal(kitty=1, kitty_to=to), draw=DRAW)
        return messages(rules, "deal.kitty_to")
    assert kitty_to(KittyTo.PITCHER) == [
        "the kitty cannot go to the pitcher: with auction.style none there is no pitcher"]
    assert kitty_to(KittyTo.DEALER) == []


def test_robbing_without_a_draw_is_refused_as_having_no_effect_only() -> None:
    rules = Rules(draw=Draw(pitcher_robs=True, dealer_robs=True))
    assert [f.message for f in errors(rules)] == ["has no effect when draw.discard is none"] * 2


# ------------------------------------------- robbing, the called partner, the opening bids

ROB = Draw(discard=Discard.DOWN_TO_HAND_SIZE, pitcher_robs=True)
TEAMS = Players(partnerships=Partnerships.TWO_TEAMS_OF_TWO)


def test_the_pitcher_robs_only_with_an_auction() -> None:
    assert messages(replace(NO_AUCTION, draw=ROB), "draw.pitcher_robs") == [
        "needs an auction (auction.style is none, so there is no pitcher)"]
    assert messages(Rules(draw=ROB), "draw.pitcher_robs") == []


def test_the_rest_goes_to_the_partner_only_after_the_pitcher_robs() -> None:
    rest = Draw(discard=Discard.DOWN_TO_HAND_SIZE, rest_to_partner=True)
    assert messages(Rules(players=TEAMS, draw=rest), "draw.rest_to_partner") == [
        "the rest of the pack goes to the partner after the pitcher robs it: needs "
        "draw.pitcher_robs"]
    robbed = replace(rest, pitcher_robs=True)
    assert messages(Rules(players=TEAMS, draw=robbed), "draw.rest_to_partner") == []


def test_the_taker_may_give_the_whole_kitty_but_no_more() -> None:
    def given(give: int) -> list[str]:
        rules = Rules(players=TEAMS, deal=Deal(kitty=2),
                      draw=replace(DRAW, give_to_partner=give))
        return messages(rules, "draw.give_to_partner")
    assert given(2) == []
    assert given(3) == ["the kitty's taker gives from what the kitty brought: 3 cards given "
                        "but the kitty holds 2"]


CALL = Call(partner=True)


def test_own_card_needs_a_called_partner() -> None:
    assert messages(Rules(call=Call(own_card=OwnCard.NOT_ALLOWED)), "call.own_card") == [
        "has no effect when call.partner is false"]
    assert messages(Rules(call=replace(CALL, own_card=OwnCard.NOT_ALLOWED)),
                    "call.own_card") == []


def test_a_called_partner_needs_three_players() -> None:
    def called(count: int) -> list[str]:
        return [m for m in messages(Rules(players=Players(count=count), call=CALL),
                                    "call.partner") if "players" in m]
    assert called(2) == ["with 2 players a called partner leaves nobody to play against"]
    assert called(3) == []


def test_a_called_partner_needs_a_pitcher_who_calls_after_the_auction() -> None:
    assert messages(replace(NO_AUCTION, call=CALL), "call.partner") == [
        "needs an auction (auction.style is none, so there is no pitcher to call)"]
    assert messages(Rules(call=CALL, auction=Auction(pitch_to_bid=True)), "call.partner") == [
        "a pitch during the auction starts play before the pitcher could call"]
    assert messages(Rules(call=CALL), "call.partner") == []


def test_a_called_partner_cannot_be_combined_with_stages() -> None:
    assert messages(Rules(call=CALL, play=Play(stages=(3, 3))), "call.partner") == [
        "staged play cannot be combined with a called partner"]


def test_a_called_partner_needs_a_bid_to_make() -> None:
    rules = combination_rules(Combinations())
    # combination_rules has no auction: that finding comes first
    assert messages(replace(rules, call=CALL), "call.partner")[1:] == [
        "a called partner needs a bid to make: scoring.method combinations has none"]


def test_a_called_partner_cannot_be_passed_the_pack() -> None:
    for key, draw in (("rest_to_partner", replace(ROB, rest_to_partner=True)),
                      ("pack_to_partner", replace(ROB, pack_to_partner=True))):
        # the first finding: it needs fixed partnerships, which a called partner has not
        assert messages(Rules(call=CALL, draw=draw), f"draw.{key}")[1:] == [
            "the partner is called after the draw, so the pitcher cannot pass it the pack"]


def test_equal_bids_need_a_one_round_or_sell_auction() -> None:
    def equal(style: AuctionStyle) -> list[str]:
        auction = Auction(style=style, may_equal=MayEqual.MAX_BID)
        return messages(Rules(auction=auction), "auction.may_equal")
    assert equal(AuctionStyle.UNTIL_ONE_LEFT) == [
        "max_bid needs style one_round or sell: bidding round and round, equal bids could go "
        "on for ever"]
    assert equal(AuctionStyle.ONE_ROUND) == equal(AuctionStyle.SELL) == []


def test_a_sell_auction_cannot_pitch_to_bid() -> None:
    sell = Auction(style=AuctionStyle.SELL, pitch_to_bid=True)
    assert messages(Rules(auction=sell), "auction.pitch_to_bid") == [
        "a pitch during the auction cannot be combined with selling the pitch: the eldest "
        "answers the high bid after everyone has bid"]


def test_the_first_bid_must_be_a_bid_in_a_sell_auction_too() -> None:
    def opening(at_least: int, style: AuctionStyle = AuctionStyle.SELL,
                count: int = 4) -> list[str]:
        auction = Auction(style=style, min_bid=2, max_bid=4, opening_min_bid=at_least)
        return messages(Rules(players=Players(count=count), auction=auction),
                        "auction.opening_min_bid")
    assert opening(2) == opening(4) == []
    assert opening(5) == ["5 is outside the bids 2 to 4"]
    assert opening(1, count=2) == ["1 is outside the bids 2 to 4"]
    assert opening(5, AuctionStyle.ONE_ROUND) == ["5 is outside the bids 2 to 4"]


def test_an_opening_bid_cap_may_equal_its_bounds() -> None:
    def capped(top: int, **auction: object) -> list[str]:
        settings = {"min_bid": 2, "max_bid": 4, "dealer_forced_bid": 2, **auction}
        rules = Rules(auction=Auction(**settings))  # type: ignore[arg-type]
        return messages(rules.with_settings({"auction.opening_max_bid": top}),
                        "auction.opening_max_bid")
    assert capped(2) == capped(4) == []
    assert capped(3, opening_min_bid=3) == []
    assert capped(3, dealer_forced_bid=3) == []
    assert capped(4, pitch_to_bid=True) == []


def test_a_losing_score_must_be_reachable() -> None:
    def losing(at: int) -> list[str]:
        rules = Rules(scoring=Scoring(losing_score=at, minimum_score=-10))
        return messages(rules, "scoring.losing_score")
    assert losing(-10) == []
    assert losing(-11) == ["can never be reached: scores never fall below "
                           "scoring.minimum_score (-10)"]


def test_game_end_settings_that_need_a_bid_or_a_moon() -> None:
    made = replace(NO_AUCTION, scoring=replace(NO_AUCTION.scoring, win_needs_made_bid=True))
    assert messages(made, "scoring.win_needs_made_bid") == [
        "needs an auction (auction.style is none, so there is no bid)"]
    assert messages(Rules(moon=Moon(failed_loses_game=True)), "moon.failed_loses_game") == [
        "has no effect when moon.allowed is false"]


def test_playing_alone_needs_an_auction() -> None:
    alone = replace(NO_AUCTION, players=TEAMS,
                    auction=replace(NO_AUCTION.auction, alone=True))
    assert messages(alone, "auction.alone") == [
        "needs an auction (auction.style is none, so there is no pitcher)"]
