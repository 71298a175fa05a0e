"""What the web board's tests share: the editions folder and the three editions."""

import warnings
from pathlib import Path

from fuba_rules.web.app import Library, create_app
from fuba_rules.web.gate import Served

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
ALL = ("2024-draft", "world-cup-2015", "2.0")
SERVED = Served("127.0.0.1", 8765)
"""The address the test client's requests name (`Host: 127.0.0.1:8765`), as if served there."""


def board_client(library: Library, workers=None):
    """Starlette's TestClient for the board serving `library` at `SERVED`."""
    with warnings.catch_warnings():  # Starlette >= 1.10 nudges towards httpx2; httpx still works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        return TestClient(create_app(library, SERVED, workers), base_url=SERVED.url.rstrip("/"))


def settle(page) -> None:
    """Wait until the page's work is done, and check it showed no error."""
    page.wait_for_function("!document.body.classList.contains('busy')", timeout=120_000)
    assert page.inner_text("#error") == ""
