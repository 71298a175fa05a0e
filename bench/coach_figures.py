"""What the coach decides, counted in the logs of coach-against-coach matches.

    python bench/coach_figures.py 2024-draft -n 20 --seed 7
    python bench/coach_figures.py 2024-draft -n 20 --seed 7 --advanced --teams editions/teams/example.yaml
    python bench/coach_figures.py 2.0 -n 20 --seed 7

The figures issue 9 asked about, for docs/agents.md: goal attempts taken of those offered,
the formations chosen, how often the target area is a penalty area, substitutions, the
skills used, the coach's coin tosses (only where the advice asks for an even mix), the
decisions whose advice did not single out one option (broken by the coach's tie rule,
the same for both teams), and how often each side won (home against away: the tie rule
must not favour either). Goals and draws come with it; the
95% intervals of goals and the other statistics are `fuba simulate`'s.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.agents.coach import CoachAgent, best_options  # noqa: E402
from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.engine.decisions import Decision  # noqa: E402
from fuba_rules.sim.play import agent_seed, play_match  # noqa: E402
from fuba_rules.workbench.ladder import wilson  # noqa: E402


class _Counting(CoachAgent):
    """The coach, noting at each of its answers whether it drew a coin (advice "mix") and
    whether the best score was tied (broken by the tie rule, `first_in_view`). The coach
    has only `choose`, so the engine asks every decision through it, fast path included;
    the notes follow the match's choice events of more than one option."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.notes: list[tuple[int, bool, bool]] = []  # (options, coin tossed, best tied)

    def choose(self, decision: Decision, match: Any) -> int:
        tosses = self.tosses
        i = super().choose(decision, match)
        coin = self.tosses > tosses
        tied = not decision.scores or len(best_options(decision)) > 1
        self.notes.append((len(decision.options), coin, tied and not coin))
        return i


def _labelled(notes: list[tuple[int, bool, bool]], events: list[dict], team: str) -> list[tuple[str, bool, bool]]:
    """Each note with its decision's label: the team's choice events of more than one option, in order."""
    asked = [e for e in events if e["kind"] == "choice" and e["team"] == team and e["options"] > 1]
    if len(asked) != len(notes) or any(e["options"] != n for e, (n, _, _) in zip(asked, notes)):
        raise AssertionError(f"{team}: {len(notes)} answers counted, {len(asked)} choices logged")
    return [(e["label"], coin, tied) for e, (_, coin, tied) in zip(asked, notes)]


def figures(edition_id: str, n: int, seed: int, advanced: bool, teams: Path | None, with_rules: str = "") -> dict:
    ed = load_edition(edition_id, root=ROOT / "editions")
    rules = ed.advanced_rules() if advanced else ed.rules_on([r for r in with_rules.split(",") if r])
    skills = None
    if teams:
        from fuba_rules.cli._options import _team_file

        skills = _team_file(teams, ed)
    asked: collections.Counter = collections.Counter()
    even: collections.Counter = collections.Counter()
    coins: collections.Counter = collections.Counter()
    out: dict = {"matches": n, "formations": collections.Counter(), "skills": collections.Counter()}
    attempts = [0, 0]  # taken, offered
    targets = [0, 0]  # penalty area, all
    goals = draws = subs = home_wins = away_wins = 0
    sub_minutes: list[int] = []
    for i in range(n):
        s = seed + i
        agents = (_Counting(agent_seed(s, "home")), _Counting(agent_seed(s, "away")))
        r = play_match(ed, s, agents, rules, skills)
        for team, agent in zip(("home", "away"), agents):
            for label, coin, tied in _labelled(agent.notes, r.events, team):
                coins[label] += coin
                even[label] += tied
        goals += sum(r.score.values())
        draws += r.score["home"] == r.score["away"]
        home_wins += r.score["home"] > r.score["away"]
        away_wins += r.score["home"] < r.score["away"]
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
        goals=goals / n, draws=draws / n, home_wins=home_wins, away_wins=away_wins, substitutions=subs / n, sub_minutes=sorted(sub_minutes), attempts=attempts, targets=targets,
        even={k: (even[k], asked[k]) for k in sorted(asked) if even[k]},
        coins={k: (coins[k], asked[k]) for k in sorted(asked) if coins[k]},
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
    decided = f["home_wins"] + f["away_wins"]
    if decided:
        lo, hi = wilson(f["home_wins"], decided)
        print(f"home wins {f['home_wins']}, away wins {f['away_wins']}: home won {f['home_wins'] / decided:.0%} of the decided matches (95% [{lo:.0%}, {hi:.0%}]; even is 50%)")
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
    print(f"coin tosses: {sum(c for c, _ in f['coins'].values())} (only where the advice asks for an even mix, \"mix\")")
    for label, (c, k) in f["coins"].items():
        print(f"  {label}: {c} / {k}")
    print("decisions without advice or with the best score tied (the tie rule: nearest the opponent's goal as the team sees it, else the first listed) / asked:")
    for label, (e, k) in f["even"].items():
        print(f"  {label}: {e} / {k}")


if __name__ == "__main__":
    main()
