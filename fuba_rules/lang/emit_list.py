"""Lists to Python source: comprehensions, a choice's advice, and the shortcuts that
pay inside them (what no loop changes worked out once before it, state read once as
the list starts, a list reading no state kept for the match, a list kept by its board
answers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import nodes as n
from .analysis import (
    EMPTY,
    FREE_ITEMS,
    board_keys,
    free_locals,
    invariant,
    list_locals,
    pure,
)
from .checker import BOUND_IN_PREFER
from .emit_expr import ExpressionWriter
from .frame import Frame, ListScope, StateReads
from .memo import keeping, memo_prologue
from .source import Code, Source, local


class ListWriter(ExpressionWriter):
    """Writes lists (see the module's docstring)."""

    def _state_read_once(self, fr: Frame, e: n.Node, write: Callable[[Frame], str]) -> str:
        """The source `write()` gives for the pure list `e`, with each state entry it
        reads (also in the bodies of functions read in place) read once, as the list
        starts, into a temporary of the list's own (`_list`): nothing in it can change
        the state while the list is built. Only at the outermost such list; the resumable
        form reads state in place."""
        if fr.reads is not None or not self.hoist or fr.no_walrus or not pure(e, self.host.registry.primitives):
            return write(fr)
        return write(fr.derive(reads=StateReads(owner=e)))

    def _list(self, fr: Frame, element: str, loops: list[str], e: n.Node, hoisted: Sequence[tuple[str, str]] = ()) -> str:
        """`[element loops...]`, first binding the values read once for the whole list
        (`hoisted`, and the state read once when `e` is the list `_state_read_once` is
        writing) as the list's own variables: `[... for (_s0, _h1) in ((m.S['x'], ...),)
        for ...]`. A value the list binds is a local of the list, where a `:=` before it
        would be a cell of the enclosing function, made at each of its calls."""
        pre = list(hoisted)
        if fr.reads is not None and fr.reads.owner is e and fr.reads.temps:
            pre = [(t, code) for code, t in fr.reads.temps.items()] + pre
        if pre:
            loops = [f"for ({''.join(t + ', ' for t, _ in pre)}) in (({''.join(c + ', ' for _, c in pre)}),)", *loops]
        return f"[{element} {' '.join(loops)}]"

    def _outlined(self, fr: Frame, e: n.Comprehension) -> str | None:
        """A list reading no state (only its locals, constants, primitives answering from
        the board), as a call of a function of its own that keeps its answers for the
        match in `m.fixed`, by the values of the locals it reads: 2.0's targets of an area
        for a movement type are built once a match, not before every move. The function
        builds the list with the same code (the same steps and faults when it does; a
        kept answer spends no step, as a fixed rule function's). Its lines are not placed
        (`Source.placed`): a fault in it is placed at the line that asks for the list, as
        when the list was written there. Not for lists calling rule functions (a body read
        in place has lines of its own), reading a record's field or a local that no call
        could pass; None when not taken."""
        host = self.host
        if not self.hoist or fr.outlining:
            return None  # a comprehension's list may be one: its call passes plain reads
        nodes = list(n.walk(e))
        if any(isinstance(x, n.Call) and x.kind != "primitive" for x in nodes) or not pure(e, host.registry.primitives):
            return None
        if any(isinstance(x, n.Name) and x.kind == "local" and x.fields for x in nodes):
            return None
        free = free_locals(e)
        if free is None or set(free) & list_locals(nodes):  # a list is no key: it would never be kept
            return None
        if not host.reads_no_state(nodes):
            return self._kept_by_board(fr, e, nodes, free)
        args = [self.expr(fr, free[name]) for name in sorted(free)]
        params = tuple(sorted(free))
        free_loop = fr.free_loop  # written as it would have been here: the same steps

        def write(fname: str) -> Source:
            out = Source(fname, e.pos, placed=False)
            code = self._comprehension(_apart(out, free_loop), e)
            return keeping(out, fname, params, memo_prologue(fname, params, fixed=True), code)

        return f"{host.outline(write)}(m{''.join(', ' + a for a in args)})"

    def _kept_by_board(self, fr: Frame, e: n.Comprehension, nodes: list[n.Node], free: dict[str, n.Name]) -> str | None:
        """A list reading state in which some of its locals are read only through board
        questions (`[outfield(team, a) for a in areas() if zone(a, team) == zone(area,
        team)]`: `area` only as `zone(area, team)`), as a call of a function of its own
        that keeps its answers until the state changes (`m.memo`), by the board's answers
        instead of those locals: asked for each of thirteen areas between two moves, the
        list is built once per zone. The function builds the list with the same code (the
        same steps and faults when it does; a kept answer spends no step, as a cached rule
        function's). The board questions are asked first; if one faults, the list is built
        as written, so it faults (or not) as it did. Not for lists calling rule functions;
        its lines are not placed, as `_outlined`'s. None when not taken."""
        prims = self.host.registry.primitives
        if any(isinstance(x, n.Name) and x.kind == "func" and self.host.inline_source(x.parts[0]) is None for x in nodes):
            return None
        asked = board_keys(e, set(free), prims)
        inside = {id(x) for k in asked for x in n.walk(k)}
        gone = {v for v in free if all(id(x) in inside for x in nodes if isinstance(x, n.Name) and x.kind == "local" and x.parts[0] == v)}
        if not gone:  # the key would be no coarser than the locals themselves
            return None
        params = tuple(sorted(free))
        args = [self.expr(fr, free[name]) for name in params]
        key = [local(v) for v in params if v not in gone] + [f"_b{i}" for i in range(len(asked))]
        free_loop = fr.free_loop  # written as it would have been here: the same steps

        def write(fname: str) -> Source:
            out = Source(fname, e.pos, placed=False)
            apart = _apart(out, free_loop)
            answers = [self.expr(apart, k) for k in asked]
            as_written = self._state_read_once(apart, e, lambda f: self._hoisted_comprehension(f, e))
            by_answers = apart.derive(hoisted={id(k): Code(f"_b{i}", "temp:b") for i, k in enumerate(asked)})  # the list as kept: reads the answers
            kept = self._state_read_once(by_answers, e, lambda f: self._hoisted_comprehension(f, e))
            first = ["try: " + "; ".join(f"_b{i} = {a}" for i, a in enumerate(answers)),
                     f"except _Exception: return {as_written}"]  # a value no board question takes: fault where the list does
            return keeping(out, fname, params, first + memo_prologue(fname, params, values=key), kept)

        return f"{self.host.outline(write)}(m{''.join(', ' + a for a in args)})"

    def _e_Comprehension(self, fr: Frame, e: n.Comprehension) -> str:
        """A comprehension; the state tests in it that no loop variable changes are worked
        out once, before it (see `invariant`), and so is every state entry it reads (see
        `_state_read_once`)."""
        outlined = self._outlined(fr, e)
        if outlined is not None:
            return outlined
        if not self.hoist or fr.no_walrus or not pure(e, self.host.registry.primitives):
            return self._comprehension(fr.derive(lists=None), e)
        return self._state_read_once(fr, e, lambda f: self._hoisted_comprehension(f, e))

    def _hoisted_comprehension(self, fr: Frame, e: n.Comprehension) -> str:
        own = {var for var, _, _ in e.loops}
        parts = [e.element, *(x for i, (_, it, cond) in enumerate(e.loops) for x in ((it,) if i else ()) + ((cond,) if cond is not None else ()))]
        found = invariant(parts, lambda v: v not in own, self.host)
        bound = {local(var) for x in n.walk(e) if isinstance(x, n.Comprehension) for var, _, _ in x.loops}
        return self._hoisting(fr, found, bound, lambda f, pre: self._comprehension(f, e, pre))

    def _hoisting(self, fr: Frame, found: list[n.Node], bound: set[str], write: Callable[[Frame, list[tuple[str, str]]], str]) -> str:
        """`write(pre)` for a pure list whose loops bind `bound`: the parts `found` are
        read once, as it starts, into its variables `pre`, and so are the invariant parts
        of the bodies read in place within it (`_hoist_body`) and the team tables it asks
        (`_team_table`)."""
        scope = ListScope(bound=bound)
        inner = fr.derive(lists=(*(fr.lists or ()), scope))
        return write(inner.derive(hoisted=self._hoist(inner, found, scope)), scope.pre)

    def _comprehension(self, fr: Frame, e: n.Comprehension, hoisted: Sequence[tuple[str, str]] = ()) -> str:
        p = self.host.position(e.pos)
        loops = []
        f = fr.derive(reuse=None)  # a call in a list may ask about another value each round
        for i, (var, it, cond) in enumerate(e.loops):
            # the first list is read once, before the loop: its state reads need no temporary
            first = i == 0 and f.reads is not None and f.reads.owner is e
            iterable = self.expr(f.derive(no_walrus=True, reads=None) if first else f.derive(no_walrus=True), it)
            if var in f.rename:  # the loop's own variable, from here on
                f = f.derive(rename={k: v for k, v in f.rename.items() if k != var})
            if isinstance(it, n.ListLit) and len(it.items) <= FREE_ITEMS and not f.free_loop:
                # `for d in [false, true]`: the step of the loop around it, or of whatever
                # asked, pays for these few; one such loop in a chain, so a step's work
                # stays bounded
                f = f.derive(free_loop=True)
                loops.append(f"for {local(var)} in {iterable}")
            elif self.facts.is_list(it):  # no type test: only the steps
                loops.append(f"for {local(var)} in _walk(m, {iterable}, {p})")
            else:
                loops.append(f"for {local(var)} in _each(m, {iterable}, {p}, {var!r})")
            if cond is not None:
                loops.append(f"if {self.expr(f, cond)}")
        element = self.expr(f, e.element)
        if len(e.loops) == 1:  # one element at most per element of a list, itself within the cap
            return self._list(fr, element, loops, e, hoisted)
        return f"_capped({self._list(fr, element, loops, e, hoisted)}, {p})"

    def _choose(self, fr: Frame, e: n.Call, optional: bool) -> str:
        team, label, options = (self.expr(fr, a) for a in e.args)
        it = local(BOUND_IN_PREFER)  # the advice scores every option in one list, not one call each
        prefer = "None"
        if "prefer" in e.kwargs:
            advice = e.kwargs["prefer"]
            fields = self.facts.element_fields(e.args[2], fr.elements_of())  # options proved records: their fields read straight
            scores = fr.derive(records={**fr.records, it: fields}) if fields is not None and fields is not EMPTY else fr
            prefer = self._state_read_once(scores, advice, lambda f: self._advice_list(f, advice, it))
            prefer = f"lambda _opts: {prefer}"
        return f"_choose(m, {options}, {team}, {label}, {prefer}, {optional}, {self.host.position(e.pos)})"

    def _advice_list(self, fr: Frame, advice: n.Node, it: str) -> str:
        """The scores of `_opts`, one list: as a pure list's, what no option changes is
        worked out once, before it (see `_hoisting`)."""
        if not self.hoist or not pure(advice, self.host.registry.primitives):
            return self._list(fr, self.expr(fr, advice), [f"for {it} in _opts"], advice)
        found = invariant([advice], lambda v: v != BOUND_IN_PREFER, self.host)
        bound = {it} | {local(var) for x in n.walk(advice) if isinstance(x, n.Comprehension) for var, _, _ in x.loops}
        return self._hoisting(fr, found, bound, lambda f, pre: self._list(fr, self.expr(f, advice), [f"for {it} in _opts"], advice, pre))

    def _special_choose(self, fr: Frame, e: n.Call) -> str:
        return self._choose(fr, e, False)

    def _special_may_choose(self, fr: Frame, e: n.Call) -> str:
        return self._choose(fr, e, True)


def _apart(out: Source, free_loop: bool) -> Frame:
    """The frame of a generated function of its own (`_outlined`, `_kept_by_board`): none
    of the enclosing code's renamed values, reused calls, proved records, temporaries or
    hoisted reads reach it, and no list inside it is written apart again; `free_loop` as
    where it is asked, so it spends the same steps."""
    return Frame(out, free_loop=free_loop, outlining=True)
