"""No engine setting changes nothing: flipping any one setting the engine honours changes
the games played from the same seeds (the event log or the hands' results)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from setting_marks import marked_settings

from pitchkit.actions import (
    BID_BASE,
    CALL_BASE,
    KEEP_FLAG,
    MOON,
    PACK_TO_PARTNER,
    PASS,
    select_action,
)
from pitchkit.draw import random_action
from pitchkit.engine import Game, Phase
from pitchkit.schema import setting_names
from pitchkit.variant import rules_from_mapping

SEEDS = range(40)
HANDS = 3

def merged(base: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    out = {key: dict(value) for key, value in base.items()}
    for key, value in change.items():
        out[key] = {**out.get(key, {}), **value}
    return out


#: The seeds' four points, as format 2 items.
FOUR: list[dict[str, Any]] = [{"point": word} for word in ("high", "low", "jack", "game")]

#: (base mapping, setting changed) — the base is source B's defaults unless given.
TURNED = {"trump": {"chosen_by": "turned_card"}}
#: two jokers, the off-jack a trump, and all 54 cards dealt: the jokers are always in play
JOKERS = {"deck": {"jokers": 2}, "points": {"items": [*FOUR, {"point": "jick"}]},
          "players": {"count": 6}, "deal": {"cards_per_hand": 9}}
STAGED = {"deal": {"cards_per_hand": 8}, "auction": {"style": "none"},
          "play": {"first_leader": "left_of_dealer"}, "trump": {"chosen_by": "turned_card"}}
#: nine cards dealt, trump named by the pitcher: a base for the draw (draw.hand_size 6
#: and a discard style: DRAW)
DEAL_NINE = {"deal": {"cards_per_hand": 9}, "trump": {"chosen_by": "pitcher_names"},
             "draw": {"hand_size": 6}}
DRAW = merged(DEAL_NINE, {"draw": {"discard": "non_trumps"}})
STAGED_3_3 = merged(STAGED, {"play": {"stages": [3, 3]}})
#: two teams of two, the pitcher robbing the pack after the others' draw
ROBBING_PARTNERS = merged(DRAW, {"players": {"partnerships": "2x2"},
                                 "draw": {"pitcher_robs": True}})
#: two teams of two, a kitty of four to the pitcher, everyone discarding down to six
KITTY_PARTNERS = merged(DEAL_NINE, {"players": {"partnerships": "2x2"},
                                    "deal": {"kitty": 4},
                                    "draw": {"discard": "down_to_hand_size"}})
#: the pitcher names trump (a base for calling a partner), and one that calls
NAMED = {"trump": {"chosen_by": "pitcher_names"}, "players": {"count": 5}}
CALLING = merged(NAMED, {"call": {"partner": True}})
TWO_OF_TRUMPS_TO_HOLDER = {"card": "two_of_trumps", "goes_to": "holder"}
CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({}, {"players": {"count": 3}}),
    ({}, {"players": {"partnerships": "2x2"}}),
    ({"players": {"partnerships": "2x2"}}, {"auction": {"alone": True}}),
    ({}, {"deck": {"jokers": 1}}),
    ({}, {"deck": {"ranks": ["A", "K", "Q", "J", "T", "9", "2"]}}),
    ({}, {"deck": {"without": ["2C", "2D"]}}),
    ({}, {"deal": {"first_dealer": 2}}),
    ({}, {"deal": {"direction": "right"}}),
    ({}, {"deal": {"cards_per_hand": 4}}),
    ({}, {"deal": {"cards_per_hand": "all"}}),
    ({}, {"deal": {"packet_size": 1}}),
    # a weak hand thrown in, on each way of dealing: drawn cards, a turned card, a pack
    ({}, {"deal": {"weak_hand_below": "J"}}),
    (TURNED, {"deal": {"weak_hand_below": "J"}}),
    (DRAW, {"deal": {"weak_hand_below": "Q"}}),
    ({}, {"trump": {"chosen_by": "pitcher_names"}}),
    ({}, {"trump": {"chosen_by": "turned_card"}}),
    # the shown card comes from the middle: it matters once the deal goes past the middle
    (merged(TURNED, {"deal": {"cards_per_hand": 9}}), {"trump": {"shown_card": "out_of_play"}}),
    ({}, {"auction": {"style": "until_one_left"}}),
    ({}, {"auction": {"style": "none"}}),
    ({}, {"auction": {"min_bid": 2}}),
    ({}, {"auction": {"max_bid": 3}}),
    ({}, {"auction": {"pitch_to_bid": True}}),
    ({}, {"auction": {"when_all_pass": "redeal"}}),
    ({}, {"auction": {"when_all_pass": "same_dealer_redeals"}}),
    ({}, {"auction": {"when_all_pass": "dealer_set"}}),
    ({}, {"auction": {"dealer_forced_bid": 3}}),
    ({}, {"auction": {"dealer_may_steal": False}}),
    ({}, {"auction": {"dealer_may_steal_max": True}}),
    ({}, {"moon": {"allowed": True}}),
    ({}, {"play": {"following": "must_follow"}}),
    ({}, {"play": {"following": "must_follow_then_trump"}}),
    ({}, {"play": {"following": "any_card"}}),
    (TURNED, {"play": {"first_lead_must_be_trump": True}}),
    ({}, {"play": {"trick_winner": "suit_led"}}),
    ({}, {"play": {"first_leader": "left_of_dealer"}}),
    (STAGED, {"play": {"stages": [3, 3]}}),
    ({}, {"points": {"items": [*FOUR, {"point": "jick"}]}}),
    ({}, {"points": {"items": [*FOUR[:2], {"point": "jack", "value": 3}, FOUR[3]]}}),
    ({}, {"points": {"items": [*FOUR, {"card": "five_of_trumps", "value": 5}]}}),
    ({"points": {"items": [*FOUR, {"card": "two_of_trumps"}]}},
     {"points": {"items": [*FOUR, {"card": "two_of_trumps", "goes_to": "holder"}]}}),
    # with stages some cards are never played: to the holder, or to nobody
    (merged(STAGED_3_3, {"points": {"items": [*FOUR, TWO_OF_TRUMPS_TO_HOLDER]}}),
     {"points": {"items": [*FOUR, {"card": "two_of_trumps", "goes_to": "player"}]}}),
    (merged(STAGED_3_3, {"points": {"high_goes_to": "holder"}}),
     {"points": {"high_goes_to": "player"}}),
    ({"points": {"game_tie_card": "ace_of_trumps"}}, {"points": {"game_tie": "holder_of_card"}}),
    ({}, {"trump": {"off_jack": True}}),
    ({}, {"scoring": {"count": "down"}}),
    ({}, {"trump": {"off_five": True}}),
    (JOKERS, {"trump": {"joker_rank": "below_jack"}}),
    (JOKERS, {"trump": {"joker_rank": "highest"}}),
    (JOKERS, {"trump": {"joker_rank": "lowest"}}),
    (JOKERS, {"trump": {"joker_order": "first_played_higher"}}),
    (JOKERS, {"trump": {"pitched_joker": "makes_spades"}}),
    (JOKERS, {"play": {"never_lead_joker": True}}),
    ({}, {"auction": {"direction": "right"}}),
    ({}, {"auction": {"may_equal": "any"}}),
    ({}, {"auction": {"may_equal": "max_bid"}}),
    ({}, {"auction": {"opening_min_bid": 2}}),
    ({}, {"auction": {"opening_max_bid": 2}}),
    ({}, {"auction": {"style": "sell"}}),
    (DEAL_NINE, {"draw": {"discard": "non_trumps"}}),
    (DEAL_NINE, {"draw": {"discard": "up_to"}}),
    (DEAL_NINE, {"draw": {"discard": "at_least"}}),
    (DEAL_NINE, {"draw": {"discard": "down_to_hand_size"}}),
    (DRAW, {"draw": {"hand_size": 5}}),
    (merged(DRAW, {"draw": {"discard": "up_to", "hand_size": 9}}), {"draw": {"count": 1}}),
    (DRAW, {"draw": {"dealer_robs": True}}),
    (merged(DRAW, {"deal": {"cards_per_hand": 12}, "draw": {"hand_size": 4},
                   "play": {"trumps_only": True}}),
     {"draw": {"extra_trumps": "show_and_keep"}}),
    (merged(DRAW, {"draw": {"discard": "down_to_hand_size"}}), {"deal": {"kitty": 4}}),
    (merged(DRAW, {"deal": {"kitty": 4}}), {"deal": {"kitty_to": "dealer"}}),
    (DRAW, {"play": {"trumps_only": True}}),
    (DRAW, {"draw": {"pitcher_robs": True}}),
    (ROBBING_PARTNERS, {"draw": {"rest_to_partner": True}}),
    (ROBBING_PARTNERS, {"draw": {"pack_to_partner": True}}),
    (KITTY_PARTNERS, {"draw": {"give_to_partner": 2}}),
    (NAMED, {"call": {"partner": True}}),
    (CALLING, {"call": {"own_card": "not_allowed"}}),
]


class Decision(NamedTuple):
    """One decision of a played game, as the seat to act saw it."""

    phase: Phase
    seat: int
    dealer: int
    legal: tuple[int, ...]
    action: int
    hand: int
    trick: tuple[int, ...]
    trump: int | None


Played = list[tuple[Game, list[Decision]]]


#: the games of each rule mapping played so far: most cases share a base, and both tests
#: below play the base and the change (read only: no effect changes what it is handed)
_PLAYED: dict[str, Played] = {}


def play_games(data: dict[str, Any]) -> Played:
    key = json.dumps(data, sort_keys=True)
    if key not in _PLAYED:
        _PLAYED[key] = _play_games(data)
    return _PLAYED[key]


def _play_games(data: dict[str, Any]) -> Played:
    rules = rules_from_mapping(data)
    played = []
    for seed in SEEDS:
        rng = random.Random(seed)
        game = Game(rules, random.Random(seed + 1000))
        decisions: list[Decision] = []
        hands = 0
        while game.phase is not Phase.OVER:
            if game.phase is Phase.DEAL:
                if hands == HANDS:
                    break
                hands += 1
                game.deal_random()
                continue
            legal = game.legal_actions()
            if game.phase is Phase.SELECT:
                action = select_action(rng.sample(legal, game.select_count))
            elif game.phase is Phase.DRAW:
                action = random_action(game.draw_choice(), rng)
            else:
                action = rng.choice(legal)
            seat = game.to_act
            assert seat is not None
            decisions.append(Decision(game.phase, seat, game.dealer, tuple(legal), action,
                                      game.hands[seat], tuple(game.play_state.trick), game.trump))
            game.apply(action)
        played.append((game, decisions))
    return played


def games(data: dict[str, Any]) -> list[Any]:
    return [(game.events, game.hand_results) for game, _ in play_games(data)]


# ------------------------------------------------------------------ each setting's effect


def hands(played: Played) -> list[Any]:
    return [h for game, _ in played for h in game.hand_results]


def deals(played: Played) -> list[tuple[tuple[int, ...], int | None]]:
    return [e.detail for game, _ in played for e in game.events if e.kind == "deal"]


def decisions(played: Played, phase: Phase) -> list[Decision]:
    return [d for _, ds in played for d in ds if d.phase is phase]


def auctions(played: Played) -> list[list[Decision]]:
    """Each hand's auction decisions, in order."""
    out: list[list[Decision]] = []
    for _, ds in played:
        previous = None
        for d in ds:
            if d.phase is Phase.AUCTION:
                if previous is not Phase.AUCTION:
                    out.append([])
                out[-1].append(d)
            previous = d.phase
    return out


