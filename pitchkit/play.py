"""The trick-play part of the engine (the hot path) and the end of a hand.

Functions of a :class:`pitchkit.engine.Game` (the hottest part, playing a card, is
inlined in ``Game.apply``). Legal plays are :mod:`pitchkit.tricks`'s ``legal_leads`` and
``legal_follows``, the one definition; the trick's winner is kept up to date card by card
(a faster copy of ``tricks.trick_winner``, proved equal in tests/test_tricks_definition.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitchkit.actions import CARD_BITS, SELECT_FLAG
from pitchkit.call import hand_teams
from pitchkit.cards import SUIT_NAMES, card_name, format_cards
from pitchkit.errors import IllegalActionError, seat_name
from pitchkit.fold import seating as fold_seating
from pitchkit.results import Event, HandResult, Outcome, Phase
from pitchkit.scoring import score_parts
from pitchkit.sell import with_sale
from pitchkit.settle import settle_parts
from pitchkit.tricks import follow_reason, legal_follows, legal_leads

if TYPE_CHECKING:  # pragma: no cover
    from pitchkit.engine import Game


def cards_list(mask: int) -> list[int]:
    """The cards of a mask, lowest first.

    A loop over the set bits: legal plays are a few cards, and small, cache-friendly work
    beats big lookup tables inside a long simulation.
    """
    out: list[int] = []
    append = out.append
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_tuple(mask: int) -> tuple[int, ...]:
    """The cards of a mask, lowest first, as a tuple."""
    return tuple(cards_list(mask))


# ------------------------------------------------------------------ legal plays

def lead_cards_mask(game: Game, seat: int) -> int:
    """Cards ``seat`` may lead now (also a pitch during the auction): tricks.legal_leads."""
    plan = game.plan
    return legal_leads(game.hands[seat], game._tables,
                       game._first_lead and plan.play.first_lead_must_be_trump,
                       joker_may_set_trump=plan.trump.pitched_joker_makes_spades,
                       never_lead_joker=plan.play.never_lead_joker)

def lead_cards(game: Game, seat: int) -> list[int]:
    return cards_list(lead_cards_mask(game, seat))

def legal_mask(game: Game) -> int:
    """The cards :attr:`to_act` may play now (phase play), cached until the next action."""
    seat = game.to_act
    hand = game.hands[seat]  # type: ignore[index]
    if not game._trick:
        # as lead_cards_mask, one call less on the hot path
        plan = game.plan
        legal = legal_leads(hand, game._tables,
                            game._first_lead and plan.play.first_lead_must_be_trump,
                            joker_may_set_trump=plan.trump.pitched_joker_makes_spades,
                            never_lead_joker=plan.play.never_lead_joker)
    else:
        legal = legal_follows(hand, game._led, game._tables, game._following)
    game._legal = legal
    return legal

def play_reason(game: Game, seat: int, card: int) -> str:
    if not 0 <= card < 54:
        return f"{seat_name(seat)} must play a card now, not {game._text(card)}"
    hand = game.hands[seat]
    name = card_name(card)
    if not hand >> card & 1:
        if game.reserve[seat] >> card & 1:
            return f"{seat_name(seat)} did not choose {name} for this stage"
        return f"{seat_name(seat)} does not hold {name}"
    if not game._trick:
        if game._tables is None:
            return f"{seat_name(seat)} may not lead a joker to set trump"
        if card >= 52:  # a joker is a trump: only play.never_lead_joker forbids it
            return f"{seat_name(seat)} may not lead a joker while able to lead another card"
        trumps = hand & game._trumps
        return (f"{seat_name(seat)} must lead a trump ({SUIT_NAMES[game._trump_suit]}): "
                f"holds {format_cards(trumps)}")
    assert game._tables is not None
    return follow_reason(seat, card, hand, game._led, game._tables, game._following)

# ------------------------------------------------------------------ play a card

def apply_play(game: Game, seat: int, card: int) -> Event:
    """Check and play ``card`` for ``seat``; the play itself is in ``Game.apply``."""
    legal = game._legal
    if legal < 0:
        legal = legal_mask(game)
    if not (0 <= card < 54 and legal >> card & 1):
        game._legal = -1
        raise IllegalActionError(play_reason(game, seat, card))
    return game.apply(card)

# ------------------------------------------------------------------ stages


def begin_stage(game: Game) -> None:
    """Staged play: every seat in turn, the stage's leader first, chooses its cards."""
    game.stage += 1
    left = game.reserve[game._leader].bit_count()
    stages = game.plan.play.stages
    if game.stage >= len(stages) or left == 0:
        # rule: "Cards left after the last stage take no part" (source C)
        finish_hand(game)
        return
    game.select_count = min(stages[game.stage], left)
    game._select_left = game.n
    game.phase = Phase.SELECT
    game.to_act = game._leader

