"""The checker: a modder's mistake is an error at its file, line and column, never silence.

Every kind of error the checker reports is shown on a small FUBA rule. The exact text of
each message, position included, is pinned by a syrupy snapshot
(tests/__snapshots__/test_lang_checker.ambr); the asserts beside it say in words what
matters. Positions are in `rules.yaml`, the file the test's YAML is loaded as: the body of
`kit.program(body)` starts at line 4, column 7 (`kit.body_pos(line, col)`).
"""

from __future__ import annotations

import pytest

from fuba_rules.diagnostics import FubaError
from fuba_rules.engine.primitives import ENGINE
from fuba_rules.lang import nodes as n
from fuba_rules.lang.checker import SPECIAL_FORMS, Checker, StateSpec, Symbols
from fuba_rules.lang.parser import default_locate, parse_block, parse_expr

import langkit as kit
from langkit import body_pos, program

DECLARED = """
state:
  formation: {type: list, default: [4, 4, 2], index: [team]}
  condition: {type: int, default: 0, index: [team, zone]}
functions:
  players: {params: [team, area], expr: "min(pieces(team, area), max_counted)"}
triggers:
  turn_start: {}
  momentum_dice: {params: [dice]}
rules:
  A6: {title: "Weather"}
"""
MODIFIERS = """
modifiers:
  pass_outnumbered: {group: pass, text: "+1 when the defenders outnumber", when: "pieces(DT, target) > pieces(CT, target)", value: 1}
"""


def only(src: str) -> str:
    """The one error of an edition, formatted."""
    errs = kit.errors(src)
    assert len(errs) == 1, errs
    return errs[0]


def with_body(body: str, extra: str = DECLARED, modifiers: bool = False) -> str:
    return program(body, extra + (MODIFIERS if modifiers else ""))


# ---- names -------------------------------------------------------------------------------
def test_an_unknown_name_suggests_the_closest_visible_name(snapshot) -> None:
    src = with_body(
        """
        let dice = roll(2)
        set actions = len(dicee)
        """
    )
    assert only(src) == f"{body_pos(2, 19)}: error: unknown name 'dicee' (did you mean 'dice'?)"
    assert kit.problems(src) == snapshot


def test_an_unknown_dotted_name_suggests_the_declared_state(snapshot) -> None:
    src = with_body("set actions = ball.vale")
    assert "unknown name 'ball.vale' (did you mean 'ball.value'?)" in only(src)
    assert kit.problems(src) == snapshot


def test_an_unknown_name_without_a_close_match_has_no_suggestion(snapshot) -> None:
    src = with_body("set actions = xyzzy")
    assert kit.messages(src) == ["unknown name 'xyzzy'"]
    assert kit.problems(src) == snapshot


def test_a_procedure_named_without_parentheses_is_missing_them(snapshot) -> None:
    src = "procedures:\n" + kit.procedure("let t = helper") + kit.procedure("return home", "helper")
    assert kit.messages(src) == ["missing () after 'helper'"]
    assert kit.problems(src) == snapshot


def test_a_primitive_named_without_parentheses_is_missing_them() -> None:
    assert kit.messages(with_body("let d = die")) == ["missing () after 'die'"]


def test_a_function_with_parameters_cannot_be_read_as_a_name(snapshot) -> None:
    src = with_body("let n = players")
    assert kit.messages(src) == ["function 'players' needs arguments: players(team, area)"]
    assert kit.problems(src) == snapshot


def test_a_function_without_parameters_reads_as_a_name() -> None:
    assert kit.errors(with_body("let t = CT\nlet u = CT()")) == []


def test_a_field_of_indexed_state_needs_the_index_first(snapshot) -> None:
    src = with_body("let s = score.home")
    assert kit.messages(src) == ["state 'score' is indexed; write score[...] before reading a field"]
    assert kit.problems(src) == snapshot


def test_a_local_exists_from_its_let_on() -> None:
    src = with_body('log("{d}")\nlet d = roll(2)')
    assert kit.messages(src) == ["unknown name 'd'"]