def bid_of(action: int) -> int | None:
    return action - BID_BASE if BID_BASE < action <= BID_BASE + 12 else None


def first_plays(played: Played) -> list[Decision]:
    """The opening lead of every hand played."""
    out = []
    for _, ds in played:
        previous = None
        for d in ds:
            if d.phase is Phase.PLAY and previous is not Phase.PLAY:
                out.append(d)
            previous = d.phase
    return out


def follows(played: Played) -> list[Decision]:
    return [d for d in decisions(played, Phase.PLAY) if d.trick]


def suit_mask(suit: int) -> int:
    return 0x1FFF << 13 * suit


def highs(auction: list[Decision]) -> list[int]:
    """The high bid before each decision of an auction (0 before any bid)."""
    out, high = [], 0
    for d in auction:
        out.append(high)
        high = max(high, bid_of(d.action) or 0)
    return out


def dealer_steals(auction: list[Decision], top: int | None = None) -> bool:
    high = 0
    for d in auction:
        bid = bid_of(d.action)
        if bid is not None:
            if d.seat == d.dealer and bid == high and (top is None or bid == top):
                return True
            high = max(high, bid)
    return False


def by_hand(played: Played) -> list[tuple[Any, list[Decision]]]:
    """Each hand's result with its decisions (auction to last trick; no hand thrown in)."""
    out = []
    for game, ds in played:
        groups: list[list[Decision]] = []
        previous = None
        for d in ds:
            if d.phase is Phase.AUCTION and previous is not Phase.AUCTION:
                groups.append([])
            groups[-1].append(d)
            previous = d.phase
        out += list(zip(game.hand_results, groups, strict=True))
    return out


