"""Reading and creating the files a command names, safely.

A command line names files that may be anything: a FIFO that never ends (`open` would
wait for a writer for good), a device that never ends (/dev/zero), a file far too large
to hold. `read_regular` reads a regular file only, and no more than a cap; a
non-regular one is an OSError "not a regular file", which each caller words as it
words any file it cannot read. `create_new` makes a file that did not exist: never
one already there, and never through a symbolic link, even one pointing nowhere (which
would create the file it points to).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import IO


def read_regular(path: str | Path, cap: int) -> bytes:
    """At most `cap` + 1 bytes of a regular file (one more than the cap tells the caller
    it is too large); OSError when it cannot be read or is no regular file."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        return f.read(cap + 1)


def write_regular(path: str | Path, text: str) -> None:
    """Write `text` to a regular file at `path`, new or replaced (`rules -o`, `--report`).
    A FIFO with no reader, a device or a dangling symbolic link is an OSError: the first
    would wait for good, the second swallow the text, the last create a file elsewhere."""
    if os.path.islink(path) and not os.path.exists(path):
        raise OSError(errno.ENOENT, "a symbolic link to nowhere", str(path))
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as e:
        if e.errno == errno.ENXIO:  # a FIFO nobody reads
            raise OSError(errno.EINVAL, "not a regular file", str(path)) from None
        raise
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        f.truncate()
        f.write(text)


def create_new(path: str | Path) -> IO[str]:
    """A new text file at `path`, open for writing; FileExistsError when anything is
    there already, a symbolic link included."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    return os.fdopen(fd, "w", encoding="utf-8")
