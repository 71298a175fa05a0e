"""The board reads like the rulebook (2024 final draft; board reconstruction in design/board.md)."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from fuba_rules.board import TEAMS, Board, opponent
from fuba_rules.diagnostics import FubaError

BOARD_YAML = Path(__file__).parents[1] / "editions" / "board.yaml"
RAW = yaml.safe_load(BOARD_YAML.read_text())
BOARD = Board.from_data(RAW, str(BOARD_YAML))
ALL = BOARD.areas + BOARD.spots

WINGS = {"home_left_wing", "home_right_wing", "away_left_wing", "away_right_wing"}


def raw() -> dict:
    """A fresh copy of the board data, for tests that change it."""
    return copy.deepcopy(RAW)


def area_entry(data: dict, area: str) -> dict:
    return next(a for a in data["board"]["areas"] if a["id"] == area)


def rejected(data: dict) -> str:
    with pytest.raises(FubaError) as caught:
        Board.from_data(data, "board.yaml")
    return str(caught.value)


# ---- 1.4 Playing area ------------------------------------------------------------


def test_1_4_thirteen_areas_four_on_each_side_five_in_the_middle():
    assert len(BOARD.areas) == 13
    by_lane = {lane: [a for a in BOARD.areas if BOARD.lane(a) == lane] for lane in ("left", "centre", "right")}
    assert (len(by_lane["left"]), len(by_lane["centre"]), len(by_lane["right"])) == (4, 5, 4)


def test_1_4_area_ids_and_names():
    assert set(BOARD.areas) == {
        "home_penalty", "home_front", "centre", "away_front", "away_penalty",
        "home_left_corner", "home_left_wing", "away_left_wing", "away_left_corner",
        "home_right_corner", "home_right_wing", "away_right_wing", "away_right_corner",
    }  # fmt: skip
    assert set(BOARD.spots) == {"home_left_spot", "home_right_spot", "away_left_spot", "away_right_spot"}
    assert BOARD.name("centre") == "Centre area"
    assert BOARD.ref("centre") == "1.4" and BOARD.ref("corner_spots") == "5.3" and BOARD.ref("goal_attempt") == "4.8"


def test_1_4_2_the_centre_area_is_one_area_despite_the_halfway_line():
    assert BOARD.partly_in_half("centre", "home") and BOARD.partly_in_half("centre", "away")
    assert not BOARD.entirely_in_half("centre", "home") and not BOARD.entirely_in_half("centre", "away")


def test_1_4_3_goal_lines_are_touched_by_corner_and_penalty_areas():
    touching = {a for a in BOARD.areas if BOARD.touches_goal_line(a)}
    assert touching == {
        "home_penalty", "home_left_corner", "home_right_corner",
        "away_penalty", "away_left_corner", "away_right_corner",
    }  # fmt: skip


def test_side_areas_touching_a_touchline_are_the_corners_and_wings():
    sides = {a for a in BOARD.areas if BOARD.side_area(a)}
    assert sides == WINGS | {"home_left_corner", "home_right_corner", "away_left_corner", "away_right_corner"}


def test_penalty_area_of_each_team():
    assert BOARD.penalty_area("home") == "home_penalty"
    assert BOARD.penalty_area("away") == "away_penalty"


# ---- 1.5 Playing zones -----------------------------------------------------------


def test_1_5_zones_for_the_home_team():
    assert set(BOARD.areas_in_zone("midfield", "home")) == {"centre"} | WINGS
    assert set(BOARD.areas_in_zone("defence", "home")) == {"home_penalty", "home_front", "home_left_corner", "home_right_corner"}
    assert set(BOARD.areas_in_zone("attack", "home")) == {"away_penalty", "away_front", "away_left_corner", "away_right_corner"}


def test_1_5_zones_mirror_for_the_away_team():
    """The defence zone is also the opponent's attack zone."""
    assert BOARD.areas_in_zone("defence", "away") == BOARD.areas_in_zone("attack", "home")
    assert BOARD.areas_in_zone("attack", "away") == BOARD.areas_in_zone("defence", "home")
    assert BOARD.areas_in_zone("midfield", "away") == BOARD.areas_in_zone("midfield", "home")
    for area in BOARD.areas:
        assert BOARD.zone(area, "home") in ("defence", "midfield", "attack")


