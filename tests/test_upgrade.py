"""Format 1 files (points as switches, no ``format:`` key) keep loading, translated to
format 2 items with a note; ``pitchkit show`` writes format 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchkit.cli_variants import show_text
from pitchkit.errors import VariantError
from pitchkit.load import check_variant, load_text, load_variant
from pitchkit.variant import FORMAT, PointItem, point_items

HERE = Path(__file__).parent


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_format_1_file_loads_as_the_items_it_meant(tmp_path: Path) -> None:
    old = write(tmp_path, "old.yaml", "name: old\npoints:\n  high: true\n  low: true\n"
                "  jack: true\n  game: true\n  jick: true\n")
    new = write(tmp_path, "new.yaml", "format: 2\nname: old\npoints:\n  items:\n"
                "    - point: high\n    - point: low\n    - point: jack\n"
                "    - point: jick\n    - point: game\n")
    assert load_variant(old) == load_variant(new)


def test_a_translated_file_gets_a_located_note(tmp_path: Path) -> None:
    path = write(tmp_path, "old.yaml", "name: old\npoints:\n  ten: true\n  game: false\n")
    checked = check_variant(path)
    assert checked.rules is not None
    assert checked.rules.point_names() == ("high", "low", "jack", "ten")
    [note] = checked.notes
    assert (note.line, note.column, note.path) == (3, 3, "points.items")
    assert note.message.startswith("format 1 (ten, game) read as format 2: items [{point: high}")


def test_format_1_switches_apply_on_top_of_the_extended_items(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "format: 2\nname: base\npoints:\n  items:\n"
          "    - point: high\n    - point: jack\n      value: 3\n")
    top = write(tmp_path, "top.yaml", "name: top\nextends: base.yaml\npoints:\n"
                "  last_trick: true\n  high: false\n")
    assert load_variant(top).points.items == (PointItem.of("jack", 3),
                                             PointItem.of("last_trick"))


def test_format_1_count_order_orders_the_items() -> None:
    rules = load_text("name: x\npoints:\n  count_order: [game, jack, low, high]\n")
    assert rules.point_names() == ("game", "jack", "low", "high")


@pytest.mark.parametrize(("jokers", "expected"), [
    (1, ("high", "low", "jack", "joker", "game")),
    (2, ("high", "low", "jack", "joker", "little_joker", "game")),
])
def test_format_1_joker_means_one_item_per_joker(jokers: int, expected: tuple[str, ...]) -> None:
    rules = load_text(f"name: x\ndeck:\n  jokers: {jokers}\npoints:\n  joker: true\n")
    assert rules.point_names() == expected


def test_a_format_1_override_is_translated_with_a_note() -> None:
    checked = check_variant("auction-pitch", ["points.jick=true"])
    assert checked.rules is not None
    assert checked.rules.points.items == point_items("high", "low", "jack", "jick", "game")
    assert any(n.file == "--set points.jick=true" and n.message.startswith("format 1")
               for n in checked.notes)


def test_a_format_2_file_may_not_use_the_switches(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.yaml", "format: 2\nname: bad\npoints:\n  jick: true\n")
    with pytest.raises(VariantError, match="unknown key 'jick'"):
        load_variant(path)


def test_every_format_1_test_file_still_loads() -> None:
    for path in sorted((HERE / "variants_good").glob("*.yaml")):
        load_variant(path)


def test_show_writes_the_current_format(tmp_path: Path) -> None:
    old = write(tmp_path, "old.yaml", (HERE / "variants_good" / "smear.yaml").read_text())
    shown = show_text(str(old), [])
    assert f"\nformat: {FORMAT}\n" in shown and "count_order" not in shown
    again = write(tmp_path, "shown.yaml", shown)
    assert check_variant(again).notes == []
    assert load_variant(again) == load_variant(old)


def test_every_shipped_variant_is_written_in_the_current_format() -> None:
    from pitchkit.load import shipped_variants

    for name, path in shipped_variants():
        assert f"\nformat: {FORMAT}\n" in path.read_text(), name
        assert check_variant(name).notes == [] or all(
            not n.message.startswith("format 1") for n in check_variant(name).notes), name
