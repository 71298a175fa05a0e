"""Load time per edition, cold and warm, and the start-up of `fuba check`, `show`, `odds`.

    python bench/bench_load.py                          # every edition, median of 5 runs
    python bench/bench_load.py --only 2024-draft -r 9   # one edition, median of 9
    python bench/bench_load.py --source /tmp/old        # the same figures for another checkout

Each figure is the CPU time (user + system) of a fresh process, the interpreter's own
start-up included, as a user waits for it; the median of several runs, because the
machine may be shared. Columns:

- `off`: `load_edition` with the cache turned off (FUBA_CACHE=off): parse, check and
  compile everything; what a cold load cost before the load cache;
- `cold`: the first load into an empty cache folder (it also fills the cache);
- `warm`: `load_edition` again, nothing changed;
- `check`, `show`, `odds`: the commands, warm (`show --section modifiers`; `odds`
  runs the README's pressing example, on the 2024 draft only).

Python's own bytecode cache is allowed (PYTHONDONTWRITEBYTECODE is dropped), as on a
user's machine (the first run fills it; the median leaves that run out).
`--source DIR` puts DIR first on PYTHONPATH, so an older checkout (say, `git archive`
of the base commit unpacked there) is measured in the same run on the same machine.
Speed is never asserted by a test.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = ["2024-draft", "world-cup-2015", "2.0"]
ODDS = {
    "2024-draft": [
        "pressing", "away", "--state", "ball.value=3,ball.area=centre,control=home",
        "--home", "centre=2,home_front=8", "--away", "centre=2,away_front=8", "--measure", "[control, ball.value]",
    ],
}


def cpu_of(argv: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) a child process took; it must succeed. It runs in the
    checkout measured (env's FUBA_BENCH_CWD), where `editions/` is."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, cwd=env["FUBA_BENCH_CWD"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_cpu(argv: list[str], env: dict[str, str], repeats: int, fresh_cache: bool = False) -> float:
    runs = []
    for _ in range(repeats):
        if fresh_cache:
            with tempfile.TemporaryDirectory() as folder:
                runs.append(cpu_of(argv, {**env, "FUBA_CACHE_DIR": folder}))
        else:
            runs.append(cpu_of(argv, env))
    return statistics.median(runs)


def figures(edition: str, env: dict[str, str], repeats: int) -> dict[str, float | None]:
    py = [sys.executable]
    load = [*py, "-c", f"from fuba_rules import load_edition; load_edition({edition!r}, root='editions')"]
    cli = [*py, "-m", "fuba_rules", "--root", "editions"]
    out: dict[str, float | None] = {
        "off": median_cpu(load, {**env, "FUBA_CACHE": "off"}, repeats),
        "cold": median_cpu(load, env, repeats, fresh_cache=True),
    }
    warm = env
    cpu_of(load, warm)  # fills the cache
    out["warm"] = median_cpu(load, warm, repeats)
    out["check"] = median_cpu([*cli, "check", edition], warm, repeats)
    out["show"] = median_cpu([*cli, "show", edition, "--section", "modifiers"], warm, repeats)
    out["odds"] = median_cpu([*cli, "odds", edition, *ODDS[edition]], warm, repeats) if edition in ODDS else None
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--only", choices=EDITIONS, help="one edition")
    p.add_argument("-r", "--repeats", type=int, default=5, help="runs per figure; the median is shown (default 5)")
    p.add_argument("--source", type=Path, help="measure the package in this checkout instead")
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "FUBA_CACHE_DIR": cache, "FUBA_BENCH_CWD": str((a.source or ROOT).resolve())}
        env.pop("FUBA_CACHE", None)
        # As on a user's machine, Python keeps the package's compiled modules (`__pycache__`);
        # a shell that forbids it would measure compiling every module on every start.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if a.source is not None:
            env["PYTHONPATH"] = os.pathsep.join([str(a.source.resolve()), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        start = median_cpu([sys.executable, "-c", "pass"], env, a.repeats)
        print(f"CPU seconds of a fresh process, median of {a.repeats} (python itself: {start:.2f} s)")
        print(f"{'edition':16}{'off':>7}{'cold':>7}{'warm':>7}{'check':>7}{'show':>7}{'odds':>7}")
        for edition in [a.only] if a.only else EDITIONS:
            f = figures(edition, env, a.repeats)
            cells = "".join(f"{'-' if v is None else f'{v:.2f}':>7}" for v in f.values())
            print(f"{edition:16}{cells}", flush=True)


if __name__ == "__main__":
    main()
