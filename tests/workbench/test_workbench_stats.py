"""The statistics of `fuba compare`: paired differences, Holm correction, distribution tests.

A fake metric source stands in for matches here (matches are slow to play); one small
real run is in test_workbench_commands.py.
"""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuba_rules.workbench.comparison import analyse
from fuba_rules.workbench.sample import Sample
from fuba_rules.workbench.stats import holm, interval, paired

# 21 count metrics with different means (some never happen) plus the three results
MEANS = [2.7, 9.5, 4.0, 0.2, 12.0, 0.0, 1.1, 30.0, 23.0, 0.5, 3.3, 0.05, 6.0, 0.0, 1.8, 7.7, 0.9, 15.0, 2.2, 0.3, 5.0]


def fake_sample(rng: np.random.Generator, n: int, shift: float = 0.0) -> Sample:
    """n matches: Poisson counts per metric, results from the first two metrics as scores."""
    s = Sample()
    for _ in range(n):
        counts = {f"m{i}": float(rng.poisson(mu + (shift if i == 0 else 0))) for i, mu in enumerate(MEANS)}
        home, away = int(rng.poisson(1.5)), int(rng.poisson(1.2))
        s.add(counts, (home, away))
    s.texts = {k: k for k in s.values}
    return s


def test_an_a_a_comparison_flags_nothing_after_correction_in_19_of_20_repeats():
    flagged = []
    for seed in range(20):
        rng = np.random.default_rng(1000 + seed)
        a, b = fake_sample(rng, 80), fake_sample(rng, 80)  # the same rules, independent matches
        c = analyse(["A", "A again"], [a, b], paired_seeds=False)
        assert len(c.diffs) >= 20
        flagged.append(any(d.significant for _, d in c.diffs))
    assert sum(flagged) <= 1


def test_a_real_change_is_flagged_and_only_that_one():
    rng = np.random.default_rng(7)
    a, b = fake_sample(rng, 200), fake_sample(rng, 200, shift=1.5)
    c = analyse(["A", "B"], [a, b])
    changed = [d.name for _, d in c.diffs if d.significant]
    assert changed == ["m0"]
    (m0,) = [d for _, d in c.diffs if d.name == "m0"]
    assert m0.diff.low < 1.5 < m0.diff.high
    assert m0.effect > 0


def test_identical_sides_differ_by_exactly_nothing():
    d = paired("x", "x", [1, 2, 3, 4], [1, 2, 3, 4])
    assert (d.diff.mean, d.diff.low, d.diff.high, d.p, d.effect) == (0, 0, 0, 1.0, 0.0)


def test_pairing_removes_the_match_to_match_spread():
    """B is A plus one in every match: the paired interval is exactly one, however
    much the matches differ from each other."""
    a = [0, 10, 3, 25, 7, 1]
    d = paired("x", "x", a, [v + 1 for v in a])
    assert (d.diff.low, d.diff.high, d.p) == (1, 1, 0.0)


def test_holm_multiplies_the_smallest_p_by_the_number_of_tests_and_keeps_order():
    diffs = [paired(f"m{i}", "", [0, 1, 0, 1], [0, 1, 0, 1]) for i in range(4)]
    for d, p in zip(diffs, [0.01, 0.04, 0.03, 0.5]):
        d.p = p
    holm(diffs)
    assert [round(d.p_holm, 6) for d in diffs] == [0.04, 0.09, 0.09, 0.5]


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30))
def test_holm_never_lowers_a_p_value_and_keeps_their_order(ps):
    diffs = [paired("m", "", [0, 1], [0, 1]) for _ in ps]
    for d, p in zip(diffs, ps):
        d.p = p
    holm(diffs)
    assert all(p <= d.p_holm <= 1 for d, p in zip(diffs, ps))
    ranked = sorted(diffs, key=lambda d: d.p)
    assert all(a.p_holm <= b.p_holm for a, b in itertools.pairwise(ranked))


def test_a_rate_gets_a_wilson_interval_inside_zero_and_one():
    iv = interval([1, 0, 0], rate=True)
    assert 0 < iv.low < iv.mean < iv.high < 1
    assert interval([0, 0, 0], rate=True).low == 0


def test_the_result_distribution_test_sees_a_shift_in_home_wins():
    a, b = Sample(), Sample()
    for i in range(300):
        a.add({}, (1, 0) if i % 3 == 0 else (0, 0) if i % 3 == 1 else (0, 1))
        b.add({}, (1, 0) if i % 3 != 2 else (0, 1))
    c = analyse(["A", "B"], [a, b])
    results = next(t for t in c.tests if t.name == "results")
    assert results.p < 1e-6
    assert pytest.approx(sum(results.counts[0])) == 300


class FakeSide:
    def __init__(self, label: str, shift: float):
        self.label, self.shift = label, shift


def fake_play(side, seeds, setup, sample, tick=None):
    """Stands in for matches: metric m0 is the seed's value plus the side's shift."""
    for seed in seeds:
        rng = np.random.default_rng(seed)
        sample.add({"m0": float(rng.poisson(3)) + side.shift, "m1": float(rng.poisson(2))}, (1, 1))
    sample.texts = {k: k for k in sample.values}
    return sample


def test_until_significant_adds_batches_until_a_difference_is_significant(monkeypatch):
    from fuba_rules.workbench import comparison

    monkeypatch.setattr(comparison, "play_sample", fake_play)
    c = comparison.run_comparison([FakeSide("A", 0), FakeSide("B", 1)], 2, until_significant=True, max_n=50)
    assert c.stopped == "a difference is significant" and c.n < 50
    assert [d.name for _, d in c.diffs if d.significant] == ["m0"]


