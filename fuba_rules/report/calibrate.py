"""Report sections of `fuba calibrate`: the answer, the search history, the response curves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import plots
from .page import Figure, Section, Table

if TYPE_CHECKING:
    from ..workbench.calibrate import Calibration, Slope


def calibration_sections(c: Calibration) -> list[Section]:
    """The chosen values and the confirmation, then how the search went and, per target
    and numeric value, every trial's mean against the value with the target line."""
    chosen = Section("Chosen values", [f"{len(c.trials)} trials of {c.n} matches on the same seeds from {c.seed}; {c.sampler}.",
                                       "Range: the values of the trials whose 95% intervals meet every target."])
    chosen.tables.append(Table(["value", "chosen", "range", "searched"], [
        [v.path, v.label(x), v.range_text(c.ranges[v.path]), v.span()] for v, x in zip(c.varies, c.best.values)
    ]))
    confirm = Section("Confirmation", [f"{c.confirm.n} fresh matches (seeds from {c.confirm_seed}).", *c.notes])
    rows, hits = [], []
    for t in c.targets:
        iv = c.confirmed(t)
        rows.append([t.text, f"{iv.mean:.3f}", f"[{iv.low:.3f}, {iv.high:.3f}]", f"{iv.mean - t.value:+.3f}", "yes" if t.reached_by(iv) else "no"])
        hits.append(not t.reached_by(iv))
    confirm.tables.append(Table(["target", "mean", "95% interval", "off by", "hit"], rows, hits))
    confirm.tables.append(Table(["target metric", "value", "per unit [95%] or spread"], [
        [s.metric, s.path, _slope(s)] for s in c.slopes
    ], caption="Sensitivity: least squares over the trials"))
    search = Section("Search history")
    search.figures.append(Figure("miss per trial", plots.history("miss per trial", [tr.loss for tr in c.trials])))
    curves = Section("Response curves")
    for t in c.targets:
        for i, v in enumerate(c.varies):
            if not v.numeric:
                continue
            ivs = [tr.metrics[t.metric] for tr in c.trials]
            curves.figures.append(Figure(f"{t.metric} against {v.path}", plots.response(
                t.metric, [float(tr.values[i]) for tr in c.trials], [iv.mean for iv in ivs], [iv.low for iv in ivs], [iv.high for iv in ivs],
                t.value, float(c.best.values[i]), v.path + (" (shift)" if v.kind == "shift" else ""), t.metric)))
    return [chosen, confirm, search, curves]


def _slope(s: Slope) -> str:
    if s.slope is not None:
        return f"{s.slope.mean:+.3f} [{s.slope.low:+.3f}, {s.slope.high:+.3f}]"
    return "too few distinct trials" if s.spread is None else f"spread {s.spread:.3f}"
