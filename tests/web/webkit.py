"""What the web board's tests share: the editions folder and the three editions."""

from pathlib import Path

EDITIONS = Path(__file__).resolve().parents[2] / "editions"
ALL = ("2024-draft", "world-cup-2015", "2.0")
