"""Scoring (pitchkit.scoring), clause by clause: the clauses mutate.py showed no test
pinned."""

from __future__ import annotations

from pitchkit.cards import SUITS, parse_card
from pitchkit.scoring import scoring_plan
from pitchkit.variant import rules_from_mapping


def test_only_the_items_that_name_a_card_have_one_under_each_trump() -> None:
    # high, low and game name no card (-1 under every trump: the bots read a card item's
    # card from it, and would count card 0, the two of spades, as worth the item);
    # the jack names the jack of trumps, the jick the other jack of the trump's colour
    items = [{"point": w} for w in ("high", "low", "jack", "jick", "game")]
    plan = scoring_plan(rules_from_mapping({"points": {"items": items}}))
    cards = {item.name: item.card_by_trump for item in plan.items}
    assert cards["high"] == cards["low"] == cards["game"] == (-1, -1, -1, -1)
    assert cards["jack"] == tuple(parse_card(f"J{suit}") for suit in SUITS)
    assert cards["jick"] == tuple(parse_card(f"J{suit}") for suit in "CDHS")
