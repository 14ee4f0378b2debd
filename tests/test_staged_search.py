"""A staged card decision in one compiled call (pitchkit.bots.staged_search.one_call) is
the steps one by one (the worlds drawn, every candidate played out, valued and added up
as candidates are dropped): the same totals, worlds, and generator after, on the shipped
staged variants and random rule sets with stages under combination scoring; and the
stage candidates compiled are Python's."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pitchkit.bots import stage_choice
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.search import SELECT_FLAG, SearchBot
from pitchkit.bots.stage_candidates import compiled_candidates, stage_candidates
from pitchkit.bots.stage_choice import add_up
from pitchkit.bots.staged import staged_setup
from pitchkit.bots.staged_draw import staged_worlds
from pitchkit.bots.staged_rows import combo_table, staged_values
from pitchkit.bots.staged_search import choice_call, one_call
from pitchkit.checks import check_rules
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.play import cards_list
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules
from tests.play_helpers import turns
from tests.strategies import variants
from tests.test_search_staged import STAGED
from tests.test_staged_draw import PyRandom


def steps(bot: SearchBot, obs: Observation, candidates: list[int], want: int
          ) -> tuple[dict[int, float], int]:
    """The card search's totals and worlds drawn, step by step (as
    :func:`~pitchkit.bots.stage_choice.search_stage_card` takes them where no one call
    is made)."""
    n = bot.table.n
    worlds = staged_worlds(staged_setup(bot.table, obs, bot.sight.held), n, want, bot.rng)
    if len(worlds) < 2:
        return {}, len(worlds)
    played_by = [0] * n
    for s, c in obs.played:
        played_by[s] |= 1 << c
    dealts = [[w[s] | w[n + s] | played_by[s] for s in range(n)] for w in worlds]
    values = staged_values(bot, obs, [w for w in worlds for _ in candidates],
                           [d for d in dealts for _ in candidates], candidates * len(worlds),
                           bot.quick_score(obs))
    totals, _ = add_up(bot, candidates, values, len(worlds), bot.prune)
    return totals, len(worlds)


def check_hand(rules: Rules, seed: int, prune: float | None) -> int:
    """One hand of calibrated bots; at every card decision with a choice and trump known,
    the search bot of that seat's totals in one call and step by step, from generators
    of one seed (the first decision's kinds of pile not yet known to the table). The
    decisions checked."""
    n = rules.players.count
    combo_table.cache_clear()
    game = Game(rules, random.Random(seed))
    searchers = [SearchBot(rules, s, random.Random(s), prune=prune) for s in range(n)]
    players = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
    checked = 0
    for index, (seat, obs, legal) in enumerate(turns(game, 1)):
        bot = searchers[seat]
        bot.sight.see(obs)
        if obs.phase is Phase.PLAY and obs.trump is not None and len(legal) > 1 \
                and bot._staged:
            candidates = bot.candidates(obs, legal)
            want = 2 + index % 5
            bot.rng = random.Random(index)
            setup = staged_setup(bot.table, obs, bot.sight.held)
            done = one_call(bot, obs, setup, candidates, want, bot.quick_score(obs))
            assert done is not None
            after = bot.rng.getstate()
            bot.rng = random.Random(index)
            totals, drawn = steps(bot, obs, candidates, want)
            assert done[1] == drawn
            if drawn >= 2:
                assert done[0] == totals
            assert after == bot.rng.getstate()
            bot.rng = PyRandom(index)
            assert one_call(bot, obs, setup, candidates, want, bot.quick_score(obs)) is None
            checked += drawn >= 2
        game.apply(players[seat].choose(obs, legal))
    return checked


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(STAGED), st.integers(0, 2**31), st.sampled_from([None, 0.0, 3.0]))
def test_a_card_decision_in_one_call_is_the_steps(variant: str, seed: int,
                                                  prune: float | None) -> None:
    assert check_hand(load_variant(variant), seed, prune) >= 10


@settings(max_examples=4, deadline=None)
@given(variants(focus="play.stages"), st.sampled_from(STAGED), st.integers(0, 2**31))
def test_a_card_decision_in_one_call_of_random_rules_is_the_steps(
        drawn: Rules, scored_as: str, seed: int) -> None:
    check_hand(scored_with(drawn, scored_as), seed, None)


def scored_with(drawn: Rules, scored_as: str) -> Rules:
    """A random rule set's players, deck, deal and card play (its first leader not the
    pitcher: there is no auction) in the staged variant ``scored_as``'s scoring; rejected
    (hypothesis draws again) without stages or not valid."""
    base = load_variant(scored_as)
    rules = dataclasses.replace(
        base, players=drawn.players, deck=drawn.deck, deal=drawn.deal,
        play=dataclasses.replace(drawn.play, first_leader=base.play.first_leader))
    assume(rules.play.stages and not rules.play.trumps_only)
    assume(not any(not f.note for f in check_rules(rules)))
    return rules


def check_stage_totals(rules: Rules, seed: int) -> int:
    """One hand of calibrated bots; at every stage choice, the search bot of that seat's
    choices (its candidates and those one card apart from the first) played against its
    worlds in one compiled call and step by step (the first call's kinds of pile not
    yet known to the table): the same totals. The choices checked."""
    n = rules.players.count
    combo_table.cache_clear()
    game = Game(rules, random.Random(seed))
    searchers = [SearchBot(rules, s, random.Random(s)) for s in range(n)]
    players = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
    checked = 0
    for seat, obs, legal in turns(game, 1):
        bot = searchers[seat]
        bot.sight.see(obs)
        if obs.phase is Phase.SELECT and obs.trump is not None and bot._staged:
            usual = CalibratedBot.choose(bot, obs, legal) & ~SELECT_FLAG
            choices = compiled_candidates(rules, obs.trump, obs.reserve, obs.select_count,
                                          usual)
            first = choices[0]
            choices += [first & ~(1 << a) | 1 << b for a in cards_list(first)
                        for b in cards_list(obs.reserve & ~first)][:20]
            worlds = stage_choice.stage_worlds(bot, obs, obs.select_count)[0]
            if len(worlds) < 2:
                continue
            bot.at_trick = None
            against = stage_choice.Against(bot, obs, worlds)
            one = choice_call(bot, against.lead_obs, worlds, choices, obs.reserve,
                              against.quick)
            assert one is not None  # combination scoring: compiled
            assert one == against.steps(choices)
            assert one == against.totals(choices)  # the kinds known now
            checked += len(choices)
        game.apply(players[seat].choose(obs, legal))
    return checked


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(STAGED), st.integers(0, 2**31))
def test_a_stage_choices_totals_in_one_call_are_the_steps(variant: str, seed: int) -> None:
    assert check_stage_totals(load_variant(variant), seed) >= 2


@settings(max_examples=4, deadline=None)
@given(variants(focus="play.stages"), st.sampled_from(STAGED), st.integers(0, 2**31))
def test_a_stage_choices_totals_of_random_rules_in_one_call_are_the_steps(
        drawn: Rules, scored_as: str, seed: int) -> None:
    check_stage_totals(scored_with(drawn, scored_as), seed)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(STAGED), st.integers(0, 3), st.data())
def test_the_stage_candidates_compiled_are_pythons(variant: str, trump: int,
                                                   data: st.DataObject) -> None:
    """Random reserves (of up to 26 cards), stage sizes and usual choices."""
    rules = load_variant(variant)
    cards = data.draw(st.lists(st.integers(0, 51), min_size=1, max_size=26, unique=True))
    count = data.draw(st.integers(1, len(cards)))
    usual = data.draw(st.permutations(cards))[:count]
    mask = sum(1 << c for c in cards)
    chosen = sum(1 << c for c in usual)
    assert compiled_candidates(rules, trump, mask, count, chosen) == \
        stage_candidates(rules, trump, mask, count, chosen)


def test_the_stage_candidates_compiled_without_combinations_are_pythons() -> None:
    """A rule set without combinations and with jokers (auction-pitch-joker's)."""
    rules = load_variant("auction-pitch-joker")
    generator = random.Random(7)
    for _ in range(30):
        cards = generator.sample(range(54), generator.randint(1, 12))
        count = generator.randint(1, len(cards))
        mask = sum(1 << c for c in cards)
        usual = sum(1 << c for c in generator.sample(cards, count))
        trump = generator.randrange(4)
        assert compiled_candidates(rules, trump, mask, count, usual) == \
            stage_candidates(rules, trump, mask, count, usual)
