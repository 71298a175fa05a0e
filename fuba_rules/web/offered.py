"""The logs the person running the board offered: uploads, and the files of `--logs DIR`.

A request may name a log by path only inside the folder given on the command line, by
the rules `extends` obeys (fuba_rules/layering.py): a path relative to the folder, never
`..` out of it, never a symbolic link leading out. The file must be a regular file with
no other hard link (whose other name may lie outside), at most `MAX_LOG_BYTES` long; it
is opened without waiting (a FIFO is refused, never waited on) and read no further than
the cap. Without `--logs`, no path is read at all: the page uploads the log's text.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .. import layering
from .intake import Refused
from .limits import MAX_LOG_BYTES

_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
"""Open flags: a FIFO opens at once (and is then refused), a terminal is never adopted."""


class LogFolder:
    """The folder `fuba serve --logs DIR` offers."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.real = os.path.realpath(folder)

    @property
    def shown(self) -> str:
        return layering.shown(self.folder)

    def read(self, name: str) -> bytes:
        """The bytes of the log `name` (a path inside the folder), or `Refused` saying why not."""
        if not name or os.path.isabs(name) or name.startswith("~"):
            raise Refused(403, f"cannot read {name!r}: name a log by its path inside {self.shown!r}, the folder `--logs` offers")
        if "\0" in name:
            raise Refused(403, f"cannot read {name!r}: not a file name")
        if refused := layering._confined(name, Path(self.real), [self.real], "read"):
            raise Refused(403, refused)
        path = Path(self.real) / name
        if not layering._inside(os.path.realpath(path), self.real):  # a link out (hard links: `_refusal`)
            raise Refused(403, f"cannot read {name!r}: it is a symbolic link leading outside {self.shown!r}")
        try:
            fd = os.open(path, os.O_RDONLY | _NO_WAIT)
        except OSError as e:
            raise Refused(404, f"cannot read {name!r} in {self.shown!r}: {(e.strerror or 'cannot open').lower()}") from None
        info = os.fstat(fd)
        if (refusal := self._refusal(name, info)) is not None:
            os.close(fd)
            raise refusal
        with os.fdopen(fd, "rb") as f:
            raw = f.read(MAX_LOG_BYTES + 1)
        if len(raw) > MAX_LOG_BYTES:  # grown since
            raise self._too_large(name)
        return raw

    def _refusal(self, name: str, info: os.stat_result) -> Refused | None:
        """Why the opened file `name` is not read: not a regular file, another hard link, too large."""
        if not stat.S_ISREG(info.st_mode):
            return Refused(403, f"cannot read {name!r}: not a regular file")
        if info.st_nlink > 1:
            return Refused(403, f"cannot read {name!r}: it has another hard link, which may lie outside {self.shown!r}")
        if info.st_size > MAX_LOG_BYTES:
            return self._too_large(name)
        return None

    @staticmethod
    def _too_large(name: str) -> Refused:
        return Refused(413, f"cannot read {name!r}: larger than {MAX_LOG_BYTES} bytes (the board's limit for a log)")
