"""The web board's JSON API, for every edition: the board, play with undo, and replay.

What the page shows must be the engine's state: a game's view is compared with a
`Match` driven by the same seed and answers, and a replay's views with a re-run.
"""

from __future__ import annotations

import json

import pytest

from fuba_rules.cli import main
from fuba_rules.engine.driver import Match
from fuba_rules.sim.narrate import narrate
from fuba_rules.sim.play import new_match
from fuba_rules.web.app import Library
from fuba_rules.web.replay import from_events, from_header
from fuba_rules.web.views import option_view, state_view

from webkit import ALL, EDITIONS, board_client


def engine_view(ed, game: dict) -> dict:
    """The state the step driver reaches with the game's seed and answers."""
    header = game["header"]
    m = Match(ed, header["seed"], header["rules"], header["skills"], header["answers"])
    return json.loads(json.dumps(state_view(m.state)))


def start(client, edition: str, **extra) -> dict:
    r = client.post("/api/games", json={"edition": edition, "seed": 3, "human": "home", **extra})
    assert r.status_code == 200, r.text
    return r.json()


def header_of(client, gid: str) -> dict:
    first = client.get(f"/api/games/{gid}/log").text.splitlines()[0]
    return json.loads(first)


def test_config_lists_every_edition_and_agent(client):
    config = client.get("/api/config").json()
    assert set(ALL) <= set(config["editions"])
    assert config["edition"] == "2024-draft"
    assert {"coach", "random"} <= set(config["agents"])


@pytest.mark.parametrize("edition", ALL)
def test_the_edition_view_is_the_board_and_the_declared_state(client, library, edition):
    view = client.get(f"/api/edition/{edition}").json()
    ed = library.get(edition)
    assert [a["id"] for a in view["board"]["areas"]] == list(ed.board.areas)
    assert len(view["board"]["areas"]) == 13 and len(view["board"]["spots"]) == 4
    assert {a["lane"] for a in view["board"]["areas"]} == {"left", "centre", "right"}
    assert set(view["state"]) == set(ed.state)
    assert any(spec["type"] == "area" for spec in view["state"].values()), "something to draw on the board"
    assert view["match"]["score"] in view["state"] and view["match"]["clock"] in view["state"]


@pytest.mark.parametrize("edition", ALL)
def test_a_game_stops_at_the_persons_decision_and_shows_the_engines_state(client, library, edition):
    game = start(client, edition)
    ed = library.get(edition)
    for _ in range(12):
        d = game["decision"]
        assert d["team"] == "home" and d["ref"], "the person's decision, with its chapter"
        assert engine_view(ed, {"header": header_of(client, game["id"])}) == game["state"]
        r = client.post(f"/api/games/{game['id']}/choose", json={"index": len(d["options"]) - 1})
        assert r.status_code == 200, r.text
        game = {**r.json(), "id": game["id"]}
    assert game["steps"] and all("line" in s and "ref" in s for s in game["steps"])


@pytest.mark.parametrize("edition", ALL)
def test_undo_takes_back_the_last_own_decision_and_the_agents_replies(client, edition):
    game = start(client, edition, human="away")
    gid = game["id"]
    views = [game]
    for _ in range(6):
        views.append(client.post(f"/api/games/{gid}/choose", json={"index": 0}).json())
    for before in reversed(views[:-1]):
        after = client.post(f"/api/games/{gid}/undo", json={}).json()
        assert (after["state"], after["decision"], after["own"]) == (before["state"], before["decision"], before["own"])
    assert not after["can_undo"]
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 400


def test_options_that_name_areas_are_clicked_in_order_and_read_as_the_board_names_them(library):
    board = library.get("2.0").board
    areas = frozenset(board.areas) | frozenset(board.spots)
    move = {"from": "centre", "to": "away_front", "keeper": True, "ball": False}
    assert option_view(move, board, areas) == {
        "label": "{from: centre, to: away_front, keeper: yes, ball: no}",
        "text": "Centre area → Away front area (keeper yes)",
        "areas": ["centre", "away_front"],
    }
    assert option_view("home_left_spot", board, areas)["areas"] == ["home_left_spot"]
    assert option_view("pass", board, areas) == {"label": "pass", "text": "pass", "areas": []}
    assert option_view(None, board, areas)["text"] == "(none)"


def test_a_setup_decision_offers_the_areas_to_click(client):
    game = start(client, "2024-draft")
    gid = game["id"]
    while not any(o["areas"] for o in game["decision"]["options"]):
        game = client.post(f"/api/games/{gid}/choose", json={"index": 0}).json()
    assert all(o["areas"] == [o["label"]] for o in game["decision"]["options"])


@pytest.mark.parametrize("edition", ALL)
def test_a_replay_of_a_seed_matches_a_rerun_at_every_step(client, library, edition):
    data = client.post("/api/replay", json={"edition": edition, "seed": 11, "agents": ["coach", "random"]}).json()
    ed = library.get(edition)
    m = new_match(ed, 11, ("coach", "random"), data["header"]["rules"], data["header"]["skills"])
    m.run()
    assert data["exact"]
    assert [s["line"] for s in data["steps"]] == [line.strip() for line in narrate(m.events, data["header"]["teams"])]
    assert len(data["views"]) == len(data["steps"])
    assert data["views"][-1] == json.loads(json.dumps(state_view(m)))
    assert any(s["dice"] for s in data["steps"]), "the dice are shown"


