"""Home and away wins of the coach under tie rules: which rule favours a seat, which plays better.

    python bench/tie_rules.py 2024-draft -n 300 --seed 3000 --home view --away lane
    python bench/tie_rules.py world-cup-2015 -n 200 --seed 1000 --home first --away first
    python bench/tie_rules.py 2024-draft -n 200 --seed 1000 --home first --away first --only "pass target" --rule own

Each team's coach breaks ties by its rule (docs/agents.md, "Home and away"):
  view   the coach's rule: nearest the opponent's goal line as the team sees the board
  lane   the same view ranked lane first (the whole centre lane before the wings)
  own    nearest the team's own goal line (the view of the other team)
  first  the first listed (the coach before issue 40's fix; the board lists areas from the home end)
`--only LABEL --rule R`: both teams break the ties of those decisions by R and every other
tie by their --home/--away rule. Prints home wins, draws, away wins and the home team's
share of the decided matches with its 95% Wilson interval (50% is even).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.agents import coach  # noqa: E402
from fuba_rules.board import TEAMS  # noqa: E402
from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.engine.decisions import Decision  # noqa: E402
from fuba_rules.sim.play import agent_seed, play_match  # noqa: E402
from fuba_rules.workbench.ladder import wilson  # noqa: E402

RULES = ("view", "lane", "own", "first")


class TieRule(coach.CoachAgent):
    """The coach with another tie rule, for some decisions (`only`) or all."""

    def __init__(self, seed: int, rule: str, only: frozenset[str] = frozenset(), only_rule: str = "view"):
        super().__init__(seed)
        self.rule, self.only, self.only_rule = rule, only, only_rule

    def choose(self, decision: Decision, match: Any) -> int:
        scores = decision.scores
        if not scores or coach.MIX in scores:
            return super().choose(decision, match)
        tied = coach.best_options(decision)
        rule = self.only_rule if decision.label in self.only else self.rule
        if len(tied) == 1 or rule == "first":
            return tied[0]
        team = decision.team
        view = coach._places(match.board)[TEAMS[1 - TEAMS.index(team)] if rule == "own" else team]
        if rule == "lane":
            view = {a: (p[1], p[0], p[2]) for a, p in view.items()}
        return coach.first_in(decision, tied, view)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("edition")
    p.add_argument("-n", type=int, default=200)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--advanced", action="store_true")
    p.add_argument("--home", choices=RULES, default="view")
    p.add_argument("--away", choices=RULES, default="view")
    p.add_argument("--only", action="append", default=[], metavar="LABEL")
    p.add_argument("--rule", choices=RULES, default="view", help="the rule of the --only decisions")
    a = p.parse_args()
    ed = load_edition(a.edition, root=ROOT / "editions")
    rules = ed.advanced_rules() if a.advanced else ed.rules_on([])
    only = frozenset(a.only)
    home = away = draws = goals = 0
    for s in range(a.seed, a.seed + a.n):
        agents = (TieRule(agent_seed(s, "home"), a.home, only, a.rule), TieRule(agent_seed(s, "away"), a.away, only, a.rule))
        r = play_match(ed, s, agents, rules, None, record=False)
        h, w = r.score["home"], r.score["away"]
        home, away, draws, goals = home + (h > w), away + (h < w), draws + (h == w), goals + h + w
    decided = home + away
    lo, hi = wilson(home, decided)
    only_text = f", {a.rule} for {', '.join(sorted(only))}" if only else ""
    print(f"{a.edition}{' advanced' if a.advanced else ''}, {a.n} matches from seed {a.seed}, home {a.home} / away {a.away}{only_text}")
    print(f"home wins {home}, draws {draws}, away wins {away}, goals a match {goals / a.n:.2f}")
    if decided:
        print(f"home won {home / decided:.0%} of the decided matches (95% [{lo:.0%}, {hi:.0%}]; even is 50%)")


if __name__ == "__main__":
    main()
