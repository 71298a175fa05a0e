"""What a batch keeps of one match: its score, statistics and skill uses, in a few bytes.

Workers send these back instead of whole match results, `--out` writes one per line, and
`--resume` reads them again: a JSON round trip keeps every number exactly, so a resumed
run sums the same values as an uninterrupted one.
"""

from __future__ import annotations

import json
from typing import TypeGuard

import attrs

from ..board import TEAMS
from .play import Carried, MatchResult, result_of


@attrs.frozen
class Outcome:
    index: int  # match i of the batch, played with seed + i
    seed: int
    score: tuple[int, int]  # home, away
    metrics: dict[str, float]  # the edition's `stats:`, in their order
    skills: dict[str, int]  # skill name -> uses in this match
    carry: Carried | None = None  # what a match of a --sequence passes on
    decided: tuple[str, str] | None = None  # (team, how): the rules' winner of a level score

    @classmethod
    def of(cls, index: int, r: MatchResult, keep_carry: bool = False) -> Outcome:
        score = (r.score.get("home", 0), r.score.get("away", 0))
        skills = {tag[6:]: c for tag, c in sorted(r.tally.items()) if tag.startswith("skill:")}
        return cls(index, r.seed, score, dict(r.metrics), skills, dict(r.carry) if keep_carry else None, r.decided)

    @property
    def winner(self) -> str | None:
        """home, away, or None for a draw (see `result_of`)."""
        return result_of(self.score, self.decided)

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"index": self.index, "seed": self.seed, "score": list(self.score), "metrics": self.metrics, "skills": self.skills}
        if self.carry is not None:
            out["carry"] = self.carry
        if self.decided is not None:
            out["decided"] = {"team": self.decided[0], "how": self.decided[1]}
        return out

    @classmethod
    def from_json(cls, d: object) -> Outcome:
        """Read one line of a results file back; ValueError says what is wrong with it."""
        if not isinstance(d, dict):
            raise ValueError("expected a JSON object with one match's result")
        index, seed, score = d.get("index"), d.get("seed"), d.get("score")
        metrics, skills, carry = d.get("metrics", {}), d.get("skills", {}), d.get("carry")
        if not (_int(index) and index >= 0 and _int(seed)):
            raise ValueError("a match's result needs a whole-number `index` and `seed`")
        if not (isinstance(score, list) and len(score) == 2 and all(_int(s) for s in score)):
            raise ValueError("`score` must be two whole numbers, home and away")
        if not (isinstance(metrics, dict) and all(_number(v) for v in metrics.values())):
            raise ValueError("`metrics` must map each statistic to a number")
        if not (isinstance(skills, dict) and all(_int(v) for v in skills.values())):
            raise ValueError("`skills` must map each skill to a number of uses")
        if carry is not None and not isinstance(carry, dict):
            raise ValueError("`carry` must be an object")
        return cls(index, seed, (score[0], score[1]), metrics, skills, carry, _decided(d.get("decided"), score))


def _decided(d: object, score: list[int]) -> tuple[str, str] | None:
    if d is None:
        return None
    if not (isinstance(d, dict) and d.get("team") in TEAMS and isinstance(d.get("how"), str)):
        raise ValueError("`decided` must be {\"team\": home or away, \"how\": a text}")
    if score[0] != score[1]:
        raise ValueError("`decided` is only for a level score")
    return (d["team"], d["how"])


def carry_survives_json(carry: Carried) -> bool:
    """Whether what a match passes on reads back from a results file as the same values."""
    try:
        return json.loads(json.dumps(carry)) == carry
    except (TypeError, ValueError):
        return False


def _int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)
