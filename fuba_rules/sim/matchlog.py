"""Match logs: one JSON object a line, a header, every event, and an end line.

The end line is written only once the match has finished, so a log cut short (a
signal, a full disk, a rule fault) is told apart from a whole match. Reading checks
every line: a log may come from anywhere, and a bad one gets `file:line:col: message`.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO

import attrs

from ..diagnostics import Diagnostic, FubaError, Pos
from ..files import create_new, read_regular
from ..jsondata import Json, JsonObject
from ..limits import MAX_LOG_BYTES

Record = JsonObject
"""One JSON object of a log: the header, an event or the end line; its fields depend on
its kind, and its values are whatever the rules logged."""

Written = Mapping[str, Json]
"""What a log writes as one line: a record, or any mapping of plain data."""

HEADER, END = "header", "end"
MAX_DEPTH = 64  # real events nest 4 deep; deeper values could not even be printed


class LogWriter:
    """A log opened (and its header written) before the match is played, so that a path
    that cannot be written is an error before any work is done. It is always a new
    file: an existing one (a symbolic link too) is never overwritten."""

    def __init__(self, path: Path, header: Written):
        self.path = path
        try:
            self.f: IO[str] = create_new(path)
        except FileExistsError:
            if os.path.isdir(path):
                raise self._error(IsADirectoryError(errno.EISDIR, "Is a directory")) from None
            raise FubaError(Diagnostic(None, f"{path} already exists: give a new file for the log, or delete it")) from None
        except OSError as e:
            raise self._error(e) from None
        self._line({"kind": HEADER, **header})

    def events(self, events: Iterable[Written]) -> None:
        for e in events:
            self._line(e, flush=False)
        self._flush()

    def end(self, summary: Written) -> None:
        """Mark the match as complete: the last line of a whole log."""
        self._line({"kind": END, **summary})

    def close(self) -> None:
        try:
            self.f.close()
        except OSError:
            pass

    def _line(self, item: Written, flush: bool = True) -> None:
        try:
            self.f.write(json.dumps(item, sort_keys=True) + "\n")  # sorted keys: stable bytes
        except OSError as e:
            raise self._error(e) from None
        if flush:
            self._flush()

    def _flush(self) -> None:
        try:
            self.f.flush()
        except OSError as e:
            raise self._error(e) from None

    def _error(self, e: OSError) -> FubaError:
        return FubaError(Diagnostic(None, f"cannot write the log {self.path}: {e.strerror or e}"))


def write_log(path: Path, header: Written, events: Iterable[Written], summary: Written | None = None) -> None:
    """A whole match's log in one go."""
    log = LogWriter(path, header)
    try:
        log.events(events)
        log.end(summary or {})
    finally:
        log.close()


@attrs.frozen
class MatchLog:
    header: Record
    events: list[Record]
    end: Record | None  # None: the log ends early, the match was cut short
    last_line: int  # the number of the last line that is not blank


def read_log(path: Path) -> MatchLog:
    """Read and check a log; raises FubaError positioned at the first bad line."""
    try:
        raw = read_regular(path, MAX_LOG_BYTES)
    except OSError as e:
        raise FubaError(Diagnostic(None, f"cannot read {path}: {e.strerror or e}")) from None
    if len(raw) > MAX_LOG_BYTES:
        raise FubaError(Diagnostic(Pos(str(path), 1, 1), f"too large for a match log (the limit is {MAX_LOG_BYTES:,} bytes)"))
    return parse_log(raw, str(path))


def parse_log(raw: bytes, name: str) -> MatchLog:
    """Check a log's bytes (from a file or an upload); errors are positioned in `name`."""
    reader = _Reader(name)
    last = 0
    for number, line in enumerate(raw.split(b"\n"), 1):
        if line.strip():
            reader.take(number, line)
            last = number
    if reader.header is None:
        raise reader.error(1, 1, "empty: not a match log of `fuba simulate --log`")
    return MatchLog(reader.header, reader.events, reader.end, last)


class _Reader:
    def __init__(self, file: str):
        self.file = file
        self.header: Record | None = None
        self.events: list[Record] = []
        self.end: Record | None = None

    def error(self, line: int, col: int, message: str) -> FubaError:
        return FubaError(Diagnostic(Pos(self.file, line, col), message))

    def take(self, number: int, line: bytes) -> None:
        item = self.parse(number, line)
        kind = item.get("kind")
        if self.header is None:
            if kind != HEADER:
                raise self.error(number, 1, "not a match log of `fuba simulate --log`: the first line must be its header")
            self.header = self.check_header(number, item)
        elif kind == HEADER:
            raise self.error(number, 1, "a second header: two logs joined into one file?")
        elif self.end is not None:
            raise self.error(number, 1, "an event after the end of the match")
        elif kind == END:
            self.end = item
        else:
            self.events.append(self.check_event(number, item))

    def parse(self, number: int, line: bytes) -> Record:
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as e:
            raise self.error(number, e.start + 1, f"not UTF-8 text (byte 0x{line[e.start]:02x})") from None
        try:
            item = json.loads(text)
        except json.JSONDecodeError as e:
            raise self.error(number, e.colno, f"not a JSON line: {e.msg}") from None
        except RecursionError:
            raise self.error(number, 1, "JSON nested too deeply for a match log") from None
        except ValueError:  # Python reads numbers of at most 4,300 digits
            raise self.error(number, 1, "not a JSON line: a number too long to read") from None
        if not isinstance(item, dict):
            raise self.error(number, 1, "expected a JSON object")
        if _depth(item) > MAX_DEPTH:
            raise self.error(number, 1, f"JSON nested more than {MAX_DEPTH} deep: not a match log")
        return item

    def check_header(self, number: int, h: Record) -> Record:
        agents, teams, seed, edition = h.get("agents", []), h.get("teams"), h.get("seed"), h.get("edition")
        if not (isinstance(agents, list) and all(isinstance(a, str) for a in agents)):
            raise self.error(number, 1, "header: `agents` must be a list of agent names, e.g. [\"coach\", \"random\"]")
        if teams is not None and not (isinstance(teams, dict) and all(isinstance(v, str) for v in teams.values())):
            raise self.error(number, 1, "header: `teams` must map home and away to team names")
        if seed is not None and not (isinstance(seed, int) and not isinstance(seed, bool)):
            raise self.error(number, 1, "header: `seed` must be a whole number")
        if edition is not None and not isinstance(edition, str):
            raise self.error(number, 1, "header: `edition` must be an edition id")
        return h

    def check_event(self, number: int, e: Record) -> Record:
        clock = e.get("clock")
        if clock is not None and (not isinstance(clock, int) or isinstance(clock, bool)):
            raise self.error(number, 1, "`clock` must be a minute (a whole number) or null")
        if "kind" in e and not isinstance(e["kind"], str):
            raise self.error(number, 1, "`kind` must be a text")
        return e


def _depth(value: object) -> int:
    """How deep lists and objects nest, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            if deepest > MAX_DEPTH:
                break
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest
