"""Source C ("Pimps & Hoes", seed 003 Russian), audited end to end: one test per clause
of the source, on hand-made deals played through the public API of the shipped variants
``pimps-and-hoes`` (2 players), ``pimps-and-hoes-4p`` and ``pimps-and-hoes-literal``.

The 2-player deal SH_DC gives seat 0 every spade and heart and seat 1 every diamond and
club, with diamonds trump (2D shown): whoever leads a suit the other cannot follow (and,
for seat 0, cannot trump) wins the trick, so each stage can be followed by hand.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from play_helpers import cards, names, tricks
from typer.testing import CliRunner

from pitchkit.cards import card_name, parse_card
from pitchkit.cli import app
from pitchkit.combos import best_combination
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.load import load_variant
from pitchkit.record import replay_record, result_json

VARIANT = "pimps-and-hoes"
runner = CliRunner()
RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")


def suit(s: str) -> str:
    return " ".join(r + s for r in RANKS)


SH_DC = (suit("S") + " " + suit("H"), suit("D") + " " + suit("C"))


def start(hands: Sequence[str] = SH_DC, *, turned: str = "2D", dealer: int = 1,
          variant: str = VARIANT) -> Game:
    game = Game(load_variant(variant), random.Random(5), dealer=dealer)
    game.deal_cards([cards(h) for h in hands], parse_card(turned))
    return game


def stage(game: Game, selects: dict[int, str], *plays: str) -> list[int]:
    """Every seat chooses its cards (the stage's leader first), then whole tricks."""
    while game.phase is Phase.SELECT:
        seat = game.to_act
        assert seat is not None
        game.apply("select " + selects[seat])
    return tricks(game, *plays)


# Stage 1: seat 0 leads spades, seat 1 (no spade, no trump chosen) throws clubs: seat 0
# wins all 7. Stage 2: seat 0 leads AH, seat 1 must trump (2D) and wins, then leads
# diamonds to the end. Stages 3 and 4: seat 1 leads and wins.
TIE_STAGES = (
    ({0: "AS KS QS JS 2S 3S 4S", 1: "AC KC QC JC 2C 3C 4C"},
     ("AS AC", "KS KC", "QS QC", "JS JC", "2S 2C", "3S 3C", "4S 4C")),
    ({0: "AH KH QH JH 2H", 1: "AD KD QD JD 2D"},
     ("AH 2D", "AD KH", "KD QH", "QD JH", "JD 2H")),
    ({1: "3D 4D 5D 6D 7D", 0: "5S 6S 7S 8S 9S"},
     ("3D 5S", "4D 6S", "5D 7S", "6D 8S", "7D 9S")),
    ({1: "8D 9D TD 5C 6C", 0: "TS 3H 4H 5H 6H"},
     ("8D TS", "9D 3H", "TD 4H", "5C 5H", "6C 6H")),
)

# As TIE_STAGES, but seat 1 throws low clubs in stage 1 and plays AC KC QC JC last.
WIN_STAGES = (
    ({0: "AS KS QS JS 2S 3S 4S", 1: "2C 3C 4C 5C 6C 7C 8C"},
     ("AS 2C", "KS 3C", "QS 4C", "JS 5C", "2S 6C", "3S 7C", "4S 8C")),
    TIE_STAGES[1],
    TIE_STAGES[2],
    ({1: "AC KC QC JC 8D", 0: "TS 3H 4H 5H 6H"},
     ("AC TS", "KC 3H", "QC 4H", "JC 5H", "8D 6H")),
)


def play_stages(game: Game, stages: Sequence[tuple[dict[int, str], Sequence[str]]]
                ) -> list[list[int]]:
    return [stage(game, selects, *plays) for selects, plays in stages]


def combo(text: str, keep_rules: str = VARIANT) -> int:
    return best_combination(load_variant(keep_rules).combinations, cards(text)).total


# --------------------------------------------------------------------------- players, deal


def test_c_two_or_four_players() -> None:
    assert load_variant("pimps-and-hoes").players.count == 2
    assert load_variant("pimps-and-hoes-4p").players.count == 4
    assert load_variant("pimps-and-hoes-4p").players.partnerships.value == "none"


def test_c_no_bidding() -> None:
    game = start()
    assert game.phase is Phase.SELECT
    assert game.pitcher is None


def test_c_shown_card_from_the_deck_sets_trump() -> None:
    game = start(turned="7H")
    assert game.trump == 1
    assert game.observation(1).turned == parse_card("7H")
    assert game.observation(0).trump == 1


def test_c_shown_card_drawn_from_the_seeded_deck_and_dealt_back() -> None:
    for seed in range(3):
        game = Game(load_variant(VARIANT), random.Random(seed), dealer=0)
        masks, turned = game.deal_random().detail
        assert turned is not None and game.trump == turned // 13
        # reading: the shown card returns to the deck, so all 52 are dealt evenly
        assert [m.bit_count() for m in masks] == [26, 26]
        assert (masks[0] | masks[1]).bit_count() == 52
        assert (masks[0] | masks[1]) >> turned & 1


def test_c_whole_deck_dealt_evenly_four_players() -> None:
    game = Game(load_variant("pimps-and-hoes-4p"), random.Random(3), dealer=0)
    masks, _ = game.deal_random().detail
    assert [m.bit_count() for m in masks] == [13, 13, 13, 13]


def test_c_a_deal_needs_the_shown_card() -> None:
    game = Game(load_variant(VARIANT), random.Random(0), dealer=1)
    with pytest.raises(IllegalActionError, match="this variant turns a card for trump"):
        game.deal_cards([cards(h) for h in SH_DC])


def test_c_rank_two_low_ace_high() -> None:
    game = start()
    winners = stage(game, {0: "2S 3S 4S 5S 6S 7S AS", 1: "2C 3C 4C 5C 6C 7C 8C"},
                    "2S 8C")
    # the club (a higher rank) does not beat the spade led
    assert winners == [0]


# --------------------------------------------------------------------------- stages


def test_c_stage_sizes_two_players() -> None:
    game = start()
    sizes = []
    for selects, plays in TIE_STAGES:
        sizes.append(game.select_count)
        stage(game, selects, *plays)
    assert sizes == [7, 5, 5, 5]
    assert game.phase is Phase.OVER
    # 22 of 26 cards played: 4 left in each hand take no part
    assert game.hand_results[-1].tricks_won == (7, 15)


def test_c_stage_sizes_four_players() -> None:
    game = Game(load_variant("pimps-and-hoes-4p"), random.Random(2), dealer=3)
    game.deal_random()
    sizes: list[tuple[int, int]] = []
    left: list[int] = []
    tricks = 0
    while game.phase is not Phase.OVER:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.SELECT:
            obs = game.observation(seat)
            if not sizes or sizes[-1][0] != obs.stage:
                sizes.append((obs.stage, game.select_count))
            k = game.select_count
            chosen = [c for c in range(52) if obs.reserve >> c & 1][:k]
            game.apply("select " + " ".join(card_name(c) for c in chosen))
            left.append(obs.reserve.bit_count() - k)
        else:
            event = game.apply(game.legal_actions()[0])
            tricks += event.trick_winner is not None
    assert [k for _, k in sizes] == [5, 3, 3]
    assert tricks == 11
    # 11 of 13 cards played: 2 left in each hand
    assert left[-4:] == [2, 2, 2, 2]


def test_c_each_player_chooses_any_cards_of_the_stage_size() -> None:
    game = start()
    assert game.select_count == 7
    with pytest.raises(IllegalActionError, match="seat 1 must choose 7 cards for stage 1, not 2"):
        game.apply("select AS KS")
    with pytest.raises(IllegalActionError, match="seat 1 cannot choose AD: not among"):
        game.apply("select AS KS QS JS 2S 3S AD")
    # any 7 of its 26 cards, mixing suits
    game.apply("select AS 2H 9S KH 3S TH 7S")
    assert game.to_act == 1
    game.apply("select AC KC QC JC 2C 3C 4C")
    assert game.phase is Phase.PLAY
    assert game.observation(0).hand == sum(1 << c for c in cards("AS 2H 9S KH 3S TH 7S"))


def test_c_only_the_chosen_cards_are_played_in_a_stage() -> None:
    game = start()
    stage(game, {0: "AS KS QS JS 2S 3S 4S", 1: "AC KC QC JC 2C 3C 4C"})
    assert names(game.legal_actions()) == [
        "play 2S", "play 3S", "play 4S", "play JS", "play QS", "play KS", "play AS"]
    with pytest.raises(IllegalActionError, match="seat 1 did not choose AH for this stage"):
        game.apply("play AH")


def test_c_chosen_cards_are_secret() -> None:
    game = start()
    stage(game, {0: "AS KS QS JS 2S 3S 4S", 1: "AC KC QC JC 2C 3C 4C"})
    obs = game.observation(0)
    assert obs.hand == sum(1 << c for c in cards("AS KS QS JS 2S 3S 4S"))
    assert not hasattr(obs, "hands")


def test_c_player_left_of_the_dealer_leads_first() -> None:
    game = start(dealer=1)
    assert game.to_act == 0  # chooses first, as the leader
    stage(game, TIE_STAGES[0][0])
    assert game.to_act == 0
    game = start(dealer=0)
    assert game.to_act == 1
    stage(game, {1: "AC KC QC JC 2C 3C 4C", 0: "AS KS QS JS 2S 3S 4S"})
    assert game.to_act == 1


def test_c_must_follow_the_suit_led() -> None:
    # four players: seats 0 and 1 share spades and hearts, seat 2 holds the diamonds
    # (trump), seat 3 the clubs
    deal = ("2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H",
            "9S TS JS QS KS AS 8H 9H TH JH QH KH AH", suit("D"), suit("C"))
    game = start(deal, turned="2D", dealer=3, variant="pimps-and-hoes-4p")
    stage(game, {0: "2S 3S 4S 2H 3H", 1: "9S TS 8H 9H TH", 2: "2D 3D 4D 5D 6D",
                 3: "2C 3C 4C 5C 6C"})
    game.apply("play 2S")
    assert names(game.legal_actions()) == ["play 9S", "play TS"]
    with pytest.raises(IllegalActionError, match="seat 2 must follow spades: holds 9S TS"):
        game.apply("play 8H")
    game.apply("play 9S")
    # seat 2 has no spade and holds trumps; seat 3 neither: any card
    game.apply("play 2D")
    assert names(game.legal_actions()) == ["play 2C", "play 3C", "play 4C", "play 5C",
                                           "play 6C"]
    event = game.apply("play 6C")
    assert event.trick_winner == 2  # the trump wins (usual reading)


def test_c_without_the_suit_led_must_trump() -> None:
    game = start()
    play_stages(game, TIE_STAGES[:1])
    stage(game, {0: "AH KH QH JH 2H", 1: "AD KD QD JD 5C"})
    game.apply("play AH")
    assert names(game.legal_actions()) == ["play JD", "play QD", "play KD", "play AD"]
    with pytest.raises(IllegalActionError,
                       match="seat 2 cannot follow hearts and must trump: holds JD QD KD AD"):
        game.apply("play 5C")


def test_c_without_suit_led_or_trump_any_card() -> None:
    game = start()
    stage(game, {0: "AS KS QS JS 2S 3S 4S", 1: "AC KC QC JC 2C 3C 4C"})
    game.apply("play AS")
    assert len(game.legal_actions()) == 7


def test_c_highest_trump_wins_usual_reading() -> None:
    game = start()
    play_stages(game, TIE_STAGES[:1])
    selects, plays = TIE_STAGES[1]
    # AH led, seat 1 has no heart and trumps with 2D: the trump wins
    assert stage(game, selects, *plays) == [1, 1, 1, 1, 1]


def test_c_literal_trick_to_highest_card_of_suit_led() -> None:
    game = start(variant="pimps-and-hoes-literal")
    play_stages(game, TIE_STAGES[:1])
    # stage 2: AH led, seat 1 must trump with 2D, but only hearts compete: seat 0 wins
    # and leads hearts again
    winners = stage(game, {0: "AH KH QH JH 2H", 1: "AD KD QD JD 2D"},
                    "AH 2D", "KH AD", "QH KD", "JH QD", "2H JD")
    assert winners == [0, 0, 0, 0, 0]


def test_c_literal_trump_wins_when_trumps_are_led() -> None:
    game = start(turned="2S", variant="pimps-and-hoes-literal")  # spades trump
    winners = stage(game, {0: "2S KS QS JS AH 3S 4S", 1: "AC KC QC JC 2C 3C 4C"},
                    "2S AC", "AH 2C")
    assert winners == [0, 0]


def test_c_trick_winner_leads_next() -> None:
    game = start()
    play_stages(game, TIE_STAGES[:1])
    stage(game, TIE_STAGES[1][0], "AH 2D")
    assert game.to_act == 1


def test_c_trick_winner_leads_into_next_stage() -> None:
    game = start()
    play_stages(game, TIE_STAGES[:2])
    # seat 1 won the last trick of stage 2: it chooses first and leads stage 3
    assert game.phase is Phase.SELECT
    assert game.to_act == 1
    game.apply("select 3D 4D 5D 6D 7D")
    game.apply("select 5S 6S 7S 8S 9S")
    assert game.to_act == 1
    # and seat 0, winner of the last trick of stage 1, led stage 2
    game = start()
    play_stages(game, TIE_STAGES[:1])
    assert game.to_act == 0


def test_c_cards_left_after_the_last_stage_take_no_part() -> None:
    # seat 1 never chooses AC KC QC JC: they are not captured and do not score
    stages = list(WIN_STAGES)
    stages[3] = ({1: "9C TC 8D 9D TD", 0: "TS 3H 4H 5H 6H"},
                 ("9C TS", "TC 3H", "8D 4H", "9D 5H", "TD 6H"))
    game = start()
    play_stages(game, stages)
    captured = game.observation(1).captured
    for card in cards("AC KC QC JC 7H 8H 9H TH"):
        assert not (captured[0] | captured[1]) >> card & 1
    # seat 1: AH AD + QH QD + KH KD + JH (with the aces) = 16 + 20 + 10 + 4 = 50
    assert game.hand_results[-1].combo_points == (27, 50)


# --------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(("captured", "total"), [
    ("AS", 8),            # any Ace 8
    ("AS QH", 18),        # Ace 8 + Ace with Queen 10
    ("AS KH", 13),        # Ace 8 + Ace with King 5
    ("AS JH", 12),        # Ace 8 + Ace with Jack 4
    ("KS QH", 8),         # King with Queen 8
    ("JS QH", 7),         # Jack with Queen 7
    ("QS QH", 5),         # Queen with Queen 5
    ("KS KH", 5),         # King with King 5
    ("JS JH", 3),         # Jack with Jack 3
    ("KS JH", 4),         # King with Jack 4
    ("KS", 2), ("QS", 2), ("JS", 1),  # single cards
    ("TS 9H 8D 7C 6S 5H 4D", 0),      # nothing else scores
])
def test_c_each_combination_scores_as_the_table(captured: str, total: int) -> None:
    assert combo(captured) == total


