"""Parse YAML text with PyYAML into yamlpos's positioned containers (LDict, LList, LStr).

Kept apart from yamlpos so that a warm load, which rebuilds files from the cache,
never imports PyYAML. Mods are untrusted: only YAML's core types are built, and
nesting depth and alias expansion are capped; every failure is a `FubaError`.
"""

from __future__ import annotations

from typing import Protocol, cast

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from fuba_rules.diagnostics import Diagnostic, FubaError, Pos
from fuba_rules.limits import MAX_YAML_CHARS as MAX_CHARS
from fuba_rules.limits import MAX_YAML_DEPTH as MAX_DEPTH
from fuba_rules.limits import MAX_YAML_NODES as MAX_NODES
from fuba_rules.yamlnodes import LINE_BREAK, TAG, BlockMap, LDict, LList, LStr, OffsetMap, SegmentMap, TextMap


def parse(file: str, text: str | bytes) -> object:
    """The tree of one file's text (bytes are decoded as UTF-8 first); the caller
    checked its size."""
    if isinstance(text, bytes):
        text = _decode(text, file)
    text = text.removeprefix("\ufeff")
    loader: _Loader | None = None
    try:
        _count_values(text)
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


class _Mark(Protocol):
    """A place in the YAML text (PyYAML's marks, from its Python or its C parser)."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


class _Limit(Exception):
    """A cap was hit at `mark`."""

    def __init__(self, mark: _Mark | None, message: str):
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


_VALUE_EVENTS = (yaml.ScalarEvent, yaml.AliasEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
_END_EVENTS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _count_values(text: str) -> None:
    """Refuse a file of more than MAX_NODES values before composing it: libyaml reads
    the events ten times faster than PyYAML composes them, so a file of 150,000
    constants fails in a fraction of a second. Aliases count once here (the builder
    counts them expanded); a syntax error is left to the full parse, which words it."""
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is None:
        return
    parser = fast(text)
    open_: list[list] = []  # per open collection: [is a mapping, nodes seen in it]
    count = 0
    try:
        while parser.check_event():
            event = parser.get_event()
            if isinstance(event, _VALUE_EVENTS):
                inside = open_[-1] if open_ else None
                if inside is not None:
                    inside[1] += 1
                if inside is None or not inside[0] or inside[1] % 2 == 0:  # not a mapping's key
                    count += 1
                    if count > MAX_NODES:
                        raise _Limit(event.start_mark, f"more than {MAX_NODES} values once aliases are expanded")
                if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                    open_.append([isinstance(event, yaml.MappingStartEvent), 0])
            elif isinstance(event, _END_EVENTS) and open_:
                open_.pop()
    except yaml.YAMLError:
        return
    finally:
        parser.dispose()


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
    for m in LINE_BREAK.finditer(text, 0, max(index, 0)):
        line, start = line + 1, m.end()
    return line, index - start + 1


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(TAG) if tag.startswith(TAG) else tag


def _pos(file: str, mark: _Mark | None) -> Pos:
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
    if context and e.problem and cmark and mark and (cmark.line, cmark.column) != (mark.line, mark.column):
        if context.endswith("; first occurrence"):
            problem = f"{context.removesuffix('; first occurrence')}"
            context = "first"
        problem += f" ({context} at line {cmark.line + 1}, column {cmark.column + 1})"
    return Diagnostic(_pos(file, mark), problem)


class _Builder:
    """Builds LDict/LList/LStr from PyYAML's node graph, expanding aliases under caps."""

    def __init__(self, file: str, text: str):
        self.file = file
        self.lines = LINE_BREAK.split(text)
        self.count = 0
        self.chars = 0  # characters of every text built, each alias counted again
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
            return self.mapping(cast(MappingNode, node), depth)  # PyYAML composes scalars, sequences and mappings only
        finally:
            self.active.discard(id(node))

    def sequence(self, node: SequenceNode, depth: int) -> LList:
        if node.tag != TAG + "seq":
            raise _Limit(node.start_mark, f"unsupported tag {_short(node.tag)!r}")
        out = LList(pos=_pos(self.file, node.start_mark))
        for item in node.value:
            out.item_pos.append(_pos(self.file, item.start_mark))
            out.append(self.build(item, depth + 1))
        return out

    def mapping(self, node: MappingNode, depth: int) -> LDict:
        if node.tag != TAG + "map":
            raise _Limit(node.start_mark, f"unsupported tag {_short(node.tag)!r}")
        out = LDict(pos=_pos(self.file, node.start_mark))
        merges: list[tuple[Node, object]] = []
        for key_node, value_node in node.value:
            if key_node.tag == TAG + "merge":
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
        self.chars += len(node.value)
        if self.chars > MAX_CHARS:
            raise _Limit(node.start_mark, f"more than {MAX_CHARS:,} characters of text once aliases are expanded")
        tag = node.tag.removeprefix(TAG)
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
        text_map: TextMap
        if style == "|":
            text_map = self._block_map(value, start.line + 1)
        elif style in ("'", '"') and start.line == end.line:
            text_map = OffsetMap(start.line, start.column + 1)
        elif style is None and start.line == end.line:
            text_map = OffsetMap(start.line, start.column)
        else:
            text_map = self._segment_map(node)
        line, col = text_map.at(value, 0, 0, 0)
        if not value:  # nothing to point into: point at the scalar itself
            line, col = start.line, start.column
        return LStr(value, Pos(self.file, line + 1, col + 1), text_map)

    def _block_map(self, value: str, first: int) -> BlockMap:
        """Indent of a literal block = leading spaces in the file minus those in the text."""
        for i, text_line in enumerate(value.split("\n")):
            if text_line.strip() and first + i < len(self.lines):
                file_line = self.lines[first + i]
                lead_file = len(file_line) - len(file_line.lstrip(" "))
                lead_text = len(text_line) - len(text_line.lstrip(" "))
                return BlockMap(first, max(lead_file - lead_text, 0))
        return BlockMap(first, 0)

    def _segment_map(self, node: ScalarNode) -> SegmentMap:
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
        return SegmentMap(segments, first)


