"""`fuba schema`: print the JSON Schema of edition (or team) files, or where it is installed."""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path

from fuba_rules.cli import arg, subcommand
from fuba_rules.resources import schema_text

SCHEMAS = {"edition": "edition.schema.json", "team": "team.schema.json"}


def schema_path(kind: str = "edition") -> Path:
    """The installed schema file (inside the package, a checkout's fuba_rules/schema/)."""
    return Path(str(resources.files("fuba_rules").joinpath("schema", SCHEMAS[kind]))).resolve()


@subcommand(
    "schema",
    "print the JSON Schema of edition files (--path: where it is installed)",
    arg("kind", nargs="?", choices=sorted(SCHEMAS), default="edition", help="which files: edition (default) or team"),
    arg("--path", action="store_true", help="print the schema file's location instead of its text"),
)
def cmd_schema(args: argparse.Namespace) -> int:
    """Print the JSON Schema that edition and mod files follow, or with --path its
    location, to point an editor's YAML support at it (docs/editor.md):

      "yaml.schemas": {"/path/printed/by/fuba/schema/--path": ["editions/**/*.yaml", "my-mods/*.yaml"]}

    examples:
      fuba schema --path
      fuba schema team --path
      fuba schema > edition.schema.json
    """
    if args.path:
        print(schema_path(args.kind))
    else:
        print(schema_text(SCHEMAS[args.kind]), end="")
    return 0
