"""Mutation testing of the rules modules: does some test fail when a rule is changed?

    python benchmarks/mutate.py --sample 60 --seed 1          # a random sample (CPU-light)
    python benchmarks/mutate.py --modules play,tricks         # every mutant of two modules
    python benchmarks/mutate.py --list --modules money        # list the mutants, run nothing

Each mutant is one small change to one module's syntax tree:

- ``op``: an arithmetic, bitwise or shift operator swapped (``+`` <-> ``-``, ``&`` <-> ``|``,
  ``<<`` <-> ``>>``, ``//`` -> ``*`` ...), also in ``x += 1``;
- ``cmp``: a comparison moved across its boundary or negated (``<`` -> ``<=``, ``==`` ->
  ``!=``, ``in`` -> ``not in``, ``is`` -> ``is not``);
- ``bool``: ``and`` <-> ``or``, a ``not`` dropped, ``True`` <-> ``False``;
- ``const``: an integer constant ``k`` -> ``k + 1`` (``1`` -> ``0``);
- ``del``: a statement (assignment, call, return, raise, break, continue) replaced by ``pass``.

Strings, docstrings, f-strings (messages), type annotations, ``assert`` statements and the
``TYPE_CHECKING`` block are left alone. The mutant runs in a copy of the tree (the source
is never touched) under only the test files relevant to its module (``RELEVANT``), first
failure stops it (``-x``), bounded by a timeout (a multiple of the clean run's time; a
timeout counts as killed, as in every mutation tool: an infinite loop is caught).

Prints the kill rate per module and every surviving mutant as ``file:line``. Mutants that
cannot change any result (equivalent) are listed, with the reason, in
``benchmarks/mutants_equivalent.txt`` (module, source line, change) and reported apart, so
the score that counts is killed / (run - equivalent).
"""

from __future__ import annotations

import argparse
import ast
import functools
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_MODULES = ("auction", "call", "checks", "closing", "combos", "dealing", "draw", "money",
                 "plan", "play", "scoring", "sell", "settle", "tricks", "weak_hand")
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
            "test_scoring_properties.py")
