"""Agents pick among the legal options of a decision; they never see a rule by name.

An agent is any object with `name` and `choose(decision, match) -> index`. `random` is
the baseline, `coach` follows the rules' `prefer=` advice, and `search` plays the match
on from each decision to compare its options (`search:400` playouts, `search:2s`,
`search:40@10~2`: playouts to a horizon of 10 of its own decisions, and no search where
the advice leads by 2 or more).
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import did_you_mean
from .coach import CoachAgent
from .random import RandomAgent
from .scripted import ScriptedAgent

AGENTS = ("random", "coach", "search")

__all__ = ["AGENTS", "CoachAgent", "RandomAgent", "ScriptedAgent", "SearchAgent", "make_agent"]


def __getattr__(name: str) -> Any:
    """The search agent (and its copies of matches) is imported when first asked for:
    `fuba odds` and a scenario test never need it."""
    if name in ("SearchAgent", "Budget"):
        from . import search

        return getattr(search, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_agent(spec: str, seed: int) -> Any:
    """An agent from its name and, for search, a budget: 'coach', 'search', 'search:400', 'search:2s'."""
    name, _, budget = spec.partition(":")
    if name not in AGENTS:
        raise ValueError(f"unknown agent '{spec}'{did_you_mean(name, AGENTS)}; agents: {', '.join(AGENTS)} (search:N for N playouts a decision, search:Ts for T seconds; @H stops playouts after H of its own decisions, ~M skips decisions whose advice leads by M)")
    if name == "search":
        from .search import Budget, SearchAgent

        return SearchAgent(seed, Budget.parse(budget) if budget else None)
    if budget:
        raise ValueError(f"agent '{name}' takes no budget; only search does (search:400)")
    return (CoachAgent if name == "coach" else RandomAgent)(seed)
