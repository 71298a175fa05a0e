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

import bisect
import contextlib
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from fuba_rules.diagnostics import Diagnostic, FubaError, Pos
from fuba_rules.files import read_regular
from fuba_rules.limits import MAX_FILE_BYTES as MAX_BYTES
from fuba_rules.limits import MAX_YAML_CHARS as MAX_CHARS
from fuba_rules.limits import MAX_YAML_DEPTH as MAX_DEPTH
from fuba_rules.limits import MAX_YAML_NODES as MAX_NODES

OVERLAY: ContextVar[Mapping[str, str]] = ContextVar("fuba_yaml_overlay", default={})
"""Text to read instead of a file, by real path: an editor's unsaved buffers (`fuba lsp`)."""

_TAG = "tag:yaml.org,2002:"
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")  # the breaks PyYAML counts


class _Positions:
    """Positions of a mapping's keys or values, or of a list's items. A tree rebuilt from
    the cache holds, until they are first read, what builds them (most are only read to
    report a problem; building them all was a fifth of reading the cached trees)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = "_" + name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        v = obj.__dict__[self.slot]
        if callable(v):
            v = obj.__dict__[self.slot] = v()
        return v

    def __set__(self, obj: Any, value: Any) -> None:
        obj.__dict__[self.slot] = value


class LDict(dict):
    """A mapping with the position of itself, of each key and of each value."""

    digest: str | None = None
    """For a file's top mapping read from disk: the sha256 of the file's bytes."""

    key_pos = _Positions()  # dict[str, Pos]
    value_pos = _Positions()  # dict[str, Pos]

    def __init__(self, items=(), *, pos: Pos | None = None):
        super().__init__(items)
        self.pos = pos
        self.key_pos = {}
        self.value_pos = {}

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_key_pos": self.key_pos, "_value_pos": self.value_pos}


class LList(list):
    """A list with the position of itself and of each item."""

    item_pos = _Positions()  # list[Pos]

    def __init__(self, items=(), *, pos: Pos | None = None):
        super().__init__(items)
        self.pos = pos
        self.item_pos = []

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_item_pos": self.item_pos}


class LStr(str):
    """A string that knows where its text starts and can map positions inside it.

    `pos` is where the text itself starts: after an opening quote, or at the first
    content line of a block scalar (`|`, `>`). `locate(line0, col0)` turns a 0-based
    line and column inside the text into the 1-based position in the file, which is how
    an error in effect code points at the right place of the edition.
    """

    pos: Pos
    _map: _TextMap

    def __new__(cls, value: str, pos: Pos, text_map: _TextMap | None = None):
        self = super().__new__(cls, value)
        self._map = text_map or _OffsetMap(pos.line - 1, pos.col - 1)
        self.pos = pos
        return self

    def locate(self, line0: int, col0: int) -> Pos:
        """The file position of line `line0`, column `col0` (0-based) of this text."""
        offset = _offset_in(str(self), line0, col0)
        line, col = self._map.at(str(self), line0, col0, offset)
        return Pos(self.pos.file, line + 1, col + 1)

    def __reduce__(self):
        return (LStr, (str(self), self.pos, self._map))


class _OffsetMap:
    """Text that sits on one file line: columns count from where it starts."""

    def __init__(self, line: int, col: int):
        self.line, self.col = line, col

    def at(self, text: str, line0: int, col0: int, offset: int) -> tuple[int, int]:
        return self.line, self.col + offset


class _BlockMap:
    """A literal block (`|`): text line i is file line first+i, shifted by the indent."""

    def __init__(self, first: int, indent: int):
        self.first, self.indent = first, indent

    def at(self, text: str, line0: int, col0: int, offset: int) -> tuple[int, int]:
        return self.first + line0, self.indent + col0


class _SegmentMap:
    """Folded or multi-line text: each file line's piece found again in the text."""

    def __init__(self, segments: list[tuple[int, int, int]], start: tuple[int, int]):
        self.segments = segments  # (offset in text, file line, file column), by offset
        self.start = start

    def at(self, text: str, line0: int, col0: int, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right([s[0] for s in self.segments], offset) - 1
        if i < 0:
            return self.start
        seg_offset, line, col = self.segments[i]
        return line, col + offset - seg_offset


_TextMap = _OffsetMap | _BlockMap | _SegmentMap


def _offset_in(text: str, line0: int, col0: int) -> int:
    """Character offset of a 0-based line and column inside `text` (clamped)."""
    offset = 0
    for _ in range(max(line0, 0)):
        nl = text.find("\n", offset)
        if nl < 0:
            break
        offset = nl + 1
    return min(offset + max(col0, 0), len(text))


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
        except Exception:  # noqa: BLE001 - a damaged entry is a miss, never an error
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
    from fuba_rules import yamlparse  # PyYAML is imported only when a file must be parsed

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
_MAPS = {"o": _OffsetMap, "b": _BlockMap}


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
            if isinstance(m, _OffsetMap):
                shape: list = ["o", m.line, m.col]
            elif isinstance(m, _BlockMap):
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
                text_map: _TextMap = _MAPS[kind](*args)
            elif kind == "g" and len(args) == 2:
                segments = [tuple(s) for s in args[0]]
                if not all(len(s) == 3 and all(type(x) is int for x in s) for s in segments):
                    raise ValueError("not a map")
                start = tuple(args[1])
                if len(start) != 2 or not all(type(x) is int for x in start):
                    raise ValueError("not a map")
                text_map = _SegmentMap(segments, start)  # type: ignore[arg-type]
            else:
                raise ValueError("not a map")
            return LStr(text, self.at(line, col), text_map)
        if tag == "l":
            _, line, col, items, flat = v
            out = LList((self.decode(x, depth + 1) for x in items), pos=self.at(line, col))
            out.item_pos = self.positions(flat, len(out), out.pos)
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
