"""Attribute a draft's difference to its separate changes.

The draft's changes are the entries it overrides, adds or removes against the base (as
`fuba diff` lists them, one per entry). Each change is played alone, as a mod on top of
the base, and the whole draft too, all on the same seeds. Each change against the base is
Holm-corrected across the metrics as its own `fuba compare` would be, so a change is
named behind a metric exactly when comparing it alone would flag that metric; the
draft and the interaction are a family each. Per metric and seed, what the draft moves beyond the sum of its changes' moves
is the interaction: draft - base - sum(change - base).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

import attrs
import yaml

from ..compare import compare
from ..diagnostics import Diagnostic, FubaError
from ..sim.setup import BASIC_SETUP, MatchSetup
from .comparison import Comparison, run_comparison
from .sample import Sample, Side, SideSpec, Tick, load_side, mod_path
from .stats import MetricDiff, holm, paired
from .sweep import YamlValue, resolved_data

_KINDS = {"changed": "changed", "only in A": "removed", "only in B": "added"}


@attrs.frozen
class Change:
    """One entry the draft overrides, adds or removes."""

    section: str
    key: str
    kind: str  # changed, added, removed
    value: YamlValue

    @property
    def label(self) -> str:
        return f"{self.section}.{self.key} {self.kind}"

    def mod_text(self, base: str) -> str:
        """A mod on top of the base that makes this change alone."""
        doc: dict[str, object] = {"schema_version": 1, "id": "mods/attribute-change", "title": f"one change: {self.label}", "extends": base}
        if self.kind == "removed":
            doc["remove"] = [f"{self.section}.{self.key}"]
        else:
            doc[self.section] = {self.key: self.value}
        return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def changes_between(base: YamlValue, draft: YamlValue) -> list[Change]:
    """The draft's changes against the base, entry by entry (resolved data, plain)."""
    out = []
    for d in compare(base, draft):
        if not d.key:  # a section that is not a mapping of entries: nothing to split
            raise FubaError(Diagnostic(None, f"--attribute: the draft changes {d.section!r} as a whole, which cannot be split into entries"))
        out.append(Change(d.section, d.key, _KINDS[d.kind], d.b))
    return out


@attrs.define
class Attribution:
    """Side 0 the base, sides 1..k one change each, side k+1 the whole draft."""

    changes: list[Change]
    comparison: Comparison
    interaction: list[MetricDiff]

    @property
    def draft(self) -> int:
        return len(self.changes) + 1

    def diffs(self, side: int) -> dict[str, MetricDiff]:
        return {d.name: d for d in self.comparison.by_side().get(side, [])}

    def behind(self, metric: str) -> list[Change]:
        """The changes that alone move `metric` significantly, the largest move first."""
        moved = [(abs(self.diffs(i + 1)[metric].diff.mean), i) for i, _ in enumerate(self.changes) if self.diffs(i + 1)[metric].significant]
        return [self.changes[i] for _, i in sorted(moved, key=lambda m: (-m[0], m[1]))]

    def significant(self) -> list[str]:
        """Metrics the whole draft moves significantly."""
        return [k for k, d in self.diffs(self.draft).items() if d.significant]

    def as_json(self) -> dict:
        draft = self.diffs(self.draft)
        inter = {d.name: d for d in self.interaction}
        return {
            "base": self.comparison.labels[0], "draft": self.comparison.labels[-1], "matches_per_side": self.comparison.n,
            "seed": self.comparison.seed, "changes": [c.label for c in self.changes],
            "metrics": {
                k: {"draft": d.as_json(), "changes": {c.label: self.diffs(i + 1)[k].as_json() for i, c in enumerate(self.changes)},
                    "interaction": inter[k].as_json(), "behind": [c.label for c in self.behind(k)]}
                for k, d in draft.items()
            },
        }


def interaction(labels_text: dict[str, str], samples: Sequence[Sample], k: int) -> list[MetricDiff]:
    """Per metric the draft (side k+1) against base + the sum of each change's own move."""
    base, singles, draft = samples[0], samples[1 : k + 1], samples[k + 1]
    out = []
    for name in base.values:
        if not all(name in s.values for s in samples):
            continue
        b = base.values[name]
        additive = [b[j] + sum(s.values[name][j] - b[j] for s in singles) for j in range(len(b))]
        out.append(paired(name, labels_text.get(name, name), additive, draft.values[name]))
    return out


