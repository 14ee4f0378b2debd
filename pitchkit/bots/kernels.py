"""The compiled kernels' decorator: numba's ``njit(cache=True)``, with a cache that goes stale
when any source a kernel is built from changes.

numba keys a function's cache on its own file only. A kernel that calls a kernel of another
file (``batch`` through ``thumb``, ``staged_rows`` through ``thumb``) or reads another
module's constants (frozen in at compile time: ``tricks.ANY_CARD``, ``cards.SUIT_MASKS``)
would run the old code after that other file changed (a ``git pull`` in an editable
install, an edit in a working tree) until its own file changed too. Here every kernel's
cache carries one stamp: a hash of every module of ``pitchkit`` that compiles kernels (the
modules that import this one) and every ``pitchkit`` module those import, so a change to
any of them compiles every kernel afresh on first use.

The stamp reaches numba through cache locators: subclasses of numba's own, placed first in
its list, that answer only for the files of the kernel modules and differ from numba's
only in the stamp. Where numba's caching internals are not as expected (another numba), the
kernels are compiled without a cache: slower to start, never stale."""

from __future__ import annotations

import ast
import functools
import hashlib
from pathlib import Path
from typing import Any

import numba
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

PACKAGE = Path(__file__).resolve().parent.parent  # pitchkit/
THIS = "pitchkit.bots.kernels"
__all__ = ["leading_zeros", "njit", "trailing_zeros"]  # the intrinsics, for the kernels


def module_path(name: str) -> Path | None:
    """The file of the ``pitchkit`` module ``name`` (None outside the package)."""
    if name != "pitchkit" and not name.startswith("pitchkit."):
        return None
    parts = name.split(".")[1:]
    base = PACKAGE.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported(path: Path) -> set[str]:
    """The ``pitchkit`` modules the file at ``path`` imports (``from pitchkit.x import y``
    names ``pitchkit.x`` and, where it is a module, ``pitchkit.x.y``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {n for n in names if module_path(n) is not None}


def kernel_sources(package: Path = PACKAGE) -> list[Path]:
    """The kernel modules (every module of the package that imports this one) and the
    package's modules they import, sorted."""
    kernels = [p for p in sorted(package.rglob("*.py"))
               if "__pycache__" not in p.parts and _imports_this(p)]
    sources = set(kernels)
    for path in kernels:
        sources.update(q for q in map(module_path, imported(path)) if q is not None)
    return sorted(sources)


def _imports_this(path: Path) -> bool:
    """Whether the file at ``path`` imports this module. Every such import spells the word
    ``kernels``, so only the files that hold it are parsed: every process that runs a kernel
    works the stamp out, and parsing the whole package took most of a second."""
    return "kernels" in path.read_text(encoding="utf-8") and THIS in imported(path)


def stamp_of(paths: list[Path], root: Path = PACKAGE) -> bytes:
    """One hash of the files' names (relative to ``root``) and contents."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.digest()


_STAMP: dict[str, bytes] = {}
_KERNEL_FILES: set[str] = set()


def _stamp() -> bytes:
    """The stamp of this process's sources (worked out once)."""
    if "stamp" not in _STAMP:
        sources = kernel_sources()
        _KERNEL_FILES.update(str(p) for p in sources)
        _STAMP["stamp"] = stamp_of(sources)
    return _STAMP["stamp"]


@functools.cache
def _is_kernel_file(py_file: str) -> bool:
    path = Path(py_file).resolve()
    return path.suffix == ".py" and PACKAGE in path.parents and _imports_this(path)


def _install() -> bool:
    """Put the stamped locators first in numba's list; False where numba's caching is not
    the one this was written against."""
    try:
        from numba.core import caching
        impl: Any = caching.CacheImpl
        bases: list[Any] = [caching.UserProvidedCacheLocator, caching.InTreeCacheLocator,
                 caching.UserWideCacheLocator]
        classes: list[Any] = list(impl._locator_classes)
    except AttributeError:
        return False
    if any(getattr(c, "pitchkit_stamped", False) for c in classes):
        return True
    stamped: list[Any] = []
    for base in bases:
        def from_function(cls: Any, py_func: Any, py_file: str, _base: Any = base) -> Any:
            if not _is_kernel_file(py_file):
                return None  # not a kernel module: numba's own locators answer
            return _base.from_function.__func__(cls, py_func, py_file)

        stamped.append(type(f"Stamped{base.__name__}", (base,), {
            "pitchkit_stamped": True,
            "get_source_stamp": lambda self: _stamp(),
            "from_function": classmethod(from_function),
        }))
    impl._locator_classes = [*stamped, *classes]
    return True


CACHED = _install()


#: numba's option to compile a kernel without reference counting (``_nrt=False``: for a
#: kernel that makes no array, as :func:`pitchkit.bots.thumb.play_rows`), where this numba
#: has it (an option of its own, not documented): else it is left out, and the kernel
#: counts references as any other.
def _uncounted() -> bool:
    """Whether this numba compiles a kernel without reference counting (``_nrt``)."""
    try:
        from numba.core.cpu import CPUTargetOptions
    except ImportError:
        return False
    return hasattr(CPUTargetOptions, "_nrt")


UNCOUNTED = _uncounted()


def njit(*args: Any, **options: Any) -> Any:
    """``numba.njit`` as the kernel modules write it (``@njit(cache=True)``), the cache
    stamped, or none where it cannot be stamped; ``_nrt=False`` only where this numba
    has the option (:data:`UNCOUNTED`)."""
    if options.get("cache"):
        options["cache"] = CACHED
    if "_nrt" in options and not UNCOUNTED:
        del options["_nrt"]
    return numba.njit(*args, **options)
