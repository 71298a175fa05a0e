"""Warnings about rules that load but can never do what their author meant.

The checker rejects what cannot run; these passes find what runs silently wrong, as a
modder met it: a skill waiting on a trigger that no rule fires, a skill whose cost can
never be paid with the rules on by default, a modifier group or a table that no rule
reads because its name is a near miss of one that is read. Each looks at the whole
edition (every rule text and section), so none can be decided one rule at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..diagnostics import Diagnostic, Pos, did_you_mean
from . import nodes as n

HOOK_SECTIONS = (("hooks", "hook"), ("skills", "skill"))


def used(bodies: Iterable[Any]) -> tuple[set[str], set[str]]:
    """The triggers some rule text fires (`trigger NAME(...)`), and the tables it reads."""
    fires, reads = set(), set()
    for x in n.walk([b for b in bodies if b]):
        if isinstance(x, n.Trigger):
            fires.add(x.name)
        elif isinstance(x, n.Name) and x.kind == "table":
            reads.add(x.dotted)
    return fires, reads


def unfired_warnings(data: Mapping, fires: set[str], where: Callable[[Any, Any], Pos]) -> list[Diagnostic]:
    """A hook or skill waiting on a declared trigger that no rule text fires never runs."""
    out = []
    for section, what in HOOK_SECTIONS:
        entries = data.get(section) or {}
        for name, spec in entries.items():
            at = str(spec.get("at", "")) if isinstance(spec, Mapping) else ""
            if at and at in (data.get("triggers") or {}) and at not in fires:
                out.append(Diagnostic(where(spec, "at"), f"{what} '{name}' waits on trigger '{at}', which no rule fires (no `trigger {at}(...)` anywhere): it never runs", "warning"))
    return out


def unpaid_cost_warnings(data: Mapping, origin: Mapping, where: Callable[[Any, Any], Pos]) -> list[Diagnostic]:
    """A skill or hook with a cost, added on top of the edition that says how costs are
    paid, when that payment needs a rule that is off by default (`match.pay_rule`): it
    never runs in a match without that rule."""
    match = data.get("match") or {}
    rule = match.get("pay_rule")
    spec = (data.get("rules") or {}).get(rule) if rule else None
    if not isinstance(spec, Mapping) or spec.get("default"):
        return []
    payer = origin.get(("match", "pay_rule"))
    out = []
    for section, what in HOOK_SECTIONS:
        for name, hook in (data.get(section) or {}).items():
            if not isinstance(hook, Mapping) or hook.get("cost") in (None, 0) or hook.get("rule") == rule:
                continue
            if payer is not None and origin.get((section, name)) == payer:
                continue  # the edition that pays costs knows its own skills
            message = f"{what} '{name}' has a cost, which can be paid only with rule {rule} ({spec.get('title', rule)}), off by default: without --with {rule} it never runs"
            out.append(Diagnostic(where(hook, "cost"), message, "warning"))
    return out


def unread_table_warnings(data: Mapping, read: set[str], where: Callable[[Any, Any], Pos]) -> list[Diagnostic]:
    """A table that no rule text reads is dead data; a near miss says which was meant."""
    tables = data.get("tables") or {}
    out = []
    for name in tables:
        if name not in read:
            hint = did_you_mean(str(name), sorted(read))
            out.append(Diagnostic(where(tables, name), f"table '{name}' is read by no rule{hint}", "warning"))
    return out

