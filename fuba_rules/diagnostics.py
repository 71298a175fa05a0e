"""Positions and diagnostics: every error a user sees points at a file, line and column.

Mods are untrusted files, so no error may surface as a Python traceback. Every layer
(YAML loading, schema, effect language, board, runtime rule faults) reports through
`Diagnostic` and raises `FubaError` carrying one or more of them.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable

import attrs

from fuba_rules.limits import MAX_SUGGESTION_NAME, MAX_SUGGESTION_POOL, MAX_SUGGESTION_WORK


@attrs.frozen
class Pos:
    """A 1-based line and column in a source file."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@attrs.frozen
class Diagnostic:
    """One problem, printed as `file:line:col: severity: message`."""

    pos: Pos | None
    message: str
    severity: str = "error"

    def format(self) -> str:
        where = str(self.pos) if self.pos else "<unknown>"
        return f"{where}: {self.severity}: {self.message}"


class FubaError(Exception):
    """Raised with the diagnostics that explain why input was rejected."""

    def __init__(self, diagnostics: Diagnostic | Iterable[Diagnostic]):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """Return ` (did you mean 'x'?)` for the closest candidate, or an empty string.

    The work is bounded whatever a mod declares: names longer than
    MAX_SUGGESTION_NAME get no suggestion, and only the MAX_SUGGESTION_POOL candidates
    nearest in length are compared closely (a match needs similar lengths anyway).
    """
    name = str(name)
    if not name or len(name) > MAX_SUGGESTION_NAME:
        return ""
    # difflib's ratio is at most 2*min/(len(a)+len(b)), so below 0.6 when one is 7/3 the other
    low, high = len(name) * 3 / 7, len(name) * 7 / 3
    pool = [c for c in map(str, candidates) if low <= len(c) <= high]
    if len(pool) > MAX_SUGGESTION_POOL:
        pool = _neighbours(name, pool)
    import difflib  # only an error needs it: not imported on every start

    close = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _neighbours(name: str, pool: list[str]) -> list[str]:
    """The MAX_SUGGESTION_POOL candidates sharing the longest start or end with `name`.

    A typo rarely touches both ends of a name, so its neighbours in alphabetical order,
    and in the order of the reversed names, hold the best match: two sorts and two
    binary searches instead of comparing every candidate.
    """
    quarter = MAX_SUGGESTION_POOL // 4
    near: list[str] = []
    for key in (None, _reversed):
        ordered = sorted(pool, key=key)
        i = bisect.bisect_left(ordered, key(name) if key else name, key=key)
        near += ordered[max(i - quarter, 0) : i + quarter]
    return list(dict.fromkeys(near))


def _reversed(text: str) -> str:
    return text[::-1]


class Suggestions:
    """`did_you_mean` under a budget shared by every suggestion of one check.

    A mod with thousands of names and thousands of typos would otherwise make the
    suggestions cost minutes; past MAX_SUGGESTION_WORK candidates looked at, the
    remaining errors are reported without one.
    """

    def __init__(self, work: int = MAX_SUGGESTION_WORK):
        self.left = work

    def __call__(self, name: str, candidates: Iterable[str] | Callable[[], Iterable[str]]) -> str:
        """The suggestion for `name`; `candidates` may be a function, called only when
        the budget allows a suggestion."""
        if self.left <= 0:
            return ""
        if callable(candidates):
            candidates = candidates()
        pool = candidates if isinstance(candidates, (list, tuple, set, frozenset, dict)) else list(candidates)
        self.left -= len(pool)
        return did_you_mean(name, pool)
