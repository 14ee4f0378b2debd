"""Actions as small ints, and their record spellings.

``play CARD`` is the card itself (0..53); ``pass``, ``bid N``, ``bid moon``, ``sell``,
``refuse``, ``trump S``, ``call CARD``, ``throw in``, ``keep hand``, ``go alone``,
``with partner``, ``rob`` and ``pack to partner`` are small
constants above the cards; ``select CARD ...``, ``discard CARD ...``, ``keep CARD ...`` and
``give CARD ...`` are a flag bit above every card with the chosen cards as a bit mask below
it. Record spellings: ``pass``, ``bid 3``, ``bid moon``, ``sell``, ``refuse``, ``trump S``,
``call AS``, ``throw in``, ``keep hand``, ``go alone``, ``with partner``, ``rob``,
``pack to partner``, ``play AS``,
``select AS KD 2C``, ``discard 7H 2C`` (``discard`` alone discards nothing), ``keep AS KS``,
``give JS 2S``.
"""

from __future__ import annotations

from collections.abc import Iterable

from pitchkit.cards import SUITS, card_name, format_cards, mask_of, parse_card, parse_suit
from pitchkit.errors import IllegalActionError

Action = int

#: The highest numeric bid an action can carry (the schema's ``auction.max_bid`` maximum).
MAX_BID = 60
PASS: Action = 64
BID_BASE: Action = 64  # bid N is BID_BASE + N, N in 1..MAX_BID
MOON: Action = BID_BASE + MAX_BID + 1
SELL: Action = MOON + 1  # the eldest sells the pitch to the high bidder (auction.style sell)
REFUSE: Action = MOON + 2  # the eldest refuses to sell and pitches for the high bid
TRUMP_BASE: Action = MOON + 4  # trump S is TRUMP_BASE + suit
CALL_BASE: Action = TRUMP_BASE + 4  # call CARD (call.partner) is CALL_BASE + card
#: a weak hand (deal.weak_hand_below): its holder throws it in for a new one, or keeps it
THROW_IN: Action = CALL_BASE + 54
KEEP_HAND: Action = CALL_BASE + 55
#: auction.alone: the pitcher plays alone (its partners' hands sit out) or with its partners
ALONE: Action = CALL_BASE + 56
WITH_PARTNER: Action = CALL_BASE + 57
#: draw.pack_to_partner: the robber takes the rest of the pack (then keeps cards of it), or
#: passes it unseen to its partner
ROB: Action = CALL_BASE + 58
PACK_TO_PARTNER: Action = CALL_BASE + 59
#: The decisions answered yes or no, each as its (yes, no) actions: a weak hand thrown in
#: or kept, the pitcher alone or with its partners, the pack robbed or passed on.
#: ``pitchkit.env`` gives every yes one action and every no ``pass``: a new decision of
#: this kind is listed here, nowhere else.
ANSWERS: tuple[tuple[Action, Action], ...] = (
    (THROW_IN, KEEP_HAND), (ALONE, WITH_PARTNER), (ROB, PACK_TO_PARTNER))
SELECT_FLAG: Action = 1 << 60
DISCARD_FLAG: Action = 1 << 61  # discard CARD ... (the draw): the flag, then the cards
KEEP_FLAG: Action = 1 << 62  # keep CARD ... (the dealer robbing the pack)
GIVE_FLAG: Action = 1 << 63  # give CARD ... (the kitty's taker to its partner)
CARD_BITS = (1 << 54) - 1
#: the flags of the actions that choose a set of cards, by record verb
SET_VERBS = {SELECT_FLAG: "select", DISCARD_FLAG: "discard", KEEP_FLAG: "keep",
             GIVE_FLAG: "give"}


def is_card_set_action(action: Action) -> bool:
    """A select, discard or keep action: exactly one flag above a mask of cards."""
    return (action & ~CARD_BITS) in SET_VERBS and action >= 0


def bid_action(n: int) -> Action:
    if not 1 <= n <= MAX_BID:
        raise ValueError(f"a bid is 1..{MAX_BID}, not {n}")
    return BID_BASE + n


def is_numeric_bid(action: Action) -> bool:
    """``bid N`` (not a pass and not the moon)."""
    return BID_BASE < action <= BID_BASE + MAX_BID


def trump_action(suit: int) -> Action:
    return TRUMP_BASE + suit


def call_action(card: int) -> Action:
    """The pitcher calls ``card``: its holder is the pitcher's partner (call.partner)."""
    return CALL_BASE + card


def is_call(action: Action) -> bool:
    return CALL_BASE <= action < CALL_BASE + 54


def select_action(cards: Iterable[int] | int) -> Action:
    """The action choosing ``cards`` (a list of cards or a bit mask) for a stage."""
    mask = cards if isinstance(cards, int) else mask_of(cards)
    return SELECT_FLAG | mask


def is_play(action: Action) -> bool:
    return 0 <= action < 54


def is_bid(action: Action) -> bool:
    return BID_BASE < action <= BID_BASE + MAX_BID or action == MOON


