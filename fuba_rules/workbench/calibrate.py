"""Calibrate: find the rule values that give the game a designer asks for.

Each trial is a point of the varied values (see vary), played as a generated mod on the
same seeds as every other trial (common random numbers), so trials differ by the rules
alone. Optuna's TPE sampler proposes the points: it handles whole numbers, real numbers
and choices in one space, and seeded it proposes the same points every time. Points are
asked for in batches of a fixed size and played side by side (on -j workers or Dask),
then told back in order, so the answer does not depend on how many workers played it.
The chosen point is then played on fresh seeds: each target's 95% interval there is the
figure a designer can expect from the written mod.
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import yaml

from ..diagnostics import Diagnostic, FubaError, did_you_mean
from ..sim.setup import BASIC_SETUP, EditionSource, MatchSetup
from . import parallel
from .deps import need
from .sample import (
    RESULTS,
    Sample,
    Side,
    SideSpec,
    Tick,
    _sample_run,
    load_side,
    mod_path,
    play_sample,
)
from .stats import Interval, interval
from .sweep import YamlValue, mod_text, resolved_data
from .vary import Vary, parse_vary, point_label, point_of

BATCH = 4  # trials proposed at once: fixed, so the search is the same on any number of workers
CONFIRM_STRIDE = 1_000_003  # the confirmation run's seeds start this far from the search's
IDLE_BATCHES = 3  # batches that propose only points already played: the space is exhausted
REFERENCE_METRICS = ("goals_per_match", "yellow_cards", "red_cards", "corners", "home_wins", "draws")  # away wins follow from these
_TARGET = re.compile(r"^(?P<metric>\w+)=(?P<value>[-+]?(\d+\.?\d*|\.\d+))(\+-(?P<tol>\d+\.?\d*|\.\d+))?(\*(?P<weight>\d+\.?\d*|\.\d+))?$")


@attrs.frozen
class Target:
    """`METRIC=VALUE[+-TOLERANCE][*WEIGHT]`: a metric's mean to aim at.

    Without a tolerance a miss is measured in standard deviations of the metric's
    per-match values; with one, in tolerances, and anything within it is a hit."""

    metric: str
    value: float
    tolerance: float = 0.0
    weight: float = 1.0
    real: bool = False  # from `--target reference`: left out when the rules never move it, noted when out of reach

    @property
    def text(self) -> str:
        tol = f"+-{self.tolerance:g}" if self.tolerance else ""
        weight = f"*{self.weight:g}" if self.weight != 1 else ""
        return f"{self.metric}={self.value:g}{tol}{weight}"

    def reached_by(self, iv: Interval) -> bool:
        """The target (widened by its tolerance) meets the 95% interval."""
        return iv.low - self.tolerance <= self.value <= iv.high + self.tolerance


def parse_target(text: str, measured: Sequence[str]) -> Target:
    m = _TARGET.match(text.replace(" ", ""))
    if not m:
        raise FubaError(Diagnostic(None, f"--target {text!r}: expected METRIC=VALUE[+-TOLERANCE][*WEIGHT], e.g. goals_per_match=2.7+-0.1, or `reference`"))
    metric = m["metric"]
    if metric not in measured:
        raise FubaError(Diagnostic(None, f"--target {text}: no side measures {metric!r}{did_you_mean(metric, measured)}; metrics: {', '.join(measured)}"))
    weight = float(m["weight"]) if m["weight"] else 1.0
    if weight <= 0:
        raise FubaError(Diagnostic(None, f"--target {text}: a weight must be above 0"))
    return Target(metric, float(m["value"]), float(m["tol"] or 0), weight)


def parse_targets(texts: Sequence[str], measured: Sequence[str], reference: dict[str, float] | None) -> list[Target]:
    """Every `--target`; `reference` stands for real football's (`--reference DIR`)."""
    targets = []
    for text in texts:
        if text.strip() == "reference":
            if reference is None:
                raise FubaError(Diagnostic(None, "--target reference needs --reference DIR, e.g. --reference ../shared/reference/football-data"))
            targets += reference_targets(reference, measured)
        else:
            targets.append(parse_target(text, measured))
    return targets


