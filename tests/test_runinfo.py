"""Every run says what it was (issue 37, item 7): the summary, `--json`, `--out` and
`--log` name the edition, each mod (its path from where the command ran, and a hash of
its content), the rules switched on, skills, team file, agents, seed and fuba version;
`fuba replay` shows it; a log never keeps a mod's absolute path; old logs still read."""

import json
import shutil
from pathlib import Path

import pytest

from fuba_rules.cli import main
from fuba_rules.sim.runinfo import RunConfig, fuba_version
from fuba_rules.sim.setup import MatchSetup

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = str(ROOT / "editions")
MOD = ROOT / "editions" / "mods" / "long-range-shooting.yaml"
TEAMS = ROOT / "editions" / "teams" / "example.yaml"


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A folder holding a copy of the mod, where the command runs."""
    (tmp_path / "mods").mkdir()
    shutil.copy(MOD, tmp_path / "mods" / "long.yaml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *args):
    code = main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "2", "-j", "1", "--seed", "3", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_the_summary_names_mods_rules_skills_team_file_agents_seed_and_version(here, capsys):
    out = run(capsys, "--mod", "mods/long.yaml", "--with", "A1", "--teams", str(TEAMS), "--away", "random")
    head = out.split("\n\n")[0]
    digest = RunConfig.of("x", 0, MatchSetup(("a", "b")), mods=["mods/long.yaml"]).mods[0].sha256
    assert f"mod mods/long.yaml (sha256 {digest})" in head
    assert "rules switched on: A1" in head
    assert "home skills:" in head and "team file " in head
    assert "agents coach (home) vs random (away), seed 3" in head
    assert f"fuba {fuba_version()}" in head


def test_a_run_without_a_mod_says_so_apart_from_one_with_it(here, capsys):
    plain = run(capsys).split("\n\n")[0]
    modded = run(capsys, "--mod", "mods/long.yaml").split("\n\n")[0]
    assert plain != modded and "mod " not in plain


def test_json_out_and_log_keep_the_same_record_without_absolute_paths(here, capsys):
    out = json.loads(run(capsys, "--json", "--mod", str(here / "mods" / "long.yaml"), "--out", "o.jsonl", "--log", "m.jsonl"))
    record = out["run"]
    assert record["mods"][0]["path"] == "mods/long.yaml" and len(record["mods"][0]["sha256"]) == 16
    results = json.loads(Path("o.jsonl").read_text().splitlines()[0])
    log = json.loads(Path("m.jsonl").read_text().splitlines()[0])
    for header in (results, log):
        assert {k: header[k] for k in record} == record
    assert str(here) not in Path("m.jsonl").read_text() + Path("o.jsonl").read_text()


def test_replay_shows_what_the_match_was(here, capsys):
    run(capsys, "--mod", "mods/long.yaml", "--with", "A1", "--log", "m.jsonl")
    assert main(["replay", "m.jsonl"]) == 0
    out = capsys.readouterr().out
    assert "mod mods/long.yaml (sha256 " in out and "rules switched on: A1" in out


def test_an_old_log_with_an_absolute_mod_path_and_no_version_still_replays(here, capsys):
    header = {"kind": "header", "edition": "2024-draft", "seed": 7, "agents": ["coach", "coach"], "mods": ["/home/someone/long.yaml"], "rules": [], "skills": {}}
    Path("old.jsonl").write_text(json.dumps(header) + "\n" + json.dumps({"kind": "end"}) + "\n")
    assert main(["replay", "old.jsonl"]) == 0
    out = capsys.readouterr().out
    assert "mod /home/someone/long.yaml" in out and "fuba unknown" in out


def test_a_resumed_run_is_the_same_run_when_the_mod_is_the_same_content(here, capsys):
    run(capsys, "--mod", "mods/long.yaml", "--out", "o.jsonl")
    (here / "mods" / "long.yaml").write_text(MOD.read_text() + "\n# edited\n")
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "3", "-j", "1", "--seed", "3", "--mod", "mods/long.yaml", "--resume", "o.jsonl"]) == 1
    assert "this file is from another run: mods" in capsys.readouterr().err
