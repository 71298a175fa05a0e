"""Soak: many matches with the edition's invariants checked, every broken one counted.

`fuba simulate --check-invariants` stops at the first violation; a soak plays on, so
that one run says how often each invariant breaks and which seed replays it (the CI
soak test and bench/invariants.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs

from ..edition import Edition
from .play import MatchFault, play
from .setup import BASIC_SETUP, EditionSource, MatchSetup
from .workers import edition_for, hand_over, start_method


@attrs.frozen
class Violation:
    """One match that broke an invariant: the first broken in that match."""

    invariant: str
    seed: int
    minute: int | None
    message: str


@attrs.define
class SoakResult:
    matches: int = 0
    violations: list[Violation] = attrs.Factory(list)

    def counts(self) -> Counter[str]:
        """Invariant -> how many matches broke it."""
        return Counter(v.invariant for v in self.violations)

    def first(self) -> dict[str, Violation]:
        """Invariant -> its violation with the lowest seed."""
        out: dict[str, Violation] = {}
        for v in sorted(self.violations, key=lambda v: v.seed):
            out.setdefault(v.invariant, v)
        return out

    def report(self) -> str:
        """One line per broken invariant: count, first seed and minute, and the message."""
        first = self.first()
        return "\n".join(
            f"{name}: {count} of {self.matches} matches; first seed {first[name].seed}, minute {first[name].minute}: {first[name].message}"
            for name, count in sorted(self.counts().items())
        )


def soak(edition: Edition, n: int, seed: int = 0, setup: MatchSetup = BASIC_SETUP, jobs: int = 1) -> SoakResult:
    """Play matches `seed` .. `seed + n - 1` set up as `setup` says, checking the
    invariants; a match that breaks one counts as a violation of that invariant. Any
    other rule fault is raised.

    With `jobs` > 1 and a `setup.source`, workers (forked with `edition` on Linux) play
    interleaved seeds; the result is the same for any number of jobs."""
    setup = attrs.evolve(setup, check_invariants=True)
    source = setup.source
    result = SoakResult()
    if jobs <= 1 or source is None or n < 2:
        parts: Iterator[list[Violation]] = iter([_play(edition, setup, seed, range(n))])
    else:
        ctx, handed = start_method(edition)
        pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_start_worker, initargs=(source, handed))
        try:
            futures = [pool.submit(_play_in_worker, setup, seed, range(k, n, jobs)) for k in range(jobs)]
            parts = iter([f.result() for f in futures])
        finally:
            pool.shutdown(wait=True)
    for part in parts:
        result.violations += part
    result.violations.sort(key=lambda v: v.seed)
    result.matches = n
    return result


@attrs.frozen
class Cell:
    """One rule set and agent pairing of an edition's soak, with its matches."""

    name: str
    n: int
    seed: int
    setup: MatchSetup

    def play(self, edition: Edition, jobs: int = 1, root: str | Path | None = None) -> SoakResult:
        """The cell's matches; with `jobs` > 1 on workers that load `edition.id` from `root`."""
        source = EditionSource.of(edition.id, [], root) if jobs > 1 else None
        return soak(edition, self.n, self.seed, attrs.evolve(self.setup, source=source), jobs)


SKILLS_A_SIDE = 4


def soak_cells(edition: Edition, n: int, seed: int = 0) -> list[Cell]:
    """The cells an edition is soaked in: its basic rules and, when it has any, every
    advanced rule with a few skills a side (drawn once from `seed`), each with random
    against random and coach against coach; n matches per rule set, half per pairing."""
    sets: list[tuple[str, tuple[str, ...], dict[str, list[str]] | None]] = [("basic", (), None)]
    advanced = tuple(edition.advanced_rules())
    if advanced:
        names = sorted(edition.skills)
        draw = random.Random(seed)
        skills = {t: draw.sample(names, min(SKILLS_A_SIDE, len(names))) for t in ("home", "away")} if names else None
        sets.append(("advanced", advanced, skills))
    half = (n + 1) // 2
    return [
        Cell(f"{label}, {a} v {a}", count, seed, MatchSetup.of((a, a), rules, skills))
        for label, rules, skills in sets
        for a, count in (("random", half), ("coach", n - half))
        if count > 0
    ]


def _play(edition: Edition, setup: MatchSetup, seed: int, indexes: range) -> list[Violation]:
    out = []
    for i in indexes:
        try:
            play(edition, setup, seed + i, record=False)
        except MatchFault as fault:
            if fault.invariant is None:
                raise
            out.append(Violation(fault.invariant, fault.seed, fault.minute, str(fault.to_error())))
    return out


def _start_worker(source: EditionSource, edition: Edition | None = None) -> None:
    if edition is not None:
        hand_over(source, edition)


def _play_in_worker(setup: MatchSetup, seed: int, indexes: range) -> list[Violation]:
    assert setup.source is not None  # soak sends work to workers only with one
    return _play(edition_for(setup.source), setup, seed, indexes)


__all__ = ["Cell", "SoakResult", "Violation", "soak", "soak_cells"]
