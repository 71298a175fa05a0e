"""A compiled edition is shared by every match, copy and thread, so none may change it:
setting an attribute or changing a shared table raises (docs/architecture.md, "Definition
versus state"). Only the declared exceptions change, and only as they say."""

import copy
import json
import pickle
from pathlib import Path

import attrs
import pytest

from fuba_rules.edition import load_edition
from fuba_rules.frozen import FrozenDict, FrozenList, frozen_data
from fuba_rules.sim.play import play_match

EDITIONS = Path(__file__).resolve().parents[1] / "editions"


@pytest.fixture(scope="module")
def ed():
    return load_edition("2024-draft", root=EDITIONS)


@pytest.mark.parametrize("name", ["tables", "procs", "funcs", "hooks_at", "skills", "rules", "match", "constants", "state", "compiler", "answers"])
def test_no_attribute_of_an_edition_can_be_set(ed, name):
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(ed, name, None)


@pytest.mark.parametrize("change", [
    lambda ed: ed.tables.pop(next(iter(ed.tables))),
    lambda ed: ed.tables.__setitem__("extra", None),
    lambda ed: next(iter(ed.tables.values())).exact.clear(),
    lambda ed: ed.procs.update({}),
    lambda ed: ed.funcs.setdefault("extra", None),
    lambda ed: ed.modifiers.clear(),
    lambda ed: ed.hooks_at.__delitem__(next(iter(ed.hooks_at))),
    lambda ed: ed.skills.popitem(),
    lambda ed: ed.constants.__setitem__("half_length", 1),
    lambda ed: ed.rules["A1"].__setitem__("default", True),
    lambda ed: ed.match.__setitem__("entry", "other"),
    lambda ed: ed.stats.clear(),
    lambda ed: ed.interpretations.clear(),
    lambda ed: ed.invariants.clear(),
    lambda ed: ed.secrets.clear(),
], ids=["table", "table-row", "table-rows", "procedures", "functions", "modifiers", "hooks", "skills", "constant", "rule-switch", "match-config", "stats", "interpretations", "invariants", "secrets"])
def test_changing_a_shared_table_raises(ed, change):
    with pytest.raises(TypeError, match="read-only: it is shared by every match"):
        change(ed)


def test_hooks_and_skills_are_frozen(ed):
    hook = next(iter(ed.skills.values()))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        hook.optional = not hook.optional
    with pytest.raises(TypeError):
        hook.info["ref"] = "elsewhere"
    some = next(iter(ed.hooks_at.values()))
    assert isinstance(some, tuple)  # a trigger's hooks cannot be appended to


def test_yaml_data_is_read_only_all_the_way_down():
    """A section's nested mappings and lists (a rule's spec, the match's teams) are read-only too."""
    data = frozen_data({"teams": {"home": {"formation": [4, 4, 2]}}})
    with pytest.raises(TypeError):
        data["teams"]["home"]["formation"].append(1)
    with pytest.raises(TypeError):
        data["teams"]["home"]["formation"] += [1]
    with pytest.raises(TypeError):
        data["teams"]["away"] = {}


def test_read_only_data_reads_as_plain_data():
    """JSON, pickling and copying see the dict or list a read-only one holds; a copy is
    the caller's own to change."""
    data = FrozenDict({"a": FrozenList([1, 2]), "b": FrozenDict({"c": 3})})
    assert json.loads(json.dumps(data)) == {"a": [1, 2], "b": {"c": 3}}
    assert pickle.loads(pickle.dumps(data)) == data
    assert copy.deepcopy(data) == data
    mine = dict(data)
    mine["d"] = 4
    assert "d" not in data


def test_a_match_changes_nothing_but_the_declared_caches(ed):
    """Board answers (`answers`) fill in as asked; every other table is what it was."""
    before = {k: dict(getattr(ed, k)) for k in ("tables", "procs", "funcs", "modifiers", "hooks_at", "skills", "rules", "match", "constants")}
    play_match(ed, seed=3)
    assert {k: dict(getattr(ed, k)) for k in before} == before
