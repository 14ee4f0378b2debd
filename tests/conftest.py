"""Test settings. Hypothesis has no per-example deadline: the machines are shared and a
slow example under load is not a failure (speed is measured in benchmarks/, never in
tests). Under CI (CI set in the environment) hypothesis also runs derandomized and without
its example database, so a run depends only on the commit."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, database=None,
                          print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

# The calibrated bot caches what it learns per rule set in the user's cache folder: tests
# never read or write the real one (a fresh folder per run, so no test depends on it).
if "PITCHKIT_TEST_KEEPS_CACHE" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="pitchkit-test-cache-")
    # removed when the run ends (each run left one behind)
    atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], ignore_errors=True)
# ... and learns from short runs: every variant a test plays calibrates in about a second
# (the figures of a full calibration are the benchmarks' to measure). 300 hands: the 40-odd
# rule sets the suite plays calibrated at 600 took about a quarter of its time.
os.environ.setdefault("PITCHKIT_CALIBRATION_HANDS", "300")


def pytest_configure(config: object) -> None:
    """``@pytest.mark.setting("section.key", ...)``: the schema settings whose effect a
    test shows. tests/test_engine_settings.py finds these marks in every test file and
    checks that every setting of the schema has one (or a case of its own there)."""
    config.addinivalue_line(  # type: ignore[attr-defined]
        "markers", "setting(*keys): the schema settings whose effect this test shows")
