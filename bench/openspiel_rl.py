"""Train OpenSpiel's tabular Q-learner on python_fuba against a random player; print its learning curve.

The learner is `open_spiel.python.algorithms.tabular_qlearner.QLearner` (numpy only),
playing home. Its information state is a coarse key of what it may see (`--key`):
`label` is the decision being asked; `board` adds the unindexed team- and area-valued
state the edition declares (the ball's area, who controls it, ...), read from the
observation tensor's layout (`fuba_rules.openspiel.Features.coarse`). The key holds
nothing the other team keeps secret. The learner is rewarded for each goal it gains
(the goal difference won since its last decision, so the rewards of a match add up to
its goal difference), discounted by `--discount`; it is judged by the game's return (1,
0, -1). `--max-clock` stops matches early (0 plays them whole).

Every `--every` training matches the greedy learner plays `--eval` matches against the
random player (other seeds); each line prints the mean return with its 95% interval,
wins, draws and losses. `--plot FILE` draws the curve (matplotlib), `--json FILE` keeps
the figures.

    python bench/openspiel_rl.py --seconds 100 --every 40 --eval 40 --plot docs/openspiel-learning.png --json docs/openspiel-learning.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python import rl_environment, rl_tools  # noqa: E402
from open_spiel.python.algorithms import tabular_qlearner  # noqa: E402

import fuba_rules.openspiel as fo  # noqa: E402


def _step(state, key: str, kind, reward: float) -> rl_environment.TimeStep:
    rewards = [reward, -reward]
    legal = [state.legal_actions(0), state.legal_actions(1)] if not state.is_terminal() else [[], []]
    return rl_environment.TimeStep(
        observations={"info_state": [key, key], "legal_actions": legal, "current_player": state.current_player()},
        rewards=rewards, discounts=[1.0, 1.0], step_type=kind,
    )


def play(game, learner, features, how: str, rng: random.Random, train: bool, learn_slots: bool = False) -> float:
    """One match: the learner home, a uniform random player away, dice by their odds. Home's return.
    Unless `learn_slots`, the learner answers decisions offering only option slots (whose
    ids mean "the i-th option" of a list the rules compute) at random, as its opponent does:
    it learns the answers whose ids mean the same everywhere (areas, fixed lists, declining)."""
    state = game.new_initial_state()
    first, seen = True, 0
    slots = features.space.slots

    def gained() -> float:  # the goal difference won since the learner's last step
        nonlocal seen
        home, away = state._score
        r, seen = (home - away) - seen, home - away
        return float(r)

    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        elif state.current_player() == 0 and (learn_slots or max(state.legal_actions()) >= slots):
            kind = rl_environment.StepType.FIRST if first else rl_environment.StepType.MID
            first = False
            out = learner.step(_step(state, features.coarse(state, 0, how), kind, gained()), is_evaluation=not train)
            state.apply_action(int(out.action))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    if train and not first:
        learner.step(_step(state, "end", rl_environment.StepType.LAST, gained()))
    return state.returns()[0]


def evaluate(game, learner, features, how: str, n: int, seed: int) -> dict:
    returns = [play(game, learner, features, how, random.Random(seed + i), train=False) for i in range(n)]
    mean = sum(returns) / n
    sd = math.sqrt(sum((r - mean) ** 2 for r in returns) / max(n - 1, 1))
    return {"mean": mean, "ci95": 1.96 * sd / math.sqrt(n), "wins": returns.count(1.0), "draws": returns.count(0.0), "losses": returns.count(-1.0)}


def train(edition: str, seconds: float, every: int, n_eval: int, max_clock: int, how: str, seed: int, max_matches: int = 0, discount: float = 0.95) -> dict:
    np.random.seed(seed)  # the Q-learner explores with numpy's generator
    game = pyspiel.load_game("python_fuba", {"edition": edition, "max_clock": max_clock})
    features = fo._setup(game.key).features
    learner = tabular_qlearner.QLearner(0, game.num_distinct_actions(), step_size=0.1, epsilon_schedule=rl_tools.LinearSchedule(0.5, 0.05, 50_000), discount_factor=discount)
    curve = [{"matches": 0, "seconds": 0.0, **evaluate(game, learner, features, how, n_eval, 10**6)}]
    rng = random.Random(seed)
    began, done = time.process_time(), 0
    print(f"{edition} max_clock {max_clock} key {how}: matches, CPU s, mean return vs random (95%), W-D-L", flush=True)
    print(f"{0:6} {0:7.0f}  {curve[0]['mean']:+.2f} +- {curve[0]['ci95']:.2f}  {curve[0]['wins']}-{curve[0]['draws']}-{curve[0]['losses']}", flush=True)
    while time.process_time() - began < seconds and not (max_matches and done >= max_matches):
        for _ in range(every):
            play(game, learner, features, how, rng, train=True)
            done += 1
        spent = time.process_time() - began
        point = {"matches": done, "seconds": spent, **evaluate(game, learner, features, how, n_eval, 10**6)}
        curve.append(point)
        print(f"{done:6} {spent:7.0f}  {point['mean']:+.2f} +- {point['ci95']:.2f}  {point['wins']}-{point['draws']}-{point['losses']}", flush=True)
    return {"edition": edition, "max_clock": max_clock, "key": how, "eval_matches": n_eval, "states": len(learner._q_values), "curve": curve}


def plot(result: dict, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [p["matches"] for p in result["curve"]]
    ys = [p["mean"] for p in result["curve"]]
    err = [p["ci95"] for p in result["curve"]]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label="tabular Q-learner (greedy) vs random")
    ax.axhline(0, color="grey", lw=0.8, ls="--", label="even with random")
    ax.set_xlabel("training matches")
    ax.set_ylabel(f"mean return over {result['eval_matches']} matches")
    length = f"matches stopped at minute {result['max_clock']}" if result["max_clock"] else "whole matches"
    ax.set_title(f"python_fuba {result['edition']}, {length}, key {result['key']}")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="2024-draft")
    ap.add_argument("--seconds", type=float, default=240, help="CPU seconds of training (default 240)")
    ap.add_argument("--matches", type=int, default=0, help="stop after this many training matches (0: only the time)")
    ap.add_argument("--every", type=int, default=25, help="training matches between evaluations")
    ap.add_argument("--eval", type=int, default=100, help="evaluation matches against random")
    ap.add_argument("--max-clock", type=int, default=0, help="stop matches after this minute (default 0: whole matches)")
    ap.add_argument("--key", choices=["label", "board"], default="label")
    ap.add_argument("--discount", type=float, default=0.9, help="the learner's discount (default 0.9: a goal is credited to the decisions just before it)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot")
    ap.add_argument("--json")
    args = ap.parse_args()
    result = train(args.edition, args.seconds, args.every, args.eval, args.max_clock, args.key, args.seed, args.matches, args.discount)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    if args.plot:
        plot(result, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
