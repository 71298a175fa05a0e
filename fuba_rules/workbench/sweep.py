"""Vary values of an edition over a grid, one generated mod per grid point.

A value is addressed by the path `fuba show` and `fuba diff` print: `section.entry`
then fields, e.g. `constants.half_length` or `modifiers.shot_distance.value`. Each grid
point becomes a temporary mod file that overrides the whole entry with that one field
changed (the value `removed` writes `remove: [section.entry]` instead), so the engine
plays a sweep exactly as it plays a designer's own mod.

A value written `+k` shifts what the rules say by k (`+-1` by minus one): a number
becomes number + k, a formula `(formula) + k`. A plain value replaces a formula (a
modifier's `value: goal_distance(area, team)`) with a constant, which the sweep says,
and it then plays the rule as written as a row of its own (`rule`), the true baseline.
"""

from __future__ import annotations

import copy
import itertools
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import yaml

from .. import layering
from ..diagnostics import Diagnostic, FubaError, did_you_mean
from ..sim.setup import BASIC_SETUP, MatchSetup
from ..yamlpos import load_yaml, plain
from .sample import RESULTS, Sample, Side, SideSpec, Tick, load_side, play_sample
from .stats import Interval, interval

YamlValue = Any
"""A value as YAML holds it (a number, a text, yes or no, a list or mapping of them):
what `--set` and `--vary` write, and the resolved edition's data they write it into."""

REMOVED = "removed"
RULE = "rule"
"""How a sweep labels the value the rules give, as written (and `rule+1` a shift of it)."""


@attrs.frozen
class Shift:
    """`+k` in `--set PATH=+k`: what the rules say, plus k."""

    by: int | float

    def __str__(self) -> str:
        return f"{RULE}{'+' if self.by >= 0 else '-'}{abs(self.by)}"


@attrs.frozen
class AsWritten:
    """The grid value that leaves the path as the rules write it: the baseline row."""

    def __str__(self) -> str:
        return RULE


def _value(text: str, path: str) -> YamlValue:
    """One value of `--set`: `removed`, a shift `+k`, or a YAML value."""
    text = text.strip()
    if text == REMOVED:
        return REMOVED
    if text.startswith("+"):
        by = _yaml_value(text[1:].strip() or "x")
        if isinstance(by, bool) or not isinstance(by, (int, float)):
            raise FubaError(Diagnostic(None, f"--set {path}: {text!r} shifts by a number: write +1 or +-1"))
        return Shift(by)
    return _yaml_value(text)


@attrs.frozen
class Setting:
    """One `--set PATH=V1,V2,...`: the path resolved to its entry and field keys."""

    path: str
    section: str
    entry: str
    fields: tuple[YamlValue, ...]
    values: tuple[YamlValue, ...]
    written: YamlValue = None
    """The value the rules give at this path (a number, a formula's text)."""

    @property
    def formula(self) -> bool:
        """Whether the rules give a formula here (text that is not a plain number)."""
        return isinstance(self.written, str) and not isinstance(yaml.safe_load(self.written), (int, float))

    def note(self) -> str:
        """What a designer must know before reading the rows: constants replace a formula."""
        if not self.formula or all(isinstance(v, (Shift, AsWritten)) or v == REMOVED for v in self.values):
            return ""
        return (f"{self.path} is the formula {self.written} in the rules: each plain value replaces it with a constant; "
                f"the row '{RULE}' plays the formula as written, and +k shifts it (--set {self.path}=+1)")


def _match_key(rest: str, keys: Sequence[YamlValue]) -> tuple[YamlValue, str] | None:
    """The longest key that `rest` starts with (keys may hold dots or spaces)."""
    best = None
    for k in keys:
        s = str(k)
        if (rest == s or rest.startswith(s + ".")) and (best is None or len(s) > len(str(best))):
            best = k
    if best is None:
        return None
    return best, rest[len(str(best)) + 1:]


