"""The charts of the HTML reports, drawn by matplotlib as inline SVG.

Each function takes statistics and returns one ``<svg>`` element as text: no file, no
network, no global pyplot state (a :class:`~matplotlib.figure.Figure` per chart, rendered
rendered by the SVG backend). Ids and metadata are fixed, so the same run gives the same
page byte for byte.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from pitchkit.stats import Stats, wilson
from pitchkit.summary import seat_names

#: Colours of the runs (A, B, C ...) and of the seats, from matplotlib's default cycle.
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")

_RC: dict[Any, Any] = {
    "svg.fonttype": "none",  # text stays text: small, sharp, selectable
    "svg.hashsalt": "pitchkit",  # fixed ids: the same page for the same run
    "font.family": "sans-serif",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


def _figure(width: float = 4.6, height: float = 3.0, columns: int = 1) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, columns, squeeze=False)[0]
    return fig, axes


def _svg(fig: Any) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    text = out.getvalue()
    return text[text.index("<svg"):]


def _draw(make: Any, *args: Any) -> str:
    """Build a figure and render it as SVG under the chart style."""
    import matplotlib

    with matplotlib.rc_context(_RC):
        fig = make(*args)
        return _svg(fig)


def _color(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def hands_histogram(parts: Sequence[Stats], names: Sequence[str]) -> str:
    """How many games lasted each number of hands (one bar series per run)."""
    return _draw(_hands_histogram, parts, names)


def _hands_histogram(parts: Sequence[Stats], names: Sequence[str]) -> Any:
    fig, (ax,) = _figure()
    width = 0.8 / len(parts)
    for i, (part, name) in enumerate(zip(parts, names, strict=True)):
        hist = {int(k): v for k, v in part.hands_hist.items()}
        xs = sorted(hist)
        shares = [hist[x] / part.games for x in xs] if part.games else []
        offset = (i - (len(parts) - 1) / 2) * width
        ax.bar([x + offset for x in xs], shares, width=width, color=_color(i),
               label=name if len(parts) > 1 else None)
    ax.set_xlabel("hands in the game")
    ax.xaxis.set_major_locator(_whole_numbers())
    ax.set_ylabel("share of games")
    ax.yaxis.set_major_formatter(_percent())
    ax.set_title("Hands per game", loc="left")
    if len(parts) > 1:
        ax.legend(frameon=False)
    return fig


def seat_win_rates(parts: Sequence[Stats], names: Sequence[str]) -> str:
    """Win rate of each seat with its 95% interval, against the share of an equal seat."""
    return _draw(_seat_win_rates, parts, names)


def _seat_win_rates(parts: Sequence[Stats], names: Sequence[str]) -> Any:
    fig, (ax,) = _figure()
    width = 0.8 / len(parts)
    labels = seat_names(parts[0])
    for i, (part, name) in enumerate(zip(parts, names, strict=True)):
        rates, below, above = [], [], []
        for wins in part.seat_wins:
            w = wilson(wins, part.games)
            rate = w["rate"] or 0.0
            rates.append(rate)
            below.append(rate - (w["low"] or 0.0))
            above.append((w["high"] or 0.0) - rate)
        xs = [s + (i - (len(parts) - 1) / 2) * width for s in range(part.players)]
        ax.bar(xs, rates, width=width, color=_color(i), yerr=[below, above], capsize=3,
               ecolor="#333333", label=name if len(parts) > 1 else None)
    sides = len(set(parts[0].team_of))
    ax.axhline(1 / sides, color="#555555", linestyle="--", linewidth=1)
    ax.annotate(f"equal share {1 / sides:.0%}", (1, 1 / sides), xycoords=("axes fraction", "data"),
                xytext=(0, 3), textcoords="offset points", ha="right", fontsize=8,
                color="#555555")
    ax.set_xticks(range(parts[0].players), labels)
    ax.set_ylabel("games won (95% interval)")
    ax.yaxis.set_major_formatter(_percent())
    ax.set_title("Win rate by seat", loc="left")
    if len(parts) > 1:
        ax.legend(frameon=False, loc="lower right")
    return fig


def score_races(stats: Stats) -> str | None:
    """The score of each side after every hand of the run's sample games; None if none."""
    if not stats.sample_scores:
        return None
    return _draw(_score_races, stats)


def _score_races(stats: Stats) -> Any:
    games = list(stats.sample_scores.items())
    fig, axes = _figure(width=9.0, height=2.8, columns=len(games))
    labels = seat_names(stats)
    sides: dict[int, list[int]] = {}
    for seat, team in enumerate(stats.team_of):
        sides.setdefault(team, []).append(seat)
    for ax, (index, scores) in zip(axes, games, strict=True):
        hands = list(range(len(scores) + 1))
        for i, seats in enumerate(sides.values()):
            seat = seats[0]
            line = [0] + [hand[seat] for hand in scores]
            ax.plot(hands, line, color=_color(i), marker="o", markersize=2.5, linewidth=1.4,
                    label=" & ".join(labels[s] for s in seats))
        ax.set_title(f"game {int(index) + 1}", loc="left")
        ax.set_xlabel("hand")
        ax.xaxis.set_major_locator(_whole_numbers())
        ax.axhline(0, color="#999999", linewidth=0.6)
    axes[0].set_ylabel("score")
    axes[0].legend(frameon=False, fontsize=7)
    return fig


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0)


def _whole_numbers() -> Any:
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)
