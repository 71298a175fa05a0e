"""`fuba play`: play a match yourself at the terminal against an agent."""

from __future__ import annotations

import argparse
import sys

from fuba_rules.agents import make_agent
from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import MATCH_ARGS, _load, _rules, _skills, _teams
from fuba_rules.engine.driver import Match
from fuba_rules.sim.narrate import narrate
from fuba_rules.sim.play import agent_seed


@subcommand(
    "play",
    "play a match yourself against an agent, one decision at a time",
    *MATCH_ARGS,
    arg("--human", choices=["home", "away", "both"], default="home", help="which team you play (default home)"),
)
def cmd_play(args: argparse.Namespace) -> int:
    """Play in the terminal: the match is narrated, and at each of your decisions the
    legal options are listed; type a number (or q to stop). If standard input ends
    before the match does, the match stops with exit status 1."""
    ed = _load(args)
    m = Match(ed, args.seed, _rules(args, ed), _skills(args, ed))
    agents = {t: make_agent(getattr(args, t), agent_seed(args.seed, t)) for t in ("home", "away")}
    humans = {"home", "away"} if args.human == "both" else {args.human}
    shown, names = 0, _teams(ed)
    while not m.finished:
        d = m.decision
        assert d is not None
        if d.team in humans:
            for line in list(narrate(m.events[shown:], names)):
                print(line)
            shown = len(m.events)
            print(f"\n{names[d.team]} ({d.team}): {d.label} [{d.ref}]")
            for i, label in enumerate(d.labels):
                print(f"  {i}: {label}")
            try:
                answer = input("> ").strip()
            except EOFError:  # Ctrl-D, or a script of answers that ran out
                print("\nfuba: standard input ended; the match stops here", file=sys.stderr)
                return 1
            if answer.lower() in ("q", "quit"):
                return 0
            if not answer.isdigit() or int(answer) >= len(d.options):
                print("please type one of the numbers")
                continue
            m.choose(int(answer))
        else:
            m.choose(agents[d.team].choose(d, m.state))
    for line in narrate(m.events[shown:], names):
        print(line)
    return 0


