"""Matches played in other processes: each worker loads the edition once, then plays
chunks of seeds and sends back compact outcomes.

The compiled edition holds closures, which do not pickle. On Linux a worker is forked
and so starts with the parent's loaded edition; elsewhere, and on Dask, a worker gets the
edition's `EditionSource` (id or path, mods, editions folder), in the chunk's
`MatchSetup`, and loads it itself. Dask workers use the same `play_chunk`.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.context import BaseContext

import attrs

from ..diagnostics import Diagnostic, FubaError
from ..edition import Edition
from .outcome import Outcome
from .play import MatchFault, play
from .setup import EditionSource, MatchSetup


@attrs.frozen
class Chunk:
    """Matches `start` .. `start + count - 1` of a batch (seeds from `seed`), set up as
    `setup` says; its `source` is how the worker loads the edition."""

    setup: MatchSetup
    start: int
    count: int
    seed: int

    @property
    def source(self) -> EditionSource:
        assert self.setup.source is not None, "a chunk sent to a worker says how to load its edition"
        return self.setup.source


@attrs.frozen
class LoadFailed:
    """A worker could not load the edition (the files changed since the batch started?)."""

    diagnostics: list[Diagnostic]


_editions: dict[EditionSource, Edition] = {}  # in a worker: the editions it has (simulate's and the workbench's)
_lock = threading.Lock()  # Dask may run chunks in threads of one process


def edition_for(source: EditionSource) -> Edition:
    """The worker's copy of the edition, loaded on first use."""
    with _lock:
        if source not in _editions:
            _editions[source] = source.load()
        return _editions[source]


def hand_over(source: EditionSource, edition: Edition) -> None:
    """Keep `edition` as the one loaded from `source`: a worker forked from here on
    starts with it instead of loading it again."""
    with _lock:
        _editions.setdefault(source, edition)


def forget_editions() -> None:
    """Drop the editions handed over (once the workers that needed them are gone)."""
    with _lock:
        _editions.clear()


def play_chunk(chunk: Chunk) -> list[Outcome | MatchFault | LoadFailed]:
    """Play a chunk's matches in order; stop at the first fault and send it back."""
    try:
        ed = edition_for(chunk.source)
    except FubaError as e:
        return [LoadFailed(e.diagnostics)]
    out: list[Outcome | MatchFault | LoadFailed] = []
    with _lock:
        for i in range(chunk.start, chunk.start + chunk.count):
            try:
                r = play(ed, chunk.setup, chunk.seed + i, record=False)
            except MatchFault as fault:
                out.append(fault)
                break
            out.append(Outcome.of(i, r))
    return out


def chunks(todo: Sequence[int], size: int) -> Iterator[tuple[int, int]]:
    """Runs of consecutive match indexes, at most `size` long: (start, count)."""
    i = 0
    while i < len(todo):
        start, count = todo[i], 1
        while count < size and i + count < len(todo) and todo[i + count] == start + count:
            count += 1
        yield start, count
        i += count


def _init_worker(source: EditionSource, edition: Edition | None = None) -> None:
    """Ctrl-C goes to the whole process group: only the parent handles it, and stops us.
    A forked worker is handed the parent's edition; a spawned one loads it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if edition is not None:
        hand_over(source, edition)
    edition_for(source)


FORK = sys.platform == "linux"  # fork is safe and fast here; macOS and Windows spawn


def start_method(edition: Edition | None) -> tuple[BaseContext, Edition | None]:
    """The multiprocessing context for workers, and the edition their initializer hands
    them besides the source (None: each loads its own). On Linux a worker is forked with the parent's loaded edition: it starts
    at once, instead of starting an interpreter, importing and loading the edition (about
    a third of a second per worker, a tenth of a 200-match run on two cores). Elsewhere,
    or without an edition, a fresh interpreter ("spawn") loads it from its source."""
    if edition is not None and FORK:
        return multiprocessing.get_context("fork"), edition
    return multiprocessing.get_context("spawn"), None


def run_in_processes(template: Chunk, todo: Sequence[int], jobs: int, size: int = 1, edition: Edition | None = None) -> Iterator[Outcome | MatchFault | LoadFailed]:
    """Yield outcomes as workers finish them, at most 2 chunks per worker in flight.
    `edition`, when given, is the loaded edition of `template.source` (see start_method).

    After a fault no chunk beyond it is started, but earlier chunks are finished, so the
    first fault in seed order is found as a single process would find it.
    """
    ctx, handed = start_method(edition)
    pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_init_worker, initargs=(template.source, handed))
    pending = chunks(todo, size)
    inflight: set[Future[list[Outcome | MatchFault | LoadFailed]]] = set()
    first_fault: int | None = None
    finished_all = False

    def submit() -> None:
        nxt = next(pending, None)
        if nxt is not None and (first_fault is None or nxt[0] < first_fault):
            inflight.add(pool.submit(play_chunk, attrs.evolve(template, start=nxt[0], count=nxt[1])))

    try:
        for _ in range(2 * jobs):
            submit()
        while inflight:
            finished, _ = wait(inflight, timeout=0.5, return_when=FIRST_COMPLETED)
            for f in finished:
                inflight.discard(f)
                for item in f.result():
                    if isinstance(item, MatchFault):
                        index = item.seed - template.seed
                        first_fault = index if first_fault is None else min(first_fault, index)
                    yield item
                submit()
        finished_all = True
    finally:
        if finished_all:  # nothing runs: an orderly shutdown leaves no pipe for exit to trip on
            pool.shutdown(wait=True)
        else:
            _stop(pool)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut the pool down now: an interrupted batch must not wait for running matches."""
    if hasattr(pool, "terminate_workers"):  # Python 3.14+
        pool.terminate_workers()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(timeout=5)


def default_jobs() -> int:
    return os.cpu_count() or 1
