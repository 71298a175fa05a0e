"""Matches and engine steps per CPU-second, per edition and agent pairing, side by side
with the engine before issue 8.

    python bench/bench_match.py                    # every edition, coach and random, 20 matches each
    python bench/bench_match.py -n 10 --repeats 3  # median of 3 repeats
    python bench/bench_match.py --only 2024-draft  # one edition (basic and every advanced rule)
    python bench/bench_match.py --against none     # this engine alone (no git checkout needed)
    python bench/bench_match.py --same-rules       # both engines play the old revision's editions
    python bench/bench_match.py -n 2 --repeats 1 --no-load --scaling 0   # a smoke run

The engine before issue 8 is kept as a git revision (`OLD_ENGINE`): it is unpacked with
`git archive` into a temporary folder and plays the same seeds in a process of its own,
repeat by repeat in turn with this engine, so both meet the same machine load. The "x
old" columns are the ratios of their medians, in matches and in steps per CPU-second
(the two differ where a later fidelity fix made matches longer or shorter).

The editions changed since the old engine too: fidelity fixes made matches longer, and
the coach's advice reaches more decisions. `--same-rules` has both engines play the old
revision's editions (this engine loads them from the unpacked tree): the same rule text,
seeds and agents, so the same matches step for step, and the ratio is the engine's alone.

An earlier version quoted a fixed pure-Python loop measured in the same run against a ratio saved
once (`baseline.json`); measured side by side on an idle machine, that saved ratio
undercounted the old engine's speed by 1.2-1.6x, so it is gone.

After the matches it prints each edition's cold and warm load time, this process's peak
memory, and `-j` scaling (bench/bench_parallel.py: the 2024 draft, coach against coach,
60 matches with 1 and 2 workers, and the peak memory of a worker; wall-clock, so on
idle cores).

A step is one decision (forced ones included) or one dice roll. Speed is CPU time
(process_time), never wall time: the machine may be shared. Speed is never asserted by
a test.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fuba_rules.agents import make_agent  # noqa: E402
from fuba_rules.board import TEAMS  # noqa: E402
from fuba_rules.dice import SeededDice  # noqa: E402
from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.engine.match import MatchState  # noqa: E402
from fuba_rules.sim.play import agent_seed  # noqa: E402

OLD_ENGINE = "87fe337"  # the engine before issue 8: closures over the rule tree
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


def configs(only: str | None, editions: Path) -> list[tuple[str, str, tuple[str, ...]]]:
    """(label, edition, advanced rules): each edition basic, and with every advanced rule."""
    out = []
    for name in EDITIONS:
        if only and name != only:
            continue
        ed = load_edition(name, root=editions)
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


# Runs inside the old engine's tree: per line "edition all|basic agent n seed", the CPU
# seconds and steps of n matches from that seed (its own bench_match.play).
_OLD_WORKER = """
eds = {}
for line in sys.stdin:
    name, rules, agent, n, seed = line.split()
    if name not in eds:
        eds[name] = load_edition(name, root=root / "editions")
        play(eds[name], 1, 999, (agent, agent), ())  # warm up, as this engine does
    ed = eds[name]
    cpu, steps = play(ed, int(n), int(seed), (agent, agent), tuple(ed.rules) if rules == "all" else ())
    print(cpu, steps, flush=True)
"""


class OldEngine:
    """The engine of a git revision, playing matches in a process of its own on request."""

    def __init__(self, rev: str, folder: Path):
        from bench_ab import IN_TREE, unpack

        self.tree = tree = unpack(rev, folder)
        env = {**os.environ, "FUBA_CACHE": "off", "PYTHONHASHSEED": "0"}
        self.proc = subprocess.Popen([sys.executable, "-c", IN_TREE + _OLD_WORKER, str(tree)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=tree)

    def play(self, edition: str, all_rules: bool, agent: str, n: int, seed: int) -> tuple[float, int]:
        """CPU seconds and engine steps of n matches, as `play` gives them."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(f"{edition} {'all' if all_rules else 'basic'} {agent} {n} {seed}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            sys.exit(f"the old engine stopped (exit {self.proc.wait()})")
        cpu, steps = line.split()
        return float(cpu), int(steps)

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


def load_times(edition: str) -> tuple[float, float]:
    """CPU seconds to load an edition in a fresh process: cold (no cache) and warm."""
    code = (
        f"import sys,time;sys.path.insert(0,{str(ROOT)!r});t=time.process_time();"
        f"from fuba_rules.edition import load_edition;load_edition({edition!r});print(time.process_time()-t)"
    )
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
    p.add_argument("--against", default=OLD_ENGINE, metavar="REV",
                   help=f"the git revision played side by side (default {OLD_ENGINE}, the engine before issue 8; 'none': skip)")
    p.add_argument("--same-rules", action="store_true",
                   help="both engines play the editions of the --against revision (the engine alone, on the same rule text)")
    p.add_argument("--no-load", action="store_true", help="skip the load-time measurement")
    p.add_argument("--scaling", type=int, default=60, metavar="N", help="matches per run of the -j scaling measurement (0 skips it)")
    a = p.parse_args()
    if a.same_rules and a.against == "none":
        p.error("--same-rules plays the editions of the --against revision: give one, not 'none'")
    with tempfile.TemporaryDirectory(prefix="fuba-old-engine-") as tmp:
        old = None
        if a.against != "none":
            if subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{a.against}^{{commit}}"], capture_output=True).returncode:
                print(f"(no revision {a.against} in this checkout, a shallow clone or no git: this engine alone"
                      + (", on today's editions)" if a.same_rules else ")"))
            else:
                old = OldEngine(a.against, Path(tmp))
        try:
            matches(a, old)
        finally:
            if old:
                old.close()
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


def matches(a: argparse.Namespace, old: OldEngine | None) -> None:
    """Print each pairing's matches and steps per CPU-second (median of the repeats), and
    with `old`, the old engine's and the ratios, repeat by repeat in turn on the same seeds."""
    head = f"{'edition':28} {'agents':6} {'matches/s':>9} {'steps/s':>8}"
    if old:
        head += f" {'old m/s':>8} {'x old':>6} {'x old steps/s':>13}"
    same_rules = old is not None and a.same_rules
    editions = old.tree / "editions" if same_rules else ROOT / "editions"
    if same_rules:
        print(f"both engines play the editions of {a.against}")
    print(head + f"   (CPU seconds; median of {a.repeats})")
    for label, edition, rules in configs(a.only, editions):
        ed = load_edition(edition, root=editions)
        ed.compiler.compile_pending()  # load-time work, outside the timing (as it was before rules were written lazily)
        for agent in a.agents:
            new_runs, old_runs = [], []
            for rep in range(a.repeats):
                seed = 1000 + rep * a.n
                new_runs.append(play(ed, a.n, seed, (agent, agent), rules))
                if old:
                    old_runs.append(old.play(edition, bool(rules), agent, a.n, seed))
            rate, step_rate = _medians(new_runs, a.n)
            line = f"{label:28} {agent:6} {rate:9.1f} {step_rate:8.0f}"
            if old:
                old_rate, old_step_rate = _medians(old_runs, a.n)
                line += f" {old_rate:8.2f} {rate / old_rate:6.1f} {step_rate / old_step_rate:13.1f}"
            print(line, flush=True)


def _medians(runs: list[tuple[float, int]], n: int) -> tuple[float, float]:
    """Median matches and steps per CPU-second of (CPU seconds, steps) runs of n matches."""
    return statistics.median(n / cpu for cpu, _ in runs), statistics.median(steps / cpu for cpu, steps in runs)


if __name__ == "__main__":
    main()
