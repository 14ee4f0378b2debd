"""Hypothesis: random variants (the settings the engine honours) x random legal play.

After every action: every card is in exactly one place; the trick winner leads next;
there is a legal action exactly when someone is to act (never once the game is over);
a hand's points never exceed what the variant makes available; partners' scores are
equal; money settles to zero. Per game: the same seed gives the same game, and
replaying the event log gives the same state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_helpers import point_item_lists

from pitchkit.actions import (
    ALONE,
    CARD_BITS,
    DISCARD_FLAG,
    KEEP_FLAG,
    SELECT_FLAG,
    parse_action,
    select_action,
)
from pitchkit.draw import random_action
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.plan import cards_needed
from pitchkit.record import game_to_record, replay_events, replay_record
from pitchkit.scoring import available_points
from pitchkit.variant import PointItem, Rules, rules_from_mapping

MAX_HANDS = 4


@st.composite
def variants(draw: st.DrawFn, after: bool = False) -> Rules:
    """A random rule set; ``after``: always one of the phases after the auction (a draw
    or a kitty, robbing, a called partner)."""
    count = draw(st.integers(2, 6))
    partnerships = "none"
    if count == 4:
        partnerships = draw(st.sampled_from(["none", "2x2"]))
    elif count == 6:
        partnerships = draw(st.sampled_from(["none", "3x2", "2x3"]))
    jokers = draw(st.integers(0, 2))
    chosen_by = draw(st.sampled_from(["pitcher_names", "turned_card"] if after
                                     else ["first_lead", "pitcher_names", "turned_card"]))
    shown = draw(st.sampled_from(["returned", "out_of_play"]))
    ranks = draw(st.sampled_from(["AKQJT98765432", "AKQJT92", "AKQJT987654"]))
    without = draw(st.sampled_from([[], ["2C", "AD"]]))
    plain = 4 * len(ranks) - len(without)
    deck = plain + jokers - (1 if chosen_by == "turned_card" and shown == "out_of_play" else 0)
    per: Any = draw(st.integers(1, min(9, deck // count)) if after else
                    st.one_of(st.integers(1, min(9, deck // count)), st.just("all")))
    style = draw(st.sampled_from(["one_round", "until_one_left", "sell"] if after
                                 else ["one_round", "until_one_left", "sell", "none"]))
    min_bid = draw(st.integers(1, 3))
    max_bid = draw(st.integers(min_bid, 5))
    stages = [] if after else draw(st.one_of(st.just([]), st.lists(st.integers(1, 4),
                                                                    min_size=1, max_size=3)))
    method = draw(st.sampled_from(["points", "points", "combinations"]))
    money = partnerships == "none" and draw(st.booleans())
    data: dict[str, Any] = {
        "players": {"count": count, "partnerships": partnerships},
        "deck": {"jokers": jokers, "ranks": list(ranks), "without": without},
        "deal": {
            "first_dealer": draw(st.one_of(st.just("random"), st.integers(0, count - 1))),
            "direction": draw(st.sampled_from(["left", "right"])),
            "cards_per_hand": per,
            "packet_size": draw(st.integers(1, 4)),
            "weak_hand_below": draw(st.sampled_from([None, "A", "J", "9"])),
        },
        "trump": {
            "chosen_by": chosen_by, "shown_card": shown,
            "off_jack": draw(st.sampled_from([None, True, False])),
            "off_five": draw(st.booleans()),
            "joker_rank": draw(st.sampled_from(
                ["below_off_jack", "below_jack", "highest", "lowest"])),
            "joker_order": draw(st.sampled_from(["big_above_little", "first_played_higher"])),
            "pitched_joker": draw(st.sampled_from(["not_allowed", "makes_spades"])),
        },
        "auction": {
            "style": style, "min_bid": min_bid, "max_bid": max_bid,
            "pitch_to_bid": style != "sell" and draw(st.booleans()),
            "when_all_pass": draw(st.sampled_from(
                ["dealer_must_bid", "redeal", "same_dealer_redeals", "dealer_set"])),
            "dealer_forced_bid": draw(st.integers(1, 4)),
            "dealer_may_steal": draw(st.booleans()),
            "dealer_may_steal_max": draw(st.booleans()),
        },
        "moon": {
            "allowed": draw(st.booleans()),
            "requires": draw(st.sampled_from(
                ["all_points_and_tricks", "all_points", "all_tricks"])),
            "points_made": draw(st.one_of(st.none(), st.integers(0, 10))),
            "points_failed": draw(st.integers(0, 10)),
            "made_wins_game": draw(st.booleans()),
            "failed_loses_game": draw(st.booleans()),
            "money_made": draw(st.integers(0, 200)),
            "money_failed": draw(st.integers(0, 200)),
        },
        "play": {
            "following": draw(st.sampled_from(
                ["follow_or_trump", "must_follow", "must_follow_then_trump", "any_card"])),
            "first_lead_must_be_trump": draw(st.booleans()),
            "trick_winner": draw(st.sampled_from(["highest_trump", "suit_led"])),
            "first_leader": draw(st.sampled_from(["pitcher", "left_of_dealer"])),
            "stages": stages,
            "never_lead_joker": draw(st.booleans()),
        },
        "points": {
            "items": [_item_mapping(item) for item in draw(point_item_lists(jokers))],
            "high_goes_to": draw(st.sampled_from(["capturer", "holder", "player"])),
            "low_goes_to": draw(st.sampled_from(["capturer", "holder", "player"])),
            "lone_trump": draw(st.sampled_from(["high_and_low", "high_only"])),
            "undealt_jack": draw(st.sampled_from(["no_point", "pitcher"])),
            "game_tie": draw(st.sampled_from(["nobody", "elder_hand", "split"])),
            "slam_requires": draw(st.sampled_from(
                ["all_points_and_tricks", "all_points", "all_tricks"])),
            "joker_game_halves": draw(st.integers(0, 2)),
        },
        "scoring": {
            "method": method,
            "made_bid_scores": draw(st.sampled_from(["points_won", "bid"])),
            "set_back": draw(st.one_of(st.just("bid"), st.integers(1, 5))),
            "opponents_score": draw(st.booleans()),
            "minimum_score": draw(st.one_of(st.none(), st.integers(-10, 0))),
            "target": draw(st.one_of(st.none(), st.integers(1, 12))),
            "win_only_as_pitcher": draw(st.booleans()),
            "bidder_goes_out": draw(st.booleans()),
            "several_reach": draw(st.sampled_from(
                ["point_order", "higher_score", "tie_to_pitcher"])),
            "all_points_wins_game": draw(st.booleans()),
            "hands": draw(st.one_of(st.none(), st.integers(1, MAX_HANDS))),
            "tie": draw(st.sampled_from(["draw", "replay", "another_hand"])),
            "losing_score": draw(st.one_of(st.none(), st.integers(-8, 0))),
            "win_needs_made_bid": draw(st.booleans()),
        },
        "money": {"enabled": money, "cents_per_point": draw(st.integers(1, 25))},
    }
    data["auction"] |= auction_forms(draw, style, min_bid, max_bid)
    auction = data["auction"]
    low = max(auction["opening_min_bid"] or min_bid, auction["dealer_forced_bid"])
    if not auction["pitch_to_bid"] and low <= max_bid and draw(st.booleans()):
        auction["opening_max_bid"] = draw(st.integers(low, max_bid))  # a first-bid cap
    if per != "all" and not stages and chosen_by != "first_lead" and (after
                                                                      or draw(st.booleans())):
        data["auction"]["pitch_to_bid"] = False
        data |= after_the_auction(draw, count, deck, per, style != "none", partnerships)
        if (style != "none" and partnerships == "none" and count >= 3
                and method == "points" and draw(st.booleans())):
            data["call"] = {"partner": True,  # a called partner (issue 11)
                            "own_card": draw(st.sampled_from(["alone", "not_allowed"]))}
    if partnerships != "none" and style != "none" and not data["play"].get("stages") \
            and draw(st.booleans()):
        # a bid to play alone (issue 10): the partners sit out when the pitcher says so
        data["auction"] |= {"alone": True, "pitch_to_bid": False}
        data["scoring"]["alone_made_factor"] = draw(st.integers(1, 3))
    if data["deal"].get("weak_hand_below") and draw(st.booleans()):
        data["deal"]["weak_hand_misdeal"] = True  # a weak hand thrown in: a misdeal
    return rules_from_mapping(data)


def auction_forms(draw: st.DrawFn, style: str, min_bid: int, max_bid: int) -> dict[str, Any]:
    """Bidding direction, equal bids, an opening floor (issue 11)."""
    out: dict[str, Any] = {"direction": draw(st.sampled_from(["play", "left", "right"]))}
    if style in ("one_round", "sell"):
        out["may_equal"] = draw(st.sampled_from(["none", "max_bid", "any"]))
    out["opening_min_bid"] = draw(st.one_of(st.none(), st.integers(min_bid, max_bid)))
    return out


def after_the_auction(draw: st.DrawFn, count: int, deck: int, per: int,
                      has_pitcher: bool, partnerships: str) -> dict[str, Any]:
    """A draw, a kitty, trumps-only play (issue 11), only where they fit the deal."""
    hand_size = draw(st.integers(max(1, per - 3), per))
    while count * hand_size > deck:
        hand_size -= 1
    trumps_only = draw(st.booleans())
    undealt = deck - count * per
    # who robs the pack: the dealer, the pitcher (who may pass the rest to its partner;
    # either may pass the whole pack unseen to its partner instead of robbing)
    robs = draw(st.sampled_from(["none", "dealer", "pitcher"] if has_pitcher
                                else ["none", "dealer"]))
    kitty = draw(st.integers(0, min(4, undealt)))
    # the kitty's taker gives cards from it to its partner
    give = draw(st.integers(0, kitty)) if partnerships != "none" else 0
    return {
        "deal": {"cards_per_hand": per, "kitty": kitty,
                 "kitty_to": draw(st.sampled_from(["pitcher", "dealer"] if has_pitcher
                                                  else ["dealer"]))},
        "draw": {
            "discard": draw(st.sampled_from(
                ["non_trumps", "up_to", "at_least", "down_to_hand_size"])),
            "count": draw(st.integers(0, 4)), "hand_size": hand_size,
            "dealer_robs": robs == "dealer", "pitcher_robs": robs == "pitcher",
            "rest_to_partner": robs == "pitcher" and partnerships != "none"
            and draw(st.booleans()),
            # the robber may pass the pack unseen to its partner instead
            "pack_to_partner": robs != "none" and partnerships != "none"
            and draw(st.booleans()),
            "give_to_partner": give,
            "extra_trumps": draw(st.sampled_from(
                ["discard_face_up", "show_and_keep"] if trumps_only else ["discard_face_up"])),
        },
        "play": {"trumps_only": trumps_only},
    }


def _item_mapping(item: PointItem) -> dict[str, Any]:
    if item.card is not None:
        return {"card": item.card.value, "value": item.value, "goes_to": item.goes_to.value}
    assert item.point is not None
    return {"point": item.point.value, "value": item.value}


def check_cards(game: Game) -> None:
    """Every dealt card is in exactly one place: a hand, a reserve, the trick, captured."""
    if game.phase is Phase.DEAL or game.phase is Phase.OVER:
        return
    places = list(game.hands) + list(game.reserve) + list(game.captured)
    places.append(sum(1 << c for c in game.play_state.trick))
    places += list(game.set_aside().values())  # the pack, the kitty, discards
    dealt = 0
    for m in game.dealt:
        assert dealt & m == 0
        dealt |= m
    if game._draw is None:
        for _, m in game.observation(0).thrown_in:
            # weak hands thrown in (deal.weak_hand_below): shown, then out of play (with
            # a draw they go under the pack, and the deck is checked whole below)
            assert dealt & m == 0, "a thrown-in card is still in a hand"
            dealt |= m
    else:
        # the deck conserved through the kitty, discards and draws
        dealt = sum(1 << c for c in game.rules.deck.cards())
        if game.turned is not None and game.rules.trump.shown_card.value == "out_of_play":
            dealt &= ~(1 << game.turned)
    seen = 0
    for m in places:
        assert seen & m == 0, "a card is in two places"
        seen |= m
    assert seen == dealt, "a card is lost or appeared"


def check_after_action(game: Game, event: Any) -> None:
    check_cards(game)
    state = game._draw
    if state is not None and state.given and game.phase is not Phase.DEAL:
        # the cards given to a partner: seen by the giver and the receiver only
        for seat in range(game.n):
            seen = game.observation(seat).given
            assert (seen is not None) == (seat in (state.giver, state.receiver))
            assert seen is None or seen == (state.receiver, state.given)
    if state is not None and game.phase is Phase.DRAW:
        # the cards dealt from the pack (or passed on with it, draw.pack_to_partner):
        # seen by their holder only, and never another seat's cards
        for seat in range(game.n):
            seen = game.observation(seat)
            others = sum(game.hands[o] for o in range(game.n) if o != seat)
            assert not seen.drawn & others, "a seat sees cards another seat holds"
            choice = seen.draw_choice
            assert choice is None or not choice.cards & others
    if event.trick_winner is not None and game.phase in (Phase.PLAY, Phase.SELECT):
        folded = game.rules.play.trumps_only and not game.hands[event.trick_winner]
        assert game.to_act == event.trick_winner or folded, "the trick winner leads next"
    if game.phase in (Phase.DEAL, Phase.OVER):
        assert game.to_act is None and game.legal_actions() == []
    else:
        assert game.to_act is not None and game.legal_actions() != []
    teams = game.team_of
    for s in range(game.n):
        for t in range(game.n):
            if teams[s] == teams[t]:
                assert game.scores[s] == game.scores[t], "partners' scores are equal"
    money = game.settlement()
    if money is not None:
        assert sum(money.values()) == 0
    check_partner_secret(game)


def check_partner_secret(game: Game) -> None:
    """A called partner: only the partner knows it until the called card is played."""
    called = game._call
    if called is None or game.phase in (Phase.DEAL, Phase.OVER):
        return
    played = sum(1 << c for c in game.play_state.trick)
    for mask in game.captured:
        played |= mask
    for seat in range(game.n):
        seen = game.observation(seat)
        assert seen.called == called.card
        knows = called.partner >= 0 and (seat == called.partner or played >> called.card & 1)
        if knows:
            assert seen.team_of[called.partner] == seen.team_of[game.pitcher]
        else:
            assert seen.team_of == game.team_of, "a seat sees the secret partner"


def check_hand(game: Game, rules: Rules) -> None:
    result = game.hand_results[-1]
    sides = len(set(game.team_of))
    # the hand's sides: a called partner scores with the pitcher (one side, not two)
    team = list(game.team_of)
    if result.partner is not None and result.pitcher is not None:
        team[result.partner] = team[result.pitcher]
    value = {item.name: item.value for item in rules.points.items}
    credited = sum(value[name] * len({team[s] for s in seats})
                   for name, seats in result.points.items())
    assert credited <= available_points(rules, sides)  # never more than the items' total
    assert set(result.points) <= set(rules.point_names())
    if not result.thrown_in and not rules.play.trumps_only:
        # every trick of the hand went to someone
        tricks = sum(len(t[1]) for t in game.play_state.tricks)
        playing = game.n
        if result.pitcher is not None and ALONE in (a for _, a in game.observation(0).bids):
            # auction.alone: the pitcher's partners sat out every trick
            playing = game.n - team.count(team[result.pitcher]) + 1
        assert tricks == sum(result.tricks_won) * playing


def reference_order(rules: Rules, trump: int) -> list[int]:
    """Every trump, highest first, from the rule text (independently of the engine)."""
    other = {0: 3, 3: 0, 1: 2, 2: 1}[trump]
    off_jack = rules.points.scores("jick") if rules.trump.off_jack is None else rules.trump.off_jack
    order: list[int] = []
    for rank in range(12, -1, -1):  # ace down to two
        order.append(trump * 13 + rank)
        if rank == 9 and off_jack:
            order.append(other * 13 + 9)
        if rank == 3 and rules.trump.off_five:
            order.append(other * 13 + 3)
    jokers = [52, 53][:rules.deck.jokers]
    at = {"highest": 0, "lowest": len(order),
          "below_jack": order.index(trump * 13 + 9) + 1,
          "below_off_jack": order.index(trump * 13 + 9) + 1 + off_jack}[
              rules.trump.joker_rank.value]
    return order[:at] + jokers + order[at:]


def reference_winner(cards: tuple[int, ...], rules: Rules, trump: int) -> int:
    """The trick winner computed from the rule text, independently of the engine."""
    order = reference_order(rules, trump)
    equal_jokers = rules.trump.joker_order.value == "first_played_higher"

    def rank(card: int) -> int:  # identical jokers share one place: the first played wins
        return order.index(52) if equal_jokers and card >= 52 else order.index(card)

    def suit(card: int) -> int:
        return trump if card in order else card // 13

    led = suit(cards[0])
    if rules.play.trick_winner.value == "highest_trump" or led == trump:
        trumps = [c for c in cards if c in order]
        if trumps:
            return cards.index(min(trumps, key=rank))
    follows = [c for c in cards if suit(c) == led]
    return cards.index(max(follows, key=lambda c: c % 13))


def check_trick_winners(game: Game, rules: Rules) -> None:
    if game.trump is None:
        return
    for i, (leader, cards, winner) in enumerate(game.play_state.tricks):
        nexts = game.play_state.trick_nexts  # trumps only: the seating of each trick
        # the hand's seating: every seat, or all but a lone pitcher's partners
        step = nexts[i] if nexts else game.play_state.next_active
        seats = [leader]
        for _ in cards[1:]:
            seats.append(step[seats[-1]])
        assert seats[reference_winner(cards, rules, game.trump)] == winner


def is_legal_now(game: Game, action: Any) -> bool:
    """Whether ``action`` (an int or a record spelling) is legal now, worked out from the
    listed legal actions and the select rule, not by the engine's own check."""
    if isinstance(action, str):
        try:
            action = parse_action(action)
        except ValueError:
            return False
    if game.phase is Phase.DRAW:
        choice = game.draw_choice()
        chosen = action & CARD_BITS
        flag = KEEP_FLAG if choice.verb == "keep" else DISCARD_FLAG
        return (action & ~CARD_BITS == flag and not chosen & ~choice.cards
                and chosen & choice.must == choice.must
                and choice.least <= chosen.bit_count() <= choice.most)
    if game.phase is Phase.SELECT:
        assert game.to_act is not None
        chosen = action & CARD_BITS
        return (action >= SELECT_FLAG and not action & ~(SELECT_FLAG | CARD_BITS)
                and not chosen & ~game.reserve[game.to_act]
                and chosen.bit_count() == game.select_count)
    return action in game.legal_actions()


