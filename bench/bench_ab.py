"""Is this change faster? The working tree against a git revision, measured side by side.

    python bench/bench_ab.py                 # against HEAD, 8 matches per pairing, 3 rounds
    python bench/bench_ab.py 7142fe2 -n 10 --rounds 4
    python bench/bench_ab.py 7142fe2 --start --rounds 20   # warm load, check, show, odds instead

On a shared machine one run's figures move by 10-20%, more than most single changes
gain. So both trees play the same matches (every edition with every advanced rule,
coach and random) in fresh processes, alternately, round after round, and each keeps
its best CPU time: load from other processes only ever adds time. The revision is
unpacked with `git archive` into a temporary folder; nothing in the repository changes.
With `--start`, each round runs a warm load of the 2024 draft alone, warm `fuba check`,
`fuba show --section modifiers` and the README's `fuba odds` example of the 2024 draft
once in each tree (a cache folder per tree, filled first; Python's bytecode cache
allowed, as on a user's machine) and prints the median and best CPU seconds of each.
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
EDITIONS = ["2024-draft", "2.0", "world-cup-2015"]
AGENTS = ["coach", "random"]

# The start of a script run inside a tree given as its first argument: that tree's
# package and its bench_match's `load_edition` and `play`, never the installed ones.
IN_TREE = """
import sys
from pathlib import Path
root = Path(sys.argv[1])
sys.path[:0] = [str(root / "bench"), str(root)]
import fuba_rules
assert Path(fuba_rules.__file__).is_relative_to(root), fuba_rules.__file__
from bench_match import load_edition, play
"""

# Run inside each tree: CPU seconds per (edition, pairing), in EDITIONS x AGENTS order.
_PLAY = IN_TREE + """
out = []
for name in sys.argv[3].split(","):
    ed = load_edition(name, root=root / "editions")
    if hasattr(ed.compiler, "compile_pending"):  # load-time work, outside the timing in both trees
        ed.compiler.compile_pending()
    for agent in sys.argv[4].split(","):
        out.append(play(ed, int(sys.argv[2]), 1000, (agent, agent), tuple(ed.rules))[0])
print(" ".join(repr(x) for x in out))
"""


def cpu_times(tree: Path, n: int, editions: list[str]) -> list[float]:
    """CPU seconds of each pairing's n matches, played by the code in `tree`."""
    out = subprocess.run(
        [sys.executable, "-c", _PLAY, str(tree), str(n), ",".join(editions), ",".join(AGENTS)],
        capture_output=True, text=True, check=True,
    )
    return [float(x) for x in out.stdout.split()]


START = {  # warm start-up of a short command (2024 draft); "load" is `load_edition` alone
    "load": None,
    "check": ["check", "2024-draft"],
    "show": ["show", "2024-draft", "--section", "modifiers"],
    "odds": ["odds", "2024-draft", "pressing", "away", "--state", "ball.value=3,ball.area=centre,control=home",
             "--home", "centre=2,home_front=8", "--away", "centre=2,away_front=8", "--measure", "[control, ball.value]"],
}


def start_cpu(tree: Path, argv: list[str] | None, cache: Path) -> float:
    """CPU seconds of one fresh `fuba` process running the code in `tree` (argv None:
    a process that only loads the 2024 draft)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "FUBA_CACHE")}
    env.update(PYTHONPATH=str(tree), FUBA_CACHE_DIR=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = f"from fuba_rules.edition import load_edition; load_edition('2024-draft', root={str(tree / 'editions')!r})"
    cmd = ["-c", load] if argv is None else ["-m", "fuba_rules", "--root", str(tree / "editions"), *argv]
    subprocess.run([sys.executable, *cmd],
                   env=env, cwd=tree, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def compare_start(trees: dict[str, Path], rounds: int, rev: str) -> None:
    with tempfile.TemporaryDirectory(prefix="fuba-ab-cache-") as caches:
        runs: dict[tuple[str, str], list[float]] = {}
        for label, tree in trees.items():
            for argv in START.values():
                start_cpu(tree, argv, Path(caches) / label)  # fills both caches
        for _ in range(rounds):
            for name, argv in START.items():
                for label, tree in trees.items():
                    runs.setdefault((name, label), []).append(start_cpu(tree, argv, Path(caches) / label))
    print(f"{'warm start (CPU s)':20} {rev:>16} {'this tree':>16} {'gain':>6}   (median / best of {rounds})")
    for name in START:
        old, new = sorted(runs[name, "old"]), sorted(runs[name, "new"])
        print(f"{name:20} {statistics.median(old):8.3f} /{old[0]:6.3f} {statistics.median(new):8.3f} /{new[0]:6.3f}"
              f" {statistics.median(old) / statistics.median(new):6.2f}")


def unpack(rev: str, into: Path) -> Path:
    """The files of a git revision, unpacked into a folder (the repository is untouched)."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("rev", nargs="?", default="HEAD", help="the git revision to compare with (default HEAD)")
    p.add_argument("-n", type=int, default=8, help="matches per pairing and round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--only", choices=EDITIONS, help="one edition")
    p.add_argument("--start", action="store_true", help="compare a warm load and the warm start of check, show and odds instead of matches")
    a = p.parse_args()
    editions = [a.only] if a.only else EDITIONS
    with tempfile.TemporaryDirectory(prefix="fuba-ab-") as tmp:
        old = unpack(a.rev, Path(tmp))
        if a.start:
            return compare_start({"old": old, "new": ROOT}, a.rounds, a.rev)
        best: dict[str, list[float]] = {}
        for _ in range(a.rounds):
            for label, tree in (("old", old), ("new", ROOT)):
                times = cpu_times(tree, a.n, editions)
                best[label] = [min(x, y) for x, y in zip(best[label], times)] if label in best else times
    print(f"{'edition, every advanced rule':30} {'agents':6} {a.rev:>10} {'this tree':>10} {'gain':>6}   (best CPU seconds of {a.rounds})")
    i = 0
    for name in editions:
        for agent in AGENTS:
            o, nw = best["old"][i], best["new"][i]
            print(f"{name:30} {agent:6} {o:10.3f} {nw:10.3f} {o / nw:6.2f}")
            i += 1


if __name__ == "__main__":
    main()
