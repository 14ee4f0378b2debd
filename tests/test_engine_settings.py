"""No engine setting changes nothing: flipping any one setting the engine honours changes
the games played from the same seeds (the event log or the hands' results)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pitchkit.actions import select_action
from pitchkit.draw import random_action
from pitchkit.engine import Game, Phase
from pitchkit.load import load_schema
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
TWO_OF_TRUMPS_TO_HOLDER = {"card": "two_of_trumps", "goes_to": "holder"}
CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({}, {"players": {"count": 3}}),
    ({}, {"players": {"partnerships": "2x2"}}),
    ({}, {"deck": {"jokers": 1}}),
    ({}, {"deck": {"ranks": ["A", "K", "Q", "J", "T", "9", "2"]}}),
    ({}, {"deck": {"without": ["2C", "2D"]}}),
    ({}, {"deal": {"first_dealer": 2}}),
    ({}, {"deal": {"direction": "right"}}),
    ({}, {"deal": {"cards_per_hand": 4}}),
    ({}, {"deal": {"cards_per_hand": "all"}}),
    ({}, {"deal": {"packet_size": 1}}),
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
]


def games(data: dict[str, Any]) -> list[Any]:
    rules = rules_from_mapping(data)
    played = []
    for seed in SEEDS:
        rng = random.Random(seed)
        game = Game(rules, random.Random(seed + 1000))
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
                game.apply(select_action(rng.sample(legal, game.select_count)))
            elif game.phase is Phase.DRAW:
                game.apply(random_action(game.draw_choice(), rng))
            else:
                game.apply(rng.choice(legal))
        played.append((game.events, game.hand_results))
    return played


@pytest.mark.parametrize(("base", "change"), CASES,
                         ids=[str(change) for _, change in CASES])
def test_every_engine_setting_changes_the_games(base: dict[str, Any],
                                                 change: dict[str, Any]) -> None:
    assert games(base) != games(merged(base, change))


#: Settings that change no play (scores, money, moon and combination values, what the
#: file is called), each with the test file that shows its effect.
SHOWN_ELSEWHERE = {
    "auction.dealer_forced_bid_exact": "test_rules_play_auction.py",
    "moon.requires": "test_scoring.py",
    "moon.points_made": "test_scoring.py",
    "moon.points_failed": "test_scoring.py",
    "moon.made_wins_game": "test_settle.py",
    "moon.failed_loses_game": "test_game_end.py",
    "moon.money_made": "test_money.py",
    "moon.money_failed": "test_money.py",
    "points.low_goes_to": "test_rules_points.py",
    "points.lone_trump": "test_scoring.py",
    "points.undealt_jack": "test_scoring.py",
    "points.card_values": "test_scoring.py",
    "points.game_tie_card": "test_rules_points.py",
    "combinations.keep": "test_scoring.py",
    "combinations.singles": "test_combos.py",
    "combinations.pairs": "test_combos.py",
    "combinations.reusable": "test_combos.py",
    "scoring.method": "test_scoring.py",
    "scoring.made_bid_scores": "test_scoring.py",
    "scoring.set_back": "test_scoring.py",
    "scoring.opponents_score": "test_scoring.py",
    "scoring.minimum_score": "test_settle.py",
    "scoring.target": "test_rules_points.py",
    "scoring.win_only_as_pitcher": "test_game_end.py",
    "scoring.bidder_goes_out": "test_settle.py",
    "scoring.hands": "test_rules_points.py",
    "scoring.tie": "test_scoring.py",
    "scoring.losing_score": "test_game_end.py",
    "scoring.win_needs_made_bid": "test_game_end.py",
    "money.enabled": "test_money.py",
    "money.cents_per_point": "test_money.py",
}


def schema_settings() -> list[str]:
    """Every ``section.key`` setting of schemas/variant.schema.json."""
    return [f"{section}.{key}" for section, spec in load_schema()["properties"].items()
            if spec.get("type") == "object" for key in spec["properties"]]


def test_every_schema_setting_is_changed_here_or_shown_elsewhere() -> None:
    """The list of settings above is checked against the schema: a new setting fails
    here until a case plays it or a named test file shows its effect."""
    changed = {f"{section}.{key}" for _, change in CASES
               for section, keys in change.items() for key in keys}
    settings = schema_settings()
    assert [s for s in settings if s not in changed and s not in SHOWN_ELSEWHERE] == []
    assert [s for s in changed | set(SHOWN_ELSEWHERE) if s not in settings] == []
    folder = Path(__file__).parent
    for setting, test_file in SHOWN_ELSEWHERE.items():
        assert setting.split(".")[1] in (folder / test_file).read_text(), (setting, test_file)
