"""Train OpenSpiel's DQN on python_fuba against a uniform random player; print its learning curve.

The learner is `open_spiel.python.pytorch.dqn.DQN` (PyTorch, the `rl` extra), seeing
the game's observation tensor (`--tensor information` for the information-state
tensor; layouts in docs/openspiel.md) and answering every decision of its team with
legal actions only. One network plays both seats: each training match it plays home or
away in turn (the tensor's first block says which). Its opponent and the dice are
OpenSpiel's uniform random player and the chance nodes' own odds.

Reward: the goal difference the learner's team gained since its last decision (so the
rewards of a match add up to its goal difference), discounted by `--discount`; a goal
is credited to the decisions just before it. The learner is judged by the game's own
return (1, 0, -1 from the final score) and goal difference.

`--train-clock M` trains on matches stopped after minute M (the game parameter
`max_clock`; 0, the default, trains on whole matches), for quicker trials. Evaluation
always plays whole matches, the true game.

Every `--every` training matches the greedy learner plays `--eval` matches in each
seat against the random player (seeds of their own, the same at every point); each line
prints the mean return with its 95% interval, wins, draws and losses, and the mean goal
difference. `--final N` then evaluates the trained learner over N matches a seat and
tallies both sides' answers. `--plot FILE` draws the curve (matplotlib), `--json FILE`
keeps the figures.

Deterministic for a seed (torch seeded and single-threaded, numpy and the match dice
seeded), whatever the machine's load; `--seconds` caps the CPU time, `--matches` the
training matches (use it to reproduce a run exactly).

    python bench/openspiel_rl.py --seconds 0 --matches 500 --every 100 --eval 50 --final 250 --plot docs/openspiel-learning.png --json docs/openspiel-learning.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Literal, Protocol

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.observation import make_observation
from open_spiel.python.pytorch import dqn

import fuba_rules.openspiel  # noqa: F401  registers python_fuba

Tensor = Literal["observation", "information"]
EVAL_SEED = 10**6  # evaluation matches draw their dice from seeds of their own, the same at every point


@attrs.frozen
class Settings:
    """What a run trains on and how: the edition, the match length, the learner's hyperparameters."""

    edition: str = "2024-draft"
    train_clock: int = 0  # train on matches stopped after this minute (0: whole matches)
    tensor: Tensor = "observation"
    hidden: tuple[int, ...] = (128,)
    learning_rate: float = 1e-3
    discount: float = 0.95
    batch: int = 64
    learn_every: int = 8
    epsilon_steps: int = 40_000  # learner decisions over which exploration falls from 1 to 0.05
    replay: int = 50_000  # transitions kept for learning
    min_replay: int = 1_000  # transitions gathered before the first update
    seed: int = 0


def seed_everything(seed: int) -> None:
    """The learner's randomness: torch's weights and numpy's exploration and replay, on one thread."""
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(1)
    np.random.seed(seed)


class Observer(Protocol):
    """OpenSpiel's Python observer: `set_from` fills `tensor` with what a player sees."""

    tensor: np.ndarray

    def set_from(self, state: pyspiel.State, player: int) -> None: ...


@attrs.frozen
class Arena:
    """A game and the observer of the learner's tensor, made once (`state.observation_tensor`
    makes an observer at every call)."""

    game: pyspiel.Game
    observer: Observer

    @classmethod
    def of(cls, s: Settings, whole: bool) -> Arena:
        game = pyspiel.load_game("python_fuba", {"edition": s.edition, "max_clock": 0 if whole else s.train_clock})
        return cls(game, make_observation(game, pyspiel.IIGObservationType(perfect_recall=s.tensor == "information")))

    def tensor(self, state: pyspiel.State, seat: int) -> np.ndarray:
        self.observer.set_from(state, seat)
        return np.array(self.observer.tensor, np.float32)  # a copy: the observer's buffer is reused


def make_learner(arena: Arena, s: Settings) -> dqn.DQN:
    """OpenSpiel's DQN over the chosen tensor and the game's fixed action space."""
    return dqn.DQN(
        player_id=0, state_representation_size=len(arena.observer.tensor), num_actions=arena.game.num_distinct_actions(),
        hidden_layers_sizes=s.hidden, batch_size=s.batch, replay_buffer_capacity=s.replay,
        learning_rate=s.learning_rate, update_target_network_every=1_000, weight_update_coeff=0.99,
        learn_every=s.learn_every, discount_factor=s.discount, min_buffer_size_to_learn=s.min_replay,
        epsilon_start=1.0, epsilon_end=0.05, epsilon_decay_duration=s.epsilon_steps,
        epsilon_decay_schedule_str="linear", optimizer_str="adam", loss_str="huber", seed=s.seed,
    )


