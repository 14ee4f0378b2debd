"""Bots: players for simulations, and the interface for your own.

A bot is any Python class built as ``MyBot(rules, seat, rng, **settings)`` with one
method::

    def choose(self, observation, legal_actions):
        return one_of_legal_actions

- ``rules`` is the variant's :class:`~pitchkit.variant.Rules`; ``seat`` is the bot's
  seat (0..n-1); ``rng`` is a seeded :class:`random.Random` that is the bot's only source
  of chance (never the global ``random``), so every game replays exactly.
- ``observation`` is the engine's :class:`~pitchkit.engine.Observation` for that seat:
  only what that player may see (own hand, trump, bids, the current trick, the cards
  played so far and by whom, tricks won, scores, dealer, pitcher, phase).
- ``legal_actions`` lists the legal actions (small ints; ``pitchkit.engine.action_text``
  spells them ``pass``, ``bid 3``, ``play AS``, ...). The bot returns one of them. In
  the ``select`` phase (staged play, Pimps & Hoes) the list holds the cards that may be
  chosen; the bot returns ``pitchkit.engine.select_action(cards)`` with exactly
  ``observation.select_count`` of them.
- A bot that never reads the observation outside the ``select`` phase may set the class
  attribute ``observes = False``; the simulator then passes ``None`` instead of building
  it, which is most of the cost of a random bot.
- Any other answer stops the game with a :class:`~pitchkit.errors.BotError` naming the
  bot, its seat and the action; it is never corrected silently.

Settings come from the command line: ``--bots montecarlo:samples=20`` or, for your own
class, ``--bots mymodule:MyBot:level=3`` (an import path, then ``key=value`` settings
separated by ``:``). Values that read as ints, floats or true/false are converted.

Built-in bots: ``random``, ``heuristic``, ``calibrated`` (the default), ``montecarlo``,
``search`` and ``strong`` (``search`` with the settings measured strongest).
"""

from __future__ import annotations

import importlib
import inspect
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pitchkit.errors import UsageError
from pitchkit.variant import Rules

#: Built-in bots by name, as import paths.
BUILTIN: dict[str, str] = {
    "random": "pitchkit.bots.random_bot:RandomBot",
    "calibrated": "pitchkit.bots.calibrated:CalibratedBot",
    "heuristic": "pitchkit.bots.heuristic:HeuristicBot",
    "montecarlo": "pitchkit.bots.montecarlo:MonteCarloBot",
    "search": "pitchkit.bots.search:SearchBot",
    "strong": "pitchkit.bots.strong:StrongBot",
}


@runtime_checkable
class Bot(Protocol):
    """What a bot provides: ``choose(observation, legal_actions) -> action``."""

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> Any: ...


BotFactory = Callable[..., Bot]


@dataclass(frozen=True)
class BotSpec:
    """A bot as named on the command line: ``name`` or ``module:Class``, then settings."""

    text: str
    target: str
    settings: tuple[tuple[str, Any], ...] = ()

    @property
    def name(self) -> str:
        """The name the statistics use for this bot: the text as given."""
        return self.text

    def factory(self) -> BotFactory:
        return _resolve(self.target, self.text)

    def make(self, rules: Rules, seat: int, rng: random.Random,
             factory: BotFactory | None = None) -> Bot:
        """Build the bot for one seat of one game (with ``factory``, this spec's
        :meth:`factory` already looked up: a run builds its bots game after game)."""
        try:
            bot = (factory or self.factory())(rules, seat, rng, **dict(self.settings))
        except (TypeError, ValueError) as error:  # a setting of the wrong kind, mostly
            settings = ", ".join(f"{k}={v}" for k, v in self.settings)
            raise UsageError(f"bot {self.text!r} could not be built"
                             + (f" with {settings}" if settings else "")
                             + f": {error}") from None
        if not callable(getattr(bot, "choose", None)):
            raise UsageError(f"bot {self.text!r} has no choose(observation, legal_actions)")
        return bot


def _convert(value: str) -> Any:
    low = value.lower()
    if low in ("true", "yes"):
        return True
    if low in ("false", "no"):
        return False
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


def parse_bot_spec(text: str) -> BotSpec:
    """Parse ``heuristic``, ``montecarlo:samples=20`` or ``mymodule:MyBot:level=3``."""
    text = text.strip()
    if not text:
        raise UsageError("empty bot name (built-in bots: " + ", ".join(BUILTIN) + ")")
    parts = text.split(":")
    name_parts = [p for p in parts if "=" not in p]
    setting_parts = [p for p in parts if "=" in p]
    if parts[: len(name_parts)] != name_parts:
        raise UsageError(f"bot {text!r}: settings (key=value) come after the name")
    settings = []
    for part in setting_parts:
        key, _, value = part.partition("=")
        if not key.isidentifier():
            raise UsageError(f"bot {text!r}: {key!r} is not a setting name")
        settings.append((key, _convert(value)))
    if len(name_parts) == 1:
        target = BUILTIN.get(name_parts[0])
        if target is None:
            raise UsageError(
                f"unknown bot {name_parts[0]!r}: use one of {', '.join(BUILTIN)} "
                "or module:Class for your own")
    elif len(name_parts) == 2:
        target = ":".join(name_parts)
    else:
        raise UsageError(f"bot {text!r} is not NAME or module:Class (then key=value settings)")
    spec = BotSpec(text=text, target=target, settings=tuple(settings))
    _check_settings(spec)
    return spec


def _check_settings(spec: BotSpec) -> None:
    factory = spec.factory()
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        return
    params = sig.parameters
    code_only: frozenset[str] = getattr(factory, "code_only", frozenset())
    for key, _ in spec.settings:
        if key in code_only:
            raise UsageError(f"bot {spec.text!r}: {key!r} is not a setting (code hands it "
                             "to the bot)")
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return
    for key, _ in spec.settings:
        if key not in params:
            known = [p for p in params if p not in ("self", "rules", "seat", "rng")]
            raise UsageError(
                f"bot {spec.text!r} has no setting {key!r}"
                + (f" (settings: {', '.join(known)})" if known else ""))


def _resolve(target: str, text: str) -> BotFactory:
    module_name, _, attr = target.partition(":")
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        # `python -m pitchkit` finds a bot module in the current folder; so does the
        # installed `pitchkit` command (worker processes inherit sys.path)
        sys.path.append(here)
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise UsageError(f"bot {text!r}: cannot import {module_name!r}: {error}") from None
    except Exception as error:  # the module itself fails as it is imported
        raise UsageError(f"bot {text!r}: importing {module_name!r} failed: "
                         f"{type(error).__name__}: {error}") from None
    factory = getattr(module, attr, None)
    if factory is None:
        raise UsageError(f"bot {text!r}: module {module_name!r} has no {attr!r}")
    return factory


def parse_bots(text: str | Sequence[str], players: int) -> list[BotSpec]:
    """Bots per seat from ``"heuristic,random,..."`` (one per seat, or one for all)."""
    items = [t for t in text.split(",")] if isinstance(text, str) else list(text)
    specs = [parse_bot_spec(t) for t in items]
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise UsageError(
            f"{len(specs)} bots given for {players} players: give one per seat, or one for all")
    return specs


__all__ = ["BUILTIN", "Bot", "BotSpec", "parse_bot_spec", "parse_bots"]
