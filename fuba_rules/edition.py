"""Load an edition: layer the YAML, check every rule, compile it once into an `Edition`.

An `Edition` (engine/compiled.py) is frozen once built and shared by every match
(OpenSpiel's Game); a `Match` holds the mutable state. All problems of all rules are
collected before anything is compiled, so `fuba check` reports every error in one run.
The loader gives each edition its reference play for cache tuning (fuba_rules.tuning),
which the engine runs before the edition's first match.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast, overload

import attrs

from .board import TEAMS, ZONES, Board
from .diagnostics import Diagnostic, FubaError, Pos, did_you_mean
from .display import display_of
from .engine.compiled import Block, Edition, Hook, Parsed, parse_cached
from .engine.invariants import Invariant
from .engine.primitives import ENGINE
from .frozen import FrozenDict, frozen_data
from .jsondata import Json
from .lang import lint
from .lang import nodes as n
from .lang.checker import (
    NAMED_TYPES,
    PARENT,
    Checker,
    ParentRef,
    StateSpec,
    Symbols,
    advice_warnings,
    infer_enumerations,
    infer_param_kinds,
    infer_trigger_texts,
)
from .lang.compiler import Compiler, Modifier, Row, Table, fresh_only
from .lang.parse_cache import ParseCache, cache_dir
from .lang.runtime import MAX_NUMBER
from .lang.tables import Domain, Outcome, domain_outcomes, expand_key, show_outcome
from .load_cache import LoadCache, Replay, stored_warnings
from .resources import default_editions_root
from .tuning import tune
from .yamlnodes import LDict
from .yamlpos import plain

if TYPE_CHECKING:
    from .layering import Resolved

SKILL_OWNER = "owner"  # the name a skill's rule text uses for the team that owns it


@overload
def _plain(value: Mapping[str, object]) -> dict[str, Json]: ...
@overload
def _plain(value: object) -> Json: ...
def _plain(value: object) -> Json:
    """`yamlpos.plain`, named as what it gives: YAML's core types only (yamlparse builds
    no other), so JSON's."""
    return cast(Json, plain(value))


def load_edition(target: str | Path, mods: Sequence[str | Path] = (), root: str | Path | None = None) -> Edition:
    """Resolve, validate and compile an edition (plus mods). Raises FubaError."""
    from . import layering

    resolved = layering.resolve(target, Path(root) if root is not None else default_editions_root(), mods)
    return _Build(resolved, schema_name=str(target)).run()


def compile_resolved(resolved: Resolved) -> Edition:
    """Check and compile a resolved edition; raises FubaError listing every problem."""
    return _Build(resolved).run()


def check_resolved(resolved: Resolved) -> list[Diagnostic]:
    """Every problem in the rules of a resolved edition (for `fuba check`), warnings included.

    An unchanged edition found in the load cache is not checked again: its warnings
    were stored with it."""
    stored = stored_warnings(resolved, lint=True)
    if stored is not None:
        return stored
    build = _Build(resolved, replay=False, lint=True)
    try:
        build.run()
    except FubaError as e:
        return e.diagnostics
    return sorted(build.warnings, key=_sort_key)


# Which names a state entry of a named type may hold (see NAMED_TYPES), for messages.
_NAMES_ARE = {"team": " (home or away)", "area": " of the board"}


_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
"""A text that reads as a number (a constant written with quotes by mistake)."""


def _val_pos(container: object, key: object) -> Pos:
    vp = getattr(container, "value_pos", None) or {}
    if key in vp:
        return vp[key]
    ip = getattr(container, "item_pos", None)
    if isinstance(key, int) and ip and key < len(ip):
        return ip[key]
    return getattr(container, "pos", None) or Pos("<edition>", 1, 1)


@attrs.define
class _Parsed:
    """Every parsed rule text of one edition, between parsing and compiling."""

    funcs: dict[str, n.Node | None] = attrs.field(factory=dict)
    procs: dict[str, Block | None] = attrs.field(factory=dict)
    tables: dict[str, tuple[LDict, dict]] = attrs.field(factory=dict)
    hook_parts: list = attrs.field(factory=list)
    stat_exprs: dict[str, n.Node | None] = attrs.field(factory=dict)
    mods: dict[str, list] = attrs.field(factory=dict)
    hooks: list[Hook] = attrs.field(factory=list)
    stats: dict[str, dict] = attrs.field(factory=dict)
    invariants: list[tuple[Invariant, n.Node]] = attrs.field(factory=list)  # each with its parsed condition
    compiled_invariants: list[Invariant] = attrs.field(factory=list)  # each with its compiled condition


