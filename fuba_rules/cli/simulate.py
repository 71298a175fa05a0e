"""`fuba simulate`: play many seeded matches and summarize them."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import MATCH_ARGS, _load, _rules, _skills, _teams
from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.lang.runtime import RuleFault
from fuba_rules.sim.batch import format_table, simulate
from fuba_rules.sim.narrate import write_log
from fuba_rules.sim.play import play_match
from fuba_rules.sim.reference import load_reference


@subcommand(
    "simulate",
    "play matches between agents and summarize them",
    *MATCH_ARGS,
    arg("-n", type=int, default=100, help="number of matches (default 100)"),
    arg("--json", action="store_true", help="print the summary as JSON"),
    arg("--log", metavar="FILE", type=Path, help="write every event of the first match as JSON lines"),
    arg("--reference", metavar="DIR", type=Path, help="folder of real-match CSVs (football-data.co.uk columns) to print beside the results"),
    arg("--sequence", action="store_true", help="play the matches as one tournament or league: what a match passes on reaches the next"),
    arg("--report", metavar="FILE.html", type=Path, help="write a self-contained HTML report with plots (beside --reference)"),
)
def cmd_simulate(args: argparse.Namespace) -> int:
    """Play N seeded matches and print goals, results, set pieces, cards, turns and
    possession changes with 95% confidence intervals. The same edition, seed and agents
    always give the same numbers; `--log` writes the first match event by event for
    `fuba replay`."""
    ed = _load(args)
    rules, skills = _rules(args, ed), _skills(args, ed)
    agents = (args.home, args.away)
    if args.n < 1:
        raise FubaError(Diagnostic(None, "-n must be at least 1"))
    try:
        if args.log:
            r = play_match(ed, args.seed, agents, rules, skills)
            header = {"edition": ed.id, "seed": args.seed, "agents": list(agents), "rules": rules, "skills": skills, "teams": _teams(ed)}
            write_log(args.log, header, r.events)
            print(f"wrote {len(r.events)} events of match seed {args.seed} to {args.log}", file=sys.stderr)
        show = sys.stderr.isatty() and not args.json
        def progress(i: int) -> None:
            if show and (i == args.n or i % max(args.n // 50, 1) == 0):
                bar = "#" * (30 * i // args.n)
                print(f"\r[{bar:<30}] {i}/{args.n}", end="" if i < args.n else "\n", file=sys.stderr, flush=True)
        result = simulate(ed, args.n, args.seed, agents, rules, skills, progress, args.sequence)
    except RuleFault as e:
        raise e.to_error() from None
    reference = load_reference(args.reference) if args.reference else None
    if args.json:
        out = result.as_json()
        if reference:
            out["reference"] = {k: round(v, 4) for k, v in reference.items()}
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        print(format_table(result, reference))
    if args.report:
        from fuba_rules.report.simulate import write_simulate_report

        write_simulate_report(args.report, result, args.reference, "fuba " + " ".join(sys.argv[1:]))
    return 0


