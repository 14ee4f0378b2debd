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


#: Card lists of the masks met so far (bounded): the legal plays as a list, quickly.
_CARD_LISTS: dict[int, tuple[int, ...]] = {}


def cards_tuple(mask: int) -> tuple[int, ...]:
    """The cards of a mask, lowest first, remembered for the next time."""
    cards = _CARD_LISTS.get(mask)
    if cards is None:
        if len(_CARD_LISTS) >= 1 << 17:
            _CARD_LISTS.clear()
        cards = _CARD_LISTS[mask] = tuple(cards_list(mask))
    return cards


class PlayMixin(_Base):
    __slots__ = ()

    # ------------------------------------------------------------------ legal plays

    def _lead_cards_mask(self, seat: int) -> int:
        """Cards ``seat`` may lead now (also a pitch during the auction)."""
        hand = self.hands[seat]
        if self._trump_suit < 0:
            # rule: "A joker may not be the lead that sets trump" (schema deck.jokers)
            return (hand & ~JOKER_MASK) or hand
        if self._first_lead and self._first_must_trump:
            # rule: the pitcher's first lead must be a trump (play.first_lead_must_be_trump)
            return (hand & self._trumps) or hand
        return hand

    def _lead_cards(self, seat: int) -> list[int]:
        return cards_list(self._lead_cards_mask(seat))

    def _legal_mask(self) -> int:
        """The cards :attr:`to_act` may play now (phase play), cached until the next action."""
        seat = self.to_act
        hand = self.hands[seat]  # type: ignore[index]
        if not self._trick:
            legal = self._lead_cards_mask(seat)  # type: ignore[arg-type]
        else:
            following = self._following
            if following == ANY_CARD:
                legal = hand
            else:
                follow = hand & self._suit_masks[self._led]
                if following == FOLLOW_OR_TRUMP:
                    # rule: "Others may follow suit or trump ... A player who cannot
                    # follow may play a trump or any other card" (sources A, B)
                    legal = (follow | (hand & self._trumps)) if follow else hand
                elif follow:
                    legal = follow  # rule: must follow suit when able
                elif following == MUST_FOLLOW_THEN_TRUMP:
                    # rule: "without it, a trump; without that, any card" (source C)
                    legal = (hand & self._trumps) or hand
                else:
                    legal = hand
        self._legal = legal
        return legal

    def legal_mask(self) -> int:
        """In phase play: the legal cards of :attr:`to_act` as a bit mask (fast path)."""
        if self.phase != "play":
            return 0
        legal = self._legal
        return legal if legal >= 0 else self._legal_mask()

    def _play_reason(self, seat: int, card: int) -> str:
        if not 0 <= card < 54:
            return f"seat {seat} must play a card now, not {self._text(card)}"
        hand = self.hands[seat]
        name = card_name(card)
        if not hand >> card & 1:
            if self.reserve[seat] >> card & 1:
                return f"seat {seat} did not choose {name} for this stage"
            return f"seat {seat} does not hold {name}"
        if not self._trick:
            if self._tables is None:
                return f"seat {seat} may not lead a joker to set trump"
            trumps = hand & self._trumps
            return (f"seat {seat} must lead a trump ({SUIT_NAMES[self._trump_suit]}): "
                    f"holds {format_cards(trumps)}")
        assert self._tables is not None
        return follow_reason(seat, card, hand, self._led, self._tables, self._following)

    # ------------------------------------------------------------------ play a card

    def _apply_play(self, seat: int, card: int) -> Event:
        """Check and play ``card`` for ``seat``; the play itself is in ``Game.apply``."""
        legal = self._legal
        if legal < 0:
            legal = self._legal_mask()
        if not (0 <= card < 54 and legal >> card & 1):
            self._legal = -1
            raise IllegalActionError(self._play_reason(seat, card))
        return self.apply(card)

    # ------------------------------------------------------------------ end of a hand

    def _end_trick(self, seat: int, card: int) -> Event:
        trick = self._trick
        winner = self._win_seat
        self.captured[winner] |= self._trick_mask
        self.tricks_won[winner] += 1
        self._last_winner = winner
        self._tricks.append((self._trick_leader, tuple(trick), winner))
        trick.clear()
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
            if self.to_act is None:
                result = self.hand_results[-1]
        event = _new(Event, ("action", seat, card, None, winner, result))
        self.events.append(event)
        return event

    def _finish_hand(self) -> None:
        from pitchkit.scoring import HandFacts, score_hand
        from pitchkit.settle import settle_hand

        rules = self.rules
        n = self.n
        facts = HandFacts(
            trump=self.trump, dealer=self.dealer, team_of=self.team_of,
            pitcher=self.pitcher, bid=self.bid, moon=self.moon, dealt=tuple(self.dealt),
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
