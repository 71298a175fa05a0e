"""docs/language.md cannot drift from the language.

- every ```fuba block is parsed as statements, every ```fuba-expr block as an expression;
- every ```yaml block is valid YAML and the rule texts in it (do:, expr:, when:, value:,
  team:, cost:) parse;
- every ```fuba-error block is checked in a small edition and must give exactly the
  errors of the ```text block after it; every ```fuba-fault block is run and must stop
  with the rule fault written after it;
- the primitives, limits and board areas between `<!-- BEGIN x -->` and `<!-- END x -->`
  are generated from the code. After changing the code, regenerate them with

      PYTHONPATH=. .venv/bin/python tests/test_lang_docs.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuba_rules.engine import match as match_module
from fuba_rules.engine.primitives import ENGINE, PRIMS
from fuba_rules.lang import codegen, compiler, parser, runtime, tables
from fuba_rules.lang.checker import SPECIAL_FORMS
from fuba_rules.lang.core import CORE
from fuba_rules.lang.parser import default_locate, parse_block, parse_expr
from fuba_rules.lang.runtime import RuleFault

import langkit as kit

DOC = kit.REPO / "docs" / "language.md"
FENCE = re.compile(r"^```([\w+-]*)[^\n]*$")


def blocks(text: str) -> list[tuple[str, int, str]]:
    """(info, first line number, body) of every fenced block, in order."""
    out: list[tuple[str, int, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m and lines[i] != "```":
            start, body = i + 1, []
            i += 1
            while i < len(lines) and lines[i] != "```":
                body.append(lines[i])
                i += 1
            out.append((m.group(1), start + 1, "\n".join(body) + "\n"))
        i += 1
    return out


TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = blocks(TEXT)


def _of(kind: str) -> list[tuple[int, str]]:
    return [(line, body) for info, line, body in BLOCKS if info == kind]


def _ids(items: list[tuple[int, str]]) -> list[str]:
    return [f"language.md:{line}" for line, _ in items]


# ---- examples parse ---------------------------------------------------------------------
@pytest.mark.parametrize(("line", "body"), _of("fuba"), ids=_ids(_of("fuba")))
def test_every_fuba_example_parses_as_statements(line: int, body: str) -> None:
    assert parse_block(body, default_locate("docs/language.md", line))


@pytest.mark.parametrize(("line", "body"), _of("fuba-expr"), ids=_ids(_of("fuba-expr")))
def test_every_fuba_expr_example_parses_as_an_expression(line: int, body: str) -> None:
    assert parse_expr(body, default_locate("docs/language.md", line))


RULE_TEXT_KEYS = {"do": True, "expr": False, "when": False, "value": False, "team": False, "cost": False}


def _rule_texts(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            if k in RULE_TEXT_KEYS and isinstance(v, str):
                yield ".".join(map(str, path + (k,))), v, RULE_TEXT_KEYS[k]
            else:
                yield from _rule_texts(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _rule_texts(v, path + (i,))


@pytest.mark.parametrize(("line", "body"), _of("yaml"), ids=_ids(_of("yaml")))
def test_every_yaml_example_loads_and_its_rule_texts_parse(line: int, body: str) -> None:
    data = yaml.safe_load(body)
    assert isinstance(data, dict)
    for where, text, is_block in _rule_texts(data):
        try:
            (parse_block if is_block else parse_expr)(text, default_locate(f"docs/language.md:{line}:{where}"))
        except Exception as e:  # pragma: no cover - the message is the point
            raise AssertionError(f"{where}: {e}") from None


def test_the_examples_cover_every_statement() -> None:
    code = "\n".join(body for _, body in _of("fuba"))
    for word in ["let ", "set ", "if ", "elif ", "else:", "repeat ", "for ", "while ", "scope ", "leave ", "return",
                 "trigger ", "apply ", "pass", "choose ", "option "]:
        assert re.search(rf"(^|\s){re.escape(word)}", code, re.M), f"no ```fuba example uses {word.strip()!r}"


# ---- error and fault examples give exactly the messages shown ---------------------------------
DOC_EDITION = """
functions:
  players: {params: [team, area], expr: "min(pieces(team, area), max_counted)"}