def test_a_comprehension_variable_is_not_visible_after_it() -> None:
    src = with_body("let low = [d for d in roll(2) if d <= 3]\nlet x = d")
    assert kit.messages(src) == ["unknown name 'd'"]


def test_it_exists_only_inside_prefer() -> None:
    src = with_body('let a = choose(CT, "area", areas(), prefer=distance(it, ball.area))\nlet b = it')
    assert kit.messages(src) == ["unknown name 'it'"]


def test_parameters_are_locals_of_their_procedure() -> None:
    src = "procedures:\n" + kit.procedure("return players(team, area)", "tally", ["team", "area"]) + kit.procedure("let x = team")
    assert kit.messages(src + DECLARED) == ["unknown name 'team'"]


# ---- calls ---------------------------------------------------------------------------------
def test_an_unknown_function_suggests_the_closest_callable(snapshot) -> None:
    src = with_body("let d = rol(2)")
    assert only(src) == f"{body_pos(1, 9)}: error: unknown function 'rol' (did you mean 'roll'?)"
    assert kit.problems(src) == snapshot


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("roll(2, 3)", "'roll' takes 1 argument(s), got 2"),
        ("die(6)", "'die' takes 0 argument(s), got 1"),
        ("players(CT)", "'players' takes 2 argument(s), got 1"),
        ('choose(CT, "area")', "'choose' takes 3 argument(s), got 2"),
        ('rule("A6", "A7")', "'rule' takes 1 argument(s), got 2"),
    ],
    ids=["primitive", "primitive without parameters", "function", "choose", "rule"],
)
def test_a_call_must_give_every_parameter(call: str, message: str, snapshot) -> None:
    src = with_body(f"let x = {call}")
    assert kit.messages(src) == [message]
    assert kit.problems(src) == snapshot


def test_a_procedure_call_must_give_every_parameter(snapshot) -> None:
    src = "procedures:\n" + kit.procedure("kick_off(home, 1)") + kit.procedure("pass", "kick_off", ["ct"])
    assert kit.messages(src) == ["'kick_off' takes 1 argument(s), got 2"]
    assert kit.problems(src) == snapshot


def test_log_needs_its_text() -> None:
    assert kit.messages(with_body("log()")) == ["'log' takes 1 argument(s), got 0"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ('log("goal", tg="goal")', "'log' has no keyword 'tg' (did you mean 'tag'?)"),
        ('let a = choose(CT, "area", areas(), prefers=1)', "'choose' has no keyword 'prefers' (did you mean 'prefer'?)"),
        ("let d = players(CT, ball.area, max=6)", "'players' has no keyword 'max'"),
    ],
    ids=["log", "choose", "function"],
)
def test_an_unknown_keyword_is_an_error(call: str, message: str, snapshot) -> None:
    src = with_body(call)
    assert kit.messages(src) == [message]
    assert kit.problems(src) == snapshot


def test_a_primitive_takes_its_parameters_by_name_too() -> None:
    assert kit.messages(with_body("let d = roll(n=2)")) == []
    assert kit.messages(with_body("let d = roll(2, n=2)")) == ["'roll' gets 'n' twice: by position and by name"]


def test_rule_functions_and_procedures_take_parameters_by_name_too() -> None:
    src = "procedures:\n" + kit.procedure("kick_off(ct=home)\nlet n = players(area=ball.area, team=CT)") + kit.procedure("pass", "kick_off", ["ct"])
    assert kit.errors(src + DECLARED) == []


def test_a_parameter_given_by_position_and_by_name_is_an_error() -> None:
    with pytest.raises(FubaError) as caught:
        kit.build(with_body("let n = players(CT, team=DT)"))
    assert "team" in str(caught.value)


def test_a_keyword_repeating_a_positional_argument_is_an_error() -> None:
    assert kit.errors(with_body("let n = players(CT, ball.area, team=DT)")) != []


