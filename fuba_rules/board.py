"""The FUBA pitch as data: areas in three lanes, corner-kick spots, and the relations rules ask about.

The rulebooks describe the board in words only (chapters 1.4, 1.5, 4.8, 5.1 and 5.3 of the newest one), so the
board is data (`editions/board.yaml`) that a designer can correct. Adjacency, zones, halves
and levels are all *derived* from each area's lane and extent, so that one fix to an
extent fixes every relation. Everything is precomputed into dicts at construction: the
queries sit on the hot path of match simulation. This module knows no edition, skill or
rule procedure.

Teams are "home" (defends the goal line at 0) and "away" (defends the line at `length`).
Lanes are named as the home team faces the away goal.

Shape of the `board:` section (every `ref` and `note` is an optional string; `ref` cites a
rulebook chapter, `note` is free text; no other keys are allowed anywhere)::

    board:
      ref: str
      note: str
      pitch:                      # required
        ref, note
        length: number > 0        # required; the home goal line is at 0
        halfway: number           # required; 0 < halfway < length
      areas:                      # required, non-empty list; its order is Board.areas
        - id: str                 # required; [a-z][a-z0-9_]*, unique among areas and spots;
                                  # "home_..." must lie entirely in the home half,
                                  # "away_..." entirely in the away half; may not start
                                  # with "own_" or "opp_"
          name: str               # required; human name
          lane: left|centre|right # required
          extent: [from, to]      # required; numbers, 0 <= from < to <= length
          ref, note
      corner_spots:               # required
        ref, note
        spots:                    # required list (may be empty)
          - id: str               # required; same rules as area ids
            name: str             # required
            corner: area id       # required; a side-lane area touching exactly one goal
                                  # line; at most one spot per corner area
            ref, note
      adjacency:                  # optional; corrections to the derived graph
        ref, note
        remove: [[a, b], ...]     # optional, default []; each pair must be adjacent
        add: [[a, b], [a, b, kind], ...]   # optional, default []; kind is
                                  # straight|sideways|diagonal, derived if omitted;
                                  # the pair must not be adjacent after the removes
      goal_attempt:               # required
        ref, note
        distance:                 # required mapping, keyed by a lane-free relative name
                                  # (see Board.relative_name), e.g. opp_penalty, opp_wing,
                                  # centre, own_wing
          <name>:
            modifier: int         # required
            keeper_out_only: bool # optional, default false
            ref, note

Each lane's areas must tile [0, length] exactly (no gap, no overlap). The adjacency graph
(areas and spots) must be connected. Derived adjacency: same lane and consecutive =
straight; neighbouring lanes (left-centre, centre-right) with extents overlapping by a
positive length = sideways, touching only at a point = diagonal; left and right lanes never
touch. A corner spot is adjacent (straight) only to its corner area and sits on the goal
line at that corner: its extent is the point [g, g] where g is that goal line.
"""

from __future__ import annotations

import re
import sys
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from fuba_rules.diagnostics import Diagnostic, FubaError, Pos, did_you_mean

TEAMS = ("home", "away")
LANES = ("left", "centre", "right")
ZONES = ("defence", "midfield", "attack")
LINK_KINDS = ("straight", "sideways", "diagonal")
_NEIGHBOUR_LANES = {frozenset({"left", "centre"}), frozenset({"centre", "right"})}
_SIDE_WORDS = ("left", "right")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_META = ("ref", "note")

Extent = tuple[float, float]


def opponent(team: str) -> str:
    """The other team."""
    return {"home": "away", "away": "home"}[team]


def _mid(e: Extent) -> float:
    return (e[0] + e[1]) / 2


def _overlap(a: Extent, b: Extent) -> float:
    """Length the two extents share; 0 when they only touch, negative when apart."""
    return min(a[1], b[1]) - max(a[0], b[0])


def _derived_kind(lane_a: str, ext_a: Extent, lane_b: str, ext_b: Extent, *, explicit: bool) -> str | None:
    """The link kind the board.md rules give two real areas (None: not adjacent).

    With `explicit` (a designer's `add`), the pair is adjacent whatever the geometry; only
    its kind is derived.
    """
    overlap = _overlap(ext_a, ext_b)
    if lane_a == lane_b:
        return "straight" if explicit or overlap == 0 else None
    if explicit:
        return "sideways" if overlap > 0 else "diagonal"
    if frozenset({lane_a, lane_b}) not in _NEIGHBOUR_LANES:
        return None
    if overlap > 0:
        return "sideways"
    return "diagonal" if overlap == 0 else None