def test_1_5_midfield_is_the_five_areas_touching_the_halfway_line():
    assert {a for a in BOARD.areas if BOARD.touches_halfway(a)} == set(BOARD.areas_in_zone("midfield", "home"))
    assert len(BOARD.areas_in_zone("midfield", "home")) == 5
    assert len(BOARD.areas_in_zone("defence", "home")) == len(BOARD.areas_in_zone("attack", "home")) == 4


# ---- 3.3.1 Kick-off setup --------------------------------------------------------


def test_3_3_kick_off_example_side_areas_adjacent_to_the_middle_area_and_the_area_in_front_of_the_penalty_area():
    """Santeri places players in the middle area, 'the side areas adjacent to the middle area'
    and 'the area in front of his team's penalty area', all at least partly in his half."""
    side_areas_by_centre = {a for a in BOARD.neighbours("centre") if BOARD.side_area(a)}
    assert side_areas_by_centre == WINGS
    own_half_sides = {a for a in side_areas_by_centre if BOARD.partly_in_half(a, "home")}
    assert own_half_sides == {"home_left_wing", "home_right_wing"}
    in_front = BOARD.straight_forward(BOARD.penalty_area("home"), "home")
    assert in_front == "home_front" and BOARD.partly_in_half(in_front, "home")
    assert BOARD.straight_forward(BOARD.penalty_area("away"), "away") == "away_front"


def test_3_3_1_setup_areas_at_least_partly_in_the_teams_half():
    home = {a for a in BOARD.areas if BOARD.partly_in_half(a, "home")}
    assert home == {"home_penalty", "home_front", "centre", "home_left_corner", "home_left_wing", "home_right_corner", "home_right_wing"}


# ---- adjacency (board.md; 4.4 "moved to an adjacent area") ----------------------


def test_corner_area_touches_penalty_sideways_wing_straight_forward_front_diagonally():
    assert BOARD.adjacency_kind("home_left_corner", "home_penalty", "home") == "sideways"
    assert BOARD.adjacency_kind("home_left_corner", "home_left_wing", "home") == "forward"
    assert BOARD.adjacency_kind("home_left_corner", "home_front", "home") == "diagonal"
    assert set(BOARD.neighbours("home_left_corner")) == {"home_penalty", "home_left_wing", "home_front", "home_left_spot"}


def test_penalty_area_touches_the_two_wings_on_its_side_diagonally():
    for wing in ("home_left_wing", "home_right_wing"):
        assert BOARD.adjacency_kind("home_penalty", wing, "home") == "diagonal"
    for wing in ("away_left_wing", "away_right_wing"):
        assert not BOARD.adjacent("home_penalty", wing)
        assert BOARD.adjacency_kind("away_penalty", wing, "away") == "diagonal"


def test_left_and_right_lanes_never_touch():
    for a, b in itertools.product(BOARD.areas, repeat=2):
        if {BOARD.lane(a), BOARD.lane(b)} == {"left", "right"}:
            assert not BOARD.adjacent(a, b)


def test_centre_area_is_adjacent_to_both_front_areas_and_all_four_wings():
    assert set(BOARD.neighbours("centre")) == {"home_front", "away_front"} | WINGS
    assert all(BOARD.adjacency_kind("centre", w, "home") == "sideways" for w in WINGS)


def test_wings_meet_straight_at_the_halfway_line():
    assert BOARD.adjacency_kind("home_left_wing", "away_left_wing", "home") == "forward"
    assert BOARD.adjacency_kind("home_left_wing", "away_left_wing", "away") == "backward"


def test_an_area_is_not_adjacent_to_itself():
    assert not any(BOARD.adjacent(a, a) for a in ALL)


# ---- 4.1 reaction: straight forward/backward -------------------------------------


