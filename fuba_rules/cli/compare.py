"""`fuba compare`: play sides on the same seeds and say, with significance, what changed."""

from __future__ import annotations

import argparse

import attrs

from fuba_rules.cli import _bench as bench
from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import MATCHES, _agent, run_size
from fuba_rules.diagnostics import Diagnostic, FubaError


def _pairings(text: str) -> list[tuple[str, str]]:
    """`--agents`: "coach,search:20" (each agent plays both teams) or "search:20/coach" (home/away)."""
    out = []
    for item in (t.strip() for t in text.split(",")):
        home, _, away = item.partition("/")
        out.append((_agent(home), _agent(away or home)))
    if len(set(out)) < 2:
        raise argparse.ArgumentTypeError("--agents needs at least two different pairings, e.g. coach,search:20")
    return out


@subcommand(
    "compare",
    "compare editions, mods and rule switches on paired seeds, with significance",
    arg("sides", nargs="+", metavar="SIDE", help="EDITION[+MOD.yaml...][:RULE,...]; the first side is the baseline"),
    arg("-n", type=MATCHES, default=100, help="matches per side (and per batch with --precision/--until-significant; default 100)"),
    arg("--precision", type=float, metavar="X", help="add batches until every difference is known within +-X (95%%)"),
    arg("--until-significant", action="store_true", help="add batches until some difference is significant"),
    arg("--max-n", type=MATCHES, metavar="N", help="stop adding batches at N matches per side (default 10 x -n)"),
    arg("--independent", action="store_true", help="give each side its own seeds instead of the same ones (an A/A check)"),
    arg("--changed", action="store_true", help="print only the metrics that changed"),
    arg("--agents", type=_pairings, metavar="LIST",
        help="pairings of agents, comma separated, e.g. coach,search:20: each plays both teams (HOME/AWAY for a mixed "
             "pairing); the sides are compared under each, and a table says which verdicts hold under all (replaces --home/--away)"),
    arg("--attribute", action="store_true", help="split the draft (second side) into its changes; measure each alone and their interaction"),
    *bench.PLAY_ARGS,
)
def cmd_compare(args: argparse.Namespace) -> int:
    """Each side is an edition with optional mods and rule switches:
      EDITION                  the edition as it is
      EDITION+mods/x.yaml      with a mod (a path from the working directory or the editions root)
      EDITION:A1,A6            with advanced rules switched on
    combinable, e.g. EDITION+mods/x.yaml+mine.yaml:A1.

    Every side plays the same seeds (common random numbers), so each difference is
    measured match by match: per metric, both means, the difference with its 95%
    interval, a paired t-test p-value, Holm-corrected across all metrics, and the effect
    size d (mean difference / its standard deviation). The result (home/draw/away) and
    goal distributions get a chi-square test. `*` marks what changed.

    examples:
      fuba compare <edition> <edition>+mods/<mod>.yaml -n 200
      fuba compare <edition> <edition>:A6 --precision 0.1 --max-n 2000
      fuba compare <edition> <edition>+mods/<mod>.yaml -n 20 --agents coach,search:8@6~2   # the rules' verdict or the agents'?
    """
    if len(args.sides) < 2:
        raise FubaError(Diagnostic(None, "compare needs at least two sides, e.g. EDITION EDITION+mods/x.yaml"))
    n = bench.positive(args.n, "-n")
    if args.attribute:
        from fuba_rules.cli._attribute import attribute

        return attribute(args, n)
    sides = [bench.side(args, s) for s in args.sides]
    real = bench.real_matches(args)
    from fuba_rules.workbench.comparison import format_comparison, run_comparison

    max_n = args.max_n or (10 * n if args.precision or args.until_significant else n)
    pairings = len(args.agents or [None])
    under = f" under {pairings} pairings of agents" if pairings > 1 else ""
    run_size(max_n * len(sides) * pairings, f"{len(sides)} sides of {max_n:,} matches{under}")
    if args.agents:
        return _under_pairings(args, sides, n, max_n)
    with bench.bar(args, max_n * len(sides), "compare") as progress:
        c = run_comparison(
            sides, n, args.seed, bench.setup(args, sides[0]), not args.independent,
            args.precision, args.until_significant, max_n, progress.update,
        )
    distances = [bench.realism_of(args, s, real) for s in c.samples]
    if args.json:
        out = c.as_json()
        if real is not None:
            out["realism"] = {label: {d.name: d.as_json() for d in ds} for label, ds in zip(c.labels, distances)}
        bench.emit_json(out)
    else:
        print(format_comparison(c, args.changed))
        if real is not None:
            from fuba_rules.workbench.realism import format_realism

            for i, ds in enumerate(distances):
                print(f"\n{chr(65 + i)}: " + format_realism(ds, real))
    if args.report:
        from fuba_rules.report import sections

        page = sections.comparison(c)
        beside = sections.goals_beside_real({chr(65 + i): ds for i, ds in enumerate(distances)})
        if beside:
            page.append(beside)
        for label, ds in zip(c.labels, distances):
            if ds and real is not None:  # distances come only with real matches
                section = sections.realism(ds, real)
                section.title = f"Realism: {label}"
                page.append(section)
        bench.write_report(args.report, f"fuba compare: {' vs '.join(c.labels)}", page)
    return 0


def _under_pairings(args: argparse.Namespace, sides: list, n: int, max_n: int) -> int:
    """The comparison once per pairing of agents (the same seeds), then whether each verdict holds under all."""
    if args.report or args.reference:
        raise FubaError(Diagnostic(None, "--agents prints its tables (or --json); --report and --reference take one pairing (--home/--away)"))
    from fuba_rules.workbench.comparison import format_comparison, format_verdicts, run_comparison, verdicts_json

    setup = bench.setup(args, sides[0])
    pairings = {}
    with bench.bar(args, max_n * len(sides) * len(args.agents), "compare") as progress:
        for home, away in args.agents:
            pairings[home if home == away else f"{home}/{away}"] = run_comparison(
                sides, n, args.seed, attrs.evolve(setup, agents=(home, away)), not args.independent,
                args.precision, args.until_significant, max_n, progress.update,
            )
    if args.json:
        bench.emit_json({"pairings": {p: c.as_json() for p, c in pairings.items()}, "verdicts": verdicts_json(pairings)})
        return 0
    for p, c in pairings.items():
        print(f"== {p} against {p}" if "/" not in p else f"== {p.replace('/', ' (home) against ')} (away)")
        print(format_comparison(c, args.changed))
        print()
    print(format_verdicts(pairings))
    return 0
