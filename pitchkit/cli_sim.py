"""``pitchkit simulate``, ``pitchkit merge`` and ``pitchkit compare``: thin over the library."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from pitchkit.atomic import write_atomically
from pitchkit.cli_common import (
    ForceOption,
    HtmlOption,
    SetOption,
    fail,
    load_rules_or_exit,
    run_safely,
)
from pitchkit.errors import UsageError
from pitchkit.inputs import Unreadable, json_capped, read_capped
from pitchkit.stats import Stats, load_stats, merge_all, parse_shard

GamesOption = Annotated[int, typer.Option("--games", "-n", help="Number of games to play.")]
SeedOption = Annotated[str, typer.Option(
    "--seed", help="Seed of the run: the same seed gives the same numbers.")]
BotsOption = Annotated[str, typer.Option(
    "--bots", help="Bots, one per seat or one for all: calibrated (the default), "
    "heuristic, random, search[:samples=N], strong (search at its strongest "
    "settings), montecarlo[:samples=N], or "
    "module:Class[:key=value] for your own.")]
WorkersOption = Annotated[int, typer.Option(
    "--workers", "-w", help="Processes to play in parallel (results do not depend on it).")]
HandsOption = Annotated[int | None, typer.Option(
    "--hands", help="Hands per game for variants with no end, like money pitch (default 20); "
    "otherwise a cap past which a game is cut off (default 1000).", show_default=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object, for programs.")]
#: Seconds a plug-in bot may think about one move (built-in bots are not timed).
DEFAULT_MOVE_SECONDS = 10.0
MoveTimeOption = Annotated[float, typer.Option(
    "--move-time-limit", metavar="SECONDS",
    help="Stop the run when a plug-in bot (module:Class) takes longer than this for one "
    "move (0: no limit).")]
CsvOption = Annotated[Path | None, typer.Option(
    "--csv", help="Also write every figure to this CSV file.", show_default=False)]


def _seed(text: str) -> int | str:
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        return text


@contextmanager
def _progress(enabled: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """A progress bar on stderr when it is a terminal; nothing otherwise.

    The bar is shown from a label's first count to its last (a run reports its first
    game played): what the bots learn before that, once a rule set, draws its own bar,
    which a live bar would turn into a line a step (rich prints what is written to
    stderr while it is shown above it); so, for the next variant of a comparison."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress("{task.description}", BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    tasks: dict[str, Any] = {}
    finished: set[str] = set()

    def update(label: str, done: int, total: int) -> None:
        if label in finished:
            return
        if not tasks:
            bar.start()
        if label not in tasks:
            tasks[label] = bar.add_task(label, total=total)
        bar.update(tasks[label], completed=done)
        if done >= total:
            finished.add(label)
            bar.remove_task(tasks.pop(label))
            if not tasks:
                bar.stop()

    try:
        yield update
    finally:
        if tasks:
            bar.stop()


def _emit(parts: Sequence[Stats], as_json: bool, csv_file: Path | None,
          out_file: Path | None, *, compare: bool = False, html: Path | None = None,
          force: bool = False) -> None:
    from pitchkit.report import (
        compare_json,
        render_compare_text,
        render_text,
        write_csv,
        write_json,
    )

    data: Any = compare_json(parts) if compare else parts[0].summary()
    if out_file is not None:  # checked before the run (check_outputs); written atomically
        text = io.StringIO()
        write_json(data, text)
        write_atomically(out_file, text.getvalue())
    if csv_file is not None:
        text = io.StringIO(newline="")
        write_csv(parts, text)
        write_atomically(csv_file, text.getvalue())
    if html is not None:
        from pitchkit.html import compare_html, simulate_html, write_new_file

        write_new_file(html, compare_html(parts) if compare else simulate_html(parts[0]),
                       force=force)
    if as_json:
        write_json(data, sys.stdout)
    elif compare:
        render_compare_text(parts, sys.stdout)
    else:
        render_text(parts[0], sys.stdout)
    if any(p.interrupted for p in parts):
        typer.echo("pitchkit: interrupted; the result above covers the games finished",
                   err=True)
        raise typer.Exit(130)


def _check_outputs(csv_file: Path | None, out: Path | None, html: Path | None, force: bool,
                   inputs: Sequence[str]) -> None:
    """Before any game: every output can be written, none replaces a file or an input."""
    from pitchkit.outputs import check_outputs

    files = [Path(name) for name in inputs if Path(name).is_file()]
    check_outputs([("--out", out), ("--csv", csv_file), ("--html", html)], force=force,
                  inputs=files)