class _Reader:
    """Collects diagnostics while walking plain or position-carrying YAML data."""

    def __init__(self, file: str):
        self.file = file
        self.errors: list[Diagnostic] = []

    def pos(self, node: object, key: object, default: Pos) -> Pos:
        """Position of `key` inside `node` if the loader recorded it (`key_pos`), else `default`."""
        key_pos = getattr(node, "key_pos", None) or {}
        try:
            found = key_pos.get(key)
        except (AttributeError, TypeError):
            found = None
        return found if isinstance(found, Pos) else default

    def error(self, pos: Pos, message: str) -> None:
        self.errors.append(Diagnostic(pos, message))

    def stop_if_errors(self) -> None:
        if self.errors:
            raise FubaError(self.errors)

    def mapping(self, node: object, what: str, pos: Pos, required: Iterable[str], optional: Iterable[str] = ()) -> bool:
        """Check that `node` is a mapping with the required keys and no unknown ones."""
        if not isinstance(node, Mapping):
            self.error(pos, f"{what} must be a mapping, got {_type(node)}")
            return False
        required = tuple(required)
        allowed = (*required, *optional, *_META)
        ok = True
        for key in node:
            if key not in allowed:
                hint = did_you_mean(key, allowed)
                self.error(self.pos(node, key, pos), f"unknown key '{key}' in {what}{hint}; allowed: {', '.join(allowed)}")
                ok = False
        for key in required:
            if key not in node:
                self.error(pos, f"{what} is missing '{key}'")
                ok = False
        for key in _META:
            if key in node and not isinstance(node[key], str):
                self.error(self.pos(node, key, pos), f"'{key}' in {what} must be a string, got {_type(node[key])}")
        return ok

    def number(self, value: object, what: str, pos: Pos) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.error(pos, f"{what} must be a number, got {_type(value)}")
            return False
        return True

    def sequence(self, value: object, what: str, pos: Pos) -> bool:
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
            self.error(pos, f"{what} must be a list, got {_type(value)}")
            return False
        return True


def _type(value: object) -> str:
    """How a value reads in a message."""
    if value is None:
        return "nothing"
    for kind, word in ((bool, "a boolean"), ((int, float), "a number"), (str, "a string"), ((list, tuple), "a list")):
        if isinstance(value, kind):
            return word
    return "a mapping" if isinstance(value, Mapping) else type(value).__name__


