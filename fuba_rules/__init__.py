"""fuba-rules: a rules-as-data engine for FUBA, the tactical football board game.

    from fuba_rules import load_edition, play_match, Match
    ed = load_edition("<edition id>")         # see `fuba editions`
    result = play_match(ed, seed=7)            # agents play a whole match
    m = Match(ed, seed=7)                      # or drive it one decision at a time
    m.options(); m.choose(0)
"""

from .edition import Edition, load_edition
from .engine.driver import Match
from .scenario import Scenario
from .sim.play import MatchResult, play_match

__all__ = ["Edition", "Match", "MatchResult", "Scenario", "load_edition", "play_match"]
