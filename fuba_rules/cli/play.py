"""`fuba play`: play a match yourself at the terminal against an agent."""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from fuba_rules.agents import make_agent
from fuba_rules.choice_odds import AGENT, odds_rows
from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import MATCH_ARGS, _load, _rules, _skills, _teams
from fuba_rules.engine.decisions import Decision
from fuba_rules.engine.driver import Match
from fuba_rules.engine.secrets import visible_events
from fuba_rules.sim.matchlog import write_log
from fuba_rules.sim.narrate import narrate
from fuba_rules.sim.play import agent_seed
from fuba_rules.sim.runinfo import ModRef
from fuba_rules.sim.textboard import option_text, picture, status_line

if TYPE_CHECKING:
    from fuba_rules.edition import Edition

HELP = """  a number  choose that option
  ?         the exact odds of each option, and this help
  u         undo your last decision (and the agent's replies after it)
  l         the log: the last 30 narrated lines
  b         the board again
  q         stop here (the log is saved if --log was given)"""


@subcommand(
    "play",
    "play a match yourself against an agent, one decision at a time",
    *MATCH_ARGS,
    arg("--human", choices=["home", "away", "both"], default="home", help="which team you play (default home)"),
    arg("--log", type=Path, metavar="FILE", help="save the match as a log for `fuba replay` and the web replay (at the end, or when you stop)"),
)
def cmd_play(args: argparse.Namespace) -> int:
    """Play in the terminal. At each of your decisions the board is drawn as text, with a
    status line, and the options are listed in plain English: type a number, `?` for the
    exact odds of each option, `u` to undo, `l` for the log, `q` to stop. If standard
    input ends before the match does, the match stops with exit status 1.

    The match is driven one decision at a time (`engine.driver.Match`) from the seed, so a
    log with the answers replays it exactly; the other team is played by `--home`/`--away`
    (any agent, `search` included, which says while it thinks)."""
    ed = _load(args)
    humans = {"home", "away"} if args.human == "both" else {args.human}
    table = _Table(ed, args, humans)
    return table.play()