def test_c_worked_example_scores_37() -> None:
    # A Q Q K J 10 7: Ace 8, A+Q 10, A+Q 10, A+K 5, A+J 4
    result = best_combination(load_variant(VARIANT).combinations, cards("AS QH QD KC JS TS 7H"))
    assert result.total == 37
    assert sorted(p for _, p in result.units) == [4, 5, 8, 10, 10]


def test_c_ace_counts_alone_and_paired_with_each_king_queen_jack() -> None:
    assert combo("AS KH KD") == 8 + 5 + 5
    assert combo("AS QH JD KC") == 8 + 10 + 4 + 5


def test_c_other_cards_count_once() -> None:
    # two Aces and one Queen: the Queen pairs with one Ace only
    assert combo("AS AH QD") == 8 + 8 + 10
    # K Q J: K+Q 8 and J 1, or Q+J 7 and K 2: never K+Q and Q+J together
    assert combo("KS QH JD") == 9


def test_c_best_seven_of_the_captured_cards() -> None:
    result = best_combination(load_variant(VARIANT).combinations,
                              cards("AS AH AD AC QS QH QD KS KH"))
    assert len(result.kept) == 7
    # four Aces 32 + three Queens each with an Ace 30
    assert result.total == 62


def test_c_highest_total_wins() -> None:
    game = start()
    play_stages(game, WIN_STAGES)
    hand = game.hand_results[-1]
    # seat 0: AS with KS QS JS = 8 + 5 + 10 + 4 = 27
    # seat 1: AH AD AC + QH QD QC with them + KH with an ace = 24 + 30 + 5 = 59
    assert hand.combo_points == (27, 59)
    assert game.phase is Phase.OVER
    assert game.outcome is not None
    assert game.outcome.winners == (1,)
    assert game.outcome.draw is False


