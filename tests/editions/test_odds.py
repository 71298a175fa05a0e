"""Exact odds of a rule from a position, over every dice outcome."""

from fractions import Fraction

from fuba_rules.odds import exact_odds


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
