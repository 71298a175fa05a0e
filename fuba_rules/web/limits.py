"""The web board's caps, in one place (docs/limits.md, "The web board", explains each).

`fuba serve` answers requests from a browser, and a page on any site can make the
browser send some; so every request is bounded: its body, its JSON, the files it may
name, the engine work it starts, and how long that work may keep a worker thread.
"""

from __future__ import annotations

MAX_BODY_BYTES = 16 * 1024 * 1024
"""Largest request body; a log of one match is about 0.5 MB."""
MAX_JSON_DEPTH = 16
"""Deepest nesting of lists and objects in a request body (the API needs 3)."""
MAX_LOG_BYTES = MAX_BODY_BYTES
"""Largest log read from the folder `fuba serve --logs DIR` offers."""
MAX_CONNECTIONS = 100
"""Connections served at once (uvicorn's `limit_concurrency`); more get 503 at once."""
MAX_GAMES = 64
"""Games kept in memory; the oldest is dropped first."""
MAX_WORKERS = 2
"""Requests running the engine at once (re-running a match, loading an edition)."""
MAX_WAITING = 16
"""Requests waiting for a worker; more are refused at once with 503, so a flood never builds a queue."""
WORK_SECONDS = 60.0
"""Time one request may keep a worker; past it the run stops at the next decision."""
MAX_SEARCH_PLAYOUTS = 50
"""Largest `search:N` the board runs (its default, `search`, is 50)."""
MAX_SEARCH_SECONDS = 1.0
"""Largest `search:Ts` the board runs (seconds a decision)."""
