"""The search bot's choice of a stage's cards (pitchkit.bots.stage_choice)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.actions import SELECT_FLAG
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.heuristic import HeuristicBot, know
from pitchkit.bots.montecarlo import MonteCarloBot
from pitchkit.bots.search import SearchBot
from pitchkit.bots.stage_candidates import (
    compiled_candidates,
    heuristic_wants,
    stage_candidates,
    stage_tables,
)
from pitchkit.bots.stage_choice import (
    STAGE_CLIMB,
    STAGE_WORLDS,
    climb,
    stage_leader,
    stage_worlds,
    thumb_lead,
)
from pitchkit.bots.staged import choose_stage, staged_world
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.play import cards_list
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules
from tests.play_helpers import cards, turns
from tests.strategies import variants
from tests.test_search_staged import Recorder, play_decisions
from tests.test_staged_search import scored_with

STAGED = ["pimps-and-hoes", "pimps-and-hoes-4p", "pimps-and-hoes-literal"]


def mask(text: str) -> int:
    return sum(1 << c for c in cards(text))


def test_the_candidates_are_the_calibrated_choice_and_its_alternatives() -> None:
    """Spades trump, three cards to choose: the calibrated choice first; the play-outs'
    rule of thumb, the strongest cards (trumps first, whatever they score); the choice
    with its combination cards held back for the most wanted others; and the weakest
    cards. Each of the stage's size, from the hand."""
    rules = load_variant("pimps-and-hoes")
    hand = mask("AS 2S 3S KH QH 9H 8H 7C 6C 2D")
    usual = mask("AS KH QH")
    assert choose_stage(hand, 3, stage_tables(rules, 0).order) == mask("AS 3S 2S")
    assert stage_candidates(rules, 0, hand, 3, usual)[:4] == [
        usual, mask("AS 3S 2S"), mask("3S 2S 9H"), mask("2D 6C 7C")]
    # a repeat is left out (the calibrated choice the same as the rule of thumb's); the
    # scoring cards left out brought in for the least wanted
    assert stage_candidates(rules, 0, hand, 3, mask("AS 3S 2S"))[:4] == [
        mask("AS 3S 2S"), mask("3S 2S 9H"), mask("AS KH QH"), mask("2D 6C 7C")]


def test_the_candidates_end_with_montecarlos() -> None:
    """After its own, montecarlo's, those not in already. Spades trump: the heuristic's
    choice (AS KH QH: a trump and its best combination's cards), the highest ranks and
    the best combination first (AS KH QH again), trumps first (AS 3S 2S, the rule of
    thumb's); and the lowest cards neither trumps nor of the best combination (its seven
    cards kept: AS KH QH, filled with 9H 8H 7C 6C): 2D, then the lowest others, 2S 3S."""
    rules = load_variant("pimps-and-hoes")
    hand = mask("AS 2S 3S KH QH 9H 8H 7C 6C 2D")
    assert stage_candidates(rules, 0, hand, 3, mask("3S 9H 8H")) == [
        mask("3S 9H 8H"), mask("AS 3S 2S"), mask("AS KH QH"), mask("2D 6C 7C"),
        mask("2D 2S 3S")]
    # clubs trump, AH KS QD JD scoring, the calibrated choice AH KS QD: the rule of
    # thumb AH 7C 6C (also the heuristic's and trumps first), held back 9H 7C 6C, JD
    # brought in for QD, the weakest 2S 3S 9H; montecarlo's highest ranks and best
    # combination first are AH KS QD again, its lowest outside the combination (AH KS QD
    # JD 9H 7C 6C) 2S 3S and 6C
    hand = mask("AH KS QD JD 9H 3S 2S 7C 6C")
    assert stage_candidates(rules, 3, hand, 3, mask("AH KS QD")) == [
        mask("AH KS QD"), mask("AH 7C 6C"), mask("9H 7C 6C"), mask("AH KS JD"),
        mask("2S 3S 9H"), mask("2S 3S 6C")]


