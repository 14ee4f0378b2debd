"""Play many games with bots and aggregate the statistics as they come in.

Game ``i`` of a run seeded ``S`` deals from ``random.Random(f"{S}:{i}")`` and its bot in
seat ``k`` draws from ``random.Random(f"{S}:{i}:seat{k}")``, so a game's result depends
only on (S, i): the same numbers come out for any number of workers, any split into
shards, and any order in which results arrive. Bots never touch the dealing generator, so
variants that deal alike (same players, deck and deal settings) get the same deals for
the same seed, which makes :func:`compare` much less noisy.
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pitchkit.bots import BUILTIN, Bot, BotSpec, parse_bot_spec, parse_bots
from pitchkit.errors import BotError, IllegalActionError, UsageError, bot_failure, seat_name
from pitchkit.fastsim import FastGame, fallback_reason, play_random_game
from pitchkit.guard import MoveTimeout, bots_off_stdout, quiet_worker, stop_signals_interrupt, timed
from pitchkit.seeded import SeededOnUse
from pitchkit.stats import (
    SAMPLE_GAMES,
    HandKey,
    Stats,
    canonical_shard,
    hand_key,
    parse_shard,
    rules_fingerprint,
)
from pitchkit.variant import Direction, Rules, ScoringMethod, Tie, rules_to_mapping

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.engine import Game, HandPlayer

#: Hands per game for variants that never end on their own (no target, no hand limit).
DEFAULT_ENDLESS_HANDS = 20
#: A game with an end that runs this many hands is cut off (counted, with no winner).
DEFAULT_MAX_HANDS = 1000
#: A game is also cut off after this many deals per hand of its cap, counting deals
#: thrown in (everyone passed under ``when_all_pass: redeal``), so that bots that never
#: bid cannot deal for ever.
DEALS_PER_HAND = 10
#: Bounds of a run's size, so that a typo like --games 1e26 is a usage error.
MAX_GAMES = 10**9
MAX_WORKERS = 512
MAX_HANDS = 10**6
#: A game drawn under ``scoring.tie: replay`` is replayed at most this many times.
MAX_REPLAYS = 100

Progress = Callable[[int, int], None]


def is_endless(rules: Rules) -> bool:
    """True when the rules never end a game: no target score and no number of hands."""
    return rules.scoring.target is None and rules.scoring.hands is None


@dataclass(frozen=True)
class Setup:
    """Everything a worker needs to play any game of a run (picklable)."""

    rules: Rules
    seed: int | str
    bots: tuple[BotSpec, ...]
    hand_limit: int
    endless: bool
    #: Seconds a plug-in bot may take for one move (None: no limit).
    move_seconds: float | None = None

    @property
    def deal_limit(self) -> int:
        """Deals after which a game is cut off, thrown-in deals included."""
        return self.hand_limit * DEALS_PER_HAND

    def new_stats(self, variant: str, games: int, shard: str | None) -> Stats:
        rules = self.rules
        n = rules.players.count
        return Stats(
            variant=variant,
            rules_hash=rules_fingerprint(rules_to_mapping(rules)),
            seed=self.seed,
            bots=[b.name for b in self.bots],
            team_of=[s % rules.players.teams for s in range(n)],
            point_names=list(rules.point_names()),
            has_auction=rules.has_auction,
            money=rules.money.enabled,
            combinations=rules.scoring.method is ScoringMethod.COMBINATIONS,
            hands_limit=self.hand_limit,
            deals_limit=self.deal_limit,
            games_requested=games,
            moon_allowed=rules.moon.allowed,
            shards=[canonical_shard(shard)] if shard else [],
        )


def _spell(action: Any) -> str:
    from pitchkit.engine import action_text

    try:
        return repr(action_text(action))
    except Exception:
        return repr(action)


@functools.cache
def _engine() -> ModuleType:
    """:mod:`pitchkit.engine`, imported when a game first needs it (a worker whose games
    all take the random fast path never does), then kept: an import statement on a
    game's path would cost every game a failed look-up of the module's ``__path__`` (an
    AttributeError built and dropped)."""
    from pitchkit import engine

    return engine


def play_game(setup: Setup, rng_seed: str, bots: Sequence[Bot]) -> tuple[Game, bool]:
    """Play one game to its end (or the hand limit); returns the game and ``cut_off``.

    A game with an end is cut off after ``setup.hand_limit`` hands played; any game is
    cut off after ``setup.deal_limit`` deals, thrown-in deals included.

    Every answer is checked: one that is not a legal action, or a bot that raises, stops
    the game with a :class:`BotError` naming the bot, its seat and the action.
    """
    engine = _engine()
    Phase = engine.Phase
    game: Game = engine.Game(setup.rules, random.Random(rng_seed))
    specs = setup.bots
    limit_s = setup.move_seconds
    limit = setup.hand_limit
    deal_limit = setup.deal_limit
    deals = game.hand_results
    observes = [getattr(bot, "observes", True) for bot in bots]
    # built-in bots are asked without a time limit, and through their fast paths where
    # they have them (_fast_player): their card play with the seat's view of the table,
    # not the whole observation (a single legal card is played without asking:
    # card_player's promise); their bids with the seat's view of the auction; their
    # draws with the trump and what may be drawn (where they need no more); their choice
    # of a stage's cards with the seat's view of the table and the cards it may choose
    builtin = frozenset(BUILTIN.values())
    chooses: list[Callable[..., Any]] = []
    players: list[Callable[..., int] | None] = []
    bidders: list[Callable[..., int] | None] = []
    drawers: list[Callable[..., int | None] | None] = []
    selectors: list[Callable[..., int] | None] = []
    for bot, spec in zip(bots, specs, strict=True):
        if spec.target in builtin:
            chooses.append(bot.choose)
            players.append(_fast_player(bot, "card_player"))
            bidders.append(_fast_player(bot, "bid_player"))
            drawers.append(_fast_player(bot, "draw_player"))
            selectors.append(_fast_player(bot, "stage_player"))
        else:
            chooses.append(timed(bot.choose, limit_s))
            players.append(None)
            bidders.append(None)
            drawers.append(None)
            selectors.append(None)
    fast = any(players)
    # every seat plays its cards by one compiled policy: the rest of a hand at once
    # (pitchkit.bots.careful_hand), where the rules allow
    wholes = [_hand_player(bot) if spec.target in builtin else None
              for bot, spec in zip(bots, specs, strict=True)]
    whole = wholes[0] if all(w is not None and w is wholes[0] for w in wholes) else None
    legal_actions, apply, observation = game.legal_actions, game.apply, game.observation
    play_turns, bid_turns, select_turns = game.play_turns, game.bid_turns, game.select_turns
    draw_choice = game.draw_choice
    over, deal, select, draw_phase = Phase.OVER, Phase.DEAL, Phase.SELECT, Phase.DRAW
    auction = Phase.AUCTION
    play_phase = Phase.PLAY
    while True:
        phase = game.phase
        if phase is play_phase and fast and players[game.to_act] is not None:  # type: ignore[index]
            # the engine asks the card players while it is their turn (checked: a card
            # outside the legal mask raises IllegalActionError)
            try:
                play_turns(players, whole)
            except IllegalActionError:
                raise
            except Exception as error:
                failed = game.to_act  # the seat whose player raised
                if failed is None:
                    raise
                raise BotError(f"bot {specs[failed].name!r} in {seat_name(failed)} failed: "
                               f"{type(error).__name__}: {error}") from error
            continue
        seat_to_act: int = game.to_act  # type: ignore[assignment]
        if ((phase is auction and bidders[seat_to_act] is not None)
                or (phase is select and selectors[seat_to_act] is not None)):
            # the engine asks the bidders (the stage players) while it is their turn and
            # applies their answers
            try:
                if phase is auction:
                    bid_turns(bidders)
                else:
                    select_turns(selectors)
            except (BotError, UsageError):
                raise
            except Exception as error:
                failed = game.to_act  # the seat whose bidder raised or answered wrong
                if failed is None:
                    raise
                refused = bot_failure(f"bot {specs[failed].name!r} in {seat_name(failed)}",
                                      error)
                if isinstance(error, IllegalActionError):
                    raise refused from None
                raise refused from error
            continue
        if phase is over:
            return game, False
        if phase is deal:
            if game.hands_played >= limit:
                return game, not setup.endless
            if len(deals) >= deal_limit:
                return game, True
            game.deal_random()
            continue
        to_act = game.to_act
        assert to_act is not None
        seat = to_act
        drawer = drawers[seat] if phase is draw_phase else None
        if drawer is not None:
            ch = draw_choice()
            if not ch.most and ch.verb != "rob":
                # a hand at its size chooses no card: the draw's one legal action, played
                # below without asking (call-partner pitch: four seats of five a hand)
                drawer = None
        # a drawer is asked with what may be drawn, not the list: apply() checks its answers
        legal = None if drawer is not None else legal_actions()
        selecting = phase is select or phase is draw_phase
        if selecting and legal is not None and len(legal) == 1 and legal[0] > _LAST_CARD \
                and players[seat] is not None:
            # the draw's one legal action where no card may be chosen: a bot with a card
            # player answers it without reading anything (HeuristicBot.card_player)
            apply(legal[0])
            continue
        try:
            if drawer is not None:
                drawn = drawer(game.trump, ch)
                if drawn is None:  # it reads the observation (a robber's answer)
                    legal = legal_actions()
                    drawn = chooses[seat](observation(seat), legal)
                action = drawn
            else:
                assert legal is not None
                action = chooses[seat](
                    observation(seat) if observes[seat] or selecting else None, legal)
        except (BotError, UsageError):
            raise
        except MoveTimeout:
            raise BotError(f"bot {specs[seat].name!r} in {seat_name(seat)} took longer than "
                           f"{limit_s:g} s for one move (--move-time-limit); stopped") from None
        except Exception as error:
            raise BotError(f"bot {specs[seat].name!r} in {seat_name(seat)} failed: "
                           f"{type(error).__name__}: {error}") from error
        if legal is not None and not selecting and action not in legal:
            raise BotError(
                f"bot {specs[seat].name!r} in {seat_name(seat)} answered {_spell(action)}, "
                f"which is not a legal action now "
                f"(legal: {', '.join(_spell(a) for a in legal)})")
        try:
            apply(action)
        except IllegalActionError as error:
            raise BotError(
                f"bot {specs[seat].name!r} in {seat_name(seat)} answered {_spell(action)}: {error}"
            ) from None


#: The highest card (pitchkit.cards: 0..53); a draw action choosing no card is above it.
_LAST_CARD = 53


def _fast_player(bot: Bot, kind: str) -> Callable[..., int] | None:
    """A built-in bot's bidding (``kind`` "bid_player") or card play ("card_player") for
    the fast path of :func:`play_game`, if it has one."""
    make = getattr(bot, kind, None)
    return None if make is None else make()


def _hand_player(bot: Bot) -> HandPlayer | None:
    """A built-in bot's card play of the rest of a hand at once, if it has one
    (:meth:`pitchkit.bots.cardplay.CarefulPlay.hand_player`)."""
    make = getattr(bot, "hand_player", None)
    return None if make is None else make()


@dataclass(frozen=True)
class Played:
    """One game of a run with its replays: what the statistics read of each hand played
    (:func:`pitchkit.stats.hand_key`), the scores after each deal, the deals thrown in,
    the money (money games), the winning sides' seats, and whether it ended drawn or
    cut off."""

    hand_keys: list[HandKey]
    scores: list[Sequence[int]]
    thrown_in: int
    money: list[int] | None
    winners: tuple[int, ...]
    draw: bool
    cut_off: bool
    replays: int

    @property
    def deals(self) -> int:
        """Deals of the game and its replays: hands played and deals thrown in."""
        return len(self.hand_keys) + self.thrown_in


def play_with_replays(setup: Setup, base: str, keep_scores: bool = True) -> Played:
    """Play the game seeded ``base`` and, while it is drawn under ``scoring.tie: replay``,
    its replays (``base:replay1``, ...; at most :data:`MAX_REPLAYS`). Without
    ``keep_scores`` the scores after each deal are not kept (``Played.scores`` is empty)."""
    rules = setup.rules
    n = rules.players.count
    keys: list[HandKey] = []
    scores: list[Sequence[int]] = []
    thrown_in = 0
    money = [0] * n if rules.money.enabled else None
    replays = 0
    key = base
    fast = random_fast_path(setup)
    while True:
        game: Game | FastGame
        if fast:
            game = play_random_game(rules, key, setup.hand_limit, setup.deal_limit,
                                    keep_scores=keep_scores)
            cut_off = game.outcome is None and (game.hands_played < setup.hand_limit
                                                or not setup.endless)
            keys.extend(game.hand_keys)
            scores.extend(game.scores_after)
            thrown_in += game.thrown_in
        else:
            game, cut_off = play_game(setup, key, game_bots(setup, key))
            for hand in game.hand_results:
                if keep_scores:
                    scores.append(hand.scores)
                if hand.thrown_in:
                    thrown_in += 1
                else:
                    keys.append(hand_key(hand))
        if money is not None:
            money = [a + b for a, b in zip(money, _settlement(game), strict=True)]
        outcome = game.outcome
        if outcome is None:
            winners: tuple[int, ...] = ()
            draw = False
            if setup.endless:
                winners, draw = _sides_on_top(game, n, rules)
        else:
            winners, draw = tuple(outcome.winners), bool(outcome.draw)
        if draw and rules.scoring.tie is Tie.REPLAY and replays < MAX_REPLAYS:
            replays += 1
            key = f"{base}:replay{replays}"
            continue
        return Played(keys, scores, thrown_in, money, winners, draw, cut_off, replays)


def game_bots(setup: Setup, key: str) -> list[Bot]:
    """The bots of the game seeded ``key``: seat ``k``'s draws from a generator seeded
    ``{key}:seat{k}``, seeded when it first draws (the heuristic never does)."""
    rules = setup.rules
    return [spec.make(rules, seat, SeededOnUse(f"{key}:seat{seat}"), _factory(spec))
            for seat, spec in enumerate(setup.bots)]


def build_once(rules: Rules, specs: Sequence[BotSpec], seed: int | str) -> None:
    """Each bot of ``specs`` built once, here, before worker processes start: what a bot
    learns once a rule set (the calibrated bot's and the strong bot's calibration, cached
    in the user's cache folder, with a progress bar the first time) is then learned once,
    by this process, not by every worker at the same time. The bots built are dropped;
    no game's seed is read (each game's bots draw from their own)."""
    built: set[BotSpec] = set()
    for seat, spec in enumerate(specs):
        if spec not in built:
            built.add(spec)
            spec.make(rules, seat % rules.players.count,
                      SeededOnUse(f"{seed}:built-once:seat{seat}"), _factory(spec))


def play_into(stats: Stats, hands: Counter[HandKey], setup: Setup, index: int) -> None:
    """Play game ``index`` of the run (with its replays) and count it in ``stats``, its
    hands in ``hands`` by their keys (:meth:`Stats.add_hands` counts them once the run's
    games are played: many hands are alike)."""
    # the scores after each deal: a sample game's only (Stats.add_sample)
    played = play_with_replays(setup, f"{setup.seed}:{index}", keep_scores=index < SAMPLE_GAMES)
    stats.add_sample(index, played.scores)
    stats.add_game_totals(
        winners=() if played.draw or played.cut_off else played.winners,
        draw=played.draw,
        played=len(played.hand_keys),
        thrown_in=played.thrown_in,
        money=played.money,
        replays=played.replays,
        cut_off=played.cut_off,
    )
    hands.update(played.hand_keys)


def count_hands(stats: Stats, hands: Counter[HandKey], setup: Setup) -> None:
    """Add the hands counted by :func:`play_into` to ``stats``."""
    stats.add_hands(hands.items(),
                    direction=1 if setup.rules.deal.direction is Direction.LEFT else -1)


#: Bot factories looked up in this run (simulate() and each worker start it empty, so a
#: bot module changed between runs is imported afresh).
_FACTORIES: dict[BotSpec, Any] = {}


def forget_bot_factories() -> None:
    """Start a run: bot classes are looked up (and imported) afresh."""
    _FACTORIES.clear()


def _factory(spec: BotSpec) -> Any:
    found = _FACTORIES.get(spec)
    if found is None:
        found = _FACTORIES[spec] = spec.factory()
    return found


def random_fast_path(setup: Setup) -> bool:
    """Every seat is the built-in random bot and the rules are ones :mod:`pitchkit.fastsim`
    plays (the same games as the engine, faster)."""
    return (all(spec.target == BUILTIN["random"] and not spec.settings for spec in setup.bots)
            and fallback_reason(setup.rules) is None)


def _sides_on_top(game: Game | FastGame, n: int, rules: Rules) -> tuple[tuple[int, ...], bool]:
    """For a game stopped after its hands: the side with the most money (or points) wins."""
    values = _settlement(game) if rules.money.enabled else list(game.scores)
    teams = rules.players.teams
    side_value = {s % teams: values[s] for s in range(n)}
    best = max(side_value.values())
    top = [t for t, v in side_value.items() if v == best]
    if len(top) > 1:
        return (), True
    return tuple(s for s in range(n) if s % teams == top[0]), False


def _settlement(game: Game | FastGame) -> list[int]:
    """Cents per seat (the players never change seats in a simulation)."""
    totals = game.settlement()
    assert totals is not None, "a money variant always has a settlement"
    return [int(totals.get(game.players[s], 0)) for s in range(game.n)]


# ----------------------------------------------------------------------------- runs


_WORKER_SETUP: Setup | None = None


def _init_worker(setup: Setup) -> None:
    global _WORKER_SETUP
    _WORKER_SETUP = setup
    forget_bot_factories()
    quiet_worker()  # the parent handles Ctrl-C, SIGTERM and SIGHUP


def _run_chunk(job: tuple[str, int, str | None], indices: range) -> Stats:
    variant, games, shard = job
    setup = _WORKER_SETUP
    assert setup is not None
    stats = setup.new_stats(variant, games, shard)
    hands: Counter[HandKey] = Counter()
    for i in indices:
        play_into(stats, hands, setup, i)
    count_hands(stats, hands, setup)
    return stats


def shard_indices(games: int, shard: str | None) -> range:
    """The game indices of shard ``K/N``: every N-th game starting at K-1."""
    if shard is None:
        return range(games)
    k, n = parse_shard(shard)
    return range(k - 1, games, n)


def simulate(
    rules: Rules,
    *,
    games: int,
    seed: int | str,
    bots: str | Sequence[str] | Sequence[BotSpec],
    workers: int = 1,
    shard: str | None = None,
    hands: int | None = None,
    progress: Progress | None = None,
    variant: str | None = None,
    move_time_limit: float | None = None,
) -> Stats:
    """Play ``games`` games of ``rules`` with ``bots`` and return their statistics.

    ``bots``: one spec per seat or one for all (``"heuristic,random,..."`` or a list).
    ``hands``: hands per game for variants with no end (default 20); for the others, a
    cap past which a game is cut off (default 1000). ``shard="K/N"`` plays only the K-th
    of N interleaved parts of the run, to be merged later. On Ctrl-C the games finished
    so far are returned with ``interrupted`` set, and so on SIGTERM and SIGHUP.
    ``move_time_limit``: seconds a plug-in bot may take for one move; a slower move
    stops the run with a :class:`BotError`. What bots print goes to stderr.
    """
    if not 0 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be between 0 and {MAX_GAMES:,}")
    if not 1 <= workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be between 1 and {MAX_WORKERS}")
    if hands is not None and not 1 <= hands <= MAX_HANDS:
        raise UsageError(f"--hands must be between 1 and {MAX_HANDS:,}")
    if move_time_limit is not None and not 0 < move_time_limit <= MAX_HANDS:
        raise UsageError("--move-time-limit must be a positive number of seconds")
    n = rules.players.count
    if isinstance(bots, str):
        specs = parse_bots(bots, n)
    else:
        specs = [b if isinstance(b, BotSpec) else parse_bot_spec(b) for b in bots]
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        raise UsageError(f"{len(specs)} bots given for {n} players")
    endless = is_endless(rules)
    limit = hands if hands is not None else (DEFAULT_ENDLESS_HANDS if endless
                                             else DEFAULT_MAX_HANDS)
    setup = Setup(rules=rules, seed=seed, bots=tuple(specs), hand_limit=limit, endless=endless,
                  move_seconds=move_time_limit)
    name = variant or rules.name
    stats = setup.new_stats(name, games, shard)
    forget_bot_factories()
    indices = shard_indices(games, shard)
    total = len(indices)
    start = time.perf_counter()
    done = 0
    hand_counts: Counter[HandKey] = Counter()
    try:
        with stop_signals_interrupt(), bots_off_stdout():
            if workers == 1 or total < 2:
                for i in indices:
                    play_into(stats, hand_counts, setup, i)
                    done += 1
                    if progress:
                        progress(done, total)
            else:
                _run_pool(stats, setup, (name, games, shard), indices, workers, progress)
    except KeyboardInterrupt:
        stats.interrupted = True
    count_hands(stats, hand_counts, setup)
    stats.wall_seconds = time.perf_counter() - start
    return stats


def _run_pool(stats: Stats, setup: Setup, job: tuple[str, int, str | None],
              indices: range, workers: int, progress: Progress | None) -> None:
    """Play ``indices`` in chunks on worker processes, absorbing each chunk's counts as it
    arrives (the results are sums, so their order of arrival does not matter)."""
    from pitchkit.pool import run_chunks

    build_once(setup.rules, setup.bots, setup.seed)
    total = len(indices)
    size = max(1, min(100, total // (workers * 8)))
    done = 0

    def absorb(part: Stats) -> None:
        nonlocal done
        stats.absorb(part)
        done += part.games
        if progress:
            progress(done, total)

    run_chunks((indices[j:j + size] for j in range(0, total, size)), workers,
               functools.partial(_run_chunk, job), absorb, _init_worker, (setup,))


def compare(
    variants: Sequence[tuple[str, Rules]],
    *,
    games: int,
    seed: int | str,
    bots: str | Sequence[str],
    workers: int = 1,
    hands: int | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    move_time_limit: float | None = None,
) -> list[Stats]:
    """Simulate each (label, rules) with the same seeds: alike deals stay alike."""
    out = []
    for label, rules in variants:
        def step(done: int, total: int, label: str = label) -> None:
            if progress:
                progress(label, done, total)

        stats = simulate(rules, games=games, seed=seed, bots=bots, workers=workers,
                         hands=hands, progress=step, variant=label,
                         move_time_limit=move_time_limit)
        out.append(stats)
        if stats.interrupted:
            break
    return out