def _time_step(arena: Arena, state: pyspiel.State, seat: int, reward: float, kind: rl_environment.StepType) -> rl_environment.TimeStep:
    """What the learner in `seat` sees: its tensor, its legal actions, its reward."""
    last = kind == rl_environment.StepType.LAST
    info: list[np.ndarray | list[float]] = [[], []]
    legal: list[list[int]] = [[], []]
    info[seat], legal[seat] = arena.tensor(state, seat), ([] if last else state.legal_actions(seat))
    rewards = [0.0, 0.0]
    rewards[seat] = reward
    return rl_environment.TimeStep(
        observations={"info_state": info, "legal_actions": legal, "current_player": seat},
        rewards=rewards, discounts=[1.0, 1.0], step_type=kind,
    )


@attrs.frozen
class Result:
    """One match from the learner's side: the game's return and the goal difference."""

    ret: float
    goals: int


@attrs.define
class Answers:
    """How often each side (`learner`, `random`) gave each answer whose id means the same
    everywhere (an area, an option of a fixed list, declining): what the learner learned."""

    slots: int
    counts: dict[str, Counter[tuple[str, str]]] = attrs.Factory(lambda: {"learner": Counter(), "random": Counter()})

    def note(self, who: str, state: pyspiel.State, action: int) -> None:
        """Count an answer; areas named from the deciding team's side (`own_front`, `their_penalty`)."""
        if action >= self.slots:
            team, _, rest = state.action_to_string(state.current_player(), action).partition(" ")
            label, _, option = rest.partition(": ")
            other = "away" if team == "home" else "home"
            option = "own_" + option.removeprefix(team + "_") if option.startswith(team + "_") else "their_" + option.removeprefix(other + "_") if option.startswith(other + "_") else option
            self.counts[who][(label, option)] += 1

    def shares(self) -> dict[str, dict[str, dict[str, float]]]:
        """For each side and decision label, the share of each answer."""
        out: dict[str, dict[str, dict[str, float]]] = {}
        for who, counts in self.counts.items():
            totals = Counter[str]()
            for (label, _), k in counts.items():
                totals[label] += k
            out[who] = {label: {o: counts[(lab, o)] / totals[label] for (lab, o) in sorted(counts) if lab == label} for label in sorted(totals)}
        return out


def play(arena: Arena, learner: dqn.DQN, seat: int, rng: random.Random, train: bool, answers: Answers | None = None) -> Result:
    """One match: the learner in `seat`, a uniform random player in the other, dice by their
    odds from `rng`. Training, the learner explores and learns; otherwise it plays greedily.
    `answers` counts both sides' answers."""
    learner.player_id = seat
    state = arena.game.new_initial_state()
    sign = 1 if seat == 0 else -1
    first, seen = True, 0

    def gained() -> float:  # the goal difference won since the learner's last decision
        nonlocal seen
        home, away = state._score
        now = sign * (home - away)
        r, seen = now - seen, now
        return float(r)

    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        elif state.current_player() == seat:
            kind = rl_environment.StepType.FIRST if first else rl_environment.StepType.MID
            first = False
            out = learner.step(_time_step(arena, state, seat, gained(), kind), is_evaluation=not train)
            if answers is not None:
                answers.note("learner", state, int(out.action))
            state.apply_action(int(out.action))
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if answers is not None:
                answers.note("random", state, action)
            state.apply_action(action)
    if train and not first:
        learner.step(_time_step(arena, state, seat, gained(), rl_environment.StepType.LAST))
    home, away = state._score
    return Result(state.returns()[seat], sign * (home - away))


def _interval(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(len(xs) - 1, 1))
    return mean, 1.96 * sd / math.sqrt(len(xs))


def evaluate(arena: Arena, learner: dqn.DQN, n: int, answers: Answers | None = None) -> dict[str, float | int]:
    """`n` whole matches in each seat, greedy, against the random player: the mean return and
    goal difference with their 95% intervals, wins, draws and losses, and the return by seat."""
    results = {seat: [play(arena, learner, seat, random.Random(EVAL_SEED + 2 * i + seat), False, answers) for i in range(n)] for seat in (0, 1)}
    every = results[0] + results[1]
    returns = [r.ret for r in every]
    mean, ci = _interval(returns)
    goals, goals_ci = _interval([float(r.goals) for r in every])
    return {
        "mean": mean, "ci95": ci, "goals": goals, "goals_ci95": goals_ci,
        "wins": returns.count(1.0), "draws": returns.count(0.0), "losses": returns.count(-1.0),
        "home": _interval([r.ret for r in results[0]])[0], "away": _interval([r.ret for r in results[1]])[0],
    }


