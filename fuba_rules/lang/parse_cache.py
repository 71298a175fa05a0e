"""Parsed rule text kept between runs, so `check`, `show` and `odds` start quickly.

Parsing rule text with lark is most of the time an edition takes to load. A text's
parse depends only on the text, whether it is a block or an expression, and where it
sits in its YAML file (the position map): the cache key is a hash of exactly those and
the package version. Entries are JSON, rebuilt only into the language's own node
classes (never pickle), so a corrupt or edited cache file is ignored, not trusted.

The folder is `$FUBA_CACHE_DIR`, else `$XDG_CACHE_HOME/fuba-rules`, else
`~/.cache/fuba-rules`; it is safe to delete. `FUBA_CACHE=off` turns the cache off.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from importlib import metadata
from pathlib import Path
from typing import Any

import attrs

from ..diagnostics import Pos
from . import nodes as n

_NODES = {name: cls for name, cls in vars(n).items() if isinstance(cls, type) and issubclass(cls, n.Node)}


@functools.cache
def _version() -> str:
    try:
        return metadata.version("fuba-rules")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "source"


def cache_dir() -> Path | None:
    """Where parsed rule text is kept, or None when the cache is off."""
    if os.environ.get("FUBA_CACHE", "").lower() in ("off", "0", "no", "false"):
        return None
    base = os.environ.get("FUBA_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "fuba-rules"


def _encode(v: Any) -> Any:
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


def _decode(v: Any) -> Any:
    if isinstance(v, list):
        return [_decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "@p" in v:
        file, line, col = v["@p"]
        return Pos(str(file), int(line), int(col))
    if "@t" in v:
        return tuple(_decode(x) for x in v["@t"])
    if "@d" in v:
        return {str(k): _decode(x) for k, x in v["@d"]}
    cls = _NODES[v["@"]]  # a KeyError for anything that is not a node: the entry is ignored
    return cls(**{f.name: _decode(v[f.name]) for f in attrs.fields(cls)})


def text_key(text: str, block: bool, where: Any) -> str:
    """The hash of everything a parse depends on: version, kind, text and position map."""
    text_map = getattr(text, "_map", None)
    place = [type(text_map).__name__, vars(text_map)] if text_map is not None else None
    raw = json.dumps([_version(), block, str(text), str(where), place], default=repr)
    return hashlib.sha256(raw.encode()).hexdigest()


class ParseCache:
    """The cached parses of one load, by YAML file; `save()` writes what was missing."""

    def __init__(self, folder: Path | None):
        self.folder = folder / _version() if folder else None
        self.files: dict[str, dict[str, Any]] = {}
        self.used: dict[str, dict[str, Any]] = {}
        self.dirty: set[str] = set()

    def _path(self, file: str) -> Path:
        assert self.folder is not None
        return self.folder / (hashlib.sha256(file.encode()).hexdigest()[:32] + ".json")

    def _entries(self, file: str) -> dict[str, Any]:
        if file not in self.files:
            entries: dict[str, Any] = {}
            try:
                data = json.loads(self._path(file).read_text(encoding="utf-8"))
                if isinstance(data, dict) and data.get("version") == _version() and data.get("file") == file:
                    entries = data.get("entries") or {}
            except (OSError, ValueError):
                pass
            self.files[file] = entries if isinstance(entries, dict) else {}
        return self.files[file]

    def get(self, file: str, key: str) -> Any:
        if self.folder is None or not os.path.isfile(file):
            return None
        raw = self._entries(file).get(key)
        if raw is None:
            return None
        try:
            value = _decode(raw)
        except Exception:  # noqa: BLE001 - a damaged entry is a miss, never an error
            return None
        self.used.setdefault(file, {})[key] = raw
        return value

    def put(self, file: str, key: str, value: Any) -> None:
        if self.folder is None or not os.path.isfile(file):
            return
        try:
            self.used.setdefault(file, {})[key] = _encode(value)
        except TypeError:
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
            except OSError:
                pass  # a read-only home is no reason to fail a load
        self.dirty.clear()
