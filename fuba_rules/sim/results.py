"""`simulate --out FILE`: every finished match's outcome, one JSON line each, written as
it finishes so that an interrupted run keeps its work, and `--resume FILE` continues it.

The first line describes the run (its `RunConfig`: edition, seed, agents, rules, skills,
mods with their hashes, ..., and the number of matches); a resumed run must be the same
run, or the figures would mix two batches.
Its -n may differ: match i is the same match whatever the batch size, so a run of 1,000
can be resumed to 2,000.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO

from ..diagnostics import Diagnostic, FubaError, Pos
from ..files import create_new, read_regular
from ..limits import MAX_RESULTS_BYTES
from .outcome import Outcome, carry_survives_json
from .runinfo import RunConfig

KIND = "fuba-simulate-results"


class ResultsFile:
    """An open results file that outcomes are appended to, one flushed line each."""

    def __init__(self, path: Path, f: IO[str]):
        self.path = path
        self.f = f

    @classmethod
    def start(cls, path: Path, run: RunConfig, matches: int) -> ResultsFile:
        """A new results file; an existing one is kept (its run may be worth resuming)."""
        try:
            f = create_new(path)
        except FileExistsError:
            raise FubaError(Diagnostic(None, f"{path} already exists: `--resume {path}` continues that run, or delete it to start again")) from None
        except OSError as e:
            raise FubaError(Diagnostic(None, f"cannot write {path}: {e.strerror}")) from None
        out = cls(path, f)
        out._write({"kind": KIND, **run.as_json(), "matches": matches})
        return out

    @classmethod
    def resume(cls, path: Path, run: RunConfig) -> tuple[ResultsFile, list[Outcome]]:
        """Reopen a results file of the same run; returns it with the matches it holds.
        A last line cut off mid-write (the run was killed) is dropped."""
        try:
            data = read_regular(path, MAX_RESULTS_BYTES)
        except OSError as e:
            raise FubaError(Diagnostic(None, f"cannot read {path}: {e.strerror}")) from None
        if len(data) > MAX_RESULTS_BYTES:
            raise FubaError(Diagnostic(Pos(str(path), 1, 1), f"too large for a results file (the limit is {MAX_RESULTS_BYTES:,} bytes)"))
        complete = data[: data.rfind(b"\n") + 1]
        lines = complete.split(b"\n")[:-1]
        if not lines:
            raise FubaError(Diagnostic(Pos(str(path), 1, 1), "empty: not a results file of `fuba simulate --out`"))
        header = _parse(path, 1, lines[0])
        if not isinstance(header, dict) or header.get("kind") != KIND:
            raise FubaError(Diagnostic(Pos(str(path), 1, 1), "not a results file of `fuba simulate --out`"))
        there, here = RunConfig.from_json(header).identity(), run.identity()
        for key, value in here.items():
            if there[key] != value:
                raise FubaError(Diagnostic(Pos(str(path), 1, 1), (
                    f"this file is from another run: {key} {_show(there[key])} there, {_show(value)} here; "
                    "resume with the same edition, seed, agents, rules, skills, mods and --sequence or --cup")))
        outcomes = []
        for number, line in enumerate(lines[1:], 2):
            try:
                outcomes.append(Outcome.from_json(_parse(path, number, line)))
            except ValueError as e:
                raise FubaError(Diagnostic(Pos(str(path), number, 1), str(e))) from None
        if len(complete) < len(data):
            _truncate(path, len(complete))
        return cls(path, _open(path, "a")), outcomes

    def add(self, outcome: Outcome) -> None:
        line = outcome.as_json()
        if outcome.carry is not None and not carry_survives_json(outcome.carry):
            line.pop("carry")  # resuming this sequence will say it cannot continue here
        self._write(line)

    def close(self) -> None:
        try:
            self.f.close()
        except OSError:
            pass

    def _write(self, item: dict) -> None:
        try:
            self.f.write(json.dumps(item, sort_keys=True) + "\n")
            self.f.flush()
        except OSError as e:
            raise FubaError(Diagnostic(None, f"cannot write {self.path}: {e.strerror}")) from None


def _open(path: Path, mode: str) -> IO[str]:
    try:
        return open(path, mode, encoding="utf-8")
    except OSError as e:
        raise FubaError(Diagnostic(None, f"cannot write {path}: {e.strerror}")) from None


def _truncate(path: Path, size: int) -> None:
    try:
        os.truncate(path, size)
    except OSError as e:
        raise FubaError(Diagnostic(None, f"cannot write {path}: {e.strerror}")) from None


def _parse(path: Path, number: int, line: bytes) -> object:
    try:
        return json.loads(line.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise FubaError(Diagnostic(Pos(str(path), number, e.start + 1), "not UTF-8 text")) from None
    except json.JSONDecodeError as e:
        raise FubaError(Diagnostic(Pos(str(path), number, e.colno), f"not a JSON line: {e.msg}")) from None
    except (ValueError, RecursionError):
        raise FubaError(Diagnostic(Pos(str(path), number, 1), "not a line of a results file")) from None


def _show(value: object) -> str:
    return json.dumps(value, sort_keys=True)
