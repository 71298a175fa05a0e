"""The compiled edition: what every match of an edition shares (OpenSpiel's Game).

`fuba_rules.edition` loads and checks the YAML and builds one `Edition`; matches, copies,
agents and tools only read it. It is frozen: its attributes cannot be set, and its
tables are read-only (`fuba_rules.frozen`), so no match can change another's rules. It
lives in the engine, below the loader, so that the engine, the agents and every tool can
name its type without importing the loader.

Three parts are shared but not frozen, each for a stated reason:
- `compiler` writes each rule's Python when it is first called, and drops the caches a
  reference play found idle once, before the first match (`fuba_rules.tuning`): the
  rules' results never change, only how fast they come;
- `answers` fills in the board's answers as they are first asked (engine.primitives,
  `display_of`): the same answers in any order, for every match;
- `resolved` and `symbols` are the YAML tree and the names it declares, which the
  loader compiled; tools read them (`fuba show`, `Edition.expression`), matches never.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from ..board import TEAMS, Board
from ..diagnostics import Diagnostic, FubaError, Pos, did_you_mean
from ..frozen import FrozenDict
from ..jsondata import Json
from ..lang import nodes as n
from ..lang.checker import Checker, StateSpec, Symbols
from ..lang.compiler import Callable_, Compiler, Modifier, Table
from ..lang.helpers import Fn, MatchView
from ..lang.parse_cache import ParseCache, cache_dir, text_key
from .invariants import Invariant
from .types import Value

if TYPE_CHECKING:
    from ..layering import Resolved

Block = list[n.Node] | n.Deferred
"""A parsed block of statements (packed until something reads it: `n.Deferred`)."""
Parsed = n.Node | Block
"""A parsed rule text: one expression, or a block."""


@attrs.frozen
class Hook:
    """A rule attached to a trigger point: a hook of the edition or a team's skill."""

    name: str
    ref: str
    at: str
    when: Fn | None
    team: Fn | None
    optional: bool
    cost: Fn | int | float | None  # a rule text, or a number of condition points
    rule: str
    do: Fn | None
    skill: bool
    auto: bool
    info: FrozenDict[str, object]
    prefer: Fn | None = None  # advice for agents: how much the owner should want to use it
    quiet: bool = False  # bookkeeping: runs without a line in the log


