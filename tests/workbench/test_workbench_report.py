"""Reports open offline in a real browser, every plot drawn, and the console quiet.

The pages are made from a fake metric source (playing matches is slow) through the same
section builders the commands use, plus one real `fuba simulate --report`.
"""

import re
from pathlib import Path

import numpy as np
import pytest
from test_workbench_stats import fake_sample

from fuba_rules.cli import main
from fuba_rules.report import sections
from fuba_rules.report.calibrate import calibration_sections
from fuba_rules.report.page import Page, write
from fuba_rules.workbench.balance import Balance, ChoiceResult, OptionResult
from fuba_rules.workbench.calibrate import Calibration, Target, Trial, sensitivity
from fuba_rules.workbench.comparison import analyse
from fuba_rules.workbench.realism import RealMatches, realism
from fuba_rules.workbench.stats import interval
from fuba_rules.workbench.sweep import Setting, Sweep, SweepPoint
from fuba_rules.workbench.vary import Vary

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")


def fake_pages(tmp_path: Path) -> dict[Path, int]:
    """Report files -> how many plots each must show."""
    rng = np.random.default_rng(3)
    a, b = fake_sample(rng, 60), fake_sample(rng, 60, shift=2)
    for s in (a, b):  # the metric names realism knows
        s.values["goals_per_match"] = [float(h + w) for h, w in s.scores]
    real = RealMatches({"goals_per_match": [int(x) for x in rng.poisson(2.8, 500)], "corners": [int(x) for x in rng.poisson(10, 500)],
                        "draws": [int(x) for x in rng.random(500) < 0.25]}, 1)
    a.values["corners"] = [float(x) for x in rng.poisson(9, 60)]
    b.values["corners"] = [float(x) for x in rng.poisson(9, 60)]
    c = analyse(["A", "B"], [a, b])
    distances = realism(a, real)
    compare_page = tmp_path / "compare.html"
    write(compare_page, Page("compare", "fuba compare A B", [*sections.comparison(c), sections.realism(distances, real),
                                                             sections.goals_beside_real({"A": distances})]))
    setting = Setting("constants.x", "constants", "x", (), (1, 2, 3))
    sw = Sweep("base", [setting], [SweepPoint((v,), fake_sample(rng, 20, shift=v)) for v in (1, 2, 3)], 20, 0)
    sweep_page = tmp_path / "sweep.html"
    write(sweep_page, Page("sweep", "", sections.sweep(sw, ["m0", "m1"])))
    options = [OptionResult(o, interval([1, 0, 1]), interval([0.0, 1.0, 0.0]), 3) for o in ("x", "y")]
    bal = Balance("base", 3, 0, interval([0, 1, 0]), [ChoiceResult("decision", "shape", options, [[0.5, 0.2], [0.7, 0.4]], ["x", "y"])])
    balance_page = tmp_path / "balance.html"
    write(balance_page, Page("balance", "", sections.balance(bal)))
    vary, target = Vary(setting, "int", 2, 1, 3), Target("m0", 3.0)
    trials = [Trial(i, (v,), {"m0": interval(fake_sample(rng, 20, shift=v).values["m0"])}, abs(v - 2.0)) for i, v in enumerate((2, 1, 3, 2.5))]
    cal = Calibration("base", "base", [vary], [target], trials, 4, trials[0], {"constants.x": (2, 2)}, fake_sample(rng, 20, shift=2),
                      20, 80, 0, 1_000_003, sensitivity([vary], [target], trials), "TPE")
    calibrate_page = tmp_path / "calibrate.html"
    write(calibrate_page, Page("calibrate", "", calibration_sections(cal)))
    # forest per comparison + 2 distributions + corners realism + goals beside real; 2 curves; forest + heatmap;
    # search history + one response curve
    return {compare_page: 1 + len(c.tests) + 1 + 1, sweep_page: 2, balance_page: 2, calibrate_page: 2}


@pytest.fixture(scope="module")
def browser():
    from playwright import sync_api
    assert CHROMIUM.exists(), "the browser test needs Debian's chromium at /usr/bin/chromium"
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def open_offline(browser, path: Path) -> tuple[object, list[str], list[str]]:
    """Load a report with every network request refused; return the page, console
    errors and the requests it tried."""
    page = browser.new_page()
    errors, requests = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else (requests.append(route.request.url), route.abort()))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, errors, requests


def assert_every_plot_rendered(page, expected: int) -> None:
    plots = page.locator("figure.plot svg")
    assert plots.count() == expected
    for i in range(plots.count()):
        box = plots.nth(i).bounding_box()
        assert box and box["width"] > 100 and box["height"] > 100, f"plot {i} is not drawn: {box}"
        assert plots.nth(i).locator("path").count() > 5, f"plot {i} is empty"


def test_workbench_reports_render_with_every_plot_and_no_console_error(browser, tmp_path):
    for path, expected in fake_pages(tmp_path).items():
        page, errors, requests = open_offline(browser, path)
        assert_every_plot_rendered(page, expected)
        assert errors == [] and requests == []
        page.close()


def test_simulate_report_is_one_offline_page_with_goals_beside_real_football(browser, tmp_path, capsys):
    (tmp_path / "league.csv").write_text("FTHG,FTAG,FTR,HC,AC,HY,AY,HR,AR\n2,1,H,5,4,1,2,0,0\n0,0,D,3,3,2,2,0,1\n1,3,A,4,6,0,1,0,0\n")
    report = tmp_path / "simulate.html"
    code = main(["--root", str(REPO / "editions"), "simulate", "2024-draft", "-n", "2", "--reference", str(tmp_path), "--report", str(report)])
    capsys.readouterr()
    assert code == 0
    html = report.read_text()
    assert not re.search(r'(src|href)="https?:', html), "a report must not fetch anything"
    page, errors, requests = open_offline(browser, report)
    assert_every_plot_rendered(page, 2)  # the metrics and the goal distribution
    assert "real football" in page.locator("body").inner_text()
    assert errors == [] and requests == []
