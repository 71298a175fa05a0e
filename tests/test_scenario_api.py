"""The Scenario API that designers write their own rule tests with: a typo must fail
loudly with "did you mean", never quietly test nothing."""

import pytest

from fuba_rules import Scenario, load_edition
from fuba_rules.lang.runtime import RuleFault
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
    with pytest.raises(ValueError, match=r"unknown state 'ball\.valeu'"):
        Scenario(draft).state(ball__valeu=3)


@pytest.mark.parametrize("value", ["three", True, 7, 0])
def test_a_whole_number_entry_takes_only_whole_numbers_within_its_bounds(draft, value):
    with pytest.raises(ValueError, match=r"state 'ball.value' holds whole numbers from 1 to 6, got"):
        Scenario(draft).set("ball.value", value)


def test_an_indexed_whole_number_entry_is_checked_at_every_index(draft):
    with pytest.raises(ValueError, match=r"state 'score' holds whole numbers from 0 to .*, got 'one'"):
        Scenario(draft).state(score={"home": "one", "away": 0})


@pytest.mark.parametrize(("name", "value", "message"), [
    ("control", "homme", r"state 'control' holds teams, got 'homme' \(did you mean 'home'\?\)"),
    ("control", None, r"state 'control' holds teams, got None"),
    ("ball.area", "centr", r"state 'ball.area' holds areas, got 'centr' \(did you mean 'centre'\?\)"),
])
def test_a_team_or_area_entry_takes_only_a_team_or_an_area(draft, name, value, message):
    with pytest.raises(ValueError, match=message):
        Scenario(draft).set(name, value)
    assert Scenario(draft).set("ball.area", "home_front").match.S["ball.area"] == "home_front"


def test_a_rule_runs_with_its_arguments_by_parameter_name(draft):
    proc = next(name for name, rule in draft.procs.items() if len(rule.params) >= 1)
    params = draft.procs[proc].params
    with pytest.raises(TypeError, match=f"'{proc}' needs its parameter '{params[0]}'"):
        Scenario(draft).run(proc)
    with pytest.raises(TypeError, match="not nonsense"):
        Scenario(draft).run(proc, *range(len(params)), nonsense=1)
    with pytest.raises(ValueError, match=r"unknown procedure 'pressin'.*did you mean 'pressing'"):
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


# ---- answers per team, the move helper, and outcomes read from events rather than English


def goal_kick_position(draft, **kw):
    """4.8 example position: ball 3 in the away front area; a 2 misses, and a goal kick follows (5.1)."""
    s = Scenario(draft, dice=[2], **kw)
    s.pieces("home", {"away_front": 3, "away_penalty": 1, "centre": 6}, "home_penalty")
    s.pieces("away", {"away_front": 2, "away_penalty": 3, "centre": 5}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="away_front", ball__value=3)
    return s


def test_each_team_reads_its_own_answer_script(draft):
    """5.1: after a goal kick the defending team moves first; each team's script answers only its own questions."""
    s = goal_kick_position(draft, answers={"home": [None], "away": [Scenario.move("centre", "away_front"), None]})
    s.run("goal_attempt", "home", False)
    assert [(d.team, d.label) for d in s.asked()] == [("away", "set piece move")] * 2 + [("home", "set piece move")]
    assert s.events("move", team="away", **{"from": "centre", "to": "away_front"})


def test_a_script_for_an_unknown_team_is_refused(draft):
    with pytest.raises(ValueError, match=r"unknown team 'hom'.*did you mean 'home'"):
        Scenario(draft, answers={"hom": []})


def test_the_move_helper_writes_the_answer_a_move_question_takes(draft):
    assert Scenario.move("centre", "away_front") == {"from": "centre", "to": "away_front", "keeper": False, "ball": False}
    assert Scenario.move("home_penalty", "home_front", keeper=True)["keeper"] is True


def test_outcomes_are_read_from_tags_and_fields(draft):
    """4.8: the miss is an event tagged 'shot' whose fields hold the die, the modifier and the outcome."""
    s = goal_kick_position(draft, answers={"home": [None], "away": [None]})
    s.run("goal_attempt", "home", False)
    (shot,) = s.events(tag="shot")
    assert shot["data"] == {"shot": 2, "modifier": -2, "total": 0, "outcome": "miss"}
    assert s.events(tag="shot", outcome="miss") and not s.events(tag="shot", outcome="goal")
    assert [e["to"] for e in s.events("set", var="control")] == ["away"]


def test_a_run_stops_where_a_trigger_fires_before_its_hooks(draft):
    s = goal_kick_position(draft, until=["set_piece_awarded"])
    s.run("goal_attempt", "home", False)
    assert s.stopped == "set_piece_awarded(team=away, kind=goal_kick)" and not s.asked()


def test_a_run_stops_at_the_first_question_its_script_does_not_answer(draft):
    s = goal_kick_position(draft, answers={"away": [None]}, until_decision=True)
    s.run("goal_attempt", "home", False)
    assert s.stopped == "home's decision 'set piece move'" and [d.team for d in s.asked()] == ["away"]


def test_an_unknown_stop_trigger_or_fired_trigger_is_refused_with_a_suggestion(draft):
    with pytest.raises(ValueError, match=r"unknown trigger 'goal_scord'.*did you mean 'goal_scored'"):
        Scenario(draft, until=["goal_scord"])
    with pytest.raises(ValueError, match=r"unknown trigger 'goal_scord'"):
        Scenario(draft).fire("goal_scord", team="home")


def test_a_rule_that_does_something_impossible_is_a_rule_fault_at_its_line(draft):
    """As in a match: moving a piece out of an empty area faults where the rule moves it."""
    s = Scenario(draft).pieces("home", {"home_front": 10})
    with pytest.raises(RuleFault, match="no outfield piece in 'centre'") as fault:
        s.run("move_piece", "home", Scenario.move("centre", "home_front"))
    assert fault.value.pos is not None and fault.value.pos.file.endswith(".yaml")


def test_an_unknown_function_is_refused_with_a_suggestion(draft):
    with pytest.raises(ValueError, match=r"unknown function 'pass_odd'.*did you mean 'pass_odds'"):
        Scenario(draft).value("pass_odd", 3)
