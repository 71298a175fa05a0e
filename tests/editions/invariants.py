"""Invariants every edition keeps in every match; the property tests check them over many seeds."""


def assert_match_invariants(r) -> list[dict]:
    """Check one played match (a MatchResult with its events); return its goal events."""
    events = r.events
    values = [e["to"] for e in events if e["kind"] == "set" and e["var"] == "ball.value"]
    assert values and all(1 <= v <= 6 for v in values), "the ball value stays 1-6"
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
    assert r.tally.get("violation", 0) == 0, [e["text"] for e in events if e.get("tag") == "violation"]
    return goals
