"""Text to nodes. Positions inside an effect string become positions in the YAML file.

The caller passes `locate(line0, col0) -> Pos`, which maps a 0-based line and column of
the effect text to the file (the YAML loader's `LStr.locate` does this), so a syntax
error in line 3 of a `do: |` block is reported at the right line of the edition.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError, Indenter
from lark.tree import Meta

from ..diagnostics import Diagnostic, FubaError, Pos
from ..limits import MAX_BLOCK_NESTING as MAX_BLOCKS
from ..limits import MAX_RULE_NESTING as MAX_NESTING
from ..limits import MAX_RULE_TEXT as MAX_TEXT
from ..resources import grammar_text
from . import nodes as n

Locate = Callable[[int, int], Pos]
Children = list[Any]
"""What lark hands a tree callback: its rule's children (tokens, nodes, or what the
callbacks below return for sub-rules), whose kinds and order the grammar rule fixes."""


class _DedentAt(Exception):
    """The indentation of a line matches no enclosing block."""

    def __init__(self, line: int, col: int):
        super().__init__(line, col)
        self.line, self.col = line, col


class _Indenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]  # noqa: RUF012 - lark's Indenter declares them lists
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]  # noqa: RUF012
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def handle_NL(self, token: Token) -> Iterator[Token]:
        try:
            yield from super().handle_NL(token)
        except DedentError:
            indent = token.rsplit("\n", 1)[1]
            raise _DedentAt((token.end_line or 1), len(indent) + 1) from None


class _DropNewlines:
    """An expression may span lines (YAML's folded style keeps some breaks): drop them."""

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return (t for t in stream if t.type != "_NL")


@lru_cache(maxsize=2)
def _lark(start: str) -> Lark:
    return Lark(
        grammar_text(),
        parser="lalr",
        postlex=_Indenter() if start == "start_block" else _DropNewlines(),
        start=start,
        propagate_positions=True,
        maybe_placeholders=True,
    )


def default_locate(file: str, line: int = 1, col: int = 1) -> Locate:
    """Positions for text that does not come from a YAML string (tests, the REPL)."""
    return lambda l0, c0: Pos(file, line + l0, (col + c0) if l0 == 0 else c0 + 1)


def parse_block(text: str, locate: Locate) -> list[n.Node]:
    """Parse a `do:` text into statements."""
    return _parse(text, locate, "start_block")


def parse_expr(text: str, locate: Locate) -> n.Node:
    """Parse a `when:`, `expr:` or `value:` text into one expression (it may span lines)."""
    if not text.strip():
        raise FubaError(Diagnostic(locate(0, 0), "expected an expression, got empty text"))
    return _parse(text, locate, "start_expr")[0]


def _parse(text: str, locate: Locate, start: str) -> list[n.Node]:
    if len(text) > MAX_TEXT:
        raise FubaError(Diagnostic(locate(0, 0), f"effect text is longer than {MAX_TEXT} characters"))
    source = text.expandtabs(8) if "\t" in text else text
    if start == "start_block" and not source.endswith("\n"):
        source += "\n"
    try:
        tree = _lark(start).parse(source)
        nodes = _Builder(locate).transform(tree).children_nodes
    except UnexpectedInput as e:
        raise FubaError(Diagnostic(_error_pos(e, locate, source), _message(e, source))) from None
    except _DedentAt as e:
        raise FubaError(Diagnostic(locate(e.line - 1, e.col - 1), "unexpected dedent: the indentation matches no enclosing block")) from None
    except RecursionError:
        raise FubaError(Diagnostic(locate(0, 0), f"rule text nests too deeply (more than {MAX_NESTING} levels)")) from None
    except LarkError as e:
        inner = getattr(e, "orig_exc", e)
        if _interrupted(e):
            raise KeyboardInterrupt from None
        if isinstance(inner, FubaError):
            raise inner from None
        if isinstance(inner, RecursionError):
            raise FubaError(Diagnostic(locate(0, 0), f"rule text nests too deeply (more than {MAX_NESTING} levels)")) from None
        if isinstance(inner, (TypeError, AttributeError, AssertionError)):  # a bug in fuba (or an
            raise inner from e  # interrupted tree walk), never a fault of the rule text
        raise FubaError(Diagnostic(locate(0, 0), f"syntax error: {inner}")) from None
    if n.depth(nodes) > MAX_NESTING:
        raise FubaError(Diagnostic(locate(0, 0), f"rule text nests too deeply (more than {MAX_NESTING} levels)"))
    if n.depth(nodes, n.BLOCKS) > MAX_BLOCKS:
        raise FubaError(Diagnostic(locate(0, 0), f"rule text nests its blocks too deeply (more than {MAX_BLOCKS} levels of if, for, while, repeat, scope or choose)"))
    return nodes


def _interrupted(error: BaseException) -> bool:
    """Whether an interrupt (Ctrl-C) lies behind `error`: lark wraps what a tree callback
    raises, and Python wraps what `__set_name__` raises, so an interrupt can arrive
    dressed as another error. It must stop the program, never read as a rule error."""
    seen: set[int] = set()
    stack: list[BaseException | None] = [error]
    while stack:
        e = stack.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, KeyboardInterrupt):
            return True
        stack += [e.__cause__, e.__context__, getattr(e, "orig_exc", None)]
    return False


