"""The coach's tie rule: where the advice scores options alike, both teams take the same
option as each sees the board (docs/agents.md, "Ties"), so neither team gains from the
board being listed from the home end."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuba_rules import Scenario, load_edition
from fuba_rules.agents import CoachAgent
from fuba_rules.engine.decisions import Decision

from agentkit import ROOT


@pytest.fixture(scope="module")
def draft():
    return load_edition("2024-draft", root=ROOT)


def mirror(x):
    """The same place seen from the other end: home and away swapped, and left and right
    (a team's left is the other team's right). Moves and lists place by place."""
    if isinstance(x, dict):
        return {k: mirror(v) for k, v in x.items()}
    if isinstance(x, list):
        return [mirror(v) for v in x]
    if not isinstance(x, str):
        return x
    swap = {"home": "away", "away": "home", "left": "right", "right": "left"}
    return "_".join(swap.get(w, w) for w in x.split("_"))


def tie_answer(board, team, options, scores=None):
    d = Decision(team, "tied", tuple(options), tuple(scores or [1] * len(options)))
    return d.options[CoachAgent(0).choose(d, SimpleNamespace(board=board))]


def test_a_tie_goes_towards_the_opponents_goal_for_either_team(draft):
    """The board lists areas from the home end; the first listed used to be the home
    team's deepest option and the away team's most forward one."""
    areas = ["home_front", "centre", "away_front"]
    assert tie_answer(draft.board, "home", areas) == "away_front"
    assert tie_answer(draft.board, "away", areas) == "home_front"
    # at the same depth: the centre, then the team's own left
    corners = ["away_left_corner", "away_right_corner", "away_penalty"]
    assert tie_answer(draft.board, "home", corners) == "away_penalty"
    assert tie_answer(draft.board, "home", corners[:2]) == "away_left_corner"
    assert tie_answer(draft.board, "away", mirror(corners[:2])) == "home_right_corner"


def test_a_tied_move_takes_the_piece_nearest_the_opponents_goal_then_its_most_forward_target(draft):
    moves = [Scenario.move("home_front", "centre"), Scenario.move("centre", "home_front"), Scenario.move("centre", "away_front")]
    assert tie_answer(draft.board, "home", moves) == moves[2]
    assert tie_answer(draft.board, "away", moves) == moves[0]  # its piece in the home front area, nearest its goal to attack


def test_options_that_name_no_place_keep_the_rules_order_and_declining_comes_last(draft):
    assert tie_answer(draft.board, "away", ["4-4-2", "4-3-3", "3-5-2"], [1, 3, 3]) == "4-3-3"
    assert tie_answer(draft.board, "home", ["shoot", None], [0, 0]) == "shoot"
    assert tie_answer(draft.board, "away", ["home_front", None], [0, 0]) == "home_front"


def test_a_team_named_as_an_option_is_the_teams_own_first(draft):
    assert tie_answer(draft.board, "home", ["home", "away"]) == "home"
    assert tie_answer(draft.board, "away", ["home", "away"]) == "away"


BOARD = load_edition("2024-draft", root=ROOT).board
PLACES = [*BOARD.areas, *BOARD.spots]
OPTION = st.one_of(
    st.sampled_from(PLACES),
    st.builds(lambda a, b: Scenario.move(a, b), st.sampled_from(PLACES), st.sampled_from(PLACES)),
)


@given(st.lists(OPTION, min_size=2, max_size=8, unique_by=repr), st.randoms(use_true_random=False))
@settings(max_examples=200, deadline=None)
def test_mirrored_options_get_the_mirrored_answer_in_any_order(options, rng):
    """Whatever the options and however the rules list them, the away team's answer to
    the mirrored options is the mirror of the home team's answer."""
    home = tie_answer(BOARD, "home", options)
    mirrored = mirror(options)
    rng.shuffle(mirrored)
    assert tie_answer(BOARD, "away", mirrored) == mirror(home)


class _Noting(CoachAgent):
    """The coach, keeping the decisions it was asked."""

    def __init__(self):
        super().__init__(0)
        self.asked = []

    def choose(self, decision, match):
        self.asked.append(decision)
        return super().choose(decision, match)


def _pass_from_centre(draft, team):
    """4.7: the controlling team in the centre with players ahead; its pass advice likes
    the front area and both corner areas alike (21 each)."""
    ahead = {"centre": 4, "away_front": 2, "away_penalty": 2, "home_front": 2}
    behind = {"home_front": 2, "centre": 2, "away_front": 3, "away_penalty": 3}
    mine, theirs = (ahead, behind) if team == "home" else (mirror(ahead), mirror(behind))
    s = Scenario(draft, dice=[6] * 6)
    s.pieces("home", mine if team == "home" else theirs, "home_penalty")
    s.pieces("away", theirs if team == "home" else mine, "away_penalty")
    s.state(control=team, phasing=team, ball__area="centre", ball__value=3)
    coach = _Noting()
    s.match.agents = {"home": coach, "away": coach}
    s.run("pass_action", team)
    (asked,) = [d for d in coach.asked if d.label == "pass target"]
    return asked, s["pass.target"]


def test_a_pass_from_mirrored_positions_goes_to_the_mirrored_target(draft):
    """4.7, the decision that carried the away team's edge (docs/agents.md): the home team
    used to pass back to its own front area when the advice tied, the away team forward.
    Both now take the tied target nearest the opponent's goal line, on their own left."""
    home_asked, home_target = _pass_from_centre(draft, "home")
    _, away_target = _pass_from_centre(draft, "away")
    liked = sorted(o for o, s in zip(home_asked.options, home_asked.scores) if s == max(home_asked.scores))
    assert liked == ["away_front", "away_left_corner", "away_right_corner"]
    assert home_target == "away_left_corner" and away_target == mirror(home_target) == "home_right_corner"