# ---- set -------------------------------------------------------------------------------------
def test_set_needs_declared_state_or_a_local(snapshot) -> None:
    src = with_body("set bal.value = 3")
    assert only(src) == (
        f"{body_pos(1, 5)}: error: cannot set 'bal.value': not declared in state: or with let (did you mean 'ball.value'?)"
    )
    assert kit.problems(src) == snapshot


def test_a_function_or_constant_cannot_be_set() -> None:
    assert kit.messages(with_body("set CT = away")) == ["cannot set 'CT': not declared in state: or with let"]
    assert kit.messages(with_body("set max_counted = 7")) == ["cannot set 'max_counted': not declared in state: or with let"]


@pytest.mark.parametrize(
    ("stmt", "message"),
    [
        ("set score = 1", "state 'score' takes 1 index(es) [team], got 0"),
        ("set score[CT][1] = 1", "state 'score' takes 1 index(es) [team], got 2"),
        ("set actions[CT] = 1", "state 'actions' takes 0 index(es) [], got 1"),
        ('set condition[CT] = 1', "state 'condition' takes 2 index(es) [team, zone], got 1"),
    ],
    ids=["missing", "one too many", "not indexed", "two indexes"],
)
def test_set_gives_indexed_state_exactly_its_indexes(stmt: str, message: str, snapshot) -> None:
    src = with_body(stmt)
    assert kit.messages(src) == [message]
    assert kit.problems(src) == snapshot


def test_a_local_cannot_be_indexed_in_set(snapshot) -> None:
    src = with_body("let line = [4, 4, 2]\nset line[0] = 3")
    assert kit.messages(src) == ["'line' is a local value; only declared state can be indexed in set"]
    assert kit.problems(src) == snapshot


# ---- scopes, triggers, modifiers, rules ------------------------------------------------------
def test_leave_needs_a_scope_of_that_name_somewhere(snapshot) -> None:
    src = with_body("scope turn:\n    leave trun")
    assert kit.messages(src) == ["no 'scope trun' encloses this anywhere in the edition (did you mean 'turn'?)"]
    assert kit.problems(src) == snapshot


def test_leave_may_name_a_scope_of_another_procedure() -> None:
    src = "procedures:\n" + kit.procedure("scope turn:\n    act()") + kit.procedure("leave turn", "act")
    assert kit.errors(src) == []


def test_a_hook_may_leave_its_own_scope() -> None:
    src = with_body(
        "trigger turn_start",
        DECLARED + 'hooks:\n  h: {at: turn_start, do: "scope s:\\n    leave s\\n"}\n',
    )
    assert kit.errors(src) == []


def test_an_unknown_trigger_suggests_the_closest(snapshot) -> None:
    src = with_body("trigger turn_strat")
    assert kit.messages(src) == ["unknown trigger 'turn_strat' (did you mean 'turn_start'?)"]
    assert kit.problems(src) == snapshot


def test_a_trigger_takes_only_its_declared_parameters(snapshot) -> None:
    src = with_body("let d = roll(2)\ntrigger momentum_dice(dice=d, dicee=d)")
    assert kit.messages(src) == ["trigger 'momentum_dice' has no parameter 'dicee' (did you mean 'dice'?)"]
    assert kit.problems(src) == snapshot


def test_a_trigger_must_give_every_declared_parameter() -> None:
    assert kit.messages(with_body("trigger momentum_dice")) != []


def test_a_hook_must_wait_on_a_declared_trigger(snapshot) -> None:
    src = with_body("pass", DECLARED + 'hooks:\n  rain: {at: turn_strat, do: "pass"}\n')
    assert kit.messages(src) == ["hook 'rain' waits on unknown trigger 'turn_strat' (did you mean 'turn_start'?)"]
    assert kit.problems(src) == snapshot


