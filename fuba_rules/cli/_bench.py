"""What the workbench commands share: sides, agents, progress bars, reports, realism."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from fuba_rules.cli import arg, editions_root
from fuba_rules.cli._options import (
    ADVANCED_ARG,
    JOBS_ARG,
    _agent,
    _skills,
    jobs_for,
    named_rules,
)
from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.sim.setup import MatchSetup
from fuba_rules.workbench.sample import Progress, Sample, Side, SideSpec, load_side, progress_bar

if TYPE_CHECKING:
    from fuba_rules.workbench.realism import Distance, RealMatches

PLAY_ARGS = (
    arg("--seed", type=int, default=0, help="seed of the first match (match i uses seed+i)"),
    arg("--home", type=_agent, default="coach", help="agent for the home team (default coach)"),
    arg("--away", type=_agent, default="coach", help="agent for the away team (default coach)"),
    arg("--with", dest="with_rules", metavar="RULES", help="advanced rules to switch on for every side, e.g. A1,A6"),
    ADVANCED_ARG,
    arg("--home-skills", metavar="NAMES", help="skills of the home team, comma separated"),
    arg("--away-skills", metavar="NAMES", help="skills of the away team"),
    arg("--teams", metavar="FILE", type=Path, help="a team file: home: {skills: [...]}, away: {skills: [...]}"),
    JOBS_ARG,
    arg("--json", action="store_true", help="print the result as JSON"),
    arg("--report", metavar="FILE.html", type=Path, help="write a self-contained HTML report with plots"),
    arg("--reference", metavar="DIR", type=Path, help="folder of real-match CSVs: distances to real football"),
)


def side(args: argparse.Namespace, text: str) -> Side:
    return load_side(SideSpec.parse(text), editions_root(args), named_rules(args), args.advanced)


def agents(args: argparse.Namespace) -> tuple[str, str]:
    return args.home, args.away


def skills(args: argparse.Namespace, s: Side) -> dict[str, list[str]]:
    return _skills(args, s.edition)


def setup(args: argparse.Namespace, first: Side) -> MatchSetup:
    """How every side's matches are set up, built once from the command line: the agents,
    the skills (checked against the first side's edition) and the first side's rules
    (--with, --advanced and its own), which every generated variant of it plays too."""
    return MatchSetup.of(agents(args), first.rules, skills(args, first))


def positive(value: int, name: str) -> int:
    if value < 1:
        raise FubaError(Diagnostic(None, f"{name} must be at least 1"))
    return value


@contextmanager
def bar(args: argparse.Namespace, total: int | None, desc: str) -> Iterator[Progress]:
    """A progress bar on a terminal (none with --json or when stderr is not a terminal),
    while the matches played inside go to -j worker processes (the same figures for any
    number)."""
    from fuba_rules.workbench.parallel import workers

    with workers(jobs_for(args.jobs, total)), progress_bar(total, desc, sys.stderr.isatty() and not args.json) as progress:
        yield progress


def real_matches(args: argparse.Namespace) -> RealMatches | None:
    if not args.reference:
        return None
    from fuba_rules.workbench.realism import load_real_matches

    return load_real_matches(args.reference)


def realism_of(args: argparse.Namespace, sample: Sample, real: RealMatches | None) -> list[Distance]:
    from fuba_rules.workbench.realism import realism

    return realism(sample, real, args.seed) if real is not None else []


def command_line() -> str:
    return "fuba " + shlex.join(sys.argv[1:])


def emit_json(data: dict) -> None:
    print(json.dumps(data, indent=2, sort_keys=True, default=str))


def write_report(path: Path, title: str, sections: list) -> None:
    from fuba_rules.report.page import Page, write

    write(path, Page(title, command_line(), sections))
    print(f"wrote {path}", file=sys.stderr)
