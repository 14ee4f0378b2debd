"""Reports of simulation statistics: text for people, JSON and CSV for programs.

Every figure is a :class:`Row` (section, label, value and its 95% interval, plus the
counts a significance test needs), built once from a :class:`~pitchkit.stats.Stats` by
:func:`rows`. The text report, the CSV file and the comparison of variants all read the
same rows, so they never disagree.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from pitchkit.errors import seat_name
from pitchkit.stats import (
    Stats,
    histogram_quantile,
    mean_interval,
    two_mean_p,
    two_proportion_p,
    wilson,
)

#: Significance level for marking differences in comparisons.
ALPHA = 0.05


@dataclass(frozen=True)
class Row:
    """One figure: a rate (successes of trials), a mean (with sd over n) or a plain value."""

    section: str
    label: str
    kind: str  # "rate", "mean" or "value"
    value: float | int | None
    low: float | None = None
    high: float | None = None
    successes: int = 0
    trials: int = 0
    sd: float | None = None
    unit: str = ""

    @property
    def key(self) -> tuple[str, str]:
        return (self.section, self.label)


def _rate(section: str, label: str, s: int, n: int) -> Row:
    w = wilson(s, n)
    return Row(section, label, "rate", w["rate"], w["low"], w["high"], successes=s, trials=n)


def _mean(section: str, label: str, total: float, squares: float, n: int,
          unit: str = "") -> Row:
    m = mean_interval(total, squares, n)
    return Row(section, label, "mean", m["mean"], m["low"], m["high"], trials=n, sd=m["sd"],
               unit=unit)


def _value(section: str, label: str, value: float | int | None, unit: str = "") -> Row:
    return Row(section, label, "value", value, unit=unit)


POSITION_NAMES = ("dealer", "1st after dealer", "2nd after dealer", "3rd after dealer")


def position_name(p: int) -> str:
    return POSITION_NAMES[p] if p < len(POSITION_NAMES) else f"{p}th after dealer"


def _seat_label(stats: Stats, seat: int) -> str:
    """``seat 1 (heuristic)``: seats as players number them, from 1."""
    return f"{seat_name(seat)} ({stats.bots[seat]})"


def rows(stats: Stats) -> list[Row]:
    """Every figure of a run, in reading order."""
    s = stats.summary()
    g = stats.games
    out: list[Row] = [
        _value("run", "games", g), _value("run", "hands", stats.hands),
    ]
    for seat, wins in enumerate(stats.seat_wins):
        out.append(_rate("win rate by seat", _seat_label(stats, seat), wins, g))
    for bot in sorted(stats.bot_seat_games):
        out.append(_rate("win rate by bot", f"{bot} (per seat)", stats.bot_seat_wins[bot],
                         stats.bot_seat_games[bot]))
        if len(stats.bot_seat_games) > 1:
            out.append(_rate("win rate by bot", f"{bot} (games won by any of its seats)",
                             stats.bot_games_won[bot], g))
    fair = s["seat_fairness"]
    if len(set(stats.bots)) > 1:
        out.append(_value("seat fairness", "note: the seats have different bots, so this "
                          "measures the bots as much as the seats", None))
    out.append(_value("seat fairness", "spread of seat win rates (max - min)", fair["spread"]))
    out.append(_value("seat fairness", f"chi-square, equal win rates per side (df {fair['df']})",
                      fair["chi_square"]))
    out.append(_value("seat fairness", "p-value (small: the seats are not equal)",
                      fair["p_value"]))
    if stats.draws or stats.combinations:
        out.append(_rate("draws", "games drawn", stats.draws, g))
    if stats.replays or stats.combinations:
        out.append(_value("draws", "replays played to break ties", stats.replays))
    if stats.cut_off:
        limit = f"{stats.hands_limit} hands"
        if stats.deals_limit:
            limit += f" or {stats.deals_limit} deals"
        out.append(_rate("draws", f"games cut off at {limit}", stats.cut_off, g))
    hist = {int(k): v for k, v in stats.hands_hist.items()}
    hsum = sum(k * v for k, v in hist.items())
    hsq = sum(k * k * v for k, v in hist.items())
    out.append(_mean("hands per game", "mean", hsum, hsq, g))
    for q, name in ((0.5, "median"), (0.1, "10th percentile"), (0.9, "90th percentile")):
        out.append(_value("hands per game", name, histogram_quantile(hist, q)))
    out.append(_value("hands per game", "shortest", min(hist) if hist else None))
    out.append(_value("hands per game", "longest", max(hist) if hist else None))
    if stats.thrown_in:
        out.append(_rate("deals thrown in", "deals thrown in (everyone passed), of all deals",
                         stats.thrown_in, stats.thrown_in + stats.hands))
        out.append(_value("deals thrown in", "thrown in per game", stats.thrown_in / g))
    for p in range(stats.players):
        name = position_name(p)
        if stats.has_auction:
            out.append(_rate("by position from the dealer", f"{name}: pitches",
                             stats.pos_pitched[p], stats.hands))
            out.append(_rate("by position from the dealer", f"{name}: makes the bid",
                             stats.pos_made[p], stats.pos_pitched[p]))
        out.append(_mean("by position from the dealer", f"{name}: score per hand",
                         stats.pos_score[p], stats.pos_score_sq[p], stats.hands))
    if stats.has_auction:
        made_total = sum(stats.bids_made.values())
        out.append(_rate("bids", "pitcher set (bid not made)", stats.contracts - made_total,
                         stats.contracts))
        for label in sorted(stats.bids, key=_bid_key):
            c = stats.bids[label]
            out.append(_rate("bids", f"bid {label}: share of contracts", c, stats.contracts))
            out.append(_rate("bids", f"bid {label}: made", stats.bids_made.get(label, 0), c))
        if stats.moon_allowed or stats.moon_attempts:
            out.append(_rate("moon", "attempts per contract", stats.moon_attempts,
                             stats.contracts))
            out.append(_rate("moon", "made per attempt", stats.moon_made, stats.moon_attempts))
        for name in stats.point_names:
            out.append(_rate("points to the pitcher's side", name,
                             stats.point_pitcher.get(name, 0), stats.contracts))
        for name in stats.point_names:
            nobody = stats.point_nobody.get(name, 0)
            if nobody:
                out.append(_rate("points scored by nobody", name, nobody, stats.contracts))
    if stats.money:
        for seat in range(stats.players):
            m = s["money_per_hand"][seat]
            out.append(Row("money per hand (cents)", _seat_label(stats, seat), "mean",
                           m["mean"], m["low"], m["high"], trials=stats.money_games,
                           sd=_money_sd(m), unit="¢"))
    if stats.combinations:
        for seat in range(stats.players):
            out.append(_mean("combination points per hand", _seat_label(stats, seat),
                             stats.combo_sum[seat], stats.combo_sq[seat], stats.combo_hands))
    out.append(_value("speed", "hands per second", s["hands_per_second"]))
    return out


def _money_sd(m: dict[str, Any]) -> float | None:
    """Back out the sd the money interval was built from (for the comparison test)."""
    if m["low"] is None or m["mean"] is None:
        return None
    return (m["high"] - m["mean"]) / 1.959963984540054


def _bid_key(label: str) -> tuple[int, str]:
    return (int(label), "") if label.lstrip("-").isdigit() else (10**6, label)


# ----------------------------------------------------------------------------- text


def fmt(row: Row) -> str:
    v = row.value
    if v is None:
        return "-"
    if row.kind == "rate":
        assert row.low is not None and row.high is not None
        return f"{v:.1%} [{row.low:.1%}, {row.high:.1%}]  ({row.successes}/{row.trials})"
    if row.kind == "mean":
        if row.low is None or row.high is None:
            return f"{v:.2f}{row.unit}"
        return f"{v:.2f}{row.unit} [{row.low:.2f}, {row.high:.2f}]"
    if isinstance(v, float):
        if v != 0 and (abs(v) < 0.001):
            return f"{v:.2e}"
        return f"{v:,.0f}" if abs(v) >= 1000 else f"{v:.3f}".rstrip("0").rstrip(".")
    return f"{v:,}" if isinstance(v, int) else str(v)


def header(stats: Stats) -> list[str]:
    bots = stats.bots
    bot_text = bots[0] if len(set(bots)) == 1 else ", ".join(bots)
    thrown = f" (and {stats.thrown_in:,} deals thrown in)" if stats.thrown_in else ""
    lines = [f"{stats.variant}: {stats.games:,} games, {stats.hands:,} hands played{thrown}, "
             f"seed {stats.seed}, bots {bot_text}"]
    if stats.shards:
        lines.append(f"shards: {', '.join(stats.shards)} (merge the others for the whole run)")
    if stats.interrupted:
        lines.append(f"INTERRUPTED: partial result over {stats.games:,} of "
                     f"{stats.games_requested:,} games")
    if stats.money or stats.cut_off:
        lines.append(f"each game played for at most {stats.hands_limit} hands")
    lines.append("95% intervals in brackets.")
    return lines


def render_text(stats: Stats, out: IO[str]) -> None:
    """The report for people: one table per section."""
    from rich.console import Console
    from rich.table import Table

    from pitchkit.summary import opening

    console = Console(file=out, width=110, highlight=False)
    for line in header(stats):
        console.print(line, markup=False)
    for line in ["", *opening(stats)]:
        console.print(line, markup=False)
    by_section: dict[str, list[Row]] = {}
    for row in rows(stats):
        if row.section != "run":
            by_section.setdefault(row.section, []).append(row)
    for section, items in by_section.items():
        table = Table(title=section, title_justify="left", show_header=False, box=None,
                      padding=(0, 2))
        table.add_column("figure")
        table.add_column("value")
        for row in items:
            table.add_row(row.label, "" if row.label.startswith("note:") else fmt(row))
        console.print()
        console.print(table)


def render_compare_text(parts: Sequence[Stats], out: IO[str], width: int = 80) -> None:
    """Several runs side by side, in ``width`` columns; ``*`` marks a significant
    difference from the first run. The runs are named A, B, C ... in a legend."""
    from pitchkit.compare_text import compare_lines

    for line in compare_lines(parts, width):
        out.write(line.rstrip() + "\n")


# ----------------------------------------------------------------------------- comparisons


def difference_p(a: Row, b: Row) -> float | None:
    """p-value of the difference between two figures of the same kind, or None."""
    if a.kind == "rate" and b.kind == "rate":
        return two_proportion_p(a.successes, a.trials, b.successes, b.trials)
    if (a.kind == "mean" and b.kind == "mean" and a.value is not None and b.value is not None
            and a.sd is not None and b.sd is not None):
        return two_mean_p(float(a.value), a.sd, a.trials, float(b.value), b.sd, b.trials)
    return None


_NOT_COMPARED = {"speed", "run"}


def compare_rows(parts: Sequence[Stats]) -> list[dict[str, Any]]:
    """Rows present in any run, each with its figure per run and the test against the first."""
    per_run = [{r.key: r for r in rows(p)} for p in parts]
    order: list[tuple[str, str]] = []
    for table in per_run:
        for key in table:
            if key not in order:
                order.append(key)
    out = []
    for key in order:
        base = per_run[0].get(key)
        values = []
        for i, table in enumerate(per_run):
            row = table.get(key)
            cell: dict[str, Any] = {"row": row}
            if i > 0 and row is not None and base is not None and key[0] not in _NOT_COMPARED:
                p = difference_p(base, row)
                cell["p_value"] = p
                cell["significant"] = p is not None and not math.isnan(p) and p < ALPHA
            values.append(cell)
        out.append({"section": key[0], "label": key[1], "values": values})
    return out


def compare_json(parts: Sequence[Stats]) -> dict[str, Any]:
    """Comparison as data: each run's summary, and every tested difference."""
    diffs = []
    for item in compare_rows(parts):
        base = item["values"][0]["row"]
        for part, cell in zip(parts[1:], item["values"][1:], strict=True):
            if "p_value" not in cell or cell["p_value"] is None:
                continue
            row = cell["row"]
            diffs.append({
                "section": item["section"], "figure": item["label"],
                "baseline": parts[0].variant, "variant": part.variant,
                "baseline_value": base.value if base else None, "value": row.value,
                "difference": (row.value - base.value
                               if base and row.value is not None and base.value is not None
                               else None),
                "p_value": cell["p_value"], "significant": cell["significant"],
            })
    return {"variants": [p.summary() for p in parts], "differences": diffs}


# ----------------------------------------------------------------------------- files


def write_json(data: Any, out: IO[str]) -> None:
    json.dump(data, out, indent=2, allow_nan=False, default=_json_default)
    out.write("\n")


def _json_default(value: Any) -> Any:
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def write_csv(parts: Sequence[Stats], out: IO[str]) -> None:
    """One line per figure and run: variant, section, figure, value, low, high, counts."""
    writer = csv.writer(out)
    writer.writerow(["variant", "section", "figure", "kind", "value", "low", "high",
                     "successes", "trials"])
    for part in parts:
        for r in rows(part):
            writer.writerow([part.variant, r.section, r.label, r.kind, _csv(r.value),
                             _csv(r.low), _csv(r.high),
                             r.successes if r.kind == "rate" else "",
                             r.trials if r.kind in ("rate", "mean") else ""])


def _csv(v: float | int | None) -> str:
    if v is None:
        return ""
    return repr(v) if isinstance(v, float) else str(v)
