"""What an unchanged edition produces is cached between runs by content hash (YAML trees,
schema answers, parsed and checked rule text); the cache is safe to delete, can be
turned off, sees every edit, and a damaged or edited cache file is ignored, never
trusted. A warm load reports exactly what a cold one does."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from fuba_rules import cache
from fuba_rules.cli import main
from fuba_rules.edition import load_edition
from fuba_rules.lang import checker, parse_cache, parser
from fuba_rules.lang.runtime import RuleFault
from fuba_rules.sim.play import play_match

ROOT = Path(__file__).resolve().parents[1] / "editions"


def _log(ed) -> list:
    return play_match(ed, 3, ("coach", "coach"), record=True).events


def test_a_warm_load_plays_the_same_match_as_a_cold_one(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FUBA_CACHE", "off")
    cold = _log(load_edition("world-cup-2015", root=ROOT))
    monkeypatch.delenv("FUBA_CACHE")
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    load_edition("world-cup-2015", root=ROOT)  # fills the cache
    assert list(tmp_path.rglob("*.json"))
    assert _log(load_edition("world-cup-2015", root=ROOT)) == cold


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("FUBA_CACHE", "off")
    assert parse_cache.cache_dir() is None
    load_edition("world-cup-2015", root=ROOT)
    assert not list(tmp_path.rglob("*.json"))


def test_the_cache_lives_in_the_users_cache_folder(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("FUBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("FUBA_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parse_cache.cache_dir() == tmp_path / "fuba-rules"


@pytest.mark.parametrize("damage", ["not json at all", json.dumps({"version": "x", "entries": {}}), "corrupt-entries"])
def test_a_damaged_cache_file_is_ignored(tmp_path, monkeypatch, damage: str) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = _log(load_edition("world-cup-2015", root=ROOT))
    for f in tmp_path.rglob("*.json"):
        if damage == "corrupt-entries":
            data = json.loads(f.read_text())
            if "entries" in data:
                data["entries"] = {k: {"@": "Import", "name": "os"} for k in data["entries"]}
            else:
                data["value"] = {"nodes": {"files": [], "tree": ["#Import", 0, 1, 1, "os"]}, "tree": ["d", 1, 1, ["x"]]}
            f.write_text(json.dumps(data))
        else:
            f.write_text(damage)
    assert _log(load_edition("world-cup-2015", root=ROOT)) == cold


def _never(*args, **kwargs):
    raise AssertionError("a warm load parsed or checked rule text again")


def test_a_warm_load_neither_parses_nor_checks_rule_text(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = _log(load_edition("2024-draft", root=ROOT))
    monkeypatch.setattr(parser, "_parse", _never)
    monkeypatch.setattr(checker.Checker, "check_block", _never)
    monkeypatch.setattr(checker.Checker, "check_expr", _never)
    assert _log(load_edition("2024-draft", root=ROOT)) == cold


def test_an_edited_file_is_read_again(tmp_path, monkeypatch) -> None:
    """The key is every file's content: a changed rule is seen at once, error and all."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "editions"
    shutil.copytree(ROOT, root)
    monkeypatch.chdir(tmp_path)
    assert main(["--root", "editions", "check", "world-cup-2015"]) == 0
    rules = next(p for p in sorted((root / "world-cup-2015").glob("*.yaml")) if "procedures:" in p.read_text())
    text = rules.read_text()
    rules.write_text(text.replace("procedures:\n", "procedures:\n  broken:\n    ref: '1'\n    do: |\n      set ball.valeu = 1\n", 1))
    assert main(["--root", "editions", "check", "world-cup-2015"]) == 1
    assert main(["--root", "editions", "check", "world-cup-2015"]) == 1  # the error is never cached
    rules.write_text(text)
    assert main(["--root", "editions", "check", "world-cup-2015"]) == 0