@pytest.mark.parametrize("variant", STAGED)
def test_montecarlos_candidates_are_among_the_searchs(variant: str) -> None:
    """At every stage choice of whole hands, each selection montecarlo searches is one of
    the search's candidates, and the heuristic's wants are its bot's stage worth."""
    rules = load_variant(variant)
    n = rules.players.count
    checked = 0
    for seed in range(2):
        game = Game(rules, random.Random(seed))
        bots = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
        for seat, obs, legal in turns(game, 1):
            choice = bots[seat].choose(obs, legal)
            if obs.phase is Phase.SELECT and obs.trump is not None:
                mc = MonteCarloBot(rules, seat, random.Random(0))
                found = stage_candidates(rules, obs.trump, obs.reserve, obs.select_count,
                                         choice & ~SELECT_FLAG)
                for action in mc.selections(obs, legal):
                    assert action & ~SELECT_FLAG in found
                worth = HeuristicBot(rules, seat, random.Random(0)).stage_worth(
                    obs, obs.reserve)
                wants = heuristic_wants(stage_tables(rules, obs.trump), rules, obs.reserve)
                for c in cards_list(obs.reserve):
                    assert wants[c] == worth[c]
                checked += 1
            game.apply(choice)
    assert checked >= 2 * n * (len(rules.play.stages) - 1)


def test_two_players_play_every_choice_of_the_other_seat() -> None:
    """Two players, every card dealt: the other seat's cards are known, so a stage choice
    is played against each of its candidates (made from its unplayed cards, the
    play-outs' choice as its usual one), one world each, its reserve the rest of its
    cards; no world is drawn (the generator untouched)."""
    rules = load_variant("pimps-and-hoes")
    obs = last_stage()
    assert obs.trump is not None
    bot = SearchBot(rules, 0, random.Random(0))
    bot.sight.see(obs)
    before = bot.rng.getstate()
    count = obs.select_count
    worlds, every = stage_worlds(bot, obs, count)
    assert every
    assert bot.rng.getstate() == before
    played = sum(1 << c for _, c in obs.played)
    theirs = ((1 << 52) - 1) & ~obs.reserve & ~played
    order = stage_tables(rules, obs.trump).order
    expected = compiled_candidates(rules, obs.trump, theirs, count,
                                   choose_stage(theirs, count, order))
    assert len(expected) >= 2
    assert [w[1] for w in worlds] == expected
    for w in worlds:
        assert w[3] == theirs & ~w[1] and w[0] == w[2] == 0


def test_four_players_draw_each_others_choice_among_its_candidates() -> None:
    """Four players: the unseen cards are dealt in up to STAGE_WORLDS worlds, and each
    other seat's stage cards in each are one of the candidates of its cards there, drawn
    by the bot's generator (the same seed, the same worlds)."""
    rules = load_variant("pimps-and-hoes-4p")
    game = Game(rules, random.Random(4))
    bots = [CalibratedBot(rules, s, random.Random(s)) for s in range(4)]
    checked = 0
    for seat, obs, legal in turns(game, 1):
        if obs.phase is Phase.SELECT and obs.trump is not None:
            made = []
            for _ in range(2):
                bot = SearchBot(rules, seat, random.Random(7))
                bot.sight.see(obs)
                worlds, every = stage_worlds(bot, obs, obs.select_count)
                assert not every
                made.append(worlds)
            worlds = made[0]
            assert made[1] == worlds
            assert 2 <= len(worlds) <= STAGE_WORLDS
            order = stage_tables(rules, obs.trump).order
            kinds = set()
            for w in worlds:
                unseen = 0
                for s in range(4):
                    if s == seat:
                        continue
                    unplayed = w[s] | w[4 + s]
                    unseen |= unplayed
                    size = min(obs.select_count, unplayed.bit_count())
                    found = compiled_candidates(rules, obs.trump, unplayed, size,
                                                choose_stage(unplayed, size, order))
                    assert w[s] in found
                    kinds.add(found.index(w[s]))
                played = sum(1 << c for _, c in obs.played)
                assert unseen == ((1 << 52) - 1) & ~obs.reserve & ~obs.hand & ~played
            assert len(kinds) > 1  # not one kind of choice every time
            checked += 1
        game.apply(bots[seat].choose(obs, legal))
    assert checked >= 4


def test_the_best_scoring_cards_left_out_are_brought_in() -> None:
    """With the scoring cards left out of the usual choice, one candidate brings in the
    best of them (by what they score) in place of its least wanted cards."""
    rules = load_variant("pimps-and-hoes")
    hand = mask("AS 2S 3S KH QH 9H 8H 7C 6C 2D")
    found = stage_candidates(rules, 0, hand, 3, mask("3S 9H 8H"))
    assert found[0] == mask("3S 9H 8H")
    assert mask("AS QH KH") in found  # AS 13, QH 7, KH 6 (scores) brought in
    for choice in found:
        assert choice.bit_count() == 3 and not choice & ~hand
    assert len(found) == len(set(found))


