"""The compiler's shortcuts (issue 8) change how fast rules run, never what they do.

Each shortcut is taken only when the rule text proves it safe: arithmetic on numbers
proved small runs unchecked, functions reading no state keep their answers for the
match, board questions are table reads, a modifier group is summed by one function, a
dict read by a text key is read in line. These tests pin the behaviour that must
survive them: same values, same faults, same places.

That a shortcut is taken is seen from outside (tests/probes.py): a checked helper never
called, a state entry read once, a body run once, a step not spent. A shortcut with no
such trace (arithmetic proved small runs with no range test) is pinned in the golden
sources of tests/test_generated_golden.py instead.
"""

from __future__ import annotations

import warnings

import pytest
from probes import (
    answered,
    body_runs,
    cached,
    count_reads,
    function_calls,
    helper_calls,
    method_calls,
    prepared,
    primitive_runs,
    ready,
    state_reads,
)

from fuba_rules.agents.coach import CoachAgent
from fuba_rules.lang.compiler import Answers
from fuba_rules.lang.runtime import MAX_NUMBER, RuleFault, fault_trace

from langkit import BODY_LINE, build, events, fault, match, program, run_do, value


# ---- arithmetic ---------------------------------------------------------------------------------
def test_arithmetic_on_small_literals_runs_without_checks() -> None:
    src = "functions:\n  seven: {expr: '3 + 2 * 2'}\n"
    ed, m = ready("return seven", src)
    checks = helper_calls(ed, "_add", "_mul")
    assert m.run("match") == 7 and not checks  # and no range test either: see the golden `seven`


def test_a_sum_that_could_pass_the_largest_number_keeps_its_check() -> None:
    assert value(f"{MAX_NUMBER} + 0") == MAX_NUMBER
    assert fault(f"let x = {MAX_NUMBER} + 1").message == f"a number grew beyond {MAX_NUMBER:,}"


def test_adding_a_number_to_a_text_is_still_a_fault_when_one_side_is_not_proved() -> None:
    f = fault('let x = "a" * 2')
    assert "needs numbers" in f.message


def test_whole_numbers_are_added_in_line_and_anything_else_goes_to_the_checks() -> None:
    src = "functions:\n  plus: {params: [a, b], expr: 'a + b * 2'}\n"
    (small_ed, small), (large_ed, large) = ready("return plus(1, 2)", src), ready("return plus(2147483647, 1)", src)
    small_checks, large_checks = helper_calls(small_ed, "_add"), helper_calls(large_ed, "_add")
    assert small.run("match") == 5 and not small_checks  # added in line
    assert large.run("match") == 2147483649 and large_checks["_add"] == 1  # past the in-line range: the checks, out of line
    assert value('plus("a", 1)', src) == "a2"  # a text joined, as before
    assert fault(f"let x = plus({MAX_NUMBER}, 1)", src).message == f"a number grew beyond {MAX_NUMBER:,}"
    assert "needs numbers" in fault("let x = plus(true, 1)", src).message


def test_a_sum_inside_a_list_being_walked_is_still_checked() -> None:
    src = "functions:\n  walk: {params: [a], expr: '[x + 1 for x in [a + 1, pieces(home, \"centre\") + a]]'}\n"
    assert value("walk(1)", src) == [3, 2]
    assert fault(f"let x = walk({MAX_NUMBER})", src).message == f"a number grew beyond {MAX_NUMBER:,}"


def test_lists_joined_where_the_text_shows_a_list_skip_the_number_tests_and_spend_the_same_steps() -> None:
    src = "functions:\n  join: {params: [xs], expr: '[1] + xs'}\n  plain: {params: [a, b], expr: 'a + b'}\n"
    (join_ed, joins), (add_ed, adds) = ready("return join([2, 3])", src), ready("return plain([1], [2, 3])", src)
    join_calls, add_calls = helper_calls(join_ed, "_cat", "_add", "_type"), helper_calls(add_ed, "_cat", "_add")
    assert joins.run("match") == adds.run("match") == [1, 2, 3]
    assert join_calls == {"_cat": 1} and add_calls == {"_add": 1}  # joined without testing for numbers first
    assert value('join("a")', src) == value('plain([1], "a")', src)  # not a list after all: _add's answer
    joined, added = run_do("let x = join([2, 3])", src), run_do("let x = plain([1], [2, 3])", src)
    assert joined.budget == added.budget  # three elements built, charged either way


def test_a_state_test_no_loop_variable_changes_is_read_once_before_the_comprehension() -> None:
    src = "functions:\n  mine: {params: [t], expr: '[a for a in areas() if t == control and a != ball.area]'}\n"
    for team, expected in (("home", [a for a in value("areas()") if a != "centre"]), ("away", [])):
        m = match(build(program(f"return mine({team})", src)))
        reads = state_reads(m)
        assert m.run("match") == expected
        assert reads == {"control": 1, "ball.area": 1}  # once for the list, not once per area


NEAR = """
functions:
  near: {params: [mv], expr: 'distance(mv.to, ball.area) - distance(mv.from, ball.area) + (1 if control == home else 0)'}
"""


def test_state_read_in_a_function_read_in_place_in_a_list_is_read_once_before_the_list() -> None:
    body = (
        "let out = []\n"
        "for a in [\"centre\", \"home_penalty\"]:\n"
        "    set ball.area = a\n"
        "    set out = out + [[near(mv) for mv in [{from: \"centre\", to: \"home_penalty\"}, {from: \"home_penalty\", to: \"centre\"}]]]\n"
        "return out"
    )
    assert run_do(body, NEAR).result == [[3, -1], [-1, 3]]  # read again each time the list is built
    third = '{from: "centre", to: "home_penalty"}, {from: "home_penalty", to: "centre"}, {from: "centre", to: "centre"}'
    reads = []
    for moves in (body, body.replace('{from: "centre", to: "home_penalty"}, {from: "home_penalty", to: "centre"}', third)):
        ed, m = ready(moves, NEAR)
        reads.append((state_reads(m), function_calls(ed, "near")))
        m.run("match")
    (two, two_calls), (three, three_calls) = reads
    assert two == three and two["control"] == 2  # read once per list, however many moves it holds
    assert not two_calls and not three_calls  # near is read in place


def test_the_advice_of_a_decision_reads_each_state_entry_once_for_all_options() -> None:
    body = 'return choose(home, "where", ["centre", "home_penalty"], prefer=distance(it, ball.area) + (1 if control == home else 0))'
    m = match(build(program(body)), answers=["centre"])
    reads = state_reads(m)
    m.run("match")
    far = value('distance("home_penalty", "centre")')
    assert m.agents["home"].asked[0].scores == (1, far + 1)
    assert reads == {"ball.area": 1, "control": 1}  # `control == home` holds for every option: worked out once too


def test_a_comprehension_that_can_change_the_state_reads_it_afresh_each_round() -> None:
    # rolling is no state write, but an impure call anywhere in the loop keeps every read in it
    body = "return [d + ball.value for d in [roll(1)[0], 1]]"
    assert run_do(body, dice=[4]).result == [6, 3]
    reads = []
    for walked in (body, body.replace("1]]", "1, 2]]")):
        m = match(build(program(walked)), dice=[4])
        reads.append(state_reads(m))
        m.run("match")
    assert reads[1]["ball.value"] > reads[0]["ball.value"] > 0  # one more element, read once more


def test_a_trigger_no_hook_can_answer_is_skipped_but_its_values_still_fault() -> None:
    quiet = "triggers:\n  ping: {params: [x]}\n"
    m = match(build(program("trigger ping(x=1)\ntrigger ping(x=ball.value)", quiet)))
    fired = method_calls(m, "fire")
    m.run("match")
    assert m.live_hooks == {"ping": ()}  # worked out at the first firing, then skipped
    assert fired == {"fire": 1}
    f = fault('let a = "now" + "here"\ntrigger ping(x=1)\ntrigger ping(x=pieces(home, a))', quiet)
    assert f.message == "unknown area 'nowhere'"


# ---- functions ------------------------------------------------------------------------------------
FUNCS = """
functions:
  far: {params: [a], expr: 'distance(a, "centre") * 2'}
  crowd: {params: [a], expr: 'pieces(home, a) + pieces(away, a)'}
  me: {expr: 'CT'}
  again: {params: [n], expr: 'again(n - 1) if n > 0 else 0'}
"""


