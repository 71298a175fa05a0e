"""Every `fuba` command that README.md and docs/*.md show runs as written (issue 37,
item 11): each page's commands run in order in a fresh folder (so a later command finds
the files an earlier one wrote), with `-n`, `--max-n` and search budgets made small here, never in the
docs, and each must exit 0. A command marked `[interactive]`, `[server]`, `[slow]` or
`[your file]` (README, "Documentation") is not run; its arguments must parse."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import attrs
import pytest

from fuba_rules.cli import build_parser, main

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
MARKERS = ("[interactive]", "[server]", "[slow]", "[your file]")
WAITING = {"serve": "[server]", "lsp": "[server]", "play": "[interactive]"}
"""Commands that wait for a browser, an editor or a person: run here, they would never end."""
SMALL_N = {"simulate": "2", "compare": "2", "sweep": "1", "balance": "1", "ladder": "1", "calibrate": "4"}
SMALL_FLAGS = {"calibrate": (("--budget", "12"), ("--confirm", "4"))}
"""Flags shrunk (or added) beside -n: a calibration of three trials of four matches."""
SMALL_MAX_N = "4"
SMALL_SEARCH = "search:2@2"
"""A search agent's budget here: two playouts of two decisions (its matches still play whole)."""
REAL = "FTHG,FTAG,FTR,HC,AC,HY,AY,HR,AR\n2,1,H,5,4,1,2,0,0\n0,0,D,3,3,2,2,0,1\n1,3,A,4,6,0,1,0,0\n"


@attrs.frozen
class Command:
    where: str  # page:line
    text: str  # as written, with its comment
    marker: str | None

    def argvs(self) -> list[tuple[list[str], str | None]]:
        """Each command of the line (`a && b`) as argv without `fuba`, and the file its
        output is redirected to (`> FILE`), if any."""
        out, argv, target = [], [], None
        tokens = shlex.split(self.text, comments=True)
        i = 0
        while i < len(tokens):
            t = tokens[i]
            if t == "&&":
                out.append((argv, target))
                argv, target = [], None
            elif t == ">":
                target, i = tokens[i + 1], i + 1
            else:
                argv.append(t)
            i += 1
        out.append((argv, target))
        for argv, _ in out:
            assert argv[0] == "fuba", f"{self.where}: not a fuba command: {self.text}"
            del argv[0]
        return out


def commands(page: Path) -> list[Command]:
    """The `fuba ...` lines of a page's fenced blocks (a `$ ` prompt and `\\` line
    continuations allowed)."""
    out: list[Command] = []
    fence, pending, start = False, "", 0
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fence = not fence
            continue
        text = line.strip()
        if not fence:
            continue
        if pending:
            pending += " " + text.rstrip("\\").strip()
            if text.endswith("\\"):
                continue
            text, pending = pending, ""
        else:
            text = text.removeprefix("$ ")
            if not text.startswith("fuba "):
                continue
            if text.endswith("\\"):
                pending, start = text.rstrip("\\").strip(), number
                continue
            start = number
        comment = text.partition(" #")[2]
        marker = next((m for m in MARKERS if m in comment), None)
        out.append(Command(f"{page.relative_to(REPO)}:{start}", text, marker))
    return out


def small(argv: list[str]) -> list[str]:
    """The same command with few matches: `-n`, `--max-n` and `SMALL_FLAGS` shrunk (added if missing, but `--max-n`),
    and every search agent's budget `SMALL_SEARCH`."""
    argv = [re.sub(r"\bsearch:[^,\s]+", SMALL_SEARCH, a) for a in argv]
    n = SMALL_N.get(argv[0])
    if n is None:
        return argv
    for flag, value in (("-n", n), ("--max-n", SMALL_MAX_N), *SMALL_FLAGS.get(argv[0], ())):
        if flag in argv:
            argv[argv.index(flag) + 1] = value
        elif flag != "--max-n":
            argv += [flag, value]
    return argv


def run(argv: list[str], target: str | None) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    if target:
        Path(target).write_text(out.getvalue(), encoding="utf-8")
    return code, err.getvalue()


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A fresh folder with the editions, test data and bench beside it, and real football one
    level up (`--reference ../shared/reference/football-data`)."""
    work = tmp_path / "work"
    work.mkdir()
    for name in ("editions", "tests", "bench"):  # bench/advice holds the measuring mods docs compare with
        (work / name).symlink_to(REPO / name)
    real = tmp_path / "shared" / "reference" / "football-data"
    real.mkdir(parents=True)
    (real / "league.csv").write_text(REAL, encoding="utf-8")
    monkeypatch.chdir(work)
    monkeypatch.delenv("FUBA_EDITIONS", raising=False)
    return work


PAGES_WITH_COMMANDS = [p for p in PAGES if commands(p)]


PASSED: set[tuple[str, ...]] = set()  # a command shown on several pages runs once


@pytest.mark.parametrize("page", PAGES_WITH_COMMANDS, ids=lambda p: p.name)
def test_every_command_of_a_page_runs_as_written(page, folder):
    failed = []
    for c in commands(page):
        if c.marker:
            continue
        for argv, target in c.argvs():
            if argv and argv[0] in WAITING:  # never started here: it would wait for ever
                failed.append(f"{c.where}: `{c.text}` waits for someone: mark it {WAITING[argv[0]]}")
                break
            key = tuple(small(argv))
            if key in PASSED and target is None:
                continue
            code, err = run(small(argv), target)
            if code == 0:
                PASSED.add(key)
            if code != 0:
                failed.append(f"{c.where}: `{c.text}` exited {code}: {err.strip()[-300:]}")
                break
    assert failed == []


def test_every_command_that_waits_for_someone_is_marked():
    unmarked = [f"{c.where}: `{c.text}`" for p in PAGES for c in commands(p) for argv, _ in c.argvs() if argv and argv[0] in WAITING and not c.marker]
    assert unmarked == [], "mark these " + ", ".join(sorted(set(WAITING.values())))


def test_commands_not_run_are_marked_and_their_arguments_parse():
    marked = [c for p in PAGES for c in commands(p) if c.marker]
    assert {c.marker for c in marked} == set(MARKERS)
    for c in marked:
        for argv, _ in c.argvs():
            build_parser(argv[0]).parse_args(argv)  # argparse exits on a bad option: the test fails


def test_the_readme_s_first_session_is_among_the_commands_run():
    run_here = [c.text for c in commands(REPO / "README.md") if not c.marker]
    assert len(run_here) >= 25
    assert any("--out runs.jsonl" in t for t in run_here) and any(t.startswith("fuba sweep") for t in run_here)
    assert [c.where for c in commands(REPO / "docs" / "workbench.md") if "removed" in c.text]  # the sweep that once failed
