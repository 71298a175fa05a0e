"""Playtest records and the odds endpoint (issue 42), through the board's JSON API."""

from __future__ import annotations

import json
from fractions import Fraction

from fuba_rules.cli import main
from fuba_rules.web.app import Library
from fuba_rules.web.work import Overrun

from webkit import EDITIONS, board_client

MOD = EDITIONS / "mods" / "long-range-shooting.yaml"


def test_a_game_saved_from_the_board_names_its_edition_mods_and_seed_and_replays_exactly(tmp_path):
    served = Library(EDITIONS, str(EDITIONS / "2024-draft"), [MOD])  # as `fuba serve editions/2024-draft --mod ...`
    served.get(served.edition)
    with board_client(served) as c:
        game = c.post("/api/games", json={"seed": 4, "human": "away"}).json()
        for _ in range(12):
            c.post(f"/api/games/{game['id']}/choose", json={"index": 0})
        text = c.get(f"/api/games/{game['id']}/log").text
        header = json.loads(text.splitlines()[0])
        assert (header["edition"], header["seed"], header["mods"]) == ("2024-draft", 4, [str(MOD.resolve())])
        assert header["agents"] == ["coach", "person"]
        again = c.post("/api/replay", json={"log": text}).json()
        assert again["exact"], again["note"]
    log = tmp_path / "playtest.jsonl"
    log.write_text(text)
    assert main(["--root", str(EDITIONS), "replay", str(log)]) == 1  # narrated to where it stopped: the match goes on


def test_the_odds_of_each_option_come_from_a_worker_within_the_time_budget(client, monkeypatch):
    game = client.post("/api/games", json={"edition": "2.0", "seed": 2}).json()
    assert client.get(f"/api/games/{game['id']}/progress").json() == {"busy": False}  # waiting for the person
    found = client.get(f"/api/games/{game['id']}/odds").json()
    assert found["agent"] == "coach"
    assert [row["option"] for row in found["options"]] == list(range(len(game["decision"]["options"])))
    for row in found["options"]:
        for measure in row["measures"]:
            assert row["note"] or sum(Fraction(o["exact"]) for o in measure["odds"]) == 1

    c2 = client.post("/api/games", json={"edition": "2.0", "seed": 3}).json()  # a position not cached yet

    def overrun():
        raise Overrun

    monkeypatch.setattr("fuba_rules.web.session.check", overrun)
    r = client.get(f"/api/games/{c2['id']}/odds")
    assert r.status_code == 503 and r.json()["error"].startswith("stopped: this request needed more than")