def test_a_hook_sees_its_trigger_parameters_and_a_skill_its_owner() -> None:
    src = with_body(
        "pass",
        DECLARED
        + "hooks:\n  h: {at: momentum_dice, when: 'doubles(dice)', do: 'set actions = sum(dice)'}\n"
        + "skills:\n  s: {at: momentum_dice, when: 'owner == CT', do: 'set score[owner] += len(dice)'}\n",
    )
    assert kit.errors(src) == []


def test_owner_is_known_only_in_skills() -> None:
    src = with_body("pass", DECLARED + "hooks:\n  h: {at: turn_start, do: 'set score[owner] += 1'}\n")
    assert kit.messages(src) == ["unknown name 'owner'"]


def test_an_unknown_modifier_group_suggests_the_closest(snapshot) -> None:
    src = with_body('set ball.value += modifiers("pas", target=ball.area)', modifiers=True)
    assert "unknown modifier group 'pas' (did you mean 'pass'?)" in kit.messages(src)
    assert kit.problems(src) == snapshot


def test_every_call_of_a_modifier_group_passes_the_same_keywords(snapshot) -> None:
    src = with_body('set ball.value += modifiers("pass", target=ball.area)\nset ball.value += modifiers("pass", area=ball.area)', modifiers=True)
    assert kit.messages(src) == ["modifiers('pass') gets keywords (area) here but (target) elsewhere"]
    assert kit.problems(src) == snapshot


def test_modifier_rows_see_exactly_the_keywords_of_the_call() -> None:
    src = with_body('set ball.value += modifiers("pass", area=ball.area)', modifiers=True)
    # the rows of `pass` read `target`; this call site passes `area` instead
    assert kit.messages(src) == ["unknown name 'target' (did you mean 'area'?)"] * 2


def test_a_modifier_group_is_named_by_quoted_text(snapshot) -> None:
    src = with_body('let g = "pass"\nset ball.value += modifiers(g, target=ball.area)', modifiers=True)
    assert "'modifiers' needs the modifier group's name as a quoted text" in kit.messages(src)
    assert kit.problems(src) == snapshot


def test_a_modifier_row_whose_group_no_rule_calls_is_a_warning() -> None:
    src = with_body("pass", DECLARED + "modifiers:\n  pass_bonus: {group: pass, value: 1}\n")
    assert kit.warnings(src) == [
        "rules.yaml:16:3: warning: modifier 'pass_bonus' is in group 'pass', which no rule uses: no rule calls modifiers(\"pass\")"
    ]


def test_an_unused_modifier_row_that_reads_names_is_only_a_warning() -> None:
    assert len(kit.warnings(with_body("pass", modifiers=True))) == 1


def test_a_modifier_group_used_by_a_function_is_used() -> None:
    src = with_body(
        "let x = bonus()",
        DECLARED.replace("functions:\n", "functions:\n  bonus: {expr: 'modifier_total(\"pass\", target=ball.area)'}\n") + MODIFIERS,
    )
    assert kit.warnings(src) == []


def test_an_unknown_rule_suggests_the_closest(snapshot) -> None:
    src = with_body('if rule("A66"):\n    pass')
    assert kit.messages(src) == ["unknown rule 'A66' (did you mean 'A6'?)"]
    assert kit.problems(src) == snapshot


def test_a_hook_switched_by_an_unknown_rule_is_an_error() -> None:
    src = with_body("pass", DECLARED + 'hooks:\n  rain: {at: turn_start, rule: A7, do: "pass"}\n')
    assert kit.messages(src) == ["unknown rule 'A7'"]


def test_a_choose_statement_offers_each_option_once(snapshot) -> None:
    src = with_body('choose CT, "action":\n    option "pass":\n        pass\n    option "pass":\n        pass')
    assert kit.messages(src) == ["option 'pass' is offered twice"]
    assert kit.problems(src) == snapshot