def _split_variant(spec: str) -> tuple[str, list[str]]:
    """``auction-pitch@points.low_goes_to=holder@scoring.target=11`` -> name, overrides."""
    name, *sets = spec.split("@")
    for s in sets:
        if "=" not in s:
            raise UsageError(f"{spec!r}: after @ comes key.path=value, got {s!r}")
    return name, sets


def register(app: typer.Typer) -> None:
    """Add simulate, merge and compare to the app."""

    @app.command()
    @run_safely
    def simulate(
        variant: Annotated[str, typer.Argument(help="A shipped variant name or a YAML file.")],
        games: GamesOption = 1000,
        seed: SeedOption = "1",
        bots: BotsOption = "calibrated",
        workers: WorkersOption = 1,
        sets: SetOption = None,
        hands: HandsOption = None,
        shard: Annotated[str | None, typer.Option(
            "--shard", help="Play only part K of N of the run (K/N, e.g. 1/4); "
            "join the parts with pitchkit merge.", show_default=False)] = None,
        as_json: JsonOption = False,
        csv_file: CsvOption = None,
        out: Annotated[Path | None, typer.Option(
            "--out", help="Also write the JSON result to this file (a shard for merge).",
            show_default=False)] = None,
        html: HtmlOption = None,
        force: ForceOption = False,
        move_time_limit: MoveTimeOption = DEFAULT_MOVE_SECONDS,
    ) -> None:
        """Play many games under a variant with bots and report the statistics."""
        from pitchkit.simulate import simulate as run

        rules = load_rules_or_exit(variant, sets)
        if shard is not None:
            parse_shard(shard)
        _check_outputs(csv_file, out, html, force, [variant])
        with _progress(True) as update:
            stats = run(rules, games=games, seed=_seed(seed), bots=bots, workers=workers,
                        shard=shard, hands=hands, variant=rules.name,
                        progress=(lambda d, t: update(rules.name, d, t)) if update else None,
                        move_time_limit=move_time_limit or None)
        _emit([stats], as_json, csv_file, out, html=html, force=force)

    @app.command()
    @run_safely
    def merge(
        files: Annotated[list[Path], typer.Argument(
            help="JSON results of shards (pitchkit simulate --shard K/N --out FILE).")],
        as_json: JsonOption = False,
        csv_file: CsvOption = None,
        out: Annotated[Path | None, typer.Option(
            "--out", help="Also write the merged JSON to this file.", show_default=False)] = None,
        force: ForceOption = False,
    ) -> None:
        """Merge the shards of a run exactly: the same numbers as one run."""
        _check_outputs(csv_file, out, None, force, [str(f) for f in files])
        parts = []
        for path in files:
            try:
                data = json_capped(read_capped(path))
            except Unreadable as why:
                fail(f"{path}: {why}")
            except json.JSONDecodeError as error:
                fail(f"{path}:{error.lineno}:{error.colno}: not JSON: {error.msg}")
            try:
                parts.append(load_stats(data))
            except UsageError as error:
                fail(f"{path}: {error}")
        _emit([merge_all(parts)], as_json, csv_file, out)

    @app.command()
    @run_safely
    def compare(
        variants: Annotated[list[str], typer.Argument(
            help="Two or more variants; add overrides with @: "
            "auction-pitch@points.low_goes_to=holder.")],
        games: GamesOption = 1000,
        seed: SeedOption = "1",
        bots: BotsOption = "calibrated",
        workers: WorkersOption = 1,
        sets: SetOption = None,
        hands: HandsOption = None,
        as_json: JsonOption = False,
        csv_file: CsvOption = None,
        out: Annotated[Path | None, typer.Option(
            "--out", help="Also write the JSON comparison to this file.",
            show_default=False)] = None,
        html: HtmlOption = None,
        force: ForceOption = False,
        move_time_limit: MoveTimeOption = DEFAULT_MOVE_SECONDS,
    ) -> None:
        """Simulate several variants on the same deals and mark significant differences."""
        from pitchkit.simulate import compare as run

        if len(variants) < 2:
            fail("compare needs two or more variants", 2)
        loaded = []
        names = []
        for spec in variants:
            name, extra = _split_variant(spec)
            names.append(name)
            loaded.append((spec, load_rules_or_exit(name, [*(sets or []), *extra])))
        _check_outputs(csv_file, out, html, force, names)
        with _progress(True) as update:
            parts = run(loaded, games=games, seed=_seed(seed), bots=bots, workers=workers,
                        hands=hands, progress=update, move_time_limit=move_time_limit or None)
        _emit(parts, as_json, csv_file, out, compare=True, html=html, force=force)
