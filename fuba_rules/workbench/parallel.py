"""Matches played on worker processes, so that compare, sweep, balance and ladder use
every core.

Inside `workers(jobs)`, a command splits its seeds into runs of consecutive seeds
(`split_runs`). Each run is played by a worker process, which keeps the edition for its
next runs: on Linux workers are forked when the first runs are handed out, with the
editions the parent has loaded by then; others load an edition again from its recipe
(`EditionSource`). The results come back
in seed order, so a command prints the same figures for any number of workers: match i
still uses its own seed, and the agents are seeded by seed and team.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

import attrs

from ..diagnostics import Diagnostic, FubaError
from ..edition import Edition
from ..lang.runtime import RuleFault
from ..sim.cluster import DaskAddress
from ..sim.setup import EditionSource
from ..sim.workers import FORK, edition_for, forget_editions, hand_over

R = TypeVar("R")  # what a run of seeds gives back (a sample, a pairing's counts)

RUNS_PER_WORKER = 4  # runs of seeds handed to each worker: a slow run delays the rest less


@attrs.define
class _Pool:
    executor: Executor  # a process pool, or a Dask client's executor
    jobs: int


_active: _Pool | None = None


@contextmanager
def workers(jobs: int, dask: DaskAddress | None = None) -> Iterator[None]:
    """Play the runs asked for inside this block on `jobs` worker processes (in this
    process, as before, for `jobs` 1), or on the Dask cluster at `dask` (a scheduler
    address): the same runs, so the same figures."""
    global _active
    if _active is not None or (jobs <= 1 and dask is None):
        yield
        return
    if dask is not None:
        with _dask_pool(dask) as pool:
            _active = pool
            try:
                yield
            finally:
                _active = None
        return
    ctx = multiprocessing.get_context("fork" if FORK else "spawn")
    _active = _Pool(ProcessPoolExecutor(jobs, mp_context=ctx), jobs)
    try:
        yield
    finally:
        pool, _active = _active, None
        pool.executor.shutdown(wait=True, cancel_futures=True)
        forget_editions()  # what forked workers were handed


@contextmanager
def _dask_pool(address: DaskAddress) -> Iterator[_Pool]:
    """A Dask client's executor in place of the process pool: workers load editions from
    their recipes, so they need the same files at the same paths (see sim.cluster)."""
    from ..sim.cluster import distributed_module

    distributed = distributed_module()
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as e:
        raise FubaError(Diagnostic(None, f"cannot reach the Dask scheduler at {address}: {e}")) from None
    try:
        size = max(len(client.scheduler_info().get("workers", {})), 1)
        yield _Pool(client.get_executor(pure=False), size)
    finally:
        client.close()


def can_split(source: EditionSource | None, seeds: Sequence[int]) -> bool:
    """Whether `split_runs` would use workers: inside `workers(jobs)`, with an edition a
    worker can load again, and more than one match."""
    return _active is not None and source is not None and len(seeds) >= 2


def split_runs(
    source: EditionSource, seeds: Sequence[int], play: Callable[..., R], *args: object, done: Callable[[int], None] | None = None, edition: Edition | None = None
) -> list[R]:
    """`play(edition, run, *args)` for runs of consecutive seeds on the workers; the
    results in seed order. `play` must be a module-level function (workers import it);
    `done(k)` is told as each run of k seeds is collected. A rule fault in a worker is
    raised here as the FubaError it gives in one process. `edition`, the loaded edition
    of `source`, is handed to workers forked from here on."""
    assert _active is not None
    if edition is not None and FORK:
        hand_over(source, edition)
    seeds = list(seeds)
    size = max(1, -(-len(seeds) // (_active.jobs * RUNS_PER_WORKER)))
    runs = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    futures = [_active.executor.submit(_in_worker, source, play, run, args) for run in runs]
    return _collect(futures, [len(run) for run in runs], done)


def play_each(tasks: Sequence[tuple[EditionSource, Sequence[int]]], play: Callable[..., R], *args: object, done: Callable[[int], None] | None = None) -> list[R]:
    """`play(edition, seeds, *args)` for each (source, seeds), one task each on the
    workers, all in flight at once: many variants of the rules played side by side (each
    loaded once, by the worker that plays it). The results in task order; `done(k)` as
    each task of k seeds is collected."""
    assert _active is not None
    futures = [_active.executor.submit(_in_worker, source, play, list(seeds), args) for source, seeds in tasks]
    return _collect(futures, [len(seeds) for _, seeds in tasks], done)


def _collect(futures: Sequence[Future[R | _Fault]], sizes: Sequence[int], done: Callable[[int], None] | None) -> list[R]:
    """The futures' results in order; a worker's fault raised as the FubaError it is."""
    out: list[R] = []
    for size, future in zip(sizes, futures, strict=True):
        result = future.result()
        if isinstance(result, _Fault):
            raise FubaError(result.diagnostics)
        out.append(result)
        if done:
            done(size)
    return out


def active() -> bool:
    """Whether matches asked for now go to workers (inside `workers(jobs)` with jobs > 1)."""
    return _active is not None


@attrs.frozen
class _Fault:
    """A worker's FubaError, sent back as data (the exception itself does not pickle)."""

    diagnostics: list[Diagnostic]


def _in_worker(source: EditionSource, play: Callable[..., R], seeds: list[int], args: tuple[object, ...]) -> R | _Fault:
    try:
        return play(edition_for(source), seeds, *args)
    except RuleFault as e:
        return _Fault(list(e.to_error().diagnostics))
    except FubaError as e:
        return _Fault(list(e.diagnostics))
