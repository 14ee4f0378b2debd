"""Commands on variant files: validate, list, show, explain, diff, new, schema."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml

from pitchkit import load
from pitchkit.cli_common import (
    EXIT_INVALID,
    EXIT_USAGE,
    ForceOption,
    HtmlOption,
    SetOption,
    fail,
    load_rules_or_exit,
    run_safely,
)
from pitchkit.errors import Problem
from pitchkit.variant import rules_to_mapping

#: Problems printed per variant by ``validate`` (the most relevant first); --json has all.
MAX_SHOWN = 10


def _problem_json(problem: Problem) -> dict[str, Any]:
    return {"file": problem.file, "line": problem.line, "column": problem.column,
            "path": problem.path, "message": problem.message, "text": str(problem)}


@run_safely
def validate(
    variants: Annotated[list[str], typer.Argument(help="Variant files or shipped names.",
                                                  metavar="PATH_OR_NAME")],
    sets: SetOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON report.")] = False,
) -> None:
    """Check variant files: exit 0 when all are valid, 1 when any is not, 2 on bad usage."""
    results = []
    for variant in variants:
        checked = load.check_variant(variant, tuple(sets or ()))
        results.append((variant, checked))
    ok = all(c.rules is not None for _, c in results)
    if as_json:
        report = {
            "valid": ok,
            "variants": [
                {"variant": v, "valid": c.rules is not None,
                 "problems": [_problem_json(p) for p in c.problems],
                 "notes": [_problem_json(p) for p in c.notes]}
                for v, c in results
            ],
        }
        typer.echo(json.dumps(report, indent=2))
    else:
        for variant, checked in results:
            if checked.rules is not None:
                typer.echo(f"{variant}: ok")
            for problem in checked.problems[:MAX_SHOWN]:
                typer.echo(f"{problem}")
            if len(checked.problems) > MAX_SHOWN:
                typer.echo(f"{variant}: ... and {len(checked.problems) - MAX_SHOWN} more "
                           "problems (--json lists them all)")
            for note in checked.notes:
                typer.echo(f"{note} (note)")
    if not ok:
        raise typer.Exit(EXIT_INVALID)


@run_safely
def list_variants() -> None:
    """The shipped variants, one line each."""
    shipped = load.shipped_variants()
    width = max((len(name) for name, _ in shipped), default=0)
    for name, path in shipped:
        try:
            description = load.load_variant(path).description
        except Exception as error:  # a broken shipped file still gets its line
            description = f"(invalid: {error})"
        typer.echo(f"{name:<{width}}  {description}")


class _ShowDumper(yaml.SafeDumper):
    """Sections as blocks, lists of plain values on one line."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(v, (dict, list)) for v in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_ShowDumper.add_representer(list, _represent_list)


def show_text(variant: str, sets: list[str] | None) -> str:
    rules = load_rules_or_exit(variant, sets)
    header = (f"# yaml-language-server: $schema={_schema_ref(Path.cwd())}\n"
              f"# {rules.name}: every setting, resolved from {variant}"
              + (f" with --set {' --set '.join(sets)}" if sets else "") + "\n")
    body = yaml.dump(rules_to_mapping(rules), Dumper=_ShowDumper, sort_keys=False,
                     allow_unicode=True, width=100)
    return header + body


@run_safely
def show(variant: Annotated[str, typer.Argument(help="Variant file or shipped name.")],
         sets: SetOption = None) -> None:
    """The fully resolved rule set, every default filled in, as YAML that loads back."""
    typer.echo(show_text(variant, sets), nl=False)


@run_safely
def explain(variant: Annotated[str, typer.Argument(help="Variant file or shipped name.")],
            sets: SetOption = None, html: HtmlOption = None, force: ForceOption = False
            ) -> None:
    """A rules sheet in Markdown that a group can print and play from."""
    from pitchkit.explain import explain_rules

    rules = load_rules_or_exit(variant, sets)
    sheet = explain_rules(rules)
    if html is not None:
        from pitchkit.html import rules_html, write_new_file

        write_new_file(html, rules_html(sheet, f"{rules.name}: rules"), force=force)
    typer.echo(sheet, nl=False)


