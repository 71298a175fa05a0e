"""Hostile mods: every attack in tests/hostile/ ends in a clean, positioned message.

Mods are shared, so a mod file is untrusted input. Each file of tests/hostile/ is one
attack (its first line says which); a few more are generated here because they are
large. `fuba check` runs them all in one subprocess capped at 1 GB of address space
and 300 s of CPU (tests/hostile/run_corpus.py): an attack that got past a cap would end
in a MemoryError or a kill. The expected message of each is a snapshot.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "hostile"
STORED = sorted(p.stem for p in CORPUS.glob("*.yaml"))
SECRET = "swordfish"
PEAK_MB = 500


def _flood() -> str:
    """A 400 KB mod: 20,000 constants and 2,000 misspelt names that look like them."""
    lines = ["schema_version: 1", "include: [../board.yaml]", "constants:"]
    lines += [f"  value_{i:05d}: {i}" for i in range(20_000)]
    lines.append("procedures:")
    lines.append('  match: {do: pass, ref: "1"}')
    for p in range(20):
        lines += [f"  typos_{p}:", '    ref: "1"', "    do: |"]
        lines += [f"      let v{i} = valeu_{p * 100 + i:05d}" for i in range(100)]
    return "\n".join(lines) + "\n"


def _aliased(value: str, times: int, where: str = "constants") -> str:
    """A mod that writes `value` once and aliases it `times` times (an alias bomb of bytes)."""
    return f"schema_version: 1\ninclude: [../board.yaml]\n{where}:\n  first: &v {value}\n  many: [{', '.join(['*v'] * times)}]\n"


def _aliased_rule(times: int) -> str:
    """One rule text of 18,000 characters, the body of `times` procedures by alias."""
    lines = ["schema_version: 1", "include: [../board.yaml]", "procedures:", '  match: &m {ref: "1", do: "' + "pass; " * 3_000 + '"}']
    return "\n".join([*lines, *(f"  p{i}: *m" for i in range(times))]) + "\n"


GENERATED = {
    "did-you-mean-flood": _flood,
    "huge-file": lambda: "schema_version: 1\n" + "# padding\n" * 500_000,
    "long-rule-text": lambda: 'schema_version: 1\ninclude: [../board.yaml]\nprocedures:\n  match:\n    ref: "1"\n    do: "'
    + "pass; " * 5_000
    + '"\n',
    "alias-bomb-of-bytes": lambda: _aliased('"' + "x" * 1_000_000 + '"', 6_000),
    "rule-text-aliased-20000-times": lambda: _aliased_rule(20_000),
    "constants-150000": lambda: "schema_version: 1\ninclude: [../board.yaml]\nconstants:\n" + "".join(f"  c{i}: {i}\n" for i in range(150_000)),
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    base = tmp_path_factory.mktemp("hostile").resolve()
    mods = base / "editions" / "mods"
    mods.mkdir(parents=True)
    shutil.copy(REPO / "editions" / "board.yaml", base / "editions")
    (base / "secret").mkdir()
    (base / "secret" / "stolen.yaml").write_text(f"password: {{hunter2: {SECRET}}}\n", encoding="utf-8")
    (mods / "evil-link.yaml").symlink_to(base / "secret" / "stolen.yaml")
    os.link(base / "secret" / "stolen.yaml", mods / "hard-link.yaml")
    for name in STORED:
        shutil.copy(CORPUS / f"{name}.yaml", mods)
    for name, make in GENERATED.items():
        (mods / f"{name}.yaml").write_text(make(), encoding="utf-8")
    names = [*STORED, *GENERATED]
    command = [sys.executable, str(CORPUS / "run_corpus.py"), "editions", *[f"editions/mods/{n}.yaml" for n in names]]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(command, capture_output=True, text=True, cwd=base, env=env, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    out = {Path(line["mod"]).stem: line for line in lines if "mod" in line}
    out["peak"] = lines[-1]
    return out


@pytest.mark.parametrize("name", STORED)
def test_each_stored_attack_ends_in_its_message(results, name, snapshot):
    result = results[name]
    assert result["code"] == 1, result
    assert "internal error" not in result["err"] and "Traceback" not in result["err"]
    assert SECRET not in result["err"] + result["out"]
    assert result["err"] == snapshot


def test_a_flood_of_typos_among_20000_names_is_reported_with_suggestions_then_without(results, snapshot):
    result = results["did-you-mean-flood"]
    errors = result["err"].splitlines()
    assert result["code"] == 1 and len(errors) == 2_000
    assert "internal error" not in result["err"]
    suggested = [e for e in errors if "did you mean" in e]
    assert 0 < len(suggested) < len(errors)  # the suggestion budget ran out on the way
    assert suggested[0].endswith("unknown name 'valeu_00000' (did you mean 'value_00000'?)")
    assert errors[:3] == snapshot


@pytest.mark.parametrize("name", ["huge-file", "long-rule-text", "alias-bomb-of-bytes", "rule-text-aliased-20000-times", "constants-150000"])
def test_each_generated_attack_ends_in_its_message(results, name, snapshot):
    result = results[name]
    assert result["code"] == 1 and "internal error" not in result["err"]
    assert result["err"] == snapshot


def test_the_whole_corpus_stays_under_500_mb(results):
    assert results["peak"]["peak_mb"] < PEAK_MB
