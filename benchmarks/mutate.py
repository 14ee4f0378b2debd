"""Mutation testing of the rules modules: does some test fail when a rule is changed?

    python benchmarks/mutate.py --sample 60 --seed 1          # a random sample (CPU-light)
    python benchmarks/mutate.py --modules play,tricks         # every mutant of two modules
    python benchmarks/mutate.py --list --modules money        # list the mutants, run nothing
    python benchmarks/mutate.py --where draw:1-186            # the mutants on these lines

Each mutant is one small change to one module's syntax tree:

- ``op``: an arithmetic, bitwise or shift operator swapped (``+`` <-> ``-``, ``&`` <-> ``|``,
  ``<<`` <-> ``>>``, ``//`` -> ``*`` ...), also in ``x += 1``;
- ``cmp``: a comparison moved across its boundary or negated (``<`` -> ``<=``, ``==`` ->
  ``!=``, ``in`` -> ``not in``, ``is`` -> ``is not``);
- ``bool``: ``and`` <-> ``or``, a ``not`` dropped, ``True`` <-> ``False``;
- ``const``: an integer constant ``k`` -> ``k + 1`` (``1`` -> ``0``);
- ``del``: a statement (assignment, call, return, raise, break, continue) replaced by ``pass``.

Strings, docstrings, f-strings (messages), type annotations, ``assert`` statements and the
``TYPE_CHECKING`` block are left alone, and so is a function's last ``return`` /
``return None`` (falling off the end does the same). The mutant runs in a copy of the tree
(the source is never touched) under only the test files relevant to its module, first
failure stops it (``-x``), bounded by a timeout (a multiple of the clean run's time; a
timeout counts as killed, as in every mutation tool: an infinite loop is caught).

A mutant meets the tests in stages, cheapest first, and leaves at its first kill:

1. ``fast``: the module's own few test files (``FAST``), in a forked child of one pytest
   session that collected them once, with the mutated code swapped into the one function
   that changed (see the runner below): a killed mutant costs some 0.3 s, not the 5 s of
   a new pytest process;
2. ``covered``: the tests of all the module's files (``RELEVANT``) that execute one of the
   mutant's lines, forked the same way: a traced clean run records each test's lines of
   the module (and its time), so a mutant of a rarely used clause meets its few tests,
   not the whole list (``--budget``: only the quickest that fit; ``--no-cover``: all of
   them at once), then ``forked``: all of RELEVANT, for a mutant the covering tests leave
   alive (a test can see a change through a cache another filled; ``--no-fallback``
   skips this);
3. ``exact``: RELEVANT in a process of its own with the mutant written into the module,
   for changes the runner cannot swap in (module-level constants, class fields, default
   arguments, decorators) and, with ``--exact``, for every survivor of stage 2.

Prints the kill rate per module, the first test that failed for each kill, and every
surviving mutant as ``file:line``. A mutant survives only when its tests ran and passed:
a run stopped by Ctrl-C or SIGTERM, by a runner that died or ended without a mutant's
outcome, or by an interrupt of a mutant's tests, says why in one line and prints the
table of the mutants that met the tests. Mutants that cannot change any result (equivalent)
are listed, with the reason, in ``benchmarks/mutants_equivalent.txt`` (module, source
line, change); they are reported apart and not run (``--run-equivalent`` runs them), so
the score that counts is killed / (run - equivalent).
"""

from __future__ import annotations

import argparse
import ast
import functools
import gc
import inspect
import os
import pickle
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parent.parent
RULES_MODULES = ("alone", "auction", "call", "cards", "checks", "closing", "combos", "dealing",
                 "draw", "engine", "fastscore", "flow", "fold", "hand_end", "money", "plan", "play",
                 "scoring", "sell", "settle", "tricks", "weak_hand")
#: Test files run against a mutant of each module (globs under tests/), most specific and
#: fastest first so that most mutants die within seconds.
_ENGINE = ("test_rules_*.py", "test_source_*.py", "test_record.py", "test_draw.py",
           "test_engine_settings.py", "test_engine_random_step.py",
           "test_tricks_definition.py", "test_engine_properties.py")
#: the table rules of issue 10 (weak hands, several sides reaching the target, high spade)
_TABLE = ("test_table_rules.py",)
_SCORING = ("test_scoring.py", "test_scoring_variants.py", "test_rules_points.py",
            "test_rules_clauses.py", *_TABLE, "test_scoring_games.py", "test_game_end.py",
            "test_source_*.py", "test_record.py", "test_engine_settings.py",
            "test_scoring_properties.py", "test_table_rows.py", "test_scoring_cli.py")
