"""`fuba play` at a real terminal (pexpect) and over a plain pipe: a text board, a status
line, options in plain English, `?` odds and help, `u` undo, `l` log, and a playtest record
that `fuba replay` and the step driver read back (issue 42)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect

from fuba_rules.cli import main
from fuba_rules.edition import load_edition
from fuba_rules.engine.driver import Match

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = ROOT / "editions"
QUESTION = re.compile(r"(\S+) \((home|away)\): ([^\r\n]+) \[[^\]\r\n]*\]\r\n((?:  \d+: [^\r\n]*\r\n)+)> ")


def fuba(*argv: str) -> list[str]:
    return [sys.executable, "-m", "fuba_rules", "--root", str(EDITIONS), *argv]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "160"}


def test_thirty_decisions_at_the_terminal_with_undo_odds_help_and_the_log(tmp_path):
    log = tmp_path / "playtest.jsonl"
    cmd = fuba("play", "2024-draft", "--seed", "3", "--log", str(log))
    child = pexpect.spawn(cmd[0], cmd[1:], env=env(), encoding="utf-8", timeout=120, dimensions=(50, 160))
    seen = ""

    def question() -> tuple[str, int]:
        nonlocal seen
        child.expect(QUESTION)
        seen += child.before + child.after
        return child.match.group(3), len(child.match.group(4).splitlines())

    chosen = undone = odds_asked = 0
    label, n = question()
    while chosen < 30:
        if chosen in (4, 17):  # ?: the odds of each option, then the help
            child.sendline("?")
            child.expect(r"Exact odds of each option to the end of the rule that asks '([^']+)'")
            assert child.match.group(1) == label
            for i in range(n):
                child.expect(rf"\r\n  {i}: ")
            child.expect(r"u +undo your last decision")
            child.expect("> ")
            odds_asked += 1
        if chosen in (9, 21) and undone < 2:  # u: take it back and answer again
            child.sendline(str(n - 1))
            again, _ = question()
            child.sendline("u")
            child.expect("taken back: your last decision")
            back, n2 = question()
            assert (back, n2) == (label, n)
            undone += 1
        if chosen == 12:
            child.sendline("l")
            child.expect(r"\d+' .+\[[\d.]+\]")
            child.expect("> ")
        child.sendline(str(chosen % n))
        chosen += 1
        label, n = question()
    assert "+---" in seen and "(o) ball" in seen  # the text board, with the ball
    assert re.search(r"minute \d+ · first half · score Blue \d, Yellow \d", seen)  # the status line
    assert re.search(r"  \d+: [A-Z][\w ]+ -> [A-Z][\w ]+ \(\d+ there now\)", seen)  # a move in plain English
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and undone == 2 and odds_asked == 2

    header = json.loads(log.read_text().splitlines()[0])
    assert header["edition"] == "2024-draft" and header["seed"] == 3 and header["mods"] == [] and header["agents"] == ["person", "coach"]
    events = [json.loads(line) for line in log.read_text().splitlines()[1:-1]]
    again = Match(load_edition("2024-draft", root=EDITIONS), header["seed"], header["rules"], header["skills"], header["answers"])
    assert json.loads(json.dumps(again.events)) == events  # the record replays the match exactly
    assert main(["--root", str(EDITIONS), "replay", str(log)]) == 0


def test_play_works_over_a_plain_pipe():
    script = "?\n0\nu\nb\n9\n1\nq\n"
    done = subprocess.run(fuba("play", "2024-draft", "--seed", "1"), input=script, capture_output=True, text=True, env=env(), timeout=300)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Blue (home): formation [3]" in out and "  0: 4-4-2" in out
    assert "too long to enumerate" in out  # the formation is chosen in the match's own rule
    assert "taken back: your last decision" in out
    assert "please type one of the numbers (0 to 7)" in out
