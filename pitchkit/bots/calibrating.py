"""Learning a rule set's :class:`~pitchkit.bots.value.Calibration` by self-play, and
its cache.

:func:`calibrate` plays :func:`default_hands` seeded hands under the rules in three rounds
(the first bid by the ``heuristic``, then by the calibrated bot with what the round before
taught it), each round learning from the hands of all rounds so far (but where, in a
band of the estimate, the bot's own rounds made a bid clearly more or less often than the
heuristic's round, that bid's value and chance come from its own rounds: the heuristic
picks its pitchers by more than the band); then as many hands of whole games of the
finished bot, for the points per bid level, and at a level those games bid seldom
(under :func:`level_contracts`: ``LEVEL_CONTRACTS``, more where the points spread widely)
more of its contracts: fresh deals bid at the games' hand starts, played out where the
contract falls at such a level. The dealer's forced bid, where only a forced dealer bids
it and the games did so seldom (cinch's 1: every other seat passes about one deal in
3,000), is learned from deals where every seat before the dealer passes, drawn by a chain
of card swaps that keeps that condition (:func:`_forced_play`).

The run is seeded: the same rules always give the same numbers, so the cache (one JSON
file per resolved rule set, keyed by its hash, in ``$XDG_CACHE_HOME/pitchkit`` or
``~/.cache/pitchkit``) changes speed, never results. A cache file that cannot be read or
does not match is ignored and rebuilt; files are written atomically.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pitchkit.actions import MOON, PASS, REFUSE, SELL, is_numeric_bid
from pitchkit.bots.cache import cache_dir, progress_bar, write_cache
from pitchkit.bots.fitting import (
    Record,
    fit,
    learn_points_at,
    points_taken,
)
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.value import (
    NO_BID,
    Calibration,
    auction_state,
    hand_sides,
    point_items,
    rules_hash,
    top_bid,
)
from pitchkit.cards import cards_in
from pitchkit.errors import BotError, PitchkitError, UsageError, bot_failure, seat_name
from pitchkit.memo import per_rule_set
from pitchkit.scoring import scoring_plan
from pitchkit.seeded import SeededOnUse
from pitchkit.variant import Rules, WhenAllPass

#: Hands played to calibrate one rule set (a few seconds, once per rule set): at least
#: this many, and ``HANDS_PER_LEVEL`` for each level of the auction's bids (up to
#: ``MAX_CALIBRATION_HANDS``), so that each level the bots bid is seen often enough for
#: its realised points (the points of contracts at a level are learned per level, from
#: as many hands again of whole games); the environment variable
#: ``PITCHKIT_CALIBRATION_HANDS`` sets another number (the tests' quick runs; a longer
#: one for a finer table), cached apart.
CALIBRATION_HANDS = 6000
HANDS_PER_LEVEL = 1500
MAX_CALIBRATION_HANDS = 18000
#: Rounds of self-play the hands are split into (each bid with the last round's model).
ROUNDS = 3
#: Then as many hands again of whole games of the finished bot, for the points per bid
#: level: hands a game with no target plays (as ``simulate``), and a bound for the others.
GAME_HANDS = 20
MAX_GAME_HANDS = 1000
#: A bid level those games made fewer contracts at than this (per a calibration of the
#: default length) gets more: at every hand start of the games, fresh deals are bid,
#: and a contract at that level is played out too, from as many deals a start as bring
#: it to about this many, at most ``THIN_DEALS`` (1 + THIN_DEALS times its contracts).
#: Where the points a pitcher's side takes spread widely, more: as many as bring the
#: standard error of a level's mean points to ``LEVEL_ERROR`` (the calibration table's
#: bar is 0.25 points; cinch's 14 points spread 4.3 a contract, so 1,000 contracts
#: leave 0.14, and at MODEL_VERSION 16 its 4 to 14 missed what 24,000 games realised by
#: up to 0.18, as that error would). A level the games never bid gets none: fresh deals
#: bid it about as seldom (auction pitch's 1: 6 contracts from 64 deals at each of
#: 6,000 starts), and its points lean on the other levels'
#: (:func:`~pitchkit.bots.fitting.level_shifts`).
#:
#: Until MODEL_VERSION 23 ``THIN_DEALS`` was 4, and a level never bid got 4 too: pedro's
#: 13 (some 80 contracts in 18,000 hands of games) was learned from 407, a standard error
#: of 0.18 points, and missed what 4,762 contracts realised by +0.27 (the table's bar is
#: 0.25); 32 bring it to some 2,600 (the fresh deals are auctions, and only the
#: contracts at a short level are played out).
LEVEL_CONTRACTS = 1000
LEVEL_ERROR = 0.07
THIN_DEALS = 32
#: The dealer's forced bid at a level only a forced dealer bids, and seldom (cinch's 1:
#: every other seat passes about one deal in 3,000, so the whole games and their fresh
#: deals hold some 25 such contracts): its contracts come from deals where every seat
#: before the dealer passes, drawn by a chain of card swaps between the holders of a deal
#: (:func:`_forced_play`): a swap is kept when every seat before the dealer still passes,
#: so the deals are those of the auction's own condition, uniformly (a swap is its own
#: reverse), without bidding the thousands of deals rejection would. ``FORCED_PER_START``
#: contracts at each hand start the chain visits, ``FORCED_STEPS`` swaps apart, after
#: ``FORCED_BURN`` at the start; ``FORCED_REPAIR`` swaps at most to reach such a deal
#: from the last start's (each kept while no more seats would bid).
FORCED_PER_START = 16
FORCED_STEPS = 16
FORCED_BURN = 64
FORCED_REPAIR = 1000
#: Visits after which a chain that has found no such contract gives up (where no seat
#: before the dealer would pass, as a short calibration bids every hand, or every seat
#: passes almost never: Minnesota Smear's and ten-point pitch's forced bids, none in
#: 800 games, cost some 3 s of swaps for nothing).
FORCED_GIVE_UP = 8


def _auction_states(events: Sequence[Any], team_of: Sequence[int], top: int
                    ) -> tuple[tuple[int, int], ...]:
    """Per seat, :func:`~pitchkit.bots.value.auction_state` at its last bid of the hand in
    ``events`` (a fresh
    game's log; :data:`~pitchkit.bots.value.NO_BID` for a seat that never bid)."""
    bids: list[tuple[int, int]] = []
    states = [(NO_BID, 0)] * len(team_of)
    for event in events:
        if event.kind == "action" and event.seat is not None and (
                event.action == PASS or event.action == MOON
                or is_numeric_bid(event.action)):
            states[event.seat] = auction_state(bids, event.seat, team_of, top)
            bids.append((event.seat, event.action))
    return tuple(states)


def calibrate(rules: Rules, hands: int = CALIBRATION_HANDS, seed: str = "calibrate",
              progress: Callable[[int, int], None] | None = None,
              player: str = "calibrated") -> Calibration:
    """Learn the item chances and the bidding tables from ``hands`` seeded hands.

    ``player`` (:data:`PLAYERS`) is whose card play the rounds after the first play:
    the calibrated bot's (the default), or ``strong``'s (:mod:`pitchkit.bots.strong`,
    bidding with the model of the round before, as the calibrated bot does).

    ``ROUNDS`` rounds: the first auctions are bid by the ``heuristic``, each later one by
    the calibrated bot with what the round before taught it; then ``hands`` hands of
    whole games of the finished bot give the points per bid level
    (:attr:`~pitchkit.bots.value.Calibration.points_at`), with more contracts at a level they bid
    seldom (:func:`_thin_play`). ``progress(done, total)`` is called as hands are played.
    """
    _check_player(player)
    rounds = ROUNDS if hands >= 3 * ROUNDS else 1
    share = max(1, hands // rounds)
    model: Calibration | None = None
    records: list[Record] = []
    own_from = 0
    # the bar's total: the rounds, then the whole games and at most THIN_DEALS fresh deals
    # a hand start, as many as the games turn out to ask (so the bar only moves on)
    total = share * rounds + (hands * (1 + THIN_DEALS) if rounds > 1 else 0)
    for r in range(rounds):
        def tick(done: int, r: int = r) -> None:
            if progress is not None:
                progress(r * share + done, total)
        # every round's hands are learned from: a round bid by a bolder or shyer model
        # shows the hands the next one may bid, so no band of the estimate goes unseen
        records += _self_play(rules, share, f"{seed}:{r}", model, tick, player=player)
        if r == 0:
            # the points per bid level come from the calibrated bot's own rounds once
            # there are some: the heuristic's contracts at a level are another mix
            own_from = len(records) if rounds > 1 else 0
        model = fit(rules, records, own_from if r > 0 else 0)
    assert model is not None
    if rounds > 1:
        # the points per bid level from whole games of the finished bot: the contracts at
        # a level are the mix its own games make (a forced dealer's, a bid that would reach
        # the target), not the mix of the rounds' fresh hands bid by an earlier model
        def tick_games(done: int) -> None:
            if progress is not None:
                progress(share * rounds + done, total)
        starts: list[_Start] = []
        games = _self_play(rules, hands, f"{seed}:games", model, tick_games,
                           whole_games=True, starts=starts, player=player)
        # a level the games made few contracts at (cinch's 14, 1% of them: 183) gets more
        # from fresh deals at the same hand starts
        deals = _thin_deals(rules, hands, games, _spread(rules, games))
        total = share * rounds + hands * (1 + max(deals, default=0))

        def tick_thin(done: int) -> None:
            if progress is not None:
                progress(share * rounds + hands + done, total)
        games += _thin_play(rules, model, starts, deals, f"{seed}:thin", tick_thin, player)
        # the dealer's forced bid where only a forced dealer bids it (cinch's 1: about one
        # deal in 3,000): its contracts from deals where every other seat passes
        wanted = math.ceil(_contracts_wanted(rules, hands, _spread(rules, games)))
        level = _forced_level(rules, games, wanted)
        forced: list[Record] = []
        if level is not None:
            forced = _forced_play(rules, model, starts, level, wanted, f"{seed}:forced",
                                  player)
        if progress is not None:
            progress(total, total)
        model = replace(model, points_at=learn_points_at(rules, model, games, forced),
                        hands=model.hands + len(games) + len(forced))
    return model


#: A hand start of a whole game (:func:`_self_play` with ``starts``): the scores, the
#: dealer and the hands played before it.
_Start = tuple[tuple[int, ...], int, int]


def _thin_deals(rules: Rules, hands: int, games: Sequence[Record], spread: float
                ) -> list[int]:
    """Per bid level, the fresh deals a hand start of the whole games ``games`` (of
    ``hands`` hands) gets for it (:func:`_thin_play`): as many as bring a level's
    contracts to about :func:`level_contracts` of ``spread`` per calibration of the
    default length, at most ``THIN_DEALS``; none at a level the games never bid, nor
    outside ``auction.min_bid`` to ``auction.max_bid`` (the dealer's forced bid is
    within)."""
    wanted = _contracts_wanted(rules, hands, spread)
    count = [0] * (top_bid(rules) + 1)
    for record in games:
        count[min(len(count) - 1, int(record[1].bid))] += 1
    auction = rules.auction
    return [0 if not c or not auction.min_bid <= level <= auction.max_bid
            else min(THIN_DEALS, max(0, math.ceil(wanted / c) - 1))
            for level, c in enumerate(count)]


def _contracts_wanted(rules: Rules, hands: int, spread: float) -> float:
    """The contracts a level is learned from in a calibration of ``hands`` hands:
    :func:`level_contracts` of ``spread`` per calibration of the default length."""
    return level_contracts(spread) * hands / default_hands(rules)


def level_contracts(spread: float) -> float:
    """The contracts a bid level's points are learned from, where the points a pitcher's
    side takes spread ``spread`` (their standard deviation) a contract: at least
    ``LEVEL_CONTRACTS``, and as many as bring the standard error of the level's mean to
    ``LEVEL_ERROR`` (auction pitch's 4 points spread about 1.1: 1,000; cinch's 14 about
    4.3: some 3,800)."""
    return max(float(LEVEL_CONTRACTS), (spread / LEVEL_ERROR) ** 2)


def _spread(rules: Rules, records: Sequence[Record]) -> float:
    """The standard deviation of the points the pitcher's side took in ``records``."""
    plan = scoring_plan(rules)
    taken = []
    for _, result, team, *_ in records:
        sides = hand_sides(team, result)
        taken.append(points_taken(plan, result, sides, sides[result.pitcher]))
    if not taken:
        return 0.0
    mean = sum(taken) / len(taken)
    return math.sqrt(sum((t - mean) ** 2 for t in taken) / len(taken))


def _self_play(rules: Rules, hands: int, seed: str, model: Calibration | None,
               tick: Callable[[int], None], whole_games: bool = False,
               starts: list[_Start] | None = None, player: str = "calibrated"
               ) -> list[Record]:
    """Play ``hands`` single hands with scores at the start, or with ``whole_games`` hands
    of whole games (the scores as they come, to the target; ``GAME_HANDS`` hands a game
    with no target); the hands with a numeric contract. ``starts``, if given, gets each
    hand's start (scores, dealer, hands played)."""
    from pitchkit.engine import Game, Phase

    n = rules.players.count
    top = top_bid(rules)
    limit = GAME_HANDS if rules.scoring.target is None else MAX_GAME_HANDS
    out: list[Record] = []
    game: Game | None = None
    bots: list[HeuristicBot] = []
    games = 0
    for index in range(hands):
        if index % 250 == 0:
            tick(index)
        if game is None or not whole_games or game.phase is not Phase.DEAL \
                or len(game.hand_results) >= limit:
            key = f"{seed}:{games if whole_games else index}"
            games += 1
            game = Game(rules, random.Random(key))
            bots = _bots(rules, model, key, player)
        if starts is not None:
            starts.append((tuple(game.scores), game.dealer, game.hands_played))
        before = len(game.hand_results)
        events = len(game.events)
        game.deal_random()
        # what each seat holds when it bids (a kitty or a draw may change it later)
        held = tuple(game.hands[s] | game.reserve[s] for s in range(n))
        play_until(game, bots, before)
        if len(game.hand_results) == before:
            game = None  # a hand that did not end: the next begins a new game
            continue
        record = _record(game, before, events, held, top)
        if record is not None:
            out.append(record)
    tick(hands)
    return out


def _bots(rules: Rules, model: Calibration | None, key: str, player: str = "calibrated"
          ) -> list[HeuristicBot]:
    """A game's bots: the ``heuristic`` without a model, else the calibrated bot with it,
    or with ``player`` ``strong`` the strong bot with it (each seat's generator seeded by
    ``key`` and the seat when first drawn from: :class:`~pitchkit.seeded.SeededOnUse`,
    the same draws; most deals of :func:`_thin_play` end with the auction, where none is
    drawn)."""
    from pitchkit.bots.calibrated import CalibratedBot

    out: list[HeuristicBot] = []
    for s in range(rules.players.count):
        rng = SeededOnUse(f"{key}:{s}")
        if model is None:
            out.append(HeuristicBot(rules, s, rng))
        elif player == "strong":
            from pitchkit.bots.strong import StrongBot

            # (bidding from the model being learned: not from a table searched with it)
            out.append(StrongBot(rules, s, rng, model=model, bidding="calibrated"))
        else:
            out.append(CalibratedBot(rules, s, rng, model=model))
    return out


def play_until(game: Any, bots: Sequence[HeuristicBot], before: int, auction: bool = False
         ) -> None:
    """Let the bots act in ``game`` until the hand after ``before`` results ends (at most
    400 asks), or with ``auction`` until a seat holds the contract. Bids and cards are
    asked as the simulator asks them (:meth:`pitchkit.engine.Game.bid_turns` and
    :meth:`~pitchkit.engine.Game.play_turns`, the bots' fast paths: the same answers,
    without building every observation), the rest by ``choose``."""
    from pitchkit.engine import Phase

    bidders = [bot.bid_player() for bot in bots]
    players = [bot.card_player() for bot in bots]
    auction_phase, play_phase = Phase.AUCTION, Phase.PLAY
    for _ in range(400):
        if len(game.hand_results) > before or game.to_act is None \
                or (auction and game.pitcher is not None):
            return
        seat = game.to_act
        phase = game.phase
        try:
            if phase is auction_phase and bidders[seat] is not None:
                game.bid_turns(bidders)
            elif phase is play_phase and players[seat] is not None:
                game.play_turns(players)
            else:
                game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
        except (BotError, UsageError):
            raise
        except Exception as error:  # one line naming the bot, never "internal error"
            # the fast paths raise with the seat that failed still to act
            failed = game.to_act if game.to_act is not None else seat
            raise _failed(game, bots[failed], failed, error) from error


def _failed(game: Any, bot: HeuristicBot, seat: int, error: Exception) -> BotError:
    """The error of a calibration game whose bot in ``seat`` failed or answered wrong."""
    from pitchkit.bots.calibrated import CalibratedBot

    name = "calibrated" if isinstance(bot, CalibratedBot) else "heuristic"
    return bot_failure(f"learning what hands are worth under {game.rules.name}: bot "
                       f"{name!r} in {seat_name(seat)} of a calibration game", error)


def _record(game: Any, before: int, events: int, held: tuple[int, ...], top: int
            ) -> Record | None:
    """The calibration record of the hand of ``game`` that ended after ``before`` results
    (its events from ``events`` on; ``held``: what each seat held when it bid), or None
    without a numeric contract."""
    result = game.hand_results[before]
    if result.pitcher is None or result.trump is None or result.thrown_in \
            or not isinstance(result.bid, int):
        return None
    hand_events = game.events[events:]
    seller, price, refused = _sale(hand_events, result)
    return (held, result, game.team_of, seller, price, refused,
            _auction_states(hand_events, game.team_of, top))


def _thin_play(rules: Rules, model: Calibration, starts: Sequence[_Start],
               deals: Sequence[int], seed: str, tick: Callable[[int], None],
               player: str = "calibrated") -> list[Record]:
    """More contracts at the bid levels the whole games bid seldom, as whole games make
    them: from each hand start of the whole games (``starts``), fresh deals bid by the
    finished bot; a contract at level ``level`` of the first ``deals[level]`` deals of a
    start is played out, the others are left after the auction. The deal is independent
    of the game's state and every start gets as many, so a level's contracts come from
    the same hands and states as in the whole games. Each deal is seeded by its start
    and its number alone (its game and bots), whatever the others."""
    from pitchkit.engine import Game

    n = rules.players.count
    top = top_bid(rules)
    most = max(deals, default=0)
    out: list[Record] = []
    for index, (scores, dealer, played) in enumerate(starts):
        if index % 250 == 0:
            tick(index * most)
        for deal in range(most):
            key = f"{seed}:{index}:{deal}"
            game = Game(rules, random.Random(key), dealer=dealer, scores=scores)
            bots = _bots(rules, model, key, player)
            game.hands_played = played
            game.deal_random()
            held = tuple(game.hands[s] | game.reserve[s] for s in range(n))
            play_until(game, bots, 0, auction=True)
            if game.pitcher is None or game.bid is None \
                    or deal >= deals[min(top, game.bid)]:
                continue
            play_until(game, bots, 0)
            if game.hand_results:
                record = _record(game, 0, 0, held, top)
                if record is not None:
                    out.append(record)
    tick(len(starts) * most)
    return out


def _all_passed(record: Record) -> bool:
    """Whether the contract of ``record`` is the dealer's after every other seat passed."""
    result, states = record[1], record[6]
    return result.pitcher == result.dealer and states[result.pitcher] == (NO_BID, 0)


def _forced_level(rules: Rules, games: Sequence[Record], wanted: int) -> int | None:
    """The dealer's forced bid (``auction.when_all_pass: dealer_must_bid``) where the whole
    games and their fresh deals, ``games``, made fewer than ``wanted`` contracts at it and
    only as forced dealers (every contract at it followed passes of every other seat): its
    contracts are learned from deals of that condition (:func:`_forced_play`). None
    elsewhere (auction pitch's 2, half of its contracts, most of them bid freely)."""
    auction = rules.auction
    level = auction.dealer_forced_bid
    if auction.when_all_pass is not WhenAllPass.DEALER_MUST_BID \
            or not auction.min_bid <= level <= auction.max_bid:
        return None
    at_level = [record for record in games if record[1].bid == level]
    if len(at_level) >= wanted or not all(_all_passed(record) for record in at_level):
        return None
    return level


#: A deal as :func:`_forced_play` changes it: the cards, and per card its holder (a seat,
#: then the kitty, the pack in order).
_Deal = tuple[list[int], list[int]]


def _deal_of(detail: tuple[Any, ...], n: int) -> _Deal:
    """The :data:`_Deal` of a deal event's detail (hands, turned card: none, kitty,
    pack)."""
    masks = detail[0]
    kitty, pack = (detail[2], detail[3]) if len(detail) > 2 else (0, ())
    cards: list[int] = []
    holders: list[int] = []
    for holder, held in enumerate((*masks, kitty)):
        for card in cards_in(held):
            cards.append(card)
            holders.append(holder)
    cards += pack
    holders += [n + 1] * len(pack)
    return cards, holders


def _dealt(game: Any, deal: _Deal) -> None:
    """Deal ``deal`` in ``game`` (phase deal)."""
    cards, holders = deal
    n = game.n
    hands: list[list[int]] = [[] for _ in range(n + 2)]
    for card, holder in zip(cards, holders, strict=True):
        hands[holder].append(card)
    game.deal_cards(hands[:n], kitty=hands[n], pack=hands[n + 1])


class _Passes:
    """Whether the seats before the dealer pass, at one hand start, with every seat
    before each passing: per seat a game at the start brought to its turn by passes (a
    seat's bid reads its own hand and what is shown), the seat's hand set in it when
    asked; each answer kept by seat and hand."""

    def __init__(self, rules: Rules, start: _Start, deal: _Deal,
                 bots: Sequence[HeuristicBot]) -> None:
        from pitchkit.engine import Game, Phase

        scores, dealer, played = start
        self.bots = bots
        self.games: dict[int, Any] = {}
        self.known: dict[tuple[int, int], bool] = {}
        game = Game(rules, random.Random(0), dealer=dealer, scores=scores)
        game.hands_played = played
        _dealt(game, deal)
        #: whether the auction reaches the dealer after a pass from every other seat
        self.reaches = False
        for _ in range(rules.players.count):
            seat = game.to_act
            if game.phase is not Phase.AUCTION or seat is None:
                return
            if seat == dealer:
                self.reaches = True
                return
            self.games[seat] = game
            game = game.clone()
            try:
                game.apply(PASS)  # as if it passed: the next seat sees passes only
            except PitchkitError:
                return

    def bidding(self, hands: Sequence[int]) -> int:
        """How many seats before the dealer would bid holding ``hands`` (masks by seat;
        every seat where the auction does not reach the dealer after passes)."""
        if not self.reaches:
            return len(self.bots)
        count = 0
        for seat, game in self.games.items():
            key = (seat, hands[seat])
            passes = self.known.get(key)
            if passes is None:
                game.hands[seat] = hands[seat]
                bot = self.bots[seat]
                bidder = bot.bid_player()
                action = (bidder(game.bid_view(seat), game.bid_choices()) if bidder is not None
                          else bot.choose(game.observation(seat), game.legal_actions()))
                passes = self.known[key] = action == PASS
            count += not passes
        return count


def _forced_play(rules: Rules, model: Calibration, starts: Sequence[_Start], level: int,
                 wanted: int, seed: str, player: str = "calibrated") -> list[Record]:
    """About ``wanted`` contracts at the dealer's forced bid ``level``, from deals where
    every seat before the dealer passes, at hand starts of the whole games (``starts``,
    taken evenly): a chain of deals (see ``FORCED_PER_START``), each of its deals bid
    and played out by the finished bot, its contract kept where the dealer bid
    ``level``; none where the first ``FORCED_GIVE_UP`` starts give none. Every random
    choice from ``seed``."""
    from pitchkit.engine import Game

    if not starts or wanted <= 0:
        return []
    n = rules.players.count
    top = top_bid(rules)
    rng = random.Random(seed)
    visits = min(len(starts), math.ceil(wanted / FORCED_PER_START))
    per_start = math.ceil(wanted / visits)
    first = Game(rules, random.Random(f"{seed}:deal"), dealer=starts[0][1])
    detail = first.deal_random().detail
    if detail[1] is not None:
        return []  # a turned card names trump: a card shown from the deck, not swapped here
    deal = _deal_of(detail, n)
    dealer = starts[0][1]
    out: list[Record] = []
    for visit in range(visits):
        if visit >= FORCED_GIVE_UP and not out:
            break
        start = starts[visit * len(starts) // visits]
        key = f"{seed}:{visit}"
        bots = _bots(rules, model, key, player)
        # the last start's deal, its hands turned with the dealer
        shift = (start[1] - dealer) % n
        dealer = start[1]
        deal = (deal[0], [(h + shift) % n if h < n else h for h in deal[1]])
        passes = _Passes(rules, start, deal, bots)
        hands = [0] * (n + 2)
        for card, holder in zip(*deal, strict=True):
            hands[holder] |= 1 << card
        bidding = passes.bidding(hands)
        steps = FORCED_REPAIR if bidding else 0
        for step in range(steps + FORCED_BURN + per_start * FORCED_STEPS):
            if step < steps and not bidding:
                continue
            i, j = rng.randrange(len(deal[0])), rng.randrange(len(deal[0]))
            cards, holders = deal
            a, b = holders[i], holders[j]
            if a == b:  # the same hands (the pack's order): no bid changes
                cards[i], cards[j] = cards[j], cards[i]
            else:
                moved = 1 << cards[i] | 1 << cards[j]
                swapped = list(hands)
                swapped[a] ^= moved
                swapped[b] ^= moved
                now = passes.bidding(swapped)
                # reaching a deal where every seat passes: kept while no more would bid;
                # then kept only where every seat still passes
                if now <= bidding if step < steps else not now:
                    cards[i], cards[j] = cards[j], cards[i]
                    hands, bidding = swapped, now
            if bidding or step < steps + FORCED_BURN \
                    or (step - steps - FORCED_BURN) % FORCED_STEPS != FORCED_STEPS - 1:
                continue
            sample = f"{key}:{step}"
            game = Game(rules, random.Random(sample), dealer=dealer, scores=start[0])
            game.hands_played = start[2]
            _dealt(game, deal)
            held = tuple(game.hands[s] | game.reserve[s] for s in range(n))
            play_until(game, _bots(rules, model, sample, player), 0)
            record = _record(game, 0, 0, held, top) if game.hand_results else None
            if record is not None and record[1].bid == level and _all_passed(record):
                out.append(record)
    return out


def _sale(events: Sequence[Any], result: Any) -> tuple[int | None, int, bool]:
    """The seat that sold the pitch in the hand of ``events`` (``auction.style: sell``)
    and its price; whether the eldest refused to sell instead."""
    for event in events:
        if event.kind == "action" and event.action == SELL:
            return event.seat, int(result.bid), False
        if event.kind == "action" and event.action == REFUSE:
            return None, 0, True
    return None, 0, False


_MEMO: dict[str, Calibration] = {}


#: Whose card play a calibration's self-play plays (:func:`calibrate`'s ``player``).
PLAYERS = ("calibrated", "strong")


def _check_player(player: str) -> None:
    """That ``player`` is one of :data:`PLAYERS` (a ValueError naming them if not)."""
    if player not in PLAYERS:
        raise ValueError(f"player must be one of {', '.join(PLAYERS)}, not {player!r}")


def calibration_for(rules: Rules, player: str = "calibrated") -> Calibration:
    """The calibration of ``rules``: from memory, the cache folder, or a fresh run (with a
    progress bar on a terminal); with ``player`` ``strong``, learned from the strong
    bot's own card play (:func:`calibrate`), cached apart under a name that holds a hash
    of its settings (a change of them learns anew)."""
    _check_player(player)
    hands = calibration_hands(rules)
    key = rules_hash(rules)
    kind = ""
    if player == "strong":
        from pitchkit.bots.strong import play_hash

        # (its self-play bids from the model being learned, whatever strong's bidding)
        kind = "-strong-" + play_hash(rules)
    found = _MEMO.get(f"{key}{kind}-{hands}")
    if found is not None:
        return found
    items = point_items(rules)
    path = cache_dir() / (f"calibration-{key}{kind}.json" if hands == default_hands(rules)
                          else f"calibration-{key}{kind}-{hands}.json")
    try:
        found = Calibration.from_json(json.loads(path.read_text(encoding="utf-8")), key, items)
    except (OSError, ValueError):
        found = None
    if found is None:
        whose = " for the strong bot" if player == "strong" else ""
        bar = progress_bar(f"pitchkit: learning what hands are worth under {rules.name}"
                            f"{whose} (once; cached in {path.parent})") \
            if sys.stderr.isatty() else None
        found = calibrate(rules, hands, progress=bar, player=player)
        if bar is not None:
            print(file=sys.stderr, flush=True)
        write_cache(path, json.dumps(found.to_json()))
    _MEMO[f"{key}{kind}-{hands}"] = found
    return found


def calibration_hands(rules: Rules) -> int:
    """``PITCHKIT_CALIBRATION_HANDS`` if it is a whole number of at least 9, else
    :func:`default_hands`."""
    text = os.environ.get("PITCHKIT_CALIBRATION_HANDS", "").strip()
    return int(text) if text.isdigit() and int(text) >= 9 else default_hands(rules)


@per_rule_set(32)
def default_hands(rules: Rules) -> int:
    """Hands a calibration plays by default: ``HANDS_PER_LEVEL`` for each bid level from
    the least bid to the top (:func:`~pitchkit.bots.value.top_bid`), at least ``CALIBRATION_HANDS``
    and at most ``MAX_CALIBRATION_HANDS`` (cinch's 1 to 14: 18,000; auction pitch's 1 to 4:
    6,000; worked out once per rule set: every bot built asks)."""
    levels = max(1, top_bid(rules) - rules.auction.min_bid + 1)
    return max(CALIBRATION_HANDS, min(MAX_CALIBRATION_HANDS, HANDS_PER_LEVEL * levels))