RELEVANT: dict[str, tuple[str, ...]] = {
    "auction": ("test_mut_auction.py", *_ENGINE),
    "call": ("test_call.py", *_ENGINE),
    "closing": ("test_game_end.py", "test_money.py", *_SCORING, *_ENGINE),
    "checks": ("test_checks.py", "test_load.py", "test_cli_variants.py",
               "test_load_properties.py", "test_decks.py", "test_weak_hand_misdeal.py",
               "test_weak_hand_strong_ranks.py", "test_table_rules.py", "test_table_rows.py",
               "test_hardening_variants.py"),
    "combos": ("test_combos.py", *_SCORING),
    "dealing": ("test_dealing*.py", "test_weak_hand*.py", *_ENGINE, *_TABLE),
    "draw": ("test_mut_draw.py", "test_draw*.py", "test_call.py", *_ENGINE),
    "flow": ("test_mut_flow.py", "test_flow.py", "test_draw*.py", "test_call.py",
             "test_play_state.py", "test_weak_hand*.py", "test_rules_throw_in.py", *_ENGINE),
    "money": ("test_money.py", "test_rules_clauses.py", "test_source_a.py", "test_record.py",
              "test_engine_settings.py", "test_simulate.py"),
    "plan": (*_ENGINE, "test_call.py", "test_weak_hand*.py", "test_dealing*.py", *_TABLE),
    "play": ("test_mut_play.py", "test_play_voids.py", *_ENGINE),
    "scoring": ("test_mut_scoring.py", *_SCORING),
    "sell": ("test_draw.py", "test_keep.py", *_ENGINE),
    "settle": ("test_mut_settle.py", "test_settle.py", *_SCORING),
    "tricks": ("test_mut_tricks.py", "test_tricks*.py", "test_play_voids.py", *_ENGINE),
    "weak_hand": ("test_weak_hand*.py", *_TABLE, *_ENGINE),
    "alone": ("test_alone_clauses.py", "test_mut_flow.py", "test_table_rows.py",
              "test_keep*.py", *_ENGINE),
    "fold": ("test_fold_clauses.py", "test_mut_flow.py", "test_flow.py", "test_draw.py",
             *_ENGINE),
    "hand_end": ("test_hand_end_clauses.py", "test_play_state.py", "test_table_rows.py",
                 "test_call.py", "test_money.py", *_SCORING, *_ENGINE),
    "fastscore": ("test_fastscore_clauses.py", "test_fastscore.py", "test_fastsim.py"),
    "cards": ("test_cards.py", "test_fastsim.py", *_ENGINE),
    "engine": ("test_mut_engine*.py", "test_mut_flow.py", "test_play_state.py",
               "test_play_voids.py", "test_rules_clauses.py", "test_flow.py", "test_draw*.py",
               "test_call.py",
               "test_weak_hand*.py", "test_game_end.py", "test_keep.py",
               "test_bots_bid_player.py", "test_bots_card_player.py", "test_fastsim.py",
               "test_fuzz.py", *_TABLE, *_ENGINE),
}
#: The first stage's tests of a module (a few seconds: its own rule clauses); a mutant they
#: leave alive meets all of RELEVANT. A module without FAST starts with RELEVANT's first.
FAST: dict[str, tuple[str, ...]] = {
    "engine": ("test_mut_engine*.py", "test_mut_flow.py"),
    "auction": ("test_mut_auction.py", "test_rules_play_auction.py", "test_rules_may_equal.py",
                "test_rules_clauses.py", "test_rules_pinned.py", "test_draw.py",
                "test_engine_random_step.py", "test_source_a.py", "test_source_b.py"),
    "draw": ("test_mut_draw.py", "test_draw*.py", "test_call.py"),
    "play": ("test_mut_play.py", "test_rules_play.py", "test_rules_trump_order.py",
             "test_rules_pinned.py", "test_play_state.py", "test_play_voids.py"),
    "scoring": ("test_mut_scoring.py", "test_scoring.py", "test_rules_points.py",
                "test_scoring_variants.py", "test_table_rules.py", "test_table_rows.py",
                "test_rules_clauses.py"),
    "flow": ("test_mut_flow.py", "test_flow.py", "test_draw*.py", "test_call.py",
             "test_play_state.py", "test_rules_pinned.py", "test_rules_play_auction.py",
             "test_rules_clauses.py", "test_source_c.py", "test_weak_hand*.py"),
    "tricks": ("test_mut_tricks.py", "test_rules_trump_order.py", "test_rules_play.py",
               "test_tricks_definition.py"),
}
EQUIVALENT_FILE = ROOT / "benchmarks" / "mutants_equivalent.txt"

_BINOPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.FloorDiv, ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr, ast.LShift: ast.RShift, ast.RShift: ast.LShift,
}
_CMPOPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/",
           ast.Mod: "%", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<",
           ast.RShift: ">>", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
           ast.Eq: "==", ast.NotEq: "!=", ast.Is: "is", ast.IsNot: "is not", ast.In: "in",
           ast.NotIn: "not in"}
_DELETABLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Raise,
              ast.Break, ast.Continue)


@dataclass(frozen=True)
class Mutant:
    module: str
    index: int  # the index-th mutation point of the module, in tree order
    line: int
    change: str
    #: the top-level function or method ("Class.method") whose body holds the change, or
    #: None for module-level code (constants, class fields, defaults, decorators)
    scope: str | None = None
    #: the changed node's last line (a statement or expression may span several)
    end_line: int = 0

    @property
    def lines(self) -> range:
        """The lines whose code the change touches."""
        return range(self.line, max(self.line, self.end_line) + 1)

    @property
    def where(self) -> str:
        return f"pitchkit/{self.module}.py:{self.line}"


class _Mutator(ast.NodeTransformer):
    """Walks a tree in a fixed order, numbering mutation points; with ``target`` set,
    applies that one point and leaves the rest."""

    def __init__(self, target: int = -1) -> None:
        self.target = target
        self.points: list[tuple[int, int, str, str | None]] = []
        self._classes: list[str] = []
        self._scope: str | None = None
        self._final_return: ast.stmt | None = None

    def _point(self, node: ast.AST, change: str) -> bool:
        """Register a point; True if it is the one to apply."""
        line = getattr(node, "lineno", 0)
        self.points.append((line, getattr(node, "end_lineno", None) or line, change,
                            self._scope))
        return len(self.points) - 1 == self.target

    # --- left alone: messages, docs, annotations, invariants, type-only imports
    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return node

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        return node

    def visit_If(self, node: ast.If) -> ast.AST:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return node
        return self._statement(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.returns = None
        outer, final = self._scope, self._final_return
        if outer is None:
            self._scope = ".".join([*self._classes, node.name])
        last = node.body[-1]
        # a last ``return`` / ``return None`` does what falling off the end does: no mutant
        self._final_return = last if (isinstance(last, ast.Return) and (
            last.value is None or (isinstance(last.value, ast.Constant)
                                   and last.value.value is None))) else None
        node.body = self._body(node.body)
        self._scope, self._final_return = outer, final
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args = self.visit(node.args)
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        self._classes.append(node.name)
        node.body = self._body(node.body)
        self._classes.pop()
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is None:
            return node
        node.value = self.visit(node.value)
        return node

    def _body(self, body: list[ast.stmt]) -> list[ast.stmt]:
        if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            return [body[0], *(self.visit(s) for s in body[1:])]  # the docstring stays
        return [self.visit(s) for s in body]

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, ast.stmt):
            return self._statement(node)
        return super().generic_visit(node)

    def _statement(self, node: ast.stmt) -> ast.AST:
        if (isinstance(node, _DELETABLE) and not _is_docstring(node)
                and node is not self._final_return):
            text = ast.unparse(node).splitlines()[0][:60]
            if self._point(node, f"del: {text}"):
                return ast.copy_location(ast.Pass(), node)
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(node, field, self._body(value))
            elif isinstance(value, list):
                setattr(node, field, [self.visit(v) if isinstance(v, ast.AST) else v
                                      for v in value])
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        return node

    # --- the mutation operators
    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        new = _BINOPS.get(type(node.op))
        if new is not None and self._point(
                node, f"op: {_SYMBOL[type(node.op)]} -> {_SYMBOL[new]}"):
            node.op = new()
        return super().generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        result = self._statement(node)
        new = _BINOPS.get(type(node.op))
        if new is not None and self._point(
                node, f"op: {_SYMBOL[type(node.op)]}= -> {_SYMBOL[new]}="):
            node.op = new()
        return result

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        ops = list(node.ops)
        for i, op in enumerate(ops):
            new = _CMPOPS[type(op)]
            if self._point(node, f"cmp: {_SYMBOL[type(op)]} -> {_SYMBOL[new]}"):
                ops[i] = new()
        node.ops = ops
        return super().generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        swap = "and -> or" if isinstance(node.op, ast.And) else "or -> and"
        if self._point(node, f"bool: {swap}"):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        return super().generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        if isinstance(node.op, ast.Not) and self._point(node, "bool: not dropped"):
            return self.visit(node.operand)
        if isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant) \
                and self._point(node, "op: unary - dropped"):
            return self.visit(node.operand)
        return super().generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, bool):
            if self._point(node, f"bool: {value} -> {not value}"):
                return ast.copy_location(ast.Constant(not value), node)
        elif isinstance(value, int):
            new = 0 if value == 1 else value + 1
            if self._point(node, f"const: {value} -> {new}"):
                return ast.copy_location(ast.Constant(new), node)
        return node