RELEVANT: dict[str, tuple[str, ...]] = {
    "auction": _ENGINE,
    "call": ("test_call.py", *_ENGINE),
    "closing": ("test_game_end.py", "test_money.py", *_SCORING, *_ENGINE),
    "checks": ("test_checks.py", "test_load.py", "test_cli_variants.py",
               "test_load_properties.py"),
    "combos": ("test_combos.py", *_SCORING),
    "dealing": ("test_weak_hand.py", *_ENGINE, *_TABLE),
    "draw": ("test_draw.py", "test_call.py", *_ENGINE),
    "money": ("test_money.py", "test_rules_clauses.py", "test_source_a.py", "test_record.py",
              "test_engine_settings.py", "test_simulate.py"),
    "plan": (*_ENGINE, "test_call.py", *_TABLE),
    "play": _ENGINE,
    "scoring": _SCORING,
    "sell": ("test_draw.py", "test_keep.py", *_ENGINE),
    "settle": ("test_settle.py", *_SCORING),
    "tricks": ("test_tricks*.py", *_ENGINE),
    "weak_hand": ("test_weak_hand.py", *_TABLE, *_ENGINE),
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

    @property
    def where(self) -> str:
        return f"pitchkit/{self.module}.py:{self.line}"


class _Mutator(ast.NodeTransformer):
    """Walks a tree in a fixed order, numbering mutation points; with ``target`` set,
    applies that one point and leaves the rest."""

    def __init__(self, target: int = -1) -> None:
        self.target = target
        self.points: list[tuple[int, str]] = []

    def _point(self, node: ast.AST, change: str) -> bool:
        """Register a point; True if it is the one to apply."""
        self.points.append((getattr(node, "lineno", 0), change))
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
        node.body = self._body(node.body)
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args = self.visit(node.args)
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        node.body = self._body(node.body)
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
        if isinstance(node, _DELETABLE) and not _is_docstring(node):
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


@functools.cache
def _source(module: str) -> str:
    """The module's source as it was when first read (the run's own copy)."""
    return (ROOT / "pitchkit" / f"{module}.py").read_text()


def mutants_of(module: str) -> list[Mutant]:
    mutator = _Mutator()
    mutator.visit(ast.parse(_source(module)))
    return [Mutant(module, i, line, change)
            for i, (line, change) in enumerate(mutator.points)]


def mutated_source(mutant: Mutant) -> str:
    mutator = _Mutator(mutant.index)
    tree = mutator.visit(ast.parse(_source(mutant.module)))
    return ast.unparse(ast.fix_missing_locations(tree))


def load_equivalent() -> set[tuple[str, str, str]]:
    """(module, stripped source line, change) of mutants known to change no result."""
    out = set()
    if EQUIVALENT_FILE.exists():
        for raw in EQUIVALENT_FILE.read_text().splitlines():
            if raw.strip() and not raw.startswith("#"):
                module, line, change, *_reason = (p.strip() for p in raw.split(" | "))
                out.add((module, line, change))
    return out


def equivalent_key(mutant: Mutant) -> tuple[str, str, str]:
    line = _source(mutant.module).splitlines()[mutant.line - 1].strip()
    return (mutant.module, line, mutant.change)


def test_files(module: str, tree_root: Path) -> list[str]:
    out: list[str] = []
    for pattern in RELEVANT[module]:
        for path in sorted((tree_root / "tests").glob(pattern)):
            name = f"tests/{path.name}"
            if name not in out:
                out.append(name)
    return out


def copy_tree(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", "*.pyc")
    for name in ("pitchkit", "tests", "schemas", "variants"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")


def run_tests(tree_root: Path, files: list[str], timeout: float) -> tuple[str, float]:
    """("passed" | "failed" | "timeout", seconds) for the tests on the tree's code."""
    env = dict(os.environ, PYTHONPATH=str(tree_root), PYTHONDONTWRITEBYTECODE="1", CI="1")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
           "-o", "addopts=", *files]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=tree_root, env=env, stdout=subprocess.DEVNULL,
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
    return ("passed" if code == 0 else "failed"), time.perf_counter() - start


def run_staged(tree_root: Path, files: list[str], timeout: float) -> tuple[str, float]:
    """run_tests on the module's first (most specific) test file alone, then on the rest:
    most mutants die in the first file, and pytest collects every file it is given before
    it runs one, so a kill there costs one file's start-up, not all of theirs."""
    outcome, first = run_tests(tree_root, files[:1], timeout)
    if outcome != "passed" or len(files) == 1:
        return outcome, first
    outcome, rest = run_tests(tree_root, files[1:], max(1.0, timeout - first))
    return outcome, first + rest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", default=",".join(RULES_MODULES),
                        help="comma-separated modules of pitchkit/ (default: the rules modules)")
    parser.add_argument("--sample", type=int, default=0,
                        help="run N mutants drawn at random (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout-factor", type=float, default=3.0,
                        help="a mutant may take this many times the clean run (at least 30 s)")
    parser.add_argument("--where", action="append", default=[],
                        help="only mutants on these lines: MODULE:LINE or MODULE:FIRST-LAST "
                             "(repeatable; the module is then mutated whatever --modules says)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = parser.parse_args(argv)
    modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    if args.where:
        modules = sorted({w.split(":")[0] for w in args.where})
    for module in modules:
        if module not in RELEVANT:
            parser.error(f"no test list for module {module!r} (RELEVANT in {__file__})")
    mutants = [m for module in modules for m in mutants_of(module)
               if not args.where or any(_on(m, w) for w in args.where)]
    if args.sample:
        mutants = sorted(random.Random(args.seed).sample(mutants, min(args.sample,
                                                                        len(mutants))),
                         key=lambda m: (m.module, m.index))
    if args.list:
        for m in mutants:
            print(f"{m.where}: {m.change}")
        print(f"{len(mutants)} mutants")
        return 0
    equivalent = load_equivalent()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # clean up as on Ctrl-C
    with tempfile.TemporaryDirectory(prefix="pitchkit-mutate-") as tmp:
        tree_root = Path(tmp)
        copy_tree(tree_root)
        clean: dict[str, float] = {}
        for module in sorted({m.module for m in mutants}):
            outcome, seconds = run_tests(tree_root, test_files(module, tree_root), 3600)
            if outcome != "passed":
                print(f"the tests of {module} fail without any mutant: fix them first")
                return 1
            clean[module] = seconds
            print(f"clean run for {module}: {seconds:.1f} s", flush=True)
        tally: dict[str, Counter[str]] = {}
        survivors: list[tuple[Mutant, bool]] = []
        for i, mutant in enumerate(mutants, 1):
            target = tree_root / "pitchkit" / f"{mutant.module}.py"
            target.write_text(mutated_source(mutant))
            try:
                outcome, seconds = run_staged(
                    tree_root, test_files(mutant.module, tree_root),
                    max(30.0, args.timeout_factor * clean[mutant.module]))
            finally:
                target.write_text(_source(mutant.module))
            is_equivalent = equivalent_key(mutant) in equivalent
            kind = {"failed": "killed", "timeout": "timeout"}.get(
                outcome, "equivalent" if is_equivalent else "survived")
            tally.setdefault(mutant.module, Counter())[kind] += 1
            if outcome == "passed":
                survivors.append((mutant, is_equivalent))
            print(f"[{i}/{len(mutants)}] {mutant.where} {mutant.change}: {kind} "
                  f"({seconds:.1f} s)", flush=True)
    report(tally, survivors)
    return 0


def _on(mutant: Mutant, where: str) -> bool:
    module, _, lines = where.partition(":")
    first, _, last = lines.partition("-")
    return (mutant.module == module
            and int(first or 0) <= mutant.line <= int(last or first or 10**9))


def report(tally: dict[str, Counter[str]], survivors: list[tuple[Mutant, bool]]) -> None:
    print()
    print(f"{'module':10} {'run':>5} {'killed':>7} {'timeout':>8} {'survived':>9} "
          f"{'equiv':>6} {'kill %':>7} {'non-equiv %':>12}")
    total: Counter[str] = Counter()
    for module in sorted(tally):
        total.update(tally[module])
        _row(module, tally[module])
    _row("all", total)
    print()
    for mutant, is_equivalent in survivors:
        line = _source(mutant.module).splitlines()[mutant.line - 1].strip()
        mark = " (equivalent)" if is_equivalent else ""
        print(f"survived{mark}: {mutant.where}: {mutant.change}    | {line}")


def _row(name: str, c: Counter[str]) -> None:
    run = sum(c.values())
    dead = c["killed"] + c["timeout"]
    counted = run - c["equivalent"]
    rate = f"{100 * dead / run:.1f}" if run else "-"
    rate_ne = f"{100 * dead / counted:.1f}" if counted else "-"
    print(f"{name:10} {run:5} {c['killed']:7} {c['timeout']:8} {c['survived']:9} "
          f"{c['equivalent']:6} {rate:>7} {rate_ne:>12}")


if __name__ == "__main__":
    sys.exit(main())
