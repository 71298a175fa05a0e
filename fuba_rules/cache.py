"""What an unchanged edition always produces, kept between runs as JSON.

Loading an edition reads YAML, checks every rule and compiles it; for an edition
nobody changed, the answer is always the same. The stores here keep such answers in
the user's cache folder, so `fuba check`, `show` and `odds` start quickly:

- `yaml/`: each YAML file's positioned tree, keyed by the file's bytes (yamlpos);
- `editions/`: an edition's checked rule text and its warnings, keyed by every file
  the edition reads (edition.py);
- `<hash>.json` beside them: parsed rule text by text and position (lang/parse_cache).

Every key also holds `code_stamp()`: the size and time of every module, grammar and
schema file of fuba_rules, so an upgrade or an edit of the package's own code is a
miss, never a stale answer.

Safety: entries are JSON and are rebuilt only into our own plain classes (positioned
containers, the language's nodes, diagnostics), never by pickle or marshal; a slot
whose key differs, or whose content does not decode to exactly those shapes, is a
miss. See each store's decoder for why an edited entry cannot run anything.

The folder is `$FUBA_CACHE_DIR`, else `$XDG_CACHE_HOME/fuba-rules`, else
`~/.cache/fuba-rules`; it is safe to delete. `FUBA_CACHE=off` turns every store off.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Pos
from .jsondata import Json

_PACKAGE = Path(__file__).resolve().parent
_CODE_SUFFIXES = (".py", ".lark", ".json")
FORMAT = "fuba-cache-1"
"""The layout of the cache folder and its entries; a new layout gets a new folder."""


@functools.cache
def code_stamp() -> str:
    """The size and time of every code, grammar and schema file of the package.

    An upgrade rewrites these files and an edit of an editable install touches one, so
    either is a new stamp. (Not `importlib.metadata.version`: importing it costs more
    than a warm load may take, and the version alone misses an editable install's edits.)
    """
    from .resources import grammar_folder

    parts = [FORMAT]
    folders = [_PACKAGE, grammar_folder()]
    for folder in folders:
        if folder is None:
            continue
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")) and d not in ("static", "editions"))
            for name in sorted(filenames):
                if name.endswith(_CODE_SUFFIXES):
                    st = os.stat(os.path.join(dirpath, name))
                    parts.append(f"{os.path.relpath(os.path.join(dirpath, name), folder)}:{st.st_size}:{st.st_mtime_ns}")
    return digest("\n".join(parts))


def digest(text: str | bytes) -> str:
    """sha256 of a text or bytes, in hex."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text).hexdigest()


def cache_dir() -> Path | None:
    """Where cached answers are kept, or None when the cache is off."""
    if os.environ.get("FUBA_CACHE", "").lower() in ("off", "0", "no", "false"):
        return None
    base = os.environ.get("FUBA_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "fuba-rules"


class JsonStore:
    """One JSON file per slot (a YAML file, an edition), holding the answer for one key.

    A slot keeps only its latest key, so the folder does not grow with every edit. A
    missing, unreadable or stale slot is a miss; a write that fails (a read-only home)
    is silently skipped: the cache never fails a load.
    """

    def __init__(self, kind: str, keep: int = 256):
        base = cache_dir()
        self.folder = base / FORMAT / kind if base else None
        self.keep = keep  # slots kept: generated mods (sweeps) must not grow the folder forever

    @property
    def on(self) -> bool:
        return self.folder is not None

    def _path(self, slot: str) -> Path:
        assert self.folder is not None
        return self.folder / (digest(slot)[:32] + ".json")

    def get(self, slot: str, key: str) -> Json:
        """The value stored for `key` in `slot`, or None."""
        if self.folder is None:
            return None
        try:
            with open(self._path(slot), encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(data, dict) or data.get("slot") != slot or data.get("key") != key:
            return None
        return data.get("value")

    def put(self, slot: str, key: str, value: object) -> None:
        """Store `value` (plain JSON data; anything else is not stored) for `key` in `slot`, atomically."""
        if self.folder is None:
            return
        try:
            text = json.dumps({"slot": slot, "key": key, "value": value}, separators=(",", ":"))
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self._path(slot)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
            self._prune()
        except (OSError, ValueError, TypeError, RecursionError):
            pass

    def _prune(self) -> None:
        assert self.folder is not None
        prune(self.folder, self.keep)


def prune(folder: Path, keep: int) -> None:
    """Forget the files of a store written longest ago, beyond `keep`."""
    files = list(folder.glob("*.json"))
    if len(files) <= keep:
        return
    files.sort(key=lambda p: p.stat().st_mtime_ns)
    for old in files[: len(files) - keep]:
        old.unlink(missing_ok=True)


def diagnostics_to_json(diagnostics: list[Diagnostic]) -> list:
    """Diagnostics as JSON data: [file, line, col, message, severity] each."""
    out = []
    for d in diagnostics:
        p = d.pos
        out.append([p.file, p.line, p.col, d.message, d.severity] if p else [None, 0, 0, d.message, d.severity])
    return out


def diagnostics_from_json(raw: Any) -> list[Diagnostic]:
    """What `diagnostics_to_json` wrote; ValueError for anything else."""
    out = []
    for file, line, col, message, severity in raw:
        if not (isinstance(message, str) and severity in ("error", "warning") and type(line) is int and type(col) is int):
            raise ValueError("not a diagnostic")
        if file is not None and not isinstance(file, str):
            raise ValueError("not a file")
        out.append(Diagnostic(Pos(file, line, col) if file is not None else None, message, severity))
    return out
