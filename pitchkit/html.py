"""One self-contained HTML page per report: ``simulate``, ``compare`` and ``explain``.

Everything is inline (styles, charts as SVG from :mod:`pitchkit.html_charts`), so the page
opens offline and prints cleanly (print styles keep charts and tables whole). The words
are the same sentences as the text report (:mod:`pitchkit.summary`) and the tables the
same rows (:func:`pitchkit.report.rows`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from pitchkit.atomic import write_atomically
from pitchkit.compare_text import cell, run_names
from pitchkit.errors import UsageError
from pitchkit.report import compare_rows, fmt, header, rows
from pitchkit.stats import Stats
from pitchkit.summary import compare_cautions, compare_findings, findings, warnings

STYLE = """
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       color: #1b1b1b; background: #fff; margin: 0 auto; padding: 1.5rem; max-width: 60rem; }
h1 { font-size: 1.6rem; margin: 0 0 .3rem; }
h2 { font-size: 1.2rem; margin: 1.6rem 0 .4rem; border-bottom: 1px solid #ddd; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
p.meta { color: #555; margin: 0 0 1rem; }
.findings { font-size: 1.05rem; }
.caution { background: #fff6e0; border-left: 4px solid #e0a000; padding: .5rem .8rem; }
figure { margin: 1rem 0; break-inside: avoid; }
figure svg { width: 100%; height: auto; max-width: 100%; display: block; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
          gap: 0 1.5rem; }
table { border-collapse: collapse; margin: .3rem 0 1rem; font-size: .9rem;
        break-inside: avoid; }
th, td { text-align: left; padding: .15rem .8rem .15rem 0; vertical-align: top; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
tr:nth-child(even) td { background: #f6f6f6; }
.sig { font-weight: 600; }
code { font-size: .9em; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  .charts { display: block; }
  h2 { break-after: avoid; }
  a { color: inherit; text-decoration: none; }
}
@page { margin: 1.5cm; }
"""


def page(title: str, body: str) -> str:
    """A complete HTML document around ``body``."""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n"
            f"<body>\n{body}\n</body>\n</html>\n")


def _paragraph(sentences: Sequence[str], css: str) -> str:
    if not sentences:
        return ""
    return f"<p class=\"{css}\">{escape(' '.join(sentences))}</p>\n"


def _figure(svg: str | None, caption: str) -> str:
    if svg is None:
        return ""
    return f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>\n"


def simulate_html(stats: Stats) -> str:
    """The page of one run: findings, cautions, charts, then every figure."""
    from pitchkit import html_charts

    lines = header(stats)
    cautions = warnings(stats)
    body = [f"<h1>{escape(stats.variant)}</h1>",
            f"<p class=\"meta\">{escape(' · '.join(lines))}</p>",
            _paragraph(findings(stats), "findings"),
            _paragraph(["Caution:", *cautions] if cautions else [], "caution"),
            "<div class=\"charts\">",
            _figure(html_charts.seat_win_rates([stats], [stats.variant]),
                    "Share of games each seat won, with its 95% interval; the dashed line is "
                    "what an equal seat would win."),
            _figure(html_charts.hands_histogram([stats], [stats.variant]),
                    "How many hands the games lasted."),
            "</div>",
            _figure(html_charts.score_races(stats),
                    "The score race of the run's first games, hand by hand."),
            "<h2>Every figure</h2>",
            _figures_table(stats)]
    return page(f"{stats.variant}: simulation", "\n".join(body))


def _figures_table(stats: Stats) -> str:
    out = []
    section = None
    for row in rows(stats):
        if row.section == "run":
            continue
        if row.section != section:
            if section is not None:
                out.append("</table>")
            section = row.section
            out.append(f"<h3>{escape(section)}</h3>\n<table>")
        value = "" if row.label.startswith("note:") else fmt(row)
        out.append(f"<tr><td>{escape(row.label)}</td><td class=\"num\">{escape(value)}</td>"
                   "</tr>")
    if section is not None:
        out.append("</table>")
    return "\n".join(out)


def compare_html(parts: Sequence[Stats]) -> str:
    """The page of a comparison: what changed, cautions, charts and figures side by side."""
    from pitchkit import html_charts

    names = run_names(len(parts))
    first = parts[0]
    legend = "".join(f"<tr><th>{name}</th><td>{escape(p.variant)}</td></tr>"
                     for name, p in zip(names, parts, strict=True))
    cautions = compare_cautions(parts, names)
    body = [f"<h1>{len(parts)} variants compared</h1>",
            f"<p class=\"meta\">{first.games:,} games each, seed {escape(str(first.seed))}, "
            f"bots {escape(', '.join(sorted(set(first.bots))))}; the same deals where the "
            "variants deal alike. <span class=\"sig\">*</span> differs from A at the 95% "
            "level.</p>",
            f"<table>{legend}</table>",
            _paragraph(compare_findings(parts, names), "findings"),
            _paragraph(["Caution:", *cautions] if cautions else [], "caution"),
            "<div class=\"charts\">",
            _figure(html_charts.seat_win_rates(parts, names),
                    "Win rate by seat in each variant, with 95% intervals."),
            _figure(html_charts.hands_histogram(parts, names),
                    "Hands per game in each variant."),
            "</div>",
            "<h2>Every figure, side by side</h2>",
            _compare_table(parts, names)]
    return page("pitchkit comparison", "\n".join(body))


def _compare_table(parts: Sequence[Stats], names: Sequence[str]) -> str:
    out = []
    section = None
    head = "".join(f"<th>{n}</th>" for n in names)
    for item in compare_rows(parts):
        if item["section"] == "run":
            continue
        if item["section"] != section:
            if section is not None:
                out.append("</table>")
            section = item["section"]
            out.append(f"<h3>{escape(section)}</h3>\n<table><tr><th></th>{head}</tr>")
        cells = []
        for c in item["values"]:
            marked = bool(c.get("significant"))
            css = "num sig" if marked else "num"
            cells.append(f"<td class=\"{css}\">{escape(cell(c['row'], marked))}</td>")
        out.append(f"<tr><td>{escape(item['label'])}</td>{''.join(cells)}</tr>")
    if section is not None:
        out.append("</table>")
    return "\n".join(out)


def rules_html(markdown: str, title: str) -> str:
    """A rules sheet (the Markdown of ``explain``) as a printable page."""
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return page(title, body)


def write_new_file(path: Path, text: str, *, force: bool = False) -> None:
    """Write ``text`` to ``path`` atomically; refuse an existing file unless ``force``."""
    if path.is_dir():
        raise UsageError(f"{path} is a folder")
    if path.exists() and not force:
        raise UsageError(f"{path} exists; add --force to overwrite it")
    write_atomically(path, text)
