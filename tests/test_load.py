"""Loading variant files: good and bad example folders, and every kind of bad input."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

import pytest

from pitchkit import load
from pitchkit.errors import VariantError
from pitchkit.load import (
    find_variant,
    load_text,
    load_variant,
    load_variant_mapping,
    resolve,
    shipped_variants,
    validate_file,
)
from pitchkit.variant import Rules, TrumpChosenBy, rules_from_mapping, rules_to_mapping

HERE = Path(__file__).parent
GOOD = sorted((HERE / "variants_good").glob("*.yaml"))
BAD = sorted((HERE / "variants_bad").glob("*.yaml"))
SHIPPED = [name for name, _ in shipped_variants()]


def expected_message(path: Path) -> str:
    first = path.read_bytes().split(b"\n", 1)[0].decode()
    assert first.startswith("# expect: "), f"{path.name} lacks its '# expect:' first line"
    return first.removeprefix("# expect: ")


def first_problem(variant: str | Path, overrides: tuple[str, ...] = ()) -> str:
    with pytest.raises(VariantError) as info:
        load_variant(variant, overrides)
    return str(info.value.problems[0])


# ---------------------------------------------------------------------------- folders


def test_the_shipped_variants_are_those_of_the_issues() -> None:
    assert SHIPPED == ["auction-pitch", "auction-pitch-joker", "call-partner-pitch",
                       "catch-five", "cinch",
                       "commercial-pitch", "minnesota-smear", "money-pitch", "nine-card-pitch",
                       "partnership-pitch", "pedro", "pidro", "pimps-and-hoes",
                       "pimps-and-hoes-4p", "pimps-and-hoes-literal", "smear", "ten-point-pitch",
                       "ten-point-pitch-draw"]


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_variant_is_valid(name: str) -> None:
    assert validate_file(name) == []
    assert load_variant(name).name == name


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_variant_starts_with_schema_comment_and_source(name: str) -> None:
    lines = find_variant(name).read_text().splitlines()
    assert lines[0] == "# yaml-language-server: $schema=../schemas/variant.schema.json"
    assert lines[1].startswith("# Source")
    assert load_variant(name).source


@pytest.mark.parametrize("path", GOOD, ids=[p.name for p in GOOD])
def test_good_file_loads(path: Path) -> None:
    checked = load.check_variant(path)
    assert checked.problems == []
    assert isinstance(checked.rules, Rules)


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_bad_file_gives_its_message(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)
    assert first_problem(path.name) == expected_message(path)


def test_every_bad_file_is_refused_by_validate_too() -> None:
    for path in BAD:
        assert validate_file(path), path.name


# ---------------------------------------------------------------------------- text layer


def test_empty_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty.yaml").write_bytes(b"")
    with pytest.raises(VariantError, match="file is empty"):
        load_variant(tmp_path / "empty.yaml")


def test_blank_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "blank.yaml").write_text("\n   \n\t\n")
    with pytest.raises(VariantError, match="file is empty"):
        load_variant(tmp_path / "blank.yaml")


def test_binary_file_is_refused_with_position(tmp_path: Path) -> None:
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"name: x\n\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    problem = info.value.problems[0]
    assert "binary data" in problem.message
    assert (problem.line, problem.column) == (4, 1)


def test_random_bytes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "noise.yaml"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(VariantError, match="binary data"):
        load_variant(path)


def test_non_utf8_text_is_refused_with_position(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: x\ndescription: caf\u00e9\n".encode("latin-1"))
    with pytest.raises(VariantError) as info:
        load_variant(path)
    problem = info.value.problems[0]
    assert problem.message == "not UTF-8 text (byte 0xe9)"
    assert (problem.line, problem.column) == (2, 17)


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffname: bom\ndescription: café\n".encode())
    assert load_variant(path).description == "café"


def test_control_character_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bell.yaml"
    path.write_text("name: x\ndescription: ring\x07\n")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert info.value.problems[0].line == 2
    assert "special characters are not allowed" in info.value.problems[0].message


def test_ten_megabyte_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    line = b"# " + b"x" * 1021 + b"\n"
    path.write_bytes(b"name: huge\n" + line * (10 * 1024))
    assert path.stat().st_size > 10_000_000
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert info.value.problems[0].message.startswith("file is too large (over 1 MB)")


def test_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="is a folder"):
        load_variant(tmp_path)


def test_missing_file_names_the_closest_shipped_variant() -> None:
    with pytest.raises(VariantError) as info:
        load_variant("auction-pich")
    assert "did you mean auction-pitch?" in str(info.value)


def test_missing_path_says_no_such_file() -> None:
    assert first_problem("no/such/file.yaml") == "no/such/file.yaml: no such file"


# ---------------------------------------------------------------------------- YAML layer


def test_billion_laughs_is_refused_without_expanding_it() -> None:
    bomb = find_variant(str(HERE / "variants_bad" / "alias-bomb.yaml"))
    started = time.process_time()
    with pytest.raises(VariantError, match="too many YAML aliases"):
        load_variant(bomb)
    # Expanding it would take 10**9 list items; refusing takes no time at all.
    assert time.process_time() - started < 5


def test_wide_alias_fanout_is_capped_by_node_count() -> None:
    items = ", ".join(["*a"] * 40)
    text = f"name: x\nanchor: &a [{', '.join(['1'] * 1000)}]\nfan: [{items}]\n"
    with pytest.raises(VariantError, match="more than 20000 values"):
        load_text(text)


def test_deep_nesting_is_refused() -> None:
    text = "name: x\nplay:\n  stages: " + "[" * 500 + "]" * 500 + "\n"
    with pytest.raises(VariantError, match="nesting deeper than 20 levels"):
        load_text(text)


def test_deep_block_nesting_is_refused() -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(100)) + "  " * 100 + "v\n"
    with pytest.raises(VariantError, match="nesting deeper"):
        load_text(text)


def test_duplicate_keys_are_refused_with_both_lines() -> None:
    with pytest.raises(VariantError) as info:
        load_text("name: a\nplayers:\n  count: 2\nname: b\n", "dup.yaml")
    assert str(info.value.problems[0]) == (
        "dup.yaml:4:1: name: duplicate key 'name' (first given at line 1)")


def test_yaml_syntax_error_has_line_and_column() -> None:
    with pytest.raises(VariantError) as info:
        load_text("name: x\nplayers:\n  count: [1, 2\n", "syn.yaml")
    problem = info.value.problems[0]
    assert problem.file == "syn.yaml" and problem.line == 4
    assert problem.message.startswith("YAML syntax:")


def test_positions_of_keys_are_recorded() -> None:
    doc = load.parse_yaml("name: x\nauction:\n  min_bid: 2\nplay:\n  stages: [3, 3]\n", "p.yaml")
    assert doc.where[("auction", "min_bid")] == load.Where("p.yaml", 3, 3, 0)
    assert doc.where[("play", "stages", 1)].column == 15


def test_numeric_keys_are_kept_as_written_in_rank_order() -> None:
    rules = load_text("name: x\npoints:\n  card_values: {9: 1, T: 10}\n")
    assert rules.points.card_values == (("T", 10), ("9", 1))


def test_tables_written_in_any_order_make_equal_rules() -> None:
    one = load_text("name: x\ncombinations:\n  singles: {3: 0, 2: 1}\n")
    other = load_text("name: x\ncombinations:\n  singles: {2: 1, 3: 0}\n")
    assert one == other


def test_unsafe_tags_are_refused() -> None:
    with pytest.raises(VariantError, match="not allowed"):
        load_text("name: !!python/name:os.system x\n")


# ---------------------------------------------------------------------------- schema layer


def test_schema_problem_is_located_at_the_key() -> None:
    with pytest.raises(VariantError) as info:
        load_text("name: house\nauction:\n  style: one_round\n  min_bid: 0\n", "house.yaml")
    assert str(info.value) == "house.yaml:4:3: auction.min_bid: 0 is less than the minimum of 1"


def test_unknown_key_suggests_the_closest_known_key() -> None:
    with pytest.raises(VariantError) as info:
        load_text("name: x\npoints:\n  lowgoesto: holder\n")
    assert info.value.problems[0].message == "unknown key 'lowgoesto' (did you mean low_goes_to?)"


def test_unknown_key_without_close_match_lists_the_keys() -> None:
    with pytest.raises(VariantError) as info:
        load_text("name: x\ntrump:\n  zzz: 1\n")
    assert "known keys: chosen_by, shown_card" in info.value.problems[0].message


def test_most_relevant_problem_comes_first() -> None:
    text = "name: x\nplayers:\n  count: 99\nauction: 3\n"
    with pytest.raises(VariantError) as info:
        load_text(text, "r.yaml")
    problems = [str(p) for p in info.value.problems]
    assert problems == ["r.yaml:4:1: auction: 3 is not a mapping",
                        "r.yaml:3:3: players.count: 99 is greater than the maximum of 8"]


def test_several_unknown_keys_each_get_a_problem() -> None:
    with pytest.raises(VariantError) as info:
        load_text("name: x\nplayrs: {}\ndek: {}\n")
    assert [p.path for p in info.value.problems] == ["playrs", "dek"]


# ---------------------------------------------------------------------------- extends


def test_extends_merges_key_by_key_and_the_later_file_wins() -> None:
    data = load_variant_mapping("partnership-pitch")
    assert data["players"] == {"count": 4, "partnerships": "2x2"}
    assert data["auction"]["pitch_to_bid"] is True  # from auction-pitch
    assert data["name"] == "partnership-pitch"
    assert "extends" not in data


def test_extends_replaces_lists(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("name: h\nextends: pimps-and-hoes\nplay:\n  stages: [6, 6]\n")
    assert load_variant(tmp_path / "h.yaml").play.stages == (6, 6)


def test_extends_a_relative_path(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.yaml").write_text("name: base\nscoring:\n  target: 15\n")
    (tmp_path / "top.yaml").write_text("name: top\nextends: sub/base.yaml\nplayers:\n  count: 3\n")
    rules = load_variant(tmp_path / "top.yaml")
    assert (rules.scoring.target, rules.players.count, rules.name) == (15, 3, "top")


def test_extends_a_sibling_by_bare_name(tmp_path: Path) -> None:
    (tmp_path / "ours.yaml").write_text("name: ours\nscoring:\n  target: 21\n")
    (tmp_path / "top.yaml").write_text("name: top\nextends: ours\n")
    assert load_variant(tmp_path / "top.yaml").scoring.target == 21


def test_extends_chain_keeps_positions_of_each_file(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("name: a\nextends: auction-pitch\nscoring:\n  target: 9\n")
    (tmp_path / "b.yaml").write_text("name: b\nextends: a.yaml\n")
    doc = resolve(tmp_path / "b.yaml")
    assert Path(doc.where[("scoring", "target")].file).name == "a.yaml"
    assert Path(doc.where[("name",)].file).name == "b.yaml"
    assert Path(doc.where[("auction", "style")].file).name == "auction-pitch.yaml"


def test_a_problem_caused_by_the_top_file_is_located_there(tmp_path: Path) -> None:
    """Four players share the whole deck 13 each, too few for the inherited stages: the
    fix belongs in the file that changed the player count, not in the shipped base."""
    (tmp_path / "four.yaml").write_text("name: four\nextends: pimps-and-hoes\n"
                                        "players: {count: 4}\n")
    [problem] = validate_file(tmp_path / "four.yaml")
    assert Path(problem.file).name == "four.yaml"
    assert (problem.line, problem.path) == (3, "play.stages")


# ---------------------------------------------------------------------------- overrides


def test_override_sets_a_value() -> None:
    assert load_variant("auction-pitch", ["scoring.target=21"]).scoring.target == 21


def test_override_parses_yaml_scalars_and_flow_lists() -> None:
    rules = load_variant("pimps-and-hoes", ["play.stages=[9, 9]", "scoring.target=null",
                                            "combinations.reusable=[]"])
    assert rules.play.stages == (9, 9)
    assert rules.combinations.reusable == ()


def test_later_override_wins() -> None:
    assert load_variant("auction-pitch", ["scoring.target=11", "scoring.target=15"]) \
        .scoring.target == 15


def test_override_unknown_path_suggests() -> None:
    assert first_problem("auction-pitch", ("scoring.targt=11",)) == (
        "--set scoring.targt=11: scoring.targt: unknown key 'targt' in scoring "
        "(did you mean target?)")


def test_override_bad_value_is_checked_by_the_schema() -> None:
    assert first_problem("auction-pitch", ("scoring.target=abc",)) == (
        "--set scoring.target=abc: scoring.target: 'abc' is not an integer or null")


def test_override_is_checked_for_meaning() -> None:
    assert first_problem("auction-pitch", ("auction.min_bid=5",)) == (
        "--set auction.min_bid=5: auction.min_bid: 5 is greater than auction.max_bid (4)")


@pytest.mark.parametrize(("text", "message"), [
    ("scoring.target", "expected KEY.PATH=VALUE"),
    ("=3", "expected KEY.PATH=VALUE"),
    ("scoring..target=3", "is not a key path"),
    ("scoring.target=", "no value after '='"),
    ("scoring.target.deep=1", "scoring.target is a single setting, not a section"),
    ("extends=money-pitch", "extends cannot be overridden"),
    ("scoring.target=[1, ", "bad value: YAML syntax"),
    ("combinations.pairs.XY=3", "'XY' is not a pair of two rank letters"),
])
def test_bad_override_usage(text: str, message: str) -> None:
    problem = first_problem("auction-pitch", (text,))
    assert problem.startswith(f"--set {text}: ")
    assert message in problem


def test_override_a_pair_value() -> None:
    rules = load_variant("pimps-and-hoes", ["combinations.pairs.AA=20"])
    assert ("AA", 20) in rules.combinations.pairs


# ---------------------------------------------------------------------------- base problems


def test_invalid_base_names_the_base_file(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("name: base\nplayers:\n  count: 1\n")
    (tmp_path / "top.yaml").write_text("name: top\nextends: base.yaml\n")
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "top.yaml")
    problem = info.value.problems[0]
    assert Path(problem.file).name == "base.yaml"
    assert (problem.line, problem.column, problem.path) == (3, 3, "players.count")


def test_api_helpers() -> None:
    assert find_variant("money-pitch").name == "money-pitch.yaml"
    assert load.schema_path().is_file()
    assert json.loads(load.schema_path().read_text())["$id"] == load.load_schema()["$id"]
    assert rules_from_mapping(load_variant_mapping("money-pitch")) == load_variant("money-pitch")


def test_rules_defaults_equal_the_schema_defaults() -> None:
    """A section record's field is a typed view of a schema setting: same name, same
    default. Settings without a field are kept by key, with the schema's default."""
    schema = load.load_schema()
    rules = Rules()
    keyed = dict(rules.keyed)
    for section, spec in schema["properties"].items():
        if section in ("name", "extends"):
            continue
        if spec.get("type") != "object":
            assert getattr(rules, section) == spec["default"], section
            continue
        obj = getattr(rules, section)
        fields = {f.name for f in dataclasses.fields(obj)}
        assert fields <= set(spec["properties"]), section
        for key, prop in spec["properties"].items():
            expected = rules_from_mapping({section: {key: prop["default"]}})
            assert expected == rules, f"{section}.{key}"
            assert (f"{section}.{key}" in keyed) == (key not in fields), f"{section}.{key}"