def test_4_1_straight_forward_from_a_corner_goes_to_the_wing():
    """'A player in an area touching either goal line can be moved straight forwards one area away from the goal line.'"""
    assert BOARD.straight_forward("home_left_corner", "home") == "home_left_wing"
    assert BOARD.straight_forward("away_right_corner", "away") == "away_right_wing"
    assert BOARD.straight_backward("home_left_wing", "home") == "home_left_corner"


def test_4_1_straight_moves_never_leave_the_pitch_or_enter_a_corner_spot():
    assert BOARD.straight_backward("home_left_corner", "home") is None
    assert BOARD.straight_forward("away_penalty", "home") is None
    assert BOARD.straight_backward("home_penalty", "home") is None
    for area, team in itertools.product(ALL, TEAMS):
        assert BOARD.straight_forward(area, team) not in BOARD.spots
        assert BOARD.straight_backward(area, team) not in BOARD.spots


def test_2015_4_8_2_forward_movement_over_several_areas_stays_in_the_lane():
    path, area = [], "home_penalty"
    while (area := BOARD.straight_forward(area, "home")) is not None:
        path.append(area)
    assert path == ["home_front", "centre", "away_front", "away_penalty"]


# ---- 4.7.2 long pass -------------------------------------------------------------


def test_4_7_2_long_pass_example_two_areas_between_start_and_the_opponents_penalty_area():
    """The example passes into the opponent's penalty area with two areas between. With this
    board, home_front -> away_penalty crosses centre and away_front. (From any midfield area
    only one area lies between, because the wings touch the penalty areas diagonally.)"""
    assert BOARD.areas_between("home_front", "away_penalty") == 2
    assert BOARD.areas_between("centre", "away_penalty") == 1
    for midfield_area in ("centre", "home_left_wing", "home_right_wing"):
        assert BOARD.areas_between(midfield_area, "away_penalty") == 1
    assert BOARD.areas_between("home_left_corner", "away_penalty") == 2


def test_4_7_2_adjacent_and_same_area_passes_have_no_area_between():
    assert BOARD.areas_between("centre", "centre") == 0
    assert BOARD.distance("centre", "centre") == 0
    assert BOARD.areas_between("centre", "away_front") == 0


# ---- 5.3 corner kick spot ---------------------------------------------------------


def test_5_3_corner_spot_is_adjacent_only_to_its_corner_area():
    for corner in ("home_left_corner", "home_right_corner", "away_left_corner", "away_right_corner"):
        spot = BOARD.corner_spot(corner)
        assert spot is not None and BOARD.is_spot(spot)
        assert BOARD.neighbours(spot) == (corner,)
    assert BOARD.corner_spot("home_penalty") is None
    assert not BOARD.is_spot("home_left_corner")


def test_5_3_one_area_between_the_penalty_area_and_the_corner_of_the_pitch():
    for spot in BOARD.spots:
        penalty = BOARD.penalty_area("home" if spot.startswith("home_") else "away")
        assert BOARD.areas_between(spot, penalty) == 1


# ---- 5.1 offside / A7 offside risk ------------------------------------------------


def test_5_1_centre_area_is_never_entirely_in_a_half():
    assert not BOARD.entirely_in_half("centre", "home") and not BOARD.entirely_in_half("centre", "away")


def test_5_1_wings_touch_the_halfway_line_but_lie_entirely_in_one_half():
    assert BOARD.entirely_in_half("away_left_wing", "away") and not BOARD.partly_in_half("away_left_wing", "home")
    assert BOARD.entirely_in_half("home_right_wing", "home") and not BOARD.partly_in_half("home_right_wing", "away")
    assert all(BOARD.touches_halfway(w) for w in WINGS)


def test_5_1_at_least_partly_at_the_same_level():
    assert BOARD.same_level("away_front", "away_left_wing")  # [65,84] and [50,84]
    assert BOARD.same_level("away_penalty", "away_left_corner")
    assert BOARD.same_level("centre", "home_left_wing")
    assert not BOARD.same_level("away_penalty", "away_left_wing")  # touch only at 84
    assert not BOARD.same_level("home_front", "away_front")


