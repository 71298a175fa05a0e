"""Positions and diagnostics: every error a user sees points at a file, line and column.

Mods are untrusted files, so no error may surface as a Python traceback. Every layer
(YAML loading, schema, effect language, board, runtime rule faults) reports through
`Diagnostic` and raises `FubaError` carrying one or more of them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

import attrs


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
    """Return ` (did you mean 'x'?)` for the closest candidate, or an empty string."""
    close = difflib.get_close_matches(str(name), [str(c) for c in candidates], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