def test_a_function_of_its_arguments_and_the_board_keeps_its_answers_for_the_match() -> None:
    ed = build(FUNCS)
    assert "far" in ed.compiler.fixed and "crowd" not in ed.compiler.fixed
    assert value('far("home_penalty")', FUNCS) == value('far("home_penalty")', FUNCS) == 4


def test_a_match_spends_the_same_steps_whether_or_not_another_match_asked_first() -> None:
    # `near` reads no state, so its answers are kept; a kept answer spends no steps, so it
    # is kept for one match only: what a match spends cannot depend on what ran before
    # it in the same process (a runaway mod must fault at the same place with -j 1 and 2).
    walks = FUNCS + "  near: {params: [a], expr: 'len([b for b in neighbours(a) if far(b) > 0])'}\n"
    ed = build(program('return near("centre")', walks))
    assert "near" in ed.compiler.fixed
    first = match(ed)
    first.run("match")
    again = match(ed)
    again.run("match")
    assert again.budget == first.budget < match(ed).budget


def test_a_function_reading_pieces_sees_a_move_made_after_it_was_asked() -> None:
    m = run_do('let before = crowd("centre")\nplace(home, "centre")\nreturn [before, crowd("centre")]', FUNCS)
    assert m.result == [0, 1]


def test_a_tiny_parameterless_function_is_read_in_place_by_its_callers() -> None:
    ed = build(program("return me", FUNCS))
    calls = function_calls(ed, "CT", "me")
    assert match(ed).run("match") == "home" and not calls


def test_a_function_that_cannot_recurse_needs_no_depth_count_but_recursion_still_stops() -> None:
    assert "endless recursion in 'again'" in fault("let x = again(1000)", FUNCS).message
    # asked as deep as calls may nest, `far` still answers: it never counts the depth
    deep = match(build(program('return far("home_penalty")', FUNCS)))
    deep.depth = 63  # the procedure asking is the 64th call
    assert deep.run("match") == 4
    deep = match(build(program("return again(1)", FUNCS)))
    deep.depth = 63
    with pytest.raises(RuleFault, match="endless recursion in 'again'"):
        deep.run("match")


WIDE = (
    "state:\n  n: {type: int, default: 2}\nfunctions:\n"
    + "".join(f"  f{i}: {{params: [r], expr: 'f{i + 1}(r) + f{i + 1}([r])'}}\n" for i in range(30))
    + "  f30: {params: [r], expr: 'n'}\n"
)


def test_a_function_making_few_calls_spends_no_step_but_a_wide_tree_of_calls_still_runs_out() -> None:
    # f29 makes two calls, f28 six in all: the step of whatever asked for them pays. f27
    # would make fourteen, so it spends its own step. Records and lists are no cache keys,
    # and the two calls ask about other values, so f0 makes 2**30 calls: the steps still
    # run out.
    steps = {call: 5_000_000 - run_do(f"let x = {call}", WIDE).budget for call in ("1", "f29({a: 2})", "f28({a: 2})", "f27({a: 2})")}
    assert steps["f29({a: 2})"] == steps["f28({a: 2})"] == steps["1"] < steps["f27({a: 2})"]
    assert value("f29({a: 2})", WIDE) == 4
    assert fault("let x = f0({a: 1})", WIDE, budget=10_000).message.startswith("step budget exhausted")


def test_a_comprehension_walks_one_short_list_literal_for_free_and_the_rest_spends_steps() -> None:
    # `for d in [false, true]`: the step of whatever asked pays for two; a second such
    # loop inside the first, or any other list, spends one step per element as before
    free = run_do("let x = [d for d in [false, true]]\nreturn len(x)")
    plain = run_do("let x = [false, true]\nreturn len(x)")
    assert free.result == 2 and free.budget == plain.budget
    walked = run_do("let xs = [false, true]\nlet x = [d for d in xs]\nreturn len(x)")
    assert walked.budget == plain.budget - 2
    nested = run_do("let x = [1 for a in [1, 2] for b in [1, 2] for c in [1, 2]]\nreturn len(x)")
    assert nested.result == 8 and nested.budget == plain.budget - 2 * 2 - 4 * 2
    assert fault("let x = len([1 for a in [1, 2, 3] for b in 1..99 for c in 1..99 if false])", budget=1000).message.startswith(
        "step budget exhausted"
    )


def test_a_function_walking_a_list_literal_spends_its_own_step() -> None:
    src = "functions:\n  pair: {params: [a], expr: '[a + d for d in [0, 1]]'}\n"
    # so a loop of its callers cannot multiply free work
    assert run_do("let x = pair(3)", src).budget == run_do("let x = [3, 4]", src).budget - 1
    assert value("pair(3)", src) == [3, 4]


def test_counting_pieces_is_read_in_place_and_still_names_an_unknown_area() -> None:
    ed = build(program('place(home, "centre")\nmove_keeper(home, "centre")\nreturn crowd("centre")', FUNCS))
    asked = helper_calls(ed, "pieces")
    assert match(ed).run("match") == 2  # the keeper counts
    assert not asked  # the counts read in place; the primitive stays, as the fallback
    assert fault('let x = crowd(text("centr"))', FUNCS).message == "unknown area 'centr'"
    assert fault("let x = crowd(3)", FUNCS).message == "expected an area, got 3"


def test_moves_and_placements_are_read_in_place_for_a_team_and_fault_as_the_primitives_do() -> None:
    ed, m = ready('place(home, "centre")\nmove(home, "centre", "home_penalty")\nmove_keeper(home, "centre")\nreturn [pieces(home, "home_penalty"), pieces(home, "centre")]')
    prims, moves = helper_calls(ed, "move", "move_keeper", "place"), method_calls(m, "move_piece", "move_keeper", "place_piece")
    assert m.run("match") == [1, 1]
    assert not prims and moves == {"move_piece": 1, "move_keeper": 1, "place_piece": 1}
    assert fault('move(home, text("centr"), "centre")').message == "home has no outfield piece in 'centr' to move"
    assert fault('move(home, "centre", text("x"))').message == "unknown area 'x'"
    assert fault("move_keeper(home, [2])").message == "a list or record cannot be used as a key here"
    assert fault("place(home, 4)").message == "unknown area 4"
    # a team the rule text does not show goes to the primitive, which names it
    assert fault('move(text("hom"), "centre", "home_penalty")').message == "expected a team (home or away), got 'hom'"
    assert fault('place(3, "centre")').message == "expected a team (home or away), got 3"


def test_counts_follow_every_move_placement_and_removal() -> None:
    body = """
    place(home, "centre")
    place(home, "centre")
    move_keeper(home, "centre")
    let a = pieces(home, "centre") * 100 + outfield(home, "centre") * 10 + pieces(home, "home_penalty")
    move(home, "centre", "home_penalty")
    move_keeper(home, "home_penalty")
    let b = pieces(home, "centre") * 100 + outfield(home, "centre") * 10 + pieces(home, "home_penalty")
    take_off(home, "home_penalty")
    let c = pieces(home, "home_penalty")
    lift_all(home)
    return [a, b, c, pieces(home, "centre") + pieces(home, "home_penalty"), pieces(away, "centre")]
    """
    assert run_do(body, FUNCS).result == [320, 112, 1, 0, 0]


# ---- board questions --------------------------------------------------------------------------------
def test_a_board_question_is_a_table_read_that_still_names_an_unknown_area() -> None:
    ed = build(program('return [far("home_penalty"), far("home_penalty"), far("centre")]', FUNCS))
    asked, called = primitive_runs(ed, "distance"), helper_calls(ed, "distance")
    assert match(ed).run("match") == [4, 4, 0]
    assert asked == {"distance": 2} and not called  # once per question, answered from its table
    f = fault('let x = far(text("centr"))', FUNCS)  # text(): a quoted name is rejected when loaded
    assert f.message == "unknown area 'centr'"


def test_a_board_question_of_two_areas_reads_one_table_per_area_and_checks_both() -> None:
    src = "functions:\n  apart: {params: [a, b], expr: 'distance(a, b)'}\n"
    ed = build(program('return [apart("centre", "home_penalty"), apart("home_penalty", "centre"), apart("centre", "centre")]', src))
    asked, called = primitive_runs(ed, "distance"), helper_calls(ed, "distance")
    assert match(ed).run("match") == [2, 2, 0]
    assert asked == {"distance": 3} and not called
    assert fault('let x = apart("centre", text("centr"))', src).message == "unknown area 'centr'"
    assert fault('let x = apart(text("centr"), "centre")', src).message == "unknown area 'centr'"
    assert "cannot be used as a key" in fault('let x = apart("centre", [1])', src).message


