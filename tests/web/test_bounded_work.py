"""Every request is bounded, and its problems are a 4xx in plain words (issue 38, item 3).

A body is refused past MAX_BODY_BYTES before it is held whole, and JSON past
MAX_JSON_DEPTH; odd values get a message, never a 500 or Python's own words. The engine
runs in MAX_WORKERS threads with at most MAX_WAITING requests waiting, each request
within WORK_SECONDS, and the search budgets a request or a log asks for are capped.
"""

from __future__ import annotations

import json
import threading

import pytest

from fuba_rules.cli import main
from fuba_rules.web.intake import Refused
from fuba_rules.web.limits import MAX_BODY_BYTES, MAX_JSON_DEPTH, MAX_SEARCH_PLAYOUTS
from fuba_rules.web.session import Game
from fuba_rules.web.work import Overrun, Workers

from webkit import board_client


def test_deeply_nested_json_is_a_400_with_a_message_not_a_traceback(client):
    for depth in (MAX_JSON_DEPTH + 1, 100_000):
        r = client.post("/api/replay", content="[" * depth + "]" * depth, headers={"Content-Type": "application/json"})
        assert r.status_code == 400
        assert r.json() == {"error": f"the request body nests deeper than {MAX_JSON_DEPTH} levels"}
    r = client.post("/api/games", json={"edition": "2.0", "skills": {"home": [[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]}})
    assert r.status_code == 400 and "nests deeper" in r.json()["error"]


def test_a_body_past_the_cap_is_refused_from_its_length_before_it_is_read(client):
    r = client.post("/api/replay", content=b" " * (MAX_BODY_BYTES + 1), headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"] == f"the request body is larger than {MAX_BODY_BYTES} bytes (the board's limit; a match log is about 0.5 MB)"


def test_a_body_past_the_cap_without_a_length_is_cut_off_as_it_streams(client):
    def chunks():
        for _ in range(MAX_BODY_BYTES // 65536 + 64):
            yield b" " * 65536

    r = client.post("/api/replay", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"edition": ["2.0"]}, "edition must be an edition id, got ['2.0']"),
        ({"edition": "2.0", "skills": {"home": 5}}, "skills of home must be a list of skill names"),
        ({"edition": "2.0", "skills": ["x"]}, "skills must be {home: [...], away: [...]}"),
        ({"edition": "2.0", "agent": "search:2000000"}, f"thinks longer than the board allows: at most search:{MAX_SEARCH_PLAYOUTS}"),
        ({"edition": "2.0", "agent": "search:3600s"}, "thinks longer than the board allows"),
        ({"edition": "2.0", "agent": "search:x"}, "a search budget is"),
    ],
)
def test_odd_values_in_a_new_game_are_a_400_in_plain_words(client, body, message):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and message in r.json()["error"]


def log_lines(**header) -> list[str]:
    base = {"kind": "header", "edition": "2.0", "seed": 1, "agents": ["coach", "coach"], "rules": [], "skills": {"home": [], "away": []}}
    return [json.dumps({**base, **header})]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (log_lines(answers="0,1"), "the log header's answers must be a list of option numbers"),
        (log_lines(rules=[["A1"]]), "the log header's rules must be a list of rule names"),
        (log_lines(rules=["A99"]), "the log header: unknown rule 'A99'"),
        (log_lines(skills={"home": "Sharp"}), "skills of home must be a list of skill names"),
        (log_lines(edition=""), "the log header names no edition"),
        ([*log_lines(seed=5), json.dumps({"kind": "place", "team": "middle", "to": "nowhere"})], "the log's event 1 ('place') does not fit 2.0"),
    ],
)
def test_an_odd_log_is_a_400_in_plain_words(client, lines, message):
    r = client.post("/api/replay", json={"log": "\n".join(lines)})
    assert r.status_code == 400, r.text
    assert message in r.json()["error"]


def test_a_log_naming_a_huge_search_budget_is_rebuilt_from_its_events_not_played_again(client, tmp_path):
    """The log of issue 38 named `search:2000000`: its re-run would never finish."""
    log = tmp_path / "m.jsonl"
    assert main(["simulate", "2.0", "-n", "1", "--seed", "3", "--log", str(log)]) == 0
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    header["agents"] = ["search:2000000", "coach"]
    r = client.post("/api/replay", json={"log": "\n".join([json.dumps(header), *lines[1:]])})
    assert r.status_code == 200, r.text
    data = r.json()
    assert not data["exact"]
    assert data["note"].startswith("the board does not re-run this log (agent 'search:2000000' thinks longer than the board allows")
    assert "so the board is rebuilt from the logged events" in data["note"]


@pytest.fixture
def no_time(library):
    """A board whose time budget for a request is spent before the first decision."""
    with board_client(library, Workers(seconds=0)) as c:
        yield c


def test_a_game_past_the_time_budget_is_a_503_and_starts_nothing(no_time):
    r = no_time.post("/api/games", json={"edition": "2.0", "seed": 1})
    assert r.status_code == 503
    assert r.json()["error"] == "stopped: this request needed more than 0 s of the engine (the board's limit)"


def test_a_log_whose_rerun_passes_the_time_budget_is_rebuilt_from_its_events(no_time, tmp_path):
    log = tmp_path / "m.jsonl"
    assert main(["simulate", "2.0", "-n", "1", "--seed", "3", "--log", str(log)]) == 0
    data = no_time.post("/api/replay", json={"log": log.read_text()}).json()
    assert not data["exact"] and data["note"].startswith("re-running the match took longer than the board allows")


def test_a_move_past_the_time_budget_leaves_the_game_where_it_was(client, monkeypatch):
    game = client.post("/api/games", json={"edition": "2.0", "seed": 1}).json()

    def overrun():
        raise Overrun

    monkeypatch.setattr("fuba_rules.web.session.check", overrun)
    r = client.post(f"/api/games/{game['id']}/choose", json={"index": 0})
    assert r.status_code == 503
    monkeypatch.undo()
    after = client.get(f"/api/games/{game['id']}").json()
    assert (after["own"], after["state"]) == (0, game["state"])


def test_a_busy_game_refuses_a_second_move_instead_of_holding_a_worker(library):
    game = Game(library.get("2.0"), 1, "home")
    with game._lock:  # a first move still re-running the match
        with pytest.raises(Refused) as refused:
            game.choose(0)
    assert (refused.value.status, refused.value.message) == (409, "this game is still working on your last decision")
    assert game.own == []


def test_while_the_workers_are_taken_the_page_answers_and_a_flood_is_refused_at_once(library, monkeypatch):
    workers = Workers(workers=1, waiting=0)
    release, started = threading.Event(), threading.Event()
    real_get = library.get

    def slow_get(edition_id):
        if edition_id == "2.0":
            started.set()
            release.wait(120)
        return real_get(edition_id)

    monkeypatch.setattr(library, "get", slow_get)
    with board_client(library, workers) as c:
        first = []
        holder = threading.Thread(target=lambda: first.append(c.get("/api/edition/2.0")), daemon=True)
        holder.start()
        assert started.wait(120)
        try:
            assert c.get("/api/config").status_code == 200, "the page's cheap answers never wait for a worker"
            busy = c.post("/api/replay", json={"edition": "world-cup-2015", "seed": 1})
            assert busy.status_code == 503
            assert busy.json()["error"] == "the board is busy: 1 requests are running or waiting; try again in a moment"
        finally:
            release.set()
            holder.join(120)
        assert first[0].status_code == 200
