"""What the coach decides, counted in the logs of coach-against-coach matches.

    python bench/coach_figures.py 2024-draft -n 20 --seed 7
    python bench/coach_figures.py 2024-draft -n 20 --seed 7 --advanced --teams editions/teams/example.yaml
    python bench/coach_figures.py 2.0 -n 20 --seed 7

The figures issue 9 asked about, for docs/agents.md: goal attempts taken of those offered,
the formations chosen, how often the target area is a penalty area, substitutions, the
skills used and when a decision had advice at all (a decision without advice, or whose
options all score the same, is played on a coin toss). Goals and draws come with it; the
95% intervals of goals and the other statistics are `fuba simulate`'s.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.agents.coach import CoachAgent, advice  # noqa: E402
from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.sim.play import agent_seed, play_match  # noqa: E402


class _Counting(CoachAgent):
    """The coach, counting for each decision label whether the advice told options apart."""

    def __init__(self, seed: int, even: collections.Counter):
        super().__init__(seed)
        self.even = even

    def choose(self, decision, match):
        scores = advice(decision)
        if scores is None or len(set(scores)) == 1:
            self.even[decision.label] += 1
        return super().choose(decision, match)


def figures(edition_id: str, n: int, seed: int, advanced: bool, teams: Path | None, with_rules: str = "") -> dict:
    ed = load_edition(edition_id, root=ROOT / "editions")
    rules = ed.advanced_rules() if advanced else ed.rules_on([r for r in with_rules.split(",") if r])
    skills = None
    if teams:
        from fuba_rules.cli._options import _team_file

        skills = _team_file(teams, ed)
    asked: collections.Counter = collections.Counter()
    even: collections.Counter = collections.Counter()
    out: dict = {"matches": n, "formations": collections.Counter(), "skills": collections.Counter()}
    attempts = [0, 0]  # taken, offered
    targets = [0, 0]  # penalty area, all
    goals = draws = subs = 0
    sub_minutes: list[int] = []
    for i in range(n):
        s = seed + i
        agents = (_Counting(agent_seed(s, "home"), even), _Counting(agent_seed(s, "away"), even))
        r = play_match(ed, s, agents, rules, skills)
        goals += sum(r.score.values())
        draws += len(set(r.score.values())) == 1
        subs += r.tally.get("substitution", 0)
        for e in r.events:
            if e["kind"] == "choice":
                asked[e["label"]] += 1
                if e["label"] == "goal attempt":
                    attempts[0] += e["choice"] is not None
                    attempts[1] += 1
                elif e["label"] == "formation":
                    out["formations"][e["choice"]] += 1
                elif e["label"] == "target area":
                    targets[0] += str(e["choice"]).endswith("_penalty")
                    targets[1] += 1
            elif e["kind"] == "log" and e.get("tag") == "substitution":
                sub_minutes.append(e["clock"])
            elif e["kind"] == "hook" and e.get("skill"):
                out["skills"][e["name"]] += 1
    out.update(
        goals=goals / n, draws=draws / n, substitutions=subs / n, sub_minutes=sorted(sub_minutes), attempts=attempts, targets=targets,
        even={k: (even[k], asked[k]) for k in sorted(asked) if even[k]},
    )
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("edition")
    p.add_argument("-n", type=int, default=20)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--advanced", action="store_true")
    p.add_argument("--with", dest="with_rules", default="", metavar="RULES")
    p.add_argument("--teams", type=Path)
    a = p.parse_args()
    f = figures(a.edition, a.n, a.seed, a.advanced, a.teams, a.with_rules)
    n = f["matches"]
    print(f"{a.edition}{' advanced' if a.advanced else ''}{' with ' + a.with_rules if a.with_rules else ''}, {n} matches from seed {a.seed}, coach against coach")
    print(f"goals a match {f['goals']:.2f}, draws {f['draws']:.0%}, substitutions a match {f['substitutions']:.2f}")
    if f["sub_minutes"]:
        q = f["sub_minutes"]
        print(f"substitution minutes: first quartile {q[len(q) // 4]}, median {q[len(q) // 2]}, third quartile {q[3 * len(q) // 4]}")
    if f["attempts"][1]:
        print(f"goal attempts taken / offered: {f['attempts'][0]} / {f['attempts'][1]} ({f['attempts'][0] / f['attempts'][1]:.0%})")
    if f["targets"][1]:
        print(f"target area is a penalty area: {f['targets'][0]} / {f['targets'][1]} ({f['targets'][0] / f['targets'][1]:.0%})")
    print("formations: " + ", ".join(f"{k} {v}" for k, v in f["formations"].most_common()))
    if f["skills"]:
        print("skills used a match: " + ", ".join(f"{k} {v / n:.2f}" for k, v in f["skills"].most_common()))
    print("decisions whose options the advice does not tell apart (coin toss) / asked:")
    for label, (e, k) in f["even"].items():
        print(f"  {label}: {e} / {k}")


if __name__ == "__main__":
    main()
