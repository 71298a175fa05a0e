"""A match's set-up: everything every match of a run shares except its seed.

A command builds one `MatchSetup` from its command line (the agents, the rules switched
on, the teams' skills, whether invariants are checked, and how to load the edition
again) and passes that one value down: to each match played here, to worker processes
and to a Dask cluster (it pickles as it is when the agents are named), and to the run's
record (`runinfo.RunConfig.of`). The seed is not part of it: match i of a run plays
seed + i with the same set-up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Union

import attrs

if TYPE_CHECKING:
    from ..edition import Edition
    from ..engine.types import Agent

AgentSpec = Union[str, "Agent"]
"""An agent by name (`coach`, `search:400`: seeded per match, and picklable) or an
agent object already made (played only in this process)."""

TeamSkills = tuple[tuple[str, tuple[str, ...]], ...]
"""Each team's skills as (team, names) pairs, in the order given: a frozen value that
pickles, where a dict of lists would be shared and changed."""


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


def _team_skills(skills: Mapping[str, Iterable[str]] | TeamSkills | None) -> TeamSkills:
    if skills is None:
        return ()
    pairs = skills.items() if isinstance(skills, Mapping) else skills
    return tuple((str(team), tuple(names)) for team, names in pairs)


@attrs.frozen
class EditionSource:
    """How to load an edition again in another process: what `load_edition` was given."""

    target: str
    mods: tuple[str, ...] = ()
    root: str | None = None

    @classmethod
    def of(cls, target: str | Path, mods: Sequence[str | Path] = (), root: str | Path | None = None) -> EditionSource:
        """Paths made absolute, so a worker in another folder finds the same files."""
        given = Path(target)
        return cls(
            str(given.resolve()) if given.exists() else str(target),
            tuple(str(Path(m).resolve()) for m in mods),
            None if root is None else str(Path(root).resolve()),
        )

    def load(self) -> Edition:
        from ..edition import load_edition

        return load_edition(self.target, list(self.mods), None if self.root is None else Path(self.root))


@attrs.frozen
class MatchSetup:
    """Who plays and with which rules: the same for every match of a run.

    `rules` are the rules switched on (as `Edition.rules_asked` gives them), `skills`
    each team's skills, `check_invariants` makes a broken invariant the match's fault
    (engine.invariants), and `source` says how a worker loads the edition (None: the
    matches are played in this process)."""

    agents: tuple[AgentSpec, AgentSpec] = ("coach", "coach")
    rules: tuple[str, ...] = attrs.field(default=(), converter=_names)
    skills: TeamSkills = attrs.field(default=(), converter=_team_skills)
    check_invariants: bool = False
    source: EditionSource | None = None

    @classmethod
    def of(
        cls,
        agents: Sequence[AgentSpec] = ("coach", "coach"),
        rules: Iterable[str] = (),
        skills: Mapping[str, Iterable[str]] | None = None,
        check_invariants: bool = False,
        source: EditionSource | None = None,
    ) -> MatchSetup:
        """A set-up from the loose values a script or test has at hand."""
        return cls((agents[0], agents[1]), rules, skills, check_invariants, source)  # the fields' converters freeze them

    def skills_by_team(self) -> dict[str, list[str]]:
        """team -> its skill names, a fresh dict for the match to keep."""
        return {team: list(names) for team, names in self.skills}

    def skill_names(self) -> tuple[str, ...]:
        """Every skill either team has, sorted, once each."""
        return tuple(sorted({name for _, names in self.skills for name in names}))

    @property
    def named_agents(self) -> bool:
        """Whether both agents are given by name: the matches can be played in another process."""
        return all(isinstance(a, str) for a in self.agents)

    def playing(self, agents: tuple[AgentSpec, AgentSpec]) -> MatchSetup:
        return attrs.evolve(self, agents=agents)


BASIC_SETUP = MatchSetup()
"""Coach against coach in the basic game, no skills: what a run plays unless told."""
