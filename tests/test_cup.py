"""Results decided by the rules, and knockout cups (`fuba simulate --cup`), issue 11."""

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuba_rules.cli import main
from fuba_rules.edition import load_edition
from fuba_rules.sim.batch import BatchFault, simulate
from fuba_rules.sim.cup import Bracket, UndecidedTie
from fuba_rules.sim.outcome import Outcome
from fuba_rules.sim.play import play_match
from fuba_rules.workbench.ladder import ladder
from fuba_rules.workbench.sample import Sample

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = ROOT / "editions"
SHOOT_OUT = EDITIONS / "mods" / "simple-soccer-shoot-out.yaml"

# What each team scored in all its matches so far, a per-side record as the 2024 draft's
# tournament rules carry them; and how many matches were played, a value for everyone.
TALLY = """\
schema_version: 1
id: mods/tally
extends: 2024-draft
hooks:
  tally_goals:
    ref: "mod"
    at: match_end
    do: |
      let before = carried("goals") or {}
      carry("goals", {home: (before["home"] if "home" in before else 0) + score[home], away: (before["away"] if "away" in before else 0) + score[away]})
      carry("played", (carried("played") or 0) + 1)
"""


@pytest.fixture(scope="module")
def base():
    return load_edition("2024-draft", root=EDITIONS)


@pytest.fixture(scope="module")
def shoot_out():
    return load_edition("2024-draft", mods=[SHOOT_OUT], root=EDITIONS)


@pytest.fixture(scope="module")
def tally(tmp_path_factory):
    path = tmp_path_factory.mktemp("mods") / "tally.yaml"
    path.write_text(TALLY)
    return load_edition("2024-draft", mods=[SHOOT_OUT, path], root=EDITIONS)


def level_seed(edition, below=40):
    """The first seed whose match is level at full time."""
    return next(r.seed for r in (play_match(edition, s, record=False) for s in range(below)) if r.score["home"] == r.score["away"])


# ---- results the rules decide


def test_a_match_won_on_penalties_counts_as_a_win_not_a_draw(shoot_out):
    seed = level_seed(shoot_out)
    r = simulate(shoot_out, 1, seed)
    assert r.outcomes["draws"] == 0 and r.outcomes["home_wins"] + r.outcomes["away_wins"] == 1
    assert r.decided == {"penalties": 1.0}
    assert r.as_json()["decided"] == {"penalties": 1.0}


def test_without_a_decided_winner_the_summary_is_as_before(base):
    r = simulate(base, 4, 0)
    assert r.decided == {} and "decided" not in r.as_json()
    assert r.cup is None and "cup" not in r.as_json()


def test_a_decided_winner_survives_a_results_file_line(shoot_out):
    seed = level_seed(shoot_out)
    o = Outcome.of(0, play_match(shoot_out, seed, record=False))
    line = json.loads(json.dumps(o.as_json()))
    assert line["decided"]["how"] == "penalties"
    assert Outcome.from_json(line) == o
    with pytest.raises(ValueError, match="only for a level score"):
        Outcome.from_json({**line, "score": [2, 1]})
    with pytest.raises(ValueError, match="`decided` must be"):
        Outcome.from_json({**line, "decided": {"team": "nobody", "how": "penalties"}})


def test_compare_samples_and_the_ladder_count_the_decided_winner(shoot_out):
    s = Sample()
    s.add({}, (1, 1), ("away", "penalties"))
    s.add({}, (1, 1))
    s.add({}, (2, 0))
    assert s.values["away_wins"] == [1.0, 0.0, 0.0] and s.values["draws"] == [0.0, 1.0, 0.0] and s.values["home_wins"] == [0.0, 0.0, 1.0]
    result = ladder(shoot_out, ["coach", "random"], 2, seed=level_seed(shoot_out))
    assert result.pairings[0].draws == 0


# ---- knockout cups