def test_the_areas_of_a_zone_are_a_board_answer_that_still_names_an_unknown_zone() -> None:
    src = "functions:\n  wide: {params: [z], expr: 'len(areas_in_zone(z, home))'}\n"
    ed = build(program('return [wide("midfield"), wide("midfield")]', src))
    asked, called = primitive_runs(ed, "areas_in_zone"), helper_calls(ed, "areas_in_zone")
    assert "wide" in ed.compiler.fixed
    assert match(ed).run("match") == match(ed).run("match") == [5, 5]
    assert asked == {"areas_in_zone": 1} and not called
    assert "expected a zone" in fault('let x = wide(text("midfeld"))', src).message


QUESTIONS = FUNCS + """
  twice: {params: [t, a], expr: 'far(a) + far(penalty_area(t))'}
  odds: {params: [v], expr: '36 - v * v'}
  span: {params: [mv], expr: 'distance(mv.from, mv.to)'}
  near: {params: [a], expr: 'len([b for b in neighbours(a) if far(b) > 0])'}
"""


def test_a_function_asking_only_board_questions_of_its_parameters_is_a_table_read_too() -> None:
    ed = build(program('return [twice(home, "centre"), twice(away, "home_penalty"), far("centre")]', QUESTIONS))
    assert ed.compiler.tabled == {"far", "twice"}
    twice_runs, far_runs = body_runs(ed, "twice"), body_runs(ed, "far")
    calls = function_calls(ed, "twice", "far")
    # a parameter used as a number or a record, a loop: still a call, with the match's own cache
    assert {"odds", "span", "near"} <= ed.compiler.fixed and not {"odds", "span", "near"} & ed.compiler.tabled
    first, again = match(ed), match(ed)  # its answers are kept for the process: asking spends no step either way
    assert first.run("match") == again.run("match") == [4, 8, 0] and first.budget == again.budget
    # each body ran once per question, in the reference play or the first match; none was called
    assert twice_runs["twice"] == 2 and far_runs["far"] == 3 and not calls


def test_a_table_of_answers_remembers_a_bounded_number_and_answers_the_rest(monkeypatch) -> None:
    monkeypatch.setattr(Answers, "LIMIT", 2)
    ed = build(program("return [far(a) for a in areas()]", QUESTIONS))
    assert match(ed).run("match") == match(ed).run("match") == [value(f'far("{a}")', QUESTIONS) for a in ed.board.areas]
    assert len(ed.compiler.G["_R_far"]) == 2


def test_a_table_read_function_faults_where_its_call_did() -> None:
    for call in ['twice(home, text("centr"))', "far(1)"]:
        f = fault(f"let x = {call}", QUESTIONS)
        assert f.pos.line == BODY_LINE + 2  # far's line (after the one-line body and "functions:"), reached from the call
        assert next(p.line for p in fault_trace(f.__context__.__traceback__)) == BODY_LINE
    assert fault('let x = twice(text("hom"), "centre")', QUESTIONS).message == "expected a team (home or away), got 'hom'"
    f = fault("let x = far([1])", QUESTIONS)  # the table takes no list: refused at the call, in the same words
    assert f.message == "a list or record cannot be used as a key here" and f.pos.line == BODY_LINE


# ---- modifiers -------------------------------------------------------------------------------------
MODS = """
modifiers:
  crowded: {group: pass, ref: "4.7.2", text: "+1 crowded", when: "pieces(DT, target) > 0", value: 1}
  long: {group: pass, ref: "4.7.3", text: "+1 per area", value: "areas_between(ball.area, target)"}
"""


def test_a_modifier_group_sums_and_logs_its_rows_in_order() -> None:
    m = run_do('place(away, "away_penalty")\nreturn modifiers("pass", target="away_penalty")', MODS)
    assert m.result == 2
    assert [(e["id"], e["value"]) for e in events(m, "modifier")] == [("crowded", 1), ("long", 1)]


def test_a_fault_in_a_modifier_row_points_at_that_row() -> None:
    f = fault('let x = modifiers("pass", target="nowhere")', MODS)
    assert f.message == "unknown area 'nowhere'"
    assert f.pos is not None and f.pos.line == 6  # the `crowded:` row of MODS, after the 4-line program


def test_a_modifier_total_is_a_function_of_the_values_that_sums_the_same_and_faults_at_the_row() -> None:
    # modifier_total logs nothing, so the rows run as one function of the keywords' values
    body = 'place(away, "away_penalty")\nreturn {}("pass", target="away_penalty")'
    totals, logged = build(program(body.format("modifier_total"), MODS)), build(program(body.format("modifiers"), MODS))
    m, shown = match(totals), match(logged)
    by_rows, by_function = helper_calls(logged, "_modifiers"), helper_calls(totals, "_modifiers")
    assert m.run("match") == shown.run("match") == 2 and events(m, "modifier") == []
    assert by_rows == {"_modifiers": 1} and not by_function  # the rows, one by one, only where they are logged
    f = fault('let x = modifier_total("pass", target="nowhere")', MODS)
    assert f.message == "unknown area 'nowhere'" and f.pos is not None and f.pos.line == 6


def test_a_log_line_keeps_cached_results_and_a_move_empties_them() -> None:
    kept = run_do('let n = crowd("centre")\nlog("nothing moves")', FUNCS)
    assert kept.area_memo["centre"] == {"crowd": 0}  # the area's own cache: keyed without it
    moved = run_do('let n = crowd("centre")\nplace(home, "centre")', FUNCS)
    assert moved.area_memo["centre"] == {}


AREAS = """
state:
  bonus: {type: int, default: 0, reset: turn}
functions:
  outnumbered: {params: [t, a], expr: 'pieces(other(t), a) > pieces(t, a) + bonus'}
  two_areas: {params: [t, a, b], expr: 'pieces(t, a) + pieces(t, b) + 0'}
  elsewhere: {params: [t, a], expr: 'len([a for a in areas() if pieces(t, a) > 0]) + 0'}
"""


def test_which_area_a_function_reads_pieces_in_is_worked_out_from_its_text() -> None:
    areas = build(AREAS).compiler.areas
    assert areas["outnumbered"] == "a"  # both teams' pieces, in one area
    assert areas["two_areas"] is None and areas["elsewhere"] is None  # two areas; a loop's `a`, every area
    m = run_do('let x = [outnumbered(home, "centre"), two_areas(home, "centre", "home_front"), elsewhere(home, "centre")]', AREAS)
    assert {a: answered(answers) for a, answers in m.area_memo.items() if answers} == {"centre": {"outnumbered"}}  # kept by its area


def test_an_answer_about_one_area_outlives_moves_elsewhere_and_expires_with_a_move_there_or_a_state_write() -> None:
    body = """
        place(away, "centre")
        let first = outnumbered(home, "centre")
        place(home, "home_penalty")
        let kept = outnumbered(home, "centre")
        place(home, "centre")
        return [first, kept, outnumbered(home, "centre")]
    """
    m = run_do(body, AREAS)
    assert m.result == [True, True, False]
    assert m.area_memo["home_penalty"] == {} and m.area_memo["centre"] == {"outnumbered home": False}
    written = run_do('place(away, "centre")\nlet first = outnumbered(home, "centre")\nset bonus = 2\nreturn [first, outnumbered(home, "centre")]', AREAS)
    assert written.result == [True, False] and written.area_memo["centre"] == {"outnumbered home": False}
    compiler = build(AREAS).compiler
    assert compiler.kept_state("areas") == {"bonus"} and compiler.kept_state("teams") == compiler.kept_state("smemo") == frozenset()


def test_a_reset_empties_the_answers_reading_an_entry_only_when_it_changes_the_entry() -> None:
    kept = run_do('place(away, "centre")\nlet first = outnumbered(home, "centre")\nreset("turn")', AREAS)
    assert kept.area_memo["centre"] == {"outnumbered home": True}  # bonus was 0 already
    body = 'place(away, "centre")\nset bonus = 2\nlet first = outnumbered(home, "centre")\nreset("turn")\nreturn [first, outnumbered(home, "centre")]'
    assert run_do(body, AREAS).result == [False, True]


def test_a_value_that_is_no_area_skips_the_area_caches_and_faults_as_before() -> None:
    assert fault('let x = outnumbered(home, "no" + "where")', AREAS).message == "unknown area 'nowhere'"
    assert fault('let x = outnumbered(home, ["centre"])', AREAS).message == "a list or record cannot be used as a key here"