@attrs.frozen(eq=False)
class Board:
    """The pitch: 13 areas and 4 corner spots, with every relation the rules ask precomputed.

    Build it with `Board.from_data`. All queries are pure dict lookups. Boards compare and
    hash by identity, so they can key caches cheaply.
    """

    areas: tuple[str, ...]
    spots: tuple[str, ...]
    length: float
    halfway: float
    _name: Mapping[str, str] = attrs.field(repr=False)
    _lane: Mapping[str, str] = attrs.field(repr=False)
    _extent: Mapping[str, Extent] = attrs.field(repr=False)
    _refs: Mapping[str, str] = attrs.field(repr=False)
    _neighbours: Mapping[str, tuple[str, ...]] = attrs.field(repr=False)
    _kind: Mapping[tuple[str, str, str], str | None] = attrs.field(repr=False)
    _distance: Mapping[tuple[str, str], int] = attrs.field(repr=False)
    _straight: Mapping[tuple[str, str, str], str | None] = attrs.field(repr=False)
    _zone: Mapping[tuple[str, str], str] = attrs.field(repr=False)
    _in_zone: Mapping[tuple[str, str], tuple[str, ...]] = attrs.field(repr=False)
    _entirely: Mapping[tuple[str, str], bool] = attrs.field(repr=False)
    _partly: Mapping[tuple[str, str], bool] = attrs.field(repr=False)
    _same_level: Mapping[tuple[str, str], bool] = attrs.field(repr=False)
    _closer: Mapping[tuple[str, str, str], bool] = attrs.field(repr=False)
    _relative: Mapping[tuple[str, str, bool], str] = attrs.field(repr=False)
    _goal: Mapping[tuple[str, str], tuple[int, bool] | None] = attrs.field(repr=False)
    _rank_key: Mapping[tuple[str, str], tuple[float, float, int]] = attrs.field(repr=False)
    _penalty: Mapping[str, str] = attrs.field(repr=False)
    _corner_spot: Mapping[str, str] = attrs.field(repr=False)

    # ---- construction -------------------------------------------------------------

    @classmethod
    def from_data(cls, data: Mapping[str, Any], file: str = "<board>") -> Board:
        """Validate and build a board from a whole document with `board:`, or from that section.

        Problems raise `FubaError`, pointing at the offending key where the loader recorded
        positions (`key_pos`) and at file:1:1 otherwise.
        """
        r = _Reader(file)
        top = Pos(file, 1, 1)
        if isinstance(data, Mapping) and "board" in data:
            pos = r.pos(data, "board", top)
            data = data["board"]
        else:
            pos = top
        if not r.mapping(data, "the board", pos, ("pitch", "areas", "corner_spots", "goal_attempt"), ("adjacency",)):
            r.stop_if_errors()
        refs: dict[str, str] = {}
        if "ref" in data:
            refs["board"] = data["ref"]

        length, halfway = _read_pitch(r, data["pitch"], r.pos(data, "pitch", pos), refs)
        r.stop_if_errors()
        names: dict[str, str] = {}
        lanes: dict[str, str] = {}
        extents: dict[str, Extent] = {}
        areas = _read_areas(r, data["areas"], r.pos(data, "areas", pos), length, halfway, names, lanes, extents, refs)
        r.stop_if_errors()
        spots_pos = r.pos(data, "corner_spots", pos)
        corner_spot = _read_spots(r, data["corner_spots"], spots_pos, length, names, lanes, extents, refs)
        r.stop_if_errors()
        spots = tuple(corner_spot.values())
        nodes = areas + spots

        links = _derive_links(areas, lanes, extents)
        for corner, spot in corner_spot.items():
            links[frozenset({corner, spot})] = "straight"
        if "adjacency" in data:
            _apply_overrides(r, data["adjacency"], r.pos(data, "adjacency", pos), nodes, lanes, extents, links, refs)
            r.stop_if_errors()
        _check_connected(r, nodes, links, pos)
        r.stop_if_errors()

        relative = {
            (a, team, lane_free): _relative_name(a, team, lane_free)
            for a in nodes
            for team in TEAMS
            for lane_free in (False, True)
        }
        goal_rows = _read_goal_table(r, data["goal_attempt"], r.pos(data, "goal_attempt", pos), areas, relative, refs)
        r.stop_if_errors()

        return cls._build(
            areas, spots, length, halfway, names, lanes, extents, refs, links, relative, goal_rows, corner_spot
        )

    @classmethod
    def _build(
        cls, areas, spots, length, halfway, names, lanes, extents, refs, links, relative, goal_rows, corner_spot
    ) -> Board:
        """Precompute every query into dicts.

        Area names become plain interned strings: rules compare and look them up on every
        step, and the positioned strings the YAML loader gives (a `str` subclass) miss
        the interpreter's fast paths for both."""
        plain = {a: sys.intern(str(a)) for a in areas + spots}
        areas, spots = tuple(plain[a] for a in areas), tuple(plain[a] for a in spots)
        names, lanes, extents = ({plain[a]: v for a, v in d.items()} for d in (names, lanes, extents))
        corner_spot = {plain[a]: plain[s] for a, s in corner_spot.items()}
        nodes = areas + spots
        order = {a: i for i, a in enumerate(nodes)}

        def ahead(a: str, b: str, team: str) -> bool:
            """b lies towards `team`'s attacking goal line from a."""
            return _mid(extents[b]) > _mid(extents[a]) if team == "home" else _mid(extents[b]) < _mid(extents[a])

        neighbours = {a: tuple(b for b in nodes if frozenset({a, b}) in links) for a in nodes}
        kind: dict[tuple[str, str, str], str | None] = {}
        for a in nodes:
            for b in nodes:
                link = links.get(frozenset({a, b})) if a != b else None
                for team in TEAMS:
                    if link == "straight":
                        kind[a, b, team] = "forward" if ahead(a, b, team) else "backward"
                    else:
                        kind[a, b, team] = link

        straight: dict[tuple[str, str, str], str | None] = {}
        for a in nodes:
            for team in TEAMS:
                for direction in ("forward", "backward"):
                    options = [b for b in neighbours[a] if b not in spots and kind[a, b, team] == direction]
                    options.sort(key=lambda b: (abs(_mid(extents[b]) - _mid(extents[a])), order[b]))
                    straight[a, team, direction] = options[0] if options else None

        distance = {}
        for a in nodes:
            seen = {a: 0}
            queue = deque([a])
            while queue:
                x = queue.popleft()
                for y in neighbours[x]:
                    if y not in seen:
                        seen[y] = seen[x] + 1
                        queue.append(y)
            for b in nodes:
                distance[a, b] = seen[b]

        def entirely(a: str, team: str) -> bool:
            lo, hi = extents[a]
            return hi <= halfway if team == "home" else lo >= halfway

        def partly(a: str, team: str) -> bool:
            lo, hi = extents[a]
            return lo < halfway if team == "home" else hi > halfway

        def touches_halfway(a: str) -> bool:
            lo, hi = extents[a]
            return lo <= halfway <= hi

        zone = {}
        for a in nodes:
            for team in TEAMS:
                zone[a, team] = "midfield" if touches_halfway(a) else "defence" if entirely(a, team) else "attack"
        in_zone = {(z, team): tuple(a for a in areas if zone[a, team] == z) for z in ZONES for team in TEAMS}

        closer = {}  # the second test keeps two spots on the same point from being "closer"
        for a in nodes:
            for b in nodes:
                (a_lo, a_hi), (b_lo, b_hi) = extents[a], extents[b]
                closer[a, b, "home"] = a_hi <= b_lo and a_lo < b_hi
                closer[a, b, "away"] = a_lo >= b_hi and a_hi > b_lo

        def rank(a: str, team: str) -> tuple[float, float, int]:
            lo, hi = extents[a]
            near, far = (lo, hi) if team == "home" else (length - hi, length - lo)
            return (near, far, order[a])

        penalty = {}
        for team in TEAMS:
            line = 0 if team == "home" else length
            penalty[team] = next(a for a in areas if lanes[a] == "centre" and line in extents[a])

        return cls(
            areas=areas,
            spots=spots,
            length=length,
            halfway=halfway,
            name=dict(names),
            lane=dict(lanes),
            extent=dict(extents),
            refs=dict(refs),
            neighbours=neighbours,
            kind=kind,
            distance=distance,
            straight=straight,
            zone=zone,
            in_zone=in_zone,
            entirely={(a, t): entirely(a, t) for a in nodes for t in TEAMS},
            partly={(a, t): partly(a, t) for a in nodes for t in TEAMS},
            same_level={(a, b): _overlap(extents[a], extents[b]) > 0 for a in nodes for b in nodes},
            closer=closer,
            relative=relative,
            goal={
                (a, t): (goal_rows.get(relative[a, t, True]) if a in areas else None) for a in nodes for t in TEAMS
            },
            rank_key={(a, t): rank(a, t) for a in nodes for t in TEAMS},
            penalty=penalty,
            corner_spot=dict(corner_spot),
        )

    # ---- what the areas are -------------------------------------------------------

    def name(self, area: str) -> str:
        """Human name, for logs and messages."""
        return self._name[area]

    def lane(self, area: str) -> str:
        """left, centre or right, as the home team faces the away goal."""
        return self._lane[area]

    def extent(self, area: str) -> Extent:
        """[from, to] along the pitch, 0 = home goal line (a spot is a point on its goal line)."""
        return self._extent[area]

    def ref(self, part: str) -> str | None:
        """Chapter reference of a part: "board", "pitch", "corner_spots", "adjacency",
        "goal_attempt", an area or spot id, or "goal_attempt.<row>"."""
        return self._refs.get(part)

    def is_spot(self, x: str) -> bool:
        """A corner-kick spot, an area only for corner kicks (5.3)."""
        return x in self.spots

    def corner_spot(self, corner_area: str) -> str | None:
        """The spot a corner kick is taken from at this corner area (5.3)."""
        return self._corner_spot.get(corner_area)

    def penalty_area(self, team: str) -> str:
        """`team`'s own penalty area: the centre-lane area on its goal line."""
        return self._penalty[team]

    def relative_name(self, area: str, team: str, *, lane_free: bool = False) -> str:
        """The id from `team`'s view: home_/away_ become own_/opp_ (left/right as home sees them).

        With `lane_free`, left/right are dropped (own_left_wing -> own_wing), the form the
        goal-attempt table is keyed by.
        """
        return self._relative[area, team, lane_free]

    # ---- adjacency ----------------------------------------------------------------

    def adjacent(self, a: str, b: str) -> bool:
        """Share an edge or touch at a corner point (spots: only their corner area)."""
        return self._kind[a, b, "home"] is not None

    def neighbours(self, a: str) -> tuple[str, ...]:
        """Adjacent areas, in board order."""
        return self._neighbours[a]

    def adjacency_kind(self, a: str, b: str, team: str) -> str | None:
        """forward/backward (straight, from `team`'s view), sideways, diagonal, or None."""
        return self._kind[a, b, team]

    def straight_forward(self, a: str, team: str) -> str | None:
        """The next area in the same lane towards the opponent's goal line (never a spot)."""
        return self._straight[a, team, "forward"]

    def straight_backward(self, a: str, team: str) -> str | None:
        """The next area in the same lane towards `team`'s own goal line (never a spot)."""
        return self._straight[a, team, "backward"]

    def distance(self, a: str, b: str) -> int:
        """Moves between two areas along adjacency; 0 for the same area."""
        return self._distance[a, b]

    def areas_between(self, a: str, b: str) -> int:
        """Areas a pass crosses (4.7.2 long pass): distance minus one, never negative."""
        return max(self._distance[a, b] - 1, 0)

    # ---- zones, halves and levels -------------------------------------------------

    def zone(self, a: str, team: str) -> str:
        """defence, midfield or attack for `team` (1.5)."""
        return self._zone[a, team]

    def areas_in_zone(self, zone: str, team: str) -> tuple[str, ...]:
        """The real areas of a zone for `team`, in board order (1.5)."""
        return self._in_zone[zone, team]

    def entirely_in_half(self, a: str, team: str) -> bool:
        """Entirely in `team`'s own half (the wings touch the halfway line but qualify)."""
        return self._entirely[a, team]

    def partly_in_half(self, a: str, team: str) -> bool:
        """At least partly in `team`'s own half (the centre area is partly in both)."""
        return self._partly[a, team]

    def touches_halfway(self, a: str) -> bool:
        """Touches the halfway line: the midfield areas (1.5)."""
        return self._zone[a, "home"] == "midfield"

    def same_level(self, a: str, b: str) -> bool:
        """At least partly at the same level: extents overlap by a positive length (5.1)."""
        return self._same_level[a, b]

    def closer_to_goal_line(self, a: str, b: str, team: str) -> bool:
        """a lies entirely nearer `team`'s own goal line than b, with no overlap (5.1, A7)."""
        return self._closer[a, b, team]

    def touches_goal_line(self, a: str) -> bool:
        """Touches either goal line: corner and penalty areas (4.1)."""
        lo, hi = self._extent[a]
        return lo == 0 or hi == self.length

    def side_area(self, a: str) -> bool:
        """Touches a touchline, i.e. lies in the left or right lane: corners and wings."""
        return self._lane[a] != "centre"

    # ---- goal attempts and offside ------------------------------------------------

    def goal_attempt(self, a: str, attacking_team: str) -> tuple[int, bool] | None:
        """(distance modifier, keeper_out_only) for a shot from `a`, or None if never allowed (4.8)."""
        return self._goal[a, attacking_team]

    def ranked_by_goal_line(self, team: str, counts: Mapping[str, int]) -> list[str]:
        """One entry per piece of `team`, closest to its own goal line first (5.1).

        Sorted by the area's near edge, then its far edge; ties keep board order, so the
        result does not depend on the mapping's order. Offside's "second closest player"
        is `ranked[1]` (the caller counts the goalkeeper).
        """
        key = self._rank_key
        ranked: list[str] = []
        for area in sorted((a for a, n in counts.items() if n > 0), key=lambda a: key[a, team]):
            ranked.extend([area] * counts[area])
        return ranked


