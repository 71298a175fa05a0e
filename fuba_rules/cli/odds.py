"""`fuba odds`: exact probabilities of a rule's outcomes from a position."""

from __future__ import annotations

import argparse
from typing import Any

from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import _load, _rules
from fuba_rules.diagnostics import Diagnostic, FubaError, did_you_mean
from fuba_rules.lang.runtime import RuleFault
from fuba_rules.odds import exact_odds


def _value(text: str) -> Any:
    """A command-line value: a number, true/false/none, or a name such as an area or team."""
    low = text.strip()
    if low.lstrip("-").isdigit():
        return int(low)
    return {"true": True, "false": False, "none": None}.get(low, low)


def _pairs(items: list[str] | None, what: str) -> dict[str, Any]:
    out = {}
    for item in items or []:
        for part in item.split(","):
            if "=" not in part:
                raise FubaError(Diagnostic(None, f"{what} takes NAME=VALUE, got '{part}'"))
            k, v = part.split("=", 1)
            out[k.strip()] = _value(v)
    return out


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
    arg("--answer", action="append", metavar="OPTION", help="answer the rule's decisions in order (repeatable)"),
    arg("--with", dest="with_rules", metavar="RULES", help="advanced rules to switch on"),
    arg("--mod", action="append", metavar="FILE", help="apply a mod file on top of the edition"),
)
def cmd_odds(args: argparse.Namespace) -> int:
    """Run one rule under every sequence of dice and print the exact distribution of the
    measure: a designer's check that a rule does what the table promises.

    example:
      fuba odds <edition> pressing away --state ball.value=3,ball.area=centre,control=home \\
          --home centre=2,home_front=8 --away centre=2,away_front=8 --measure "[control, ball.value]"
    """
    ed = _load(args)
    state, home, away = _pairs(args.state, "--state"), _pairs(args.home, "--home"), _pairs(args.away, "--away")
    keepers = [k.strip() or None for k in args.keepers.split(",")] + [None, None]

    def setup(s: Any) -> None:
        s.pieces("home", home, keepers[0]).pieces("away", away, keepers[1])
        for name, value in state.items():
            if name not in s.match.S:
                raise FubaError(Diagnostic(None, f"unknown state '{name}'{did_you_mean(name, s.match.S)}"))
            s.set(name, value)

    if args.procedure not in ed.procs:
        raise FubaError(Diagnostic(None, f"unknown procedure '{args.procedure}'{did_you_mean(args.procedure, ed.procs)}"))
    try:
        odds = exact_odds(ed, args.procedure, [_value(a) for a in args.args], args.measure, setup, [_value(a) for a in args.answer or []], rules=_rules(args, ed))
    except RuleFault as e:
        raise e.to_error() from None
    except LookupError as e:  # a decision the answers did not cover
        raise FubaError(Diagnostic(None, f"{e} (give it with --answer)")) from None
    print(f"{args.procedure}({', '.join(args.args)}) -> {args.measure}")
    for outcome, p in sorted(odds.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        shown = ", ".join(map(str, outcome)) if isinstance(outcome, tuple) else str(outcome)
        print(f"  {shown:<24} {str(p):>8}  {float(p):7.2%}")
    return 0

