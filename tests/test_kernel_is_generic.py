"""The kernel stays generic: no Python module of the package names a skill, an event or an edition."""

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "fuba_rules"


def rule_names() -> set[str]:
    """Every skill, event (table row name) and edition id the YAML defines (long enough to be specific)."""
    names: set[str] = set()
    for path in (ROOT / "editions").rglob("*.yaml"):
        data = yaml.safe_load(path.read_text()) or {}
        if not isinstance(data, dict):
            continue
        names.update(str(k) for k in (data.get("skills") or {}))
        for table in (data.get("tables") or {}).values():
            for row in (table.get("rows") or {}).values():
                if isinstance(row, dict) and "name" in row:
                    names.add(str(row["name"]))
        if data.get("id"):
            names.add(str(data["id"]))
    for edition in (ROOT / "editions").iterdir():
        if edition.is_dir() and (edition / "edition.yaml").exists():
            names.add(edition.name)
    return {n for n in names if len(n) >= 5}


def test_no_python_module_names_a_rule_or_an_edition():
    names = rule_names()
    assert names, "the editions define rules to look for"
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)), re.IGNORECASE)
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            for hit in pattern.finditer(code):
                word = hit.group(0)
                before, after = code[hit.start() - 1 : hit.start()], code[hit.end() : hit.end() + 1]
                if (before.isalnum() or before == "_") or (after.isalnum() or after == "_"):
                    continue  # part of a longer identifier
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {word}")
    assert not offenders, "\n".join(offenders)
