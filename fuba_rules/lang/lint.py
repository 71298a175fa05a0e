"""Warnings about rules that load but can never do what their author meant.

The checker rejects what cannot run; these passes find what runs silently wrong, as a
modder met it: a skill waiting on a trigger that no rule fires, a skill whose cost can
never be paid with the rules on by default, a modifier group or a table that no rule
reads because its name is a near miss of one that is read. Each looks at the whole
edition (every rule text and section), so none can be decided one rule at a time.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence

from ..diagnostics import Diagnostic, Pos, did_you_mean
from ..jsondata import Json
from . import nodes as n

HOOK_SECTIONS = (("hooks", "hook"), ("skills", "skill"))

Data = Mapping[str, Json]
"""An edition's merged YAML sections (checked against the schema before these run)."""
Where = Callable[[object, str], Pos]
"""Where a key of a YAML mapping (or list), or its value, stands in its file."""


def _mapping(value: Json) -> Mapping[str, Json]:
    return value if isinstance(value, Mapping) else {}


def used(bodies: Iterable[n.Body]) -> tuple[set[str], set[str]]:
    """The triggers some rule text fires (`trigger NAME(...)`), and the tables it reads."""
    fires: set[str] = set()
    reads: set[str] = set()
    for x in n.walk([b for b in bodies if b]):
        if isinstance(x, n.Trigger):
            fires.add(x.name)
        elif isinstance(x, n.Name) and x.kind == "table":
            reads.add(x.dotted)
    return fires, reads


def unfired_warnings(data: Data, fires: set[str], where: Where) -> list[Diagnostic]:
    """A hook or skill waiting on a declared trigger that no rule text fires never runs."""
    out = []
    for section, what in HOOK_SECTIONS:
        for name, spec in _mapping(data.get(section)).items():
            at = str(spec.get("at", "")) if isinstance(spec, Mapping) else ""
            if at and at in _mapping(data.get("triggers")) and at not in fires:
                out.append(Diagnostic(where(spec, "at"), f"{what} '{name}' waits on trigger '{at}', which no rule fires (no `trigger {at}(...)` anywhere): it never runs", "warning"))
    return out


def unpaid_cost_warnings(data: Data, origin: Mapping[tuple[str, str], str], where: Where) -> list[Diagnostic]:
    """A skill or hook with a cost, added on top of the edition that says how costs are
    paid, when that payment needs a rule that is off by default (`match.pay_rule`): it
    never runs in a match without that rule."""
    rule = _mapping(data.get("match")).get("pay_rule")
    spec = _mapping(data.get("rules")).get(str(rule)) if rule else None
    if not isinstance(spec, Mapping) or spec.get("default"):
        return []
    payer = origin.get(("match", "pay_rule"))
    out = []
    for section, what in HOOK_SECTIONS:
        for name, hook in _mapping(data.get(section)).items():
            if not isinstance(hook, Mapping) or hook.get("cost") in (None, 0) or hook.get("rule") == rule:
                continue
            if payer is not None and origin.get((section, name)) == payer:
                continue  # the edition that pays costs knows its own skills
            message = f"{what} '{name}' has a cost, which can be paid only with rule {rule} ({spec.get('title', rule)}), off by default: without --with {rule} it never runs"
            out.append(Diagnostic(where(hook, "cost"), message, "warning"))
    return out


def unread_table_warnings(data: Data, read: set[str], where: Where) -> list[Diagnostic]:
    """A table that no rule text reads is dead data; a near miss says which was meant."""
    tables = _mapping(data.get("tables"))
    out = []
    for name in tables:
        if name not in read:
            hint = did_you_mean(str(name), sorted(read))
            out.append(Diagnostic(where(tables, name), f"table '{name}' is read by no rule{hint}", "warning"))
    return out



DECIDING = ("choose", "may_choose")


