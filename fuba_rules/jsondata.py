"""The shape of JSON data, named once for every module that reads or writes it (the
caches, match logs, the web board's API, reports)."""

from __future__ import annotations

from typing import TypeAlias

Json: TypeAlias = "bool | int | float | str | list[Json] | dict[str, Json] | None"
"""A JSON value as `json.loads` gives it and `json.dumps` takes it."""

JsonObject: TypeAlias = "dict[str, Json]"
"""A JSON object: a match log's event, a request's body, a cache file."""
