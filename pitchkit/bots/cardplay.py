"""Card play of the default bot: the heuristic's plan, reading who can still beat a card.

The ``heuristic`` calls a card safe when no unseen card could beat it. This play reads the
table more closely, from the rules of following (``play.following``) and the cards seen:

- **Voids.** A seat that did not follow the suit led holds none of it (and, where the rules
  make it trump when it cannot follow, or trump was led, no trump either). Its possible
  cards are the unseen cards less those suits; in staged play (``play.stages``) a seat
  plays only the cards it chose for the stage, so a void holds until the stage ends (its
  next stage may hold any suit).
- **Safe means safe from the other sides.** A card of the trick is safe when no seat of
  another side still to play this trick could hold a card that beats it; a partner's
  card that beats it is no loss. A lead is a boss card when no seat of another side could
  beat it.

With those readings it plays the heuristic's plan (draw trumps with a boss trump, cash
boss cards, take tricks with points with the cheapest safe winner, keep the jack and the
point trumps from tricks they could lose, feed points to a partner's safe trick), and
two more rules: with a partner's trick at risk it wins it itself with a safe winner when
the trick holds a point card; and when another side's trick can be taken by a safe plain card
that costs nothing, it takes the lead. In staged play it chooses a stage's cards as the
heuristic does, but a card that scores in combinations waits for a later stage while an
unseen card could beat it (every card of a stage is played).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from pitchkit.bots.heuristic import HeuristicBot, _cheapest, _dearest, _first_max, know
from pitchkit.combos import kept_mask
from pitchkit.memo import per_rule_set
from pitchkit.plan import rules_plan
from pitchkit.results import Observation, PlayView
from pitchkit.tricks import ANY_CARD, TrumpTables, trick_voids
from pitchkit.variant import Rules

if TYPE_CHECKING:
    from pitchkit.bots.careful_hand import HandPlayer

#: A card whose cost (:meth:`HeuristicBot.cost`) is below this carries no points.
_FREE = 0.15
#: A trick at least this costly holds a point card (a point item, a ten's game points);
#: a partner's trick at risk is taken over only for such a prize (measured on 1,000
#: pidro deals against the heuristic: 56.9% of games, 54.6% never taking over, and
#: worse again taking over for any trump of the trick).
_POINT = 1.0
#: Staged play: how much less a scoring card that could be beaten is wanted in a stage
#: (more than a trump's 14 and any rank: it comes after the cards that score nothing;
#: measured on 1,000 deals of each Pimps & Hoes against the heuristic: 82%, 75% and 62%
#: of games with 20; 83%, 72% and 60% with 40; 67% in the two-player game with 10).
_WAIT = 20.0


@per_rule_set(32)
def _reading(rules: Rules) -> tuple[int, bool, int]:
    """What :class:`CarefulPlay` reads of ``rules`` (once per rule set: every bot of
    every game is built with it)."""
    play = rules_plan(rules).play
    scores = know(rules).combo_value
    return (play.following, play.following != ANY_CARD,
            sum(1 << c for c in range(54) if scores[c] > 0))


class CarefulPlay(HeuristicBot):
    """The heuristic's card play with the voids and sides read (module docstring)."""

    def __init__(self, rules: Rules, seat: int, rng: random.Random,
                 boldness: float = 0.0) -> None:
        super().__init__(rules, seat, rng, boldness=boldness)
        #: the rule of following, whether it shows voids, and the cards that score in
        #: combinations
        self._following, self._readable, self._combo_cards = _reading(rules)
        #: the sides as last seen, the seat they were read for, and the seats of the
        #: other sides (a mask)
        self._sides: tuple[tuple[int, ...], int, int] = ((), -1, 0)

    def voids(self, obs: Observation | PlayView, t: TrumpTables) -> list[int]:
        """Per seat: the mask of cards it has shown it cannot hold (its void suits): the
        engine's record of the finished tricks (``obs.voids``), and the trick on the
        table."""
        n = self.k.n
        if not self._readable:
            return [0] * n
        out = list(obs.voids) or [0] * n  # () in an observation made by hand: none
        trick = obs.trick
        if len(trick) > 1:
            trick_voids(out, trick, t, self._following)
        return out

    def stage_worth(self, obs: Observation | PlayView, cards: int) -> list[float]:
        """The heuristic's wish for each card in this stage, less ``_WAIT`` for a card that
        scores in combinations and could be beaten now: an unseen card above it in its
        suit, or for a plain card an unseen trump where trumps win tricks. A stage's cards
        are all played, so such a card would likely be given away; in a later stage the
        cards above it may be gone (or it is left out)."""
        worth = super().stage_worth(obs, cards)
        trump = obs.trump
        if trump is None:
            return worth
        k = self.k
        trump_mask = k.tables[trump].trumps
        order = k.orders[trump]
        lower = order.lower
        unseen = self.unseen_cards(obs) & ~cards
        # the cards an unseen card beats, all at once rather than card by card (an unseen
        # card above c in its suit, ``unseen & higher[c]``, is the suit's highest unseen
        # card above c: c is below it): in each suit, those below its highest unseen card
        beaten = 0
        for suit, ranked in order.by_power:
            left = unseen & suit
            if left:
                for c in ranked:
                    if left >> c & 1:
                        beaten |= lower[c]
                        break
        if not k.trick_winner_suit_led and unseen & trump_mask:
            beaten |= ~trump_mask  # a plain card, where an unseen trump takes it
        waiting = cards & self._combo_cards & beaten
        while waiting:
            bit = waiting & -waiting
            waiting ^= bit
            worth[bit.bit_length() - 1] -= _WAIT
        return worth

    def hand_player(self) -> HandPlayer | None:
        """For the simulator: the rest of a hand at once, compiled
        (:mod:`pitchkit.bots.careful_hand`, card for card :meth:`play_cards`), where this
        bot's card player is this class's :meth:`play_cards` as it stands (a subclass
        that plays otherwise gets None) and the rules are of those it serves. Imported
        here: numba only where a simulation asks for it."""
        from pitchkit.bots import careful_hand

        player = self.card_player()
        cls = type(self)
        if getattr(player, "__func__", None) is not CarefulPlay.play_cards or any(
                getattr(cls, name) is not getattr(CarefulPlay, name)
                for name in ("card_costs", "_careful_lead", "sweep_on")):
            return None
        return careful_hand.hand_player(self.rules)

    def stage_cards(self, obs: Observation | PlayView, cards: int, count: int) -> int:
        """The heuristic's :meth:`~HeuristicBot.stage_cards` by this class's
        :meth:`stage_worth`, compiled once trump is known
        (:func:`pitchkit.bots.careful_hand.stage_choice`, the same choice: held so by
        tests/test_careful_hand.py); the best combination's cards worked out here."""
        trump = obs.trump
        if trump is None or type(self).stage_worth is not CarefulPlay.stage_worth:
            return super().stage_cards(obs, cards, count)
        from pitchkit.bots.careful_hand import stage_arrays, stage_choice

        wish, kept_adds, lower, suits, ranked, trumps = stage_arrays(self.rules, trump)
        k = self.k
        kept = kept_mask(self.rules.combinations, cards) if k.combinations else 0
        return int(stage_choice(cards, count, kept, self.unseen_cards(obs) & ~cards, wish,
                                kept_adds, lower, suits, ranked, trumps,
                                not k.trick_winner_suit_led, self._combo_cards, _WAIT))

    def play_cards(self, obs: Observation | PlayView, legal: int) -> int:
        trump = obs.trump
        if trump is None:
            return self.first_lead(obs, legal)
        k = self.k
        tables = k.play_tables[trump]
        t, power, eff, trump_mask, higher, lower, base, rank, _, base_bonus = tables
        trick = obs.trick
        team = obs.team_of
        me = team[obs.seat]
        sides = self._sides
        if team is not sides[0] or obs.seat != sides[1]:
            sides = self._sides = (team, obs.seat, _other_sides(team, me))
        # FASTER COPY of HeuristicBot.unseen_cards (every card played): the deck but the
        # cards played, held and in reserve; the seats' captured cards are disjoint masks,
        # so their sum is their union. And the seats of another side still to play: those
        # of the trick have played
        played = sum(obs.captured)
        to_play = sides[2]
        for seat, c in trick:
            played |= 1 << c
            to_play &= ~(1 << seat)
        unseen = k.deck & ~played & ~obs.hand & ~obs.reserve
        if k.play_bonus and legal & trump_mask:
            cost, ranks, cheap = self.card_costs(unseen, legal, tables)
        else:  # card_costs' answer without a low trump to lift
            cost, ranks, cheap = base, rank, k.cheap[trump][0]
        led_only = k.trick_winner_suit_led
        # the cards the seats of another side still to play could hold: the unseen cards
        # but the suits every one of them showed void in
        threat = 0
        if to_play:
            # their voids (:meth:`voids`) are those the finished tricks show (the
            # engine's record): the trick on the table shows only the voids of seats
            # that have played to it
            void = obs.voids
            if not self._readable or not void:
                threat = unseen  # nothing to read
            else:
                common = -1
                while to_play:
                    bit = to_play & -to_play
                    to_play ^= bit
                    common &= void[bit.bit_length() - 1]
                threat = unseen & ~common
        # a plain card is beaten by a trump too, where trumps take tricks
        ruff = 0 if led_only else trump_mask
        if not trick:
            return self._careful_lead(legal, t, cost, ranks, cheap, threat, higher, ruff)
        win_seat, win_card = trick[0]
        led = eff[win_card]
        for seat, c in trick[1:]:
            if (eff[c] == led or (eff[c] == trump and not led_only)) \
                    and power[c] > power[win_card]:
                win_seat, win_card = seat, c
        # the cards that would take the trick now (as the heuristic's play_cards)
        above = higher[win_card]
        if not led_only and eff[win_card] != trump:
            above |= trump_mask
        winners = legal & above
        safe_winners = _unbeaten(winners, threat, higher, trump_mask, ruff)
        bonus = k.play_bonus
        if team[win_seat] == me:
            if not _beaten(win_card, threat, higher, trump_mask, ruff):
                # a partner's safe trick: feed it points, never overtake with a trump
                gifts = legal & ~(winners & trump_mask)
                if gifts:
                    return _dearest(gifts, cost, power)
            elif safe_winners and _prize(trick, bonus, trump_mask, unseen, lower, base,
                                         base_bonus) >= _POINT:
                return _cheapest(safe_winners, ranks)  # save the partner's points
            return _cheapest(legal, ranks)
        if winners and k.all_points_wins_game and self.sweep_on(obs, win_seat):
            return _cheapest(safe_winners or winners, ranks)
        prize = -1.0  # the trick's _prize, once worked out
        if safe_winners:
            cheapest = _cheapest(safe_winners, ranks)
            if k.combinations or cost[cheapest] < _FREE:
                return cheapest
            prize = _prize(trick, bonus, trump_mask, unseen, lower, base, base_bonus)
            if prize > _FREE:
                return cheapest
        risky = winners & cheap  # risk_or_duck, inlined: protects its jack
        if risky:
            if prize < 0:
                prize = _prize(trick, bonus, trump_mask, unseen, lower, base, base_bonus)
            if prize > 0.5:
                return _cheapest(risky, ranks)
        return _cheapest(legal & ~winners or legal, ranks)

    def _careful_lead(self, legal: int, t: TrumpTables, cost: Sequence[float],
                      ranks: Sequence[int], cheap: int, threat: int,
                      higher: Sequence[int], ruff: int) -> int:
        """The lead (the legal cards as a mask): a boss trump while another side may hold
        trumps (or to bring home a point trump), then boss plain cards, then the cheapest
        card (``threat``: the cards another side may hold; ``ruff``: the trumps, where
        they beat a plain card)."""
        trump_mask = t.trumps
        trumps = legal & trump_mask
        if trumps:
            top = _first_max(trumps, t.power)
            if not _beaten(top, threat, higher, trump_mask, ruff) \
                    and (threat & trump_mask or cost[top] >= 1.0):
                return top
        plain = legal & ~trump_mask
        bosses = _unbeaten(plain, threat, higher, trump_mask, ruff)
        if bosses:
            return _first_max(bosses, ranks)
        return _cheapest(plain or (trumps & cheap) or legal, ranks)


