"""What `fuba calibrate --vary` may move: a value `sweep --set` can set, with a range.

`PATH=LOW..HIGH` varies a number (whole numbers stay whole; a decimal end makes it a
real number), `PATH=A,B,C` picks one of the values listed (texts, numbers, `removed`),
and on a formula (an expression such as `goal_distance(area, team)`) a range of whole
numbers is a shift: the formula plus that number. The path is resolved, and each value
written into a mod, by sweep's own functions, so a calibrated value is set exactly as
`sweep --set` sets it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

import attrs
import yaml

from ..diagnostics import Diagnostic, FubaError
from .sweep import Setting, Shift, YamlValue, parse_setting, shifted


class OptunaTrial(Protocol):
    """What `suggest` asks of an Optuna trial (optuna.trial.Trial): a value per path."""

    def suggest_int(self, name: str, low: int, high: int) -> int: ...

    def suggest_float(self, name: str, low: float, high: float) -> float: ...

    def suggest_categorical(self, name: str, choices: Sequence[YamlValue]) -> YamlValue: ...


_NUMBER = re.compile(r"^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")
_FLAG = "--vary"


def shift_formula(formula: str, delta: int) -> str:
    """The formula plus `delta` (unchanged for 0), written as sweep's `+k` writes it."""
    return formula if delta == 0 else shifted(formula, Shift(delta))


@attrs.frozen
class Vary:
    """One varied value: `kind` is int, float, choice or shift (a formula plus a number)."""

    setting: Setting
    kind: str
    base: YamlValue  # the value in the edition (0 for a shift: the formula as written)
    low: float = 0
    high: float = 0
    choices: tuple[YamlValue, ...] = ()
    formula: str = ""

    @property
    def path(self) -> str:
        return self.setting.path

    @property
    def numeric(self) -> bool:
        return self.kind != "choice"

    def suggest(self, trial: OptunaTrial) -> YamlValue:
        """The value an Optuna trial proposes for this path."""
        if self.kind in ("int", "shift"):
            return trial.suggest_int(self.path, int(self.low), int(self.high))
        if self.kind == "float":
            return trial.suggest_float(self.path, self.low, self.high)
        return trial.suggest_categorical(self.path, list(self.choices))

    def start(self) -> YamlValue:
        """The edition's own value, moved into the range: the first trial plays it."""
        if self.kind == "choice":
            return self.base if self.base in self.choices else self.choices[0]
        value = min(max(self.base, self.low), self.high)
        return int(value) if self.kind != "float" else float(value)

    def ends(self) -> tuple[YamlValue, YamlValue]:
        return (self.choices[0], self.choices[-1]) if self.kind == "choice" else (self.low, self.high)

    def written(self, value: YamlValue) -> YamlValue:
        """What the mod holds for `value` (a shift writes the shifted formula)."""
        return shift_formula(self.formula, int(value)) if self.kind == "shift" else value

    def label(self, value: YamlValue) -> str:
        if self.kind == "shift":
            return f"{int(value):+d}"
        if self.kind == "float":
            return f"{value:.3g}"
        return str(value)

    def span(self) -> str:
        """What is searched: `1..6 (whole numbers)`, `-2..+2 (a shift of ...)`, `one of a, b`."""
        if self.kind == "choice":
            return f"one of {', '.join(map(str, self.choices))}"
        what = {"int": "whole numbers", "float": "numbers", "shift": f"a shift of {self.formula}"}[self.kind]
        return f"{self.label(self.low)}..{self.label(self.high)} ({what})"

    def range_text(self, found: tuple[YamlValue, ...]) -> str:
        """A range of values found (low, high), or the options found for a choice."""
        return f"{self.label(found[0])}..{self.label(found[1])}" if self.numeric else ", ".join(map(str, found))

    def describe(self) -> str:
        return f"{self.path}: {self.span()}"


def _error(message: str) -> FubaError:
    return FubaError(Diagnostic(None, message))


def _resolve(path: str, probe: str, data: YamlValue) -> Setting:
    """sweep's resolution of the path, its messages naming --vary."""
    try:
        return parse_setting(f"{path}={probe}", data)
    except FubaError as e:
        raise FubaError([Diagnostic(d.pos, d.message.replace("--set ", f"{_FLAG} ", 1), d.severity) for d in e.diagnostics]) from None


def current_value(setting: Setting, data: YamlValue) -> YamlValue:
    node = data[setting.section][setting.entry]
    for f in setting.fields:
        node = node[f]
    return node


