"""Only pages the board serves may use it (issue 38, item 2).

A page of another site can make the user's browser send requests to 127.0.0.1, and DNS
rebinding can point a foreign name at it. So `Host` must name the served address
(a loopback name or the bound address, with the served port) and an `Origin`, when
sent, must be that same address; the rest get a 403 that says why. No CORS header is
ever sent, so a browser never shows a foreign page an answer.
"""

from __future__ import annotations

import pytest

from fuba_rules.web.gate import Served

from webkit import SERVED

PORT = SERVED.port


def test_a_page_of_another_site_cannot_start_a_game_even_with_a_text_plain_post(client):
    before = client.get("/api/games/1").status_code
    r = client.post("/api/games", content='{"edition": "2.0"}', headers={"Origin": "http://evil.example", "Content-Type": "text/plain"})
    assert r.status_code == 403
    assert r.json()["error"] == f"refused: a page from 'http://evil.example' may not use this board; only the pages it serves at http://127.0.0.1:{PORT}/ may"
    assert "access-control-allow-origin" not in r.headers
    assert client.get("/api/games/1").status_code == before, "no game was started"


def test_dns_rebinding_a_foreign_name_to_this_computer_is_refused(client):
    for path in ("/api/config", "/", "/static/app.js"):
        r = client.get(path, headers={"Host": f"evil.example:{PORT}"})
        assert r.status_code == 403
        assert r.json()["error"].startswith(f"refused: Host 'evil.example:{PORT}' is not this board's address; open http://127.0.0.1:{PORT}/")


@pytest.mark.parametrize("host", [f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}", f"LOCALHOST:{PORT}"])
def test_the_loopback_names_with_the_served_port_are_served(client, host):
    assert client.get("/api/config", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", f"127.0.0.1:{PORT + 1}", "evil.example", f"localhost.evil.example:{PORT}", f"user@127.0.0.1:{PORT}",
     f"127.0.0.1:{PORT}/x", "127.0.0.1:port", ""],
)
def test_any_other_host_is_refused(client, host):
    assert client.get("/api/config", headers={"Host": host}).status_code == 403


@pytest.mark.parametrize(
    ("origin", "status"),
    [
        (f"http://127.0.0.1:{PORT}", 200),
        (f"http://localhost:{PORT}", 200),
        ("http://evil.example", 403),
        (f"http://evil.example:{PORT}", 403),
        (f"http://127.0.0.1:{PORT + 1}", 403),
        (f"https://127.0.0.1:{PORT}", 403),
        ("null", 403),  # a sandboxed frame or a file:// page
    ],
)
def test_a_post_is_served_only_from_the_boards_own_pages(client, origin, status):
    r = client.post("/api/replay", json={"edition": "2.0", "seed": 1}, headers={"Origin": origin})
    assert r.status_code == status, r.text


def test_a_page_of_another_site_may_link_to_the_board_but_not_fetch_from_it(client):
    linked = client.get("/", headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"})
    assert linked.status_code == 200
    for mode in ("no-cors", "cors"):  # an <img src> or a fetch: a browser sends no Origin on such a GET
        r = client.get("/api/edition/2.0", headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": mode})
        assert r.status_code == 403 and "a page of another site may not use this board" in r.json()["error"]
    assert client.get("/api/config", headers={"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}).status_code == 200


def test_a_cors_preflight_gets_no_permission(client):
    r = client.options("/api/games", headers={"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
    assert r.status_code == 403 and not any(h.startswith("access-control-") for h in r.headers)


def test_a_post_that_is_not_json_is_refused_even_from_the_board_itself(client):
    r = client.post("/api/games", content='{"edition": "2.0"}', headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and "send the request as JSON (Content-Type: application/json)" in r.json()["error"]


def test_a_board_bound_to_every_address_takes_address_literals_but_no_foreign_name():
    served = Served("0.0.0.0", 8000)  # noqa: S104 - `fuba serve --host 0.0.0.0`
    assert served.refusal("192.168.1.20:8000", "http://192.168.1.20:8000") is None
    assert served.refusal("localhost:8000", None) is None
    assert served.refusal("evil.example:8000", None) is not None
    assert served.refusal("192.168.1.20:8000", "http://evil.example") is not None
    assert served.url == "http://localhost:8000/"


def test_a_board_bound_to_one_address_takes_that_address_and_loopback_names():
    served = Served("192.168.1.20", 8000)
    assert served.refusal("192.168.1.20:8000", None) is None
    assert served.refusal("192.168.1.21:8000", None) is not None
    ipv6 = Served("::1", 8000)
    assert ipv6.refusal("[::1]:8000", "http://[::1]:8000") is None and ipv6.url == "http://[::1]:8000/"
