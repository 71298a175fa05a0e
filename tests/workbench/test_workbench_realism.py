"""Distances to real football: total variation distance with a bootstrap interval."""

from fuba_rules.workbench.realism import count_distance, draw_distance, load_real_matches, realism
from fuba_rules.workbench.sample import Sample

CSV = """Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HC,AC,HY,AY,HR,AR
2020-01-01,A,B,2,1,H,5,4,1,2,0,0
2020-01-02,C,D,0,0,D,3,3,2,2,0,1
2020-01-03,E,F,1,1,D,,,1,1,0,0
"""


def test_real_matches_are_read_per_match_and_a_missing_column_skips_only_that_metric(tmp_path):
    (tmp_path / "league.csv").write_text(CSV)
    real = load_real_matches(tmp_path)
    assert real.values["goals_per_match"] == [3, 0, 2]
    assert real.values["corners"] == [9, 6]
    assert real.values["draws"] == [0, 1, 1]


def test_the_same_distribution_is_close_and_a_different_one_is_far():
    real = [0, 1, 1, 2, 2, 2, 3, 3, 4, 5] * 50
    same = count_distance("goals_per_match", "goals", [float(x) for x in real[:200]], real)
    far = count_distance("goals_per_match", "goals", [0.0] * 200, real)
    assert same.tvd < 0.05 and same.p > 0.5
    assert far.tvd > 0.9 and far.p < 1e-6
    assert far.tvd_ci[0] <= far.tvd <= far.tvd_ci[1]
    assert abs(sum(same.real_share) - 1) < 1e-9


def test_realism_compares_what_both_the_edition_and_the_real_data_measure():
    s = Sample()
    for g in (0, 1, 2, 3):
        s.add({"goals_per_match": g, "special": 1}, (g, 0))
    s.texts = {"goals_per_match": "goals per match"}
    real = type("Real", (), {"values": {"goals_per_match": [1, 2, 3], "draws": [0, 1, 0], "corners": [9]}})()
    names = [d.name for d in realism(s, real)]
    assert names == ["goals_per_match", "draws"]
    assert draw_distance([1.0, 0.0], [0, 1, 0]).real_mean == 1 / 3
