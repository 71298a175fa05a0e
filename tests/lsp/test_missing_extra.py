"""Without the `lsp` extra, `fuba lsp` says what to install instead of a traceback."""

from __future__ import annotations

import sys

from fuba_rules import cli


def test_fuba_lsp_without_pygls_names_the_extra(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pygls", None)
    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)
    monkeypatch.delitem(sys.modules, "fuba_rules.lsp.server", raising=False)
    assert cli.main(["lsp"]) == 1
    assert capsys.readouterr().err == "fuba: error: fuba lsp needs the lsp extra: pip install 'fuba-rules[lsp]'\n"