def _yaml_value(text: str) -> YamlValue:
    """One value of a --set, read as YAML by the loader every mod goes through (core
    types only, numbers and sizes capped), so a bad one is a clean error naming it."""
    try:
        return plain(load_yaml(Path("--set"), text))
    except FubaError as e:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise FubaError(Diagnostic(None, f"--set value {shown!r}: {e.diagnostics[0].message}")) from None


def parse_setting(text: str, data: YamlValue) -> Setting:
    """`PATH=V1,V2,...` checked against the resolved edition `data` (plain dicts)."""
    path, eq, raw = text.partition("=")
    path = path.strip()
    if not eq or not raw.strip():
        raise FubaError(Diagnostic(None, f"--set {text!r}: expected PATH=V1,V2,... (e.g. constants.NAME=1,2,3)"))
    values = tuple(_value(v, path) for v in raw.split(","))
    node, rest = data, path
    keys: list[str | int] = []
    while rest:
        if isinstance(node, dict):
            hit = _match_key(rest, list(node))
            if hit is None:
                head = rest.split(".")[0]
                where = ".".join(str(k) for k in keys) or "the edition"
                raise FubaError(Diagnostic(None, f"--set {path}: {where} has no {head!r}{did_you_mean(head, [str(k) for k in node])}"))
            key, rest = hit
        elif isinstance(node, list):
            head, _, rest = rest.partition(".")
            if not head.isdigit() or int(head) >= len(node):
                raise FubaError(Diagnostic(None, f"--set {path}: {'.'.join(map(str, keys))} is a list of {len(node)}; expected an index 0..{len(node) - 1}"))
            key = int(head)
        else:
            raise FubaError(Diagnostic(None, f"--set {path}: {'.'.join(map(str, keys))} is a value ({node!r}), it has no fields"))
        keys.append(key)
        node = node[key]
    if len(keys) < 2:
        raise FubaError(Diagnostic(None, f"--set {path}: name an entry, e.g. {path}.{next(iter(node), 'NAME') if isinstance(node, dict) else 'NAME'}"))
    if REMOVED in values and len(keys) != 2:
        raise FubaError(Diagnostic(None, f"--set {path}: only a whole entry (section.entry) can be {REMOVED}"))
    if isinstance(node, (dict, list)) and any(v != REMOVED for v in values):
        fields = ", ".join(map(str, node)) if isinstance(node, dict) else f"0..{len(node) - 1}"
        raise FubaError(Diagnostic(None, f"--set {path}: set one of its fields ({fields}), or use {REMOVED}"))
    setting = Setting(path, str(keys[0]), str(keys[1]), tuple(keys[2:]), values, node)
    if setting.note():  # the rule as written, first: the baseline the constants stand beside
        setting = attrs.evolve(setting, values=(AsWritten(), *values))
    return setting


def shifted(written: YamlValue, shift: Shift) -> YamlValue:
    """What the rules say at a path, moved by `shift`: a number or a formula's text."""
    if isinstance(written, (int, float)) and not isinstance(written, bool):
        return written + shift.by
    return f"({written}) {'+' if shift.by >= 0 else '-'} {abs(shift.by)}"


def mod_text(base: str, data: YamlValue, point: Sequence[tuple[Setting, YamlValue]]) -> str:
    """The YAML of a mod setting every (setting, value) of one grid point."""
    sections: dict[str, dict] = {}
    removes = []
    for s, value in point:
        if isinstance(value, AsWritten):
            continue
        if value == REMOVED:
            removes.append(f"{s.section}.{s.entry}")
            continue
        if isinstance(value, Shift):
            value = shifted(s.written, value)
        section = sections.setdefault(s.section, {})
        if s.entry not in section:
            section[s.entry] = copy.deepcopy(data[s.section][s.entry])
        if not s.fields:
            section[s.entry] = value
            continue
        node = section[s.entry]
        for f in s.fields[:-1]:
            node = node[f]
        node[s.fields[-1]] = value
    label = ", ".join(f"{s.path}={v}" for s, v in point)
    doc: dict[str, object] = {"schema_version": 1, "id": "mods/sweep-point", "title": f"sweep: {label}", "extends": base}
    if removes:
        doc["remove"] = removes
    doc.update(sections)
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


