"""compare, sweep, balance and ladder on worker processes (`-j N`): the same figures for
any N, because match i keeps its own seed and the parts are merged back in seed order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fuba_rules.cli import main
from fuba_rules.diagnostics import FubaError
from fuba_rules.sim.setup import EditionSource, MatchSetup
from fuba_rules.workbench.ladder import ladder
from fuba_rules.workbench.parallel import workers
from fuba_rules.workbench.sample import SideSpec, load_side, play_sample

EDITIONS = Path(__file__).resolve().parents[2] / "editions"


def test_a_sample_played_on_two_workers_is_the_sample_played_here():
    side = load_side(SideSpec.parse("2024-draft:A6"), EDITIONS)
    here = play_sample(side, range(5, 11), watch=["formation"])
    with workers(2):
        there = play_sample(side, range(5, 11), watch=["formation"])
    assert there.values == here.values and there.scores == here.scores
    assert sum(here.choices.values()) == 12 and there.choices == here.choices and there.skills_used == here.skills_used
    assert list(there.texts) == list(here.texts)


def json_of(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_compare_prints_the_same_figures_for_any_number_of_workers(capsys):
    argv = ("compare", "2024-draft", "2024-draft:A6", "-n", "6", "--seed", "3")
    assert json_of(capsys, *argv, "-j", "2") == json_of(capsys, *argv, "-j", "1")


def test_a_rule_fault_in_a_worker_is_reported_as_it_is_in_one_process(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "schema_version: 1\nid: broken\nextends: 2024-draft\nhooks:\n"
        "  at_the_whistle:\n    ref: 'x'\n    at: match_end\n    do: 'let x = [1][5]'\n"
    )
    side = load_side(SideSpec.parse(f"2024-draft+{broken}"), EDITIONS)
    with pytest.raises(FubaError) as here:
        play_sample(side, range(4))
    with workers(2), pytest.raises(FubaError) as there:
        play_sample(side, range(4))
    assert [d.format() for d in there.value.diagnostics] == [d.format() for d in here.value.diagnostics]
    assert "broken.yaml:8:" in there.value.diagnostics[0].format()


def test_a_ladder_on_two_workers_counts_the_same_results():
    source = EditionSource.of("2024-draft", (), EDITIONS)
    ed = source.load()
    here = ladder(ed, ["random", "coach"], 3, seed=8)
    with workers(2):
        there = ladder(ed, ["random", "coach"], 3, seed=8, setup=MatchSetup(source=source))
    assert [(p.wins, p.draws, p.losses) for p in there.pairings] == [(p.wins, p.draws, p.losses) for p in here.pairings]
    assert there.ratings == here.ratings


def test_a_recorder_leaves_the_engine_s_fast_path_only_for_the_decisions_it_watches():
    """Issue 37 item 12: the workbench's wrapper asks the agent through `pick` except
    for the decisions it counts or forces, and the match is the one simulate plays.
    (The random agent has a `pick`; the coach has none since its tie rule reads the options.)"""
    from collections import Counter

    from fuba_rules.agents import make_agent
    from fuba_rules.sim.play import agent_seed, play_match
    from fuba_rules.workbench.sample import recorder

    side = load_side(SideSpec.parse("2024-draft"), EDITIONS)
    asked: Counter = Counter()
    players = []
    for team in ("home", "away"):
        r = recorder(make_agent("random", agent_seed(4, team)), counts=Counter(), watch=["formation"])
        full = r.choose
        r.choose = lambda d, m, full=full: asked.update([d.label]) or full(d, m)
        players.append(r)
    watched = play_match(side.edition, 4, tuple(players), record=False)
    plain = play_match(side.edition, 4, ("random", "random"), record=False)
    assert set(asked) == {"formation"} and watched.score == plain.score and watched.metrics == plain.metrics
    assert sum(players[0].counts.values()) == 1
