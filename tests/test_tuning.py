"""Caches a reference play finds idle are dropped (fuba_rules.tuning): how fast a match runs
changes, never what it does, and every process runs the same code."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from probes import answered, cached

from fuba_rules import tuning
from fuba_rules.agents import make_agent
from fuba_rules.board import TEAMS
from fuba_rules.dice import SeededDice
from fuba_rules.edition import load_edition
from fuba_rules.engine.match import MatchState

from langkit import build, match, procedure, program

# A function asked about each area in turn, once per question: its cache never answers.
# `players` is asked the same question again and again between moves; `minute` changes
# after each question to `line_of`.
ASKED_ONCE = """\
functions:
  players: {params: [t, a], expr: "pieces(t, a) + 0 * len([x for x in [1, 2, 3] if x > 1])"}
  line_of: {params: [t, a], expr: "[b for b in neighbours(a) if players(t, b) >= 0 and players(t, a) >= minute - minute]"}
"""
BODY = """\
let n = 0
repeat 39:
    for a in areas():
        set n += len(line_of(home, a)) + players(home, "centre")
        set minute += 1
return n
"""


def _play(ed, agents=("random", "random"), seed=3, every_rule=False) -> list[dict]:
    players = {t: make_agent(a, seed + i) for i, (t, a) in enumerate(zip(TEAMS, agents))}
    m = MatchState(ed, SeededDice(seed), players, frozenset(ed.rules) if every_rule else frozenset())
    m.run()
    return m.events


# A procedure asking each function once, and writing nothing: what it leaves in the
# match's caches is what their code keeps.
ASK = procedure('let x = line_of(home, "centre")\nlet y = players(home, "centre")', "ask")


def test_a_cache_asked_only_new_questions_is_dropped_and_a_busy_one_kept() -> None:
    ed = build(program(BODY, ASK + ASKED_ONCE))
    assert {"players", "line_of"} <= ed.compiler.memoized
    m = match(ed)
    assert ed.compiler.idle == {"line_of"}
    asking = match(ed)
    asking.run("ask")
    assert {"players", "line_of"} & cached(asking) == {"players"}
    untuned = build(program(BODY, ASK + ASKED_ONCE))
    untuned.compiler.tuned = True  # as if the reference had found nothing: both keep their answers
    asking = match(untuned)
    asking.run("ask")
    assert {"players", "line_of"} <= cached(asking)
    assert m.run() == match(untuned).run() > 0


def test_how_often_a_cache_must_answer_to_be_kept() -> None:
    counts = Counter({("busy", True): 16, ("busy", False): 48, ("idle", True): 15, ("idle", False): 49, ("rare", False): 63,
                      ("costly", True): 10, ("costly", False): 90})
    costs = {"busy": 20, "idle": 20, "rare": 20, "costly": 200}
    # a quarter answered: kept; less: dropped; 63 questions: too few to judge; a tenth
    # answered, but each answer saves a body ten times as costly: kept
    assert tuning.idle_caches(counts, set(costs), costs) == {"idle"}


KEYED = """\
functions:
  crowd: {params: [t, a], expr: "pieces(t, a) + pieces(other(t), a) + len([x for x in [1, 2, 3] if x > 1])"}
  mine: {params: [t], expr: "len([a for a in areas() if pieces(t, a) > 0])"}
"""


def test_the_reference_play_counts_each_functions_questions_whatever_its_keys() -> None:
    # crowd keeps its answers per area, keyed "crowd home"; mine in home's own cache,
    # keyed "mine": each is counted under its function's name
    ed = build(program("repeat 3:\n    let x = crowd(home, \"centre\") + mine(home)", KEYED))
    kept = match(ed)
    kept.run()
    assert answered(kept.area_memo["centre"]) == {"crowd"} and answered(kept.memo_home) == {"mine"}
    counts = tuning.measure(ed)
    assert {"crowd", "mine"} <= {f for f, _ in counts} and not any(" " in f for f, _ in counts)
    assert counts["crowd", True] == counts["mine", True] == 2 * counts["crowd", False] == 2 * counts["mine", False] > 0


def test_a_match_plays_the_same_whether_caches_were_dropped_or_not() -> None:
    tuned = load_edition("2.0")
    _play(tuned)
    assert tuned.compiler.idle  # 2.0 has caches that never answer (kind_targets, line_stops...)
    untuned = load_edition("2.0")
    untuned.compiler.tuned = True  # as if the reference had found nothing
    for seed, agents, every_rule in ((5, ("coach", "coach"), False), (6, ("random", "random"), True)):
        assert _play(tuned, agents, seed, every_rule) == _play(untuned, agents, seed, every_rule)


def test_the_answer_is_stored_and_a_later_process_writes_the_same_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FUBA_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("FUBA_CACHE", raising=False)
    measured = load_edition("world-cup-2015")
    _play(measured)
    [stored] = (tmp_path).glob("*/tuning/*.json")
    assert json.loads(stored.read_text())["value"] == sorted(measured.compiler.idle) != []

    def no_measuring(edition):  # the stored answer is used as it is
        raise AssertionError("measured again")

    monkeypatch.setattr(tuning, "measure", no_measuring)
    read = load_edition("world-cup-2015")
    _play(read)
    assert read.compiler.idle == measured.compiler.idle  # which caches are dropped decides the code (Compiler.drop_caches)
    assert _play(read, every_rule=True) == _play(measured, every_rule=True)


def test_a_reference_play_cut_short_by_a_fault_leaves_the_fault_to_the_match() -> None:
    ed = build(program("let x = 1\nlet y = x + none"))
    m = match(ed)  # the reference plays this too, and stops at the fault quietly
    assert ed.compiler.tuned and not ed.compiler.idle
    with pytest.raises(Exception, match="none"):
        m.run()


def test_a_mod_spending_its_steps_stops_the_reference_at_its_own_budget() -> None:
    ed = build(program("while true:\n    pass"))
    m = match(ed, budget=500)
    assert ed.compiler.tuned
    assert m.budget == 500  # the match's own budget is untouched by the reference's


def test_fuba_show_source_prints_the_code_matches_run(capsys) -> None:
    from fuba_rules.cli import main

    root = Path(__file__).resolve().parents[1] / "editions"
    ed = load_edition("2024-draft", root=root)
    tuning.tune(ed)
    dropped = sorted(ed.compiler.idle)
    assert dropped  # the draft's reference play finds some cache idle
    assert main(["--root", str(root), "show", "2024-draft", "--source", dropped[0]]) == 0
    shown = capsys.readouterr().out
    untuned = load_edition("2024-draft", root=root)
    untuned.compiler.tuned = True  # as if the reference had found nothing: the cache stays
    numbered = re.compile(r"\b(_[A-Za-z]+)\d+\b")  # the numbers follow the order rules were first called in
    assert numbered.sub(r"\1#", shown) == numbered.sub(r"\1#", ed.source_of(dropped[0])) != numbered.sub(r"\1#", untuned.source_of(dropped[0]))
