"""Write the recorded games in this folder: one seeded game per shipped variant.

    python tests/records/generate.py [VARIANT ...]

Each record is played by seeded heuristic bots (random bots where the heuristic bot is
missing) and written as ``<variant>.json``; its replayed outcome is written as
``<variant>.expected.json``. The outcomes were then checked by hand, one hand per record
at least (see ``CHECKED.md``); regenerate only on purpose, and check them again.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from pitchkit.actions import select_action
from pitchkit.engine import Game, Phase
from pitchkit.load import load_variant
from pitchkit.record import game_to_record, replay_record, result_json

HERE = Path(__file__).parent

#: variant -> (seed, hands at most, {hand number: ("leave", [seats]) | ("join", n)})
PLANS: dict[str, tuple[int, int, dict[int, tuple[str, Any]]]] = {
    "auction-pitch": (11, 40, {}),
    "partnership-pitch": (12, 40, {}),
    "money-pitch": (13, 8, {4: ("leave", [1]), 6: ("join", 1)}),
    "pimps-and-hoes": (14, 1, {}),
    "pimps-and-hoes-4p": (15, 1, {}),
    "pimps-and-hoes-literal": (16, 1, {}),
    "nine-card-pitch": (17, 40, {}),
    "minnesota-smear": (18, 40, {}),
    "commercial-pitch": (19, 40, {}),
    "ten-point-pitch": (19, 40, {}),
    "catch-five": (20, 40, {}),
    "smear": (21, 40, {}),
    "auction-pitch-joker": (20, 40, {}),
    "cinch": (20, 40, {}),
    "pedro": (21, 40, {}),
    "pidro": (22, 40, {}),
    "ten-point-pitch-draw": (23, 40, {}),
    "call-partner-pitch": (24, 40, {}),
}


def _bots(rules: Any, seed: int, n: int) -> list[Any]:
    try:
        from pitchkit.bots.heuristic import HeuristicBot as Bot
    except ImportError:  # pragma: no cover
        from pitchkit.bots.random_bot import RandomBot as Bot
    return [Bot(rules, seat, random.Random(seed * 100 + seat)) for seat in range(n)]


def play(variant: str) -> dict[str, Any]:
    seed, max_hands, changes = PLANS[variant]
    rules = load_variant(variant)
    game = Game(rules, random.Random(seed))
    bots = _bots(rules, seed, game.n)
    hands = 0
    while game.phase is not Phase.OVER:
        if game.phase is Phase.DEAL:
            if hands == max_hands:
                break
            hands += 1
            change = changes.get(hands)
            if change and change[0] == "leave":
                game.leave(change[1])
                bots = _bots(rules, seed + hands, game.n)
            elif change and change[0] == "join":
                game.join(change[1])
                bots = _bots(rules, seed + hands, game.n)
            game.deal_random()
            continue
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].choose(game.observation(seat), legal)
        if game.phase is Phase.SELECT and action not in legal and action < (1 << 60):
            action = select_action(legal[:game.select_count])
        game.apply(action)
    return game_to_record(game, variant)


def dump(data: dict[str, Any]) -> str:
    """JSON with one line per hand, easy to read and to diff."""
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"  {json.dumps(key)}: [")
            lines += [f"    {json.dumps(v)}" + ("," if j < len(value) - 1 else "")
                      for j, v in enumerate(value)]
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    return "\n".join(lines) + "\n}\n"


def main() -> None:
    import sys

    for variant in sys.argv[1:] or PLANS:
        record = play(variant)
        (HERE / f"{variant}.json").write_text(dump(record))
        outcome = result_json(replay_record(record))
        (HERE / f"{variant}.expected.json").write_text(dump(outcome))
        print(variant, len(record["hands"]), "hands; winner", outcome["winner"])


if __name__ == "__main__":
    main()
