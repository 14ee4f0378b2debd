"""Hypothesis: random variants (the settings the engine honours) x random legal play.

After every action: every card is in exactly one place; the trick winner leads next;
there is a legal action exactly when someone is to act (never once the game is over);
a hand's points never exceed what the variant makes available; partners' scores are
equal; money settles to zero. Per game: the same seed gives the same game, and
replaying the event log gives the same state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import variants

from pitchkit.actions import (
    ALONE,
    CARD_BITS,
    DISCARD_FLAG,
    KEEP_FLAG,
    SELECT_FLAG,
    parse_action,
    select_action,
)
from pitchkit.draw import random_action
from pitchkit.engine import Game, Phase
from pitchkit.errors import IllegalActionError
from pitchkit.plan import cards_needed
from pitchkit.record import game_to_record, replay_events, replay_record
from pitchkit.scoring import available_points
from pitchkit.variant import Rules

MAX_HANDS = 4


def check_cards(game: Game) -> None:
    """Every dealt card is in exactly one place: a hand, a reserve, the trick, captured."""
    if game.phase is Phase.DEAL or game.phase is Phase.OVER:
        return
    places = list(game.hands) + list(game.reserve) + list(game.captured)
    places.append(sum(1 << c for c in game.play_state.trick))
    places += list(game.set_aside().values())  # the pack, the kitty, discards
    dealt = 0
    for m in game.dealt:
        assert dealt & m == 0
        dealt |= m
    if game._draw is None:
        for _, m in game.observation(0).thrown_in:
            # weak hands thrown in (deal.weak_hand_below): shown, then out of play (with
            # a draw they go under the pack, and the deck is checked whole below)
            assert dealt & m == 0, "a thrown-in card is still in a hand"
            dealt |= m
    else:
        # the deck conserved through the kitty, discards and draws
        dealt = sum(1 << c for c in game.rules.deck.cards())
        if game.turned is not None and game.rules.trump.shown_card.value == "out_of_play":
            dealt &= ~(1 << game.turned)
    seen = 0
    for m in places:
        assert seen & m == 0, "a card is in two places"
        seen |= m
    assert seen == dealt, "a card is lost or appeared"


def check_after_action(game: Game, event: Any) -> None:
    check_cards(game)
    state = game._draw
    if state is not None and state.given and game.phase is not Phase.DEAL:
        # the cards given to a partner: seen by the giver and the receiver only
        for seat in range(game.n):
            seen = game.observation(seat).given
            assert (seen is not None) == (seat in (state.giver, state.receiver))
            assert seen is None or seen == (state.receiver, state.given)
    if state is not None and game.phase is Phase.DRAW:
        # the cards dealt from the pack (or passed on with it, draw.pack_to_partner):
        # seen by their holder only, and never another seat's cards
        for seat in range(game.n):
            seen = game.observation(seat)
            others = sum(game.hands[o] for o in range(game.n) if o != seat)
            assert not seen.drawn & others, "a seat sees cards another seat holds"
            choice = seen.draw_choice
            assert choice is None or not choice.cards & others
    if event.trick_winner is not None and game.phase in (Phase.PLAY, Phase.SELECT):
        folded = game.rules.play.trumps_only and not game.hands[event.trick_winner]
        assert game.to_act == event.trick_winner or folded, "the trick winner leads next"
    if game.phase in (Phase.DEAL, Phase.OVER):
        assert game.to_act is None and game.legal_actions() == []
    else:
        assert game.to_act is not None and game.legal_actions() != []
    teams = game.team_of
    for s in range(game.n):
        for t in range(game.n):
            if teams[s] == teams[t]:
                assert game.scores[s] == game.scores[t], "partners' scores are equal"
    money = game.settlement()
    if money is not None:
        assert sum(money.values()) == 0
    check_partner_secret(game)


def check_partner_secret(game: Game) -> None:
    """A called partner: only the partner knows it until the called card is played."""
    called = game._call
    if called is None or game.phase in (Phase.DEAL, Phase.OVER):
        return
    played = sum(1 << c for c in game.play_state.trick)
    for mask in game.captured:
        played |= mask
    for seat in range(game.n):
        seen = game.observation(seat)
        assert seen.called == called.card
        knows = called.partner >= 0 and (seat == called.partner or played >> called.card & 1)
        if knows:
            assert seen.team_of[called.partner] == seen.team_of[game.pitcher]
        else:
            assert seen.team_of == game.team_of, "a seat sees the secret partner"


def check_hand(game: Game, rules: Rules) -> None:
    result = game.hand_results[-1]
    sides = len(set(game.team_of))
    # the hand's sides: a called partner scores with the pitcher (one side, not two)
    team = list(game.team_of)
    if result.partner is not None and result.pitcher is not None:
        team[result.partner] = team[result.pitcher]
    value = {item.name: item.value for item in rules.points.items}
    credited = sum(value[name] * len({team[s] for s in seats})
                   for name, seats in result.points.items())
    assert credited <= available_points(rules, sides)  # never more than the items' total
    assert set(result.points) <= set(rules.point_names())
    if not result.thrown_in and not rules.play.trumps_only:
        # every trick of the hand went to someone
        tricks = sum(len(t[1]) for t in game.play_state.tricks)
        playing = game.n
        if result.pitcher is not None and ALONE in (a for _, a in game.observation(0).bids):
            # auction.alone: the pitcher's partners sat out every trick
            playing = game.n - team.count(team[result.pitcher]) + 1
        assert tricks == sum(result.tricks_won) * playing


def reference_order(rules: Rules, trump: int) -> list[int]:
    """Every trump, highest first, from the rule text (independently of the engine)."""
    other = {0: 3, 3: 0, 1: 2, 2: 1}[trump]
    off_jack = rules.points.scores("jick") if rules.trump.off_jack is None else rules.trump.off_jack
    order: list[int] = []
    for rank in range(12, -1, -1):  # ace down to two
        order.append(trump * 13 + rank)
        if rank == 9 and off_jack:
            order.append(other * 13 + 9)
        if rank == 3 and rules.trump.off_five:
            order.append(other * 13 + 3)
    jokers = [52, 53][:rules.deck.jokers]
    at = {"highest": 0, "lowest": len(order),
          "below_jack": order.index(trump * 13 + 9) + 1,
          "below_off_jack": order.index(trump * 13 + 9) + 1 + off_jack}[
              rules.trump.joker_rank.value]
    return order[:at] + jokers + order[at:]


def reference_winner(cards: tuple[int, ...], rules: Rules, trump: int) -> int:
    """The trick winner computed from the rule text, independently of the engine."""
    order = reference_order(rules, trump)
    equal_jokers = rules.trump.joker_order.value == "first_played_higher"

    def rank(card: int) -> int:  # identical jokers share one place: the first played wins
        return order.index(52) if equal_jokers and card >= 52 else order.index(card)

    def suit(card: int) -> int:
        return trump if card in order else card // 13

    led = suit(cards[0])
    if rules.play.trick_winner.value == "highest_trump" or led == trump:
        trumps = [c for c in cards if c in order]
        if trumps:
            return cards.index(min(trumps, key=rank))
    follows = [c for c in cards if suit(c) == led]
    return cards.index(max(follows, key=lambda c: c % 13))


def check_trick_winners(game: Game, rules: Rules) -> None:
    if game.trump is None:
        return
    for i, (leader, cards, winner) in enumerate(game.play_state.tricks):
        nexts = game.play_state.trick_nexts  # trumps only: the seating of each trick
        # the hand's seating: every seat, or all but a lone pitcher's partners
        step = nexts[i] if nexts else game.play_state.next_active
        seats = [leader]
        for _ in cards[1:]:
            seats.append(step[seats[-1]])
        assert seats[reference_winner(cards, rules, game.trump)] == winner


def is_legal_now(game: Game, action: Any) -> bool:
    """Whether ``action`` (an int or a record spelling) is legal now, worked out from the
    listed legal actions and the select rule, not by the engine's own check."""
    if isinstance(action, str):
        try:
            action = parse_action(action)
        except ValueError:
            return False
    if game.phase is Phase.DRAW:
        choice = game.draw_choice()
        chosen = action & CARD_BITS
        flag = KEEP_FLAG if choice.verb == "keep" else DISCARD_FLAG
        return (action & ~CARD_BITS == flag and not chosen & ~choice.cards
                and chosen & choice.must == choice.must
                and choice.least <= chosen.bit_count() <= choice.most)
    if game.phase is Phase.SELECT:
        assert game.to_act is not None
        chosen = action & CARD_BITS
        return (action >= SELECT_FLAG and not action & ~(SELECT_FLAG | CARD_BITS)
                and not chosen & ~game.reserve[game.to_act]
                and chosen.bit_count() == game.select_count)
    return action in game.legal_actions()


