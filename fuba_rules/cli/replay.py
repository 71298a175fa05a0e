"""`fuba replay`: narrate a match log in plain English."""

from __future__ import annotations

import argparse
from pathlib import Path

from fuba_rules.cli import arg, subcommand
from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.sim.narrate import narrate, read_log


@subcommand(
    "replay",
    "narrate a match log in plain English",
    arg("log", type=Path, help="a JSON-lines log written by `fuba simulate --log`"),
)
def cmd_replay(args: argparse.Namespace) -> int:
    """Print every step of a logged match with its minute and rulebook chapter."""
    try:
        header, events = read_log(args.log)
    except OSError as e:
        raise FubaError(Diagnostic(None, f"cannot read {args.log}: {e.strerror}")) from None
    except ValueError as e:
        raise FubaError(Diagnostic(None, str(e))) from None
    if header:
        print(f"{header.get('edition')} seed {header.get('seed')}: {' vs '.join(header.get('agents', []))}")
    for line in narrate(events, header.get("teams")):
        print(line)
    return 0