def run_attribution(
    base: SideSpec,
    draft: SideSpec,
    root: Path,
    n: int,
    seed: int = 0,
    setup: MatchSetup = BASIC_SETUP,
    tick: Tick | None = None,
) -> Attribution:
    """The base, each change alone and the whole draft on seeds seed..seed+n-1, set up
    as `setup` says (its rules switched on besides each side's own)."""
    if sorted(base.rules) != sorted(draft.rules):
        raise FubaError(Diagnostic(None, "--attribute splits the draft's entries, not its rule switches: give both sides the same (or use --with)"))
    target, base_data = resolved_data(base.edition, [mod_path(m, root) for m in base.mods], root)
    _, draft_data = resolved_data(draft.edition, [mod_path(m, root) for m in draft.mods], root)
    changes = changes_between(base_data, draft_data)
    if not changes:
        raise FubaError(Diagnostic(None, f"--attribute: {draft.text} changes no entry of {base.text}; nothing to attribute"))
    with tempfile.TemporaryDirectory(prefix="fuba-attribute-") as tmp:
        sides: list[Side] = [load_side(base, root, setup.rules)]
        for i, change in enumerate(changes):
            path = Path(tmp) / f"change-{i}.yaml"
            path.write_text(change.mod_text(target), encoding="utf-8")
            spec = SideSpec(f"{base.text} + {change.label}", base.edition, (*base.mods, str(path)), base.rules)
            try:
                sides.append(load_side(spec, root, setup.rules))
            except FubaError as e:  # a change that needs another one (e.g. a new entry it names)
                raise FubaError([Diagnostic(None, f"--attribute: {change.label} alone: {d.message}", d.severity) for d in e.diagnostics]) from None
        sides.append(load_side(draft, root, setup.rules))
        c = run_comparison(sides, n, seed, setup, tick=tick)
    inter = interaction(c.samples[0].texts, c.samples, len(changes))
    for diffs in [*c.by_side().values(), inter]:  # each family as its own compare corrects it
        holm(diffs)
    c.labels = [base.text, *(ch.label for ch in changes), draft.text]
    return Attribution(changes, c, inter)


def format_attribution(a: Attribution) -> str:
    """Per metric the draft moves: its move, each change's alone, and the interaction."""
    c = a.comparison
    lines = [f"{c.n} matches per side on the same seeds (from {c.seed}); every change alone on top of the base",
             f"  base:  {c.labels[0]}", f"  draft: {c.labels[-1]}"]
    for i, ch in enumerate(a.changes):
        lines.append(f"  {i + 1}: {ch.label}")
    lines += ["", "difference from the base [95% interval]; * significant after Holm correction across the metrics of its column (p < 0.05)"]
    draft, inter = a.diffs(a.draft), {d.name: d for d in a.interaction}
    names = [k for k, d in draft.items() if not d.constant]
    width = max([6, *(len(draft[k].text) for k in names)])

    def cell(d: MetricDiff) -> str:
        return f"{'*' if d.significant else ' '}{d.diff.mean:+.3f} [{d.diff.low:+.2f}, {d.diff.high:+.2f}]"

    heads = ["draft", *(str(i + 1) for i in range(len(a.changes))), "interaction"]
    lines.append(f"  {'metric':<{width}}  " + "  ".join(f"{h:>24}" for h in heads) + "  behind")
    for k in names:
        cells = [cell(draft[k]), *(cell(a.diffs(i + 1)[k]) for i in range(len(a.changes))), cell(inter[k])]
        who = ", ".join(str(a.changes.index(ch) + 1) for ch in a.behind(k)) if draft[k].significant else ""
        if draft[k].significant and inter[k].significant:
            who += (", " if who else "") + "interaction"
        lines.append(f"  {draft[k].text:<{width}}  " + "  ".join(f"{x:>24}" for x in cells) + f"  {who}")
    sig = a.significant()
    lines += ["", f"{len(sig)} of {len(names)} metrics changed by the draft"]
    for k in sig:
        named = [ch.label for ch in a.behind(k)]
        lines.append(f"  {draft[k].text}: {', '.join(named) if named else 'no change alone'}" + ("; and their interaction" if inter[k].significant else ""))
    return "\n".join(lines)
