"""The full-size known-answer run of `fuba calibrate` (issue 41).

    python bench/bench_calibrate.py                    # 2,000 matches of search on every core
    python bench/bench_calibrate.py --budget 1000 -j 2 --report calibrate.html

A draft takes one off the 2024 draft's distance modifier (4.8). The targets are the goals
per match and the turns per half the 2024 draft itself plays, measured on seeds of their
own; calibrate varies the distance modifier's shift over -3..+3 and the half length over
30..50 minutes (3.1), and must find +1 and 45 (the 2024 draft) inside the ranges it
reports. Then the written mod is simulated on fresh seeds again, and each target metric
must fall in the interval calibrate printed. Prints the wall time of each step; nothing
here is asserted by a test.
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
HALF = "constants.half_length"
METRICS = ("goals_per_match", "turns_per_half")
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
        base_sample = play_sample(load_side(SideSpec.parse("2024-draft"), ROOT / "editions"), range(TARGET_SEED, TARGET_SEED + args.confirm))
        targets = {k: round(sum(base_sample.values[k]) / args.confirm, 3) for k in METRICS}
        print(f"targets: the 2024 draft plays {targets} ({args.confirm} matches, {time.perf_counter() - start:.0f} s)")
        tuned = Path(tmp) / "tuned.yaml"
        start = time.perf_counter()
        report = ["--report", str(args.report.resolve())] if args.report else []
        out = json.loads(fuba("calibrate", f"2024-draft+{draft}", "--vary", f"{PATH}=-3..+3", "--vary", f"{HALF}=30..50",
                              *(a for k, v in targets.items() for a in ("--target", f"{k}={v}")),
                              "-n", str(args.n), "--budget", str(args.budget), "--confirm", str(args.confirm), "--json", "-o", str(tuned), *jobs, *report))
        took = time.perf_counter() - start
        print(f"calibrate: {out['trials_played']} trials x {args.n} matches + {args.confirm} to confirm in {took:.0f} s "
              f"({(out['trials_played'] * args.n + args.confirm) / took:.1f} matches/s)")
        best = min(out["trials"], key=lambda t: t["loss"])["values"]
        for path, known in ((PATH, 1), (HALF, 45)):
            low, high = out["consistent"][path]
            print(f"  {path}: chosen {best[path]}, range {low}..{high}: the known answer {known} is {'inside' if low <= known <= high else 'OUTSIDE'}")
        start = time.perf_counter()
        sim = json.loads(fuba("simulate", "2024-draft", "--mod", str(draft), "--mod", str(tuned), "-n", str(args.confirm),
                              "--seed", str(CHECK_SEED), "--json", *jobs))
        print(f"written mod on {args.confirm} fresh matches ({time.perf_counter() - start:.0f} s):")
        for k, v in targets.items():
            confirm = out["confirmation"]["targets"][f"{k}={v:g}"]
            lo, hi = confirm["ci95"]
            mean = sim["metrics"][k]["mean"]
            print(f"  {k}: target {v}, calibrate printed {confirm['mean']} [{lo}, {hi}]; simulate {mean:.3f}: {'inside' if lo <= mean <= hi else 'OUTSIDE'}")

if __name__ == "__main__":
    main()
