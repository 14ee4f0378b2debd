"""What the figures of a simulation say, in a few plain sentences, with their confidence.

Pure functions from :class:`~pitchkit.stats.Stats` to sentences: :func:`findings` for one
run, :func:`compare_findings` for runs side by side, and :func:`warnings` for the figures
that the bots' own behaviour dominates (random bots, a set rate far above a real table's,
games cut off, many thrown-in deals). They read the same :class:`~pitchkit.report.Row`
figures as the tables, so the words and the numbers never disagree. A sentence claims a
difference only when its test is significant at the 95% level (``report.ALPHA``).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

from pitchkit.report import ALPHA, Row, difference_p, rows
from pitchkit.stats import Stats

#: Above this share of contracts set, the report says what drives the set rate. A
#: judgement, not a measured human figure (none is known to this project).
SET_RATE_WARNING = 1 / 3
#: Bots whose bids are learned from self-play under the variant's own rules (what a bid
#: is worth against passing), not set by a hand-tuned margin.
LEARNED_BIDDERS = frozenset({"calibrated", "search", "strong"})
#: Built-in bots whose bids follow a hand-tuned margin.
TUNED_BIDDERS = frozenset({"heuristic", "montecarlo"})
#: Above this share of hands thrown in (everyone passed), the bots pass more than people.
THROWN_IN_WARNING = 0.10
#: Below this many games, say that the intervals are wide.
FEW_GAMES = 100
#: Bots that choose among the legal actions at random.
RANDOM_BOTS = frozenset({"random"})


def paragraph(sentences: Sequence[str], width: int = 80) -> list[str]:
    """The sentences as lines of at most ``width`` characters."""
    return textwrap.wrap(" ".join(sentences), width=width, break_on_hyphens=False)


def pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def interval(row: Row) -> str:
    """``[95%: 27.7–29.3%]`` for a rate, ``[95%: 5.92–6.12]`` for a mean."""
    if row.low is None or row.high is None:
        return ""
    if row.kind == "rate":
        return f"[95%: {row.low * 100:.1f}–{row.high:.1%}]"
    return f"[95%: {row.low:.2f}–{row.high:.2f}{row.unit}]"


def span(low: float, high: float) -> str:
    """``0.40–0.46``; ``-0.66 to -0.45`` when a dash would read as a minus; one value alone."""
    if f"{low:.2f}" == f"{high:.2f}":
        return f"{low:.2f}"
    return f"{low:.2f} to {high:.2f}" if low < 0 else f"{low:.2f}–{high:.2f}"


def p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}".rstrip("0").rstrip(".")


def significant(p: float | None) -> bool:
    return p is not None and not math.isnan(p) and p < ALPHA


def _who(label: str) -> str:
    """``seat 2 (heuristic)`` -> ``seat 2``: the row's own name for a seat."""
    return label.split(" (", 1)[0]


def seat_names(stats: Stats) -> list[str]:
    """Each seat's name as the report writes it (``seat 1``)."""
    return [_who(r.label) for r in rows(stats) if r.section == "win rate by seat"]


def _section(table: Sequence[Row], name: str) -> list[Row]:
    return [r for r in table if r.section == name and r.value is not None]


def _find(table: Sequence[Row], section: str, label: str) -> Row | None:
    return next((r for r in table if r.section == section and r.label == label
                 and r.value is not None), None)


# ----------------------------------------------------------------------------- one run


def findings(stats: Stats) -> list[str]:
    """Sentences on who wins, the dealer, game length, bids and money of one run."""
    if stats.games == 0:
        return ["No game was played."]
    table = rows(stats)
    out = [*_seats(stats, table), *_dealer(stats, table), *_length(table), *_bids(stats, table)]
    out.extend(_money(table))
    return out


