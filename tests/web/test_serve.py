"""`fuba serve`: one command starts the board and prints its address; bad input is one line."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from fuba_rules.cli import main

from webkit import EDITIONS


def test_serve_prints_its_address_and_answers_there_only(tmp_path):
    cmd = [sys.executable, "-m", "fuba_rules", "--root", str(EDITIONS), "serve", "world-cup-2015", "--port", "0", "--logs", str(tmp_path)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert first.startswith("fuba board at http://127.0.0.1:"), first + proc.stderr.read()
        assert first.rstrip().endswith(f"; logs offered from {tmp_path}")
        url = first.split()[3].rstrip(";")
        with urllib.request.urlopen(url + "api/config", timeout=60) as r:
            config = json.loads(r.read())
        assert config["edition"] == "world-cup-2015" and config["logs"] == str(tmp_path)
        with urllib.request.urlopen(url, timeout=60) as r:
            assert "FUBA board" in r.read().decode()
        rebound = urllib.request.Request(url + "api/config", headers={"Host": "evil.example"})  # DNS rebinding
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(rebound, timeout=60)
        assert refused.value.code == 403
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["serve", "world-cup-2016"], "world-cup-2015"),
        (["serve", "--with", "A1"], "--mod, --with and --advanced need an EDITION"),
        (["serve", "2.0", "--with", "A99"], "unknown rule 'A99'"),
        (["serve", "2.0", "--port", "99999"], "cannot listen on 127.0.0.1:99999"),
        (["serve", "2.0", "--logs", "/nonexistent/logs"], "--logs /nonexistent/logs: not a folder"),
    ],
)
def test_bad_input_is_one_message_and_exit_1(capsys, args, message):
    assert main(["--root", str(EDITIONS), *args]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_without_the_web_extra_it_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["--root", str(EDITIONS), "serve", "2.0"]) == 1
    assert "pip install 'fuba-rules[web]'" in capsys.readouterr().err