def play_out(b: Bracket, winner) -> list[tuple[int, int, int]]:
    """Every tie of the bracket as (round, home, away), `winner(home, away)` going through."""
    played = []
    while not b.finished:
        home, away = b.next_tie()
        played.append((b.round, home, away))
        b.won(winner(home, away))
    return played


def test_a_bracket_plays_round_by_round_in_order():
    b = Bracket(8)
    played = play_out(b, lambda home, away: away if home in (1, 5) else home)  # teams 2 and 6 win their first ties
    assert played == [(1, 1, 2), (1, 3, 4), (1, 5, 6), (1, 7, 8), (2, 2, 3), (2, 6, 7), (3, 2, 6)]
    assert b.champion == 2


def test_a_cup_plays_its_ties_on_the_seeds_of_the_batch_and_no_tie_is_drawn(shoot_out):
    seen = []
    r = simulate(shoot_out, 2 * 3, seed=4, cup=4, on_outcome=seen.append)
    assert [o.seed for o in seen] == list(range(4, 10))
    assert seen[0].score == tuple(play_match(shoot_out, 4, record=False).score.values())  # the first tie carries nothing
    assert all(o.winner is not None for o in seen)
    assert r.cup.cups == 2 and r.cup.ties == 6
    assert sum(r.cup.champions.values()) == pytest.approx(1.0)
    level = sum(o.score[0] == o.score[1] for o in seen) / 6
    assert r.cup.level == pytest.approx(level) and r.cup.decided.get("penalties", 0) == pytest.approx(level)


@pytest.mark.parametrize("seed", [0, 3])
def test_what_a_team_carries_reaches_its_next_round_on_whichever_side_it_plays(tally, seed):
    seen = []
    simulate(tally, 3, seed=seed, cup=4, on_outcome=seen.append)
    first, second, final = seen
    assert second.carry["goals"] == {"home": second.score[0], "away": second.score[1]}  # teams 3 and 4 start from nothing
    through = [first.winner, second.winner]  # the final: winner of 1 v 2 at home, winner of 3 v 4 away
    assert final.carry["goals"]["home"] == first.carry["goals"][through[0]] + final.score[0]
    assert final.carry["goals"]["away"] == second.carry["goals"][through[1]] + final.score[1]
    assert [o.carry["played"] for o in seen] == [1, 2, 3]  # a value for everyone follows the order of play


def test_a_level_tie_the_rules_leave_undecided_stops_the_cup_with_its_name(base):
    seed = level_seed(base)
    with pytest.raises(BatchFault) as stop:
        simulate(base, seed + 1, seed=0, cup=2)
    fault = stop.value.fault
    assert isinstance(fault, UndecidedTie) and fault.seed == seed
    assert stop.value.partial.matches == seed
    message = str(fault.to_error())
    assert f"cup {seed + 1}, round 1: team 1 v team 2 (match seed {seed}) ended" in message
    assert "the rules decided no winner" in message and "decide_winner" in message


def test_a_resumed_cup_gives_the_figures_of_an_uninterrupted_one(tally):
    seen = []
    whole = simulate(tally, 6, seed=2, cup=4, on_outcome=seen.append)
    saved = [Outcome.from_json(json.loads(json.dumps(o.as_json()))) for o in seen[:4]]
    resumed = simulate(tally, 6, seed=2, cup=4, done=saved)
    assert resumed.as_json() == whole.as_json()


def simulate_cli(capsys, *args):
    code = main(["--root", str(EDITIONS), "simulate", "2024-draft", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cup", "1"], "--cup needs at least 2 teams, got 1"),
        (["--cup", "4", "--sequence"], "give --cup or --sequence, not both"),
        (["--cup", "4", "--dask", "tcp://nowhere:8786"], "leave out --dask"),
    ],
)
def test_a_cup_that_cannot_be_played_is_refused(capsys, args, message):
    code, _, err = simulate_cli(capsys, *args)
    assert code == 1 and message in err and "Traceback" not in err


