"""Every edition and rule set played with its invariants checked: how many matches break
each one, and the first seed that replays it (`fuba simulate EDITION --seed S -n 1
--check-invariants` shows the step). Issue 36 asks for 0 over 10,000 matches per edition
and rule set.

    python bench/invariants.py                  # 10,000 matches per edition, rule set and pairing
    python bench/invariants.py -n 200 -j 2      # a short run on two workers
    python bench/invariants.py --only 2.0       # one edition

Each cell plays random against random and coach against coach (half the matches each),
and with every advanced rule each team has skills of its own (tests/editions/
test_invariants_soak.py plays the same cells, fewer matches, in CI). Exit 1 when any
invariant broke.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.sim.soak import soak_cells  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=10_000, help="matches per edition and rule set (default 10,000)")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", action="append", help="an edition (repeat for more); default every edition")
    args = ap.parse_args()
    broken = 0
    for edition in args.only or ["2024-draft", "world-cup-2015", "2.0"]:
        ed = load_edition(edition, root=ROOT / "editions")
        for cell in soak_cells(ed, args.n, args.seed):
            start = time.perf_counter()
            result = cell.play(ed, jobs=args.jobs, root=ROOT / "editions")
            took = time.perf_counter() - start
            print(f"{edition} {cell.name}: {result.matches} matches, {len(result.violations)} broke an invariant ({took:.0f} s)")
            if result.violations:
                print("  " + result.report().replace("\n", "\n  "))
            broken += len(result.violations)
            sys.stdout.flush()
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