def _seats(stats: Stats, table: Sequence[Row]) -> list[str]:
    seats = _section(table, "win rate by seat")
    if not seats:
        return []
    sides = len(set(stats.team_of))
    # games drawn or cut off have no winner: an equal seat wins its share of the others
    equal = (stats.games - stats.draws - stats.cut_off) / stats.games / sides
    per = "side" if sides < stats.players else "seat"
    p = stats.summary()["seat_fairness"]["p_value"]
    if p is None:
        return []
    if significant(p):
        best = max(seats, key=lambda r: r.value or 0)
        worst = min(seats, key=lambda r: r.value or 0)
        return [f"{_who(best.label).capitalize()} wins {pct(best.value)} of games, more than "
                f"the {pct(equal)} an equal {per} would {interval(best)}, and "
                f"{_who(worst.label)} only {pct(worst.value)} {interval(worst)}: the "
                f"{per}s are not equal ({p_text(p)})."]
    low = min(r.value or 0 for r in seats)
    high = max(r.value or 0 for r in seats)
    return [f"No {per} is favoured: each wins {low * 100:.1f}–{pct(high)} of games, "
            f"against {pct(equal)} for an equal {per}, differences within chance "
            f"({p_text(p)})."]


def _dealer(stats: Stats, table: Sequence[Row]) -> list[str]:
    section = "by position from the dealer"
    scores = [r for r in _section(table, section) if r.label.endswith(": score per hand")]
    if len(scores) < 2:
        return []
    dealer, others = scores[0], scores[1:]
    text = "The dealer"
    if stats.has_auction:
        pitches = _find(table, section, dealer.label.replace("score per hand", "pitches"))
        if pitches is not None:
            text += (f" pitches {pct(pitches.value)} of hands {interval(pitches)}, against "
                     f"{pct(1 / stats.players)} for an equal share, and")
    other_means = [float(r.value or 0) for r in others]
    spread = span(min(other_means), max(other_means))
    ps = [difference_p(dealer, r) for r in others]
    value = float(dealer.value or 0)
    which = "any other position" if len(others) > 1 else "the other position"
    if all(significant(p) for p in ps) and all(value > m for m in other_means):
        verdict = f"more than {which}"
    elif all(significant(p) for p in ps) and all(value < m for m in other_means):
        verdict = f"less than {which}"
    else:
        verdict = f"not clearly more or less than {which.replace('any', 'every')}"
    return [f"{text} scores {value:.2f} points a hand {interval(dealer)}, {verdict} "
            f"({spread})."]


def _length(table: Sequence[Row]) -> list[str]:
    mean = _find(table, "hands per game", "mean")
    if mean is None:
        return []
    shortest = _find(table, "hands per game", "shortest")
    longest = _find(table, "hands per game", "longest")
    if shortest is not None and shortest.value == (longest.value if longest else None):
        n = int(shortest.value or 0)
        return [f"Every game lasts {n} hand{'s' if n != 1 else ''}."]
    text = f"A game lasts {float(mean.value or 0):.2f} hands on average {interval(mean)}"
    p90 = _find(table, "hands per game", "90th percentile")
    if p90 is not None:
        within = float(p90.value or 0)
        text += f"; 9 games in 10 end within {within:g} hand{'' if within == 1 else 's'}"
    return [text + "."]


def _bids(stats: Stats, table: Sequence[Row]) -> list[str]:
    out = []
    set_row = _find(table, "bids", "pitcher set (bid not made)")
    if set_row is not None:
        text = (f"The pitcher is set (misses the bid) in {pct(set_row.value)} of "
                f"contracts {interval(set_row)}")
        if not _set_rate_cautioned(stats):
            # the caution says it at length when the rate is high; a lower rate is the
            # bots' as much: a stronger player makes more of the same contracts
            text += ", a figure of these bots' bidding and card play as much as of the rules"
        out.append(text + ".")
    tries = _find(table, "moon", "attempts per contract")
    made = _find(table, "moon", "made per attempt")
    if tries is not None and stats.moon_attempts:
        text = f"A moon is tried in {pct(tries.value)} of contracts"
        if made is not None:
            text += f" and made in {pct(made.value)} of tries {interval(made)}"
        out.append(text + ".")
    draws = _find(table, "draws", "games drawn")
    if draws is not None and draws.successes:
        out.append(f"{pct(draws.value).capitalize()} of games are drawn {interval(draws)}.")
    return out