def test_a_held_back_choice_fills_with_scoring_cards_when_too_few_others() -> None:
    """Holding back: with fewer non-scoring cards than the stage's size, the most wanted
    scoring cards fill it (every candidate is of the stage's size)."""
    rules = load_variant("pimps-and-hoes")
    hand = mask("AH KH QH JH 2C")
    for choice in stage_candidates(rules, 0, hand, 4, mask("AH KH QH JH")):
        assert choice.bit_count() == 4 and not choice & ~hand
    scoring = stage_tables(rules, 0).scoring
    assert scoring & mask("AH KH QH JH") == mask("AH KH QH JH")
    assert not scoring & mask("2C 9S TS")
    assert know(rules).combo_value[cards("AH")[0]] > 0


def test_the_thumb_lead_is_the_strongest_trump_else_the_highest_plain_card() -> None:
    rules = load_variant("pimps-and-hoes")
    t = know(rules).tables[1]  # hearts
    order = sorted((c for c in range(54) if t.trumps >> c & 1), key=lambda c: -t.power[c])
    assert thumb_lead(mask("3H 9H AS KC"), t.trumps, order, False, False) == cards("9H")[0]
    # no trump: the highest rank, the first suit on a tie
    assert thumb_lead(mask("KC KS 2D"), t.trumps, order, False, False) == cards("KS")[0]
    assert thumb_lead(mask("KC 2H"), t.trumps, order, True, False) == cards("2H")[0]


def last_stage(dealer: int = 1) -> Observation:
    """Pimps & Hoes for two, diamonds trump, the last stage's choice for seat 0, which won
    the last trick: it holds the ace of hearts and eight low spades; the other seat the
    eight low hearts and the two of trumps. Seat 0 has captured only low clubs."""
    mine = mask("AH 2S 3S 4S 5S 6S 7S 8S 9S")
    theirs = mask("2H 3H 4H 5H 6H 7H 8H 9H 2D")
    rest = cards_list(((1 << 52) - 1) & ~mine & ~theirs)
    low_clubs = cards("2C 3C 4C 5C 6C 7C")
    others = [c for c in rest if c not in low_clubs and c != cards("AD")[0]]
    # 17 tricks: seat 0 leads each; the first three captured by seat 0 (low clubs), the
    # rest by seat 1, the last by seat 0 with the ace of trumps
    played: list[tuple[int, int]] = []
    for i in range(3):
        played += [(0, low_clubs[2 * i]), (1, low_clubs[2 * i + 1])]
    for i in range(13):
        played += [(0, others[2 * i]), (1, others[2 * i + 1])]
    played += [(0, cards("AD")[0]), (1, others[26])]
    assert len(others) == 27 and len(played) == 34
    mine_captured = mask("2C 3C 4C 5C 6C 7C AD") | 1 << others[26]
    theirs_captured = sum(1 << c for c in others[:26])
    return Observation(
        seat=0, phase=Phase.SELECT, to_act=0, dealer=dealer, hand=0, reserve=mine,
        turned=None, trump=2, bids=(), pitcher=None, bid=None, trick=(),
        played=tuple(played), tricks_won=(4, 13), captured=(mine_captured, theirs_captured),
        scores=(0, 0), stage=3, select_count=5, team_of=(0, 1))


def test_the_stage_leader_is_the_last_tricks_winner_or_left_of_the_dealer() -> None:
    rules = load_variant("pimps-and-hoes")
    bot = SearchBot(rules, 0, random.Random(1))
    obs = last_stage()
    assert stage_leader(bot, obs) == 0  # the ace of trumps took the last trick
    first = obs._replace(played=(), stage=0)
    assert stage_leader(bot, first) == 0  # left of dealer 1
    assert stage_leader(bot, first._replace(dealer=0)) == 1


