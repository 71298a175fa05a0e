"""The resumable form (explicit frames) plays exactly the match the fast form plays, and a
copy of a paused match continues exactly as the original would (issues 8 and 9).

The fast form is what `fuba simulate` runs; the resumable form is what the step
driver, search and OpenSpiel run. Every log must be the same, event for event.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuba_rules import Match
from fuba_rules.agents import ScriptedAgent, make_agent
from fuba_rules.board import TEAMS
from fuba_rules.dice import ScriptedDice, SeededDice
from fuba_rules.edition import load_edition
from fuba_rules.engine.frames import Trampoline, forms_of
from fuba_rules.engine.match import MatchState
from fuba_rules.lang.runtime import RuleFault
from fuba_rules.sim.play import agent_seed

import langkit as kit

ROOT = Path(__file__).resolve().parents[1] / "editions"
SHORT = Path(__file__).resolve().parent / "agents" / "data"
MODS = [ROOT / "mods" / "example-skills.yaml", ROOT / "mods" / "long-range-shooting.yaml"]


# ---- whole matches: every edition, basic and advanced with skills, and the mods ------------
def _configs() -> list[tuple[str, list[Path], bool]]:
    out = []
    for e in ("2024-draft", "world-cup-2015", "2.0"):
        out += [(e, [], False), (e, [], True)]
    out.append(("2024-draft", MODS, True))
    return out


CONFIGS = _configs()
_LOADED: dict[int, object] = {}


def _edition(i: int):
    """A short match (three minutes a half) of configuration i, loaded once."""
    if i not in _LOADED:
        e, mods, _ = CONFIGS[i]
        _LOADED[i] = load_edition(e, [SHORT / f"short-{e}.yaml", *mods], ROOT)
    return _LOADED[i]


def _setup(i: int) -> tuple[object, frozenset[str], dict[str, list[str]] | None]:
    ed = _edition(i)
    if not CONFIGS[i][2]:
        return ed, frozenset(), None
    skills = sorted(ed.skills)  # every skill, for both teams, in two orders
    return ed, frozenset(ed.advanced_rules()), {"home": skills, "away": skills[::-1]}


def _agents(kind: str, seed: int) -> dict:
    return {t: make_agent(kind, agent_seed(seed, t)) for t in TEAMS}


def _fast(i: int, seed: int, kind: str) -> MatchState:
    ed, rules, skills = _setup(i)
    m = MatchState(ed, SeededDice(seed), _agents(kind, seed), rules, skills)
    m.run()
    return m


NAMES = [f"{e}{'+mods' if mods else ''}{' advanced+skills' if adv else ' basic'}" for e, mods, adv in CONFIGS]
EXAMPLES = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=NAMES)
@EXAMPLES
@given(seed=st.integers(0, 2**32), kind=st.sampled_from(["random", "coach"]))
def test_the_resumable_form_plays_the_fast_forms_match(config: int, seed: int, kind: str) -> None:
    ed, rules, skills = _setup(config)
    m = MatchState(ed, SeededDice(seed), _agents(kind, seed), rules, skills)
    r = Trampoline(m, forms_of(ed), pause=False)
    r.run()
    assert r.finished and m.events == _fast(config, seed, kind).events


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=NAMES)
@EXAMPLES
@given(seed=st.integers(0, 2**32), kind=st.sampled_from(["random", "coach"]), where=st.floats(0, 1))
def test_a_copy_at_any_decision_continues_as_the_original(config: int, seed: int, kind: str, where: float) -> None:
    """Paused at each decision, the agents answer; at one of them the match is copied, and
    the copy, given the original's later answers, logs the same match, which is also the
    fast form's."""
    ed, rules, skills = _setup(config)
    fast = _fast(config, seed, kind)
    choices = sum(1 for e in fast.events if e["kind"] == "choice" and e["options"] > 1)
    at = int(where * choices)
    m = MatchState(ed, SeededDice(seed), _agents(kind, seed), rules, skills)
    r = Trampoline(m, forms_of(ed), pause=True)
    r.run()
    copy, later = None, []
    for n in range(choices + 1):
        if n == at:
            copy = r.copy()
        if r.finished:
            break
        pick = m.ask(r.pending)
        if copy is not None:
            later.append(pick)
        r.answer(pick)
    assert r.finished and m.events == fast.events
    assert copy is not None
    for pick in later:
        copy.answer(pick)
    assert copy.finished and copy.m.events == fast.events


