"""Samples played on worker processes, so that compare, sweep and balance use every core.

Inside `workers(jobs)`, `play_sample` splits its seeds into runs of consecutive seeds.
Each run is played by a worker process, which loads the side again from its recipe
(`SideSource`: the edition, its mods and the rules switched on) and keeps it for the next
run. The parts are merged back in seed order, so a sample is the same for any number of
workers: match i still uses its own seed, and the agents are seeded by seed and team.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import attrs

from ..diagnostics import Diagnostic, FubaError
from ..sim.workers import EditionSource

if TYPE_CHECKING:
    from .sample import Sample, Side

RUNS_PER_WORKER = 4  # runs of seeds handed to each worker: a slow run delays the rest less


@attrs.frozen
class SideSource:
    """How a worker loads a side again: what `load_side` ended up with."""

    edition: EditionSource
    rules: tuple[str, ...]
    label: str


@attrs.define
class _Pool:
    executor: ProcessPoolExecutor
    jobs: int


_active: _Pool | None = None


@contextmanager
def workers(jobs: int) -> Iterator[None]:
    """Play the samples asked for inside this block on `jobs` worker processes (one
    process, as before, for `jobs` 1)."""
    global _active
    if jobs <= 1 or _active is not None:
        yield
        return
    ctx = multiprocessing.get_context("spawn")  # a fresh interpreter: no inherited threads or locks
    _active = _Pool(ProcessPoolExecutor(jobs, mp_context=ctx), jobs)
    try:
        yield
    finally:
        pool, _active = _active, None
        pool.executor.shutdown(wait=True, cancel_futures=True)


def can_split(side: Side, seeds: Sequence[int]) -> bool:
    return _active is not None and side.source is not None and len(seeds) >= 2


def play_split(
    side: Side,
    seeds: Sequence[int],
    agents: tuple[str, str],
    skills: dict[str, list[str]] | None,
    force: dict[str, dict[str, str]] | None,
    sample: Sample,
    tick: Callable[[], None] | None,
) -> Sample:
    """`play_sample` on the active workers: runs of consecutive seeds, merged in order."""
    assert _active is not None and side.source is not None
    seeds = list(seeds)
    size = max(1, -(-len(seeds) // (_active.jobs * RUNS_PER_WORKER)))
    runs = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    futures = [_active.executor.submit(_play_run, side.source, run, agents, skills, force) for run in runs]
    for run, future in zip(runs, futures, strict=True):
        part = future.result()
        if isinstance(part, list):  # the diagnostics of a fault, sent as data
            raise FubaError(part)
        merge(sample, part)
        for _ in run:
            if tick:
                tick()
    return sample


def merge(sample: Sample, part: Sample) -> None:
    """Add `part` (the next seeds) to `sample`: values in seed order, counts summed."""
    for k, values in part.values.items():
        sample.values.setdefault(k, []).extend(values)
    for k, text in part.texts.items():
        sample.texts.setdefault(k, text)
    sample.scores.extend(part.scores)
    sample.choices.update(part.choices)
    sample.skills_used.update(part.skills_used)
    for label, by_team in part.offered.items():
        for team, sets in by_team.items():
            sample.offered.setdefault(label, {}).setdefault(team, set()).update(sets)


_sides: dict[SideSource, Side] = {}  # in a worker: the sides it has loaded


def _play_run(source: SideSource, seeds: list[int], agents: tuple[str, str], skills: Any, force: Any) -> Sample | list[Diagnostic]:
    from .sample import Side, play_sample

    try:
        side = _sides.get(source)
        if side is None:
            side = _sides[source] = Side(source.label, source.edition.load(), source.rules)
        return play_sample(side, seeds, agents, skills, force)
    except FubaError as e:
        return list(e.diagnostics)
