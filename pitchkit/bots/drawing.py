"""The built-in bots' draw: keep trumps and point cards, discard the rest, give a partner
the best cards below those kept, rob the pack unless the hand is all trumps already (then
pass it to the partner); and their call of a partner: the best card they do not hold.

Shared by the heuristic bot (and, through it, the Monte Carlo bot): a card's worth is
its rank, far above that if it is a trump, and above that again if it carries a point
of the variant (jack, off-jack, jokers, ten, low to the holder).
"""

from __future__ import annotations

from pitchkit.actions import ALONE, CALL_BASE, PACK_TO_PARTNER, ROB
from pitchkit.cards import TEN, cards_in
from pitchkit.draw import Choice, choice_action
from pitchkit.memo import per_rule_set
from pitchkit.plan import rules_plan
from pitchkit.results import Observation
from pitchkit.scoring import scoring_plan
from pitchkit.tricks import tables_for
from pitchkit.variant import GoesTo, Rules


def worth(rules: Rules, trump: int | None, card: int) -> float:
    """How much the bots want to hold ``card`` once ``trump`` is known."""
    rank = card % 13 if card < 52 else 9
    if trump is None:
        return rank
    t = tables_for(rules, trump)
    plan = scoring_plan(rules)
    game = "game" in plan.names
    if not t.trumps >> card & 1:
        return rank + (3 if card % 13 == TEN and game else 0)
    value = 100.0 + t.power[card]
    # a card that is a point item by itself (jack, jick, ten, a named card), by its value
    points = sum(item.value for item in plan.items if item.card_by_trump[trump] == card)
    if points and not (card < 52 and card % 13 == TEN):
        value += 40 + 5 * (points - 1)
    elif card < 52 and card % 13 == TEN and (points or game):
        value += 20
    elif (card < 52 and card % 13 == 0 and "low" in plan.names
          and plan.low_goes_to is not GoesTo.CAPTURER):
        value += 30  # the two of trumps: low to whoever holds it (a joker is never one)
    return value


@per_rule_set(32)
def point_cards(rules: Rules) -> tuple[int, int, int, int]:
    """Per trump suit, the mask of the cards that are a point item by themselves (the
    jack, the off-jack, the jokers, a ten or three of trumps ...)."""
    items = scoring_plan(rules).items
    out = []
    for trump in range(4):
        mask = 0
        for item in items:
            if item.card_by_trump[trump] >= 0:
                mask |= 1 << item.card_by_trump[trump]
        out.append(mask)
    return out[0], out[1], out[2], out[3]


def draw_action(rules: Rules, obs: Observation) -> int:
    """Discard the least wanted cards (as few as allowed), or keep the most wanted."""
    ch: Choice = obs.draw_choice
    if ch.verb == "rob":
        return rob_or_pass(rules, obs)
    free = sorted(cards_in(ch.cards & ~ch.must), key=lambda c: worth(rules, obs.trump, c))
    plain = sum(1 for c in free if worth(rules, obs.trump, c) < 100)
    return ranked_action(ch, free, plain)


def rob_or_pass(rules: Rules, obs: Observation) -> int:
    """draw.pack_to_partner: rob the pack, unless every card of the hand is a trump
    already (the pack could only swap a trump for a better one) and a partner plays: then
    the partner, who has room for the pack's trumps, gets it unseen. With trump not yet
    named (trump.chosen_by first_lead: the pitcher's first card names it, after the draw)
    no card is a trump yet, and the robber takes the pack: its choice of cards is widest."""
    if obs.trump is None:
        return ROB
    trumps = tables_for(rules, obs.trump).trumps
    alone = any(action == ALONE for _, action in obs.bids)  # the partner sits out
    if not alone and obs.hand & ~trumps == 0:
        return PACK_TO_PARTNER
    return ROB


def ranked_action(ch: Choice, free: list[int], plain: int) -> int:
    """The draw action for ``free`` (the cards not bound to ``ch.must``) ranked least
    wanted first, ``plain`` of them (the first) not trumps: keep the most wanted, or let
    go of every card that is not a trump, within the bounds; give a partner the most
    wanted of the cards below the ``ch.keep`` the giver keeps for itself (the trumps and
    point cards it would otherwise discard)."""
    mask = ch.must
    for card in free[chosen_span(ch, len(free), plain)]:
        mask |= 1 << card
    return choice_action(ch, mask)


def chosen_span(ch: Choice, free: int, plain: int) -> slice:
    """Of ``free`` cards ranked least wanted first, ``plain`` of them not trumps, the
    places :func:`ranked_action` chooses (only which cards fall inside matters, not
    their order there)."""
    must = ch.must.bit_count()
    if ch.verb == "give":
        count = ch.most - must
        end = max(count, free - ch.keep)
        return slice(end - count, end)
    if ch.verb == "keep":
        return slice(free - (ch.most - must), None) if ch.most > must else slice(0, 0)
    count = min(max(plain, ch.least - must), ch.most - must)
    return slice(None, count)


@per_rule_set(32)
def call_order(rules: Rules, trump: int | None) -> tuple[int, ...]:
    """The cards of the deck by the bots' wish to call them with ``trump`` (:func:`worth`),
    most wanted first, the lower card first of cards wanted alike (worked out once)."""
    deck = rules_plan(rules).deal.deck_mask
    wish = {c: worth(rules, trump, c) for c in cards_in(deck)}
    return tuple(sorted(wish, key=lambda c: -wish[c]))


def call_choice(rules: Rules, obs: Observation, legal: list[int] | tuple[int, ...]) -> int:
    """Call the most wanted card the bot does not hold (the highest trump out, as a
    rule: its holder is the strongest help), else the first legal call."""
    hand = obs.hand
    for card in call_order(rules, obs.trump):  # every card of the deck, most wanted first
        if not hand >> card & 1 and CALL_BASE + card in legal:
            return CALL_BASE + card
    return legal[0]
