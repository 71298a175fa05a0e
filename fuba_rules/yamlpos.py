"""Load YAML into plain containers that remember where each value was written.

Every later stage (schema, layering, the effect language) reports errors at a file, line
and column, so the loader keeps positions: `LDict`, `LList` and `LStr` behave like
dict, list and str but carry `Pos`. Effect code lives inside YAML strings, so `LStr`
can also map a line and column inside its own text back to the file.

Mods are untrusted: only YAML's core types are built (never arbitrary objects), and the
file size, nesting depth and alias expansion (values and characters) are capped. Every failure is a `FubaError`.

Parsing YAML in Python is slow, so a file read without errors is kept in the cache
(fuba_rules/cache.py, store `yaml`) as JSON, keyed by its name and bytes, and rebuilt
from there next time (`_Tree`). A file with an error is always parsed again, so its
message is the parser's own.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from pathlib import Path
from types import MappingProxyType

from fuba_rules.diagnostics import Diagnostic, FubaError, Pos
from fuba_rules.files import read_regular
from fuba_rules.limits import MAX_FILE_BYTES as MAX_BYTES
from fuba_rules.limits import MAX_YAML_CHARS as MAX_CHARS
from fuba_rules.limits import MAX_YAML_DEPTH as MAX_DEPTH
from fuba_rules.limits import MAX_YAML_NODES as MAX_NODES
from fuba_rules.yamlnodes import BlockMap, LDict, LList, LStr, OffsetMap, SegmentMap, TextMap

OVERLAY: ContextVar[Mapping[str, str]] = ContextVar("fuba_yaml_overlay", default=MappingProxyType({}))
"""Text to read instead of a file, by real path: an editor's unsaved buffers (`fuba lsp`)."""

def load_yaml(path: Path, text: str | bytes | None = None) -> object:
    """Parse one YAML file (or `text` given for it, or its `overlaid` text) into LDict/LList/LStr and scalars.

    Integers, floats, booleans and null stay plain Python values; their positions are in
    the parent's `value_pos` / `item_pos`. Mapping keys are always strings: a key
    written as `1:` or `true:` keeps its source text ("1", "true"). Timestamps stay
    strings. Duplicate keys, other tags, and input past the caps are errors.
    """
    file = str(path)
    if text is None and OVERLAY.get():
        text = OVERLAY.get().get(os.path.realpath(path))
    if text is None:
        try:
            text = read_regular(path, MAX_BYTES)  # never more: the file may be huge, or a FIFO
        except OSError as e:
            reason = e.strerror or type(e).__name__
            raise FubaError(Diagnostic(None, f"cannot read {file}: {reason.lower()}")) from None
        if len(text) <= MAX_BYTES:
            return _cached_load(file, text)
    return _parse(file, text)


def _cached_load(file: str, data: bytes) -> object:
    """A file's tree from the cache when its name and bytes are unchanged, else parsed
    (and stored). The top mapping remembers the hash of the bytes in `digest`."""
    from fuba_rules.cache import JsonStore, code_stamp, digest

    store = JsonStore("yaml")
    sha = digest(data)
    key = f"{code_stamp()}:{sha}"
    tree: object = _MISS
    raw = store.get(file, key) if store.on else None
    if raw is not None:
        try:
            tree = _Tree(file).decode(raw, 0)
        except Exception:  # a damaged entry is a miss, never an error
            tree = _MISS
    if tree is _MISS:
        tree = _parse(file, data)
        if store.on:
            try:
                store.put(file, key, _Tree(file).encode(tree))
            except (TypeError, RecursionError):
                pass
    if isinstance(tree, LDict):
        tree.digest = sha
    return tree


def _parse(file: str, text: str | bytes) -> object:
    if len(text) > MAX_BYTES:
        raise FubaError(Diagnostic(Pos(file, 1, 1), f"file is too large (the limit is {MAX_BYTES} bytes)"))
    from fuba_rules import (
        yamlparse,  # PyYAML is imported only when a file must be parsed
    )

    return yamlparse.parse(file, text)


@contextlib.contextmanager
def overlaid(texts: Mapping[str, str]) -> Iterator[None]:
    """Within the block, `load_yaml` reads `texts` (path -> text) instead of those files."""
    token = OVERLAY.set({os.path.realpath(p): t for p, t in texts.items()})
    try:
        yield
    finally:
        OVERLAY.reset(token)


def pos_of(root: object, path: Sequence[str | int]) -> Pos | None:
    """The deepest known position along `path` (e.g. a jsonschema error's absolute_path)."""
    found = getattr(root, "pos", None)
    node = root
    for step in path:
        if isinstance(node, LDict) and str(step) in node:
            found = node.value_pos.get(str(step), found)
            node = node[str(step)]
        elif isinstance(node, LList) and isinstance(step, int) and 0 <= step < len(node):
            found = node.item_pos[step] if step < len(node.item_pos) else found
            node = node[step]
        else:
            break
    return found


def describe(value: object) -> str:
    """A value as a modder wrote it: 'abc', 3, true, nothing, a list, a mapping."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        text = str(value)
        return repr(text if len(text) <= 40 else text[:37] + "...")
    return str(value)


def plain(value: object) -> object:
    """The same tree as builtin dict/list/str, e.g. to dump it as YAML again."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