def is_formula(setting: Setting) -> bool:
    """Whether the edition schema describes the field as code (an expression, or
    effect-language code): only such a text can be shifted."""
    from ..schema_check import schema

    node: dict = schema().get("properties", {}).get(setting.section, {})
    for key in ("entry", *setting.fields):
        node = _deref(node)
        if key == "entry" or isinstance(key, int):
            node = node.get("additionalProperties") or node.get("items") or {}
        else:
            node = node.get("properties", {}).get(key) or node.get("additionalProperties") or {}
        if not isinstance(node, dict):
            return False
    text = str(_deref(node).get("description", ""))
    return "expression" in text or "effect-language code" in text


def _deref(node: dict) -> dict:
    from ..schema_check import schema

    ref = node.get("$ref", "")
    return schema()["$defs"].get(ref.removeprefix("#/$defs/"), {}) if ref.startswith("#/$defs/") else node


def _bounds(setting: Setting, data: YamlValue) -> tuple[float | None, float | None]:
    """Limits the edition itself declares for the value: a state's `min`/`max` bound its
    `default`."""
    if setting.fields != ("default",):
        return None, None
    entry = data[setting.section][setting.entry]
    if not isinstance(entry, dict):
        return None, None
    return entry.get("min"), entry.get("max")


def parse_vary(text: str, data: YamlValue) -> Vary:
    """`PATH=LOW..HIGH` or `PATH=A,B,...`, checked against the resolved edition `data`."""
    path, eq, raw = text.partition("=")
    path, raw = path.strip(), raw.strip()
    if not eq or not raw:
        raise _error(f"{_FLAG} {text!r}: expected PATH=LOW..HIGH or PATH=A,B,... (e.g. modifiers.shot_keeper_out.value=0..6)")
    if ".." not in raw:
        setting = _resolve(path, raw, data)
        if len(setting.values) < 2:
            raise _error(f"{_FLAG} {path}={raw}: one value leaves nothing to choose; give a range LOW..HIGH or two or more values A,B")
        return Vary(setting, "choice", current_value(setting, data), choices=setting.values)
    lo_text, _, hi_text = (p.strip() for p in raw.partition(".."))
    setting = _resolve(path, "0", data)
    base = current_value(setting, data)
    if not (_NUMBER.match(lo_text) and _NUMBER.match(hi_text)):
        raise _error(f"{_FLAG} {path}={raw}: a range needs numbers at both ends, e.g. {path}=0..6")
    lo, hi = yaml.safe_load(lo_text), yaml.safe_load(hi_text)
    lo, hi = (float(lo_text), float(hi_text)) if not all(isinstance(v, int) for v in (lo, hi)) else (int(lo), int(hi))
    if lo >= hi:
        raise _error(f"{_FLAG} {path}={raw}: the range is empty or a single value: LOW must be below HIGH")
    if isinstance(base, bool):
        raise _error(f"{_FLAG} {path}: is {str(base).lower()}, a yes/no value; vary it as a choice: {path}=true,false")
    if isinstance(base, str):
        if _NUMBER.match(base.strip()):
            base = yaml.safe_load(base)
        elif not is_formula(setting):
            raise _error(f"{_FLAG} {path}: is a text ({base!r}), not a number or a formula; vary it as a choice: {path}=A,B")
        elif not all(isinstance(v, int) for v in (lo, hi)):
            raise _error(f"{_FLAG} {path}={raw}: {path} is a formula ({base}); it is shifted by whole numbers, e.g. {path}=-2..+2")
        else:
            return Vary(setting, "shift", 0, lo, hi, formula=base)
    if not isinstance(base, (int, float)):
        raise _error(f"{_FLAG} {path}: its value ({base!r}) is not a number; vary it as a choice: {path}=A,B")
    kind = "int" if isinstance(base, int) and isinstance(lo, int) else "float"
    if isinstance(base, int) and kind == "float":
        raise _error(f"{_FLAG} {path}={raw}: {path} is a whole number ({base}); give whole-number ends")
    low_bound, high_bound = _bounds(setting, data)
    if (low_bound is not None and lo < low_bound) or (high_bound is not None and hi > high_bound):
        limits = " and ".join(x for x in (f"at least {low_bound}" if low_bound is not None else "", f"at most {high_bound}" if high_bound is not None else "") if x)
        raise _error(f"{_FLAG} {path}={raw}: outside the value's bounds: {setting.section}.{setting.entry} is {limits} (its min and max)")
    return Vary(setting, kind, base, lo, hi)


def point_of(varies: Sequence[Vary], values: Sequence[YamlValue]) -> list[tuple[Setting, YamlValue]]:
    """A point as sweep.mod_text takes it: each setting with the value its mod holds."""
    return [(v.setting, v.written(x)) for v, x in zip(varies, values)]


def point_label(varies: Sequence[Vary], values: Sequence[YamlValue]) -> str:
    return ", ".join(f"{v.path}={v.label(x)}" for v, x in zip(varies, values))
