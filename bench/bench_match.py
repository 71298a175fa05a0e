"""Matches and engine steps per CPU-second, per edition and agent pairing.

    python bench/bench_match.py                    # every edition, coach and random, 20 matches each
    python bench/bench_match.py -n 100 --repeats 3 # more matches, median of 3 repeats
    python bench/bench_match.py --only 2024-draft  # one edition (basic and every advanced rule)
    python bench/bench_match.py -n 2 --repeats 1 --no-load --scaling 0   # a smoke run

After the matches it prints each edition's cold and warm load time, this process's peak
memory, and `-j` scaling (bench/bench_parallel.py: the 2024 draft, coach against coach,
60 matches with 1 and 2 workers, and the peak memory of a worker; wall-clock, so on
idle cores).

A step is one decision (forced ones included) or one dice roll. Speed is CPU time
(process_time), never wall time: the machine may be shared. Each figure is also quoted
against `bench/yardstick.py`, a fixed pure-Python loop measured in the same run, and
compared with the same quotient saved in `bench/baseline.json` for the engine before
issue 8 ("x old" column). Speed is never asserted by a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from yardstick import yardstick_loops  # noqa: E402

from fuba_rules.agents import make_agent  # noqa: E402
from fuba_rules.board import TEAMS  # noqa: E402
from fuba_rules.dice import SeededDice  # noqa: E402
from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.engine.match import MatchState  # noqa: E402
from fuba_rules.sim.play import agent_seed  # noqa: E402

BASELINE = ROOT / "bench" / "baseline.json"
EDITIONS = ["2024-draft", "world-cup-2015", "2.0"]


class CountingDice(SeededDice):
    """Seeded dice that count their rolls (a pick counts as a roll too)."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.rolls = 0

    def die(self) -> int:
        self.rolls += 1
        return super().die()

    def pick(self, n: int) -> int:
        self.rolls += 1
        return super().pick(n)


def configs(only: str | None) -> list[tuple[str, str, tuple[str, ...]]]:
    """(label, edition, advanced rules): each edition basic, and with every advanced rule."""
    out = []
    for name in EDITIONS:
        if only and name != only:
            continue
        ed = load_edition(name, root=ROOT / "editions")
        out.append((f"{name} basic", name, ()))
        if ed.rules:
            out.append((f"{name} all rules", name, tuple(ed.rules)))
    return out


def play(ed, n: int, first_seed: int, agents: tuple[str, str], rules: tuple[str, ...]) -> tuple[float, int]:
    """CPU seconds and engine steps for n matches."""
    steps = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + n):
        dice = CountingDice(seed)
        players = {t: make_agent(a, agent_seed(seed, t)) for t, a in zip(TEAMS, agents)}
        m = MatchState(ed, dice, players, frozenset(rules), None, False)
        m.run()
        steps += m.decisions + dice.rolls
    return time.process_time() - start, steps


def load_times(edition: str) -> tuple[float, float]:
    """CPU seconds to load an edition in a fresh process: cold (no cache) and warm."""
    code = (
        "import sys,time;sys.path.insert(0,{root!r});t=time.process_time();"
        "from fuba_rules.edition import load_edition;load_edition({ed!r});print(time.process_time()-t)"
    ).format(root=str(ROOT), ed=edition)
    cache = ROOT / "bench" / ".cache"

    def once(env: dict) -> float:
        out = subprocess.run([sys.executable, "-c", code], env={**os.environ, **env}, capture_output=True, text=True, check=True)
        return float(out.stdout.strip())

    cold = once({"FUBA_CACHE": "off"})
    once({"FUBA_CACHE_DIR": str(cache)})
    warm = once({"FUBA_CACHE_DIR": str(cache)})
    return cold, warm


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-n", type=int, default=20, help="matches per repeat")
    p.add_argument("--repeats", type=int, default=1)
    p.add_argument("--only", help="one edition")
    p.add_argument("--agents", nargs="*", default=["coach", "random"], help="pairings to run: coach, random")
    p.add_argument("--no-load", action="store_true", help="skip the load-time measurement")
    p.add_argument("--scaling", type=int, default=60, metavar="N", help="matches per run of the -j scaling measurement (0 skips it)")
    p.add_argument("--save-baseline", action="store_true", help="write bench/baseline.json (the engine before issue 8)")
    a = p.parse_args()
    old = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    saved: dict = {}
    print(f"{'edition':28} {'agents':6} {'matches/s':>9} {'steps/s':>8} {'x old':>6}   (CPU seconds; median of {a.repeats})")
    for label, edition, rules in configs(a.only):
        ed = load_edition(edition, root=ROOT / "editions")
        ed.compiler.compile_pending()  # load-time work, outside the timing (as it was before rules were written lazily)
        for agent in a.agents:
            rates, step_rates, ratios = [], [], []
            for rep in range(a.repeats):
                yard = yardstick_loops()
                cpu, steps = play(ed, a.n, 1000 + rep * a.n, (agent, agent), rules)
                yard = (yard + yardstick_loops()) / 2
                rates.append(a.n / cpu)
                step_rates.append(steps / cpu)
                ratios.append(a.n / cpu / yard)
            key = f"{label} / {agent}"
            rel = statistics.median(ratios)
            saved[key] = {"matches_per_yardstick": rel, "matches_per_s": statistics.median(rates), "steps_per_s": statistics.median(step_rates)}
            gain = f"{rel / old[key]['matches_per_yardstick']:6.1f}" if key in old else "     -"
            print(f"{label:28} {agent:6} {statistics.median(rates):9.1f} {statistics.median(step_rates):8.0f} {gain}", flush=True)
    if not a.no_load:
        for edition in EDITIONS:
            if a.only and edition != a.only:
                continue
            cold, warm = load_times(edition)
            print(f"load {edition:23} cold {cold * 1000:5.0f} ms, warm {warm * 1000:5.0f} ms (CPU)")
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    if a.scaling > 0:
        from bench_parallel import scaling

        print("-j scaling (wall clock): ", end="")
        scaling(a.only or "2024-draft", a.scaling, [1, 2], ("coach", "coach"))
    if a.save_baseline:
        BASELINE.write_text(json.dumps(saved, indent=1, sort_keys=True) + "\n")
        print(f"saved {BASELINE}")


if __name__ == "__main__":
    main()
