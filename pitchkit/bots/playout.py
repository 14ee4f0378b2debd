"""Play-outs in which every seat plays the default bot's card play, on bit masks.

The search bot (:mod:`pitchkit.bots.search`) judges a card by playing the rest of the
hand out in sampled worlds. How good a judge that is depends on how the seats play in
those play-outs: a quick rule of thumb (take any opponent's trick, lead the strongest
card) is a poor one (``docs/search-vs-montecarlo.md``). Here every seat plays as
:class:`pitchkit.bots.cardplay.CarefulPlay` (the default bot's card play) would in its
place, seeing only what that seat sees: its own cards, the cards played and the voids
shown.

:class:`CarefulPolicy` is a FASTER COPY of :meth:`CarefulPlay.play_cards` for trick
play once trump is known, outside staged play and trumps-only play: it reads the same
tables (:func:`pitchkit.bots.heuristic.know`) but takes the seat's view as plain masks
kept up to date card by card (the cards played, each seat's voids), where the bot's own
method rebuilds them from an observation. ``tests/test_playout.py`` holds it to
``CarefulPlay.play_cards`` at every card of random games of random variants, and the
play-outs (:meth:`CarefulPolicy.play_out`) to the engine's own play and result.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pitchkit.bots.cardplay import _FREE, _POINT, _unbeaten
from pitchkit.bots.heuristic import _cheapest, _dearest, _first_max, _lift, _lifted, know
from pitchkit.cards import JOKER_MASK
from pitchkit.plan import rules_plan
from pitchkit.tricks import ANY_CARD, FOLLOW_OR_TRUMP, MUST_FOLLOW_THEN_TRUMP
from pitchkit.variant import Rules


class CarefulPolicy:
    """The default bot's card play for one rule set and trump suit, on masks (module
    docstring). Built once per rule set and trump (:func:`careful_policy`)."""

    def __init__(self, rules: Rules, trump: int) -> None:
        k = know(rules)
        plan = rules_plan(rules)
        (t, power, eff, trump_mask, higher, lower, base, rank, rank_bonus,
         base_bonus) = k.play_tables[trump]
        self.trump = trump
        self.n = k.n
        self.deck = k.deck
        self.power, self.eff, self.trump_mask = power, eff, trump_mask
        self.higher, self.lower = higher, lower
        self.base, self.rank, self.rank_bonus, self.base_bonus = base, rank, rank_bonus, base_bonus
        self.cheap, self.cheap_lifted = k.cheap[trump]
        self.play_bonus = k.play_bonus
        #: the prize of a trick counts the low-trump bonus (HeuristicBot.card_costs'
        #: ``bonus`` in CarefulPlay: low to its capturer, not combination scoring)
        self.prize_bonus = k.low_bonus and not k.combinations
        self.led_only = k.trick_winner_suit_led
        #: a plain card is beaten by a trump too, where trumps take tricks
        self.ruff = 0 if k.trick_winner_suit_led else trump_mask
        self.combinations = k.combinations
        self.sweep = k.all_points_wins_game
        self.following = plan.play.following
        self.readable = plan.play.following != ANY_CARD
        self.suit_masks = t.suit_masks
        self.first_lead_trump = plan.play.first_lead_must_be_trump
        self.never_joker = plan.play.never_lead_joker
        self.next_seat = plan.seats.next_seat
        #: trick keys by the effective suit led (who wins a trick: pitchkit.plan)
        self.keys_by_led = plan.play.trump_sets[trump][2]
        #: per sides (a tuple, as team_of): each seat's opponents
        self._opponents: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}

    # ------------------------------------------------------------------ one card

    def card(self, seat: int, hand: int, legal: int, played: int, voids: Sequence[int],
             trick: Sequence[tuple[int, int]], team: tuple[int, ...],
             captured: Sequence[int]) -> int:
        """The card ``seat`` plays, holding ``hand`` with ``legal`` (two cards or more) to
        choose from: :meth:`CarefulPlay.play_cards` with the seat's view as masks: the
        cards ``played`` this hand (the trick on the table too), every seat's ``voids``,
        the ``trick`` on the table, the sides and the cards each seat ``captured``."""
        win_seat = win_card = -1
        if trick:
            power, eff = self.power, self.eff
            led_only = self.led_only
            trump = self.trump
            win_seat, win_card = trick[0]
            led = eff[win_card]
            for s, c in trick[1:]:
                if (eff[c] == led or (eff[c] == trump and not led_only)) \
                        and power[c] > power[win_card]:
                    win_seat, win_card = s, c
        return self.choose(seat, hand, legal, played, voids, trick, team,
                           self.opponents_of(team), captured, win_seat, win_card)

    def opponents_of(self, team: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """Per seat, the seats of the other sides (``team``: each seat's side)."""
        opponents = self._opponents.get(team)
        if opponents is None:
            opponents = self._opponents[team] = tuple(
                tuple(s for s in range(self.n) if team[s] != team[m]) for m in range(self.n))
        return opponents

    def choose(self, seat: int, hand: int, legal: int, played: int, voids: Sequence[int],
               trick: Sequence[tuple[int, int]], team: Sequence[int],
               opponents: Sequence[Sequence[int]], captured: Sequence[int], win_seat: int,
               win_card: int) -> int:
        """:meth:`card` with the seats of the other sides and the card winning the trick
        on the table (and its seat; -1 at a lead) worked out."""
        unseen = self.deck & ~played & ~hand
        trump_mask = self.trump_mask
        higher = self.higher
        # card_costs: a legal low trump nobody can go under is dearer
        cost: Sequence[float] = self.base
        ranks: Sequence[int] = self.rank
        cheap = self.cheap
        if self.play_bonus and legal & trump_mask:
            lifted = _lifted(legal & trump_mask, unseen, self.lower)
            if lifted:
                cost, ranks, cheap = _lift(lifted, cost, ranks, self.base_bonus,
                                           self.rank_bonus, cheap, self.cheap_lifted)
        me = team[seat]
        # the cards the seats of another side still to play could hold
        threat = 0
        if trick:
            gone = 0
            for s, _ in trick:
                gone |= 1 << s
            common = -1
            for s in opponents[seat]:
                if not gone >> s & 1:
                    common &= voids[s]
                    threat = unseen & ~common
        else:
            common = -1
            for s in opponents[seat]:
                common &= voids[s]
                threat = unseen & ~common
        ruff = self.ruff
        if not trick:
            return self._lead(legal, cost, ranks, cheap, threat)
        power = self.power
        above = higher[win_card]
        if not self.led_only and self.eff[win_card] != self.trump:
            above |= trump_mask
        winners = legal & above
        # unbeaten(winners)
        safe_winners = _unbeaten(winners, threat, higher, trump_mask, ruff)
        prize = 0.0
        if self.prize_bonus:
            base, base_bonus, lower = self.base, self.base_bonus, self.lower
            for _, c in trick:
                prize += (base_bonus[c] if trump_mask >> c & 1 and not unseen & lower[c]
                          else base[c])
        else:
            base = self.base
            for _, c in trick:
                prize += base[c]
        if team[win_seat] == me:
            beats = higher[win_card]
            if not trump_mask >> win_card & 1:
                beats |= ruff
            if not threat & beats:
                # a partner's safe trick: feed it points, never overtake with a trump
                gifts = legal & ~(winners & trump_mask)
                if gifts:
                    return _dearest(gifts, cost, power)
            elif safe_winners and prize >= _POINT:
                return _cheapest(safe_winners, ranks)  # save the partner's points
            return _cheapest(legal, ranks)
        if winners and self.sweep:
            side = team[win_seat]
            if not any(mask for s, mask in enumerate(captured) if team[s] != side):
                return _cheapest(safe_winners or winners, ranks)
        if safe_winners:
            cheapest = _cheapest(safe_winners, ranks)
            if prize > _FREE or self.combinations or cost[cheapest] < _FREE:
                return cheapest
        # risk_or_duck
        risky = winners & cheap
        if risky and prize > 0.5:
            return _cheapest(risky, ranks)
        return _cheapest(legal & ~winners or legal, ranks)

    def _lead(self, legal: int, cost: Sequence[float], ranks: Sequence[int],
              cheap: int, threat: int) -> int:
        """CarefulPlay's lead (``_careful_lead``): a boss trump while another side may hold
        trumps (or to bring home a point trump), then boss plain cards, then the
        cheapest card."""
        trump_mask = self.trump_mask
        higher = self.higher
        trumps = legal & trump_mask
        if trumps:
            top = _first_max(trumps, self.power)
            if not threat & higher[top] and (threat & trump_mask or cost[top] >= 1.0):
                return top
        plain = legal & ~trump_mask
        if threat:
            ruff = self.ruff
            bosses = 0
            rest = plain
            while rest:
                bit = rest & -rest
                rest ^= bit
                if not threat & (higher[bit.bit_length() - 1] | ruff):
                    bosses |= bit
        else:
            bosses = plain
        if bosses:
            return _first_max(bosses, ranks)
        return _cheapest(plain or (trumps & cheap) or legal, ranks)

    # ------------------------------------------------------------------ a play-out

    def play_out(self, hands: list[int], seat: int, card: int,
                 trick: list[tuple[int, int]], played: int, voids: list[int],
                 captured: list[int], tricks_won: list[int], team: Sequence[int],
                 first_lead: bool, partner: int = -1, called: int = -1,
                 with_partner: Sequence[int] = ()) -> int:
        """``seat`` plays ``card`` (legal), then every seat plays by :meth:`card` to the
        end of the hand. ``hands``, ``trick`` (the trick on the table), ``voids``,
        ``captured`` and ``tricks_won`` are changed in place (copies, for the caller);
        ``played`` is every card played this hand so far, ``first_lead`` whether the
        first lead of the hand (``play.first_lead_must_be_trump``) is still to come.
        With a called partner (``call.partner``), ``partner`` is the seat that holds (or
        played) the ``called`` card and ``with_partner`` the sides of the hand: each seat
        plays by the sides it knows (:func:`pitchkit.call.seen_teams`: the partner from the
        call, everyone once the called card is played), ``team`` until then.
        Returns the seat that won the last trick."""
        n = self.n
        eff, masks = self.eff, self.suit_masks
        trump_mask = self.trump_mask
        following = self.following
        readable = self.readable
        keys_by_led = self.keys_by_led
        nxt: Sequence[int] = self.next_seat
        trump = self.trump
        never_joker = self.never_joker
        choose = self.choose
        opponents = self.opponents_of(tuple(team))
        opponents_after = self.opponents_of(tuple(with_partner)) if partner >= 0 else opponents
        in_trick = 0
        for s, _ in trick:
            in_trick |= 1 << s
        if any(not hands[s] and not in_trick >> s & 1 for s in range(n)):
            # rule: a seat with no cards sits the hand out (auction.alone: the pitcher's
            # partners): the trick is the others' (pitchkit.alone)
            active = [s for s in range(n) if hands[s] or in_trick >> s & 1]
            size = len(active)
            skipping = list(nxt)
            for s in active:
                after = nxt[s]
                while not (hands[after] or in_trick >> after & 1):
                    after = nxt[after]
                skipping[s] = after
            nxt = skipping
        else:
            size = n
        if trick:
            led = eff[trick[0][1]]
            keys = keys_by_led[led]
            win_seat, win_card = trick[0]
            win_key = keys[win_card]
            trick_mask = 0
            for s, c in trick:
                trick_mask |= 1 << c
                if keys[c] > win_key:
                    win_seat, win_card, win_key = s, c, keys[c]
        else:
            led = win_seat = win_card = win_key = -1
            keys = keys_by_led[0]
            trick_mask = 0
        last = -1
        while True:
            bit = 1 << card
            hands[seat] ^= bit
            played |= bit
            if trick:
                key = keys[card]
                if key > win_key:
                    win_seat, win_card, win_key = seat, card, key
                trick_mask |= bit
                if readable:
                    suit = eff[card]
                    if suit != led:
                        # FASTER COPY of tricks.trick_voids, card by card (the engine's
                        # record, PlayState.voids, as CarefulPlay reads it)
                        if following == FOLLOW_OR_TRUMP:
                            if suit != trump:
                                voids[seat] |= masks[led]
                        else:
                            voids[seat] |= masks[led]
                            if following == MUST_FOLLOW_THEN_TRUMP and suit != trump:
                                voids[seat] |= trump_mask
            else:
                led = eff[card]
                keys = keys_by_led[led]
                win_seat, win_card, win_key = seat, card, keys[card]
                trick_mask = bit
                first_lead = False
            trick.append((seat, card))
            if len(trick) == size:
                captured[win_seat] |= trick_mask
                tricks_won[win_seat] += 1
                last = seat = win_seat
                trick.clear()
                hand = hands[seat]
                if not hand:
                    return last
                legal = hand
                if first_lead and self.first_lead_trump:
                    legal = (hand & trump_mask) or hand
                if never_joker:
                    legal = (legal & ~JOKER_MASK) or legal
            else:
                seat = nxt[seat]
                hand = hands[seat]
                # FASTER COPY of tricks.legal_follows (the definition), inlined: the
                # play-outs' tricks are held to the engine's by tests/test_playout.py
                if following == ANY_CARD:
                    legal = hand
                else:
                    follow = hand & masks[led]
                    if following == FOLLOW_OR_TRUMP:
                        legal = (follow | (hand & trump_mask)) if follow else hand
                    elif follow:
                        legal = follow
                    elif following == MUST_FOLLOW_THEN_TRUMP:
                        legal = (hand & trump_mask) or hand
                    else:
                        legal = hand
            if legal & (legal - 1):
                if partner >= 0 and (seat == partner or played >> called & 1):
                    card = choose(seat, hand, legal, played, voids, trick, with_partner,
                                  opponents_after, captured, win_seat, win_card)
                else:
                    card = choose(seat, hand, legal, played, voids, trick, team, opponents,
                                  captured, win_seat, win_card)
            else:
                card = legal.bit_length() - 1


@lru_cache(maxsize=256)
def careful_policy(rules: Rules, trump: int) -> CarefulPolicy:
    """The :class:`CarefulPolicy` of ``rules`` and ``trump`` (built once)."""
    return CarefulPolicy(rules, trump)
