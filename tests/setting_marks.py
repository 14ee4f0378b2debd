"""The settings each test declares with ``@pytest.mark.setting("section.key", ...)``,
read from the test files themselves (so found whichever tests a run collects).

A mark may say what else the setting needs to take effect, as ``--set`` overrides:
``@pytest.mark.setting("deal.weak_hand_misdeal", needs=("deal.weak_hand_below=J",))``;
tests that walk every setting (the rules sheet's) read it here, not from a list of their
own.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path
from typing import NamedTuple


class SettingMark(NamedTuple):
    key: str
    #: ``file::test``
    where: str
    #: overrides the setting needs to take effect
    needs: tuple[str, ...]


def _is_setting_mark(node: ast.expr) -> bool:
    """``@pytest.mark.setting(...)``."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "setting" and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "mark")


def _strings(node: ast.expr, where: str) -> list[str]:
    items = node.elts if isinstance(node, ast.Tuple | ast.List) else [node]
    out = []
    for item in items:
        assert isinstance(item, ast.Constant) and isinstance(item.value, str), \
            f"{where}: a setting mark names settings and needs as plain strings"
        out.append(item.value)
    return out


def setting_marks(folder: Path = Path(__file__).parent) -> list[SettingMark]:
    """Every setting mark of the test files in ``folder``, in file order."""
    return list(_setting_marks(folder))


@functools.cache
def _setting_marks(folder: Path) -> tuple[SettingMark, ...]:
    """:func:`setting_marks`, read once a run (parsing every test file takes some 0.4 s:
    the rules sheet's test asks once per setting)."""
    found: list[SettingMark] = []
    for path in sorted(folder.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for mark in filter(_is_setting_mark, node.decorator_list):
                assert isinstance(mark, ast.Call)
                where = f"{path.name}::{node.name}"
                assert node.name.startswith("test_"), f"{where}: a setting mark on no test"
                assert mark.args, f"{where}: a setting mark names no setting"
                assert all(k.arg == "needs" for k in mark.keywords), \
                    f"{where}: a setting mark takes only needs=(...)"
                needs = tuple(s for k in mark.keywords for s in _strings(k.value, where))
                for arg in mark.args:
                    for key in _strings(arg, where):
                        found.append(SettingMark(key, where, needs))
    return tuple(found)


def marked_settings() -> dict[str, list[str]]:
    """Each marked setting with the tests (``file::test``) that carry its mark."""
    out: dict[str, list[str]] = {}
    for mark in setting_marks():
        out.setdefault(mark.key, []).append(mark.where)
    return out