def play_game(rules: Rules, seed: int, check: bool) -> Game:
    rng = random.Random(seed)
    game = Game(rules, random.Random(seed + 1))
    hands = 0
    while game.phase is not Phase.OVER:
        if game.phase is Phase.DEAL:
            if hands == MAX_HANDS:
                break
            if hands and game.ledger is not None and rng.random() < 0.3:
                if game.n > 2 and rng.random() < 0.5:
                    game.leave([rng.randrange(game.n)])
                elif game.n < 8 and cards_needed(rules, game.n + 1) <= len(rules.deck.cards()):
                    game.join(1)
            hands += 1
            game.deal_random()
            if check:
                check_cards(game)
            continue
        legal = game.legal_actions()
        if game.phase is Phase.SELECT:
            event = game.apply(select_action(rng.sample(legal, game.select_count)))
        elif game.phase is Phase.DRAW:
            event = game.apply(random_action(game.draw_choice(), rng))
        else:
            event = game.apply(rng.choice(legal))
        if check:
            check_after_action(game, event)
            if event.hand_result is not None:
                check_hand(game, rules)
                check_trick_winners(game, rules)
    return game


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_random_variants_keep_every_invariant(rules: Rules, seed: int) -> None:
    play_game(rules, seed, check=True)


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(after=True), seed=st.integers(0, 2**32))
def test_variants_after_the_auction_keep_every_invariant(rules: Rules, seed: int) -> None:
    """The draw, the kitty, robbing the pack and a called partner, always present."""
    play_game(rules, seed, check=True)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_same_seed_same_game_and_event_log_replays(rules: Rules, seed: int) -> None:
    game = play_game(rules, seed, check=False)
    again = play_game(rules, seed, check=False)
    assert again.snapshot() == game.snapshot()
    assert again.events == game.events
    replayed = replay_events(rules, game.events, game.first_dealer)
    assert replayed.snapshot() == game.snapshot()
    assert replayed.events == game.events
    from_record = replay_record(game_to_record(game, check_rules=False), rules=rules).game
    assert from_record.snapshot() == game.snapshot()


