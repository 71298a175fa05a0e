"""Real football as a yardstick: per-match averages from football-data.co.uk style CSVs.

Columns used: FTHG/FTAG (goals), FTR (result), HY/AY (yellow cards), HR/AR (red cards),
HC/AC (corners). Rows missing a column are skipped for that metric only.
"""

from __future__ import annotations

import csv
from pathlib import Path

from ..diagnostics import Diagnostic, FubaError

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
        with open(path, newline="", encoding="utf-8-sig") as f:
            for row in csv.DictReader(f):
                for metric, (h, a) in _COLUMNS.items():
                    try:
                        sums[metric] += float(row[h]) + float(row[a])
                        counts[metric] += 1
                    except (KeyError, TypeError, ValueError):
                        pass
                result = row.get("FTR")
                if result in ("H", "D", "A"):
                    for metric, code in (("home_wins", "H"), ("draws", "D"), ("away_wins", "A")):
                        sums[metric] += result == code
                        counts[metric] += 1
    return {k: sums[k] / counts[k] for k in sums if counts[k]}
