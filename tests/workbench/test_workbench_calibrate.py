"""`fuba calibrate`: the values of rules that give target metrics.

Matches are slow on a shared machine, so each run is a handful of trials of a few
matches; the full-size recovery run is bench/bench_calibrate.py.
"""

import json
from pathlib import Path

import pytest
import yaml

from fuba_rules.cli import main
from fuba_rules.workbench.calibrate import written_mod
from fuba_rules.workbench.sample import SideSpec, load_side, play_sample
from fuba_rules.workbench.sweep import mod_text, parse_setting, resolved_data
from fuba_rules.workbench.vary import parse_vary, shift_formula

REPO = Path(__file__).resolve().parents[2]
ROOT = ["--root", str(REPO / "editions")]
SHIFT = "modifiers.shot_distance.value"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*ROOT, *argv])
    out, err = capsys.readouterr()
    return code, out, err


def draft_moving_the_shot_distance(tmp_path: Path, delta: int) -> Path:
    """A draft of the 2024 draft with one modifier moved: 4.8's distance modifier plus `delta`."""
    base, data = resolved_data("2024-draft", [], REPO / "editions")
    setting = parse_setting(f"{SHIFT}=0", data)
    path = tmp_path / "draft.yaml"
    path.write_text(mod_text(base, data, [(setting, shift_formula(data["modifiers"]["shot_distance"]["value"], delta))]))
    return path


def test_each_kind_of_value_is_written_into_the_mod_as_sweep_writes_it():
    """A whole number, a table cell, a choice among values and a formula's shift: the
    mod of a trial overrides each entry with the value (the formula plus the shift)."""
    base, data = resolved_data("2024-draft", [], REPO / "editions")
    varies = [parse_vary(t, data) for t in ("constants.half_length=30..45", "board.goal_attempt.distance.opp_front.modifier=-4..0",
                                            "modifiers.shot_keeper_out.value=2,4,6", f"{SHIFT}=-2..+2")]
    assert [v.kind for v in varies] == ["int", "int", "choice", "shift"]
    assert [v.start() for v in varies] == [45, -2, 4, 0]
    mod = yaml.safe_load(written_mod(base, data, varies, (30, -3, 6, -2)))
    assert mod["extends"] == "2024-draft" and mod["constants"] == {"half_length": 30}
    assert mod["board"]["goal_attempt"]["distance"]["opp_front"]["modifier"] == -3
    assert mod["board"]["goal_attempt"]["distance"]["opp_penalty"] == data["board"]["goal_attempt"]["distance"]["opp_penalty"]
    assert mod["modifiers"]["shot_keeper_out"]["value"] == 6
    assert mod["modifiers"]["shot_distance"]["value"] == "(goal_distance(area, team)) - 2"
    assert varies[3].written(0) == "goal_distance(area, team)"


def test_a_moved_modifier_is_recovered_within_the_range_calibrate_reports(capsys, tmp_path):
    """The draft takes one off 4.8's distance modifier; aimed at the goals the 2024 draft
    scores on the same seeds, calibrate must find the shift that undoes it (+1) inside
    the range of values it reports as meeting the target. The written mod checks, and
    simulate and compare play it as it is."""
    draft = draft_moving_the_shot_distance(tmp_path, -1)
    base = load_side(SideSpec.parse("2024-draft"), REPO / "editions")
    goals = play_sample(base, range(0, 16)).values["goals_per_match"]
    target = sum(goals) / len(goals)
    tuned = tmp_path / "tuned.yaml"
    code, out, _ = run(capsys, "calibrate", f"2024-draft+{draft}", "--vary", f"{SHIFT}=-2..+2", "--target", f"goals_per_match={target}",
                       "-n", "16", "--budget", "80", "--confirm", "16", "-j", "1", "--json", "-o", str(tuned))
    assert code == 0
    result = json.loads(out)
    low, high = result["consistent"][SHIFT]
    assert low <= 1 <= high
    assert result["trials_played"] <= 5
    assert "(goal_distance(area, team)) - 1" in result["chosen"][SHIFT]
    assert run(capsys, "check", str(tuned))[0] == 0
    assert run(capsys, "simulate", "2024-draft", "--mod", str(draft), "--mod", str(tuned), "-n", "2")[0] == 0
    assert run(capsys, "compare", f"2024-draft+{draft}", f"2024-draft+{draft}+{tuned}", "-n", "2")[0] == 0


