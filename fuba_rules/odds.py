"""Exact odds: run one rule from a position under every dice outcome.

A designer asks "with the ball on 3 and equal numbers, how often does pressing win?"
and gets 5/9, not a sampled 0.55: the enumerated dice walk every sequence of rolls,
each weighted by its probability, and a measure expression is read after each run.
A run may stop early (`until` triggers, `until_decision`): a goal attempt is measured
where its outcome is known, before the restart that follows asks for answers.

The position comes from the command line, so it is checked against what the edition
declares before anything runs: each state value against its entry's type, bounds and
index; each area against the board. A typo is an error with "did you mean", never a
position that quietly tests something else.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from .board import TEAMS, ZONES
from .diagnostics import Diagnostic, FubaError, did_you_mean
from .dice import MAX_OUTCOMES, Dice, enumerate_outcomes
from .edition import Edition
from .lang.checker import StateSpec
from .lang.runtime import Value
from .limits import MAX_NUMBER_DIGITS
from .scenario import Answers, Scenario

_TARGET = re.compile(r"^([A-Za-z_][\w.]*)((?:\[[^\[\]]*\])*)$")
_INT = re.compile(r"^[-+]?\d+$")


END = "the end of the rule"  # where a run that reached no stop point was measured


@attrs.frozen
class Odds:
    """The exact distribution of a measure, and where the runs were measured."""

    outcomes: dict[Hashable, Fraction]  # a measured list counts as a tuple
    stops: dict[str, Fraction]  # e.g. {"goal_scored(team=home)": 7/36, END: 13/108}


def exact_odds(edition: Edition, procedure: str, *args: Any, **options: Any) -> dict[Hashable, Fraction]:
    """The exact distribution of the measure: `odds(...)` without where the runs stopped
    (its arguments passed on as given)."""
    return odds(edition, procedure, *args, **options).outcomes


def odds(
    edition: Edition,
    procedure: str,
    args: Iterable[Value] = (),
    measure: str = "ball.value",
    setup: Callable[[Scenario], None] | None = None,
    answers: Answers = (),
    defaults: Mapping[str, Value] | None = None,
    rules: Iterable[str] = (),
    limit: int = MAX_OUTCOMES,
    until: Iterable[str] = (),
    until_decision: bool = False,
) -> Odds:
    """Run `procedure(*args)` from `setup`'s position under every dice outcome and read
    `measure` where each run ends: at the end of the rule, or at its first stop point
    (a trigger in `until`; with `until_decision`, a question the answers do not cover).

    Raises FubaError when the measure cannot be read, a trigger is unknown, or there are
    more than `limit` dice outcomes.
    """
    read = edition.expression(measure, "--measure")
    args, rules, until = list(args), list(rules), tuple(until)
    for trigger in until:
        if trigger not in edition.triggers:
            raise FubaError(Diagnostic(None, f"--until: unknown trigger '{trigger}'{did_you_mean(trigger, edition.triggers)}"))

    def run(dice: Dice) -> tuple[str, Hashable]:
        script = {t: list(a) for t, a in answers.items()} if isinstance(answers, Mapping) else list(answers)
        s = Scenario(edition, dice=dice, answers=script, defaults=defaults, rules=rules, until=until, until_decision=until_decision)
        if setup:
            setup(s)
        s.run(procedure, *args)
        try:
            value = read(s.match)
        except Exception as e:  # the measure is the user's expression: say what went wrong in it
            raise FubaError(Diagnostic(None, f"--measure {measure!r} cannot be read here: {_reason(e)}")) from None
        return s.stopped or END, tuple(value) if isinstance(value, list) else value

    try:
        found = enumerate_outcomes(run, limit)
    except ValueError as e:
        if "dice outcomes" in str(e):
            raise FubaError(Diagnostic(None, str(e))) from None
        raise
    outcomes: dict[Hashable, Fraction] = defaultdict(Fraction)
    stops: dict[str, Fraction] = defaultdict(Fraction)
    for (where, value), p in found.items():
        outcomes[value] += p
        stops[where] += p
    return Odds(dict(outcomes), dict(stops))


def _reason(e: BaseException) -> str:
    message = getattr(e, "message", None) or str(e) or type(e).__name__
    if isinstance(e, ZeroDivisionError):
        return "division by zero"
    return message


# ---- reading a position from the command line -------------------------------------


def literal(text: str, what: str) -> int | bool | str | None:
    """A command-line value: an integer, true/false/none, or a name such as an area or team."""
    text = text.strip()
    if _INT.match(text):
        if len(text.lstrip("+-")) > MAX_NUMBER_DIGITS:
            raise FubaError(Diagnostic(None, f"{what}: the number {text[:20]}... is too long (at most {MAX_NUMBER_DIGITS} digits)"))
        return int(text)
    return {"true": True, "false": False, "none": None}.get(text, text)


def assignments(items: Iterable[str] | None, what: str) -> list[tuple[str, str]]:
    """`NAME=VALUE` pairs from repeated, comma-separated options, in order."""
    out = []
    for item in items or []:
        for part in item.split(","):
            if not part.strip():
                continue
            if "=" not in part:
                raise FubaError(Diagnostic(None, f"{what} takes NAME=VALUE, got {part.strip()!r}"))
            name, value = part.split("=", 1)
            out.append((name.strip(), value.strip()))
    return out


def names(items: Iterable[str] | None) -> list[str]:
    """Names from repeated, comma-separated options (`--until a,b --until c`), in order."""
    return [part.strip() for item in items or [] for part in item.split(",") if part.strip()]


def state_entries(edition: Edition, items: Iterable[str] | None) -> list[tuple[str, tuple[str, ...], Value]]:
    """`--state` assignments checked against the declared state: (name, index keys, value).

    An indexed entry is set one value at a time (`score[home]=3`), never replaced whole.
    """
    out = []
    for target, text in assignments(items, "--state"):
        m = _TARGET.match(target)
        if m is None:
            raise FubaError(Diagnostic(None, f"--state: expected NAME=VALUE or NAME[KEY]=VALUE, got {target!r}"))
        name, keys = m.group(1), tuple(k.strip() for k in re.findall(r"\[([^\]]*)\]", m.group(2)))
        spec = edition.state.get(name)
        if spec is None:
            raise FubaError(Diagnostic(None, f"--state: unknown state '{name}'{did_you_mean(name, edition.state)}"))
        if len(keys) != len(spec.index):
            dims = ", ".join(spec.index)
            example = name + "".join(f"[{_example(edition, d)}]" for d in spec.index)
            if spec.index:
                message = f"--state: '{name}' holds one value per {dims}; set one of them, e.g. {example}={text}"
            else:
                message = f"--state: '{name}' is not indexed; write {name}={text}"
            raise FubaError(Diagnostic(None, message))
        for dim, key in zip(spec.index, keys):
            _member(key, _keys(edition, dim), f"--state {target}", dim)
        out.append((name, keys, state_value(edition, spec, text, f"--state {target}")))
    return out


def state_value(edition: Edition, spec: StateSpec, text: str, what: str) -> Value:
    """`text` as a value of the declared state `spec`: its type, and bounds for numbers."""
    kind = spec.type
    value = literal(text, what)
    if value is None and spec.default is None:
        return None
    if kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise FubaError(Diagnostic(None, f"{what}: expected a whole number, got {text!r}"))
        low, high = spec.min, spec.max
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"{low if low is not None else '...'} to {high if high is not None else '...'}"
            raise FubaError(Diagnostic(None, f"{what}: {value} is outside {spec.name}'s range {bounds}"))
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise FubaError(Diagnostic(None, f"{what}: expected true or false, got {text!r}"))
        return value
    if kind == "team":
        return _member(text, TEAMS, what, "team")
    if kind == "area":
        return _member(text, edition.board.areas, what, "area")
    if kind == "str":
        return text
    if kind == "list":
        raise FubaError(Diagnostic(None, f"{what}: '{spec.name}' is a list, which cannot be set from the command line"))
    return value


def pieces(edition: Edition, items: Iterable[str] | None, what: str) -> dict[str, int]:
    """`--home`/`--away` AREA=N: areas of the board, whole numbers of at least 0."""
    out: dict[str, int] = {}
    for area, text in assignments(items, what):
        _member(area, edition.board.areas, what, "area")
        count = literal(text, f"{what} {area}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise FubaError(Diagnostic(None, f"{what} {area}: expected a number of pieces (0 or more), got {text!r}"))
        out[area] = out.get(area, 0) + count
    return out


def keepers(edition: Edition, text: str) -> tuple[str | None, str | None]:
    """`--keepers HOME,AWAY`: each an area of the board, or empty for a keeper off the pitch."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) > 2:
        raise FubaError(Diagnostic(None, f"--keepers takes HOME,AWAY (two areas), got {text!r}"))
    parts += [""] * (2 - len(parts))
    found = [None if p in ("", "none") else _member(p, edition.board.areas, "--keepers", "area") for p in parts]
    return found[0], found[1]


def _keys(edition: Edition, dim: str) -> tuple[str, ...]:
    return TEAMS if dim == "team" else ZONES if dim == "zone" else tuple(edition.board.areas)


def _example(edition: Edition, dim: str) -> str:
    return _keys(edition, dim)[0]


def _member(text: str, known: Iterable[str], what: str, kind: str) -> str:
    known = list(known)
    if text not in known:
        shown = f"; one of {', '.join(known)}" if len(known) <= 3 else ""
        raise FubaError(Diagnostic(None, f"{what}: unknown {kind} {text!r}{did_you_mean(text, known)}{shown}"))
    return text
