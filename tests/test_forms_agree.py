"""The two forms of the kernel's deciding code agree on every decision (issue 39).

A match plays in the plain form (`MatchState.run`: agents are called from inside the
rules) or step by step (`Match.options()`/`choose()`: the rules' resumable form,
`lang/resumable.py`, run by the trampoline of `engine/frames.py`, whose hook and
trigger steps are written by hand; docs/architecture.md says why). Both must put the
same decisions to the same agents, with the same options and advice, and log the same
events. Every edition, basic and with every advanced rule and skill, and the mods.

CI plays a few short matches per configuration; `python bench/forms_agree.py` plays
many whole ones (FUBA_FORMS_SEEDS seeds, FUBA_FORMS_FULL=1 for full-length matches).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from fuba_rules import Match
from fuba_rules.agents import make_agent
from fuba_rules.board import TEAMS
from fuba_rules.dice import SeededDice
from fuba_rules.edition import load_edition
from fuba_rules.engine.decisions import Decision
from fuba_rules.engine.match import MatchState
from fuba_rules.sim.play import agent_seed

ROOT = Path(__file__).resolve().parents[1] / "editions"
SHORT = Path(__file__).resolve().parent / "agents" / "data"
MODS = [ROOT / "mods" / "example-skills.yaml", ROOT / "mods" / "long-range-shooting.yaml"]
SEEDS = int(os.environ.get("FUBA_FORMS_SEEDS", "2"))  # per configuration and agent
FULL = os.environ.get("FUBA_FORMS_FULL") == "1"

CONFIGS = [(e, mods, adv) for e in ("2024-draft", "world-cup-2015", "2.0") for mods, adv in (((), False), ((), True))]
CONFIGS.append(("2024-draft", tuple(MODS), True))
NAMES = [f"{e}{'+mods' if mods else ''}{' advanced+skills' if adv else ' basic'}" for e, mods, adv in CONFIGS]
_LOADED: dict[int, Any] = {}

Asked = tuple[str, str, tuple[Any, ...], tuple[Any, ...] | None, str]


def _setup(i: int) -> tuple[Any, frozenset[str], dict[str, list[str]] | None]:
    """Configuration i's edition (short matches unless FULL), rules on and skills."""
    e, mods, advanced = CONFIGS[i]
    if i not in _LOADED:
        _LOADED[i] = load_edition(e, [*([] if FULL else [SHORT / f"short-{e}.yaml"]), *mods], ROOT)
    ed = _LOADED[i]
    if not advanced:
        return ed, frozenset(), None
    skills = sorted(ed.skills)
    return ed, frozenset(ed.advanced_rules()), {"home": skills, "away": skills[::-1]}


def _asked(d: Decision) -> Asked:
    return (d.team, d.label, d.options, d.scores, d.ref)


class _Recording:
    """An agent that notes every decision it is asked, whole, and answers as `inner` does."""

    def __init__(self, inner: Any, asked: list[Asked]):
        self.inner, self.asked, self.name = inner, asked, inner.name

    def choose(self, decision: Decision, match: Any) -> int:
        self.asked.append(_asked(decision))
        return int(self.inner.choose(decision, match))


def _plain(i: int, seed: int, kind: str) -> tuple[list[Asked], list[dict[str, Any]]]:
    ed, rules, skills = _setup(i)
    asked: list[Asked] = []
    agents = {t: _Recording(make_agent(kind, agent_seed(seed, t)), asked) for t in TEAMS}
    m = MatchState(ed, SeededDice(seed), agents, rules, skills)  # type: ignore[arg-type]
    m.run()
    return asked, m.events


def _stepped(i: int, seed: int, kind: str) -> tuple[list[Asked], list[dict[str, Any]]]:
    ed, rules, skills = _setup(i)
    agents = {t: make_agent(kind, agent_seed(seed, t)) for t in TEAMS}
    asked: list[Asked] = []
    m = Match(ed, seed, rules, skills)
    while not m.finished:
        assert m.decision is not None
        asked.append(_asked(m.decision))
        m.choose(agents[m.decision.team].choose(m.decision, m.state))
    return asked, m.events


def _first_difference(a: list[Any], b: list[Any]) -> str:
    for k, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"#{k}: plain {x!r}\n   stepped {y!r}"
    return f"lengths {len(a)} and {len(b)}"


@pytest.mark.parametrize("kind", ["random", "coach"])
@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=NAMES)
def test_the_step_driver_asks_every_decision_the_plain_match_asks(config: int, kind: str) -> None:
    """Decision by decision (team, label, options, advice, chapter), then event by event."""
    for seed in range(SEEDS):
        plain_asked, plain_events = _plain(config, seed, kind)
        stepped_asked, stepped_events = _stepped(config, seed, kind)
        assert plain_asked, "the match asked nothing: nothing was compared"
        assert plain_asked == stepped_asked, f"seed {seed}, decision {_first_difference(plain_asked, stepped_asked)}"
        assert plain_events == stepped_events, f"seed {seed}, event {_first_difference(plain_events, stepped_events)}"