class _Table:
    """The person at the terminal, the agents, and the paused match."""

    def __init__(self, ed: Edition, args: argparse.Namespace, humans: set[str]):
        self.ed, self.args, self.humans = ed, args, humans
        self.names = _teams(ed)
        self.rules, self.skills = _rules(args, ed), _skills(args, ed)
        self.specs = {t: getattr(args, t) for t in ("home", "away")}
        self.agents = {t: make_agent(self.specs[t], agent_seed(args.seed, t)) for t in ("home", "away") if t not in humans}
        self.match = Match(ed, args.seed, self.rules, self.skills)
        self.mine: list[int] = []  # where in the answers each of the person's answers stands
        self.shown = 0

    def play(self) -> int:
        while not self.match.finished:  # undo replaces the match: never keep it in a local
            d = self.match.decision
            assert d is not None
            if d.team not in self.humans:
                self.match.choose(self.think(d))
                continue
            self.narrate()
            self.board()
            answer = self.ask()
            if answer is None:
                self.save()
                return 0
            if answer < 0:
                self.save()
                return 1
        self.narrate()
        score = self.match.score
        print(f"\nFull time: {self.names['home']} {score.get('home', 0)} - {score.get('away', 0)} {self.names['away']}")
        self.save()
        return 0

    def think(self, d: Decision) -> int:
        """The agent's answer; a slow one (search) says it is thinking, with the seconds so far."""
        agent = self.agents[d.team]
        if not getattr(agent, "needs_history", False):
            return agent.choose(d, self.match.state)
        print(f"{self.names[d.team]} ({self.specs[d.team]}) is thinking about '{d.label}'", end="", flush=True)
        done = threading.Event()
        start = time.monotonic()

        def tick() -> None:
            while not done.wait(1.0):
                print(f" {time.monotonic() - start:.0f}s", end="", flush=True)

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            return agent.choose(d, self.match.state)
        finally:
            done.set()
            ticker.join()
            print(f" - done in {time.monotonic() - start:.1f} s")

    def narrate(self) -> None:
        """The match so far, up to an answer of the other team still hidden (a secret
        decision, engine/secrets.py); the rest follows once it is revealed."""
        events = visible_events(self.match.state, self.humans)
        for line in narrate(events[self.shown :], self.names):
            print(line)
        self.shown = max(self.shown, len(events))

    @property
    def waiting(self) -> Decision:
        """The decision the match waits on: the commands below run only while it waits."""
        d = self.match.decision
        assert d is not None
        return d

    def board(self) -> None:
        m, d = self.match, self.waiting
        print()
        for line in picture(self.ed, m.state):
            print(line)
        print(status_line(self.ed, m.state))
        print(f"\n{self.names[d.team]} ({d.team}): {d.label} [{d.ref}]")
        for i, option in enumerate(d.options):
            print(f"  {i}: {option_text(self.ed, m.state, d.team, option)}")

    def ask(self) -> int | None:
        """Read commands until an option is chosen (0), or the person stops (None; -1 at end of input)."""
        m = self.match
        while True:
            try:
                answer = input("> ").strip().lower()
            except EOFError:  # Ctrl-D, or a script of answers that ran out
                print("\nfuba: standard input ended; the match stops here", file=sys.stderr)
                return -1
            if answer in ("q", "quit"):
                return None
            if answer == "?":
                self.odds()
            elif answer == "u":
                self.undo()
                return 0
            elif answer == "l":
                for line in list(narrate(visible_events(m.state, self.humans), self.names))[-30:]:
                    print(line)
            elif answer == "b":
                self.board()
            elif answer.isdigit() and int(answer) < len(self.waiting.options):
                self.mine.append(len(m.answers))
                m.choose(int(answer))
                return 0
            else:
                print(f"please type one of the numbers (0 to {len(self.waiting.options) - 1}), or ? for help")

    def undo(self) -> None:
        if not self.mine:
            print("there is no decision of yours to take back")
            return
        at = self.mine.pop()
        self.match = Match(self.ed, self.args.seed, self.rules, self.skills, self.match.answers[:at])
        self.shown = len(self.match.events)
        print("taken back: your last decision")

    def odds(self) -> None:
        m, d = self.match, self.waiting
        start = time.perf_counter()
        rows = odds_rows(self.ed, m)
        took = time.perf_counter() - start
        if not rows:
            print(f"{self.ed.id} names nothing to measure the odds by (its display: odds:, docs/editions.md)")
            print(HELP)
            return
        print(f"Exact odds of each option to the end of the rule that asks '{d.label}', over every dice outcome;")
        print(f"later decisions inside it are answered by the {AGENT} agent for both teams ({took * 1000:.0f} ms):")
        for row in rows:
            text = option_text(self.ed, m.state, d.team, d.options[row["option"]])
            if row["note"]:
                print(f"  {row['option']}: {text}: {row['note']}")
                continue
            first = row["measures"][0]
            parts = ", ".join(f"{o['value']} {o['p']:.0%} ({o['exact']})" for o in first["odds"])
            print(f"  {row['option']}: {text}: {first['label']} {parts}")
            for j in row["joint"][:3]:
                print(f"       {j['p']:6.1%}  {j['value']}")
        print(HELP)

    def save(self) -> None:
        if not self.args.log:
            return
        header = {
            "edition": self.ed.id, "seed": self.args.seed,
            "agents": ["person" if t in self.humans else self.specs[t] for t in ("home", "away")],
            "rules": self.rules, "skills": self.skills, "mods": [ModRef.of(p).as_json() for p in self.args.mod or []],
            "teams": self.names, "answers": list(self.match.answers),
        }
        end = {"score": self.match.score} if self.match.finished else None
        write_log(self.args.log, header, self.match.events, end)
        print(f"saved the match to {self.args.log}: `fuba replay {self.args.log}` narrates it")
