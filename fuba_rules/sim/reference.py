"""Real football as a yardstick: per-match averages from football-data.co.uk style CSVs.

Columns used: FTHG/FTAG (goals), FTR (result), HY/AY (yellow cards), HR/AR (red cards),
HC/AC (corners). Rows missing a column are skipped for that metric only.

Files are read as UTF-8 and, failing that, as Latin-1 (football-data.co.uk's older
files use Windows code pages for team and referee names): only the number and H/D/A
columns are used, which are ASCII in every encoding.
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

from ..diagnostics import Diagnostic, FubaError, Pos
from ..files import read_regular
from ..limits import MAX_CSV_BYTES

# metric name in an edition's stats -> how to read it from one CSV row
_COLUMNS = {
    "goals_per_match": ("FTHG", "FTAG"),
    "yellow_cards": ("HY", "AY"),
    "red_cards": ("HR", "AR"),
    "corners": ("HC", "AC"),
}


def load_reference(folder: Path) -> dict[str, float]:
    """Averages over every `*.csv` in folder, keyed like the statistics of `fuba simulate`."""
    files = sorted(Path(folder).glob("*.csv"))
    if not files:
        raise FubaError(Diagnostic(None, f"no CSV files in {folder}"))
    sums = {k: 0.0 for k in [*_COLUMNS, "home_wins", "draws", "away_wins"]}
    counts = dict.fromkeys(sums, 0)
    for path in files:
        for row in csv_rows(path):
            for metric, (h, a) in _COLUMNS.items():
                try:
                    value = float(row[h]) + float(row[a])
                except (KeyError, TypeError, ValueError):
                    continue
                if math.isfinite(value):
                    sums[metric] += value
                    counts[metric] += 1
            result = row.get("FTR")
            if result in ("H", "D", "A"):
                for metric, code in (("home_wins", "H"), ("draws", "D"), ("away_wins", "A")):
                    sums[metric] += result == code
                    counts[metric] += 1
    return {k: sums[k] / counts[k] for k in sums if counts[k]}


def csv_rows(path: Path) -> list[dict[str, str]]:
    """The rows of one CSV; a file that cannot be read is an error naming it."""
    try:
        data = read_regular(path, MAX_CSV_BYTES)
    except OSError as e:
        raise FubaError(Diagnostic(None, f"cannot read {path}: {e.strerror or e}")) from None
    if len(data) > MAX_CSV_BYTES:
        raise FubaError(Diagnostic(Pos(str(path), 1, 1), f"too large for a CSV of matches (the limit is {MAX_CSV_BYTES:,} bytes)"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        return list(reader)
    except csv.Error as e:
        raise FubaError(Diagnostic(Pos(str(path), reader.line_num + 1, 1), f"not a CSV file: {e}")) from None