def robbed_last_by(played: Played, robber: Callable[[int], int]) -> bool:
    """In every hand the draw ends with ``robber(pitcher)`` keeping cards, who did not
    discard before (the pitcher's partner does, after the pitcher)."""
    for result, ds in by_hand(played):
        draw = [d for d in ds if d.phase is Phase.DRAW]
        seat = robber(result.pitcher)
        if not draw or draw[-1].seat != seat or not draw[-1].action & KEEP_FLAG:
            return False
        if seat == result.pitcher and any(d.seat == seat for d in draw[:-1]):
            return False
    return True


def pack_passed_to_partner(played: Played) -> bool:
    """In some hand the pitcher, having drawn in its turn, passes the pack on and its
    partner keeps last."""
    for result, ds in by_hand(played):
        draw = [d for d in ds if d.phase is Phase.DRAW]
        passes = [d for d in draw if d.action == PACK_TO_PARTNER]
        if (passes and passes[0].seat == result.pitcher and draw[-1].action & KEEP_FLAG
                and draw[-1].seat == (result.pitcher + 2) % 4
                and any(d.seat == result.pitcher and d.action != PACK_TO_PARTNER
                        for d in draw[:-2])):
            return True
    return False


def called_partner_scores_with_pitcher(played: Played) -> bool:
    """Every hand: the pitcher calls a card; its holder (if another seat) is the hand's
    partner and scores what the pitcher scores."""
    seen_partner = False
    for result, ds in by_hand(played):
        calls = [d for d in ds if d.phase is Phase.CALL]
        if len(calls) != 1 or calls[0].seat != result.pitcher:
            return False
        card = calls[0].action - CALL_BASE
        holder = next((d.seat for d in ds if d.phase is Phase.PLAY and d.action == card
                       and d.seat != result.pitcher), None)
        if result.partner != holder:
            return False
        if holder is not None:
            seen_partner = True
            if result.score_changes[holder] != result.score_changes[result.pitcher]:
                return False
    return seen_partner


