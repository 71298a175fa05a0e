"""`fuba sweep`: vary constants, table cells or modifiers over a grid and plot each metric."""

from __future__ import annotations

import argparse

from fuba_rules.cli import _bench as bench
from fuba_rules.cli import arg, editions_root, subcommand
from fuba_rules.cli._options import MATCHES, run_size
from fuba_rules.diagnostics import Diagnostic, FubaError, did_you_mean
from fuba_rules.limits import MAX_SWEEP_POINTS


@subcommand(
    "sweep",
    "vary values of an edition over a grid; a table and a plot of each metric",
    arg("edition", metavar="SIDE", help="EDITION[+MOD.yaml...][:RULE,...], as for `fuba compare`"),
    arg("--set", dest="settings", action="append", required=True, metavar="PATH=V1,V2,...",
        help="a value to vary, addressed as `fuba show`/`fuba diff` print it (repeatable: a grid); `removed` removes the entry"),
    arg("-n", type=MATCHES, default=100, help="matches per grid point (the same seeds at every point; default 100)"),
    arg("--metric", dest="metrics", action="append", metavar="NAME", help="metrics to show (default: those that vary); repeatable"),
    *bench.PLAY_ARGS,
)
def cmd_sweep(args: argparse.Namespace) -> int:
    """Each grid point is played as a generated mod that changes only the given values,
    on the same seeds, so the curves show the effect of the value, not of luck.

    examples:
      fuba sweep <edition> --set modifiers.shot_keeper_out.value=0,2,4,6 -n 200
      fuba sweep <edition> --set constants.half_length=30,40,45 --set modifiers.pass_long.value=0,1
      fuba sweep <edition>+mods/<mod>.yaml --set modifiers.<row>=removed,1
    """
    from fuba_rules.workbench.sample import SideSpec
    from fuba_rules.workbench.sweep import (
        format_sweep,
        parse_setting,
        resolved_data,
        run_sweep,
    )

    n = bench.positive(args.n, "-n")
    spec = SideSpec.parse(args.edition)
    root = editions_root(args)
    first = bench.side(args, args.edition)  # checks the side, its rules and skills before playing
    setup = bench.setup(args, first)  # --advanced and --with as every command reads them (bench.side)
    _, data = resolved_data(spec.edition, first.mods, root)
    points = 1
    for text in args.settings:
        points *= len(parse_setting(text, data).values)
        if points > MAX_SWEEP_POINTS:
            raise FubaError(Diagnostic(None, f"the grid has more than {MAX_SWEEP_POINTS:,} points (at --set {text.partition('=')[0]}); sweep fewer values at once (docs/limits.md)"))
    run_size(points * n, f"{points:,} grid points of {n:,} matches")
    with bench.bar(args, points * n, "sweep") as progress:
        sw = run_sweep(spec, args.settings, root, n, args.seed, setup, progress.update)
    known = sw.metric_names()
    for m in args.metrics or []:
        if m not in known:
            raise FubaError(Diagnostic(None, f"unknown metric {m!r}{did_you_mean(m, known)}; metrics: {', '.join(known)}"))
    metrics = args.metrics or [k for k in known if len({tuple(p.sample.values[k]) for p in sw.points}) > 1] or known[:1]
    real = bench.real_matches(args)
    distances = [bench.realism_of(args, p.sample, real) for p in sw.points]
    if args.json:
        out = sw.as_json()
        if real is not None:
            for p, ds in zip(out["points"], distances):
                p["realism"] = {d.name: d.as_json() for d in ds}
        bench.emit_json(out)
    else:
        print(format_sweep(sw, metrics))
        if real is not None:
            from fuba_rules.workbench.realism import format_realism

            for p, ds in zip(sw.points, distances):
                point = ", ".join(f"{s.path}={v}" for s, v in zip(sw.settings, p.values))
                print(f"\n{point}: " + format_realism(ds, real))
    if args.report:
        from fuba_rules.report import sections

        page = sections.sweep(sw, metrics)
        labels = [", ".join(f"{st.path}={v}" for st, v in zip(sw.settings, p.values)) for p in sw.points]
        beside = sections.goals_beside_real(dict(zip(labels, distances)))
        if beside:
            page.append(beside)
        for point, ds in zip(labels, distances):
            if ds and real is not None:  # distances come only with real matches
                section = sections.realism(ds, real)
                section.title = "Realism: " + point
                page.append(section)
        bench.write_report(args.report, f"fuba sweep: {sw.base} over {', '.join(st.path for st in sw.settings)}", page)
    return 0
