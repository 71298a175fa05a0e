"""Load YAML into plain containers that remember where each value was written.

Every later stage (schema, layering, the effect language) reports errors at a file, line
and column, so the loader keeps positions: `LDict`, `LList` and `LStr` behave like
dict, list and str but carry `Pos`. Effect code lives inside YAML strings, so `LStr`
can also map a line and column inside its own text back to the file.

Mods are untrusted: only YAML's core types are built (never arbitrary objects), and the
file size, nesting depth and alias expansion are capped. Every failure is a `FubaError`.
"""

from __future__ import annotations

import bisect
import contextlib
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from fuba_rules.diagnostics import Diagnostic, FubaError, Pos
from fuba_rules.limits import MAX_FILE_BYTES as MAX_BYTES
from fuba_rules.limits import MAX_YAML_DEPTH as MAX_DEPTH
from fuba_rules.limits import MAX_YAML_NODES as MAX_NODES

OVERLAY: ContextVar[Mapping[str, str]] = ContextVar("fuba_yaml_overlay", default={})
"""Text to read instead of a file, by real path: an editor's unsaved buffers (`fuba lsp`)."""

_TAG = "tag:yaml.org,2002:"
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")  # the breaks PyYAML counts


class LDict(dict):
    """A mapping with the position of itself, of each key and of each value."""

    def __init__(self, items=(), *, pos: Pos | None = None):
        super().__init__(items)
        self.pos = pos
        self.key_pos: dict[str, Pos] = {}
        self.value_pos: dict[str, Pos] = {}


class LList(list):
    """A list with the position of itself and of each item."""

    def __init__(self, items=(), *, pos: Pos | None = None):
        super().__init__(items)
        self.pos = pos
        self.item_pos: list[Pos] = []


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
            with open(path, "rb") as stream:
                text = stream.read(MAX_BYTES + 1)  # never more: the file may be huge
        except OSError as e:
            reason = e.strerror or type(e).__name__
            raise FubaError(Diagnostic(None, f"cannot read {file}: {reason.lower()}")) from None
    if len(text) > MAX_BYTES:
        raise FubaError(Diagnostic(Pos(file, 1, 1), f"file is too large (the limit is {MAX_BYTES} bytes)"))
    if isinstance(text, bytes):
        text = _decode(text, file)
    text = text.removeprefix("\ufeff")
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        if node is None:
            return None
        return _Builder(file, text).build(node, 0)
    except yaml.MarkedYAMLError as e:
        raise FubaError(_marked_error(file, e)) from None
    except yaml.reader.ReaderError as e:
        line, col = _line_col(text, e.position)
        what = f"#x{e.character:04x}" if isinstance(e.character, int) else repr(e.character)
        raise FubaError(Diagnostic(Pos(file, line, col), f"unacceptable character {what} in YAML")) from None
    except yaml.YAMLError as e:
        raise FubaError(Diagnostic(Pos(file, 1, 1), f"invalid YAML: {e}")) from None
    except _Limit as e:
        raise FubaError(Diagnostic(_pos(file, e.mark), e.message)) from None
    finally:
        if loader is not None:
            loader.dispose()


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


# --- parsing -----------------------------------------------------------------------


class _Limit(Exception):
    """A cap was hit at `mark`."""

    def __init__(self, mark: yaml.Mark | None, message: str):
        super().__init__(message)
        self.mark, self.message = mark, message