SIDES = """
functions:
  mine: {params: [t], expr: 'len([a for a in areas() if pieces(t, a) > 0])'}
  theirs: {params: [t], expr: 'len([a for a in areas() if pieces(other(t), a) > 0])'}
  mirrored: {params: [t], expr: 'theirs(other(t)) + len([a for a in areas() if distance(a, ball.area) > 9])'}
  calm: {expr: 'len([a for a in areas() if distance(a, ball.area) > 1])'}
  crowds: {params: [t], expr: 'mine(t) + theirs(t) + len([a for a in areas() if distance(a, ball.area) > 9])'}
"""


def test_whose_pieces_a_function_reads_is_worked_out_from_its_text_through_its_callees() -> None:
    pieces = build(SIDES).compiler.pieces
    assert pieces["mine"] == {("param", "t")} and pieces["theirs"] == {("other", "t")}
    assert pieces["mirrored"] == {("param", "t")}  # the other team's other team
    assert pieces["calm"] == frozenset() and pieces["crowds"] is None  # no one's; both teams'


def test_a_move_keeps_the_answers_that_read_only_the_other_teams_pieces_or_none() -> None:
    m = run_do(
        """
        let before = [mine(home), theirs(home), calm]
        place(away, "centre")
        return before
        """,
        SIDES,
    )
    assert m.memo_home == {"mine": 0}  # home's pieces did not move; the cache is home's: no team in the key
    assert m.memo_away == {}  # theirs(home) read away's pieces
    assert m.smemo == {"calm": 6}
    after = run_do('let before = [theirs(home), mine(home), calm]\nplace(away, "centre")\nreturn before + [theirs(home), mine(home), calm]', SIDES)
    assert after.result == [0, 0, 6, 1, 0, 6]


def test_a_state_write_empties_the_kept_answers_only_when_one_of_them_reads_it() -> None:
    # calm reads ball.area, which mirrored reads too; no kept function reads ball.value
    kept = run_do("let before = [mine(home), mirrored(away), calm]\nset ball.value = 5", SIDES)
    assert kept.memo_home == {"mine": 0}
    assert kept.memo_away == {"mirrored": 0, "theirs": 0}  # both read away's pieces
    assert kept.smemo == {"calm": 6} and kept.memo == {}
    gone = run_do("let before = [mine(home), mirrored(away), calm]\nset ball.area = \"home_penalty\"", SIDES)
    assert gone.memo_home == gone.memo_away == gone.smemo == gone.memo == {}
    compiler = build(SIDES).compiler
    assert compiler.kept_state("smemo") == {"ball.area"} and compiler.kept_state("teams") == {"ball.area"}  # calm; mirrored


def test_a_state_write_empties_only_the_caches_whose_functions_read_it() -> None:
    split = SIDES + "  dry: {expr: 'len([a for a in areas() if rain == 0])'}\nstate:\n  rain: {type: int, default: 0}\n"
    m = run_do("let before = [mine(home), dry]\nset rain = 1\nreturn before + [dry]", split)
    assert m.memo_home == {"mine": 0} and m.smemo == {"dry": 0}  # mine kept; dry asked afresh
    assert m.result == [0, len(value("areas()")), 0]


def test_no_primitive_a_pure_rule_can_call_reads_declared_state() -> None:
    """What a function reads is worked out from its text and its callees' texts; a
    primitive reading `m.S` would hide a read from that."""
    import inspect

    from fuba_rules.engine.primitives import PRIMS

    assert [p.name for p in PRIMS.primitives.values() if p.pure and "m.S" in inspect.getsource(p.fn)] == []


def test_a_team_argument_that_is_no_team_still_faults_as_the_primitive_words_it() -> None:
    nobody = 'let who = "nob" + "ody"\n'
    assert fault(nobody + "let n = mine(who)", SIDES).message == fault(nobody + 'let n = pieces(who, "centre")').message
    assert fault("let n = mine([home])", SIDES).message == fault('let n = pieces([home], "centre")').message


# ---- logs ---------------------------------------------------------------------------------------
def test_a_match_that_keeps_no_log_still_counts_its_tags() -> None:
    body = 'log("kick-off", tag="kickoff")\nlog("ball {ball.value}", tag="kickoff", ref="4.7")\nlog("untagged")\nreturn 1'
    quiet, kept = run_do(body, record=False), run_do(body)
    assert quiet.events == [] and quiet.tally["kickoff"] == kept.tally["kickoff"] == 2
    unwritten, written = build(program(body)), build(program(body))
    quiet, kept = match(unwritten, record=False), match(written)
    quiet_lines, kept_lines = helper_calls(unwritten, "_render"), helper_calls(written, "_render")
    quiet.run("match"), kept.run("match")
    assert not quiet_lines and kept_lines["_render"] >= 2  # no line is written where no log is kept


def test_a_log_line_that_cannot_be_written_is_the_same_fault_without_a_log() -> None:
    bad = 'let xs = []\nlog("first: {xs[0]}")'
    assert fault(bad, record=False).message == fault(bad).message == "the list has no element at that index"


# ---- this round: records, lists, state writes, list primitives, cache keys ------------------------
MOVES = """
functions:
  gain: {params: [mv], expr: 'distance(mv.from, "centre") - distance(mv.to, "centre")'}
  free: {params: [xs, a], expr: 'len([x for x in xs if x == a]) + len(xs) * 2 + count(xs, a)'}
"""


def test_a_function_reading_fields_of_a_parameter_checks_the_record_once() -> None:
    ed, m = ready('return [gain({from: "home_penalty", to: "centre"}), gain({from: "centre", to: "home_penalty"})]', MOVES)
    tests = helper_calls(ed, "_type", "_field")
    assert m.run("match") == [2, -2]
    assert tests == {"_type": 2}  # one test of the record per call, none per field
    assert fault('let x = gain({from: "centre"})', MOVES).message == "the record has no field 'to' (it has: from)"
    assert fault("let x = gain(3)", MOVES).message == "cannot read field 'from' of a number"


def test_a_small_uncached_function_is_read_in_place_and_a_fault_in_it_points_at_its_line_after_the_call() -> None:
    body = 'let x = gain({from: "nowhere", to: "centre"})'
    ed = build(program('return gain({from: "home_penalty", to: "centre"})', MOVES))
    calls = function_calls(ed, "gain")
    assert match(ed).run("match") == 2 and not calls
    f = fault(body, MOVES)
    assert f.message == "unknown area 'nowhere'" and f.pos is not None and f.pos.line == 6  # gain's line
    assert [(p.line, p.col) for p in fault_trace(f.__context__.__traceback__)] == [(4, 11), (6, 31)]  # the call, then gain
    assert fault('let x = gain({from: "centre"})', MOVES).message == "the record has no field 'to' (it has: from)"


AROUND = """
functions:
  around: {params: [b], expr: '[b + 1 for b in b]'}
  others: {params: [a], expr: 'len([b for b in neighbours(a) if b != a]) + 0'}
"""


def test_a_function_read_in_place_keeps_its_loop_variables_apart_from_its_parameters_and_the_callers() -> None:
    # `around` walks its list parameter under the parameter's own name; `others` is
    # asked about a caller's loop variable named like its own
    ed = build(program("return around([1, 2])", AROUND))
    calls = function_calls(ed, "around")
    assert match(ed).run("match") == [2, 3] and not calls
    assert value('[others(b) for b in ["centre", "home_penalty"]]', AROUND) == [len(value(f'neighbours("{a}")')) for a in ("centre", "home_penalty")]


def test_a_constant_modifier_value_is_added_in_line() -> None:
    src = MODS.replace('value: 1}', 'value: -1}')
    ed = build(program('return modifier_total("pass", target="away_penalty")', src))
    assert match(ed).run("match") == 1  # nobody defends there: only the long pass (no call for the value: see the golden `modifiers pass`)
    m = run_do('place(away, "away_penalty")\nreturn modifiers("pass", target="away_penalty")', src)
    assert m.result == 0 and [(e["id"], e["value"]) for e in events(m, "modifier")] == [("crowded", -1), ("long", 1)]


ASKED_TWICE = """
functions:
  crowd: {params: [a], expr: 'pieces(home, a) + pieces(away, a) + 0'}
  both: {params: [a], expr: 'crowd(a) >= 1 and crowd(a) < 3'}
  maybe: {params: [a, b], expr: '(crowd(a) if b else 0) + crowd(a)'}
"""


