"""A fixed pure-Python loop: the ruler against which engine speed is quoted.

The machine is shared and noisy, so absolute figures from different runs cannot be
compared. The engine's speed divided by this loop's speed, both measured in the same
run, can: `baseline.json` keeps that ratio for the engine as it was before issue 8.
Never change this loop, or the saved ratios lose their meaning.
"""

from __future__ import annotations

import time


def _turn(state: dict, k: int) -> int:
    # the shape of an engine step: options, a score per option, a die, a state write
    options = [a for a in ("left", "centre", "right", "wing") if a != state["ball"]]
    scores = [len(o) * k % 7 for o in options]
    best = options[scores.index(max(scores))]
    die = (k * 7 + 3) % 6 + 1
    state["ball"] = best if die > 2 else state["ball"]
    state["clock"] = state.get("clock", 0) + 1
    return die


def yardstick_loops(seconds: float = 0.3) -> float:
    """Loops of `_turn` per CPU-second, over about `seconds` of CPU time."""
    state: dict = {"ball": "centre"}
    n = 0
    start = time.process_time()
    while True:
        for k in range(2000):
            _turn(state, k)
        n += 2000
        spent = time.process_time() - start
        if spent >= seconds:
            return n / spent