def test_a_setting_without_a_field_is_read_and_changed_by_its_key() -> None:
    """auction.opening_max_bid has no field in variant.Auction: the file's value is kept
    by its key, read typed, shown back in schema order, and changed like any setting."""
    assert not hasattr(Rules().auction, "opening_max_bid")
    rules = load_text("name: x\nauction:\n  opening_max_bid: 3.0\n")
    assert rules.setting("auction.opening_max_bid", int) == 3
    assert Rules().optional_setting("auction.opening_max_bid", int) is None
    assert rules.setting("auction.max_bid", int) == 4  # a setting with a field, by key
    assert rules.setting("trump.chosen_by", TrumpChosenBy) is TrumpChosenBy.FIRST_LEAD
    shown = rules_to_mapping(rules)["auction"]
    assert list(shown) == list(load.load_schema()["properties"]["auction"]["properties"])
    assert shown["opening_max_bid"] == 3
    assert rules_from_mapping(rules_to_mapping(rules)) == rules
    assert Rules().with_settings({"auction.opening_max_bid": 3}) \
        == dataclasses.replace(rules, name="custom")
    changed = rules.with_settings({"auction.max_bid": 5, "trump.chosen_by": "turned_card"})
    assert changed.auction.max_bid == 5 and changed.trump.chosen_by is TrumpChosenBy.TURNED_CARD
    with pytest.raises(TypeError, match=r"auction\.opening_max_bid is 3, not bool"):
        rules.setting("auction.opening_max_bid", bool)
    with pytest.raises(TypeError, match=r"auction\.opening_max_bid is null"):
        Rules().setting("auction.opening_max_bid", int)
    with pytest.raises(KeyError, match=r"auction\.opening_max"):
        rules.setting("auction.opening_max", int)
    with pytest.raises(KeyError, match=r"auction\.opening_max"):
        rules.with_settings({"auction.opening_max": 3})


