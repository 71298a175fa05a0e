"""A handful of generated sources, pinned as the compiler writes them.

Every other test of the compiler checks what compiled rules do: their answers, faults,
steps, and the calls and reads counted by tests/probes.py. These few sources are kept
for what no count can see (arithmetic proved small is written with no range test at
all; a modifier row's constant is added in line) and to show a reader of the compiler
one function of each kind: a procedure, a cached function per area and per team, a
table read, a list read once before its loop, a modifier group's sum.

When the compiler writes them differently on purpose, regenerate this one file with

    python -m pytest tests/test_generated_golden.py --snapshot-update

and read the diff of tests/__snapshots__/test_generated_golden.ambr: it is the change
to the emitted code. A change no one meant is a failure here to look at, nothing more:
whether it is right is for the behaviour tests to say.
"""

from __future__ import annotations

import pytest
from test_compiled_shortcuts import IN_PLACE, PROVED

from langkit import build, match, program

EDITIONS = {
    # a procedure: its step and depth, a sum with its range test in line
    "procedure": ("let x = minute + 1\nreturn [x, DT]", ""),
    # literals, piece counts and distances, a clamp: sums with no test at all
    "proved small": (
        'return [seven, crowd(home, "centre"), advice(9)]',
        """
        functions:
          seven: {expr: '3 + 2 * 2'}
          crowd: {params: [t, a], expr: 'pieces(t, a) * 2 - outfield(t, a) + len([1, 2]) + distance(a, "centre") // 2'}
          odds: {params: [v], expr: '36 - (v - 1) * (v - 1)'}
          advice: {params: [x], expr: 'odds(clamp(x, 1, 6)) // 4 + min(pieces(home, "centre"), 3)'}
        """,
    ),
    # a modifier total: its rows summed by one function, a constant row added in line
    "modifier total": (
        'return need("away_penalty")',
        """
        modifiers:
          crowded: {group: pass, ref: "4.7.2", text: "-1 crowded", when: "pieces(DT, target) > 0", value: -1}
          long: {group: pass, ref: "4.7.3", text: "+1 per area", value: "areas_between(ball.area, target)"}
        functions:
          need: {params: [a], expr: 'ball.value + modifier_total("pass", target=a)'}
        """,
    ),
    # the caches: per area, per team, a table of answers; a list reading the state once
    "caches": (
        'return [outnumbered(home, "centre"), mine(home), twice(home, "centre"), near(home)]',
        """
        functions:
          outnumbered: {params: [t, a], expr: 'pieces(other(t), a) > pieces(t, a) + 0'}
          mine: {params: [t], expr: 'len([a for a in areas() if pieces(t, a) > 0])'}
          far: {params: [a], expr: 'distance(a, "centre") * 2'}
          twice: {params: [t, a], expr: 'far(a) + far(penalty_area(t))'}
          near: {params: [t], expr: '[a for a in areas() if t == control and a != ball.area]'}
        """,
    ),
    # what a list reads once before its loop: a team entry's opponent (which cannot
    # fault), not an entry that may be none's; a test of the list's own team per element
    "lists read once": (
        'return [mine(home), holders(home), liked_by_each("centre")]',
        PROVED + IN_PLACE.split("functions:\n", 1)[1],
    ),
}


@pytest.mark.parametrize("name", EDITIONS)
def test_generated_sources(name: str, snapshot) -> None:
    body, extra = EDITIONS[name]
    ed = build(program(body, extra))
    match(ed).run("match")  # writes what a match runs, after the reference play
    sources = ed.compiler.sources
    assert "\n".join(f"# ---- {key}\n{sources[key]}" for key in sorted(sources)) == snapshot
