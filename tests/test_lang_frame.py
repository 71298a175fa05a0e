"""The rule compiler's context and classification: a scope's Frame is immutable and an
inner scope derives its own; an expression's source says what it is (`Code`), so no
choice is made by reading generated text; a primitive's proved type tests are dropped
from its template's tests, leaving no always-true test behind."""

from __future__ import annotations

import attrs
import pytest

from fuba_rules.diagnostics import Pos
from fuba_rules.lang.core import CORE
from fuba_rules.lang.emit_expr import _template, guarded
from fuba_rules.lang.frame import Frame
from fuba_rules.lang.source import CONST, INT, NEG_INT, TEXT, Code, Source, kind, lit


def test_an_inner_scope_derives_its_frame_and_leaves_the_outer_one_as_it_was():
    outer = Frame(Source("f", Pos("<t>", 1, 1)))
    inner = outer.derive(records={"v_mv": frozenset({"to"})}, no_walrus=True)
    assert inner.records == {"v_mv": frozenset({"to"})} and inner.no_walrus
    assert outer.records == {} and not outer.no_walrus  # nothing to restore
    assert inner.src is outer.src  # the same function is being written
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        outer.no_walrus = True  # type: ignore[misc]


def test_a_renamed_local_is_not_read_as_a_list_of_records():
    fields = {"xs": frozenset({"to"})}
    frame = Frame(Source("f", Pos("<t>", 1, 1)), local_elements=fields)
    assert frame.elements_of() == fields
    assert frame.derive(rename={"xs": "v_ys"}).elements_of() == {}  # there `xs` is a parameter read in place


@pytest.mark.parametrize(("value", "text", "what"), [
    (3, "3", INT), (-3, "(-3)", NEG_INT), ("home", "'home'", TEXT), (True, "True", CONST), (None, "None", CONST),
    ("it's", '"it\'s"', ""),  # a quote inside: written otherwise, so not a plain text literal
])
def test_a_literal_says_what_it_is(value, text, what):
    code = lit(value)
    assert code == text and kind(code) == what


def test_text_written_by_anything_else_is_of_no_kind():
    assert kind("v_x + 1") == "" and kind(Code("v_x", "local")) == "local"


def test_a_template_splits_into_its_fast_part_and_its_tests():
    assert guarded(CORE.primitives["min"].inline) == ("({a} if {a} <= {b} else {b})", ("_type({a}) is _int", "_type({b}) is _int"))
    assert guarded("(m.keeper[{team}] if {team} in ('home', 'away') else {call})") == ("m.keeper[{team}]", ("{team} in ('home', 'away')",))
    assert guarded("_f({x})") is None  # no tests to drop


def test_min_of_two_proved_whole_numbers_is_its_fast_part_alone():
    prim = CORE.primitives["min"]
    both = _template(prim, "_p_min(m, v_a, 3)", [Code("v_a", "local"), lit(3)], ints=[0])
    assert both == "(v_a if v_a <= 3 else 3)"  # no `if True else _p_min(...)` left behind
    one = _template(prim, "_p_min(m, v_a, 3)", [Code("v_a", "local"), lit(3)])
    assert one == "((v_a if v_a <= 3 else 3) if _type(v_a) is _int else _p_min(m, v_a, 3))"  # the literal's test dropped


def test_len_of_a_proved_list_keeps_its_size_test():
    prim = CORE.primitives["len"]
    assert _template(prim, "_p_len(m, v_xs)", [Code("v_xs", "local")], lists=[0]) == "(_len(v_xs) if _len(v_xs) <= 50 else _p_len(m, v_xs))"
