"""Matches per second and peak memory for one edition and agent pairing.

    python bench/bench_match.py                      # 2024-draft, coach vs coach, 200 matches
    python bench/bench_match.py --edition 2024-draft --agents random random -n 500

Speed is quoted as a median over repeats, never asserted by a test.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.sim.play import play_match  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--edition", default="2024-draft")
    p.add_argument("--agents", nargs=2, default=["coach", "coach"])
    p.add_argument("-n", type=int, default=200, help="matches per repeat")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--with", dest="rules", default="", help="advanced rules, e.g. A1,A6")
    a = p.parse_args()
    t0 = time.perf_counter()
    ed = load_edition(a.edition, root=ROOT / "editions")
    load_s = time.perf_counter() - t0
    rules = [r for r in a.rules.split(",") if r]
    rates = []
    for rep in range(a.repeats):
        start = time.perf_counter()
        for i in range(a.n):
            play_match(ed, rep * a.n + i, tuple(a.agents), rules, record=False)
        rates.append(a.n / (time.perf_counter() - start))
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"edition {a.edition}, {a.agents[0]} vs {a.agents[1]}, {a.n} matches x {a.repeats} repeats")
    print(f"load and compile: {load_s * 1000:.0f} ms")
    print(f"matches per second: median {statistics.median(rates):.1f} (min {min(rates):.1f}, max {max(rates):.1f})")
    print(f"peak memory: {peak_mib:.0f} MiB")


if __name__ == "__main__":
    main()
