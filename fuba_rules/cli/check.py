"""`fuba check`: validate editions, mods and data files without playing."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import TypeGuard

from fuba_rules import layering
from fuba_rules.cli import arg, report, subcommand
from fuba_rules.diagnostics import Diagnostic, FubaError, Pos, did_you_mean
from fuba_rules.layering import Resolved, shown
from fuba_rules.resources import default_editions_root
from fuba_rules.schema_check import check_limits, validate
from fuba_rules.yamlpos import LDict, load_yaml

TEAM_KEYS = frozenset({"home", "away"})
"""A file holding only these is a team file (`--teams FILE`), not an edition."""
TEAMS_DIR = "teams"
"""The folder of team files in an editions folder; `fuba check FOLDER` checks them too."""


def kernel_check(resolved: Resolved) -> list[Diagnostic]:
    """The effect-language checks: every rule is parsed, checked and compiled (an
    unchanged edition's stored warnings are enough, without importing the compiler)."""
    from fuba_rules.load_cache import stored_warnings

    stored = stored_warnings(resolved, lint=True)
    if stored is not None:
        return stored
    from fuba_rules import edition

    return list(edition.check_resolved(resolved))


def _is_team_file(top: object) -> TypeGuard[LDict]:
    """A YAML file holding only `home:` and `away:` (a `--teams` file)."""
    return isinstance(top, LDict) and bool(top) and set(top) <= TEAM_KEYS


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

    A folder holding editions checks every edition and mod under it (mods and team
    files in sub-folders too) and the team files in its teams/ folder, and names the
    YAML files it skipped (read by no edition, neither mod nor team file); an edition folder,
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
        self.read: set[Path] = set()  # every file a checked edition or mod read
        self.unresolved = False  # an edition or mod could not be layered: what it reads is unknown

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
                return self.check_edition(path, layering.root_of_command([path], self.explicit_root))
            found = layering.discover(path)
            if not found and not any(path.rglob("*.yaml")):
                return self.emit(
                    [Diagnostic(None, f"{path}: no editions here (an edition folder has an {layering.EDITION_FILE})")]
                )
            for edition_path in found.values():
                self.check_edition(edition_path, self.explicit_root or path)
            for team_file in sorted((path / TEAMS_DIR).glob("*.yaml")):  # what --teams reads
                top = load_yaml(Path(shown(team_file)))
                if _is_team_file(top):
                    self.check_team_file(team_file, top, self.explicit_root or path)
            return self.check_the_rest(path)
        if (path.parent / layering.EDITION_FILE).is_file():
            return self.check_edition(path.parent, layering.root_of_command([path.parent], self.explicit_root))
        top = load_yaml(Path(shown(path)))
        if isinstance(top, LDict) and any(k in top for k in layering.HEADER_KEYS if k != "include"):
            return self.check_edition(path, layering.root_of_command([path], self.explicit_root))
        if _is_team_file(top):
            return self.check_team_file(path, top)
        return self.check_data_file(path, top)

    def check_the_rest(self, folder: Path) -> None:
        """The YAML files under `folder` that no edition checked so far read: a mod or a
        team file in a sub-folder is checked; anything else is named as skipped, so that
        no file is passed over in silence."""
        skipped = []
        for path in sorted(folder.rglob("*.yaml")):
            if path.resolve() in self.read or not path.is_file():
                continue
            top = load_yaml(Path(shown(path)))
            if isinstance(top, LDict) and "extends" in top:
                self.check_edition(path, layering.root_for(path, self.explicit_root or folder))
            elif _is_team_file(top):
                self.check_team_file(path, top, self.explicit_root or folder)
            else:
                skipped.append(shown(path))
        if skipped and not self.unresolved:  # else the files it would read are unknown
            print(f"skipped {len(skipped)} file(s) that no edition reads and that are not mods or team files: {', '.join(skipped)}")

    def check_edition(self, path: Path, root: Path) -> None:
        key = path.resolve()
        if key in self.done:
            return
        self.done.add(key)
        try:
            resolved = layering.resolve(path, root)
        except FubaError as e:
            self.unresolved = True
            return self.emit(e.diagnostics)
        problems = list(resolved.warnings)
        self.read.update(Path(name).resolve() for name in resolved.files)
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

    def check_team_file(self, path: Path, top: LDict, root: Path | None = None) -> None:
        """A `--teams` file: its shape, and each skill named by some edition under the root
        or the default editions folder (the edition it plays with is chosen on the command
        line)."""
        if path.resolve() in self.read:
            return
        self.read.add(path.resolve())
        skills = self.skills_under(self.root(root))
        if root is not None and not layering.same_path(root, self.root()):
            for name, editions in self.skills_under(self.root()).items():
                skills.setdefault(name, []).extend(editions)
        problems = team_file_problems(top, skills)
        self.emit(problems)
        if not problems:
            count = sum(len(v.get("skills") or []) for v in top.values() if isinstance(v, dict))
            print(f"{shown(path)}: ok (team file, {count} skills)")

    def skills_under(self, root: Path) -> dict[str, list[str]]:
        """Skill name -> the editions and mods under `root` that define it."""
        out: dict[str, list[str]] = {}
        for name, where in layering.discover(root).items():
            try:
                section = layering.resolve(where, root).data.get("skills")
            except FubaError:
                continue  # its own check reports it
            for skill in section if isinstance(section, dict) else ():
                out.setdefault(str(skill), []).append(name)
        return out

    def validate_file(self, name: str, top: LDict) -> list[Diagnostic]:
        if name not in self.file_problems:
            self.file_problems[name] = validate(top, name)
        return self.file_problems[name]


def team_file_problems(top: LDict, skills: dict[str, list[str]]) -> list[Diagnostic]:
    """Every problem of a team file: `home:`/`away:`, each `skills: [names]`, names that
    some edition defines."""
    out = []
    for team, spec in top.items():
        if team not in TEAM_KEYS:
            out.append(Diagnostic(top.key_pos.get(team, top.pos), f"a team file holds only home: and away:, not '{team}'"))
            continue
        where = top.value_pos.get(team, top.pos)
        names = spec.get("skills", []) if isinstance(spec, dict) else None
        extra = [k for k in spec if k != "skills"] if isinstance(spec, dict) else []
        if not isinstance(names, list) or extra:
            out.append(Diagnostic(where, f"{team}: expected `skills:` with a list of skill names"))
            continue
        for i, name in enumerate(names):
            if str(name) not in skills:
                item_pos = getattr(names, "item_pos", ())
                pos = item_pos[i] if i < len(item_pos) else where
                out.append(Diagnostic(pos, f"no edition here has a skill '{name}'{did_you_mean(str(name), skills)}"))
    return out


def _count(data: LDict) -> tuple[int, int]:
    """Sections and entries of a tree (a section that is not a mapping is one entry)."""
    sections = [k for k in data if k not in layering.HEADER_KEYS]
    entries = sum(len(data[k]) if isinstance(data[k], dict) else 1 for k in sections)
    return len(sections), entries


