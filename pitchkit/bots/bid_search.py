"""The search bot's bids searched (``bidding=search``): pitching valued on sampled worlds.

The calibrated bot values a bid by the band of its hand's learned estimate: what hands
of that band realised at that bid in the calibration's self-play. With ``bidding=search``
the points of pitching are searched on the hand itself instead
(:func:`pitching_values`): it draws worlds of the cards it has not seen (as the card
search does, :meth:`SearchBot.world_rows`), plays the hand out in each from its own first
lead (the calibrated bot's card) with the suit the calibrated bot would name trump, every
seat playing as the search's play-outs do, and values the same play-outs at each bid it
may make: a made or set contract of that bid as the variant scores it, as
:class:`~pitchkit.bots.quickscore.QuickScore` values a hand with every score at 0. A bid
that would reach the target counts a game's worth more times the calibration's chance of
making it, as the calibrated bot counts it. Passing keeps the calibration's value, and
the choice among the bids worth more than passing is the calibrated bot's (in a one-round
auction, counting the chance that a seat still to bid goes higher). A buyer of the pitch
(``auction.style: sell``) counts the price; the eldest refuses a sale where pitching for
the high bid, searched, beats the calibrated bot's value of selling. The moon stays the
calibrated bot's.

Only where the play that follows the auction is what the play-outs play: the pitcher
leads the first trick (``play.first_leader: pitcher``), with no draw or kitty, no called
partner, no going alone, no stages and not trumps-only play (:func:`searchable`);
elsewhere the calibrated bot's bid stands.

Measured against ``strong`` (its calibrated bids), 300 deals each, 2026-12-04: no gain
(auction pitch -4.0%, smear +0.0%, commercial -4.0%, partnership +0.7%, catch five -4.3%,
ten-point -3.3%, none clear); so not ``strong``'s default (docs/search-vs-montecarlo.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pitchkit.actions import BID_BASE, MAX_BID, MOON, PASS, REFUSE, SELL
from pitchkit.bots.batch import BatchScore, bid_changes, play_outs
from pitchkit.bots.calibrated import CalibratedBot
from pitchkit.bots.value import auction_high
from pitchkit.plan import rules_plan
from pitchkit.play import cards_list
from pitchkit.results import Observation, Phase
from pitchkit.variant import Rules

if TYPE_CHECKING:
    from pitchkit.bots.search import SearchBot

#: The fewest worlds a searched bid is valued on (fewer drawn: the calibrated bid).
MIN_BID_WORLDS = 8


def searchable(rules: Rules) -> bool:
    """Whether a bid may be searched under ``rules`` (see the module)."""
    plan = rules_plan(rules)
    return (rules.has_auction and plan.play.first_leader_pitcher and plan.draw is None
            and plan.call is None and not plan.auction.alone and not plan.play.stages
            and not plan.play.trumps_only)


def hand_start(obs: Observation, pitcher: int, trump: int, bid: int) -> Observation:
    """``obs`` (an auction) as the hand would stand when play begins: ``pitcher`` to lead
    at ``bid`` with ``trump`` trump, nothing played yet (what a searched bid's worlds and
    play-outs start from)."""
    n = len(obs.team_of)
    return obs._replace(phase=Phase.PLAY, to_act=pitcher, trump=trump, pitcher=pitcher,
                        bid=bid, trick=(), played=(), tricks_won=(0,) * n,
                        captured=(0,) * n, voids=())


def first_lead(bot: SearchBot, synth: Observation) -> int:
    """The card ``bot`` would lead first as pitcher in ``synth`` (trump named): the
    calibrated bot's, of the trump suit where the first lead names trump or must be a
    trump."""
    assert synth.trump is not None
    cards = cards_list(synth.hand)
    plan = rules_plan(bot.rules)
    if not plan.trump.chosen_by_pitcher_names:
        # the lead names trump: a card of the suit
        cards = [c for c in cards if c < 52 and c // 13 == synth.trump] or cards
    elif plan.play.first_lead_must_be_trump:
        trumps = bot.trick_tables[synth.trump][0].trumps
        cards = [c for c in cards if trumps >> c & 1] or cards
    return CalibratedBot.choose(bot, synth, cards)


def pitching_values(bot: SearchBot, obs: Observation, bids: Sequence[int],
                    worlds_wanted: int) -> dict[int, float] | None:
    """What pitching at each of ``bids`` is worth to ``bot`` in the auction ``obs``: its
    hand played out from its first lead on up to ``worlds_wanted`` worlds, the suit the
    calibrated bot would name trump (or the trump turned), each world's play-out valued
    at each bid; None with too few worlds (:data:`MIN_BID_WORLDS`)."""
    values = bot.suit_values(obs.hand)
    suit = obs.trump if obs.trump is not None else bot.best_suit(obs.hand)[0]
    n = bot.table.n
    me = obs.seat
    synth = hand_start(obs, me, suit, bids[0])
    worlds = bot.world_rows(synth, worlds_wanted)
    if len(worlds) < MIN_BID_WORLDS:
        return None
    lead = first_lead(bot, synth)
    tab, game_points = bot._batch_tables[suit]
    batch = play_outs(tab, worlds, [lead], me, (), synth.captured, synth.tricks_won,
                      obs.team_of, bot.table.next_seat, n,
                      wise=None if bot._wise is None else bot._wise[suit])
    assert batch.worlds is not None
    # the points alone (every score 0: no play-out ends the game); a game won by the bid
    # counted as the calibrated bot counts it (:meth:`CalibratedBot.bid_values`)
    pointed = synth._replace(scores=(0,) * n)
    points: dict[int, float] = {}
    for b in bids:
        quick = bot.new_quick_score(pointed._replace(bid=b))
        scorer = BatchScore(quick, tab, game_points, bid_changes(quick), None, ())
        points[b] = float(scorer.values(batch, batch.worlds, 1).mean())
    model = bot.model
    assert model is not None
    return bot.bid_values(model.band(values[suit]), bids, obs.scores[me], 0.0, 0.0, points)


def searched_bid(bot: SearchBot, obs: Observation, legal: Sequence[int], usual: int,
                 worlds_wanted: int) -> int:
    """The bid of ``bot`` in the auction ``obs`` with pitching valued on up to
    ``worlds_wanted`` worlds (see the module); ``usual``, the calibrated bot's, where
    the search has nothing to say (a moon, a forced bid, too few worlds)."""
    if usual == MOON:
        return usual
    if SELL in legal:
        return searched_sale(bot, obs, usual, worlds_wanted)
    numeric = sorted(a - BID_BASE for a in legal if BID_BASE < a <= BID_BASE + MAX_BID)
    may_pass = PASS in legal
    if not numeric or (not may_pass and len(numeric) == 1):
        return usual
    by_bid = pitching_values(bot, obs, numeric, worlds_wanted)
    if by_bid is None:
        return usual
    price = bot.sale_price()  # a buyer hands the eldest its bid
    if price:
        by_bid = {b: v - price * b for b, v in by_bid.items()}
    if not may_pass:
        return BID_BASE + max(numeric, key=lambda b: (by_bid[b], -b))
    model = bot.model
    assert model is not None
    high_of = auction_high(obs.bids, obs.seat, obs.team_of, len(model.passing_after[0]) - 1)
    passing = bot._passing(bot.suit_values(obs.hand), high_of, obs.bids, obs.team_of,
                           obs.scores, obs.dealer)
    return bot.bid_worth_most(by_bid, passing, len(obs.bids), obs.team_of)


def searched_sale(bot: SearchBot, obs: Observation, usual: int, worlds_wanted: int) -> int:
    """The eldest sells or refuses (``auction.style: sell``): refusing is pitching for
    the high bid, searched; selling is the calibrated bot's value of it (the price, and
    what not pitching is worth), a price that reaches the target a game's worth more."""
    high = max((a - BID_BASE for _, a in obs.bids if BID_BASE < a <= BID_BASE + MAX_BID),
               default=0)
    if not high:
        return usual
    refusing = pitching_values(bot, obs, [high], worlds_wanted)
    if refusing is None:
        return usual
    return REFUSE if refusing[high] > bot.sale_value(obs, high) else SELL
