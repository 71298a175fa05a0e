"""The full-size known-answer run of `fuba calibrate` (issue 41).

    python bench/bench_calibrate.py                    # 2,000 matches of search on every core
    python bench/bench_calibrate.py --budget 1000 -j 2 --report calibrate.html

A draft takes one off the 2024 draft's distance modifier (4.8). The target is the goals
per match the 2024 draft itself scores, measured on seeds of their own; calibrate varies
the distance modifier's shift over -3..+3 and must find +1 (the shift that undoes the
draft) inside the range it reports. Then the written mod is simulated on fresh seeds
again, and its goals per match must fall in the interval calibrate printed. Prints
the wall time of each step; nothing here is asserted by a test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.workbench.sample import SideSpec, load_side, play_sample  # noqa: E402
from fuba_rules.workbench.sweep import mod_text, parse_setting, resolved_data  # noqa: E402
from fuba_rules.workbench.vary import shift_formula  # noqa: E402

PATH = "modifiers.shot_distance.value"
TARGET_SEED = 2_000_000  # the target's own seeds, apart from the search's and the confirmation's
CHECK_SEED = 3_000_000  # the written mod's fresh seeds


def fuba(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-m", "fuba_rules", "--root", str(ROOT / "editions"), *argv], capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        sys.exit(f"fuba {' '.join(argv)}: exit {done.returncode}\n{done.stderr}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=int, default=2000)
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--confirm", type=int, default=400)
    parser.add_argument("-j", "--jobs", type=int)
    parser.add_argument("--report", type=Path)
    args = parser.parse_args()
    jobs = ["-j", str(args.jobs)] if args.jobs else []
    with tempfile.TemporaryDirectory() as tmp:
        base, data = resolved_data("2024-draft", [], ROOT / "editions")
        draft = Path(tmp) / "draft.yaml"
        draft.write_text(mod_text(base, data, [(parse_setting(f"{PATH}=0", data), shift_formula(data["modifiers"]["shot_distance"]["value"], -1))]))
        start = time.perf_counter()
        goals = play_sample(load_side(SideSpec.parse("2024-draft"), ROOT / "editions"), range(TARGET_SEED, TARGET_SEED + args.confirm)).values["goals_per_match"]
        target = round(sum(goals) / len(goals), 3)
        print(f"target: the 2024 draft scores {target} goals per match ({args.confirm} matches, {time.perf_counter() - start:.0f} s)")
        tuned = Path(tmp) / "tuned.yaml"
        start = time.perf_counter()
        report = ["--report", str(args.report.resolve())] if args.report else []
        out = json.loads(fuba("calibrate", f"2024-draft+{draft}", "--vary", f"{PATH}=-3..+3", "--target", f"goals_per_match={target}",
                              "-n", str(args.n), "--budget", str(args.budget), "--confirm", str(args.confirm), "--json", "-o", str(tuned), *jobs, *report))
        took = time.perf_counter() - start
        low, high = out["consistent"][PATH]
        confirm = out["confirmation"]["targets"][f"goals_per_match={target:g}"]
        chosen = next(t["values"][PATH] for t in out["trials"] if t["loss"] == min(u["loss"] for u in out["trials"]))
        print(f"calibrate: {out['trials_played']} trials x {args.n} matches + {args.confirm} to confirm in {took:.0f} s "
              f"({(out['trials_played'] * args.n + args.confirm) / took:.1f} matches/s)")
        print(f"  chosen shift {chosen}, range {low:+d}..{high:+d}: the known answer +1 is {'inside' if low <= 1 <= high else 'OUTSIDE'}")
        lo, hi = confirm["ci95"]
        print(f"  confirmation: {confirm['mean']} [{lo}, {hi}], off by {confirm['off_by']:+}")
        start = time.perf_counter()
        sim = json.loads(fuba("simulate", "2024-draft", "--mod", str(draft), "--mod", str(tuned), "-n", str(args.confirm),
                              "--seed", str(CHECK_SEED), "--json", *jobs))
        mean = sim["metrics"]["goals_per_match"]["mean"]
        print(f"written mod on fresh seeds: {mean:.3f} goals per match ({args.confirm} matches, {time.perf_counter() - start:.0f} s): "
              f"{'inside' if lo <= mean <= hi else 'OUTSIDE'} the printed interval")


if __name__ == "__main__":
    main()
