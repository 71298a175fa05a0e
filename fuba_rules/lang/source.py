"""The text of one generated function, line by line, each line with the YAML position
it comes from (read from a traceback only when a fault happens: `fault_pos`); and how
rule names and constants are written in it.

Rule text contributes only local names (prefixed `v_` and checked to be identifiers),
and constants written with `repr`: no attribute access, builtin or import can come
from a rule.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from ..diagnostics import Pos

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_counter = itertools.count()
# The lines around a rule function's body read in place of its call: "# >> file:line:col"
# opens it (the function's position), "# <<" closes it.
_MARK = re.compile(r"\s*# (?:>> (.*):(\d+):(\d+)|<<)\Z")


def local(name: str) -> str:
    """The Python name of a rule's local: always prefixed, so never a builtin or helper."""
    if not _IDENT.match(name):  # pragma: no cover - the grammar allows identifiers only
        raise ValueError(f"not a name: {name!r}")
    return "v_" + name


def lit(v: Any) -> str | None:
    """Python source for a constant, or None when it must live in the constant table."""
    if v is None or isinstance(v, bool):
        return repr(v)
    if isinstance(v, int):
        return f"({v!r})" if v < 0 else repr(v)
    if isinstance(v, str):
        return repr(v)
    return None


class Source:
    """The lines of one generated function, each with the YAML position it comes from."""

    def __init__(self, name: str, pos: Pos, placed: bool = True):
        self.filename = f"<rule {name} #{next(_counter)}>"
        self.lines: list[str] = []
        self.pos: list[Pos] = []
        self.here = pos
        self.temps = itertools.count()
        # False: a fault's place is its caller's line (`fault_trace` skips this function's
        # lines), as when its code stood there (see Generator._outlined)
        self.placed = placed

    def emit(self, indent: int, text: str, pos: Pos | None = None) -> None:
        """One statement. A rule function's body read in place of its call (`inlined`)
        spans lines of its own, so a fault in it is placed at the function's line, after
        the call site's (`fault_trace`)."""
        here = pos or self.here
        if "\n" not in text:
            self.lines.append("    " * indent + text)
            self.pos.append(here)
            return
        chain: list[Pos] = [here]
        for i, line in enumerate(text.split("\n")):
            mark = _MARK.match(line)
            if mark and mark.group(1):
                chain.append(Pos(mark.group(1), int(mark.group(2)), int(mark.group(3))))
            self.lines.append("    " * indent + line if i == 0 else line)
            self.pos.append(chain[0] if len(chain) == 1 else tuple(chain))  # type: ignore[arg-type]
            if mark and not mark.group(1):
                chain.pop()

    def temp(self, stem: str) -> str:
        return f"_{stem}{next(self.temps)}"

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"




def record_test(code: str, fields: frozenset[str]) -> str:
    """The test that the local `code` is a record holding `fields`, after which each of
    them is read by a plain subscript."""
    return f"_type({code}) is _dict" + "".join(f" and {f!r} in {code}" for f in sorted(fields))
