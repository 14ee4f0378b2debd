"""A PettingZoo AEC environment for any variant: ``pitchkit.env.env("auction-pitch")``.

Install with ``pip install 'pitchkit[env]'`` (PettingZoo, Gymnasium, NumPy). One agent per
seat, ``player_0`` .. ``player_{n-1}``; the game is the engine's (:class:`pitchkit.engine.Game`),
so every rule comes from the variant and only legal actions are ever applied.

**Actions** are ``Discrete(ACTIONS)`` (133), the engine's own action numbers
(:mod:`pitchkit.actions`) where it has one:

==========  ===============================================================
0..53       a card (:mod:`pitchkit.cards`: rank + 13 * suit, 52/53 jokers): play it,
            pitch it, call it for a partner (phase ``call``: ``call CARD``), or,
            while choosing a set of cards, add it to the set
54          ``done``: end a set of cards of a variable size (the draw's discard or keep)
64          ``pass``
65..124     ``bid 1`` .. ``bid 60`` (``BID_BASE + N``; a variant allows up to its max_bid)
125         ``bid moon`` (``MOON``)
126, 127    ``sell``, ``refuse`` (``auction.style: sell``)
128         the yes of a yes/no decision, whose no is ``pass`` (every pair of
            :data:`pitchkit.actions.ANSWERS`, mapped by :func:`env_action`): ``throw
            in`` (phase ``throw_in``, ``deal.weak_hand_below``; ``pass`` keeps the
            hand); ``go alone`` (phase ``alone``, ``auction.alone``; ``pass`` plays
            with partner); in the draw, to a robber that may pass the pack on
            (``draw.pack_to_partner``), ``rob`` (``pass`` passes the pack unseen to
            its partner)
129..132    ``trump S``, ``H``, ``D``, ``C`` (``TRUMP_BASE + suit``)
==========  ===============================================================

The phases that choose several cards at once (staged play's ``select``, the draw's
``discard``/``keep``) are taken one card at a time: the set grows with each card action
and is applied to the engine when it has ``select_count`` cards (``select``), when no card
may be added, or at ``done`` once it holds the least it may (draw). Cards the rules force
into the set are in it from the start. ``action_mask`` (int8, one per action) marks exactly the
actions allowed now; any other action is refused with :class:`IllegalActionError`.

**Observations** are a dict: ``action_mask`` and ``observation``, a float32 vector of
:func:`observation_size` entries seen from the observing seat (only what that seat may
see; seats are counted from it: 0 itself, 1 the next in seat order, ...). For ``n`` players:

=====================  ======  =======================================================
block                  size    content
=====================  ======  =======================================================
hand                   54      1 for each card the seat holds (this stage's cards)
reserve                54      staged play: its dealt cards not yet chosen for a stage
chosen                 54      the cards chosen so far in a set being built
played                 54      cards played in earlier tricks of this hand
trick                  54 * n  the current trick: block k = the card of seat k (relative)
turned                 54      the card turned for trump, if any
called                 54      call.partner: the card the pitcher called (seen by all)
given                  54      draw.give_to_partner: the cards the kitty's taker gave its
                               partner (only the giver and the receiver see them)
trump                  4       trump suit one-hot (all 0 while not named)
phase                  10      deal, auction, trump, draw, select, play, over, call,
                               throw_in, alone one-hot
dealer                 n       the dealer (relative seat) one-hot
pitcher                n       the pitcher one-hot (all 0 without one)
pitcher's side         n       the seats but the pitcher on the pitcher's side as this
                               seat knows them: fixed partners, or a called partner once
                               its card is played (to the partner itself: at once)
to act                 n       whose decision it is one-hot
bid                    2       the contract's bid / the variant's max_bid, 1 for a moon
bids                   n       each seat's last bid / max_bid, 1 for a moon (0: none, pass)
tricks won             n       tricks each seat has taken / cards per hand
scores                 n       each seat's score / the target (/ 10 without a target)
=====================  ======  =======================================================

All entries are within 0..1 except the scores, which are unbounded.

**Rewards** come at the end of the game: +1 to every seat of the winning side, -1 to the
others, 0 to all for a draw. A variant that never ends (money pitch) is played for
``hands`` hands (default 20) and the side on top wins, as in ``pitchkit simulate``; a game
that has an end but reaches ``max_hands`` (default 1000) is truncated with no reward.

**Seeding**: ``reset(seed=S)`` seeds the game's generator (shuffles, the first dealer);
a ``reset()`` without a seed continues from the generator of the last seeded reset (seed 0
if there was none), so a run of episodes is reproducible from its first seed.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # the optional extra is not installed
    raise ImportError(f"pitchkit.env needs PettingZoo ({error.name} is missing): "
                      "pip install 'pitchkit[env]'") from error

from pitchkit import draw
from pitchkit.actions import (
    ANSWERS,
    BID_BASE,
    CALL_BASE,
    MOON,
    PASS,
    SELECT_FLAG,
    SMALL_ACTIONS,
    TRUMP_BASE,
    is_numeric_bid,
)
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.load import load_variant
from pitchkit.simulate import DEFAULT_ENDLESS_HANDS, DEFAULT_MAX_HANDS, _sides_on_top, is_endless
from pitchkit.variant import Rules

#: Size of the action space: up to the last ``trump S`` action; see the module's table.
ACTIONS = TRUMP_BASE + 4
#: The action that ends a set of cards of variable size (the draw).
DONE = 54
#: phase throw_in: the environment's ``throw in`` (the engine's is above ACTIONS); ``pass``
#: keeps the hand
THROW_IN_ACTION = TRUMP_BASE - 1
CARDS = 54
PHASES = tuple(Phase)


def env_action(action: int) -> int:
    """The environment's number for one of the engine's actions below the card-set flags
    (:data:`pitchkit.actions.SMALL_ACTIONS`): its own where below :data:`ACTIONS`, the
    card of ``call CARD``, :data:`THROW_IN_ACTION` for the yes of a yes/no decision
    (:data:`pitchkit.actions.ANSWERS`) and ``pass`` for its no."""
    return _ENV_ACTIONS[action]


def _env_actions() -> dict[int, int]:
    out = {action: action for action in SMALL_ACTIONS if action < ACTIONS}
    out |= {CALL_BASE + card: card for card in range(CARDS)}
    for yes, no in ANSWERS:
        out[yes], out[no] = THROW_IN_ACTION, PASS
    assert set(out) == SMALL_ACTIONS, "every engine action has an environment action"
    return out


_ENV_ACTIONS = _env_actions()


def observation_size(players: int) -> int:
    """Length of the observation vector for ``players`` seats (see the module's table)."""
    return CARDS * (7 + players) + 4 + len(PHASES) + 2 + 7 * players


def env(variant: str | Rules = "auction-pitch", **kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo recommends (order and bounds enforced)."""
    raw = PitchEnv(variant, **kwargs)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))


class PitchEnv(AECEnv):
    """One game of ``variant`` (a shipped name, a file, or loaded :class:`Rules`).

    ``sets``: ``--set`` style overrides (``["scoring.target=11"]``); ``hands``: hands per
    game for variants with no end; ``max_hands``: truncate a game that runs this long.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "pitchkit_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, variant: str | Rules = "auction-pitch", *, sets: tuple[str, ...] = (),
                 hands: int = DEFAULT_ENDLESS_HANDS, max_hands: int = DEFAULT_MAX_HANDS,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = variant if isinstance(variant, Rules) else load_variant(variant, sets)
        self.n = self.rules.players.count
        self.endless = is_endless(self.rules)
        self.hand_limit = hands if self.endless else max_hands
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(self.n)]
        size = observation_size(self.n)
        low = np.zeros(size, dtype=np.float32)
        high = np.ones(size, dtype=np.float32)
        low[-self.n:], high[-self.n:] = -np.inf, np.inf  # the scores
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self._seeder = random.Random(0)
        self.game: Game | None = None
        self._chosen = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = random.Random(seed)
        self.game = Game(self.rules, random.Random(self._seeder.getrandbits(64)))
        self._chosen = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None and action is not None
        action = int(action)
        if not self._mask()[action]:
            raise IllegalActionError(f"{agent}: action {action} is not allowed now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if game.phase is Phase.SELECT:
            self._chosen |= 1 << action
            if self._chosen.bit_count() == game.select_count:
                self._apply(SELECT_FLAG | self._chosen)
        elif self._building_a_set(game):
            choice = game.draw_choice()
            if action != DONE:
                self._chosen |= 1 << action
            if action == DONE or not self._may_add(choice):
                self._apply(draw.choice_action(choice, self._chosen | choice.must))
        else:  # one action of the engine's: the legal one this number stands for
            self._apply(next(a for a in game.legal_actions() if env_action(a) == action))
        self._advance()
        self._accumulate_rewards()

    def _apply(self, action: int) -> None:
        assert self.game is not None
        self.game.apply(action)
        self._chosen = 0

    def _advance(self) -> None:
        """Deal where a hand is to be dealt, and end the game where it ends."""
        game = self.game
        assert game is not None
        while game.phase is Phase.DEAL and game.hands_played < self.hand_limit:
            game.deal_random()
        if game.phase is Phase.OVER or game.phase is Phase.DEAL:
            self._finish(game)
            return
        assert game.to_act is not None
        self.agent_selection = self.possible_agents[game.to_act]

    def _finish(self, game: Game) -> None:
        outcome = game.outcome
        if outcome is None and not self.endless:  # cut off: it had an end it did not reach
            self.truncations = dict.fromkeys(self.agents, True)
            return
        if outcome is None:
            winners, drawn = _sides_on_top(game, self.n, self.rules)
        else:
            winners, drawn = tuple(outcome.winners), bool(outcome.draw)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = 0.0 if drawn else (1.0 if seat in winners else -1.0)
            self.infos[agent] = {"scores": tuple(game.scores), "winners": winners}
        self.terminations = dict.fromkeys(self.agents, True)

    # ------------------------------------------------------------------ what a seat sees

    @staticmethod
    def _building_a_set(game: Game) -> bool:
        """The draw's discard or keep, taken one card at a time (a robber's answer to
        rob or pass the pack on is one action)."""
        return game.phase is Phase.DRAW and game.draw_choice().verb != "rob"

    def _may_add(self, choice: draw.Choice) -> bool:
        chosen = self._chosen | choice.must
        return chosen.bit_count() < choice.most and bool(choice.cards & ~chosen)

    def _mask(self) -> np.ndarray:
        mask = np.zeros(ACTIONS, dtype=np.int8)
        game = self.game
        assert game is not None
        if game.phase is Phase.SELECT:
            free = game.reserve[game.to_act] & ~self._chosen if game.to_act is not None else 0
            _mark(mask, free)
        elif self._building_a_set(game):
            choice = game.draw_choice()
            if self._may_add(choice):
                _mark(mask, choice.cards & ~choice.must & ~self._chosen)
            if (self._chosen | choice.must).bit_count() >= choice.least:
                mask[DONE] = 1
        else:
            for action in game.legal_actions():
                mask[env_action(action)] = 1
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        assert game is not None
        seat = self.possible_agents.index(agent)
        n = self.n
        obs = game.observation(seat)
        vec = np.zeros(observation_size(n), dtype=np.float32)

        def rel(s: int) -> int:
            return (s - seat) % n

        at = 0

        def cards(mask: int) -> None:
            nonlocal at
            _mark(vec[at:at + CARDS], mask)
            at += CARDS

        def one_hot(size: int, index: int | None) -> None:
            nonlocal at
            if index is not None:
                vec[at + index] = 1.0
            at += size

        def values(items: list[float]) -> None:
            nonlocal at
            vec[at:at + len(items)] = items
            at += len(items)

        cards(obs.hand)
        cards(obs.reserve)
        cards(self._chosen if game.to_act == seat else 0)
        in_trick = {card for _, card in obs.trick}
        cards(sum(1 << card for _, card in obs.played if card not in in_trick))
        trick = [0] * n
        for s, card in obs.trick:
            trick[rel(s)] = 1 << card
        for card_mask in trick:
            cards(card_mask)
        cards(0 if obs.turned is None else 1 << obs.turned)
        cards(0 if obs.called is None else 1 << obs.called)
        cards(0 if obs.given is None else obs.given[1])
        one_hot(4, obs.trump)
        one_hot(len(PHASES), PHASES.index(obs.phase))
        one_hot(n, rel(obs.dealer))
        one_hot(n, None if obs.pitcher is None else rel(obs.pitcher))
        side = [0.0] * n
        if obs.pitcher is not None:
            team = obs.team_of
            for s in range(n):
                if s != obs.pitcher and team[s] == team[obs.pitcher]:
                    side[rel(s)] = 1.0
        values(side)
        one_hot(n, None if obs.to_act is None else rel(obs.to_act))
        moon = obs.bid == "moon"
        top = max(1, self.rules.auction.max_bid)
        values([1.0 if moon else (float(obs.bid) / top if isinstance(obs.bid, int) else 0.0),
                1.0 if moon else 0.0])
        last_bid = [0.0] * n
        for s, action in obs.bids:
            if action == MOON:
                last_bid[rel(s)] = 1.0
            elif is_numeric_bid(action):
                last_bid[rel(s)] = min(1.0, (action - BID_BASE) / top)
            elif action == PASS:
                last_bid[rel(s)] = 0.0
        values(last_bid)
        per_hand = max(1, game.cards_per_hand)
        values([obs.tricks_won[s] / per_hand for s in _order(seat, n)])
        scale = self.rules.scoring.target or 10
        values([obs.scores[s] / scale for s in _order(seat, n)])
        assert at == len(vec)
        mask = self._mask() if agent == self.agent_selection and not (
            self.terminations[agent] or self.truncations[agent]) else np.zeros(
                ACTIONS, dtype=np.int8)
        return {"observation": vec, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        from pitchkit.cards import format_cards

        game = self.game
        lines = [f"phase {game.phase}, scores {list(game.scores)}"]
        for seat in range(self.n):
            lines.append(f"player_{seat}: {format_cards(game.hands[seat])}")
        return "\n".join(lines)

    def close(self) -> None:
        pass


def _order(seat: int, n: int) -> list[int]:
    """Seats counted from ``seat``: itself, the next, ..."""
    return [(seat + k) % n for k in range(n)]


def _mark(target: np.ndarray, mask: int) -> None:
    while mask:
        low = mask & -mask
        target[low.bit_length() - 1] = 1
        mask ^= low


__all__ = ["ACTIONS", "DONE", "PitchEnv", "env", "env_action", "observation_size"]
