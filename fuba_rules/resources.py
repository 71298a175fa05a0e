"""Find the files that ship with the package: the effect grammar, the editions, the schema.

The grammar and the editions live at the top of the repository (`grammar/`, `editions/`)
and install as the packages `fuba_rules.grammar` and `fuba_rules.editions` (see
pyproject.toml), which have no `__init__.py`. A wheel puts them inside
`site-packages/fuba_rules/`, where the import system finds them. setuptools' editable
finder cannot find a namespace package nested in a regular one, so an editable install
(and a checkout that was never installed) falls back to the repo folders beside the
package, which is what package-dir maps them to.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


def _shipped_dir(package: str, repo_folder: str) -> Path | None:
    """The folder of a data package: installed in the wheel, else beside the package."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        spec = None
    for location in (spec.submodule_search_locations or []) if spec else []:
        if Path(location).is_dir():
            return Path(location)
    fallback = _REPO / repo_folder
    return fallback if fallback.is_dir() else None


def grammar_folder() -> Path | None:
    """The folder of the grammar files shipped from `grammar/`."""
    return _shipped_dir("fuba_rules.grammar", "grammar")


def grammar_text(name: str = "effects.lark") -> str:
    """The text of a grammar file shipped from `grammar/`."""
    folder = grammar_folder()
    if folder is None or not (folder / name).is_file():
        raise FileNotFoundError(f"grammar file {name!r} is not installed with fuba_rules")
    return (folder / name).read_text(encoding="utf-8")


def schema_text(name: str = "edition.schema.json") -> str:
    """The text of a JSON schema shipped in `fuba_rules/schema/`."""
    from importlib import resources  # only a cold load checks the schema

    return resources.files("fuba_rules").joinpath("schema", name).read_text(encoding="utf-8")


def installed_editions() -> str:
    """The real path of the editions installed with fuba ("" when there are none)."""
    folder = _shipped_dir("fuba_rules.editions", "editions")
    return os.path.realpath(folder) if folder is not None else ""


def default_editions_root() -> Path:
    """Where editions are looked up when no --root is given.

    In order: the FUBA_EDITIONS environment variable, `./editions` if the current
    directory has one (a checkout, or a modder's working folder), then the editions
    installed with the package.
    """
    env = os.environ.get("FUBA_EDITIONS")
    if env:
        return Path(env)
    local = Path("editions")
    if local.is_dir():
        return local
    return _shipped_dir("fuba_rules.editions", "editions") or local
