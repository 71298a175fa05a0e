"""A person against an agent: the match is (seed, the person's answers), replayed on demand.

Each advance re-runs the match from the kick-off once: the person's recorded answers are
replayed, and the agent answers its own decisions inside the same run (it is seeded as in
`fuba simulate`, so the same answers always meet the same replies). The run stops at the
person's next decision. Undo drops the person's last answer; the agent's answers after it
are recomputed. The full answer list (both teams, as `Match` keeps it) goes into the log.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from ..agents import make_agent
from ..board import TEAMS, opponent
from ..choice_odds import odds_rows
from ..dice import SeededDice
from ..engine.decisions import Decision, IllegalChoice, NeedDecision
from ..engine.driver import Match
from ..engine.match import MatchState
from ..sim.play import agent_seed
from .intake import Refused
from .replay import steps_of
from .views import decision_view, plain, state_view, team_names
from .work import check

if TYPE_CHECKING:
    from ..edition import Edition
    from ..engine.types import Agent, MatchView


class Progress(TypedDict, total=False):
    """How far a re-run has come: since when, the agent's replies, the decision it thinks on."""

    since: float
    replies: int
    thinking: str


class _Seats:
    """Both teams' decisions: the person's from the recorded answers, the agent's live."""

    name = "seats"

    def __init__(self, human: str, own: list[int], agent: Agent, progress: Progress | None = None):
        self.human, self.own, self.agent = human, own, agent
        self.used = 0
        self.answers: list[int] = []
        self.progress: Progress = progress if progress is not None else {}

    def choose(self, decision: Decision, match: MatchView) -> int:
        check()  # a re-run past its time budget stops here
        if decision.team == self.human:
            if self.used >= len(self.own):
                raise NeedDecision(decision)
            pick = self.own[self.used]
            self.used += 1
        else:
            self.progress["thinking"] = decision.label
            pick = self.agent.choose(decision, match)
            self.progress["replies"] = self.progress.get("replies", 0) + 1
        self.answers.append(pick)
        return pick


class Game:
    """One match in the browser; one request at a time per game (another meanwhile is refused
    with 409, never kept waiting in a worker thread)."""

    def __init__(self, ed: Edition, seed: int, human: str, agent: str = "coach", rules: list[str] | None = None,
                 skills: dict[str, list[str]] | None = None, mods: list[str] | None = None):
        if human not in TEAMS:
            raise ValueError(f"the person plays home or away, not {human!r}")
        make_agent(agent, 0)  # an unknown agent is refused before any match is run
        self.ed, self.seed, self.human, self.agent = ed, seed, human, agent
        self.rules = list(rules or [])
        self.skills = {t: list((skills or {}).get(t, [])) for t in TEAMS}
        self.mods = list(mods or [])
        self.own: list[int] = []
        self.answers: list[int] = []
        self.progress: Progress = {}  # while the match re-runs: the agent's replies so far, since when
        self._odds: dict[tuple, list[dict]] = {}
        self.decision: Decision | None = None
        self.state: MatchState
        self._lock = threading.Lock()
        self._advance()

    def _advance(self) -> None:
        other = opponent(self.human)
        self.progress = {"since": time.monotonic(), "replies": 0, "thinking": ""}
        seats = _Seats(self.human, self.own, make_agent(self.agent, agent_seed(self.seed, other)), self.progress)
        m = MatchState(self.ed, SeededDice(self.seed), {t: seats for t in TEAMS}, frozenset(self.rules), self.skills)
        try:
            m.run()
            self.decision = None
        except NeedDecision as pending:
            self.decision = pending.decision
        self.state, self.answers = m, seats.answers
        self.progress = {}

    def working(self) -> dict:
        """What the re-run is doing now: the agent's replies so far and the seconds it took
        (empty when the game waits for the person)."""
        p = self.progress.copy()
        if not p:
            return {"busy": False}
        return {"busy": True, "agent": self.agent, "replies": p.get("replies", 0), "thinking": p.get("thinking", ""),
                "seconds": round(time.monotonic() - p.get("since", time.monotonic()), 1)}

    def odds(self) -> list[dict]:
        """The exact odds of each option of the decision asked (choice_odds), for this position."""
        if self.decision is None:
            return []
        answers = tuple(self.answers)
        found = self._odds.get(answers)
        if found is None:  # replaying the answers costs more than the odds: keep them by position
            found = odds_rows(self.ed, Match(self.ed, self.seed, self.rules, self.skills, answers), tick=check)
            self._odds = {answers: found}
        return found

    @contextlib.contextmanager
    def _turn(self) -> Iterator[None]:
        """The game's lock, taken at once or refused: a second click while the match re-runs."""
        if not self._lock.acquire(blocking=False):
            raise Refused(409, "this game is still working on your last decision")
        try:
            yield
        finally:
            self._lock.release()

    def choose(self, i: int) -> None:
        with self._turn():
            d = self.decision
            if d is None:
                raise IllegalChoice("the match is over: there is nothing to choose")
            if d.team != self.human:
                raise IllegalChoice(f"it is {d.team}'s decision, not yours")
            if not 0 <= i < len(d.options):
                raise IllegalChoice(f"option {i} does not exist; choose 0..{len(d.options) - 1}")
            self.own.append(i)
            try:
                self._advance()
            except BaseException:  # a rule fault, or the time budget (work.Overrun): the game stays where it was
                self.own.pop()
                raise

    def undo(self) -> None:
        """Take back the person's last decision (and the agent's replies after it)."""
        with self._turn():
            if not self.own:
                raise IllegalChoice("there is no decision of yours to take back")
            last = self.own.pop()
            try:
                self._advance()
            except BaseException:
                self.own.append(last)
                raise

    def header(self) -> dict:
        """A log header `fuba replay` and the web replay understand: the answers replay the match."""
        agents = ["person" if t == self.human else self.agent for t in TEAMS]
        return plain({
            "edition": self.ed.id, "seed": self.seed, "agents": agents, "rules": self.rules, "skills": self.skills,
            "teams": team_names(self.ed), "answers": self.answers, "mods": self.mods,
        })

    def view(self) -> dict:
        m = self.state
        areas = m.board_areas
        return {
            "human": self.human,
            "agent": self.agent,
            "seed": self.seed,
            "finished": self.decision is None,
            "decision": decision_view(self.decision, m.board, areas, m),
            "can_undo": bool(self.own),
            "own": len(self.own),
            "state": state_view(m),
            "steps": steps_of(plain(m.events), self.header()["teams"]),
        }
