"""The pygls wiring: documents in, diagnostics, completions, hovers and definitions out.

Checking an edition takes a second or more, so each change waits `DEBOUNCE` seconds
for the next keystroke and then runs the checker in one worker thread, off the event
loop: completion and hover answer at once from the last check's names.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from fuba_rules.diagnostics import Diagnostic, Pos
from fuba_rules.lsp import analysis, completion, framing, navigation
from fuba_rules.lsp.analysis import Analysis, real
from fuba_rules.lsp.names import Names

DEBOUNCE = 0.3
"""Seconds of quiet after a change before the file is checked again."""
_KINDS = {
    "trigger": types.CompletionItemKind.Event,
    "edition": types.CompletionItemKind.Module,
    "state": types.CompletionItemKind.Variable,
    "parameter": types.CompletionItemKind.Variable,
    "constant": types.CompletionItemKind.Constant,
    "team": types.CompletionItemKind.Constant,
    "area": types.CompletionItemKind.EnumMember,
    "table": types.CompletionItemKind.Struct,
    "function": types.CompletionItemKind.Function,
    "procedure": types.CompletionItemKind.Method,
    "primitive": types.CompletionItemKind.Function,
    "special form": types.CompletionItemKind.Keyword,
}


class FubaServer(LanguageServer):
    """Remembers each open file's last check and schedules the next one."""

    def __init__(self, root: Path | None):
        try:
            own_version = version("fuba-rules")
        except PackageNotFoundError:
            own_version = "0"
        super().__init__("fuba", own_version, protocol_cls=framing.FubaProtocol)
        self.root = root
        self.checked: dict[str, Analysis] = {}
        self.names: dict[str, Names] = {}
        """The last names each file could see: kept while a later edit breaks the edition."""
        self.pending: dict[str, asyncio.Task] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fuba-check")

    def start_io(self, stdin=None, stdout=None) -> None:
        """Speak LSP over stdio with `framing`'s reader: a bad frame is answered, never fatal."""
        from pygls.io_ import StdoutWriter

        self._stop_event = threading.Event()
        protocol = self.protocol
        assert isinstance(protocol, framing.FubaProtocol)  # protocol_cls, in __init__
        protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        try:
            asyncio.run(framing.run(self._stop_event, stdin or sys.stdin.buffer, protocol))
        except BrokenPipeError:
            pass  # the editor went away
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    def report_server_error(self, error: Exception, source) -> None:
        """A notification that failed (a reply to a request carries its own error): said in
        words, with no Python message, and the server goes on."""
        from pygls.exceptions import FeatureRequestError

        if source is FeatureRequestError:
            return
        kind = type(error).__name__
        if isinstance(error, JsonRpcException):  # pygls wraps the handler's exception: name the original
            kind = (error.message or kind).split(":", 1)[0].strip()
        self.window_show_message(types.ShowMessageParams(types.MessageType.Error, f"fuba: a notification could not be handled ({kind}); the server goes on"))

    def document(self, uri: str):
        """The open document `uri`, or None: a request about a file never opened reads no disk."""
        return self.workspace.text_documents.get(uri)

    def schedule(self, uri: str, delay: float = DEBOUNCE) -> None:
        """Check `uri` after `delay` seconds, replacing a check not yet started."""
        if (old := self.pending.pop(uri, None)) is not None:
            old.cancel()
        self.pending[uri] = asyncio.ensure_future(self._check_later(uri, delay))

    async def _check_later(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        doc = self.document(uri)
        if doc is None or not doc.path:
            return  # closed, or an unsaved new buffer: no folder to find its edition from
        wanted = doc.version
        texts = {d.path: d.source for d in self.workspace.text_documents.values() if d.path}

        def job() -> Analysis | None:
            now = self.document(uri)
            if now is None or now.version != wanted:
                return None  # edited again or closed meanwhile: a newer check is scheduled, or none is wanted
            try:
                return analysis.analyse(Path(doc.path), texts, self.root)
            except Exception as e:  # a bug in fuba, not in the file: say so, keep serving
                message = f"fuba: internal error: {type(e).__name__}: {e} (run `fuba check` with FUBA_DEBUG=1 to see where)"
                return Analysis([Diagnostic(None, message)], None)

        result = await asyncio.get_running_loop().run_in_executor(self.worker, job)
        if result is None or doc.version != wanted or uri not in self.workspace.text_documents:
            return  # stale, or the file was closed meanwhile
        self.checked[uri] = result
        if result.names is not None:
            self.names[uri] = result.names
        self.publish(uri, result)

    def publish(self, uri: str, result: Analysis) -> None:
        doc = self.workspace.get_text_document(uri)
        path = Path(doc.path)
        lines = doc.lines
        mine = analysis.diagnostics_of(result, path)
        own = [_lsp_diagnostic(d, lines) for d in mine]
        elsewhere = [d for d in result.diagnostics if d.severity == "error" and d not in mine]
        if elsewhere:
            first = elsewhere[0]
            message = f"the edition this file belongs to has {len(elsewhere)} error(s) in other files, first: {first.format()}"
            own.append(types.Diagnostic(_range(Pos(str(path), 1, 1), lines), message, types.DiagnosticSeverity.Information, source="fuba"))
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=own, version=doc.version))

    def recheck_dependents(self, uri: str) -> None:
        """Open files whose last check read `uri`'s file are checked again too."""
        changed = real(to_fs_path(uri) or "")
        for other, result in list(self.checked.items()):
            if other != uri and changed in result.files and other in self.workspace.text_documents:
                self.schedule(other)


