"""A request's JSON body, read within the caps: size before anything is kept, then nesting.

A body larger than `MAX_BODY_BYTES` is refused from its Content-Length, or as soon as
the bytes streamed in pass the cap, so it is never held whole. JSON nested deeper than
`MAX_JSON_DEPTH` is refused too (the API needs three levels), so nothing later walks a
deep value. Each refusal is a `Refused` with the HTTP status and a message for a person.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..sim.matchlog import _depth as depth  # how deep JSON nests, without recursion (exact past our cap)
from .limits import MAX_BODY_BYTES, MAX_JSON_DEPTH

if TYPE_CHECKING:
    from starlette.requests import Request


class Refused(Exception):
    """A request the board will not serve: the HTTP status and why, in plain words."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


async def json_body(request: Request) -> dict:
    """The request's body as a JSON object, or `Refused` (415, 413 or 400)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, f"send the request as JSON (Content-Type: application/json), not {kind or 'no type'!r}")
    too_large = Refused(413, f"the request body is larger than {MAX_BODY_BYTES} bytes (the board's limit; a match log is about 0.5 MB)")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise too_large if declared.isdigit() else Refused(400, "the Content-Length header is not a number")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise too_large
        chunks.append(chunk)
    return parse(b"".join(chunks))


def parse(raw: bytes) -> dict:
    """`raw` as a JSON object nested at most `MAX_JSON_DEPTH` deep."""
    deep = Refused(400, f"the request body nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        data = json.loads(raw)
    except RecursionError:
        raise deep from None
    except json.JSONDecodeError as e:
        raise Refused(400, f"the request body is not JSON (line {e.lineno}, column {e.colno})") from None
    except ValueError:  # not UTF-8, or a number too long for Python to read
        raise Refused(400, "the request body is not JSON text") from None
    if depth(data) > MAX_JSON_DEPTH:
        raise deep
    if not isinstance(data, dict):
        raise Refused(400, "the request body must be a JSON object")
    return data

