"""A board a person can read (issue 42), in a real browser (Debian's chromium, headless) at
1280x720: who has the ball and its value, the score and the minute, the exact odds beside
each option, markers cleared when their action ends, and labels that never overlap.

Set FUBA_SCREENSHOTS=DIR to keep the screenshots (docs/playing.md shows them).
"""

from __future__ import annotations

import json
import os
import urllib.request
from fractions import Fraction
from pathlib import Path

import pytest

from fuba_rules.choice_odds import odds_rows
from fuba_rules.engine.driver import Match
from fuba_rules.web.replay import from_header

from webkit import settle

VIEWPORT = {"width": 1280, "height": 720}  # the page fixture (conftest.py) opens the board at this size


def shot(page, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("FUBA_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path))
    return path


def game_match(library, server, page) -> Match:
    """The engine's own match for the page's game: its seed and every answer, from its log."""
    gid = page.evaluate("document.body.dataset.game")
    with urllib.request.urlopen(f"{server}/api/games/{gid}/log", timeout=60) as r:
        header = json.loads(r.read().decode().splitlines()[0])
    ed = library.get(header["edition"])
    return Match(ed, header["seed"], header["rules"], header["skills"], header["answers"])


def play_to_an_action(page) -> None:
    """Click the first option until the person is asked which action to take."""
    for _ in range(60):
        settle(page)
        if page.inner_text("#decision .ask").split(": ", 1)[1].startswith("action"):
            return
        page.click("#decision button.option[data-option='0']")
    raise AssertionError("no action decision reached")


def overlaps(boxes: list[dict]) -> list[tuple[dict, dict]]:
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]:
                out.append((a, b))
    return out


LABEL_BOXES = """() => [...document.querySelectorAll('svg .area-name, svg .labels text')].map(t => {
  const r = t.getBoundingClientRect();
  return {text: t.textContent, x: r.x, y: r.y, w: r.width, h: r.height};
}).filter(b => b.w > 0)"""


def test_the_page_says_who_has_the_ball_its_value_the_score_and_the_minute(page, server, library, tmp_path):
    play_to_an_action(page)
    m = game_match(library, server, page)
    S, names = m.state.S, m.edition.team_names()
    svg = page.query_selector("svg.pitch")
    assert svg.get_attribute("data-control") == S["control"]
    assert svg.get_attribute("data-ball-value") == str(S["ball.value"])
    assert svg.get_attribute("data-ball-area") == S["ball.area"]
    assert page.get_attribute("#scoreboard .possession", "data-control") == S["control"]
    assert f"{names[S['control']]} ({S['control']}) has the ball, ball value {S['ball.value']}" in page.inner_text("#scoreboard .possession")
    ball_label = page.text_content("svg .ball-label-text")
    assert ball_label == f"{names[S['control']]}'s ball, value {S['ball.value']}"
    assert page.inner_text("[data-status='minute'] b") == str(S["minute"])
    assert page.inner_text("[data-status='score'] b") == f"{names['home']} {S['score']['home']}, {names['away']} {S['score']['away']}"
    assert [int(page.inner_text(f".goals[data-team={t}]")) for t in ("home", "away")] == [S["score"]["home"], S["score"]["away"]]
    # the state panel is grouped and labelled by the edition's display; the raw names wait behind a toggle
    assert page.inner_text("[data-group='Ball'] [data-state='ball.value'] th").startswith("ball value")
    assert not page.is_visible(".raw-state table")
    page.click(".raw-state summary")
    assert page.is_visible(".raw-state [data-state='ball.value']")
    shot(page, "board.png", tmp_path)


def test_each_option_shows_its_exact_odds_as_the_engine_computes_them(page, server, library, tmp_path):
    play_to_an_action(page)
    page.wait_for_selector("#decision[data-odds-ready]", timeout=120_000)
    m = game_match(library, server, page)
    expected = odds_rows(m.edition, m)
    assert len(expected) == len(m.decision.options) >= 2
    for row in expected:
        shown = page.get_attribute(f"[data-odds='{row['option']}']", "data-exact")
        first = row["measures"][0]
        assert {k: Fraction(v) for k, v in json.loads(shown).items()} == {o["value"]: Fraction(o["exact"]) for o in first["odds"]}
        text = page.inner_text(f"[data-odds='{row['option']}']")
        assert text.startswith(first["label"]) and "%" in text
    # the rule text and chapter of the decision, one click away
    assert not page.is_visible("#rule-text")
    page.click("#rule-toggle")
    assert page.is_visible("#rule-text")
    assert f"Chapter {m.decision.ref}" in page.inner_text("#rule-text")
    assert "one_action" in page.inner_text("#rule-text")
    shot(page, "odds.png", tmp_path)


def test_pass_markers_show_while_the_pass_runs_and_clear_when_it_ends_with_no_label_overlapping(page, server, library, tmp_path):
    """4.7 in a replay: the pass's flags stand on the pitch during the pass, and are gone after it."""
    ed = library.get("2024-draft")
    header = {"edition": ed.id, "seed": 3, "agents": ["coach", "coach"], "rules": [], "skills": {"home": [], "away": []}, "teams": ed.team_names()}
    views = from_header(ed, header).views
    # a pass the next step does not follow with another at once (that one's target is chosen as the board clears)
    after = next(i for i, v in enumerate(views) if i and "pass.target" in views[i - 1]["markers"] and not v["markers"] and not views[i + 1]["markers"])
    during = after - 1
    assert views[after]["S"]["pass.target"] == views[during]["S"]["pass.target"]  # the state keeps it; the board clears it
    page.click("#tab-replay")
    page.fill("#replay-seed", "3")
    page.click("#replay-seed-go")
    settle(page)

    def go(step: int) -> None:
        page.evaluate(f"(() => {{ const s = document.getElementById('scrub'); s.value = {step}; s.dispatchEvent(new Event('input')); }})()")
        page.wait_for_function(f"document.getElementById('board').dataset.step == '{step}'")

    go(during)
    target = views[during]["S"]["pass.target"]
    assert "pass.target" in page.get_attribute(f"svg g.area[data-area='{target}']", "data-markers").split()
    assert "pass target" in page.text_content("svg .labels")
    boxes = page.evaluate(LABEL_BOXES)
    assert len(boxes) >= 15 and not overlaps(boxes), overlaps(boxes)
    shot(page, "pass-markers.png", tmp_path)
    go(after)
    assert page.eval_on_selector_all("svg g.area[data-markers]:not([data-markers=''])", "gs => gs.length") == 0
    assert "pass target" not in page.text_content("svg .labels")


@pytest.mark.parametrize("edition", ["2024-draft", "world-cup-2015", "2.0"])
def test_no_label_overlaps_another_at_1280x720(page, server, edition, tmp_path):
    page.select_option("#edition", edition)
    settle(page)
    for _ in range(25):  # into the match: pieces, the ball and markers spread over the pitch
        page.click("#decision button.option[data-option='0']")
        settle(page)
    boxes = page.evaluate(LABEL_BOXES)
    assert len(boxes) >= 14 and not overlaps(boxes), overlaps(boxes)
    if edition == "2024-draft":
        shot(page, "play.png", tmp_path)
