"""`fuba play`: play a match yourself at the terminal against an agent."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import MATCH_ARGS, _load, _rules, _skills, _teams
from fuba_rules.engine.decisions import Decision, NeedDecision
from fuba_rules.engine.secrets import visible_events
from fuba_rules.sim.narrate import narrate
from fuba_rules.sim.play import new_match, run_match


class _Stop(NeedDecision):
    """The person stopped the match at a decision (q, or the end of standard input).

    It is a `NeedDecision`, the one way an agent may leave a running match: the match
    pauses at the pending decision and is not played on.
    """

    def __init__(self, decision: Decision, status: int):
        super().__init__(decision)
        self.status = status


class _Terminal:
    """The person at the terminal: narrates the match so far, lists the options, reads a number.

    One object serves both teams (`--human both`), so each event is narrated once. The
    narration stops before an answer of the other team that is still hidden (a secret
    decision, engine/secrets.py) and goes on once it is revealed.
    """

    name = "human"

    def __init__(self, names: dict[str, str], teams: set[str]):
        self.names = names
        self.teams = frozenset(teams)
        self.shown = 0

    def narrate(self, match: Any) -> None:
        events = visible_events(match, self.teams)
        for line in narrate(events[self.shown :], self.names):
            print(line)
        self.shown = max(self.shown, len(events))

    def choose(self, decision: Decision, match: Any) -> int:
        self.narrate(match)
        print(f"\n{self.names[decision.team]} ({decision.team}): {decision.label} [{decision.ref}]")
        for i, label in enumerate(decision.labels):
            print(f"  {i}: {label}")
        while True:
            try:
                answer = input("> ").strip()
            except EOFError:  # Ctrl-D, or a script of answers that ran out
                print("\nfuba: standard input ended; the match stops here", file=sys.stderr)
                raise _Stop(decision, 1) from None
            if answer.lower() in ("q", "quit"):
                raise _Stop(decision, 0)
            if answer.isdigit() and int(answer) < len(decision.options):
                return int(answer)
            print("please type one of the numbers")


@subcommand(
    "play",
    "play a match yourself against an agent, one decision at a time",
    *MATCH_ARGS,
    arg("--human", choices=["home", "away", "both"], default="home", help="which team you play (default home)"),
)
def cmd_play(args: argparse.Namespace) -> int:
    """Play in the terminal: the match is narrated, and at each of your decisions the
    legal options are listed; type a number (or q to stop). If standard input ends
    before the match does, the match stops with exit status 1.

    The match is played as `fuba simulate` plays one (`new_match`), with the person as
    the agent of their team(s), so any agent can be the opponent, `search` included."""
    ed = _load(args)
    humans = {"home", "away"} if args.human == "both" else {args.human}
    person = _Terminal(_teams(ed), humans)
    agents = tuple(person if t in humans else getattr(args, t) for t in ("home", "away"))
    m = new_match(ed, args.seed, agents, _rules(args, ed), _skills(args, ed))
    try:
        run_match(m, args.seed)
    except _Stop as stop:
        return stop.status
    person.narrate(m)
    return 0
