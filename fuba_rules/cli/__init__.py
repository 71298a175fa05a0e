"""The `fuba` command line: the parser, the command registry and error reporting.

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
import pkgutil
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.terminal import PrintableStream, printable

Handler = Callable[[argparse.Namespace], int]
_SUBCOMMANDS: list[tuple[str, str, tuple, Handler]] = []
"""Each command is a module of this package; importing it registers its `@subcommand`."""


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


def _import_command_modules(only: str | None = None) -> None:
    """Import every command module of this package (a name starting with _ is a helper),
    or only the module named `only` when there is one."""
    names = sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    for name in [only] if only in names else names:
        importlib.import_module(f"{__name__}.{name}")


def _command(argv: Sequence[str]) -> str | None:
    """The command named in `argv`, skipping the global `--root DIR`; None if unclear."""
    i = 0
    while i < len(argv):
        if argv[i] == "--root":
            i += 2
        elif argv[i].startswith("--root="):
            i += 1
        else:
            return None if argv[i].startswith("-") else argv[i]
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The `fuba` parser with every registered subcommand, or with the command `only`
    alone when it is one: a command then imports only its own module, so starting
    `fuba check` does not import what `fuba simulate` needs."""
    _import_command_modules(only)
    if only is not None and not any(name == only for name, *_ in _SUBCOMMANDS):
        _import_command_modules()
        only = None
    root_help = "editions folder (default: $FUBA_EDITIONS, else ./editions, else the editions installed with fuba)"
    parser = argparse.ArgumentParser(
        prog="fuba",
        description="Rules-as-data engine for FUBA, the football dice board game.",
        epilog="Run `fuba COMMAND --help` for the options of one command.",
    )
    parser.add_argument("--root", metavar="DIR", type=Path, default=None, help=root_help)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name, summary, arguments, handler in _SUBCOMMANDS:
        if only is not None and name != only:
            continue
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
    try:
        parser = build_parser(_command(sys.argv[1:] if argv is None else argv))  # imports commands: Ctrl-C may land here
    except KeyboardInterrupt:
        return 130
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, or a usage error argparse already printed
        return e.code if isinstance(e.code, int) else 0 if e.code is None else 2
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    stdout = sys.stdout
    sys.stdout = PrintableStream(stdout)  # text from a mod or a log never reaches the terminal raw
    try:
        code = handler(args)
        sys.stdout.flush()  # a full disk or a closed pipe is the output's problem, said here
        return code
    except FubaError as e:
        report(e.diagnostics)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `fuba show ... | head`: the reader left, nothing to say
        _silence_stdout()
        return 1
    except OSError as e:  # a file or the output could not be read or written: a full disk, no permission
        if e.filename is None:
            _silence_stdout()
        where = f" {e.filename}" if e.filename is not None else " the output"
        print(printable(f"fuba: error: cannot read or write{where}: {(e.strerror or str(e)).lower()}"), file=sys.stderr)
        return 1
    except Exception as e:  # a bug in fuba, not in the input
        if os.environ.get("FUBA_DEBUG") == "1":
            raise
        print(printable(f"fuba: internal error: {type(e).__name__}: {e} (run with FUBA_DEBUG=1 to see where)"), file=sys.stderr)
        return 2
    finally:
        sys.stdout = stdout


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
        print(printable(d.format() if d.pos else f"fuba: {d.severity}: {d.message}"), file=sys.stderr)


_NAMING = ("edition", "a", "b", "sides", "mod")
"""The arguments in which commands name editions, sides (`EDITION+MOD.yaml:RULES`) and mods."""


def editions_root(args: argparse.Namespace) -> Path:
    """The editions folder of this command line: `--root`, else the folder its editions
    and mods are found in (`layering.root_of_command`, shared with `fuba check` and the
    language server), else the default."""
    from fuba_rules.layering import root_of_command

    return root_of_command(_named(args), getattr(args, "root", None))


def _named(args: argparse.Namespace) -> list[str]:
    """Every edition and mod the arguments name, each side split at `+` and its `:RULES` dropped."""
    out: list[str] = []
    for name in _NAMING:
        value = getattr(args, name, None)
        for text in value if isinstance(value, list) else [] if value is None else [value]:
            for part in str(text).split("+"):
                base, colon, tail = part.rpartition(":")
                out.append(base if colon and base and "/" not in tail and not tail.endswith(".yaml") else part)
    return out
