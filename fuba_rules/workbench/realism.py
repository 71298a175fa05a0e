"""How far simulated matches are from real football, distribution by distribution.

Real matches come from football-data.co.uk style CSVs (the columns `sim.reference`
reads). For each count (goals, cards, corners) the distance is the total variation
distance between the simulated and the real per-match distributions, with a bootstrap
95% interval over the simulated matches, and a chi-square goodness-of-fit p-value; the
draw rate is compared as a difference of proportions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import attrs

from ..diagnostics import Diagnostic, FubaError
from ..sim.reference import _COLUMNS, csv_rows
from .deps import need
from .sample import Sample
from .stats import Interval, interval

BOOTSTRAP = 400


@attrs.frozen
class RealMatches:
    """Per-match values of real matches: metric name -> one value per match that has it."""

    values: dict[str, list[int]]
    files: int

    @property
    def matches(self) -> int:
        return max((len(v) for v in self.values.values()), default=0)


def load_real_matches(folder: Path) -> RealMatches:
    """Every `*.csv` in folder; rows missing a column are skipped for that metric only."""
    files = sorted(Path(folder).glob("*.csv"))
    if not files:
        raise FubaError(Diagnostic(None, f"no CSV files in {folder}"))
    values: dict[str, list[int]] = {k: [] for k in [*_COLUMNS, "draws"]}
    for path in files:
        for row in csv_rows(path):  # a regular file under its cap, or an error naming it
            for metric, (h, a) in _COLUMNS.items():
                try:
                    values[metric].append(int(float(row[h])) + int(float(row[a])))
                except (KeyError, TypeError, ValueError):
                    pass
            if row.get("FTR") in ("H", "D", "A"):
                values["draws"].append(int(row["FTR"] == "D"))
    return RealMatches({k: v for k, v in values.items() if v}, len(files))


@attrs.frozen
class Distance:
    """One metric: simulated against real."""

    name: str
    text: str
    simulated: Interval
    real_mean: float
    tvd: float | None  # total variation distance of the per-match distributions
    tvd_ci: tuple[float, float] | None
    p: float | None  # chi-square goodness of fit (draws: two-proportion test)
    bins: tuple[str, ...] = ()
    sim_share: tuple[float, ...] = ()
    real_share: tuple[float, ...] = ()

    def as_json(self) -> dict:
        r = lambda x: None if x is None else round(float(x), 4)  # noqa: E731
        return {
            "text": self.text, "simulated": self.simulated.as_json(), "real_mean": r(self.real_mean),
            "tvd": r(self.tvd), "tvd_ci95": None if self.tvd_ci is None else [r(x) for x in self.tvd_ci],
            "p": r(self.p), "bins": list(self.bins), "simulated_share": [r(x) for x in self.sim_share],
            "real_share": [r(x) for x in self.real_share],
        }


def _shares(values: Sequence[int], top: int) -> list[float]:
    counts = [0] * (top + 1)
    for v in values:
        counts[min(max(int(v), 0), top)] += 1
    n = len(values) or 1
    return [c / n for c in counts]


def _tvd(p: Sequence[float], q: Sequence[float]) -> float:
    return 0.5 * sum(abs(a - b) for a, b in zip(p, q))


def count_distance(name: str, text: str, sim: Sequence[float], real: Sequence[int], seed: int = 0) -> Distance:
    """TVD with a bootstrap interval (simulated matches resampled; the real sample is
    thousands of matches and taken as fixed) and a chi-square goodness-of-fit test."""
    st = need("scipy.stats")
    top = max(1, sorted(real)[int(0.99 * (len(real) - 1))])  # fold the rare long tail into one bin
    real_share = _shares(real, top)
    sim_int = [round(v) for v in sim]
    sim_share = _shares(sim_int, top)
    tvd = _tvd(sim_share, real_share)
    rng = random.Random(seed)
    boots = sorted(_tvd(_shares(rng.choices(sim_int, k=len(sim_int)), top), real_share) for _ in range(BOOTSTRAP))
    ci = (boots[int(0.025 * BOOTSTRAP)], boots[int(0.975 * BOOTSTRAP) - 1])
    observed = [round(s * len(sim_int)) for s in sim_share]
    expected = [q * len(sim_int) for q in real_share]
    p = None
    if any(o and not e for o, e in zip(observed, expected)):
        p = 0.0  # a simulated value real football never shows
    elif sum(e > 0 for e in expected) > 1 and len(sim_int) > 1:
        keep = [i for i, e in enumerate(expected) if e > 0]
        p = float(st.chisquare([observed[i] for i in keep], [expected[i] * sum(observed) / len(sim_int) for i in keep]).pvalue)
    bins = (*(str(i) for i in range(top)), f"{top}+")
    return Distance(name, text, interval(sim), sum(real) / len(real), tvd, ci, p, bins, tuple(sim_share), tuple(real_share))


def draw_distance(sim: Sequence[float], real: Sequence[int]) -> Distance:
    """The draw rate: difference of proportions, two-sided Fisher exact test."""
    st = need("scipy.stats")
    sd, sn = int(sum(sim)), len(sim)
    rd, rn = int(sum(real)), len(real)
    p = float(st.fisher_exact([[sd, sn - sd], [rd, rn - rd]]).pvalue) if sn else None
    return Distance("draws", "draws", interval(sim, rate=True), rd / rn, None, None, p)


def realism(sample: Sample, real: RealMatches, seed: int = 0) -> list[Distance]:
    """Every metric the edition measures that the real data also has."""
    out = []
    for name in _COLUMNS:
        if name in sample.values and name in real.values:
            out.append(count_distance(name, sample.texts.get(name, name), sample.values[name], real.values[name], seed))
    if "draws" in sample.values and "draws" in real.values:
        out.append(draw_distance(sample.values["draws"], real.values["draws"]))
    return out


def format_realism(distances: Sequence[Distance], real: RealMatches) -> str:
    lines = [f"beside real football ({real.matches} matches from {real.files} files)"]
    width = max([6, *(len(d.text) for d in distances)])
    lines.append(f"  {'metric':<{width}}  {'simulated [95%]':>22}  {'real':>6}  {'distance (TVD) [95%]':>22}  {'p':>7}")
    for d in distances:
        sim = f"{d.simulated.mean:.2f} [{d.simulated.low:.2f}, {d.simulated.high:.2f}]"
        tvd = "" if d.tvd is None or d.tvd_ci is None else f"{d.tvd:.3f} [{d.tvd_ci[0]:.3f}, {d.tvd_ci[1]:.3f}]"
        p = "" if d.p is None else f"{d.p:.4f}"
        lines.append(f"  {d.text:<{width}}  {sim:>22}  {d.real_mean:6.2f}  {tvd:>22}  {p:>7}")
    lines.append("  TVD: 0 = the same distribution, 1 = nothing in common (it is biased upwards for small runs)")
    return "\n".join(lines)
