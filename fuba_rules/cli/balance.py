"""`fuba balance`: is any option dominant? Win rates of skills and strategic decisions."""

from __future__ import annotations

import argparse

from fuba_rules.cli import _bench as bench
from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import MATCHES
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
    every decision whose rule text always offers the same options (a list of texts or a
    table's keys: a formation, a penalty side), whatever -n and the seed; a yes-or-no
    (`may_choose` of one option, such as shoot or not) is tactical and left out.
    `--decision` or `--skill` alone rates only what is named. For each option the
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
    from fuba_rules.workbench.balance import format_balance, run_balance
    from fuba_rules.workbench.decisions import decisions_of, strategic

    n = bench.positive(args.n, "-n")
    side = bench.side(args, args.edition)
    setup = bench.setup(args, side)
    for name in args.skill_names or []:
        side.edition.check_skill(name)
    found = strategic(side.edition, args.max_options)
    for d in args.decisions or []:  # checked against the rules before the long run
        if d not in found:
            raise FubaError(Diagnostic(None, _not_strategic(d, found, decisions_of(side.edition), args.max_options)))
    decisions = args.decisions if args.decisions or not args.skill_names else []  # --skill alone: only that skill
    with_skills = not args.no_skills and not (args.decisions and not args.skill_names)  # --decision alone: only that
    with bench.bar(args, None, "balance") as progress:  # the number of options is found as it goes
        b = run_balance(side, n, args.seed, setup, decisions, with_skills,
                        args.skill_names, not args.no_matrix, args.max_options, progress.update)
    if args.json:
        bench.emit_json(b.as_json())
    else:
        print(format_balance(b))
    if args.report:
        from fuba_rules.report import sections

        bench.write_report(args.report, f"fuba balance: {side.label}", sections.balance(b))
    return 0


def _not_strategic(label: str, found: dict, every: dict, max_options: int) -> str:
    """Why `--decision label` cannot be rated, and what can."""
    spec = every.get(label)
    names = ", ".join(found) or "none"
    if spec is None:
        return f"no decision {label!r} in the rules{did_you_mean(label, found or every)}; strategic decisions: {names}"
    if spec.options is None:
        why = "its options are worked out from the position each time (a tactical decision)"
    elif spec.trivial:
        why = "it is a yes or no taken in the moment (do it or not), not a strategy"
    else:
        why = f"it has more than --max-options {max_options} options"
    return f"no strategic decision {label!r}: {why}; strategic decisions: {names}"