def _is_docstring(node: ast.stmt) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


#: where the sources are read from: the run's own copy of the tree once it is made, so that
#: a rebase or an edit during a run changes nothing it mutates
_SOURCE_ROOT = [ROOT]


@functools.cache
def _source(module: str) -> str:
    """The module's source as it was when first read (the run's own copy)."""
    return (_SOURCE_ROOT[0] / "pitchkit" / f"{module}.py").read_text()


def mutants_of(module: str) -> list[Mutant]:
    mutator = _Mutator()
    mutator.visit(ast.parse(_source(module)))
    return [Mutant(module, i, line, change, scope, end)
            for i, (line, end, change, scope) in enumerate(mutator.points)]


def mutated_source(mutant: Mutant) -> str:
    mutator = _Mutator(mutant.index)
    tree = mutator.visit(ast.parse(_source(mutant.module)))
    return ast.unparse(ast.fix_missing_locations(tree))


class Listed:
    """The mutants of EQUIVALENT_FILE, one a line: ``module | source line (stripped) |
    change | reason`` (``module:function`` names one function's line, when the same text
    is in several; ``change #n`` the n-th mutant of that text and change). A line is
    matched by its beginning, since a line of code or a change may hold the separator
    itself (``op: & -> |``)."""

    def __init__(self, path: Path = EQUIVALENT_FILE) -> None:
        self.lines = [raw for raw in (path.read_text().splitlines() if path.exists() else ())
                      if raw.strip() and not raw.startswith("#")]

    def __contains__(self, key: str) -> bool:
        return any(raw.startswith(key) for raw in self.lines)


def load_equivalent() -> Listed:
    """The mutants known to change no result (``is_listed(m, load_equivalent())``)."""
    return Listed()


def equivalent_key(mutant: Mutant) -> str:
    """The beginning of the mutant's line in EQUIVALENT_FILE."""
    line = _source(mutant.module).splitlines()[mutant.line - 1].strip()
    return f"{mutant.module} | {line} | {mutant.change} | "


def equivalent_keys(mutant: Mutant) -> tuple[str, ...]:
    """The beginnings that name the mutant in EQUIVALENT_FILE: ``module | ...``, or
    ``module:scope | ...`` (its function or method) for a line whose text occurs in
    several functions (``return ()``); and when the module has several mutants of the same
    line text and change (``const: 1 -> 0`` of ``budget + 1, ... - 1``, or two
    ``continue`` in one function), each also as the n-th of them: ``... | change #n | ``
    (n from 1, in the module's order)."""
    key = equivalent_key(mutant)
    keys = [key]
    if mutant.scope is not None:
        keys.append(key.replace(f"{mutant.module} | ", f"{mutant.module}:{mutant.scope} | ", 1))
    n, count = _siblings(mutant.module, _source(mutant.module))[mutant.index]
    if count > 1:
        keys += [f"{k[:-3]} #{n} | " for k in keys]
    return tuple(keys)


@functools.lru_cache(maxsize=32)
def _siblings(module: str, source: str) -> dict[int, tuple[int, int]]:
    """Per mutant index: its place (from 1) among the module's mutants of the same line
    text and change, and how many those are (``source``: the module's, the cache's key)."""
    lines = source.splitlines()
    groups: dict[tuple[str, str], list[int]] = {}
    for m in mutants_of(module):
        groups.setdefault((lines[m.line - 1].strip(), m.change), []).append(m.index)
    return {index: (n, len(group)) for group in groups.values()
            for n, index in enumerate(group, 1)}


def is_listed(mutant: Mutant, listed: Listed) -> bool:
    return any(key in listed for key in equivalent_keys(mutant))


def test_files(module: str, tree_root: Path, fast: bool = False) -> list[str]:
    """The module's test files under ``tree_root``: all of RELEVANT, or with ``fast`` its
    FAST few (RELEVANT's first file when it has none)."""
    patterns = FAST.get(module, RELEVANT[module][:1]) if fast else RELEVANT[module]
    out: list[str] = []
    for pattern in patterns:
        for path in sorted((tree_root / "tests").glob(pattern)):
            name = f"tests/{path.name}"
            if name not in out:
                out.append(name)
    return out


