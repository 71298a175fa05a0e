"""layering: extends, override, add, remove, include, cycles and mods."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from fuba_rules.diagnostics import FubaError, Pos
from fuba_rules.layering import discover, load_header, resolve


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def errors(target, root: Path, mods=()) -> list[str]:
    with pytest.raises(FubaError) as info:
        resolve(target, root, mods)
    return [d.format() for d in info.value.diagnostics]


BASE = {
    "base/edition.yaml": """\
        schema_version: 1
        title: Base
        procedures:
          pass: {do: "base pass"}
          shoot: {do: "base shoot"}
        constants:
          max: 6
        """,
    "base/tables.yaml": """\
        tables:
          t: {rows: {"1": a}}
        """,
    "child/edition.yaml": """\
        schema_version: 1
        extends: base
        procedures:
          pass: {do: "child pass"}
          run: {do: "child run"}
        """,
}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return write(tmp_path / "editions", BASE)


def test_discover_lists_folders_with_an_edition_yaml_and_mods(root):
    write(root, {"mods/fast.yaml": "schema_version: 1\n", "shared.yaml": "a: {}\n", "notes/readme.yaml": "x: {}\n"})
    assert discover(root) == {"base": root / "base", "child": root / "child", "mods/fast": root / "mods/fast.yaml"}
    assert discover(root / "nowhere") == {}


def test_a_folder_edition_merges_all_its_files(root):
    r = resolve("base", root)
    assert r.chain == ["base"] and r.parent is None
    assert set(r.data) == {"procedures", "constants", "tables"}
    assert r.origin[("tables", "t")] == "base"
    assert r.header["title"] == "Base" and r.header["id"] == "base"
    assert sorted(Path(f).name for f in r.files) == ["edition.yaml", "tables.yaml"]


def test_extends_overrides_and_adds_entry_by_entry(root):
    r = resolve("child", root)
    assert r.chain == ["base", "child"] and r.target == "child" and r.parent == "base"
    procs = r.data["procedures"]
    assert list(procs) == ["pass", "shoot", "run"]
    assert procs["pass"]["do"] == "child pass"
    assert procs["shoot"]["do"] == "base shoot"
    assert r.origin[("procedures", "pass")] == "child"
    assert r.origin[("procedures", "shoot")] == "base"
    assert r.origin[("procedures", "run")] == "child"
    assert r.overrides == {("procedures", "pass"): ["base"]}
    assert r.data["constants"]["max"] == 6


def test_merged_values_keep_the_position_of_the_file_they_came_from(root):
    r = resolve("child", root)
    procs = r.data["procedures"]
    assert procs["pass"]["do"].pos.file.endswith("child/edition.yaml")
    assert procs["shoot"]["do"].pos.file.endswith("base/edition.yaml")
    assert procs.value_pos["shoot"].file.endswith("base/edition.yaml")
    assert r.data["tables"].key_pos["t"].file.endswith("base/tables.yaml")


def test_layering_never_changes_the_files_it_read(root):
    r = resolve("child", root)
    base_file = next(top for name, top in r.files.items() if name.endswith("base/edition.yaml"))
    assert list(base_file["procedures"]) == ["pass", "shoot"]


def test_extends_may_be_a_path_relative_to_the_file(root):
    write(root, {"child/edition.yaml": "schema_version: 1\nextends: ../base\nprocedures: {run: {do: r}}\n"})
    assert resolve("child", root).chain == ["base", "child"]


def test_remove_deletes_an_inherited_entry(root):
    write(root, {"child/edition.yaml": "schema_version: 1\nextends: base\nremove: [procedures.shoot, tables.t]\n"})
    r = resolve("child", root)
    assert "shoot" not in r.data["procedures"] and r.data["tables"] == {}
    assert ("procedures", "shoot") not in r.origin
    assert r.removed == [("procedures", "shoot", "child"), ("tables", "t", "child")]


def test_remove_of_something_not_inherited_suggests_the_close_name(root):
    write(root, {"child/edition.yaml": "schema_version: 1\nextends: base\nremove: [procedures.shot, nonsense]\n"})
    path = root / "child/edition.yaml"
    assert errors("child", root) == [
        f"{path}:3:10: error: cannot remove 'procedures.shot': nothing inherited defines it (did you mean 'procedures.shoot'?)",
        f"{path}:3:27: error: expected 'section.key' in remove, got 'nonsense'",
    ]


def test_include_merges_shared_files_underneath(root):
    write(
        root,
        {
            "board.yaml": "board:\n  length: 100\n  halfway: 50\n",
            "common/tables.yaml": "include: [../board.yaml]\ntables:\n  shared: {rows: {'1': x}}\n",
            "base/edition.yaml": """\
                schema_version: 1
                include: [../common/tables.yaml, ../board.yaml]
                board:
                  halfway: 40
                procedures: {pass: {do: p}}
                """,
        },
    )
    r = resolve("child", root)
    assert r.data["board"] == {"length": 100, "halfway": 40}  # the file itself wins over its includes
    assert r.data["tables"]["shared"]["rows"] == {"1": "x"}
    assert r.origin[("tables", "shared")] == "base"
    assert r.overrides.get(("board", "halfway")) is None  # within one edition, not an override
    assert r.data["board"].value_pos["length"].file.endswith("editions/board.yaml")
    assert sum(name.endswith("board.yaml") for name in r.files) == 1  # read once


def test_include_of_a_missing_file_suggests_a_close_one(root):
    write(
        root,
        {"board.yaml": "board: {}\n", "base/edition.yaml": "schema_version: 1\ninclude: [../bord.yaml, notes.txt]\n"},
    )
    path = root / "base/edition.yaml"
    assert errors("base", root) == [
        f"{path}:2:11: error: cannot include '../bord.yaml': no such file (did you mean 'board.yaml'?)",
        f"{path}:2:25: error: cannot include 'notes.txt': only .yaml files can be included",
    ]


def test_extends_cycle_names_the_chain(root):
    write(
        root,
        {
            "a/edition.yaml": "schema_version: 1\nextends: b\n",
            "b/edition.yaml": "schema_version: 1\nextends: c\n",
            "c/edition.yaml": "schema_version: 1\nextends: a\n",
        },
    )
    assert errors("a", root) == [f"{root / 'c/edition.yaml'}:2:10: error: extends cycle: a -> b -> c -> a"]
    write(root, {"self/edition.yaml": "schema_version: 1\nextends: self\n"})
    assert errors("self", root) == [f"{root / 'self/edition.yaml'}:2:10: error: extends cycle: self -> self"]


def test_include_cycle_names_the_files(root, monkeypatch):
    monkeypatch.chdir(root)
    write(
        root,
        {
            "x.yaml": "include: [y.yaml]\n",
            "y.yaml": "include: [x.yaml]\n",
            "base/edition.yaml": "include: [../x.yaml]\n",
        },
    )
    assert errors("base", Path(".")) == ["y.yaml:1:11: error: include cycle: x.yaml -> y.yaml -> x.yaml"]


def test_the_same_entry_in_two_files_of_one_edition_is_an_error(root):
    write(root, {"base/more.yaml": "tables:\n  t: {rows: {}}\nconstants: {max: 7}\n"})
    assert errors("base", root) == [
        f"{root / 'base/more.yaml'}:3:13: error: 'constants.max' is defined twice in base (also at {root / 'base/edition.yaml'}:7:3)",
        f"{root / 'base/tables.yaml'}:2:3: error: 'tables.t' is defined twice in base (also at {root / 'base/more.yaml'}:2:3)",
    ]


def test_header_keys_belong_in_edition_yaml(root):
    write(root, {"base/more.yaml": "extends: child\nschema_version: 1\n"})
    assert errors("base", root) == [
        f"{root / 'base/more.yaml'}:1:1: error: header key 'extends' belongs in {root / 'base/edition.yaml'}"
    ]


def test_missing_parent_suggests_a_known_id(root):
    write(root, {"child/edition.yaml": "schema_version: 1\nextends: bsae\n"})
    assert errors("child", root) == [
        f"{root / 'child/edition.yaml'}:2:10: error: unknown edition 'bsae' (did you mean 'base'?)"
    ]


def test_unknown_target_is_a_command_line_error(root):
    with pytest.raises(FubaError) as info:
        resolve("chlid", root)
    (d,) = info.value.diagnostics
    assert d.pos is None and d.message == "unknown edition 'chlid' (did you mean 'child'?)"


def test_header_values_of_the_wrong_type_are_errors_not_crashes(root):
    write(root, {"base/edition.yaml": "schema_version: 1\nextends: [a]\ninclude: x.yaml\nremove: [1]\nid: 3\n"})
    path = root / "base/edition.yaml"
    assert errors("base", root) == [
        f"{path}:2:10: error: expected an edition id or path for extends, got a list",
        f"{path}:3:10: error: expected a list of strings for include, got 'x.yaml'",
        f"{path}:4:10: error: expected a string in remove, got 1",
        f"{path}:5:5: error: expected a string for id, got 3",
    ]


def test_an_id_must_match_the_folder_it_is_found_in(root):
    write(root, {"base/edition.yaml": "schema_version: 1\nid: basic\n"})
    assert errors("base", root) == [
        f"{root / 'base/edition.yaml'}:2:5: error: id 'basic' does not match the name it is found by, 'base'"
    ]


def test_top_level_must_be_a_mapping(root):
    write(root, {"base/tables.yaml": "- a\n- b\n"})
    assert errors("base", root) == [
        f"{root / 'base/tables.yaml'}:1:1: error: expected a mapping of sections at the top of the file"
    ]


def test_mods_apply_on_top_in_order(root):
    write(
        root,
        {
            "mods/fast.yaml": "schema_version: 1\nextends: child\nprocedures:\n  pass: {do: fast}\n",
            "mods/wild.yaml": "schema_version: 1\nprocedures:\n  pass: {do: wild}\nremove: [procedures.run]\n",
        },
    )
    r = resolve("child", root, ["mods/fast", root / "mods/wild.yaml"])
    assert r.chain == ["base", "child", "mods/fast", "mods/wild"]
    assert r.target == "child" and r.parent == "base"
    assert r.data["procedures"]["pass"]["do"] == "wild"
    assert r.origin[("procedures", "pass")] == "mods/wild"
    assert r.overrides[("procedures", "pass")] == ["base", "child", "mods/fast"]
    assert r.removed == [("procedures", "run", "mods/wild")]
    assert r.warnings == []


def test_a_mod_for_another_edition_still_applies_with_a_warning(root):
    write(root, {"mods/fast.yaml": "schema_version: 1\nextends: child\nconstants: {max: 9}\n"})
    r = resolve("base", root, ["mods/fast"])
    assert r.data["constants"]["max"] == 9
    (w,) = r.warnings
    assert w.severity == "warning" and w.message == "mods/fast extends child, but is applied on top of base"
    assert w.pos == Pos(str(root / "mods/fast.yaml"), 2, 10)


def test_a_mod_can_be_the_target_and_brings_its_parents(root):
    write(root, {"mods/fast.yaml": "schema_version: 1\nextends: child\nconstants: {max: 9}\n"})
    r = resolve("mods/fast", root)
    assert r.chain == ["base", "child", "mods/fast"] and r.parent == "child"
    r = resolve(root / "mods/fast.yaml", root)
    assert r.target == "mods/fast"


def test_an_edition_outside_the_root_takes_its_header_id(root, tmp_path):
    write(tmp_path, {"elsewhere/my-mod.yaml": "schema_version: 1\nid: mine\nextends: base\n"})
    r = resolve(tmp_path / "elsewhere/my-mod.yaml", root)
    assert r.chain == ["base", "mine"]


def test_unknown_mod_suggests_a_known_one(root):
    write(root, {"mods/fast.yaml": "schema_version: 1\n"})
    with pytest.raises(FubaError) as info:
        resolve("child", root, ["mods/fats"])
    assert info.value.diagnostics[0].message == "unknown mod 'mods/fats' (did you mean 'mods/fast'?)"


def test_load_header_reads_only_the_header(root):
    header = load_header(root / "child")
    assert dict(header) == {"schema_version": 1, "extends": "base"}


# ---- tables merge row by row (issue 37, item 1) -------------------------------------------------

TABLE_BASE = {
    "base/edition.yaml": """\
        schema_version: 1
        tables:
          t:
            ref: "1"
            doc: "a die"
            domain: {range: [1, 3]}
            rows: {"1": a, "2": b, "3": c}
        """,
}


def child_table(root: Path, text: str):
    write(root, {"child/edition.yaml": "schema_version: 1\nextends: base\ntables:\n" + textwrap.indent(textwrap.dedent(text), "  ")})
    return resolve("child", root)


def test_a_childs_table_replaces_only_the_rows_it_names(tmp_path):
    """A child's row replaces the parent's row of that key; the other rows, the domain and the
    doc stay; a new row is added."""
    root = write(tmp_path / "editions", TABLE_BASE)
    t = child_table(root, 't:\n  rows: {"2": B, "4": d}\n').data["tables"]["t"]
    assert dict(t["rows"]) == {"1": "a", "2": "B", "3": "c", "4": "d"}
    assert t["domain"] == {"range": [1, 3]} and t["doc"] == "a die"
    assert t["rows"].key_pos["2"].file.endswith("child/edition.yaml")
    assert t["rows"].key_pos["1"].file.endswith("base/edition.yaml")


def test_a_childs_table_removes_rows_and_replaces_fields(tmp_path):
    root = write(tmp_path / "editions", TABLE_BASE)
    t = child_table(root, 't:\n  domain: {range: [1, 2]}\n  remove: ["3"]\n').data["tables"]["t"]
    assert dict(t["rows"]) == {"1": "a", "2": "b"} and t["domain"] == {"range": [1, 2]}
    assert "remove" not in t and "replace" not in t


def test_replace_true_replaces_the_whole_table(tmp_path):
    root = write(tmp_path / "editions", TABLE_BASE)
    t = child_table(root, 't:\n  replace: true\n  rows: {"1": z}\n').data["tables"]["t"]
    assert dict(t) == {"rows": {"1": "z"}}


def test_removing_a_row_the_parent_lacks_is_an_error_with_a_suggestion(tmp_path):
    root = write(tmp_path / "editions", TABLE_BASE)
    write(root, {"child/edition.yaml": 'schema_version: 1\nextends: base\ntables:\n  t:\n    remove: ["33"]\n'})
    (message,) = errors("child", root)
    assert message.endswith("child/edition.yaml:5:14: error: cannot remove row '33' of tables.t: it inherits no such row (did you mean '3'?)")
