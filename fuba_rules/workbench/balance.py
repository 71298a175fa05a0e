"""Is any option dominant? Win rates of each skill and each strategic decision.

Options are discovered, never named: the skills are the edition's `skills:`, and the
strategic decisions are those the rules' text always offers with the same options (a
formation, a penalty side: see `decisions.py`), whatever -n and the seed. For each
option the home team is made to take it (the away team plays as usual), on the same
seeds as every other option, so differences between options are paired. A decision
also gets a matrix: home's option against away's option.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..sim.setup import BASIC_SETUP, MatchSetup
from .decisions import strategic
from .sample import Sample, Side, Tick, play_sample
from .stats import Interval, interval, paired

NONE = "(no skill)"
WIN = "home_wins"


@attrs.define
class OptionResult:
    option: str
    win: Interval  # home win rate when home takes this option
    change: Interval  # against the agents' free choice, same seeds
    picked: int  # how often agents chose it when free
    flags: list[str] = attrs.field(factory=list)

    def as_json(self) -> dict:
        return {"option": self.option, "win_rate": self.win.as_json(), "change": self.change.as_json(), "picked": self.picked, "flags": self.flags}


@attrs.define
class ChoiceResult:
    kind: str  # "skill" or "decision"
    label: str
    options: list[OptionResult]
    matrix: list[list[float]] | None = None  # home win rate, row = home option, column = away option
    columns: list[str] = attrs.field(factory=list)  # away's options, the matrix columns
    notes: list[str] = attrs.field(factory=list)

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "label": self.label, "options": [o.as_json() for o in self.options], "notes": self.notes}
        if self.matrix is not None:
            out["matrix"] = {"rows": [o.option for o in self.options], "columns": self.columns, "home_win_rate": [[round(v, 4) for v in r] for r in self.matrix]}
        return out


@attrs.define
class Balance:
    edition: str
    n: int
    seed: int
    baseline: Interval
    choices: list[ChoiceResult]

    def as_json(self) -> dict:
        return {"edition": self.edition, "matches_per_option": self.n, "seed": self.seed, "baseline_home_win_rate": self.baseline.as_json(), "choices": [c.as_json() for c in self.choices]}


def strategic_decisions(side: Side, max_options: int = 12, sample: Sample | None = None) -> dict[str, list[str]]:
    """The strategic decisions of the side's rules: label -> options, most picked first
    in `sample` (the free baseline) when given, else as the rules write them."""
    found = strategic(side.edition, max_options)
    if sample is None:
        return {label: list(options) for label, options in found.items()}
    return {label: sorted(options, key=lambda x: (-sample.choices[label, x], options.index(x))) for label, options in found.items()}


def _flag(options: list[OptionResult], wins: dict[str, list[float]], free: Sample | None, label: str) -> None:
    """`never worse`: no other option has a higher win rate on the same seeds;
    `better than every other`: and each paired difference is significant (interval above 0)."""
    for o in options:
        others = [p for p in options if p is not o]
        diffs = [paired(label, label, wins[p.option], wins[o.option]).diff for p in others]
        if others and all(d.mean >= 0 for d in diffs) and any(d.mean > 0 for d in diffs):
            o.flags.append("never worse")
            if all(d.low > 0 for d in diffs):
                o.flags.append("better than every other")
        if free is not None and o.picked == 0:
            o.flags.append("never picked")


def run_balance(
    side: Side,
    n: int,
    seed: int = 0,
    setup: MatchSetup = BASIC_SETUP,
    decisions: Sequence[str] | None = None,
    with_skills: bool = True,
    only_skills: Sequence[str] | None = None,
    matrix: bool = True,
    max_options: int = 12,
    tick: Tick | None = None,
) -> Balance:
    """Play the free baseline, then each option of each skill and strategic decision,
    every match set up as `setup` says (agents, the teams' skills)."""
    seeds = range(seed, seed + n)
    labels = strategic_decisions(side, max_options)
    wanted = list(labels) if decisions is None else [d for d in decisions if d in labels]
    base = play_sample(side, seeds, setup, tick=tick, watch=wanted)
    base_wins = base.values[WIN]
    choices: list[ChoiceResult] = []
    found = strategic_decisions(side, max_options, base)
    for label in wanted:
        options = columns = found[label]
        wins: dict[str, list[float]] = {}
        results = []
        for o in options:
            s = play_sample(side, seeds, setup, force={"home": {label: o}}, tick=tick)
            wins[o] = s.values[WIN]
            results.append(OptionResult(o, interval(wins[o], rate=True), paired(WIN, WIN, base_wins, wins[o]).diff, base.choices[label, o]))
        _flag(results, wins, base, label)
        c = ChoiceResult("decision", label, results)
        if matrix and columns:
            c.columns = columns
            c.matrix = [
                [sum(play_sample(side, seeds, setup, force={"home": {label: h}, "away": {label: a}}, tick=tick).values[WIN]) / n for a in columns]
                for h in options
            ]
            cols = range(len(columns))
            for row, result in zip(c.matrix, results):
                best = all(row[j] >= max(r[j] for r in c.matrix) for j in cols)
                if best and any(row[j] > min(r[j] for r in c.matrix) for j in cols):
                    result.flags.append("never worse in the matrix")
        choices.append(c)
    if with_skills and side.edition.skills:
        choices.append(_skills(side, seeds, setup, list(only_skills or side.edition.skills), tick))
    return Balance(side.edition.id, n, seed, interval(base_wins, rate=True), choices)


def _skills(side: Side, seeds: range, setup: MatchSetup, names: Sequence[str], tick: Tick | None) -> ChoiceResult:
    """Each skill alone for the home team, against no skill, on the same seeds."""
    plain: dict[str, list[str]] = {"home": [], "away": setup.skills_by_team().get("away", [])}
    none = play_sample(side, seeds, attrs.evolve(setup, skills=plain), tick=tick)
    wins = {NONE: none.values[WIN]}
    results = [OptionResult(NONE, interval(wins[NONE], rate=True), interval([0.0] * len(seeds)), 0)]
    for name in names:
        s = play_sample(side, seeds, attrs.evolve(setup, skills={**plain, "home": [name]}), tick=tick)
        wins[name] = s.values[WIN]
        o = OptionResult(name, interval(wins[name], rate=True), paired(WIN, WIN, wins[NONE], wins[name]).diff, s.skills_used[name])
        results.append(o)
    _flag(results, wins, None, "skills")
    for o in results[1:]:
        if o.picked == 0:
            o.flags.append("never used")
    return ChoiceResult("skill", "skills", results, notes=["change: against the same team without a skill; picked: times the skill was used"])


def _heading(c: ChoiceResult) -> str:
    if c.kind == "skill":
        return "Skills: the home team plays with one skill, the away team as given"
    return f"Decision '{c.label}': the home team always takes one option, the away team chooses freely"


def format_balance(b: Balance) -> str:
    lines = [f"{b.edition}: {b.n} matches per option on the same seeds (from {b.seed}); home win rate with free choices {b.baseline.mean:.3f} [{b.baseline.low:.3f}, {b.baseline.high:.3f}]"]
    for c in b.choices:
        lines.append("")
        lines.append(_heading(c))
        width = max([6, *(len(o.option) for o in c.options)])
        lines.append(f"  {'option':<{width}}  {'home win rate [95%]':>22}  {'change [95%]':>24}  {'picked':>6}  flags")
        for o in c.options:
            w = f"{o.win.mean:.3f} [{o.win.low:.2f}, {o.win.high:.2f}]"
            ch = f"{o.change.mean:+.3f} [{o.change.low:+.2f}, {o.change.high:+.2f}]"
            lines.append(f"  {o.option:<{width}}  {w:>22}  {ch:>24}  {o.picked:>6}  {', '.join(o.flags)}")
        if c.matrix is not None:
            lines.append("  matrix: home win rate, row = home's option, column = away's")
            lines.append("  " + " " * width + "".join(f"{o:>8}" for o in c.columns))
            for o, row in zip(c.options, c.matrix):
                lines.append(f"  {o.option:<{width}}" + "".join(f"{v:8.2f}" for v in row))
        lines.extend(f"  {n}" for n in c.notes)
    return "\n".join(lines)