def test_a_function_asked_twice_with_the_same_values_in_one_expression_is_asked_once() -> None:
    def asked(call: str, extra: str = ASKED_TWICE) -> tuple[object, int]:
        ed, m = ready(f'place(home, "centre")\nreturn {call}', extra)
        calls = function_calls(ed, "crowd")
        return m.run("match"), calls["crowd"]

    assert value('both("centre")', ASKED_TWICE) is False  # nobody there yet
    assert asked('both("centre")') == (True, 1)
    # first asked in a branch that may not run: asked in both places, as written
    assert asked('maybe("centre", true)') == (2, 2)
    assert run_do('place(home, "centre")\nreturn [maybe("centre", true), maybe("centre", false)]', ASKED_TWICE).result == [2, 1]
    # first asked in a keyword's value: not kept, so no later place reads it before it is set
    keyword = ASKED_TWICE + "  first_in_keyword: {params: [a], expr: 'modifier_total(\"g\", n=crowd(a)) + crowd(a) + crowd(a)'}\n"
    keyword += "modifiers:\n  lead: {group: g, ref: '1', text: 'n', when: 'n > 0', value: n}\n"
    assert asked('first_in_keyword("centre")', keyword)[0] == 3 and value('first_in_keyword("centre")', keyword) == 0


RANKED_TWICE = """
functions:
  second: {params: [t], expr: 'ranked(t)[1] if len(ranked(t)) > 1 else none'}
  either: {params: [t], expr: '(ranked(t) if len(team_areas(t)) > 0 else []) + ranked(t)'}
"""


def test_a_primitive_reading_the_match_asked_twice_in_one_expression_is_asked_once() -> None:
    placed = 'place(home, "centre")\nplace(home, "home_penalty")\n'
    for call, times in (("second(home)", 1), ("either(home)", 2)):  # either: first asked in a branch that may not run
        ed, m = ready(placed + f"return {call}", RANKED_TWICE)
        asked = helper_calls(ed, "ranked")
        m.run("match")
        assert asked["ranked"] == times, call
    assert run_do(placed + "return [second(home), second(away), either(home)]", RANKED_TWICE).result == ["centre", None, ["home_penalty", "centre"] * 2]
    assert fault("let x = second(text(\"homme\"))", RANKED_TWICE).message == fault("let x = ranked(text(\"homme\"))").message


def test_a_function_walking_a_list_parameter_is_not_cached() -> None:
    m = run_do('return free(["centre", "centre", "home_left"], "centre")', MOVES)
    assert m.result == 2 + 6 + 2
    assert "free" not in cached(m)  # a list cannot be a key: trying would only raise


def test_list_primitives_read_in_place_give_the_same_answers_and_faults() -> None:
    def asked(expr: str) -> tuple[object, set[str]]:
        ed, m = ready(f"return {expr}")
        calls = helper_calls(ed, "len", "count", "min", "max", "sum")
        return m.run("match"), set(calls)

    assert asked("len([1, 2, 3]) + count([1, 2, 1], 1) + min(4, 2) + max(4, 2)") == (3 + 2 + 2 + 4, set())
    assert asked("len(1..60)") == (60, {"len"})  # a long list goes to the primitive, which charges its length
    assert asked("sum([1, 2, 3])") == (6, set()) and asked("sum(1..60)") == (1830, {"sum"})
    assert run_do("let x = sum(1..60)").budget < run_do("let x = sum(1..50)").budget - 10  # the long one is charged
    assert fault("let x = sum(3)").message == "expected a list, got a number"
    assert fault('let x = sum([1, "a"])').message == fault('let x = sum([n for n in 1..60] + ["a"])').message
    assert fault("let x = len(3)").message == "expected a list, got a number"
    assert fault('let x = min("a", 1)').message == "cannot compare these values ('<' between a number and a text)"


def test_clamp_read_in_place_gives_what_the_primitive_gives() -> None:
    """`clamp(x, low, high)` of whole numbers is a comparison in line; anything else
    (a boolean, a text) goes to the primitive, which names the fault."""
    cases = [(x, low, high) for x in range(-2, 9) for low in (-1, 1, 3) for high in (0, 2, 6)]
    ed, m = ready("return [" + ", ".join(f"clamp({x}, {low}, {high})" for x, low, high in cases) + "]")
    asked = helper_calls(ed, "clamp")
    assert m.run("match") == [max(low, min(high, x)) for x, low, high in cases]  # low when high is below it
    assert not asked  # compared in line
    assert fault("let x = clamp(true, 1, 6)").message == "clamp needs numbers, got a boolean"
    assert fault('let x = clamp(3, "a", 6)').message == "clamp needs numbers, got a text"


def test_a_team_that_is_not_one_is_named_when_counting_pieces_or_finding_the_keeper() -> None:
    src = "functions:\n  pc: {params: [t], expr: 'pieces(t, \"centre\") + outfield(t, \"centre\")'}\n  kp: {params: [t], expr: 'keeper_area(t)'}\n"
    assert fault('let x = pc(text("hom"))', src).message == "expected a team (home or away), got 'hom'"
    assert fault("let x = kp([1])", src).message == "expected a team (home or away), got [1]"


def test_a_plain_state_write_is_logged_only_when_the_value_changes() -> None:
    m = run_do('set control = away\nset control = away\nset control = home')
    assert [(e["from"], e["to"]) for e in events(m, "set") if e["var"] == "control"] == [("home", "away"), ("away", "home")]
    ed, m = ready("set control = away\nset control = away\nset control = home")
    writes = helper_calls(ed, "_put", "_set")
    m.run("match")
    assert writes == {"_put": 2}  # compared in line: the write itself only where the value changes


def test_a_modifier_total_is_cached_by_its_keys_and_values_together() -> None:
    src = "modifiers:\n  lead: {group: g, ref: '1', text: 'a before b', when: 'a > b', value: 1}\n"
    m = run_do('return [modifier_total("g", a=2, b=1), modifier_total("g", b=2, a=1)]', src)
    assert m.result == [1, 0]  # the same values under other names are another question


FRESH = """
functions:
  near: {params: [t, a], expr: 'pieces(t, a) + pieces(other(t), a) + distance(a, ball.area) + len(neighbours(a))'}
  crowd_near: {params: [t], expr: '[a for a in areas() if near(t, a) > 3]'}
  again_near: {params: [t, a], expr: 'pieces(t, a) + pieces(other(t), a) + distance(a, ball.area) + len(neighbours(a))'}
  twice: {params: [t], expr: '[a for a in areas() if again_near(t, a) > 3] + [again_near(t, ball.area)]'}
"""


def test_a_function_only_ever_asked_about_a_loop_value_is_not_cached() -> None:
    ed = build(FRESH)
    assert "near" in ed.compiler.uncached and "again_near" in ed.compiler.memoized  # asked about the ball's area too
    assert "near" not in cached(run_do("return crowd_near(home)", FRESH))  # each area asked once
    assert "again_near" in cached(run_do("return twice(home)", FRESH))
    by_hand = "[a for a in areas() if distance(a, ball.area) + len(neighbours(a)) > 3]"  # no pieces yet
    assert value("crowd_near(home)", FRESH) == value(by_hand) != []


# ---- indexing -------------------------------------------------------------------------------------
BONUS = """
state:
  bonus: {type: int, default: 0, index: [team, area]}
functions:
  bonus_of: {params: [t, a], expr: 'bonus[t][a] + 1'}
  entry: {params: [r, k], expr: 'r[k]'}
  second: {params: [xs], expr: 'xs[1]'}
  nth: {params: [xs, i], expr: 'xs[i + 0]'}
"""


def test_indexed_state_is_read_straight_and_a_missing_entry_is_still_named() -> None:
    # a write names every index, so every level is a dict with the declared keys
    ed, m = ready('return bonus_of(home, "centre")', BONUS)
    helpers, reads = helper_calls(ed, "_index"), state_reads(m)
    assert m.run("match") == 1 and not helpers and reads == {"bonus": 1}
    assert run_do('set bonus[away]["centre"] += 2\nreturn bonus_of(away, "centre")', BONUS).result == 3
    assert fault('let x = bonus_of(home, "middle")', BONUS).message == "no entry middle"
    assert fault('let x = bonus_of("hom", "centre")', BONUS).message == "no entry hom"
    assert fault('let x = bonus_of([1], "centre")', BONUS).message == "a list or record cannot be used as a key here"
    assert fault("let x = bonus[home][3]", BONUS).message == "no entry 3"


