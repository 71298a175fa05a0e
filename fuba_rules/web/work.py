"""Engine work for requests, bounded: few workers, a short queue, a time budget, capped agents.

Re-running a match from its kick-off (a replay, each move of a game) takes seconds, and a
search agent many more. So the engine runs in at most `MAX_WORKERS` threads; at most
`MAX_WAITING` requests wait for one, and the next is refused at once (503) instead of
joining a queue that would keep every other client waiting. A run that passes
`WORK_SECONDS` stops at the next decision (`Overrun`), which frees its worker. And the
search budgets a request or a log may ask for are capped, so one decision is bounded too.
The pages, the edition list and a game's view never wait for a worker.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from .intake import Refused
from .limits import MAX_SEARCH_PLAYOUTS, MAX_SEARCH_SECONDS, MAX_WAITING, MAX_WORKERS, WORK_SECONDS

T = TypeVar("T")
_deadline = threading.local()


class Overrun(BaseException):
    """A run went past its time budget. A BaseException, so that the engine, which turns
    an agent's exceptions into rule faults, lets it through, like an interrupt."""


def check() -> None:
    """Stop this thread's run when it is past its deadline (called at each decision)."""
    end = getattr(_deadline, "end", None)
    if end is not None and time.monotonic() >= end:
        raise Overrun


class Workers:
    """The threads that run the engine for requests, and the count of those waiting."""

    def __init__(self, workers: int = MAX_WORKERS, waiting: int = MAX_WAITING, seconds: float = WORK_SECONDS):
        import anyio

        self.limiter = anyio.CapacityLimiter(workers)
        self.most, self.seconds = workers + waiting, seconds
        self.count = 0  # requests running or waiting; only the event loop changes it

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        """`fn(*args)` in a worker within the time budget, or `Refused` (503) when too many wait."""
        import anyio.to_thread

        if self.count >= self.most:
            raise Refused(503, f"the board is busy: {self.count} requests are running or waiting; try again in a moment")
        self.count += 1
        try:
            return await anyio.to_thread.run_sync(self._timed, fn, args, limiter=self.limiter)
        finally:
            self.count -= 1

    def _timed(self, fn: Callable[..., T], args: tuple[object, ...]) -> T:
        _deadline.end = time.monotonic() + self.seconds
        try:
            return fn(*args)
        finally:
            _deadline.end = None


def agent_spec(spec: object) -> str:
    """`spec` when it names an agent the board will run: a search budget is at most
    `search:MAX_SEARCH_PLAYOUTS` or `search:MAX_SEARCH_SECONDSs` a decision."""
    spec = str(spec)
    name, _, budget = spec.partition(":")
    if name == "search" and budget:
        from ..agents.search import Budget

        b = Budget.parse(budget)  # a ValueError names the syntax
        if b.playouts > MAX_SEARCH_PLAYOUTS or b.seconds > MAX_SEARCH_SECONDS:
            raise ValueError(f"agent {spec!r} thinks longer than the board allows: at most search:{MAX_SEARCH_PLAYOUTS} "
                             f"or search:{MAX_SEARCH_SECONDS:g}s a decision (`fuba simulate` runs any budget)")
    return spec
