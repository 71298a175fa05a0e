"""`fuba show`: print an edition with everything it inherits, each entry marked with its origin."""

from __future__ import annotations

import argparse
from pathlib import Path

import yaml

from fuba_rules import layering
from fuba_rules.cli import arg, editions_root, report, subcommand
from fuba_rules.diagnostics import Diagnostic, FubaError, did_you_mean
from fuba_rules.layering import Resolved
from fuba_rules.yamlpos import plain


@subcommand(
    "show",
    "print an edition with everything it inherits",
    arg("edition", metavar="EDITION", help="an edition id (see `fuba editions`) or a path"),
    arg("--mod", action="append", default=[], metavar="FILE", help="a mod applied on top (repeatable, in order)"),
    arg("--section", metavar="S", help="print only this section, e.g. procedures"),
    arg("--source", metavar="RULE", help="print the Python source generated for one rule function or procedure"),
)
def cmd_show(args: argparse.Namespace) -> int:
    """Print the resolved edition: every section and entry, each marked with the edition
    or mod that defined it and the ones it overrides.

    examples:
      fuba show <edition> --section procedures
      fuba show <edition> --mod editions/mods/<mod>.yaml
      fuba show <edition> --source players
    """
    if args.source is not None:
        from fuba_rules.edition import load_edition

        print(load_edition(_edition_ref(args.edition, editions_root(args)), args.mod, editions_root(args)).source_of(args.source), end="")
        return 0
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
    return ref if ref in layering.discover(root) or not layering.exists(Path(ref)) else Path(ref)


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