def test_a_dict_read_by_a_text_key_is_read_in_line_and_anything_else_goes_to_the_helper() -> None:
    for call, result, helper in (('entry({a: 1, b: 2}, "b")', 2, 0), ("entry([5, 6], 1)", 6, 1)):  # the helper only as fallback
        ed, m = ready(f"return {call}", BONUS)
        helpers = helper_calls(ed, "_index")
        assert m.run("match") == result and helpers["_index"] == helper, call
    assert fault('let x = entry({a: 1}, "c")', BONUS).message == "no entry c"
    assert fault('let x = entry([5, 6], "c")', BONUS).message == "a list index must be a number, got a text"


def test_a_list_read_by_a_whole_number_is_read_in_line_and_anything_else_goes_to_the_helper() -> None:
    ed, m = ready("return second([4, 5, 6])", BONUS)
    helpers = helper_calls(ed, "_index")
    assert m.run("match") == 5 and not helpers
    assert value("second([4, 5, 6]) + nth([4, 5, 6], -1)", BONUS) == 11
    assert fault("let x = nth([4, 5], 2)", BONUS).message == "the list has no element at that index"
    assert fault('let x = second({a: 1})', BONUS).message == "no entry 1"
    assert fault("let x = second(3)", BONUS).message == "cannot index a number"


def test_a_literal_indexed_by_a_text_is_a_rule_fault_without_a_python_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Python warns when it compiles `3['a']`
        assert fault('let x = 3["a"]').message == "cannot index a number"
        assert fault('let x = "abc"["a"]').message == "cannot index a text"


ADVISED = """
functions:
  steps: {params: [a], expr: '[{from: a, to: b} for b in neighbours(a)] + [{from: a, to: a}]'}
  gain: {params: [mv], expr: 'distance(mv.from, "away_penalty") - distance(mv.to, "away_penalty")'}
"""


def coaches() -> dict:
    return {"home": CoachAgent(0), "away": CoachAgent(1)}


def test_advice_over_options_proved_records_reads_their_fields_without_a_check() -> None:
    body = 'let opts = steps("centre")\nlet mv = choose(home, "move", opts, prefer=gain(it))\nreturn mv.to'
    tests = []
    for advised in (body, body.replace(", prefer=gain(it)", "")):
        ed, m = ready(advised, ADVISED, agents=coaches())
        tests.append(helper_calls(ed, "_type", "_field"))
        m.run("match")
    assert tests[0] == tests[1]  # scoring every option tested none of them
    best = max(value('[gain(x) for x in steps("centre")]', ADVISED))
    chosen = run_do(body, ADVISED, agents=coaches()).result
    assert value(f'gain({{from: "centre", to: "{chosen}"}})', ADVISED) == best  # the coach took the advice


def test_advice_over_a_local_that_may_hold_anything_else_checks_each_option() -> None:
    body = 'let opts = steps("centre")\nset opts = ["centre", "home_front"]\nlet mv = choose(home, "move", opts, prefer=gain(it))'
    assert fault(body, ADVISED, agents=coaches()).message == "cannot read field 'from' of a text"  # tested, and refused


WALKS = """
functions:
  proved: {params: [n], expr: 'len([a for a in areas() for b in neighbours(a)]) + n'}
  given: {params: [xs, n], expr: 'len([a for a in xs for b in neighbours(a)]) + n'}
"""


def test_a_walk_over_a_proved_list_skips_the_type_test_and_spends_the_same_steps() -> None:
    tested = []
    for call in ("proved(0)", "given(areas(), 0)"):
        ed, m = ready(f"return {call}", WALKS)
        tested.append(helper_calls(ed, "_each"))
        assert m.run("match") == 64
    assert tested == [{}, {"_each": 1}]
    proved, given = run_do("let x = proved(0)", WALKS), run_do("let x = given(areas(), 0)", WALKS)
    assert proved.budget == given.budget  # every element walked is charged either way
    assert fault('let x = given("centre", 0)', WALKS).message == "'for a in' needs a list, got a text"  # not proved: tested


CALLING_EACH_OTHER = """
functions:
  stops: {params: [n], expr: '[] if n <= 0 else [n] + stops_from(n - 1)'}
  stops_from: {params: [n], expr: 'stops(n)'}
  walk: {params: [n], expr: '[x * 2 for x in stops_from(n)]'}
  odd: {params: [n], expr: '5 if n <= 0 else odd_from(n - 1)'}
  odd_from: {params: [n], expr: '[] if n == 1 else odd(n)'}
  walk_odd: {params: [n], expr: '[x for x in odd_from(n)]'}
"""


def test_functions_returning_lists_through_calls_to_each_other_are_walked_as_lists() -> None:
    def walked(call: str) -> tuple[object, set[str]]:
        ed, m = ready(f"return {call}", CALLING_EACH_OTHER)
        helpers = helper_calls(ed, "_each", "_walk")
        return m.run("match"), set(helpers)

    assert walked("walk(3)") == ([6, 4, 2], {"_walk"})  # no type test
    assert walked("walk_odd(1)") == ([], {"_each"})  # one of the cycle can return a number: tested
    assert fault("let x = walk_odd(0)", CALLING_EACH_OTHER).message == "'for x in' needs a list, got a number"


BOUNDED = """
functions:
  crowd: {params: [t, a], expr: 'pieces(t, a) * 2 - outfield(t, a) + len([1, 2]) + distance(a, "centre") // 2 + count([1, 1], 1) % 4'}
  share: {params: [t, a, n], expr: 'pieces(t, a) // n'}
  rest: {params: [x], expr: 'x % 3 + 1'}
"""


def test_arithmetic_on_counts_and_distances_runs_without_checks() -> None:
    ed, m = ready('return crowd(home, "centre") + crowd(away, "away_penalty")', BOUNDED)
    checks = helper_calls(ed, "_add", "_sub", "_mul", "_floordiv", "_mod")
    assert m.run("match") == (0 + 2 + 0 + 2) + (0 + 2 + 1 + 2) and not checks  # and no range test: see the golden `crowd`
    assert "division" in fault('let x = share(home, "centre", 0)', BOUNDED).message  # by a number that may be 0: checked
    assert "needs numbers" in fault('let x = share(home, "centre", "a")', BOUNDED).message
    assert "needs numbers" in fault('let x = rest("a")', BOUNDED).message  # a text % 3 would be no number: checked


THROUGH = """
functions:
  odds: {params: [v], expr: '36 - (v - 1) * (v - 1)'}
  advice: {params: [x], expr: 'odds(clamp(x, 1, 6)) // 4 + min(pieces(home, "centre"), 3) + max(1, abs(-2))'}
  open: {params: [x], expr: 'odds(x) + 1'}
"""


def test_a_number_bounded_through_a_call_or_a_clamp_runs_without_checks() -> None:
    # odds(v) alone is unbounded, but here v is clamp(x, 1, 6): at most 6, so odds at most 85
    # (with no range test either: see the golden `advice`)
    checked = {}
    for call in ("advice(100000)", "open(100000)"):
        ed, m = ready(f"return {call}", THROUGH)
        checks = helper_calls(ed, "_add", "_sub", "_mul", "_floordiv")
        m.run("match")
        checked[call] = set(checks)
    assert checked == {"advice(100000)": set(), "open(100000)": {"_add", "_sub", "_mul"}}  # odds of any x: checked
    assert value('[advice(1), advice(9), advice(-3), open(2)]', THROUGH) == [9 + 0 + 2, 2 + 0 + 2, 9 + 0 + 2, 36]
    assert fault('let x = advice(true)', THROUGH).message == "clamp needs numbers, got a boolean"
    assert fault('let x = advice("a")', THROUGH).message == "clamp needs numbers, got a text"


TOTALS = MODS + """
  windy: {group: shot, ref: "1", text: "the ball's value", value: "ball.value"}
  late: {group: late, ref: "1", text: "the minute", value: "minute"}
functions:
  pass_need: {params: [a], expr: 'ball.value + modifier_total("pass", target=a)'}
  shot_need: {params: [a], expr: '1 + modifier_total("shot", target=a)'}
  late_need: {params: [a], expr: '1 + modifier_total("late", target=a)'}
  later: {expr: 'minute + 1'}
"""


