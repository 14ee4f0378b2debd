"""The default bot's card play (pitchkit.bots.cardplay): what it reads of the other seats'
cards is true, and it feeds a partner's safe trick."""

from __future__ import annotations

import random

import pytest

from pitchkit.bots.cardplay import CarefulPlay
from tests.test_worlds import positions


@pytest.mark.parametrize("variant", ["auction-pitch", "partnership-pitch", "minnesota-smear",
                                     "catch-five", "ten-point-pitch"])
def test_a_void_read_from_the_plays_is_a_suit_the_seat_does_not_hold(variant: str) -> None:
    """Under each rule of following, every suit read as void is one the seat holds no
    card of (the deal is the truth), and voids are read (the test can fail)."""
    found = 0
    bot = None
    for rules, game, obs, _ in positions(variant, 3, hands=4):
        bot = bot or CarefulPlay(rules, 0, random.Random(0))
        assert obs.trump is not None
        voids = bot.voids(obs, bot.k.tables[obs.trump])
        for seat, mask in enumerate(voids):
            assert not mask & game.hands[seat], (variant, seat)
            found += bool(mask)
    assert found, variant


@pytest.mark.parametrize("variant", ["pimps-and-hoes", "pimps-and-hoes-4p"])
def test_staged_play_reads_a_void_for_the_stage_only(variant: str) -> None:
    """play.stages: a seat plays only the cards it chose for the stage, so a void read in
    the stage is a suit it holds none of among them (the deal is the truth); the stage's
    first trick reads nothing from the stages before (its next stage may hold any suit)."""
    found = 0
    for rules, game, obs, _ in positions(variant, 1, hands=2):
        bot = CarefulPlay(rules, obs.seat, random.Random(0))
        assert obs.trump is not None
        voids = bot.voids(obs, bot.k.tables[obs.trump])
        for seat, mask in enumerate(voids):
            assert not mask & game.hands[seat], (variant, seat)
            found += bool(mask)
        before = rules.players.count * sum(rules.play.stages[:obs.stage])
        if len(obs.played) - before <= 1:
            assert not any(voids)
    assert found, variant


def _beaten_scorers(bot: CarefulPlay, obs, cards: int) -> int:
    """Cards of ``cards`` that score in combinations and an unseen card could beat."""
    t = bot.k.tables[obs.trump]
    higher = bot.k.orders[obs.trump].higher
    unseen = bot.unseen_cards(obs)
    ruffed = bool(unseen & t.trumps)
    return sum(1 for c in range(52) if cards >> c & 1 and bot.k.combo_value[c] > 0
               and (unseen & higher[c] or (ruffed and not t.trumps >> c & 1)))


def test_a_stage_holds_fewer_scoring_cards_that_could_be_beaten() -> None:
    """Staged play: a card that scores and could be beaten now waits for a later stage
    (a stage's cards are all played): the bot's stage never holds more such cards than
    the heuristic's, and fewer in some."""
    from pitchkit.actions import selected_cards
    from pitchkit.bots.heuristic import HeuristicBot
    from pitchkit.results import Phase

    fewer = 0
    for rules, game, obs, _ in positions("pimps-and-hoes", 3, hands=3, phases=(Phase.SELECT,)):
        if obs.trump is None or game.to_act != obs.seat:
            continue
        legal = game.legal_actions()
        mine = selected_cards(CarefulPlay(rules, obs.seat, random.Random(0)).select(obs, legal))
        theirs = selected_cards(HeuristicBot(rules, obs.seat, random.Random(0)).select(obs, legal))
        bot = CarefulPlay(rules, obs.seat, random.Random(0))
        a, b = _beaten_scorers(bot, obs, mine), _beaten_scorers(bot, obs, theirs)
        assert a <= b
        fewer += a < b
    assert fewer


def test_a_partners_trick_no_other_side_can_beat_gets_the_point_cards() -> None:
    """When the partner's card cannot be beaten by a seat of the other side still to
    play (by the cards that seat may hold), the bot throws its most costly card that
    does not overtake with a trump: here, the game points of a ten or the like."""
    fed = 0
    for rules, game, obs, _ in positions("partnership-pitch", 5, hands=6):
        if not obs.trick or len(game.legal_actions()) < 2:
            continue
        bot = CarefulPlay(rules, obs.seat, random.Random(0))
        assert obs.trump is not None
        t = bot.k.tables[obs.trump]
        led = t.effective_suit[obs.trick[0][1]]
        win_seat, win_card = obs.trick[0]
        for seat, card in obs.trick[1:]:
            if (t.effective_suit[card] in (led, t.trump)) and t.power[card] > t.power[win_card]:
                win_seat, win_card = seat, card
        if obs.team_of[win_seat] != obs.team_of[obs.seat] or len(obs.trick) != 3:
            continue
        legal = game.legal_actions()
        # the last to play: nobody can beat the partner, so it feeds the trick
        choice = bot.play(obs, legal)
        gifts = [c for c in legal if not (t.trumps >> c & 1 and t.power[c] > t.power[win_card])]
        assert choice in gifts
        assert bot.cost(choice, t, 0) == max(bot.cost(c, t, 0) for c in gifts)
        fed += 1
    assert fed


def _stage_worth_card_by_card(bot: CarefulPlay, obs, cards: int) -> list[float]:
    """:meth:`CarefulPlay.stage_worth` by its docstring, card by card: the heuristic's
    wish, less ``_WAIT`` for a card that scores in combinations and an unseen card above
    it in its suit, or for a plain card an unseen trump where trumps win, could beat."""
    from pitchkit.bots import cardplay
    from pitchkit.bots.heuristic import HeuristicBot

    worth = HeuristicBot.stage_worth(bot, obs, cards)
    k = bot.k
    trump_mask = k.tables[obs.trump].trumps
    higher = k.orders[obs.trump].higher
    unseen = bot.unseen_cards(obs) & ~cards
    ruffed = not k.trick_winner_suit_led and bool(unseen & trump_mask)
    for c in range(54):
        if cards >> c & 1 and k.combo_value[c] > 0 \
                and (unseen & higher[c] or (ruffed and not trump_mask >> c & 1)):
            worth[c] -= cardplay._WAIT
    return worth


@pytest.mark.parametrize("variant", ["pimps-and-hoes", "pimps-and-hoes-4p",
                                     "pimps-and-hoes-literal"])
def test_stage_worth_reads_each_suits_highest_unseen_card_as_card_by_card(
        variant: str) -> None:
    """stage_worth finds the cards an unseen card beats suit by suit (those below the
    suit's highest unseen card): at every choice of a stage and every card played of
    random games, for the cards it may choose and random parts of them, the same floats
    as asking of each card whether an unseen card above it could beat it."""
    from pitchkit.results import Phase

    rng = random.Random(5)
    asked = 0
    for rules, _game, obs, _ in positions(variant, 3, hands=3,
                                          phases=(Phase.SELECT, Phase.PLAY)):
        if obs.trump is None:
            continue
        bot = CarefulPlay(rules, obs.seat, random.Random(0))
        mine = obs.reserve | obs.hand
        for cards in (mine, mine & rng.getrandbits(54), obs.hand):
            assert bot.stage_worth(obs, cards) == _stage_worth_card_by_card(bot, obs, cards)
            asked += 1
    assert asked > 100
