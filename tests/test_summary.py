"""The summary of `fuba simulate` reads as what was played (issue 37, item 8): figures of
rules switched off are left out (and named), every interval is labelled 95% and a
count's interval never goes below zero, and `--sequence` shows its league."""

import json
import re
from pathlib import Path

from fuba_rules.cli import main
from fuba_rules.sim.stats import summarize

EDITIONS = str(Path(__file__).resolve().parents[1] / "editions")


def simulate(capsys, *args):
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-j", "1", *args]) == 0
    return capsys.readouterr().out


def rows(out: str) -> dict[str, str]:
    """The metric rows of the text summary: text -> the rest of the line."""
    found = {}
    for line in out.splitlines():
        m = re.match(r"  (\S.*?)\s{2,}(-?\d+\.\d\d.*)$", line)
        if m:
            found[m.group(1)] = m.group(2)
    return found


def test_figures_of_advanced_rules_that_are_off_are_left_out_and_named(capsys):
    out = simulate(capsys, "-n", "2")
    table = rows(out)
    assert "goals per match" in table and "aggressive pressings" not in table and "injuries" not in table
    assert "(left out: 13 figures of rules switched off, 0 in every match: condition point spends," in out
    data = json.loads(simulate(capsys, "-n", "2", "--json"))
    assert "aggressive_pressings" in data["metrics"] and "aggressive_pressings" in data["rules_off"]


def test_a_rule_switched_on_keeps_its_figure_even_at_zero(capsys):
    """A6 (aggressive pressing) on: its figure is shown, whatever it counted."""
    table = rows(simulate(capsys, "-n", "2", "--with", "A6"))
    assert "aggressive pressings" in table and "injuries" not in table


def test_intervals_are_labelled_95_percent_and_a_count_s_stops_at_zero(capsys):
    out = simulate(capsys, "-n", "3")
    assert re.search(r"^  per match\s+mean  95% interval$", out, re.M)
    assert "±" not in out
    for text, rest in rows(out).items():
        low = float(rest.split("[")[1].split(",")[0])
        assert low >= 0, text
    rare = summarize("penalties", "penalty kicks", [0, 0, 0, 1])  # 0.25 ± 0.49
    assert rare.mean - rare.ci95 < 0 and rare.low == 0
    assert summarize("draws", "draws", [1, 1, 0, 1], share=True).high == 1


def test_a_sequence_shows_its_league_and_what_was_passed_on(capsys):
    data = json.loads(simulate(capsys, "-n", "3", "--sequence", "--advanced", "--json"))
    league = data["league"]
    table = league["table"]
    assert [s["name"] for s in table] in (["Blue", "Yellow"], ["Yellow", "Blue"])
    for s in table:
        assert s["won"] + s["drawn"] + s["lost"] == 3 and s["points"] == 3 * s["won"] + s["drawn"]
    assert table[0]["points"] >= table[1]["points"]
    assert set(league["passed_on"]) == {"new_skills", "removed_skills"}  # A13: new talent, injured star (tournament.yaml)
    out = simulate(capsys, "-n", "3", "--sequence", "--advanced")
    assert "the league (3 matches, 3 points a win, 1 a draw):" in out
    assert re.search(r"passed on \(removed_skills\) after \d of 3 matches", out)
