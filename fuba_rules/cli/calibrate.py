"""`fuba calibrate`: find the values of a draft's rules that hit target metrics."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fuba_rules.cli import _bench as bench
from fuba_rules.cli import arg, editions_root, subcommand
from fuba_rules.cli._options import jobs_for


@subcommand(
    "calibrate",
    "search the values of rules that give target metrics (Optuna, common random numbers), then confirm on fresh seeds",
    arg("edition", metavar="SIDE", help="EDITION[+MOD.yaml...][:RULE,...], as for `fuba compare`"),
    arg("--mod", dest="mods", action="append", metavar="FILE", help="a mod on top of the side (repeatable)"),
    arg("--vary", dest="varies", action="append", required=True, metavar="PATH=LOW..HIGH|A,B,...",
        help="a value to search, addressed as for `sweep --set`; on a formula a range is a shift (repeatable)"),
    arg("--target", dest="targets", action="append", required=True, metavar="METRIC=VALUE[+-TOL][*WEIGHT]",
        help="a metric's mean to aim at (repeatable); `reference` aims at real football (with --reference DIR)"),
    arg("-n", type=int, default=100, help="matches per trial, the same seeds for every trial (default 100)"),
    arg("--budget", type=int, default=2000, help="matches the search may play in all (default 2000)"),
    arg("--confirm", type=int, metavar="N", help="matches of the confirmation run on fresh seeds (default 4 x -n)"),
    arg("--batch", type=int, default=4, help="trials proposed and played at once (default 4; the answer depends on it, not on -j)"),
    arg("--dask", metavar="ADDRESS", help="play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (the same answer as -j)"),
    arg("-o", "--output", type=Path, metavar="FILE.yaml", help="write the chosen values as a mod"),
    *bench.PLAY_ARGS,
)
def cmd_calibrate(args: argparse.Namespace) -> int:
    """Every trial is the side with the varied values set (a generated mod, as sweep
    plays one), played on the same seeds, so trials differ by the rules alone. Optuna's
    TPE sampler, seeded by --seed, proposes the trials; the best is played again on fresh
    seeds and each target reported with its 95% interval there.

    examples:
      fuba calibrate <edition> --vary modifiers.shot_keeper_out.value=0..6 --target goals_per_match=2.7
      fuba calibrate <edition> --vary constants.half_length=30..45 --vary modifiers.shot_distance.value=-2..+2 \\
          --target goals_per_match=2.7+-0.1 --target draws=0.25*2 -n 100 --budget 2000 -o tuned.yaml
      fuba calibrate <edition> --vary modifiers.shot_distance.value=-2..+2 --target reference --reference DIR
    """
    from fuba_rules.sim.reference import load_reference
    from fuba_rules.workbench.calibrate import format_calibration, run_calibration
    from fuba_rules.workbench.parallel import workers
    from fuba_rules.workbench.sample import RESULTS, SideSpec, progress_bar

    n = bench.positive(args.n, "-n")
    budget = bench.positive(args.budget, "--budget")
    confirm = bench.positive(args.confirm or 4 * n, "--confirm")
    batch = bench.positive(args.batch, "--batch")
    text = args.edition + "".join(f"+{m}" for m in args.mods or [])
    spec = SideSpec.parse(text)
    first = bench.side(args, text)  # checks the side, its rules and skills before playing
    reference = load_reference(args.reference) if args.reference else None
    measured = [*first.edition.stats, *RESULTS]
    jobs = jobs_for(args.jobs, budget)
    with workers(jobs, args.dask), progress_bar(budget + confirm, "calibrate", sys.stderr.isatty() and not args.json) as progress:
        c = run_calibration(
            spec, args.varies, args.targets, editions_root(args), n, budget, confirm, args.seed, bench.setup(args, first),
            measured, reference, batch, progress.update,
        )
    if args.json:
        bench.emit_json(c.as_json())
    else:
        print(format_calibration(c))
    if args.output:
        args.output.write_text(c.mod_text(), encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    if args.report:
        from fuba_rules.report.calibrate import calibration_sections

        bench.write_report(args.report, f"fuba calibrate: {c.side}", calibration_sections(c))
    return 0

