"""Which edition a file belongs to, and what the real checker says about it.

The resolution mirrors `fuba check FILE`: a file in an edition folder checks that
edition, a file with a header is a mod checked with its parents, and a data file (the
board, a common table) is checked inside the edition that includes it. The editor's
unsaved buffers are read instead of the files (`yamlpos.overlaid`), so the diagnostics
are those `fuba check` would print once the buffers are saved.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import attrs

from fuba_rules import edition, layering
from fuba_rules.diagnostics import Diagnostic, FubaError, Pos
from fuba_rules.layering import Resolved, shown
from fuba_rules.lsp.names import Names
from fuba_rules.resources import default_editions_root
from fuba_rules.schema_check import validate
from fuba_rules.yamlpos import LDict, load_yaml, overlaid

TEAM_KEYS = frozenset({"home", "away"})
"""A file holding only these is a team file (`--teams`): its skills are checked when a
match starts, and its shape by the editor's YAML server (team.schema.json)."""


@attrs.define
class Analysis:
    """One check of one file: every diagnostic (of any file) and the names it can see."""

    diagnostics: list[Diagnostic]
    names: Names | None
    """None when the edition could not be resolved (e.g. a bad `extends`)."""
    files: set[str] = attrs.Factory(set)
    """Real paths of every file the check read: a change to one of them re-checks this one."""


def real(path: str | Path) -> str:
    """The real absolute path, the key every file is compared by."""
    return os.path.realpath(os.path.abspath(path))


def analyse(path: Path, texts: Mapping[str, str], root: Path | None = None) -> Analysis:
    """Check `path` as `fuba check` would, reading `texts` (path -> buffer) instead of files."""
    with overlaid(texts):
        try:
            target = _target(path, root)
        except FubaError as e:
            return Analysis(e.diagnostics, None, {real(path)})
        if target is None:
            return _data_file(path, root)
        return _edition(*target)


def diagnostics_of(analysis: Analysis, path: Path) -> list[Diagnostic]:
    """The diagnostics of `path` itself; one without a position belongs to it too."""
    mine = real(path)
    return [d for d in analysis.diagnostics if d.pos is None or real(d.pos.file) == mine]


def _target(path: Path, root: Path | None) -> tuple[Path, Path] | None:
    """(edition folder or mod file, editions root) for `path`; None for a data file."""
    if (path.parent / layering.EDITION_FILE).is_file():
        return path.parent, layering.root_of_command([path.parent], root)
    top = load_yaml(Path(shown(path)))
    if isinstance(top, LDict) and any(k in top for k in layering.HEADER_KEYS if k != "include"):
        return path, layering.root_of_command([path], root)
    return None


def _edition(target: Path, root: Path) -> Analysis:
    """The checks of `fuba check`: layering, the schema of every file read, the rules."""
    try:
        resolved = layering.resolve(target, root)
    except FubaError as e:
        return Analysis(e.diagnostics, None, {real(target)})
    return _checked(resolved, root)


def _checked(resolved: Resolved, root: Path) -> Analysis:
    problems = list(resolved.warnings)
    for name, top in resolved.files.items():
        problems += validate(top, name)
    if not any(d.severity == "error" for d in problems):
        problems += edition.check_resolved(resolved)
    return Analysis(problems, Names.of(resolved, root), {real(f) for f in resolved.files})


_OWNER: dict[str, Path] = {}
"""A data file's real path -> the edition found to include it (tried first next time)."""


def _data_file(path: Path, root: Path | None) -> Analysis:
    """A file with no header: checked inside the edition that includes it and keeps most
    of its entries (an edition may override some), else alone."""
    top = load_yaml(Path(shown(path)))
    if top is None:
        top = LDict(pos=Pos(shown(path), 1, 1))
    if not isinstance(top, LDict):
        where = getattr(top, "pos", None) or Pos(shown(path), 1, 1)
        return Analysis([Diagnostic(where, "expected a mapping of sections at the top of the file")], None)
    if top and set(top) <= TEAM_KEYS:
        return Analysis([], None, {real(path)})
    editions_root = root or _root_above(path)
    known = _OWNER.get(real(path))
    candidates = [known] if known else list(layering.discover(editions_root).values())
    best: tuple[int, Resolved] | None = None
    for candidate in candidates:
        try:
            resolved = layering.resolve(candidate, editions_root)
        except FubaError:
            continue
        kept = _entries_from(resolved, path)
        if kept and (best is None or kept > best[0]):
            best = (kept, resolved)
            _OWNER[real(path)] = candidate
    if best is not None:
        return _checked(best[1], editions_root)
    _OWNER.pop(real(path), None)
    return Analysis(validate(top, shown(path)), None, {real(path)})


def _entries_from(resolved: Resolved, path: Path) -> int:
    """How many entries of the resolved edition `path` defines."""
    mine = real(path)
    return sum(
        1
        for section in resolved.data.values()
        if isinstance(section, LDict)
        for where in section.key_pos.values()
        if real(where.file) == mine
    )


def _root_above(path: Path) -> Path:
    """The editions folder holding `path` (a shared file sits in it or one level down)."""
    for folder in (path.parent, path.parent.parent):
        if layering.discover(folder):
            return folder
    return default_editions_root()