# ---- purity: conditions, functions, modifiers and stats only read the match ------------------
@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("functions:\n  momentum: {expr: 'sum(roll(2))'}\n", "a function cannot call 'roll': it changes the match"),
        ("functions:\n  pick_area: {expr: 'choose(CT, \"area\", areas())'}\n",
         "a function cannot call 'choose': it changes the match or asks a team"),
        ("functions:\n  kick: {expr: 'helper()'}\n", "a function cannot call procedure 'helper': procedures change the match"),
        ("functions:\n  noisy: {expr: 'log(\"hi\")'}\n", "a function cannot call 'log': it changes the match or asks a team"),
        ("functions:\n  total: {expr: 'modifiers(\"pass\", target=ball.area)'}\n",
         "a function cannot call 'modifiers': it changes the match or asks a team"),
        ("hooks:\n  h: {at: turn_start, when: 'die() == 6', do: pass}\n", "a hook cannot call 'die': it changes the match"),
        ("skills:\n  s: {at: turn_start, when: 'may_choose(owner, \"x\", [1]) == 1', do: pass}\n",
         "a skill cannot call 'may_choose': it changes the match or asks a team"),
        ("stats:\n  st: {text: x, value: 'helper()'}\n", "a statistic cannot call procedure 'helper': procedures change the match"),
        ("modifiers:\n  pass_lucky: {group: pass, when: 'die() == 6', value: 1}\n", "a modifier cannot call 'die': it changes the match"),
    ],
    ids=["function rolls", "function chooses", "function calls a procedure", "function logs", "function logs modifiers",
         "hook condition rolls", "skill condition asks", "statistic calls a procedure", "modifier rolls"],
)
def test_a_pure_context_cannot_change_the_match(extra: str, message: str, snapshot) -> None:
    src = (
        "procedures:\n"
        + kit.procedure('set ball.value += modifiers("pass", target=ball.area)')
        + kit.procedure("return home", "helper")
        + "triggers:\n  turn_start: {}\n"
        + ("" if extra.startswith("modifiers") else "modifiers:\n  pass_one: {group: pass, value: 1}\n")
        + extra
    )
    assert message in kit.messages(src)
    assert kit.problems(src) == snapshot


def test_a_pure_context_may_call_pure_primitives_functions_and_modifier_total() -> None:
    src = with_body(
        'set ball.value += modifiers("pass", target=ball.area)',
        DECLARED.replace(
            "functions:\n",
            "functions:\n  odds: {params: [t], expr: 'players(t, ball.area) + modifier_total(\"pass\", target=ball.area)'}\n"
            "  weather: {expr: 'rule(\"A6\")'}\n",
        )
        + MODIFIERS,
    )
    assert "never used" not in " ".join(kit.problems(src))
    assert kit.errors(src) == []


# ---- syntax errors through the YAML: the position in the file --------------------------------
def test_a_syntax_error_in_a_do_block_points_into_the_yaml_file() -> None:
    src = """\
    procedures:
      match:
        ref: "4"
        do: |
          let d = roll(2)
          if d[0] == d[1]
              set actions = 3
    """
    assert kit.errors(src) == ["rules.yaml:6:22: error: syntax error: unexpected end of line; expected ':'"]


def test_a_syntax_error_in_a_quoted_condition_points_into_the_yaml_file() -> None:
    src = """\
    triggers:
      turn_start: {}
    hooks:
      h: {at: turn_start, when: "pieces(CT, ball.area) >> 1", do: pass}
    """
    # the second '>' of '>>', in column 53 of line 4
    assert kit.errors(src)[0].startswith("rules.yaml:4:53: error: syntax error: unexpected '>'")


def test_a_syntax_error_in_a_folded_function_points_at_its_line() -> None:
    src = """\
    functions:
      offside:
        params: [team, area]
        expr: >-
          not is_spot(area)
          and entirely_in_half(area, other(team))
          and $
    """
    assert kit.errors(src) == ["rules.yaml:7:11: error: syntax error: unexpected character '$'"]