def play_game(rules: Rules, seed: int, check: bool) -> Game:
    rng = random.Random(seed)
    game = Game(rules, random.Random(seed + 1))
    hands = 0
    while game.phase is not Phase.OVER:
        if game.phase is Phase.DEAL:
            if hands == MAX_HANDS:
                break
            # players leave and join between hands of a money game without partnerships
            if (hands and game.ledger is not None and rng.random() < 0.3
                    and rules.players.partnerships.value == "none"):
                if game.n > 2 and rng.random() < 0.5:
                    game.leave([rng.randrange(game.n)])
                elif game.n < 8 and cards_needed(rules, game.n + 1) <= len(rules.deck.cards()):
                    game.join(1)
            hands += 1
            game.deal_random()
            if check:
                check_cards(game)
            continue
        legal = game.legal_actions()
        if game.phase is Phase.SELECT:
            event = game.apply(select_action(rng.sample(legal, game.select_count)))
        elif game.phase is Phase.DRAW:
            event = game.apply(random_action(game.draw_choice(), rng))
        else:
            event = game.apply(rng.choice(legal))
        if check:
            check_after_action(game, event)
            if event.hand_result is not None:
                check_hand(game, rules)
                check_trick_winners(game, rules)
    return game


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_random_variants_keep_every_invariant(rules: Rules, seed: int) -> None:
    play_game(rules, seed, check=True)


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(after=True), seed=st.integers(0, 2**32))
def test_variants_after_the_auction_keep_every_invariant(rules: Rules, seed: int) -> None:
    """The draw, the kitty, robbing the pack and a called partner, always present."""
    play_game(rules, seed, check=True)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_same_seed_same_game_and_event_log_replays(rules: Rules, seed: int) -> None:
    game = play_game(rules, seed, check=False)
    again = play_game(rules, seed, check=False)
    assert again.snapshot() == game.snapshot()
    assert again.events == game.events
    replayed = replay_events(rules, game.events, game.first_dealer)
    assert replayed.snapshot() == game.snapshot()
    assert replayed.events == game.events
    from_record = replay_record(game_to_record(game, check_rules=False), rules=rules).game
    assert from_record.snapshot() == game.snapshot()


