"""The web board's fixtures: one Library (editions compiled once), and a live server.

The live server runs uvicorn in a thread on 127.0.0.1 and a free port, and is always
stopped at the end of the session.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest
from webkit import ALL, EDITIONS, board_client

from fuba_rules.web.app import Library, create_app
from fuba_rules.web.gate import Served
from fuba_rules.web.offered import LogFolder


@pytest.fixture(scope="session")
def library() -> Library:
    lib = Library(EDITIONS, "2024-draft")
    for edition in ALL:
        lib.get(edition)
    return lib


@pytest.fixture(scope="session")
def client(library):
    with board_client(library) as c:
        yield c


@pytest.fixture
def offered(library, tmp_path, monkeypatch):
    """A folder the board offers logs from, as `fuba serve --logs DIR` (for this test only)."""
    folder = tmp_path / "logs"
    folder.mkdir()
    monkeypatch.setattr(library, "logs", LogFolder(folder))
    return folder


@pytest.fixture(scope="session")
def server(library):
    """The board's address, served by uvicorn in a thread for the whole session."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(library, Served("127.0.0.1", port)), log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
        sock.close()