def trick_won_by_led_suit_over_a_trump(played: Played) -> bool:
    for game, _ in played:
        for leader, cards, winner in game.play_state.tricks:
            led = cards[0] // 13 if cards[0] < 52 else None
            seats = [leader]
            for _ in cards[1:]:
                seats.append(game.plan.seats.next_seat[seats[-1]])
            win_card = cards[seats.index(winner)]
            trump = game.hand_results[-1].trump if game.hand_results else None
            if (led is not None and led != trump and win_card // 13 == led
                    and any(c < 52 and c // 13 == trump for c in cards)):
                return True
    return False


#: For a case (by its id): the effect the setting describes, seen in the games played with
#: it and not in the games played from the base alone.
EFFECTS: dict[str, Callable[[Played], bool]] = {
    "{'players': {'count': 3}}": lambda p: all(g.n == 3 for g, _ in p),
    "{'players': {'partnerships': '2x2'}}": lambda p: all(
        h.score_changes[0] == h.score_changes[2] and h.score_changes[1] == h.score_changes[3]
        for h in hands(p)),
    "{'deck': {'jokers': 1}}": lambda p: any(m >> 52 & 1 for masks, _ in deals(p)
                                             for m in masks),
    "{'deal': {'first_dealer': 2}}": lambda p: all(g.first_dealer == 2 for g, _ in p),
    "{'deal': {'direction': 'right'}}": lambda p: all(
        a[0].seat == (a[0].dealer - 1) % 4 for a in auctions(p)),
    "{'deal': {'cards_per_hand': 4}}": lambda p: all(
        m.bit_count() == 4 for masks, _ in deals(p) for m in masks),
    "{'deal': {'cards_per_hand': 'all'}}": lambda p: all(
        m.bit_count() == 13 for masks, _ in deals(p) for m in masks),
    "{'trump': {'chosen_by': 'pitcher_names'}}": lambda p: any(
        d.phase is Phase.TRUMP for _, ds in p for d in ds),
    "{'trump': {'chosen_by': 'turned_card'}}": lambda p: all(
        turned is not None for _, turned in deals(p)) and all(
        h.trump == turned // 13 for h, (_, turned) in zip(hands(p), deals(p), strict=True)
        if turned is not None and not h.thrown_in),
    "{'trump': {'shown_card': 'out_of_play'}}": lambda p: all(
        not any(m >> turned & 1 for m in masks) for masks, turned in deals(p)
        if turned is not None),
    "{'auction': {'style': 'until_one_left'}}": lambda p: any(
        len({d.seat for d in a}) < len(a) for a in auctions(p)),
    "{'auction': {'style': 'none'}}": lambda p: not auctions(p) and all(
        h.pitcher is None for h in hands(p)),
    "{'auction': {'min_bid': 2}}": lambda p: all(
        bid_of(d.action) != 1 for a in auctions(p) for d in a),
    "{'auction': {'max_bid': 3}}": lambda p: all(
        (bid_of(d.action) or 0) <= 3 for a in auctions(p) for d in a),
    "{'auction': {'pitch_to_bid': True}}": lambda p: any(
        d.action < 54 for a in auctions(p) for d in a),
    # the dealer may pass too when everyone else passed (the deal is thrown in)
    "{'auction': {'when_all_pass': 'redeal'}}": lambda p: any(
        a[-1].seat == a[-1].dealer and PASS in a[-1].legal
        and all(d.action == PASS for d in a[:-1]) for a in auctions(p)),
    "{'auction': {'dealer_forced_bid': 3}}": lambda p: any(
        PASS not in d.legal and min(bid_of(x) or 99 for x in d.legal) == 3
        for a in auctions(p) for d in a),
    "{'auction': {'dealer_may_steal': False}}": lambda p: not any(
        dealer_steals(a) for a in auctions(p)),
    "{'auction': {'dealer_may_steal_max': True}}": lambda p: any(
        dealer_steals(a, top=4) for a in auctions(p)),
    "{'moon': {'allowed': True}}": lambda p: any(
        d.action == MOON for a in auctions(p) for d in a),
    "{'play': {'following': 'must_follow'}}": lambda p: all(
        set(d.legal) == {c for c in range(52)
                         if (d.hand & suit_mask(d.trick[0] // 13)) >> c & 1}
        for d in follows(p) if d.trick[0] < 52 and d.hand & suit_mask(d.trick[0] // 13)),
    "{'play': {'following': 'must_follow_then_trump'}}": lambda p: any(
        d.trump is not None and not d.hand & suit_mask(d.trick[0] // 13)
        and d.hand & suit_mask(d.trump) and d.hand & ~suit_mask(d.trump)
        and all(c // 13 == d.trump for c in d.legal)
        for d in follows(p) if d.trick[0] < 52),
    "{'play': {'following': 'any_card'}}": lambda p: any(
        d.hand & suit_mask(d.trick[0] // 13) and any(
            c // 13 not in (d.trick[0] // 13, d.trump) for c in d.legal)
        for d in follows(p) if d.trick[0] < 52),
    "{'play': {'first_lead_must_be_trump': True}}": lambda p: all(
        all(c // 13 == d.trump for c in d.legal)
        for d in first_plays(p) if d.trump is not None and d.hand & suit_mask(d.trump)),
    "{'play': {'trick_winner': 'suit_led'}}": trick_won_by_led_suit_over_a_trump,
    "{'play': {'first_leader': 'left_of_dealer'}}": lambda p: all(
        d.seat == (d.dealer + 1) % 4 for d in first_plays(p)),
    "{'play': {'stages': [3, 3]}}": lambda p: all(
        sum(h.tricks_won) == 6 for h in hands(p)),
    str({"points": {"items": [*FOUR, {"point": "jick"}]}}): lambda p: any(
        "jick" in h.points for h in hands(p)),
    "{'auction': {'direction': 'right'}}": lambda p: all(
        a[0].seat == (a[0].dealer - 1) % 4 for a in auctions(p)),
    "{'auction': {'may_equal': 'any'}}": lambda p: any(
        d.seat != d.dealer and bid_of(d.action) == high
        for a in auctions(p) for d, high in zip(a, highs(a), strict=True)),
    "{'auction': {'opening_min_bid': 2}}": lambda p: all(
        next((bid_of(d.action) for d in a if bid_of(d.action)), 2) >= 2 for a in auctions(p)),
    # the first bid at most 2, a later one above it
    "{'auction': {'opening_max_bid': 2}}": lambda p: all(
        next((bid_of(d.action) for d in a if bid_of(d.action)), 2) <= 2 for a in auctions(p))
    and any((bid_of(d.action) or 0) > 2 for a in auctions(p) for d in a),
    "{'draw': {'pitcher_robs': True}}": lambda p: robbed_last_by(p, lambda pitcher: pitcher),
    "{'draw': {'rest_to_partner': True}}": lambda p: robbed_last_by(
        p, lambda pitcher: (pitcher + 2) % 4),
    "{'draw': {'pack_to_partner': True}}": pack_passed_to_partner,
    # the taker gives first (13 cards less 2) and its partner discards from 9 + 2
    "{'draw': {'give_to_partner': 2}}": lambda p: any(
        d.hand.bit_count() == 11 for d in decisions(p, Phase.DRAW)),
    "{'call': {'partner': True}}": called_partner_scores_with_pitcher,
    # never a card of the pitcher's own (under alone, the pitcher may call one)
    "{'call': {'own_card': 'not_allowed'}}": lambda p: all(
        not d.hand >> (c - CALL_BASE) & 1 for d in decisions(p, Phase.CALL) for c in d.legal),
    "{'play': {'trumps_only': True}}": lambda p: all(
        c // 13 == d.trump or c >= 52 for d in decisions(p, Phase.PLAY) for c in d.legal),
}


@pytest.mark.parametrize(("base", "change"), [c for c in CASES if str(c[1]) in EFFECTS],
                         ids=[str(change) for _, change in CASES if str(change) in EFFECTS])
def test_each_engine_setting_has_its_described_effect(base: dict[str, Any],
                                                      change: dict[str, Any]) -> None:
    effect = EFFECTS[str(change)]
    assert effect(play_games(merged(base, change)))
    assert not effect(play_games(base))


@pytest.mark.parametrize(("base", "change"), CASES,
                         ids=[str(change) for _, change in CASES])
def test_every_engine_setting_changes_the_games(base: dict[str, Any],
                                                 change: dict[str, Any]) -> None:
    assert games(base) != games(merged(base, change))


def test_every_schema_setting_is_changed_here_or_marked_on_a_test() -> None:
    """Derived, not kept: a setting of the schema passes when a case above changes it or
    a test anywhere declares it with ``@pytest.mark.setting("section.key")`` (a setting
    that changes no play shows its effect there: scores, money, game ends). A new setting
    fails here until its own test carries the mark; no list is edited."""
    changed = {f"{section}.{key}" for _, change in CASES
               for section, keys in change.items() for key in keys}
    marked = marked_settings()
    settings = setting_names()
    assert [s for s in settings if s not in changed and s not in marked] == []
    assert sorted((changed | set(marked)) - set(settings)) == []


@pytest.mark.setting("money.enabled")
def test_the_marks_are_found_in_the_test_files() -> None:
    """This test's own mark, and one in another file, are found."""
    marked = marked_settings()
    assert "test_engine_settings.py::test_the_marks_are_found_in_the_test_files" \
        in marked["money.enabled"]
    assert "test_settle.py::test_target_wins" in marked["scoring.target"]


def test_every_effect_names_a_case() -> None:
    assert set(EFFECTS) <= {str(change) for _, change in CASES}
