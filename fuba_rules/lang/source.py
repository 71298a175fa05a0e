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


class Code(str):
    """The Python source of one expression, and what it is when it is one of the simple
    forms later choices depend on (read twice or kept in place: a local, a literal, a
    temporary). Whoever writes it says so; nothing reads the text to find out."""

    kind: str  # one of the kinds below, or "" for anything else
    local: str  # LOCAL and FIELD: the rule local it reads (its Python name)

    def __new__(cls, text: str, kind: str = "", local: str = "") -> Code:
        self = super().__new__(cls, text)
        self.kind = kind
        self.local = local
        return self


# The kinds of `Code`. A temporary's kind is "temp:" and its stem (`_t0`: "temp:t").
LOCAL = "local"  # a rule local, `v_x`
FIELD = "field"  # a field of a local proved a record, read straight: `v_x['to']`
STATE = "state"  # a plain read of a state entry: `m.S['ball']`
INT = "int"  # a whole-number literal, `3`
NEG_INT = "-int"  # a negative one, `(-3)`
TEXT = "text"  # a text literal with no quote or escape in it, `'home'`
CONST = "const"  # True, False or None
GLOBAL = "global"  # a constant in the generated code's globals, `_K3`

INTS = frozenset({INT, NEG_INT})
LITERALS = INTS | {TEXT, CONST}
# Nothing can change these meanwhile: a local (or its proved field), a state value read
# before a list (`_s0`) or a literal other than True/False/None.
STABLE = INTS | {LOCAL, FIELD, TEXT, "temp:s"}
SIMPLE = STABLE | {STATE}  # cheap to read twice, and pure
REUSABLE = LITERALS | {LOCAL, FIELD, "temp:t", "temp:h", "temp:s"}  # read as often as a body reads it


def kind(code: str) -> str:
    """The kind of `code` (see `Code`); "" for text written by anything else."""
    return code.kind if isinstance(code, Code) else ""


def is_name(code: str) -> bool:
    """Whether `code` is a plain Python name (a local, a temporary, a global or a literal
    name): read twice, it costs no call."""
    k = kind(code)
    return k in (LOCAL, CONST, GLOBAL) or k.startswith("temp:")


def _plain_text(text: str) -> bool:
    """A text written as `'...'` with no quote or backslash inside."""
    r = repr(text)
    return r[0] == "'" and "'" not in r[1:-1] and "\\" not in r


def lit(v: object) -> Code | None:
    """Python source for a constant, or None when it must live in the constant table."""
    if v is None or isinstance(v, bool):
        return Code(repr(v), CONST)
    if isinstance(v, int):
        return Code(f"({v!r})", NEG_INT) if v < 0 else Code(repr(v), INT)
    if isinstance(v, str):
        return Code(repr(v), TEXT if _plain_text(v) else "")
    return None


def state_read(entry: str) -> Code:
    """A plain read of the state entry `entry`."""
    return Code(f"m.S[{entry!r}]", STATE if _plain_text(entry) else "")


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

    def temp(self, stem: str) -> Code:
        """A new temporary of this function (`_t0`)."""
        return Code(f"_{stem}{next(self.temps)}", "temp:" + stem)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"




def record_test(code: str, fields: frozenset[str]) -> str:
    """The test that the local `code` is a record holding `fields`, after which each of
    them is read by a plain subscript."""
    return f"_type({code}) is _dict" + "".join(f" and {f!r} in {code}" for f in sorted(fields))