triggers:
  momentum_dice: {params: [dice]}
modifiers:
  pass_bonus: {group: pass, value: 1}
rules:
  A6: {title: Weather}
tables:
  yellow_card:
    domain: {range: [1, 6]}
    rows: {"1-2": null, "3": warning, "4-5": yellow, "6": red}
"""


def _relative(formatted: str) -> str:
    """`rules.yaml:L:C: rest` as `l:c: rest`, relative to the example's first line and column."""
    m = re.match(r"rules\.yaml:(\d+):(\d+): (.*)$", formatted)
    assert m, formatted
    return f"{int(m.group(1)) - kit.BODY_LINE + 1}:{int(m.group(2)) - kit.BODY_COL + 1}: {m.group(3)}"


def _paired(kind: str) -> list[tuple[int, str, str]]:
    out = []
    for i, (info, line, body) in enumerate(BLOCKS):
        if info == kind:
            nxt = BLOCKS[i + 1] if i + 1 < len(BLOCKS) else ("", 0, "")
            assert nxt[0] == "text", f"language.md:{line}: a ```{kind} block must be followed by a ```text block"
            out.append((line, body, nxt[2]))
    return out


@pytest.mark.parametrize(("line", "body", "expected"), _paired("fuba-error"), ids=[f"language.md:{x[0]}" for x in _paired("fuba-error")])
def test_every_error_example_gives_the_errors_shown(line: int, body: str, expected: str) -> None:
    got = [_relative(e) for e in kit.errors(kit.program(body, DOC_EDITION))]
    assert got == expected.strip().splitlines()


@pytest.mark.parametrize(("line", "body", "expected"), _paired("fuba-fault"), ids=[f"language.md:{x[0]}" for x in _paired("fuba-fault")])
def test_every_fault_example_stops_with_the_fault_shown(line: int, body: str, expected: str) -> None:
    f = kit.fault(body, DOC_EDITION)
    assert isinstance(f, RuleFault)
    assert _relative(f.to_error().diagnostics[0].format()) == expected.strip()


# ---- generated sections --------------------------------------------------------------------
def primitives_section() -> str:
    assert set(ENGINE.primitives) == set(CORE.primitives) | set(PRIMS.primitives)
    out: list[str] = []
    groups = [("Values and lists", [p for p in ENGINE.primitives.values() if p.name in CORE.primitives]),
              ("Teams, board, pieces, dice and the match", [p for p in ENGINE.primitives.values() if p.name not in CORE.primitives])]
    for title, prims in groups:
        out += [f"#### {title}", "", "| call | where | what it gives or does |", "|---|---|---|"]
        for p in prims:
            doc = " ".join(p.doc.split()).replace("|", "\\|")
            out.append(f"| `{p.signature}` | {'anywhere' if p.pure else 'procedures only'} | {doc} |")
        out.append("")
    out.append("Built-in constants: " + ", ".join(f"`{c}`" for c in ENGINE.constants) + ".")
    return "\n".join(out)


