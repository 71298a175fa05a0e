"""`parent(...)`: an override calls the definition it replaces, like Python's super().

A mod that changes one step of a rule should not have to copy the rule: it overrides
the procedure, function or hook and calls `parent(...)` where the inherited version
should run. Layers stack (edition on edition, mod on mod): each `parent` reaches one
layer down. These tests write small mods over the real 2024 draft.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest
from probes import function_calls

from fuba_rules.cli import main
from fuba_rules.diagnostics import FubaError
from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario

EDITIONS = Path(__file__).resolve().parents[1] / "editions"


def mod(tmp_path: Path, name: str, body: str, extends: str = "2024-draft") -> Path:
    path = tmp_path / f"{name}.yaml"
    head = f"schema_version: 1\nid: {name}\nextends: {extends}\n"
    path.write_text(head + textwrap.dedent(body), encoding="utf-8")
    return path


def load(*mods: Path):
    return load_edition("2024-draft", mods=list(mods), root=EDITIONS)


def errors(*mods: Path) -> list[str]:
    with pytest.raises(FubaError) as info:
        load(*mods)
    return [d.format() for d in info.value.diagnostics]


LOUD_MINUTE = """\
    procedures:
      add_minute:
        ref: "{ref}"
        do: |
          log("{text} before")
          {call}
          log("{text} after")
    """


def loud(tmp_path: Path, name: str, call: str = "parent()") -> Path:
    return mod(tmp_path, name, LOUD_MINUTE.format(ref=name, text=name, call=call))


def test_an_override_runs_the_replaced_procedure_where_it_calls_parent(tmp_path):
    ed = load(loud(tmp_path, "stoppage-talk"))
    s = Scenario(ed, dice=[]).state(minute=10)
    s.run("add_minute")
    assert s.logs() == ["stoppage-talk before", "stoppage-talk after"]
    assert s["minute"] == 11  # the 2024 draft's add_minute ran in between


def test_parent_reaches_one_layer_down_through_every_layer(tmp_path):
    first, second = loud(tmp_path, "first"), loud(tmp_path, "second")
    ed = load(first, second)
    s = Scenario(ed, dice=[]).state(minute=10)
    s.run("add_minute")
    assert s.logs() == ["second before", "first before", "first after", "second after"]
    assert s["minute"] == 11
    assert {"add_minute__base", "add_minute__base__base"} <= set(ed.procs)


def test_parent_with_new_arguments(tmp_path):
    """`parent(x)` passes what the override chooses: here the free kick goes to the other team."""
    swap = mod(tmp_path, "swap", """\
        procedures:
          gain_control:
            ref: "mod"
            params: [team, announce]
            do: |
              parent(other(team), announce)
        """)
    ed = load(swap)
    s = Scenario(ed, dice=[]).state(control="home")
    s.run("gain_control", "home", True)
    assert s["control"] == "away"


def test_a_function_override_calls_its_parent_value(tmp_path):
    more = mod(tmp_path, "more", """\
        functions:
          line_size:
            ref: "mod"
            params: [team, z]
            expr: parent() + 1
        """)
    base, ed = load(), load(more)
    assert Scenario(ed).value("line_size", "home", "defence") == Scenario(base).value("line_size", "home", "defence") + 1


def test_a_hook_override_runs_the_replaced_hooks_do(tmp_path):
    """The V.A.R. goal check (A11) with a line of commentary before it; the check itself is the draft's."""
    commentary = mod(tmp_path, "commentary", """\
        hooks:
          var_goal:
            ref: "A11"
            rule: A11
            at: goal_scored
            do: |
              log("the referee goes to the screen", team=team)
              parent()
        """)
    ed = load(commentary)
    s = Scenario(ed, dice=[6, 6], rules=["A11"], defaults={"set piece setup": "centre", "set piece move": None})
    s.pieces("home", {"centre": 5, "away_front": 5}, "home_penalty")
    s.pieces("away", {"centre": 5, "away_penalty": 5}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="away_penalty")
    s.run("score_goal", "home")
    assert s["score"]["home"] == 0
    assert s.logs()[:2] == ["the referee goes to the screen", "V.A.R. 6-6: the goal is denied, free kick to away"]


