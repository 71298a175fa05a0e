"""`fuba rules`: printable, player-facing rule cards from an edition's data."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fuba_rules import layering
from fuba_rules.cli import _bench as bench
from fuba_rules.cli import arg, editions_root, report, subcommand
from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.files import write_regular
from fuba_rules.workbench.sample import mod_path


@subcommand(
    "rules",
    "player-facing rule cards (procedures, tables, skills, events, modifiers) by chapter",
    arg("editions", nargs="+", metavar="EDITION", help="the edition; with a second one, mark what differs from it"),
    arg("--mod", action="append", default=[], metavar="FILE", help="a mod applied on top of the FIRST edition (repeatable)"),
    arg("--format", choices=("md", "html"), default="md", help="Markdown (default) or a printable HTML page"),
    arg("--changed", action="store_true", help="with two editions: only the cards that differ"),
    arg("-o", "--output", metavar="FILE", type=Path, help="write to FILE instead of printing"),
    arg("--json", action="store_true", help="print the cards as JSON"),
)
def cmd_rules(args: argparse.Namespace) -> int:
    """Every card is the data's own words (doc, text, timing, reading) with its chapter,
    ordered by chapter, so a playtester reads the rules the engine plays. With two
    editions (for example a draft and the edition it extends) each card of the first
    says whether it is new or changed, and removed entries are listed.

    examples:
      fuba rules <edition> --mod editions/mods/<mod>.yaml --format html -o draft.html
      fuba rules <edition> <older-edition> --changed
    """
    from fuba_rules.workbench.cards import html, markdown, only_changed, rule_book, summary

    root = editions_root(args)
    if len(args.editions) > 2:
        raise FubaError(Diagnostic(None, "rules takes one edition, or two to mark what differs"))
    mods = [mod_path(m, root) for m in args.mod]
    first = layering.resolve(args.editions[0], root, mods)
    report(first.warnings)
    title = " + ".join([first.target, *(str(m) for m in args.mod)])
    other = layering.resolve(args.editions[1], root) if len(args.editions) == 2 else None
    book = rule_book(first.data, f"{title}: {first.header.get('title', '')}".rstrip(": "), other.data if other else None, other.target if other else "")
    if args.changed:
        book = only_changed(book)
    if args.json:
        bench.emit_json(book.as_json())
        return 0
    text = html(book) if args.format == "html" else markdown(book)
    if args.output:
        write_regular(args.output, text)
        print(f"wrote {summary(book)} to {args.output} ({args.format})", file=sys.stderr)
    else:
        print(text)
    return 0