# ---- reading the data -------------------------------------------------------------


def _read_pitch(r: _Reader, node: Any, pos: Pos, refs: dict[str, str]) -> tuple[float, float]:
    if not r.mapping(node, "'pitch'", pos, ("length", "halfway")):
        return 0, 0
    _keep_ref(node, "pitch", refs)
    length, halfway = node["length"], node["halfway"]
    lpos, hpos = r.pos(node, "length", pos), r.pos(node, "halfway", pos)
    if not (r.number(length, "pitch length", lpos) & r.number(halfway, "halfway", hpos)):
        return 0, 0
    if length <= 0:
        r.error(lpos, f"pitch length must be positive, got {length}")
    elif not 0 < halfway < length:
        r.error(hpos, f"the halfway line must lie strictly between 0 and the pitch length {length}, got {halfway}")
    return length, halfway


def _check_id(r: _Reader, value: object, what: str, pos: Pos, taken: Mapping[str, object]) -> bool:
    if not isinstance(value, str) or not _ID.match(value):
        r.error(pos, f"{what} id must be lower-case letters, digits and '_', got {value!r}")
        return False
    if value.startswith(("own_", "opp_")):
        r.error(pos, f"{what} id '{value}' may not start with own_/opp_: those prefixes are the relative names")
        return False
    if value in taken:
        r.error(pos, f"{what} id '{value}' is used twice")
        return False
    return True