class _Build:
    """One compilation: parse all rule text, check it, then compile it.

    An edition whose files are all unchanged since a build that succeeded replays that
    build (`LoadCache`): every rule text comes back checked, with the checker's
    warnings, so nothing is parsed or checked again; only compiling remains."""

    def __init__(self, resolved: Resolved, replay: bool = True, schema_name: str | None = None, lint: bool = False):
        self.r = resolved
        self.schema_name = schema_name  # if given, run the schema check first (unless a stored build passed it)
        self.lint = lint  # the whole-edition warnings (lang.lint): for `fuba check`, not for every load
        self.d = resolved.data
        self.diags: list[Diagnostic] = []
        self.checks: list[tuple[Parsed | None, tuple[str, ...], str, bool, ParentRef | None, str]] = []  # (node, params, what, is_block, parent, trigger of a hook)
        self.specs: dict[tuple[str, str], LDict] = {}  # (kind, name) -> the YAML entry of every rule, inherited bases included
        self.warnings: list[Diagnostic] = []
        self.cache = ParseCache(cache_dir())
        self.advice: list[Diagnostic] = []  # warnings about missing prefer advice, shown once the rules have no error
        self.stored = LoadCache(resolved)
        self.replay: Replay | None = self.stored.get() if replay else None
        self.validated = self.replay is not None and self.replay.validated  # the schema passed when it was stored
        self.parsed: list[object] = []  # every parse, in order, for the load cache
        self.uncached: set[str] = set()  # rule functions not worth caching, found when checking (see check_all)
        self.checks_only: set[int] = set()  # ids of invariant conditions: they run only in a match that checks them

    def section(self, name: str) -> dict:
        return self.d.get(name) or {}

    @overload
    def parse(self, text: object, where: Pos, block: Literal[False]) -> n.Node | None: ...
    @overload
    def parse(self, text: object, where: Pos, block: Literal[True]) -> Block | None: ...
    @overload
    def parse(self, text: object, where: Pos, block: bool) -> Parsed | None: ...

    def parse(self, text: object, where: Pos, block: bool) -> Parsed | None:
        """One rule text parsed (an expression, or a block's statements), or None after
        reporting why it cannot be; from the stored build when the load cache has one."""
        if self.replay is not None:
            return self.replay.next_node(block)
        node = self._parse(text, where, block)
        self.parsed.append(node)
        return node

    def _parse(self, text: object, where: Pos, block: bool) -> Parsed | None:
        try:
            if not isinstance(text, str):
                raise FubaError(Diagnostic(where, f"expected rule text, got {type(text).__name__}"))
            return parse_cached(self.cache, text, where, block)
        except FubaError as e:
            self.diags.extend(e.diagnostics)
            return None

    def run(self) -> Edition:
        """The edition; FubaError listing every error.

        A replay that fails in any way (an entry damaged or edited so that it no longer
        fits the edition) is a miss: the edition is built again from its files."""
        if self.schema_name is not None and not self.validated:
            from .schema_check import validate

            diags = validate(self.d, self.schema_name)
            if diags:
                raise FubaError(diags)
            self.validated = True
        if self.replay is None:
            return self._run()
        try:
            return self._run()
        except Exception:  # only a damaged entry can make a stored build fail
            return _Build(self.r, replay=False, schema_name=self.schema_name).run()

    def _run(self) -> Edition:
        board = self.board()
        sym = self.symbols(board)
        parsed = self.parse_all(sym)
        checker_diags, checker_advice, mod_params = self.check_all(sym, parsed)
        self.cache.save()  # entries were encoded when parsed, before the checker annotated them
        self.warnings = [d for d in self.diags if d.severity == "warning"]
        if any(d.severity == "error" for d in self.diags):
            raise FubaError(sorted(self.diags, key=_sort_key))
        self.warnings += self.advice
        if self.replay is not None:
            entry: dict | None = self.replay.entry
        else:  # encoded before compiling, which must not change what is stored
            entry = self.stored.entry(self.parsed, checker_diags, checker_advice, sym.scopes, mod_params, self.uncached)
        comp = self.compile_all(sym, parsed, mod_params)
        header = getattr(self.r, "header", {}) or {}
        chain = list(getattr(self.r, "chain", []) or [])
        hooks_at: dict[str, list[Hook]] = {}
        for h in parsed.hooks:
            hooks_at.setdefault(h.at, []).append(h)
        ed = Edition(
            id=str(header.get("id", chain[-1] if chain else "edition")),
            title=str(header.get("title", "")),
            date=str(header.get("date", "")),
            chain=tuple(chain),
            resolved=self.r,
            board=board,
            state=FrozenDict(sym.state),
            constants=_frozen_section(sym.constants),
            procs=FrozenDict(comp.procs),
            funcs=FrozenDict(comp.funcs),
            tables=FrozenDict(comp.tables),
            modifiers=FrozenDict({g: tuple(rows) for g, rows in comp.modifiers.items()}),
            triggers=FrozenDict(sym.triggers),
            hooks_at=FrozenDict({at: tuple(hs) for at, hs in hooks_at.items()}),
            skills=FrozenDict({h.name: h for h in parsed.hooks if h.skill}),
            rules=_frozen_section(self.section("rules")),
            stats=FrozenDict({k: FrozenDict(v) for k, v in parsed.stats.items()}),
            match=_frozen_section(self.section("match")),
            interpretations=_frozen_section(self.section("interpretations")),
            secrets=FrozenDict({str(k): str(v.get("simultaneous_with", "")) for k, v in self.section("secrets").items() if isinstance(v, dict)}),
            symbols=sym,
            compiler=comp,
            invariants=FrozenDict({inv.name: inv for inv in parsed.compiled_invariants}),
            tune=tune,
        )
        if self.lint and self.section("display"):  # `fuba check` reads the board's display too,
            display_of(ed)  # before storing: a stored check has no error
        if self.replay is None or self.validated != self.replay.validated:
            # A stored build with `fuba check`'s whole-edition warnings keeps them: the same
            # files give the same warnings, and dropping them would make the next check
            # build again (check and simulate, taken in turns, would each miss every time).
            keep_lint = self.replay is not None and self.replay.lint and not self.lint
            warnings = self.replay.warnings if keep_lint and self.replay is not None else sorted(self.warnings, key=_sort_key)
            self.stored.put(entry, warnings, self.validated, self.lint or keep_lint)
        return ed

    # ---- phases
    def symbols(self, board: Board) -> Symbols:
        """Every name the edition declares, for the checker, and the names each kind of
        text may be (`Symbols.domains`: areas, teams, zones)."""

        def params(section: str) -> dict[str, tuple[str, ...]]:
            return {str(k): tuple(map(str, (v or {}).get("params", []) or [])) for k, v in self.section(section).items() if not _hidden_by(str(k))}

        domains = {"area": frozenset([*board.areas, *board.spots]), "team": frozenset(TEAMS), "zone": frozenset(ZONES)}
        self.check_constants()
        return Symbols(
            registry=ENGINE,
            state=self.state_specs(domains),
            constants={str(k): _plain(v) for k, v in self.section("constants").items()},
            tables=set(self.section("tables")) | ({"formations"} if self.section("formations") else set()),
            functions=params("functions"),
            procedures=params("procedures"),
            triggers=params("triggers"),
            modifier_groups={str(v.get("group", "")) for v in self.section("modifiers").values()},
            rules=set(self.section("rules")),
            domains=domains,
        )

    def check_constants(self) -> None:
        """A constant written as a quoted number (`half_length: "40"`) is text, which the
        rules would fault on far from here; so is a text replacing an inherited number.
        Each is an error naming the constant, at its line."""
        section = self.section("constants")
        for k, v in section.items():
            was = [x for x in self.history("constants", k) if isinstance(x, (int, float)) and not isinstance(x, bool)]
            if isinstance(v, str) and _NUMBER.fullmatch(v.strip()):
                message = f"constant '{k}' is the text {json.dumps(v)}, not a number: write {v.strip()} without quotes"
            elif was and not (isinstance(v, (int, float)) and not isinstance(v, bool)):
                message = f"constant '{k}' replaces the number {was[-1]}, but {json.dumps(_plain(v), default=str)} is no number"
            else:
                continue
            self.diags.append(Diagnostic(_val_pos(section, k), message))

    def parse_all(self, sym: Symbols) -> _Parsed:
        """Parse every rule text; queue each for the checker with its parameters."""
        out = _Parsed()
        for section, kind in (("functions", "function"), ("procedures", "procedure")):
            for k, v in self.section(section).items():
                if (taken := _hidden_by(str(k))) is not None:  # one error here, not one at every call
                    self.diags.append(Diagnostic(_key_pos(self.section(section), k), f"a {kind} cannot be named '{k}': {taken}; name it otherwise"))
                    continue
                self.parse_rule(sym, out, kind, str(k), v, self.history(section, k), _params)
        out.tables = self.parse_tables(dict(self.section("tables")))
        out.hook_parts = self.parse_hooks(sym, out)
        out.invariants = self.parse_invariants(sym)
        for k, v in self.section("stats").items():
            if "value" in v:
                out.stat_exprs[k] = self.parse(v["value"], _val_pos(v, "value"), False)
                self.checks.append((out.stat_exprs[k], (), "statistic", False, None, ""))
        return out

    def history(self, section: str, key: object) -> list[LDict]:
        """The definitions an entry replaced, oldest first (what `parent(...)` reaches)."""
        return [v for _, v in (getattr(self.r, "shadowed", None) or {}).get((section, key), [])]

    def parse_rule(self, sym: Symbols, out: _Parsed, kind: str, name: str, spec: LDict, history: list[LDict], params_of: Callable[[LDict], tuple[str, ...]], what: str = "") -> ParentRef:
        """Parse one procedure or function; when it calls `parent(...)`, also the definition
        it replaces, as a rule of its own named `<name>__base` (and so on down the layers)."""
        block = kind == "procedure"
        key = "do" if block else "expr"
        body: Parsed | None
        if block:
            body = out.procs[name] = self.parse(spec.get(key, ""), _val_pos(spec, key), True)
        else:
            body = out.funcs[name] = self.parse(spec.get(key, ""), _val_pos(spec, key), False)
        table = sym.procedures if block else sym.functions
        params = table[name] = params_of(spec)
        self.specs[kind, name] = spec
        ref = ParentRef(name, kind)
        if history and _calls_parent(body):
            ref.target = self.base_name(sym, name)
            self.parse_rule(sym, out, kind, ref.target, history[-1], history[:-1], params_of, what)
        self.checks.append((body, params, what or kind, block, ref, ""))
        return ref

    def base_name(self, sym: Symbols, stem: str) -> str:
        """`<stem>__base`, or with a number when a rule already has that name."""
        taken = {*sym.procedures, *sym.functions, *self.section("procedures"), *self.section("functions")}
        name, i = f"{stem}__base", 2
        while name in taken:
            name, i = f"{stem}_{i}__base", i + 1
        return name

    def check_all(self, sym: Symbols, parsed: _Parsed) -> tuple[list[Diagnostic], list[Diagnostic], dict[str, tuple[str, ...]]]:
        """Check every queued text. Scope names and each modifier group's keywords are
        gathered from all rule texts first: a leave may cross procedures.

        Returns the checker's diagnostics, its advice warnings and the modifier groups'
        keywords; when the build is replayed from the load cache, they come from there."""
        bodies = [body for body, *_ in self.checks if body is not None]
        if self.replay is not None:
            sym.scopes |= self.replay.scopes
            self.uncached = self.replay.uncached
            parsed.mods = self.parse_modifiers(None, self.replay.mod_params)
            self.check_match(_plain(self.section("match")), sym)
            self.diags.extend(self.replay.checker)
            self.advice.extend(self.replay.advice)
            self.lint_all(bodies)
            return self.replay.checker, self.replay.advice, self.replay.mod_params
        sym.scopes |= _scopes(bodies)
        sym.param_kinds = infer_param_kinds({**parsed.funcs, **parsed.procs}, sym)
        sym.enums = infer_enumerations(bodies, sym)
        sym.trigger_texts = infer_trigger_texts(bodies)
        checker = Checker(sym)
        rule_of = {id(b): k for k, b in [*parsed.funcs.items(), *parsed.procs.items()] if b}
        advice: list[Diagnostic] = []
        for body, params, what, block, parent, at in self.checks:
            if body is not None:
                kinds = checker.trigger_kinds(at) if at else checker.param_domains(rule_of.get(id(body), ""))
                team = sym.domain("team") if what == "skill" else None
                if team is not None:  # a skill's owner is a team (every edition has the kind)
                    kinds[SKILL_OWNER] = team
                if block:  # a block is checked through its packed form too (`n.Deferred`)
                    checker.check_block(cast("list[n.Node]", body), params, what, parent, kinds)
                elif (holds := checker.check_expr(cast(n.Node, body), params, what, parent, kinds)) is not None and id(body) in rule_of:
                    sym.returns[rule_of[id(body)]] = holds
                advice.extend(advice_warnings(body))
        self.advice.extend(advice)
        # once checked (calls know their kind); stored, as a warm load keeps blocks packed. An
        # invariant's calls do not count: a match that does not check them must run as fast
        # as if they were not written (a call there would make a function cached everywhere).
        self.uncached = fresh_only([b for b in bodies if id(b) not in self.checks_only])
        mod_params = _modifier_params(bodies, checker)
        parsed.mods = self.parse_modifiers(checker, mod_params)
        self.check_match(_plain(self.section("match")), sym)
        self.diags.extend(checker.diagnostics)
        self.lint_all(bodies)
        return list(checker.diagnostics), advice, mod_params

    def lint_all(self, bodies: list[Parsed]) -> None:
        """The whole-edition warnings, for `fuba check` only; shown once the rules have no
        error (a text that failed to parse could hold the trigger)."""
        if self.lint:
            fires, reads = lint.used(bodies)
            self.advice += lint.unfired_warnings(self.d, fires, _val_pos) + lint.unread_table_warnings(self.d, reads, _key_pos)
            self.advice += lint.unpaid_cost_warnings(self.d, getattr(self.r, "origin", {}) or {}, _val_pos)
            self.advice += lint.secret_warnings(self.d, bodies, _key_pos)

    def compile_all(self, sym: Symbols, parsed: _Parsed, mod_params: dict[str, tuple[str, ...]]) -> Compiler:
        """Turn every checked text into closures, once."""
        comp = Compiler(ENGINE, sym.state, sym.constants, sym.domains)
        comp.param_table["procedure"] = sym.procedures
        comp.param_table["function"] = sym.functions
        comp.uncached = self.uncached
        for k, expr in parsed.funcs.items():
            assert expr is not None  # a text that did not parse stopped the build before compiling
            comp.define("function", k, sym.functions[k], str(self.specs["function", k].get("ref", "")), expr, expr.pos)
        comp.link_functions()
        for k, body in parsed.procs.items():
            assert body is not None
            spec = self.specs["procedure", k]
            pos = n.first_pos(body) or _val_pos(spec, "do")
            comp.define("procedure", k, sym.procedures[k], str(spec.get("ref", "")), body, pos)
        for name, (spec, rows) in parsed.tables.items():
            comp.tables[name] = self.compile_table(comp, name, spec, rows)
        formations = self.section("formations")
        if formations:
            comp.tables["formations"] = Table("formations", "2.1", FrozenDict({str(k): _plain(v) for k, v in formations.items()}))
        for group in sym.modifier_groups:
            comp.modifiers.setdefault(group, [])
        for group, mod_rows in parsed.mods.items():
            if group not in mod_params:
                continue  # no rule sums this group (a warning says so): its rows were not checked
            comp.modifiers[group] = [
                Modifier(rid, str(row.get("ref", "")), str(row.get("text", rid)), comp.expr(w) if w else None, comp.expr(v if isinstance(v, n.Node) else n.Const(_val_pos(row, "value"), v)))
                for rid, row, w, v in mod_rows
            ]
        comp.modifiers_final = True
        for h, (when, team, cost, do, prefer) in parsed.hook_parts:
            parsed.hooks.append(attrs.evolve(
                h,
                prefer=comp.expr(prefer) if prefer is not None else None,
                when=comp.expr(when) if when is not None else None,
                team=comp.expr(team) if team is not None else None,
                cost=comp.expr(cost) if isinstance(cost, n.Node) else cost,
                do=comp.block(do),
            ))
        parsed.compiled_invariants = [attrs.evolve(inv, holds=comp.expr(holds)) for inv, holds in parsed.invariants]
        for k, v in self.section("stats").items():
            expr = parsed.stat_exprs.get(k)
            parsed.stats[str(k)] = {**_frozen_section(v), "value_fn": comp.expr(expr) if expr is not None else None}
        return comp

    # ---- sections
    def board(self) -> Board:
        data = self.d.get("board")
        if not data:
            pos = getattr(self.d, "pos", None) or Pos("<edition>", 1, 1)
            raise FubaError(Diagnostic(pos, "the edition has no board: include ../board.yaml or define board:"))
        file = getattr(getattr(data, "pos", None), "file", "<board>")
        return Board.from_data(data, file)

    def state_specs(self, domains: dict[str, frozenset[str]]) -> dict[str, StateSpec]:
        specs = {}
        for k, v in self.section("state").items():
            index = tuple(map(str, v.get("index", []) or []))
            specs[str(k)] = StateSpec(
                name=str(k),
                type=str(v.get("type", "any")),
                default=_plain(v.get("default")),
                min=v.get("min"),
                max=v.get("max"),
                index=index,
                reset=str(v.get("reset", "never")),
                ref=str(v.get("ref", "")),
            )
            if specs[str(k)].type == "int":
                self.whole_default(specs[str(k)], v)
            elif specs[str(k)].type in NAMED_TYPES:
                self.named_default(specs[str(k)], v, domains[specs[str(k)].type])
        return specs

    def named_default(self, spec: StateSpec, v: LDict, names: frozenset[str]) -> None:
        """A team or area entry starts as one (or as none): a rule's write is checked
        likewise (`lang.compiler._held`)."""
        if spec.default is not None and spec.default not in names:
            hint = did_you_mean(str(spec.default), sorted(names)) if isinstance(spec.default, str) else ""
            self.diags.append(Diagnostic(_val_pos(v, "default"), f"state '{spec.name}' is {NAMED_TYPES[spec.type]}: its default {json.dumps(spec.default, default=str)} is no {spec.type}{_NAMES_ARE[spec.type]}{hint}"))

    def whole_default(self, spec: StateSpec, v: LDict) -> None:
        """A whole-number entry starts as one, within its bounds (or as none, when it has
        no default): the rules' arithmetic relies on it, and a rule's write is checked
        likewise (`_set`)."""
        lo, hi = spec.whole_range()
        if lo > hi:
            self.diags.append(Diagnostic(_val_pos(v, "min"), f"state '{spec.name}': min {lo:,} is above max {hi:,}"))
        elif spec.default is not None:
            d = spec.default
            problem = (
                f"is {json.dumps(d, default=str)}, not a whole number" if type(d) is not int
                else f"{d:,} is beyond {MAX_NUMBER:,}, the largest number a rule may hold" if abs(d) > MAX_NUMBER
                else f"{d:,} is below its min {lo:,}" if d < lo
                else f"{d:,} is above its max {hi:,}" if d > hi else ""
            )
            if problem:
                self.diags.append(Diagnostic(_val_pos(v, "default"), f"state '{spec.name}' is an int: its default {problem}"))

    def parse_modifiers(self, checker: Checker | None, params: dict[str, tuple[str, ...]]) -> dict[str, list]:
        """Modifier rows are entries of their own (so a mod can add or remove one); `group:` gathers them."""
        out: dict[str, list] = {}
        summed = [g for g in params if any(str(row.get("group", "")) == g for row in self.section("modifiers").values())]
        for rid, row in self.section("modifiers").items():
            group = str(row.get("group", ""))
            when = self.parse(row["when"], _val_pos(row, "when"), False) if row.get("when") is not None else None
            value = row.get("value")
            if isinstance(value, str):
                value = self.parse(value, _val_pos(row, "value"), False)
            if group not in params:
                self.diags.append(Diagnostic(_key_pos(self.section("modifiers"), rid), f"modifier '{rid}' is in group '{group}', which no rule uses: no rule calls modifiers(\"{group}\"){did_you_mean(group, summed)}", "warning"))
            elif checker is not None:
                for e in (when, value):
                    if isinstance(e, n.Node):
                        checker.check_expr(e, params[group], "modifier")
            out.setdefault(group, []).append((str(rid), row, when, value))
        return out

    def parse_tables(self, tables: dict) -> dict[str, tuple[LDict, dict]]:
        out = {}
        for name, spec in tables.items():
            rows = spec.get("rows") or {}
            parsed = {}
            for key, row in rows.items():
                body = None
                if isinstance(row, dict) and row.get("do") is not None:
                    body = self.parse(row["do"], _val_pos(row, "do"), True)
                    self.checks.append((body, (), "table row", True, None, ""))
                parsed[key] = (row, body)
            self.check_domain(str(name), spec, rows)
            out[str(name)] = (spec, parsed)
        return out

    def check_domain(self, name: str, spec: LDict, rows: Mapping[str, object]) -> None:
        outcomes = domain_outcomes(cast(Domain, _plain(spec.get("domain") or {})))  # its shape passed the schema
        seen: dict[Outcome, str] = {}
        for key in rows:
            for o in expand_key(str(key)):
                if o in seen:
                    self.diags.append(Diagnostic(_key_pos(rows, key), f"table '{name}' covers {show_outcome(o)} twice (rows '{seen[o]}' and '{key}')"))
                seen[o] = str(key)
        if outcomes is None:
            return
        missing = [o for o in outcomes if o not in seen]
        extra = [o for o in seen if o not in set(outcomes)]
        where = _val_pos(spec, "rows")
        if missing:
            shown = ", ".join(show_outcome(o) for o in missing[:8]) + (" ..." if len(missing) > 8 else "")
            self.diags.append(Diagnostic(where, f"table '{name}' misses outcome(s) {shown}"))
        for o in extra:
            self.diags.append(Diagnostic(_key_pos(rows, seen[o]), f"table '{name}' row '{seen[o]}' is outside its domain ({show_outcome(o)})"))

    def compile_table(self, comp: Compiler, name: str, spec: LDict, rows: dict) -> Table:
        exact: dict[Any, Any] = {}
        for key, (row, body) in rows.items():
            if isinstance(row, dict):
                fields = {k: _plain(v) for k, v in row.items() if k != "do"}
                value: Any = Row(fields, comp.block(body) if body is not None else None, str(key), name)
            else:
                value = _plain(row)
            for o in expand_key(str(key)):
                exact[o] = value
        return Table(name, str(spec.get("ref", "")), FrozenDict(exact))

    def parse_hooks(self, sym: Symbols, parsed: _Parsed) -> list:
        triggers = sym.triggers
        out = []
        for section, is_skill in (("hooks", False), ("skills", True)):
            for name, h in self.section(section).items():
                at = str(h.get("at", ""))
                if at not in triggers:
                    self.diags.append(Diagnostic(_val_pos(h, "at"), f"{section[:-1]} '{name}' waits on unknown trigger '{at}'{did_you_mean(at, triggers)}"))
                    continue
                params = triggers[at] + ((SKILL_OWNER,) if is_skill else ())
                parts = []
                for key, block in (("when", False), ("team", False), ("cost", False), ("do", True), ("prefer", False)):
                    v = h.get(key)
                    if v is None or (key == "cost" and not isinstance(v, str)):
                        parts.append(v)
                        continue
                    e = self.parse(v, _val_pos(h, key), block)
                    what = "skill" if is_skill else "hook"
                    parent = self.hook_parent(sym, parsed, section, name, e) if key == "do" else None
                    self.checks.append((e, params, what, block, parent, at))
                    parts.append(e)
                if any(p is None for p in (parts[3],)):
                    continue
                hook = Hook(
                    name=str(name), ref=str(h.get("ref", "")), at=at, when=None, team=None,
                    optional=bool(h.get("optional", is_skill and not h.get("auto", False))),
                    cost=None, rule=str(h.get("rule", "")), do=None, skill=is_skill, auto=bool(h.get("auto", False)),
                    info=_frozen_section({k: v for k, v in h.items() if k not in ("do", "when", "team", "cost", "prefer")}),
                    quiet=bool(h.get("quiet", False)),
                )
                if hook.optional and parts[4] is None:
                    self.advice.append(Diagnostic(_key_pos(self.section(section), name), f"optional {section[:-1]} '{name}' has no prefer: advice: the coach agent always uses it (no advice: its first option)", "warning"))
                if hook.rule and hook.rule not in self.section("rules"):
                    self.diags.append(Diagnostic(_val_pos(h, "rule"), f"unknown rule '{hook.rule}'{did_you_mean(hook.rule, self.section('rules'))}"))
                out.append((hook, parts))
        return out

    def parse_invariants(self, sym: Symbols) -> list[tuple[Invariant, n.Node]]:
        """Each invariant with its condition, queued for the checker as a pure condition that
        may read the parameters every one of its triggers passes."""
        out = []
        # `reset:<scope>`: just before `reset("<scope>")`, the end of a turn or action
        resets: dict[str, tuple[str, ...]] = {f"reset:{s.reset}": () for s in sym.state.values() if s.reset != "never"}
        for name, spec in self.section("invariants").items():
            at = spec.get("at")
            points = [str(t) for t in (at if isinstance(at, list) else [at])]
            known = {**sym.triggers, **resets}
            for i, t in enumerate(points):
                if t not in known:
                    where = _val_pos(at, i) if isinstance(at, list) else _val_pos(spec, "at")
                    self.diags.append(Diagnostic(where, f"invariant '{name}' is checked at unknown trigger '{t}'{did_you_mean(t, known)}"))
            rule = str(spec.get("rule", ""))
            if rule and rule not in self.section("rules"):
                self.diags.append(Diagnostic(_val_pos(spec, "rule"), f"unknown rule '{rule}'{did_you_mean(rule, self.section('rules'))}"))
            holds = self.parse(spec.get("holds", ""), _val_pos(spec, "holds"), False)
            if holds is None:
                continue
            valid = [t for t in points if t in known]  # checked against those, so every error shows at once
            params = tuple(p for p in known[valid[0]] if all(p in known[t] for t in valid)) if valid else ()
            first = valid[0] if valid and valid[0] in sym.triggers else ""
            self.checks.append((holds, params, "condition", False, None, first))
            self.checks_only.add(id(holds))
            inv = Invariant(str(name), str(spec.get("ref", "")), tuple(points), str(spec.get("message", "")), rule, _val_pos(spec, "holds"))
            out.append((inv, holds))
        return out

    def hook_parent(self, sym: Symbols, parsed: _Parsed, section: str, name: object, body: Parsed | None) -> ParentRef:
        """A hook's or skill's `parent()` runs the `do:` it replaces, compiled as a procedure
        named `<hook|skill>_<name>__base` whose parameters are that definition's trigger's."""
        what = section[:-1]
        ref = ParentRef(str(name), "procedure")
        history = self.history(section, name)
        if history and _calls_parent(body):
            owner = (SKILL_OWNER,) if section == "skills" else ()
            ref.target = self.base_name(sym, what + "_" + re.sub(r"\W", "_", str(name), flags=re.ASCII))
            self.parse_rule(sym, parsed, "procedure", ref.target, history[-1], history[:-1], lambda h: sym.triggers.get(str(h.get("at", "")), ()) + owner, what)
        return ref

    def check_match(self, match: dict, sym: Symbols) -> None:
        where = _val_pos(self.d, "match")
        entry = match.get("entry", "match")
        if entry not in sym.procedures:
            self.diags.append(Diagnostic(where, f"match.entry names unknown procedure '{entry}'{did_you_mean(entry, sym.procedures)}"))
        for key in ("clock", "turn", "score", "phasing", "decides_first"):
            var = match.get(key)
            if var is not None and var not in sym.state:
                self.diags.append(Diagnostic(where, f"match.{key} names unknown state '{var}'{did_you_mean(var, sym.state)}"))
        for key in ("can_pay", "pay"):
            name = match.get(key)
            if name is not None and name not in sym.functions and name not in sym.procedures:
                self.diags.append(Diagnostic(where, f"match.{key} names unknown rule '{name}'"))
        rule = match.get("pay_rule")
        if rule is not None and rule not in sym.rules:
            self.diags.append(Diagnostic(where, f"match.pay_rule names unknown rule '{rule}'{did_you_mean(str(rule), sym.rules)}"))