def reference_targets(profile: dict[str, float], measured: Sequence[str]) -> list[Target]:
    """Real football's averages (sim.reference) for every metric the edition measures."""
    out = [Target(k, round(profile[k], 4), real=True) for k in REFERENCE_METRICS if k in profile and k in measured]
    if not out:
        raise FubaError(Diagnostic(None, "--target reference: the edition measures none of the metrics the real-match data has"))
    return out


@attrs.define
class Trial:
    """One point played on the search seeds: each target metric's mean and interval."""

    number: int
    values: tuple[YamlValue, ...]
    metrics: dict[str, Interval]
    loss: float


@attrs.frozen
class Slope:
    """How much a target metric moves per unit of a varied value (least squares over the
    trials, all varied values at once); for a choice, the spread between its options."""

    metric: str
    path: str
    slope: Interval | None
    spread: float | None = None


@attrs.define
class Calibration:
    side: str
    base: str
    varies: list[Vary]
    targets: list[Target]
    trials: list[Trial]
    asked: int
    best: Trial
    ranges: dict[str, tuple[YamlValue, ...]]  # path -> (low, high), or the options consistent with every target
    confirm: Sample
    n: int
    budget: int
    seed: int
    confirm_seed: int
    slopes: list[Slope]
    sampler: str
    data: YamlValue = attrs.field(default=None, repr=False)  # the side's resolved data, for the written mod
    notes: list[str] = attrs.field(factory=list)  # real-football targets left out or out of reach

    def mod_text(self) -> str:
        """The chosen values as a mod, to apply on top of the side's own mods."""
        return written_mod(self.base, self.data, self.varies, self.best.values)

    def confirmed(self, t: Target) -> Interval:
        return interval(self.confirm.values[t.metric], t.metric in RESULTS)

    @property
    def played(self) -> int:
        return len(self.trials) * self.n

    def as_json(self) -> dict:
        r = lambda x: None if x is None else round(float(x), 5)  # noqa: E731
        return {
            "side": self.side, "edition": self.base, "sampler": self.sampler, "seed": self.seed,
            "matches_per_trial": self.n, "budget": self.budget, "trials_played": len(self.trials), "trials_asked": self.asked,
            "varied": [v.describe() for v in self.varies],
            "chosen": {v.path: v.written(x) for v, x in zip(self.varies, self.best.values)},
            "consistent": {k: list(v) for k, v in self.ranges.items()},
            "notes": self.notes,
            "confirmation": {
                "seed": self.confirm_seed, "matches": self.confirm.n,
                "targets": {
                    t.text: {**self.confirmed(t).as_json(), "target": t.value, "off_by": r(self.confirmed(t).mean - t.value), "hit": t.reached_by(self.confirmed(t))}
                    for t in self.targets
                },
            },
            "sensitivity": [
                {"metric": s.metric, "path": s.path, "per_unit": None if s.slope is None else s.slope.as_json(), "spread": r(s.spread)}
                for s in self.slopes
            ],
            "trials": [
                {"number": t.number, "values": {v.path: v.label(x) for v, x in zip(self.varies, t.values)}, "loss": r(t.loss),
                 "metrics": {k: iv.as_json() for k, iv in t.metrics.items()}}
                for t in self.trials
            ],
        }


@attrs.frozen
class _Trials:
    """What every trial shares: the side, its resolved data, how its matches are set up
    (`play`) and where trial mods go."""

    spec: SideSpec
    root: Path
    base: str
    data: YamlValue
    mods: tuple[Path, ...]
    play: MatchSetup
    folder: Path

    def mod(self, varies: Sequence[Vary], values: Sequence[YamlValue], name: str, title: str = "") -> Path:
        path = self.folder / f"{name}.yaml"
        path.write_text(written_mod(self.base, self.data, varies, values, title), encoding="utf-8")
        return path

    def side(self, path: Path) -> Side:
        return load_side(SideSpec(self.spec.text, self.spec.edition, (*self.spec.mods, str(path)), ()), self.root, self.play.rules)