def test_5_1_closer_to_the_defending_teams_goal_line():
    """Away defends the line at 100: its penalty area is closer to that line than its front area."""
    assert BOARD.closer_to_goal_line("away_penalty", "away_front", "away")
    assert BOARD.closer_to_goal_line("away_left_corner", "away_left_wing", "away")
    assert BOARD.closer_to_goal_line("away_penalty", "away_left_wing", "away")  # touching is not overlapping
    assert not BOARD.closer_to_goal_line("away_front", "away_left_wing", "away")  # same level
    assert not BOARD.closer_to_goal_line("away_penalty", "away_front", "home")
    assert BOARD.closer_to_goal_line("home_penalty", "home_front", "home")


def test_5_1_offside_position_example():
    """Home attacks; away has its keeper in its penalty area and one defender in its front area.
    The second closest defender is in away_front. A home player in away_left_corner is offside;
    one in away_left_wing is at the same level (not offside); centre is never offside."""
    ranked = BOARD.ranked_by_goal_line("away", {"away_penalty": 1, "away_front": 1, "centre": 3, "home_front": 5})
    second = ranked[1]
    assert second == "away_front"

    def offside(area: str) -> bool:
        return (
            BOARD.entirely_in_half(area, "away")
            and BOARD.closer_to_goal_line(area, second, "away")
            and not BOARD.same_level(area, second)
        )

    assert offside("away_left_corner") and offside("away_penalty")
    assert not offside("away_left_wing") and not offside("centre") and not offside("away_front")


def test_5_1_ranked_by_goal_line_counts_the_keeper():
    counts = {"centre": 4, "home_penalty": 1, "home_front": 2, "home_left_wing": 3}
    ranked = BOARD.ranked_by_goal_line("home", counts)
    assert ranked[0] == "home_penalty"  # the goalkeeper
    assert ranked[1] == "home_front"  # the second closest player
    assert len(ranked) == 10
    assert ranked == ["home_penalty", "home_front", "home_front"] + ["home_left_wing"] * 3 + ["centre"] * 4


def test_5_1_ranked_by_goal_line_ties_by_far_edge_then_board_order():
    """home_front [16,35] and home_left_wing [16,50] share the near edge: the front area is closer."""
    ranked = BOARD.ranked_by_goal_line("home", {"home_left_wing": 1, "home_front": 1, "home_right_corner": 1, "home_penalty": 1})
    assert ranked == ["home_penalty", "home_right_corner", "home_front", "home_left_wing"]
    assert BOARD.ranked_by_goal_line("home", {"centre": 0}) == []


@given(st.dictionaries(st.sampled_from(ALL), st.integers(0, 6)), st.sampled_from(TEAMS))
def test_5_1_ranked_by_goal_line_is_one_entry_per_piece_and_ordered(counts, team):
    ranked = BOARD.ranked_by_goal_line(team, counts)
    assert len(ranked) == sum(counts.values())
    for nearer, farther in itertools.pairwise(ranked):
        assert not BOARD.closer_to_goal_line(farther, nearer, team)
    assert ranked == BOARD.ranked_by_goal_line(team, dict(reversed(list(counts.items()))))


# ---- 4.8 goal attempt -------------------------------------------------------------


def test_4_8_goal_attempt_distance_table_for_the_home_team_attacking():
    assert BOARD.goal_attempt("away_penalty", "home") == (0, False)
    assert BOARD.goal_attempt("away_front", "home") == (-2, False)
    assert BOARD.goal_attempt("away_left_corner", "home") == (-4, False)
    assert BOARD.goal_attempt("away_right_wing", "home") == (-5, False)


def test_4_8_3_keeper_out_only_from_the_areas_touching_the_halfway_line():
    assert BOARD.goal_attempt("centre", "home") == (-5, True)
    assert BOARD.goal_attempt("home_left_wing", "home") == (-6, True)
    for area in BOARD.areas_in_zone("midfield", "home"):
        _modifier, keeper_out_only = BOARD.goal_attempt(area, "home")
        assert keeper_out_only == (not BOARD.entirely_in_half(area, "away"))


def test_4_8_no_goal_attempt_from_the_own_defence_zone_or_a_corner_spot():
    for area in BOARD.areas_in_zone("defence", "home"):
        assert BOARD.goal_attempt(area, "home") is None
    assert all(BOARD.goal_attempt(s, t) is None for s in BOARD.spots for t in TEAMS)


