"""The real-football yardstick: per-match averages from football-data CSVs."""

from fuba_rules.sim.reference import load_reference

CSV = """Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HC,AC,HY,AY,HR,AR
2020-01-01,A,B,2,1,H,5,4,1,2,0,0
2020-01-02,C,D,0,0,D,3,3,2,2,0,1
"""


def test_reference_averages_per_match(tmp_path):
    (tmp_path / "league.csv").write_text(CSV)
    ref = load_reference(tmp_path)
    assert ref["goals_per_match"] == 1.5
    assert ref["corners"] == 7.5
    assert ref["yellow_cards"] == 3.5
    assert ref["red_cards"] == 0.5
    assert (ref["home_wins"], ref["draws"], ref["away_wins"]) == (0.5, 0.5, 0.0)