def limits_section() -> str:
    rows = [
        ("MAX_TEXT", "lang/parser.py", parser.MAX_TEXT, "characters", "a longer rule text is rejected when the edition loads"),
        ("MAX_STEPS", "engine/match.py", match_module.MAX_STEPS, "steps",
         "the step budget of a whole match: each procedure call, function call and `while` iteration spends one (a cached "
         f"answer, and a function making at most {compiler.FREE_CALLS} calls in all, spend none: the step that asked pays), "
         "`repeat` and `for` their count, a comprehension one per element of each list it walks (but one list literal of "
         f"at most {codegen.FREE_ITEMS} elements per comprehension chain is free), ranges, list `+` and list primitives "
         "over long lists one per element; then \"step budget exhausted\""),
        ("MAX_LOG_WEIGHT", "engine/match.py", match_module.MAX_LOG_WEIGHT, "elements and characters",
         "the most a match's log may carry in logged texts and stored lists; then \"the match log grew beyond ...\""),
        ("MAX_LOG_EVENTS", "engine/match.py", match_module.MAX_LOG_EVENTS, "events",
         "the most events a match's log may hold (a whole match logs a few thousand); then \"the match log grew beyond ... events\""),
        ("MAX_LOOP", "lang/runtime.py", runtime.MAX_LOOP, "iterations", "the most a `while` runs, and the largest `repeat` count"),
        ("MAX_DEPTH", "lang/runtime.py", runtime.MAX_DEPTH, "calls",
         "the deepest nesting of procedure and function calls (\"endless recursion?\")"),
        ("MAX_LIST", "lang/runtime.py", runtime.MAX_LIST, "elements", "the longest list a range or a comprehension may build"),
        ("MAX_SPAN", "lang/tables.py", tables.MAX_SPAN, "outcomes",
         "the widest range in one table row key; a wider one (`\"1-5000\"`) is read as a text key"),
    ]
    out = ["| limit | value | what happens |", "|---|---|---|"]
    out += [f"| `{name}` ({where}) | {value:,} {unit} | {what} |" for name, where, value, unit, what in rows]
    return "\n".join(out)


def areas_section() -> str:
    areas = [a["id"] for a in kit.BOARD["areas"]]
    spots = [s["id"] for s in kit.BOARD["corner_spots"]["spots"]]
    return ", ".join(f"`{a}`" for a in areas) + "; corner-kick spots: " + ", ".join(f"`{s}`" for s in spots)


SECTIONS = {"primitives": primitives_section, "limits": limits_section, "areas": areas_section}


def _section_re(name: str) -> re.Pattern:
    return re.compile(rf"(<!-- BEGIN {name} [^\n]*-->\n)(.*?)(\n<!-- END {name} -->)", re.S)


def regenerate(text: str) -> str:
    for name, make in SECTIONS.items():
        text, count = _section_re(name).subn(lambda m, make=make: m.group(1) + make() + m.group(3), text)
        assert count == 1, f"docs/language.md needs exactly one <!-- BEGIN {name} --> ... <!-- END {name} --> section"
    return text


@pytest.mark.parametrize("name", sorted(SECTIONS))
def test_the_generated_sections_are_up_to_date(name: str) -> None:
    m = _section_re(name).search(TEXT)
    assert m, f"no generated '{name}' section in docs/language.md"
    assert m.group(2) == SECTIONS[name](), (
        f"docs/language.md: the '{name}' section is out of date; run PYTHONPATH=. .venv/bin/python tests/test_lang_docs.py"
    )


@pytest.mark.parametrize("name", sorted(ENGINE.primitives))
def test_every_primitive_is_listed_with_its_signature_place_and_doc(name: str) -> None:
    p = ENGINE.primitives[name]
    assert p.doc.strip(), f"primitive '{name}' has no doc"
    row = f"| `{p.signature}` | {'anywhere' if p.pure else 'procedures only'} | {' '.join(p.doc.split())} |"
    assert row in TEXT


@pytest.mark.parametrize("name", sorted(SPECIAL_FORMS))
def test_every_special_form_is_described(name: str) -> None:
    assert f"`{name}(" in TEXT or f"**`{name}(" in TEXT, f"docs/language.md does not show how to call {name}(...)"


def test_the_limits_quoted_in_prose_match_the_code() -> None:
    assert f"calls nest deeper than {runtime.MAX_DEPTH}" in TEXT
    assert f"while ran {runtime.MAX_LOOP} times" in TEXT


if __name__ == "__main__":
    new = regenerate(TEXT)
    if new != TEXT:
        DOC.write_text(new, encoding="utf-8")
        print("docs/language.md: generated sections updated")
    else:
        print("docs/language.md: generated sections already up to date")
