"""The search agent: Monte Carlo tree search over the engine's own dice, coach rollouts.

At each of its decisions the agent plays the match on many times from the pause, each
time with new dice (it never sees the dice the real match will roll): its own next
decisions follow a tree grown by UCB1 (open loop: the tree is keyed by the answers, and
the dice are sampled, so chance is averaged over), and everything else, the other team
included, follows the coach. A playout played to the end scores 1 for a win, 0 for a
draw and -1 for a loss, from the searching team's side; a playout stopped at a horizon
(`search:200@10`: after ten more decisions of the searching team) scores the goals it
gained there, goal difference then minus goal difference at the pause, clamped to
[-1, 1]. A short horizon makes a playout a small fraction of a match, so many more fit
in the same CPU time, and its value is less noisy (the rest of the match is dice).

It searches only where it can matter: a decision with one option, or whose advice puts
one option ahead of all others by at least `Budget.margin` (`search:200@10~5`), is
answered as the coach answers it, at no cost. The answer is the coach's choice unless
another option's playouts did better by more than `CONFIDENCE` standard errors: most
short playouts score no goal, and the most visited option of a tree that saw nothing is
noise, while the coach's choice is a good default.

The agent knows nothing of any edition: it needs only the options of a decision, the
rules' advice (`Decision.scores`), the teams of the decisions and the score.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

import attrs

from ..engine.decisions import Decision
from .coach import CoachAgent, advice, best_options
from .history import Continuation, Horizon, fresh_seed

if TYPE_CHECKING:
    from ..engine.match import MatchState

EXPLORE = 1.0  # UCB1's exploration constant, for values in [-1, 1]
CONFIDENCE = 1.0  # standard errors by which an option must beat the coach's choice to replace it


@attrs.define
class _Node:
    """Statistics of one answer along a path of the searching team's decisions."""

    visits: int = 0
    total: float = 0.0
    squares: float = 0.0
    children: dict[str, _Node] = attrs.Factory(dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    @property
    def variance(self) -> float:
        """The playout values' variance, at least a small floor (few playouts often agree by chance)."""
        if not self.visits:
            return 1.0
        return max(self.squares / self.visits - self.mean**2, 0.25 / self.visits)


BUDGET_SYNTAX = (
    "a number of playouts (search:400) or seconds per decision (search:2s), then optionally"
    " @H (stop each playout after H more of its own decisions) and ~M (no search where the advice leads by M), e.g. search:200@10~5"
)


@attrs.frozen
class Budget:
    """How long to think per decision (playouts or seconds), how far a playout goes
    (`horizon`: the searching team's decisions; 0 plays to the end), and when not to
    search (`margin`: the advice's lead of the best option over the next; 0 always searches)."""

    playouts: int = 0
    seconds: float = 0.0
    horizon: int = 0
    margin: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Budget:
        """'400' playouts or '2s' seconds a decision, then '@10' a horizon, '~5' a margin."""
        rest, tilde, margin = text.partition("~")
        amount, at, horizon = rest.partition("@")
        try:
            depth, lead = int(horizon) if at else 0, float(margin) if tilde else 0.0
            if amount.endswith("s"):
                b = cls(seconds=float(amount[:-1]), horizon=depth, margin=lead)
            else:
                b = cls(playouts=int(amount), horizon=depth, margin=lead)
        except ValueError:
            raise ValueError(f"a search budget is {BUDGET_SYNTAX}; got '{text}'") from None
        if b.playouts < 0 or b.seconds < 0 or (b.playouts == 0 and b.seconds == 0) or b.horizon < 0 or b.margin < 0 or not math.isfinite(b.seconds + b.margin):
            raise ValueError(f"a search budget must be positive, got '{text}'")
        return b

    def __str__(self) -> str:
        text = str(self.playouts) if self.playouts else f"{self.seconds:g}s"
        return text + (f"@{self.horizon}" if self.horizon else "") + (f"~{self.margin:g}" if self.margin else "")


class SearchAgent:
    """Chooses by playing the match on from the pause (see the module docstring)."""

    needs_history = True  # the match runs in the resumable form (and records its history) for `Continuation`
    DEFAULT = Budget(playouts=50)

    def __init__(self, seed: int = 0, budget: Budget | None = None, depth: int = 3):
        self.budget = budget or self.DEFAULT
        self.depth = depth
        self.name = f"search:{self.budget}"
        self._rng = random.Random(seed)
        self._coach = CoachAgent(self._rng.getrandbits(32))
        self.playouts = 0  # over the whole match, for benchmarks
        self.searched = self.skipped = 0  # decisions searched, and answered as the coach (one option, or a clear lead)

    def choose(self, decision: Decision, match: MatchState) -> int:
        if not self._worth_searching(decision):
            self.skipped += 1
            return self._coach.choose(decision, match)
        self.searched += 1
        start = Continuation.of(match, decision.team)  # the other team's hidden answers drawn again at each playout
        root = _Node()
        team = decision.team
        start_diff = _goal_difference(match, team)
        began = time.process_time()
        done = 0
        while True:
            if self.budget.playouts and done >= self.budget.playouts:
                break
            if self.budget.seconds and done >= len(decision.options) and time.process_time() - began >= self.budget.seconds:
                break
            self._playout(start, root, team, start_diff)
            done += 1
        self.playouts += done
        return self._answer(root, decision)

    def _worth_searching(self, decision: Decision) -> bool:
        """More than one option, and no option ahead of all others by the budget's margin."""
        if len(decision.options) < 2:
            return False
        scores = advice(decision) if self.budget.margin else None
        if not scores:
            return True
        top, second = sorted(scores, reverse=True)[:2]
        return top - second < self.budget.margin

    def _answer(self, root: _Node, decision: Decision) -> int:
        """The coach's choice, unless another option did better by more than CONFIDENCE
        standard errors: playouts are noisy, and the coach's choice is a good default."""
        keys = _keys(decision)
        coach = sorted(best_options(decision))
        seen = [i for i in range(len(keys)) if keys[i] in root.children and root.children[keys[i]].visits]
        liked = [i for i in coach if i in seen]
        if not liked:
            return self._rng.choice(coach)
        mine = max(root.children[keys[i]].mean for i in liked)
        default = self._rng.choice([i for i in liked if root.children[keys[i]].mean == mine])
        d = root.children[keys[default]]
        best, lead = default, 0.0
        for i in seen:
            c = root.children[keys[i]]
            margin = c.mean - d.mean - CONFIDENCE * math.sqrt(c.variance / c.visits + d.variance / d.visits)
            if margin > lead:
                best, lead = i, margin
        return best

    def _playout(self, start: Continuation, root: _Node, team: str, start_diff: int) -> None:
        coach = CoachAgent(self._rng.getrandbits(32))
        path: list[_Node] = [root]
        in_tree = [True]
        horizon = self.budget.horizon
        own = [0]  # the searching team's decisions so far in this playout

        def policy(decision: Decision, match: object) -> int:  # a `replay.Policy`: the coach reads the match as it is
            if decision.team == team:
                own[0] += 1
                if horizon and own[0] > horizon:
                    raise Horizon
            if decision.team != team or not in_tree[0] or len(path) > self.depth:
                return coach.choose(decision, match)
            node = path[-1]
            pick = self._select(node, decision, coach)
            key = _keys(decision)[pick]
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                in_tree[0] = False  # a new leaf: the rest is a rollout
            path.append(child)
            return pick

        m = start.play(policy, fresh_seed(self._rng))
        value = _gain(m, team, start_diff) if horizon else _value(m, team)
        for node in path:
            node.visits += 1
            node.total += value
            node.squares += value * value

    def _select(self, node: _Node, decision: Decision, coach: CoachAgent) -> int:
        keys = _keys(decision)
        fresh = [i for i, k in enumerate(keys) if k not in node.children]
        if fresh:  # every option once, the coach's favourites first
            liked = [i for i in best_options(decision) if i in fresh]
            return self._rng.choice(liked or fresh)
        log_n = math.log(max(node.visits, 1))
        ucb = [node.children[k].mean + EXPLORE * math.sqrt(log_n / node.children[k].visits) for k in keys]
        best = max(ucb)
        return self._rng.choice([i for i, u in enumerate(ucb) if u == best])


def _keys(decision: Decision) -> list[str]:
    """Options named by their labels: the same answer in another playout is the same key."""
    return [f"{decision.label}:{lab}" for lab in decision.labels]


def _goal_difference(m: MatchState, team: str) -> int:
    score = m.S.get(m.ed.match.get("score", "score"), {})
    return score.get(team, 0) - score.get("away" if team == "home" else "home", 0)


def _value(m: MatchState, team: str) -> float:
    """A playout played to the end: 1 a win, 0 a draw, -1 a loss."""
    diff = _goal_difference(m, team)
    return 1.0 if diff > 0 else -1.0 if diff < 0 else 0.0


def _gain(m: MatchState, team: str, start_diff: int) -> float:
    """A playout stopped at its horizon: the goals gained since the pause, clamped to [-1, 1]."""
    return max(-1.0, min(1.0, float(_goal_difference(m, team) - start_diff)))
