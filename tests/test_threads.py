"""The web board plays matches of one loaded edition in threads (Starlette's thread
pool). Rules are written and compiled when first called, and fixed board answers bind
to the newest match, so those steps must be safe when matches start and run side by
side: every match still plays exactly as it does alone."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from fuba_rules.edition import load_edition
from fuba_rules.sim.play import play_match

ROOT = Path(__file__).resolve().parents[1] / "editions"


def _log(ed, seed: int) -> list:
    return play_match(ed, seed, ("coach", "coach"), record=True).events


def test_matches_of_one_edition_played_in_threads_play_as_alone() -> None:
    alone = {seed: _log(load_edition("2024-draft", root=ROOT), seed) for seed in (5, 6)}
    old = sys.getswitchinterval()
    for _ in range(4):  # a fresh edition each time: nothing written yet
        ed = load_edition("2024-draft", root=ROOT)
        seeds = [5, 6, 5, 6]
        logs: list = [None] * len(seeds)

        def play(i: int, ed=ed, seeds=seeds, logs=logs) -> None:
            try:
                logs[i] = _log(ed, seeds[i])
            except Exception as e:  # noqa: BLE001 - the assertion below shows it
                logs[i] = repr(e)

        threads = [threading.Thread(target=play, args=(i,)) for i in range(len(seeds))]
        sys.setswitchinterval(1e-6)  # switch threads as often as possible
        try:
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        finally:
            sys.setswitchinterval(old)
        for seed, log in zip(seeds, logs):
            assert log == alone[seed], log if isinstance(log, str) else f"seed {seed} played differently in a thread"