def _money(table: Sequence[Row]) -> list[str]:
    money = _section(table, "money per hand (cents)")
    if not money:
        return []
    winners = [r for r in money if r.low is not None and r.low > 0]
    losers = [r for r in money if r.high is not None and r.high < 0]
    if not winners and not losers:
        return ["No seat wins or loses money significantly: every seat's interval of cents "
                "per hand includes 0."]
    parts = [f"{_who(r.label)} {'wins' if (r.value or 0) > 0 else 'loses'} "
             f"{abs(float(r.value or 0)):.2f}¢ a hand {interval(r)}" for r in winners + losers]
    return ["; ".join(parts).capitalize() + "."]


# ----------------------------------------------------------------------------- warnings


def _set_rate(stats: Stats) -> float:
    """The share of contracts whose pitcher is set."""
    return (stats.contracts - sum(stats.bids_made.values())) / stats.contracts


def _set_rate_cautioned(stats: Stats) -> bool:
    """Whether the cautions speak of the set rate (it is above SET_RATE_WARNING)."""
    return bool(stats.has_auction and stats.contracts) and _set_rate(stats) > SET_RATE_WARNING


def _set_rate_caution(set_rate: float, bots: Sequence[str]) -> str:
    """What is known of a high set rate: with learned bids it follows from the rules and
    the bots' card play; with hand-tuned bids, from a constant as much."""
    said = f"The pitcher is set in {set_rate:.0%} of contracts."
    if bots and all(bot.split(":")[0] in LEARNED_BIDDERS for bot in bots):
        return (f"{said} The bots bid what their own play makes a hand worth under these "
                "rules (learned in self-play), so this is not simply overbidding; but a "
                "stronger card player would make more of the same contracts, so the set "
                "rate and game length describe these bots as much as the rules.")
    if any(bot.split(":")[0] in TUNED_BIDDERS for bot in bots):
        return (f"{said} These bots bid by a hand-tuned margin, and the set rate follows "
                "that margin as much as the rules (--bots calibrated learns the bids from "
                "the rules).")
    # random bids, or a bot of the user's own: how it bids is not known here
    return (f"{said} The set rate follows how these bots bid as much as the rules "
            "(--bots calibrated learns the bids from the rules).")


def warnings(stats: Stats) -> list[str]:
    """Figures that the bots (or the run's limits) dominate, in plain words."""
    out = []
    random_seats = [s for s, bot in enumerate(stats.bots) if bot.split(":")[0] in RANDOM_BOTS]
    if random_seats and len(random_seats) == stats.players:
        out.append("Random bots play any legal action: the figures describe random play, "
                   "not people (--bots heuristic is closer to a real table).")
    elif random_seats:
        out.append("Some seats have random bots: the seat figures measure the bots as much "
                   "as the seats.")
    elif len(set(stats.bots)) > 1:
        out.append("The seats have different bots: the seat figures measure the bots as much "
                   "as the seats.")
    if stats.has_auction and stats.contracts:
        if _set_rate_cautioned(stats):
            out.append(_set_rate_caution(_set_rate(stats), stats.bots))
        deals = stats.hands + stats.thrown_in
        if deals and stats.thrown_in / deals > THROWN_IN_WARNING:
            out.append(f"{stats.thrown_in / deals:.0%} of deals are thrown in "
                       "(everyone passed): the bots pass more than players would, which "
                       "lengthens games.")
    if stats.cut_off:
        limit = f"{stats.hands_limit} hands"
        if stats.deals_limit:
            limit += f" or {stats.deals_limit} deals (thrown-in deals included)"
        out.append(f"{stats.cut_off:,} games ({stats.cut_off / stats.games:.1%}) reached "
                   f"{limit} and were cut off with no winner: the bots "
                   "could not finish them, and the win rates leave them out.")
    if 0 < stats.games < FEW_GAMES:
        out.append(f"Only {stats.games} games: the intervals are wide; play more with "
                   "--games.")
    if stats.interrupted or stats.shards:
        out.append("This is part of a run (interrupted or one shard): the figures cover "
                   "only the games played.")
    return out