def test_a_warm_check_prints_the_same_warnings(tmp_path, monkeypatch, capsys) -> None:
    """Warnings of the checker, of the build and of the schema are stored with the edition."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path / "cache"))
    mod = tmp_path / "warns.yaml"
    mod.write_text(
        "schema_version: 1\nid: mods/warns\nextends: 2024-draft\nmodifiers:\n"
        "  lonely:\n    group: nobody_sums_this\n    ref: mod\n    value: 1\n"
        "procedures:\n  maybe:\n    ref: mod\n    do: |\n      let x = may_choose(home, \"shoot?\", [1, 2])\n"
    )
    runs = []
    for _ in range(2):
        assert main(["--root", str(ROOT), "check", str(mod)]) == 0
        runs.append(capsys.readouterr())
    assert "warning: modifier 'lonely' is in group 'nobody_sums_this'" in runs[0].err
    assert "warning: optional decision without prefer= advice" in runs[0].err
    assert runs[1] == runs[0]


def test_an_error_reads_the_same_warm_or_cold(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path / "cache"))
    mod = tmp_path / "typo.yaml"
    mod.write_text("schema_version: 1\nid: mods/typo\nextends: 2024-draft\nprocedures:\n  p:\n    ref: m\n    do: |\n      set ball.valeu = 1\n")
    outputs = []
    for _ in range(2):
        assert main(["--root", str(ROOT), "odds", "2024-draft", "pressing", "away", "--mod", str(mod)]) == 1
        outputs.append(capsys.readouterr().err)
    assert "typo.yaml:8:11: error: cannot set 'ball.valeu': not declared in state: or with let (did you mean 'ball.value'?)" in outputs[0]
    assert outputs[1] == outputs[0]


def _edit_entries(folder: Path, edit) -> int:
    edited = 0
    for f in folder.rglob("*.json"):
        data = json.loads(f.read_text())
        if edit(data):
            f.write_text(json.dumps(data))
            edited += 1
    return edited


EVIL = "== 0 or m.__class__ =="


def _counting_rebuilds(monkeypatch) -> Counter[str]:
    """Rule texts parsed, and checked, from then on: a stored parse refused is parsed
    again, a stored build refused is checked again (a warm load does neither)."""
    counts: Counter[str] = Counter()

    def counted(owner, name: str, key: str) -> None:
        original = getattr(owner, name)

        def counting(*args, **kwargs):
            counts[key] += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counting)

    counted(parser, "_parse", "parsed")
    counted(checker.Checker, "check_expr", "checked")
    return counts


def _evil(packed) -> bool:
    """Every `==` of packed nodes turned into text that would reach Python's attributes."""
    text = json.dumps(packed)
    if '"=="' not in text:
        return False
    packed[:] = json.loads(text.replace('"=="', json.dumps(EVIL)))
    return True


def _edit_stored_nodes(folder: Path, edit, *, blocks: bool, fix_digest: bool) -> int:
    """Edit the packed texts of every stored build: its blocks of statements or its
    expressions; with `fix_digest`, as someone would who means it."""
    edited = 0

    def edit_data(data: dict) -> bool:
        value = data.get("value")
        if not (isinstance(value, dict) and "nodes" in value):
            return False
        packed = json.loads(value["nodes"])
        texts = [t for t in packed["tree"][1:] if isinstance(t, list) and (t[:1] == ["["]) == blocks]
        changed = [t for t in texts if edit(t)]
        if not changed:
            return False
        value["nodes"] = json.dumps(packed)
        if fix_digest:
            value["nodes_digest"] = cache.digest(value["nodes"])
        return True

    edited += _edit_entries(folder, edit_data)
    return edited


def test_an_edited_entry_cannot_put_text_into_generated_code(tmp_path, monkeypatch) -> None:
    """Code generation writes operators and called names unquoted, so a stored node whose
    operator is anything the parser could not produce is refused: the entry is a miss."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = _log(load_edition("world-cup-2015", root=ROOT))

    def edit(data: dict) -> bool:  # the parsed texts, kept by content
        text = json.dumps(data)
        if '"@": "Compare"' not in text:
            return False
        data.clear()
        data.update(json.loads(text.replace('"=="', json.dumps(EVIL))))
        return True

    assert _edit_entries(tmp_path, edit)
    assert _edit_stored_nodes(tmp_path, _evil, blocks=True, fix_digest=False) == 1
    rebuilt = _counting_rebuilds(monkeypatch)
    ed = load_edition("world-cup-2015", root=ROOT)
    assert _log(ed) == cold
    assert rebuilt["parsed"] > 0  # the edited texts were refused and parsed afresh from the YAML


def test_a_stored_expression_edited_digest_and_all_is_refused_when_loaded(tmp_path, monkeypatch) -> None:
    """Expressions are rebuilt (and vetted) as the edition loads: the entry is a miss."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = _log(load_edition("world-cup-2015", root=ROOT))
    assert _edit_stored_nodes(tmp_path, _evil, blocks=False, fix_digest=True) == 1
    rebuilt = _counting_rebuilds(monkeypatch)
    ed = load_edition("world-cup-2015", root=ROOT)
    assert rebuilt["checked"] > 0  # refused, and built again from the rule texts, before any match
    assert _log(ed) == cold


