"""The Scenario API that designers write their own rule tests with: a typo must fail
loudly with "did you mean", never quietly test nothing."""

import pytest

from fuba_rules import Scenario, load_edition
from fuba_rules.resources import default_editions_root


@pytest.fixture(scope="module")
def draft():
    return load_edition("2024-draft")


def test_load_edition_takes_the_root_as_text_too():
    assert load_edition("2024-draft", root=str(default_editions_root())).id == "2024-draft"


def test_an_unknown_area_in_a_position_is_refused_with_a_suggestion(draft):
    with pytest.raises(ValueError, match=r"unknown area 'centr'.*did you mean 'centre'"):
        Scenario(draft).pieces("home", {"centr": 2})


def test_an_unknown_keeper_area_or_team_is_refused(draft):
    with pytest.raises(ValueError, match="unknown area 'mars'"):
        Scenario(draft).pieces("home", {"centre": 2}, "mars")
    with pytest.raises(ValueError, match="unknown team 'hone'"):
        Scenario(draft).pieces("hone", {"centre": 2})


def test_a_negative_piece_count_is_refused(draft):
    with pytest.raises(ValueError, match="expected a count of 0 or more"):
        Scenario(draft).pieces("home", {"centre": -5})


def test_an_unknown_state_name_is_refused_with_a_suggestion(draft):
    with pytest.raises(ValueError, match=r"unknown state 'ball.valeu'.*did you mean 'ball.value'"):
        Scenario(draft).set("ball.valeu", 3)
    with pytest.raises(ValueError, match="unknown state 'ball.valeu'"):
        Scenario(draft).state(ball__valeu=3)


def test_a_rule_runs_with_its_arguments_by_parameter_name(draft):
    proc = next(name for name, rule in draft.procs.items() if len(rule.params) >= 1)
    params = draft.procs[proc].params
    with pytest.raises(TypeError, match=f"'{proc}' needs its parameter '{params[0]}'"):
        Scenario(draft).run(proc)
    with pytest.raises(TypeError, match="not nonsense"):
        Scenario(draft).run(proc, *range(len(params)), nonsense=1)
    with pytest.raises(ValueError, match="unknown procedure 'pressin'.*did you mean 'pressing'"):
        Scenario(draft).run("pressin")


def _pressing(draft, run):
    s = Scenario(draft, dice=[2, 5, 1, 1, 1, 1], answers=[])
    s.pieces("home", {"centre": 2, "home_front": 8}, "home_penalty").pieces("away", {"centre": 2, "away_front": 8}, "away_penalty")
    s.set("ball.value", 3).set("ball.area", "centre").set("control", "home")
    run(s)
    return s.match.S["control"], s.match.S["ball.value"]


def test_arguments_by_name_run_the_same_rule_as_arguments_in_order(draft):
    """4.6 pressing, the README's example position: the same dice give the same outcome."""
    in_order = _pressing(draft, lambda s: s.run("pressing", "away"))
    by_name = _pressing(draft, lambda s: s.run("pressing", t="away"))
    assert by_name == in_order
