"""cli: the `fuba` command's output, exit codes and error reports (no subprocesses)."""

from __future__ import annotations

import runpy
import sys
import textwrap
import tomllib
import types
from pathlib import Path

import pytest

from fuba_rules import cli
from fuba_rules.cli import check as check_command
from fuba_rules.cli import main
from fuba_rules.diagnostics import Diagnostic, Pos

REPO = Path(__file__).resolve().parent.parent

EDITIONS = {
    "editions/board.yaml": "board:\n  length: 100\n",
    "editions/base/edition.yaml": """\
        schema_version: 1
        title: Base rules
        date: "2015-01-01"
        include: [../board.yaml]
        procedures:
          pass: {do: "base pass"}
          shoot: {do: "base shoot"}
        """,
    "editions/child/edition.yaml": """\
        schema_version: 1
        title: Child rules
        extends: base
        remove: [procedures.shoot]
        procedures:
          pass:
            ref: "4.7"
            do: |
              let t = 1
              set x = t
          run: {do: "child run"}
        """,
    "editions/mods/fast.yaml": "schema_version: 1\nextends: child\nprocedures:\n  pass: {do: fast}\n",
}


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture(autouse=True)
def workdir(tmp_path, monkeypatch):
    """Every test runs in a fresh folder with small editions, so paths are relative."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("FUBA_EDITIONS", raising=False)
    monkeypatch.delenv("FUBA_DEBUG", raising=False)
    write(tmp_path, EDITIONS)
    return tmp_path


@pytest.fixture(autouse=True)
def kernel(monkeypatch):
    """Stand in for the effect-language checks so these tests check the CLI, not the kernel."""
    fake = types.SimpleNamespace(seen=[], problems=[])

    def check_resolved(resolved):
        fake.seen.append(resolved.target)
        return fake.problems

    fake.check_resolved = check_resolved
    monkeypatch.setattr(check_command, "kernel_check", lambda resolved: list(fake.check_resolved(resolved)))
    return fake


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- check ---------------------------------------------------------------------------


def test_check_a_folder_checks_every_edition_and_mod(capsys, kernel):
    code, out, err = run(capsys, "check", "editions")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "editions/base: ok (base extends -, 2 sections, 3 entries)",
        "editions/child: ok (child extends base, 2 sections, 3 entries)",
        "editions/mods/fast.yaml: ok (mods/fast extends child, 2 sections, 3 entries)",
    ]
    assert kernel.seen == ["base", "child", "mods/fast"]


def test_check_a_folder_checks_mods_in_sub_folders_and_names_what_it_skipped(capsys, kernel):
    write(Path("."), {
        "editions/mods/league/slow.yaml": "schema_version: 1\nextends: child\nprocedures:\n  pass: {do: slow}\n",
        "editions/notes/todo.yaml": "ideas: [sin bin]\n",
    })
    code, out, err = run(capsys, "check", "editions")
    assert (code, err) == (0, "")
    assert "editions/mods/league/slow.yaml: ok (slow extends child, 2 sections, 3 entries)" in out.splitlines()
    assert out.splitlines()[-1] == (
        "skipped 1 file(s) that no edition reads and that are not mods or team files: editions/notes/todo.yaml"
    )
    assert "slow" in kernel.seen


def test_check_single_files_and_ids(capsys):
    code, out, _ = run(
        capsys, "--root", "editions", "check", "editions/child/edition.yaml", "base", "editions/board.yaml"
    )
    assert code == 0
    assert out.splitlines() == [
        "editions/child: ok (child extends base, 2 sections, 3 entries)",
        "editions/base: ok (base extends -, 2 sections, 3 entries)",
        "editions/board.yaml: ok (data file, 1 sections, 1 entries)",
    ]


def test_check_reports_what_the_kernel_finds(capsys, kernel):
    kernel.problems = [Diagnostic(Pos("editions/child/edition.yaml", 9, 13), "unknown name 'x'")]
    code, out, err = run(capsys, "check", "editions/child")
    assert code == 1 and out == ""
    assert err == "editions/child/edition.yaml:9:13: error: unknown name 'x'\n"


def test_malformed_yaml(capsys, workdir, snapshot):
    write(workdir, {"editions/child/edition.yaml": "schema_version: 1\nextends: base\nprocedures:\n  pass: {do: x\n"})
    assert run(capsys, "check", "editions") == snapshot


def test_wrong_type(capsys, workdir, snapshot):
    write(
        workdir, {"editions/mods/fast.yaml": "schema_version: one\nextends: child\nprocedures:\n  pass: {do: [fast]}\n"}
    )
    assert run(capsys, "check", "editions/mods/fast.yaml") == snapshot


def test_unknown_key(capsys, workdir, snapshot):
    write(
        workdir,
        {"editions/mods/fast.yaml": "schema_version: 1\nextends: child\nprocedure:\n  pass: {do: fast, parms: [x]}\n"},
    )
    assert run(capsys, "check", "editions") == snapshot


def test_extends_cycle(capsys, workdir, snapshot):
    write(workdir, {"editions/base/edition.yaml": "schema_version: 1\nextends: mods/fast\n"})
    assert run(capsys, "check", "editions") == snapshot


def test_missing_file(capsys, workdir, snapshot):
    write(workdir, {"editions/base/edition.yaml": "schema_version: 1\ninclude: [../bord.yaml]\n"})
    assert run(capsys, "check", "editions/base", "editions/nowhere.yaml", "editions/mods/fats.yaml") == snapshot


def test_binary_garbage_is_an_error_not_a_crash(capsys, workdir):
    (workdir / "editions/mods/fast.yaml").write_bytes(b"\x00\xff\xfe garbage")
    code, _, err = run(capsys, "check", "editions/mods/fast.yaml")
    assert code == 1 and err == "editions/mods/fast.yaml:1:2: error: file is not valid UTF-8 (byte 0xff)\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "editions/data.yaml: ok (data file, 0 sections, 0 entries)\n"),
        ("3\n", "editions/data.yaml:1:1: error: expected a mapping of sections at the top of the file\n"),
        ("- a\n", "editions/data.yaml:1:1: error: expected a mapping of sections at the top of the file\n"),
    ],
)
def test_data_files_that_are_not_mappings(capsys, workdir, text, expected):
    (workdir / "editions/data.yaml").write_text(text)
    code, out, err = run(capsys, "check", "editions/data.yaml")
    assert out + err == expected and code == (0 if "ok" in expected else 1)


# --- show and editions ---------------------------------------------------------------


def test_show_marks_where_each_entry_comes_from(capsys, snapshot):
    assert run(capsys, "--root", "editions", "show", "child") == snapshot


def test_show_one_section_with_a_mod(capsys):
    code, out, err = run(capsys, "show", "child", "--root", "editions", "--mod", "mods/fast", "--section", "procedures")
    assert (code, err) == (0, "")
    assert "  pass            mods/fast (overrides base, child)\n    do: fast\n" in out
    assert "board" not in out


def test_show_unknown_section_suggests_one(capsys):
    code, _, err = run(capsys, "--root", "editions", "show", "child", "--section", "procedure")
    assert code == 1 and err == "fuba: error: child has no section 'procedure' (did you mean 'procedures'?)\n"


def test_editions_lists_aligned_columns(capsys):
    code, out, _ = run(capsys, "editions", "--root", "editions")
    assert code == 0
    assert out.splitlines() == [
        "ID         TITLE        DATE        EXTENDS",
        "base       Base rules   2015-01-01  -",
        "child      Child rules  -           base",
        "mods/fast  -            -           child",
    ]


def test_editions_uses_the_editions_folder_of_the_current_directory(capsys):
    code, out, _ = run(capsys, "editions")
    assert code == 0 and "child" in out


def test_editions_with_no_editions(capsys):
    code, _, err = run(capsys, "--root", "nowhere", "editions")
    assert code == 1 and err == "fuba: error: no editions under nowhere (an edition folder has an edition.yaml)\n"


# --- the command itself --------------------------------------------------------------


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"], ["show", "--help"], ["editions", "--help"]])
def test_help(capsys, argv):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.startswith("usage: fuba")


def test_usage_errors_exit_2(capsys):
    assert run(capsys, "check")[0] == 2
    assert run(capsys)[0] == 2


def test_internal_errors_are_reported_without_a_traceback(capsys, monkeypatch, kernel):
    def broken(resolved):
        raise KeyError("oops")

    kernel.check_resolved = broken
    code, _, err = run(capsys, "check", "editions/base")
    assert code == 2
    assert err == "fuba: internal error: KeyError: 'oops' (run with FUBA_DEBUG=1 to see where)\n"
    monkeypatch.setenv("FUBA_DEBUG", "1")
    with pytest.raises(KeyError):
        main(["check", "editions/base"])


def test_python_dash_m_runs_the_cli(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["fuba", "editions"])
    with pytest.raises(SystemExit) as info:
        runpy.run_module("fuba_rules", run_name="__main__")
    assert info.value.code == 0 and "child" in capsys.readouterr().out


def test_a_subcommand_is_one_function_and_one_registration(capsys, monkeypatch):
    monkeypatch.setattr(cli, "_SUBCOMMANDS", list(cli._SUBCOMMANDS))

    @cli.subcommand("hello", "say hello", cli.arg("name"))
    def cmd_hello(args):
        """Say hello."""
        print(f"hello {args.name}")
        return 0

    assert run(capsys, "hello", "you") == (0, "hello you\n", "")


# --- packaging -----------------------------------------------------------------------


def test_pyproject_lists_every_subpackage():
    """Packages are listed by hand (two are mapped from top-level folders): a new one
    must be added, or wheels would silently lack it."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(p.parent.relative_to(REPO).parts)
        for p in (REPO / "fuba_rules").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert on_disk - listed == set()


def test_shipped_resources_resolve():
    from fuba_rules import resources

    assert resources.schema_text().lstrip().startswith("{")
    assert isinstance(resources.grammar_text(), str)
    assert resources.default_editions_root() == Path("editions")  # the test folder has one
