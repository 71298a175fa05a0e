"""`fuba check`: validate editions, mods and data files without playing."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from fuba_rules import layering
from fuba_rules.cli import arg, report, subcommand
from fuba_rules.diagnostics import Diagnostic, FubaError, Pos, did_you_mean
from fuba_rules.layering import Resolved, shown
from fuba_rules.resources import default_editions_root
from fuba_rules.schema_check import check_limits, validate
from fuba_rules.yamlpos import LDict, load_yaml


def kernel_check(resolved: Resolved) -> list[Diagnostic]:
    """The effect-language checks: every rule is parsed, checked and compiled (an
    unchanged edition's stored warnings are enough, without importing the compiler)."""
    from fuba_rules.load_cache import stored_warnings

    stored = stored_warnings(resolved)
    if stored is not None:
        return stored
    from fuba_rules import edition

    return list(edition.check_resolved(resolved))




@subcommand(
    "check",
    "validate editions and mods without playing",
    arg(
        "paths",
        nargs="+",
        metavar="PATH",
        help="an editions folder, an edition folder, a mod or data file, or an edition id",
    ),
)
def cmd_check(args: argparse.Namespace) -> int:
    """Validate editions and mods: YAML, layering (extends, include, remove), the schema,
    and the effect code. Prints every problem as file:line:col and one line per valid
    edition; exits 1 if anything is wrong.

    A folder holding editions checks every edition and mod under it; an edition folder,
    or any file in one, checks that edition; a single file is checked as a mod (with
    its parents) if it has a header, else as a data file.

    examples:
      fuba check editions
      fuba check editions/<edition> editions/mods/<mod>.yaml
    """
    checker = _Checker(args.root)
    for raw in args.paths:
        try:
            checker.check_path(Path(raw))
        except FubaError as e:
            checker.emit(e.diagnostics)
    return 1 if checker.failed else 0


class _Checker:
    """Checks many editions, printing each file's problems only once."""

    def __init__(self, explicit_root: Path | None):
        self.explicit_root = explicit_root
        self.failed = False
        self.printed: set[str] = set()
        self.file_problems: dict[str, list[Diagnostic]] = {}
        self.done: set[Path] = set()

    def emit(self, diagnostics: Iterable[Diagnostic]) -> None:
        fresh = []
        for d in diagnostics:
            self.failed |= d.severity == "error"
            if d.format() not in self.printed:
                self.printed.add(d.format())
                fresh.append(d)
        report(fresh)

    def root(self, fallback: Path | None = None) -> Path:
        return self.explicit_root or fallback or default_editions_root()

    def check_path(self, path: Path) -> None:
        if not layering.exists(path):
            known = layering.discover(self.root())
            if str(path) in known:
                return self.check_edition(known[str(path)], self.root())
            hint = did_you_mean(str(path), known)
            return self.emit([Diagnostic(None, f"{path}: no such file, folder or edition{hint}")])
        if path.is_dir():
            if (path / layering.EDITION_FILE).is_file():
                return self.check_edition(path, self.root(path.parent))
            found = layering.discover(path)
            if not found:
                return self.emit(
                    [Diagnostic(None, f"{path}: no editions here (an edition folder has an {layering.EDITION_FILE})")]
                )
            for edition_path in found.values():
                self.check_edition(edition_path, self.explicit_root or path)
            return None
        if (path.parent / layering.EDITION_FILE).is_file():
            return self.check_edition(path.parent, self.root(path.parent.parent))
        top = load_yaml(Path(shown(path)))
        if isinstance(top, LDict) and any(k in top for k in layering.HEADER_KEYS if k != "include"):
            in_mods = path.parent.name == layering.MODS_DIR
            return self.check_edition(path, self.root(path.parent.parent if in_mods else None))
        return self.check_data_file(path, top)

    def check_edition(self, path: Path, root: Path) -> None:
        key = path.resolve()
        if key in self.done:
            return
        self.done.add(key)
        try:
            resolved = layering.resolve(path, root)
        except FubaError as e:
            return self.emit(e.diagnostics)
        problems = list(resolved.warnings)
        for name, top in resolved.files.items():
            problems += self.validate_file(name, top)
        problems += [d for d in check_limits(resolved.data, shown(path)) if d not in problems]  # across files
        if not any(d.severity == "error" for d in problems):
            problems += kernel_check(resolved)
        self.emit(problems)
        if not any(d.severity == "error" for d in problems):
            sections, entries = _count(resolved.data)
            parent = resolved.parent or "-"
            print(f"{shown(path)}: ok ({resolved.target} extends {parent}, {sections} sections, {entries} entries)")

    def check_data_file(self, path: Path, top: object) -> None:
        if top is None:
            top = LDict(pos=Pos(shown(path), 1, 1))
        if not isinstance(top, LDict):
            where = getattr(top, "pos", None) or Pos(shown(path), 1, 1)
            return self.emit([Diagnostic(where, "expected a mapping of sections at the top of the file")])
        problems = self.validate_file(shown(path), top)
        self.emit(problems)
        if not problems:
            sections, entries = _count(top)
            print(f"{shown(path)}: ok (data file, {sections} sections, {entries} entries)")

    def validate_file(self, name: str, top: LDict) -> list[Diagnostic]:
        if name not in self.file_problems:
            self.file_problems[name] = validate(top, name)
        return self.file_problems[name]


def _count(data: LDict) -> tuple[int, int]:
    """Sections and entries of a tree (a section that is not a mapping is one entry)."""
    sections = [k for k in data if k not in layering.HEADER_KEYS]
    entries = sum(len(data[k]) if isinstance(data[k], dict) else 1 for k in sections)
    return len(sections), entries