def _calibrate(capsys, *extra: str) -> dict:
    code, out, err = run(capsys, "calibrate", "2024-draft", "--vary", f"{SHIFT}=-2..+2", "--vary", "constants.half_length=30..45",
                         "--target", "goals_per_match=2+-0.2", "--target", "draws=0.3*2", "-n", "4", "--budget", "16", "--confirm", "4", "--json", *extra)
    assert code == 0, err
    return json.loads(out)


def test_the_same_command_gives_the_same_answer_on_one_two_or_dask_workers(capsys):
    """Trials are proposed in batches of a fixed size by a seeded sampler and played on
    the same seeds, so neither a second run nor the number of workers changes a figure."""
    distributed = pytest.importorskip("distributed")
    once = _calibrate(capsys, "-j", "1")
    assert _calibrate(capsys, "-j", "1") == once
    assert _calibrate(capsys, "-j", "2") == once
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        assert _calibrate(capsys, "--dask", cluster.scheduler_address) == once
    assert once["trials_played"] == 4 and len(once["sensitivity"]) == 4


REAL = "FTHG,FTAG,FTR,HC,AC,HY,AY,HR,AR\n2,1,H,5,4,1,2,0,0\n0,0,D,3,3,2,2,0,1\n1,3,A,4,6,0,1,0,0\n"


def test_aimed_at_real_football_every_metric_the_rules_move_is_a_target(capsys, tmp_path):
    """`--target reference`: goals, results and corners are aimed at; cards, which no rule
    of the 2024 draft without its advanced rules shows (0 in every match), are left out
    and said so; a real
    figure out of reach (ten corners a match) is noted, not an error."""
    (tmp_path / "league.csv").write_text(REAL)
    code, out, _ = run(capsys, "calibrate", "2024-draft", "--vary", f"{SHIFT}=-1..+1", "--target", "reference", "--reference", str(tmp_path),
                       "-n", "3", "--budget", "9", "--confirm", "3", "-j", "1", "--json")
    assert code == 0
    result = json.loads(out)
    assert sorted(result["confirmation"]["targets"]) == ["corners=8.3333", "draws=0.3333", "goals_per_match=2.3333", "home_wins=0.3333"]
    assert [n.split(" (")[0] for n in result["notes"][:2]] == ["real football: left out yellow_cards", "real football: left out red_cards"]
    assert result["notes"][2].startswith("real football: corners=8.3333: no value in range reaches it")


@pytest.mark.parametrize(
    "argv",
    [
        ["--vary", "modifiers.shot_distanc.value=-1..1", "--target", "goals_per_match=2"],
        ["--vary", "modifiers.shot_distance=0..3", "--target", "goals_per_match=2"],
        ["--vary", "modifiers.shot_distance.text=0..2", "--target", "goals_per_match=2"],
        ["--vary", "constants.half_length=30.5..45", "--target", "goals_per_match=2"],
        ["--vary", "modifiers.shot_keeper_out.value=5..2", "--target", "goals_per_match=2"],
        ["--vary", "state.subs_used.default=-1..2", "--target", "goals_per_match=2"],
        ["--vary", "constants.half_length=30..45", "--target", "goal_per_match=2"],
        ["--vary", "constants.half_length=30..45", "--target", "goals_per_match=lots"],
        ["--vary", "constants.half_length=30..45", "--target", "reference"],
        ["--vary", f"{SHIFT}=-1..+1", "--target", "goals_per_match=20", "-n", "3", "--budget", "9"],
    ],
    ids=["no-such-path", "a-whole-entry", "a-text", "a-fraction-of-a-whole-number", "an-empty-range", "outside-min",
         "a-metric-no-side-measures", "a-malformed-target", "reference-without-data", "out-of-reach"],
)
def test_a_bad_calibration_is_a_clear_error(capsys, snapshot, argv):
    code, out, err = run(capsys, "calibrate", "2024-draft", "-j", "1", "--confirm", "1", *argv)
    assert code == 1 and not out
    assert err == snapshot
