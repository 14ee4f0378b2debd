"""The compiled kernels' cache is stamped with every source they are built from
(pitchkit.bots.kernels): numba alone keys a kernel's cache on its own file, so a kernel
calling another file's kernel, or reading another module's constants, ran stale code after
that file changed."""

from __future__ import annotations

import ast
from pathlib import Path

from pitchkit.bots import kernels

PACKAGE = kernels.PACKAGE


def test_every_kernel_module_compiles_through_the_stamped_decorator() -> None:
    """No module of the package imports numba's njit itself (its cache would not be
    stamped): numba is imported by kernels.py alone."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" in path.parts or path == Path(kernels.__file__).resolve():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("numba"), f"{path}: from {node.module}"
            elif isinstance(node, ast.Import):
                assert all(not a.name.startswith("numba") for a in node.names), path


def test_the_sources_are_the_kernel_modules_and_what_they_import() -> None:
    names = {str(p.relative_to(PACKAGE)) for p in kernels.kernel_sources()}
    # the kernel modules
    assert {"bots/thumb.py", "bots/credits.py", "bots/deal_rows.py", "bots/staged_rows.py",
            "bots/staged_draw.py"} <= names
    # what they read: staged_rows calls thumb's kernels, thumb freezes tricks' constants,
    # deal_rows heuristic's, staged_rows cards'
    assert {"tricks.py", "bots/heuristic.py", "cards.py"} <= names
    # not a module no kernel module imports
    assert "cli.py" not in names and "bots/montecarlo.py" not in names


def test_imported_names_modules_of_the_package_only(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("import os\nfrom pitchkit.bots import thumb, NOT_A_MODULE\n"
                      "from pitchkit.tricks import ANY_CARD\nfrom numpy import zeros\n")
    assert kernels.imported(source) == {"pitchkit.bots", "pitchkit.bots.thumb",
                                        "pitchkit.tricks"}


def test_the_stamp_changes_with_any_source(tmp_path: Path) -> None:
    files = []
    for name in ("a.py", "b.py", "c.py"):
        path = tmp_path / name
        path.write_text(f"X = '{name}'\n")
        files.append(path)
    before = kernels.stamp_of(files, tmp_path)
    assert kernels.stamp_of(files, tmp_path) == before
    for path in files:
        text = path.read_text()
        path.write_text(text + "# changed\n")
        assert kernels.stamp_of(files, tmp_path) != before, path.name
        path.write_text(text)
    assert kernels.stamp_of(files, tmp_path) == before
    # a file renamed is another source
    files[2].rename(tmp_path / "d.py")
    assert kernels.stamp_of([*files[:2], tmp_path / "d.py"], tmp_path) != before


def test_a_kernels_cache_carries_the_stamp() -> None:
    from pitchkit.bots import staged_rows, thumb

    assert kernels.CACHED  # the numba of the dependencies is the one this was written for
    for kernel in (thumb.play_rows, staged_rows.play_staged_rows):
        locator = kernel._cache._impl.locator
        assert getattr(type(locator), "pitchkit_stamped", False)
        assert locator.get_source_stamp() == kernels.stamp_of(kernels.kernel_sources())


def test_other_files_keep_numbas_own_locators() -> None:
    import numba

    assert not kernels._is_kernel_file(numba.__file__)
    assert not kernels._is_kernel_file(str(PACKAGE / "cli.py"))
    assert kernels._is_kernel_file(str(PACKAGE / "bots" / "thumb.py"))