def test_fuba_show_source_shows_the_call_and_the_base(tmp_path, capsys):
    """The replaced procedure is a rule of its own, `NAME__base`: the override calls it,
    and `fuba show --source` prints either."""
    override = loud(tmp_path, "shown")
    ed = load(override)
    s = Scenario(ed, dice=[]).state(minute=10)
    base_runs = function_calls(ed, "add_minute__base", kind="procedure")
    s.run("add_minute")
    assert base_runs == {"add_minute__base": 1} and s["minute"] == 11
    for name in ("add_minute", "add_minute__base"):
        assert main(["--root", str(EDITIONS), "show", "2024-draft", "--mod", str(override), "--source", name]) == 0
        [function] = ast.parse(capsys.readouterr().out).body
        assert isinstance(function, ast.FunctionDef), name


# ---- check-time errors, each at the parent call's own position
def procedure(name: str, params: str, do: str) -> str:
    return f"procedures:\n  {name}:\n    ref: \"mod\"\n    params: [{params}]\n    do: |\n      {do}\n"


CALL_ERRORS = {
    "outside any override": (
        procedure("brand_new", "", "parent()"),
        "9:7: error: 'brand_new' replaces nothing, so it has no parent to call: "
        "parent(...) works in a definition that overrides an inherited one",
    ),
    "in a condition": (
        'modifiers:\n  odd_row:\n    group: goal_attempt\n    ref: "mod"\n    when: parent()\n    value: 1\n',
        "8:11: error: parent(...) calls the inherited version of the rule it is written in: "
        "only a procedure's or hook's do: or a function's expr: can call it",
    ),
    "passing on a value the override does not have": (
        procedure("gain_control", "t, announce", "parent()"),
        "9:7: error: parent() passes on this procedure's own team, but there is no such value here: "
        "write parent(team, announce) with the values to pass",
    ),
    "with the wrong number of arguments": (
        procedure("gain_control", "team, announce", "parent(team)"),
        "9:7: error: 'parent' takes 2 argument(s), got 1",
    ),
}


@pytest.mark.parametrize("case", CALL_ERRORS, ids=str)
def test_a_wrong_parent_call_is_an_error_at_the_call(tmp_path, case):
    text, expected = CALL_ERRORS[case]
    [message] = errors(mod(tmp_path, "x", text))
    assert message.endswith(f"x.yaml:{expected}")


def test_a_removed_then_redefined_rule_has_no_parent(tmp_path):
    fresh = mod(tmp_path, "fresh", """\
        remove: [procedures.add_minute]
        procedures:
          add_minute:
            ref: "mod"
            do: |
              parent()
        """)
    [message] = errors(fresh)
    assert "'add_minute' replaces nothing" in message


def test_the_language_server_knows_parent():
    from fuba_rules import layering
    from fuba_rules.lsp.names import Names
    from fuba_rules.lsp.navigation import entry_at, hover_text

    names = Names.of(layering.resolve(EDITIONS / "mods" / "super-goal-champion.yaml", EDITIONS), EDITIONS)
    text = hover_text(entry_at(names, "      let first = parent()", 20))
    assert text.splitlines()[0] == "**special form** `parent()`"
    assert "replaces, like Python's super()" in text


def test_hooks_whose_names_read_alike_keep_parents_of_their_own(tmp_path):
    """Hook names become Python names ("a b" and "a_b" both "a_b"): each parent stays its own."""
    base = mod(tmp_path, "base", """\
        hooks:
          "kick off":
            ref: "mod"
            at: match_start
            do: log("first")
          kick_off:
            ref: "mod"
            at: match_start
            do: log("second")
        """)
    over = mod(tmp_path, "over", """\
        hooks:
          "kick off":
            ref: "mod"
            at: match_start
            do: parent()
          kick_off:
            ref: "mod"
            at: match_start
            do: parent()
        """)
    ed = load(base, over)
    s = Scenario(ed).fire("match_start")
    assert s.logs() == ["first", "second"]