def _frozen_section(section: Mapping[str, object]) -> FrozenDict[str, Any]:  # YAML values: any of them
    """A section of YAML as the edition keeps it: plain data, read-only all the way down."""
    out = frozen_data(_plain(section))
    assert isinstance(out, FrozenDict)
    return out


def _hidden_by(name: str) -> str | None:
    """What the language already means by `name`, which a rule of that name would hide."""
    if name == "parent":
        return "parent(...) calls the definition an override replaces"
    if name in ENGINE.primitives:
        return f"'{name}(...)' is a primitive of the language, which the rule would hide from every other rule"
    return None


def _key_pos(container: object, key: object) -> Pos:
    kp = getattr(container, "key_pos", None) or {}
    return kp.get(key) or _val_pos(container, key)


def _sort_key(d: Diagnostic) -> tuple:
    p = d.pos
    return (p.file, p.line, p.col, d.message) if p else ("", 0, 0, d.message)


def _params(spec: LDict | None) -> tuple[str, ...]:
    return tuple(map(str, (spec.get("params") if spec else None) or []))


def _calls_parent(body: Parsed | None) -> bool:
    return body is not None and any(isinstance(x, n.Call) and x.name == PARENT for x in n.walk(body))


def _scopes(stmts: list) -> set[str]:
    return {node.name for node in n.walk(stmts) if isinstance(node, n.Scope)}


def _modifier_params(bodies: list[Parsed], checker: Checker) -> dict[str, tuple[str, ...]]:
    """The keywords each modifier group receives: every call site must pass the same."""
    seen: dict[str, tuple[str, ...]] = {}
    for node in n.walk([b for b in bodies if b]):
        if isinstance(node, n.Call) and node.name in ("modifiers", "modifier_total") and node.args and isinstance(node.args[0], n.Const):
            group, keys = str(node.args[0].value), tuple(sorted(node.kwargs))
            if group in seen and seen[group] != keys:
                checker.error(node, f"modifiers('{group}') gets keywords ({', '.join(keys)}) here but ({', '.join(seen[group])}) elsewhere")
            seen.setdefault(group, keys)
    return seen


__all__ = ["TEAMS", "ZONES", "Edition", "Hook", "check_resolved", "load_edition"]