def test_syntax_errors_of_every_rule_are_reported_together(snapshot) -> None:
    src = """\
    procedures:
      match:
        do: |
          let d = roll(2
      kick_off:
        do: |
          set ball.value = = 2
    functions:
      CT2: {expr: "control = home"}
    """
    problems = kit.problems(src)
    assert [p.split(":")[1] for p in problems] == ["4", "7", "9"]
    assert problems == snapshot


# ---- collected, sorted, complete ----------------------------------------------------------------
def test_every_error_of_the_edition_is_reported_in_one_run_in_file_order(snapshot) -> None:
    src = "procedures:\n" + kit.procedure(
        """
        let d = rol(2)
        set bal.value = 3
        leave nowhere
        trigger after_rol
        set ball.value += modifiers("pas", target=1)
        """
    ) + kit.procedure("return players(CT)", "helper") + DECLARED + MODIFIERS
    problems = kit.problems(src)
    lines = [int(p.split(":")[1]) for p in problems if p.startswith("rules.yaml")]
    assert lines == sorted(lines) and len(problems) >= 6
    assert problems == snapshot


def test_the_entry_procedure_must_exist() -> None:
    src = "match: {entry: play}\n"
    assert kit.messages(src) == ["match.entry names unknown procedure 'play'"]


# ---- tables: domains and row keys ---------------------------------------------------------------
def test_a_table_must_cover_its_domain(snapshot) -> None:
    src = with_body(
        "pass",
        """
        tables:
          yellow_card:
            domain: {range: [1, 6]}
            rows: {"1-2": none, "4-5": yellow}
        """,
    )
    assert kit.messages(src) == ["table 'yellow_card' misses outcome(s) 3, 6"]
    assert kit.problems(src) == snapshot


def test_a_table_must_not_cover_an_outcome_twice(snapshot) -> None:
    src = with_body(
        "pass",
        """
        tables:
          yellow_card:
            domain: {range: [1, 6]}
            rows: {"1-3": none, "3-5": yellow, "6": red}
        """,
    )
    assert kit.messages(src) == ["table 'yellow_card' covers 3 twice (rows '1-3' and '3-5')"]
    assert kit.problems(src) == snapshot


def test_a_table_row_must_lie_in_its_domain(snapshot) -> None:
    src = with_body(
        "pass",
        """
        tables:
          yellow_card:
            domain: {range: [1, 6]}
            rows: {"1-6": none, "7": red}
        """,
    )
    assert kit.messages(src) == ["table 'yellow_card' row '7' is outside its domain (7)"]
    assert kit.problems(src) == snapshot


def test_a_two_dice_table_must_cover_every_pair(snapshot) -> None:
    src = with_body(
        "pass",
        """
        tables:
          tackle:
            domain: {pairs: [[1, 2], [1, 3]]}
            rows: {"1/1-3": won, "2/1,2": lost}
        """,
    )
    assert kit.messages(src) == ["table 'tackle' misses outcome(s) 2/3"]
    assert kit.problems(src) == snapshot


def test_a_keyed_table_must_cover_its_keys() -> None:
    src = with_body(
        "pass",
        """
        tables:
          kit_colour:
            domain: {keys: [home, away]}
            rows: {home: blue}
        """,
    )
    assert kit.messages(src) == ["table 'kit_colour' misses outcome(s) away"]


def test_a_table_without_a_domain_is_not_checked_for_completeness() -> None:
    assert kit.errors(with_body("pass", 'tables:\n  t: {rows: {"1": a, "3": b}}\n')) == []


def test_the_do_of_a_table_row_is_checked_like_a_procedure() -> None:
    src = with_body("pass", 'tables:\n  t: {rows: {"1": {do: "set scroe[home] += 1"}}}\n')
    assert kit.messages(src) == ["cannot set 'scroe': not declared in state: or with let (did you mean 'score'?)"]