# --- the cached form ---------------------------------------------------------------

_MISS = object()
_MAPS: dict[str, type[OffsetMap] | type[BlockMap]] = {"o": OffsetMap, "b": BlockMap}


class _Tree:
    """A file's tree as JSON data and back, for the cache.

    Every value of one file has positions in that file, so a position is its line and
    column. Decoding builds only LDict, LList, LStr and JSON scalars, under the same
    caps as parsing (depth, values), and fails on any other shape: an edited entry
    is a miss, or at worst a tree that a YAML file could also have given, which every
    later stage checks as it checks any file.
    """

    def __init__(self, file: str):
        self.file = file
        self.count = 0
        self.chars = 0
        self.pos: dict[tuple[int, int], Pos] = {}

    def encode(self, v: object) -> object:
        if isinstance(v, LStr):
            m = v._map
            if isinstance(m, OffsetMap):
                shape: list[object] = ["o", m.line, m.col]
            elif isinstance(m, BlockMap):
                shape = ["b", m.first, m.indent]
            else:
                shape = ["g", [list(s) for s in m.segments], list(m.start)]
            return ["s", str(v), v.pos.line, v.pos.col, *shape]
        if isinstance(v, LList):
            return ["l", *_lc(v.pos), [self.encode(x) for x in v], [n for p in v.item_pos for n in _lc(p)]]
        if isinstance(v, LDict):
            keys = list(v)
            return [
                "d", *_lc(v.pos), keys,
                [n for k in keys for n in _lc(v.key_pos[k])],
                [n for k in keys for n in _lc(v.value_pos[k])],
                [self.encode(v[k]) for k in keys],
            ]
        if v is None or isinstance(v, (bool, int, float)):
            return v
        raise TypeError(f"cannot cache a {type(v).__name__}")

    def at(self, line: object, col: object) -> Pos:
        if type(line) is not int or type(col) is not int:
            raise ValueError("not a position")
        p = self.pos.get((line, col))
        if p is None:
            p = self.pos[line, col] = Pos(self.file, line, col)
        return p

    def positions(self, flat: object, count: int, where: Pos) -> Callable[[], list[Pos]]:
        """What builds `count` positions from their flat list, when first asked for. The
        list's shape is checked now; a position that is not two numbers (an edited
        entry) reads as `where`, the position of its mapping or list."""
        if not isinstance(flat, list) or len(flat) != 2 * count:
            raise ValueError("positions do not match")

        def build() -> list[Pos]:
            at, out = self.pos.get, []
            for i in range(0, len(flat), 2):
                line, col = flat[i], flat[i + 1]
                p = at((line, col)) if type(line) is int and type(col) is int else where
                if p is None:
                    p = self.pos[line, col] = Pos(self.file, line, col)
                out.append(p)
            return out

        return build

    def decode(self, v: object, depth: int) -> object:
        self.count += 1
        if self.count > MAX_NODES or depth > MAX_DEPTH:
            raise ValueError("past the caps")
        if not isinstance(v, list):
            if v is None or isinstance(v, (bool, int, float)):
                return v
            raise ValueError("not a value")
        tag = v[0]
        if tag == "s":
            _, text, line, col, kind, *args = v
            if not isinstance(text, str):
                raise ValueError("not a text")
            self.chars += len(text)
            if self.chars > MAX_CHARS:
                raise ValueError("past the caps")
            if kind in _MAPS and len(args) == 2 and all(type(a) is int for a in args):
                text_map: TextMap = _MAPS[kind](*args)
            elif kind == "g" and len(args) == 2:
                segments = [tuple(s) for s in args[0]]
                if not all(len(s) == 3 and all(type(x) is int for x in s) for s in segments):
                    raise ValueError("not a map")
                start = tuple(args[1])
                if len(start) != 2 or not all(type(x) is int for x in start):
                    raise ValueError("not a map")
                text_map = SegmentMap(segments, start)
            else:
                raise ValueError("not a map")
            return LStr(text, self.at(line, col), text_map)
        if tag == "l":
            _, line, col, items, flat = v
            here = self.at(line, col)
            out = LList((self.decode(x, depth + 1) for x in items), pos=here)
            out.item_pos = self.positions(flat, len(out), here)
            return out
        if tag == "d":
            _, line, col, keys, kflat, vflat, values = v
            if not all(isinstance(k, str) for k in keys) or len(keys) != len(values) or len(set(keys)) != len(keys):
                raise ValueError("not a mapping")
            here = self.at(line, col)
            out_d = LDict(zip(keys, (self.decode(x, depth + 1) for x in values)), pos=here)
            kp, vp = self.positions(kflat, len(keys), here), self.positions(vflat, len(keys), here)
            out_d.key_pos = lambda: dict(zip(keys, kp()))
            out_d.value_pos = lambda: dict(zip(keys, vp()))
            return out_d
        raise ValueError("not a value")


def _lc(p: Pos | None) -> tuple[int, int]:
    if p is None:
        raise TypeError("a value without a position")
    return p.line, p.col
