"""simulate, replay and the step-by-step Match driver, as a designer uses them."""

import json
from pathlib import Path

import pytest

from fuba_rules import Match, load_edition
from fuba_rules.cli import main
from fuba_rules.engine.decisions import IllegalChoice

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = str(ROOT / "editions")


@pytest.fixture(scope="module")
def edition():
    return load_edition("2024-draft", root=ROOT / "editions")


def test_simulate_json_has_the_documented_shape(capsys):
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "3", "--seed", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["edition"], out["matches"], out["seed"], out["agents"]) == ("2024-draft", 3, 7, ["coach", "coach"])
    assert {"mean", "ci95"} <= set(out["metrics"]["goals_per_match"])
    assert set(out["goals_distribution"]) == {"0", "1", "2", "3", "4", "5", "6", "7+"}


def test_simulate_is_reproducible_by_seed(capsys):
    main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "2", "--seed", "3", "--json"])
    first = capsys.readouterr().out
    main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "2", "--seed", "3", "--json"])
    assert capsys.readouterr().out == first


def test_log_and_replay_narrate_every_step_with_its_chapter(tmp_path, capsys):
    log = tmp_path / "match.jsonl"
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "1", "--seed", "7", "--log", str(log)]) == 0
    lines = log.read_text().splitlines()
    header, events, end = json.loads(lines[0]), [json.loads(x) for x in lines[1:-1]], json.loads(lines[-1])
    assert header["kind"] == "header" and header["seed"] == 7
    assert end["kind"] == "end"  # written once the match has finished
    assert all({"turn", "clock", "phasing", "ref", "kind"} <= set(e) for e in events)
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    story = capsys.readouterr().out
    assert "Blue passes" in story and "[4.7.3]" in story and "Full time" in story


def test_unknown_agent_and_rule_are_clear_errors(capsys):
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "--home", "coahc"]) == 2
    assert "did you mean 'coach'" in capsys.readouterr().err
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "--with", "A66", "-n", "1"]) == 1
    assert "unknown rule 'A66'" in capsys.readouterr().err


def test_replay_of_a_broken_log_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "header"}\nnot json\n')
    assert main(["replay", str(bad)]) == 1
    assert "bad.jsonl:2:1: error: not a JSON line" in capsys.readouterr().err


def test_match_driver_offers_options_and_takes_choices(edition):
    m = Match(edition, seed=3)
    assert m.decision.label == "formation" and "4-4-2" in m.options()
    m.choose(m.options().index("4-4-2"))
    assert m.decision.team == "away"
    with pytest.raises(IllegalChoice):
        m.choose(99)


def test_a_paused_match_copies_as_its_seed_and_answers(edition):
    m = Match(edition, seed=4)
    for _ in range(30):
        m.choose(0)
    c = m.copy()
    assert c.events == m.events and c.decision == m.decision
    c.choose(len(c.options()) - 1)
    assert m.events != c.events


def test_play_lists_the_options_and_takes_a_typed_number(monkeypatch, capsys):
    answers = iter(["9", "0", "q"])  # a wrong number is asked again; 0 picks; q stops
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["--root", EDITIONS, "play", "2024-draft", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Blue (home): formation" in out and "  0: 4-4-2" in out
    assert "please type one of the numbers" in out


def test_a_sequence_passes_what_outlives_a_match_to_the_next(edition, monkeypatch):
    """With --sequence, each match starts from what the previous one carried."""
    from fuba_rules.sim import batch

    seen = []
    real = batch.play

    def spy(*args, carry=None, **kw):
        seen.append(carry)
        r = real(*args, **kw)
        return r.__class__(r.seed, r.score, r.tally, r.metrics, r.events, r.decisions, {"n": len(seen)})

    monkeypatch.setattr(batch, "play", spy)
    batch.simulate(edition, 3, seed=1, sequence=True)
    assert seen == [{}, {"n": 1}, {"n": 2}]
    seen.clear()
    batch.simulate(edition, 2, seed=1)
    assert seen == [None, None]


def test_skills_come_from_a_team_file(tmp_path, capsys):
    teams = tmp_path / "teams.yaml"
    teams.write_text("home:\n  skills: [Regista, Target man]\naway:\n  skills: [Gegenpressing]\n")
    args = ["--root", EDITIONS, "simulate", "2024-draft", "-n", "1", "--with", "A1,A12", "--teams", str(teams), "--json"]
    assert main(args) == 0
    teams.write_text("home:\n  skills: [Regista, Targetman]\n")
    assert main(args) == 1
    assert "teams.yaml:2:21: error: unknown skill 'Targetman' (did you mean 'Target man'?)" in capsys.readouterr().err


def test_check_prints_a_warning_and_still_passes(tmp_path, capsys):
    """A modifier row in a group no rule sums can never apply: check says so, without failing."""
    mod = tmp_path / "unused.yaml"
    mod.write_text(
        "schema_version: 1\nid: mods/unused\nextends: 2024-draft\nmodifiers:\n"
        "  lonely:\n    group: nobody_sums_this\n    ref: mod\n    value: 1\n"
    )
    assert main(["--root", EDITIONS, "check", str(mod)]) == 0
    captured = capsys.readouterr()
    assert "unused.yaml:5:3: warning: modifier 'lonely' is in group 'nobody_sums_this', which no rule uses" in captured.err
    assert ": ok (" in captured.out