def is_select(action: Action) -> bool:
    return action >= SELECT_FLAG


def selected_cards(action: Action) -> int:
    """The bit mask of cards a select action chooses."""
    return action & CARD_BITS


def action_text(action: Action) -> str:
    """The record spelling of an action: ``play AS``, ``bid 3``, ``pass`` ..."""
    if 0 <= action < 54:
        return "play " + card_name(action)
    if action == PASS:
        return "pass"
    if BID_BASE < action <= BID_BASE + MAX_BID:
        return f"bid {action - BID_BASE}"
    if action == MOON:
        return "bid moon"
    if action == SELL:
        return "sell"
    if action == REFUSE:
        return "refuse"
    if TRUMP_BASE <= action < TRUMP_BASE + 4:
        return "trump " + SUITS[action - TRUMP_BASE]
    if CALL_BASE <= action < CALL_BASE + 54:
        return "call " + card_name(action - CALL_BASE)
    if action == THROW_IN:
        return "throw in"
    if action == KEEP_HAND:
        return "keep hand"
    if action == ALONE:
        return "go alone"
    if action == WITH_PARTNER:
        return "with partner"
    if action == ROB:
        return "rob"
    if action == PACK_TO_PARTNER:
        return "pack to partner"
    verb = SET_VERBS.get(action & ~CARD_BITS) if action >= SELECT_FLAG else None
    if verb is not None:
        return (verb + " " + format_cards(action & CARD_BITS)).rstrip()
    raise ValueError(f"{action} is not an action")


def parse_action(text: str) -> Action:
    """Parse a record spelling; raises ValueError naming the bad text."""
    words = text.split()
    if not words:
        raise ValueError("empty action")
    verb = words[0].lower()
    args = words[1:]
    if verb == "pass" and not args:
        return PASS
    if verb in ("sell", "refuse") and not args:
        return SELL if verb == "sell" else REFUSE
    if verb == "bid" and len(args) == 1:
        if args[0].lower() == "moon":
            return MOON
        try:
            return bid_action(int(args[0]))
        except ValueError:
            raise ValueError(f"{text!r}: a bid is a number 1..{MAX_BID} or moon") from None
    if verb == "trump" and len(args) == 1:
        return trump_action(parse_suit(args[0]))
    if verb == "play" and len(args) == 1:
        return parse_card(args[0])
    if verb == "call" and len(args) == 1:
        return call_action(parse_card(args[0]))
    if [verb, *(a.lower() for a in args)] in (["throw", "in"], ["keep", "hand"]):
        return THROW_IN if verb == "throw" else KEEP_HAND
    if [verb, *(a.lower() for a in args)] in (["go", "alone"], ["with", "partner"]):
        return ALONE if verb == "go" else WITH_PARTNER
    if [verb, *(a.lower() for a in args)] in (["rob"], ["pack", "to", "partner"]):
        return ROB if verb == "rob" else PACK_TO_PARTNER
    flags = {v: k for k, v in SET_VERBS.items()}
    if verb in flags and (args or verb == "discard"):
        cards = [parse_card(a) for a in args]
        if len(set(cards)) != len(cards):
            raise ValueError(f"{text!r}: a card is chosen twice")
        return flags[verb] | mask_of(cards)
    raise ValueError(
        f"{text!r} is not an action (pass, bid N, bid moon, sell, refuse, trump S, call "
        "CARD, throw in, keep hand, go alone, with partner, rob, pack to partner, play CARD, "
        "select CARD ..., "
        "discard CARD ..., keep CARD ..., give CARD ...)"
    )


#: Every action below the select flag: cards, pass, bids, moon, sell, refuse, trump S,
#: call CARD, throw in, keep hand, go alone, with partner, rob, pack to partner.
SMALL_ACTIONS = frozenset([*range(54), PASS, *range(BID_BASE + 1, BID_BASE + MAX_BID + 1), MOON,
                            SELL, REFUSE, *range(TRUMP_BASE, TRUMP_BASE + 4),
                            *range(CALL_BASE, CALL_BASE + 54), THROW_IN, KEEP_HAND, ALONE,
                            WITH_PARTNER, ROB, PACK_TO_PARTNER])


def checked_action(action: object) -> Action:
    """``action``, an int or its record spelling, as an int; :class:`IllegalActionError`
    naming it when it is no action (exactly the ints :func:`action_text` spells)."""
    if type(action) is int:
        if action in SMALL_ACTIONS or is_card_set_action(action):
            return action
        raise IllegalActionError(f"{action} is not an action")
    if not isinstance(action, str):
        raise IllegalActionError(f"{action!r} is not an action")
    try:
        return parse_action(action)
    except ValueError as e:
        raise IllegalActionError(str(e)) from None


def action_spelling(action: Action) -> str:
    """For messages: :func:`action_text`, or the bare number where it is no action."""
    try:
        return action_text(action)
    except ValueError:
        return str(action)
