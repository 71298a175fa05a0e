"""Is this change faster? Count machine instructions, which a shared machine does not blur.

    python bench/bench_instructions.py                    # this tree against HEAD: coach, 2024 draft basic
    python bench/bench_instructions.py 7142fe2 -n 3 --edition 2.0 --agents coach random --rules all
    python bench/bench_instructions.py --same-rules      # both trees play the old engine's editions

CPU time on a shared machine moves by 10-20% from one run to the next (bench_ab.py),
more than most single changes gain. Valgrind's cachegrind counts the instructions a
process executes instead, and that count repeats to within a fraction of a percent, so
a 2% gain shows in a single run. For each tree and pairing, two processes run under
cachegrind with the same hash seed: one loads the edition and plays one match to warm
up, the other plays `n` matches more; the difference, per match, is what one match
costs. Instructions are a proxy for time (a cache miss costs more than an add), good
for comparing two versions of the same code, not for quoting speed: speed figures
come from bench_match.py. Needs valgrind (Debian: `apt install valgrind`); under it a
match runs about fifty times slower, so keep `n` small.

The garbage collector is off in both processes. When its full collections fall depends
on how many objects loading the edition left behind, not on the matches: a change to the
code generator that left every generated rule the same once moved the count of the same
matches by 3% (2.0, random against random); with the collector off the two counts were
the same. With it off the count is the matches' own work.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_ab import IN_TREE, ROOT, unpack
from bench_match import OLD_ENGINE

# Run inside each tree: load, compile, one warm-up match, then n matches.
_PLAY = IN_TREE + """
import gc
gc.disable()  # see the module's docstring
ed = load_edition(sys.argv[2], root=Path(sys.argv[6]) if len(sys.argv) > 6 else root / "editions")
if hasattr(ed.compiler, "compile_pending"):
    ed.compiler.compile_pending()
rules = tuple(ed.rules) if sys.argv[5] == "all" else ()
agents = (sys.argv[3], sys.argv[3])
play(ed, 1, 999, agents, rules)
if int(sys.argv[4]):
    play(ed, int(sys.argv[4]), 1000, agents, rules)
"""


def instructions(tree: Path, cache: Path, edition: str, agent: str, n: int, rules: str, editions: Path | None, count: bool = True) -> int:
    """Instructions one process running the code in `tree` executes, on the editions in
    `editions` (None: the tree's own); count=False: run it without valgrind, to fill the
    tree's load cache, and return 0."""
    env = {k: v for k, v in os.environ.items() if k != "FUBA_CACHE"}
    env.update(PYTHONHASHSEED="0", FUBA_CACHE_DIR=str(cache))
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"] if count else []
    out = subprocess.run(
        [*valgrind, sys.executable, "-c", _PLAY, str(tree), edition, agent, str(n), rules, *([str(editions)] if editions else [])],
        env=env, capture_output=True, text=True, check=True,
    ).stderr
    if not count:
        return 0
    found = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if not found:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_match(tree: Path, cache: Path, edition: str, agent: str, n: int, rules: str, editions: Path | None) -> float:
    """Instructions of one match: n matches' count less a warm-up-only run's."""
    instructions(tree, cache, edition, agent, 0, rules, editions, count=False)  # a warm load, as users have
    base = instructions(tree, cache, edition, agent, 0, rules, editions)
    return (instructions(tree, cache, edition, agent, n, rules, editions) - base) / n


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("rev", nargs="?", default="HEAD", help="the git revision to compare with (default HEAD)")
    p.add_argument("-n", type=int, default=3, help="matches counted per pairing (after one warm-up match)")
    p.add_argument("--edition", default="2024-draft", choices=["2024-draft", "2.0", "world-cup-2015"])
    p.add_argument("--agents", nargs="+", default=["coach"], choices=["coach", "random"])
    p.add_argument("--rules", default="basic", choices=["basic", "all"], help="basic rules, or every advanced rule")
    p.add_argument("--same-rules", action="store_true", help=f"both trees play the editions of the engine before issue 8 ({OLD_ENGINE}), as bench_match.py --same-rules does")
    a = p.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_instructions needs valgrind (Debian: apt install valgrind); bench_ab.py compares CPU time without it")
    whose = f", the editions of {OLD_ENGINE}" if a.same_rules else ""
    print(f"{a.edition} {a.rules:5} {'agents':6} {a.rev:>14} {'this tree':>14} {'gain':>6}   (instructions per match, {a.n} matches{whose})")
    with tempfile.TemporaryDirectory(prefix="fuba-instr-") as tmp:
        old = unpack(a.rev, Path(tmp) / "tree")
        editions = unpack(OLD_ENGINE, Path(tmp) / "old-engine") / "editions" if a.same_rules else None
        for agent in a.agents:
            o = per_match(old, Path(tmp) / "cache-old", a.edition, agent, a.n, a.rules, editions)
            nw = per_match(ROOT, Path(tmp) / "cache-new", a.edition, agent, a.n, a.rules, editions)
            print(f"{'':17} {agent:6} {o / 1e6:13.1f}M {nw / 1e6:13.1f}M {o / nw:6.3f}")


if __name__ == "__main__":
    sys.exit(main())
