"""The ``montecarlo`` bot: sample the hidden cards, play each choice out, keep the best.

For each decision with more than one legal action it draws ``samples`` deals of the
cards it has not seen that agree with everything it has seen: the cards played (and by
whom), the voids players showed by not following suit, the bids (a player who bid ``b``
must hold a hand the heuristic would value near ``b``), and its own hand. For each deal
it rebuilds the hand so far on a fresh :class:`~pitchkit.engine.Game` (the same bids,
trump and plays), then for every candidate action plays the rest of the hand out with
the heuristic bot in every seat, and scores the result for its side: its score change
minus the others' average, or a large win/loss bonus when the hand ends the game. The
same deals serve every candidate (common random numbers), and it picks the candidate
with the best average. In staged play the candidates are a few distinct selections
proposed by simple rules (the heuristic's, by combination value, by rank); for calling a
partner (``call.partner``), the heuristic's call and the cards it wants most.

With a kitty, the pitcher naming trump searches too: it holds its deal and the kitty,
and every other hand, and the pack, is drawn from the cards it has not seen. A called
partner is searched like any card's holder: the world decides who holds the called card,
and the rebuilt hand applies the same call, so the sides follow from the world.

Settings: ``samples`` (deals per decision, default 20).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from pitchkit.actions import (
    BID_BASE,
    CALL_BASE,
    MAX_BID,
    MOON,
    PASS,
    SELECT_FLAG,
    select_action,
)
from pitchkit.bots.bid_reading import bids_read, hand_agrees
from pitchkit.bots.drawing import worth
from pitchkit.bots.heuristic import HeuristicBot, know, stage_rank
from pitchkit.bots.worlds import Sight, known, sample_world, sitting_out, table_of, voids
from pitchkit.cards import cards_in
from pitchkit.combos import best_combination
from pitchkit.draw import kitty_taker
from pitchkit.engine import Game
from pitchkit.errors import IllegalActionError
from pitchkit.plan import rules_plan
from pitchkit.results import Observation, Phase
from pitchkit.tricks import (
    tables_for,
)
from pitchkit.variant import Discard, Rules

#: Value of winning (or, negated, losing) the game within the rolled-out hand.
GAME_BONUS = 10.0
#: Tries to draw a deal that agrees with the bids before accepting one that does not.
BID_TRIES = 8
#: Calls searched for a partner (call.partner): the heuristic's and the most wanted.
CALLS = 6


class MonteCarloBot:
    """Determinized Monte Carlo search over the heuristic; ``samples`` deals a decision."""

    def __init__(self, rules: Rules, seat: int, rng: random.Random, samples: int = 20) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.rules = rules
        self.seat = seat
        self.rng = rng
        self.samples = int(samples)
        self.k = know(rules)
        self.helper = HeuristicBot(rules, seat, rng)
        self.rollout_bots = [HeuristicBot(rules, s, rng) for s in range(rules.players.count)]
        self._stage_voids = [0] * self.k.n
        self.sight = Sight()
        self._after_draw_rules: Rules | None = None

    # ------------------------------------------------------------------ entry

    def choose(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        self.sight.see(observation)
        candidates = self.candidates(observation, legal_actions)
        if len(candidates) == 1:
            return candidates[0]
        totals, played_out = self.totals(observation, candidates)
        if not played_out:
            return self.helper.choose(observation, legal_actions)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def totals(self, obs: Observation, candidates: Sequence[int]) -> tuple[list[float], int]:
        """Each of ``candidates`` played out on up to :attr:`samples` worlds of ``obs``
        (the same worlds for all): the summed values, and how many worlds were drawn."""
        totals = [0.0] * len(candidates)
        played_out = 0
        for _ in range(self.samples):
            state = self.determinize(obs)
            if state is None:
                continue
            played_out += 1
            for i, action in enumerate(candidates):
                totals[i] += self.play_out(state, action)
        return totals, played_out

    def candidates(self, obs: Observation, legal: Sequence[int]) -> list[int]:
        """The actions worth searching: all of them, except in the auction and select."""
        if obs.phase is Phase.SELECT:
            return self.selections(obs, legal)
        if obs.phase in (Phase.DRAW, Phase.THROW_IN, Phase.ALONE):
            return [self.helper.choose(obs, legal)]  # the heuristic's choice
        if obs.phase is Phase.AUCTION:
            bids = [a for a in legal if a in (PASS, MOON) or BID_BASE < a <= BID_BASE + MAX_BID]
            if bids:
                return bids
            return [self.helper.choose(obs, legal)]
        if obs.phase is Phase.CALL:
            wanted = sorted(legal, key=lambda a: -worth(self.rules, obs.trump, a - CALL_BASE))
            return list(dict.fromkeys([self.helper.choose(obs, legal), *wanted[:CALLS]]))
        return list(dict.fromkeys(legal))

    def selections(self, obs: Observation, legal: Sequence[int]) -> list[int]:
        """A few distinct stage selections: the heuristic's, and rank- and combo-led ones."""
        cards = list(legal)
        k = obs.select_count
        out = [self.helper.select(obs, legal)]
        t = tables_for(self.rules, obs.trump) if obs.trump is not None else None

        def is_trump(c: int) -> bool:
            return t is not None and bool(t.trumps >> c & 1)

        by_rank = sorted(cards, key=stage_rank, reverse=True)
        out.append(select_action(by_rank[:k]))
        kept = list(best_combination(self.rules.combinations, cards).kept)
        rest = [c for c in by_rank if c not in kept]
        out.append(select_action((kept + rest)[:k]))
        trumps_first = sorted(cards, key=lambda c: (is_trump(c), stage_rank(c)),
                              reverse=True)
        out.append(select_action(trumps_first[:k]))
        low_first = sorted(cards, key=lambda c: (not is_trump(c) and c not in kept,
                                                 -stage_rank(c)), reverse=True)
        out.append(select_action(low_first[:k]))
        return list(dict.fromkeys(out))

    # ------------------------------------------------------------------ sampling

    def determinize(self, obs: Observation) -> Game | None:
        """A game in the observed state with the hidden cards drawn at random, or None."""
        rules = self.rules
        k = self.k
        n = k.n
        me = obs.seat
        played_by: list[list[int]] = [[] for _ in range(n)]
        played_mask = 0
        for s, c in obs.played:
            played_by[s].append(c)
            played_mask |= 1 << c
        plan = rules_plan(rules, n)
        dealt = plan.deal
        per_hand = dealt.cards_per_hand
        if plan.draw is not None and obs.phase is not Phase.AUCTION:
            if obs.phase is Phase.PLAY or obs.phase is Phase.CALL:
                return self.after_draw(obs)
            if obs.phase is not Phase.TRUMP:
                return None  # a draw under way: not searched
        mine = obs.hand | obs.reserve | sum(1 << c for c in played_by[me])
        pool = k.deck & ~mine & ~played_mask
        if plan.draw is None:
            for _, shown in obs.thrown_in:
                pool &= ~shown  # weak hands thrown in: out of play, seen by all
        if dealt.shown_card_out_of_play and obs.turned is not None:
            pool &= ~(1 << obs.turned)
        voids = self.voids(obs)
        self._stage_voids = voids
        if rules.play.stages:
            voids = [0] * n  # in staged play they bind the stage's choice, not the deal
        need = [per_hand - len(played_by[s]) for s in range(n)]
        need[me] = 0
        pool_cards = list(cards_in(pool))
        deal: list[list[int]] | None = None
        for attempt in range(BID_TRIES + 4):
            deal = self.draw(pool_cards, need, voids, played_by)
            if deal is not None and (attempt >= BID_TRIES or self.agrees_with_bids(obs, deal)):
                break
        if deal is None:
            return None
        deal[me] = list(cards_in(mine))
        kitty: list[int] = []
        pack: list[int] = []
        if plan.draw is not None:
            # the hidden pack rebuilt: every card not dealt, in a random order
            left = pool
            for cards in deal:
                for c in cards:
                    left &= ~(1 << c)
            pack = list(cards_in(left))
            self.rng.shuffle(pack)
            size = plan.draw.kitty
            if obs.phase is Phase.TRUMP and size and me == kitty_taker(
                    plan.draw, obs.dealer, obs.pitcher):
                # it holds the kitty it took: any of its cards may stand for it (the
                # hand after the kitty is the same)
                deal[me], kitty = deal[me][:per_hand], deal[me][per_hand:]
            else:
                kitty, pack = pack[:size], pack[size:]
        return self.rebuild(obs, deal, played_by, kitty=kitty, pack=pack)

    def after_draw(self, obs: Observation) -> Game | None:
        """After a draw (or a kitty): a game in the observed state, or None.

        The other seats' hands come from :mod:`pitchkit.bots.worlds` (all the seat has seen:
        its own cards, the trumps shown, how many cards each seat holds). The game is
        rebuilt under the same rules without the draw, dealt the hands as play began
        (with trumps-only play, each hand's trumps and cards out of play to fill it), and
        the bids and plays are replayed on it: play and scoring are the variant's.
        """
        table = table_of(self.rules)
        know = known(table, obs, self.sight)
        if know is None:
            return None
        me = obs.seat
        n = table.n
        played_by = [0] * n
        for s, c in obs.played:
            played_by[s] |= 1 << c

        def agrees(world: list[int]) -> bool:
            return self.agrees_with_bids(
                obs, [list(cards_in(world[s] | played_by[s])) for s in range(n)])

        world = sample_world(know, me, obs.hand, self.rng, agrees)
        if world is None:
            return None
        hands = [world[s] | played_by[s] for s in range(n)]
        if table.trumps_only:
            # the cards each seat let go when play began: any cards out of play
            spare = table.deck & ~sum(hands)
            if obs.turned is not None:
                spare &= ~(1 << obs.turned)
            trumps = table.tables[obs.trump].trumps if obs.trump is not None else 0
            spare_cards = [c for c in cards_in(spare & ~trumps)]
            self.rng.shuffle(spare_cards)
            for s in range(n):
                short = table.hand_size - hands[s].bit_count()
                if short < 0 or short > len(spare_cards):
                    return None
                for c in spare_cards[:short]:
                    hands[s] |= 1 << c
                del spare_cards[:short]
        if any(h.bit_count() != table.hand_size for h in hands):
            return None  # extra trumps shown and kept: not searched
        if self._after_draw_rules is None:
            rules = self.rules
            self._after_draw_rules = replace(
                rules, deal=replace(rules.deal, kitty=0, cards_per_hand=table.hand_size),
                draw=replace(rules.draw, discard=Discard.NONE))
        return self.rebuild(obs, [list(cards_in(h)) for h in hands], [],
                            rules=self._after_draw_rules)

    def voids(self, obs: Observation) -> list[int]:
        """Per seat, a mask of cards it cannot hold, shown by failing to follow suit
        (:func:`pitchkit.bots.worlds.voids`; in staged play, within the stage)."""
        if obs.trump is None:
            return [0] * self.k.n
        table = table_of(self.rules)
        # a stage's hand is the cards chosen for it: a void holds within the stage
        first = sum(self.rules.play.stages[:obs.stage]) if self.rules.play.stages else 0
        return voids(table, table.tables[obs.trump], obs.played, first_trick=first,
                     unfinished=bool(obs.trick), to_play=obs.to_act,
                     size=self.k.n - len(sitting_out(obs)))

    def draw(self, pool: list[int], need: list[int], voids: list[int],
             played_by: list[list[int]]) -> list[list[int]] | None:
        """Hidden cards for every other seat, none of them in a suit it showed void in."""
        rng = self.rng
        free = list(pool)
        rng.shuffle(free)
        deal: list[list[int]] = [list(p) for p in played_by]
        order = sorted(range(len(need)), key=lambda s: -voids[s].bit_count())
        for seat in order:
            want = need[seat]
            if not want:
                continue
            banned = voids[seat]
            chosen = [c for c in free if not banned >> c & 1][:want]
            if len(chosen) < want:
                return None
            taken = set(chosen)
            free = [c for c in free if c not in taken]
            deal[seat].extend(chosen)
        return deal

    def agrees_with_bids(self, obs: Observation, deal: list[list[int]]) -> bool:
        """Each other seat that bid ``b`` holds a hand the heuristic values near ``b``
        (but the dealer's forced bid: :func:`pitchkit.auction.forced_bid`)."""
        for seat, bid in bids_read(rules_plan(self.rules), obs.dealer, obs.bids, obs.seat):
            hand = sum(1 << c for c in deal[seat])
            trump = obs.trump if obs.trump is not None and seat == obs.pitcher else None
            if not hand_agrees(self.rollout_bots[seat], hand, bid, trump):
                return False
        return True

    def rebuild(self, obs: Observation, deal: list[list[int]],
                played_by: list[list[int]], *, kitty: Sequence[int] = (),
                pack: Sequence[int] = (), rules: Rules | None = None) -> Game | None:
        """Replay the observed hand on a fresh game dealt ``deal`` (and ``kitty`` and
        ``pack``; under ``rules``, by default the bot's); None if it cannot."""
        rules = self.rules if rules is None else rules
        game = Game(rules, random.Random(0), dealer=obs.dealer, scores=obs.scores)
        del played_by
        try:
            game.deal_cards(deal, obs.turned, kitty=kitty, pack=pack)
            bids = list(obs.bids)
            plays = list(obs.played)
            bi = pi = 0
            while True:
                phase = game.phase
                seat = game.to_act
                if phase is Phase.AUCTION or phase is Phase.TRUMP:
                    if bi >= len(bids):
                        break
                    s, action = bids[bi]
                    bi += 1
                    if (rules.auction.pitch_to_bid and bi == len(bids) and plays
                            and plays[0][0] == s == obs.pitcher
                            and action == BID_BASE + rules.auction.max_bid
                            and phase is Phase.AUCTION):
                        game.apply(plays[0][1])  # the bid was made by pitching this card
                        pi = 1
                        continue
                    game.apply(action)
                elif phase is Phase.SELECT:
                    assert seat is not None
                    choice = self.stage_choice(obs, game, seat)
                    if choice is None:
                        break
                    game.apply(choice)
                elif phase is Phase.PLAY:
                    if pi >= len(plays):
                        break
                    game.apply(plays[pi][1])
                    pi += 1
                elif phase is Phase.CALL:
                    if obs.called is None:
                        break  # the call is the decision being searched
                    game.apply(CALL_BASE + obs.called)
                else:
                    return None
        except IllegalActionError:
            return None
        if game.to_act != obs.seat or game.phase is not obs.phase:
            return None
        return game

    def stage_choice(self, obs: Observation, game: Game, seat: int) -> int | None:
        """The select action ``seat`` made at this stage of the rebuilt game, or None.

        A finished stage's choice is what the seat played in it; in the current stage it
        is what the seat played so far plus some of its other cards (its own stage hand
        for this bot). None: this is the decision being searched.
        """
        n = self.k.n
        sizes = self.rules.play.stages
        stage = game.stage
        start = sum(sizes[:stage]) * n
        in_stage = obs.played[start:start + sizes[stage] * n]
        chosen = 0
        for s, c in in_stage:
            if s == seat:
                chosen |= 1 << c
        want = game.select_count
        if stage == obs.stage and seat == obs.seat:
            if obs.phase is Phase.SELECT:
                return None
            chosen |= obs.hand
        elif chosen.bit_count() < want:
            hidden = list(cards_in(game.reserve[seat] & ~chosen & ~self._stage_voids[seat]))
            if len(hidden) < want - chosen.bit_count():
                hidden = list(cards_in(game.reserve[seat] & ~chosen))
            for c in self.rng.sample(hidden, want - chosen.bit_count()):
                chosen |= 1 << c
        return SELECT_FLAG | chosen

    # ------------------------------------------------------------------ rollouts

    def play_out(self, state: Game, action: int) -> float:
        """Apply ``action`` on a copy of ``state``, finish the hand with heuristics, score it."""
        game = state.clone()
        me = self.seat
        hands_before = len(game.hand_results)
        try:
            game.apply(action)
        except IllegalActionError:
            return -1e9
        bots = self.rollout_bots
        while len(game.hand_results) == hands_before and game.phase is not Phase.OVER:
            seat = game.to_act
            if seat is None:
                break
            legal = game.legal_actions()
            obs = game.observation(seat)
            game.apply(bots[seat].choose(obs, legal))
        if len(game.hand_results) == hands_before:
            return 0.0
        return hand_value(game, me)


def hand_value(game: Game, me: int) -> float:
    """The last hand's result for ``me``'s side (:func:`side_value`); with a called
    partner, the sides of that hand (the partner on the pitcher's)."""
    winners: tuple[int, ...] = ()
    if game.phase is Phase.OVER and game.outcome is not None:
        winners = tuple(game.outcome.winners)
    result = game.hand_results[-1]
    team: Sequence[int] = game.team_of
    if result.partner is not None and result.pitcher is not None:
        sides = list(team)
        sides[result.partner] = sides[result.pitcher]
        team = sides
    return side_value(result.score_changes, team, me, winners)


def side_value(changes: Sequence[int], team: Sequence[int], me: int,
               winners: Sequence[int] = ()) -> float:
    """A hand's result for ``me``'s side: its score change less the other sides' average,
    and :data:`GAME_BONUS` more (less) when the hand won (lost) the game: ``winners`` are
    the game's winning seats when the hand ended it, else empty."""
    others = [changes[s] for s in range(len(changes)) if team[s] != team[me]]
    value = float(changes[me]) - (sum(others) / len(others) if others else 0.0)
    if winners:
        value += GAME_BONUS if me in winners else -GAME_BONUS
    return value
