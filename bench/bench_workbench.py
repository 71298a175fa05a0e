"""CPU per match of the workbench beside `fuba simulate`, in the same run.

    python bench/bench_workbench.py                  # 2024-draft, coach vs coach, 40 matches each
    python bench/bench_workbench.py --edition 2.0 -n 100 --repeats 3

Issue 37 asks that compare, sweep and balance spend within 15% of simulate's CPU per
match (they once wrapped every agent in a recorder that left the engine's fast `pick`
path). Each line plays the same seeds in this process (`-j 1`): simulate through
`sim.batch.simulate`, compare and sweep through `play_sample` (what both play per side
and per grid point), balance's free baseline (the same matches, its strategic
decisions counted through the wrapper) and the whole of `run_balance` without skills or
matrices (each option forced: those are other matches, a forced formation plays
longer or shorter ones, so that row also measures the rules). CPU time is
`time.process_time`, the median of `--repeats`; the edition is loaded and tuned first.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.sim.batch import simulate  # noqa: E402
from fuba_rules.sim.setup import MatchSetup  # noqa: E402
from fuba_rules.tuning import tune  # noqa: E402
from fuba_rules.workbench.balance import run_balance, strategic_decisions  # noqa: E402
from fuba_rules.workbench.sample import SideSpec, load_side, play_sample  # noqa: E402


def cpu_per_match(play: Callable[[], int], repeats: int) -> float:
    """Median CPU seconds per match of `play` (which returns how many matches it played)."""
    runs = []
    for _ in range(repeats):
        start = time.process_time()
        matches = play()
        runs.append((time.process_time() - start) / matches)
    return statistics.median(runs)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--edition", default="2024-draft")
    p.add_argument("-n", type=int, default=40, help="matches per measurement (default 40)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--agents", default="coach,coach")
    a = p.parse_args()
    agents = tuple(a.agents.split(","))
    setup = MatchSetup.of(agents)
    side = load_side(SideSpec.parse(a.edition), ROOT / "editions")
    tune(side.edition)
    simulate(side.edition, 2, 0, setup)  # warm: the first matches fill caches
    seeds = range(a.n)

    def balance() -> int:
        b = run_balance(side, a.n, 0, setup, with_skills=False, matrix=False)
        return a.n * (1 + sum(len(c.options) for c in b.choices))

    rows = {
        "simulate": lambda: simulate(side.edition, a.n, 0, setup).matches,
        "compare/sweep (play_sample)": lambda: play_sample(side, seeds, setup).n,
        "balance, free baseline": lambda: play_sample(side, seeds, setup, watch=list(strategic_decisions(side))).n,
        "balance, forced options": balance,
    }
    print(f"{a.edition}, {agents[0]} vs {agents[1]}, {a.n} matches a measurement, median of {a.repeats}, CPU ms per match")
    base = None
    for name, play in rows.items():
        ms = cpu_per_match(play, a.repeats) * 1000
        base = base or ms
        print(f"  {name:<28} {ms:7.2f} ms  {ms / base:5.2f}x simulate")


if __name__ == "__main__":
    main()
