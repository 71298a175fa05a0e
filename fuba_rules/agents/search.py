"""The search agent: Monte Carlo tree search over the engine's own dice, coach rollouts.

At each of its decisions the agent plays the match on many times from the pause, each
time with new dice (it never sees the dice the real match will roll): its own next
decisions follow a tree grown by UCB1 (open loop: the tree is keyed by the answers, and
the dice are sampled, so chance is averaged over), and everything else, the other team
included, follows the coach. A playout scores 1 for a win, 0 for a draw and -1 for a
loss, from the searching team's side. The answer is the most visited option; with a
budget too small to tell options apart, the coach's choice.

The agent knows nothing of any edition: it needs only the options of a decision, the
rules' advice (`Decision.scores`) and the final score.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs

from ..engine.decisions import Decision
from .coach import CoachAgent, best_options
from .history import Continuation, fresh_seed

EXPLORE = 1.0  # UCB1's exploration constant, for values in [-1, 1]


@attrs.define
class _Node:
    """Statistics of one answer along a path of the searching team's decisions."""

    visits: int = 0
    total: float = 0.0
    children: dict[str, _Node] = attrs.Factory(dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@attrs.frozen
class Budget:
    """How long to think per decision: a number of playouts, or seconds."""

    playouts: int = 0
    seconds: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Budget:
        """'400' playouts, or '2s' / '0.5s' seconds per decision."""
        try:
            if text.endswith("s"):
                b = cls(seconds=float(text[:-1]))
            else:
                b = cls(playouts=int(text))
        except ValueError:
            raise ValueError(f"a search budget is a number of playouts (search:400) or seconds per decision (search:2s), got '{text}'") from None
        if b.playouts < 0 or b.seconds < 0 or (b.playouts == 0 and b.seconds == 0):
            raise ValueError(f"a search budget must be positive, got '{text}'")
        return b


class SearchAgent:
    """Chooses by playing the match on from the pause (see the module docstring)."""

    needs_history = True  # the match runs in the resumable form (and records its history) for `Continuation`
    DEFAULT = Budget(playouts=50)

    def __init__(self, seed: int = 0, budget: Budget | None = None, depth: int = 3):
        self.budget = budget or self.DEFAULT
        self.depth = depth
        self.name = f"search:{self.budget.playouts or f'{self.budget.seconds:g}s'}"
        self._rng = random.Random(seed)
        self.playouts = 0  # over the whole match, for benchmarks

    def choose(self, decision: Decision, match: Any) -> int:
        start = Continuation.of(match)
        root = _Node()
        team = decision.team
        began = time.process_time()
        done = 0
        while True:
            if self.budget.playouts and done >= self.budget.playouts:
                break
            if self.budget.seconds and done >= len(decision.options) and time.process_time() - began >= self.budget.seconds:
                break
            self._playout(start, root, team, decision)
            done += 1
        self.playouts += done
        return self._answer(root, decision)

    def _answer(self, root: _Node, decision: Decision) -> int:
        coach = set(best_options(decision))
        most = max((c.visits for c in root.children.values()), default=0)
        tops = [i for i, lab in enumerate(_keys(decision)) if lab in root.children and root.children[lab].visits == most]
        if not tops or len(tops) == len(decision.options):
            return self._rng.choice(sorted(coach))
        preferred = [i for i in tops if i in coach]
        return self._rng.choice(preferred or tops)

    def _playout(self, start: Continuation, root: _Node, team: str, first: Decision) -> None:
        coach = CoachAgent(self._rng.getrandbits(32))
        path: list[_Node] = [root]
        in_tree = [True]

        def policy(decision: Decision, match: Any) -> int:
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
        value = _value(m, team)
        for node in path:
            node.visits += 1
            node.total += value

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


def _value(m: Any, team: str) -> float:
    score = m.S.get(m.ed.match.get("score", "score"), {})
    mine, theirs = score.get(team, 0), score.get("away" if team == "home" else "home", 0)
    return 1.0 if mine > theirs else -1.0 if mine < theirs else 0.0