def test_a_stored_block_edited_digest_and_all_is_refused_when_first_run(tmp_path, monkeypatch) -> None:
    """Blocks of statements are rebuilt only when first run (a warm `fuba odds` runs a
    few rules); the vetting then refuses the edited one, at its rule, with what to do."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    load_edition("world-cup-2015", root=ROOT)
    assert _edit_stored_nodes(tmp_path, _evil, blocks=True, fix_digest=True) == 1
    ed = load_edition("world-cup-2015", root=ROOT)
    with pytest.raises(RuleFault) as e:
        _log(ed)
    assert "was edited and is refused" in e.value.message and str(tmp_path) in e.value.message
    assert str(e.value).startswith("editions/world-cup-2015/") and ".yaml:" in str(e.value)  # the rule's own line
    with pytest.raises(RuleFault) as again:  # nothing was compiled from it: asked again, it is refused again
        _log(ed)
    assert str(again.value) == str(e.value)


def test_a_stored_build_that_no_longer_fits_is_built_again(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = _log(load_edition("world-cup-2015", root=ROOT))

    def shuffle(packed: list) -> bool:
        packed[1:] = reversed(packed[1:])
        return True

    def reverse(data: dict) -> bool:
        value = data.get("value")
        if not (isinstance(value, dict) and "nodes" in value):
            return False
        packed = json.loads(value["nodes"])
        shuffle(packed["tree"])
        value["nodes"] = json.dumps(packed)
        value["nodes_digest"] = cache.digest(value["nodes"])
        return True

    assert _edit_entries(tmp_path, reverse) == 1
    assert _log(load_edition("world-cup-2015", root=ROOT)) == cold


def test_a_yaml_entry_is_rebuilt_under_the_same_caps(tmp_path, monkeypatch) -> None:
    """An edited tree deeper than a YAML file may nest is a miss, not a crash."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = _log(load_edition("world-cup-2015", root=ROOT))
    deep: list = ["l", 1, 1, [], []]
    for _ in range(300):
        deep = ["l", 1, 1, [deep], [1, 1]]

    def edit(data: dict) -> bool:
        if not (isinstance(data.get("value"), list) and data["value"][:1] == ["d"]):
            return False
        data["value"][-1][0] = deep
        return True

    assert _edit_entries(tmp_path, edit)
    assert _log(load_edition("world-cup-2015", root=ROOT)) == cold


def test_the_code_stamp_changes_when_a_module_changes(tmp_path, monkeypatch) -> None:
    """An edit of an editable install's own code is a miss, never a stale answer."""
    before = cache.code_stamp()
    module = Path(cache.__file__)
    stat = module.stat()
    try:
        import os

        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        cache.code_stamp.cache_clear()
        assert cache.code_stamp() != before
    finally:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        cache.code_stamp.cache_clear()
    assert cache.code_stamp() == before


def test_rule_text_is_not_parsed_again_even_without_a_stored_build(tmp_path, monkeypatch) -> None:
    """The parse cache serves each text on its own: an edition whose stored build is gone
    (or that differs from it in one file) parses only the texts that changed."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = _log(load_edition("world-cup-2015", root=ROOT))
    stored_builds = list(tmp_path.glob("*/editions"))
    assert stored_builds
    for folder in stored_builds:
        shutil.rmtree(folder)
    monkeypatch.setattr(parser, "_parse", _never)
    assert _log(load_edition("world-cup-2015", root=ROOT)) == cold


def test_a_measure_is_parsed_once(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    ed = load_edition("world-cup-2015", root=ROOT)
    ed.expression("[control, ball.value]", "--measure")
    monkeypatch.setattr(parser, "_parse", _never)
    ed.expression("[control, ball.value]", "--measure")


def test_the_rule_text_store_keeps_only_the_latest_files(tmp_path) -> None:
    """Like the other stores, the parses of generated files (a sweep's mods) do not grow
    the cache folder forever: the files written longest ago are forgotten."""
    store = parse_cache.ParseCache(tmp_path, keep=2)
    for name in ["<first>", "<second>", "<third>"]:
        store.put(name, "key", parser.parse_expr("1 + 2", parser.default_locate(name)))
        store.save()
    kept = [json.loads(f.read_text())["file"] for f in (tmp_path / cache.FORMAT / "rules").glob("*.json")]
    assert sorted(kept) == ["<second>", "<third>"]


def test_check_and_a_load_taken_in_turns_share_one_stored_build(tmp_path, monkeypatch, capsys):
    """`fuba check` then `fuba simulate` (a load that also checks the schema) then `fuba
    check` again: the second check prints the stored warnings without building."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    assert main(["--root", str(ROOT), "check", "world-cup-2015"]) == 0
    first = capsys.readouterr()
    load_edition("world-cup-2015", root=ROOT)
    monkeypatch.setattr(parser, "_parse", _never)
    monkeypatch.setattr(checker.Checker, "check_expr", _never)
    assert main(["--root", str(ROOT), "check", "world-cup-2015"]) == 0
    assert capsys.readouterr() == first


def test_a_warm_load_caches_the_same_rule_functions_as_a_cold_one(tmp_path, monkeypatch) -> None:
    """Which functions are left uncached is found from every rule text once checked; a
    warm load keeps procedures packed, so the answer is stored with the build."""
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    cold = load_edition("2024-draft", root=ROOT).compiler
    warm = load_edition("2024-draft", root=ROOT).compiler
    assert "pass_advice" in cold.uncached  # asked only by a pass's advice, about each option
    assert warm.uncached == cold.uncached and warm.memoized == cold.memoized
