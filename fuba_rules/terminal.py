"""Text from a mod or a log, made safe to print on a terminal.

A mod's title, `ref`, `doc` or rule text, and every string of a match log, come from
whoever shared the file. Printed raw, an escape sequence in them could recolour or
clear the screen, retitle the window or (OSC 52) write the user's clipboard. Every
such character is shown as its escape instead (`\\x1b`), so the reader sees it and the
terminal does not act on it: the C0 controls except newline and tab, DEL, the C1
controls, and the bidirectional overrides that reorder what is shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, TextIO

_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with every control character but newline and tab written as its escape."""
    return _CONTROLS.sub(_escape, text)


class PrintableStream:
    """A text stream that passes everything written through `printable`, so a command
    prints no control sequence whatever text it was given; the rest is the stream's."""

    def __init__(self, stream: TextIO):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
