"""The web board's fixtures: one Library (editions compiled once), and a live server.

The live server runs uvicorn in a thread on 127.0.0.1 and a free port, and is always
stopped at the end of the session.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest

from fuba_rules.web.app import Library, create_app
from fuba_rules.web.gate import Served
from fuba_rules.web.offered import LogFolder

from webkit import ALL, EDITIONS, board_client


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


CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless (never `playwright install`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser, server, request):
    """The board, loaded and ready, at the test module's VIEWPORT (default 1500x950); no page error allowed."""
    page = browser.new_page(viewport=getattr(request.module, "VIEWPORT", {"width": 1500, "height": 950}))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    yield page
    page.close()
    assert not errors, errors
