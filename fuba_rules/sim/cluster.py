"""A batch on a Dask distributed cluster: the same chunks as worker processes, sent to
a scheduler. Every worker needs fuba-rules installed and the edition's files at the same
paths (a shared folder, or the same checkout on every machine)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

import attrs

from ..diagnostics import Diagnostic, FubaError
from .outcome import Outcome
from .play import MatchFault
from .workers import Chunk, LoadFailed, chunks, play_chunk

INSTALL = 'pip install "fuba-rules[cluster]"'

DaskAddress = Any
"""A scheduler address (tcp://10.0.0.5:8786) or a `distributed.Client` already connected:
distributed is an optional dependency, so its Client is not a type here."""


class ClusterLost(Exception):
    """The cluster stopped answering mid-run (the scheduler went away, the futures were
    cancelled): the matches it had finished are kept, the rest were not played."""


def distributed_module() -> ModuleType:
    """Dask distributed, or an error naming the extra that installs it."""
    try:
        import distributed
    except ImportError:
        raise FubaError(Diagnostic(None, f"--dask needs Dask distributed, which is not installed: {INSTALL}")) from None
    return distributed


def run_on_dask(address: DaskAddress, template: Chunk, todo: Sequence[int]) -> Iterator[Outcome | MatchFault | LoadFailed]:
    """Yield outcomes as the cluster finishes chunks. `address` is a scheduler address
    (e.g. tcp://10.0.0.5:8786) or a `distributed.Client` already connected."""
    distributed = distributed_module()
    own = not isinstance(address, distributed.Client)
    try:
        client = distributed.Client(address, timeout="10s") if own else address
    except (OSError, TimeoutError, ValueError) as e:
        raise FubaError(Diagnostic(None, f"cannot reach the Dask scheduler at {address}: {e}")) from None
    workers = max(len(client.scheduler_info().get("workers", {})), 1)
    size = max(1, min(50, len(todo) // (workers * 8)))
    futures = [
        client.submit(play_chunk, attrs.evolve(template, start=s, count=c), pure=False)
        for s, c in chunks(todo, size)
    ]
    try:
        for f in distributed.as_completed(futures):
            try:
                finished = f.result()
            except Exception as e:
                raise ClusterLost(f"{type(e).__name__}: {e}" if str(e) else type(e).__name__) from None
            yield from finished
    finally:
        with contextlib.suppress(Exception):  # a scheduler that is gone cannot be told
            client.cancel(futures)
            if own:
                client.close()
