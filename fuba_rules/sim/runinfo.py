"""What a run was: one record of its whole configuration, built in one place.

`fuba simulate` prints it above the summary and in `--json`, the results file of `--out`
and a match log keep it in their first line, and `fuba replay` shows it, so a figure or
a log always says which rules made it. A mod is named by its path relative to where the
command ran (never an absolute path: a log may be shared) and a hash of its content, so
two runs of differently edited files with one name are told apart.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

import attrs

from ..jsondata import Json, JsonObject
from .setup import MatchSetup

IDENTITY = ("edition", "seed", "agents", "rules", "skills", "mods", "sequence", "cup")
"""What makes two runs the same run (what `--resume` checks); the version and the paths
of mods may differ (a mod is its content)."""


def fuba_version() -> str:
    try:
        return metadata.version("fuba-rules")
    except metadata.PackageNotFoundError:  # a checkout run without installing
        return "unknown"


@attrs.frozen
class ModRef:
    path: str  # as given, relative to where the command ran
    sha256: str | None  # the first 16 hex digits of its content's hash; None in old logs

    @classmethod
    def of(cls, path: Path | str, cwd: Path | None = None) -> ModRef:
        p = Path(path)
        try:
            digest: str | None = hashlib.sha256(p.read_bytes()).hexdigest()[:16]
        except OSError:
            digest = None
        return cls(_relative(p, cwd or Path.cwd()), digest)

    def as_json(self) -> dict[str, str | None]:
        return {"path": self.path, "sha256": self.sha256}

    @classmethod
    def from_json(cls, data: object) -> ModRef:
        """A mod as a log keeps it; older logs stored a bare (absolute) path."""
        if isinstance(data, dict):
            digest = data.get("sha256")
            return cls(str(data.get("path", "?")), digest if isinstance(digest, str) else None)
        return cls(str(data), None)

    def text(self) -> str:
        return self.path + (f" (sha256 {self.sha256})" if self.sha256 else "")


def _relative(path: Path, cwd: Path) -> str:
    """The path from `cwd` as the user wrote it (symbolic links kept); a path on another
    drive keeps only its name."""
    try:
        return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(cwd))).as_posix()
    except ValueError:
        return path.name


@attrs.frozen
class RunConfig:
    """Everything that decides a run's figures, and the fuba version that played it."""

    edition: str
    seed: int
    agents: tuple[str, str]
    rules: tuple[str, ...] = ()
    skills: dict[str, list[str]] = attrs.field(factory=dict)
    mods: tuple[ModRef, ...] = ()
    teams_file: str | None = None
    sequence: bool = False
    cup: int | None = None
    version: str = attrs.field(factory=fuba_version)

    @classmethod
    def of(
        cls, edition: str, seed: int, setup: MatchSetup, mods: Iterable[Path | str] = (), teams_file: Path | None = None,
        sequence: bool = False, cup: int | None = None,
    ) -> RunConfig:
        """A run's record from its match set-up and what the command was given (`mods` and
        `teams_file` as written on the command line)."""
        cwd = Path.cwd()
        return cls(
            edition, seed, (str(setup.agents[0]), str(setup.agents[1])), setup.rules, setup.skills_by_team(),
            tuple(ModRef.of(m, cwd) for m in mods), None if teams_file is None else _relative(Path(teams_file), cwd),
            sequence, cup,
        )

    def as_json(self) -> JsonObject:
        out: JsonObject = {
            "edition": self.edition, "seed": self.seed, "agents": list(self.agents), "rules": list(self.rules),
            "skills": self.skills, "mods": [m.as_json() for m in self.mods], "sequence": self.sequence, "version": self.version,
        }
        if self.teams_file is not None:
            out["teams_file"] = self.teams_file
        if self.cup is not None:
            out["cup"] = self.cup
        return out

    @classmethod
    def from_json(cls, h: JsonObject) -> RunConfig:
        """The record in a log's or results file's first line; older files lack some
        fields (no version, mods as absolute paths) and are still read."""
        agents = [str(a) for a in _listed(h.get("agents")) or ["?", "?"]] + ["?", "?"]
        given = h.get("skills")
        skills = given if isinstance(given, dict) else {}
        seed, cup, teams_file = h.get("seed"), h.get("cup"), h.get("teams_file")
        return cls(
            str(h.get("edition")), seed if isinstance(seed, int) else 0, (agents[0], agents[1]),
            tuple(str(r) for r in _listed(h.get("rules"))), {str(t): [str(s) for s in v] for t, v in skills.items() if isinstance(v, list)},
            tuple(ModRef.from_json(m) for m in _listed(h.get("mods"))), teams_file if isinstance(teams_file, str) else None,
            bool(h.get("sequence", False)), cup if isinstance(cup, int) else None, str(h.get("version", "unknown")),
        )

    def identity(self) -> dict[str, object]:
        """The fields two runs share when one continues the other (mods by content)."""
        data = self.as_json()
        data["mods"] = [m.sha256 or m.path for m in self.mods]
        data.setdefault("cup", None)
        return {k: data[k] for k in IDENTITY}

    def lines(self) -> list[str]:
        """The configuration in plain English, one fact a line."""
        out = [f"edition {self.edition}, fuba {self.version}"]
        out.extend(f"mod {m.text()}" for m in self.mods)
        out.append("rules switched on: " + (", ".join(self.rules) if self.rules else "none (the basic game)"))
        if self.teams_file:
            out.append(f"team file {self.teams_file}")
        for team in ("home", "away"):
            if self.skills.get(team):
                out.append(f"{team} skills: {', '.join(self.skills[team])}")
        out.append(f"agents {self.agents[0]} (home) vs {self.agents[1]} (away), seed {self.seed}")
        if self.sequence:
            out.append("played as one league (--sequence): what a match passes on reaches the next")
        if self.cup is not None:
            out.append(f"knockout cups of {self.cup} teams (--cup)")
        return out


def _listed(value: Json) -> list[Json]:
    """A list field of a header; absent, or not a list (a file from elsewhere), it is empty."""
    return value if isinstance(value, list) else []