@pytest.mark.parametrize("edition", ALL)
def test_a_log_from_simulate_replays_exactly(client, offered, edition):
    log = offered / "match.jsonl"
    assert main(["simulate", edition, "-n", "1", "--seed", "4", "--log", str(log)]) == 0
    by_path = client.post("/api/replay", json={"path": "match.jsonl"}).json()
    uploaded = client.post("/api/replay", json={"log": log.read_text()}).json()
    assert by_path["exact"] and "every event matches" in by_path["note"]
    assert uploaded["views"] == by_path["views"]


def test_a_log_the_header_does_not_reproduce_is_rebuilt_from_its_events(client, offered):
    log = offered / "match.jsonl"
    assert main(["simulate", "world-cup-2015", "-n", "1", "--seed", "4", "--log", str(log)]) == 0
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    header["seed"] = 5
    data = client.post("/api/replay", json={"log": "\n".join([json.dumps(header), *lines[1:]])}).json()
    exact = client.post("/api/replay", json={"path": "match.jsonl"}).json()
    assert not data["exact"] and "differs from the log at event" in data["note"]
    assert [v["pieces"] for v in data["views"]] == [v["pieces"] for v in exact["views"]]


@pytest.mark.parametrize("edition", ALL)
def test_events_alone_give_the_pieces_exactly_but_not_state_reset_by_scope(library, edition):
    """Why the replay re-runs the match: a scope reset emits no event."""
    ed = library.get(edition)
    header = {"seed": 2, "agents": ["random", "coach"], "rules": [], "skills": {}}
    rerun = from_header(ed, header)
    logged = json.loads(json.dumps(rerun_events(ed, header)))
    applied = from_events(ed, header, logged, "")
    assert len(applied.views) == len(rerun.views)
    for a, b in zip(rerun.views, applied.views, strict=True):
        assert (a["pieces"], a["keeper"], a["unplaced"], a["sent_off"]) == (b["pieces"], b["keeper"], b["unplaced"], b["sent_off"])
        differ = {k for k in a["S"] if a["S"][k] != b["S"][k]}
        assert all(ed.state[k].reset != "never" for k in differ), differ


def rerun_events(ed, header):
    m = new_match(ed, header["seed"], tuple(header["agents"]))
    m.run()
    return m.events


def test_a_played_game_saves_a_log_that_replays_exactly(client):
    game = start(client, "2.0")
    for _ in range(5):
        game = {**client.post(f"/api/games/{game['id']}/choose", json={"index": 0}).json(), "id": game["id"]}
    text = client.get(f"/api/games/{game['id']}/log").text
    header = json.loads(text.splitlines()[0])
    assert header["agents"] == ["person", "coach"] and header["answers"]
    data = client.post("/api/replay", json={"log": text}).json()
    assert data["exact"]
    assert data["views"][-1] == game["state"]


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/api/games", {"edition": "2024-drafts"}, 400, "did you mean '2024-draft'"),
        ("/api/games", {"edition": "2.0", "seed": "x"}, 400, "seed must be a whole number"),
        ("/api/games", {"edition": "2.0", "rules": ["A99"]}, 400, "unknown rule 'A99'"),
        ("/api/games", {"edition": "2.0", "agent": "coch"}, 400, "did you mean 'coach'"),
        ("/api/games/999/choose", {"index": 0}, 404, "no game 999"),
        ("/api/replay", {"log": '{"kind": "header", "edition": "2.0"}\nnot json'}, 400, "the uploaded log:2:1: error: not a JSON line"),
        ("/api/replay", {"log": '{"kind": "move"}'}, 400, "the first line must be its header"),
        ("/api/replay", {"path": "/nonexistent/match.jsonl"}, 403, "this board reads no file: upload the log"),
        ("/api/replay", {"edition": "2.0", "agents": ["coach"]}, 400, "agents must be two of"),
    ],
)
def test_bad_requests_get_a_message_not_a_traceback(client, path, body, status, message):
    r = client.post(path, json=body)
    assert r.status_code == status
    assert message in r.json()["error"]


def test_an_illegal_choice_is_refused(client):
    game = start(client, "world-cup-2015")
    r = client.post(f"/api/games/{game['id']}/choose", json={"index": 99})
    assert r.status_code == 400 and "option 99 does not exist" in r.json()["error"]


def test_the_page_and_its_modules_are_served(client):
    assert "FUBA board" in client.get("/").text
    for name in ("app.js", "board.js", "panel.js", "style.css", "ball.svg"):
        assert client.get(f"/static/{name}").status_code == 200


def test_a_rule_fault_in_a_mod_is_reported_at_its_line(tmp_path):
    mod = tmp_path / "faulty.yaml"
    mod.write_text(
        'schema_version: 1\nid: mods/faulty\ntitle: "A hook that writes a team that does not exist"\nextends: "2.0"\n'
        'hooks:\n  broken:\n    ref: "mod"\n    at: pressing_done\n    do: |\n      set score["middle"] = 1\n'
    )
    served = Library(EDITIONS, str(EDITIONS / "2.0"), [mod])  # as `fuba serve editions/2.0 --mod faulty.yaml`
    served.get(served.edition)
    with board_client(served) as c:
        assert c.get("/api/config").json()["edition"] == "2.0", "the page names the served edition by its id"
        r = c.post("/api/replay", json={"edition": "2.0", "seed": 1})
        assert r.status_code == 400
        assert r.json()["error"] == f"{mod}:10:11: error: rule fault: 'score' has no entry middle"
        game = c.post("/api/games", json={"seed": 1, "human": "home"}).json()
        for _ in range(200):
            r = c.post(f"/api/games/{game['id']}/choose", json={"index": 0})
            if r.status_code != 200:
                break
        assert r.status_code == 400 and "rule fault" in r.json()["error"]
        assert c.get(f"/api/games/{game['id']}").status_code == 200, "the game stays at the decision before the fault"
