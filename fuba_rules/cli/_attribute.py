"""`fuba compare BASE DRAFT --attribute`: which of the draft's changes moved which metric."""

from __future__ import annotations

import argparse

from fuba_rules.cli import _bench as bench
from fuba_rules.cli import editions_root
from fuba_rules.diagnostics import Diagnostic, FubaError


def attribute(args: argparse.Namespace, n: int) -> int:
    """Each change of the draft alone, and the whole draft, against the base on the same seeds."""
    from fuba_rules.workbench.attribute import format_attribution, run_attribution
    from fuba_rules.workbench.sample import SideSpec

    if len(args.sides) != 2:
        raise FubaError(Diagnostic(None, "--attribute takes two sides, the base and the draft, e.g. EDITION EDITION+mods/x.yaml"))
    if args.precision or args.until_significant or args.independent or args.reference:
        raise FubaError(Diagnostic(None, "--attribute plays -n matches per side on the same seeds: leave out --precision, --until-significant, --independent and --reference"))
    base = bench.side(args, args.sides[0])  # checks both sides before playing
    bench.side(args, args.sides[1])
    specs = [SideSpec.parse(s) for s in args.sides]
    with bench.bar(args, None, "attribute") as progress:
        a = run_attribution(specs[0], specs[1], editions_root(args), n, args.seed, bench.setup(args, base), progress.update)
    if args.json:
        bench.emit_json(a.as_json())
    else:
        print(format_attribution(a))
    if args.report:
        from fuba_rules.report import sections

        bench.write_report(args.report, f"fuba compare --attribute: {' vs '.join(args.sides)}", sections.comparison(a.comparison))
    return 0
