"""Optional libraries of the `workbench` extra, imported only when a command needs them."""

from __future__ import annotations

import importlib
from types import ModuleType

from ..diagnostics import Diagnostic, FubaError


def need(module: str) -> ModuleType:
    """Import `module`, or fail with the install command instead of a traceback."""
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        raise FubaError(Diagnostic(None, f"this command needs {top}: pip install 'fuba-rules[workbench]'")) from None
