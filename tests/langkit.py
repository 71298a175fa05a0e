"""A tiny edition for language tests: build it from YAML text, run a procedure, look at the log.

Tests of the effect language should read like the rulebook, not like plumbing, so this
kit hides the plumbing:

    m = run_do('''
        let d = roll(2)
        set actions = 1 + len([x for x in d if x <= 4])
    ''', dice=[3, 5])
    assert m.S["actions"] == 2

The YAML is loaded with positions (`fuba_rules.yamlpos`) as the file `rules.yaml`, so an
error reads exactly as a modder sees it: `rules.yaml:7:11: error: ...`. A few
declarations every test may use (the ball, control, the score...) come from `BASE`,
loaded as `base.yaml`; a test's own sections are merged over them, key by key. The board
is the real one, read with `yaml.safe_load` from `editions/board.yaml`.
"""

from __future__ import annotations

import textwrap
import types
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

from fuba_rules.agents import ScriptedAgent
from fuba_rules.diagnostics import FubaError
from fuba_rules.dice import ScriptedDice
from fuba_rules.edition import Edition, _Build

try:  # the host of compiled rules: the match's mutable state
    from fuba_rules.engine.match import MatchState as Match
except ImportError:  # before the driver split it was called Match
    from fuba_rules.engine.match import Match  # type: ignore[no-redef]
from fuba_rules.lang.runtime import RuleFault
from fuba_rules.yamlpos import LDict, load_yaml

REPO = Path(__file__).resolve().parents[1]
BOARD = yaml.safe_load((REPO / "editions" / "board.yaml").read_text(encoding="utf-8"))["board"]
FILE = "rules.yaml"

BASE = """\
state:
  ball.value: {type: int, default: 2, min: 1, max: 6, ref: "1.3.1"}
  ball.area: {type: area, default: centre, ref: "1.1"}
  control: {type: team, default: home, ref: "1.3"}
  phasing: {type: team, default: home, ref: "4"}
  score: {type: int, default: 0, min: 0, index: [team], ref: "3.1"}
  actions: {type: int, default: 0, min: 0, reset: turn, ref: "4.1.1"}
  minute: {type: int, default: 1, ref: "3.1"}
constants:
  max_counted: 6
functions:
  CT: {expr: control, ref: "1.3"}
  DT: {expr: other(control), ref: "1.3"}
procedures:
  match: {do: pass}
"""


def dedent(text: str) -> str:
    """Effect text as written in a test: common indentation and the first newline removed."""
    return textwrap.dedent(text).strip("\n") + "\n"


def block(text: str, indent: int) -> str:
    """Effect text as the body of a YAML `|` block scalar indented by `indent` spaces."""
    pad = " " * indent
    return "".join(pad + line + "\n" if line.strip() else "\n" for line in dedent(text).splitlines())


def procedure(body: str, name: str = "match", params: Sequence[str] = ()) -> str:
    """The YAML of one procedure under `procedures:`, its `do:` a block scalar."""
    head = f"  {name}:\n"
    if params:
        head += f"    params: [{', '.join(params)}]\n"
    return head + "    do: |\n" + block(body, 6)


def program(body: str, extra: str = "") -> str:
    """YAML with a `match` procedure running `body`, plus any other sections in `extra`.

    The `do:` text starts on line 4 of rules.yaml, at column 7.
    """
    return "procedures:\n" + procedure(body) + (dedent(extra) if extra.strip() else "")


BODY_LINE = 4  # the first line of `body` in the file `program(body)` writes
BODY_COL = 7  # and its first column


def _merge(base: Any, over: Any) -> Any:
    """The test's YAML over BASE: mappings merge key by key, one level deep per section."""
    if not isinstance(base, dict) or not isinstance(over, dict):
        return over
    out = LDict(base, pos=getattr(over, "pos", None) or getattr(base, "pos", None))
    for src in (base, over):
        out.key_pos.update(getattr(src, "key_pos", {}) or {})
        out.value_pos.update(getattr(src, "value_pos", {}) or {})
    for k, v in over.items():
        out[k] = _merge(base[k], v) if k in base and isinstance(base[k], dict) and isinstance(v, dict) else v
    return out


def data(src: str = "", *, base: bool = True) -> dict:
    """The edition's data: BASE (unless base=False), the test's YAML, and the board."""
    mine = load_yaml(Path(FILE), dedent(src)) if src.strip() else LDict()
    if mine is None:
        mine = LDict()
    merged = mine
    if base:
        merged = LDict(load_yaml(Path("base.yaml"), BASE))
        for k, v in mine.items():
            merged[k] = _merge(merged[k], v) if k in merged else v
            if k in getattr(mine, "value_pos", {}):
                merged.value_pos[k] = mine.value_pos[k]
    merged["board"] = BOARD
    return merged


