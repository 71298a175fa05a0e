"""`fuba ladder`: agents play each other both ways round; results and ratings."""

from __future__ import annotations

import argparse
import json
import sys

from fuba_rules.agents import make_agent
from fuba_rules.cli import arg, editions_root, subcommand
from fuba_rules.cli._options import (
    JOBS_ARG,
    MATCH_ARGS,
    MATCHES,
    _load,
    _rules,
    _skills,
    jobs_for,
    run_size,
)
from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.lang.runtime import RuleFault
from fuba_rules.sim.setup import EditionSource, MatchSetup
from fuba_rules.workbench.ladder import format_ladder, ladder
from fuba_rules.workbench.parallel import workers


def _agent_list(text: str) -> list[str]:
    names = [a.strip() for a in text.split(",") if a.strip()]
    for name in names:
        try:
            make_agent(name, 0)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    if len(names) < 2 or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError("--agents needs at least two different agents, e.g. random,coach")
    return names


@subcommand(
    "ladder",
    "play agents against each other and rate them",
    *[a for a in MATCH_ARGS if a[0][0] not in ("--home", "--away")],
    arg("--agents", type=_agent_list, default=["random", "coach"], metavar="LIST", help="agents, comma separated (default random,coach), e.g. random,coach,search:40@10~2"),
    arg("-n", type=MATCHES, default=20, help="matches per pairing each way round (default 20)"),
    JOBS_ARG,
    arg("--json", action="store_true", help="print the results as JSON"),
)
def cmd_ladder(args: argparse.Namespace) -> int:
    """Every pair of agents plays N matches with each at home (match i of both orders uses
    seed+i, so both see the same dice). Prints wins, draws and losses with 95% (Wilson)
    intervals, how often the first agent won the decided matches, and a Bradley-Terry
    rating on the Elo scale fitted on every result."""
    ed = _load(args)
    if args.n < 1:
        raise FubaError(Diagnostic(None, "-n must be at least 1"))
    show = sys.stderr.isatty() and not args.json

    def progress(i: int, total: int) -> None:
        if show:
            print(f"\r{i}/{total} matches", end="" if i < total else "\n", file=sys.stderr, flush=True)

    matches = run_size(2 * args.n * len(args.agents) * (len(args.agents) - 1) // 2, f"{len(args.agents)} agents playing {args.n:,} matches each way round")
    source = EditionSource.of(args.edition, args.mod or [], editions_root(args))
    setup = MatchSetup.of(rules=_rules(args, ed), skills=_skills(args, ed), source=source)  # the agents are each pairing's
    try:
        with workers(jobs_for(args.jobs, matches)):
            result = ladder(ed, args.agents, args.n, args.seed, setup, progress)
    except RuleFault as e:
        raise e.to_error() from None
    print(json.dumps(result.as_json(), indent=2, sort_keys=True) if args.json else format_ladder(result))
    return 0
