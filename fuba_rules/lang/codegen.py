"""Checked nodes to Python source, one function per rule, compiled once when an edition loads.

Like Jinja2's code generator: each rule text becomes the text of a Python function
whose expressions are inlined (locals are Python locals, state reads are dict reads),
so running a rule costs about one Python call per rule call instead of one per node.
The work is split as Jinja2 splits it:

- `analysis`: what the nodes prove (pure, whole numbers, lists, records, repeated calls,
  parts no loop changes), asked before anything is written;
- `frame`: the immutable context of the scope being written, derived for inner scopes;
- `emit_expr`, `emit_list`, `emit_stmt`: the writers of expressions, lists, and
  statements and whole functions (`Generator`, `function_source`);
- `source`: the lines of one function, each with its YAML position; `memo`: the cache
  lookup a cached function starts with.

The sandbox: generated code runs with globals holding only the helpers (`lang.helpers`,
all named with a leading underscore), the rules (`_F_*`, `_P_*`) and `__builtins__` empty.
Rule text contributes only local names (prefixed `v_` and checked to be identifiers),
and constants written with `repr`: no attribute access, builtin or import can come
from a rule. Field names, keys and labels are always string constants.

Positions: no statement records where it is. Each generated line has a YAML position
in its function's line table (`_LINES[filename]`), read from the traceback only when
a fault happens (`fault_pos`).
"""

from __future__ import annotations

from .analysis import (
    FREE_ITEMS,
    invariant,
    let_elements,
    list_locals,
    record_params,
    whole_local,
)
from .emit_stmt import Generator, function_source
from .frame import Frame
from .memo import keeping, memo_prologue
from .source import Source, lit, local, record_test

__all__ = [
    "FREE_ITEMS",
    "Frame",
    "Generator",
    "Source",
    "function_source",
    "invariant",
    "keeping",
    "let_elements",
    "list_locals",
    "lit",
    "local",
    "memo_prologue",
    "record_params",
    "record_test",
    "whole_local",
]
