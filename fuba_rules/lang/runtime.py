"""What compiled rules need at run time: limits, signals and rule faults.

A mod is untrusted, so every loop iteration and every call spends from a step budget
and calls nest only so deep: a hostile or careless rule stops with a positioned
error instead of hanging the engine.
"""

from __future__ import annotations

from collections import Counter
from types import TracebackType
from typing import Protocol, TypeAlias

from ..diagnostics import Diagnostic, FubaError, Pos
from ..jsondata import Json

MAX_DEPTH = 64  # nested calls of rule functions and procedures
MAX_LOOP = 10_000  # iterations of one loop
MAX_LIST = 10_000  # elements of a list built by a range or comprehension
MAX_NUMBER = 10**12  # the largest number a rule may compute

Value: TypeAlias = Json
"""A value rule text computes with: none, a boolean, a whole or decimal number, a text,
a list of values or a record (text keys) of them; so exactly a JSON value, which is
how a match log and a state snapshot write it. Which one a rule gets is checked where
it matters, at run time (a primitive's `TypeError`, `RuleFault`)."""


class RuleFault(Exception):
    """A rule did something impossible at run time (wrong type, exhausted budget...)."""

    def __init__(self, pos: Pos | None, message: str):
        super().__init__(message)
        self.pos = pos
        self.message = message

    def to_error(self) -> FubaError:
        return FubaError(Diagnostic(self.pos, f"rule fault: {self.message}"))


class LeaveScope(Exception):
    """`leave NAME`: unwinds to the enclosing `scope NAME:`, across procedure calls."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


class Host(Protocol):
    """The object compiled rules run against (the match). Duck-typed for speed."""

    S: dict[str, Value]  # declared state
    budget: int  # steps left
    depth: int  # current call depth
    at: Pos | None  # position of the statement being run, for faults
    ref: str  # the rulebook chapter of the rule being run
    rules_on: frozenset[str]
    record: bool  # keeps a log; without one (a simulation) a `log` only counts its tag
    tally: Counter[str]  # log tags counted

    def decide(self, team: str, label: str, options: list[Value], scores: list[float] | None, optional: bool) -> Value: ...

    def emit(self, kind: str, data: dict[str, Value]) -> None: ...

    def fire(self, trigger: str, params: dict[str, Value]) -> None: ...


def spend(m: Host, pos: Pos) -> None:
    m.budget -= 1
    if m.budget < 0:
        raise RuleFault(pos, "step budget exhausted: a loop or call chain runs too long")


def fault_pos(tb: TracebackType | None) -> Pos | None:
    """The YAML position of the innermost generated rule line in a traceback."""
    trace = fault_trace(tb)
    return trace[-1] if trace else None


def fault_trace(tb: TracebackType | None) -> list[Pos]:
    """The YAML positions of the generated rule lines in a traceback, outermost first: the
    call sites that led to a fault, then the line where it happened.

    Generated functions record no position while they run: each has a line table
    (`_LINES` in its globals, by file name), read here only when a fault happens.
    """
    trace: list[Pos] = []
    while tb is not None:
        frame = tb.tb_frame
        table = frame.f_globals.get("_LINES")
        if table is not None:
            lines = table.get(frame.f_code.co_filename)
            if lines is not None and 0 < tb.tb_lineno <= len(lines):
                at = lines[tb.tb_lineno - 1]
                if type(at) is tuple:  # a line of a body read in place: the call, then the body
                    trace.extend(at)
                else:
                    trace.append(at)
        tb = tb.tb_next
    return trace