@attrs.define
class SweepPoint:
    values: tuple[YamlValue, ...]
    sample: Sample

    def metric(self, name: str) -> Interval:
        return interval(self.sample.values.get(name, []), name in RESULTS)


@attrs.define
class Sweep:
    base: str
    settings: list[Setting]
    points: list[SweepPoint]
    n: int
    seed: int

    def metric_names(self) -> list[str]:
        first = self.points[0].sample
        return [k for k in first.values if all(k in p.sample.values for p in self.points)]

    def as_json(self) -> dict:
        names = self.metric_names()
        return {
            "edition": self.base, "matches_per_point": self.n, "seed": self.seed,
            "settings": [
                {"path": s.path, "values": [str(v) for v in s.values], "written": s.written, **({"note": s.note()} if s.note() else {})}
                for s in self.settings
            ],
            "points": [
                {"values": {s.path: str(v) for s, v in zip(self.settings, p.values)},
                 "metrics": {k: p.metric(k).as_json() for k in names}}
                for p in self.points
            ],
        }


def resolved_data(edition: str, mods: Sequence[str | Path], root: Path) -> tuple[str, YamlValue]:
    r = layering.resolve(edition, root, list(mods))
    return r.target, plain(r.data)


def run_sweep(
    spec: SideSpec,
    texts: Sequence[str],
    root: Path,
    n: int,
    seed: int = 0,
    setup: MatchSetup = BASIC_SETUP,
    tick: Tick | None = None,
) -> Sweep:
    """Every grid point of the settings, each played on the same seeds, set up as `setup`
    says (its rules switched on besides the side's own)."""
    from .sample import mod_path

    mods = [mod_path(m, root) for m in spec.mods]
    base, data = resolved_data(spec.edition, mods, root)
    settings = [parse_setting(t, data) for t in texts]
    points = []
    with tempfile.TemporaryDirectory(prefix="fuba-sweep-") as tmp:
        for k, combo in enumerate(itertools.product(*(s.values for s in settings))):
            point = list(zip(settings, combo))
            path = Path(tmp) / f"point-{k}.yaml"
            path.write_text(mod_text(base, data, point), encoding="utf-8")
            side_spec = SideSpec(spec.text, spec.edition, (*spec.mods, str(path)), spec.rules)
            try:
                side: Side = load_side(side_spec, root, setup.rules)
            except FubaError as e:  # the generated file is gone afterwards: name the grid point
                label = ", ".join(f"{s.path}={v}" for s, v in point)
                raise FubaError([Diagnostic(None, f"--set {label}: {d.message}", d.severity) for d in e.diagnostics]) from None
            points.append(SweepPoint(tuple(combo), play_sample(side, range(seed, seed + n), setup, tick=tick)))
    return Sweep(base, settings, points, n, seed)


def format_sweep(sw: Sweep, metrics: Sequence[str] | None = None) -> str:
    names = list(metrics or sw.metric_names())
    texts = sw.points[0].sample.texts
    head = [s.path for s in sw.settings]
    lines = [f"{sw.base}: {sw.n} matches per point on the same seeds (from {sw.seed}); mean [95% interval]"]
    lines += [f"note: {s.note()}" for s in sw.settings if s.note()]
    cols = [f"{texts.get(k, k)}" for k in names]
    widths = [max(len(h), 8) for h in head] + [max(len(c), 20) for c in cols]
    lines.append("  " + "  ".join(f"{h:>{w}}" for h, w in zip(head + cols, widths)))
    for p in sw.points:
        cells = [str(v) for v in p.values]
        for k in names:
            iv = p.metric(k)
            cells.append(f"{iv.mean:.3f} [{iv.low:.2f}, {iv.high:.2f}]")
        lines.append("  " + "  ".join(f"{c:>{w}}" for c, w in zip(cells, widths)))
    return "\n".join(lines)
