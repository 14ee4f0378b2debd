"""Money settlement (source A): against the average, moons, joining and leaving."""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.engine import Game, Phase
from pitchkit.errors import UsageError
from pitchkit.money import MoneyLedger, share_against_average
from pitchkit.variant import Rules


def money_rules(cents: int = 10, made: int = 100, failed: int = 100) -> Rules:
    r = Rules()
    return dataclasses.replace(
        r, money=dataclasses.replace(r.money, enabled=True, cents_per_point=cents),
        moon=dataclasses.replace(r.moon, allowed=True, money_made=made, money_failed=failed))


def test_money_settles_against_average() -> None:
    # rule: 10 cents per point above the average of all players, or pay below (source A)
    ledger = MoneyLedger(money_rules(), [0, 1, 2, 3])
    ledger.hand({0: 4, 1: 0, 2: 2, 3: 2})  # average 2
    ledger.hand({0: -2, 1: 3, 2: 0, 3: 3})  # totals 2, 3, 2, 5: average 3
    assert ledger.settle() == {0: -10, 1: 0, 2: -10, 3: 20}


@pytest.mark.setting("money.cents_per_point")
def test_cents_per_point_setting() -> None:
    ledger = MoneyLedger(money_rules(cents=25), [0, 1])
    ledger.hand({0: 3, 1: 1})
    assert ledger.totals() == {0: 25, 1: -25}


def test_fractions_rounded_by_largest_remainder() -> None:
    # exact dues 6.67, -3.33, -3.33: floors 6, -4, -4 leave 2 cents, which go to the
    # largest remainders (all equal here: the earlier players)
    assert share_against_average({0: 1, 1: 0, 2: 0}, 10) == {0: 7, 1: -3, 2: -4}
    assert sum(share_against_average({0: 5, 1: 1, 2: 0, 3: 0, 4: 3, 5: 1, 6: 2}, 7)
               .values()) == 0


def test_leftover_cents_go_to_the_earlier_players_in_table_order() -> None:
    # dues -3.33, -3.33, 6.67 with player 0 last at the table: floors -4, -4, 6 leave 2
    # cents, which go to the two players earlier at the table
    assert share_against_average({1: 0, 2: 0, 0: 1}, 10) == {1: -3, 2: -3, 0: 6}


@settings(max_examples=150, deadline=None)
@given(points=st.dictionaries(st.integers(0, 40), st.integers(-30, 30), min_size=1,
                              max_size=8),
       cents_per_point=st.integers(1, 40))
def test_each_share_is_its_exact_due_rounded_by_largest_remainder(
        points: dict[int, int], cents_per_point: int) -> None:
    # With one rate for everyone all dues have the same fraction (n * cpp * p - cpp * total
    # is the same modulo n), so the tie rule decides who gets the cents left over.
    shares = share_against_average(points, cents_per_point)
    average = Fraction(sum(points.values()), len(points))
    due = {p: cents_per_point * (points[p] - average) for p in points}
    assert sum(shares.values()) == 0
    table = list(points)
    by_fraction = sorted(table, key=lambda p: (math.floor(due[p]) - due[p], table.index(p)))
    rounded_up = -sum(math.floor(d) for d in due.values())
    for p in table:
        up = p in by_fraction[:rounded_up]
        assert shares[p] == math.floor(due[p]) + up, (p, due[p], shares)


def test_leaving_player_settled_when_leaving() -> None:
    # rule: a leaving player is paid out then, the rest when the game ends (source A)
    ledger = MoneyLedger(money_rules(), [0, 1, 2])
    ledger.hand({0: 6, 1: 0, 2: 0})  # average 2: 0 is up 4 points
    paid = ledger.leave([0])
    assert paid == {0: 40}
    ledger.hand({1: 3, 2: 1})  # later hands no longer concern player 0
    final = ledger.settle()
    assert final == {0: 40, 1: -20 + 10, 2: -20 - 10}
    assert sum(final.values()) == 0
    with pytest.raises(UsageError, match="not at the table"):
        ledger.hand({0: 1})


def test_joining_player_starts_a_new_period() -> None:
    ledger = MoneyLedger(money_rules(), [0, 1])
    ledger.hand({0: 4, 1: 0})
    ledger.join([7])
    ledger.hand({0: 0, 1: 3, 7: 3})  # average 2
    assert ledger.totals() == {0: 20 - 20, 1: -20 + 10, 7: 10}
    with pytest.raises(UsageError, match="already"):
        ledger.join([7])


@pytest.mark.setting("moon.money_made")
def test_moon_made_collects_from_every_other_player() -> None:
    ledger = MoneyLedger(money_rules(made=100), [0, 1, 2, 3])
    ledger.hand({0: 4, 1: 0, 2: 0, 3: 0}, moon_shooter=0, moon_made=True)
    # $1 from each of three, plus 4 points against an average of 1: 30 cents
    assert ledger.totals() == {0: 300 + 30, 1: -110, 2: -110, 3: -110}


