"""Complete seeded matches, guarded by snapshots, and determinism across processes."""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fuba_rules.sim.narrate import narrate
from fuba_rules.sim.play import play_match

ROOT = Path(__file__).resolve().parents[2]
TEAMS = {"home": "Blue", "away": "Yellow"}


@pytest.mark.parametrize("seed,agents", [(1, ("coach", "coach")), (2, ("random", "coach"))])
def test_seeded_match_log(draft2024, snapshot, seed, agents):
    """The narrated log of a whole match: any change to a rule that changes play shows here."""
    r = play_match(draft2024, seed, agents)
    assert "\n".join(narrate(r.events, TEAMS)) == snapshot


def _log_digest(tmp: Path, hashseed: str) -> str:
    out = tmp / f"m{hashseed}.jsonl"
    env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-m", "fuba_rules", "--root", str(ROOT / "editions"), "simulate", "2024-draft", "-n", "1", "--seed", "11", "--log", str(out)],
        check=True, env=env, capture_output=True,
    )
    return hashlib.sha256(out.read_bytes()).hexdigest()


def test_same_seed_same_log_bytes_in_any_process(tmp_path):
    """The same edition, seed and agents give the same log, byte for byte, in any process."""
    assert _log_digest(tmp_path, "1") == _log_digest(tmp_path, "4242")