def test_the_step_driver_resumes_instead_of_replaying(edition) -> None:
    """Answering a decision goes on from the pause: the same match state, its dice not
    rolled again from the kick-off."""
    m = Match(edition, seed=5)
    state, rolled = m.state, len([e for e in m.events if e["kind"] == "roll"])
    for _ in range(20):
        m.choose(0)
    assert m.state is state
    assert len([e for e in m.events if e["kind"] == "roll"]) >= rolled


def test_a_copy_is_independent_of_its_original(edition) -> None:
    m = Match(edition, seed=4)
    for _ in range(25):
        m.choose(0)
    c = m.copy()
    before = [dict(e) for e in m.events]
    score = m.score
    while not c.finished:
        c.choose(len(c.options()) - 1)
    assert m.events == before and m.score == score and len(c.events) > len(before)
    d = m.copy()
    while not m.finished:
        m.choose(0)
    while not d.finished:
        d.choose(0)
    assert d.events == m.events


# ---- the language's constructs around a pause ------------------------------------------------
def _twins(src: str, **kw) -> tuple[MatchState, MatchState]:
    """The program run by the fast form and by the resumable form, with the same script."""
    fast = kit.run(src, **kw)
    ed = kit.build(src)
    m = kit.match(ed, **kw)
    r = Trampoline(m, forms_of(ed), pause=False)
    r.run()
    m.result = r.result  # type: ignore[attr-defined]
    assert m.events == fast.events and m.result == fast.result  # type: ignore[attr-defined]
    return fast, m


DECIDER = kit.procedure('return choose(home, "pick", [1, 2, 3])', "ask_for")


def test_a_leave_crosses_paused_procedures_to_its_scope() -> None:
    src = "procedures:\n" + kit.procedure(
        """
        scope half:
            repeat 5:
                step()
                log("after a step")
        log("half over")
        return minute
        """
    ) + kit.procedure('let n = ask_for()\nset minute += n\nif minute >= 4:\n    leave half', "step") + DECIDER
    _fast, m = _twins(src, answers=[1, 2, 3])
    assert m.result == 4 and kit.log_lines(m)[-1] == "half over"  # type: ignore[attr-defined]


def test_decisions_inside_expressions_keep_the_order_of_evaluation() -> None:
    src = "procedures:\n" + kit.procedure(
        """
        let a = minute + ask_for() * 10 + ask_for()
        let b = minute == 1 and ask_for() == 3
        let c = minute == 2 or ask_for() == 1
        let d = ask_for() if minute == 1 else 0
        let e = [log("x {minute}") == none, ask_for(), {k: ask_for()}]
        while ask_for() < 3:
            set minute += 1
        log("{a} {b} {c} {d} {e} {minute}")
        return [a, b, c, d, e]
        """
    ) + DECIDER
    _fast, m = _twins(src, answers=[2, 3, 3, 1, 2, 1, 3, 1, 2, 3])
    assert m.result == [24, True, True, 2, [True, 1, {"k": 3}]]  # type: ignore[attr-defined]


def test_a_choose_block_in_loops_and_hooks_that_ask_pause_and_resume() -> None:
    hooks = """
    triggers:
      goal: {params: [team]}
    hooks:
      celebrate:
        at: goal
        team: team
        optional: true
        do: |
          let n = ask_for()
          set score[team] += n
    """
    body = """
    for t in [home, away]:
        choose t, "action":
            option "score":
                trigger goal(team=t)
            option "wait":
                log("{t} waits")
    return score
    """
    src = "procedures:\n" + kit.procedure(body) + DECIDER + kit.dedent(hooks)
    _fast, m = _twins(src, answers=["score", "use", 3], away=["score", None])
    assert m.result == {"home": 3, "away": 0}  # type: ignore[attr-defined]


