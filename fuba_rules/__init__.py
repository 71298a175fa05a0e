"""fuba-rules: a rules-as-data engine for FUBA, the tactical football board game.

    from fuba_rules import load_edition, play_match, Match
    ed = load_edition("<edition id>")         # see `fuba editions`
    result = play_match(ed, seed=7)            # agents play a whole match
    m = Match(ed, seed=7)                      # or drive it one decision at a time
    m.options(); m.choose(0)

The names below are imported when first used, so `fuba check` or `fuba show` does
not pay for the match engine at start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .edition import Edition, load_edition
    from .engine.driver import Match
    from .scenario import Scenario
    from .sim.play import MatchResult, play_match

_WHERE = {
    "Edition": ".edition",
    "load_edition": ".edition",
    "Match": ".engine.driver",
    "Scenario": ".scenario",
    "MatchResult": ".sim.play",
    "play_match": ".sim.play",
}

__all__ = ["Edition", "Match", "MatchResult", "Scenario", "load_edition", "play_match"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'fuba_rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
