"""`fuba odds --until/--until-decision`: a rule that runs on into others is measured where
its own outcome is known, and the output says where the runs stopped."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from fuba_rules.cli import main
from fuba_rules.cli import odds as odds_command
from fuba_rules.edition import load_edition

EDITIONS = Path(__file__).resolve().parents[1] / "editions"
GOAL_EXAMPLE = [  # 4.8 example: ball 3 in the away front area, overall modifier -2
    "goal_attempt", "home", "false", "--state", "ball.value=3,ball.area=away_front,control=home",
    "--home", "away_front=3,away_penalty=1,centre=6", "--away", "away_front=2,away_penalty=3,centre=5",
]


@functools.cache
def draft():
    return load_edition("2024-draft", root=EDITIONS)


@pytest.fixture
def odds(capsys, monkeypatch):
    """`fuba odds` on the goal-attempt example with more options: (exit code, what it printed)."""
    monkeypatch.setattr(odds_command, "_load", lambda args: draft())
    return lambda *argv: (main(["odds", "2024-draft", *GOAL_EXAMPLE, *argv]), "".join(reversed(capsys.readouterr())))


def test_a_goal_attempt_without_a_stop_point_asks_for_answers_and_names_the_stop_options(odds):
    code, out = odds("--measure", "score[home]")
    assert code == 1 and "internal error" not in out
    assert "stop the run before it with --until or --until-decision" in out


def test_until_decision_prints_the_odds_and_where_the_runs_stopped(odds):
    code, out = odds("--measure", "score[home]", "--until-decision")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "goal_attempt(home, false) -> score[home]"
    assert lines[1].split() == ["0", "29/36", "80.56%"] and lines[2].split() == ["1", "7/36", "19.44%"]
    assert lines[3] == "stopped at"
    assert "away's decision 'kick-off setup'" in out and "the end of the rule" in out


def test_until_stops_where_the_rules_fire_the_trigger(odds):
    code, out = odds("--measure", "control", "--until", "set_piece_awarded", "--until-decision")
    assert code == 0
    assert [line.split()[-2:] for line in out.splitlines() if "set_piece_awarded(team=away, kind=goal_kick)" in line] == [["1/2", "50.00%"]]


def test_an_unknown_stop_trigger_is_a_clean_error_with_a_suggestion(odds):
    code, out = odds("--until", "goal_scord")
    assert code == 1 and out.strip() == "fuba: error: --until: unknown trigger 'goal_scord' (did you mean 'goal_scored'?)"


def test_help_explains_the_stop_points(capsys):
    main(["odds", "--help"])
    out = capsys.readouterr().out
    assert "--until TRIGGER" in out and "--until-decision" in out and "goal_attempt home false --until-decision" in out


@pytest.mark.parametrize("argv, message", [
    (["--state", "ball.area=away_corner"], "--state ball.area: unknown area 'away_corner' (did you mean 'away_left_corner'?)"),
    (["--state", "ball.value=9"], "--state ball.value: 9 is outside ball.value's range 1 to 6"),
    (["--home", "center=2"], "--home: unknown area 'center' (did you mean 'centre'?)"),
])
def test_the_bad_positions_of_issue_11_are_clean_errors(odds, argv, message):
    code, out = odds(*argv)
    assert code == 1 and out.strip() == f"fuba: error: {message}"


def test_a_position_without_the_away_pieces_says_what_is_missing_in_words(odds, capsys):
    assert GOAL_EXAMPLE[-2] == "--away"
    code = main(["odds", "2024-draft", *GOAL_EXAMPLE[:-2], "--until-decision"])
    err = capsys.readouterr().err
    assert code == 1 and "give them with --home and --away" in err
    assert "list index out of range" not in err and "internal error" not in err


def test_each_team_can_have_its_own_answers(odds):
    """After a miss the away team moves first at the goal kick (5.1): one shared list would
    hand home's corner spot to away's first question; --home-answer keeps it for home."""
    code, out = odds("--until-decision", "--measure", "score[home]", "--answer", "away_left_spot")
    assert code == 1 and "'away_left_spot' is not an option of 'set piece move'" in out
    code, out = odds("--until-decision", "--measure", "score[home]", "--home-answer", "away_left_spot")
    assert code == 0
    assert "away's decision 'set piece move'" in out and "home's decision 'corner spot'" not in out


def test_shared_and_per_team_answers_are_not_mixed(odds):
    code, out = odds("--measure", "score[home]", "--answer", "none", "--home-answer", "none")
    assert code == 1 and "give it, or --home-answer and --away-answer, not both" in out