class _Result:
    def __init__(self, children_nodes: list[n.Node]):
        self.children_nodes = children_nodes


def _error_pos(e: UnexpectedInput, locate: Locate, source: str) -> Pos:
    line, col = getattr(e, "line", -1), getattr(e, "column", -1)
    at_end = isinstance(e, UnexpectedToken) and e.token.type == "$END"
    if at_end or not line or line < 1:  # the end of the text: point just after its last character
        body = source.rstrip("\n")
        line = body.count("\n") + 1
        col = len(body.rsplit("\n", 1)[-1]) + 1
    return locate(line - 1, max(col, 1) - 1)


_TOKEN_WORDS = {
    "_NL": "end of line", "$END": "end of text", "_INDENT": "indented block", "_DEDENT": "end of block",
    "NAME": "a name", "NUMBER": "a number", "STRING": "a string",
}


@lru_cache(maxsize=1)
def _literals() -> dict[str, str]:
    """Terminal name -> how a modder writes it, e.g. __ANON_3 -> '+='."""
    out = {}
    for lark in (_lark("start_block"),):
        for t in lark.terminals:
            pattern = t.pattern
            if type(pattern).__name__ == "PatternStr":
                out[t.name] = repr(pattern.value)
    return out


def _word(name: str) -> str:
    return _TOKEN_WORDS.get(name) or _literals().get(name) or name.lower()


_OPERATORS = {"'!='", "'%'", "'*'", "'+'", "'-'", "'..'", "'//'", "'<'", "'<='", "'=='", "'>'", "'>='", "'and'", "'or'", "'in'", "'not'", "'if'"}
_EXPRESSION_START = {"'('", "'-'", "'['", "'false'", "'none'", "'true'", "'{'", "'not'", "a name", "a number", "a string"}


def _grouped(words: set[str]) -> list[str]:
    """Say "an expression" or "an operator" rather than listing a dozen tokens."""
    out = set(words)
    if len(out & _EXPRESSION_START) >= 6:
        out = (out - _EXPRESSION_START) | {"an expression"}
    if len(out & _OPERATORS) >= 6:
        out = (out - _OPERATORS) | {"an operator"}
    return sorted(out, key=lambda w: (w.startswith("'"), w))


def _message(e: UnexpectedInput, source: str) -> str:
    if isinstance(e, UnexpectedCharacters):
        at = e.pos_in_stream
        ch = source[at] if at is not None and at < len(source) else "?"
        return f"syntax error: unexpected character {ch!r}"
    if isinstance(e, UnexpectedToken):
        tok = e.token
        if tok.type in ("$END", "_NL", "_INDENT", "_DEDENT"):
            got = _TOKEN_WORDS[tok.type]
        elif tok.type in ("NAME", "NUMBER", "STRING"):
            got = f"{tok.type.lower()} {str(tok)!r}"
        else:
            got = repr(str(tok))
        accepted = getattr(e, "accepts", None) or e.expected
        expected = _grouped({_word(t) for t in accepted if t not in ("_INDENT", "_DEDENT")})
        shown = expected if len(expected) <= 8 else expected[:8] + ["..."]
        hint = f"; expected {', '.join(shown)}" if shown else ""
        return f"syntax error: unexpected {got}{hint}"
    return "syntax error: unexpected end of text"


def _closing_brace(text: str, start: int) -> int:
    """Index of the `}` closing the `{` at start, skipping nested braces and quoted text."""
    level, i, quote = 0, start, ""
    while i < len(text):
        c = text[i]
        if quote:
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "{":
            level += 1
        elif c == "}":
            level -= 1
            if level == 0:
                return i
        i += 1
    return -1


