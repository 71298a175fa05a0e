"""An edition's checked rule text, kept between runs: what a warm load replays.

An edition is a function of the files it reads. Once every rule text of an edition has
been parsed and checked without error, the checked nodes (with the checker's
annotations), the checker's warnings and the few facts gathered across all rules
(scope names, each modifier group's keywords) are stored under a key made of the
package's code stamp and the name and content hash of every file read (`fingerprint`).
A later load of the same files replays them (`Replay`) instead of parsing and
checking: only code generation and compiling remain.

What is stored is data, not code: nodes are rebuilt only into the language's own
classes and vetted as the parse cache vets them (fuba_rules/lang/parse_cache.py), so
an edited entry can at most describe rules a mod could also write, and generated code
stays inside the sandbox; an entry that does not decode is a miss.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import attrs

from .cache import JsonStore, cache_dir, code_stamp, diagnostics_from_json, diagnostics_to_json, digest
from .diagnostics import Diagnostic, FubaError
from .jsondata import Json
from .yamlpos import OVERLAY

if TYPE_CHECKING:
    from .lang import nodes as n
    from .lang.parse_cache import Parsed
    from .layering import Resolved

Packed = Json
"""A parsed text as the load cache stores it: JSON data (`lang.parse_cache.encode`)."""
Entry = dict[str, object]
"""A stored build as JSON data."""

EDITIONS_KEPT = 32  # editions (with their mods) remembered, here and in the tuning store


def fingerprint(resolved: Resolved) -> str | None:
    """What a resolved edition depends on, hashed; None when it cannot be known (a file
    read from an editor's unsaved buffer, or one whose bytes were not hashed)."""
    files = getattr(resolved, "files", None)
    if OVERLAY.get() or not files:
        return None
    parts = [code_stamp()]
    for name, top in files.items():
        if getattr(top, "digest", None) is None:
            return None
        parts.append(f"{name}\0{top.digest}")
    parts.append(json.dumps([resolved.chain, [[*k, v] for k, v in resolved.origin.items()], resolved.removed]))
    return digest("\n".join(parts))


def stored_warnings(resolved: Resolved, lint: bool = False) -> list[Diagnostic] | None:
    """The warnings of a resolved edition that built before from the same files, or None;
    with `lint`, only those of a build that gave the whole-edition warnings too.

    This is all `fuba check` needs of an unchanged edition, and it imports neither the
    checker nor the compiler."""
    replay = LoadCache(resolved).get()
    return replay.warnings if replay is not None and (replay.lint or not lint) else None


@attrs.define
class Replay:
    """A stored build: its checked nodes in the order they were parsed, and the rest.

    The nodes are decoded when the first is asked for: `fuba check` needs only the
    stored warnings. Blocks of statements stay packed until something reads them
    (`nodes.Deferred`): a command that runs a few rules rebuilds only those. The packed
    nodes carry their digest, so a damaged entry is still a miss before anything is
    run; one edited on purpose, digest and all, still cannot reach generated code:
    a block is vetted when it is rebuilt, and refused then with a clear error."""

    checker: list[Diagnostic]
    advice: list[Diagnostic]
    warnings: list[Diagnostic]
    scopes: set[str]
    mod_params: dict[str, tuple[str, ...]]
    uncached: set[str]  # rule functions the compiler does not cache (lang.compiler.fresh_only)
    validated: bool
    lint: bool  # the warnings include the whole-edition ones (lang.lint) of `fuba check`
    entry: Entry
    _nodes: list[Packed] | None = None
    _unpack: Callable[[Packed], Parsed] | None = None
    _files: list[str] = attrs.field(factory=list)
    _next: int = 0

    def next_node(self, block: bool) -> n.Node | list[n.Node] | n.Deferred:
        """The next checked node (a block is a list, or a `Deferred` one); an exception
        if the entry is damaged."""
        if self._nodes is None:
            from .lang import parse_cache

            text = self.entry["nodes"]
            if not isinstance(text, str) or digest(text) != self.entry["nodes_digest"]:
                raise ValueError("the stored nodes do not match their digest")
            packed = json.loads(text)
            self._files = packed["files"]
            self._unpack = parse_cache.decoder(self._files)
            tree = packed["tree"]
            if type(tree) is not list or tree[:1] != ["["]:
                raise ValueError("not a list of texts")
            self._nodes = tree[1:]
        packed_node = self._nodes[self._next]
        self._next += 1
        if (type(packed_node) is list and packed_node[:1] == ["["]) != block:
            raise ValueError("the stored build does not fit the edition")
        unpack = self._unpack
        assert unpack is not None
        if not block:
            return cast("n.Node", unpack(packed_node))
        from .lang.nodes import Deferred
        from .lang.parse_cache import first_position

        where = first_position(self._files, packed_node)

        def rebuild() -> list[n.Node]:
            try:
                return cast("list[n.Node]", unpack(packed_node))
            except Exception:  # vetting refuses anything we did not write
                raise FubaError(Diagnostic(where, f"the load cache's stored build of this rule was edited and is refused; delete {cache_dir()} or set FUBA_CACHE=off")) from None

        return Deferred(where, rebuild)


class LoadCache:
    """The load cache's slot for one resolved edition."""

    def __init__(self, resolved: Resolved):
        self.key = fingerprint(resolved)
        self.slot = "\n".join(getattr(resolved, "files", {}))
        self.store = JsonStore("editions", keep=EDITIONS_KEPT)

    def get(self) -> Replay | None:
        if self.key is None or not self.store.on:
            return None
        raw = self.store.get(self.slot, self.key)
        if not isinstance(raw, dict):
            return None
        try:
            return Replay(
                checker=diagnostics_from_json(raw["checker"]),
                warnings=diagnostics_from_json(raw["warnings"]),
                advice=diagnostics_from_json(raw["advice"]),
                scopes={_text(s) for s in raw["scopes"]},
                mod_params={_text(g): tuple(map(_text, keys)) for g, keys in raw["mod_params"].items()},
                uncached={_text(f) for f in raw["uncached"]},
                validated=raw["validated"] is True,
                lint=raw.get("lint") is True,
                entry=raw,
            )
        except Exception:  # a damaged entry is a miss, never an error
            return None

    def entry(
        self, nodes: list[object], checker: list[Diagnostic], advice: list[Diagnostic], scopes: set[str], mod_params: dict[str, tuple[str, ...]], uncached: set[str]
    ) -> Entry | None:
        """A build that checked without error, as JSON data (None if it cannot be stored)."""
        if self.key is None or not self.store.on:
            return None
        from .lang import parse_cache

        try:
            text = json.dumps(parse_cache.encode(nodes), separators=(",", ":"))
            return {
                "nodes": text,
                "nodes_digest": digest(text),
                "checker": diagnostics_to_json(checker),
                "advice": diagnostics_to_json(advice),
                "scopes": sorted(scopes),
                "mod_params": {g: list(keys) for g, keys in mod_params.items()},
                "uncached": sorted(uncached),
            }
        except (TypeError, RecursionError):  # rule text nested too deeply to encode: not stored
            return None

    def put(self, entry: Entry | None, warnings: list[Diagnostic], validated: bool, lint: bool = False) -> None:
        """Store a build that succeeded, with every warning it gave; `validated` says the
        schema check passed too, `lint` that the warnings include the whole-edition ones."""
        if entry is not None and self.key is not None:
            self.store.put(self.slot, self.key, {**entry, "warnings": diagnostics_to_json(warnings), "validated": validated, "lint": lint})


def _text(v: object) -> str:
    if not isinstance(v, str):
        raise ValueError("not a text")
    return v
