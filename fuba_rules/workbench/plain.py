"""A rule without `doc:` described from its own text, for a rule card a player reads.

Not a translation of the code: what a player needs to know is read off the body's
parts that are already English or named, in the order the rule reaches them: the
choices it offers (a `choose` block's options, a `choose(...)` call's label), what it
says happens (its `log` lines, with each `{value}` shown as `[its name]`), the procedures it
goes on to, the moments where other rules and skills may act (its triggers), and,
for a short rule that says little else, what it changes or the rules it uses.
"""

from __future__ import annotations

from ..diagnostics import FubaError
from ..lang import nodes as n
from ..lang.parser import default_locate, parse_block

MAX_LINES = 6  # log lines quoted on one card; the rest are counted


def describe(do: object, procedures: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """Plain lines for a rule body (`do:` text); [] when it cannot be read."""
    if not isinstance(do, str) or not do.strip():
        return []
    try:
        body = parse_block(do, default_locate("<card>"))
    except FubaError:
        return []
    choices: list[str] = []
    says: list[str] = []
    then: list[str] = []
    moments: list[str] = []
    changes: list[str] = []
    uses: list[str] = []
    for node in n.walk(body):
        if isinstance(node, n.Choose):
            choices.append(f"{node.label}: " + ", ".join(o.label for o in node.options))
        elif isinstance(node, n.Call) and node.name in ("choose", "may_choose") and len(node.args) >= 2 and isinstance(node.args[1], n.Const):
            label = str(node.args[1].value)
            options = node.args[2] if len(node.args) > 2 else None
            consts = [i for i in options.items if isinstance(i, n.Const)] if isinstance(options, n.ListLit) else []
            if isinstance(options, n.ListLit) and len(consts) == len(options.items):
                label += ": " + ", ".join(str(i.value) for i in consts)
            choices.append(label + (" (or none)" if node.name == "may_choose" else ""))
        elif isinstance(node, n.Call) and node.name == "log" and node.args:
            says.append(_sentence(node.args[0]))
        elif isinstance(node, n.Call) and node.name in procedures:
            then.append(node.name.replace("_", " "))
        elif isinstance(node, n.Trigger):
            moments.append(node.name)
        elif isinstance(node, n.Set) and isinstance(node.target, n.Name):
            changes.append(node.target.dotted.replace("_", " "))
        elif isinstance(node, n.Call) and node.name not in ("log", "choose", "may_choose"):
            uses.append(node.name.replace("_", " "))
    out = []
    if choices:
        out.append("Choices: " + "; ".join(_unique(choices)) + ".")
    said = _unique([s for s in says if s])
    if said:
        more = f" (and {len(said) - MAX_LINES} more)" if len(said) > MAX_LINES else ""
        out.append("What happens: " + "; ".join(said[:MAX_LINES]) + more + ".")
    if then:
        out.append("Goes on to: " + ", ".join(_unique(then)) + ".")
    if moments:
        out.append("Other rules and skills may act at: " + ", ".join(_unique(moments)) + ".")
    if changes and len(out) < 2:
        out.append("Changes: " + ", ".join(_unique(changes)) + ".")
    if not out and uses:
        out.append("Uses: " + ", ".join(_unique(uses)) + ".")
    return out


def _sentence(e: n.Node) -> str:
    """A log line's text with each `{value}` written as its name in brackets: "[t] passes"."""
    if isinstance(e, n.Const):
        return str(e.value)
    if not isinstance(e, n.Template):
        return ""
    return "".join(p if isinstance(p, str) else _name(p) for p in e.parts).strip()


def _name(e: n.Node) -> str:
    if isinstance(e, n.Name):
        return f"[{e.dotted.replace('_', ' ')}]"
    if isinstance(e, n.Call):
        return f"[{e.name.replace('_', ' ')}]"
    if isinstance(e, n.Subscript):  # `{d[0]}`: one of the values named
        return _name(e.obj)
    return "[...]"


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))
