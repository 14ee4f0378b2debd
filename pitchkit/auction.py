"""The auction part of the engine: who may bid what, and when the auction ends.

Functions of a :class:`pitchkit.engine.Game`; they only read and write the game's
auction fields. Bids are kept as numbers with the moon as ``max_bid + 1``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pitchkit import sell
from pitchkit.actions import BID_BASE, MAX_BID, MOON, PASS, REFUSE, SELL
from pitchkit.cards import card_name
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.play import cards_list, lead_cards_mask, play_reason
from pitchkit.variant import WhenAllPass

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.engine import Game



# ------------------------------------------------------------------ options

def auction_options(game: Game, seat: int) -> tuple[bool, int, int, bool, bool]:
    """(may pass, lowest bid, highest bid, may bid moon, may pitch) for ``seat`` now.

    The lowest bid may exceed the highest: then no numeric bid is open.
    """
    a = game.plan.auction
    max_bid = a.max_bid
    forced_bid = a.dealer_forced_bid
    pitch = a.pitch_to_bid
    high = game._high
    is_dealer = seat == game.dealer
    forced = is_dealer and high == 0 and a.when_all_pass_dealer_must_bid
    if forced and a.dealer_forced_bid_exact:
        # rule: "If all others pass, the dealer must bid 2" read literally (source A):
        # exactly dealer_forced_bid, no more
        return (False, forced_bid, forced_bid, False, pitch and forced_bid == max_bid)
    # rule: "If all others pass, the dealer must bid 2" (sources A, B): forced_bid
    # rule: the first bid at least auction.opening_min_bid, later ones above the high bid
    lowest = forced_bid if forced else (high + 1 if high >= a.min_bid else a.opening_min_bid)
    if high >= a.may_equal_from:
        # rule: "If a person bids 14, you can top this bid by also bidding 14" (Pidro);
        # auction.may_equal
        lowest = high
    if (is_dealer and a.dealer_may_steal and 0 < high <= max_bid and game._high_bidder != seat
            and (high < max_bid or a.dealer_may_steal_max)):
        # rule: "The dealer may steal by bidding equal to the current high bid" (A, B);
        # not a max bid unless dealer_may_steal_max; a moon ends the auction
        lowest = high
    return (not forced, lowest, max_bid, a.moon_allowed, pitch and lowest <= max_bid)

def _deciding(game: Game) -> bool:
    """auction.style sell: the round is over and the eldest answers the high bid."""
    return game.plan.auction.style_sell and sell.round_over(game._auction_turns, game.n)


def auction_actions(game: Game) -> list[int]:
    seat = game.to_act
    assert seat is not None
    if _deciding(game):
        return [SELL, REFUSE]
    options = auction_options(game, seat)
    game._auc_memo = options  # apply_auction reuses them for this same decision
    may_pass, lowest, highest, moon, pitch = options
    out = [PASS] if may_pass else []
    if lowest <= highest:
        out.extend(range(BID_BASE + lowest, BID_BASE + highest + 1))
    if moon:
        out.append(MOON)
    if pitch:
        out.extend(cards_list(lead_cards_mask(game, seat)))
    return out

def random_auction_action(game: Game, rng: random.Random) -> int:
    """``rng.choice(auction_actions(game))`` (the same draw) without building the list."""
    seat = game.to_act
    assert seat is not None
    if _deciding(game):
        return (SELL, REFUSE)[rng._randbelow(2)]  # type: ignore[attr-defined]
    options = auction_options(game, seat)
    game._auc_memo = options
    may_pass, lowest, highest, moon, pitch = options
    bids = highest - lowest + 1 if lowest <= highest else 0
    leads = lead_cards_mask(game, seat) if pitch else 0
    i = rng._randbelow(may_pass + bids + moon + leads.bit_count())  # type: ignore[attr-defined]
    if may_pass:
        if i == 0:
            return PASS
        i -= 1
    if i < bids:
        return BID_BASE + lowest + i
    i -= bids
    if moon:
        if i == 0:
            return MOON
        i -= 1
    while i:  # the i-th lowest card that may be pitched
        leads &= leads - 1
        i -= 1
    return (leads & -leads).bit_length() - 1

# ------------------------------------------------------------------ apply

def auction_reason(game: Game, seat: int, action: int) -> str:
    may_pass, lowest, highest, _moon, _pitch = auction_options(game, seat)
    who = seat_name(seat) + (" (dealer)" if seat == game.dealer else "")
    exact = not may_pass and game.plan.auction.dealer_forced_bid_exact
    must = f"exactly {lowest}" if exact else f"at least {lowest}"
    if action == PASS:
        return f"{who} may not pass: everyone else passed and the dealer must bid {must}"
    if action == MOON:
        if exact and game.plan.auction.moon_allowed:
            return f"{who} may not bid moon: everyone else passed and the dealer must bid {must}"
        return f"{who} may not bid moon: this variant has no moon"
    if 0 <= action < 54:
        if not game.plan.auction.pitch_to_bid:
            return f"{who} may not play {card_name(action)} during the auction"
        if lowest > highest:
            return f"{who} may not pitch {card_name(action)}: the bid is already {highest}"
        if exact:
            return (f"{who} may not pitch {card_name(action)}: everyone else passed and the "
                    f"dealer must bid {must}")
        return play_reason(game, seat, action)
    if BID_BASE < action <= BID_BASE + MAX_BID:
        n = action - BID_BASE
        if lowest > highest:
            if n == game._high and seat == game.dealer and game._high == highest:
                return f"{who} may not steal a {n}"
            return f"{who} may only pass: the bid is already {game._high}"
        if n < lowest:
            if n == game._high and seat == game.dealer:
                return f"{who} may not steal: must bid more than {game._high} or pass"
            return f"{who} must bid at least {lowest}" + ("" if may_pass else
                                                           ": everyone else passed")
        if exact:
            return f"{who} may not bid {n}: everyone else passed and the dealer must bid {must}"
        return f"{who} may not bid {n}: the highest bid is {highest}"
    return f"{who} may not {game._text(action)} during the auction"

def _apply_sale(game: Game, seat: int, action: int) -> None:
    sale = sell.decide(seat, action, game._high, game._high_bidder)
    if sale is None:
        raise IllegalActionError(
            f"{seat_name(seat)} (eldest) must sell the pitch to {seat_name(game._high_bidder)}"
            f" for {game._high} or refuse and pitch for it (sell, refuse), not "
            f"{game._text(action)}")
    game._bids.append((seat, action))
    _end_sale(game, sale)


def _end_sale(game: Game, sale: sell.Sale) -> None:
    game._high, game._high_bidder = sale.bid, sale.pitcher
    if sale.price:
        game._sale = (sale.seller, sale.price)
    end_auction(game)


def apply_auction(game: Game, seat: int, action: int) -> None:
    if _deciding(game):
        _apply_sale(game, seat, action)
        return
    # the options legal_actions() just worked out for this decision, if it was asked
    options = game._auc_memo or auction_options(game, seat)
    game._auc_memo = None
    may_pass, lowest, highest, moon, pitch = options
    game._bids.append((seat, action))
    ends = False
    if action == PASS and may_pass:
        game._passed[seat] = True
    elif action == MOON and moon:
        # rule: "Bidding the moon ends the auction; it cannot be stolen" (schema moon)
        game._high, game._high_bidder, game.moon = highest + 1, seat, True
        ends = True
    elif BID_BASE < action <= BID_BASE + MAX_BID and lowest <= action - BID_BASE <= highest:
        game._high, game._high_bidder = action - BID_BASE, seat
    elif 0 <= action < 54 and pitch and lead_cards_mask(game, seat) >> action & 1:
        # rule: "A player may show a bid of 4 by ... pitching: that card is the
        # opening lead" (source B); it ends the auction
        game._high, game._high_bidder = highest, seat
        game._bids[-1] = (seat, BID_BASE + highest)
        game._pitched = action
        ends = True
    else:
        game._bids.pop()
        raise IllegalActionError(auction_reason(game, seat, action))
    game._auction_turns += 1
    n = game.n
    plan = game.plan.auction
    bid_next = game.plan.seats.bid_next
    if plan.style_sell and not ends and sell.round_over(game._auction_turns, n):
        eldest = bid_next[game.dealer]
        if game._high_bidder >= 0:
            game.to_act = eldest  # the eldest answers: sell or refuse
            return
        if plan.when_all_pass is WhenAllPass.DEALER_MUST_BID:
            _end_sale(game, sell.nobody_bid(eldest, plan.min_bid))
            return
        ends = True
    if not ends:
        if plan.style_one_round:
            # rule: "each player has one chance to bid" (source B), the dealer last
            ends = game._auction_turns >= n
        else:
            # rule: "Bidding ends when all but one have passed" (source A)
            active = n - sum(game._passed)
            ends = active == 0 or (active == 1 and game._high_bidder >= 0)
    if not ends:
        nxt = bid_next[seat]
        while game._passed[nxt]:
            nxt = bid_next[nxt]
        game.to_act = nxt
        return
    end_auction(game)

def end_auction(game: Game) -> None:
    if game._high_bidder < 0:
        # rule: when_all_pass redeal: "the hand is thrown in and the next dealer deals"
        game._throw_in()
        return
    game.pitcher = game._high_bidder
    game.bid = None if game.moon else game._high
    if game._pitched is not None:
        card = game._pitched
        game._pitched = None
        game._begin_play(game.pitcher)
        game.apply(card)  # a legal lead: apply_auction checked it
        return
    game._after_auction()
