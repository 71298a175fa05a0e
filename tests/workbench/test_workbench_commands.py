"""`fuba compare`, `sweep`, `balance` and `rules` from the command line.

Matches are slow today, so each real run is a handful of matches; the statistics
themselves are specified in test_workbench_stats.py.
"""

import json
from pathlib import Path

import pytest

from fuba_rules.cli import main

REPO = Path(__file__).resolve().parents[2]
ROOT = ["--root", str(REPO / "editions")]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*ROOT, *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_an_a_a_comparison_on_independent_seeds_flags_nothing_and_stops_at_max_n(capsys):
    code, out, _ = run(capsys, "compare", "2024-draft", "2024-draft", "--independent", "-n", "2", "--max-n", "4", "--precision", "0.001", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["matches_per_side"] == 4 and data["stopped"] == "reached --max-n 4"
    (comparison,) = data["comparisons"]
    assert len(comparison["metrics"]) >= 20
    assert not any(m["significant"] for m in comparison["metrics"].values())
    assert set(data["distribution_tests"]) <= {"results", "goals"}


REAL = "FTHG,FTAG,FTR,HC,AC,HY,AY,HR,AR\n2,1,H,5,4,1,2,0,0\n0,0,D,3,3,2,2,0,1\n1,3,A,4,6,0,1,0,0\n"


def test_a_mod_against_its_edition_on_paired_seeds_prints_a_marked_table_and_a_report(capsys, tmp_path):
    (tmp_path / "league.csv").write_text(REAL)
    report = tmp_path / "compare.html"
    code, out, _ = run(capsys, "compare", "2024-draft", "2024-draft+mods/long-range-shooting.yaml:A6", "-n", "3",
                       "--reference", str(tmp_path), "--report", str(report))
    assert code == 0
    assert "B: 2024-draft+mods/long-range-shooting.yaml:A6" in out
    assert "B against A" in out and "p (Holm)" in out and "metrics changed" in out
    assert "beside real football (3 matches from 1 files)" in out and "distance (TVD)" in out
    html = report.read_text()
    assert "Realism: 2024-draft" in html and "Goals per match beside real football" in html


@pytest.mark.parametrize(
    "side, message",
    [
        ("2024-draft:A66", "unknown rule 'A66' (did you mean 'A6'?)"),
        ("2024-draft+mods/nothing.yaml", "no mod file 'mods/nothing.yaml'"),
        ("2024-draf", "unknown edition '2024-draf' (did you mean '2024-draft'?)"),
    ],
)
def test_a_bad_side_is_an_error_with_a_hint_not_a_traceback(capsys, side, message):
    code, _, err = run(capsys, "compare", "2024-draft", side, "-n", "1")
    assert code == 1 and message in err


def test_compare_needs_two_sides(capsys):
    code, _, err = run(capsys, "compare", "2024-draft")
    assert code == 1 and "at least two sides" in err


def test_a_goal_attempt_modifier_swept_upwards_raises_goals_at_every_step(capsys, tmp_path):
    """4.8: a goal needs shot + modifiers > ball value, and the coach shoots when a plain
    attempt can score, so raising a goal-attempt modifier row raises both the attempts
    and their success: on the same seeds goals per match must rise with it."""
    values = ["-3", "-1", "0", "1", "3"]
    (tmp_path / "league.csv").write_text(REAL)
    report = tmp_path / "sweep.html"
    code, out, _ = run(capsys, "sweep", "2024-draft", "--set", "modifiers.shot_distance.value=" + ",".join(values), "-n", "8", "--json",
                       "--metric", "goals_per_match", "--metric", "goal_attempts", "--report", str(report), "--reference", str(tmp_path))
    assert code == 0
    html = report.read_text()
    assert "Goals per match beside real football" in html and "Realism: modifiers.shot_distance.value=3" in html
    assert html.count('<figure class="plot">') >= 3  # one curve per metric, the goals beside real football
    data = json.loads(out)
    assert [p["values"]["modifiers.shot_distance.value"] for p in data["points"]] == ["rule", *values]  # the formula as written first
    assert "is the formula goal_distance(area, team) in the rules" in data["settings"][0]["note"]
    goals = [p["metrics"]["goals_per_match"]["mean"] for p in data["points"][1:]]
    assert goals == sorted(goals) and goals[0] < goals[-1], goals
    assert all(len(p["metrics"]["goals_per_match"]["ci95"]) == 2 for p in data["points"])


@pytest.mark.parametrize(
    "setting, message",
    [
        ("modifiers.shot_distnce.value=1", "modifiers has no 'shot_distnce' (did you mean 'shot_distance'?)"),
        ("modifiers.shot_distance.valu=1", "modifiers.shot_distance has no 'valu' (did you mean 'value'?)"),
        ("constants.half_length", "expected PATH=V1,V2"),
        ("constants.half_length.x=1", "is a value (45), it has no fields"),
    ],
)
def test_a_sweep_path_is_checked_against_the_resolved_edition(capsys, setting, message):
    code, _, err = run(capsys, "sweep", "2024-draft", "--set", setting, "-n", "1")
    assert code == 1 and message in err


def test_balance_plays_each_option_of_a_fixed_choice_and_each_skill_with_a_matrix(capsys, tmp_path):
    report = tmp_path / "balance.html"
    code, out, _ = run(capsys, "balance", "2024-draft", "-n", "2", "--decision", "penalty kick", "--skill", "Tackler", "--json", "--report", str(report))
    assert code == 0
    assert report.read_text().count('<figure class="plot">') == 3  # two choices' changes, one matrix
    data = json.loads(out)
    decision, skills = data["choices"]
    assert decision["label"] == "penalty kick"
    assert sorted(o["option"] for o in decision["options"]) == ["left", "middle", "right"]
    matrix = decision["matrix"]  # both teams take penalties: home's option against away's
    assert len(matrix["home_win_rate"]) == 3 and all(len(row) == len(matrix["columns"]) for row in matrix["home_win_rate"])
    assert [o["option"] for o in skills["options"]] == ["(no skill)", "Tackler"]
    for o in decision["options"] + skills["options"]:
        assert 0 <= o["win_rate"]["ci95"][0] <= o["win_rate"]["mean"] <= o["win_rate"]["ci95"][1] <= 1


def test_balance_names_the_decisions_it_found_when_asked_for_another(capsys):
    code, _, err = run(capsys, "balance", "2024-draft", "-n", "1", "--decision", "formaton", "--no-skills")
    assert code == 1 and "no decision 'formaton' in the rules (did you mean 'formation'?)" in err
    assert "strategic decisions: keeper guess, penalty kick, formation" in err  # each always offers the same options


@pytest.mark.parametrize("n, seed", [("1", "0"), ("1", "57"), ("3", "120")])
def test_balance_finds_the_decisions_in_the_rules_whatever_n_and_seed(capsys, n, seed):
    """A penalty kick is rare: a run of one match seldom sees one, yet its side is a
    strategic decision of the rules (2024 draft 5.5: the kicker picks a side)."""
    code, out, err = run(capsys, "balance", "2024-draft", "-n", n, "--seed", seed, "--decision", "penalty kick", "--no-matrix", "--json")
    assert code == 0, err
    (decision,) = json.loads(out)["choices"]
    assert decision["label"] == "penalty kick"


def test_a_yes_or_no_such_as_shooting_is_not_a_strategy(capsys):
    code, _, err = run(capsys, "balance", "2024-draft", "-n", "1", "--decision", "goal attempt")
    assert code == 1 and "no strategic decision 'goal attempt': it is a yes or no taken in the moment" in err


def test_balance_with_only_a_skill_rates_that_skill_and_reads(capsys):
    code, out, _ = run(capsys, "balance", "2024-draft", "-n", "1", "--skill", "Tackler")
    assert code == 0
    assert "Decision" not in out
    assert "Skills: the home team plays with one skill, the away team as given" in out
    assert [line.split()[0] for line in out.splitlines() if line.startswith("  (no") or line.startswith("  Tackler")] == ["(no", "Tackler"]


def test_rule_cards_are_ordered_by_chapter_and_carry_each_entry_s_own_words(capsys):
    code, out, _ = run(capsys, "rules", "2024-draft")
    assert code == 0
    chapters = [line for line in out.splitlines() if line.startswith("## Chapter")]
    assert chapters[:5] == ["## Chapter 1", "## Chapter 2", "## Chapter 3", "## Chapter 4", "## Chapter 5"]
    assert "### Skill: Tackler [A12]" in out and "- cost: 0" in out
    assert "### Special event: Excellent attack move [A13]" in out


def test_rule_cards_against_the_parent_mark_what_a_mod_adds(capsys, tmp_path):
    mod = str(REPO / "editions/mods/long-range-shooting.yaml")
    code, out, _ = run(capsys, "rules", "2024-draft", "2024-draft", "--mod", mod, "--changed")
    assert code == 0
    assert "### Modifier: long-range shooting [mod] **new**" in out
    assert "Tackler" not in out  # unchanged cards are left out with --changed
    page = tmp_path / "cards.html"
    code, _, _ = run(capsys, "rules", "2024-draft", "2024-draft", "--mod", mod, "--format", "html", "-o", str(page))
    assert code == 0 and 'class="badge new"' in page.read_text()


def test_the_cards_of_a_mod_read_as_a_playtester_expects(capsys, snapshot):
    mod = str(REPO / "editions/mods/long-range-shooting.yaml")
    code, out, _ = run(capsys, "rules", "2024-draft", "2024-draft", "--mod", mod, "--changed")
    assert code == 0
    assert out.split("\n", 1)[1] == snapshot  # the first line names the mod's path on this machine


def test_the_workbench_plays_the_very_matches_fuba_simulate_plays():
    """The recording agent wrapper must not shift the agents' random choices."""
    from fuba_rules.sim.batch import simulate
    from fuba_rules.workbench.sample import SideSpec, load_side, play_sample

    side = load_side(SideSpec.parse("2024-draft"), REPO / "editions")
    sample = play_sample(side, range(3, 5))
    batch = simulate(side.edition, 2, 3)
    for name, metric in batch.metrics.items():
        assert sum(sample.values[name]) / 2 == pytest.approx(metric.mean), name


def test_compare_under_two_pairings_of_agents_prints_each_table_and_which_verdicts_hold(capsys, snapshot):
    """`--agents coach,random`: both sides are played by coach against coach, then by random
    against random, on the same seeds; the last table says which verdict holds under both."""
    code, out, _ = run(capsys, "compare", "2024-draft", "2024-draft+mods/long-range-shooting.yaml", "-n", "2", "--agents", "coach,random", "-j", "1")
    assert code == 0
    assert "== coach against coach" in out and "== random against random" in out
    assert out.count("B against A   (* significant") == 2
    assert out[out.index("Does each verdict hold"):] == snapshot


def test_compare_pairings_need_two_different_ones(capsys):
    code, _, err = run(capsys, "compare", "2024-draft", "2024-draft", "--agents", "coach,coach")
    assert code == 2 and "at least two different pairings" in err


def test_a_search_agent_wrapped_by_the_workbench_still_asks_for_the_matchs_history():
    """`fuba compare --agents coach,search:N` failed with "needs a match that records its
    history": the workbench's recorder hid the search agent's `needs_history`."""
    from fuba_rules.agents import make_agent
    from fuba_rules.workbench.sample import Recorder

    assert Recorder(make_agent("search:2", 0)).needs_history
    assert not Recorder(make_agent("coach", 0)).needs_history