def test_a_table_row_that_asks_is_applied_in_the_resumable_form() -> None:
    table = """
    tables:
      card:
        domain: {range: [1, 6]}
        rows: {"1-5": {name: none}, "6": {name: yellow, ref: "9.9", do: 'set minute += ask_for()'}}
    """
    src = "procedures:\n" + kit.procedure('apply card[6]\nlog("done")\nreturn minute') + DECIDER + kit.dedent(table)
    _fast, m = _twins(src, answers=[2])
    assert m.result == 3  # type: ignore[attr-defined]


def test_a_fault_after_a_pause_points_at_its_rule_line() -> None:
    src = "procedures:\n" + kit.procedure("let n = ask_for()\nreturn n + [1]") + DECIDER
    ed = kit.build(src)
    r = Trampoline(kit.match(ed, answers=[1]), forms_of(ed), pause=False)
    with pytest.raises(RuleFault) as fault:
        r.run()
    assert fault.value.to_error().diagnostics[0].format().startswith(f"rules.yaml:{kit.BODY_LINE + 1}:")
    with pytest.raises(RuleFault) as fast:
        kit.run(src, answers=[1])
    assert fast.value.pos == fault.value.pos


def test_a_leave_without_its_scope_is_a_fault_in_the_resumable_form_too() -> None:
    src = "procedures:\n" + kit.procedure("let n = ask_for()\nleave turn") + DECIDER
    ed = kit.build(src.replace("leave turn", "scope turn:\n          pass\n      leave turn"))
    r = Trampoline(kit.match(ed, answers=[1]), forms_of(ed), pause=False)
    with pytest.raises(RuleFault, match="outside any 'scope turn'"):
        r.run()


def test_a_decision_the_resumable_form_cannot_pause_at_falls_back_to_replaying() -> None:
    """A procedure that can decide, called inside a comprehension: the driver replays."""
    src = "procedures:\n" + kit.procedure("return [ask_for() for x in [1, 2]]") + DECIDER
    ed = kit.build(src)
    m = Match(ed, seed=1)
    assert m._trampoline is None
    m.choose(1)
    m.choose(2)
    assert m.finished and [e["choice"] for e in m.events if e["kind"] == "choice"] == [2, 3]


def test_scripted_dice_copy_with_the_match() -> None:
    src = "procedures:\n" + kit.procedure("let a = ask_for()\nreturn roll(1)[0] + a") + DECIDER
    ed = kit.build(src)
    m = kit.match(ed, dice=[4])
    r = Trampoline(m, forms_of(ed), pause=True)
    r.run()
    c = r.copy()
    r.answer(0)
    c.answer(2)
    assert (r.result, c.result) == (5, 7)


@pytest.fixture(scope="module")
def edition():
    return load_edition("2024-draft", [], ROOT)


def test_scripted_agents_see_the_same_decisions_in_both_forms() -> None:
    """A scripted agent is asked the same decisions, with the same advice."""
    src = "procedures:\n" + kit.procedure('let a = choose(home, "area", ["centre", "home_front"], prefer=1 if it == "centre" else 0)\nreturn a')
    ed = kit.build(src)
    asked = []
    for frames in (False, True):
        agent = ScriptedAgent(["centre"])
        m = MatchState(ed, ScriptedDice([]), {"home": agent, "away": agent})
        if frames:
            Trampoline(m, forms_of(ed), pause=False).run()
        else:
            m.run()
        asked.append([(d.label, d.options, d.scores) for d in agent.asked])
    assert asked[0] == asked[1] == [("area", ("centre", "home_front"), (1, 0))]


def test_the_copy_bench_prints_a_copy_against_a_whole_match() -> None:
    """bench/bench_copy.py runs (on a tiny count); its figures are for people, never asserted."""
    import subprocess
    import sys

    bench = Path(__file__).resolve().parents[1] / "bench" / "bench_copy.py"
    out = subprocess.run([sys.executable, str(bench), "-n", "1", "--copies", "2", "--only", "world-cup-2015"], capture_output=True, text=True, check=True, timeout=600).stdout
    assert "world-cup-2015 basic" in out and "copy/match" in out and "driver/fast" in out
