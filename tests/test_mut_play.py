"""The play (pitchkit.play), clause by clause: the clauses mutate.py showed no test
pinned. Seat 0 is left of dealer 3 and leads; the first card led sets trump."""

from __future__ import annotations

from test_rules_play import cards, no_auction, play, start

from pitchkit.plan import rules_plan
from pitchkit.play import PlayState

JOKER = {"jokers": 1}


def test_a_joker_led_blind_leaves_the_next_seat_free_under_must_follow_then_trump() -> None:
    # rule: a joker led before trump is known gives the trick no suit: nobody can follow,
    # and no card is a trump yet, so the next seat may play any card it holds
    r = no_auction(deal={"cards_per_hand": 2}, deck={"jokers": 2},
                   play={"following": "must_follow_then_trump"})
    g = start(r, "BJ LJ", "2S 3H", "9S 5D", "KH 6D")  # seat 0 holds only jokers
    play(g, "play BJ")
    assert g.to_act == 1 and g.trump is None
    assert sorted(g.legal_actions()) == sorted(cards("2S 3H"))


def test_a_play_record_copies_before_trump_is_known() -> None:
    # the search bots copy the record at the first lead, while trump is still unknown
    plan = rules_plan(no_auction(deck=JOKER), 4)
    state = PlayState(plan)
    other = state.copy()
    assert other.snapshot() == state.snapshot()