def _range(pos: Pos, lines) -> types.Range:
    """From the position to the end of the word there (at least one character)."""
    line, col = max(pos.line - 1, 0), max(pos.col - 1, 0)
    text = lines[line] if line < len(lines) else ""
    end = col
    while end < len(text) and (text[end].isalnum() or text[end] in "_.-"):
        end += 1
    return types.Range(types.Position(line, col), types.Position(line, max(end, col + 1)))


def _lsp_diagnostic(d: Diagnostic, lines) -> types.Diagnostic:
    severity = types.DiagnosticSeverity.Warning if d.severity == "warning" else types.DiagnosticSeverity.Error
    where = d.pos if d.pos is not None else Pos("", 1, 1)
    return types.Diagnostic(_range(where, lines), d.message, severity, source="fuba")


def _items(offer: completion.Offer, line: int, col: int) -> list[types.CompletionItem]:
    replace = types.Range(types.Position(line, offer.start), types.Position(line, col))
    items = []
    for e in offer.entries:
        text, fmt = e.name, types.InsertTextFormat.PlainText
        if offer.snippets and e.kind in ("function", "procedure", "primitive"):
            text = f"{e.name}(" + ", ".join(f"${{{i}:{p}}}" for i, p in enumerate(e.params, 1)) + ")"
            fmt = types.InsertTextFormat.Snippet
        detail = f"{e.kind} {e.signature}" + (f" · {e.origin}" if e.origin else "")
        items.append(
            types.CompletionItem(
                label=e.name,
                kind=_KINDS.get(e.kind, types.CompletionItemKind.Value),
                detail=detail,
                documentation=types.MarkupContent(types.MarkupKind.Markdown, navigation.hover_text(e)),
                text_edit=types.TextEdit(replace, text),
                insert_text_format=fmt,
            )
        )
    return items


def make_server(root: Path | None) -> FubaServer:
    """A server checking files under `root` (None: found as `fuba check` finds it)."""
    server = FubaServer(root)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: FubaServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: FubaServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)
        ls.recheck_dependents(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: FubaServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.recheck_dependents(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: FubaServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        if (task := ls.pending.pop(uri, None)) is not None:
            task.cancel()
        ls.checked.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=[" ", ".", '"', "(", "-"]),
    )
    def complete(ls: FubaServer, params: types.CompletionParams) -> types.CompletionList:
        uri, at = params.text_document.uri, params.position
        names = ls.names.get(uri)
        doc = ls.document(uri)
        lines = [line.rstrip("\r\n") for line in doc.lines] if doc is not None else []
        found = completion.offer(names, lines, at.line, at.character) if names else None
        items = _items(found, at.line, at.character) if found else []
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: FubaServer, params: types.HoverParams) -> types.Hover | None:
        names = ls.names.get(params.text_document.uri)
        doc = ls.document(params.text_document.uri)
        line = doc.lines[params.position.line] if doc is not None and params.position.line < len(doc.lines) else ""
        entry = navigation.entry_at(names, line, params.position.character) if names else None
        if entry is None:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, navigation.hover_text(entry)))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: FubaServer, params: types.DefinitionParams) -> types.Location | None:
        doc = ls.document(params.text_document.uri)
        names = ls.names.get(params.text_document.uri)
        if doc is None or not doc.path:
            return None  # a file never opened, or an unsaved buffer: nothing to go to
        lines = [line.rstrip("\r\n") for line in doc.lines]
        pos = navigation.definition(names, Path(doc.path), lines, params.position.line, params.position.character)
        if pos is None:
            return None
        uri = from_fs_path(os.path.abspath(pos.file))
        start = types.Position(pos.line - 1, pos.col - 1)
        return types.Location(uri, types.Range(start, start))

    return server


def serve(root: Path | None) -> None:
    """Speak LSP over stdin and stdout until the client says exit."""
    make_server(root).start_io()
