"""The rules sheet's words for the kitty, the auction forms, the draw and trumps-only
play (a part of :mod:`pitchkit.explain`)."""

from __future__ import annotations

from collections.abc import Iterator

from pitchkit.plan import cards_per_hand
from pitchkit.variant import (
    BidDirection,
    Direction,
    Discard,
    ExtraTrumps,
    KittyTo,
    MayEqual,
    OwnCard,
    Rules,
    WhenAllPass,
)


def _cards(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def kitty_lines(rules: Rules) -> Iterator[str]:
    d = rules.deal
    if d.kitty:
        yield (f"Another {_cards(d.kitty)} {'is' if d.kitty == 1 else 'are'} dealt face down "
               f"to a kitty (the widow); {_taker(rules)} picks it up when the bidding ends, "
               "before trump is named.")


def _taker(rules: Rules) -> str:
    return "the pitcher" if rules.deal.kitty_to is KittyTo.PITCHER else "the dealer"


def bidding_lines(rules: Rules) -> Iterator[str]:
    a = rules.auction
    if a.direction is not BidDirection.PLAY:
        play_way = "left" if rules.deal.direction is Direction.LEFT else "right"
        if a.direction.value != play_way:
            yield (f"The bidding goes round to the {a.direction.value}, starting on the "
                   f"dealer's {a.direction.value}, whatever the direction of play.")
    if a.opening_min_bid is not None and a.opening_min_bid > a.min_bid:
        yield (f"The first bid must be at least {a.opening_min_bid}; after it any higher bid "
               "will do.")
    opening_max_bid = rules.optional_setting("auction.opening_max_bid", int)
    if opening_max_bid is not None and opening_max_bid < a.max_bid:
        yield (f"The first bid may be at most {opening_max_bid} (the dealer's too, when "
               f"forced to bid); each bid after it must be higher, up to {a.max_bid}.")
    if a.may_equal is MayEqual.ANY:
        yield ("Any player may bid equal to the high bid instead of higher, and so take it "
               "over.")
    elif a.may_equal is MayEqual.MAX_BID:
        yield (f"A bid of {a.max_bid} may be taken over by another player bidding {a.max_bid} "
               "too.")


def sell_lines(rules: Rules) -> Iterator[str]:
    a = rules.auction
    yield ("The player to the dealer's left (the eldest hand) sells the right to pitch: each "
           "other player, starting on the eldest's left and ending with the dealer, has one "
           "chance to bid for it or pass. The eldest then either sells it to the highest "
           "bidder, who pitches for that bid while the eldest's side scores the bid (with "
           "the hand's score), or refuses and pitches for that bid themselves.")
    if a.when_all_pass is WhenAllPass.DEALER_MUST_BID:
        yield f"If everyone passes, the eldest pitches for {a.min_bid}."


def draw_lines(rules: Rules) -> Iterator[str]:
    d = rules.draw
    if d.discard is Discard.NONE:
        return
    hand = cards_per_hand(rules) if d.hand_size is None else d.hand_size
    if d.dealer_robs and not d.pack_to_partner:
        turn = "Once trump is known, each player but the dealer in turn, from the dealer's left, "
    else:
        turn = ("Once trump is known, each player" + (" but the pitcher" if d.pitcher_robs
                                                     and not d.pack_to_partner else "")
                + " in turn, starting on the dealer's left and ending with the dealer, ")
    discard = {
        Discard.NON_TRUMPS: "discards every card that is not a trump (no trump may be "
                            "discarded)",
        Discard.UP_TO: f"may discard up to {_cards(d.count)}",
        Discard.AT_LEAST: f"must discard at least {_cards(d.count)}",
        Discard.DOWN_TO_HAND_SIZE: f"discards down to {_cards(hand)}",
    }[d.discard]
    if d.give_to_partner:
        yield (f"Once trump is known and before anyone discards, the player who took the "
               f"kitty gives {_cards(d.give_to_partner)} of their choice, face down, to their "
               "partner (the next of their side to their left); only those two know which.")
    if d.discard is Discard.DOWN_TO_HAND_SIZE:
        dealt = cards_per_hand(rules)
        if hand == dealt and not d.give_to_partner:
            # only the kitty's taker holds more than the hand size
            yield (f"Once trump is known, {_taker(rules)}, holding {dealt + rules.deal.kitty} "
                   f"cards with the kitty, discards {_cards(rules.deal.kitty)} face down, "
                   f"back to {hand}; nobody else discards and nobody draws.")
        else:
            yield (turn + discard + ", face down"
                   + (f" ({_taker(rules)}, with the kitty, from {dealt + rules.deal.kitty})"
                      if rules.deal.kitty else "") + "; nobody draws.")
    else:
        yield (turn + discard + f", face down, and is dealt cards from the pack back up to "
               f"{_cards(hand)}.")
        yield ("Nobody may discard more cards than the pack can replace: when it runs short, "
               "the last players keep back the cards it cannot replace (their choice).")
    if d.pack_to_partner:
        yield from _pack_to_partner_lines(rules, hand)
    elif d.dealer_robs:
        yield (f"Last, the dealer robs the pack instead of discarding: adds every card left "
               f"in it to their hand, keeps the {hand} they want and discards the rest.")
    elif d.pitcher_robs:
        robs = ("When the others have drawn, the pitcher robs the pack: adds every card left "
                f"in it to their hand and keeps the {hand} they want")
        if d.rest_to_partner:
            yield (robs + ". The pack cards the pitcher leaves go on to the pitcher's "
                   f"partner, who likewise keeps the {hand} they want of those and their own "
                   "hand; every card left over is discarded.")
        else:
            yield robs + ", discarding the rest."
    if d.discard is Discard.NON_TRUMPS or d.dealer_robs or d.pitcher_robs:
        if d.extra_trumps is ExtraTrumps.DISCARD_FACE_UP:
            yield (f"A player holding more than {hand} trumps discards trumps down to "
                   f"{hand}, face up for all to see; they are out of play.")
        else:
            yield (f"A player holding more than {hand} trumps shows them all and keeps "
                   "them, playing a larger hand.")


def _pack_to_partner_lines(rules: Rules, hand: int) -> Iterator[str]:
    """draw.pack_to_partner: the robber takes the rest of the pack or passes it unseen."""
    d = rules.draw
    robber = "the dealer" if d.dealer_robs else "the pitcher"
    text = (f"When everyone has drawn, what is left of the pack goes to {robber}, who, "
            "without looking at it, either robs it (adds every card of it to their hand and "
            f"keeps the {hand} they want) or passes it face down to their partner (the next "
            "player of their side to their left), who does the same with it; only the player "
            "who takes the pack sees it.")
    if d.rest_to_partner:
        yield text
        yield (f"When {robber} robs the pack, the cards of it they leave go on to their "
               f"partner, who likewise keeps the {hand} they want of those and their own "
               "hand; every card left over is discarded.")
    else:
        yield text + " Every card left over is discarded."


def call_lines(rules: Rules) -> Iterator[str]:
    c = rules.call
    if not c.partner:
        return
    when = "Once trump is named" + (" and the draw is over" if rules.draw.discard
                                     is not Discard.NONE else "")
    yield (f"{when}, the pitcher calls any card for a partner (\"call the ace of trumps\"). "
           "Whoever holds it is the pitcher's partner for this hand, and says nothing: "
           "everyone else learns who it is when that card is played.")
    if c.own_card is OwnCard.ALONE:
        yield ("The pitcher may call a card they hold or have discarded, and so plays "
               "alone against everyone; so does a pitcher whose called card nobody holds.")
    else:
        yield ("The pitcher may not call a card they hold or have discarded; a called card "
               "that nobody holds (never dealt) leaves the pitcher alone against everyone.")
    yield ("The pitcher and the partner score the hand as one side: a point either of them "
           "takes counts for both, and if together they fall short of the bid both are set "
           "back. Everyone else scores on their own.")


def trumps_only_lines(rules: Rules) -> Iterator[str]:
    if rules.play.trumps_only:
        yield ("Only trumps are played: when play begins every other card is out of play. A "
               "player out of trumps folds for the rest of the hand, and if the winner of a "
               "trick has folded, the lead passes to the next player still in. The hand ends "
               "when every trump has been played.")