def _line(p: dict) -> str:
    return (f"{p['matches']:6} {p['seconds']:7.0f}  {p['mean']:+.2f} +- {p['ci95']:.2f}  {p['wins']}-{p['draws']}-{p['losses']}"
            f"  goals {p['goals']:+.2f} +- {p['goals_ci95']:.2f}  (home {p['home']:+.2f}, away {p['away']:+.2f})")


def train(s: Settings, seconds: float, every: int, n_eval: int, max_matches: int = 0, final: int = 0) -> dict:
    """Train against random for `seconds` CPU-seconds or `max_matches` matches (whichever
    ends first; 0: no cap), evaluating every `every` matches; the curve as a dict, and
    with `final` an evaluation of the trained learner over that many matches a seat."""
    seed_everything(s.seed)
    arena, whole = Arena.of(s, whole=False), Arena.of(s, whole=True)
    learner = make_learner(arena, s)
    rng = random.Random(s.seed)
    print(f"{s.edition}, training matches to minute {s.train_clock or 'the end'}, DQN on the {s.tensor} tensor:"
          " matches, CPU s, mean return vs random (95%), W-D-L, goal difference", flush=True)
    curve = [{"matches": 0, "seconds": 0.0, **evaluate(whole, learner, n_eval)}]
    print(_line(curve[0]), flush=True)
    spent, done = 0.0, 0
    while (not seconds or spent < seconds) and not (max_matches and done >= max_matches):
        began = time.process_time()
        for _ in range(every):
            play(arena, learner, done % 2, rng, train=True)
            done += 1
        spent += time.process_time() - began
        curve.append({"matches": done, "seconds": spent, **evaluate(whole, learner, n_eval)})
        print(_line(curve[-1]), flush=True)
    result = {"settings": attrs.asdict(s), "eval_matches_per_seat": n_eval, "learner_steps": learner.step_counter, "curve": curve}
    if final:
        answers = Answers(int(whole.game.get_parameters()["max_actions"]))
        result["final"] = {"matches_per_seat": final, **evaluate(whole, learner, final, answers)}
        result["answers"] = answers.shares()
        print(f"final, {final} whole matches a seat: " + _line({"matches": done, "seconds": spent, **result["final"]}), flush=True)
    return result


def plot(result: dict, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    s = result["settings"]
    xs = [p["matches"] for p in result["curve"]]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.errorbar(xs, [p["mean"] for p in result["curve"]], yerr=[p["ci95"] for p in result["curve"]], marker="o", capsize=3, label="mean return (1 win, -1 loss)")
    ax.errorbar(xs, [p["goals"] for p in result["curve"]], yerr=[p["goals_ci95"] for p in result["curve"]], marker="s", capsize=3, label="mean goal difference")
    if "final" in result:
        f, x = result["final"], xs[-1] * 1.03
        ax.errorbar([x], [f["mean"]], yerr=[f["ci95"]], marker="D", color="C0", mfc="white", capsize=3, label=f"return, final ({2 * f['matches_per_seat']} matches)")
        ax.errorbar([x], [f["goals"]], yerr=[f["goals_ci95"]], marker="D", color="C1", mfc="white", capsize=3, label="goal difference, final")
    ax.axhline(0, color="grey", lw=0.8, ls="--", label="even with random")
    ax.set_xlabel("training matches" + (f" (stopped at minute {s['train_clock']})" if s["train_clock"] else ""))
    ax.set_ylabel(f"vs random, {2 * result['eval_matches_per_seat']} whole matches")
    ax.set_title(f"OpenSpiel DQN on python_fuba {s['edition']} ({s['tensor']} tensor)")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--edition", default="2024-draft")
    ap.add_argument("--seconds", type=float, default=300, help="CPU seconds of training (default 300; 0: only --matches)")
    ap.add_argument("--matches", type=int, default=0, help="stop after this many training matches (0: only the time)")
    ap.add_argument("--every", type=int, default=50, help="training matches between evaluations")
    ap.add_argument("--eval", type=int, default=50, help="evaluation matches in each seat at each point (default 50)")
    ap.add_argument("--final", type=int, default=0, help="then evaluate the trained learner over this many matches a seat")
    ap.add_argument("--train-clock", type=int, default=0, help="train on matches stopped after this minute (default 0: whole matches)")
    ap.add_argument("--tensor", choices=["observation", "information"], default="observation")
    ap.add_argument("--discount", type=float, default=0.95, help="the learner's discount (default 0.95)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot")
    ap.add_argument("--json")
    args = ap.parse_args()
    s = Settings(edition=args.edition, train_clock=args.train_clock, tensor=args.tensor, discount=args.discount, seed=args.seed)
    result = train(s, args.seconds, args.every, args.eval, args.matches, args.final)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    if args.plot:
        plot(result, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
