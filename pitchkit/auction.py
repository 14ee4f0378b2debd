"""The auction part of the engine: who may bid what, and when the auction ends.

A mixin of :class:`pitchkit.engine.Game`; it only reads and writes the game's auction
fields. Bids are kept as numbers with the moon as ``max_bid + 1``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pitchkit.actions import BID_BASE, MOON, PASS, action_text
from pitchkit.cards import card_name
from pitchkit.errors import IllegalActionError
from pitchkit.variant import AuctionStyle, WhenAllPass

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.engine import Game as _Base
else:
    _Base = object


class AuctionMixin(_Base):
    __slots__ = ()

    # ------------------------------------------------------------------ options

    def _auction_rules(self) -> tuple[int, int, int, bool, bool, bool, bool, bool, bool]:
        """The auction settings as a flat tuple, read once per game (hot path)."""
        a = self.rules.auction
        return (a.min_bid, a.max_bid, min(max(a.min_bid, a.dealer_forced_bid), a.max_bid),
                a.when_all_pass is WhenAllPass.DEALER_MUST_BID, a.dealer_may_steal,
                a.dealer_may_steal_max, self.rules.moon.allowed,
                a.pitch_to_bid and not self._stages, a.style is AuctionStyle.ONE_ROUND)

    def _auction_options(self, seat: int) -> tuple[bool, int, int, bool, bool]:
        """(may pass, lowest bid, highest bid, may bid moon, may pitch) for ``seat`` now.

        The lowest bid may exceed the highest: then no numeric bid is open.
        """
        (min_bid, max_bid, forced_bid, must_bid, may_steal, steal_max, moon, pitch,
         _one_round) = self._auc
        high = self._high
        is_dealer = seat == self.dealer
        forced = is_dealer and high == 0 and must_bid
        # rule: "If all others pass, the dealer must bid 2" (sources A, B): forced_bid
        lowest = forced_bid if forced else (high + 1 if high >= min_bid else min_bid)
        if (is_dealer and may_steal and 0 < high <= max_bid and self._high_bidder != seat
                and (high < max_bid or steal_max)):
            # rule: "The dealer may steal by bidding equal to the current high bid" (A, B);
            # not a max bid unless dealer_may_steal_max; a moon ends the auction
            lowest = high
        return (not forced, lowest, max_bid, moon, pitch and lowest <= max_bid)

    def _auction_actions(self) -> list[int]:
        seat = self.to_act
        assert seat is not None
        may_pass, lowest, highest, moon, pitch = self._auction_options(seat)
        out = [PASS] if may_pass else []
        out.extend(range(BID_BASE + lowest, BID_BASE + highest + 1))
        if moon:
            out.append(MOON)
        if pitch:
            out.extend(self._lead_cards(seat))
        return out

    # ------------------------------------------------------------------ apply

    def _auction_reason(self, seat: int, action: int) -> str:
        may_pass, lowest, highest, _moon, _pitch = self._auction_options(seat)
        who = f"seat {seat}" + (" (dealer)" if seat == self.dealer else "")
        if action == PASS:
            return (f"{who} may not pass: everyone else passed and the dealer must bid "
                    f"at least {lowest}")
        if action == MOON:
            return f"{who} may not bid moon: this variant has no moon"
        if 0 <= action < 54:
            if not self.rules.auction.pitch_to_bid or self._stages:
                return f"{who} may not play {card_name(action)} during the auction"
            if lowest > highest:
                return f"{who} may not pitch {card_name(action)}: the bid is already {highest}"
            return self._play_reason(seat, action)
        if BID_BASE < action <= BID_BASE + 12:
            n = action - BID_BASE
            if lowest > highest:
                if n == self._high and seat == self.dealer and self._high == highest:
                    return f"{who} may not steal a {n}"
                return f"{who} may only pass: the bid is already {self._high}"
            if n < lowest:
                if n == self._high and seat == self.dealer:
                    return f"{who} may not steal: must bid more than {self._high} or pass"
                return f"{who} must bid at least {lowest}" + ("" if may_pass else
                                                               ": everyone else passed")
            return f"{who} may not bid {n}: the highest bid is {highest}"
        return f"{who} may not {action_text(action)} during the auction"

    def _apply_auction(self, seat: int, action: int) -> None:
        may_pass, lowest, highest, moon, pitch = self._auction_options(seat)
        self._bids.append((seat, action))
        ends = False
        if action == PASS and may_pass:
            self._passed[seat] = True
        elif action == MOON and moon:
            # rule: "Bidding the moon ends the auction; it cannot be stolen" (schema moon)
            self._high, self._high_bidder, self.moon = highest + 1, seat, True
            ends = True
        elif BID_BASE < action <= BID_BASE + 12 and lowest <= action - BID_BASE <= highest:
            self._high, self._high_bidder = action - BID_BASE, seat
        elif 0 <= action < 54 and pitch and self._lead_cards_mask(seat) >> action & 1:
            # rule: "A player may show a bid of 4 by ... pitching: that card is the
            # opening lead" (source B); it ends the auction
            self._high, self._high_bidder = highest, seat
            self._bids[-1] = (seat, BID_BASE + highest)
            self._pitched = action
            ends = True
        else:
            self._bids.pop()
            raise IllegalActionError(self._auction_reason(seat, action))
        self._auction_turns += 1
        n = self.n
        if not ends:
            if self._auc[8]:
                # rule: "each player has one chance to bid" (source B), the dealer last
                ends = self._auction_turns >= n
            else:
                # rule: "Bidding ends when all but one have passed" (source A)
                active = n - sum(self._passed)
                ends = active == 0 or (active == 1 and self._high_bidder >= 0)
        if not ends:
            nxt = self._next[seat]
            while self._passed[nxt]:
                nxt = self._next[nxt]
            self.to_act = nxt
            return
        self._end_auction()

    def _end_auction(self) -> None:
        if self._high_bidder < 0:
            # rule: when_all_pass redeal: "the hand is thrown in and the next dealer deals"
            self._throw_in()
            return
        self.pitcher = self._high_bidder
        self.bid = None if self.moon else self._high
        if self._pitched is not None:
            card = self._pitched
            self._pitched = None
            self._begin_play(self.pitcher)
            self._apply_play(self.pitcher, card)
            return
        self._after_auction()
