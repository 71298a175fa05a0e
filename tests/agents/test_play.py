"""`fuba play` against every agent: the person is one agent of a match played as simulate plays it."""

from __future__ import annotations

from fuba_rules import load_edition
from fuba_rules.cli import main
from fuba_rules.sim.play import play_match

from agentkit import ROOT, short_mod


class AlwaysFirst:
    name = "first"

    def choose(self, decision, match):
        return 0


def play(monkeypatch, capsys, *extra: str) -> tuple[int, str]:
    """Runs `fuba play` on a short 2024 draft, the person always typing 0."""
    monkeypatch.setattr("builtins.input", lambda prompt="": "0")
    code = main(["--root", str(ROOT), "play", "2024-draft", "--mod", str(short_mod("2024-draft")), *extra])
    return code, capsys.readouterr().out


def test_a_person_can_play_against_the_search_agent(monkeypatch, capsys):
    code, out = play(monkeypatch, capsys, "--seed", "3", "--away", "search:1")
    assert code == 0
    assert "Blue (home): formation" in out and "Full time" in out


def test_the_person_plays_the_match_simulate_would_play_with_the_same_answers(monkeypatch, capsys):
    """The same seed and answers give the same match as `play_match`: the person is just an agent."""
    code, out = play(monkeypatch, capsys, "--seed", "4", "--away", "coach")
    assert code == 0
    ed = load_edition("2024-draft", [short_mod("2024-draft")], ROOT)
    same = play_match(ed, 4, (AlwaysFirst(), "coach"))
    home, away = same.score["home"], same.score["away"]
    assert f"Full time: Blue {home} - {away} Yellow" in out