def build(src: str = "", *, base: bool = True) -> Edition:
    """Compile an edition from YAML text. Raises FubaError with every problem found."""
    resolved = types.SimpleNamespace(data=data(src, base=base), header={"id": "langtest"}, chain=["langtest"])
    return _Build(resolved).run()


def problems(src: str = "", *, base: bool = True) -> list[str]:
    """Every diagnostic of a rejected edition, formatted `file:line:col: severity: message`."""
    try:
        build(src, base=base)
    except FubaError as e:
        return [d.format() for d in e.diagnostics]
    return []


def errors(src: str = "", *, base: bool = True) -> list[str]:
    """Only the errors (not the warnings) of `problems`, formatted."""
    return [p for p in problems(src, base=base) if ": error: " in p]


def messages(src: str = "", *, base: bool = True) -> list[str]:
    """The bare error messages, without positions: for assertions that read like prose."""
    return [p.split(": error: ", 1)[1] for p in errors(src, base=base)]


def warnings(src: str = "", *, base: bool = True) -> list[str]:
    """The warnings `fuba check` shows for an edition that loads (its `_Build.warnings`)."""
    b = _Build(types.SimpleNamespace(data=data(src, base=base), header={}, chain=[]), lint=True)
    b.run()
    return [d.format() for d in b.warnings]


def match(
    ed: Edition,
    *,
    dice: Iterable[int] = (),
    answers: Sequence[Any] = (),
    away: Sequence[Any] = (),
    agents: dict | None = None,
    rules_on: Iterable[str] = (),
    skills: dict[str, list[str]] | None = None,
    budget: int | None = None,
    record: bool = True,
) -> Match:
    """A match with scripted dice and scripted answers: `answers` for home, `away` for away
    (record=False: one that keeps no log, as a simulation plays)."""
    agents = agents or {"home": ScriptedAgent(answers), "away": ScriptedAgent(away)}
    m = Match(ed, ScriptedDice(dice), agents, rules_on=frozenset(rules_on), skills=skills, record=record)
    if budget is not None:
        m.budget = budget
    return m


def run(src: str, *, entry: str = "match", args: Sequence[Any] = (), **kw: Any) -> Match:
    """Build the edition, run `entry` (with `args`) and return the match; `m.result` is its return value."""
    m = match(build(src), **kw)
    m.result = m.run(entry, list(args))
    return m


def run_do(body: str, extra: str = "", **kw: Any) -> Match:
    """Run `body` as the `match` procedure; `extra` adds YAML sections (state, tables...)."""
    return run(program(body, extra), **kw)


def value(expr: str, extra: str = "", **kw: Any) -> Any:
    """The value of one expression, evaluated as `return expr` in a procedure."""
    return run_do(f"return {expr}", extra, **kw).result


def fault(body: str, extra: str = "", **kw: Any) -> RuleFault:
    """The rule fault that running `body` raises (fails the test if it runs cleanly)."""
    m = match(build(program(body, extra)), **{k: v for k, v in kw.items() if k != "entry"})
    try:
        m.run(kw.get("entry", "match"))
    except RuleFault as f:
        f.match = m  # type: ignore[attr-defined]
        return f
    raise AssertionError(f"expected a rule fault, but the rules ran to the end:\n{dedent(body)}")


def events(m: Match, kind: str | None = None) -> list[dict]:
    """The match log, or only its events of one kind, without the bookkeeping fields."""
    drop = {"seq", "turn", "clock", "phasing"}
    return [{k: v for k, v in e.items() if k not in drop} for e in m.events if kind is None or e["kind"] == kind]


def project(evs: list[dict], *keys: str) -> list[dict]:
    """Only the given keys of each event (those it has): for asserts that ignore the rest."""
    return [{k: e[k] for k in keys if k in e} for e in evs]


def log_lines(m: Match) -> list[str]:
    """The text of every `log(...)` line, in order."""
    return [e["text"] for e in m.events if e["kind"] == "log"]


def body_pos(line: int, col: int) -> str:
    """`rules.yaml:L:C` for a 1-based line and column inside the body of `program(body)`."""
    return f"{FILE}:{BODY_LINE + line - 1}:{BODY_COL + col - 1}"