@attrs.frozen
class Edition:
    """One edition (with its mods), checked and compiled; see the module's docstring for
    what is frozen and what is not."""

    id: str
    title: str
    date: str
    chain: tuple[str, ...]
    resolved: Resolved
    board: Board
    state: FrozenDict[str, StateSpec]
    constants: FrozenDict[str, Any]  # YAML values: any of them
    procs: FrozenDict[str, Callable_]
    funcs: FrozenDict[str, Callable_]
    tables: FrozenDict[str, Table]
    modifiers: FrozenDict[str, tuple[Modifier, ...]]
    triggers: FrozenDict[str, tuple[str, ...]]
    hooks_at: FrozenDict[str, tuple[Hook, ...]]
    skills: FrozenDict[str, Hook]
    rules: FrozenDict[str, FrozenDict[str, object]]
    stats: FrozenDict[str, FrozenDict[str, object]]
    match: FrozenDict[str, Value]  # the `match:` section: entry, clock, score...
    interpretations: FrozenDict[str, FrozenDict[str, object]]
    secrets: FrozenDict[str, str] = attrs.field(factory=FrozenDict)  # secret decision's label -> the other team's decision that reveals it
    symbols: Symbols | None = None
    compiler: Compiler | None = None
    invariants: FrozenDict[str, Invariant] = attrs.field(factory=FrozenDict)  # checked only when a match asks (engine.invariants)
    answers: dict[Hashable, Any] = attrs.field(factory=dict)  # board questions already answered (see engine.primitives): filled as asked
    tune: Callable[[Edition], None] | None = attrs.field(default=None, eq=False, repr=False)
    """Run once before the edition's first match, if the loader gave one: the loader's
    reference play, which drops the caches it finds idle (fuba_rules.tuning)."""

    def before_match(self, match: MatchView) -> None:
        """Called as each match starts: binds the match to the rules' code and, before the
        edition's first match, lets the loader's `tune` drop idle caches."""
        comp = self.compiler
        if comp is None:
            return
        comp.bind(match)
        if not comp.tuned and self.tune is not None:
            self.tune(self)

    def team_names(self) -> dict[str, str]:
        """The teams' names from `match.teams` (the team id where none is given)."""
        teams = self.match.get("teams") or {}
        assert isinstance(teams, dict)
        return {t: str((teams.get(t) or {}).get("name", t)) for t in TEAMS}

    def check_skill(self, name: object, pos: Pos | None = None) -> None:
        """A FubaError (at `pos`, with "did you mean") unless `name` is one of the skills."""
        if name not in self.skills:
            raise FubaError(Diagnostic(pos, f"unknown skill '{name}'{did_you_mean(str(name), self.skills)}"))

    def advanced_rules(self) -> list[str]:
        """What `--advanced` switches on: every advanced rule, never a competition's rules
        (a tournament names those one by one)."""
        return sorted(r for r, spec in self.rules.items() if spec.get("kind", "advanced") == "advanced")

    def rules_on(self, wanted: Iterable[str], where: str = "") -> list[str]:
        """The rules a match plays with: `wanted` in order (each must exist), then the rules
        switched on by default. An unknown name is a FubaError, `where` naming its source."""
        chosen = list(dict.fromkeys(wanted))
        for r in chosen:
            if r not in self.rules:
                hint = did_you_mean(str(r), self.rules)
                raise FubaError(Diagnostic(None, f"{where}unknown rule '{r}'{hint}; {self.id} has: {', '.join(self.rules) or 'none'}"))
        return chosen + [r for r, spec in self.rules.items() if spec.get("default") and r not in chosen]

    def rules_asked(self, named: Iterable[str], advanced: bool, where: str = "") -> list[str]:
        """How every command reads `--advanced` and `--with`: every advanced rule when
        `advanced` (never a competition's), then the rules `named`, then the defaults."""
        return self.rules_on([*(self.advanced_rules() if advanced else []), *named], where)

    def expression(self, text: str, where: str = "<expression>") -> Callable[[MatchView], Json]:
        """Compile one pure expression against this edition, e.g. "[control, ball.value]".

        Returns `f(match)`; raises FubaError for a syntax error or an unknown name.
        """
        assert self.symbols is not None and self.compiler is not None
        cache = ParseCache(cache_dir())
        node = parse_cached(cache, text, Pos(where, 1, 1), False)
        cache.save()
        assert isinstance(node, n.Node)
        checker = Checker(self.symbols)
        checker.check_expr(node, (), "measure")
        if checker.diagnostics:
            raise FubaError(checker.diagnostics)
        fn = self.compiler.expr(node)
        return lambda m: fn(m, {})

    def source_of(self, name: str) -> str:
        """The generated Python source of one rule function or procedure (for debugging)."""
        assert self.compiler is not None
        source = self.compiler.source(name)
        if source is None:
            raise FubaError(Diagnostic(None, f"{self.id} has no rule function or procedure '{name}'{did_you_mean(name, [*self.funcs, *self.procs])}"))
        return source

    def summary(self) -> str:
        counts = [
            f"{len(self.procs)} procedures",
            f"{len(self.funcs)} functions",
            f"{len(self.tables)} tables",
            f"{sum(len(v) for v in self.hooks_at.values())} hooks",
            f"{len(self.skills)} skills",
        ]
        return f"{self.id}: {', '.join(counts)}"


def parse_cached(cache: ParseCache, text: str, where: Pos, block: bool) -> Parsed:
    """Rule text parsed, from the parse cache when it was parsed before; FubaError for a
    syntax error. The parser (and lark) is imported only on a miss."""
    file = getattr(getattr(text, "pos", None), "file", None) or where.file
    key = text_key(text, block, where)
    hit: Parsed | None = cache.get(file, key)
    if hit is not None:
        return hit
    from ..lang.parser import default_locate, parse_block, parse_expr

    loc = getattr(text, "locate", None) or default_locate(where.file, where.line, where.col)
    parsed: n.Node | list[n.Node] = parse_block(text, loc) if block else parse_expr(text, loc)
    cache.put(file, key, parsed)
    return parsed


__all__ = ["Block", "Edition", "Hook", "Parsed", "parse_cached"]
