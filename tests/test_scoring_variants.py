"""The shipped variants score as their files say (each file's readings, on one hand)."""

from __future__ import annotations

from pitchkit.cards import mask_of, parse_card, parse_suit
from pitchkit.combos import best_combination
from pitchkit.load import load_variant
from pitchkit.scoring import HandFacts, score_hand
from pitchkit.settle import settle_hand


def m(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def facts(dealt: list[str], captured: list[str], *, teams: int = 4, pitcher: int | None = 0,
          bid: int | None = 2, moon: bool = False, tricks: tuple[int, ...] = (0, 0, 0, 0)
          ) -> HandFacts:
    return HandFacts(trump=parse_suit("S"), dealer=3, team_of=tuple(s % teams for s in range(4)),
                     pitcher=pitcher, bid=bid, moon=moon, dealt=tuple(m(d) for d in dealt),
                     captured=tuple(m(c) for c in captured), tricks_won=tricks,
                     last_trick_winner=0)


LONE_JACK = ["JS 2H", "3H 4H", "5H 6H", "7H TH"]


def test_auction_pitch_lone_jack_scores_three() -> None:
    rules = load_variant("auction-pitch")
    score = score_hand(rules, facts(LONE_JACK, ["JS 2H 3H 5H", "", "", "4H 6H 7H TH"], bid=3))
    # seat 0: high, low and jack from the lone jack of trumps; seat 3 game (10 against 1)
    assert score.made is True and score.score_changes == (3, 0, 0, 1)


def test_money_pitch_lone_trump_is_high_and_low_and_high_to_holder() -> None:
    rules = load_variant("money-pitch")
    score = score_hand(rules, facts(LONE_JACK, ["2H 3H 5H", "JS", "", "4H 6H 7H TH"], bid=2))
    assert score.points["high"] == (0,)  # held by 0, captured by 1
    assert score.points["low"] == (1,)  # lone trump: also low, to its capturer
    assert score.points["jack"] == (1,)
    assert score.made is False and score.score_changes == (-2, 2, 0, 1)


def test_money_pitch_moon_needs_all_points_and_tricks() -> None:
    rules = load_variant("money-pitch")
    dealt = ["AS 2S JS KH", "3S TD QH 4C", "5C", "6C"]
    everything = ["AS 2S JS KH 3S TD QH 4C 5C 6C", "", "", ""]
    made = score_hand(rules, facts(dealt, everything, moon=True, bid=None,
                                   tricks=(6, 0, 0, 0)))
    assert made.moon_made is True and made.score_changes[0] == 4
    lost_trick = score_hand(rules, facts(dealt, everything, moon=True, bid=None,
                                         tricks=(5, 1, 0, 0)))
    assert lost_trick.moon_made is False and lost_trick.score_changes[0] == -4


def test_partnership_pitch_partners_share_and_win_together() -> None:
    rules = load_variant("partnership-pitch")
    dealt = ["AS 2S", "JS 3H", "TD 4H", "5H 6H"]
    f = facts(dealt, ["AS 2S", "3H", "JS TD", ""], teams=2, pitcher=2, bid=3)
    score = score_hand(rules, f)
    assert score.made is True and score.score_changes == (4, 0, 4, 0)
    state = settle_hand(rules, (3, 6, 3, 6), f, score, 5)
    assert state.over and state.winners == (0, 2) and state.scores == (7, 6, 7, 6)


def test_pimps_and_hoes_highest_total_wins_and_tie_replays() -> None:
    rules = load_variant("pimps-and-hoes")
    f = HandFacts(trump=0, dealer=1, team_of=(0, 1), pitcher=None, bid=None, moon=False,
                  dealt=(0, 0), captured=(m("AS QH QD KC JS TS 7H"), m("AH QS QC KD JH")),
                  tricks_won=(0, 0), last_trick_winner=0)
    score = score_hand(rules, f)
    assert score.combo_points == (37, 37)
    state = settle_hand(rules, (0, 0), f, score, 1)
    assert state.over and state.draw and state.replay
    assert best_combination(rules.combinations, [parse_card("AS")]).total == 8