def test_a_bad_value_of_a_setting_without_a_field_is_located(tmp_path: Path) -> None:
    path = tmp_path / "cap.yaml"
    path.write_text("name: cap\nauction:\n  min_bid: 2\n  max_bid: 7\n"
                    "  opening_max_bid: 8\n")
    problems = validate_file(path)
    assert [(p.line, p.column, p.path) for p in problems] == [(5, 3, "auction.opening_max_bid")]
    assert "8 is outside the bids 2 to 7" in problems[0].message


def test_every_schema_setting_has_a_default_and_a_description() -> None:
    schema = load.load_schema()
    for section, spec in schema["properties"].items():
        assert spec.get("description"), section
        for key, prop in spec.get("properties", {}).items():
            assert "default" in prop, f"{section}.{key}"
            assert prop.get("description"), f"{section}.{key}"


def test_override_with_a_mapping_merges_like_extends() -> None:
    rules = load_variant("partnership-pitch", ["players={count: 4}", "points={jick: true}"])
    assert rules.players.partnerships.value == "2x2"
    assert rules.point_names() == ("high", "low", "jack", "jick", "game")


def test_a_huge_list_is_refused_while_parsing(tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_text("name: x\nplay:\n  stages: [" + ", ".join(["1"] * 100_000) + "]\n")
    with pytest.raises(VariantError, match="more than 20000 values; a variant file has"):
        load_variant(path)


def test_a_whole_float_is_read_as_the_integer() -> None:
    rules = load_text("name: x\nscoring:\n  target: 7.0\n")
    assert rules.scoring.target == 7 and isinstance(rules.scoring.target, int)


def test_a_text_parsed_again_is_a_fresh_copy_of_the_same_document() -> None:
    """parse_yaml keeps the documents it parsed last: a second parse of the same text gives
    the same data and positions, in new mappings and lists, so a caller that changes what it
    got (the layers merged onto a base) never changes what the next load reads."""
    text = "name: x\nauction:\n  min_bid: 2\nplay:\n  stages: [3, 3]\n"
    first = load.parse_yaml(text, "memo.yaml")
    first.data["auction"]["min_bid"] = 9
    first.data["play"]["stages"].append(1)
    first.where.clear()
    again = load.parse_yaml(text, "memo.yaml")
    assert again.data == {"name": "x", "auction": {"min_bid": 2}, "play": {"stages": [3, 3]}}
    assert again.where[("auction", "min_bid")].line == 3
    assert again.data is not first.data and again.data["play"] is not first.data["play"]
    # another file's name or layer is another document: its positions name that file
    other = load.parse_yaml(text, "other.yaml", layer=1)
    assert other.where[("auction",)].file == "other.yaml"
    assert other.where[("auction",)].layer == 1