def test_a_modifier_total_of_bounded_rows_and_bounded_state_are_summed_without_checks() -> None:
    # ball.value is an int kept between its min 1 and max 6 on every write; each row of
    # "pass" and "shot" is a small number: their sums cannot grow past the limit, so they
    # are not tested: a value forced past the limit behind the rules' back goes through
    bounded = build(program('return [pass_need("centre"), shot_need("centre")]', TOTALS))
    m = match(bounded)
    m.S["ball.value"] = 2**40
    checks = helper_calls(bounded, "_add", "_type")
    assert m.run("match") == [2**40, 1 + 2**40] and not checks
    unbounded = build(program('return [late_need("centre"), later]', TOTALS))
    m = match(unbounded)
    m.S["minute"] = 2**31
    checks = helper_calls(unbounded, "_add")
    assert m.run("match") == [2**31 + 1, 2**31 + 1] and checks == {"_add": 2}  # minute has no max: checked
    got = run_do('place(away, "away_penalty")\nset ball.value = 9\nreturn [pass_need("away_penalty"), shot_need("centre"), late_need("centre"), later]', TOTALS).result
    assert got == [6 + 2, 1 + 6, 1 + 1, 2]


WHOLE = """
state:
  bonus: {type: int, default: 0, index: [team], ref: "1"}
  spare: {type: int, default: null, ref: "1"}
functions:
  lead: {params: [t], expr: 'score[t] + bonus[t] * minute - actions'}
  late: {expr: 'min(minute + 1, 90) + max(bonus[home], minute)'}
  gap: {params: [t], expr: 'lead(t) - lead(other(t))'}
  loose: {params: [x], expr: 'x + minute'}
  maybe: {expr: 'spare + 1'}
  short: {params: [x], expr: '(x - 1) * 2 + sum([minute, bonus[away]]) + -minute'}
  halves: {params: [x], expr: 'sum([x, half]) + 1'}
constants:
  half: 0.5
"""


def test_arithmetic_on_whole_number_state_tests_only_the_range() -> None:
    def tests(call: str) -> int:
        """Type tests made asking `call` of a field of a record (which tests the record once)."""
        ed, m = ready(f"let r = {{x: 2}}\nreturn {call}", WHOLE)
        asked = helper_calls(ed, "_type")
        m.run("match")
        return asked["_type"]

    # an int entry that starts as a whole number holds one after every write (none only
    # where it starts as none): its sums need no type tests, only the range test (below)
    assert tests("[lead(home), late, gap(home)]") == 0
    # a parameter is tested: `x + minute` tests only x, once
    record = tests("r.x")
    assert tests("loose(r.x)") == record + 1
    # `x - 1` is a whole number whatever x is (anything else faults), and so is the sum
    # of a list of whole numbers; only `x - 1` itself tests x
    assert tests("short(r.x)") == record + 1
    assert value("short(4)", WHOLE) == (4 - 1) * 2 + 1 + 0 - 1
    assert "needs numbers" in fault('let x = short("a")', WHOLE).message
    # a sum with a decimal in it is no whole number: it is still tested, and the helper faults
    assert fault("let x = halves(1)", WHOLE).message == "'+' needs whole numbers, got a decimal number"
    got = run_do("set bonus[home] = 3\nset minute = 40\nset actions = 2\nreturn [lead(home), late, gap(home), loose(2)]", WHOLE).result
    assert got == [0 + 3 * 40 - 2, 41 + 40, 118 - (0 - 2), 42]
    assert value('loose("a")', WHOLE) == "a1"  # not proved: a text joined, as before
    # past the in-line range the helper adds, and names the number grown too large
    assert run_do("set minute = 2000000000\nreturn late", WHOLE).result == 90 + 2000000000
    assert fault(f"set bonus[home] = {MAX_NUMBER}\nset minute = 2\nlet x = lead(home)", WHOLE).message == f"a number grew beyond {MAX_NUMBER:,}"
    assert "needs numbers" in fault("let x = maybe", WHOLE).message


KEPT_LISTS = """
functions:
  beside: {params: [a], expr: '[b for b in neighbours(a) if not is_spot(b)] if ball.value > 0 else []'}
  beside_now: {params: [a], expr: '[b for b in neighbours(a) if not is_spot(b) and ball.value > 0]'}
  beside_each: {params: [xs], expr: '[b for a in xs for b in neighbours(a)]'}
"""


def test_a_list_reading_no_state_is_kept_for_the_match_and_a_fault_in_it_keeps_its_place() -> None:
    def steps(call: str, times: int) -> int:
        asked = "\nset ball.value = 3\n".join([f"let x = {call}"] * times)
        return 5_000_000 - run_do(asked, KEPT_LISTS).budget

    assert steps('beside("centre")', 2) == steps('beside("centre")', 1)  # kept for the match: asked again, no step
    assert steps('beside_now("centre")', 2) > steps('beside_now("centre")', 1)  # it reads the ball's value: built where it stands
    assert steps('beside_each(["centre"])', 2) > steps('beside_each(["centre"])', 1)  # a list is no key: built where it stands
    twice = run_do('let x = beside("centre")\nset ball.value = 3\nlet y = beside("centre")\nreturn [x, y, beside_now("centre")]', KEPT_LISTS)
    assert twice.result[0] == twice.result[1] == twice.result[2] and "home_front" in twice.result[0]
    once = run_do('let x = beside("centre")\nset ball.value = 3\nreturn beside_now("centre")', KEPT_LISTS)
    assert twice.budget == once.budget  # asked again after a write, the list was kept: no step, as a fixed function's answer
    kept, built = fault('let x = beside(text("centr"))', KEPT_LISTS), fault('let x = beside_now(text("centr"))', KEPT_LISTS)
    assert kept.message == built.message == "unknown area 'centr'"
    # placed as when the list stood in the function: the call, then the function's line
    assert (kept.pos.line, kept.pos.col) == (6, 33) and (built.pos.line, built.pos.col) == (7, 37)
    trace = [list(dict.fromkeys((p.line, p.col) for p in fault_trace(f.__context__.__traceback__))) for f in (kept, built)]
    assert trace == [[(4, 11), (6, 33)], [(4, 11), (7, 37)]]


BY_ZONE = """
functions:
  in_zone: {params: [team, area], expr: 'sum([pieces(team, a) for a in areas() if zone(a, team) == zone(area, team)])'}
  in_zone_named: {params: [team, area], expr: 'sum([pieces(team, a) for a in areas() if zone(a, team) == zone(area, team) and area != "centre" or zone(a, team) == zone(area, team) and area == "centre"])'}
  nearby: {params: [team, area], expr: 'sum([pieces(team, a) for a in areas() if distance(a, area) <= 1])'}
"""
SETUP = 'place(home, "centre")\nplace(home, "home_left_wing")\nplace(home, "home_front")\n'


def test_a_list_reading_a_local_only_through_a_board_question_is_kept_by_its_answer_until_the_state_changes() -> None:
    ask_all = "[[in_zone(home, a) for a in areas()], [in_zone_named(home, a) for a in areas()]]"
    m = run_do(f"{SETUP}let before = {ask_all}\nmove(home, \"centre\", \"away_front\")\nreturn [before, {ask_all}]", BY_ZONE)
    (kept, built), (kept_after, built_after) = m.result
    assert kept == built and kept_after == built_after and kept != kept_after  # a move empties what was kept
    # a second area of a zone already asked about spends no step on the list; another zone does
    midfield, other_zone = run_do(f'{SETUP}return [zone("centre", home), zone("home_front", home)]').result
    assert midfield != other_zone and run_do(f'{SETUP}return zone("home_left_wing", home)').result == midfield
    def second_area(function: str, area: str) -> int:
        """Steps spent asking about a second area, after "centre"."""
        once = run_do(f'{SETUP}let x = {function}(home, "centre")', BY_ZONE).budget
        return once - run_do(f'{SETUP}let x = {function}(home, "centre")\nlet y = {function}(home, "{area}")', BY_ZONE).budget

    assert second_area("in_zone", "home_left_wing") < second_area("in_zone", "home_front")  # `area` only as zone(area, team): kept by the zone
    for function in ("in_zone_named", "nearby"):  # it reads `area` itself too; distance(a, area) asks about the list's own `a`
        assert second_area(function, "home_left_wing") == second_area(function, "home_front"), function
    # a value no board question takes: the list as written faults, placed where it stands
    kept_fault, built_fault = fault('let x = in_zone(home, text("centr"))', BY_ZONE), fault('let x = in_zone_named(home, text("centr"))', BY_ZONE)
    assert kept_fault.message == built_fault.message == "unknown area 'centr'"
    assert (kept_fault.pos.line, kept_fault.pos.col) == (6, 42) and (built_fault.pos.line, built_fault.pos.col) == (7, 48)  # both at sum(


