"""The real-football yardstick: per-match averages from football-data CSVs."""

from pathlib import Path

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


def test_a_latin1_csv_is_read_since_only_its_number_columns_count(tmp_path):
    """football-data.co.uk's older files write team names in a Windows code page."""
    (tmp_path / "liga.csv").write_bytes(CSV.replace("A,B", "M\xe1laga,C\xe1diz").encode("latin-1"))
    assert load_reference(tmp_path)["goals_per_match"] == 1.5


def test_a_file_that_is_not_csv_is_an_error_naming_it(tmp_path, capsys):
    from fuba_rules.cli import main

    (tmp_path / "broken.csv").write_bytes(b'Date,FTHG\n"' + b"x" * 200_000 + b'",1\n')
    root = str(Path(__file__).resolve().parents[1] / "editions")
    assert main(["--root", root, "simulate", "2024-draft", "-n", "1", "--reference", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith(f"{tmp_path / 'broken.csv'}:2:1: error: not a CSV file: field larger than field limit")