def written_mod(base: str, data: YamlValue, varies: Sequence[Vary], values: Sequence[YamlValue], title: str = "") -> str:
    """The mod that sets the values (sweep.mod_text), named as calibrate's."""
    doc = yaml.safe_load(mod_text(base, data, point_of(varies, values)))
    doc["id"] = "mods/calibrated"
    doc["title"] = title or f"calibrated: {point_label(varies, values)}"
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def _named(varies: Sequence[Vary], values: Sequence[YamlValue], e: FubaError) -> FubaError:
    label = point_label(varies, values)
    return FubaError([Diagnostic(None, f"--vary {label}: {d.message}", d.severity) for d in e.diagnostics])


def _play(trials: _Trials, varies: Sequence[Vary], points: Sequence[tuple[YamlValue, ...]], seeds: range, first: int, tick: Tick | None) -> list[Sample]:
    """Each point on the same seeds: side by side on the workers, else one after another."""
    paths = [trials.mod(varies, p, f"trial-{first + i}") for i, p in enumerate(points)]
    if parallel.active():
        tasks = [(EditionSource.of(trials.spec.edition, [*trials.mods, p], trials.root), seeds) for p in paths]
        try:
            return parallel.play_each(tasks, _sample_run, trials.spec.text, trials.play, None, (), done=_ticks(tick))
        except FubaError:  # which point it was: the first one that fails to load, played alone
            for p, path in zip(points, paths):
                try:
                    trials.side(path)
                except FubaError as err:
                    raise _named(varies, p, err) from None
            raise
    out = []
    for p, path in zip(points, paths):
        try:
            side = trials.side(path)
        except FubaError as e:
            raise _named(varies, p, e) from None
        out.append(play_sample(side, seeds, trials.play, tick=tick))
    return out


def _ticks(tick: Tick | None) -> Callable[[int], None] | None:
    if tick is None:
        return None

    def done(k: int) -> None:
        for _ in range(k):
            tick()

    return done


def _loss(targets: Sequence[Target], metrics: dict[str, Interval], scales: dict[str, float]) -> float:
    """Weighted squared misses, each in tolerances (or standard deviations of the metric)."""
    total = 0.0
    for t in targets:
        miss = abs(metrics[t.metric].mean - t.value)
        if t.tolerance:
            miss = max(0.0, miss - t.tolerance) / t.tolerance
        else:
            miss /= scales[t.metric]
        total += t.weight * miss * miss
    return total


