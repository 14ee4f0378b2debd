"""A game against the bots at the terminal: the loop behind ``pitchkit play``.

The loop drives the engine only through its generic surface: whose turn it is
(``to_act``), :meth:`~pitchkit.engine.Game.legal_actions`, their spelling
(:func:`~pitchkit.actions.action_text`), :meth:`~pitchkit.engine.Game.apply` and the
person's :meth:`~pitchkit.engine.Game.observation`. A phase the engine adds shows up here
as its legal actions, numbered and by name, with no change to this module. A choice of
several cards at once (staged play's ``select``, the draw's ``discard`` or ``keep``) is
asked for as a :class:`CardChoice`, read from the observation.

Reading and writing go through two callables (``input`` and ``print`` at a terminal),
so a test can drive a whole game. End of input, ``quit`` and Ctrl-C stop the game; the
game played so far is saved as a record that ``pitchkit replay`` accepts.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from pitchkit.actions import SELECT_FLAG, Action, action_text, is_play, parse_action
from pitchkit.atomic import write_atomically
from pitchkit.bots import BotSpec
from pitchkit.cards import card_name, format_cards, parse_card
from pitchkit.engine import Game
from pitchkit.errors import BotError, IllegalActionError, UsageError
from pitchkit.play_view import (
    Seats,
    choices_text,
    hand_result_text,
    hand_text,
    money_text,
    outcome_text,
    people_seats,
    scores_text,
    sorted_hand,
    suit_name,
)
from pitchkit.record import game_to_record
from pitchkit.results import Event, Phase
from pitchkit.variant import Rules

HELP = """\
Type the number of a choice, or its name: 'play AS' or just 'AS', 'bid 3', 'pass',
'moon', 'trump H' or 'H'. To choose several cards, give their numbers or names
separated by spaces. Other commands: 'hand' (show the table again), 'score', 'help',
'quit' (stop; the game so far is saved with --save)."""

#: Actions at or above this flag choose several cards at once (select, discard, keep):
#: the others at the table see only the verb and how many cards; every other action
#: (a play, pass, a bid, selling the pitch, naming trump, ...) is seen by all.
_HIDDEN_FROM = SELECT_FLAG


class ChoiceError(ValueError):
    """What a person typed is not a legal choice now; the message says why."""


class _Stop(Exception):
    """The person typed quit."""


def ordered_choices(game: Game, seat: int) -> list[Action]:
    """The legal actions in the order they are shown and numbered.

    Other actions first, in the engine's order, then cards (plays, or cards to choose)
    in the order of the sorted hand.
    """
    legal = game.legal_actions()
    cards = [a for a in legal if 0 <= a < 54]
    if not cards:
        return legal
    trump = game.observation(seat).trump
    mask = 0
    for card in cards:
        mask |= 1 << card
    return ([a for a in legal if not 0 <= a < 54]
            + [card for card, _ in sorted_hand(game.rules, mask, trump)])


def seen_field(seen: Any, name: str, default: Any) -> Any:
    """An observation field that a variant without that phase may leave out.

    The engine builds observations without the draw's fields when the variant has no
    draw (the named tuple is then shorter, and reading them raises IndexError).
    """
    try:
        return getattr(seen, name, default)
    except IndexError:
        return default


class CardChoice(NamedTuple):
    """A choice of several cards at once: ``verb`` (the action's first word: select,
    discard, keep) with between ``least`` and ``most`` of ``cards`` (a mask), including
    every card of ``must``."""

    verb: str
    cards: int
    must: int
    least: int
    most: int


def card_choice(game: Game, seat: int) -> CardChoice | None:
    """The choice of several cards ``seat`` must make now, or None (one action to pick,
    as in a draw where nothing may be discarded: the engine offers ``discard`` alone)."""
    seen = game.observation(seat)
    if seen.to_act != seat:
        return None
    offered = seen_field(seen, "draw_choice", None)
    if offered is not None and offered.most > 0:  # the draw: pitchkit.draw.Choice
        return CardChoice(offered.verb, offered.cards, offered.must, offered.least,
                          offered.most)
    if seen.phase is Phase.SELECT:
        mask = 0
        for card in game.legal_actions():
            mask |= 1 << card
        return CardChoice("select", mask, 0, seen.select_count, seen.select_count)
    return None


def choice_words(choice: CardChoice) -> str:
    """``choose 7 cards``, ``discard 0 to 3 cards``: what a person is asked to do."""
    verb = "choose" if choice.verb == "select" else choice.verb
    many = (str(choice.least) if choice.least == choice.most
            else f"{choice.least} to {choice.most}")
    if choice.must and choice.must.bit_count() == choice.most:  # no choice left
        return f"{verb} {'this card' if choice.most == 1 else 'these cards'}: " \
            f"{format_cards(choice.must)}"
    text = f"{verb} {many} card{'' if choice.most == 1 else 's'}"
    if choice.must:
        text += f", including {format_cards(choice.must)} (already chosen)"
    return text


def parse_choice(game: Game, text: str, choices: Sequence[Action]) -> Action:
    """The action a person means by ``text``; ChoiceError says why it is not legal now.

    ``choices`` are the legal actions as numbered on screen (:func:`ordered_choices`).
    """
    seat = game.to_act
    assert seat is not None
    several = card_choice(game, seat)
    if several is not None:
        action = _selection(text, choices, several)
    else:
        action = _single(text, choices)
        if action in choices:
            return action
    _check(game, action, seat)
    return action


def _number(word: str, choices: Sequence[Action]) -> Action:
    k = int(word)
    if not 1 <= k <= len(choices):
        raise ChoiceError(f"{word} is not one of the choices: type 1 to {len(choices)}")
    return choices[k - 1]


def _single(text: str, choices: Sequence[Action]) -> Action:
    word = text.strip()
    if word.isdigit():
        return _number(word, choices)
    # 'AS' means 'play AS', 'moon' 'bid moon', 'H' 'trump H': try each verb on offer
    verbs = dict.fromkeys(action_text(a).split()[0] for a in choices)
    for attempt in (word, *(f"{verb} {word}" for verb in verbs)):
        try:
            return parse_action(attempt)
        except ValueError:
            continue
    example = action_text(choices[0]) if choices else "pass"
    raise ChoiceError(f"{word!r} is not a choice: type its number (1 to {len(choices)}) "
                      f"or its name, such as {example!r} (help for more)")


def _selection(text: str, choices: Sequence[Action], choice: CardChoice) -> Action:
    words = text.replace(",", " ").split()
    if words and words[0].lower() == choice.verb:
        words = words[1:]
    if len(words) == 1 and words[0].lower() in ("-", "none", "nothing"):
        words = []
    cards: list[int] = []
    for word in words:
        if word.isdigit():
            card = _number(word, choices)
        else:
            try:
                card = parse_card(word)
            except ValueError as error:
                raise ChoiceError(str(error)) from None
        if card in cards:
            raise ChoiceError(f"{card_name(card)} is chosen twice")
        cards.append(card)
    # the cards the rules force are chosen already: typing them too is no mistake
    cards += [card for card in range(54) if choice.must >> card & 1 and card not in cards]
    if not choice.least <= len(cards) <= choice.most:
        raise ChoiceError(f"{choice_words(choice)} (numbers or names), not {len(cards)}")
    return parse_action(" ".join([choice.verb, *map(card_name, cards)]))


def _check(game: Game, action: Action, you: int | None) -> None:
    """Raise ChoiceError with the engine's reason when ``action`` is not legal now."""
    try:
        game.clone(random.Random(0)).apply(action)
    except IllegalActionError as error:
        raise ChoiceError(people_seats(str(error), you)) from None