def test_the_search_plays_a_sure_ace_the_calibrated_bot_holds_back() -> None:
    """The last stage: the calibrated bot holds back the ace of hearts, as a trump could
    take it, and chooses five low spades; but cards left after the last stage take no
    part, and the other seat, with eight hearts of its nine cards, holds a heart to
    follow with in any five it chooses: the ace led is 8 points at no risk. The search
    plays it."""
    rules = load_variant("pimps-and-hoes")
    obs = last_stage()
    legal = cards_list(obs.reserve)
    plain = CalibratedBot(rules, 0, random.Random(1)).choose(obs, legal)
    assert plain == SELECT_FLAG | mask("5S 6S 7S 8S 9S")
    for seed in range(3):
        bot = SearchBot(rules, 0, random.Random(seed))
        chosen = bot.choose(obs, legal)
        assert chosen & mask("AH")
        assert (chosen & ~SELECT_FLAG).bit_count() == 5 and not chosen & ~SELECT_FLAG \
            & ~obs.reserve


@pytest.mark.parametrize("variant", STAGED)
def test_the_search_chooses_legal_stage_cards_of_its_own(variant: str) -> None:
    """Whole hands of search bots: every stage choice is legal (the game takes it), one
    of its candidates or a few cards from one (the climb), and some differ from the
    calibrated bot's."""
    rules = load_variant(variant)
    n = rules.players.count
    differ = chosen = 0
    for seed in range(2):
        game = Game(rules, random.Random(seed))
        bots = [SearchBot(rules, s, random.Random(s)) for s in range(n)]
        plain = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
        for seat, obs, legal in turns(game, 1):
            choice = bots[seat].choose(obs, legal)
            if obs.phase is Phase.SELECT:
                usual = plain[seat].choose(obs, legal)
                assert obs.trump is not None
                found = stage_candidates(rules, obs.trump, obs.reserve, obs.select_count,
                                         usual & ~SELECT_FLAG)
                mine = choice & ~SELECT_FLAG
                assert not mine & ~obs.reserve and mine.bit_count() == obs.select_count
                # a candidate, or within the climb's steps of one (a card a step)
                assert min((mine & ~f).bit_count() for f in found) <= STAGE_CLIMB
                differ += choice != usual
                chosen += 1
            game.apply(choice)
    assert chosen >= 2 * n * (len(rules.play.stages) - 1)
    assert differ > 0


@pytest.mark.parametrize("variant", STAGED)
def test_the_thumb_lead_is_the_play_outs_lead(variant: str) -> None:
    """The play-outs lead as :func:`thumb_lead` says (their inlined copy of it): every lead
    of the stage under way in play-outs from real decisions."""
    rules = load_variant(variant)
    n = rules.players.count
    rng = random.Random(3)
    leads = 0
    for _, bot, obs, legal in play_decisions(rules, 6):
        if not legal or obs.trick:
            continue
        assert obs.trump is not None
        world = staged_world(bot.table, obs, bot.sight.held, rng)
        assert world is not None
        trace: list[int] = []
        bot.play_card_out(obs, world, world, legal[0], Recorder(), trace)  # type: ignore[arg-type]
        hands = list(world[:n])
        t = bot.table.tables[obs.trump]
        order = bot.trick_tables[obs.trump][3]
        for i, card in enumerate(trace):
            holder = next((s for s in range(n) if hands[s] >> card & 1), None)
            if holder is None:
                break  # the next stage: its cards chosen in the play-out
            if i and i % n == 0:
                assert card == thumb_lead(hands[holder], t.trumps, order, False,
                                          rules.play.never_lead_joker)
                leads += 1
            hands[holder] ^= 1 << card
    assert leads >= 10



class Weights:
    """An opponent-free stand-in for :class:`~pitchkit.bots.stage_choice.Against`: a
    choice's total is the sum of its cards' weights; the calls are counted."""

    def __init__(self, weight: dict[int, float]) -> None:
        self.weight = weight
        self.calls: list[list[int]] = []

    def totals(self, choices: Sequence[int]) -> list[float]:
        self.calls.append(list(choices))
        return [sum(self.weight.get(c, 0.0) for c in cards_list(m)) for m in choices]


