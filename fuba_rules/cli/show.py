"""`fuba show`: print an edition with everything it inherits, each entry marked with its origin."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
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
    arg("--procedures", action="store_true",
        help="list the entry points: each procedure and function with its parameters, chapter, doc line and a call from the rules"),
)
def cmd_show(args: argparse.Namespace) -> int:
    """Print the resolved edition: every section and entry, each marked with the edition
    or mod that defined it and the ones it overrides.

    examples:
      fuba show <edition> --section procedures
      fuba show <edition> --mod editions/mods/<mod>.yaml
      fuba show <edition> --source players
      fuba show <edition> --procedures      # what Scenario.run, Scenario.value and fuba odds take
    """
    if args.source is not None:
        from fuba_rules.edition import load_edition
        from fuba_rules.tuning import tune

        ed = load_edition(_edition_ref(args.edition, editions_root(args)), args.mod, editions_root(args))
        tune(ed)  # the code matches run: without the caches the reference play found idle
        print(ed.source_of(args.source), end="")
        return 0
    resolved = layering.resolve(_edition_ref(args.edition, editions_root(args)), editions_root(args), args.mod)
    report(resolved.warnings)
    data = resolved.data
    if args.procedures:
        print("\n".join(entry_points(resolved)))
        return 0
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


ENTRY_SECTIONS = {
    "procedures": "procedures: Scenario.run(NAME, ...), fuba odds EDITION NAME ...",
    "functions": "functions: Scenario.value(NAME, ...)",
}


def entry_points(resolved: Resolved) -> Iterator[str]:
    """Each procedure and function as a designer calls it: `name(params)  [chapter]`, its
    doc line, and one call from the rules themselves (parameters are untyped in the
    language, so a real call shows what each takes)."""
    texts = list(_texts(resolved.data))
    for section, title in ENTRY_SECTIONS.items():
        entries = resolved.data.get(section) or {}
        if not isinstance(entries, dict):
            continue
        yield f"# {title}"
        for name, entry in entries.items():
            entry = entry if isinstance(entry, dict) else {}
            params = [str(p) for p in entry.get("params") or []]
            calls = [c for text in texts for c in _calls(name, text)]
            kinds = _kinds(params, calls)
            shown = ", ".join(p + (f": {kinds[p]}" if p in kinds else "") for p in params)
            ref = f"  [{entry['ref']}]" if entry.get("ref") else ""
            yield f"{name}({shown}){ref}  {_marker(resolved, section, name)}"
            if entry.get("doc"):
                yield f"    {' '.join(str(entry['doc']).split())}"
            if calls:
                more = f" (and {len(calls) - 1} more)" if len(calls) > 1 else ""
                yield f"    called as {calls[0]}{more}"


_NAMED = re.compile(r"^\w+\s*=(?!=)")  # a named argument, `secondary=true`
_LITERAL_KINDS = (("bool", re.compile(r"^(true|false)$")), ("number", re.compile(r"^-?\d+$")), ("text", re.compile(r"^(\"[^\"]*\"|'[^']*')$")))


def _kinds(params: list[str], calls: list[str]) -> dict[str, str]:
    """A parameter's kind where every literal the rules pass it agrees (`free_kick: bool`)."""
    seen: dict[str, set[str]] = {p: set() for p in params}
    for call in calls:
        inner = call[call.index("(") + 1 : -1]
        args = [a.strip() for a in re.split(r",(?![^()]*\))", inner)] if inner.strip() else []
        if len(args) != len(params) or any(_NAMED.match(a) for a in args):
            continue  # named arguments or the wrong count: not read as positions
        for p, a in zip(params, args):
            seen[p].update(kind for kind, pattern in _LITERAL_KINDS if pattern.match(a))
    return {p: next(iter(k)) for p, k in seen.items() if len(k) == 1}


def _texts(value: object) -> Iterator[str]:
    """Every text in the resolved edition: the rule text calls are found in."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v)


def _calls(name: str, text: str) -> Iterator[str]:
    """`name(...)` calls in a rule text, arguments with one level of parentheses inside."""
    for m in re.finditer(rf"(?<![\w.]){re.escape(name)}\((?:[^()]|\([^()]*\))*\)", text):
        yield " ".join(m.group(0).split())


def _edition_ref(ref: str, root: Path) -> str | Path:
    """An id as is; an existing path as a Path (so `show ./my-mod.yaml` works)."""
    return ref if ref in layering.discover(root) or not layering.exists(Path(ref)) else Path(ref)


def _marker(resolved: Resolved, section: str, key: str) -> str:
    origin = resolved.origin.get((section, key), "?")
    earlier = resolved.overrides.get((section, key))
    return origin + (f" (overrides {', '.join(earlier)})" if earlier else "")


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Writes entries as editions are written: mappings as blocks, short lists of plain
    values on one line, multi-line strings as `|` blocks. libyaml's writer, where PyYAML
    has it, writes the same text several times faster than the pure-Python one."""


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