def secret_warnings(data: Data, bodies: Iterable[n.Body], where: Where) -> list[Diagnostic]:
    """`secrets:` entries must name decisions the rules ask; and where the rules ask two
    teams one right after the other, with nothing between (one decision, then the other
    team's; or each team in turn in a loop over `teams()`), the two are usually a
    rulebook's choice made "at the same time", which only `secrets:` keeps hidden from
    the team that answers second."""
    given = [b for b in bodies if b]
    labels = _decision_labels(given)
    secrets = _mapping(data.get("secrets"))
    out = []
    for label, spec in secrets.items():
        if label not in labels:
            out.append(Diagnostic(where(secrets, label), f"secret '{label}' is the label of no decision the rules ask{did_you_mean(str(label), sorted(labels))}", "warning"))
        other = spec.get("simultaneous_with") if isinstance(spec, Mapping) else None
        if other is not None and str(other) not in labels:
            out.append(Diagnostic(where(spec, "simultaneous_with"), f"secret '{label}' is revealed by '{other}', the label of no decision the rules ask{did_you_mean(str(other), sorted(labels))}", "warning"))
    warned = set()
    for first, second, pos in _back_to_back(given):
        if first in secrets or first in warned:
            continue
        warned.add(first)
        message = (
            f"decision '{first}' is followed at once by the other team's '{second}', with nothing between: if the rulebook has both"
            f" chosen at the same time, mark it in `secrets:` ('{first}': {{simultaneous_with: '{second}'}}), or the second team answers knowing the first's choice"
        )
        out.append(Diagnostic(pos, message, "warning"))
    return out


def _decision_labels(bodies: Sequence[n.Body]) -> set[str]:
    """The literal labels of every decision in the rule text."""
    out = set()
    for x in n.walk(bodies):
        if isinstance(x, n.Choose):
            out.add(x.label)
        else:
            asked = _asked(x)
            if asked is not None:
                out.add(asked[0])
    return out


def _asked(x: n.Node | None) -> tuple[str, n.Node] | None:
    """(label, team) of a call `choose(team, "label", ...)` (or may_choose), else None."""
    if isinstance(x, n.Call) and x.name in DECIDING and len(x.args) >= 2 and isinstance(x.args[1], n.Const) and isinstance(x.args[1].value, str):
        return x.args[1].value, x.args[0]
    return None


def _statement_decision(stmt: n.Node) -> tuple[str, n.Node] | None:
    """The decision a statement is (`let x = choose(...)`, `choose(...)`, a choose block), if any."""
    if isinstance(stmt, n.Choose):
        return stmt.label, stmt.team
    value = stmt.value if isinstance(stmt, (n.Let, n.Set)) else stmt.call if isinstance(stmt, n.ExprStmt) else None
    return _asked(value)


def _same_team(a: n.Node, b: n.Node) -> bool:
    return isinstance(a, n.Name) and isinstance(b, n.Name) and a.parts == b.parts


def _blocks(bodies: Sequence[n.Body]) -> Iterable[list[n.Node]]:
    """Every list of statements: the bodies, and the blocks nested in them."""
    yield from (n.statements(b) for b in bodies if isinstance(b, (list, n.Deferred)))
    for x in n.walk(bodies):
        if isinstance(x, (n.For, n.While, n.Repeat, n.Scope, n.Option)):
            yield n.statements(x.body)
        elif isinstance(x, n.If):
            yield from (n.statements(b) for _, b in x.branches)
            yield n.statements(x.orelse)


def _back_to_back(bodies: Sequence[n.Body]) -> Iterable[tuple[str, str, Pos]]:
    """(first label, second label, where) of two teams' decisions asked one right after the other."""
    for block in _blocks(bodies):
        for a, b in itertools.pairwise(block):
            da, db = _statement_decision(a), _statement_decision(b)
            if da and db and not _same_team(da[1], db[1]):
                yield da[0], db[0], a.pos
        for x in block:
            if isinstance(x, n.For) and isinstance(x.iterable, n.Call) and x.iterable.name == "teams" and not x.iterable.args:
                first = next((s for s in n.statements(x.body) if _decides_or_rolls(s)), None)
                d = _statement_decision(first) if first is not None else None
                if first is not None and d and isinstance(d[1], n.Name) and d[1].parts == (x.var,):
                    yield d[0], d[0], first.pos


def _decides_or_rolls(stmt: n.Node) -> bool:
    """The statement asks a team, rolls dice or calls a rule that may (what could reveal or decide)."""
    return any(isinstance(x, (n.Choose, n.Trigger, n.Apply)) or (isinstance(x, n.Call) and (x.kind == "procedure" or x.name in ("roll", "die", *DECIDING))) for x in n.walk(stmt))
