"""The PettingZoo environment: PettingZoo's own API and seed tests on every kind of rule,
then what it promises itself (whole games, masks, the observation layout, rewards)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pip install 'pitchkit[env]'")

from pettingzoo.test import api_test, seed_test

from pitchkit.actions import MOON, PASS, TRUMP_BASE
from pitchkit.cards import parse_card
from pitchkit.engine import Phase
from pitchkit.env import ACTIONS, CARDS, DONE, PitchEnv, env, observation_size
from pitchkit.errors import IllegalActionError

#: One shipped variant of each kind: auction, partnerships, money (no end), staged play
#: with combinations, the draw with a kitty, nine cards keep six, a called partner.
VARIANTS = ["auction-pitch", "partnership-pitch", "money-pitch", "pimps-and-hoes",
            "minnesota-smear", "nine-card-pitch", "call-partner-pitch"]


def play(e: Any, rng: random.Random, limit: int = 20000) -> list[tuple[Any, ...]]:
    """Play one episode with uniformly random allowed actions; returns what happened."""
    log = []
    for _ in range(limit):
        if not e.agents:
            return log
        agent = e.agent_selection
        obs, reward, term, trunc, _info = e.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        log.append((agent, reward, term, trunc, action))
        e.step(action)
    raise AssertionError("the episode did not end")


# The observation is a dict with the action mask, as in PettingZoo's own classic games;
# api_test warns that it is not a plain array.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test_passes(variant: str) -> None:
    api_test(env(variant), num_cycles=200)


@pytest.mark.parametrize("variant", ["auction-pitch", "pimps-and-hoes", "minnesota-smear"])
def test_pettingzoo_seed_test_passes(variant: str) -> None:
    seed_test(lambda: env(variant), num_cycles=200)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_ends_every_game_with_a_side_rewarded(variant: str) -> None:
    e = env(variant, max_hands=30, hands=10)
    e.reset(seed=3)
    n = len(e.possible_agents)
    log = play(e, random.Random(1))
    final = {agent: reward for agent, reward, term, trunc, _ in log if term or trunc}
    assert set(final) == set(e.possible_agents)
    if any(trunc for *_, trunc, _ in log):
        assert set(final.values()) == {0.0}
    else:
        assert set(final.values()) <= {-1.0, 0.0, 1.0}
        assert sum(final.values()) in {0.0, *(n - 2 * k for k in range(n + 1))}


def test_the_same_seed_plays_the_same_episode_and_another_seed_does_not() -> None:
    def episode(seed: int) -> list[tuple[Any, ...]]:
        e = env("auction-pitch", max_hands=20)
        e.reset(seed=seed)
        return play(e, random.Random(0))

    assert episode(5) == episode(5)
    assert episode(5) != episode(6)


def test_staged_play_selects_card_by_card_until_the_stage_is_full() -> None:
    raw = PitchEnv("pimps-and-hoes")
    raw.reset(seed=1)
    game = raw.game
    assert game is not None and game.phase is Phase.SELECT
    need = game.select_count
    reserve = game.reserve[game.to_act]
    for k in range(need):
        mask = raw.observe(raw.agent_selection)["action_mask"]
        allowed = set(np.flatnonzero(mask))
        assert allowed and allowed <= {c for c in range(CARDS) if reserve >> c & 1}
        card = min(allowed)
        raw.step(card)
        if k < need - 1:
            assert game.phase is Phase.SELECT and card not in set(
                np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"]))


@pytest.mark.parametrize("sets", [("draw.discard=up_to",), ("draw.discard=non_trumps",),
                                  ("draw.discard=at_least",)])
def test_a_discard_of_variable_size_ends_with_done_once_the_least_is_chosen(
        sets: tuple[str, ...]) -> None:
    raw = PitchEnv("auction-pitch", sets=(
        "auction.pitch_to_bid=false", "trump.chosen_by=pitcher_names", *sets))
    raw.reset(seed=2)
    rng = random.Random(0)
    done = 0
    for _ in range(3000):
        game = raw.game
        if not raw.agents or game is None or game.phase is Phase.OVER:
            break
        mask = raw.observe(raw.agent_selection)["action_mask"]
        if game.phase is Phase.DRAW:
            choice = game.draw_choice()
            chosen = (raw._chosen | choice.must).bit_count()
            assert mask[DONE] == (chosen >= choice.least)
            assert mask[:CARDS].any() == (chosen < choice.most and bool(
                choice.cards & ~choice.must & ~raw._chosen))
            if mask[DONE] and rng.random() < 0.5:
                before = game.to_act
                raw.step(DONE)
                done += 1
                assert game.phase is not Phase.DRAW or game.to_act != before
                continue
        raw.step(int(rng.choice(np.flatnonzero(mask))))
    assert done > 0


def test_an_action_outside_the_mask_is_refused() -> None:
    raw = PitchEnv("auction-pitch")
    raw.reset(seed=0)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="not allowed now"):
        raw.step(bad)


def test_the_observation_follows_the_documented_layout() -> None:
    raw = PitchEnv("auction-pitch")
    raw.reset(seed=4)
    n = raw.n
    assert raw.observation_space("player_0")["observation"].shape == (observation_size(n),)
    rng = random.Random(3)
    while raw.game is not None and not (raw.game.phase is Phase.PLAY and raw.game.play_state.trick):
        raw.step(int(rng.choice(np.flatnonzero(raw.observe(raw.agent_selection)
                                                ["action_mask"]))))
    game = raw.game
    seat = game.to_act
    assert seat is not None
    vec = raw.observe(f"player_{seat}")["observation"]
    hand = {c for c in range(CARDS) if vec[c]}
    assert hand == {c for c in range(CARDS) if game.hands[seat] >> c & 1}
    trick_at = CARDS * 4
    leader = game.observation(seat).trick[0]
    block = (leader[0] - seat) % n
    start = trick_at + CARDS * block
    assert np.flatnonzero(vec[start:start + CARDS]).tolist() == [leader[1]]
    phase_at = CARDS * (7 + n) + 4
    assert vec[phase_at:phase_at + 8].tolist() == [0, 0, 0, 0, 0, 1, 0, 0]  # play
    scores = vec[-n:]
    assert scores.tolist() == [game.scores[(seat + k) % n] / 7 for k in range(n)]
    other = raw.observe(f"player_{(seat + 1) % n}")
    assert not other["action_mask"].any()  # only the seat to act has actions


def test_every_seat_sees_the_called_card_and_the_partner_only_once_known() -> None:
    """call.partner: after ``call CARD`` the called card is in every seat's observation;
    the pitcher's side shows the partner to the partner at once and to the others (the
    pitcher too) only once the card is played."""
    raw = PitchEnv("call-partner-pitch")
    raw.reset(seed=5)
    n = raw.n
    rng = random.Random(1)
    called_at = CARDS * (5 + n)
    side_at = CARDS * (7 + n) + 4 + len(Phase) + 2 * n
    seen_call = seen_play = False
    while raw.agents and not seen_play:
        game = raw.game
        assert game is not None
        call = game._call
        if call is not None and call.partner >= 0 and game.pitcher is not None:
            played = bool(sum(game.captured) >> call.card & 1
                          or any(c == call.card for c in game.play_state.trick))
            for seat in range(n):
                vec = raw.observe(f"player_{seat}")["observation"]
                assert np.flatnonzero(vec[called_at:called_at + CARDS]).tolist() == [call.card]
                side = np.flatnonzero(vec[side_at:side_at + n]).tolist()
                knows = played or seat == call.partner
                assert side == ([(call.partner - seat) % n] if knows else []), (seat, played)
            seen_call = True
            seen_play = seen_play or played
        elif call is None and game.phase is not Phase.CALL:
            vec = raw.observe(raw.agent_selection)["observation"]
            assert not vec[called_at:called_at + CARDS].any()
        raw.step(int(rng.choice(np.flatnonzero(raw.observe(raw.agent_selection)
                                                ["action_mask"]))))
    assert seen_call and seen_play


def test_a_card_is_its_engine_number() -> None:
    assert parse_card("AS") < CARDS and DONE == CARDS
    assert ACTIONS == TRUMP_BASE + 4 and MOON < TRUMP_BASE and PASS > DONE


def test_the_readme_training_loop_runs() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Bots that learn: `pitchkit.env`", 1)[1]
    code = re.search(r"```python\n(import numpy.*?)```", section, re.S)
    assert code, "the README's environment section has a Python example"
    source = code.group(1).replace("EPISODES = 200", "EPISODES = 3")  # a quick run
    assert "EPISODES = 3" in source
    exec(compile(source, "README.md", "exec"), {})


@pytest.mark.parametrize("variant", ["cinch", "ten-point-pitch-draw"])
def test_no_other_seat_sees_a_drawn_card_before_it_is_played(variant: str) -> None:
    """The cards a seat was dealt from the pack (or kept from it, robbing) are in no card
    block of another seat's observation vector while the seat still holds them."""
    raw = PitchEnv(variant)
    raw.reset(seed=3)
    n = raw.n
    rng = random.Random(2)
    blocks = 7 + n  # hand, reserve, chosen, played, the trick's n, turned, called, given
    checked = 0
    while raw.agents and checked < 400:
        game = raw.game
        assert game is not None
        for seat in range(n):
            hidden = game.observation(seat).drawn & game.hands[seat]
            if not hidden:
                continue
            for other in range(n):
                if other != seat:
                    vec = raw.observe(f"player_{other}")["observation"]
                    seen = vec[:CARDS * blocks].reshape(blocks, CARDS).any(axis=0)
                    assert not any(seen[c] for c in range(CARDS) if hidden >> c & 1)
                    checked += 1
        raw.step(int(rng.choice(np.flatnonzero(raw.observe(raw.agent_selection)
                                                ["action_mask"]))))
    assert checked >= 400