def test_4_8_goal_attempt_mirrors_for_the_away_team():
    assert BOARD.goal_attempt("home_penalty", "away") == (0, False)
    assert BOARD.goal_attempt("away_left_wing", "away") == (-6, True)
    assert BOARD.goal_attempt("home_right_wing", "away") == (-5, False)


def test_relative_names_replace_home_and_away_by_own_and_opp():
    assert BOARD.relative_name("home_front", "home") == "own_front"
    assert BOARD.relative_name("home_front", "away") == "opp_front"
    assert BOARD.relative_name("away_left_wing", "home") == "opp_left_wing"
    assert BOARD.relative_name("away_left_wing", "away", lane_free=True) == "own_wing"
    assert BOARD.relative_name("centre", "away") == "centre"
    assert BOARD.relative_name("home_left_spot", "away") == "opp_left_spot"


# ---- symmetry properties ----------------------------------------------------------


def test_adjacency_is_symmetric_and_neighbours_agree():
    for a, b in itertools.product(ALL, repeat=2):
        assert BOARD.adjacent(a, b) == BOARD.adjacent(b, a)
        assert (b in BOARD.neighbours(a)) == BOARD.adjacent(a, b)


def test_forward_for_home_is_backward_for_away():
    flip = {"forward": "backward", "backward": "forward", "sideways": "sideways", "diagonal": "diagonal", None: None}
    for a, b in itertools.product(ALL, repeat=2):
        assert BOARD.adjacency_kind(a, b, "away") == flip[BOARD.adjacency_kind(a, b, "home")]
        assert BOARD.adjacency_kind(b, a, "home") == flip[BOARD.adjacency_kind(a, b, "home")]
    for a in ALL:
        assert BOARD.straight_forward(a, "home") == BOARD.straight_backward(a, "away")


def test_distance_is_a_metric():
    for a, b in itertools.product(ALL, repeat=2):
        d = BOARD.distance(a, b)
        assert d == BOARD.distance(b, a)
        assert (d == 0) == (a == b)
        assert (d == 1) == BOARD.adjacent(a, b)
    for a, b, c in itertools.product(ALL, repeat=3):
        assert BOARD.distance(a, c) <= BOARD.distance(a, b) + BOARD.distance(b, c)


def test_the_board_is_the_same_seen_from_either_end():
    """Mirroring home<->away maps every relation of one team onto the other's."""

    def mirror(area: str) -> str:
        return area.replace("home_", "@").replace("away_", "home_").replace("@", "away_")

    for a in ALL:
        assert BOARD.zone(mirror(a), "away") == BOARD.zone(a, "home")
        assert BOARD.goal_attempt(mirror(a), "away") == BOARD.goal_attempt(a, "home")
        assert BOARD.relative_name(mirror(a), "away") == BOARD.relative_name(a, "home")
        for b in ALL:
            assert BOARD.adjacency_kind(mirror(a), mirror(b), "away") == BOARD.adjacency_kind(a, b, "home")
            assert BOARD.closer_to_goal_line(mirror(a), mirror(b), "away") == BOARD.closer_to_goal_line(a, b, "home")
    assert opponent("home") == "away" and opponent("away") == "home"


# ---- the board is data: overrides and validation ----------------------------------


def test_the_yaml_starts_with_the_schema_line():
    assert BOARD_YAML.read_text().splitlines()[0] == "# yaml-language-server: $schema=../fuba_rules/schema/edition.schema.json"


def test_the_board_section_alone_is_accepted():
    assert Board.from_data(raw()["board"]).areas == BOARD.areas


def test_adjacency_overrides_add_and_remove():
    data = raw()
    data["board"]["adjacency"] = {
        "remove": [["home_penalty", "home_left_wing"]],
        "add": [["home_left_wing", "home_right_wing"], ["home_front", "away_front", "straight"]],
    }
    board = Board.from_data(data)
    assert not board.adjacent("home_penalty", "home_left_wing")
    assert board.adjacency_kind("home_left_wing", "home_right_wing", "home") == "sideways"
    assert board.adjacency_kind("home_front", "away_front", "home") == "forward"
    assert board.straight_forward("home_front", "home") == "centre"  # still the nearest straight one
    assert board.distance("home_front", "away_front") == 1
    assert BOARD.adjacent("home_penalty", "home_left_wing")  # the original is untouched


