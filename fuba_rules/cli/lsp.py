"""`fuba lsp`: the language server for edition and mod files, over stdio."""

from __future__ import annotations

import argparse

from fuba_rules.cli import arg, subcommand
from fuba_rules.diagnostics import Diagnostic, FubaError


@subcommand(
    "lsp",
    "language server for editors: fuba check's errors as you type, completion, hover",
    arg("--stdio", action="store_true", help="talk over stdin/stdout (the default and only way; accepted for editors that pass it)"),
)
def cmd_lsp(args: argparse.Namespace) -> int:
    """Run a language server (LSP) over stdin and stdout for edition and mod files.

    It checks each open file with its edition, as `fuba check` does, while you type;
    completes triggers, edition ids, groups, `remove:` entries and the names of rule
    text; shows an entry's doc, chapter and origin on hover; and goes to definitions
    across extends and include. Editors start it themselves: see docs/editor.md.

    Editions are looked up as `fuba check` does: --root, else the folder above the
    file's edition, else $FUBA_EDITIONS, ./editions or the installed editions.
    """
    try:
        from fuba_rules.lsp.server import serve
    except ImportError as e:
        if (e.name or "").split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        raise FubaError(Diagnostic(None, "fuba lsp needs the lsp extra: pip install 'fuba-rules[lsp]'")) from None
    serve(args.root)
    return 0