def test_the_robber_answers_rob_with_throw_in_and_passes_the_pack_with_pass() -> None:
    # draw.pack_to_partner: the robber's question is a yes/no like throw_in's: 128 robs
    # (then the keep, card by card), 64 (pass) passes the pack unseen to its partner
    from pitchkit.env import THROW_IN_ACTION
    raw = PitchEnv("ten-point-pitch-draw", sets=("draw.pack_to_partner=true",))
    raw.reset(seed=4)
    rng = random.Random(0)
    answers = {THROW_IN_ACTION: 0, PASS: 0}
    for _ in range(20000):
        game = raw.game
        if not raw.agents or game is None or game.phase is Phase.OVER or all(answers.values()):
            break
        mask = raw.observe(raw.agent_selection)["action_mask"]
        if game.phase is Phase.DRAW and game.draw_choice().verb == "rob":
            assert list(np.flatnonzero(mask)) == [PASS, THROW_IN_ACTION]
            robber = game.to_act
            answer = [PASS, THROW_IN_ACTION][answers[PASS] > answers[THROW_IN_ACTION]]
            raw.step(answer)
            answers[answer] += 1
            if answer == PASS:
                assert game.to_act == (robber + 2) % 4  # the partner keeps from the pack
            else:
                assert game.to_act == robber and game.draw_choice().verb == "keep"
            continue
        raw.step(int(rng.choice(np.flatnonzero(mask))))
    assert all(answers.values())


def test_every_engine_action_has_one_environment_action() -> None:
    """Derived from the engine's actions: a card, pass, a bid, sell or refuse, a trump
    keeps its number, ``call CARD`` is the card, and every yes/no decision of
    pitchkit.actions.ANSWERS is 128 or pass, so a new decision of that kind needs no
    change here."""
    from pitchkit.actions import ANSWERS, CALL_BASE, SMALL_ACTIONS
    from pitchkit.env import THROW_IN_ACTION, env_action

    assert all(0 <= env_action(a) < ACTIONS for a in SMALL_ACTIONS)
    assert [env_action(CALL_BASE + card) for card in range(CARDS)] == list(range(CARDS))
    assert {(env_action(yes), env_action(no)) for yes, no in ANSWERS} == {(THROW_IN_ACTION,
                                                                           PASS)}
    plain = [a for a in SMALL_ACTIONS if a < ACTIONS]
    assert [env_action(a) for a in plain] == plain