def test_precision_adds_batches_until_every_interval_is_narrow_and_pairing_needs_fewer(monkeypatch):
    from fuba_rules.workbench import comparison

    monkeypatch.setattr(comparison, "play_sample", fake_play)
    sides = [FakeSide("A", 0), FakeSide("B", 0.2)]
    paired_run = comparison.run_comparison(sides, 5, precision=0.5, max_n=1000)
    independent = comparison.run_comparison(sides, 5, precision=0.5, max_n=1000, paired_seeds=False)
    for c in (paired_run, independent):
        assert c.stopped == "every interval within +-0.5" and c.n % 5 == 0
        assert all(d.diff.half_width <= 0.5 for _, d in c.diffs)
    assert paired_run.n < independent.n
    capped = comparison.run_comparison(sides, 5, precision=0.001, max_n=20, paired_seeds=False)
    assert (capped.n, capped.stopped) == (20, "reached --max-n 20")


def test_the_comparison_table_reads_as_a_designer_expects(snapshot):
    rng = np.random.default_rng(11)
    a, b = fake_sample(rng, 40), fake_sample(rng, 40, shift=3)
    c = analyse(["base", "base+mods/x.yaml:A6"], [a, b], seed=5)
    c.stopped = "fixed number of matches"
    from fuba_rules.workbench.comparison import format_comparison

    assert format_comparison(c) == snapshot


def test_a_verdict_that_only_one_pairing_of_agents_gives_is_marked_as_the_agents(snapshot):
    """`fuba compare --agents coach,search:20`: the sides compared under each pairing on
    the same seeds. Here m0 rises under both pairings (the rules' verdict), m2 only under
    the second (the agents'), and the table says so."""
    from fuba_rules.workbench.comparison import format_verdicts, verdicts, verdicts_json

    rng = np.random.default_rng(12)
    base = fake_sample(rng, 60)
    first = analyse(["base", "base+mods/x.yaml"], [base, fake_sample(rng, 60, shift=3)], seed=5)
    b = fake_sample(rng, 60, shift=3)
    b.values["m2"] = [v + 4 for v in b.values["m2"]]
    second = analyse(["base", "base+mods/x.yaml"], [base, b], seed=5)
    pairings = {"coach": first, "search:20": second}
    by_name = {v.name: v for v in verdicts(pairings)}
    assert by_name["m0"].signs == ("+", "+") and by_name["m0"].holds
    assert by_name["m2"].signs == ("=", "+") and not by_name["m2"].holds
    assert "m5" not in by_name  # never happens under either pairing: no verdict to hold
    assert verdicts_json(pairings)[0]["metrics"]["m2"] == {"text": "m2", "under": {"coach": "=", "search:20": "+"}, "holds": False}
    assert format_verdicts(pairings) == snapshot
def test_a_metric_only_one_side_has_is_shown_against_zero_in_text_and_json():
    """A mod's new stat ("tactical fouls") is compared with 0 on the side without it and
    marked "only in B"; a stat the mod removes is marked "only in A". Neither is left out."""
    from fuba_rules.workbench.comparison import format_comparison

    a, b = Sample(), Sample()
    for fouls, (h, w) in zip([1, 2, 0, 3], [(1, 0), (0, 0), (2, 1), (1, 1)]):
        a.add({"goals": h + w, "old_stat": 1.0}, (h, w))
        b.add({"goals": h + w, "tactical_fouls": float(fouls)}, (h, w))
    a.texts, b.texts = {"goals": "goals", "old_stat": "old stat"}, {"goals": "goals", "tactical_fouls": "tactical fouls"}
    c = analyse(["2026-draft", "2026-draft+mods/fouls.yaml"], [a, b])
    by_name = {d.name: d for _, d in c.diffs}
    assert by_name["tactical_fouls"].only_in == "B" and by_name["tactical_fouls"].a.mean == 0
    assert by_name["tactical_fouls"].b.mean == 1.5 and by_name["old_stat"].only_in == "A"
    metrics = c.as_json()["comparisons"][0]["metrics"]
    assert metrics["tactical_fouls"]["only_in"] == "B" and metrics["tactical_fouls"]["a"]["mean"] == 0
    assert "only_in" not in metrics["goals"]
    text = format_comparison(c)
    assert "tactical fouls (only in B)" in text and "old stat (only in A)" in text
    from fuba_rules.report.sections import comparison

    (table,) = comparison(c)[1].tables
    assert ["old stat (only in A)", "tactical fouls (only in B)"] == [r[0] for r in table.rows if "only in" in r[0]]


def test_compare_prints_a_stat_a_mod_adds(capsys, tmp_path):
    """`fuba compare 2024-draft 2024-draft+mods/fouls.yaml`: the mod's new stat is in the
    JSON and the text, against 0 for the edition without it."""
    import json
    from pathlib import Path

    from fuba_rules.cli import main

    editions = Path(__file__).resolve().parents[2] / "editions"
    mod = tmp_path / "fouls.yaml"
    mod.write_text('schema_version: 1\nid: mods/fouls\nextends: 2024-draft\nstats:\n  tactical_fouls: {text: "tactical fouls", count: yellow, ref: "mod"}\n')
    argv = ["--root", str(editions), "compare", "2024-draft", f"2024-draft+{mod}", "-n", "2", "-j", "1"]
    assert main([*argv, "--json"]) == 0
    fouls = json.loads(capsys.readouterr().out)["comparisons"][0]["metrics"]["tactical_fouls"]
    assert fouls["only_in"] == "B" and fouls["a"]["mean"] == 0
    assert main(argv) == 0
    assert "tactical fouls (only in B)" in capsys.readouterr().out
