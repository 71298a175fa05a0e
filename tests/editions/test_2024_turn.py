"""2024 draft, chapters 2-4.3: setup, the reaction stage, momentum and time."""

import pytest

from fuba_rules.scenario import Scenario

HOME_442 = [4, 4, 2]


def midfield_position(ed, **kw):
    s = Scenario(ed, **kw)
    s.pieces("home", {"centre": 2, "home_front": 3, "home_left_wing": 2, "home_right_wing": 2, "away_front": 1}, "home_penalty")
    s.pieces("away", {"centre": 2, "away_front": 3, "away_left_wing": 2, "away_right_wing": 2, "home_front": 1}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="centre", ball__value=3)
    s.set("formation", {"home": HOME_442, "away": HOME_442})
    return s


def test_match_preparation_example_higher_roll_chooses_who_starts(draft2024):
    """3.2 example: Santeri (home) rolls 5, Otto 3; Santeri chooses to start with the ball."""
    s = Scenario(draft2024, dice=[5, 3], answers=["home"])
    assert s.run("kick_off_choice") == "home"


def test_kick_off_roll_is_repeated_on_a_tie(draft2024):
    """3.2: only a higher result wins the choice, so equal dice are rolled again."""
    s = Scenario(draft2024, dice=[4, 4, 2, 6], answers=["away"])
    assert s.run("kick_off_choice") == "away"
    assert s.dice_left == 0


def test_kick_off_setup_puts_two_in_the_centre_and_everyone_in_their_own_half(draft2024):
    """3.3.1: two controlling players in the centre circle, the rest at least partly in their half."""
    ed = draft2024
    s = Scenario(ed, answers=["home_front"] * 8 + ["away_front"] * 10)
    s.run("kick_off", "home")
    board = ed.board
    assert s.count("home", "centre") == 2
    assert s.count("home", "home_front") == 8
    assert s["ball.value"] == 2 and s["ball.area"] == "centre" and s["control"] == "home"
    assert s.match.keeper == {"home": "home_penalty", "away": "away_penalty"}
    for team in ("home", "away"):
        assert sum(s.match.pieces[team].values()) == 10
        assert all(board.partly_in_half(a, team) for a in s.match.pieces[team])


def test_momentum_example_one_and_four_in_midfield_give_three_actions(draft2024):
    """4.1.1 example: 1 and 4, ball in midfield, four midfielders: three actions and three minutes."""
    s = midfield_position(draft2024, dice=[1, 4]).state(minute=10)
    s.run("momentum_stage")
    assert s["actions"] == 3
    assert s["minute"] == 13


def test_momentum_counts_the_line_of_the_balls_zone(draft2024):
    """4.1.1: in the defence zone the defenders count: 5 and 5 beat four defenders, one action."""
    s = midfield_position(draft2024, dice=[5, 6]).state(ball__area="home_front", minute=10)
    s.run("momentum_stage")
    assert s["actions"] == 1


def test_stoppage_time_begins_on_the_first_stoppage_square(draft2024):
    """4.2.2.2: the marker stops on the first stoppage square even with minutes to spare."""
    s = midfield_position(draft2024, dice=[1, 2]).state(minute=44)
    s.run("momentum_stage")
    assert (s["minute"], s["stoppage"]) == (45, 1)


def test_stoppage_example_difference_below_the_square_ends_the_half(draft2024):
    """4.2.2.2 example: on +2, Santeri rolls 3 and 2; the difference 1 ends the half."""
    s = midfield_position(draft2024, dice=[3, 2]).state(minute=45, stoppage=2)
    s.run("momentum_stage")
    assert s["half_ends"] is True


def test_stoppage_moves_one_square_when_the_difference_is_large_enough(draft2024):
    """4.2.2.2: otherwise the marker moves one square and the half goes on."""
    s = midfield_position(draft2024, dice=[6, 2]).state(minute=45, stoppage=2)
    s.run("momentum_stage")
    assert (s["half_ends"], s["stoppage"]) == (False, 3)


def test_equal_momentum_dice_announce_a_special_event(draft2024):
    """4.2.3: a zero difference means a special event (the table itself is advanced rule A13)."""
    s = midfield_position(draft2024, dice=[3, 3])
    s.run("momentum_stage")
    assert s.logs("special_event")


def test_set_pieces_add_a_minute_except_in_stoppage_time(draft2024):
    """4.2.2.1: +1 minute at a goal kick, free kick or corner, never in stoppage time."""
    s = midfield_position(draft2024).state(minute=30)
    s.run("add_minute")
    assert s["minute"] == 31
    s.state(minute=45, stoppage=3)
    s.run("add_minute")
    assert (s["minute"], s["stoppage"]) == (45, 3)


def test_reaction_example_one_move_from_each_outnumbered_area(draft2024):
    """4.1 example: a team may move one player from each area where it outnumbers the opponent."""
    s = midfield_position(draft2024)
    s.pieces("home", {"home_front": 3, "centre": 2, "home_left_wing": 2, "home_right_wing": 2, "away_left_corner": 1}, "home_penalty")
    moves = s.value("reaction_moves", "home", ["home_front", "away_left_corner"], [], ["home_front", "away_left_corner"])
    sources = {m["from"] for m in moves if not m["keeper"]}
    assert sources == {"home_front", "away_left_corner"}


