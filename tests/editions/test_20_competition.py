"""FUBA 2.0, competition rules C1-C4 over a sequence of matches (carry / carried)."""

from pathlib import Path

import pytest

from fuba_rules.edition import load_edition
from fuba_rules.scenario import Scenario
from fuba_rules.sim.play import play_match

EDITIONS = Path(__file__).resolve().parents[2] / "editions"


@pytest.fixture(scope="module")
def ed():
    return load_edition("2.0", root=EDITIONS)


def reductions(result, team):
    return [e for e in result.events if e["kind"] == "log" and e.get("tag") == "competition_reduction" and e.get("team") == team]


def test_c1_red_card_last_match_costs_a_condition_point(ed):
    carry = {"c1_home": {"red": 1, "yellow": 0, "injured": 0}, "c1_away": {"red": 0, "yellow": 0, "injured": 0}}
    r = play_match(ed, 3, rules_on={"A2", "C1"}, carry=carry)
    assert len(reductions(r, "home")) == 1 and not reductions(r, "away")
    assert set(r.carry) >= {"c1_home", "c1_away", "yellows_home", "yellows_away"}


def test_c1_yellow_cards_roll_two_dice_against_the_earlier_yellows(ed):
    # twelve yellows before the previous match: two dice never exceed 12, so a point is always lost
    carry = {"c1_home": {"red": 0, "yellow": 1, "injured": 0}, "yellows_home": 12}
    r = play_match(ed, 4, rules_on={"A2", "C1"}, carry=carry)
    assert len(reductions(r, "home")) == 1
    assert r.carry["yellows_home"] == 13


def test_c1_passes_the_match_on(ed):
    first = play_match(ed, 5, rules_on={"A2", "A4", "C1"})
    for t in ("home", "away"):
        c = first.carry[f"c1_{t}"]
        assert set(c) == {"red", "yellow", "injured"}
    second = play_match(ed, 6, rules_on={"A2", "A4", "C1"}, carry=first.carry)
    assert "c1_home" in second.carry


def test_c2_primary_formation_chosen_once_and_a_different_one_costs_a_point(ed):
    first = play_match(ed, 7, rules_on={"A2", "C2"})
    assert not reductions(first, "home") and not reductions(first, "away")
    played = next(e["choice"] for e in first.events if e["kind"] == "choice" and e["label"] == "formation" and e["team"] == "home")
    assert first.carry["primary_home"] == list(ed.tables["formations"].exact[played])
    carry = dict(first.carry, primary_home=[5, 4, 1])
    second = play_match(ed, 8, rules_on={"A2", "C2"}, carry=carry)
    assert len(reductions(second, "home")) == 1 and second.carry["primary_home"] == [5, 4, 1]


def test_c3_two_tournament_skills_one_per_match(ed):
    r = play_match(ed, 9, rules_on={"A2", "A8", "C3"}, skills={"home": ["Tackle", "Actor"], "away": ["Doubling"]})
    assert r.carry["skills_home"] == ["Tackle", "Actor"] and r.carry["skills_away"] == ["Doubling"]
    used = {k for k in r.tally if k.startswith("skill:")}
    assert not ({"skill:Tackle", "skill:Actor"} <= used)  # only one of the two plays in a match
    second = play_match(ed, 10, rules_on={"A2", "A8", "C3"}, carry=r.carry)
    assert second.carry["skills_home"] == ["Tackle", "Actor"]


def test_c4_late_start_one_extra_square_in_the_first_half(ed):
    s = Scenario(ed, dice=[4, 2], rules=["C4"])
    s.pieces("home", {"centre": 10}, "home_penalty")
    s.pieces("away", {"centre": 10}, "away_penalty")
    s.state(control="home", minute=10, late_start=True)
    s.run("dice_stage")
    s.run("time_stage")
    assert s["minute"] == 13
    s = Scenario(ed, dice=[4, 2], rules=["C4"])
    s.pieces("home", {"centre": 10}, "home_penalty")
    s.pieces("away", {"centre": 10}, "away_penalty")
    s.state(control="home", minute=50, half=2, late_start=True)
    s.run("dice_stage")
    s.run("time_stage")
    assert s["minute"] == 52


def test_c4_late_start_is_read_from_the_organisers_carry(ed):
    r = play_match(ed, 11, rules_on={"C4"}, carry={"late_start": True})
    first_half_turns = [e for e in r.events if e["kind"] == "log" and e.get("tag") == "half_end"]
    assert first_half_turns


def test_advanced_switches_on_the_advanced_rules_but_not_the_competition_rules(ed):
    """C1-C4 are a tournament's choice ("COMPETITION RULES"), not advanced rules: --advanced leaves them off, --with names them."""
    import argparse

    from fuba_rules.cli._options import _rules

    advanced = _rules(argparse.Namespace(advanced=True, with_rules=None), ed)
    assert "A8" in advanced and not {"C1", "C2", "C3", "C4"} & set(advanced)
    assert _rules(argparse.Namespace(advanced=False, with_rules="A8,C3"), ed) == ["A8", "C3"]


ADVANCED = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"]


class Played(Exception):
    """Raised by a stand-in for the matches: the command got as far as playing."""


def sweep_rules(monkeypatch, *options):
    """The rules `fuba sweep 2.0 OPTIONS` would play every grid point with."""
    from fuba_rules.cli import build_parser
    from fuba_rules.workbench import sweep

    def play(spec, settings, root, n, seed, setup, progress):
        raise Played(list(setup.rules))

    monkeypatch.setattr(sweep, "run_sweep", play)
    args = build_parser("sweep").parse_args(["sweep", "2.0", "--set", "constants.max_value_step=2", "-n", "1", *options])
    with pytest.raises(Played) as played:
        args.handler(args)
    return played.value.args[0]


@pytest.mark.parametrize("options, rules", [(["--advanced"], ADVANCED), (["--advanced", "--with", "C3"], [*ADVANCED, "C3"]), (["--with", "A6"], ["A6"])])
def test_every_command_reads_advanced_alike(monkeypatch, options, rules):
    """--advanced is every advanced rule and no competition rule ("COMPETITION RULES" are a
    tournament's choice), and --with adds to it: in simulate, play, ladder, serve, odds and
    the workbench sides of compare, balance and sweep alike (sweep once switched on C1-C4)."""
    from fuba_rules.cli import _bench, build_parser
    from fuba_rules.cli._options import _rules

    positional = {"odds": ["pressing"], "sweep": ["--set", "constants.max_value_step=2"]}
    seen = {}
    for cmd in ["simulate", "play", "ladder", "serve", "odds", "compare", "balance", "sweep"]:
        args = build_parser(cmd).parse_args([cmd, "2.0", *positional.get(cmd, []), *options])
        if cmd in ("compare", "balance", "sweep"):
            seen[cmd] = list(_bench.side(args, "2.0").rules)
        else:
            seen[cmd] = _rules(args, load_edition("2.0", root=EDITIONS))
    assert seen == {cmd: rules for cmd in seen}


@pytest.mark.parametrize("options, rules", [(["--advanced"], ADVANCED), (["--advanced", "--with", "C3"], [*ADVANCED, "C3"])])
def test_sweep_advanced_plays_no_competition_rule(monkeypatch, options, rules):
    """`fuba sweep --advanced` plays every grid point with the advanced rules only, as
    `fuba simulate --advanced` does: C3 would cut each team to one skill."""
    assert sweep_rules(monkeypatch, *options) == rules
