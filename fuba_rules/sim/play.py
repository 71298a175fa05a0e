"""Play one match from a seed: the same edition, seed and agents give the same events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from ..agents import make_agent
from ..agents.history import recorded, wants_history
from ..board import TEAMS
from ..dice import SeededDice
from ..engine.match import MatchState


@attrs.frozen
class MatchResult:
    seed: int
    score: dict[str, int]
    tally: dict[str, int]
    metrics: dict[str, float]
    events: list[dict]
    decisions: int
    carry: dict[str, Any] = attrs.field(factory=dict)


def agent_seed(seed: int, team: str) -> int:
    """Agents draw from their own streams so that their choices never shift the dice."""
    return seed * 2 + (1 if team == "home" else 2)


def new_match(
    edition: Any,
    seed: int,
    agents: tuple[str, str] = ("coach", "coach"),
    rules_on: Iterable[str] = (),
    skills: dict[str, list[str]] | None = None,
    record: bool = True,
    carry: dict[str, Any] | None = None,
) -> MatchState:
    players = {t: make_agent(a, agent_seed(seed, t)) if isinstance(a, str) else a for t, a in zip(TEAMS, agents)}
    dice: Any = SeededDice(seed)
    if wants_history(players):  # a search agent replays the match so far with other dice
        dice, players = recorded(dice, players, skills, carry)
    return MatchState(edition, dice, players, frozenset(rules_on), skills, record, carry)


def play_match(
    edition: Any,
    seed: int = 0,
    agents: tuple[Any, Any] = ("coach", "coach"),
    rules_on: Iterable[str] = (),
    skills: dict[str, list[str]] | None = None,
    record: bool = True,
    carry: dict[str, Any] | None = None,
) -> MatchResult:
    """Play a full match and measure it with the edition's `stats:`.

    `carry` is what earlier matches of a tournament passed on (`carry(...)` in the rules);
    the result's `carry` is what this match passes on to the next.
    """
    m = new_match(edition, seed, agents, rules_on, skills, record, carry)
    m.run()
    score = dict(m.S.get(edition.match.get("score", "score"), {}))
    return MatchResult(seed, score, dict(m.tally), measure(edition, m), m.events, m.decisions, dict(m.carry_out))


def measure(edition: Any, m: MatchState) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, spec in edition.stats.items():
        if spec.get("value_fn") is not None:
            out[name] = spec["value_fn"](m, {})
        else:
            out[name] = m.tally.get(spec.get("count", name), 0)
    return out
