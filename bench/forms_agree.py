"""The plain and the step-by-step form agree on every decision of many whole matches.

    python bench/forms_agree.py               # 20 full-length matches per edition, rule set and agent
    python bench/forms_agree.py -n 100
    python bench/forms_agree.py -n 3 --short  # what CI's count looks like, a little larger

Runs tests/test_forms_agree.py (the specification) with a larger count: every edition,
basic and with every advanced rule and skill, and the mods, with random and coach
agents; each match played by `MatchState.run` and by `Match.options()/choose()`,
compared decision by decision, then event by event.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=20, help="seeds per edition, rule set and agent")
    ap.add_argument("--short", action="store_true", help="three minutes a half, as CI plays")
    args = ap.parse_args()
    env = {**os.environ, "FUBA_FORMS_SEEDS": str(args.n), "FUBA_FORMS_FULL": "0" if args.short else "1"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    test = ROOT / "tests" / "test_forms_agree.py"
    return subprocess.run([sys.executable, "-m", "pytest", str(test), "-q", "-p", "no:cacheprovider"], env=env, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
