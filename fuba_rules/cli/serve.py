"""`fuba serve`: the web board, to play and replay matches in the browser."""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from fuba_rules.cli import arg, editions_root, subcommand
from fuba_rules.cli._options import ADVANCED_ARG, _rules
from fuba_rules.diagnostics import Diagnostic, FubaError


@subcommand(
    "serve",
    "play and replay matches on a board in the browser",
    arg("edition", nargs="?", help="edition id or path shown first (default: the first edition found)"),
    arg("--mod", action="append", metavar="FILE", help="apply a mod file on top of the edition (repeatable)"),
    arg("--with", dest="with_rules", metavar="RULES", help="advanced rules switched on by default, e.g. A1,A6,A10"),
    ADVANCED_ARG,
    arg("--logs", metavar="DIR", help="a folder whose logs the page may open by name (without it: only logs the browser uploads)"),
    arg("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)"),
    arg("--port", type=int, default=0, help="port (default 0: any free port)"),
    arg("--open", action="store_true", help="open the page in the web browser"),
)
def cmd_serve(args: argparse.Namespace) -> int:
    """Start a local web app and print its address. Play a match against an agent by
    clicking buttons or areas on the pitch (with undo), or replay a log written by
    `fuba simulate --log` (or a seed) step by step with the arrow keys.

    examples:
      fuba serve EDITION                   (`fuba editions` lists them)
      fuba serve EDITION --mod my-mod.yaml --with A1,A6
      fuba serve EDITION --logs runs/        (the page opens runs/match.jsonl by name)
      fuba serve --port 8000 --open        (choose the edition in the page)
    """
    from fuba_rules.web.app import Library, create_app, require_web
    from fuba_rules.web.gate import Served
    from fuba_rules.web.limits import MAX_CONNECTIONS
    from fuba_rules.web.offered import LogFolder

    require_web()
    import uvicorn

    logs = None
    if args.logs is not None:
        if not Path(args.logs).is_dir():
            raise FubaError(Diagnostic(None, f"--logs {args.logs}: not a folder"))
        logs = LogFolder(Path(args.logs))
    library = Library(editions_root(args), args.edition, [Path(m) for m in args.mod or []], logs=logs)
    if args.edition:  # load now, so that a bad edition or mod fails here with its position
        ed = library.get(args.edition)
        library.rules = _rules(args, ed)
    elif args.mod or args.with_rules or args.advanced:
        raise FubaError(Diagnostic(None, "--mod, --with and --advanced need an EDITION"))
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
        sock.listen(128)  # a browser opened on the printed address waits in the queue, never refused
    except (OSError, OverflowError) as e:
        why = getattr(e, "strerror", None) or str(e).removeprefix("bind(): ")
        raise FubaError(Diagnostic(None, f"cannot listen on {args.host}:{args.port}: {why}")) from None
    served = Served(*sock.getsockname()[:2])
    url = served.url
    print(f"fuba board at {url} (Ctrl-C stops it)" + (f"; logs offered from {logs.shown}" if logs else ""), flush=True)
    if args.open:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    server = uvicorn.Server(uvicorn.Config(create_app(library, served), log_level="warning", limit_concurrency=MAX_CONNECTIONS))
    server.run(sockets=[sock])
    print("stopped", file=sys.stderr)
    return 0