def test_the_climb_swaps_one_card_at_a_time_for_the_best_and_stops() -> None:
    """From the best total, every choice one card apart is played out and the best of
    them taken while it is better: the two heaviest cards swapped in, one a step; then
    no choice one card apart is better, and the climb stops (a third call finds none)."""
    cards = mask("2S 3S 4S 5S 6S")
    weights = Weights({cards_list(mask("5S"))[0]: 5.0, cards_list(mask("6S"))[0]: 4.0,
                       cards_list(mask("2S"))[0]: 1.0})
    start, other = mask("2S 3S"), mask("3S 4S")
    totals = {start: 1.0, other: 0.0}
    climb(weights, totals, cards, 5)  # type: ignore[arg-type]
    assert max(totals, key=totals.__getitem__) == mask("5S 6S")
    assert totals[mask("5S 6S")] == 9.0
    assert len(weights.calls) == 3
    # each call: the choices one card apart from the best so far not yet played out
    assert set(weights.calls[0]) == {start & ~a | b for a in (mask("2S"), mask("3S"))
                                     for b in (mask("4S"), mask("5S"), mask("6S"))} - {other}
    # the steps bound it
    weights.calls.clear()
    totals = {start: 1.0, other: 0.0}
    climb(weights, totals, cards, 1)  # type: ignore[arg-type]
    assert len(weights.calls) == 1
    assert max(totals, key=totals.__getitem__) == mask("2S 5S")


def test_the_stage_search_climbs_from_its_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stage choice plays out its candidates, then climbs STAGE_CLIMB steps from them:
    without the climb the choice is a candidate; with it, what the climb made of the
    candidates' totals, and a choice one card apart is played out."""
    import pitchkit.bots.stage_choice as stage_choice
    rules = load_variant("pimps-and-hoes")
    obs = last_stage()
    legal = cards_list(obs.reserve)
    seen: list[tuple[dict[int, float], int]] = []

    def spy(against: object, totals: dict[int, float], cards: int, steps: int) -> None:
        before = dict(totals)
        stage_choice_climb(against, totals, cards, steps)  # type: ignore[arg-type]
        seen.append((before, steps))

    stage_choice_climb = stage_choice.climb
    monkeypatch.setattr(stage_choice, "climb", spy)
    SearchBot(rules, 0, random.Random(0)).choose(obs, legal)
    assert obs.trump is not None
    assert len(seen) == 1 and seen[0][1] == STAGE_CLIMB
    usual = CalibratedBot(rules, 0, random.Random(1)).choose(obs, legal) & ~SELECT_FLAG
    assert set(seen[0][0]) == set(compiled_candidates(rules, obs.trump, obs.reserve,
                                                      obs.select_count, usual))


def check_others(rules: Rules, seed: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """One hand of calibrated bots; at every stage choice whose other seats' cards are
    not known, the search's worlds with the others' choices made in one compiled call and
    step by step, from generators of one seed: the same worlds and generator after; and
    the best combination the compiled choices read (``kept_of``) is ``kept_mask``'s."""
    import pitchkit.bots.stage_choice as stage_choice
    from pitchkit.bots.stage_others import KeptTable, kept_of
    from pitchkit.combos import kept_mask

    n = rules.players.count
    game = Game(rules, random.Random(seed))
    players = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
    table = KeptTable(rules.combinations) if know(rules).combinations else None
    checked = 0
    for index, (seat, obs, legal) in enumerate(turns(game, 1)):
        if obs.phase is Phase.SELECT and obs.trump is not None:
            made = []
            for fast in (True, False):
                bot = SearchBot(rules, seat, random.Random(index))
                bot.sight.see(obs)
                if not fast:
                    monkeypatch.setattr(stage_choice, "others_call", lambda *_: None)
                made.append((stage_choice.stage_worlds(bot, obs, obs.select_count)[0],
                             bot.rng.getstate()))
                monkeypatch.undo()
            assert made[0] == made[1]
            if table is not None:
                for world in made[0][0]:
                    for s in range(n):
                        cards = world[s] | world[n + s]
                        keep = min(rules.combinations.keep, cards.bit_count())
                        assert kept_of(cards, keep, table.rank_masks, table.counts,
                                       table.fill) == kept_mask(rules.combinations, cards)
            checked += len(made[0][0])
        game.apply(players[seat].choose(obs, legal))
    return checked


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**31))
def test_the_others_choices_in_one_call_are_the_steps(seed: int) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert check_others(load_variant("pimps-and-hoes-4p"), seed, monkeypatch) >= 8


@settings(max_examples=5, deadline=None)
@given(variants(focus="play.stages"), st.sampled_from(STAGED), st.integers(0, 2**31))
def test_the_others_choices_of_random_rules_in_one_call_are_the_steps(
        drawn: Rules, scored_as: str, seed: int) -> None:
    rules = scored_with(drawn, scored_as)
    with pytest.MonkeyPatch.context() as monkeypatch:
        check_others(rules, seed, monkeypatch)
