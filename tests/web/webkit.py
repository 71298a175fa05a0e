"""What the web board's tests share: the editions folder and the three editions."""

import warnings
from pathlib import Path

from fuba_rules.web.app import Library, create_app

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
ALL = ("2024-draft", "world-cup-2015", "2.0")


def board_client(library: Library):
    """Starlette's TestClient for the board serving `library`."""
    with warnings.catch_warnings():  # Starlette >= 1.10 nudges towards httpx2; httpx still works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        return TestClient(create_app(library))