class _Builder(Transformer[Token, _Result]):
    """Turns lark's tree into `nodes`, attaching file positions."""

    def __init__(self, locate: Locate):
        super().__init__()
        self._locate = locate

    def _pos(self, item: object) -> Pos:
        if isinstance(item, Token):
            return self._locate((item.line or 1) - 1, (item.column or 1) - 1)
        if isinstance(item, n.Node):
            return item.pos
        meta = getattr(item, "meta", None)
        if meta is not None and not meta.empty:
            return self._locate(meta.line - 1, meta.column - 1)
        return self._locate(0, 0)

    def _meta_pos(self, meta: Meta | None) -> Pos:
        if meta is None or meta.empty:
            return self._locate(0, 0)
        return self._locate(meta.line - 1, meta.column - 1)

    # ---- entry points
    def start_block(self, items: Children) -> _Result:
        return _Result([i for i in items if isinstance(i, n.Node)])

    def start_expr(self, items: Children) -> _Result:
        return _Result([i for i in items if isinstance(i, n.Node)])

    # ---- literals and names
    def number(self, items: Children) -> n.Const:
        return n.Const(self._pos(items[0]), int(items[0]))

    def string(self, items: Children) -> n.Node:
        tok = items[0]
        value = ast.literal_eval(str(tok)) if "\\" in tok else str(tok)[1:-1]
        if "{" not in value:
            return n.Const(self._pos(tok), value)
        return self._template(tok, value)

    def _template(self, tok: Token, value: str) -> n.Node:
        parts: list[str | n.Node] = []
        i, buf = 0, ""
        line0, col0 = (tok.line or 1) - 1, (tok.column or 1)  # col0: first char inside the quote
        while i < len(value):
            c = value[i]
            if c == "{" and value.startswith("{{", i):
                buf, i = buf + "{", i + 2
            elif c == "}" and value.startswith("}}", i):
                buf, i = buf + "}", i + 2
            elif c == "{":
                end = _closing_brace(value, i)
                if end < 0:
                    raise FubaError(Diagnostic(self._locate(line0, col0 + i), "unclosed '{' in text"))
                if buf:
                    parts.append(buf)
                    buf = ""
                offset = col0 + i + 1
                inner = value[i + 1 : end]
                parts.append(parse_expr(inner, self._shifted(line0, offset)))
                i = end + 1
            else:
                buf, i = buf + c, i + 1
        if buf:
            parts.append(buf)
        return n.Template(self._pos(tok), parts)

    def _shifted(self, line0: int, offset: int) -> Locate:
        """Positions of a `{expr}` inside a string, which starts at (line0, offset)."""
        return lambda l0, c0: self._locate(line0, offset + c0)

    @v_args(meta=True)
    def true(self, meta: Meta, items: Children) -> n.Const:
        return n.Const(self._meta_pos(meta), True)

    @v_args(meta=True)
    def false(self, meta: Meta, items: Children) -> n.Const:
        return n.Const(self._meta_pos(meta), False)

    @v_args(meta=True)
    def none(self, meta: Meta, items: Children) -> n.Const:
        return n.Const(self._meta_pos(meta), None)

    def dotted(self, items: Children) -> tuple[tuple[str, ...], Pos]:
        return (tuple(str(t) for t in items), self._pos(items[0]))

    def name(self, items: Children) -> n.Name:
        parts, pos = items[0]
        return n.Name(pos, parts)

    @v_args(meta=True)
    def list_(self, meta: Meta, items: Children) -> n.ListLit:
        return n.ListLit(self._meta_pos(meta), [i for i in items if i is not None])

    def comprehension(self, items: Children) -> n.Comprehension:
        return n.Comprehension(items[0].pos, items[0], list(items[1:]))

    def comp_for(self, items: Children) -> tuple[str, n.Node, n.Node | None]:
        return (str(items[0]), items[1], items[2])

    @v_args(meta=True)
    def record(self, meta: Meta, items: Children) -> n.Record:
        fields = [i for i in items if i is not None]
        return n.Record(self._meta_pos(meta), {k: v for k, v, _ in fields})

    def field(self, items: Children) -> tuple[str, n.Node, Pos]:
        return (str(items[0]), items[1], self._pos(items[0]))

    # ---- calls
    def call(self, items: Children) -> n.Call:
        (parts, pos), (args, kwargs) = items
        return n.Call(pos, ".".join(parts), args, kwargs)

    def call_args(self, items: Children) -> tuple[list[n.Node], dict[str, n.Node]]:
        args, kwargs = [], {}
        for a in items:
            if a is None:
                continue
            if isinstance(a, tuple):
                name, value, pos = a
                if name in kwargs:
                    raise FubaError(Diagnostic(pos, f"keyword '{name}' given twice"))
                kwargs[name] = value
            else:
                if kwargs:
                    raise FubaError(Diagnostic(a.pos, "a positional argument cannot follow a keyword argument"))
                args.append(a)
        return (args, kwargs)

    def kwarg(self, items: Children) -> tuple[str, n.Node, Pos]:
        return (str(items[0]), items[1], self._pos(items[0]))

    # ---- operators
    def subscript(self, items: Children) -> n.Subscript:
        return n.Subscript(items[0].pos, items[0], items[1])

    def neg(self, items: Children) -> n.Unary:
        return n.Unary(items[0].pos, "-", items[0])

    def not_(self, items: Children) -> n.Unary:
        return n.Unary(items[0].pos, "not", items[0])

    def _chain(self, items: Children, op: str | None = None) -> n.Node:
        node: n.Node = items[0]
        i = 1
        while i < len(items):
            if op is None:
                o, rhs = items[i], items[i + 1]
                i += 2
            else:
                o, rhs = op, items[i]
                i += 1
            node = n.BinOp(node.pos, o, node, rhs)
        return node

    def or_expr(self, items: Children) -> n.Node:
        return self._chain(items, "or")

    def and_expr(self, items: Children) -> n.Node:
        return self._chain(items, "and")

    def sum_expr(self, items: Children) -> n.Node:
        return self._chain(items)

    def product(self, items: Children) -> n.Node:
        return self._chain(items)

    def add_op(self, items: Children) -> str:
        return str(items[0])

    def mul_op(self, items: Children) -> str:
        return str(items[0])

    def comp_op(self, items: Children) -> str:
        return " ".join(str(t) for t in items)

    def assign_op(self, items: Children) -> str:
        return str(items[0])

    def comparison(self, items: Children) -> n.Compare:
        rest = [(items[i], items[i + 1]) for i in range(1, len(items), 2)]
        return n.Compare(items[0].pos, items[0], rest)

    def range_(self, items: Children) -> n.Range:
        return n.Range(items[0].pos, items[0], items[1])

    def ternary(self, items: Children) -> n.Ternary:
        then, cond, other = items
        return n.Ternary(then.pos, cond, then, other)

    # ---- statements
    def suite(self, items: Children) -> list[n.Node]:
        return [i for i in items if isinstance(i, n.Node)]

    def let_stmt(self, items: Children) -> n.Let:
        return n.Let(self._pos(items[0]), str(items[0]), items[1])

    def target(self, items: Children) -> tuple[n.Name, list[n.Node]]:
        (parts, pos), *indices = items
        return (n.Name(pos, parts), indices)

    def index(self, items: Children) -> n.Node:
        index: n.Node = items[0]
        return index

    def set_stmt(self, items: Children) -> n.Set:
        (target, indices), op, value = items
        return n.Set(target.pos, target, indices, op, value)

    def expr_stmt(self, items: Children) -> n.ExprStmt:
        return n.ExprStmt(items[0].pos, items[0])

    def leave_stmt(self, items: Children) -> n.Leave:
        return n.Leave(self._pos(items[0]), str(items[0]))

    def return_stmt(self, items: Children) -> n.Return:
        value = items[0] if items else None
        return n.Return(value.pos if value else self._locate(0, 0), value)

    def trigger_stmt(self, items: Children) -> n.Trigger:
        name, args = items
        kwargs: dict[str, n.Node] = {}
        if args is not None:
            positional, kwargs = args
            if positional:
                raise FubaError(Diagnostic(positional[0].pos, "trigger arguments must be named, e.g. trigger x(area=t)"))
        return n.Trigger(self._pos(name), str(name), kwargs)

    def apply_stmt(self, items: Children) -> n.Apply:
        return n.Apply(items[0].pos, items[0])

    @v_args(meta=True)
    def pass_stmt(self, meta: Meta, items: Children) -> n.Pass:
        return n.Pass(self._meta_pos(meta))

    def if_stmt(self, items: Children) -> n.If:
        cond, body, *rest = items
        branches = [(cond, body)]
        orelse: list[n.Node] = []
        for r in rest:
            if r is None:
                continue
            kind, payload = r
            if kind == "elif":
                branches.append(payload)
            else:
                orelse = payload
        return n.If(cond.pos, branches, orelse)

    def elif_clause(self, items: Children) -> tuple[str, tuple[n.Node, list[n.Node]]]:
        return ("elif", (items[0], items[1]))

    def else_clause(self, items: Children) -> tuple[str, list[n.Node]]:
        return ("else", items[0])

    def repeat_stmt(self, items: Children) -> n.Repeat:
        return n.Repeat(items[0].pos, items[0], items[1])

    def for_stmt(self, items: Children) -> n.For:
        return n.For(self._pos(items[0]), str(items[0]), items[1], items[2])

    def while_stmt(self, items: Children) -> n.While:
        return n.While(items[0].pos, items[0], items[1])

    def scope_stmt(self, items: Children) -> n.Scope:
        return n.Scope(self._pos(items[0]), str(items[0]), items[1])

    def choose_stmt(self, items: Children) -> n.Choose:
        team, label, *options = items
        return n.Choose(team.pos, team, ast.literal_eval(str(label)), [o for o in options if o is not None])

    def option(self, items: Children) -> n.Option:
        label, guard, prefer, body = items
        return n.Option(self._pos(label), ast.literal_eval(str(label)), guard, prefer, body)
