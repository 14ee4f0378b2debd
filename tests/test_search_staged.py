"""The search bot in staged play (play.stages): its worlds (pitchkit.bots.staged) and its
play-outs through the later stages."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from pitchkit.bots.search import SearchBot
from pitchkit.bots.staged import choose_stage, stage_counts, stage_wants, staged_world
from pitchkit.bots.worlds import voids
from pitchkit.engine import Game
from pitchkit.load import load_variant
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules
from tests.play_helpers import turns

STAGED = ["pimps-and-hoes", "pimps-and-hoes-4p", "pimps-and-hoes-literal"]


def test_stage_counts_stop_where_the_cards_run_out() -> None:
    """A stage plays its size, or the cards left; cards after the last stage take no part."""
    assert stage_counts([7, 5, 5, 5], 26) == [7, 5, 5, 5]
    assert stage_counts([5, 3, 3], 13) == [5, 3, 3]
    assert stage_counts([5, 5], 7) == [5, 2]
    assert stage_counts([5, 5, 5], 5) == [5]


def test_choose_stage_takes_the_first_cards_of_the_order_that_are_held() -> None:
    order = [9, 3, 7, 1, 0]
    assert choose_stage(0b1010001010, 2, order) == (1 << 9) | (1 << 3)
    assert choose_stage((1 << 7) | (1 << 0), 2, order) == (1 << 7) | 1
    assert choose_stage(1 << 1, 3, order) == 1 << 1  # fewer held than asked: all of them


@pytest.mark.parametrize(("variant", "lift"), [("pimps-and-hoes", 14.0),
                                               ("pimps-and-hoes-4p", 14.0),
                                               ("pimps-and-hoes-literal", 7.0)])
def test_a_trump_is_wanted_by_the_chance_it_takes_a_trick(variant: str, lift: float) -> None:
    """A trump is wanted 14 more than its rank, times the chance the seat leads a trick
    (one over the seats) where a trump wins only when trumps were led."""
    rules = load_variant(variant)
    wants = stage_wants(rules, 0)  # spades trump: the ace of spades and the ace of hearts
    assert wants[12] == 12 + lift and wants[25] == 12


@pytest.mark.parametrize("variant", STAGED)
def test_a_staged_world_agrees_with_the_table(variant: str) -> None:
    """Every world gives the seat its own stage cards and reserve, every other seat as
    many stage cards and reserve cards as it holds at the table, no card the seat has
    seen or that was played, no card twice, and no stage card of a suit the seat showed
    void in during this stage (in the two-player game, whose whole deck is dealt, the
    other seat's cards are exactly the ones unseen)."""
    rules = load_variant(variant)
    n = rules.players.count
    rng = random.Random(9)
    checked = 0
    before_stage = 0
    for game, bot, obs, legal in play_decisions(rules, 3):
        seat = obs.seat
        if legal:
            played = sum(1 << c for _, c in obs.played)
            counts = stage_counts(rules.play.stages, bot.table.hand_size)
            before_stage = sum(counts[:obs.stage])
            assert obs.trump is not None  # staged play: trump is turned before any card
            banned = voids(bot.table, bot.table.tables[obs.trump], obs.played,
                           first_trick=before_stage, unfinished=bool(obs.trick),
                           to_play=obs.to_act)
            for _ in range(3):
                world = staged_world(bot.table, obs, bot.sight.held, rng)
                assert world is not None
                assert world[seat] == obs.hand and world[n + seat] == obs.reserve
                taken = 0
                for other in range(n):
                    stage, reserve = world[other], world[n + other]
                    assert not stage & reserve and not (stage | reserve) & taken
                    taken |= stage | reserve
                    assert stage.bit_count() == game.hands[other].bit_count()
                    assert reserve.bit_count() == game.reserve[other].bit_count()
                    if other != seat:
                        assert not (stage | reserve) & (bot.sight.held | played)
                        assert not stage & banned[other]
                if n == 2:
                    assert taken | played == bot.table.deck
                checked += 1
    assert checked >= 60
    assert before_stage > 0  # later stages were reached


def play_decisions(rules: Rules, seed: int) -> Iterator[tuple[Game, SearchBot, Observation,
                                                              Sequence[int]]]:
    """One hand of search bots: yields the game, the bot to act, its observation and, in
    play, the legal cards (else nothing), after the bot has seen the observation; the bot's
    choice is then applied."""
    game = Game(rules, random.Random(seed))
    bots = [SearchBot(rules, s, random.Random(s)) for s in range(rules.players.count)]
    for seat, obs, legal in turns(game, 1):
        bot = bots[seat]
        bot.sight.see(obs)
        yield game, bot, obs, legal if obs.phase is Phase.PLAY else []
        game.apply(bot.choose(obs, legal))


class Recorder:
    """Stands for the quick scorer: keeps what a play-out hands it."""

    def __init__(self) -> None:
        self.captured: Sequence[int] = ()
        self.tricks_won: Sequence[int] = ()

    def value(self, dealt: Sequence[int], captured: Sequence[int],
              tricks_won: Sequence[int], last: int) -> float:
        self.captured, self.tricks_won = list(captured), list(tricks_won)
        return 0.0


@pytest.mark.parametrize("variant", STAGED)
def test_a_staged_play_out_plays_every_later_stage_to_the_hands_end(variant: str) -> None:
    """From any decision, a play-out plays the rest of this stage and every later stage:
    the cards captured are every card the stages play (cards left after the last stage
    take no part), each once, in as many tricks."""
    rules = load_variant(variant)
    n = rules.players.count
    rng = random.Random(5)
    checked = 0
    for _, bot, obs, legal in play_decisions(rules, 4):
        if legal:
            world = staged_world(bot.table, obs, bot.sight.held, rng)
            assert world is not None
            tricks = sum(stage_counts(rules.play.stages, bot.table.hand_size))
            recorder = Recorder()
            bot.play_card_out(obs, world, world, legal[0], recorder)  # type: ignore[arg-type]
            captured = recorder.captured
            assert sum(m.bit_count() for m in captured) == n * tricks
            union = 0
            for m in captured:
                assert not m & union
                union |= m
            assert sum(recorder.tricks_won) == tricks
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("variant", STAGED)
def test_the_search_bot_leaves_staged_card_play_to_the_calibrated_bot(variant: str) -> None:
    """With ``staged_cards=0`` the search bot searches the stage's choice, not its card
    play: whatever its ``work`` it plays the calibrated bot's card in every position
    (the card search is tests/test_search_staged_cards.py)."""
    from pitchkit.bots.calibrated import CalibratedBot

    rules = load_variant(variant)
    n = rules.players.count
    plays = 0
    for seed in range(3):
        game = Game(rules, random.Random(seed))
        bots = [SearchBot(rules, s, random.Random(s), work=3000, staged_cards=0)
                for s in range(n)]
        plain = [CalibratedBot(rules, s, random.Random(s)) for s in range(n)]
        for seat, obs, legal in turns(game, 1):
            choice = bots[seat].choose(obs, legal)
            if obs.phase is Phase.PLAY:
                assert choice == plain[seat].choose(obs, legal)
                plays += len(legal) > 1
            else:
                plain[seat].choose(obs, legal)
            game.apply(choice)
    assert plays >= 20
