"""The odds of each option at the table (issue 42): exact, by the same enumeration over the
dice as `fuba odds`, to the end of the rule that asks the decision."""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

from fuba_rules.agents import make_agent
from fuba_rules.choice_odds import odds_rows, option_odds
from fuba_rules.cli import main
from fuba_rules.display import markers
from fuba_rules.edition import load_edition
from fuba_rules.engine.driver import Match

EDITIONS = Path(__file__).resolve().parents[1] / "editions"


@functools.cache
def draft():
    return load_edition("2024-draft", root=EDITIONS)


def play_until(ed, seed, wanted, most=600):
    """A match between two coaches, paused at the first decision `wanted(match)` accepts."""
    m = Match(ed, seed)
    coach = {t: make_agent("coach", n) for n, t in enumerate(("home", "away"))}
    for _ in range(most):
        if m.decision is None:
            break
        if wanted(m):
            return m
        m.choose(coach[m.decision.team].choose(m.decision, m.state))
    raise AssertionError("no such decision in the match")


def position_args(ed, m):
    """The paused match's position as `fuba odds` takes it: the state pressing reads, and every piece."""
    S = m.state.S
    state = f"ball.value={S['ball.value']},ball.area={S['ball.area']},control={S['control']},phasing={S['phasing']},acting={S['acting']}"
    teams = []
    for t in ("home", "away"):
        areas = ",".join(f"{a}={n}" for a, n in m.state.pieces[t].items() if n)
        teams += [f"--{t}", areas] if areas else []
    keepers = ",".join(m.state.keeper[t] or "" for t in ("home", "away"))
    return ["--state", state, *teams, "--keepers", keepers]


def fuba_odds(capsys, argv):
    assert main(["--root", str(EDITIONS), "odds", *argv]) == 0
    out = capsys.readouterr().out.splitlines()[1:]
    found = {}
    for line in out:
        *value, exact, _ = line.split()
        found[" ".join(value)] = Fraction(exact)
    return found


def test_the_odds_shown_for_pressing_equal_fuba_odds_for_the_same_position(capsys):
    """4.6: the pressing option's odds at the table are `fuba odds pressing` from the same position."""
    ed = draft()
    m = play_until(ed, 5, lambda m: m.decision.label == "action" and "pressing" in m.decision.options)
    team = m.decision.team
    i = m.decision.options.index("pressing")
    shown = odds_rows(ed, m)[i]["measures"]
    at_table = {o["value"]: Fraction(o["exact"]) for o in shown[1]["odds"]}  # the ball value alone

    argv = ["2024-draft", "pressing", team, *position_args(ed, m), "--measure", "ball.value"]
    assert fuba_odds(capsys, argv) == at_table
    assert sum(at_table.values()) == 1

    joint = option_odds(m, [ed.expression("[control, ball.value]")])[i].outcomes
    argv[-1] = "[control, ball.value]"
    by_cli = fuba_odds(capsys, argv)
    assert {", ".join(map(str, k[0])): p for k, p in joint.items()} == by_cli


def test_later_decisions_inside_the_rule_are_answered_by_the_coach_and_the_odds_stop_where_it_returns():
    """4.7: passing asks the passer for a target after the action is chosen; the odds of 'pass'
    are those of the coach's target, so they equal the odds of that target at the next question."""
    ed = draft()
    m = play_until(ed, 3, lambda m: m.decision.label == "action" and "pass" in m.decision.options)
    measures = [ed.expression("[control, ball.value]")]
    of_pass = option_odds(m, measures)[m.decision.options.index("pass")]
    m.choose(m.decision.options.index("pass"))
    assert m.decision.label == "pass target"
    coach = make_agent("coach", 0 if m.decision.team == "home" else 1).choose(m.decision, m.state)
    assert option_odds(m, measures)[coach].outcomes == of_pass.outcomes
    assert sum(of_pass.outcomes.values()) == 1 and of_pass.runs > 1


def test_a_decision_before_the_kick_off_runs_on_too_long_to_enumerate_and_says_so():
    """2.1: the formation is chosen in the match's own rule, which ends with the match."""
    ed = draft()
    m = Match(ed, 1)
    assert m.decision.label == "formation"
    found = option_odds(m, [ed.expression("control")])
    assert all(not o.outcomes and "too long to enumerate" in o.note for o in found)


def test_the_pass_markers_are_drawn_while_the_pass_runs_and_cleared_when_the_action_ends():
    """4.7: pass.start and pass.target keep their values after the pass; the display clears them."""
    ed = draft()
    during = play_until(ed, 3, lambda m: m.state.S["action.kind"] == "pass" and m.decision.label in ("supporting player", "creative move"))
    assert set(markers(ed, during.state)) == {"pass.start", "pass.target"}
    # the next question after the pass: the next action's choice, or the next turn's reaction stage
    after = play_until(ed, 3, lambda m: len(m.answers) > len(during.answers) and m.decision.label in ("action", "reaction move"))
    assert after.state.S["pass.target"] == during.state.S["pass.target"]  # the state keeps its value...
    assert markers(ed, after.state) == {}  # ...which the board no longer draws
