"""Report sections for each workbench result: tables and plots, ready for page.render."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import plots
from .page import Figure, Section, Table

if TYPE_CHECKING:
    from ..workbench.balance import Balance
    from ..workbench.comparison import Comparison
    from ..workbench.realism import Distance, RealMatches
    from ..workbench.sweep import Sweep


def _ci(lo: float, hi: float, fmt: str = ".3f") -> str:
    return f"[{lo:{fmt}}, {hi:{fmt}}]"


def _tvd(d: Distance) -> str:
    """The distance with its interval (a distribution with bins always has both)."""
    return "" if d.tvd is None or d.tvd_ci is None else f"{d.tvd:.3f} {_ci(*d.tvd_ci)}"


def comparison(c: Comparison) -> list[Section]:
    """Per metric both means and B-A with interval (table and forest plot), and the goals."""
    out = []
    names = [chr(65 + i) for i in range(len(c.labels))]
    intro = Section("Sides", [f"{c.n} matches per side on {'the same' if c.paired_seeds else 'independent'} seeds from {c.seed}; stopped: {c.stopped}."])
    intro.tables.append(Table(["side", "edition, mods and rules"], [[name, label] for name, label in zip(names, c.labels)]))
    out.append(intro)
    for i, all_diffs in c.by_side().items():
        diffs = [d for d in all_diffs if not d.constant or d.only_in]
        same = [f"{d.text} ({d.a.mean:g})" for d in all_diffs if d.constant and not d.only_in]
        s = Section(f"{names[i]} against A", ["Highlighted: significant after Holm correction across every metric (p < 0.05). d: effect size (mean difference / its standard deviation)."])
        s.tables.append(Table(
            ["metric", "A", names[i], f"{names[i]} - A", "95% interval", "p", "p (Holm)", "d"],
            [[d.label, f"{d.a.mean:.3f}", f"{d.b.mean:.3f}", f"{d.diff.mean:+.3f}", _ci(d.diff.low, d.diff.high, "+.3f"), f"{d.p:.4f}", f"{d.p_holm:.4f}", f"{d.effect:+.2f}"] for d in diffs],
            [d.significant for d in diffs],
        ))
        if same:
            s.text.append(f"The same in every match of both sides: {', '.join(same)}.")
        s.figures.append(Figure(f"{names[i]} - A per metric, with 95% intervals", plots.forest(
            f"{names[i]} - A", [d.label for d in diffs], [d.diff.mean for d in diffs], [d.diff.low for d in diffs], [d.diff.high for d in diffs], [d.significant for d in diffs])))
        out.append(s)
    tests = Section("Result and goal distributions", [f"{t.name}: chi-square {t.chi2:.2f} on {t.dof} df, p = {t.p:.4f}" for t in c.tests])
    for t in c.tests:
        shares = {names[i]: [v / (sum(row) or 1) for v in row] for i, row in enumerate(t.counts)}
        tests.figures.append(Figure(f"{t.name} per side", plots.grouped_bars(t.name, t.categories, shares)))
    out.append(tests)
    return out


def goals_beside_real(named: dict[str, Sequence[Distance]]) -> Section | None:
    """Each run's goal distribution beside real football's (from the realism distances)."""
    goals = {label: d for label, ds in named.items() for d in ds if d.name == "goals_per_match" and d.bins}
    if not goals:
        return None
    first = next(iter(goals.values()))
    series = {label: d.sim_share for label, d in goals.items()}
    series["real football"] = first.real_share
    s = Section("Goals per match beside real football", [f"{label}: total variation distance {_tvd(d)}" for label, d in goals.items()])
    s.figures.append(Figure("share of matches by total goals", plots.grouped_bars("goals per match", first.bins, series)))
    return s


def realism(distances: Sequence[Distance], real: RealMatches) -> Section:
    s = Section("Realism", [f"Real football: {real.matches} matches from {real.files} files. TVD: total variation distance between the per-match distributions (0: the same, 1: nothing in common), with a bootstrap 95% interval; p: chi-square goodness of fit (draws: Fisher's exact test)."])
    s.tables.append(Table(
        ["metric", "simulated", "95% interval", "real", "TVD", "95% interval", "p"],
        [[d.text, f"{d.simulated.mean:.3f}", _ci(d.simulated.low, d.simulated.high), f"{d.real_mean:.3f}",
          "" if d.tvd is None else f"{d.tvd:.3f}", "" if d.tvd_ci is None else _ci(*d.tvd_ci), "" if d.p is None else f"{d.p:.4f}"] for d in distances],
    ))
    for d in distances:
        if d.bins and d.name != "goals_per_match":
            s.figures.append(Figure(f"{d.text}: simulated beside real", plots.grouped_bars(d.text, d.bins, {"simulated": d.sim_share, "real football": d.real_share})))
    return s


def metrics_table(title: str, rows: Sequence[tuple[str, float, float, float]], reference: dict[str, float] | None = None, names: Sequence[str] = ()) -> Section:
    """Means with 95% intervals (rows: text, mean, low, high), and a plot of them."""
    s = Section(title)
    ref = reference or {}
    s.tables.append(Table(["metric", "mean", "95% interval", "real football"],
                          [[t, f"{m:.3f}", _ci(lo, hi), f"{ref[n]:.3f}" if n in ref else ""] for (t, m, lo, hi), n in zip(rows, [*names, *[""] * len(rows)])]))
    s.figures.append(Figure("metrics with 95% intervals", plots.forest("means", [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], [r[3] for r in rows], [False] * len(rows), "mean with 95% interval")))
    return s


def sweep(sw: Sweep, metrics: Sequence[str]) -> list[Section]:
    texts = sw.points[0].sample.texts
    head = [s.path for s in sw.settings]
    table = Section("Grid", [f"{sw.n} matches per point on the same seeds from {sw.seed}.", *(f"Note: {s.note()}." for s in sw.settings if s.note())])
    table.tables.append(Table(head + [f"{texts.get(k, k)} (mean [95%])" for k in metrics],
                              [[str(v) for v in p.values] + [f"{p.metric(k).mean:.3f} {_ci(p.metric(k).low, p.metric(k).high, '.2f')}" for k in metrics] for p in sw.points]))
    curves = Section("Curves")
    xs = [", ".join(str(v) for v in p.values) for p in sw.points]
    for k in metrics:
        ivs = [p.metric(k) for p in sw.points]
        curves.figures.append(Figure(f"{texts.get(k, k)} against {', '.join(head)}", plots.curve(
            texts.get(k, k), xs, [i.mean for i in ivs], [i.low for i in ivs], [i.high for i in ivs], ", ".join(head), texts.get(k, k))))
    return [table, curves]


def balance(b: Balance) -> list[Section]:
    out = [Section("Baseline", [f"{b.n} matches per option on the same seeds from {b.seed}. Home win rate with free choices: {b.baseline.mean:.3f} {_ci(b.baseline.low, b.baseline.high)}."])]
    for c in b.choices:
        s = Section(f"{c.kind}: {c.label}", ["The home team takes each option; the away team plays as usual. Highlighted: flagged options.", *c.notes])
        s.tables.append(Table(["option", "home win rate", "95% interval", "change", "95% interval", "picked", "flags"],
                              [[o.option, f"{o.win.mean:.3f}", _ci(o.win.low, o.win.high), f"{o.change.mean:+.3f}", _ci(o.change.low, o.change.high, "+.3f"), str(o.picked), ", ".join(o.flags)] for o in c.options],
                              [bool(o.flags) for o in c.options]))
        s.figures.append(Figure(f"change in home win rate per option ({c.label})", plots.forest(
            c.label, [o.option for o in c.options], [o.change.mean for o in c.options], [o.change.low for o in c.options], [o.change.high for o in c.options], [bool(o.flags) for o in c.options])))
        if c.matrix is not None:
            labels = [o.option for o in c.options]
            s.figures.append(Figure(f"home win rate: home's {c.label} (rows) against away's (columns)", plots.heatmap(c.label, labels, c.columns, c.matrix, "away", "home")))
        out.append(s)
    return out
