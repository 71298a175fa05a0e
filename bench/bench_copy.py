"""What a copy of a paused match costs, against a whole match.

    python bench/bench_copy.py                 # every edition, basic and every advanced rule, 6 matches each
    python bench/bench_copy.py -n 20 --only 2.0
    python bench/bench_copy.py -n 1 --copies 3 # a smoke run (the test suite does this)

Per edition: the median CPU time of `Match.copy()` at random mid-match decisions, as a
percentage of a whole match played by the fast form (issue 9 asks for less than 2%);
and a whole match played through the step driver (the resumable form, pausing at
every decision) against the same match played by the fast form, answers and dice
alike. CPU time (process_time), never wall time. Speed is never asserted by a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.board import TEAMS  # noqa: E402
from fuba_rules.dice import SeededDice  # noqa: E402
from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.engine.driver import Match  # noqa: E402
from fuba_rules.engine.match import MatchState  # noqa: E402
from fuba_rules.engine.replay import ReplayAgent  # noqa: E402

EDITIONS = ["2024-draft", "world-cup-2015", "2.0"]


def drive(ed, seed: int, rules: list[str], copies: int, rng: random.Random) -> tuple[float, list[int], list[float]]:
    """A match through the driver with random answers: its CPU time, the answers, and
    the CPU time of copies taken at `copies` random decisions (each the mean of 5)."""
    m = Match(ed, seed, rules)
    # where to copy: decisions are counted on a first pass, so the points spread over the match
    probe = Match(ed, seed, rules)
    answers: list[int] = []
    while not probe.finished:
        answers.append(rng.randrange(len(probe.options())))
        probe.choose(answers[-1])
    at = set(rng.sample(range(len(answers)), min(copies, len(answers))))
    costs: list[float] = []
    spent = 0.0
    t = time.process_time()
    for i, a in enumerate(answers):
        if i in at:
            spent += time.process_time() - t
            c0 = time.process_time()
            for _ in range(5):
                m.copy()
            costs.append((time.process_time() - c0) / 5)
            t = time.process_time()
        m.choose(a)
    spent += time.process_time() - t
    return spent + _start_cost(ed, seed, rules), answers, costs


def _start_cost(ed, seed: int, rules: list[str]) -> float:
    t = time.process_time()
    Match(ed, seed, rules)
    return time.process_time() - t


def fast(ed, seed: int, rules: list[str], answers: list[int]) -> float:
    """The same match (dice and answers) played by the fast form: its CPU time."""
    agent = ReplayAgent(answers)
    t = time.process_time()
    MatchState(ed, SeededDice(seed), {team: agent for team in TEAMS}, frozenset(rules)).run()
    return time.process_time() - t


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-n", type=int, default=6, help="matches per configuration")
    p.add_argument("--copies", type=int, default=20, help="copies timed per match")
    p.add_argument("--only", help="one edition")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rng = random.Random(a.seed)
    print(f"{'edition':<28} {'copy (median)':>14} {'fast match':>11} {'copy/match':>11} {'driver match':>13} {'driver/fast':>12}")
    for e in [a.only] if a.only else EDITIONS:
        ed = load_edition(e)
        for label, rules in (("basic", []), ("advanced", ed.advanced_rules())):
            Match(ed, 0, rules)  # builds the resumable forms once, outside the timings
            copies: list[float] = []
            fasts: list[float] = []
            drives: list[float] = []
            for i in range(a.n):
                spent, answers, costs = drive(ed, a.seed + i, rules, a.copies, rng)
                drives.append(spent)
                fasts.append(fast(ed, a.seed + i, rules, answers))
                copies.extend(costs)
            copy, whole, driven = statistics.median(copies), statistics.median(fasts), statistics.median(drives)
            print(f"{e + ' ' + label:<28} {copy * 1e6:>11.0f} us {whole * 1e3:>8.0f} ms {100 * copy / whole:>10.2f}% {driven * 1e3:>10.0f} ms {driven / whole:>11.2f}x", flush=True)


if __name__ == "__main__":
    main()
