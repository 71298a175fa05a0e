"""The board reads only the logs its user offered (issue 38, item 1).

A log reaches the board uploaded by the page, or by its name inside the folder
`fuba serve --logs DIR` offers, under the rules `extends` obeys: never `..` out of the
folder, never a link out, a regular file of at most MAX_LOG_BYTES. Without the folder
no path is read at all, so a page cannot learn what files the computer holds.
"""

from __future__ import annotations

import json
import os
import threading

import pytest

from fuba_rules.cli import main
from fuba_rules.web.limits import MAX_LOG_BYTES


@pytest.fixture
def secret(tmp_path):
    """A JSON-lines file outside the offered folder, shaped like a log so it would parse."""
    path = tmp_path / "secret.jsonl"
    path.write_text(json.dumps({"kind": "header", "edition": "2.0", "seed": 1, "agents": ["coach", "coach"], "token": "hunter2"}) + "\n")
    return path


def test_without_a_folder_no_path_is_read_not_even_one_that_exists(client, secret):
    for path in (str(secret), "/etc/passwd", "/nonexistent/match.jsonl"):
        r = client.post("/api/replay", json={"path": path})
        assert r.status_code == 403
        assert r.json()["error"].startswith("this board reads no file: upload the log, or start it with `fuba serve --logs DIR`")
        assert "hunter2" not in r.text


def test_a_log_in_the_offered_folder_opens_by_its_name_also_in_a_subfolder(client, offered):
    (offered / "runs").mkdir()
    assert main(["simulate", "2.0", "-n", "1", "--seed", "2", "--log", str(offered / "runs" / "m.jsonl")]) == 0
    r = client.post("/api/replay", json={"path": "runs/m.jsonl"})
    assert r.status_code == 200, r.text
    assert r.json()["exact"]
    assert client.get("/api/config").json()["logs"].endswith("logs"), "the page learns that logs are offered"


@pytest.mark.parametrize(
    ("make", "name", "status", "message"),
    [
        (lambda folder, secret: None, "../secret.jsonl", 403, "cannot read '../secret.jsonl': it is outside"),
        (lambda folder, secret: None, "runs/../../secret.jsonl", 403, "it is outside"),
        (lambda folder, secret: None, "{secret}", 403, "name a log by its path inside"),
        (lambda folder, secret: None, "~/secret.jsonl", 403, "name a log by its path inside"),
        (lambda folder, secret: (folder / "link.jsonl").symlink_to(secret), "link.jsonl", 403, "a symbolic link leading outside"),
        (lambda folder, secret: (folder / "zero").symlink_to("/dev/zero"), "zero", 403, "a symbolic link leading outside"),
        (lambda folder, secret: (folder / "out").symlink_to(secret.parent), "out/secret.jsonl", 403, "a symbolic link leading outside"),
        (lambda folder, secret: os.link(secret, folder / "hard.jsonl"), "hard.jsonl", 403, "another hard link"),
        (lambda folder, secret: (folder / "sub").mkdir(), "sub", 403, "not a regular file"),
        (lambda folder, secret: None, "missing.jsonl", 404, "cannot read 'missing.jsonl'"),
        (lambda folder, secret: None, "a\0b", 403, "not a file name"),
    ],
)
def test_a_path_out_of_the_offered_folder_is_refused_and_nothing_of_it_is_shown(client, offered, secret, make, name, status, message):
    make(offered, secret)
    r = client.post("/api/replay", json={"path": name.format(secret=secret)})
    assert (r.status_code, "hunter2" in r.text) == (status, False)
    assert message in r.json()["error"]


def test_a_fifo_in_the_folder_is_refused_at_once_never_waited_on(client, offered):
    os.mkfifo(offered / "pipe.jsonl")
    answer = []
    asking = threading.Thread(target=lambda: answer.append(client.post("/api/replay", json={"path": "pipe.jsonl"})), daemon=True)
    asking.start()
    asking.join(120)  # a read waiting for a writer would never return: the check fails instead of hanging
    assert answer, "the board waited on a FIFO"
    assert answer[0].status_code == 403 and "not a regular file" in answer[0].json()["error"]


def test_a_log_larger_than_the_cap_is_refused_without_reading_it_whole(client, offered):
    with open(offered / "huge.jsonl", "wb") as f:
        f.truncate(MAX_LOG_BYTES + 1)  # sparse: no disk used
    r = client.post("/api/replay", json={"path": "huge.jsonl"})
    assert r.status_code == 413 and f"larger than {MAX_LOG_BYTES} bytes" in r.json()["error"]

