"""`fuba odds`: exact probabilities of a rule's outcomes from a position."""

from __future__ import annotations

import argparse
from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import TypeVar

from fuba_rules import odds as position
from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import ADVANCED_ARG, _load, _rules
from fuba_rules.diagnostics import Diagnostic, FubaError, did_you_mean
from fuba_rules.lang.runtime import RuleFault
from fuba_rules.scenario import Answers, Scenario

K = TypeVar("K", bound=Hashable)


@subcommand(
    "odds",
    "exact probabilities of a rule's outcomes from a position, over every dice outcome",
    arg("edition", help="edition id or path"),
    arg("procedure", help="the rule (procedure) to run, e.g. pressing"),
    arg("args", nargs="*", help="its arguments, e.g. away"),
    arg("--measure", default="ball.value", help='what to read afterwards, an expression (default ball.value), e.g. "[control, ball.value]"'),
    arg("--state", action="append", metavar="NAME=VALUE", help="set declared state first, e.g. ball.value=3,ball.area=centre,control=home"),
    arg("--home", action="append", metavar="AREA=N", help="home outfield pieces, e.g. centre=2,home_front=8"),
    arg("--away", action="append", metavar="AREA=N", help="away outfield pieces"),
    arg("--keepers", default="home_penalty,away_penalty", metavar="HOME,AWAY", help="goalkeepers' areas (default both in their penalty areas)"),
    arg("--answer", action="append", metavar="OPTION", help="answer the rule's decisions in order, whichever team is asked (repeatable)"),
    arg("--home-answer", action="append", metavar="OPTION", help="answer the home team's decisions in order (repeatable; not with --answer)"),
    arg("--away-answer", action="append", metavar="OPTION", help="answer the away team's decisions in order (repeatable; not with --answer)"),
    arg("--until", action="append", metavar="TRIGGER", help="stop a run where the rules fire TRIGGER (before its hooks) and measure there, "
        "e.g. --until goal_scored,set_piece_awarded (repeatable)"),
    arg("--until-decision", action="store_true", help="stop a run at the first question the --answer list does not answer, and measure there"),
    arg("--with", dest="with_rules", metavar="RULES", help="advanced rules to switch on"),
    ADVANCED_ARG,
    arg("--mod", action="append", metavar="FILE", help="apply a mod file on top of the edition"),
)
def cmd_odds(args: argparse.Namespace) -> int:
    """Run one rule under every sequence of dice and print the exact distribution of the
    measure: a designer's check that a rule does what the table promises.

    A rule that runs on into others (a goal attempt into the restart) can be stopped
    where its own outcome is known: --until TRIGGER stops each run where the rules fire
    that trigger, --until-decision at the first question no --answer covers. The lines
    under "stopped at" say where the runs were measured, with how often. --home-answer
    and --away-answer give each team its own answers, so neither needs to know in which
    order the two teams are asked.

    examples:
      fuba odds <edition> pressing away --state ball.value=3,ball.area=centre,control=home \\
          --home centre=2,home_front=8 --away centre=2,away_front=8 --measure "[control, ball.value]"
      fuba odds <edition> goal_attempt home false --until-decision --measure "score[home]" \\
          --state ball.value=3,ball.area=away_front,control=home \\
          --home away_front=3,away_penalty=1,centre=6 --away away_front=2,away_penalty=3,centre=5
    """
    ed = _load(args)
    state = position.state_entries(ed, args.state)
    home, away = position.pieces(ed, args.home, "--home"), position.pieces(ed, args.away, "--away")
    keepers = position.keepers(ed, args.keepers)
    values = [position.literal(a, "argument") for a in args.args]
    until = position.names(args.until)
    answers: Answers = [position.literal(a, "--answer") for a in args.answer or []]
    if args.home_answer or args.away_answer:
        if answers:
            raise FubaError(Diagnostic(None, "--answer answers both teams in turn: give it, or --home-answer and --away-answer, not both"))
        answers = {t: [position.literal(a, f"--{t}-answer") for a in getattr(args, f"{t}_answer") or []] for t in ("home", "away")}

    def setup(s: Scenario) -> None:
        try:
            s.pieces("home", home, keepers[0]).pieces("away", away, keepers[1])
        except ValueError as e:  # e.g. more pieces than a team has
            raise FubaError(Diagnostic(None, f"--home/--away: {e}")) from None
        for name, keys, value in state:
            if not keys:
                s.set(name, value)
                continue
            entry = s.match.S[name]
            for key in keys[:-1]:
                entry = entry[key]
            entry[keys[-1]] = value

    if args.procedure not in ed.procs:
        raise FubaError(Diagnostic(None, f"unknown procedure '{args.procedure}'{did_you_mean(args.procedure, ed.procs)}"))
    params = ed.procs[args.procedure].params
    if len(values) != len(params):
        raise FubaError(Diagnostic(None, f"'{args.procedure}' takes {len(params)} argument(s) ({', '.join(params) or 'none'}), got {len(values)}"))
    setup(Scenario(ed))  # a bad position is reported before any dice are rolled
    try:
        found = position.odds(ed, args.procedure, values, args.measure, setup, answers, rules=_rules(args, ed), until=until, until_decision=args.until_decision)
    except RuleFault as e:
        if isinstance(e.__cause__, (IndexError, KeyError)):  # most likely the position, not the rule
            e.message += f"; {_decision(e.__cause__)}"
        raise e.to_error() from None
    except LookupError as e:  # a decision the answers did not cover
        raise FubaError(Diagnostic(None, _decision(e))) from None
    print(f"{args.procedure}({', '.join(args.args)}) -> {args.measure}")
    _table(found.outcomes)
    if until or args.until_decision:
        print("stopped at")
        _table(found.stops)
    return 0


def _table(odds: Mapping[K, Fraction]) -> None:
    """One line per outcome, the likeliest first: the outcome, its exact and its decimal odds."""
    rows = [(", ".join(map(str, o)) if isinstance(o, tuple) else str(o), p) for o, p in sorted(odds.items(), key=lambda kv: (-kv[1], str(kv[0])))]
    width = max([24, *(len(shown) for shown, _ in rows)])
    for shown, p in rows:
        print(f"  {shown:<{width}} {p!s:>8}  {float(p):7.2%}")


def _decision(e: LookupError) -> str:
    """A missing answer in words (an IndexError's own text says nothing useful)."""
    if isinstance(e, (IndexError, KeyError)) or not str(e):
        return (
            "the rule looked for something this position does not have (does each team have its pieces? "
            "give them with --home and --away; are its decisions answered? give them with --answer)"
        )
    return f"{e} (give it with --answer or --home-answer/--away-answer, or stop the run before it with --until or --until-decision)"