class _Loader(yaml.SafeLoader):
    """SafeLoader that refuses nesting deeper than MAX_DEPTH while composing.

    PyYAML's composer recurses once per level, so deep input would otherwise end in
    RecursionError.
    """

    def __init__(self, stream: str):
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent, index):
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Limit(self.peek_event().start_mark, f"nesting is deeper than {MAX_DEPTH} levels")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _decode(data: bytes, file: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        start = e.start
        line = data.count(b"\n", 0, start) + 1
        line_start = data.rfind(b"\n", 0, start) + 1
        col = len(data[line_start:start].decode("utf-8", errors="replace")) + 1
        bad = data[start : start + 1].hex()
        raise FubaError(Diagnostic(Pos(file, line, col), f"file is not valid UTF-8 (byte 0x{bad})")) from None


def _line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character index, counting breaks as PyYAML does."""
    line, start = 1, 0
    for m in _LINE_BREAK.finditer(text, 0, max(index, 0)):
        line, start = line + 1, m.end()
    return line, index - start + 1


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def _pos(file: str, mark: yaml.Mark | None) -> Pos:
    return Pos(file, mark.line + 1, mark.column + 1) if mark else Pos(file, 1, 1)


_TOKEN_WORDS = {
    "<block end>": "the end of the block",
    "<block mapping start>": "a key at another indentation",
    "<block sequence start>": "a list at another indentation",
    "<block sequence entry>": "a list item '-'",
    "<scalar>": "a value",
    "<document start>": "a new document",
    "<stream end>": "the end of the file",
}


def _marked_error(file: str, e: yaml.MarkedYAMLError) -> Diagnostic:
    """PyYAML's scanner/parser error as one line at the problem's position."""
    problem = e.problem or e.context or "invalid YAML"
    for token, words in _TOKEN_WORDS.items():
        problem = problem.replace(f"'{token}'", words).replace(token, words)
    problem = problem.replace("character '\\t'", "a tab")
    if "a tab" in problem:
        problem += " (YAML indents with spaces)"
    mark = e.problem_mark or e.context_mark
    context, cmark = e.context, e.context_mark
    if problem == "but found another document":
        return Diagnostic(_pos(file, mark), "found a second document ('---'); a file holds only one")
    if context and e.problem and cmark and (cmark.line, cmark.column) != (mark.line, mark.column):
        if context.endswith("; first occurrence"):
            problem = f"{context.removesuffix('; first occurrence')}"
            context = "first"
        problem += f" ({context} at line {cmark.line + 1}, column {cmark.column + 1})"
    return Diagnostic(_pos(file, mark), problem)


class _Builder:
    """Builds LDict/LList/LStr from PyYAML's node graph, expanding aliases under caps."""

    def __init__(self, file: str, text: str):
        self.file = file
        self.lines = _LINE_BREAK.split(text)
        self.count = 0
        self.active: set[int] = set()
        self.scalars = yaml.constructor.SafeConstructor()

    def build(self, node: Node, depth: int) -> object:
        self.count += 1
        if self.count > MAX_NODES:
            raise _Limit(node.start_mark, f"more than {MAX_NODES} values once aliases are expanded")
        if depth > MAX_DEPTH:
            raise _Limit(node.start_mark, f"nesting is deeper than {MAX_DEPTH} levels (through aliases)")
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if id(node) in self.active:
            raise _Limit(node.start_mark, "an alias refers to the collection that contains it")
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return self.sequence(node, depth)
            return self.mapping(node, depth)
        finally:
            self.active.discard(id(node))

    def sequence(self, node: SequenceNode, depth: int) -> LList:
        if node.tag != _TAG + "seq":
            raise _Limit(node.start_mark, f"unsupported tag {_short(node.tag)!r}")
        out = LList(pos=_pos(self.file, node.start_mark))
        for item in node.value:
            out.item_pos.append(_pos(self.file, item.start_mark))
            out.append(self.build(item, depth + 1))
        return out

    def mapping(self, node: MappingNode, depth: int) -> LDict:
        if node.tag != _TAG + "map":
            raise _Limit(node.start_mark, f"unsupported tag {_short(node.tag)!r}")
        out = LDict(pos=_pos(self.file, node.start_mark))
        merges: list[tuple[Node, object]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                merges.append((value_node, self.build(value_node, depth + 1)))
                continue
            if not isinstance(key_node, ScalarNode):
                raise _Limit(key_node.start_mark, "a key must be a name, not a list or mapping")
            key = key_node.value
            if key in out:
                first = out.key_pos[key]
                raise _Limit(
                    key_node.start_mark,
                    f"duplicate key {key!r} (first defined at line {first.line}, column {first.col})",
                )
            out.key_pos[key] = _pos(self.file, key_node.start_mark)
            out.value_pos[key] = _pos(self.file, value_node.start_mark)
            out[key] = self.build(value_node, depth + 1)
        for value_node, merged in merges:
            sources = merged if isinstance(merged, LList) else [merged]
            for source in sources:
                if not isinstance(source, LDict):
                    raise _Limit(value_node.start_mark, "'<<' merges only mappings")
                for key, value in source.items():
                    if key not in out:
                        out[key] = value
                        out.key_pos[key] = source.key_pos[key]
                        out.value_pos[key] = source.value_pos[key]
        return out

    def scalar(self, node: ScalarNode) -> object:
        tag = node.tag.removeprefix(_TAG)
        if tag in ("str", "timestamp"):
            return self.string(node)
        construct = {
            "null": self.scalars.construct_yaml_null,
            "bool": self.scalars.construct_yaml_bool,
            "int": self.scalars.construct_yaml_int,
            "float": self.scalars.construct_yaml_float,
        }.get(tag)
        if construct is None:
            raise _Limit(node.start_mark, f"unsupported tag {_short(node.tag)!r}")
        try:
            return construct(node)
        except (ValueError, OverflowError, TypeError, IndexError, KeyError, yaml.YAMLError):
            raise _Limit(node.start_mark, f"{node.value[:40]!r} is not a valid {tag}") from None

    def string(self, node: ScalarNode) -> LStr:
        value: str = node.value
        start, end = node.start_mark, node.end_mark
        style = node.style
        if style == "|":
            text_map = self._block_map(value, start.line + 1)
        elif style in ("'", '"') and start.line == end.line:
            text_map = _OffsetMap(start.line, start.column + 1)
        elif style is None and start.line == end.line:
            text_map = _OffsetMap(start.line, start.column)
        else:
            text_map = self._segment_map(node)
        line, col = text_map.at(value, 0, 0, 0)
        if not value:  # nothing to point into: point at the scalar itself
            line, col = start.line, start.column
        return LStr(value, Pos(self.file, line + 1, col + 1), text_map)

    def _block_map(self, value: str, first: int) -> _BlockMap:
        """Indent of a literal block = leading spaces in the file minus those in the text."""
        for i, text_line in enumerate(value.split("\n")):
            if text_line.strip() and first + i < len(self.lines):
                file_line = self.lines[first + i]
                lead_file = len(file_line) - len(file_line.lstrip(" "))
                lead_text = len(text_line) - len(text_line.lstrip(" "))
                return _BlockMap(first, max(lead_file - lead_text, 0))
        return _BlockMap(first, 0)

    def _segment_map(self, node: ScalarNode) -> _SegmentMap:
        """Best effort for folded, plain and quoted multi-line text: find each file
        line's piece again in the text, in order."""
        value, start, end, style = node.value, node.start_mark, node.end_mark, node.style
        segments: list[tuple[int, int, int]] = []
        offset = 0
        for line in range(start.line, min(end.line, len(self.lines) - 1) + 1):
            source = self.lines[line]
            lo, hi = 0, len(source)
            if line == start.line:
                if style in ("|", ">"):
                    continue  # the header line holds no text
                lo = start.column + (1 if style in ("'", '"') else 0)
            if line == end.line:
                hi = end.column - (1 if style in ("'", '"') else 0)
            piece = source[lo:hi]
            stripped = piece.lstrip(" \t")
            lo += len(piece) - len(stripped)
            probe = stripped.rstrip(" \t")
            if style == '"':
                probe = probe.split("\\", 1)[0]
            elif style == "'":
                probe = probe.split("'", 1)[0]
            if not probe:
                continue
            found = value.find(probe, offset)
            if found < 0:
                continue
            segments.append((found, line, lo))
            offset = found + len(probe)
        first = (start.line, start.column + (1 if style in ("'", '"') else 0))
        return _SegmentMap(segments, first)
