"""`fuba balance`: is any option dominant? Win rates of skills and strategic decisions."""

from __future__ import annotations

import argparse

from fuba_rules.cli import arg, subcommand
from fuba_rules.cli import _bench as bench
from fuba_rules.cli._options import MATCHES, run_size
from fuba_rules.diagnostics import Diagnostic, FubaError, did_you_mean


@subcommand(
    "balance",
    "win rate of each skill and strategic choice, with intervals; flags dominant and unused options",
    arg("edition", metavar="SIDE", help="EDITION[+MOD.yaml...][:RULE,...], as for `fuba compare`"),
    arg("-n", type=MATCHES, default=50, help="matches per option and per matrix cell (the same seeds for all; default 50)"),
    arg("--decision", dest="decisions", action="append", metavar="LABEL", help="only this decision (repeatable); default: every strategic decision found"),
    arg("--skill", dest="skill_names", action="append", metavar="NAME", help="only this skill (repeatable); default: every skill"),
    arg("--no-skills", action="store_true", help="skip the skills"),
    arg("--no-matrix", action="store_true", help="skip the option-against-option matrices (they cost options^2 x n matches)"),
    arg("--max-options", type=int, default=12, help="a decision with more options than this is tactical, not strategic (default 12)"),
    *bench.PLAY_ARGS,
)
def cmd_balance(args: argparse.Namespace) -> int:
    """Options are found in the edition, not named in fuba: every skill of `skills:`, and
    every decision that a first run of -n matches shows offering the same fixed options
    each time it is asked (for example a formation or who kicks off). For each option the
    home team is made to take it, on the same seeds as every other option; the table
    gives the home win rate and its change against the agents' free choice, with 95%
    intervals. Flags: `never worse` (no other option wins more often on the same
    seeds), `better than every other` (and each of those differences is significant),
    `never picked` (the agents, free to choose, never took it), `never used` (a skill
    that never came into play). A decision both teams take also gets a matrix.

    examples:
      fuba balance <edition> -n 50 --no-skills
      fuba balance <edition>:A12 --decision formation -n 100 --report balance.html
    """
    from fuba_rules.workbench.balance import format_balance, run_balance, strategic_decisions
    from fuba_rules.workbench.sample import play_sample

    n = bench.positive(args.n, "-n")
    side = bench.side(args, args.edition)
    skills = bench.skills(args, side)
    for name in args.skill_names or []:
        side.edition.check_skill(name)
    with bench.bar(args, None, "balance") as progress:  # the number of options is found as it goes
        if args.decisions:  # check the labels before the long run
            pilot = play_sample(side, range(args.seed, args.seed + min(n, 3)), bench.agents(args), skills, tick=progress.update)
            found = strategic_decisions(pilot, args.max_options)
            for d in args.decisions:
                if d not in found:
                    raise FubaError(Diagnostic(None, f"no strategic decision {d!r}{did_you_mean(d, found)}; found: {', '.join(found) or 'none'}"))
        b = run_balance(side, n, args.seed, bench.agents(args), skills, args.decisions, not args.no_skills,
                        args.skill_names, not args.no_matrix, args.max_options, progress.update)
    if args.json:
        bench.emit_json(b.as_json())
    else:
        print(format_balance(b))
    if args.report:
        from fuba_rules.report import sections

        bench.write_report(args.report, f"fuba balance: {side.label}", sections.balance(b))
    return 0
