"""`fuba replay`: narrate a match log in plain English."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fuba_rules.cli import arg, report, subcommand
from fuba_rules.diagnostics import Diagnostic, Pos
from fuba_rules.sim.matchlog import read_log
from fuba_rules.sim.narrate import narrate
from fuba_rules.sim.runinfo import RunConfig


@subcommand(
    "replay",
    "narrate a match log in plain English",
    arg("log", type=Path, help="a JSON-lines log written by `fuba simulate --log`"),
)
def cmd_replay(args: argparse.Namespace) -> int:
    """Print every step of a logged match with its minute and rulebook chapter.

    A log whose match did not finish (no end line: the run was stopped, the disk was
    full, a rule faulted) is narrated as far as it goes, then said to end early (exit 1)."""
    log = read_log(args.log)
    h = log.header
    agents, teams = h.get("agents"), h.get("teams")
    print(f"{h.get('edition')} seed {h.get('seed')}: {' vs '.join(map(str, agents if isinstance(agents, list) else []))}")
    for line in RunConfig.from_json(h).lines():
        print(f"  {line}")
    for line in narrate(log.events, teams if isinstance(teams, dict) else None):
        print(line)
    if log.end is None:
        sys.stdout.flush()
        report([Diagnostic(Pos(str(args.log), log.last_line, 1), "log ends early: the match was cut short (no end line)")])
        return 1
    return 0
