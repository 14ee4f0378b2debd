"""What ``pitchkit play`` shows a person: hands, choices, tricks, hand results, scores.

Pure text functions of the engine's records. Seats are numbered from 1 for people:
the engine's seat 0 is "seat 1", as in the engine's own messages;
:func:`people_seats` calls the person's own seat "you" in them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pitchkit.actions import Action, action_text
from pitchkit.cards import SUIT_NAMES, card_name, cards_in
from pitchkit.results import HandResult, Outcome
from pitchkit.tricks import tables_for
from pitchkit.variant import Rules

WIDTH = 78
_SEAT_WORD = re.compile(r"\b(seats?) (\d+)\b")


def people_seats(text: str, you: int | None = None) -> str:
    """An engine message (seats numbered from 1) with seat ``you`` (0-based) called
    "you"."""
    def name(m: re.Match[str]) -> str:
        if int(m.group(2)) - 1 == you and m.group(1) == "seat":
            return "you"
        return m.group(0)
    text = _SEAT_WORD.sub(name, text)
    for verb, plain in _YOU_VERBS:
        text = text.replace(f"you {verb} ", f"you {plain} ")
    return text


_YOU_VERBS = (("does", "do"), ("has", "have"), ("is", "are"), ("holds", "hold"))


class Seats:
    """How each seat is named for the person in ``human``: "you", "seat 3 (partner)"."""

    def __init__(self, rules: Rules, human: int, bots: Sequence[str | None]) -> None:
        self.human = human
        self.n = rules.players.count
        self.bots = list(bots)
        self.partnered = rules.players.teams != self.n

    def name(self, seat: int) -> str:
        if seat == self.human:
            return "you"
        return f"seat {seat + 1}"

    def describe(self, seat: int, team_of: Sequence[int]) -> str:
        """The seat with its bot and, with partnerships, whether it is your partner."""
        if seat == self.human:
            return f"seat {seat + 1}: you"
        bot = self.bots[seat] or "bot"
        side = ""
        if self.partnered:
            side = ", your partner" if team_of[seat] == team_of[self.human] else ", opponent"
        return f"seat {seat + 1}: {bot}{side}"

    def many(self, seats: Sequence[int]) -> str:
        if not seats:
            return "nobody"
        names = [self.name(s) for s in seats]
        return " and ".join(names)


def sorted_hand(rules: Rules, mask: int, trump: int | None) -> list[tuple[int, bool]]:
    """The cards of ``mask`` as a person sorts them, each with "is a trump".

    Trumps first, highest first (in the variant's trump order), then each other suit,
    highest first; before trump is known, by suit (jokers first).
    """
    if trump is None:
        def key(card: int) -> tuple[int, int]:
            return (-1, 0) if card >= 52 else (card // 13, -(card % 13))
        return [(c, False) for c in sorted(cards_in(mask), key=key)]
    tables = tables_for(rules, trump)
    trumps = sorted((c for c in cards_in(mask & tables.trumps)), key=lambda c: -tables.power[c])
    others = sorted(cards_in(mask & ~tables.trumps),
                    key=lambda c: (tables.effective_suit[c], -(c % 13)))
    return [(c, True) for c in trumps] + [(c, False) for c in others]


def hand_text(rules: Rules, mask: int, trump: int | None) -> str:
    """``AS* KS* JC*  9H 4H  TD`` (``*``: trump), suits apart."""
    parts: list[str] = []
    group: int | None = None
    for card, is_trump in sorted_hand(rules, mask, trump):
        suit = -1 if is_trump else (card // 13 if card < 52 else -2)
        if parts and suit != group:
            parts.append("")
        group = suit
        parts.append(card_name(card) + ("*" if is_trump else ""))
    return " ".join(parts) or "(no cards)"


def choices_text(legal: Sequence[Action], *, cards: bool = False) -> str:
    """The legal choices numbered from 1, wrapped to the terminal's width."""
    words = [f"{i}) {card_name(a) if cards else action_text(a)}"
             for i, a in enumerate(legal, start=1)]
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 3 + len(word) > WIDTH:
            lines.append(line)
            line = ""
        line = f"{line}   {word}" if line else f"  {word}"
    return "\n".join([*lines, line])


def suit_name(suit: int | None) -> str:
    return "not yet known" if suit is None else SUIT_NAMES[suit]


def hand_result_text(result: HandResult, seats: Seats) -> list[str]:
    """Lines for a finished hand: the contract, who took each point, the changes."""
    if result.thrown_in:
        lost = min(result.score_changes, default=0)
        return [f"everyone passed: the dealer is set {-lost}" if lost
                else "everyone passed: the hand is thrown in"]
    lines: list[str] = []
    if result.pitcher is not None:
        bid = "the moon" if result.moon else str(result.bid)
        was = "were" if result.pitcher == seats.human else "was"
        verdict = {True: " and made it", False: f" and {was} set", None: ""}[result.made]
        lines.append(f"{seats.name(result.pitcher)} bid {bid}{verdict}")
    for name, credited in result.points.items():
        lines.append(f"  {name.replace('_', ' ')}: {seats.many(credited)}")
    if result.combo_points is not None:
        lines.append("  combination points: " + ", ".join(
            f"{seats.name(s)} {p}" for s, p in enumerate(result.combo_points)))
    changes = ", ".join(f"{seats.name(s)} {c:+d}" for s, c in enumerate(result.score_changes))
    lines.append(f"  this hand: {changes}")
    return lines


def scores_text(scores: Sequence[int], team_of: Sequence[int], seats: Seats) -> str:
    """The running score, by side (partners share one score)."""
    sides: dict[int, list[int]] = {}
    for seat, side in enumerate(team_of):
        sides.setdefault(side, []).append(seat)
    parts = [f"{seats.many(members)} {scores[members[0]]}" for members in sides.values()]
    return "score: " + ", ".join(parts)


def money_text(settlement: dict[int, int], seats: Seats) -> str:
    """Cents per player (players are seats here: nobody joins or leaves) as dollars."""
    return ", ".join(f"{seats.name(p)} {cents / 100:+.2f}" for p, cents in
                     sorted(settlement.items()))


def outcome_text(outcome: Outcome, seats: Seats) -> str:
    if outcome.draw:
        return "game over: a draw" + (" (a new game decides it)" if outcome.replay else "")
    won = seats.many(outcome.winners)
    if seats.human in outcome.winners:
        return f"game over: {won} win" + ("" if len(outcome.winners) > 1 else "!")
    return f"game over: {won} {'wins' if len(outcome.winners) == 1 else 'win'}"
