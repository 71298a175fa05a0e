"""Does the search agent kick its penalties honestly? Its goal rate against the honest ceiling.

The keeper's guess is secret (each edition's `secrets:`): a kicker that cannot see it
scores at most the best kick against the keeper's mix. The keeper here is the coach,
whose guess is uniform (equal advice), so the honest ceiling is the best row average of
the penalty matrix: a kick to the middle, 13 in 18 (0.722) with one die. A kicker that
reads the guess scores about 0.94.

Each penalty (a turn of its own: bench/data/penalty-turn.yaml) is set up with the home team's ball in the away penalty area, the keeper
(coach) guesses, the search agent (`--budget`, playouts to a horizon of its own next
decision) kicks; the rate counted is each kick's exact chance of a goal against the
actual guess (the die's odds from the matrix), so the dice add no noise. Prints the
mean with its 95% interval beside the ceiling, per edition.

    python bench/penalty_honesty.py -n 500            # the full measurement
    python bench/penalty_honesty.py -n 60 --only 2.0
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuba_rules.agents import CoachAgent
from fuba_rules.agents.search import Budget, SearchAgent
from fuba_rules.dice import SIDES, DiceExhausted, SeededDice
from fuba_rules.edition import load_edition
from fuba_rules.engine.frames import Trampoline, forms_of
from fuba_rules.scenario import Scenario

EDITIONS = ("2024-draft", "world-cup-2015", "2.0")
PENALTY_TURN = Path(__file__).parent / "data" / "penalty-turn.yaml"  # a penalty inside a turn's scope, for every edition
KICK = "penalty kick"
KICKS = ("left", "middle", "right")


class _Done(DiceExhausted):
    """The kick is taken: the engine lets this through, and the penalty stops here."""


class _Penalty:
    """Both teams' agent for one penalty: the search kicks, the coach does the rest."""

    name = "penalty"
    needs_history = True

    def __init__(self, search: SearchAgent, coach: CoachAgent):
        self.search, self.coach = search, coach
        self.kicked = False

    def choose(self, decision: Any, match: Any) -> int:
        if self.kicked:
            raise _Done
        if decision.label == KICK:
            self.kicked = True
            return self.search.choose(decision, match)
        return self.coach.choose(decision, match)


def guess_label(edition: Any) -> str:
    """The secret decision revealed by the kick (each edition names its keeper's guess)."""
    return next(label for label, until in edition.secrets.items() if until == KICK)


def chance(edition: Any, kick: str, guess: str) -> float:
    """The chance of a goal with one die: needing the matrix's value or more."""
    need = edition.tables["penalty_matrix"].lookup(kick)[guess]
    return max(0, SIDES + 1 - need) / SIDES


def honest_ceiling(edition: Any) -> float:
    """The best kick against a keeper guessing each option alike."""
    guesses = ("left", "none", "right")
    return max(sum(chance(edition, k, g) for g in guesses) / len(guesses) for k in KICKS)


def one_penalty(edition: Any, seed: int, budget: Budget) -> tuple[str, str, float]:
    """(the keeper's guess, the kick, the kick's chance of a goal) of one penalty to home."""
    search = SearchAgent(seed, budget)
    agent = _Penalty(search, CoachAgent(seed + 1))
    sc = Scenario(edition, dice=SeededDice(seed))
    sc.pieces("home", {"centre": 4, "away_front": 4, "home_front": 2}, keeper="home_penalty")
    sc.pieces("away", {"centre": 4, "home_front": 2, "away_front": 4}, keeper="away_penalty")
    m = sc.match
    m.agents = {"home": agent, "away": agent}
    t = Trampoline(m, forms_of(edition), pause=False, entry="penalty_turn", args=["home"])
    try:
        t.run()
    except _Done:
        pass
    chosen = {e["label"]: e["choice"] for e in m.events if e["kind"] == "choice"}
    guess, kick = chosen[guess_label(edition)], chosen[KICK]
    return guess, kick, chance(edition, kick, guess)


def measure(edition: Any, n: int, budget: Budget, seed: int = 0) -> tuple[float, float, list[tuple[str, str, float]]]:
    """The mean chance of a goal over n penalties, its 95% half-interval, and the penalties."""
    rows = [one_penalty(edition, seed + i, budget) for i in range(n)]
    xs = [r[2] for r in rows]
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(n - 1, 1))
    return mean, 1.96 * sd / math.sqrt(n), rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=500, help="penalties per edition (default 500)")
    ap.add_argument("--budget", default="30@1", help="the search budget (default 30@1: 30 playouts to its next own decision)")
    ap.add_argument("--only", choices=EDITIONS, help="one edition")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    budget = Budget.parse(args.budget)
    for ed_id in [args.only] if args.only else EDITIONS:
        ed = load_edition(ed_id, [PENALTY_TURN])
        mean, half, rows = measure(ed, args.n, budget, args.seed)
        middle = sum(1 for r in rows if r[1] == "middle") / len(rows)
        print(f"{ed_id:15} search:{budget} {args.n} penalties: {mean:.3f} +- {half:.3f} (95%)  honest ceiling {honest_ceiling(ed):.3f}  kicks to the middle {middle:.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
