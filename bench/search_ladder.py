"""Issue 9's benchmark: does search beat the coach in 60% of decided matches over 200
matches, within 60 CPU-seconds a match?

    python bench/search_ladder.py search:40@10~3 -n 100 --seed 1000 --jobs 2
    python bench/search_ladder.py search:40@10~3 -n 100 --seed 1000 --out runs.jsonl   # a line a match, as they finish

Plays match i (seed + i) twice, search at home and then away, as `fuba ladder` does
(-n 100 is 200 matches), on --jobs worker processes, and prints the searching agent's
wins, draws and losses, its share of the decided matches with the 95% Wilson interval,
and the CPU-seconds of each match (each worker's own process time, so the figure does not
depend on how many workers share the cores). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules import load_edition  # noqa: E402
from fuba_rules.sim.play import play_match  # noqa: E402
from fuba_rules.workbench.ladder import wilson  # noqa: E402

_EDITIONS: dict[tuple[str, tuple[str, ...]], object] = {}


def _one(edition: str, mods: tuple[str, ...], seed: int, search: str, opponent: str, search_home: bool) -> dict:
    key = (edition, mods)
    if key not in _EDITIONS:
        _EDITIONS[key] = load_edition(edition, list(mods)) if mods else load_edition(edition)
    agents = (search, opponent) if search_home else (opponent, search)
    began = time.process_time()
    r = play_match(_EDITIONS[key], seed, agents, record=False)
    cpu = time.process_time() - began
    side = "home" if search_home else "away"
    outcome = "draw" if r.winner is None else "win" if r.winner == side else "loss"
    return {"seed": seed, "search_home": search_home, "outcome": outcome, "score": r.score, "cpu_seconds": round(cpu, 2)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("search", help="the searching agent, e.g. search:40@10~3")
    p.add_argument("--against", default="coach")
    p.add_argument("-n", type=int, default=100, help="matches each way round (default 100: 200 matches)")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--edition", default="2024-draft")
    p.add_argument("--mod", action="append", default=[])
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", help="append each finished match as a JSON line")
    a = p.parse_args()
    rows = []
    out = open(a.out, "a") if a.out else None
    with ProcessPoolExecutor(a.jobs) as pool:
        futures = [pool.submit(_one, a.edition, tuple(a.mod), a.seed + i, a.search, a.against, home) for i in range(a.n) for home in (True, False)]
        for f in as_completed(futures):
            row = f.result()
            rows.append(row)
            if out:
                out.write(json.dumps(row, sort_keys=True) + "\n")
                out.flush()
            print(f"\r{len(rows)}/{len(futures)} matches", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    w = sum(r["outcome"] == "win" for r in rows)
    d = sum(r["outcome"] == "draw" for r in rows)
    lo_ = sum(r["outcome"] == "loss" for r in rows)
    lo, hi = wilson(w, w + lo_)
    cpu = [r["cpu_seconds"] for r in rows]
    print(f"{a.search} vs {a.against}, {a.edition}, {len(rows)} matches (seeds {a.seed}..{a.seed + a.n - 1}, each way round)")
    print(f"  wins {w}, draws {d}, losses {lo_}; share of decided {w / max(w + lo_, 1):.1%} [{lo:.1%}, {hi:.1%}]")
    print(f"  CPU-s a match: mean {statistics.mean(cpu):.1f}, max {max(cpu):.1f}")


if __name__ == "__main__":
    main()