READ_ONCE = """
functions:
  near_ball: {params: [a], expr: '(2 if a == ball.area else 0) + (1 if distance(a, ball.area) == 1 else 0)'}
  late: {params: [a], expr: 'a != "centre" and a == ball.area and distance(a, ball.area) == 0'}
"""


def test_a_state_entry_a_function_always_reads_more_than_once_is_read_once_as_it_starts() -> None:
    def reads(call: str) -> int:
        _, m = prepared('set ball.area = "home_front"', f"return {call}", READ_ONCE)
        counted = state_reads(m)
        m.run("match")
        return counted["ball.area"]

    assert reads('near_ball("home_front")') == 1
    # first read after an `and`: maybe never read, so read in place, where the text reads it
    assert reads('late("centre")') == 0 and reads('late("home_front")') == 2
    assert value('[near_ball("centre"), near_ball("home_front"), near_ball("home_penalty"), late("centre")]', READ_ONCE) == [2, 1, 0, False]


TEAM_LISTS = """
functions:
  crowded: {params: [t], expr: '[a for a in areas() if pieces(t, a) + outfield(t, a) > 2 or len([b for b in neighbours(a) if pieces(t, b) > 0]) > 1]'}
  crowded_each: {params: [t], expr: '[a for u in [t] for a in areas() if pieces(u, a) + outfield(u, a) > 2 or len([b for b in neighbours(a) if pieces(u, b) > 0]) > 1]'}
"""


def test_a_list_asking_about_one_team_reads_its_counts_once_and_faults_as_before() -> None:
    position = 'place(home, "centre")\nplace(home, "centre")\nplace(home, "home_front")\nplace(home, "away_front")\n'
    reads = {}
    for function in ("crowded", "crowded_each"):
        _, m = prepared(position, f"return {function}(home)", TEAM_LISTS)
        reads[function] = count_reads(m)
        m.run("match")
    assert reads["crowded"] == {"home": 1}  # the inner lists read the outer's
    assert reads["crowded_each"]["home"] > len(value("areas()"))  # a team the list's loop binds: asked in place
    for team in ("home", "away"):
        got = run_do(position + f"return [crowded({team}), crowded_each({team})]", TEAM_LISTS).result
        assert got[0] == got[1] and ("centre" in got[0]) == (team == "home")
    assert fault('let x = crowded(text("nobody"))', TEAM_LISTS).message == fault('let x = crowded_each(text("nobody"))', TEAM_LISTS).message == "expected a team (home or away), got 'nobody'"


IN_PLACE = """
functions:
  liked: {params: [t, a], expr: '(2 if t == control and a == ball.area else 0) + (1 if pieces(t, a) > 0 else 0)'}
  liked_areas: {params: [t], expr: '[a for a in areas() if liked(t, a) > 1]'}
  liked_by_each: {params: [a], expr: '[t for t in teams() if liked(t, a) > 1]'}
"""


def test_what_a_body_read_in_place_asks_of_the_state_alone_is_worked_out_once_per_list() -> None:
    body = 'place(home, "centre")\nplace(away, "centre")\nset control = away\nset ball.area = "centre"\n'
    # `t == control` holds for every area of the list: read once as it starts, and t's counts with
    # it; in liked_by_each t is the list's own: `t == control` asked per team, `a == ball.area` once
    for call, counts in (("liked_areas(home)", {"home": 1}), ("liked_by_each(\"centre\")", {"home": 1, "away": 1})):
        _, m = prepared(body, f"return {call}", IN_PLACE)
        state, pieces = state_reads(m), count_reads(m)
        m.run("match")
        assert state == {"control": 1, "ball.area": 1} and pieces == counts, call
    advice = 'let x = choose(home, "where", ["centre", "home_front"], prefer=liked(away, it) + liked(home, it))\n'
    got = run_do(body + advice + 'return [liked_areas(home), liked_areas(away), liked_by_each("centre"), liked_by_each("home_front")]', IN_PLACE, answers=["centre"])
    assert got.result == [[], ["centre"], ["away"], []]


PROVED = """
state:
  holder: {type: team}
functions:
  against: {params: [t, a], expr: 't == DT and pieces(t, a) > 0'}
  against_holder: {params: [t, a], expr: 't == other(holder) and pieces(t, a) > 0'}
  mine: {params: [t], expr: '[a for a in team_areas(t) if against(t, a)]'}
  holders: {params: [t], expr: '[a for a in team_areas(t) if against_holder(t, a)]'}
  holders_in: {params: [t, xs], expr: '[a for a in xs if against_holder(t, a)]'}
"""


def test_the_opponent_of_a_team_entry_is_worked_out_once_per_list_where_it_cannot_fault() -> None:
    # control is a team entry starting as one, and every write to it is checked: other(control) cannot fault
    _, m = prepared('place(away, "centre")', "return mine(away)", PROVED)
    reads = state_reads(m)
    assert m.run("match") == ["centre"] and reads == {"control": 1}
    # holder starts as none: other(holder) may fault, so it is asked only where the text asks it
    assert value("holders_in(home, [])", PROVED) == []
    assert run_do('place(away, "centre")\nreturn [mine(away), mine(home), holders(home)]', PROVED).result == [["centre"], [], []]
    assert fault('place(home, "centre")\nlet x = holders(home)', PROVED).message == "expected a team (home or away), got None"


def test_a_list_in_a_body_read_in_place_that_binds_the_team_asks_about_its_own_team() -> None:
    src = """
functions:
  home_crowd: {params: [a], expr: 'len([t for t in teams() if pieces(t, a) > 0])'}
  busy: {params: [t], expr: '[a for a in areas() if pieces(t, a) > 0 and home_crowd(a) == 2]'}
"""
    position = 'place(home, "centre")\nplace(away, "centre")\nplace(home, "home_front")\n'
    assert run_do(position + "return [busy(home), busy(away)]", src).result == [["centre"], ["centre"]]


JOIN = """
functions:
  label: {params: [x], expr: '"use " + x'}
  tail: {params: [x], expr: 'x + "!"'}
  both: {params: [x], expr: '"{x}:" + ("one" if x == 1 else "other")'}
"""


def test_a_text_joined_to_a_short_text_is_joined_in_line_and_anything_else_as_before() -> None:
    def joined(call: str) -> tuple[object, set[str]]:
        ed, m = ready(f"return {call}", JOIN)
        helpers = helper_calls(ed, "_type", "_add")
        return m.run("match"), set(helpers)

    assert joined('label("skill")') == ("use skill", {"_type"}) and joined('tail("goal")') == ("goal!", {"_type"})
    # anything but a text is rendered, as `_add` renders it
    assert [value(f"label({x})", JOIN) for x in ("3", "true", "none", "[1, 2]")] == ["use 3", "use yes", "use none", "use 1,2"]
    assert value("tail(7)", JOIN) == "7!"
    # two texts the rule text shows (a template, a choice of two literals): no type test
    assert joined("both(1)") == ("1:one", set())
    assert value(f'both("{"y" * 120}")', JOIN) == "y" * 120 + ":other"  # past 100 characters: `_add` joins
    # a long text is joined by `_add`, which charges its length to the step budget
    long = "x" * 300
    joined = run_do(f'let y = label("{long}")', JOIN)
    assert joined.budget < run_do('let y = label("x")', JOIN).budget
    assert fault(f'let y = label(label("{"x" * 9999}"))', JOIN).message == "a text grew beyond 10000 characters"


INDEXED = """
state:
  trail: {type: list, default: [], index: [team], ref: "1"}
  ready: {type: bool, default: false, index: [team], ref: "1"}
"""


def test_one_entry_of_an_indexed_list_or_truth_value_is_written_in_line_logged_once_and_checked_by_key() -> None:
    ed, m = ready("set trail[home] = [1]", INDEXED)
    writes = helper_calls(ed, "_put_at", "_set", "_put")
    m.run("match")
    assert writes == {"_put_at": 1}
    m = run_do('set trail[home] = trail[home] + ["centre"]\nset trail[home] = ["centre"]\nset ready[away] = true\nreturn [trail, ready]', INDEXED)
    assert m.result == [{"home": ["centre"], "away": []}, {"home": False, "away": True}]
    assert [(e["var"], e["index"], e["from"], e["to"]) for e in events(m, "set")] == [("trail", ["home"], [], ["centre"]), ("ready", ["away"], False, True)]
    assert fault('set trail["middle"] = []', INDEXED).message == "'trail' has no entry middle"
