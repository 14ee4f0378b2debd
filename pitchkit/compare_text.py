"""``pitchkit compare`` as text that fits an 80-column terminal.

The runs are named A, B, C ... in a legend (a variant with overrides has a long name).
Each section is a table with one line per figure and one column per run when they fit in
the width, otherwise one line per run under each figure. Cells are compact: the value and
its 95% interval; the counts behind them are in ``--csv`` and ``--json``.
"""

from __future__ import annotations

import string
import textwrap
from collections.abc import Sequence
from typing import Any

from pitchkit.report import Row, compare_rows, fmt
from pitchkit.stats import Stats
from pitchkit.summary import compare_opening

#: Runs side by side only when this much room is left for the figure's name.
MIN_LABEL_WIDTH = 20


def run_names(count: int) -> list[str]:
    """A, B, ..., Z, then A2, B2 ... for more than 26 runs."""
    letters = string.ascii_uppercase
    return [letters[i % 26] + (str(i // 26 + 1) if i >= 26 else "") for i in range(count)]


def cell(row: Row | None, marked: bool) -> str:
    """A figure in a few characters: ``28.1% [27.5–28.6]``, ``6.02 [5.92–6.12]``."""
    if row is None or row.value is None:
        text = "-"
    elif row.kind == "rate" and row.low is not None and row.high is not None:
        text = f"{row.value:.1%} [{row.low * 100:.1f}–{row.high * 100:.1f}]"
    elif row.kind == "mean" and row.low is not None and row.high is not None:
        text = f"{row.value:.2f}{row.unit} [{row.low:.2f}–{row.high:.2f}]"
    else:
        text = fmt(row)
    return text + (" *" if marked else "")


def compare_lines(parts: Sequence[Stats], width: int = 80) -> list[str]:
    """Every line of the comparison report, none longer than ``width``."""
    names = run_names(len(parts))
    first = parts[0]
    wrap = _wrapper(width)
    lines = wrap(f"{len(parts)} variants, {first.games:,} games each, seed {first.seed}, "
                 f"bots {', '.join(sorted(set(first.bots)))}; the same deals where the "
                 "variants deal alike.")
    for name, part in zip(names, parts, strict=True):
        lines += textwrap.wrap(part.variant, width=width, initial_indent=f"  {name}  ",
                               subsequent_indent=" " * (len(name) + 4),
                               break_on_hyphens=False) or [f"  {name}"]
    lines += wrap(f"* differs from {names[0]} at the 95% level (two-proportion z-test for "
                  "rates, Welch z-test for means); 95% intervals in brackets.")
    if any(p.interrupted for p in parts):
        lines.append("INTERRUPTED: partial result")
    opening = compare_opening(parts, names, width)
    if opening:
        lines += ["", *opening]
    sections: dict[str, list[dict[str, Any]]] = {}
    for item in compare_rows(parts):
        sections.setdefault(item["section"], []).append(item)
    for section, items in sections.items():
        lines += ["", *wrap(section)]
        table = [(item["label"], [cell(c["row"], bool(c.get("significant")))
                                  for c in item["values"]]) for item in items]
        lines += _section_lines(table, names, width)
    return lines


def _wrapper(width: int) -> Any:
    def wrap(text: str) -> list[str]:
        return textwrap.wrap(text, width=width, break_on_hyphens=False) or [""]
    return wrap


def _section_lines(table: list[tuple[str, list[str]]], names: Sequence[str],
                   width: int) -> list[str]:
    cell_width = max(len(c) for _, cells in table for c in cells)
    room = width - 2 - len(names) * (2 + cell_width)
    longest = max(len(label) for label, _ in table)
    label_width = min(room, longest)
    out = []
    if label_width >= min(MIN_LABEL_WIDTH, longest):
        out.append(" " * (2 + label_width) + "".join(
            f"  {name:<{cell_width}}" for name in names))
        for label, cells in table:
            label_lines = textwrap.wrap(label, width=label_width) or [""]
            for extra in label_lines[:-1]:
                out.append(f"  {extra}")
            out.append(f"  {label_lines[-1]:<{label_width}}"
                       + "".join(f"  {c:<{cell_width}}" for c in cells))
        return out
    indent = 6
    for label, cells in table:
        out += textwrap.wrap(label, width=width - 2, initial_indent="  ",
                             subsequent_indent="  ")
        for name, text in zip(names, cells, strict=True):
            out += textwrap.wrap(text, width=width - indent - len(name),
                                 initial_indent=" " * indent + f"{name}  ",
                                 subsequent_indent=" " * (indent + len(name) + 2))
    return out