class PlaySession:
    """One game: a person in seat ``human`` (0-based), bots in every other seat.

    ``bots`` has one spec per seat (the person's entry is ignored); ``seed`` makes the
    deals and the bots' choices. ``save`` (a path) receives the record after every hand
    and when play stops; ``variant`` and ``sets`` are what the record names (they must
    load to ``rules``). ``hands`` stops play after that many hands.
    """

    def __init__(self, rules: Rules, *, human: int, bots: Sequence[BotSpec | None],
                 seed: int, read: Callable[[str], str], write: Callable[[str], None],
                 save: Path | None = None, variant: str | None = None,
                 sets: Mapping[str, Any] | None = None, hands: int | None = None) -> None:
        n = rules.players.count
        if not 0 <= human < n:
            raise UsageError(f"--seat {human + 1}: this variant seats players 1 to {n}")
        self.rules = rules
        self.human = human
        self.seed = seed
        self.game = Game(rules, random.Random(seed))
        self.bots = [None if seat == human or spec is None else
                     spec.make(rules, seat, random.Random(f"{seed}:seat{seat}"))
                     for seat, spec in enumerate(bots)]
        self.specs = list(bots)
        self.seats = Seats(rules, human, [None if s == human or b is None else b.name
                                          for s, b in enumerate(bots)])
        self.read = read
        self.write = write
        self.save = save
        self.variant = variant
        self.sets = dict(sets or {})
        self.hands = hands
        self._trick: list[int] = []
        self._trump: int | None = None
        self._drawn = 0

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play until the game ends, input ends, or the person quits; 130 after Ctrl-C."""
        code = 0
        self._intro()
        try:
            while self._step():
                pass
        except (EOFError, _Stop):
            self.write("")
            self.write("stopped.")
        except KeyboardInterrupt:
            self.write("")
            self.write("interrupted.")
            code = 130
        self._finish()
        return code

    def _step(self) -> bool:
        game = self.game
        if game.phase is Phase.OVER:
            return False
        if game.phase is Phase.DEAL:
            if self.hands is not None and game.hands_played >= self.hands:
                return False
            self._deal()
            return True
        seat = game.to_act
        assert seat is not None
        action = self._ask() if seat == self.human else self._bot(seat)
        event = game.apply(action)
        self._tell(seat, action, event)
        return True

    def _deal(self) -> None:
        game = self.game
        self.write("")
        self.write(f"-- hand {game.hands_played + 1}: {self.seats.name(game.dealer)} "
                   f"{'deal' if game.dealer == self.human else 'deals'} --")
        game.deal_random()
        self._trick = []
        self._trump = game.trump
        self._drawn = 0
        if game.turned is not None:
            self.write(f"turned up: {card_name(game.turned)} "
                       f"(trump: {suit_name(game.trump)})")
        seen = game.observation(self.human)
        self.write("your cards: " + hand_text(self.rules, seen.hand | seen.reserve, seen.trump))

    def _cards_text(self) -> str:
        """The person's cards; with staged play, the stage's cards and those kept back."""
        seen = self.game.observation(self.human)
        if seen.phase is Phase.SELECT and seen.to_act == self.human:
            return hand_text(self.rules, seen.reserve, seen.trump)
        text = hand_text(self.rules, seen.hand, seen.trump)
        if seen.reserve:
            text += f"   (for later stages: {hand_text(self.rules, seen.reserve, seen.trump)})"
        return text

    def _bot(self, seat: int) -> Action:
        bot = self.bots[seat]
        assert bot is not None
        game = self.game
        legal = game.legal_actions()
        action = bot.choose(game.observation(seat), legal)
        spec = self.specs[seat]
        name = spec.name if spec is not None else "bot"
        if action in legal:
            return action
        try:
            _check(game, action, None)
        except ChoiceError as error:
            raise BotError(f"bot {name!r} in seat {seat + 1} answered "
                           f"{action!r}: {error}") from None
        return action

    # ------------------------------------------------------------------ the person

    def _ask(self) -> Action:
        game = self.game
        choices = ordered_choices(game, self.human)
        self._show_table(choices)
        while True:
            text = self.read("> ").strip()
            command = text.lower()
            if command in ("quit", "exit", "q"):
                raise _Stop
            if command in ("help", "?"):
                self.write(HELP)
                continue
            if command == "score":
                self._show_score()
                continue
            if command in ("hand", ""):
                self._show_table(choices)
                continue
            try:
                return parse_choice(game, text, choices)
            except ChoiceError as error:
                self.write(f"  not that: {error}")

    def _show_table(self, choices: Sequence[Action]) -> None:
        game = self.game
        seen = game.observation(self.human)
        trump = f"   trump: {suit_name(seen.trump)}" if seen.phase is Phase.PLAY else ""
        self.write(f"your hand: {self._cards_text()}{trump}")
        if seen.trick:
            self.write("trick so far: " + ", ".join(
                f"{self.seats.name(s)} {card_name(c)}" for s, c in seen.trick))
        several = card_choice(game, self.human)
        if several is not None:
            stage = f" for stage {seen.stage + 1}" if seen.phase is Phase.SELECT else ""
            forced = several.must.bit_count()
            self.write(f"{seen.phase}: {choice_words(several)}{stage} "
                       + ("(type - to go on):" if forced == several.most else
                          "(numbers or names, separated by spaces"
                          + ((", or - for " + ("none" if not forced else "only those") + "):")
                             if several.least <= forced else "):")))
            self.write(choices_text(choices, cards=True))
        else:
            self.write(f"{seen.phase}: your choice (a number or a name; help):")
            self.write(choices_text(choices))
            if seen.phase is Phase.AUCTION and any(is_play(a) for a in choices):
                self.write("  (playing a card now pitches it: you bid the most and it "
                           "leads, setting trump)")

    def _show_score(self) -> None:
        game = self.game
        self.write(scores_text(game.scores, game.team_of, self.seats))
        settlement = game.settlement()
        if settlement is not None:
            self.write("money if the game ended now: " + money_text(settlement, self.seats))

    # ------------------------------------------------------------------ telling the table

    def _tell(self, seat: int, action: Action, event: Event) -> None:
        who = self.seats.name(seat)
        if action < _HIDDEN_FROM or seat == self.human:
            self.write(f"  {who}: {action_text(action)}")
        else:  # a choice the others do not see: only its verb and how many cards
            words = action_text(action).split()
            count = len(words) - 1
            self.write(f"  {who}: {words[0]} {count} card{'' if count == 1 else 's'}")
        game = self.game
        if is_play(action):
            self._trick.append(action)
        if self._trump is None and game.trump is not None and game.turned is None:
            self._trump = game.trump
            self.write(f"  trump is {suit_name(game.trump)}")
        if event.trick_winner is not None:
            cards = " ".join(card_name(c) for c in self._trick)
            self.write(f"  => {self.seats.name(event.trick_winner)} "
                       f"{'take' if event.trick_winner == self.human else 'takes'} "
                       f"the trick ({cards})")
            self._trick = []
        drawn = seen_field(game.observation(self.human), "drawn", 0)
        if drawn != self._drawn:
            self._drawn = drawn
            if drawn:
                self.write(f"  you drew {hand_text(self.rules, drawn, game.trump)}")
        if event.hand_result is not None:
            for line in hand_result_text(event.hand_result, self.seats):
                self.write(line)
            self._show_score()
            self._save()

    # ------------------------------------------------------------------ the end

    def _intro(self) -> None:
        game = self.game
        self.write(f"{self.rules.name}: {self.rules.description}".rstrip(": "))
        for seat in range(game.n):
            self.write("  " + self.seats.describe(seat, game.team_of))
        self.write(f"seed {self.seed} (play the same game again with --seed {self.seed}); "
                   "type help for help")

    def _finish(self) -> None:
        game = self.game
        outcome = game.outcome
        self.write("")
        if outcome is not None:
            self.write(outcome_text(outcome, self.seats))
            self.write(scores_text(outcome.scores, game.team_of, self.seats))
            if outcome.settlement is not None:
                self.write("money: " + money_text(outcome.settlement, self.seats))
        else:
            self.write(f"{game.hands_played} hand(s) played")
            self._show_score()
        path = self._save()
        if path is not None:
            self.write(f"saved the game to {path} (pitchkit replay {path})")

    def record(self) -> dict[str, Any]:
        """The game so far as a record (``pitchkit replay`` checks and replays it)."""
        record = game_to_record(self.game, self.variant, self.sets)
        name = record["variant"]
        if self.save is not None and Path(name).is_file():
            # a variant file is named relative to the record, as replay reads it
            record["variant"] = os.path.relpath(Path(name).resolve(),
                                                self.save.resolve().parent)
        return record

    def _save(self) -> Path | None:
        if self.save is None:
            return None
        write_atomically(self.save, json.dumps(self.record(), indent=1) + "\n")
        return self.save