def _read_areas(r, node, pos, length, halfway, names, lanes, extents, refs) -> tuple[str, ...]:
    if not r.sequence(node, "'areas'", pos):
        return ()
    if not node:
        r.error(pos, "'areas' is empty")
    for i, item in enumerate(node):
        ipos = r.pos(node, i, pos)
        named = isinstance(item, Mapping) and isinstance(item.get("id"), str)
        label = f"area '{item['id']}'" if named else f"area #{i + 1}"
        if not r.mapping(item, label, ipos, ("id", "name", "lane", "extent")):
            continue
        area = item["id"]
        what = f"area '{area}'"
        if not _check_id(r, area, "an area", r.pos(item, "id", ipos), names):
            continue
        names[area] = item["name"]
        if not isinstance(item["name"], str) or not item["name"]:
            r.error(r.pos(item, "name", ipos), f"{what} needs a non-empty name")
        lane = item["lane"]
        lanes[area] = lane
        if lane not in LANES:
            hint = did_you_mean(lane, LANES)
            r.error(r.pos(item, "lane", ipos), f"{what} has unknown lane {lane!r}{hint}; lanes are {', '.join(LANES)}")
        extents[area] = _read_extent(r, item["extent"], what, r.pos(item, "extent", ipos), length)
        _keep_ref(item, area, refs)
    if r.errors:
        return tuple(names)
    for area in names:
        lo, hi = extents[area]
        for team, outside in (("home", hi > halfway), ("away", lo < halfway)):
            if area.startswith(team + "_") and outside:
                r.error(
                    pos,
                    f"area '{area}' is named {team}_ but its extent [{lo}, {hi}] is not entirely "
                    f"in the {team} half (halfway at {halfway})",
                )
    for lane in LANES:
        in_lane = sorted((a for a in names if lanes[a] == lane), key=lambda a: extents[a])
        if not in_lane:
            r.error(pos, f"lane '{lane}' has no areas; each lane must cover the pitch from 0 to {length}")
            continue
        edge, previous = 0, "the home goal line"
        for area in in_lane:
            lo, hi = extents[area]
            if lo != edge:
                gap = "a gap" if lo > edge else "an overlap"
                r.error(pos, f"lane '{lane}' has {gap}: '{area}' starts at {lo} but {previous} is at {edge}")
            edge, previous = hi, f"'{area}' ends"
        if edge != length:
            r.error(pos, f"lane '{lane}' does not end at the away goal line: {previous} at {edge}, not {length}")
    return tuple(names)