def apply_select(game: Game, seat: int, action: int) -> None:
    if action < SELECT_FLAG or action & ~(SELECT_FLAG | CARD_BITS):
        raise IllegalActionError(
            f"{seat_name(seat)} must choose its cards for stage {game.stage + 1} now "
            f"(select CARD ...), not {game._text(action)}")
    mask = action & CARD_BITS
    k = game.select_count
    if mask & ~game.reserve[seat]:
        raise IllegalActionError(
            f"{seat_name(seat)} cannot choose {format_cards(mask & ~game.reserve[seat])}: "
            f"not among its unplayed cards ({format_cards(game.reserve[seat])})")
    if mask.bit_count() != k:
        raise IllegalActionError(
            f"{seat_name(seat)} must choose {k} cards for stage {game.stage + 1}, "
            f"not {mask.bit_count()}")
    # rule: "each player chooses any cards of that stage's size ... and plays only
    # those" (source C)
    game.hands[seat] = mask
    game.reserve[seat] ^= mask
    game._select_left -= 1
    if game._select_left:
        game.to_act = game._next[seat]
        return
    game.phase = Phase.PLAY
    game.to_act = game._leader
    game._tricks_left = k


# ------------------------------------------------------------------ end of a trick, a hand


def end_trick(game: Game, seat: int, card: int) -> Event:
    trick = game._trick
    winner = game._win_seat
    game.captured[winner] |= game._trick_mask
    game.tricks_won[winner] += 1
    game._last_winner = winner
    game._tricks.append((game._trick_leader, tuple(trick), winner))
    trick.clear()
    game._tricks_left -= 1
    result = None
    leader = winner
    if game.plan.play.trumps_only:
        leader = _trumps_only_seating(game, winner)
    if game._tricks_left:
        game.to_act = leader  # rule: "Winner of a trick leads the next" (A, B, C)
    else:
        game._leader = winner  # rule: the trick winner leads on into the next stage
        if game.plan.play.stages:
            begin_stage(game)
        else:
            finish_hand(game)
        if game.to_act is None:
            result = game.hand_results[-1]
    if result is None:
        event = game._trick_events[seat][card][winner]  # shared: no garbage to collect
    else:
        event = _new(Event, ("action", seat, card, None, winner, result))
    game.events.append(event)
    return event

def _trumps_only_seating(game: Game, winner: int) -> int:
    """Trumps-only play: the seats of the next trick (pitchkit.fold); its leader."""
    game._trick_nexts.append(game._next_active)
    seating = fold_seating(game.hands, game._next, winner)
    game._next_active, game._trick_size = seating.next_seat, seating.size
    game._tricks_left = 1 if seating.leader >= 0 else 0
    return seating.leader


def finish_hand(game: Game) -> None:
    """Score the hand (pitchkit.scoring), settle it (pitchkit.settle, pitchkit.money)."""
    rules = game.rules
    n = game.n
    tricks_won = tuple(game.tricks_won)
    pitcher = game.pitcher
    team_of = game.team_of
    called = game._call
    sides = team_of
    if called is not None and pitcher is not None:
        # rule: the pitcher and the holder of the called card score as one side (call.py)
        sides = hand_teams(team_of, pitcher, called)
    points, made, moon_made, changes, combo, _won = score_parts(
        game.plan.scoring, game.trump, game.dealer, sides, pitcher, game.bid, game.moon,
        game.dealt, game.captured, tricks_won, game._last_winner)
    if game._sale is not None:
        changes = with_sale(changes, team_of, *game._sale)
    game.hands_played += 1
    old = game.scores
    scores, over, winners, draw, replay, _reason = settle_parts(
        rules, old, team_of, pitcher, changes, moon_made, points, game.hands_played, made)
    game.scores = list(scores)
    if game.ledger is not None:
        changed = {game.players[s]: scores[s] - old[s] for s in range(n)}
        moon = game.players[pitcher] if game.moon and pitcher is not None else None
        game.ledger.hand(changed, moon_shooter=moon,
                         moon_made=moon_made if moon is not None else None)
    # common small tuples shared between hands: fewer objects for the collector to walk
    shared = _SHARED
    if len(shared) > 4096:
        shared.clear()
    changes = shared.setdefault(changes, changes)
    tricks_won = shared.setdefault(tricks_won, tricks_won)
    players = tuple(game.players)
    players = shared.setdefault(players, players)
    # a frozen dataclass filled in directly (its __init__ costs ~1.5 us a hand)
    result = _new_object(HandResult)
    result.__dict__.update({
        "dealer": game.dealer, "pitcher": pitcher,
        "bid": "moon" if game.moon else game.bid, "trump": game.trump, "points": points,
        "made": made, "moon": game.moon, "score_changes": changes, "scores": scores,
        "combo_points": combo, "thrown_in": False, "players": players,
        "tricks_won": tricks_won,
        "partner": None if called is None or called.partner < 0 else called.partner,
    })
    game.hand_results.append(result)
    game.to_act = None
    if over:
        end_game(game, (scores, over, winners, draw, replay))
    else:
        # rule: "Next dealer: the player to the left" (source B)
        game.dealer = game._next[game.dealer]
        game.phase = Phase.DEAL


def end_game(game: Game, settled: tuple[Any, ...]) -> None:
    """The game is over: ``settled`` is settle_parts's (scores, over, winners, draw,
    replay, ...)."""
    scores, _over, winners, draw, replay = settled[:5]
    game.phase = Phase.OVER
    game.outcome = Outcome(
        winners=winners, draw=draw, scores=scores,
        settlement=game.ledger.settle() if game.ledger is not None else None,
        replay=replay,
    )


_new_object = object.__new__
#: Score changes, tricks won and players seen lately (tuples of ints), shared by equal
#: values.
_SHARED: dict[tuple[int, ...], tuple[int, ...]] = {}
_new = tuple.__new__