def copy_tree(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", "*.pyc")
    for name in ("pitchkit", "tests", "schemas", "variants"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    # the tests that check the README's examples read it (test_engine_random_step.py)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, dest / name)


def _env(tree_root: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(tree_root), PYTHONDONTWRITEBYTECODE="1", CI="1")


#: pytest's arguments for a mutant's run: the first failure stops it; asserts are plain (a
#: failing assert on two long lists costs seconds of difflib to describe, which no one reads)
#: the exit status of a run of the tests that an interrupt stopped (neither passed nor
#: failed; pytest's own 2 also means a collection error, which a mutant can cause)
_INTERRUPTED = 75
_PYTEST_ARGS = ("-x", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--assert=plain",
                "--tb=line")


def run_tests(tree_root: Path, files: list[str], timeout: float) -> tuple[str, float]:
    """("passed" | "failed" | "timeout", seconds) for the tests on the tree's code;
    Unfinished if an interrupt stopped them."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--pytest", "--", *files]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=tree_root, env=_env(tree_root), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return "timeout", time.perf_counter() - start
    except BaseException:  # interrupted: stop the mutant's tests too
        os.killpg(proc.pid, signal.SIGKILL)
        raise
    if code in (_INTERRUPTED, -signal.SIGINT, -signal.SIGTERM):
        raise Unfinished(f"an interrupt stopped the tests (exit code {code})")
    return ("passed" if code == 0 else "failed"), time.perf_counter() - start


def run_staged(tree_root: Path, files: list[str], timeout: float) -> tuple[str, float]:
    """run_tests on the first (most specific) test file alone, then on the rest: most
    mutants die in the first file, and pytest collects every file it is given before it
    runs one, so a kill there costs one file's start-up, not all of theirs."""
    outcome, first = run_tests(tree_root, files[:1], timeout)
    if outcome != "passed" or len(files) == 1:
        return outcome, first
    outcome, rest = run_tests(tree_root, files[1:], max(1.0, timeout - first))
    return outcome, first + rest


def run_subprocess(mutant: Mutant, tree_root: Path, files: list[str], timeout: float
                   ) -> tuple[str, float]:
    """The mutant written into the tree's copy of its module, its tests in a new
    process (the exact way: every import sees the mutant)."""
    target = tree_root / "pitchkit" / f"{mutant.module}.py"
    target.write_text(mutated_source(mutant))
    try:
        return run_staged(tree_root, files, timeout)
    finally:
        target.write_text(_source(mutant.module))


# ------------------------------------------------------------------ the forking runner
#
# Starting pytest, importing pitchkit and hypothesis and collecting the tests costs about
# 1.3 s of CPU per process, more than running a module's own tests. The runner pays it
# once: a pytest session (a process of its own, on the tree's copy) collects the tests,
# then forks a child per mutant; the child swaps the mutated code object into the one
# function or method that changed (every ``from pitchkit.x import f`` sees it, since the
# function object stays the same) and runs the collected tests. Module-level changes
# (constants, class fields, default arguments, decorators) cannot be swapped in and run
# the exact way (run_subprocess); so does every mutant the runner leaves alive, since the
# runner may miss what happens at import (a table built from the module's functions).


def _functions(code: types.CodeType, prefix: str = "") -> dict[str, types.CodeType]:
    """Qualified name -> code of each function and method a module's code defines."""
    out: dict[str, types.CodeType] = {}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            name = prefix + const.co_name
            if const.co_flags & inspect.CO_NEWLOCALS:
                out[name] = const
            else:  # a class body
                out.update(_functions(const, name + "."))
    return out


def _live(module: types.ModuleType, scope: str) -> types.FunctionType | None:
    """The function object that runs ``scope``'s code, through decorators and wrappers."""
    obj: object = module
    for part in scope.split("."):
        if not isinstance(obj, (type, types.ModuleType)):
            return None
        obj = vars(obj).get(part)
    return _unwrap(obj, scope.rsplit(".", 1)[-1], module.__name__, 0)


def _unwrap(obj: object, name: str, module: str, depth: int) -> types.FunctionType | None:
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, property):
        obj = obj.fget
    if (isinstance(obj, types.FunctionType) and obj.__code__.co_name == name
            and obj.__module__ == module):
        return obj
    if depth > 4:
        return None
    inner = [getattr(obj, "__wrapped__", None)]
    for cell in getattr(obj, "__closure__", None) or ():
        try:
            inner.append(cell.cell_contents)
        except ValueError:  # an empty cell
            continue
    for candidate in inner:
        if callable(candidate):
            found = _unwrap(candidate, name, module, depth + 1)
            if found is not None:
                return found
    return None


def _empty_caches() -> None:
    """Forget every value pitchkit's caches hold (lru_cache, memo.per_rule_set), so a
    mutant's function is not skipped for a value worked out before it was swapped in."""
    for obj in gc.get_objects():
        try:  # an object may answer any name (ctypes' cdll dlopens it): not a cache
            if not str(getattr(obj, "__module__", "")).startswith("pitchkit"):
                continue
            clear = getattr(obj, "cache_clear", None)
        except Exception:
            continue
        if callable(clear):
            clear()
        elif (isinstance(obj, types.FunctionType) and obj.__code__.co_name == "cached"
              and obj.__module__ == "pitchkit.memo"):
            for cell in obj.__closure__ or ():
                content = cell.cell_contents
                if isinstance(content, dict):
                    content.clear()


class _QuickFailure:
    """A pytest plugin: hypothesis stops at the first failing example (no shrinking, no
    explaining): a mutant needs one failure, and shrinking one (with the explain phase's
    line tracing) took the 20-30 s of a timeout on many mutants of a random step. The
    profile is loaded right after tests/conftest.py loads its own, before any test module
    is imported: a test's @settings copies the profile in force when it is decorated.
    It also notes an interrupt (run_pytest's status _INTERRUPTED)."""

    interrupted = False

    def pytest_keyboard_interrupt(self, excinfo: Any) -> None:
        import pytest

        # pytest stops at a collection error or at -x's first failure by raising its own
        # subclass: that is an outcome, not an interrupt
        if not isinstance(excinfo.value, pytest.Session.Interrupted):
            self.interrupted = True

    def pytest_plugin_registered(self, plugin: object) -> None:
        if str(getattr(plugin, "__file__", "")).endswith(os.path.join("tests", "conftest.py")):
            from hypothesis import Phase, settings

            settings.register_profile("mutate", parent=settings(),
                                      phases=(Phase.explicit, Phase.reuse, Phase.generate))
            settings.load_profile("mutate")


def run_pytest(files: list[str]) -> int:
    """A mutant's tests the exact way (a process of its own), with _QuickFailure."""
    import pytest

    quick = _QuickFailure()
    code = int(pytest.main([*_PYTEST_ARGS, *files], plugins=[quick]))
    return _INTERRUPTED if quick.interrupted else code


class _ForkLoop:
    """A pytest plugin: collect once, then run the session's tests once per mutant, each
    in a forked child; one line per mutant on ``out``: index, outcome, seconds, the first
    failing test and the stage that decided.

    With ``cover``, the clean run is traced: it records which lines of the module each
    test executes (and how long it takes), and a mutant first meets only the tests that
    execute one of its lines (stage ``covered``: most mutants die there in a second or
    two, where the whole list takes 20 s and more); a mutant they leave alive then meets
    every test (stage ``forked``), since a test can also see a change through a value a
    covering test left behind (a cache), or through a line no test reaches but the
    mutant's (a ``del`` of a ``return`` runs the lines below it). ``fallback`` False
    skips that second run (quicker, but a survivor may be a false one). With ``budget``
    (seconds, of the traced run), a mutant meets only the quickest covering tests whose
    traced times fit in it (at least one): one that survives them is reported
    ``partial``, neither killed nor a survivor, and meets no other test (a line that
    every test runs, as a constructor's, would cost the whole list each)."""

    def __init__(self, module: str, indices: list[int], timeout_factor: float,
                 out: TextIO, cover: bool = False, fallback: bool = True,
                 budget: float = 0.0) -> None:
        self.module = module
        self.indices = indices
        self.timeout_factor = timeout_factor
        self.out = out
        self.cover = cover
        self.fallback = fallback
        self.budget = budget
        self.first_failure = ""

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.failed and not self.first_failure:
            self.first_failure = report.nodeid

    def pytest_runtestloop(self, session: Any) -> bool:
        if session.testsfailed:  # collection errors
            self._say("clean", "error", 0.0, "collection failed")
            return True
        module = sys.modules[f"pitchkit.{self.module}"]
        items = list(session.items)
        _empty_caches()
        covered: list[frozenset[int]] = []
        durations: list[float] = []
        if self.cover:
            outcome, seconds, failure, covered, durations = self._traced(
                session, module.__file__ or "")
        else:
            outcome, seconds, failure = self._fork(session, None, 3600.0)
        self._say("clean", outcome, seconds, failure)
        if outcome != "passed":
            return True
        timeout = max(20.0, self.timeout_factor * seconds)
        mutants = mutants_of(self.module)
        for index in self.indices:
            mutant = mutants[index]
            assert mutant.scope is not None
            code = _functions(compile(mutated_source(mutant), module.__file__ or "", "exec"))
            live = _live(module, mutant.scope)
            new = code.get(mutant.scope)
            if (live is None or new is None
                    or new.co_freevars != live.__code__.co_freevars):
                self._say(str(index), "unswappable", 0.0, "")
                continue
            spent = 0.0
            if self.cover:
                lines = set(mutant.lines)
                chosen = [i for i, seen in enumerate(covered) if not seen.isdisjoint(lines)]
                covering = len(chosen)
                if chosen and self.budget:  # the quickest covering tests that fit
                    chosen.sort(key=durations.__getitem__)
                    total = 0.0
                    for k, i in enumerate(chosen):
                        total += durations[i]
                        if total > self.budget and k:
                            chosen = sorted(chosen[:k])
                            break
                    else:
                        chosen.sort()
                if chosen:
                    budget = max(20.0, self.timeout_factor * sum(durations[i] for i in chosen))
                    outcome, spent, failure = self._fork(session, (live, new), budget,
                                                         [items[i] for i in chosen])
                    partial = len(chosen) < covering
                    if outcome == "interrupted":
                        self._say(str(index), outcome, spent, failure)
                        break
                    if outcome == "passed" and partial:
                        # not every covering test met it: a survivor only maybe
                        self._say(str(index), "partial", spent, "",
                                  f"covered, {len(chosen)} of the {covering} covering tests "
                                  f"(--budget {self.budget:g} s)")
                        continue
                    if outcome != "passed" or not self.fallback:
                        self._say(str(index), outcome, spent, failure,
                                  f"covered, {len(chosen)} of {len(items)} tests")
                        continue
                elif not self.fallback:
                    self._say(str(index), "passed", 0.0, "", "covered, no test runs it")
                    continue
            outcome, seconds, failure = self._fork(session, (live, new), timeout)
            # the fallback's stage is "forked"; without cover the parent names the stage
            self._say(str(index), outcome, spent + seconds, failure,
                      "forked" if self.cover else "")
            if outcome == "interrupted":
                break
        return True

    def _say(self, what: str, outcome: str, seconds: float, failure: str,
             stage: str = "") -> None:
        self.out.write(f"{what}\t{outcome}\t{seconds:.2f}\t{failure}\t{stage}\n")
        self.out.flush()

    def _traced(self, session: Any, filename: str
                ) -> tuple[str, float, str, list[frozenset[int]], list[float]]:
        """The clean run, forked, with the lines of ``filename`` each test executes and
        each test's seconds (traced, so an upper bound of its untraced time)."""
        items = session.items
        seen: list[set[int]] = [set() for _ in items]
        durations = [0.0] * len(items)
        current = [seen[0] if seen else set()]

        def local(frame: types.FrameType, event: str, arg: object) -> Any:
            if event == "line":
                current[0].add(frame.f_lineno)
            return local

        def call(frame: types.FrameType, event: str, arg: object) -> Any:
            if frame.f_code.co_filename == filename:
                current[0].add(frame.f_lineno)
                return local
            return None

        def before(i: int) -> None:
            if i:
                durations[i - 1] = time.perf_counter() - durations[i - 1]
            if i < len(items):
                current[0] = seen[i]
                durations[i] = time.perf_counter()
                sys.settrace(call)
            else:
                sys.settrace(None)

        path = Path(f"coverage-{os.getpid()}.pickle")
        outcome, seconds, failure = self._fork(
            session, None, 3600.0, items, before,
            (path, lambda: ([frozenset(lines) for lines in seen], durations)))
        data = path.read_bytes() if path.exists() else b""
        path.unlink(missing_ok=True)
        if outcome != "passed" or not data:
            return outcome or "crashed", seconds, failure, [], []
        seen_back, durations_back = pickle.loads(data)
        return outcome, seconds, failure, seen_back, durations_back

    def _fork(self, session: Any, swap: tuple[types.FunctionType, types.CodeType] | None,
              timeout: float, items: list[Any] | None = None,
              before: Callable[[int], None] | None = None,
              dump: tuple[Path, Callable[[], object]] | None = None
              ) -> tuple[str, float, str]:
        """Run ``items`` (default: all the session's) in a forked child, with the swap
        made in it; ``before(i)`` is called before the i-th test and once after the last
        (i == len(items)), and with ``dump`` (path, what) the child pickles what()
        into the file at path once its tests ran (the traced run's findings)."""
        sys.stdout.flush()
        sys.stderr.flush()
        read, write = os.pipe()
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # the child: swap the mutant in, run the tests, say which failed
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            status = 3
            try:
                os.close(read)
                os.setpgid(0, 0)
                if swap is not None:
                    swap[0].__code__ = swap[1]
                chosen = session.items if items is None else items
                status = 1 if self._run(session, chosen, before) else 0
                if dump is not None:
                    dump[0].write_bytes(pickle.dumps(dump[1]()))
                os.write(write, self.first_failure.encode())
            except KeyboardInterrupt:  # stopped from outside: the tests did not finish
                status = _INTERRUPTED
            finally:
                os._exit(status)
        os.close(write)
        _CHILD[0] = pid
        deadline = start + timeout
        pause = 0.005
        try:
            while True:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    break
                if time.perf_counter() > deadline:
                    os.killpg(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    os.close(read)
                    return "timeout", time.perf_counter() - start, ""
                time.sleep(pause)
                pause = min(0.05, pause * 2)
        except BaseException:  # the runner interrupted: its child goes with it
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise
        finally:
            _CHILD[0] = 0
        seconds = time.perf_counter() - start
        with os.fdopen(read, "rb") as pipe:
            failure = pipe.read().decode()
        code = os.waitstatus_to_exitcode(status)
        if code in (_INTERRUPTED, -signal.SIGINT, -signal.SIGTERM):
            return "interrupted", seconds, str(code)
        # any other end (a crash, a test process that exits) is a change of behaviour too
        return {0: "passed", 1: "failed"}.get(code, "crashed"), seconds, failure or str(code)

    @staticmethod
    def _run(session: Any, items: list[Any], before: Callable[[int], None] | None = None
             ) -> bool:
        """The default test loop over ``items``, stopped at the first failure; True if a
        test failed."""
        for i, item in enumerate(items):
            nextitem = items[i + 1] if i + 1 < len(items) else None
            if before is not None:
                before(i)
            item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
            if session.shouldfail or session.shouldstop:
                break
        if before is not None:
            before(len(items))
        return bool(session.testsfailed)


#: the runner's child at work (0: none): stopped with the runner
_CHILD = [0]


def _stop_runner(signum: int, frame: object) -> None:
    if _CHILD[0]:
        os.killpg(_CHILD[0], signal.SIGKILL)
    os._exit(1)


def serve(module: str, indices: list[int], timeout_factor: float, files: list[str],
          cover: bool = False, fallback: bool = True, budget: float = 0.0) -> int:
    """The runner's process (cwd: the tree's copy): its results go to the original
    stdout, pytest's own output to runner.log."""
    import pytest

    _SOURCE_ROOT[0] = Path.cwd()
    signal.signal(signal.SIGTERM, _stop_runner)  # its child goes with it
    out = os.fdopen(os.dup(1), "w")
    log = os.open("runner.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    os.dup2(log, 1)
    os.dup2(log, 2)
    pytest.main([*_PYTEST_ARGS, *files],
                plugins=[_QuickFailure(),
                         _ForkLoop(module, indices, timeout_factor, out, cover, fallback,
                                   budget)])
    out.close()
    return 0


class Unfinished(Exception):
    """A run of the tests ended without an outcome: the forking runner died or failed to
    start before a result for each of its mutants, or an interrupt stopped the tests.
    Those mutants did not meet the tests: none of them may count as a survivor (or a
    kill), and the run stops."""


def _runner_command(module: str, indices: list[int], files: list[str],
                    timeout_factor: float, cover: bool, fallback: bool,
                    budget: float) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--serve", module,
            "--indices", ",".join(map(str, indices)), "--timeout-factor", str(timeout_factor),
            *(["--cover"] if cover else []), *([] if fallback else ["--no-fallback"]),
            "--budget", str(budget), "--", *files]


def _runner_error(tree_root: Path) -> str:
    """The runner's last words in its log (pytest's INTERNALERROR, a traceback's end)."""
    path = tree_root / "runner.log"
    lines = [line.strip() for line in (path.read_text(errors="replace").splitlines()
                                       if path.exists() else ()) if line.strip()]
    errors = [line for line in lines if line.startswith("INTERNALERROR>")]
    return (errors or lines or [""])[-1]


def run_forked(module: str, indices: list[int], tree_root: Path, files: list[str],
               timeout_factor: float, cover: bool = False, fallback: bool = True,
               budget: float = 0.0) -> Iterator[tuple[str, str, float, str, str]]:
    """Start a runner on ``files`` for these mutants; yields (index or "clean", outcome,
    seconds, first failing test, stage) as each finishes. Raises Unfinished when the
    runner ends before its clean run or a mutant has an outcome, or says an interrupt
    stopped a run of the tests."""
    cmd = _runner_command(module, indices, files, timeout_factor, cover, fallback, budget)
    proc = subprocess.Popen(cmd, cwd=tree_root, env=_env(tree_root), stdout=subprocess.PIPE,
                            text=True, start_new_session=True)
    missing = {"clean", *map(str, indices)}
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            what, outcome, seconds, failure, stage = line.rstrip("\n").split("\t")
            if outcome == "interrupted":
                run = "clean run" if what == "clean" else f"run of mutant {what}"
                raise Unfinished(f"an interrupt stopped the runner's {run} of {module}")
            missing.discard(what)
            yield what, outcome, float(seconds), failure, stage
        code = proc.wait()
        if missing:
            last = _runner_error(tree_root)
            raise Unfinished(
                f"the runner of {module} ended (exit code {code}) without an outcome for "
                f"{len(missing - {'clean'})} of its {len(indices)} mutants"
                + ("" if "clean" not in missing else " (nor its clean run)")
                + (f": {last}" if last else ""))
    finally:
        if proc.poll() is None:  # interrupted: stop the runner and its child
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


# ------------------------------------------------------------------ the run


@dataclass
class _Outcome:
    kind: str = "survived"  # killed, timeout, survived, equivalent, partial
    seconds: float = 0.0
    by: str = ""  # the first test that failed, when the runner knows it
    how: str = ""  # fast, forked (all relevant tests), exact


class Run:
    """Every mutant of one module through the stages, cheapest first; a mutant leaves
    at its first kill. 1. fast: the module's FAST tests, forked; 2. forked: all of
    RELEVANT, forked; 3. exact: all of RELEVANT in a process of its own with the mutant
    written into the module, for the mutants the runner cannot swap in (module-level
    code: these meet the FAST files first) and, with ``exact``, for every survivor.
    Mutants listed in EQUIVALENT_FILE are not run unless ``run_equivalent`` (or their
    line and change occur twice in the module)."""

    def __init__(self, tree_root: Path, timeout_factor: float, *, fork: bool, fast: bool,
                 exact: bool, run_equivalent: bool, cover: bool = True,
                 fallback: bool = True, budget: float = 0.0) -> None:
        self.tree_root = tree_root
        self.budget = budget
        self.cover = cover
        self.fallback = fallback
        self.timeout_factor = timeout_factor
        self.fork = fork
        self.fast = fast
        self.exact = exact
        self.run_equivalent = run_equivalent
        self.equivalent = load_equivalent()
        self.clean: dict[tuple[str, tuple[str, ...]], float] = {}

    def module(self, module: str, mutants: list[Mutant],
               show: Callable[[Mutant, _Outcome], None]) -> dict[Mutant, _Outcome]:
        results: dict[Mutant, _Outcome] = {}
        alive = []
        shared = Counter(k for m in mutants_of(module) for k in equivalent_keys(m))
        for mutant in mutants:
            # a listed key two mutants share (the same line text twice) runs: the list
            # names one of them
            if not self.run_equivalent and any(
                    key in self.equivalent and shared[key] == 1
                    for key in equivalent_keys(mutant)):
                results[mutant] = _Outcome("equivalent", 0.0, "", "listed, not run")
                show(mutant, results[mutant])
            else:
                alive.append(mutant)
        # the mutants the runner ran through its tests and saw pass: only these survive
        # without a run of their own
        swapped: set[Mutant] = set()
        if self.fork:
            for fast in ((True, False) if self.fast else (False,)):
                swappable = [m for m in alive if m.scope is not None]
                if not swappable:
                    break
                files = test_files(module, self.tree_root, fast)
                stage = "fast" if fast else "forked"
                killed, passed = self._forked(module, swappable, files, stage, results, show)
                alive = [m for m in alive if m not in killed]
                swapped = (swapped - killed) | passed
        files = test_files(module, self.tree_root)
        if self.fast:  # the FAST files first: most module-level mutants die there
            first = test_files(module, self.tree_root, True)
            files = [*first, *(f for f in files if f not in first)]
        for mutant in alive:
            if mutant in swapped and not self.exact:
                results[mutant] = _Outcome("survived", 0.0, "", "forked")
            else:
                timeout = max(30.0, self.timeout_factor * self._clean_exact(module, files))
                outcome, seconds = run_subprocess(mutant, self.tree_root, files, timeout)
                kind = {"failed": "killed", "timeout": "timeout"}.get(outcome, "survived")
                results[mutant] = _Outcome(kind, seconds, "", "exact")
            show(mutant, results[mutant])
        return results

    def _forked(self, module: str, mutants: list[Mutant], files: list[str], stage: str,
                results: dict[Mutant, _Outcome], show: Callable[[Mutant, _Outcome], None]
                ) -> tuple[set[Mutant], set[Mutant]]:
        """(killed, passed) of ``mutants`` under ``files``, forked: those the tests (or a
        budget's part of them) killed, and those they ran and saw pass."""
        by_index = {m.index: m for m in mutants}
        killed: set[Mutant] = set()
        passed: set[Mutant] = set()
        cover = self.cover and stage == "forked"
        for what, outcome, seconds, failure, how in run_forked(
                module, sorted(by_index), self.tree_root, files, self.timeout_factor,
                cover, self.fallback, self.budget):
            if what == "clean":
                if outcome != "passed":
                    raise SystemExit(f"the {stage} tests of {module} fail without any mutant "
                                     f"({outcome} {failure}): fix them first")
                traced = ", traced" if cover else ""
                print(f"clean {stage} run for {module}: {seconds:.1f} s "
                      f"({len(files)} files{traced})", flush=True)
                continue
            mutant = by_index[int(what)]
            if outcome == "passed":
                passed.add(mutant)
                print(f"    alive after {how or stage}: {mutant.where} {mutant.change}",
                      flush=True)
            elif outcome == "partial":  # leaves the run: neither killed nor a survivor
                results[mutant] = _Outcome("partial", seconds, "", how)
                killed.add(mutant)
                show(mutant, results[mutant])
            elif outcome == "unswappable":
                continue  # its run of its own comes below
            else:  # failed, timeout, crashed
                kind = "timeout" if outcome == "timeout" else "killed"
                by = f"crash, exit code {failure}" if outcome == "crashed" else failure
                results[mutant] = _Outcome(kind, seconds, by, how or stage)
                killed.add(mutant)
                show(mutant, results[mutant])
        return killed, passed

    def _clean_exact(self, module: str, files: list[str]) -> float:
        key = (module, tuple(files))
        if key not in self.clean:
            outcome, seconds = run_tests(self.tree_root, files, 3600)
            if outcome != "passed":
                raise SystemExit(f"the tests of {module} fail without any mutant: fix them "
                                 "first")
            print(f"clean exact run for {module}: {seconds:.1f} s", flush=True)
            self.clean[key] = seconds
        return self.clean[key]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", default=",".join(RULES_MODULES),
                        help="comma-separated modules of pitchkit/ (default: the rules modules)")
    parser.add_argument("--sample", type=int, default=0,
                        help="run N mutants drawn at random (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout-factor", type=float, default=3.0,
                        help="a mutant may take this many times the clean run (at least 20 s "
                             "forked, 30 s exact)")
    parser.add_argument("--where", action="append", default=[],
                        help="only mutants on these lines: MODULE:LINE or MODULE:FIRST-LAST "
                             "(repeatable; the module is then mutated whatever --modules says)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--no-fork", action="store_true",
                        help="every mutant the exact way, in a process of its own (slow)")
    parser.add_argument("--no-fast", action="store_true",
                        help="no FAST stage: every mutant meets all the RELEVANT tests")
    parser.add_argument("--exact", action="store_true",
                        help="run every survivor of the forked stages again the exact way "
                             "(the runner can miss a function's use at import time)")
    parser.add_argument("--no-cover", action="store_true",
                        help="no test selection: a mutant the FAST stage leaves alive meets "
                             "all the RELEVANT tests at once (by default it first meets only "
                             "the tests that execute its lines, found by a traced clean run, "
                             "and all of them only if it survives those)")
    parser.add_argument("--no-fallback", action="store_true",
                        help="a mutant the covering tests leave alive counts as a survivor "
                             "without meeting the other tests (quicker; a survivor may be a "
                             "false one, killed through a cache or a line no test reaches)")
    parser.add_argument("--budget", type=float, default=0.0,
                        help="seconds (of the traced clean run) of covering tests a mutant "
                             "meets, quickest first; one that survives them is 'partial' "
                             "(0: no bound, every covering test)")
    parser.add_argument("--run-equivalent", action="store_true",
                        help="run the mutants listed in mutants_equivalent.txt too")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--pytest", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cover", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--indices", help=argparse.SUPPRESS)
    parser.add_argument("files", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.pytest:
        return run_pytest(args.files)
    if args.serve:
        return serve(args.serve, [int(i) for i in args.indices.split(",") if i],
                     args.timeout_factor, args.files, args.cover, not args.no_fallback,
                     args.budget)
    modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    if args.where:
        modules = sorted({w.split(":")[0] for w in args.where})
    for module in modules:
        if module not in RELEVANT:
            parser.error(f"no test list for module {module!r} (RELEVANT in {__file__})")
    if args.list:
        for m in _chosen(modules, args):
            print(f"{m.where}: {m.change}")
        print(f"{len(_chosen(modules, args))} mutants")
        return 0
    # clean up as on Ctrl-C, also when started with SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with tempfile.TemporaryDirectory(prefix="pitchkit-mutate-") as tmp:
        tree_root = Path(tmp)
        copy_tree(tree_root)
        _SOURCE_ROOT[0] = tree_root
        _source.cache_clear()
        mutants = _chosen(modules, args)
        print(f"{len(mutants)} mutants", flush=True)
        run = Run(tree_root, args.timeout_factor, fork=not args.no_fork, fast=not args.no_fast,
                  exact=args.exact, run_equivalent=args.run_equivalent,
                  cover=not args.no_cover, fallback=not args.no_fallback,
                  budget=args.budget)
        results: dict[Mutant, _Outcome] = {}

        def show(mutant: Mutant, outcome: _Outcome) -> None:
            if (outcome.kind in ("survived", "partial")
                    and is_listed(mutant, run.equivalent)):
                outcome.kind = "equivalent"
            results[mutant] = outcome
            by = f" by {outcome.by}" if outcome.by else ""
            print(f"[{len(results)}/{len(mutants)}] {mutant.where} {mutant.change}: "
                  f"{outcome.kind} ({outcome.how}, {outcome.seconds:.1f} s){by}", flush=True)

        try:
            for module in sorted({m.module for m in mutants}):
                run.module(module, [m for m in mutants if m.module == module], show)
        except (KeyboardInterrupt, Unfinished) as stop:
            # a stopped run keeps what it did: the table of the mutants that met the tests
            why = f"{stop}; " if isinstance(stop, Unfinished) else ""
            print(f"\nstopped: {why}{len(results)} of {len(mutants)} mutants met the tests",
                  flush=True)
            report([m for m in mutants if m in results], results)
            return 130 if isinstance(stop, KeyboardInterrupt) else 1
        report(mutants, results)
    return 0


def _chosen(modules: list[str], args: argparse.Namespace) -> list[Mutant]:
    mutants = [m for module in modules for m in mutants_of(module)
               if not args.where or any(_on(m, w) for w in args.where)]
    if args.sample:
        mutants = sorted(random.Random(args.seed).sample(mutants, min(args.sample,
                                                                        len(mutants))),
                         key=lambda m: (m.module, m.index))
    return mutants


def _on(mutant: Mutant, where: str) -> bool:
    module, _, lines = where.partition(":")
    first, _, last = lines.partition("-")
    return (mutant.module == module
            and int(first or 0) <= mutant.line <= int(last or first or 10**9))


def report(mutants: list[Mutant], results: dict[Mutant, _Outcome]) -> None:
    print()
    print(f"{'module':10} {'run':>5} {'killed':>7} {'timeout':>8} {'survived':>9} "
          f"{'equiv':>6} {'partial':>8} {'kill %':>7} {'non-equiv %':>12}")
    tally: dict[str, Counter[str]] = {}
    for mutant in mutants:
        tally.setdefault(mutant.module, Counter())[results[mutant].kind] += 1
    total: Counter[str] = Counter()
    for module in sorted(tally):
        total.update(tally[module])
        _row(module, tally[module])
    _row("all", total)
    print()
    for mutant in mutants:
        kind = results[mutant].kind
        if kind in ("survived", "equivalent", "partial"):
            line = _source(mutant.module).splitlines()[mutant.line - 1].strip()
            mark = {"equivalent": " (equivalent)", "partial": " (partial: "
                    f"{results[mutant].how})"}.get(kind, "")
            print(f"survived{mark}: {mutant.where}: {mutant.change}    | {line}")


def _row(name: str, c: Counter[str]) -> None:
    run = sum(c.values())
    dead = c["killed"] + c["timeout"]
    counted = run - c["equivalent"] - c["partial"]
    rate = f"{100 * dead / run:.1f}" if run else "-"
    rate_ne = f"{100 * dead / counted:.1f}" if counted else "-"
    print(f"{name:10} {run:5} {c['killed']:7} {c['timeout']:8} {c['survived']:9} "
          f"{c['equivalent']:6} {c['partial']:8} {rate:>7} {rate_ne:>12}")


if __name__ == "__main__":
    sys.exit(main())
