"""Parsed rule text kept between runs, so `check`, `show` and `odds` start quickly.

Parsing rule text with lark is most of the time an edition takes to load. A text's
parse depends only on the text, whether it is a block or an expression, and where it
sits in its YAML file (the position map): the cache key is a hash of exactly those and
the package's code stamp. Entries are JSON, rebuilt only into the language's own node
classes (never pickle), so a corrupt or edited cache file is ignored, not trusted: the
strings that code generation writes into Python source unquoted (operators, the names
of called rules and locals) must be what the parser can produce, or the entry is a
miss (`decode`).

The folder and its switches are described in fuba_rules/cache.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeAlias, cast

import attrs

from ..cache import FORMAT, cache_dir, code_stamp, prune
from ..diagnostics import Pos
from ..jsondata import Json
from . import nodes as n

__all__ = ["ParseCache", "cache_dir", "decode", "encode", "text_key"]

Parsed: TypeAlias = "n.Node | list[n.Node]"
"""What a rule text parses to: one expression, or a block of statements."""

_NODES = {name: cls for name, cls in vars(n).items() if isinstance(cls, type) and issubclass(cls, n.Node)}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_COMPARE = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "not in"})
_BINARY = frozenset({"+", "-", "*", "//", "%", "and", "or"})
_UNARY = frozenset({"-", "not"})


def _version() -> str:
    return code_stamp()


def _encode(v: object) -> Json:
    if isinstance(v, n.Node):
        return {"@": type(v).__name__, **{f.name: _encode(getattr(v, f.name)) for f in attrs.fields(type(v))}}
    if isinstance(v, Pos):
        return {"@p": [v.file, v.line, v.col]}
    if isinstance(v, tuple):
        return {"@t": [_encode(x) for x in v]}
    if isinstance(v, list):
        return [_encode(x) for x in v]
    if isinstance(v, dict):
        return {"@d": [[k, _encode(x)] for k, x in v.items()]}
    if v is None or isinstance(v, (bool, int, str)):
        return v
    raise TypeError(f"cannot cache a {type(v).__name__}")


_FIELDS = {cls: tuple(f.name for f in attrs.fields(cls)) for cls in _NODES.values()}


def encode(v: object) -> Json:
    """Nodes (and lists, tuples, dicts of them) as compact JSON data, for many texts at
    once: a node is ["#Class", file, line, col, field...], with file an index into a
    table of file names, a list is ["[", item...] and a tuple ["(", item...]."""
    files: dict[str, int] = {}

    def pack(v: object) -> Json:
        if isinstance(v, n.Node):
            p = v.pos
            fi = files.setdefault(p.file, len(files))
            return ["#" + type(v).__name__, fi, p.line, p.col, *(pack(getattr(v, f)) for f in _FIELDS[type(v)][1:])]
        if isinstance(v, list):
            return ["[", *(pack(x) for x in v)]
        if isinstance(v, tuple):
            return ["(", *(pack(x) for x in v)]
        if isinstance(v, dict):
            if not all(isinstance(k, str) for k in v):
                raise TypeError("a mapping with keys that are not names")
            return {k: pack(x) for k, x in v.items()}
        if v is None or isinstance(v, (bool, int, str)):
            return v
        raise TypeError(f"cannot cache a {type(v).__name__}")

    tree = pack(v)
    return {"files": list(files), "tree": tree}


def decode(v: Json) -> Parsed:
    """What `encode` wrote, rebuilt; an exception for anything else.

    Generated code quotes every name and string with `repr` except a few pieces the
    parser alone produces: comparison, binary and unary operators, and the names of
    called rules and locals. An entry carrying anything else there was not written by
    us, and decoding it fails, so an edited cache cannot put text into generated code.
    """
    if not isinstance(v, dict):
        raise ValueError("not an encoded tree")
    return decoder(_items(v["files"]))(v["tree"])


def decoder(files: Sequence[Json]) -> Callable[[Json], Parsed]:
    """What rebuilds one packed value of an `encode` whose file table is `files` (as
    `decode` does, vetting every node): texts can be rebuilt one at a time."""
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        raise ValueError("not a file name")
    names = [str(f) for f in files]
    positions: dict[tuple[Json, Json, Json], Pos] = {}
    # per tag: the class, the length of its list, and whether its pieces are vetted
    specs = {"#" + name: (cls, 3 + len(_FIELDS[cls]), cls in _VETTED) for name, cls in _NODES.items()}
    atoms = (str, int, bool, type(None))

    def unpack(v: Json) -> object:
        t = type(v)
        if isinstance(v, list):
            tag = v[0]
            if tag == "[":
                return [x if type(x) in atoms else unpack(x) for x in v[1:]]
            if tag == "(":
                return tuple(x if type(x) in atoms else unpack(x) for x in v[1:])
            cls, size, vetted = specs[str(tag)]  # a KeyError for anything that is not a node
            if len(v) != size:
                raise ValueError("not a node")
            where = (v[1], v[2], v[3])
            pos = positions.get(where)
            if pos is None:
                if not (type(v[2]) is int and type(v[3]) is int):
                    raise ValueError("not a position")
                pos = positions[where] = Pos(names[v[1]], v[2], v[3])  # an IndexError or TypeError: no such file
            node = cls(pos, *[x if type(x) in atoms else unpack(x) for x in v[4:]])
            if vetted:
                _vet(node)
            return node
        if isinstance(v, dict):
            return {k: x if type(x) in atoms else unpack(x) for k, x in v.items()}
        if t in atoms:
            return v
        raise ValueError("not a value")

    return cast("Callable[[Json], Parsed]", unpack)  # the outermost value is a node or a block


def first_position(files: list[str], block: Json) -> Pos | None:
    """Where the first statement of a packed block starts (None when it is empty),
    without rebuilding it; an exception when it is no packed block."""
    if not isinstance(block, list) or not block or block[0] != "[":
        raise ValueError("not a block")
    if len(block) == 1:
        return None
    first = block[1]
    if not isinstance(first, list) or len(first) < 4 or not (type(first[2]) is int and type(first[3]) is int) or type(first[1]) is not int:
        raise ValueError("not a node")
    return Pos(files[first[1]], first[2], first[3])


_VETTED = frozenset({n.Compare, n.BinOp, n.Unary, n.Call, n.Let, n.Trigger, n.Scope, n.For, n.Comprehension, n.Name})


def _vet(node: n.Node) -> None:
    """Refuse a node whose unquoted pieces the parser could not have produced."""
    if isinstance(node, n.Compare) and not all(isinstance(op, str) and op in _COMPARE for op, _ in node.rest):
        raise ValueError("not an operator")
    if (isinstance(node, n.BinOp) and node.op not in _BINARY) or (isinstance(node, n.Unary) and node.op not in _UNARY):
        raise ValueError("not an operator")
    names: list[str | None] = []
    if isinstance(node, n.Call):
        names = list(node.name.split(".")) if isinstance(node.name, str) else [None]
        names += ([node.target] if node.target else []) + list(node.pass_on)  # parent(...): written unquoted too
    elif isinstance(node, (n.Let, n.Trigger, n.Scope)):
        names = [node.name]
    elif isinstance(node, n.For):
        names = [node.var]
    elif isinstance(node, n.Comprehension):
        names = [loop[0] for loop in node.loops]
    elif isinstance(node, n.Name):
        names = list(node.parts)
    if not all(isinstance(x, str) and _IDENT.match(x) for x in names):
        raise ValueError("not a name")


def _decode(v: Json) -> object:
    if isinstance(v, list):
        return [_decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "@p" in v:
        file, line, col = _triple(v["@p"])
        return Pos(str(file), int(line), int(col))  # type: ignore[arg-type]  # int() of a damaged entry raises: a miss
    if "@t" in v:
        return tuple(_decode(x) for x in _items(v["@t"]))
    if "@d" in v:
        return {str(k): _decode(x) for k, x in map(_pair, _items(v["@d"]))}
    cls = _NODES[str(v["@"])]  # a KeyError for anything that is not a node: the entry is ignored
    node = cls(**{f.name: _decode(v[f.name]) for f in attrs.fields(cls)})  # type: ignore[arg-type]  # as _encode wrote them
    _vet(node)
    return node


def _items(v: Json) -> list[Json]:
    if not isinstance(v, list):
        raise ValueError("not a list")
    return v


def _pair(v: Json) -> tuple[Json, Json]:
    k, x = _items(v)
    return k, x


def _triple(v: Json) -> tuple[Json, Json, Json]:
    a, b, c = _items(v)
    return a, b, c


def text_key(text: str, block: bool, where: Pos) -> str:
    """The hash of everything a parse depends on: version, kind, text and position map."""
    text_map = getattr(text, "_map", None)
    place = [type(text_map).__name__, vars(text_map)] if text_map is not None else None
    raw = json.dumps([_version(), block, str(text), str(where), place], default=repr)
    return hashlib.sha256(raw.encode()).hexdigest()


class ParseCache:
    """The cached parses of one load, by YAML file; `save()` writes what was missing."""

    def __init__(self, folder: Path | None, keep: int = 256):
        self.folder = folder / FORMAT / "rules" if folder else None
        self.keep = keep  # files kept, as in the other stores: generated mods must not grow it forever
        self.files: dict[str, dict[str, Json]] = {}
        self.used: dict[str, dict[str, Json]] = {}
        self.dirty: set[str] = set()

    def _path(self, file: str) -> Path:
        assert self.folder is not None
        return self.folder / (hashlib.sha256(file.encode()).hexdigest()[:32] + ".json")

    def _entries(self, file: str) -> dict[str, Json]:
        if file not in self.files:
            entries: Json = {}
            try:
                data = json.loads(self._path(file).read_text(encoding="utf-8"))
                if isinstance(data, dict) and data.get("version") == _version() and data.get("file") == file:
                    entries = data.get("entries") or {}
            except (OSError, ValueError, RecursionError):
                pass
            self.files[file] = entries if isinstance(entries, dict) else {}
        return self.files[file]

    def _kept(self, file: str) -> bool:
        """Whether `file`'s texts are cached: a YAML file, or a command line's text,
        named by its option (`--measure`) or in angle brackets (`<expression>`)."""
        return self.folder is not None and (file.startswith(("<", "--")) or os.path.isfile(file))

    def get(self, file: str, key: str) -> Parsed | None:
        if not self._kept(file):
            return None
        raw = self._entries(file).get(key)
        if raw is None:
            return None
        try:
            value = cast("Parsed", _decode(raw))  # what `put` encoded
        except Exception:  # noqa: BLE001 - a damaged entry is a miss, never an error
            return None
        self.used.setdefault(file, {})[key] = raw
        return value

    def put(self, file: str, key: str, value: Parsed) -> None:
        if not self._kept(file):
            return
        try:
            self.used.setdefault(file, {})[key] = _encode(value)
        except (TypeError, RecursionError):  # a text nested too deeply to encode is parsed each time
            return
        self.dirty.add(file)

    def save(self) -> None:
        """Write each file's entries used by this load (dropping stale ones), atomically."""
        if self.folder is None:
            return
        for file in self.dirty:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                path = self._path(file)
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(json.dumps({"version": _version(), "file": file, "entries": self.used[file]}), encoding="utf-8")
                os.replace(tmp, path)
            except (OSError, ValueError, RecursionError):
                pass  # a read-only home (or a tree too deep for JSON) is no reason to fail a load
        if self.dirty:
            try:
                prune(self.folder, self.keep)
            except OSError:
                pass
        self.dirty.clear()
