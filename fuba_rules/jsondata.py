"""The shape of JSON data, named once for every module that reads or writes it (the
caches, match logs, the web board's API, reports)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

Json: TypeAlias = "bool | int | float | str | Sequence[Json] | Mapping[str, Json] | None"
"""A JSON value, as `json.dumps` takes it and `json.loads` gives it (lists and dicts).
Read-only containers, so a `list[str]` or a `dict[str, int]` is one as it is."""

JsonObject: TypeAlias = "dict[str, Json]"
"""A JSON object being built or read: a view of the web board's API, a cache file."""