def _read_extent(r: _Reader, value: Any, what: str, pos: Pos, length: float) -> Extent:
    if not r.sequence(value, f"the extent of {what}", pos) or len(value) != 2:
        if isinstance(value, (list, tuple)):
            r.error(pos, f"the extent of {what} must be [from, to], got {len(value)} numbers")
        return (0, 0)
    lo, hi = value
    if not (r.number(lo, f"the extent of {what}", pos) and r.number(hi, f"the extent of {what}", pos)):
        return (0, 0)
    if not 0 <= lo < hi <= length:
        r.error(pos, f"the extent of {what} must satisfy 0 <= from < to <= {length}, got [{lo}, {hi}]")
    return (lo, hi)


def _read_spots(r, node, pos, length, names, lanes, extents, refs) -> dict[str, str]:
    """Corner spots: each gets its corner's lane and the goal-line point as extent."""
    corner_spot: dict[str, str] = {}
    if not r.mapping(node, "'corner_spots'", pos, ("spots",)):
        return corner_spot
    _keep_ref(node, "corner_spots", refs)
    spots = node["spots"]
    spos = r.pos(node, "spots", pos)
    if not r.sequence(spots, "'spots'", spos):
        return corner_spot
    areas = tuple(names)
    for i, item in enumerate(spots):
        ipos = r.pos(spots, i, spos)
        if not r.mapping(item, f"corner spot #{i + 1}", ipos, ("id", "name", "corner")):
            continue
        spot, corner = item["id"], item["corner"]
        if not _check_id(r, spot, "a corner spot", r.pos(item, "id", ipos), names):
            continue
        cpos = r.pos(item, "corner", ipos)
        if corner not in areas:
            r.error(cpos, f"corner spot '{spot}' names unknown corner area {corner!r}{did_you_mean(corner, areas)}")
            continue
        lo, hi = extents[corner]
        if lanes[corner] == "centre" or (lo == 0) == (hi == length):
            r.error(cpos, f"corner spot '{spot}' must belong to a corner area (a side area on a goal line), not '{corner}'")
            continue
        if corner in corner_spot:
            r.error(cpos, f"corner area '{corner}' already has the spot '{corner_spot[corner]}'")
            continue
        corner_spot[corner] = spot
        names[spot] = item["name"]
        if not isinstance(item["name"], str) or not item["name"]:
            r.error(r.pos(item, "name", ipos), f"corner spot '{spot}' needs a non-empty name")
        lanes[spot] = lanes[corner]
        line = 0 if lo == 0 else length
        extents[spot] = (line, line)
        _keep_ref(item, spot, refs, default=refs.get("corner_spots"))
    return corner_spot


