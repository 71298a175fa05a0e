"""Which caches of rule functions answer: found by a reference play, once per edition.

A cached rule function keeps its answers until the state they read changes. Most caches
answer often (`offside`, `players`), but some are only ever asked what they have not
seen (the targets of one area's movement, a pass target's value), and each of their
lookups and stores costs every call and saves nothing. Which ones depends on how the
rules are played, which their text does not show (docs/speed.md), so an edition plays a
reference before its first match: two matches with fixed seeds and agents, counting each
cached function's questions and answers. A function asked often, answered less than once
in `_ANSWERED` times, and whose answers save less work than its lookups cost, is written
without its cache (`Compiler.drop_caches`).

The same code in every process: the reference is a function of the edition alone (its
matches run on the code before any cache is dropped, with their own dice and agents,
under a budget of their own), the answer is stored by the edition's fingerprint beside
the load cache, and dropping a cache changes only that function's own code. A process
that measured and one that read the stored answer play every match the same, event for
event and step for step.

Who plays it: the loader (`fuba_rules.edition`) gives every edition it builds `tune` as
its `Edition.tune`, which the engine calls before the edition's first match. The
reference needs agents, which sit above the engine, so the engine only calls what it was
given; a process that never plays a match never plays the reference either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any, cast

from .agents import make_agent
from .board import TEAMS
from .cache import JsonStore
from .dice import SeededDice
from .engine.compiled import Edition
from .engine.match import MatchState
from .load_cache import EDITIONS_KEPT, LoadCache

# (agents, with every advanced rule): the coach asks what an agent weighing the options
# asks (its advice), random play reaches the advanced rules' corners.
REFERENCE = ((("coach", "coach"), False), (("random", "random"), True))
SEED = 0
BUDGET = 200_000  # steps per reference match: a normal match spends 20,000-30,000
_ASKED = 64  # questions (both matches) before a cache is judged
_ANSWERED = 4  # a cache answering less than once in this many questions is dropped...
_SAVED = 16  # ...when its answers save less than this much work a question (`Compiler.costs`: nodes; a lookup and a store cost about 8)


def tune(edition: Edition) -> None:
    """Drop the caches the edition's reference play found idle (measured once, then read
    from the store). Runs before an edition's first match; matches in other threads wait."""
    comp = edition.compiler
    if comp is None or comp.tuned:
        return
    with comp.lock:
        if comp.tuned or comp.measuring:  # the reference's own matches
            return
        store, slot, key = _slot(edition)
        stored = store.get(slot, key) if key is not None else None
        if isinstance(stored, list) and all(isinstance(f, str) for f in stored):
            idle = set(stored)
        else:
            comp.measuring = True
            try:
                idle = idle_caches(measure(edition), comp.memoized, comp.costs)
            finally:
                comp.measuring = False
            if key is not None:
                store.put(slot, key, sorted(idle))
        comp.drop_caches(idle)
        comp.tuned = True


def measure(edition: Edition) -> Counter[tuple[str, bool]]:
    """(cache key's function, answered) -> how often, over the reference matches. A match
    cut short (a rule fault, a mod spending its budget) counts what it asked until then."""
    counts: Counter[tuple[str, bool]] = Counter()
    for agents, every_rule in REFERENCE:
        players = {t: make_agent(a, SEED + i) for i, (t, a) in enumerate(zip(TEAMS, agents))}
        rules = frozenset(edition.rules) if every_rule else frozenset()
        m = _Counting(counts, edition, SeededDice(SEED), players, rules, None, False)
        m.budget = BUDGET
        try:
            m.run()
        except Exception:  # a reference play only counts; the match itself reports the fault
            pass
    return counts


def idle_caches(counts: Counter[tuple[str, bool]], cached: AbstractSet[str], costs: Mapping[str, int]) -> set[str]:
    """The cached functions asked at least `_ASKED` times, answered less than once in
    `_ANSWERED`, and saving less than `_SAVED` of work a question: a costly body (`costs`,
    the compiler's rough count of its work) keeps its cache even when it answers rarely."""
    out = set()
    for f in cached:
        hits, misses = counts[f, True], counts[f, False]
        asked = hits + misses
        if asked >= _ASKED and hits * _ANSWERED < asked and hits * costs.get(f, 0) < asked * _SAVED:
            out.add(f)
    return out


def _slot(edition: Edition) -> tuple[JsonStore, str, str | None]:
    """The store, slot and key of an edition's answer: the load cache's slot and key."""
    stored = LoadCache(edition.resolved)
    return JsonStore("tuning", keep=EDITIONS_KEPT), stored.slot, stored.key


class _Tally(dict[object, object]):
    """A match's cache that counts, per function, the questions it answered and not. A
    key is the function's name, a tuple of it and the arguments, or a text of it and a
    team (`codegen.memo_prologue`)."""

    __slots__ = ("counts",)
    counts: Counter[tuple[str, bool]]  # keyed by the function's name

    def get(self, key: object, default: object = None) -> object:
        found = dict.get(self, key, default)
        name = key[0] if type(key) is tuple else key.partition(" ")[0] if type(key) is str else key
        self.counts[cast(str, name), found is not default] += 1
        return found


def _counted(attr: str) -> property:
    """A cache attribute of `_Counting`: every dict the match puts there counts."""
    slot = "_counted_" + attr

    def get(self: _Counting) -> _Tally:
        tally: _Tally = self.__dict__[slot]
        return tally

    def put(self: _Counting, value: dict[object, object]) -> None:
        self.__dict__[slot] = self._counting(value)

    return property(get, put)


class _Counting(MatchState):
    """A reference match: its caches count what they are asked."""

    memo = _counted("memo")
    smemo = _counted("smemo")
    memo_home = _counted("memo_home")
    memo_away = _counted("memo_away")
    fixed = _counted("fixed")

    def __init__(self, counts: Counter[tuple[str, bool]], *args: Any):
        self._questions = counts
        super().__init__(*args)

    def _counting(self, value: dict[object, object]) -> _Tally:
        out = _Tally(value)
        out.counts = self._questions
        return out

    def fresh_caches(self) -> None:
        super().fresh_caches()
        self.area_memo = {a: self._counting(c) for a, c in self.area_memo.items()}
        self.area_caches = tuple(self.area_memo.values())