@settings(max_examples=30, deadline=None)
@given(rules=variants(), seed=st.integers(0, 2**32))
def test_clone_is_independent(rules: Rules, seed: int) -> None:
    game = play_game(rules, seed, check=False)
    if game.phase is Phase.OVER:
        return
    before = game.snapshot()
    copy = game.clone()
    assert copy.snapshot() == before
    if copy.phase is Phase.DEAL:
        copy.deal_random()
    else:
        legal = copy.legal_actions()
        if copy.phase is Phase.SELECT:
            copy.apply(select_action(legal[:copy.select_count]))
        elif copy.phase is Phase.DRAW:
            copy.apply(random_action(copy.draw_choice(), random.Random(0)))
        else:
            copy.apply(legal[0])
    assert game.snapshot() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), seed=st.integers(0, 2**32),
       junk=st.lists(st.one_of(st.integers(-3, 120), st.text(max_size=12),
                               st.sampled_from(["pass", "bid 2", "bid moon", "trump H",
                                                "play AS", "select AS KD"])),
                     min_size=1, max_size=8))
def test_an_illegal_action_raises_a_reason_and_changes_nothing(
        rules: Rules, seed: int, junk: list[Any]) -> None:
    rng = random.Random(seed)
    game = Game(rules, random.Random(seed + 1))
    for _ in range(60):
        if game.phase is Phase.OVER:
            break
        if game.phase is Phase.DEAL:
            game.deal_random()
            continue
        for bad in junk:
            if is_legal_now(game, bad):
                continue  # legal after all (a string spelling of a legal action)
            before = game.snapshot()
            with pytest.raises(IllegalActionError) as refused:
                game.apply(bad)
            assert str(refused.value) and "\n" not in str(refused.value)
            assert game.snapshot() == before
        if game.phase in (Phase.DEAL, Phase.OVER):
            continue
        legal = game.legal_actions()
        if game.phase is Phase.SELECT:
            game.apply(select_action(rng.sample(legal, game.select_count)))
        elif game.phase is Phase.DRAW:
            game.apply(random_action(game.draw_choice(), rng))
        else:
            game.apply(rng.choice(legal))


def test_clone_copies_every_list_it_holds() -> None:
    from pitchkit.engine import _LIST_SLOTS
    from pitchkit.load import load_variant

    for name in ("money-pitch", "pimps-and-hoes"):
        game = play_game(load_variant(name), 3, check=False)
        for slot in Game.__slots__:
            if isinstance(getattr(game, slot), list):
                assert slot in _LIST_SLOTS, slot
        copy = game.clone(random.Random(1))
        for slot in _LIST_SLOTS:
            assert getattr(copy, slot) == getattr(game, slot)
            assert getattr(copy, slot) is not getattr(game, slot)


def test_observation_has_every_field_without_a_draw() -> None:
    """A variant with no draw still gives the draw fields their defaults (not IndexError)."""
    from pitchkit.load import load_variant

    game = Game(load_variant("auction-pitch"), random.Random(3))
    game.deal_random()
    seen = game.observation(game.to_act)
    assert (seen.draw_choice, seen.drawn, seen.shown) == (None, 0, ())
    assert len(seen) == len(type(seen)._fields)
