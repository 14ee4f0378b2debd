"""The trick-play part of the engine (the hot path) and the end of a hand.

A mixin of :class:`pitchkit.engine.Game`. Legal plays come from precomputed masks in
:mod:`pitchkit.tricks`; the trick's winner is kept up to date card by card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pitchkit.cards import JOKER_MASK, SUIT_NAMES, card_name, format_cards
from pitchkit.errors import IllegalActionError
from pitchkit.results import Event, HandResult, Outcome, Phase
from pitchkit.tricks import (
    ANY_CARD,
    FOLLOW_OR_TRUMP,
    MUST_FOLLOW_THEN_TRUMP,
    follow_reason,
)

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.engine import Game as _Base
else:
    _Base = object


def _suit_lists(suit: int) -> tuple[tuple[int, ...], ...]:
    base = suit * 13
    return tuple(tuple(base + r for r in range(13) if m >> r & 1) for m in range(1 << 13))


#: ``_BY_SUIT[s][m]``: the cards of suit ``s`` whose ranks are the 13-bit mask ``m``.
_BY_SUIT = tuple(_suit_lists(s) for s in range(4))
_S0, _S1, _S2, _S3 = _BY_SUIT
_JOKERS = ((), (52,), (53,), (52, 53))
_M13 = (1 << 13) - 1


def cards_list(mask: int) -> list[int]:
    """The cards of a mask, lowest first (table lookups, for the hot path)."""
    return [*_S0[mask & _M13], *_S1[(mask >> 13) & _M13], *_S2[(mask >> 26) & _M13],
            *_S3[(mask >> 39) & _M13], *_JOKERS[mask >> 52]]


class PlayMixin(_Base):
    __slots__ = ()

    # ------------------------------------------------------------------ legal plays

    def _lead_cards_mask(self, seat: int) -> int:
        """Cards ``seat`` may lead now (also a pitch during the auction)."""
        hand = self.hands[seat]
        tables = self._tables
        if tables is None:
            # rule: "A joker may not be the lead that sets trump" (schema deck.jokers)
            return (hand & ~JOKER_MASK) or hand
        if self._first_lead and self._first_must_trump:
            # rule: the pitcher's first lead must be a trump (play.first_lead_must_be_trump)
            return (hand & tables.trumps) or hand
        return hand

    def _lead_cards(self, seat: int) -> list[int]:
        return cards_list(self._lead_cards_mask(seat))

    def _legal_mask(self) -> int:
        legal = self._legal
        if legal >= 0:
            return legal
        seat = self.to_act
        hand = self.hands[seat]  # type: ignore[index]
        if not self._trick:
            legal = self._lead_cards_mask(seat)  # type: ignore[arg-type]
        else:
            following = self._following
            tables = self._tables
            if following == ANY_CARD:
                legal = hand
            else:
                follow = hand & tables.suit_masks[self._led]
                if following == FOLLOW_OR_TRUMP:
                    # rule: "Others may follow suit or trump ... A player who cannot
                    # follow may play a trump or any other card" (sources A, B)
                    legal = (follow | (hand & tables.trumps)) if follow else hand
                elif follow:
                    legal = follow  # rule: must follow suit when able
                elif following == MUST_FOLLOW_THEN_TRUMP:
                    # rule: "without it, a trump; without that, any card" (source C)
                    legal = (hand & tables.trumps) or hand
                else:
                    legal = hand
        self._legal = legal
        return legal

    def legal_mask(self) -> int:
        """In phase play: the legal cards of :attr:`to_act` as a bit mask (fast path)."""
        if self.phase != "play":
            return 0
        return self._legal_mask()

    def _play_actions(self) -> list[int]:
        mask = self._legal_mask()
        return [*_S0[mask & _M13], *_S1[(mask >> 13) & _M13], *_S2[(mask >> 26) & _M13],
                *_S3[(mask >> 39) & _M13], *_JOKERS[mask >> 52]]

    def _play_reason(self, seat: int, card: int) -> str:
        hand = self.hands[seat]
        name = card_name(card)
        if not hand >> card & 1:
            if self.reserve[seat] >> card & 1:
                return f"seat {seat} did not choose {name} for this stage"
            return f"seat {seat} does not hold {name}"
        if not self._trick:
            if self._tables is None:
                return f"seat {seat} may not lead a joker to set trump"
            trumps = hand & self._tables.trumps
            return (f"seat {seat} must lead a trump ({SUIT_NAMES[self._tables.trump]}): "
                    f"holds {format_cards(trumps)}")
        return follow_reason(seat, card, hand, self._led, self._tables, self._following)

    # ------------------------------------------------------------------ play a card

    def _apply_play(self, seat: int, card: int):  # type: ignore[no-untyped-def]
        bit = 1 << card
        if not self._legal_mask() & bit:
            self._legal = -1
            raise IllegalActionError(self._play_reason(seat, card))
        self._legal = -1
        self.hands[seat] ^= bit
        self.in_play[seat] |= bit
        trick = self._trick
        tables = self._tables
        if not trick:
            if tables is None:
                # rule: "the suit of that first card is trump for the hand" (sources A, B)
                self._set_trump(card // 13)
                tables = self._tables
            self._first_lead = False
            self._led = tables.effective_suit[card]
            self._win_pos = 0
            self._win_key = tables.power[card]
            self._trick_mask = bit
        else:
            suit = tables.effective_suit[card]
            # rule: "Highest trump wins, else the highest card of the suit led" (A, B);
            # suit_led: only the suit led competes (source C read literally)
            if suit == self._led or (suit == tables.trump and not self._suit_led_only):
                key = tables.power[card]
                if key > self._win_key:
                    self._win_key = key
                    self._win_pos = len(trick)
            self._trick_mask |= bit
        trick.append(card)
        self._trick_seats.append(seat)
        if len(trick) < self.n:
            self.to_act = self._next[seat]
            event = _new(Event, ("action", seat, card, None, None, None))
            self.events.append(event)
            return event
        # the trick is complete
        winner = self._trick_seats[self._win_pos]
        self.captured[winner] |= self._trick_mask
        self.tricks_won[winner] += 1
        self._last_winner = winner
        self._tricks.append((self._trick_seats[0], tuple(trick), winner))
        self._trick = []
        self._trick_seats = []
        self._tricks_left -= 1
        result = None
        if self._tricks_left:
            self.to_act = winner  # rule: "Winner of a trick leads the next" (A, B, C)
        else:
            self._leader = winner  # rule: the trick winner leads on into the next stage
            if self._stages:
                self._begin_stage()
            else:
                self._finish_hand()
            if self.phase == "deal" or self.phase == "over":
                result = self.hand_results[-1]
        event = _new(Event, ("action", seat, card, None, winner, result))
        self.events.append(event)
        return event

    # ------------------------------------------------------------------ end of a hand

    def _finish_hand(self) -> None:
        from pitchkit.scoring import HandFacts, score_hand
        from pitchkit.settle import settle_hand

        rules = self.rules
        n = self.n
        # "dealt" is the cards that came into play: staged play leaves unchosen cards out
        facts = HandFacts(
            trump=self.trump, dealer=self.dealer, team_of=self.team_of,
            pitcher=self.pitcher, bid=self.bid, moon=self.moon, dealt=tuple(self.in_play),
            captured=tuple(self.captured), tricks_won=tuple(self.tricks_won),
            last_trick_winner=self._last_winner,
        )
        score = score_hand(rules, facts)
        self.hands_played += 1
        old = tuple(self.scores)
        state = settle_hand(rules, old, facts, score, self.hands_played)
        self.scores = list(state.scores)
        if self.ledger is not None:
            changes = {self.players[s]: state.scores[s] - old[s] for s in range(n)}
            moon = self.players[self.pitcher] if self.moon and self.pitcher is not None \
                else None
            self.ledger.hand(changes, moon_shooter=moon,
                             moon_made=score.moon_made if moon is not None else None)
        bid: int | str | None = "moon" if self.moon else self.bid
        self.hand_results.append(HandResult(
            dealer=self.dealer, pitcher=self.pitcher, bid=bid, trump=self.trump,
            points=score.points, made=score.made, moon=self.moon,
            score_changes=score.score_changes, scores=state.scores,
            combo_points=score.combo_points, players=tuple(self.players),
            tricks_won=tuple(self.tricks_won),
        ))
        self.to_act = None
        if state.over:
            self.phase = Phase.OVER
            self.outcome = Outcome(
                winners=state.winners, draw=state.draw, scores=state.scores,
                settlement=self.ledger.settle() if self.ledger is not None else None,
            )
        else:
            # rule: "Next dealer: the player to the left" (source B)
            self.dealer = self._next[self.dealer]
            self.phase = Phase.DEAL


_new = tuple.__new__
