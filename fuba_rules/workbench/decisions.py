"""Strategic decisions, found in the rules' text rather than in what a run happened to play.

A decision is strategic when the rules always offer it with the same options: its
`choose(team, "label", options)` writes the label as a text and the options as a list
of texts (`["left", "middle", "right"]`) or as the keys of a table or constant
(`keys(formations)`). Options computed from the position (moves, areas, players) change
from one time to the next: those decisions are tactical. An optional decision with one
option (`may_choose(t, "goal attempt", ["shoot"])`: shoot or not) is a tactical yes or
no, not a strategy. What is found depends only on the edition, never on -n or the seed.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ..diagnostics import FubaError
from ..edition import Edition
from ..lang import nodes as n
from ..lang.core import render
from ..lang.parser import default_locate, parse_block

CHOOSERS = {"choose": False, "may_choose": True}  # the language's decision calls: optional?
NONE = "(none)"  # how a declined optional decision is rendered (engine.decisions)


@attrs.frozen
class DecisionSpec:
    label: str
    options: tuple[str, ...] | None  # None: computed from the position (tactical)
    optional: bool

    @property
    def trivial(self) -> bool:
        """Do it or not: an optional decision with one option."""
        return self.optional and self.options is not None and len(self.options) == 1


def decisions_of(ed: Edition) -> dict[str, DecisionSpec]:
    """Every decision whose label the rules write as a text, in the order they are written."""
    out: dict[str, DecisionSpec] = {}
    for text in _rule_texts(ed.resolved.data):
        try:
            body = parse_block(text, default_locate("<rules>"))
        except FubaError:  # an expression, not a block: its decisions are in blocks too
            continue
        for node in n.walk(body):
            if isinstance(node, n.Call) and node.name in CHOOSERS and len(node.args) >= 3:
                label = node.args[1]
                if isinstance(label, n.Const) and isinstance(label.value, str):
                    spec = DecisionSpec(label.value, _fixed_options(ed, node.args[2]), CHOOSERS[node.name])
                    seen = out.get(spec.label)
                    out[spec.label] = spec if seen is None or seen == spec else DecisionSpec(spec.label, None, spec.optional)
    return out


def strategic(ed: Edition, max_options: int = 12) -> dict[str, tuple[str, ...]]:
    """label -> its options (a declined optional decision as `(none)`), for each decision
    with 2..max_options fixed options that is not a trivial yes or no."""
    out = {}
    for spec in decisions_of(ed).values():
        if spec.options is None or spec.trivial:
            continue
        options = (*spec.options, NONE) if spec.optional else spec.options
        if 2 <= len(options) <= max_options:
            out[spec.label] = options
    return out


def _fixed_options(ed: Edition, e: n.Node) -> tuple[str, ...] | None:
    if isinstance(e, n.ListLit):
        texts = [i.value for i in e.items if isinstance(i, n.Const) and isinstance(i.value, str)]
        if len(texts) == len(e.items):
            return tuple(texts)
    if isinstance(e, n.Call) and e.name == "keys" and len(e.args) == 1 and isinstance(e.args[0], n.Name) and len(e.args[0].parts) == 1:
        name = e.args[0].parts[0]
        table = ed.tables.get(name)
        if table is not None:
            return tuple(render(k) for k in table.exact)
        if isinstance(ed.constants.get(name), dict):
            return tuple(render(k) for k in ed.constants[name])
    return None


def _rule_texts(data: object) -> Iterator[str]:
    """Every text in the resolved edition that may hold a decision."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(reversed(list(value.values())))
        elif isinstance(value, list):
            stack.extend(reversed(value))
        elif isinstance(value, str) and "choose(" in value:
            yield str(value)