@pytest.mark.setting("moon.money_failed")
def test_moon_failed_pays_every_other_player() -> None:
    ledger = MoneyLedger(money_rules(failed=50), [0, 1, 2])
    ledger.hand({0: -4, 1: 2, 2: 2}, moon_shooter=0, moon_made=False)
    assert ledger.totals() == {0: -100 - 40, 1: 50 + 20, 2: 50 + 20}


def test_a_moon_is_paid_only_with_its_shooter_and_its_outcome() -> None:
    """A hand names a moon by its shooter and whether it was made; either missing, no moon
    money changes hands (only the points)."""
    ledger = MoneyLedger(money_rules(made=100, failed=100), [0, 1, 2])
    ledger.hand({0: 3, 1: 0, 2: 0}, moon_shooter=0, moon_made=None)
    ledger.hand({0: 0, 1: 0, 2: 0}, moon_shooter=None, moon_made=True)
    assert ledger.totals() == {0: 20, 1: -10, 2: -10}


def test_a_player_not_at_the_table_is_refused() -> None:
    """Leaving, or shooting a moon, is for players at the table: anyone else is a usage
    error that names the player, and nothing is settled."""
    ledger = MoneyLedger(money_rules(), [0, 1, 2])
    ledger.hand({0: 2, 1: 0, 2: 1})
    with pytest.raises(UsageError, match=r"^player 7 is not at the table$"):
        ledger.leave([1, 7])
    assert ledger.at_table == [0, 1, 2] and ledger.settled == {0: 0, 1: 0, 2: 0}
    with pytest.raises(UsageError, match=r"^player 5 is not at the table$"):
        ledger.hand({0: 0, 1: 0, 2: 0}, moon_shooter=5, moon_made=True)
    assert ledger.settled == {0: 0, 1: 0, 2: 0}


def test_totals_do_not_settle_early() -> None:
    ledger = MoneyLedger(money_rules(), [0, 1, 2])
    ledger.hand({0: 1, 1: 0, 2: 0})
    first = ledger.totals()
    ledger.hand({0: 1, 1: 0, 2: 0})
    # one period of 2 points against an average of 2/3, not two rounded periods
    assert first == {0: 7, 1: -3, 2: -4}
    assert ledger.totals() == {0: 14, 1: -7, 2: -7}  # two periods would give 14, -6, -8


@st.composite
def sessions(draw: st.DrawFn) -> list[tuple[str, object]]:
    steps: list[tuple[str, object]] = []
    at_table = list(range(draw(st.integers(2, 5))))
    first = list(at_table)
    next_id = len(at_table)
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["hand", "hand", "hand", "leave", "join"]))
        if kind == "leave" and len(at_table) > 2:
            gone = draw(st.sampled_from(at_table))
            at_table.remove(gone)
            steps.append(("leave", [gone]))
        elif kind == "join" and len(at_table) < 8:
            steps.append(("join", [next_id]))
            at_table.append(next_id)
            next_id += 1
        else:
            changes = {p: draw(st.integers(-4, 6)) for p in at_table}
            shooter = draw(st.one_of(st.none(), st.sampled_from(at_table)))
            steps.append(("hand", (changes, shooter, draw(st.booleans()))))
    return [("start", first), *steps]


@settings(max_examples=200, deadline=None)
@given(sessions(), st.integers(1, 37))
def test_money_sums_to_zero(steps: list[tuple[str, object]], cents: int) -> None:
    ledger = MoneyLedger(money_rules(cents=cents, made=100, failed=70),
                         steps[0][1])  # type: ignore[arg-type]
    for kind, arg in steps[1:]:
        if kind == "hand":
            changes, shooter, made = arg  # type: ignore[misc]
            ledger.hand(changes, moon_shooter=shooter, moon_made=made if shooter is not None
                        else None)
        elif kind == "leave":
            ledger.leave(arg)  # type: ignore[arg-type]
        else:
            ledger.join(arg)  # type: ignore[arg-type]
        assert sum(ledger.totals().values()) == 0
    assert sum(ledger.settle().values()) == 0


@pytest.mark.setting("money.enabled")
def test_money_enabled_settles_the_played_hands_in_cents() -> None:
    off = Rules()
    on = dataclasses.replace(off, money=dataclasses.replace(off.money, enabled=True))
    settled = []
    for rules in (off, on):
        game, rng = Game(rules, random.Random(5)), random.Random(6)
        game.deal_random()
        while game.phase is not Phase.DEAL and game.phase is not Phase.OVER:
            game.apply(rng.choice(game.legal_actions()))
        assert game.hand_results and any(game.scores)
        settled.append(game.settlement())
    assert settled[0] is None
    assert settled[1] is not None and any(settled[1].values())
    assert sum(settled[1].values()) == 0
