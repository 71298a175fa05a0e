"""One agent replays given answers (engine/replay.py): the step driver, the web board's
re-run, a search's replayed history and a scenario's script all use it, and differ only
in how an answer names its option and in what happens when the answers run out."""

import pytest

from fuba_rules.agents import ScriptedAgent
from fuba_rules.agents.scripted import ScriptError
from fuba_rules.engine.decisions import Decision, NeedDecision
from fuba_rules.engine.replay import ReplayAgent


def shot(team: str = "home") -> Decision:
    return Decision(team, "shot target", ("left", "centre", "right"), None)


def test_a_replay_gives_its_answers_in_turn_then_waits_for_the_next():
    agent = ReplayAgent([2, 0])
    assert [agent.choose(shot(), None), agent.choose(shot("away"), None)] == [2, 0]
    with pytest.raises(NeedDecision) as waiting:
        agent.choose(shot(), None)
    assert waiting.value.decision.label == "shot target"


def test_a_replay_reads_the_answers_as_they_grow():
    """The step driver appends each answer a person gives to the list its replay reads."""
    answers = [1]
    agent = ReplayAgent(answers)
    agent.choose(shot(), None)
    answers.append(2)
    assert agent.choose(shot(), None) == 2
    assert agent.answers == []


def test_after_its_answers_a_replay_asks_the_policy_it_was_given():
    """A search replays a history, then plays on with its playout policy."""
    agent = ReplayAgent([0], then=lambda d, m: len(d.options) - 1)
    assert [agent.choose(shot(), None) for _ in range(3)] == [0, 2, 2]


def test_a_script_names_options_or_labels_and_says_when_it_has_none_left():
    agent = ScriptedAgent(["right", "left"], defaults={"keeper dive": "stay"})
    assert agent.choose(shot(), None) == 2
    assert agent.choose(Decision("away", "keeper dive", ("left", "stay", "right"), None), None) == 1
    assert agent.answers == ["left"]
    assert agent.choose(shot(), None) == 0
    with pytest.raises(ScriptError, match="the script has no answer for home's 'shot target' \\(options: left, centre, right\\)"):
        agent.choose(shot(), None)
    assert len(agent.asked) == 4


def test_a_script_answer_that_is_no_option_is_the_scripts_fault():
    with pytest.raises(ScriptError, match="'wide' is not an option of 'shot target' \\(options: left, centre, right\\)"):
        ScriptedAgent(["wide"]).choose(shot(), None)