def _derive_links(areas, lanes, extents) -> dict[frozenset[str], str]:
    links = {}
    for i, a in enumerate(areas):
        for b in areas[i + 1 :]:
            link = _derived_kind(lanes[a], extents[a], lanes[b], extents[b], explicit=False)
            if link:
                links[frozenset({a, b})] = link
    return links


def _apply_overrides(r, node, pos, nodes, lanes, extents, links, refs) -> None:
    """A designer's corrections: removes first, then adds."""
    if not r.mapping(node, "'adjacency'", pos, (), ("add", "remove")):
        return
    _keep_ref(node, "adjacency", refs)

    def pairs(key: str):
        items = node.get(key) or []
        kpos = r.pos(node, key, pos)
        if not r.sequence(items, f"adjacency '{key}'", kpos):
            return
        for i, pair in enumerate(items):
            ppos = r.pos(items, i, kpos)
            size_ok = (2, 3) if key == "add" else (2,)
            if isinstance(pair, (str, bytes)) or not isinstance(pair, (list, tuple)) or len(pair) not in size_ok:
                shape = "[a, b] or [a, b, kind]" if key == "add" else "[a, b]"
                r.error(ppos, f"adjacency {key} entry #{i + 1} must be {shape}, got {pair!r}")
                continue
            bad = [x for x in pair[:2] if x not in nodes]
            for x in bad:
                r.error(ppos, f"adjacency {key} entry #{i + 1} names unknown area {x!r}{did_you_mean(x, nodes)}")
            if bad:
                continue
            if pair[0] == pair[1]:
                r.error(ppos, f"adjacency {key} entry #{i + 1} links '{pair[0]}' to itself")
                continue
            if len(pair) == 3 and pair[2] not in LINK_KINDS:
                hint = did_you_mean(pair[2], LINK_KINDS)
                kinds = ", ".join(LINK_KINDS)
                r.error(ppos, f"adjacency add entry #{i + 1} has unknown kind {pair[2]!r}{hint}; kinds are {kinds}")
                continue
            yield ppos, pair

    for ppos, (a, b) in pairs("remove"):
        if links.pop(frozenset({a, b}), None) is None:
            r.error(ppos, f"adjacency remove: '{a}' and '{b}' are not adjacent, so there is nothing to remove")
    for ppos, pair in pairs("add"):
        a, b = pair[0], pair[1]
        key = frozenset({a, b})
        if key in links:
            r.error(
                ppos,
                f"adjacency add: '{a}' and '{b}' are already adjacent ({links[key]}); "
                "to change the kind, also list them under remove",
            )
            continue
        kind = pair[2] if len(pair) == 3 else _derived_kind(lanes[a], extents[a], lanes[b], extents[b], explicit=True)
        if kind == "straight" and _mid(extents[a]) == _mid(extents[b]):
            r.error(ppos, f"adjacency add: a straight link needs one area ahead of the other; '{a}' and '{b}' are level")
            continue
        links[key] = kind


