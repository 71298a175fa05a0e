"""The primitives a match exposes to rule text: geometry, pieces, dice and teams.

Each is general ("count pieces", "roll", "adjacent"): no primitive carries out a
rulebook chapter. Chapters are procedures in the editions' YAML, built from these.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board import TEAMS, ZONES
from ..lang.core import CORE
from ..lang.registry import Registry, parse_params
from ..limits import MAX_YAML_NODES
from .match import OUTFIELD, MatchState, unknown_area
from .types import Value

PIECES = OUTFIELD + 1  # with its goalkeeper: the most pieces of a team in one area

PRIMS = Registry(constants={"home": "home", "away": "away"})
add = PRIMS.add


def _team(t: str) -> str:
    """`t`, a name from rule text, if it names a team."""
    if t not in TEAMS:
        raise ValueError(f"expected a team (home or away), got {t!r}")
    return t


def _area(m: MatchState, a: str) -> str:
    """`a`, a name from rule text, if it names an area of the board."""
    if a not in m.board_areas:
        raise unknown_area(a)
    return a


# ---- teams
@add("other", "team:team", fixed=True, returns="team", total=True, doc="The opponent of a team.")
def _other(m: MatchState, team: Value) -> str:
    return "away" if _team(team) == "home" else "home"


@add("teams", returns="[team]", pieces_of="", doc="Both teams, home first.")
def _teams(m: MatchState) -> list[str]:
    return list(TEAMS)


@add("zones", returns="[zone]", pieces_of="", doc="The three zones: defence, midfield, attack.")
def _zones(m: MatchState) -> list[str]:
    return list(ZONES)


# ---- geometry (delegates to the board data)
@add("areas", returns="[area]", pieces_of="", doc="All 13 areas of the pitch.")
def _areas(m: MatchState) -> list[str]:
    return list(m.board.areas)


# Primitives that ask the board one question: (name, params, board method, doc). Every
# parameter named like an area or a team is checked first, so a typo such as "centr"
# is a clear rule fault rather than a missing dictionary key.
_BOARD_QUESTIONS = [
    ("adjacent", "a:area b:area", "adjacent", "True when two areas share an edge or a corner point."),
    ("neighbours", "area:area", "neighbours", "The areas adjacent to an area (a corner area includes its corner spot)."),
    ("adjacency", "a:area b:area team:team", "adjacency_kind", "forward, backward, sideways or diagonal, from team's view; none if not adjacent."),
    ("areas_between", "a:area b:area", "areas_between", "How many areas lie between two areas along the shortest path (long pass)."),
    ("distance", "a:area b:area", "distance", "Steps between two areas in the adjacency graph."),
    ("forward_of", "area:area team:team", "straight_forward", "The next area straight forward for team, or none."),
    ("backward_of", "area:area team:team", "straight_backward", "The next area straight backward for team, or none."),
    ("zone", "area:area team:team", "zone", "defence, midfield or attack: the zone of an area from team's view."),
    ("entirely_in_half", "area:area team:team", "entirely_in_half", "True when the area lies entirely in team's own half."),
    ("partly_in_half", "area:area team:team", "partly_in_half", "True when the area lies at least partly in team's own half."),
    ("touches_halfway", "area:area", "touches_halfway", "True for the five areas touching the halfway line."),
    ("same_level", "a:area b:area", "same_level", "True when two areas are at least partly at the same level."),
    ("closer_to_goal_line", "a:area b:area team:team", "closer_to_goal_line", "True when area a is entirely nearer team's own goal line than b."),
    ("touches_goal_line", "area:area", "touches_goal_line", "True for corner areas and penalty areas."),
    ("side_area", "area:area", "side_area", "True for areas touching a touchline (corners and wings)."),
    ("corner_spot", "area:area", "corner_spot", "The corner-kick spot beside a corner area, or none."),
    ("is_spot", "area:area", "is_spot", "True for a corner-kick spot."),
    ("area_name", "area:area", "name", "The human name of an area, for log lines."),
]


def _board_question(method: str, params: list[str]) -> Callable[..., Value]:
    """A primitive asking the board one question; checks its areas and team first.

    The board never changes during a match, so each answer is a lookup in the
    edition's table of answers (`m.answers`), filled the first time a question is
    asked; only then are the arguments checked and the board consulted.
    """

    def first_time(m: MatchState, key: tuple[str, ...], args: tuple[str, ...]) -> Value:
        for p, v in zip(params, args):
            if p == "team":
                _team(v)
            else:
                _area(m, v)
        r = getattr(m.board, method)(*args)
        r = list(r) if isinstance(r, tuple) else r
        m.answers[key] = r
        return r

    miss = object()
    if len(params) == 1:

        def ask1(m: MatchState, a: Value) -> Value:
            key = (method, a)
            try:
                r = m.answers.get(key, miss)
            except TypeError:
                r = miss
            return first_time(m, key, (a,)) if r is miss else r

        return ask1
    if len(params) == 2:

        def ask2(m: MatchState, a: Value, b: Value) -> Value:
            key = (method, a, b)
            try:
                r = m.answers.get(key, miss)
            except TypeError:
                r = miss
            return first_time(m, key, (a, b)) if r is miss else r

        return ask2

    def ask3(m: MatchState, a: Value, b: Value, t: Value) -> Value:
        key = (method, a, b, t)
        try:
            r = m.answers.get(key, miss)
        except TypeError:
            r = miss
        return first_time(m, key, (a, b, t)) if r is miss else r

    return ask3


# What the board questions give that is a name (the checker checks quoted names against it).
_BOARD_RESULTS = {"forward_of": "area", "backward_of": "area", "corner_spot": "area", "neighbours": "[area]", "zone": "zone"}

# Board questions answered by a number of areas: at most as many as the board has.
_BOARD_COUNTS = {"distance": MAX_YAML_NODES, "areas_between": MAX_YAML_NODES}

for _name, _params, _method, _doc in _BOARD_QUESTIONS:
    add(_name, _params, fixed=True, doc=_doc, returns=_BOARD_RESULTS.get(_name, ""), bound=_BOARD_COUNTS.get(_name))(_board_question(_method, list(parse_params(_params)[0])))


@add("penalty_area", "team:team", fixed=True, returns="area", total=True, doc="The penalty area team defends.")
def _penalty_area(m: MatchState, team: Value) -> str:
    return m.board.penalty_area(_team(team))


@add("areas_in_zone", "zone:zone team:team", fixed=True, returns="[area]", doc="The areas of a zone from team's view.")
def _areas_in_zone(m: MatchState, zone: Value, team: Value) -> list[str]:
    if zone not in ZONES:
        raise ValueError(f"expected a zone (defence, midfield or attack), got {zone!r}")
    return list(m.board.areas_in_zone(zone, _team(team)))


@add("relative_name", "area:area team:team", fixed=True, doc="The area named from team's view, e.g. opp_front, own_wing.")
def _relative_name(m: MatchState, area: Value, team: Value) -> str:
    _area(m, area), _team(team)
    return m.board.relative_name(area, team, lane_free=True)


@add("goal_distance", "area:area team:team", fixed=True, doc="The goal-attempt distance modifier when team shoots from area, or none.")
def _goal_distance(m: MatchState, area: Value, team: Value) -> int | None:
    _area(m, area), _team(team)
    g = m.board.goal_attempt(area, team)
    return None if g is None else g[0]


@add("keeper_out_only", "area:area team:team", fixed=True, doc="True where team may shoot only when the opposing keeper is out.")
def _keeper_out_only(m: MatchState, area: Value, team: Value) -> bool:
    _area(m, area), _team(team)
    g = m.board.goal_attempt(area, team)
    return bool(g and g[1])


# ---- pieces
@add("pieces", "team:team area:area", pieces_of="team", area_of="area", bound=PIECES, doc="How many of team's pieces (goalkeeper included) are in area.",
     inline=f"(m.counts[{{team}}][{{area}}] if {{team}} in {TEAMS!r} else {{call}})", by_team=f"(m.counts[{{team}}] if {{team}} in {TEAMS!r} else None)")
def _pieces(m: MatchState, team: Value, area: Value) -> int:
    if area not in m.board_areas:
        _area(m, area)
    return m.counts[_team(team)][area]


@add("outfield", "team:team area:area", pieces_of="team", area_of="area", bound=PIECES, doc="How many of team's outfield pieces are in area.",
     inline=f"(m.outfield_counts[{{team}}][{{area}}] if {{team}} in {TEAMS!r} else {{call}})", by_team=f"(m.outfield_counts[{{team}}] if {{team}} in {TEAMS!r} else None)")
def _outfield(m: MatchState, team: Value, area: Value) -> int:
    if area not in m.board_areas:
        _area(m, area)
    return m.outfield_counts[_team(team)][area]


@add("keeper_area", "team:team", returns="area", pieces_of="team", doc="Where team's goalkeeper stands, or none when off the pitch.",
     inline=f"(m.keeper[{{team}}] if {{team}} in {TEAMS!r} else {{call}})")
def _keeper_area(m: MatchState, team: Value) -> str | None:
    return m.keeper[_team(team)]


@add("team_areas", "team:team", returns="[area]", pieces_of="team", doc="The areas where team has at least one piece.",
     inline=f"(_list(_filter(m.counts[{{team}}].__getitem__, m.area_order)) if {{team}} in {TEAMS!r} else {{call}})")
def _team_areas(m: MatchState, team: Value) -> list[str]:
    counts = m.counts[_team(team)]  # the keeper included
    return list(filter(counts.__getitem__, m.area_order))  # in C: a third faster than a comprehension


@add("on_pitch", "team:team", pieces_of="team", doc="How many of team's pieces are on the pitch.")
def _on_pitch(m: MatchState, team: Value) -> int:
    return sum(m.pieces[_team(team)].values()) + (1 if m.keeper[team] else 0)


@add("sent_off", "team:team", pieces_of="team", doc="How many of team's pieces were sent off the pitch (send_off): they never come back.")
def _sent_off(m: MatchState, team: Value) -> int:
    return m.sent_off[_team(team)]


@add("unplaced", "team:team", pieces_of="team", doc="Outfield pieces of team waiting to be placed (setup).")
def _unplaced(m: MatchState, team: Value) -> int:
    return m.unplaced[_team(team)]


@add("ranked", "team:team", returns="[area]", pieces_of="team", doc="The area of each of team's pieces, closest to its own goal line first (offside).")
def _ranked(m: MatchState, team: Value) -> list[str]:
    counts = m.counts[_team(team)]  # the keeper included
    orders = m.answers.get("ranked orders")
    if orders is None:  # once per edition: the board's areas (not spots), closest first, for each team
        areas = dict.fromkeys(m.board.areas, 1)
        orders = m.answers["ranked orders"] = {t: tuple(m.board.ranked_by_goal_line(t, areas)) for t in TEAMS}
    out: list[str] = []
    for a in orders[team]:
        c = counts[a]
        if c == 1:
            out.append(a)
        elif c:
            out += [a] * c
    return out


@add("move", "team:team source:area target:area", pure=False, doc="Move one outfield piece of team to another area.",
     inline=f"(m.move_piece({{team}}, {{source}}, {{target}}) if {{team}} in {TEAMS!r} else {{call}})")
def _move(m: MatchState, team: Value, source: Value, target: Value) -> None:
    m.move_piece(_team(team), source, target)


@add("move_keeper", "team:team target:area", pure=False, doc="Move team's goalkeeper to an area.",
     inline=f"(m.move_keeper({{team}}, {{target}}) if {{team}} in {TEAMS!r} else {{call}})")
def _move_keeper(m: MatchState, team: Value, target: Value) -> None:
    m.move_keeper(_team(team), target)


@add("place", "team:team area:area", pure=False, doc="Put one unplaced outfield piece of team into area (setup).",
     inline=f"(m.place_piece({{team}}, {{area}}) if {{team}} in {TEAMS!r} else {{call}})")
def _place(m: MatchState, team: Value, area: Value) -> None:
    m.place_piece(_team(team), area)


@add("lift_all", "team:team", pure=False, doc="Take every piece of team off the pitch for a new setup.")
def _lift_all(m: MatchState, team: Value) -> None:
    m.lift_all(_team(team))


@add("send_off", "team:team area:area", pure=False, doc="Remove one outfield piece of team in area from the match for good.")
def _send_off(m: MatchState, team: Value, area: Value) -> None:
    m.send_off(_team(team), area)


@add("take_off", "team:team area:area", pure=False, doc="Take one outfield piece of team in area off the pitch for a while.")
def _take_off(m: MatchState, team: Value, area: Value) -> None:
    m.take_off(_team(team), area)


# ---- the log
@add("modifier", "value text", pure=False,
     doc="value, logged as a modifier labelled text (when not 0): a part of a sum that is not a row of `modifiers:`.")
def _modifier(m: MatchState, value: Value, text: Value) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"modifier takes a whole number, got {value!r}")
    if not isinstance(text, str):
        raise ValueError(f"modifier takes a text label, got {text!r}")
    if value:
        m.emit("modifier", {"group": None, "id": text, "value": value, "text": text, "ref": m.ref})
    return value


# ---- dice
@add("roll", "n", pure=False, doc="Roll n six-sided dice; the list of results.")
def _roll(m: MatchState, n: Value) -> list[int]:
    if not isinstance(n, int) or not 1 <= n <= 10:
        raise ValueError(f"roll takes 1 to 10 dice, got {n!r}")
    d = [m.dice.die() for _ in range(n)]
    if m.record:  # a roll is logged, and nothing else happens at its event
        m.emit("roll", {"dice": d})
    return d


@add("die", pure=False, doc="Roll one six-sided die; its result.")
def _die(m: MatchState) -> int:
    d = m.dice.die()
    if m.record:
        m.emit("roll", {"dice": [d]})
    return d


@add("pick", "xs", pure=False, doc="One element of a list, drawn at random from the dice source.")
def _pick(m: MatchState, xs: Value) -> Value:
    if not isinstance(xs, list) or not xs:
        raise ValueError("pick needs a non-empty list")
    return xs[m.dice.pick(len(xs))]



@add("reset", "scope", pure=False, doc="Set every state value declared with `reset: <scope>` back to its default.")
def _reset(m: MatchState, scope: Value) -> None:
    m.reset_scope(scope)


@add("keys", "table", pieces_of="", doc="The row keys of a table keyed by text, e.g. the formations.")
def _keys(m: MatchState, table: Value) -> list[Value]:
    return list(table.exact) if hasattr(table, "exact") else list(table)


# ---- skills and what outlives a match
@add("all_skills", pieces_of="", doc="Every skill the edition defines, in the order of the edition.")
def _all_skills(m: MatchState) -> list[str]:
    return list(m.ed.skills)


@add("skills_of", "team:team", pieces_of="", doc="The skills team has in play.")
def _skills_of(m: MatchState, team: Value) -> list[str]:
    return list(m.skills[_team(team)])


@add("reserve_of", "team:team", pieces_of="", doc="The skills team keeps in reserve (A12: swapped in by a substitution).")
def _reserve_of(m: MatchState, team: Value) -> list[str]:
    return list(m.reserve[_team(team)])


@add("skill_info", "name", pieces_of="", doc="What a skill's entry declares as plain data: its group (none if it has none), ref and other texts and numbers, and its cost (none when a rule computes it); for advice on which skills to play.")
def _skill_info(m: MatchState, name: Value) -> dict[str, Value]:
    hook = m.ed.skills.get(name) if isinstance(name, str) else None
    if hook is None:
        raise ValueError(f"expected a skill name, got {name!r}")
    info = {"group": None, **{k: v for k, v in hook.info.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)}}
    cost = 0 if hook.cost is None else hook.cost
    info["cost"] = cost if isinstance(cost, (int, float)) and not isinstance(cost, bool) else None  # none: a rule decides it
    return info


def _skill_list(m: MatchState, names: Value) -> list[str]:
    if not isinstance(names, list) or any(n not in m.ed.skills for n in names):
        raise ValueError(f"expected a list of skill names, got {names!r}")
    return list(names)


@add("set_skills", "team:team names", pure=False, doc="Put exactly these skills in play for team.")
def _set_skills(m: MatchState, team: Value, names: Value) -> None:
    old = m.skills[_team(team)]
    m.skills[team] = _skill_list(m, names)
    m.live_hooks = {}  # which skills' hooks can run has changed (a copy keeps the dict it had)
    m.emit("skills", {"team": team, "from": old, "to": list(m.skills[team])})


@add("set_reserve", "team:team names", pure=False, doc="Put exactly these skills in team's reserve.")
def _set_reserve(m: MatchState, team: Value, names: Value) -> None:
    m.reserve[_team(team)] = _skill_list(m, names)
    m.emit("reserve", {"team": team, "to": list(m.reserve[team])})


@add("carried", "key", pieces_of="", doc="A value an earlier match of a tournament or league passed on, or none.")
def _carried(m: MatchState, key: Value) -> Value:
    return m.carry_in.get(str(key))


@add("carry", "key value", pure=False, doc="Pass a value on to the next match of a tournament or league.")
def _carry(m: MatchState, key: Value, value: Value) -> None:
    m.carry_out[str(key)] = value
    m.emit("carry", {"key": str(key), "value": value})


@add("decide_winner", "team", keywords="how", pure=False, doc="Say who won a match the score leaves level (a shoot-out, a coin toss); `how` names the way, e.g. \"penalties\".")
def _decide_winner(m: MatchState, team: Value, how: Value = "tie-break") -> None:
    """Results count this match as a win for `team`; the score itself stays level."""
    _team(team)
    if not isinstance(how, str) or not how:
        raise ValueError(f"decide_winner: how must be a text such as \"penalties\", got {how!r}")
    score = m.S.get(m.ed.match.get("score", "score"))
    if isinstance(score, dict) and score.get("home") != score.get("away"):
        raise ValueError(f"decide_winner: the score {score.get('home')}-{score.get('away')} already decides the match; only a level score needs a decided winner")
    if m.decided is not None:
        raise ValueError(f"decide_winner: the winner was already decided ({m.decided[0]}, {m.decided[1]})")
    m.decided = (team, how)
    m.emit("winner", {"team": team, "how": how})


ENGINE = CORE.merged(PRIMS)
