"""Test settings. Under CI (CI set in the environment) hypothesis runs derandomized and
without its example database, so a run depends only on the commit."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