def test_adjacency_override_can_change_a_kind_by_removing_then_adding():
    data = raw()
    data["board"]["adjacency"] = {"remove": [["centre", "home_left_wing"]], "add": [["centre", "home_left_wing", "diagonal"]]}
    assert Board.from_data(data).adjacency_kind("centre", "home_left_wing", "home") == "diagonal"


def test_malformed_unknown_lane():
    data = raw()
    area_entry(data, "home_left_wing")["lane"] = "lefft"
    message = rejected(data)
    assert "home_left_wing" in message and "unknown lane 'lefft'" in message and "did you mean 'left'" in message
    assert message.startswith("board.yaml:1:1: error:")


def test_malformed_missing_extent():
    data = raw()
    del area_entry(data, "centre")["extent"]
    assert "area 'centre' is missing 'extent'" in rejected(data)


def test_malformed_override_names_unknown_area():
    data = raw()
    data["board"]["adjacency"]["add"] = [["centre", "away_frnt"]]
    message = rejected(data)
    assert "unknown area 'away_frnt'" in message and "did you mean 'away_front'" in message


def test_malformed_gap_in_a_lane():
    data = raw()
    area_entry(data, "away_left_wing")["extent"] = [55, 84]
    message = rejected(data)
    assert "lane 'left' has a gap" in message and "away_left_wing" in message


def test_malformed_remove_of_a_pair_that_is_not_adjacent():
    data = raw()
    data["board"]["adjacency"]["remove"] = [["home_penalty", "away_penalty"]]
    assert "not adjacent" in rejected(data)


def test_malformed_disconnected_graph():
    data = raw()
    data["board"]["adjacency"]["remove"] = [["away_left_corner", "away_left_spot"]]
    assert "not connected" in rejected(data) and "away_left_spot" in rejected(data)


def test_malformed_misspelt_key():
    data = raw()
    data["board"]["pitch"]["lenght"] = 100
    message = rejected(data)
    assert "unknown key 'lenght'" in message and "did you mean 'length'" in message


def test_malformed_goal_table_relative_name():
    data = raw()
    data["board"]["goal_attempt"]["distance"]["opp_wingg"] = {"modifier": -5}
    message = rejected(data)
    assert "unknown relative area 'opp_wingg'" in message and "did you mean 'opp_wing'" in message


def test_malformed_home_area_outside_the_home_half():
    data = raw()
    area_entry(data, "home_front")["extent"] = [16, 60]
    assert "named home_" in rejected(data)


def test_errors_point_at_the_key_when_the_loader_records_positions():
    from fuba_rules.diagnostics import Pos

    class Located(dict):
        key_pos: dict

    data = raw()
    spot = data["board"]["corner_spots"]["spots"][0]
    located = Located(spot, corner="nowhere")
    located.key_pos = {"corner": Pos("board.yaml", 61, 60)}
    data["board"]["corner_spots"]["spots"][0] = located
    assert rejected(data).startswith("board.yaml:61:60: error: corner spot 'home_left_spot' names unknown corner area 'nowhere'")


def _leaves(node, path=()):
    """Every (path, value) in the data, containers included."""
    yield path, node
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        yield from _leaves(child, (*path, key))


@pytest.mark.parametrize("junk", [None, "x", 3, -1.5, True, [], {}, ["a", "b", "c"]])
def test_any_broken_value_gives_a_diagnostic_never_a_traceback(junk):
    """Boards are designer data: every mistake must come back as a FubaError."""
    for path, _ in list(_leaves(RAW)):
        if not path:
            continue
        data = raw()
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = copy.deepcopy(junk)
        try:
            Board.from_data(data, "board.yaml")
        except FubaError as error:
            assert error.diagnostics and all(d.message for d in error.diagnostics)