@settings(max_examples=30, deadline=None)
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_clone_is_independent(rules: Rules, seed: int) -> None:
    game = play_game(rules, seed, check=False)
    if game.phase is Phase.OVER:
        return
    before = game.snapshot()
    copy = game.clone()
    assert copy.snapshot() == before
    if copy.phase is Phase.DEAL:
        copy.deal_random()
    else:
        legal = copy.legal_actions()
        if copy.phase is Phase.SELECT:
            copy.apply(select_action(legal[:copy.select_count]))
        elif copy.phase is Phase.DRAW:
            copy.apply(random_action(copy.draw_choice(), random.Random(0)))
        else:
            copy.apply(legal[0])
    assert game.snapshot() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32),
       junk=st.lists(st.one_of(st.integers(-3, 120), st.text(max_size=12),
                               st.sampled_from(["pass", "bid 2", "bid moon", "trump H",
                                                "play AS", "select AS KD"])),
                     min_size=1, max_size=8))
def test_an_illegal_action_raises_a_reason_and_changes_nothing(
        rules: Rules, seed: int, junk: list[Any]) -> None:
    rng = random.Random(seed)
    game = Game(rules, random.Random(seed + 1))
    for _ in range(60):
        if game.phase is Phase.OVER:
            break
        if game.phase is Phase.DEAL:
            game.deal_random()
            continue
        for bad in junk:
            if is_legal_now(game, bad):
                continue  # legal after all (a string spelling of a legal action)
            before = game.snapshot()
            with pytest.raises(IllegalActionError) as refused:
                game.apply(bad)
            assert str(refused.value) and "\n" not in str(refused.value)
            assert game.snapshot() == before
        if game.phase in (Phase.DEAL, Phase.OVER):
            continue
        legal = game.legal_actions()
        if game.phase is Phase.SELECT:
            game.apply(select_action(rng.sample(legal, game.select_count)))
        elif game.phase is Phase.DRAW:
            game.apply(random_action(game.draw_choice(), rng))
        else:
            game.apply(rng.choice(legal))


def test_clone_copies_every_list_it_holds() -> None:
    from pitchkit.engine import _LIST_SLOTS
    from pitchkit.load import load_variant

    for name in ("money-pitch", "pimps-and-hoes"):
        game = play_game(load_variant(name), 3, check=False)
        for slot in Game.__slots__:
            if isinstance(getattr(game, slot), list):
                assert slot in _LIST_SLOTS, slot
        copy = game.clone(random.Random(1))
        for slot in _LIST_SLOTS:
            assert getattr(copy, slot) == getattr(game, slot)
            assert getattr(copy, slot) is not getattr(game, slot)


def test_observation_has_every_field_without_a_draw() -> None:
    """A variant with no draw still gives the draw fields their defaults (not IndexError)."""
    from pitchkit.load import load_variant

    game = Game(load_variant("auction-pitch"), random.Random(3))
    game.deal_random()
    seen = game.observation(game.to_act)
    assert (seen.draw_choice, seen.drawn, seen.shown) == (None, 0, ())
    assert len(seen) == len(type(seen)._fields)
