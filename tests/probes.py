"""Counting probes: what compiled rules do, seen from outside, not the text they are written in.

A speed shortcut of the compiler shows in what the code calls and reads: arithmetic
proved small never calls the checked helper, a cached function's body runs once, a
state entry read before a list is read once. Tests of the shortcuts count those calls
and reads here instead of searching the generated Python, which the compiler may write
differently tomorrow (issue 39). The text itself is pinned only in the handful of
golden sources of tests/test_generated_golden.py.

The counters wrap names of the generated code's globals (`Compiler.G`): the run-time
helpers (`_add`, `_type`...), the primitives (`Compiler.prim`), the tables of answers
(`Compiler.answers`) and the rule functions (`Compiler.rule_name`); and, on a match,
its state (`m.S`) and piece counts (`m.counts`), read through dict subscripts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from fuba_rules.edition import Edition

import langkit


class _Counted:
    """A callable that counts its calls under `key` before passing them on."""

    def __init__(self, fn: Callable[..., Any], key: str, counts: Counter[str]):
        self.fn, self.key, self.counts = fn, key, counts

    def __call__(self, *args: Any, **kw: Any) -> Any:
        self.counts[self.key] += 1
        return self.fn(*args, **kw)


def helper_calls(ed: Edition, *names: str) -> Counter[str]:
    """Calls from then on to these helpers of the generated code (`_add`, `_type`...) or
    primitives (`pieces` for `_p_pieces`), by the name given."""
    counts: Counter[str] = Counter()
    G = ed.compiler.G
    for name in names:
        key = name if name.startswith("_") else ed.compiler.prim(name)
        G[key] = _Counted(G[key], name, counts)
    return counts


def function_calls(ed: Edition, *names: str, kind: str = "function") -> Counter[str]:
    """Calls from then on to these rule functions (or procedures) as functions of their
    own: a call read in place by its caller, or answered from a table, is not one."""
    counts: Counter[str] = Counter()
    for name in names:
        key = ed.compiler.rule_name(kind, name)
        ed.compiler.G[key] = _Counted(ed.compiler.G[key], name, counts)
    return counts


def body_runs(ed: Edition, name: str) -> Counter[str]:
    """Runs of a tabled rule function's body: its table of answers asks it only about
    arguments not seen before (`Compiler.answers_of`). Call before `function_calls`."""
    return _table_runs(ed, ed.compiler.answers_of(name), name)


def primitive_runs(ed: Edition, name: str) -> Counter[str]:
    """Runs of a fixed primitive asked through its table of answers (`Compiler.answers`),
    which asks it only about arguments not seen before."""
    return _table_runs(ed, ed.compiler.answers(name), name)


def _table_runs(ed: Edition, key: str, name: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    table = ed.compiler.G[key]
    table.fn = _Counted(table.fn, name, counts)
    return counts


class _CountingDict(dict):  # type: ignore[type-arg]
    """A dict counting reads by key (`d[k]`), writes kept as they are."""

    def __init__(self, data: dict[Any, Any], counts: Counter[Any]):
        super().__init__(data)
        self.counts = counts

    def __getitem__(self, key: Any) -> Any:
        self.counts[key] += 1
        return super().__getitem__(key)


def state_reads(m: Any) -> Counter[str]:
    """Reads from then on of the match's state entries, by entry."""
    counts: Counter[str] = Counter()
    m.S = _CountingDict(m.S, counts)
    return counts


def count_reads(m: Any) -> Counter[str]:
    """Reads from then on of a team's piece counts (`m.counts[team]`), by team."""
    counts: Counter[str] = Counter()
    m.counts = _CountingDict(m.counts, counts)
    return counts


def method_calls(m: Any, *names: str) -> Counter[str]:
    """Calls from then on to these methods of the match (`fire`, `move_piece`...)."""
    counts: Counter[str] = Counter()
    for name in names:
        setattr(m, name, _Counted(getattr(m, name), name, counts))
    return counts


def cached(m: Any) -> set[str]:
    """The rule functions whose answers the match holds now, in any of its caches."""
    caches: Iterable[dict[Any, Any]] = [m.memo, m.smemo, m.memo_home, m.memo_away, m.fixed, *m.area_memo.values()]
    return set().union(*map(answered, caches))


def answered(cache: dict[Any, Any]) -> set[str]:
    """The rule functions with an answer in one cache (keyed "name", "name team" or by
    a tuple of the name and the arguments)."""
    return {key[0] if isinstance(key, tuple) else str(key).split(" ")[0] for key in cache}


def prepared(setup: str, body: str, extra: str = "", **kw: Any) -> tuple[Edition, Any]:
    """An edition of `body` (the `match` procedure) and a match of it in which the
    procedure `setup` has run: probes set now see only what `body` does."""
    src = "procedures:\n" + langkit.procedure(body) + langkit.procedure(setup, "setup") + (langkit.dedent(extra) if extra.strip() else "")
    ed = langkit.build(src)
    m = langkit.match(ed, **kw)
    m.run("setup")
    return ed, m


def ready(body: str, extra: str = "", **kw: Any) -> tuple[Edition, Any]:
    """An edition running `body` as its `match` procedure, and a match of it made (so
    the edition's reference play is done): probes set now see only this match."""
    ed = langkit.build(langkit.program(body, extra))
    return ed, langkit.match(ed, **kw)
