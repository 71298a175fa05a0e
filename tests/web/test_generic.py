"""The front end knows no edition: no string in the page's code names an edition, a skill,
a rule or a declared state value. The words it may use are the kernel's: lanes, teams and
the keys of the `match:` config (score, clock, ...)."""

import re
from pathlib import Path

import fuba_rules.web

from webkit import ALL

STATIC = Path(fuba_rules.web.__file__).parent / "static"
LITERAL = re.compile(r'"([^"\n]*)"|\'([^\'\n]*)\'')


def test_no_string_in_the_front_end_names_something_an_edition_declares(library):
    declared: set[str] = set(ALL)
    config_keys: set[str] = set()
    for edition in ALL:
        ed = library.get(edition)
        declared |= set(ed.state) | set(ed.skills) | set(ed.rules) | set(ed.procs) | set(ed.tables)
        config_keys |= set(ed.match)
    declared -= config_keys
    offenders = []
    for path in sorted(STATIC.glob("*.js")) + [STATIC / "index.html"]:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for match in LITERAL.finditer(line):
                text = match.group(1) or match.group(2) or ""
                if text in declared:
                    offenders.append(f"{path.name}:{number}: {text!r}")
    assert not offenders, "\n".join(offenders)
