"""What the match commands share: an edition with its mods, rules, skills, agents."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from fuba_rules.agents import make_agent
from fuba_rules.cli import arg, editions_root
from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.edition import Edition, load_edition
from fuba_rules.limits import MAX_MATCHES, MAX_NUMBER_DIGITS
from fuba_rules.sim.setup import EditionSource, MatchSetup
from fuba_rules.yamlpos import load_yaml


def _load(args: argparse.Namespace) -> Edition:
    return load_edition(args.edition, [Path(m) for m in args.mod or []], editions_root(args))


def named_rules(args: argparse.Namespace) -> list[str]:
    """The rules named with `--with`, in order."""
    return [r.strip() for r in (getattr(args, "with_rules", None) or "").split(",") if r.strip()]


def _rules(args: argparse.Namespace, ed: Edition) -> list[str]:
    """The rules a command's matches play with: `--advanced` and `--with` read alike by every
    command (Edition.rules_asked; the workbench sides go through it too)."""
    return ed.rules_asked(named_rules(args), getattr(args, "advanced", False), "--with: ")


def match_setup(args: argparse.Namespace, ed: Edition) -> MatchSetup:
    """The match set-up a match command's line asks for, built once: its agents, the
    rules `--advanced` and `--with` switch on, the skills, `--check-invariants`, and how a
    worker loads the edition again (the edition, `--mod`s and `--root` as given)."""
    return MatchSetup.of(
        (args.home, args.away), _rules(args, ed), _skills(args, ed), bool(getattr(args, "check_invariants", False)),
        EditionSource.of(args.edition, args.mod or [], editions_root(args)),
    )


def _skills(args: argparse.Namespace, ed: Edition) -> dict[str, list[str]]:
    """Each team's skills: from --teams FILE, then --home-skills/--away-skills (which win)."""
    out: dict[str, list[str]] = {"home": [], "away": []}
    if getattr(args, "teams", None):
        out.update(_team_file(args.teams, ed))
    for team in ("home", "away"):
        given = getattr(args, f"{team}_skills")
        if given:
            names = [s.strip() for s in given.split(",") if s.strip()]
            for s in names:
                ed.check_skill(s)
            out[team] = names
    return out


def _team_file(path: Path, ed: Edition) -> dict[str, list[str]]:
    """A team file: `home: {skills: [...]}` and `away: {skills: [...]}`."""
    data = load_yaml(path)
    where = getattr(data, "pos", None)
    if not isinstance(data, dict) or not set(data) <= {"home", "away"}:
        raise FubaError(Diagnostic(where, "a team file holds `home:` and `away:`, each with `skills: [...]`"))
    out = {}
    for team, spec in data.items():
        skills = spec.get("skills", []) if isinstance(spec, dict) else None
        if not isinstance(skills, list):
            raise FubaError(Diagnostic(getattr(spec, "pos", where), f"{team}: expected `skills:` with a list of skill names"))
        for i, name in enumerate(skills):
            ed.check_skill(name, skills.item_pos[i] if hasattr(skills, "item_pos") else where)
        out[str(team)] = [str(x) for x in skills]
    return out


def _agent(name: str) -> str:
    try:
        make_agent(name, 0)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return name


def _teams(ed: Edition) -> dict[str, str]:
    return ed.team_names()


ADVANCED_ARG = arg(
    "--advanced", action="store_true",
    help="switch on every advanced rule (not the competition rules, kind: competition; name those with --with)",
)

MATCH_ARGS = (
    arg("edition", help="edition id (see `fuba editions`) or path"),
    arg("--seed", type=int, default=0, help="seed of the first match (match i uses seed+i)"),
    arg("--home", type=_agent, default="coach", help="agent for the home team: random, coach or search[:PLAYOUTS|:SECONDSs] (default coach)"),
    arg("--away", type=_agent, default="coach", help="agent for the away team (default coach)"),
    arg("--mod", action="append", metavar="FILE", help="apply a mod file on top of the edition (repeatable)"),
    arg("--with", dest="with_rules", metavar="RULES", help="advanced or competition rules to switch on, e.g. A1,A6,A10 or C3"),
    ADVANCED_ARG,
    arg("--home-skills", metavar="NAMES", help="skills of the home team, comma separated (`fuba show EDITION --section skills` lists them)"),
    arg("--away-skills", metavar="NAMES", help="skills of the away team"),
    arg("--teams", metavar="FILE", type=Path, help="a team file: home: {skills: [...]}, away: {skills: [...]}"),
)


def count(what: str, cap: int) -> Callable[[str], int]:
    """An argparse type: a whole number of `what` from the command line, at most `cap`
    (a run past it could not finish, or would not fit in memory: docs/limits.md)."""

    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if not digits.isdigit():
            raise argparse.ArgumentTypeError(f"expected a whole number of {what}, got {shorten(text)!r}")
        value = int(text) if len(digits) <= MAX_NUMBER_DIGITS else cap + 1
        if value > cap:
            raise argparse.ArgumentTypeError(f"at most {cap:,} {what} (docs/limits.md)")
        return value

    return parse


MATCHES = count("matches", MAX_MATCHES)
"""The type of every -n: a number of matches."""


def run_size(matches: int, how: str) -> int:
    """`matches` when one command may play that many; else an error saying how they add up."""
    if matches > MAX_MATCHES:
        raise FubaError(Diagnostic(None, f"{how} make {matches:,} matches; one run plays at most {MAX_MATCHES:,} (docs/limits.md)"))
    return matches


def shorten(text: str, width: int = 40) -> str:
    """A command-line value as a message quotes it: long ones cut."""
    return text if len(text) <= width else text[: width - 3] + "..."


SMALL_BATCH = 20  # without -j, fewer matches than this play here: starting workers costs more


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of worker processes, got '{text}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1 worker process")
    return value


JOBS_ARG = arg(
    "-j", "--jobs", type=_jobs, default=None, metavar="N",
    help=f"worker processes (default: every core, or 1 below {SMALL_BATCH} matches); the results are the same for any N",
)


def jobs_for(given: int | None, matches: int | None) -> int:
    """-j as given; by default every core, unless the run is too small to gain (a run of
    unknown size counts as large)."""
    from fuba_rules.sim.workers import default_jobs

    if given is not None:
        return given
    return default_jobs() if matches is None or matches >= SMALL_BATCH else 1
