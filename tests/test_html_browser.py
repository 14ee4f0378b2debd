"""The HTML reports opened in a real headless browser (Debian's chromium): the charts are
drawn and nothing is cut off. `.ci/run` installs chromium, so CI always runs this; where it
is missing the test says so and is skipped."""

from __future__ import annotations

import html as html_lib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pitchkit.explain import explain_rules
from pitchkit.html import compare_html, rules_html, simulate_html
from pitchkit.load import load_variant
from pitchkit.simulate import simulate

WIDTH, HEIGHT = 900, 1600

#: Measures the layout after load and leaves it in the DOM for --dump-dom to print.
PROBE = """<script>
window.addEventListener("load", () => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  document.body.dataset.layout = JSON.stringify({
    scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
    charts: [...document.querySelectorAll("figure svg")].map(box)});
});
</script>"""


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    reason = "Chromium is not installed here (apt-get install chromium)"
    if os.environ.get("CI"):
        pytest.fail(f"{reason}, and .ci/run should have installed it")
    pytest.skip(f"{reason}; .ci/run installs it, so CI runs this test")


def open_in_browser(page: str, folder: Path) -> tuple[dict[str, Any], Any]:
    """Load the page headless; return its measured layout and the screenshot."""
    from PIL import Image

    path = folder / "page.html"
    path.write_text(page.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    shot = folder / "shot.png"
    result = subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={folder / 'profile'}", "--hide-scrollbars",
         "--force-device-scale-factor=1", f"--window-size={WIDTH},{HEIGHT}",
         f"--screenshot={shot}", "--dump-dom", path.as_uri()],
        capture_output=True, text=True, timeout=120, check=False)
    found = re.search(r'data-layout="([^"]*)"', result.stdout)
    assert found, f"chromium gave no layout (exit {result.returncode}): {result.stderr[-500:]}"
    assert shot.exists(), result.stderr[-500:]
    return json.loads(html_lib.unescape(found.group(1))), Image.open(shot).convert("RGB")


def _crop(image: Any, box: dict[str, float]) -> Any:
    """The pixels inside ``box``, clipped to the screenshot, as an array (rows, cols, rgb)."""
    import numpy as np

    left, top = max(0, int(box["x"])), max(0, int(box["y"]))
    right = min(image.width, int(box["x"] + box["w"]))
    bottom = min(image.height, int(box["y"] + box["h"]))
    return np.asarray(image, dtype=int)[top:bottom, left:right]


def ink(image: Any, box: dict[str, float]) -> float:
    """Share of the pixels inside ``box`` that are not white."""
    pixels = _crop(image, box)
    return float((pixels.min(axis=2) < 235).mean()) if pixels.size else 0.0


def coloured(image: Any, box: dict[str, float]) -> int:
    """Pixels of the first chart colour (matplotlib's blue, #1f77b4) inside ``box``."""
    pixels = _crop(image, box)
    return int((abs(pixels - [0x1F, 0x77, 0xB4]).max(axis=2) < 30).sum())


def assert_fits(layout: dict[str, Any]) -> None:
    assert layout["innerWidth"] == WIDTH
    assert layout["scrollWidth"] <= layout["innerWidth"], "the page is wider than the window"
    for chart in layout["charts"]:
        assert chart["x"] >= 0 and chart["x"] + chart["w"] <= WIDTH, chart


@pytest.fixture(scope="module")
def runs() -> list[Any]:
    return [simulate(load_variant("auction-pitch", sets), games=40, seed=2, bots="heuristic",
                     variant=name)
            for name, sets in (("auction-pitch", ()),
                               ("low-to-holder", ("points.low_goes_to=holder",)))]


def test_the_simulation_page_draws_its_charts_and_fits_the_window(
        tmp_path: Path, runs: list[Any]) -> None:
    layout, image = open_in_browser(simulate_html(runs[0]), tmp_path)
    assert_fits(layout)
    assert len(layout["charts"]) == 3
    for chart in layout["charts"]:
        assert chart["w"] > 300 and chart["h"] > 150, chart
        assert chart["y"] + chart["h"] <= HEIGHT, "a chart is below the screenshot"
        assert ink(image, chart) > 0.03, f"chart at {chart} is blank"
    assert coloured(image, layout["charts"][0]) > 500  # the seat bars are drawn


def test_the_comparison_page_draws_both_runs_and_fits_the_window(
        tmp_path: Path, runs: list[Any]) -> None:
    layout, image = open_in_browser(compare_html(runs), tmp_path)
    assert_fits(layout)
    assert len(layout["charts"]) == 2
    for chart in layout["charts"]:
        assert ink(image, chart) > 0.03, f"chart at {chart} is blank"
        assert coloured(image, chart) > 200


def test_the_rules_sheet_fits_the_window(tmp_path: Path) -> None:
    rules = load_variant("pimps-and-hoes")
    layout, image = open_in_browser(rules_html(explain_rules(rules), "rules"), tmp_path)
    assert_fits(layout)
    assert ink(image, {"x": 0, "y": 0, "w": WIDTH, "h": 200}) > 0.01  # the title is there
