"""Resource caps on untrusted input, in one place (docs/limits.md explains each).

Mods are shared files, so every size a mod controls is capped: a hostile or careless
mod ends in a positioned error, never in a MemoryError, a hang or a traceback. Caps
that can be checked before playing are checked by `fuba check`; the rest stop a rule
at run time with a rule fault (their numbers live beside the runtime, in
fuba_rules/lang/runtime.py and fuba_rules/engine/match.py).
"""

from __future__ import annotations

# --- reading files (fuba_rules/yamlpos.py and yamlparse.py; cached trees obey them too)
MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest YAML file accepted; the shipped editions are a few hundred KB at most."""
MAX_YAML_DEPTH = 100
"""Deepest nesting of lists and mappings, aliases included."""
MAX_YAML_NODES = 100_000
"""Most values built from one file once aliases are expanded (stops alias bombs)."""
MAX_YAML_CHARS = 8_000_000
"""Characters of text built from one file once aliases are expanded (alias bombs of bytes):
twice what a file without aliases can hold."""

MAX_EXTENDS_DEPTH = 32
"""Editions in one `extends` chain, the edition itself included (the shipped ones are 2 deep)."""

# --- files a command reads (fuba_rules/files.py: regular files only, never a FIFO or a device)
MAX_LOG_BYTES = 256 * 1024 * 1024
"""Largest match log `fuba replay` reads (a whole match logs a few MB; the run caps a log at 200,000 events)."""
MAX_RESULTS_BYTES = 1024 * 1024 * 1024
"""Largest results file `--resume` reads (about 2,000,000 matches)."""
MAX_CSV_BYTES = 64 * 1024 * 1024
"""Largest real-match CSV `--reference` or `--real` reads (a season is about 100 KB)."""

# --- rule text (fuba_rules/lang/parser.py)
MAX_RULE_TEXT = 20_000
"""Characters in one rule text (a `do:`, `when:`, `expr:` ...)."""
MAX_RULE_NESTING = 200
"""Levels of nested expressions and blocks in one rule text."""
MAX_BLOCK_NESTING = 40
"""Levels of nested blocks (`if`, `for`, `while`, `repeat`, `scope`, `choose`) in one rule
text: a rule compiles to Python, which takes at most 100 levels of indentation."""

# --- tables and state (checked by fuba_rules/schema_check.py)
MAX_KEY_SPAN = 1_000
"""Widest range in one table row key ("1-1000")."""
MAX_TABLE_OUTCOMES = 1_000
"""Outcomes a table's domain, or all its row keys together, may stand for (2d6 is 36)."""
MAX_EDITION_OUTCOMES = 100_000
"""Outcomes all the tables of an edition may stand for together."""
MAX_STATE_ENTRIES = 5_000
"""Values one indexed state entry holds: the product of its index sizes ([team, area] is 26)."""
MAX_EDITION_STATE = 50_000
"""Values all the state entries of an edition hold together."""
STANDARD_AREAS = 13
"""Areas assumed for `index: [area]` when the file being checked has no board."""

# --- "did you mean" (fuba_rules/diagnostics.py)
MAX_SUGGESTION_NAME = 64
"""Longer names get no suggestion (comparing long texts is slow and never helps)."""
MAX_SUGGESTION_POOL = 300
"""Candidates compared closely for one suggestion (the nearest in length)."""
MAX_SUGGESTION_WORK = 1_000_000
"""Candidates looked at for all the suggestions of one check; then no more are made."""

# --- work one command line asks for (fuba_rules/cli/_options.py)
MAX_MATCHES = 1_000_000
"""Matches one command plays: -n, -n x (--cup TEAMS - 1), grid points x -n, every pairing of a ladder."""
MAX_CUP_TEAMS = 1_024
"""Teams in one `--cup` bracket."""
MAX_SWEEP_POINTS = 1_000
"""Grid points of one `fuba sweep` (the product of the --set value counts)."""

# --- command-line values (fuba_rules/cli/odds.py)
MAX_NUMBER_DIGITS = 12
"""Digits of a number given on the command line (the rules cap numbers at 10**12)."""