@run_safely
def diff(a: Annotated[str, typer.Argument(help="First variant (file or shipped name).")],
         b: Annotated[str, typer.Argument(help="Second variant (file or shipped name).")],
         sets: SetOption = None,
         sets_a: Annotated[list[str] | None, typer.Option(
             "--set-a", metavar="KEY.PATH=VALUE", show_default=False,
             help="Override a setting of the first variant (repeatable).")] = None,
         ) -> None:
    """The rule differences between two variants, in words (--set applies to B)."""
    from pitchkit.explain import describe_differences

    rules_a = load_rules_or_exit(a, sets_a)
    rules_b = load_rules_or_exit(b, sets)
    label_b = b + (f" --set {' --set '.join(sets)}" if sets else "")
    label_a = a + (f" --set {' --set '.join(sets_a)}" if sets_a else "")
    lines = describe_differences(rules_a, rules_b, label_a, label_b)
    if not lines:
        typer.echo(f"{label_a} and {label_b} have the same rules.")
        return
    typer.echo(f"From {label_a} to {label_b}:")
    for line in lines:
        typer.echo(f"- {line}")


@run_safely
def new(file: Annotated[Path, typer.Argument(help="The house-rules file to write.")],
        base: Annotated[str, typer.Option("--from", help="The variant it extends.")]
        = "auction-pitch",
        sets: SetOption = None,
        name: Annotated[str | None, typer.Option(help="Short name (default: file stem).")]
        = None) -> None:
    """Write a house-rules file that extends BASE, with the usual settings as comments."""
    from pitchkit.explain import new_variant_text

    if file.exists():
        fail(f"{file} already exists; not overwriting it", EXIT_USAGE)
    rules = load_rules_or_exit(base, sets)
    base_ref = base
    if load._looks_like_path(base) or base not in dict(load.shipped_variants()):
        base_path = load.find_variant(base).resolve()
        try:
            base_ref = str(base_path.relative_to(file.resolve().parent))
        except ValueError:
            base_ref = str(base_path)
    if name is not None and not isinstance(yaml.safe_load(name), str):
        fail(f"--name {name}: YAML would read it as {yaml.safe_load(name)!r}, not a name; "
             f"use letters too, e.g. house-{name}", EXIT_USAGE)
    text = new_variant_text(rules, base_ref, name or _slug(file.stem), list(sets or ()),
                            _schema_ref(file.resolve().parent))
    try:
        with open(file, "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        fail(f"{file} already exists; not overwriting it", EXIT_USAGE)
    except OSError as error:
        fail(f"cannot write {file}: {error.strerror or error}")
    problems = load.validate_file(file)
    if problems:  # should not happen; say so rather than leave a broken file unnoticed
        fail(f"wrote {file}, but it does not validate: {problems[0]}")
    typer.echo(f"wrote {file} (extends {base_ref}); check it with: pitchkit validate {file}")


def _schema_ref(folder: Path) -> str:
    """Where editors find the schema, as written on a file's ``$schema`` line.

    Inside a pitchkit checkout: the schema's path relative to ``folder``, which moves
    with the checkout. Anywhere else: the schema's ``$id`` URL, never a path into an
    installed package, which breaks when the virtual environment moves.
    """
    target = load.schema_path().resolve()
    checkout = target.parent.parent
    if (checkout / "pyproject.toml").is_file() and folder.resolve().is_relative_to(checkout):
        return os.path.relpath(target, folder.resolve())
    return str(load.load_schema()["$id"])


def _slug(text: str) -> str:
    out = "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")
    while "--" in out:
        out = out.replace("--", "-")
    out = out or "house-rules"
    # a name YAML would read as a number or a boolean (2025, 1e3, true) is not a name
    return out if isinstance(yaml.safe_load(out), str) else f"house-{out}"


@run_safely
def schema() -> None:
    """Print the JSON Schema of variant files."""
    typer.echo(json.dumps(load.load_schema(), indent=2))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command()(validate)
    app.command("list")(list_variants)
    app.command()(show)
    app.command()(explain)
    app.command()(diff)
    app.command()(new)
    app.command()(schema)