def test_c_one_deal_decides_the_game() -> None:
    game = start()
    play_stages(game, WIN_STAGES)
    assert game.hands_played == 1
    assert game.legal_actions() == []
    assert game.to_act is None


def test_c_tie_is_a_draw_and_a_new_game_decides_it() -> None:
    game = start()
    play_stages(game, TIE_STAGES)
    hand = game.hand_results[-1]
    # both keep two Aces, two Queens, two Kings and a Jack: 16 + 20 + 10 + 4 = 50
    assert hand.combo_points == (50, 50)
    assert game.outcome is not None
    assert game.outcome.draw is True
    assert game.outcome.winners == ()
    assert game.outcome.replay is True


def test_c_records_replay_to_the_same_outcome() -> None:
    rec = {"variant": VARIANT, "dealer": 1, "hands": [{
        "deal": [h.split() for h in SH_DC], "turned": "2D",
        "actions": [a for selects, plays in WIN_STAGES for a in (
            ["select " + selects[s] for s in selects]
            + ["play " + c for t in plays for c in t.split()])]}]}
    out = result_json(replay_record(rec))
    assert out["hands"][0]["combo_points"] == [27, 59]
    assert out["winner"] == [1]
    assert out["draw"] is False
    rec["hands"][0]["actions"] = [a for selects, plays in TIE_STAGES for a in (
        ["select " + selects[s] for s in selects]
        + ["play " + c for t in plays for c in t.split()])]
    out = result_json(replay_record(rec))
    assert out["winner"] == []
    assert (out["draw"], out["replay"]) == (True, True)


