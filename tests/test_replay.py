"""`fuba replay` reads logs from anywhere: every bad log is a positioned error, a log cut
short says so, and no JSON lines end in an internal error."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuba_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = str(ROOT / "editions")
HEADER = {"kind": "header", "edition": "2024-draft", "seed": 7, "agents": ["coach", "coach"], "teams": {"home": "Blue", "away": "Yellow"}}
EVENT = {"kind": "log", "clock": 12, "text": "home passes", "ref": "4.7.3"}


@pytest.fixture(scope="module")
def match_log(tmp_path_factory):
    log = tmp_path_factory.mktemp("log") / "match.jsonl"
    assert main(["--root", EDITIONS, "simulate", "2024-draft", "-n", "1", "--seed", "7", "-j", "1", "--log", str(log)]) == 0
    return log


def replay(capsys, path):
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_whole_log_ends_with_an_end_line(match_log, capsys):
    end = json.loads(match_log.read_text().splitlines()[-1])
    assert end["kind"] == "end" and end["minute"] == 90 and set(end["score"]) == {"home", "away"}
    code, out, err = replay(capsys, match_log)
    assert (code, err) == (0, "") and "Full time" in out


def test_a_log_cut_short_is_narrated_and_said_to_end_early(match_log, tmp_path, capsys):
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(match_log.read_text().splitlines(keepends=True)[:40]))
    code, out, err = replay(capsys, cut)
    assert code == 1 and out.count("\n") > 5
    assert err == f"{cut}:40:1: error: log ends early: the match was cut short (no end line)\n"


def _lines(*items):
    return "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in items).encode()


BAD_LOGS = {
    "agents_a_number": _lines({**HEADER, "agents": 5}),
    "agents_numbers": _lines({**HEADER, "agents": [1, 2]}),
    "teams_a_list": _lines({**HEADER, "teams": ["Blue", "Yellow"]}),
    "clock_an_object": _lines(HEADER, {**EVENT, "clock": {"minute": 3}}),
    "clock_a_list": _lines(HEADER, {**EVENT, "clock": [3]}),
    "nested_5000_deep": _lines(HEADER, "[" * 5000 + "]" * 5000),
    "nested_in_an_event": _lines(HEADER, '{"kind": "log", "text": ' + "[" * 500 + "]" * 500 + "}"),
    "another_tools_json_lines": _lines({"level": "info", "msg": "started"}, {"level": "info", "msg": "done"}),
    "empty": b"",
    "utf8_error": _lines(HEADER) + b'{"kind": "log", "text": "caf\xe9"}\n',
    "not_json": _lines(HEADER) + b"not json\n",
    "a_list_line": _lines(HEADER, [1, 2]),
    "a_huge_number": _lines(HEADER, '{"kind": "log", "clock": ' + "9" * 5000 + "}"),
    "two_headers": _lines(HEADER, EVENT, HEADER),
    "events_after_the_end": _lines(HEADER, {"kind": "end"}, EVENT),
}


@pytest.mark.parametrize("name", sorted(BAD_LOGS))
def test_a_bad_log_is_a_positioned_error(name, tmp_path, capsys, snapshot):
    path = tmp_path / f"{name}.jsonl"
    path.write_bytes(BAD_LOGS[name])
    code, out, err = replay(capsys, path)
    assert code == 1 and out == ""
    assert err.startswith(f"{path}:")
    assert err.replace(str(tmp_path), "<tmp>") == snapshot


@pytest.mark.parametrize("device", [os.devnull, "/dev/zero", "/dev/urandom"])
def test_a_device_is_not_a_log_and_is_never_read(capsys, device):
    assert replay(capsys, device) == (1, "", f"fuba: error: cannot read {device}: not a regular file\n")


def test_a_fifo_is_not_a_log_and_replay_does_not_wait_for_a_writer(capsys, tmp_path):
    os.mkfifo(tmp_path / "pipe")
    assert replay(capsys, str(tmp_path / "pipe")) == (1, "", f"fuba: error: cannot read {tmp_path / 'pipe'}: not a regular file\n")


# ---- fuzz: random JSON lines never end in an internal error

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)
_keys = st.sampled_from(["kind", "clock", "text", "value", "team", "name", "ref", "id", "agents", "teams", "seed", "edition"])
_kinds = st.sampled_from(["header", "end", "log", "modifier", "hook", "roll", "choice"])
_event = st.dictionaries(_keys, _json, max_size=6) | st.builds(lambda k, d: {"kind": k, **d}, _kinds, st.dictionaries(_keys, _json, max_size=5))
_line = _event.map(json.dumps) | _json.map(json.dumps) | st.binary(max_size=20).map(lambda b: b.decode("latin-1"))


def _fuzz_replay(tmp_path, lines, capsys) -> None:
    path = tmp_path / "fuzz.jsonl"
    with open(path, "wb") as f:
        for line in lines:
            f.write(line.encode("utf-8", "surrogateescape") + b"\n")
    code = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert code in (0, 1), err
    assert "internal error" not in err and "Traceback" not in err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_line, max_size=6), header_first=st.booleans())
def test_random_json_lines_never_end_in_an_internal_error(tmp_path, capsys, lines, header_first):
    _fuzz_replay(tmp_path, ([json.dumps(HEADER)] if header_first else []) + lines, capsys)


@pytest.mark.soak
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_line, max_size=20), header_first=st.booleans())
def test_random_json_lines_never_end_in_an_internal_error_long(tmp_path, capsys, lines, header_first):
    _fuzz_replay(tmp_path, ([json.dumps(HEADER)] if header_first else []) + lines, capsys)
