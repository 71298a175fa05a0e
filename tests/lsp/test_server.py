"""`fuba lsp` end to end: a real client starts `python -m fuba_rules lsp` over stdio.

A modder who opens a mod sees the errors `fuba check` would print, at the same places,
and sees them change as they type (before saving); completion and hover read the
resolved edition.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from fuba_rules import cli

REPO = Path(__file__).resolve().parents[2]
EDITIONS = REPO / "editions"
WAIT = 300  # seconds: a first check of a large edition on a loaded machine

MOD = """\
schema_version: 1
id: sharp
title: "Sharp shooting"
extends: 2024-draft

skills:
  "Sharp shooter":
    ref: "mod"
    group: forward
    cost: 1
    doc: "+1 to a goal attempt."
    timing: "When the team announces a goal attempt."
    at: goal_atempt_announced
    when: owner == phasing
    do: |
      set goal_mod += 1
  "Quick counter":
    ref: "mod"
    group: midfielder
    cost: 1
    doc: "One more action after winning the ball in the own half."
    timing: "At the end of a successful pressing action."
    at: pressing_done
    when: owner == team and won and ball.area != "centre" and partly_in_half(ball.area, ownr)
    do: |
      set actions += 1
"""


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "fuba_rules", "lsp"],
        server_env={**os.environ, "FUBA_EDITIONS": str(EDITIONS)},
    )
)
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def fuba_check(path: Path, capsys, monkeypatch) -> set[tuple[int, int, str, str]]:
    """(line, col, severity, message) of each problem `fuba check PATH` prints for PATH."""
    monkeypatch.setenv("FUBA_EDITIONS", str(EDITIONS))
    capsys.readouterr()
    cli.main(["check", str(path)])
    found = set()
    for line in capsys.readouterr().err.splitlines():
        m = re.match(r"(.*):(\d+):(\d+): (error|warning): (.*)", line)
        if m and os.path.realpath(m.group(1)) == os.path.realpath(path):
            found.add((int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)))
    return found


def shown(diagnostics) -> set[tuple[int, int, str, str]]:
    """LSP diagnostics in `fuba check`'s terms (1-based positions)."""
    severity = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning"}
    return {(d.range.start.line + 1, d.range.start.character + 1, severity[d.severity], d.message) for d in diagnostics}


async def diagnostics_for(client: LanguageClient, uri: str, version: int | None = None):
    """Wait until the server publishes diagnostics for `uri` (for `version` of it, if given)."""

    async def wait():
        while True:
            params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
            if params.uri == uri and version in (None, params.version):
                return params.diagnostics

    return await asyncio.wait_for(wait(), WAIT)


def open_file(client: LanguageClient, path: Path, text: str) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "yaml", 1, text)))
    return uri


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    for number, line in enumerate(text.splitlines()):
        if needle in line:
            return types.Position(number, line.index(needle) + offset)
    raise AssertionError(needle)


@pytest.mark.asyncio
async def test_a_mod_gets_the_errors_of_fuba_check_and_they_follow_the_buffer(client, tmp_path, capsys, monkeypatch):
    mod = tmp_path / "sharp.yaml"
    mod.write_text(MOD)
    uri = open_file(client, mod, MOD)

    opened = shown(await diagnostics_for(client, uri, 1))
    assert opened == fuba_check(mod, capsys, monkeypatch)
    messages = {message for *_, message in opened}
    assert "skill 'Sharp shooter' waits on unknown trigger 'goal_atempt_announced' (did you mean 'goal_attempt_announced'?)" in messages
    assert "unknown name 'ownr' (did you mean 'owner'?)" in messages

    # The modder types a wrong parent, and does not save: the buffer is what is checked.
    edited = MOD.replace("extends: 2024-draft", "extends: 2024-drft")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            [types.TextDocumentContentChangeWholeDocument(text=edited)],
        )
    )
    changed = shown(await diagnostics_for(client, uri, 2))
    assert changed == {(4, 10, "error", "unknown edition '2024-drft' (did you mean '2024-draft'?)")}
    mod.write_text(edited)
    assert changed == fuba_check(mod, capsys, monkeypatch)


@pytest.mark.asyncio
async def test_completion_and_hover_read_the_resolved_edition(client, tmp_path):
    mod = tmp_path / "sharp.yaml"
    mod.write_text(MOD)
    uri = open_file(client, mod, MOD)
    await diagnostics_for(client, uri, 1)
    document = types.TextDocumentIdentifier(uri)

    after_at = await client.text_document_completion_async(
        types.CompletionParams(document, position_of(MOD, "at: goal_atempt", len("at: goal")))
    )
    triggers = {item.label for item in after_at.items}
    assert {"goal_attempt_announced", "pressing_done"} <= triggers
    assert all(item.detail.startswith("trigger") for item in after_at.items)

    in_quotes = await client.text_document_completion_async(
        types.CompletionParams(document, position_of(MOD, '"centre"', len('"ce')))
    )
    areas = {item.label for item in in_quotes.items if item.detail.startswith("area")}
    assert {"centre", "home_front", "away_penalty"} <= areas

    hover = await client.text_document_hover_async(
        types.HoverParams(document, position_of(MOD, "at: pressing_done", len("at: pre")))
    )
    assert hover.contents.value.splitlines()[0] == "**trigger** `pressing_done(team, won)`"
    assert "after a pressing action" in hover.contents.value
    assert "chapter 4.6 · defined in 2024-draft (editions/2024-draft/actions.yaml:" in hover.contents.value

    where = await client.text_document_definition_async(
        types.DefinitionParams(document, position_of(MOD, "at: pressing_done", len("at: pre")))
    )
    assert where.uri == (EDITIONS / "2024-draft" / "actions.yaml").as_uri()


@pytest.mark.asyncio
async def test_an_unsaved_change_to_the_parent_edition_rechecks_an_open_mod(client, tmp_path):
    root = tmp_path / "editions"
    shutil.copytree(EDITIONS, root)
    mod = root / "mods" / "long-range-shooting.yaml"
    mod_uri = open_file(client, mod, mod.read_text())
    assert list(await diagnostics_for(client, mod_uri, 1)) == []

    state = root / "2024-draft" / "state.yaml"
    state_uri = open_file(client, state, state.read_text())
    await diagnostics_for(client, state_uri, 1)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=state_uri, version=2),
            [types.TextDocumentContentChangeWholeDocument(text=state.read_text().replace("  ball.area:", "  ball.aera:"))],
        )
    )
    notes = await diagnostics_for(client, mod_uri)
    assert len(notes) == 1 and notes[0].severity == types.DiagnosticSeverity.Information
    assert notes[0].message.startswith("the edition this file belongs to has ")
    assert "unknown name 'ball.area' (did you mean 'ball.aera'?)" in notes[0].message