# ---- what the checker records for the compiler ----------------------------------------------------
def test_the_checker_records_what_each_name_resolved_to() -> None:
    sym = Symbols(
        registry=ENGINE,
        state={"ball.value": StateSpec("ball.value"), "score": StateSpec("score", index=("team",))},
        constants={"max_counted": 6},
        tables={"yellow_card"},
        functions={"CT": ()},
    )
    loc = default_locate("rule")
    e = parse_expr("[d + ball.value + max_counted + score[CT] for d in dice if yellow_card[d] != home]", loc)
    checker = Checker(sym)
    checker.check_expr(e, params=("dice",))
    assert checker.diagnostics == []
    kinds = {x.dotted: x.kind for x in n.walk(e) if isinstance(x, n.Name)}
    assert kinds == {
        "d": "local", "ball.value": "state", "max_counted": "const", "score": "state",
        "CT": "func", "dice": "local", "yellow_card": "table", "home": "builtin",
    }
    calls = Checker(sym)
    stmts = parse_block('let x = roll(2)\nlet y = choose(home, "x", x)\nlog("y")', loc)
    calls.check_block(stmts)
    assert [c.kind for c in n.walk(stmts) if isinstance(c, n.Call)] == ["primitive", "special", "special"]


def test_a_local_shadows_state_of_the_same_name() -> None:
    sym = Symbols(registry=ENGINE, state={"score": StateSpec("score", index=("team",))})
    stmts = parse_block("let score = 3\nlet x = score + 1", default_locate("rule"))
    Checker(sym).check_block(stmts)
    assert [x.kind for x in n.walk(stmts) if isinstance(x, n.Name)] == ["local"]


def test_the_special_forms_are_known_to_the_checker() -> None:
    assert set(SPECIAL_FORMS) >= {"choose", "may_choose", "modifiers", "modifier_total", "rule", "log"}


def test_a_long_sum_loads() -> None:
    # a 150-term sum is far longer than any rule needs; deeper nesting is a positioned error
    assert kit.value(" + ".join(["1"] * 150)) == 150


def test_a_long_sum_within_the_text_limit_loads_or_is_a_fuba_error() -> None:
    try:
        kit.build(with_body("return " + " + ".join(["1"] * 2000)))
    except FubaError:
        pass


@pytest.mark.parametrize(
    ("declaration", "message"),
    [
        ('{type: int, default: "x"}', "state 'n' is an int: its default is \"x\", not a whole number"),
        ("{type: int, default: true}", "state 'n' is an int: its default is true, not a whole number"),
        ("{type: int, default: 9, max: 6}", "state 'n' is an int: its default 9 is above its max 6"),
        ("{type: int, default: -1, min: 0}", "state 'n' is an int: its default -1 is below its min 0"),
        ("{type: int, default: 2, min: 3, max: 1}", "state 'n': min 3 is above max 1"),
        ("{type: int, default: 10000000000000}", "state 'n' is an int: its default 10,000,000,000,000 is beyond 1,000,000,000,000, the largest number a rule may hold"),
    ],
)
def test_an_int_state_starts_as_a_whole_number_within_its_bounds(declaration: str, message: str) -> None:
    assert kit.messages(f"state:\n  n: {declaration}\n") == [message]


@pytest.mark.parametrize(
    ("declaration", "message"),
    [
        ("{type: team, default: homme}", "state 'n' is a team: its default \"homme\" is no team (home or away) (did you mean 'home'?)"),
        ("{type: area, default: centr}", "state 'n' is an area: its default \"centr\" is no area of the board (did you mean 'centre'?)"),
        ("{type: area, default: 3}", "state 'n' is an area: its default 3 is no area of the board"),
    ],
)
def test_a_team_or_area_state_starts_as_one(declaration: str, message: str) -> None:
    assert kit.messages(f"state:\n  n: {declaration}\n") == [message]


def test_a_team_or_area_state_without_a_default_starts_as_none() -> None:
    assert kit.value("[n, a]", "state:\n  n: {type: team}\n  a: {type: area}\n") == [None, None]


def test_an_int_state_without_a_default_starts_as_none() -> None:
    assert kit.value("n", "state:\n  n: {type: int}\n") is None
