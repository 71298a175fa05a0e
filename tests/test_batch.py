"""Batches of matches: worker processes and clusters give the figures of one process,
interrupted runs keep their work and resume to the same answer, faults keep the
finished matches."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from fuba_rules.cli import main
from fuba_rules.sim import batch, workers
from fuba_rules.sim.batch import Stop, _uninterrupted
from fuba_rules.sim.outcome import Outcome
from fuba_rules.sim.play import play_match
from fuba_rules.sim.setup import MatchSetup

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = str(ROOT / "editions")
RANDOM = ["--home", "random", "--away", "random"]

# a mod whose modifier divides by zero once a goal is scored: match seed 1 faults
LATE_FAULT = """\
schema_version: 1
id: mods/late-fault
extends: 2024-draft
modifiers:
  broken_late:
    group: goal_attempt
    ref: "mod"
    text: "a broken modifier"
    when: score[home] == 1 and score[away] == 1  # seed 0 ends 1-3 without a 1-1: its match finishes; seed 1 reaches 1-1 and a goal attempt after it
    value: 1 // 0
"""


def simulate_json(capsys, *args):
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "--json", *args]) == 0
    return capsys.readouterr().out


def test_worker_processes_give_the_same_json_as_one_process(capsys):
    one = simulate_json(capsys, "-n", "3", "--seed", "5", "-j", "1")
    two = simulate_json(capsys, "-n", "3", "--seed", "5", "-j", "2")
    assert two == one
    assert json.loads(one)["matches"] == 3


def test_forked_and_spawned_workers_play_the_matches_of_one_process():
    """On Linux a worker is forked with the parent's loaded edition; elsewhere it starts
    an interpreter and loads the edition itself. Either way each match is the one this
    process plays with the same seed."""
    source = workers.EditionSource.of("2024-draft", (), EDITIONS)
    ed = source.load()
    template = workers.Chunk(MatchSetup(("random", "random"), source=source), 0, 0, 7)
    here = [Outcome.of(i, play_match(ed, 7 + i, ("random", "random"), record=False)) for i in range(4)]
    forked = sorted(workers.run_in_processes(template, range(4), 2, edition=ed), key=lambda o: o.index)
    spawned = sorted(workers.run_in_processes(template, range(4), 2), key=lambda o: o.index)
    assert forked == spawned == here
    assert workers.start_method(None)[0].get_start_method() == "spawn"
    if sys.platform == "linux":
        assert workers.start_method(ed)[0].get_start_method() == "fork"


def test_a_dask_cluster_gives_the_same_json_as_one_process(capsys):
    distributed = pytest.importorskip("distributed")
    one = simulate_json(capsys, "-n", "3", "--seed", "5", "-j", "1")
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as cluster:
        on_cluster = simulate_json(capsys, "-n", "3", "--seed", "5", "--dask", cluster.scheduler_address)
    assert on_cluster == one


def _cluster_lost_after(played: int):
    """A stand-in for Dask distributed whose scheduler goes away once `played` one-match
    chunks are done: every later future is cancelled, and cancelling them fails too."""
    cancelled = pytest.importorskip("distributed.client").FutureCancelledError

    class Future:
        def __init__(self, play, chunk):
            self.play, self.chunk = play, chunk

        def result(self):
            if self.chunk.start >= played:
                raise cancelled("play_chunk-1", "scheduler-connection-lost")
            return self.play(self.chunk)

    class Client:
        def __init__(self, address, timeout=None):
            pass

        def scheduler_info(self):
            return {"workers": {"tcp://w:1": {}}}

        def submit(self, play, chunk, pure=False):
            return Future(play, chunk)

        def cancel(self, futures):
            raise OSError("the scheduler is gone")

        def close(self):
            pass

    return SimpleNamespace(Client=Client, as_completed=iter)


def test_losing_the_dask_scheduler_keeps_the_finished_matches_and_says_how_to_resume(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("fuba_rules.sim.cluster.distributed_module", lambda: _cluster_lost_after(2))
    out = tmp_path / "run.jsonl"
    argv = ["--root", EDITIONS, "simulate", "2024-draft", "-n", "4", *RANDOM, "--json"]
    assert main([*argv, "--dask", "tcp://scheduler:8786", "--out", str(out)]) == 1
    printed, err = capsys.readouterr()
    assert json.loads(printed)["matches"] == 2
    assert err.strip().splitlines()[-1] == (
        "fuba: error: the Dask cluster stopped answering (FutureCancelledError: play_chunk-1 cancelled for reason: "
        f"scheduler-connection-lost.) after 2 of 4 matches; `--resume {out}` plays the rest"
    )
    assert len(out.read_text().splitlines()) == 1 + 2  # the run's line and the two finished matches
    assert main([*argv, "--resume", str(out)]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert main([*argv]) == 0
    assert resumed == json.loads(capsys.readouterr().out)


def test_dask_without_the_cluster_extra_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "2", "--dask", "tcp://nowhere:8786"]) == 1
    assert 'pip install "fuba-rules[cluster]"' in capsys.readouterr().err


def test_seeds_are_cut_into_runs_of_consecutive_matches():
    assert list(workers.chunks([0, 1, 2, 3, 4], 2)) == [(0, 2), (2, 2), (4, 1)]
    assert list(workers.chunks([1, 2, 5, 6, 7], 4)) == [(1, 2), (5, 3)]  # 0, 3, 4 were done


def test_a_rule_fault_keeps_the_matches_before_it_and_names_its_seed(tmp_path, capsys):
    mod = tmp_path / "late.yaml"
    mod.write_text(LATE_FAULT)
    outputs = []
    for jobs in ("1", "2"):
        assert main(["--root", EDITIONS, "simulate", "2024-draft", "--mod", str(mod), "-n", "4", "-j", jobs]) == 1
        outputs.append(capsys.readouterr())
    out, err = outputs[0]
    assert out.startswith("2024-draft: 1 matches, seed 0")
    assert "stopped by a rule fault after 1 of 4 matches" in err
    assert ".yaml:" in err and "error: rule fault: integer division or modulo by zero (in match seed 1, minute " in err
    assert "internal error" not in err
    assert outputs[1] == outputs[0]  # the same fault and summary with two workers


@pytest.mark.parametrize(
    "value, message",
    [
        # values whose kind only shows when a match is played (the checker rejects the visible ones)
        ('"1 // (score[home] - score[home])"', "statistic 'broken' divides by zero (in match seed 0)"),
        ('"\\"abc\\" if score[home] >= 0 else 1"', "statistic 'broken' must be a number, got a text ('abc') (in match seed 0)"),
        ('"[1, 2] if score[home] >= 0 else 1"', "statistic 'broken' must be a number, got a list (in match seed 0)"),
    ],
)
def test_a_statistic_that_is_not_a_number_is_a_fault_at_its_value(tmp_path, capsys, value, message):
    mod = tmp_path / "stat.yaml"
    mod.write_text(f"schema_version: 1\nid: mods/stat\nextends: 2024-draft\nstats:\n  broken: {{text: broken, ref: mod, value: {value}}}\n")
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "--mod", str(mod), "-n", "1", "-j", "1"]) == 1
    assert f"stat.yaml:5:43: error: rule fault: {message}" in capsys.readouterr().err


# `python -m fuba_rules`, with Ctrl-C reaching it as from a terminal: a test run started
# as a background job inherits SIGINT ignored, and a program keeps an ignored SIGINT.
_AS_FROM_A_TERMINAL = "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); runpy.run_module('fuba_rules', run_name='__main__')"


def _fuba(*args, **kw):
    return subprocess.Popen([sys.executable, "-c", _AS_FROM_A_TERMINAL, "--root", EDITIONS, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=kw.get("cwd"))


def _match_lines(path: Path) -> int:
    try:
        return max(len(path.read_text().splitlines()) - 1, 0)
    except FileNotFoundError:
        return 0


@pytest.mark.parametrize("signum, jobs", [(signal.SIGINT, "1"), (signal.SIGTERM, "2")])
def test_an_interrupted_run_prints_what_finished_and_resumes_to_the_same_figures(tmp_path, capsys, signum, jobs):
    out = tmp_path / "results.jsonl"
    run = _fuba("simulate", "2024-draft", *RANDOM, "-n", "1000", "-j", jobs, "--json", "--out", str(out))
    deadline = time.monotonic() + 600
    while _match_lines(out) < 2 and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    run.send_signal(signum)
    stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 128 + signum, stderr
    kept = _match_lines(out)
    assert json.loads(stdout)["matches"] == kept >= 2
    assert f"interrupted: {kept} of 1000 matches finished; `--resume {out}` plays the rest" in stderr

    total = str(kept + 2)  # a resumed run may ask for a different number of matches
    resumed = _fuba("simulate", "2024-draft", *RANDOM, "-n", total, "-j", jobs, "--json", "--resume", str(out))
    stdout, stderr = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, stderr
    assert stdout == simulate_json(capsys, *RANDOM, "-n", total, "-j", "1")


def test_a_resumed_sequence_continues_from_what_the_last_match_passed_on(tmp_path, capsys):
    out = tmp_path / "league.jsonl"
    simulate_json(capsys, "--sequence", "-n", "2", "--out", str(out), "--with", "A13")
    resumed = simulate_json(capsys, "--sequence", "-n", "3", "--resume", str(out), "--with", "A13")
    assert resumed == simulate_json(capsys, "--sequence", "-n", "3", "--with", "A13")
    assert len(out.read_text().splitlines()) == 4


def test_results_of_another_run_are_not_resumed(tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    out.write_text(json.dumps({"kind": "fuba-simulate-results", "edition": "2024-draft", "seed": 9, "agents": ["coach", "coach"],
                               "rules": [], "skills": {"home": [], "away": []}, "mods": [], "sequence": False}) + "\n")
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "2", "--resume", str(out)]) == 1
    err = capsys.readouterr().err
    assert "results.jsonl:1:1: error: this file is from another run: seed 9 there, 0 here" in err
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "2", "--out", str(out)]) == 1
    assert "already exists: `--resume" in capsys.readouterr().err


def test_a_results_line_cut_off_mid_write_is_played_again(tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    simulate_json(capsys, "-n", "2", "-j", "1", "--out", str(out))
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:2]) + lines[2][:20])  # match 1 was being written when the run was killed
    assert simulate_json(capsys, "-n", "2", "-j", "1", "--resume", str(out)) == simulate_json(capsys, "-n", "2", "-j", "1")
    assert len(out.read_text().splitlines()) == 3


def _unwritable(tmp_path: Path) -> Path:
    if os.geteuid() == 0:  # root writes anywhere a mode allows; sysfs refuses new files
        return Path("/sys/kernel/fuba-match.jsonl")
    ro = tmp_path / "ro"
    ro.mkdir(mode=0o500)
    return ro / "match.jsonl"


@pytest.mark.parametrize(
    "where, reason",
    [
        (lambda tmp: tmp, "Is a directory"),
        (lambda tmp: tmp / "missing" / "match.jsonl", "No such file or directory"),
        (_unwritable, "Permission denied"),
    ],
)
def test_a_log_that_cannot_be_written_is_an_error_before_any_match(tmp_path, capsys, monkeypatch, where, reason):
    def no_match(*args, **kw):
        raise AssertionError("a match was played")

    monkeypatch.setattr(batch, "play", no_match)
    monkeypatch.setattr("fuba_rules.cli.simulate.run_match", no_match)
    path = where(tmp_path)
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "2", "--log", str(path)]) == 1
    assert capsys.readouterr().err == f"fuba: error: cannot write the log {path}: {reason}\n"


@pytest.mark.parametrize("option", ["--log", "--out"])
def test_an_existing_file_is_never_overwritten_by_the_log_or_the_results(tmp_path, capsys, option):
    kept = tmp_path / "kept.jsonl"
    kept.write_text("a designer's notes\n")
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "1", option, str(kept)]) == 1
    assert capsys.readouterr().err.startswith(f"fuba: error: {kept} already exists: ")
    assert kept.read_text() == "a designer's notes\n"


@pytest.mark.parametrize("option", ["--log", "--out"])
def test_a_dangling_symbolic_link_is_refused_and_its_target_never_created(tmp_path, capsys, option):
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "elsewhere.jsonl")
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "1", option, str(tmp_path / "link.jsonl")]) == 1
    assert "already exists" in capsys.readouterr().err
    assert not (tmp_path / "elsewhere.jsonl").exists()


def test_the_progress_bar_is_for_a_person_at_a_terminal(monkeypatch):
    from fuba_rules.cli.simulate import _progress

    class Args:
        json, n = False, 10

    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    with _progress(Args(), 0) as progress:
        assert progress is None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    with _progress(Args(), 0) as progress:
        progress(3)
    Args.json = True
    with _progress(Args(), 0) as progress:
        assert progress is None


def test_a_fault_in_the_logged_match_keeps_its_events_and_replay_says_it_was_cut_short(tmp_path, capsys):
    mod, log = tmp_path / "late.yaml", tmp_path / "match.jsonl"
    mod.write_text(LATE_FAULT)
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "--mod", str(mod), "-n", "1", "--seed", "1", "--log", str(log)]) == 1
    assert "(in match seed 1, minute " in capsys.readouterr().err
    assert main(["replay", str(log)]) == 1
    out, err = capsys.readouterr()
    assert out.count("\n") > 100 and "log ends early: the match was cut short" in err


@pytest.fixture
def sigterm_stops():
    def stop(signum, frame):
        raise Stop(signum)

    previous = signal.signal(signal.SIGTERM, stop)
    yield
    signal.signal(signal.SIGTERM, previous)


def test_a_signal_while_a_finished_match_is_written_and_counted_waits_for_both(sigterm_stops):
    # an interrupted run's summary must count exactly the matches its results file holds
    done = []
    with pytest.raises(Stop):
        with _uninterrupted():
            os.kill(os.getpid(), signal.SIGTERM)
            done.append("written")
            done.append("counted")
    assert done == ["written", "counted"]


def test_a_signal_landing_on_another_thread_waits_for_the_write_too(sigterm_stops):
    # a pool, a progress bar or Dask keep threads of their own: the signal may land on one
    go, sent = threading.Event(), threading.Event()

    def sender():
        go.wait()
        os.kill(os.getpid(), signal.SIGTERM)
        sent.set()

    thread = threading.Thread(target=sender)
    thread.start()  # started before the block, so it shares none of the block's signal state
    done = []
    try:
        with pytest.raises(Stop):
            with _uninterrupted():
                go.set()
                sent.wait()
                done.append("written")
                done.append("counted")
    finally:
        thread.join()
    assert done == ["written", "counted"]


def test_a_skill_in_play_that_no_match_uses_shows_as_zero(capsys):
    """`--home-skills "Quick counter"`: its cost can be paid only with A1 (off), so no match
    uses it; "skills used" says 0 for it instead of leaving it out (issue 37, item 4)."""
    mod = str(ROOT / "editions" / "mods" / "example-skills.yaml")
    argv = ["--root", EDITIONS, "simulate", "2024-draft", "--mod", mod, "--home-skills", "Quick counter", "-n", "2", "-j", "1"]
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["skills_used"] == {"Quick counter": 0}
    assert main(argv) == 0
    assert "skills used per match: Quick counter 0.00" in capsys.readouterr().out
