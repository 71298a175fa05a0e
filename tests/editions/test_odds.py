"""Exact odds of a rule from a position, over every dice outcome."""

from fractions import Fraction

import pytest

from fuba_rules.diagnostics import FubaError
from fuba_rules.odds import END, exact_odds, odds


def equal_numbers(s):
    s.pieces("home", {"centre": 2, "home_front": 8}, "home_penalty").pieces("away", {"centre": 2, "away_front": 8}, "away_penalty")
    s.state(control="home", phasing="away", ball__area="centre", ball__value=3)


def test_pressing_at_three_with_equal_numbers_wins_five_times_in_nine(draft2024):
    """4.6: a die below 3 on either of two dice: 1 - (4/6)^2 = 5/9."""
    odds = exact_odds(draft2024, "pressing", ["away"], "control", equal_numbers)
    assert odds == {"away": Fraction(5, 9), "home": Fraction(4, 9)}


def test_the_new_ball_value_after_pressing(draft2024):
    """4.6: one die lower gives the higher die; both lower give the lower die."""
    odds = exact_odds(draft2024, "pressing", ["away"], "[control, ball.value]", equal_numbers)
    assert odds[("away", 6)] == Fraction(1, 9)  # (1 or 2) with a 6, either order
    assert odds[("away", 1)] == Fraction(3, 36)  # 1-1, 1-2, 2-1
    assert odds[("home", 2)] == Fraction(4, 9)  # failed: the ball value drops by one
    assert sum(odds.values()) == 1


def test_positioning_raises_the_ball_by_the_dice_above_it(draft2024):
    """4.5: at ball value 3, each die above 3 raises it: +0, +1, +2 with 1/4, 1/2, 1/4."""
    odds = exact_odds(draft2024, "positioning", ["away"], "ball.value", equal_numbers)
    assert odds == {3: Fraction(1, 4), 4: Fraction(1, 2), 5: Fraction(1, 4)}


# ---- stop points: a rule that runs on into others is measured where its outcome is known


def goal_example(s):
    """4.8 example: ball 3, area -2, more attackers in the shooting area (+1), more defenders in the box (-1)."""
    s.pieces("home", {"away_front": 3, "away_penalty": 1, "centre": 6}, "home_penalty")
    s.pieces("away", {"away_front": 2, "away_penalty": 3, "centre": 5}, "away_penalty")
    s.state(control="home", phasing="home", ball__area="away_front", ball__value=3)


def test_without_a_stop_point_a_goal_attempt_runs_on_into_the_restart_and_needs_answers(draft2024):
    with pytest.raises(LookupError, match="the script has no answer for"):
        exact_odds(draft2024, "goal_attempt", ["home", False], "score[home]", goal_example)


def test_a_goal_attempt_stopped_at_the_first_unanswered_question_scores_seven_times_in_36(draft2024):
    """4.8 example: overall -2 against ball 3, so a 6 scores (1/6); a 4 is a rebound (4.8.1) that the
    one attacker in the box wins against three defenders when his die is 3 or more higher (1/6)."""
    found = odds(draft2024, "goal_attempt", ["home", False], "score[home]", goal_example, until_decision=True)
    assert found.outcomes[1] == Fraction(1, 6) + Fraction(1, 6) * Fraction(1, 6)
    assert found.stops["away's decision 'kick-off setup'"] == found.outcomes[1]  # the restart after the goal
    # a 5 equals the ball: a corner; so does a rebound the attacker's die ties by two (4 pairs in 36)
    assert found.stops["home's decision 'corner spot'"] == Fraction(1, 6) + Fraction(1, 6) * Fraction(4, 36)
    assert sum(found.stops.values()) == 1


def test_a_goal_attempt_stopped_where_the_rules_fire_a_trigger_names_it_with_its_values(draft2024):
    """4.8: a 1, 2 or 3 misses (1/2): a goal kick to the defenders, before anyone is asked where to stand."""
    found = odds(draft2024, "goal_attempt", ["home", False], "control", goal_example, until=["set_piece_awarded", "goal_scored"],
                 until_decision=True)
    assert found.stops["set_piece_awarded(team=away, kind=goal_kick)"] == Fraction(1, 2)
    assert found.stops["goal_scored(team=home)"] == Fraction(7, 36)  # before the score changes: V.A.R. may deny it


def test_a_run_that_reaches_no_stop_point_is_measured_at_its_end(draft2024):
    """4.6: pressing asks nothing and fires pressing_done at its end, so every run ends there or at the end."""
    found = odds(draft2024, "pressing", ["away"], "control", equal_numbers, until=["goal_scored"])
    assert found.stops == {END: 1} and found.outcomes == {"away": Fraction(5, 9), "home": Fraction(4, 9)}


def test_an_unknown_stop_trigger_is_refused_with_a_suggestion(draft2024):
    with pytest.raises(FubaError, match=r"unknown trigger 'goal_scord'.*did you mean 'goal_scored'"):
        odds(draft2024, "goal_attempt", ["home", False], "control", goal_example, until=["goal_scord"])