def test_simulate_cup_prints_the_cup_and_resumes_it(capsys, tmp_path):
    out = tmp_path / "cup.jsonl"
    mod = ["--mod", str(SHOOT_OUT)]
    code, text, _ = simulate_cli(capsys, *mod, "--cup", "2", "-n", "3", "--json", "--out", str(out))
    assert code == 0
    whole = json.loads(text)
    assert whole["matches"] == 3 and whole["cup"]["cups"] == 3
    header = json.loads(out.read_text().splitlines()[0])
    assert header["cup"] == 2
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:2]) + "\n")
    code, text, _ = simulate_cli(capsys, *mod, "--cup", "2", "-n", "3", "--json", "--resume", str(out))
    assert code == 0 and json.loads(text) == whole
    code, _, err = simulate_cli(capsys, *mod, "--cup", "4", "-n", "1", "--resume", str(out))
    assert code == 1 and "cup 2 there, 4 here" in err


def test_simulate_prints_how_level_scores_were_decided(capsys):
    code, text, _ = simulate_cli(capsys, "--mod", str(SHOOT_OUT), "--cup", "4", "-n", "2", "--seed", "4")  # seed 4: a tie level at full time
    assert code == 0
    assert "level scores the rules decided: penalties" in text
    assert "cups: 2 of 4 teams (6 ties)" in text and "cups won by bracket slot: 1:" in text


def test_the_log_of_a_match_won_on_penalties_ends_with_the_decided_winner(capsys, tmp_path, shoot_out):
    seed, log = level_seed(shoot_out), tmp_path / "m.jsonl"
    code, _, _ = simulate_cli(capsys, "--mod", str(SHOOT_OUT), "-n", "1", "--seed", str(seed), "--log", str(log))
    end = json.loads(log.read_text().splitlines()[-1])
    assert code == 0 and end["kind"] == "end" and end["decided"]["how"] == "penalties"
    assert main(["replay", str(log)]) == 0
    assert "wins the shoot-out" in capsys.readouterr().out


@pytest.mark.parametrize("edition", ["2024-draft", "world-cup-2015", "2.0"])
def test_every_edition_fires_match_end_once_after_the_full_time_line(edition, tmp_path):
    mod = tmp_path / "whistle.yaml"
    mod.write_text(f"""\
schema_version: 1
id: mods/whistle
extends: "{edition}"
hooks:
  after_the_whistle:
    ref: "mod"
    at: match_end
    do: log("the teams leave the pitch", tag="whistle")
""")
    r = play_match(load_edition(edition, mods=[mod], root=EDITIONS), 0)
    logs = [e.get("tag") for e in r.events if e["kind"] == "log"]
    assert logs[-2:] == ["full_time", "whistle"] and r.tally["whistle"] == 1


def test_a_cup_of_six_gives_the_first_two_teams_byes_beside_the_ties_played():
    b = Bracket(6)
    assert play_out(b, lambda home, away: home) == [(1, 3, 4), (1, 5, 6), (2, 1, 3), (2, 2, 5), (3, 1, 2)]
    assert b.champion == 1


@given(st.integers(2, 40).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.booleans(), min_size=n - 1, max_size=n - 1))))
def test_any_cup_plays_teams_minus_one_ties_and_no_team_twice_in_a_round(draw):
    teams, home_wins = draw
    b = Bracket(teams)
    rounds: dict[int, list[int]] = {}
    for home_won in home_wins:
        assert not b.finished
        home, away = b.next_tie()
        rounds.setdefault(b.round, []).extend([home, away])
        b.won(home if home_won else away)
    assert b.finished and 1 <= b.champion <= teams
    size = 1 << (teams - 1).bit_length()  # the bracket: the next power of two, byes filling it
    assert len(rounds) == (teams - 1).bit_length()
    assert all(len(set(ts)) == len(ts) for ts in rounds.values())
    assert all(len(ts) == size >> (r - 1) for r, ts in rounds.items() if r > 1)  # byes only in round 1
    assert sorted({t for ts in rounds.values() for t in ts}) == list(range(1, teams + 1))  # a bye is no walk to the title
