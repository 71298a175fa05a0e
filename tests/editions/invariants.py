"""What every played match shows in its log, whatever the edition; the property tests check
it over many seeds. The states a rulebook forbids at some point of play (the ball value,
condition points, a player at the ball...) are each edition's own `invariants:`, checked
by playing with `check_invariants=True` (docs/invariants.md)."""


def assert_match_invariants(r) -> list[dict]:
    """Check one played match (a MatchResult with its events); return its goal events."""
    events = r.events
    clocks = [e["clock"] for e in events if e["clock"] is not None]
    assert clocks == sorted(clocks), "the clock never runs backwards"
    goals = [e for e in events if e["kind"] == "log" and e.get("tag") == "goal"]
    assert sum(r.score.values()) == len(goals), "the score equals the goal events"
    for team in ("home", "away"):
        assert r.score[team] == sum(1 for g in goals if g.get("team") == team)
        subs = [e for e in events if e["kind"] == "log" and e.get("tag") == "substitution" and e.get("team") == team]
        assert len(subs) <= 3, "at most three substitutions"
    assert len([e for e in events if e["kind"] == "log" and e.get("tag") == "half_end"]) == 2, "two halves are played"
    assert any(e.get("tag") == "full_time" for e in events), "the match reaches full time"
    return goals