def _scale(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 1.0
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return sd if sd > 0 else 1.0


def _measured_targets(targets: Sequence[Target], sample: Sample) -> tuple[list[Target], list[str]]:
    """Real-football counts that are 0 in every match of the first trial (yellow cards
    with no rule that shows one) are left out, and noted."""
    keep, notes = [], []
    for t in targets:
        if t.real and t.metric not in RESULTS and not any(sample.values[t.metric]):
            notes.append(f"real football: left out {t.metric} (0 in every match of the first trial)")
        else:
            keep.append(t)
    if not keep:
        raise FubaError(Diagnostic(None, "--target reference: every metric the real data has is 0 in every match; nothing to aim at"))
    return keep, notes


def _unreachable(varies: Sequence[Vary], targets: Sequence[Target], trials: Sequence[Trial]) -> list[Diagnostic]:
    """Targets beyond every trial's interval, each with the closest trial."""
    out = []
    for t in targets:
        ivs = [tr.metrics[t.metric] for tr in trials]
        if any(t.reached_by(iv) for iv in ivs) or (min(iv.low for iv in ivs) <= t.value <= max(iv.high for iv in ivs)):
            continue
        close = min(trials, key=lambda tr: abs(tr.metrics[t.metric].mean - t.value))
        iv = close.metrics[t.metric]
        out.append(Diagnostic(None, (
            f"--target {t.text}: no value in range reaches it; the closest found is {iv.mean:.3f} [{iv.low:.3f}, {iv.high:.3f}] "
            f"at {point_label(varies, close.values)} (widen a --vary range, or vary another value)")))
    return out


def _consistent(varies: Sequence[Vary], targets: Sequence[Target], trials: Sequence[Trial], best: Trial) -> dict[str, tuple[YamlValue, ...]]:
    """Per varied value, the values of the trials whose intervals meet every target
    (with the chosen one): low and high for a number, the options for a choice."""
    ok = [tr for tr in trials if all(t.reached_by(tr.metrics[t.metric]) for t in targets)] or [best]
    out: dict[str, tuple[YamlValue, ...]] = {}
    for i, v in enumerate(varies):
        seen = [tr.values[i] for tr in ok] + [best.values[i]]
        out[v.path] = (min(seen), max(seen)) if v.numeric else tuple(c for c in v.choices if c in seen)
    return out


def sensitivity(varies: Sequence[Vary], targets: Sequence[Target], trials: Sequence[Trial]) -> list[Slope]:
    """Least squares of each target's trial means on every varied value (choices as
    indicators): the slope per unit with its 95% interval, or a choice's spread."""
    np = need("numpy")
    st = need("scipy.stats")
    columns: list[tuple[int, YamlValue]] = []  # (vary index, None for a number or the option)
    for i, v in enumerate(varies):
        columns += [(i, None)] if v.numeric else [(i, c) for c in v.choices[1:]]
    rows = [[1.0] + [float(tr.values[i]) if c is None else float(tr.values[i] == c) for i, c in columns] for tr in trials]
    x = np.array(rows)
    out = []
    for t in targets:
        y = np.array([tr.metrics[t.metric].mean for tr in trials])
        dof = len(trials) - x.shape[1]
        if dof < 1 or np.linalg.matrix_rank(x) < x.shape[1]:
            out += [Slope(t.metric, v.path, None) for v in varies]
            continue
        beta, *_ = np.linalg.lstsq(x, y, rcond=None)
        resid = y - x @ beta
        cov = float(resid @ resid) / dof * np.linalg.inv(x.T @ x)
        q = float(st.t.ppf(0.975, dof))
        for i, v in enumerate(varies):
            cols = [j + 1 for j, (k, _) in enumerate(columns) if k == i]
            if v.numeric:
                b, h = float(beta[cols[0]]), q * math.sqrt(max(float(cov[cols[0], cols[0]]), 0.0))
                out.append(Slope(t.metric, v.path, Interval(b, b - h, b + h)))
            else:
                effects = [0.0] + [float(beta[j]) for j in cols]
                out.append(Slope(t.metric, v.path, None, max(effects) - min(effects)))
    return out


def _search(
    trials: _Trials, varies: Sequence[Vary], targets: list[Target], seeds: range, budget: int, batch: int, seed: int, tick: Tick | None
) -> tuple[list[Trial], list[Target], list[str], int]:
    """Trials in the order played, the targets kept, notes, and how many points were asked."""
    optuna = need("optuna")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    n = len(seeds)
    paths = [v.path for v in varies]
    sampler = optuna.samplers.TPESampler(seed=seed, multivariate=True, constant_liar=True, n_startup_trials=min(10, max(2, budget // n // 3)))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    starts = [tuple(v.start() for v in varies), tuple(v.ends()[0] for v in varies), tuple(v.ends()[1] for v in varies)]
    for p in dict.fromkeys(starts):
        study.enqueue_trial(dict(zip(paths, p)))
    played: dict[tuple[YamlValue, ...], Trial] = {}
    scales: dict[str, float] = {}
    notes: list[str] = []
    asked = idle = 0
    while idle < IDLE_BATCHES:
        room = (budget - len(played) * n) // n
        if room < 1:
            break
        asked_now = [study.ask() for _ in range(min(batch, room))]
        points = [tuple(v.suggest(t) for v in varies) for t in asked_now]
        new = [p for p in dict.fromkeys(points) if p not in played]
        for p, sample in zip(new, _play(trials, varies, new, seeds, len(played), tick)):
            if not scales:
                targets, notes = _measured_targets(targets, sample)
                scales = {t.metric: _scale(sample.values[t.metric]) for t in targets}
            metrics = {t.metric: interval(sample.values[t.metric], t.metric in RESULTS) for t in targets}
            played[p] = Trial(len(played), p, metrics, _loss(targets, metrics, scales))
        for t, p in zip(asked_now, points):
            study.tell(t, played[p].loss)
        asked += len(asked_now)
        idle = 0 if new else idle + 1
    return list(played.values()), targets, notes, asked


def run_calibration(
    spec: SideSpec,
    vary_texts: Sequence[str],
    target_texts: Sequence[str],
    root: Path,
    n: int,
    budget: int,
    confirm_n: int,
    seed: int = 0,
    setup: MatchSetup = BASIC_SETUP,
    measured: Sequence[str] = (),
    reference: dict[str, float] | None = None,
    batch: int = BATCH,
    tick: Tick | None = None,
) -> Calibration:
    """Search `budget` matches' worth of trials of `n` matches, then confirm the best;
    every match set up as `setup` says (its rules switched on besides the side's own).

    `measured` names the metrics the side measures (targets are checked against it);
    `reference` is the real-football profile for `--target reference`."""
    need("optuna")  # before anything is loaded: the install command, not a late failure
    mods = tuple(mod_path(m, root) for m in spec.mods)
    base, data = resolved_data(spec.edition, mods, root)
    varies = [parse_vary(t, data) for t in vary_texts]
    paths = [v.path for v in varies]
    if len(set(paths)) < len(paths):
        raise FubaError(Diagnostic(None, f"--vary names {next(p for p in paths if paths.count(p) > 1)} twice"))
    targets = parse_targets(target_texts, measured, reference)
    if budget < n:
        raise FubaError(Diagnostic(None, f"--budget {budget} is less than one trial of -n {n} matches"))
    with tempfile.TemporaryDirectory(prefix="fuba-calibrate-") as tmp:
        trials = _Trials(spec, root, base, data, mods, setup, Path(tmp))
        played, targets, notes, asked = _search(trials, varies, targets, range(seed, seed + n), budget, batch, seed, tick)
        problems = _unreachable(varies, [t for t in targets if not t.real], played)
        if problems:
            raise FubaError(problems)
        notes += [d.message.replace("--target ", "real football: ", 1) for d in _unreachable(varies, [t for t in targets if t.real], played)]
        best = min(played, key=lambda tr: (tr.loss, tr.number))
        confirm_seed = seed + CONFIRM_STRIDE
        try:
            side = trials.side(trials.mod(varies, best.values, "chosen"))
        except FubaError as e:
            raise _named(varies, best.values, e) from None
        confirm = play_sample(side, range(confirm_seed, confirm_seed + confirm_n), setup, tick=tick)
    described = "Optuna TPESampler(seed, multivariate, constant_liar)"
    return Calibration(
        spec.text, base, varies, targets, played, asked, best, _consistent(varies, targets, played, best), confirm,
        n, budget, seed, confirm_seed, sensitivity(varies, targets, played), described, data, notes,
    )


def format_calibration(c: Calibration) -> str:
    """The chosen values, each target on fresh seeds, and what moves each target."""
    lines = [
        f"{c.side}: {len(c.trials)} trials of {c.n} matches on the same seeds (from {c.seed}), {c.played} matches; {c.sampler}",
        "",
        "chosen values (range: the values of trials whose 95% intervals meet every target)",
    ]
    for i, v in enumerate(c.varies):
        lines.append(f"  {v.path} = {v.label(c.best.values[i])}   (range {v.range_text(c.ranges[v.path])}; searched {v.span()})")
    lines += ["", f"confirmation on {c.confirm.n} fresh matches (seeds from {c.confirm_seed})"]
    width = max([6, *(len(t.text) for t in c.targets)])
    lines.append(f"  {'target':<{width}}  {'mean [95% interval]':>24}  {'off by':>8}  hit")
    for t in c.targets:
        iv = c.confirmed(t)
        lines.append(f"  {t.text:<{width}}  {f'{iv.mean:.3f} [{iv.low:.3f}, {iv.high:.3f}]':>24}  {iv.mean - t.value:+8.3f}  {'yes' if t.reached_by(iv) else 'no'}")
    lines += [f"  {note}" for note in c.notes]
    lines += ["", "sensitivity over the trials (change of the target per unit of the value, 95% interval)"]
    for s in c.slopes:
        if s.slope is not None:
            lines.append(f"  {s.metric} per {s.path}: {s.slope.mean:+.3f} [{s.slope.low:+.3f}, {s.slope.high:+.3f}]")
        elif s.spread is not None:
            lines.append(f"  {s.metric} across {s.path}: spread {s.spread:.3f}")
        else:
            lines.append(f"  {s.metric} per {s.path}: too few distinct trials to tell")
    return "\n".join(lines)
