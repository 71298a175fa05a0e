"""FUBA as an OpenSpiel game: `import fuba_rules.openspiel` registers `python_fuba`.

    import pyspiel, fuba_rules.openspiel
    game = pyspiel.load_game("python_fuba", {"edition": EDITION_ID})

A sequential, imperfect-information game of two players (0 home, 1 away) with explicit
chance: every die and every random pick of the rules is a chance node with its exact
probabilities; the returns are 1, 0 or -1 from the final score. The information is
imperfect because of the edition's secret decisions (`secrets:`, engine/secrets.py):
the keeper's penalty guess, the formation cards. Until the other team has answered the
decision made at the same time, its answer is hidden from it in the information state
and the observation (strings and tensors). The layouts and the action space are in
docs/openspiel.md; `actions.py`-like helpers are `ActionSpace` and `Features` below.

A state is seed-free: the match paused at its last decision (in the rules' resumable
form, see `engine/frames.py`), the answer given there, and the dice outcomes since. To
find the next node, a copy of that paused match is answered and played on with those
outcomes, and stops where they end. The paused match is never run itself, so a clone of
a state shares it; a serialized state keeps only its actions, and is rebuilt by playing
them again (`_Paused.__reduce__`).

Parameters: `edition` (an id or path), `rules` (advanced rules, comma separated),
`mods` (mod files, comma separated), `max_clock` (stop when the edition's clock, e.g.
the minute, passes it; 0, the default, plays the whole match), `max_actions` (the
option slots of a decision whose options are no fixed list) and `max_game_length` (a
match reaching that many actions, chance outcomes included, ends there as it stands).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from .board import TEAMS
from .diagnostics import FubaError
from .dice import SIDES, DiceExhausted
from .engine.decisions import Decision, NeedDecision
from .engine.secrets import hidden_from
from .lang import nodes as n
from .sim.play import goals, minute

if TYPE_CHECKING:
    from .edition import Edition
    from .engine.frames import Trampoline
    from .engine.match import MatchState
    from .engine.types import MatchView
    from .lang.checker import StateSpec

Option = str | int | bool  # an option of a decision written with a fixed list
Key = tuple[str, str, str, int, int, int]  # a game's edition, mods, rules, max_clock, max_actions, max_game_length

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the extra is part of .[dev]
    raise ImportError("fuba_rules.openspiel needs OpenSpiel: pip install 'fuba-rules[openspiel]'") from e

MAX_ACTIONS = 64
MAX_GAME_LENGTH = 5_000  # actions of a whole match, chance outcomes included: the longest of 60 random matches had 1,025
_DEFAULTS = {"edition": "", "rules": "", "mods": "", "max_clock": 0, "max_actions": MAX_ACTIONS, "max_game_length": MAX_GAME_LENGTH}
DECLINE = "(none)"

_GAME_TYPE = pyspiel.GameType(
    short_name="python_fuba",
    long_name="FUBA football dice game (fuba-rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
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

    def choose(self, decision: Decision, match: MatchView) -> int:
        if self.i >= len(self.answers):
            raise NeedDecision(decision)
        self.i += 1
        return self.answers[self.i - 1]


class ActionSpace:
    """One fixed action space per edition: an action means the same answer wherever it is legal.

    Ids, in order: `slots` option slots (the i-th option of a decision whose options are
    no fixed list and not all areas: a list the rules compute, such as moves); one id per
    board area and corner spot (a decision whose options are all areas: a pass target, a
    penalty taker's area); one id for declining an optional decision; then one id per
    (decision label, option) of every decision the rules write with a fixed list of
    options (`choose(t, "penalty kick", ["left", "middle", "right"])`, a choose block).
    """

    def __init__(self, edition: Edition, slots: int):
        self.slots = slots
        self.areas = tuple(edition.board.areas) + tuple(edition.board.spots)
        self.area_id = {a: slots + i for i, a in enumerate(self.areas)}
        self.decline = slots + len(self.areas)
        fixed, labels = _fixed_options(edition)
        self.labels = labels  # every literal decision label, sorted: the observation's one-hot
        self.fixed: dict[tuple[str, Option], int] = {}
        self.names: list[str] = [f"option {i}" for i in range(slots)] + [f"area {a}" for a in self.areas] + [DECLINE]
        for label in sorted(fixed):
            for option in fixed[label]:
                self.fixed[(label, option)] = len(self.names)
                self.names.append(f"{label}: {option}")
        self.size = len(self.names)

    def ids(self, d: Decision) -> list[int]:
        """The action id of each option of `d` (an option slot where no other id fits)."""
        label, options = d.label, d.options
        if all(o is None or (type(o) in (str, int, bool) and (label, o) in self.fixed) for o in options):
            ids = [self.decline if o is None else self.fixed[(label, o)] for o in options]
        elif all(o is None or (type(o) is str and o in self.area_id) for o in options):
            ids = [self.decline if o is None else self.area_id[o] for o in options]
        else:
            ids = [self.decline if o is None else i for i, o in enumerate(options)]
        if len(set(ids)) != len(ids):  # the same answer twice: the options by position
            ids = list(range(len(options)))
        return ids


def _fixed_options(edition: Edition) -> tuple[dict[str, list[Option]], list[str]]:
    """The options of every decision written with a fixed list, by label; every literal label."""
    fixed: dict[str, list[Option]] = {}
    labels: set[str] = set()
    bodies = list(getattr(edition.compiler, "bodies", {}).values())
    for x in n.walk(bodies):
        if isinstance(x, n.Choose):
            labels.add(x.label)
            _add(fixed, x.label, [o.label for o in x.options])
        elif isinstance(x, n.Call) and x.name in ("choose", "may_choose") and len(x.args) >= 3 and isinstance(x.args[1], n.Const) and isinstance(x.args[1].value, str):
            labels.add(x.args[1].value)
            items = x.args[2]
            consts = [i for i in items.items if isinstance(i, n.Const)] if isinstance(items, n.ListLit) else []
            if isinstance(items, n.ListLit) and len(consts) == len(items.items):
                _add(fixed, x.args[1].value, [i.value for i in consts])
    labels.update(edition.secrets)
    return fixed, sorted(labels)


def _add(fixed: dict[str, list[Option]], label: str, options: list[object]) -> None:
    have = fixed.setdefault(label, [])
    have.extend(o for o in options if o not in have and isinstance(o, (str, int, bool)))


class Features:
    """The observation tensor's layout for one edition (docs/openspiel.md):

    - `player`: 2, the observing player;
    - `pieces`: 2 x areas, each team's outfield players in each area (areas, then corner
      spots), divided by 10;
    - `keeper`: 2 x areas, where each team's goalkeeper is;
    - `state`: every declared state entry of type int, bool, team or area, for every
      index (team, zone, area), in name order: an int with both bounds scaled to 0..1,
      the clock divided by 100 and other ints by 10; a bool 0 or 1; a team or an area
      one-hot (ball area and value, control, phasing, clock, score, condition points...);
    - `decision`: the team asked (2), the decision's label one-hot (the literal labels,
      then one for any other), its number of options divided by the option slots;
    - `legal`: 1 for each legal action id (the action space).

    The information-state tensor adds `last`: each team's last visible answer, one-hot
    over the action space (2 x actions), and the number of visible answers so far / 1000.
    """

    def __init__(self, edition: Edition, space: ActionSpace):
        self.space = space
        self.areas = space.areas
        self.area_index = {a: i for i, a in enumerate(self.areas)}
        domains = dict(getattr(edition.symbols, "domains", {}) or {})
        domains["team"] = TEAMS
        domains["area"] = self.areas
        self.clock = edition.match.get("clock")
        self.entries: list[tuple[str, StateSpec, list[tuple[str, ...]]]] = []
        self.at: dict[str, int] = {}  # where each entry starts in `board`
        size = 0
        for name in sorted(edition.state):
            spec = edition.state[name]
            if spec.type not in ("int", "bool", "team", "area"):
                continue
            keys: list[tuple[str, ...]] = [()]
            for dim in spec.index:
                values = sorted(domains.get(dim, ())) if dim not in ("team", "area") else list(domains[dim])
                keys = [(*k, v) for k in keys for v in values]
            self.entries.append((name, spec, keys))
            self.at[name] = 4 * len(self.areas) + size
            size += len(keys) * (2 if spec.type == "team" else len(self.areas) if spec.type == "area" else 1)
        na = len(self.areas)
        self.state_size = size
        self.board_size = 2 * na * 2
        self.pieces = [("player", 2), ("pieces", 2 * na), ("keeper", 2 * na), ("state", size), ("decision", 2 + len(space.labels) + 2), ("legal", space.size)]
        self.obs_size = sum(s for _, s in self.pieces)
        self.info_size = self.obs_size + 2 * space.size + 1
        self.label_index = {label: i for i, label in enumerate(space.labels)}

    def board(self, m: MatchState) -> np.ndarray:
        """The pieces, keepers and declared state of a match: what changes only with the match."""
        na = len(self.areas)
        out = np.zeros(self.board_size + self.state_size, np.float32)
        for t, team in enumerate(TEAMS):
            for area, count in m.pieces[team].items():
                i = self.area_index.get(area)
                if i is not None:
                    out[t * na + i] = count / 10
            k = self.area_index.get(m.keeper.get(team) or "")
            if k is not None:
                out[2 * na + t * na + k] = 1
        at = 4 * na
        for name, spec, keys in self.entries:
            value = m.S.get(name)
            width = 2 if spec.type == "team" else na if spec.type == "area" else 1
            for key in keys:
                v = value
                for part in key:
                    v = v.get(part) if isinstance(v, dict) else None
                self._put(out, at, spec, name, v)
                at += width
        return out

    def _put(self, out: np.ndarray, at: int, spec: StateSpec, name: str, v: object) -> None:
        if spec.type == "team":
            if v in TEAMS:
                out[at + TEAMS.index(v)] = 1
        elif spec.type == "area":
            i = self.area_index.get(v) if isinstance(v, str) else None
            if i is not None:
                out[at + i] = 1
        elif isinstance(v, bool):
            out[at] = float(v)
        elif isinstance(v, int):
            if isinstance(spec.min, int) and isinstance(spec.max, int) and spec.max > spec.min:
                out[at] = (v - spec.min) / (spec.max - spec.min)
            else:
                out[at] = v / (100 if name == self.clock else 10)

    def observation(self, state: FubaState, player: int, out: np.ndarray) -> None:
        out.fill(0)
        out[player] = 1
        board = state._board[player]
        out[2 : 2 + len(board)] = board
        at = 2 + len(board)
        d = state._decision
        if d is not None:
            out[at + TEAMS.index(d.team)] = 1
            out[at + 2 + self.label_index.get(d.label, len(self.space.labels))] = 1
            out[at + 2 + len(self.space.labels) + 1] = len(d.options) / self.space.slots
            legal = at + 2 + len(self.space.labels) + 2
            for a in state._ids:
                out[legal + a] = 1

    def information(self, state: FubaState, player: int, out: np.ndarray) -> None:
        self.observation(state, player, out[: self.obs_size])
        out[self.obs_size :] = 0
        seen = state._visible(player)
        for t in range(2):
            mine = [a for p, a in seen if p == t]
            if mine:
                out[self.obs_size + t * self.space.size + mine[-1]] = 1
        out[-1] = len(seen) / 1000


class _Setup:
    """A loaded edition, its action space and features, and the game parameters; states
    name it by its key (clones stay light)."""

    def __init__(self, key: Key):
        from .edition import load_edition

        edition, mods, rules, self.max_clock, self.max_actions, self.max_length = key
        if not edition:
            raise ValueError("python_fuba needs the parameter edition (an id such as those `fuba editions` lists, or a path)")
        self.edition = load_edition(edition, [m.strip() for m in mods.split(",") if m.strip()])
        try:
            self.rules_on = frozenset(self.edition.rules_on(r.strip() for r in rules.split(",") if r.strip()))
        except FubaError as e:
            raise ValueError(e.diagnostics[0].message) from None
        self.space = ActionSpace(self.edition, self.max_actions)
        self.features = Features(self.edition, self.space)


@lru_cache(maxsize=8)
def _setup(key: Key) -> _Setup:
    return _Setup(key)


class FubaGame(pyspiel.Game):
    """One edition (with rules and mods) as an OpenSpiel game."""

    def __init__(self, params: dict | None = None):
        p = {**_DEFAULTS, **(params or {})}
        edition = str(p["edition"]).rstrip("/") or str(p["edition"])
        if _numeric(edition):  # `2.0`: OpenSpiel would read it back from the game's string as a number
            p["edition"] = edition + "/"
        self.key = (edition, str(p["mods"]), str(p["rules"]), int(p["max_clock"]), int(p["max_actions"]), int(p["max_game_length"]))
        setup = _setup(self.key)
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.space.size,
            max_chance_outcomes=max(SIDES, setup.max_actions),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=setup.max_length,
        )
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self) -> FubaState:
        return FubaState(self)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, object] | None = None) -> _Observer:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(_setup(self.key).features, recall)


def _numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _replay(key: Key, history: list[tuple[bool, int]]) -> _Paused:
    """The match paused at the decision after `history`: its outcomes and answers played again."""
    from .engine.frames import Trampoline, forms_of
    from .engine.match import MatchState

    g = _setup(key)
    t = Trampoline(MatchState(g.edition, _ChanceDice([a for c, a in history if c]), {}, g.rules_on, record=False), forms_of(g.edition), pause=True)
    t.run()
    for chance, a in history:
        if not chance:
            t.answer(a)
    return _Paused(t, key, history, len(history))


class _Paused:
    """A match paused at a decision, shared by a state and its clones: only ever copied.
    Pickled as the actions that lead to it (`_replay` plays them again)."""

    __slots__ = ("history", "key", "n", "trampoline")

    def __init__(self, trampoline: Trampoline, key: Key, history: list[tuple[bool, int]], n: int):
        self.trampoline, self.key, self.history, self.n = trampoline, key, history, n

    def __deepcopy__(self, memo: dict) -> _Paused:
        return self

    def __reduce__(self) -> tuple:
        return (_replay, (self.key, list(self.history[: self.n])))


class FubaState(pyspiel.State):
    """The match paused at its last decision, the answer given there and the outcomes
    since (see the module docstring); `_history` keeps every action, with the option
    index of each answer, for the information states."""

    def __init__(self, game: FubaGame):
        super().__init__(game)
        self._key = game.key
        self._history: list[tuple[bool, int]] = []  # (is chance, outcome or option index)
        self._players: list[tuple[int, int]] = []  # for each answer in `_history`: the player and the action id
        self._secrets: dict[int, int] = {}  # a secret answer's number (engine/secrets.py) -> its answer's place in `_players`
        self._paused: _Paused | None = None  # None: the kick-off
        self._answer: int | None = None
        self._tail: list[int] = []  # chance outcomes since the last decision
        self._chance: int | None = None  # the number of outcomes, at a chance node
        self._decision: Decision | None = None  # the decision asked, at a player's node
        self._advance()

    # ---- finding the node
    def _run(self, g: _Setup, played: list[MatchState]) -> None:
        """Play on from the last pause to the next node (the match played goes in `played`;
        a state keeps no match, so that a clone stays light)."""
        from .engine.frames import Trampoline, forms_of
        from .engine.match import MatchState
        from .lang.resumable import Unresumable

        dice = _ChanceDice(list(self._tail))
        if self._paused is not None:
            t = self._paused.trampoline.copy({}, dice, record=False)
            played.append(t.m)
            assert self._answer is not None  # a paused state is left only by an answer
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

    def _take(self, t: Trampoline) -> None:
        """Keep the trampoline as the new pause if it stopped at a decision."""
        if t.pending is not None:
            self._paused, self._answer, self._tail = _Paused(t, self._key, self._history, len(self._history)), None, []
            self._decision = t.pending

    def _advance(self) -> None:
        g = _setup(self._key)
        self._chance = None
        self._decision = None
        played: list[MatchState] = []
        try:
            self._run(g, played)
        except NeedChance as c:
            self._chance = c.size
            if c.size > g.max_actions:
                raise ValueError(f"a roll of {c.size} outcomes; raise the game parameter max_actions") from None
        except NeedDecision as asked:  # the replay, without a resumable form
            self._decision = asked.decision
        m = played[0]
        if self._decision is not None:
            d = self._decision
            if len(d.options) > g.max_actions:
                raise ValueError(f"'{d.label}' has {len(d.options)} options; raise the game parameter max_actions") from None
            self._decision = Decision(d.team, d.label, d.options, None, d.ref)  # no advice: a state pickles
        self._ids = g.space.ids(self._decision) if self._decision is not None else []
        now = minute(m)
        if (g.max_clock and isinstance(now, int) and now > g.max_clock) or len(self._history) >= g.max_length:
            self._chance = self._decision = None
            self._ids = []
        score = goals(m)
        self._score = (score.get("home", 0), score.get("away", 0))
        self._minute = now
        self._see(g, m)

    def _see(self, g: _Setup, m: MatchState) -> None:
        """What each player sees of the match now: the board features, and which answers are
        still hidden from it (the other team's secret answers, engine/secrets.py)."""
        if m.hidden and self._players:
            newest = m.hidden[-1]
            if newest.n not in self._secrets and newest.team == TEAMS[self._players[-1][0]]:
                self._secrets[newest.n] = len(self._players) - 1
        self._hidden = {p: frozenset(self._secrets[h.n] for h in hidden_from(m, TEAMS[p]) if h.n in self._secrets) for p in (0, 1)}
        board = g.features.board(m)
        self._board = {}
        for p in (0, 1):
            before = getattr(m.trampoline, "secret_base", None) if hidden_from(m, TEAMS[p]) else None
            self._board[p] = g.features.board(before.m) if before is not None else board

    def _visible(self, player: int) -> list[tuple[int, int]]:
        """The answers `player` has seen: (player, action id), hidden ones left out."""
        hidden = self._hidden[player]
        return [(p, a) for i, (p, a) in enumerate(self._players) if i not in hidden]

    # ---- the OpenSpiel API
    def current_player(self) -> int:
        if self._chance is not None:
            return pyspiel.PlayerId.CHANCE
        if self._decision is not None:
            return TEAMS.index(self._decision.team)
        return pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._ids) if self._decision is not None and player == TEAMS.index(self._decision.team) else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._chance or 0
        return [(a, 1.0 / n) for a in range(n)]

    def _apply_action(self, action: int) -> None:
        if self._chance is not None:
            self._history.append((True, int(action)))
            self._tail.append(int(action))
        elif self._decision is None:
            raise ValueError(f"action {action} at a terminal state")
        else:
            option = self._ids.index(int(action))
            self._history.append((False, option))
            self._players.append((TEAMS.index(self._decision.team), int(action)))
            self._answer, self._tail = option, []
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"die {action + 1}" if self._chance == SIDES else f"pick {action} of {self._chance or 0}"
        d, g = self._decision, _setup(self._key)
        if d is not None and action in self._ids:
            return f"{d.team} {d.label}: {d.labels[self._ids.index(action)]}"
        return g.space.names[action] if 0 <= action < g.space.size else f"action {action}"

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
    """Tensors laid out by `Features`; strings: the state, and for the information state
    every chance outcome and answer in order (`c3`, `h12`: home's action 12), the other
    team's secret answers not yet revealed reading `h?` once for the whole secret choice."""

    def __init__(self, features: Features, recall: bool):
        self.features, self.recall = features, recall
        self.tensor = np.zeros(features.info_size if recall else features.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: FubaState, player: int) -> None:
        if self.recall:
            self.features.information(state, player, self.tensor)
        else:
            self.features.observation(state, player, self.tensor)

    def string_from(self, state: FubaState, player: int) -> str:
        if not self.recall:
            return f"p{player} | {state}"
        hidden = state._hidden[player]
        words, i = [], 0
        for chance, a in state._history:
            if chance:
                words.append(f"c{a}")
            else:
                p, action = state._players[i]
                word = f"{TEAMS[p][0]}?" if i in hidden else f"{TEAMS[p][0]}{action}"
                if not (i in hidden and words and words[-1] == word):  # a secret choice of several answers reads as one
                    words.append(word)
                i += 1
        return f"p{player} | {' '.join(words)} | {state}"


pyspiel.register_game(_GAME_TYPE, FubaGame)
