"""Every whole variant file the README shows is one `pitchkit validate` accepts.

A README ```yaml block with a top-level ``name:`` is a whole file (the others are parts of
one, shown with the settings they explain): it is written out under its name and checked
as ``pitchkit validate`` checks a file, with no problem and no note.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pitchkit.load import check_variant

README = Path(__file__).resolve().parent.parent / "README.md"
_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.DOTALL | re.MULTILINE)
_NAME = re.compile(r"^name: *([a-z0-9-]+)", re.MULTILINE)


def whole_files() -> list[tuple[str, str]]:
    """(name, text) of each README yaml block that is a whole variant file."""
    out = []
    for text in _BLOCK.findall(README.read_text(encoding="utf-8")):
        name = _NAME.search(text)
        if name:
            out.append((name.group(1), text))
    return out


def test_the_readme_shows_whole_files_of_its_examples() -> None:
    # the house rules under "Variant files", and issue 10's rows shown as files: bids up
    # to 36 (Dom Pedro) and a six-player deck with the small cards taken out
    assert {"our-pitch", "dom-pedro", "six-handed-pitch"} <= {n for n, _ in whole_files()}


@pytest.mark.parametrize(("name", "text"), whole_files(), ids=[n for n, _ in whole_files()])
def test_a_whole_file_in_the_readme_validates(name: str, text: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    checked = check_variant(path)
    assert checked.problems == []
    assert checked.notes == []
    assert checked.rules is not None and checked.rules.name == name
