"""The `fuba` command line: check, show and list editions.

Every subcommand is one function decorated with `@subcommand(...)`, which registers it
and its arguments. Problems in the input are printed as `file:line:col: error: message`
with exit status 1; anything else that goes wrong is a bug in fuba and says so (exit 2),
never with a traceback unless FUBA_DEBUG=1.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import yaml

from fuba_rules import edition, layering
from fuba_rules.diagnostics import Diagnostic, FubaError, Pos, did_you_mean
from fuba_rules.layering import Resolved, shown
from fuba_rules.resources import default_editions_root
from fuba_rules.schema_check import validate
from fuba_rules.yamlpos import LDict, load_yaml, plain

Handler = Callable[[argparse.Namespace], int]
_SUBCOMMANDS: list[tuple[str, str, tuple, Handler]] = []
COMMAND_MODULES = ("fuba_rules.cli_play",)
"""Modules whose `@subcommand` functions join `fuba` (simulate, replay, play), imported
when the parser is built; one that does not exist yet is skipped."""


def arg(*names: str, **options) -> tuple[tuple[str, ...], dict]:
    """One argparse argument, as given to `subcommand`."""
    return names, options


def subcommand(name: str, summary: str, *arguments: tuple[tuple[str, ...], dict]) -> Callable[[Handler], Handler]:
    """Register `fuba NAME`: `summary` is its one-line help, the function's docstring
    its long help, and `arguments` are made with `arg(...)`."""

    def register(handler: Handler) -> Handler:
        _SUBCOMMANDS.append((name, summary, arguments, handler))
        return handler

    return register


def _import_command_modules() -> None:
    for name in COMMAND_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as e:
            if e.name != name:
                raise


def build_parser() -> argparse.ArgumentParser:
    """The `fuba` parser with every registered subcommand."""
    _import_command_modules()
    root_help = "editions folder (default: $FUBA_EDITIONS, else ./editions, else the editions installed with fuba)"
    parser = argparse.ArgumentParser(
        prog="fuba",
        description="Rules-as-data engine for FUBA, the football dice board game.",
        epilog="Run `fuba COMMAND --help` for the options of one command.",
    )
    parser.add_argument("--root", metavar="DIR", type=Path, default=None, help=root_help)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name, summary, arguments, handler in _SUBCOMMANDS:
        sub = commands.add_parser(
            name,
            help=summary,
            description=inspect.cleandoc(handler.__doc__ or summary),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.add_argument("--root", metavar="DIR", type=Path, default=argparse.SUPPRESS, help=root_help)
        for names, options in arguments:
            sub.add_argument(*names, **options)
        sub.set_defaults(handler=handler)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run `fuba` with `argv` (default: the process arguments); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, or a usage error argparse already printed
        return e.code if isinstance(e.code, int) else 0 if e.code is None else 2
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return handler(args)
    except FubaError as e:
        report(e.diagnostics)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `fuba show ... | head`: the reader left, nothing to say
        _silence_stdout()
        return 1
    except Exception as e:  # a bug in fuba, not in the input
        if os.environ.get("FUBA_DEBUG") == "1":
            raise
        print(f"fuba: internal error: {type(e).__name__}: {e} (run with FUBA_DEBUG=1 to see where)", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the final flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def report(diagnostics: Iterable[Diagnostic]) -> None:
    """Print diagnostics to stderr; one without a position is about the command line."""
    for d in diagnostics:
        print(d.format() if d.pos else f"fuba: {d.severity}: {d.message}", file=sys.stderr)


def editions_root(args: argparse.Namespace) -> Path:
    return args.root if args.root is not None else default_editions_root()


def kernel_check(resolved: Resolved) -> list[Diagnostic]:
    """The effect-language checks: every rule is parsed, checked and compiled."""
    return list(edition.check_resolved(resolved))


# --- check ---------------------------------------------------------------------------


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
        if not path.exists():
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


# --- show ----------------------------------------------------------------------------


@subcommand(
    "show",
    "print an edition with everything it inherits",
    arg("edition", metavar="EDITION", help="an edition id (see `fuba editions`) or a path"),
    arg("--mod", action="append", default=[], metavar="FILE", help="a mod applied on top (repeatable, in order)"),
    arg("--section", metavar="S", help="print only this section, e.g. procedures"),
)
def cmd_show(args: argparse.Namespace) -> int:
    """Print the resolved edition: every section and entry, each marked with the edition
    or mod that defined it and the ones it overrides.

    examples:
      fuba show <edition> --section procedures
      fuba show <edition> --mod editions/mods/<mod>.yaml
    """
    resolved = layering.resolve(_edition_ref(args.edition, editions_root(args)), editions_root(args), args.mod)
    report(resolved.warnings)
    data = resolved.data
    sections = list(data)
    if args.section is not None:
        if args.section not in data:
            hint = did_you_mean(args.section, data)
            raise FubaError(Diagnostic(None, f"{resolved.target} has no section {args.section!r}{hint}"))
        sections = [args.section]
    title = resolved.header.get("title")
    print(f"# {resolved.target}" + (f": {title}" if title else ""))
    print(f"# chain: {' -> '.join(resolved.chain)}")
    for section in sections:
        print(f"{section}:")
        entries = data[section]
        if not isinstance(entries, dict):
            print(f"  {'':16}{_marker(resolved, section, '')}")
            print(_dump(entries, 4))
            continue
        width = max([14, *map(len, entries)]) + 2
        for key, entry in entries.items():
            print(f"  {key:<{width}}{_marker(resolved, section, key)}")
            print(_dump(entry, 4))
        for gone_section, key, by in resolved.removed:
            if gone_section == section:
                print(f"  # {key}: removed by {by}")
    return 0


def _edition_ref(ref: str, root: Path) -> str | Path:
    """An id as is; an existing path as a Path (so `show ./my-mod.yaml` works)."""
    return ref if ref in layering.discover(root) or not Path(ref).exists() else Path(ref)


def _marker(resolved: Resolved, section: str, key: str) -> str:
    origin = resolved.origin.get((section, key), "?")
    earlier = resolved.overrides.get((section, key))
    return origin + (f" (overrides {', '.join(earlier)})" if earlier else "")


class _Dumper(yaml.SafeDumper):
    """Writes entries as editions are written: mappings as blocks, short lists of plain
    values on one line, multi-line strings as `|` blocks."""


def _represent_str(dumper: yaml.SafeDumper, text: str) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)


def _represent_list(dumper: yaml.SafeDumper, items: list) -> yaml.Node:
    flat = all(not isinstance(item, (dict, list)) for item in items)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=flat)


_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(list, _represent_list)


def _dump(value: object, indent: int) -> str:
    text = yaml.dump(
        plain(value), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False
    )
    text = text.removesuffix("...\n").rstrip("\n")
    return "\n".join(" " * indent + line if line else line for line in text.split("\n"))


# --- editions ------------------------------------------------------------------------


@subcommand("editions", "list the editions and mods found")
def cmd_editions(args: argparse.Namespace) -> int:
    """List every edition and mod under the editions folder: id, title, date and the
    edition it extends.

    examples:
      fuba editions
      fuba editions --root ~/my-fuba-mods
    """
    root = editions_root(args)
    found = layering.discover(root)
    if not found:
        report(
            [Diagnostic(None, f"no editions under {shown(root)} (an edition folder has an {layering.EDITION_FILE})")]
        )
        return 1
    rows = [("ID", "TITLE", "DATE", "EXTENDS")]
    failed = False
    for edition_id, path in found.items():
        try:
            header = layering.load_header(path)
        except FubaError as e:
            report(e.diagnostics)
            failed = True
            rows.append((edition_id, "(unreadable)", "-", "-"))
            continue
        rows.append((edition_id, *(str(header.get(k) or "-") for k in ("title", "date", "extends"))))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True)) + "  " + row[3])
    return 1 if failed else 0

