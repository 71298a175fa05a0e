"""One match set-up, built once and passed everywhere (sim.setup): a value that pickles
to a worker as it is, cannot be changed behind a run's back, and describes the run."""

import pickle
from pathlib import Path

import attrs
import pytest

from fuba_rules.sim.outcome import Outcome
from fuba_rules.sim.play import play, play_match
from fuba_rules.sim.runinfo import RunConfig
from fuba_rules.sim.setup import EditionSource, MatchSetup
from fuba_rules.sim.workers import Chunk, play_chunk

EDITIONS = Path(__file__).resolve().parents[1] / "editions"
SKILLS = {"home": ["Tackler"], "away": []}


@pytest.fixture(scope="module")
def source():
    return EditionSource.of("2024-draft", (), EDITIONS)


def test_a_setup_sent_to_a_worker_plays_the_match_this_process_plays(source):
    """A worker gets the set-up by pickling (process pools and Dask alike) and plays match
    i with seed + i exactly as here."""
    setup = MatchSetup.of(("random", "coach"), ["A1"], SKILLS, source=source)
    sent = pickle.loads(pickle.dumps(Chunk(setup, 0, 2, 5)))
    assert sent.setup == setup and sent.source == source
    here = [Outcome.of(i, play(source.load(), setup, 5 + i, record=False)) for i in range(2)]
    assert play_chunk(sent) == here


def test_the_one_call_form_plays_the_same_match_as_the_setup(source):
    """`play_match(ed, seed, agents, rules_on, skills)` (README, tests) is `play` with a setup."""
    ed = source.load()
    loose = play_match(ed, 3, ("coach", "random"), ["A1"], SKILLS, record=False)
    assert play(ed, MatchSetup.of(("coach", "random"), ["A1"], SKILLS), 3, record=False) == loose


def test_the_skills_given_are_copied_so_the_setup_never_changes():
    given = {"home": ["Tackler"], "away": []}
    setup = MatchSetup.of(skills=given)
    given["home"].append("Stopper")
    assert setup.skills_by_team() == {"home": ["Tackler"], "away": []}
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setup.rules = ("A1",)  # type: ignore[misc]


def test_the_run_record_names_what_the_setup_plays():
    """What `fuba simulate` prints above its summary and keeps in --out and --log."""
    setup = MatchSetup.of(("coach", "search:4"), ["A1", "A6"], SKILLS)
    run = RunConfig.of("2024-draft", 7, setup)
    assert (run.agents, run.rules, run.skills, run.seed) == (("coach", "search:4"), ("A1", "A6"), SKILLS, 7)
    assert setup.skill_names() == ("Tackler",)
