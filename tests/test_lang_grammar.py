"""The grammar of the effect language (grammar/effects.lark), construct by construct.

Each construct is shown as a small FUBA rule and the tree it parses to, written as an
s-expression by `show` so that precedence and nesting read at a glance:
`1 + 2 * 3` is `(+ 1 (* 2 3))`. The catalogue must cover every rule of the grammar and
every node class (see `test_the_catalogue_covers_every_rule_of_the_grammar`), so a new
construct cannot land without a line here. Running the constructs is tested in
test_lang_runtime.py; the checker in test_lang_checker.py.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Tree

from fuba_rules.diagnostics import FubaError, Pos
from fuba_rules.lang import nodes as n
from fuba_rules.lang.parser import MAX_TEXT, _lark, default_locate, parse_block, parse_expr

import langkit as kit

LOC = default_locate("rule")


def block(text: str) -> list[n.Node]:
    return parse_block(kit.dedent(text), LOC)


def expr(text: str) -> n.Node:
    return parse_expr(text, LOC)


def syntax_error(text: str, *, as_expr: bool = False) -> str:
    """The formatted error a piece of rule text is rejected with (file `rule`, line 1 = first line)."""
    with pytest.raises(FubaError) as caught:
        (parse_expr if as_expr else parse_block)(text if as_expr else kit.dedent(text), LOC)
    assert len(caught.value.diagnostics) == 1
    return caught.value.diagnostics[0].format()


# ---- a compact view of trees ---------------------------------------------------------
def show(x: Any) -> str:
    """A node (or a list of statements) as an s-expression."""
    if isinstance(x, list):
        return "; ".join(show(s) for s in x)
    if isinstance(x, n.Const):
        v = x.value
        if v is None:
            return "none"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v + '"'
        return str(v)
    if isinstance(x, n.Template):
        return "(text " + " ".join(repr(p) if isinstance(p, str) else show(p) for p in x.parts) + ")"
    if isinstance(x, n.Name):
        return x.dotted
    if isinstance(x, n.Call):
        args = [show(a) for a in x.args] + [f"{k}={show(v)}" for k, v in x.kwargs.items()]
        return f"({x.name}{''.join(' ' + a for a in args)})"
    if isinstance(x, n.Subscript):
        return f"{show(x.obj)}[{show(x.index)}]"
    if isinstance(x, n.Unary):
        return f"({x.op} {show(x.operand)})"
    if isinstance(x, n.BinOp):
        return f"({x.op} {show(x.left)} {show(x.right)})"
    if isinstance(x, n.Compare):
        if len(x.rest) == 1:
            op, right = x.rest[0]
            return f"({op} {show(x.first)} {show(right)})"
        return "(chain " + show(x.first) + "".join(f" {op} {show(r)}" for op, r in x.rest) + ")"
    if isinstance(x, n.Range):
        return f"(.. {show(x.low)} {show(x.high)})"
    if isinstance(x, n.ListLit):
        return "[" + ", ".join(show(i) for i in x.items) + "]"
    if isinstance(x, n.Comprehension):
        loops = "".join(f" for {v} in {show(it)}" + (f" if {show(c)}" if c is not None else "") for v, it, c in x.loops)
        return f"[{show(x.element)}{loops}]"
    if isinstance(x, n.Record):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in x.fields.items()) + "}"
    if isinstance(x, n.Ternary):
        return f"(if {show(x.cond)} {show(x.then)} {show(x.other)})"
    if isinstance(x, n.Let):
        return f"(let {x.name} {show(x.value)})"
    if isinstance(x, n.Set):
        target = x.target.dotted + "".join(f"[{show(i)}]" for i in x.indices)
        return f"(set {target} {x.op} {show(x.value)})"
    if isinstance(x, n.ExprStmt):
        return show(x.call)
    if isinstance(x, n.Leave):
        return f"(leave {x.scope})"
    if isinstance(x, n.Return):
        return "(return)" if x.value is None else f"(return {show(x.value)})"
    if isinstance(x, n.Trigger):
        return f"(trigger {x.name}" + "".join(f" {k}={show(v)}" for k, v in x.kwargs.items()) + ")"
    if isinstance(x, n.Apply):
        return f"(apply {show(x.row)})"
    if isinstance(x, n.Pass):
        return "pass"
    if isinstance(x, n.If):
        parts = [f"{show(c)} {{{show(b)}}}" for c, b in x.branches]
        text = "(if " + " elif ".join(parts)
        return text + (f" else {{{show(x.orelse)}}})" if x.orelse else ")")
    if isinstance(x, n.Repeat):
        return f"(repeat {show(x.count)} {{{show(x.body)}}})"
    if isinstance(x, n.For):
        return f"(for {x.var} {show(x.iterable)} {{{show(x.body)}}})"
    if isinstance(x, n.While):
        return f"(while {show(x.cond)} {{{show(x.body)}}})"
    if isinstance(x, n.Scope):
        return f"(scope {x.name} {{{show(x.body)}}})"
    if isinstance(x, n.Choose):
        opts = []
        for o in x.options:
            g = f" if {show(o.guard)}" if o.guard is not None else ""
            p = f" prefer {show(o.prefer)}" if o.prefer is not None else ""
            opts.append(f' (option "{o.label}"{g}{p} {{{show(o.body)}}})')
        return f'(choose {show(x.team)} "{x.label}"{"".join(opts)})'
    raise AssertionError(f"show() does not know {type(x).__name__}")


# ---- the catalogue: every construct, as a FUBA rule, and what it parses to -------------
# (id, "expr" or "block", source, expected tree)
CATALOGUE: list[tuple[str, str, str, str]] = [
    # values
    ("number", "expr", "42", "42"),
    ("text", "expr", '"centre"', '"centre"'),
    ("text in single quotes", "expr", "'centre'", '"centre"'),
    ("text with an escape", "expr", r'"say \"hi\""', '"say "hi""'),
    ("true", "expr", "true", "true"),
    ("false", "expr", "false", "false"),
    ("none", "expr", "none", "none"),
    ("list", "expr", "[1, 2, 3]", "[1, 2, 3]"),
    ("empty list", "expr", "[]", "[]"),
    ("list with a trailing comma", "expr", "[home, away,]", "[home, away]"),
    ("record", "expr", "{from: a, to: b}", "{from: a, to: b}"),
    ("empty record", "expr", "{}", "{}"),
    ("template", "expr", '"ball {ball.value} in {ball.area}"', "(text 'ball ' ball.value ' in ' ball.area)"),
    ("template with {{ escapes", "expr", '"{{not a hole}} {x}"', "(text '{not a hole} ' x)"),
    # names and calls
    ("name", "expr", "phasing", "phasing"),
    ("dotted name", "expr", "ball.value", "ball.value"),
    ("call", "expr", "roll(2)", "(roll 2)"),
    ("call without arguments", "expr", "die()", "(die)"),
    ("call with a keyword", "expr", 'log("goal", tag="goal")', '(log "goal" tag="goal")'),
    ("call with a trailing comma", "expr", "pieces(home, ball.area,)", "(pieces home ball.area)"),
    ("dotted call", "expr", "ball.reset()", "(ball.reset)"),
    # postfix
    ("index", "expr", "dice[0]", "dice[0]"),
    ("index of indexed state", "expr", "score[CT]", "score[CT]"),
    ("two indexes", "expr", "formation[phasing][0]", "formation[phasing][0]"),
    ("index of a call", "expr", "roll(2)[1]", "(roll 2)[1]"),
    ("table lookup by dice", "expr", "yellow_card[die()]", "yellow_card[(die)]"),
    # arithmetic
    ("sum", "expr", "1 + 2", "(+ 1 2)"),
    ("difference", "expr", "6 - ball.value", "(- 6 ball.value)"),
    ("product", "expr", "2 * players", "(* 2 players)"),
    ("floor division", "expr", "minute // 45", "(// minute 45)"),
    ("remainder", "expr", "turn % 2", "(% turn 2)"),
    ("negation", "expr", "-1", "(- 1)"),
    ("range", "expr", "1..3", "(.. 1 3)"),
    # comparisons and logic
    ("equal", "expr", "control == home", "(== control home)"),
    ("not equal", "expr", "control != phasing", "(!= control phasing)"),
    ("less", "expr", "d < 4", "(< d 4)"),
    ("less or equal", "expr", "d <= 4", "(<= d 4)"),
    ("greater", "expr", "d > 4", "(> d 4)"),
    ("greater or equal", "expr", "d >= 4", "(>= d 4)"),
    ("in", "expr", 'ball.area in ["centre", "home_front"]', '(in ball.area ["centre", "home_front"])'),
    ("not in", "expr", '"keeper" not in used', '(not in "keeper" used)'),
    ("comparison chain", "expr", "1 <= d <= 6", "(chain 1 <= d <= 6)"),
    ("and", "expr", "a and b", "(and a b)"),
    ("or", "expr", "a or b", "(or a b)"),
    ("not", "expr", "not offside", "(not offside)"),
    ("conditional", "expr", "home if d > 3 else away", "(if (> d 3) home away)"),
    ("parentheses", "expr", "(1 + 2) * 3", "(* (+ 1 2) 3)"),
    # comprehensions
    ("comprehension", "expr", "[d for d in dice]", "[d for d in dice]"),
    ("comprehension with if", "expr", "[d for d in dice if d <= 4]", "[d for d in dice if (<= d 4)]"),
    (
        "comprehension with two fors",
        "expr",
        "[{from: a, to: b} for a in team_areas(t) for b in neighbours(a) if b != a]",
        "[{from: a, to: b} for a in (team_areas t) for b in (neighbours a) if (!= b a)]",
    ),
    # statements
    ("let", "block", "let dice = roll(2)", "(let dice (roll 2))"),
    ("set", "block", "set ball.value = 3", "(set ball.value = 3)"),
    ("set +=", "block", "set ball.value += 1", "(set ball.value += 1)"),
    ("set -=", "block", "set ball.value -= 1", "(set ball.value -= 1)"),
    ("set of indexed state", "block", "set score[CT] += 1", "(set score[CT] += 1)"),
    ("call statement", "block", 'move(CT, "centre", "away_front")', '(move CT "centre" "away_front")'),
    ("pass", "block", "pass", "pass"),
    ("return", "block", "return actions", "(return actions)"),
    ("bare return", "block", "return", "(return)"),
    ("leave", "block", "leave turn", "(leave turn)"),
    ("trigger", "block", "trigger turn_start", "(trigger turn_start)"),
    ("trigger with parentheses", "block", "trigger turn_start()", "(trigger turn_start)"),
    ("trigger with parameters", "block", "trigger momentum_dice(dice=d)", "(trigger momentum_dice dice=d)"),
    ("apply", "block", "apply yellow_card[die()]", "(apply yellow_card[(die)])"),
    ("if", "block", "if doubles(d):\n    trigger special_event(dice=d)", "(if (doubles d) {(trigger special_event dice=d)})"),
    (
        "if elif else",
        "block",
        'if r == "free_kick":\n    pass\nelif r == "corner":\n    pass\nelse:\n    return',
        '(if (== r "free_kick") {pass} elif (== r "corner") {pass} else {(return)})',
    ),
    ("repeat", "block", "repeat actions:\n    action()", "(repeat actions {(action)})"),
    ("for", "block", "for t in teams():\n    lift_all(t)", "(for t (teams) {(lift_all t)})"),
    ("while", "block", "while d[0] == d[1]:\n    set d = roll(2)", "(while (== d[0] d[1]) {(set d = (roll 2))})"),
    ("scope", "block", "scope turn:\n    leave turn", "(scope turn {(leave turn)})"),
    (
        "choose statement",
        "block",
        'choose CT, "action":\n    option "pass" if can_pass() prefer 2:\n        pass_ball()\n    option "stop":\n        leave turn',
        '(choose CT "action" (option "pass" if (can_pass) prefer 2 {(pass_ball)}) (option "stop" {(leave turn)}))',
    ),
]


@pytest.mark.parametrize(("start", "source", "tree"), [c[1:] for c in CATALOGUE], ids=[c[0] for c in CATALOGUE])
def test_each_construct_parses_to_its_tree(start: str, source: str, tree: str) -> None:
    got = expr(source) if start == "expr" else block(source)
    assert show(got) == tree


def _tree_names(t: Any) -> set[str]:
    if not isinstance(t, Tree):
        return set()
    out = {str(t.data)}
    for c in t.children:
        out |= _tree_names(c)
    return out


def _rules_that_make_trees() -> set[str]:
    """Every rule or alias of the grammar that can appear in a parse tree (not inlined)."""
    names: set[str] = set()
    for r in _lark("start_block").rules:
        name = str(r.origin.name)
        if name.startswith("_"):
            continue
        if r.alias:
            names.add(str(r.alias))
            continue
        kept = [s for s in r.expansion if not getattr(s, "filter_out", False)]
        if not r.options.expand1 or len(kept) >= 2:
            names.add(name)
    return names


def test_the_catalogue_covers_every_rule_of_the_grammar() -> None:
    seen: set[str] = set()
    for _, start, source, _ in CATALOGUE:
        text = source if start == "expr" else kit.dedent(source)
        parser = _lark("start_expr" if start == "expr" else "start_block")
        seen |= _tree_names(parser.parse(text if start == "expr" else text + "\n"))
    missing = _rules_that_make_trees() - seen
    assert not missing, f"add an example of {sorted(missing)} to CATALOGUE"


def test_the_catalogue_covers_every_node_class() -> None:
    made: set[type] = set()
    for _, start, source, _ in CATALOGUE:
        made |= {type(x) for x in n.walk(expr(source) if start == "expr" else block(source))}
    classes = {c for c in vars(n).values() if isinstance(c, type) and issubclass(c, n.Node) and c is not n.Node}
    classes.discard(n.Option)  # lives inside Choose; counted with it
    assert classes - made == set()


# ---- where rule text lives -------------------------------------------------------------
def test_a_do_block_holds_one_statement_per_line() -> None:
    stmts = block(
        """
        let dice = roll(2)
        set actions = 1 + len([d for d in dice if d <= 4])
        """
    )
    assert [type(s).__name__ for s in stmts] == ["Let", "Set"]


def test_indentation_makes_the_body_of_a_compound_statement() -> None:
    stmts = block(
        """
        if doubles(dice):
            set actions = 3
            log("special event")
        set ball.value += 1
        """
    )
    assert show(stmts) == '(if (doubles dice) {(set actions = 3); (log "special event")}); (set ball.value += 1)'


def test_bodies_nest_to_any_depth_the_indentation_shows() -> None:
    stmts = block(
        """
        for t in teams():
            repeat 2:
                if t == home:
                    place(t, "centre")
        """
    )
    assert show(stmts) == '(for t (teams) {(repeat 2 {(if (== t home) {(place t "centre")})})})'


def test_a_tab_counts_as_indentation_to_the_next_multiple_of_eight() -> None:
    assert show(parse_block("if true:\n\tpass\n        pass\n", LOC)) == "(if true {pass; pass})"


def test_blank_lines_are_ignored() -> None:
    assert show(block("let x = 1\n\n   \nlet y = 2")) == "(let x 1); (let y 2)"


def test_windows_line_ends_are_accepted() -> None:
    assert show(parse_block("let x = 1\r\nlet y = 2\r\n", LOC)) == "(let x 1); (let y 2)"


def test_a_comment_runs_from_hash_to_the_end_of_the_line() -> None:
    assert show(block("let x = 1  # 4.2: the momentum roll\nlet y = 2")) == "(let x 1); (let y 2)"
    assert show(expr("d <= 4  # at most the line's players")) == "(<= d 4)"


def test_a_comment_may_open_the_block() -> None:
    assert show(block("# 4.2 momentum\nlet x = 1")) == "(let x 1)"


def test_a_line_holding_only_a_comment_is_ignored() -> None:
    text = """
    let x = 1
    # 4.2.3: equal dice make a special event
    if x == 1:
        pass
        # nothing else happens
    let y = 2
    # end of the momentum stage
    """
    assert show(block(text)) == "(let x 1); (if (== x 1) {pass}); (let y 2)"


def test_brackets_let_an_expression_run_over_several_lines() -> None:
    stmts = block(
        """
        let moves = [b for b in neighbours(a)
                     if not offside(t, b)]
        log("moves: {moves}",
            tag="moves")
        """
    )
    assert show(stmts) == '(let moves [b for b in (neighbours a) if (not (offside t b))]); (log (text \'moves: \' moves) tag="moves")'


def test_a_backslash_continues_a_line() -> None:
    assert show(block("let x = 1 + \\\n    2")) == "(let x (+ 1 2))"


def test_an_expression_text_may_end_with_a_newline() -> None:
    assert show(expr("pieces(CT, ball.area) > 0\n")) == "(> (pieces CT ball.area) 0)"


def test_a_statement_cannot_continue_on_the_next_line_outside_brackets() -> None:
    assert syntax_error("let x = 1\n+ 2").startswith("rule:2:1: error: syntax error: unexpected '+'")
    # an unexpected indent is reported where the previous line ends
    assert syntax_error("let x = 1\n    + 2").startswith("rule:1:10: error: syntax error: unexpected indented block")


# ---- precedence, loosest first: if-else, or, and, not, comparisons, .., + -, * // %, unary -, [] -------
@pytest.mark.parametrize(
    ("source", "tree"),
    [
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("(1 + 2) * 3", "(* (+ 1 2) 3)"),
        ("10 - 3 - 2", "(- (- 10 3) 2)"),
        ("7 // 2 % 3", "(% (// 7 2) 3)"),
        ("-2 * 3", "(* (- 2) 3)"),
        ("-dice[0]", "(- dice[0])"),
        ("--1", "(- (- 1))"),
        ("1..2 + 1", "(.. 1 (+ 2 1))"),
        ("d in 1..3", "(in d (.. 1 3))"),
        ("a + 1 < b * 2", "(< (+ a 1) (* b 2))"),
        ("not a == b", "(not (== a b))"),
        ("not a and b", "(and (not a) b)"),
        ("a or b and c", "(or a (and b c))"),
        ("a and b or c", "(or (and a b) c)"),
        ("a or b or c", "(or (or a b) c)"),
        ("not not a", "(not (not a))"),
        ("x if a or b else y", "(if (or a b) x y)"),
        ("1 if a else 2 if b else 3", "(if a 1 (if b 2 3))"),
        ("a < b == c", "(chain a < b == c)"),
        ("x not in xs and y in ys", "(and (not in x xs) (in y ys))"),
        ("[x if x > 3 else 0 for x in d]", "[(if (> x 3) x 0) for x in d]"),
        ("f(a)[0][1]", "(f a)[0][1]"),
    ],
)
def test_operators_bind_as_in_python(source: str, tree: str) -> None:
    assert show(expr(source)) == tree


def test_a_negative_number_is_the_negation_of_a_number() -> None:
    assert show(expr("-3")) == "(- 3)"


def test_a_dotted_name_is_one_name_not_a_field_access_on_a_call() -> None:
    assert expr("ball.value").parts == ("ball", "value")
    with pytest.raises(FubaError):
        expr("roll(2).count")


def test_a_range_reads_its_ends_from_dotted_names() -> None:
    assert show(expr("ball.value..6")) == "(.. ball.value 6)"


def test_keywords_are_words_a_name_cannot_take_in_statement_position() -> None:
    # `choose` opens the choose statement, so choose(...) cannot stand alone as a statement
    # (its value would be lost anyway); as an expression it is an ordinary call.
    assert show(block('let a = choose(CT, "action", ["pass", "stop"])')) == '(let a (choose CT "action" ["pass", "stop"]))'
    with pytest.raises(FubaError):
        block('choose(CT, "action", ["pass", "stop"])')


# ---- text and templates ----------------------------------------------------------------
def test_a_text_without_braces_is_a_constant() -> None:
    node = expr('"centre"')
    assert isinstance(node, n.Const) and node.value == "centre"


def test_a_template_holes_are_expressions() -> None:
    assert show(expr('"{t} rolls {sum(d)} ({d[0]}-{d[1]})"')) == "(text t ' rolls ' (sum d) ' (' d[0] '-' d[1] ')')"


def test_a_template_hole_may_hold_single_quoted_text() -> None:
    assert show(expr("\"{'yes' if ok else 'no'}\"")) == '(text (if ok "yes" "no"))'


def test_a_template_hole_may_hold_a_record() -> None:
    assert show(expr('"{text({a: 1})}"')) == "(text (text {a: 1}))"


def test_double_braces_write_a_brace() -> None:
    node = expr('"{{x}}"')
    assert isinstance(node, n.Template) and node.parts == ["{x}"]


def test_a_hole_in_a_template_knows_its_column() -> None:
    node = expr('"ball {ball.value}"')
    assert node.parts[1].pos == Pos("rule", 1, 8)


# ---- positions -------------------------------------------------------------------------
def test_every_node_keeps_its_line_and_column() -> None:
    stmts = block(
        """
        let d = roll(2)
        if d[0] == d[1]:
            set ball.value += 1
        """
    )
    let, if_ = stmts
    assert let.pos == Pos("rule", 1, 5)  # the name bound
    assert let.value.pos == Pos("rule", 1, 9)
    assert if_.branches[0][1][0].pos == Pos("rule", 3, 9)


def test_positions_start_where_the_text_starts_in_its_file() -> None:
    stmts = parse_block("pass\nlet x = 1\n", default_locate("rules.yaml", 40, 7))
    assert stmts[0].pos == Pos("rules.yaml", 40, 7)
    assert stmts[1].pos == Pos("rules.yaml", 41, 5)


# ---- syntax errors: exact messages, at the right line and column ------------------------
SYNTAX_ERRORS = [
    ("let without a name", "let = 3"),
    ("set with ==", "set ball.value == 3"),
    ("missing colon", "if d > 3\n    pass"),
    ("missing body", "if d > 3:\npass"),
    ("unclosed bracket", "let x = (1 + 2"),
    ("dangling operator", "let x = 1 +"),
    ("a bare name is no statement", "ball.value"),
    ("two values", "return 1 2"),
    ("decimal number", "let x = 1.5"),
    ("unknown character", "let x = 1 $ 2"),
    ("name with an accent", "let ä = 1"),
    ("elif without if", "elif true:\n    pass"),
    ("choose without options", 'choose CT, "action":\n    pass'),
    ("option with an empty guard", 'choose CT, "action":\n    option "x" if:\n        pass'),
    ("positional after keyword", 'log("x", tag="goal", "more")'),
    ("keyword twice", 'log("x", tag="goal", tag="shot")'),
    ("positional trigger argument", "trigger momentum_dice(d)"),
    ("unclosed template hole", 'log("ball {ball.value")'),
    ("empty template hole", 'log("ball {}")'),
    ("broken template hole", 'log("ball {ball.value +}")'),
    ("bad escape", r'log("\N")'),
    ("error on a later line", "let a = 1\nlet b = 2\nlet c = (3 +\n    )"),
    ("record with = ", "let r = {from = a}"),
    ("keyword with :", 'log("x", tag: "goal")'),
]


@pytest.mark.parametrize("source", [s for _, s in SYNTAX_ERRORS], ids=[i for i, _ in SYNTAX_ERRORS])
def test_syntax_errors_say_what_was_found_and_what_was_expected(source: str, snapshot) -> None:
    assert syntax_error(source) == snapshot


def test_a_syntax_error_points_at_the_offending_token() -> None:
    assert syntax_error("let a = 1\nlet b = 2\nset c == 3").startswith("rule:3:7: ")


def test_a_syntax_error_in_a_template_hole_points_into_the_hole() -> None:
    assert syntax_error('let a = 1\nlog("ball {ball.value $ 1}")').startswith("rule:2:23: ")


def test_an_empty_expression_text_is_an_error() -> None:
    assert syntax_error("", as_expr=True) == "rule:1:1: error: expected an expression, got empty text"
    assert syntax_error("   \n", as_expr=True) == "rule:1:1: error: expected an expression, got empty text"


def test_an_empty_block_is_an_error() -> None:
    assert "unexpected end of text" in syntax_error("")


def test_an_expression_text_holds_one_expression() -> None:
    assert syntax_error("d <= 4 d", as_expr=True).startswith("rule:1:8: error: syntax error: unexpected name 'd'")
    assert "unexpected" in syntax_error("let x = 1", as_expr=True)


def test_an_expression_text_may_span_lines_without_brackets() -> None:
    # when:, expr: and value: texts are read inside implicit parentheses, so YAML's folded
    # style may break a long condition anywhere
    node = expr("not is_spot(area)\nand entirely_in_half(area, other(team))\n  and offside")
    assert show(node) == "(and (and (not (is_spot area)) (entirely_in_half area (other team))) offside)"
    assert node.right.pos == Pos("rule", 3, 7)


def test_an_unfinished_expression_is_reported_where_it_ends() -> None:
    assert syntax_error("1 +", as_expr=True).startswith("rule:1:4: error: syntax error: unexpected end of text")


def test_a_stray_closing_bracket_is_reported_where_it_stands() -> None:
    assert syntax_error("x)", as_expr=True).startswith("rule:1:2: ")


def test_the_hint_after_a_set_target_lists_every_assignment() -> None:
    message = syntax_error("set ball.value == 3")
    assert "'+='" in message and "'-='" in message


def test_the_trigger_argument_hint_shows_the_keyword_syntax() -> None:
    assert "trigger x(area=t)" in syntax_error("trigger momentum_dice(d)")


def test_effect_text_is_limited_in_length() -> None:
    text = "pass\n" * (MAX_TEXT // 5 + 1)
    assert syntax_error(text) == f"rule:1:1: error: effect text is longer than {MAX_TEXT} characters"


def test_a_dedent_to_no_enclosing_level_is_reported_on_its_line() -> None:
    assert syntax_error("let a = 1\nif true:\n    pass\n  pass").startswith("rule:4:")


def test_a_dedent_to_no_enclosing_level_is_an_error() -> None:
    assert "dedent" in syntax_error("if true:\n    pass\n  pass")


@pytest.mark.parametrize("text", ["-" * 600 + "1", "not " * 600 + "true", "[" * 600 + "]" * 600])
def test_deep_nesting_is_a_positioned_error_not_a_crash(text: str) -> None:
    with pytest.raises(FubaError):
        parse_expr(text, LOC)


def test_moderate_nesting_parses() -> None:
    assert show(expr("-" * 100 + "1")).count("(-") == 100


# ---- hypothesis: the parser only ever answers with FubaError ---------------------------
ALPHABET = st.sampled_from(
    list("abcdxyz_019 \t\n\r()[]{}:,.=+-*/%<>!\"'#\\")
    + ["let ", "set ", "if ", "else", "elif ", "for ", " in ", "while ", "repeat ", "scope ", "leave ",
       "return", "trigger ", "apply ", "pass", "choose ", "option ", "prefer ", "not ", " and ", " or ",
       "true", "false", "none", "..", "//", "==", "+=", "\n    ", "{x}", "{{", "}}", '"', "roll(2)"]
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ALPHABET, max_size=40).map("".join))
def test_any_text_either_parses_or_raises_a_fuba_error(text: str) -> None:
    for parse in (parse_block, parse_expr):
        try:
            parse(text, LOC)
        except FubaError as e:
            assert e.diagnostics and all(d.pos is not None for d in e.diagnostics)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_unicode_text_either_parses_or_raises_a_fuba_error(text: str) -> None:
    for parse in (parse_block, parse_expr):
        try:
            parse(text, LOC)
        except FubaError:
            pass


def test_nodes_are_plain_attrs_classes_with_a_position() -> None:
    for cls in vars(n).values():
        if isinstance(cls, type) and issubclass(cls, n.Node):
            assert attrs.fields(cls)[0].name == "pos"