def _check_connected(r: _Reader, nodes, links, pos: Pos) -> None:
    """Every area must be reachable, or distances (long passes) are undefined."""
    seen = {nodes[0]}
    queue = deque([nodes[0]])
    while queue:
        x = queue.popleft()
        for y in nodes:
            if y not in seen and frozenset({x, y}) in links:
                seen.add(y)
                queue.append(y)
    cut_off = [n for n in nodes if n not in seen]
    if cut_off:
        r.error(pos, f"the adjacency graph is not connected: {', '.join(cut_off)} cannot be reached from '{nodes[0]}'")


def _relative_name(area: str, team: str, lane_free: bool) -> str:
    """home_/away_ -> own_/opp_ from `team`'s view; optionally drop left/right."""
    own, opp = ("home_", "away_") if team == "home" else ("away_", "home_")
    if area.startswith(own):
        area = "own_" + area[len(own) :]
    elif area.startswith(opp):
        area = "opp_" + area[len(opp) :]
    if lane_free:
        area = "_".join(w for w in area.split("_") if w not in _SIDE_WORDS)
    return area


def _read_goal_table(r, node, pos, areas, relative, refs) -> dict[str, tuple[int, bool]]:
    rows: dict[str, tuple[int, bool]] = {}
    if not r.mapping(node, "'goal_attempt'", pos, ("distance",)):
        return rows
    _keep_ref(node, "goal_attempt", refs)
    table = node["distance"]
    tpos = r.pos(node, "distance", pos)
    if not isinstance(table, Mapping):
        r.error(tpos, f"goal_attempt 'distance' must be a mapping from relative area names to rows, got {_type(table)}")
        return rows
    known = sorted({relative[a, t, True] for a in areas for t in TEAMS})
    for key, row in table.items():
        kpos = r.pos(table, key, tpos)
        if key not in known:
            hint = did_you_mean(key, known)
            r.error(kpos, f"goal_attempt distance names unknown relative area {key!r}{hint}; known: {', '.join(known)}")
            continue
        if not r.mapping(row, f"goal_attempt row '{key}'", kpos, ("modifier",), ("keeper_out_only",)):
            continue
        modifier, keeper_out = row["modifier"], row.get("keeper_out_only", False)
        if isinstance(modifier, bool) or not isinstance(modifier, int):
            r.error(r.pos(row, "modifier", kpos), f"goal_attempt row '{key}': modifier must be an integer, got {modifier!r}")
            continue
        if not isinstance(keeper_out, bool):
            where = r.pos(row, "keeper_out_only", kpos)
            r.error(where, f"goal_attempt row '{key}': keeper_out_only must be true or false, got {keeper_out!r}")
            continue
        rows[key] = (modifier, keeper_out)
        _keep_ref(row, f"goal_attempt.{key}", refs, default=refs.get("goal_attempt"))
    return rows


def _keep_ref(node: Mapping[str, object], part: str, refs: dict[str, str], default: str | None = None) -> None:
    ref = node.get("ref", default)
    if isinstance(ref, str):
        refs[part] = ref
