"""Rule text compiled to Python source: faults still point at the YAML, the sandbox is
as strict as before, and the resource caps hold for every way of growing a value.

Run-time faults are placed from a line table of the generated function, read only when
a fault happens; these tests pin that mapping to the YAML line and column.
"""

from __future__ import annotations

import ast

import pytest

from fuba_rules import load_edition
from fuba_rules.lang.runtime import MAX_LIST, RuleFault

import langkit as kit
from langkit import body_pos, fault, run, run_do


def test_a_fault_in_a_rule_reports_its_yaml_line_and_column() -> None:
    f = fault("let a = 1\nlet b = 2\nlet c = len(a)")
    assert str(f.pos) == body_pos(3, 5)
    assert str(f.to_error()).startswith(f"rules.yaml:{kit.BODY_LINE + 2}:")


def test_a_fault_inside_a_called_procedure_points_at_the_callees_line() -> None:
    src = "procedures:\n" + kit.procedure("helper()") + kit.procedure("let q = 1\nlet r = q // 0", "helper")
    with pytest.raises(RuleFault) as info:
        run(src)
    f = info.value
    assert f.message == "integer division or modulo by zero"
    assert (f.pos.file, f.pos.line) == ("rules.yaml", 8)  # helper's do: starts on line 7


def test_a_fault_in_a_branch_points_at_the_statement_in_the_branch() -> None:
    f = fault("let x = 1\nif x == 1:\n    let y = {a: 1}\n    let z = y.b")
    assert str(f.pos) == body_pos(4, 9)


def test_a_local_read_before_any_let_names_the_local() -> None:
    f = fault("if false:\n    let x = 1\nreturn x")
    assert f.message == "'x' has no value here: give it one with let on every path before reading it"
    assert f.pos.line == kit.BODY_LINE + 2


def test_generated_rules_run_without_builtins() -> None:
    ed = kit.build(kit.program("let len = 2\nlet print = 3\nreturn len + print"))
    assert ed.compiler.G["__builtins__"] == {}
    assert run_do("let len = 2\nlet print = 3\nreturn len + print").result == 5


def test_the_generated_source_of_a_rule_can_be_printed_and_is_the_code_that_runs() -> None:
    """`fuba show --source` prints one function per rule; run on its own, against the
    edition's globals, it gives what the rule gives. (Its text: tests/test_generated_golden.py.)"""
    ed = kit.build(kit.program("let x = minute + 1\nreturn x"))
    for name, expected in (("match", 2), ("DT", "away")):
        src = ed.source_of(name)
        [function] = ast.parse(src).body
        assert isinstance(function, ast.FunctionDef), name
        scope: dict = {}
        exec(compile(src, "<shown>", "exec"), dict(ed.compiler.G), scope)
        assert scope[function.name](kit.match(ed)) == expected


def test_a_rule_is_compiled_when_first_called_and_its_holders_then_call_it_directly() -> None:
    ed = kit.build(kit.program("set ball.value = 3\nreturn twice + 1", "functions:\n  twice: {expr: 'ball.value * 2', ref: '1'}\n"))
    held = ed.compiler.procs["match"].fn
    assert held.__code__.co_filename == "<lazy rule>"
    m = kit.match(ed)
    assert m.run("match", []) == 7
    assert held.__code__.co_filename.startswith("<rule")  # the same object, now the rule itself
    assert kit.match(ed).run("match", []) == 7


@pytest.mark.parametrize("edition", ["2024-draft", "world-cup-2015", "2.0"])
def test_every_generated_function_of_an_edition_compiles(edition: str) -> None:
    ed = load_edition(edition)
    assert ed.compiler.compile_pending() >= len(ed.procs) + len(ed.funcs)
    assert all(stub.__code__.co_filename != "<lazy rule>" for stub, *_ in ed.compiler._pending)


def test_source_of_an_unknown_rule_suggests_a_name() -> None:
    with pytest.raises(Exception, match=r"no rule function or procedure 'DTT'.*did you mean 'DT'"):
        kit.build(kit.program("pass")).source_of("DTT")


def test_a_pure_function_is_computed_once_per_state_version() -> None:
    extra = "functions:\n  ahead: {params: [t], expr: 'score[t] > 0', ref: '1'}\n"
    m = run_do("let a = ahead(home)\nset score[home] = 1\nreturn [a, ahead(home)]", extra)
    assert m.result == [False, True]  # the state write ended the cached answer


# ---- resource caps (issue 13) ------------------------------------------------------------
def test_set_plus_on_a_local_text_obeys_the_text_cap() -> None:
    f = fault('let s = "abcdefghij"\nrepeat 20:\n    set s += s')
    assert f.message == "a text grew beyond 10000 characters"
    assert str(f.pos) == body_pos(3, 9)


def test_set_plus_on_a_local_list_obeys_the_list_cap() -> None:
    f = fault("let s = [1, 2, 3]\nrepeat 20:\n    set s += s")
    assert f.message == f"a list grew beyond {MAX_LIST} elements"


def test_summing_long_lists_spends_the_budget_by_the_work_done() -> None:
    f = fault("repeat 10000:\n    repeat 400:\n        let t = sum(0..9999)")
    assert f.message.startswith("step budget exhausted")
    assert f.pos.file == "rules.yaml" and f.pos.line == kit.BODY_LINE + 2


def test_a_log_that_stores_big_lists_every_step_is_stopped() -> None:
    extra = "state:\n  big: {default: [], ref: '1'}\n"
    f = fault("repeat 10000:\n    set big = 1..9999\n    set big = []", extra)
    assert f.message.startswith("the match log grew beyond")
    assert f.pos.line in (kit.BODY_LINE + 1, kit.BODY_LINE + 2)  # one of the two writes


def test_a_rule_name_that_is_not_a_python_name_cannot_write_attribute_access() -> None:
    """A mod may name a procedure anything; `x.__class__()` must call that rule, not
    reach Python's attributes through the generated source."""
    src = "procedures:\n" + kit.procedure("x.__class__()\nx()") + kit.procedure('log("x")', "x") + kit.procedure('log("x.__class__")', "x.__class__")
    kit.build(src).compiler.compile_pending()  # every function compiles
    assert kit.log_lines(run(src)) == ["x.__class__", "x"]
