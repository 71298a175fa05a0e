"""FUBA as an OpenSpiel game: `import fuba_rules.openspiel` registers `python_fuba`.

    import pyspiel, fuba_rules.openspiel
    game = pyspiel.load_game("python_fuba", {"edition": EDITION_ID})

Two players (0 home, 1 away); every die and every random pick of the rules is a chance
node with its exact probabilities; a player's legal actions are the option indexes of
the pending decision; the returns are 1, 0 or -1 from the final score. A state is
seed-free: the match paused at its last decision (in the rules' resumable form, see
`engine/frames.py`), the answer given there, and the dice outcomes since. To find the
next node, a copy of that paused match is answered and played on with those outcomes,
and stops where they end (a roll that has no outcome yet is a chance node, the next
decision a player node). The paused match is never run itself, so a clone of a state
shares it. For an edition whose rules cannot pause, the match is replayed from the
kick-off with every action so far instead.

Parameters: `edition` (an id or path), `rules` (advanced rules, comma separated),
`mods` (mod files, comma separated), `max_clock` (stop when the edition's clock, e.g.
the minute, passes it; 0, the default, plays the whole match) and `max_actions` (the
most options a decision may have).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .board import TEAMS
from .diagnostics import FubaError
from .dice import SIDES, DiceExhausted
from .engine.decisions import Decision, NeedDecision

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the extra is part of .[dev]
    raise ImportError("fuba_rules.openspiel needs OpenSpiel: pip install 'fuba-rules[openspiel]'") from e

MAX_ACTIONS = 64
MAX_GAME_LENGTH = 1_000_000
_DEFAULTS = {"edition": "", "rules": "", "mods": "", "max_clock": 0, "max_actions": MAX_ACTIONS}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_fuba",
    long_name="FUBA football dice game (fuba-rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=_DEFAULTS,
)


class NeedChance(DiceExhausted):
    """A roll with no recorded outcome: the replay stops at a chance node of `size` outcomes."""

    def __init__(self, size: int):
        super().__init__(f"a roll of {size} outcomes")
        self.size = size


class _ChanceDice:
    """The recorded outcomes (action = value - 1 for a die, the index for a pick), then NeedChance."""

    def __init__(self, outcomes: list[int]):
        self.outcomes, self.i = outcomes, 0

    def _next(self, size: int) -> int:
        if self.i >= len(self.outcomes):
            raise NeedChance(size)
        self.i += 1
        return self.outcomes[self.i - 1]

    def die(self) -> int:
        return self._next(SIDES) + 1

    def pick(self, n: int) -> int:
        return self._next(n)


class _Script:
    """Answers in order, then NeedDecision; the history interleaves them with the dice."""

    name = "openspiel"

    def __init__(self, answers: list[int]):
        self.answers, self.i = answers, 0

    def choose(self, decision: Decision, match: Any) -> int:
        if self.i >= len(self.answers):
            raise NeedDecision(decision)
        self.i += 1
        return self.answers[self.i - 1]


class _Setup:
    """A loaded edition and the game parameters; states name it by its key (clones stay light)."""

    def __init__(self, key: tuple[str, str, str, int, int]):
        from .edition import load_edition

        edition, mods, rules, self.max_clock, self.max_actions = key
        if not edition:
            raise ValueError("python_fuba needs the parameter edition (an id such as those `fuba editions` lists, or a path)")
        self.edition = load_edition(edition, [m.strip() for m in mods.split(",") if m.strip()])
        try:
            self.rules_on = frozenset(self.edition.rules_on(r.strip() for r in rules.split(",") if r.strip()))
        except FubaError as e:
            raise ValueError(e.diagnostics[0].message) from None


@lru_cache(maxsize=8)
def _setup(key: tuple[str, str, str, int, int]) -> _Setup:
    return _Setup(key)


class FubaGame(pyspiel.Game):
    """One edition (with rules and mods) as an OpenSpiel game."""

    def __init__(self, params: dict | None = None):
        p = {**_DEFAULTS, **(params or {})}
        self.key = (str(p["edition"]), str(p["mods"]), str(p["rules"]), int(p["max_clock"]), int(p["max_actions"]))
        setup = _setup(self.key)
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.max_actions,
            max_chance_outcomes=max(SIDES, setup.max_actions),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self) -> FubaState:
        return FubaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer()


class _Paused:
    """A match paused at a decision, shared by a state and its clones: only ever copied."""

    __slots__ = ("trampoline",)

    def __init__(self, trampoline: Any):
        self.trampoline = trampoline

    def __deepcopy__(self, memo: dict) -> _Paused:
        return self


class FubaState(pyspiel.State):
    """The match paused at its last decision, the answer given there and the outcomes
    since (see the module docstring); `_history` keeps every action, for the observer."""

    def __init__(self, game: FubaGame):
        super().__init__(game)
        self._key = game.key
        self._history: list[tuple[bool, int]] = []  # (is chance, action)
        self._paused: _Paused | None = None  # None: the kick-off
        self._answer: int | None = None
        self._tail: list[int] = []  # chance outcomes since the last decision
        self._advance()

    # ---- finding the node
    def _run(self, g: _Setup, played: list) -> None:
        """Play on from the last pause to the next node (the match played goes in `played`;
        a state keeps no match, so that a clone stays light)."""
        from .engine.frames import Trampoline, forms_of
        from .engine.match import MatchState
        from .lang.resumable import Unresumable

        dice = _ChanceDice(list(self._tail))
        if self._paused is not None:
            t = self._paused.trampoline.copy({}, dice, record=False)
            played.append(t.m)
            try:
                t.answer(self._answer)
            finally:
                self._take(t)
            return
        try:
            forms = forms_of(g.edition)
        except Unresumable:  # replay every action from the kick-off
            outcomes = [a for chance, a in self._history if chance]
            agent = _Script([a for chance, a in self._history if not chance])
            m = MatchState(g.edition, _ChanceDice(outcomes), {t: agent for t in TEAMS}, g.rules_on, record=False)
            played.append(m)
            m.run()
            return
        t = Trampoline(MatchState(g.edition, dice, {}, g.rules_on, record=False), forms, pause=True)
        played.append(t.m)
        try:
            t.run()
        finally:
            self._take(t)

    def _take(self, t: Any) -> None:
        """Keep the trampoline as the new pause if it stopped at a decision."""
        if t.pending is not None:
            self._paused, self._answer, self._tail = _Paused(t), None, []
            self._decision = t.pending

    def _advance(self) -> None:
        g = _setup(self._key)
        self._chance: int | None = None
        self._decision: Decision | None = None
        played: list = []
        try:
            self._run(g, played)
        except NeedChance as c:
            self._chance = c.size
            if c.size > g.max_actions:
                raise ValueError(f"a roll of {c.size} outcomes; raise the game parameter max_actions") from None
        except NeedDecision as d:  # the replay, without a resumable form
            self._decision = d.decision
        m = played[0]
        if self._decision is not None and len(self._decision.options) > g.max_actions:
            raise ValueError(f"'{self._decision.label}' has {len(self._decision.options)} options; raise the game parameter max_actions") from None
        clock = g.edition.match.get("clock")
        minute = m.S.get(clock) if clock else None
        if g.max_clock and isinstance(minute, int) and minute > g.max_clock:
            self._chance = self._decision = None
        score = m.S.get(g.edition.match.get("score", "score"), {})
        self._score = (score.get("home", 0), score.get("away", 0))
        self._minute = minute

    # ---- the OpenSpiel API
    def current_player(self) -> int:
        if self._chance is not None:
            return pyspiel.PlayerId.CHANCE
        if self._decision is not None:
            return TEAMS.index(self._decision.team)
        return pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._decision.options))) if self._decision is not None else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._chance or 0
        return [(a, 1.0 / n) for a in range(n)]

    def _apply_action(self, action: int) -> None:
        chance = self._chance is not None
        self._history.append((chance, int(action)))
        if chance:
            self._tail.append(int(action))
        else:
            self._answer, self._tail = int(action), []
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"die {action + 1}" if self._chance == SIDES else f"pick {action} of {self._chance}"
        d = self._decision
        if d is None or not 0 <= action < len(d.options):
            return f"option {action}"
        return f"{d.team} {d.label}: {d.labels[action]}"

    def is_terminal(self) -> bool:
        return self._chance is None and self._decision is None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        home, away = self._score
        r = 1.0 if home > away else -1.0 if home < away else 0.0
        return [r, -r]

    def __str__(self) -> str:
        home, away = self._score
        where = f"minute {self._minute}, " if self._minute is not None else ""
        pending = f", {self._decision.team} to choose '{self._decision.label}'" if self._decision is not None else ""
        return f"{where}score {home}-{away}{pending}"


class _Observer:
    """Strings only: the information state is the whole history (perfect recall)."""

    tensor = None
    dict: dict = {}

    def set_from(self, state: FubaState, player: int) -> None:
        pass

    def string_from(self, state: FubaState, player: int) -> str:
        return " ".join(f"{'c' if c else 'p'}{a}" for c, a in state._history) + f" | {state}"


pyspiel.register_game(_GAME_TYPE, FubaGame)
