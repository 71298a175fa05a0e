"""`fuba lsp` survives bad frames and answers every request (issue 38, item 10).

An editor, a plugin or a proxy can send a frame with a bad `Content-Length` or a body
that is not JSON. The server answers it with the JSON-RPC error for it and goes on
reading: the next request is answered as usual. A request whose params do not fit the
protocol is answered with "Invalid params" and its id; a question about a file that was
never opened is answered with nothing found; no error reply carries a Python traceback.
These tests speak raw frames to `python -m fuba_rules lsp`.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lsprotocol import types

from fuba_rules.lsp import framing
from fuba_rules.lsp.framing import FubaProtocol

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
WAIT = 120  # seconds before a missing answer fails the test (a loaded machine)
HOVER = {"textDocument": {"uri": "file:///nowhere/never-opened.yaml"}, "position": {"line": 0, "character": 0}}


class Editor:
    """The client side of a `fuba lsp` process, writing whatever bytes a test asks."""

    def __init__(self):
        env = {**os.environ, "FUBA_EDITIONS": str(EDITIONS)}
        self.proc = subprocess.Popen([sys.executable, "-m", "fuba_rules", "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.buffer = b""

    def send(self, raw: bytes) -> None:
        self.proc.stdin.write(raw)
        self.proc.stdin.flush()

    def frame(self, message: dict | None = None, body: bytes | None = None) -> None:
        body = json.dumps(message).encode() if body is None else body
        self.send(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, msg_id: int, method: str, params: dict | None = None) -> None:
        self.frame({"jsonrpc": "2.0", "id": msg_id, "method": method, **({"params": params} if params is not None else {})})

    def answer(self, method: str | None = None) -> dict:
        """The next reply from the server (or, with `method`, the next such notification); others are skipped."""
        deadline = time.monotonic() + WAIT
        while True:
            while b"\r\n\r\n" in self.buffer:
                head, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = next(int(h.split(b":")[1]) for h in head.split(b"\r\n") if h.lower().startswith(b"content-length"))
                if len(rest) < length:
                    break
                self.buffer = rest[length:]
                message = json.loads(rest[:length])
                if message.get("method") == method:
                    return message
            ready, _, _ = select.select([self.proc.stdout], [], [], max(deadline - time.monotonic(), 0))
            assert ready, "the server answered nothing"
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            assert chunk, "the server stopped"
            self.buffer += chunk

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.fixture
def editor():
    e = Editor()
    e.request(1, "initialize", {"capabilities": {}})
    assert e.answer()["id"] == 1
    e.frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    yield e
    e.close()


def test_a_bad_content_length_is_answered_and_the_next_request_too(editor):
    editor.send(b"Content-Length: abc\r\n\r\n{}")
    assert editor.answer() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error: bad Content-Length 'abc'; reading on at the next frame"}}
    editor.send(b"Content-Length: -5\r\n\r\n{}")
    assert editor.answer()["error"]["code"] == -32700
    editor.request(2, "textDocument/hover", HOVER)
    assert editor.answer() == {"jsonrpc": "2.0", "id": 2, "result": None}


def test_a_body_that_is_not_json_is_answered_and_the_server_goes_on(editor):
    editor.frame(body=b"not json at all")
    assert editor.answer()["error"] == {"code": -32700, "message": "Parse error: the frame's body is not JSON"}
    editor.frame(body=b"[" * 100_000)
    assert editor.answer()["error"]["code"] == -32700
    editor.frame(body=b'[{"jsonrpc": "2.0"}]')
    assert editor.answer()["error"]["code"] == -32600
    editor.request(3, "textDocument/hover", HOVER)
    assert editor.answer()["id"] == 3


def test_a_frame_cut_short_by_the_next_header_does_not_cost_the_next_request(editor):
    editor.send(b"Content-Length: 200\r\n{\"jsonrpc\"")  # the blank line and most of the body never came
    editor.request(10, "textDocument/hover", HOVER)
    assert editor.answer() == {"jsonrpc": "2.0", "id": 10, "result": None}


def test_garbage_between_frames_is_skipped_to_the_next_frame(editor):
    editor.send(b"\x00\xff garbage line\r\nmore garbage with no end")
    editor.request(4, "textDocument/hover", HOVER)
    assert editor.answer() == {"jsonrpc": "2.0", "id": 4, "result": None}


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}}),  # no position
        ("textDocument/completion", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": -1, "character": 0}}),
        ("textDocument/definition", {"position": "here"}),
        ("textDocument/hover", None),
    ],
)
def test_a_request_whose_params_do_not_fit_is_answered_invalid_params(editor, method, params):
    editor.request(5, method, params)
    reply = editor.answer()
    assert reply["id"] == 5
    assert reply["error"] == {"code": -32602, "message": f"Invalid params for {method}: they do not fit the protocol's types"}


@pytest.mark.parametrize(
    ("method", "result"),
    [
        ("textDocument/hover", None),
        ("textDocument/definition", None),
        ("textDocument/completion", {"isIncomplete": False, "items": []}),
    ],
)
def test_a_question_about_a_file_never_opened_finds_nothing_and_reads_no_disk(editor, method, result):
    for uri in ("file:///nowhere/never-opened.yaml", "untitled:Untitled-1"):
        editor.request(6, method, {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 2}})
        assert editor.answer() == {"jsonrpc": "2.0", "id": 6, "result": result}


def test_an_unknown_method_and_a_request_after_shutdown_are_answered(editor):
    editor.request(7, "fuba/nothing", {})
    assert editor.answer()["error"]["code"] == -32601
    editor.request(8, "shutdown")
    assert editor.answer() == {"jsonrpc": "2.0", "id": 8, "result": None}
    editor.request(9, "textDocument/hover", HOVER)
    assert editor.answer() == {"jsonrpc": "2.0", "id": 9, "error": {"code": -32600, "message": "Invalid request: the server is shutting down"}}


def test_a_notification_that_fails_is_reported_in_words_and_the_server_goes_on(editor):
    change = {"textDocument": {"uri": "file:///nowhere/never-opened.yaml", "version": 2}, "contentChanges": [{"text": "a"}]}
    editor.frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change})
    shown = editor.answer("window/showMessage")["params"]
    assert shown == {"type": 1, "message": "fuba: a notification could not be handled (KeyError); the server goes on"}
    editor.request(11, "textDocument/hover", HOVER)
    assert editor.answer()["id"] == 11


def test_an_internal_error_is_answered_in_words_without_a_traceback():
    sent = []
    protocol = FubaProtocol.__new__(FubaProtocol)
    protocol._send_data = sent.append  # what would be written to the editor
    protocol._result_types = {}
    error = types.ResponseError(-32603, "FileNotFoundError: [Errno 2] No such file or directory: '/x'", {"traceback": ['  File "x.py", line 1\n']})
    protocol._send_response(10, error=error)
    assert sent[0].error.message == "fuba: internal error (FileNotFoundError); run `fuba check` with FUBA_DEBUG=1 on the file to see where"
    assert sent[0].error.data is None


def test_the_frame_caps_are_stated_in_docs_limits():
    page = (Path(__file__).resolve().parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    for name in ("MAX_FRAME_BYTES", "MAX_LINE"):
        assert f"| `{name}` | {getattr(framing, name):,} bytes |" in page
