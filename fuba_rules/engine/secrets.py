"""Secret and simultaneous decisions: answers the other team has not seen yet.

A rulebook has some choices made in secret, or by both teams at the same time (the
keeper's penalty guess and the kick; the formation cards). The rules must ask one team
first, so an edition marks the first decision in `secrets:` with the label of the other
team's decision made at the same time (`simultaneous_with`); the first answer stays
hidden from the other team until that team has answered too, and so does every answer
the same team gives meanwhile (what follows from a secret choice, such as the World Cup
2015's specified players after the formation card, is part of it).

The match keeps the hidden answers (`MatchState.hidden`, see `note`). Whoever looks at
the match for a team takes only what that team may know: a copy for a team
(`Trampoline.copy(viewer=...)`, `Match.copy(viewer=...)`) answers the other team's
hidden decisions again, drawn uniformly among their options, and replays the answers
since (see `engine/frames.py`); `visible_events` is the log a team may read.

Why uniformly: the copying side cannot know the other team's policy (a person, or any
agent), and an assumed policy, the coach's included, is one the other team could
exploit; the shipped editions give every secret decision equal advice, so the uniform
draw is also what their advice says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import attrs


@attrs.frozen
class Hidden:
    """One hidden answer: `n` counts the match's secret answers, naming this one in every copy."""

    n: int
    team: str
    label: str
    until: str  # the other team's decision whose answer reveals it
    seq: int | None  # its "choice" event in the log; None when the match keeps no log


class SecretHolder(Protocol):
    """What this module reads and writes of a match (`engine.match.MatchState`)."""

    hidden: tuple[Hidden, ...]
    secret_labels: Mapping[str, str]
    secret_count: int
    record: bool
    events: list[dict[str, Any]]


def note(m: SecretHolder, team: str, label: str, options: int) -> bool:
    """After `team` answered `label`: reveal the other team's answers this one was made at
    the same time as, or else hide this answer if it is secret. True if it was hidden."""
    hidden = m.hidden
    if hidden:
        kept = tuple(h for h in hidden if h.team == team or h.until != label)
        if len(kept) != len(hidden):
            m.hidden = kept
            return False  # the second of two simultaneous answers: the first is already made
    until = m.secret_labels.get(label)
    if until is None:  # an answer given while the same team's secret is hidden is part of it
        until = next((h.until for h in hidden if h.team == team), None)
    if until is None or options < 2:
        return False
    m.secret_count += 1
    seq = len(m.events) - 1 if m.record else None
    m.hidden = (*hidden, Hidden(m.secret_count, team, label, until, seq))
    return True


def hidden_from(m: SecretHolder, viewer: str) -> tuple[Hidden, ...]:
    """The answers `viewer` may not see yet: the other team's hidden ones."""
    return tuple(h for h in m.hidden if h.team != viewer)


def visible_events(m: SecretHolder, viewers: set[str] | frozenset[str]) -> list[dict[str, Any]]:
    """The log as the teams `viewers` see it now: up to the first answer hidden from them
    (what the rules did after it may show it; it follows once revealed)."""
    seqs = [h.seq for h in m.hidden if h.team not in viewers and h.seq is not None]
    return m.events[: min(seqs)] if seqs else m.events


class SecretChanged(RuntimeError):
    """Another answer to a hidden decision changed what the rules asked before revealing it."""