def test_c_shown_card_must_be_a_plain_card_named_in_the_error() -> None:
    game = Game(load_variant(VARIANT), random.Random(0), dealer=1)
    with pytest.raises(IllegalActionError, match="BJ"):
        game.deal_cards([cards(h) for h in SH_DC], 52)


# --------------------------------------------------------------------------- the CLI


def test_c_cli_score_worked_example() -> None:
    result = runner.invoke(app, ["score", "pimps-and-hoes", "--captured",
                                 "AS QH QD KC JS 10S 7H", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 37
    assert sorted(u["points"] for u in data["combinations"]) == [4, 5, 8, 10, 10]


@pytest.mark.parametrize(("captured", "message"), [
    ("AS AS", "AS is listed twice"),
    ("ZZ", "'ZZ' is not a card"),
    ("AS BJ", "no jokers"),
])
def test_c_cli_score_bad_cards_one_line(captured: str, message: str) -> None:
    result = runner.invoke(app, ["score", "pimps-and-hoes", "--captured", captured])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_c_cli_replay_a_staged_game(tmp_path: Path) -> None:
    rec = {"variant": VARIANT, "dealer": 1, "hands": [{
        "deal": [h.split() for h in SH_DC], "turned": "2D",
        "actions": [a for selects, plays in WIN_STAGES for a in (
            ["select " + selects[s] for s in selects]
            + ["play " + c for t in plays for c in t.split()])]}]}
    path = tmp_path / "ph.json"
    path.write_text(json.dumps(rec))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "combinations 27 59" in result.output
    assert "game over: won by seat 2" in result.output
    rec["hands"][0]["actions"][0] = "select AS KS"
    path.write_text(json.dumps(rec))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"pitchkit: {path}: hand 1, stage 1, seat 1: select AS KS: seat 1 must choose 7 "
        "cards for stage 1, not 2"]
    del rec["hands"][0]["turned"]
    path.write_text(json.dumps(rec))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "the deal needs one" in result.output


def test_c_cli_explain_and_validate() -> None:
    for name in ("pimps-and-hoes", "pimps-and-hoes-4p", "pimps-and-hoes-literal"):
        assert runner.invoke(app, ["validate", name]).exit_code == 0
    text = runner.invoke(app, ["explain", "pimps-and-hoes-4p"]).output
    assert "three stages of 5, 3, 3 cards" in text
    assert "a new game is played to decide it" in text
    result = runner.invoke(app, ["validate", "pimps-and-hoes", "--set", "players.count=3"])
    assert result.exit_code == 1
    assert "play.stages" in result.output


# --------------------------------------------------------------------------- random games
# An independent restatement of source C, written from the text alone (no pitchkit
# trick or combination code), checked against the engine action by action on random
# games of the three variants: stage sizes, the cards that may be chosen and played,
# trick winners, the leader of each stage, each player's best 7 and the winner.

ACE, KING, QUEEN, JACK = 12, 11, 10, 9
SINGLE = {ACE: 8, KING: 2, QUEEN: 2, JACK: 1}
WITH_ACE = {QUEEN: 10, KING: 5, JACK: 4}
PAIRS = {(KING, QUEEN): 8, (JACK, QUEEN): 7, (QUEEN, QUEEN): 5, (KING, KING): 5,
         (JACK, JACK): 3, (KING, JACK): 4}


def _kept_value(aces: int, others: dict[int, int]) -> int:
    """Aces count alone and again with each K, Q, J; every other card counts once."""
    best = 0

    def go(counts: dict[int, int], pairs: int, pair_list: list[tuple[int, int]]) -> None:
        nonlocal best
        if pair_list:
            (a, b), rest = pair_list[0], pair_list[1:]
            go(counts, pairs, rest)
            c = dict(counts)
            c[a] -= 1
            c[b] -= 1
            m = 1
            while c[a] >= 0 and c[b] >= 0:
                go(c, pairs + m * PAIRS[(a, b)], rest)
                c = dict(c)
                c[a] -= 1
                c[b] -= 1
                m += 1
            return
        value = pairs + 8 * aces + sum(
            n * (WITH_ACE[r] if aces else SINGLE[r]) for r, n in counts.items())
        best = max(best, value)

    go(dict(others), 0, list(PAIRS))
    return best


def _best_seven(captured: set[int]) -> int:
    ranks = [c % 13 for c in captured if c % 13 in SINGLE]
    have = {r: ranks.count(r) for r in (ACE, KING, QUEEN, JACK)}
    best = 0
    for a in range(have[ACE] + 1):
        for k in range(have[KING] + 1):
            for q in range(have[QUEEN] + 1):
                for j in range(have[JACK] + 1):
                    if a + k + q + j <= 7:
                        best = max(best, _kept_value(a, {KING: k, QUEEN: q, JACK: j}))
    return best


def _random_game_follows_source_c(variant: str, seed: int) -> None:
    rules = load_variant(variant)
    rng = random.Random(seed)
    n = rules.players.count
    stages = list(rules.play.stages)
    literal = rules.play.trick_winner.value == "suit_led"
    dealer = rng.randrange(n)
    game = Game(rules, random.Random(seed), dealer=dealer)
    masks, turned = game.deal_random().detail
    trump = turned // 13  # "its suit is trump"
    unplayed = [{c for c in range(52) if m >> c & 1} for m in masks]
    assert sum(len(u) for u in unplayed) == 52  # dealt out evenly, the shown card too
    captured: list[set[int]] = [set() for _ in range(n)]
    leader = (dealer + 1) % n  # "the player left of the dealer leads the first trick"
    for size in stages:
        # at the start of a stage every player chooses any cards of the stage's size
        chosen: list[set[int]] = [set() for _ in range(n)]
        for i in range(n):
            seat = (leader + i) % n
            assert (game.phase, game.to_act, game.select_count) == (Phase.SELECT, seat, size)
            assert set(game.legal_actions()) == unplayed[seat]
            pick = set(rng.sample(sorted(unplayed[seat]), size))
            game.apply("select " + " ".join(_cname(c) for c in sorted(pick)))
            chosen[seat] = pick
            unplayed[seat] -= pick
        for _ in range(size):
            trick: list[tuple[int, int]] = []
            for i in range(n):
                seat = (leader + i) % n
                assert game.to_act == seat
                hand = chosen[seat]
                if trick:
                    led = trick[0][1] // 13
                    # "must play the suit led; without it, a trump; without that, any"
                    ok = ({c for c in hand if c // 13 == led}
                          or {c for c in hand if c // 13 == trump} or hand)
                else:
                    ok = hand
                assert set(game.legal_actions()) == ok
                card = rng.choice(sorted(ok))
                event = game.apply(card)
                hand.discard(card)
                trick.append((seat, card))
            led = trick[0][1] // 13
            trumps = [] if literal else [t for t in trick if t[1] // 13 == trump]
            winner = max(trumps or [t for t in trick if t[1] // 13 == led],
                         key=lambda t: t[1] % 13)[0]
            assert event.trick_winner == winner
            captured[winner] |= {c for _, c in trick}
            leader = winner  # "the trick winner leads next, also into the next stage"
    assert game.phase is Phase.OVER
    points = tuple(_best_seven(c) for c in captured)
    assert game.hand_results[-1].combo_points == points
    outcome = game.outcome
    assert outcome is not None
    best = max(points)
    if points.count(best) == 1:
        assert outcome.winners == (points.index(best),) and not outcome.draw
    else:
        # "a tie is a draw, and a new game is played to decide it"
        assert outcome.winners == () and outcome.draw and outcome.replay


def _cname(card: int) -> str:
    return card_name(card)


@pytest.mark.parametrize("variant", ["pimps-and-hoes", "pimps-and-hoes-4p",
                                     "pimps-and-hoes-literal"])
def test_c_random_games_follow_every_clause(variant: str) -> None:
    for seed in range(25):
        _random_game_follows_source_c(variant, seed)


def test_c_independent_count_agrees_on_the_worked_example() -> None:
    assert _best_seven(set(cards("AS QH QD KC JS TS 7H"))) == 37
    assert _best_seven(set(cards("AS AH AD AC QS QH QD KS KH"))) == 62


def test_c_first_dealer_by_lot_or_choice() -> None:
    by_lot = {Game(load_variant(VARIANT), random.Random(s)).dealer for s in range(20)}
    assert by_lot == {0, 1}
    chosen = Game(load_variant(VARIANT, ["deal.first_dealer=1"]), random.Random(0))
    assert chosen.dealer == 1
    chosen.deal_random()
    assert chosen.to_act == 0  # left of the dealer


def test_c_shown_card_set_aside_is_the_other_reading() -> None:
    # the source does not say whether the shown card goes back: out_of_play sets it aside
    rules = load_variant(VARIANT, ["trump.shown_card=out_of_play"])
    game = Game(rules, random.Random(4), dealer=0)
    masks, turned = game.deal_random().detail
    assert [m.bit_count() for m in masks] == [25, 25]
    assert not (masks[0] | masks[1]) >> turned & 1
    assert game.trump == turned // 13
    for seat in (0, 1):
        assert game.observation(seat).turned == turned  # "shown to everyone"
    game = Game(rules, random.Random(4), dealer=0)
    with pytest.raises(IllegalActionError, match="the turned card 2D is out of play but is dealt"):
        game.deal_cards([cards(" ".join(suit("S").split() + suit("H").split()[:12])),
                         cards(" ".join(suit("D").split() + suit("C").split()[:12]))],
                        parse_card("2D"))