def test_reaction_example_player_in_a_corner_moves_straight_away_from_the_goal_line(draft2024):
    """4.1 example: player A in the corner area moves even with equal numbers, but only away from the goal line."""
    s = midfield_position(draft2024)
    s.pieces("home", {"away_left_corner": 1, "centre": 9}, "home_penalty")
    s.pieces("away", {"away_left_corner": 1, "centre": 9}, "away_penalty")
    moves = s.value("reaction_moves", "home", ["away_left_corner"], [], [])
    assert [m["to"] for m in moves if m["from"] == "away_left_corner"] == ["away_left_wing"]


def test_reaction_goalkeeper_next_to_its_penalty_area_may_step_back(draft2024):
    """4.1: a goalkeeper adjacent to its own penalty area can be moved into it."""
    s = midfield_position(draft2024)
    s.pieces("home", {"centre": 10}, "home_front")
    moves = s.value("reaction_moves", "home", [], [], [])
    assert {"from": "home_front", "to": "home_penalty", "keeper": True, "ball": False} in moves


def test_a_turn_alternates_the_phasing_team(draft2024):
    """4: after a team has completed its turn the opponent takes a turn."""
    s = midfield_position(draft2024, dice=[6, 5, 1, 1], defaults={"reaction move": None, "action": "positioning"})
    s.state(control="away", ball__value=2)
    s.run("play_turn")
    assert s["phasing"] == "away"
    assert s["turn"] == 1


def test_half_time_formation_change_moves_one_player_between_lines(draft2024):
    """2.2: during half time a team can change the position of one player in its formation."""
    s = Scenario(draft2024, answers=[[3, 5, 2], None])
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    options = s.value("formation_changes", "home")
    assert [3, 5, 2] in options and [4, 4, 2] not in options and len(options) == 6
    s.run("half_time")
    assert s["formation"] == {"home": [3, 5, 2], "away": [4, 4, 2]}


def test_half_time_formation_change_needs_the_coach(draft2024):
    """A12 Angry coach: a coach removed from the match means the team cannot "make formation changes", at half time (2.2) too."""
    s = Scenario(draft2024, answers=[None])
    s.set("formation", {"home": [4, 4, 2], "away": [4, 4, 2]})
    s.set("coach_sent_off", {"home": True, "away": False})
    s.run("half_time")
    assert [d.team for d in s.agent.asked] == ["away"]


def test_second_half_starts_with_the_other_team_in_control(draft2024):
    """4.2.2.3: the team that started the first half as the defending team now starts in control."""
    from fuba_rules.sim.play import new_match

    m = new_match(draft2024, seed=5)
    m.run()
    kick_offs = [e for e in m.events if e["kind"] == "log" and e.get("tag") in ("kick_off", "half")]
    halves = [i for i, e in enumerate(kick_offs) if e.get("tag") == "half"]
    first_half, second_half = kick_offs[halves[0] + 1], kick_offs[halves[1] + 1]
    assert first_half["team"] == m.S["first_half_ct"]
    assert second_half["team"] != first_half["team"]


def test_reaction_outnumbering_is_judged_at_the_beginning_of_the_turn(draft2024):
    """4.1: "If a team has more players than the opponent in an area at the beginning of the turn", it may move
    one of them anywhere. Home draws level 1-1 in the corner area, then moves a winger in: 2-1 now, but not at
    the beginning of the turn, so the corner player may still only move straight away from the goal line."""
    s = Scenario(draft2024, answers={"home": [Scenario.move("away_left_wing", "away_left_corner")]})
    s.pieces("home", {"away_left_corner": 1, "away_left_wing": 2, "centre": 5, "home_front": 2}, "home_penalty")
    s.pieces("away", {"away_left_corner": 1, "centre": 5, "away_front": 2, "away_penalty": 2}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="centre", ball__value=3)
    s.set("formation", {"home": HOME_442, "away": HOME_442})
    with pytest.raises(LookupError):  # the script stops at the second reaction move
        s.run("reaction_stage")
    second = s.agent.asked[-1]
    assert [m["to"] for m in second.options if m and m["from"] == "away_left_corner"] == ["away_left_wing"]


def test_no_pass_is_offered_without_a_legal_target(draft2024):
    """4.7.2: "A pass action is cancelled if the ball value would be increased above 6 in all options": with the
    ball on 6 and every target adding to it, the controlling team is not offered a pass that would waste its action."""
    s = Scenario(draft2024, until=["action_start"])
    s.pieces("home", {"home_front": 1, "centre": 9}, "home_penalty")
    s.pieces("away", {"home_front": 3, "home_penalty": 2, "centre": 5}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="home_front", ball__value=6)
    s.set("formation", {"home": HOME_442, "away": HOME_442})
    assert s.value("pass_targets", "home", "home_front") == []
    s.run("one_action", "home")
    assert s.stopped == "action_start(team=home, kind=sprint)"  # the only action left: nothing to choose