def opening(stats: Stats, width: int = 80) -> list[str]:
    """The opening of ``simulate``'s report: findings, then warnings, as lines."""
    lines = paragraph(findings(stats), width)
    cautions = warnings(stats)
    if cautions:
        lines += ["", *paragraph(["Caution:", *cautions], width)]
    return lines


# ----------------------------------------------------------------------------- compare

#: The figures whose change a comparison reports in words: (section, label, name).
_KEY_FIGURES = (
    ("hands per game", "mean", "game length"),
    ("bids", "pitcher set (bid not made)", "set rate"),
)


def compare_findings(parts: Sequence[Stats], names: Sequence[str]) -> list[str]:
    """For each run after the first: what changed significantly against it, in words.

    ``names`` are the short names of the runs (``A``, ``B``, ...).
    """
    if len(parts) < 2 or parts[0].games == 0:
        return []
    base_table = rows(parts[0])
    base = {r.key: r for r in base_table}
    out = []
    for part, name in zip(parts[1:], names[1:], strict=True):
        if part.games == 0:
            continue
        table = {r.key: r for r in rows(part)}
        changed: list[str] = []
        same: list[str] = []
        seat_changes = []
        for key, row in table.items():
            if key[0] != "win rate by seat" or key not in base:
                continue
            p = difference_p(base[key], row)
            if significant(p):
                assert p is not None
                seat_changes.append(f"{_who(key[1])} wins {pct(row.value)} of games against "
                                    f"{pct(base[key].value)} ({p_text(p)})")
        if seat_changes:
            changed.append("who wins changes: " + ", ".join(seat_changes))
        else:
            same.append("who wins")
        for section, label, what in _KEY_FIGURES:
            a, b = base.get((section, label)), table.get((section, label))
            if a is None or b is None or a.value is None or b.value is None:
                continue
            p = difference_p(a, b)
            if not significant(p):
                same.append(what)
                continue
            assert p is not None
            more = float(b.value) > float(a.value)
            if a.kind == "rate":
                changed.append(f"the pitcher is set {'more' if more else 'less'} often, in "
                               f"{pct(b.value)} of contracts against {pct(a.value)} "
                               f"({p_text(p)})")
            else:
                changed.append(f"games are {'longer' if more else 'shorter'}, "
                               f"{float(b.value):.2f} hands on average against "
                               f"{float(a.value):.2f} ({p_text(p)})")
        if changed:
            out.append(f"Under {name}, " + "; ".join(changed) + ".")
        if same:
            verb = "do" if len(same) > 1 else "does"
            out.append(f"{_join(same).capitalize()} {verb} not change significantly "
                       f"under {name}.")
    return out


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def compare_cautions(parts: Sequence[Stats], names: Sequence[str]) -> list[str]:
    """Each run's warnings: one every run shares is said once, the others name their run."""
    each = [warnings(part) for part in parts]
    cautions: list[str] = []
    for name, own in zip(names, each, strict=True):
        for text in own:
            if all(text in other for other in each):
                if text not in cautions:
                    cautions.append(text)
            else:
                cautions.append(f"Under {name}, {text[0].lower()}{text[1:]}")
    return cautions


def compare_opening(parts: Sequence[Stats], names: Sequence[str], width: int = 80) -> list[str]:
    """The opening of ``compare``'s report: what changed, then the runs' warnings."""
    lines = paragraph(compare_findings(parts, names), width)
    cautions = compare_cautions(parts, names)
    if cautions:
        lines += ["", *paragraph(["Caution:", *cautions], width)]
    return lines
