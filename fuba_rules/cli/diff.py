"""`fuba diff`: compare two editions (or an edition and a mod) entry by entry."""

from __future__ import annotations

import argparse
import difflib
from pathlib import Path
from typing import TypeGuard

from fuba_rules import layering
from fuba_rules.cli import arg, editions_root, subcommand
from fuba_rules.compare import changed_fields, changed_paths, compare


@subcommand(
    "diff",
    "compare two editions (or an edition and a mod) entry by entry",
    arg("a", help="the first edition id or path"),
    arg("b", help="the second edition id or path"),
    arg("--mod", action="append", metavar="FILE", help="apply a mod on top of the SECOND edition (repeatable)"),
    arg("--section", help="compare only this section, e.g. procedures or modifiers"),
    arg("--full", action="store_true", help="print every changed value by its path, e.g. section.key.field: old -> new"),
)
def cmd_diff(args: argparse.Namespace) -> int:
    """List what only A has, what only B has, and what both have but differently, with
    each entry's rulebook chapter. Exits 0 either way: a difference is not an error.

    examples:
      fuba diff <edition> <edition> --section modifiers
      fuba diff <edition> <edition> --mod editions/mods/<mod>.yaml
    """
    root = editions_root(args)
    a = layering.resolve(args.a, root)
    b = layering.resolve(args.b, root, [Path(m) for m in args.mod or []])
    diffs = compare(a.data, b.data)
    if args.section:
        diffs = [d for d in diffs if d.section == args.section]
    signs = {"only in A": "-", "only in B": "+", "changed": "~"}
    print(f"A = {args.a}, B = {' + '.join([args.b, *(args.mod or [])])}: {len(diffs)} difference(s)")
    print("  - only in A    + only in B    ~ in both, changed (the fields that differ)")
    section = None
    for d in diffs:
        if d.section != section:
            section = d.section
            print(f"\n{section}:")
        ref = f" [{d.ref}]" if d.ref else ""
        fields = changed_fields(d.a, d.b) if d.kind == "changed" else []
        detail = f" ({', '.join(fields)})" if fields else ""
        print(f"  {signs[d.kind]} {d.key}{ref}{detail}")
        if args.full and d.kind == "changed":
            for path, in_a, in_b in changed_paths(d.a, d.b, ".".join(p for p in (d.section, d.key) if p)):
                if _is_text(in_a) and _is_text(in_b):
                    print(f"    {path}:")
                    for line in text_diff(in_a, in_b):
                        print(f"      {line}")
                else:
                    print(f"    {path}: {_one_line(in_a)} -> {_one_line(in_b)}")
    return 0


def _is_text(value: object) -> TypeGuard[str]:
    """Rule text worth a line diff: a text of more than one line."""
    return isinstance(value, str) and "\n" in value.strip()


def text_diff(a: str, b: str) -> list[str]:
    """Changed rule text line by line: `-` lines of A, `+` lines of B, one line of
    context around each change and `...` between changes far apart."""
    out = []
    for line in difflib.unified_diff(a.strip().splitlines(), b.strip().splitlines(), lineterm="", n=1):
        if line.startswith(("---", "+++")):
            continue
        out.append("..." if line.startswith("@@") else line)
    return out


def _one_line(value: object) -> str:
    """A value as one line: text quoted when it holds spaces or is empty, code folded."""
    if isinstance(value, str):
        text = " ".join(value.split())
        return repr(text) if not text or " " in text else text
    return str(value)
