"""`fuba serve`: one command starts the board and prints its address; bad input is one line."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest
from webkit import EDITIONS

from fuba_rules.cli import main


def test_serve_prints_its_address_and_answers_there():
    cmd = [sys.executable, "-m", "fuba_rules", "--root", str(EDITIONS), "serve", "world-cup-2015", "--port", "0"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert first.startswith("fuba board at http://127.0.0.1:"), first + proc.stderr.read()
        url = first.split()[3]
        with urllib.request.urlopen(url + "api/config", timeout=60) as r:
            config = json.loads(r.read())
        assert config["edition"] == "world-cup-2015"
        with urllib.request.urlopen(url, timeout=60) as r:
            assert "FUBA board" in r.read().decode()
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
