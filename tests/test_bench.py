"""The speed bench runs (on a tiny count): it prints a line per edition and pairing.
No test asserts a time; the figures themselves are for people (bench/bench_match.py)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_bench_prints_matches_and_steps_per_cpu_second_beside_an_older_engine() -> None:
    """The older engine is a git revision played in its own process on the same seeds
    (here HEAD, which any clone has; by default the engine before issue 8)."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_match.py"), "-n", "1", "--only", "world-cup-2015", "--agents", "random", "--no-load", "--scaling", "2", "--against", "HEAD"],
        capture_output=True, text=True, check=True, timeout=600,
    ).stdout
    assert "x old" in out.splitlines()[0] and "peak memory" in out
    row = next(line.split() for line in out.splitlines() if line.startswith("world-cup-2015 basic"))
    assert row[2] == "random" and len(row) == 8 and all(float(x) > 0 for x in row[3:])
    assert "-j 1:" in out and "-j 2:" in out and "peak per worker" in out  # -j scaling, in the same run


def test_with_the_same_rules_both_engines_play_the_same_matches() -> None:
    """--same-rules loads the revision's editions in both engines: the same steps, so the
    ratio of matches per second is the ratio of steps per second."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_match.py"), "-n", "1", "--only", "world-cup-2015", "--agents", "coach", "--no-load", "--scaling", "0", "--against", "HEAD", "--same-rules"],
        capture_output=True, text=True, check=True, timeout=600,
    ).stdout
    assert out.splitlines()[0] == "both engines play the editions of HEAD"
    row = next(line.split() for line in out.splitlines() if line.startswith("world-cup-2015 basic"))
    assert row[2] == "coach" and float(row[6]) > 0 and row[6] == row[7]


def test_the_side_by_side_bench_compares_this_tree_with_a_revision() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_ab.py"), "HEAD", "-n", "1", "--rounds", "1", "--only", "world-cup-2015"],
        capture_output=True, text=True, check=True, timeout=600,
    ).stdout
    lines = [line.split() for line in out.splitlines()[1:]]
    assert [line[:2] for line in lines] == [["world-cup-2015", "coach"], ["world-cup-2015", "random"]]
    assert all(float(x) > 0 for line in lines for x in line[2:])


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="bench_instructions counts with valgrind, a system package (apt install valgrind)")
@pytest.mark.parametrize("rules", [[], ["--same-rules"]], ids=["own editions", "old editions"])
def test_the_instruction_count_compares_this_tree_with_a_revision_in_one_run(rules: list[str]) -> None:
    """Valgrind counts what one match executes, so the same code counts the same; with
    --same-rules both trees play the editions of the engine before issue 8."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_instructions.py"), "HEAD", "-n", "1", "--edition", "world-cup-2015", "--agents", "random", *rules],
        capture_output=True, text=True, check=True, timeout=900,
    ).stdout
    assert ("the editions of" in out.splitlines()[0]) == bool(rules)
    row = out.splitlines()[1].split()
    assert row[0] == "random" and row[1].endswith("M") and row[2].endswith("M")
    assert float(row[1][:-1]) > 1 and float(row[2][:-1]) > 1 and float(row[3]) > 0


def test_the_workbench_bench_prints_cpu_per_match_of_simulate_compare_sweep_and_balance() -> None:
    """Issue 37 item 12: the workbench's CPU per match beside simulate's, in one run."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_workbench.py"), "-n", "2", "--repeats", "1", "--agents", "random,random"],
        capture_output=True, text=True, check=True, timeout=600,
    ).stdout
    rows = [line.split() for line in out.splitlines()[1:]]
    assert [r[0] for r in rows] == ["simulate", "compare/sweep", "balance,", "balance,"]
    assert all(r[-2].endswith("x") and float(r[-2][:-1]) > 0 for r in rows)
