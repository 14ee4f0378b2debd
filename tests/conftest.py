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
# never read or write the real one (a fresh folder per run, so no test depends on it). The
# workers of a run with pytest-xdist (``-n``) share their controller's folder: each rule set
# is learned once a run (a calibration is written atomically, so two at once are safe).
if "PITCHKIT_TEST_KEEPS_CACHE" not in os.environ:
    if "PYTEST_XDIST_WORKER" in os.environ and "PITCHKIT_TEST_CACHE" in os.environ:
        os.environ["XDG_CACHE_HOME"] = os.environ["PITCHKIT_TEST_CACHE"]
    else:
        import atexit
        import shutil
        import tempfile

        folder = tempfile.mkdtemp(prefix="pitchkit-test-cache-")
        os.environ["XDG_CACHE_HOME"] = os.environ["PITCHKIT_TEST_CACHE"] = folder
        # removed when the run ends (each run left one behind)
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
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
# The strong bot's searched auction learned as a table (pitchkit.bots.auction_table):
# from short self-play too (a few seconds a rule set).
os.environ.setdefault("PITCHKIT_AUCTION_HANDS", "40")
