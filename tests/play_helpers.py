"""Small helpers for tests that drive hand-made deals through the public API."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from hypothesis import strategies as st

from pitchkit.actions import action_text
from pitchkit.bots.worlds import Known
from pitchkit.cards import parse_card
from pitchkit.engine import Game
from pitchkit.results import Observation, Phase
from pitchkit.variant import GoesTo, PointCard, PointItem, PointRule, Rules, rules_from_mapping

#: Named cards that need jokers in the deck, and how many.
_JOKERS_NEEDED = {"joker": 1, "little_joker": 2}


def cards(text: str) -> list[int]:
    """``"AS 10H JK"`` -> the cards as ints."""
    return [parse_card(c) for c in text.split()]


def names(actions: Sequence[int]) -> list[str]:
    """Actions as their record spellings (``bid 3``, ``play AS``)."""
    return [action_text(a) for a in actions]


def act(game: Game, *actions: str) -> None:
    for a in actions:
        game.apply(a)


def tricks(game: Game, *plays: str) -> list[int]:
    """Play whole tricks, each written as the cards in the order played; the winners."""
    winners = []
    for trick in plays:
        event = None
        for card in trick.split():
            event = game.apply("play " + card)
        assert event is not None and event.trick_winner is not None
        winners.append(event.trick_winner)
    return winners


@st.composite
def point_item_lists(draw: st.DrawFn, jokers: int, max_value: int = 5
                     ) -> tuple[PointItem, ...]:
    """A random ``points.items`` for a deck with ``jokers``: distinct rules and named cards,
    each worth 1 to ``max_value``, each card going to a random ``goes_to``."""
    words = [w.value for w in PointRule] + [
        w.value for w in PointCard if _JOKERS_NEEDED.get(w.value, 0) <= jokers]
    chosen = draw(st.lists(st.sampled_from(words), unique=True, min_size=1, max_size=8))
    items = []
    for word in chosen:
        is_card = word not in {rule.value for rule in PointRule}
        goes_to = draw(st.sampled_from(GoesTo)) if is_card else GoesTo.CAPTURER
        items.append(PointItem.of(word, draw(st.integers(1, max_value)), goes_to))
    return tuple(items)


def no_auction(**sections: Any) -> Rules:
    """Trick-play rules without an auction: seat 0 (left of dealer 3) leads; no target."""
    base: dict[str, Any] = {
        "auction": {"style": "none"},
        "play": {"first_leader": "left_of_dealer"},
        "scoring": {"target": None},
    }
    for key, value in sections.items():
        base[key] = {**base.get(key, {}), **value}
    return rules_from_mapping(base)


def start(r: Rules, *hands: str, dealer: int = 3, turned: str | None = None) -> Game:
    """A game with the given deal (one string of cards per seat)."""
    game = Game(r, random.Random(0), dealer=dealer)
    game.deal_cards([cards(h) for h in hands], None if turned is None else parse_card(turned))
    return game


#: Deals a hand after which :func:`turns` stops (see there).
DEALS_PER_HAND_CUT = 100


def turns(game: Game, hands: int, limit: int = 5000
          ) -> Iterator[tuple[int, Observation, list[int]]]:
    """Every decision of ``game`` until it is over or ``hands`` hands have been dealt and
    played: deals at random from the game's own generator, and yields the seat to act, its
    observation and the legal actions; the caller applies one. At most ``limit`` turns (a
    game that never ends fails the test instead of hanging it). Deals thrown in unplayed
    (a misdeal, everyone passing under a redeal) end it after ``DEALS_PER_HAND_CUT`` a
    hand, as the simulator cuts such a game off: rules under which a seat throws in nearly
    every deal (one card a hand, weak below an ace) are legal, and bots that throw in every
    weak hand never reach a hand there."""
    deals = 0
    for _ in range(limit):
        if game.phase is Phase.OVER:
            return
        if game.phase is Phase.DEAL:
            if game.hands_played >= hands or deals >= DEALS_PER_HAND_CUT * hands:
                return
            game.deal_random()
            deals += 1
            continue
        seat = game.to_act
        assert seat is not None
        yield seat, game.observation(seat), game.legal_actions()
    raise AssertionError(f"no end after {limit} turns")


def consistent(know: Known, me: int, world: Sequence[int]) -> bool:
    """Whether ``world`` fits ``know``: every other seat holds what it is known to hold,
    nothing it is barred from, no card twice, only cards out of sight, and as many as it
    needs (the tests' check of the worlds the bots draw)."""
    taken = 0
    for seat, cards in enumerate(world):
        if seat == me:
            continue
        if cards & know.banned[seat] or cards & taken or cards & know.fixed[seat] != \
                know.fixed[seat]:
            return False
        taken |= cards
        if cards & ~(know.pool | know.fixed[seat]):
            return False
        if not know.keep_trumps and cards.bit_count() != \
                know.need[seat] + know.fixed[seat].bit_count():
            return False
    return True
