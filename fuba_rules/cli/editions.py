"""`fuba editions`: list the editions and mods found."""

from __future__ import annotations

import argparse

from fuba_rules import layering
from fuba_rules.cli import editions_root, report, subcommand
from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.layering import shown


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
        title, date, extends = (str(header.get(k) or "-") for k in ("title", "date", "extends"))
        rows.append((edition_id, title, date, extends))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True)) + "  " + row[3])
    return 1 if failed else 0