@lru_cache(maxsize=256)
def _other_sides(team: tuple[int, ...], side: int) -> int:
    """The seats not of side ``side`` under the sides ``team``, as a mask (once per
    seating: asked again whenever a hand's sides change, as a partner is called)."""
    return sum(1 << s for s in range(len(team)) if team[s] != side)


def _beaten(card: int, threat: int, higher: Sequence[int], trump_mask: int, ruff: int
            ) -> bool:
    """Whether a card of ``threat`` (the cards the seats of another side still to play
    could hold) beats ``card``: one above it in its suit, or for a plain card one of
    ``ruff`` (the trumps, where trumps take tricks)."""
    above = higher[card]
    if not trump_mask >> card & 1:
        above |= ruff
    return bool(threat & above)


def _unbeaten(mask: int, threat: int, higher: Sequence[int], trump_mask: int, ruff: int
              ) -> int:
    """The cards of ``mask`` no card of ``threat`` beats (:func:`_beaten`)."""
    if not threat:
        return mask
    out = 0
    while mask:
        bit = mask & -mask
        mask ^= bit
        above = higher[bit.bit_length() - 1]
        if not trump_mask & bit:
            above |= ruff
        if not threat & above:
            out |= bit
    return out


def _prize(trick: Sequence[tuple[int, int]], bonus: bool, trump_mask: int, unseen: int,
           lower: Sequence[int], base: Sequence[float], base_bonus: Sequence[float]
           ) -> float:
    """What the cards of the trick are worth (:meth:`HeuristicBot.cost`, the same sum in
    the same order): a low trump nobody can go under with the bonus (``bonus``)."""
    return sum([base_bonus[c] if bonus and trump_mask >> c & 1 and not unseen & lower[c]
                else base[c] for _, c in trick])
