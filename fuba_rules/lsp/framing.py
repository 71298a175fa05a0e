"""Reading LSP frames so that no bad frame silences the server, and every request is answered.

pygls' reader trusts its input: a `Content-Length` that is not a number is skipped, and
as a frame's body has no line break after it, the next frame's header is then glued to
that body and never matched again: the server hears nothing more. A request whose
params do not fit the protocol is logged and dropped, never answered. Here instead:

- a header is looked for at the end of each line, so the next good frame is found right
  after any garbage (the body of a frame that could not be read);
- a bad frame (a length that is not a number or is past `MAX_FRAME_BYTES`, a body that is
  not JSON or not a JSON-RPC message) is answered with the JSON-RPC error for it and
  `id: null`, and reading goes on;
- a request whose params do not fit gets "Invalid params" with its id;
- an error reply never carries a Python traceback (`FubaProtocol`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from typing import BinaryIO

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol

logger = logging.getLogger(__name__)

MAX_FRAME_BYTES = 64 * 1024 * 1024
"""Largest frame body read; an edition file is at most 4 MB (MAX_FILE_BYTES)."""
MAX_LINE = 64 * 1024
"""A header line is read in pieces of at most this many bytes (a glued body may be long)."""
_HEADER = re.compile(rb"content-length:[ \t]*(\S*)[ \t]*\r?\n\Z", re.IGNORECASE)
_TAIL = 64  # bytes of an unfinished piece kept, so a header split between pieces is still found

PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602


class FubaProtocol(LanguageServerProtocol):
    """pygls' protocol whose error replies say what failed in words, without a traceback."""

    def _send_response(self, msg_id: int | str, result: object = None, error: types.ResponseError | None = None) -> None:
        if error is not None and isinstance(error.data, dict) and "traceback" in error.data:
            kind = error.message.split(":", 1)[0].strip() or "error"
            error = types.ResponseError(error.code, f"fuba: internal error ({kind}); run `fuba check` with FUBA_DEBUG=1 on the file to see where")
        super()._send_response(msg_id, result, error)

    def reply_error(self, msg_id: int | str | None, code: int, message: str) -> None:
        """Answer a message (or, with `msg_id` None, a frame that has none) with an error."""
        self._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}})

    def take(self, body: bytes) -> None:
        """Handle one frame's body: a message, or the error reply for what it is instead."""
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):
            self.reply_error(None, PARSE_ERROR, "Parse error: the frame's body is not JSON")
            return
        if not isinstance(data, dict) or data.get("jsonrpc") != "2.0":
            self.reply_error(None, INVALID_REQUEST, 'Invalid request: a message is a JSON object with "jsonrpc": "2.0"')
            return
        msg_id = data.get("id")
        if not (msg_id is None or isinstance(msg_id, (int, str))) or isinstance(msg_id, bool):
            self.reply_error(None, INVALID_REQUEST, "Invalid request: an id is a number or a text")
            return
        if self._shutdown and msg_id is not None and isinstance(data.get("method"), str) and data["method"] != types.EXIT:
            self.reply_error(msg_id, INVALID_REQUEST, "Invalid request: the server is shutting down")
            return
        try:
            message = self.structure_message(data)
        except Exception:  # noqa: BLE001 - params that do not fit the method's types
            if msg_id is not None and isinstance(data.get("method"), str):
                self.reply_error(msg_id, INVALID_PARAMS, f"Invalid params for {data['method'][:100]}: they do not fit the protocol's types")
            else:
                logger.warning("a notification or response that does not fit the protocol was dropped")
            return
        self.handle_message(message)


async def run(stop: threading.Event, stdin: BinaryIO, protocol: FubaProtocol) -> None:
    """Read frames from `stdin` and hand each to `protocol` until the input ends or `stop` is set."""
    loop = asyncio.get_running_loop()
    length: int | None = None  # the frame's length, once its header was read
    tail = b""
    while not stop.is_set():
        piece = await loop.run_in_executor(None, stdin.readline, MAX_LINE)
        if not piece:
            break
        line = tail + piece
        tail = b"" if piece.endswith(b"\n") else line[-_TAIL:]
        if (m := _HEADER.search(line)) is not None:  # the latest header wins: a frame cut short is dropped
            value = m.group(1)
            length = int(value) if value.isdigit() and int(value) <= MAX_FRAME_BYTES else None
            if length is None:
                protocol.reply_error(None, PARSE_ERROR, f"Parse error: bad Content-Length {value[:20].decode('latin-1')!r}; reading on at the next frame")
            continue
        if length is None or piece.strip():
            continue  # garbage before a header, or another header (Content-Type)
        body = await loop.run_in_executor(None, stdin.read, length)
        if len(body) < length:
            break
        length = None
        protocol.take(body)
