"""The board in a real browser (Debian's chromium, headless): play by clicking, replay by keys.

Every check compares the pitch in the page (each area's `data-home`, `data-away` and
`data-keepers`) with the engine's own state for the same seed and answers.
"""

from __future__ import annotations

import json
import urllib.request

from fuba_rules.cli import main
from fuba_rules.engine.driver import Match
from fuba_rules.sim.play import new_match
from fuba_rules.web.replay import from_header

from webkit import EDITIONS, settle  # the browser and page fixtures are in conftest.py


def board_in_page(page) -> dict[str, tuple[int, int, str]]:
    return page.eval_on_selector_all(
        "svg g.area", "gs => Object.fromEntries(gs.map(g => [g.dataset.area, [Number(g.dataset.home), Number(g.dataset.away), g.dataset.keepers]]))"
    )


def board_of(view: dict, areas) -> dict[str, list]:
    return {
        a: [view["pieces"]["home"].get(a, 0), view["pieces"]["away"].get(a, 0), " ".join(t for t in ("home", "away") if view["keeper"][t] == a)]
        for a in areas
    }


def get(server: str, path: str) -> str:
    with urllib.request.urlopen(server + path, timeout=60) as r:
        return r.read().decode()


def engine_board(library, server, page) -> dict:
    """The engine's pieces for the page's game: a step driver fed the game's seed and answers."""
    header = json.loads(get(server, f"/api/games/{page.evaluate('document.body.dataset.game')}/log").splitlines()[0])
    ed = library.get(header["edition"])
    m = Match(ed, header["seed"], header["rules"], header["skills"], header["answers"])
    view = {"pieces": m.state.pieces, "keeper": m.state.keeper}
    return board_of(view, (*ed.board.areas, *ed.board.spots))


def test_play_the_first_decisions_by_clicking_buttons_and_areas(page, server, library):
    clicked_areas = 0
    for _ in range(40):
        settle(page)
        assert board_in_page(page) == engine_board(library, server, page)
        candidates = page.locator("svg g.area.candidate")
        if candidates.count():
            target = candidates.nth(clicked_areas % candidates.count())  # spread the pieces over the pitch
            area = target.get_attribute("data-area")
            before = board_in_page(page)
            target.click()
            clicked_areas += 1
            settle(page)
            if page.locator("svg g.area.chosen").count():  # a move: from, then to
                page.locator("svg g.area.candidate").first.click()
                settle(page)
            after = board_in_page(page)
            if sum(n[0] for n in after.values()) == sum(n[0] for n in before.values()) + 1:  # a piece was placed
                assert after[area][0] == before[area][0] + 1, "the piece goes where it was clicked"
        else:
            page.locator("#decision .option").first.click()
        if clicked_areas >= 14:
            break
    assert clicked_areas >= 10, "the kick-off setup is played on the pitch"
    settle(page)
    assert board_in_page(page) == engine_board(library, server, page)


def test_undo_in_the_page_takes_back_the_last_decision(page, server, library):
    for _ in range(3):
        page.locator("#decision .option").first.click()
        settle(page)
    ask = page.inner_text("#decision .ask")
    page.locator("#decision .option").last.click()
    settle(page)
    page.keyboard.press("u")
    settle(page)
    assert page.inner_text("#decision .ask") == ask
    assert board_in_page(page) == engine_board(library, server, page)


def test_step_a_replay_of_a_seed_with_the_keyboard(page, library):
    page.select_option("#edition", "world-cup-2015")
    page.wait_for_selector("body[data-edition='world-cup-2015']")
    settle(page)
    page.click("#tab-replay")
    page.fill("#replay-seed", "9")
    page.click("#replay-seed-go")
    page.wait_for_selector("#lines .line.now", timeout=120_000)
    settle(page)
    ed = library.get("world-cup-2015")
    areas = (*ed.board.areas, *ed.board.spots)
    teams = {t: ed.match["teams"][t]["name"] for t in ("home", "away")}
    rerun = from_header(ed, {"seed": 9, "agents": ["coach", "coach"], "rules": [], "skills": {}, "teams": teams})
    step = 0
    for key, move in [("ArrowRight", 1)] * 5 + [("Shift+ArrowRight", 10)] * 6 + [("ArrowLeft", -1)] * 3 + [("End", None), ("Home", None)]:
        page.keyboard.press(key)
        step = {"End": len(rerun.steps) - 1, "Home": 0}.get(key, step + (move or 0))
        assert page.get_attribute("#board", "data-step") == str(step)
        assert board_in_page(page) == board_of(rerun.views[step], areas)
        line = rerun.steps[step]
        assert page.inner_text("#current .text") == line["line"].removesuffix(f" [{line['ref']}]")
        assert page.inner_text("#current .ref") == line["ref"]
    page.keyboard.press("End")
    final = new_match(ed, 9, ("coach", "coach"))
    final.run()
    assert board_in_page(page) == board_of({"pieces": final.pieces, "keeper": final.keeper}, areas)
    score = [int(page.inner_text(f".scoreboard .goals[data-team={t}]")) for t in ("home", "away")]
    assert score == [final.S[ed.match["score"]][t] for t in ("home", "away")]


def test_open_a_log_from_simulate_and_see_the_dice_and_chapters(page, library, tmp_path):
    log = tmp_path / "match.jsonl"
    assert main(["--root", str(EDITIONS), "simulate", "2.0", "-n", "1", "--seed", "6", "--log", str(log)]) == 0
    page.click("#tab-replay")
    assert page.is_hidden("#log-path-label"), "no folder offered: logs are uploaded, never named"
    page.set_input_files("#log-file", str(log))
    page.click("#log-open")
    page.wait_for_selector("#lines .line.now", timeout=120_000)
    settle(page)
    assert page.get_attribute("body", "data-edition") == "2.0"
    assert "Exact" in page.inner_text("#replay-status")
    page.click("#lines .line:has(.die)")
    assert page.locator("#current .die").count() >= 1 and page.locator("#current .ref").count() == 1
    ed = library.get("2.0")
    step = int(page.get_attribute("#board", "data-step"))
    rerun = from_header(ed, {"seed": 6, "agents": ["coach", "coach"], "rules": [], "skills": {}})
    assert board_in_page(page) == board_of(rerun.views[step], (*ed.board.areas, *ed.board.spots))


def test_open_a_log_by_name_from_the_folder_the_board_offers(offered, page):
    """`fuba serve --logs DIR`: the Replay tab asks for a name in DIR."""
    (offered / "runs").mkdir()
    assert main(["--root", str(EDITIONS), "simulate", "2.0", "-n", "1", "--seed", "6", "--log", str(offered / "runs" / "m.jsonl")]) == 0
    page.click("#tab-replay")
    assert page.is_visible("#log-path-label") and page.inner_text("#log-folder").endswith("logs")
    page.fill("#log-path", "runs/m.jsonl")
    page.click("#log-open")
    page.wait_for_selector("#lines .line.now", timeout=120_000)
    settle(page)
    assert "Exact" in page.inner_text("#replay-status")
    page.fill("#log-path", "../secret.jsonl")
    page.click("#log-open")
    page.wait_for_function("document.querySelector('#error').innerText.includes('it is outside')", timeout=120_000)
