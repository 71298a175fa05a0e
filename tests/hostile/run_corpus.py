"""Check every hostile mod given on the command line under hard resource limits.

Run by tests/test_hostile.py in a subprocess: `python run_corpus.py ROOT MOD...`. The
process may use at most 1 GB of address space and 300 s of CPU, so an attack that
gets past a cap ends in a MemoryError (reported as an internal error) or a kill
rather than in a stuck machine. Prints one JSON line per mod: its exit status and
what `fuba check` printed, then one line with the peak memory in MB.
"""

from __future__ import annotations

import contextlib
import io
import json
import resource
import sys

ADDRESS_SPACE = 1024 * 1024 * 1024
CPU_SECONDS = 300


def main(root: str, mods: list[str]) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    from fuba_rules.cli import main as fuba

    for mod in mods:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = fuba(["--root", root, "check", mod])
        print(json.dumps({"mod": mod, "code": code, "out": out.getvalue(), "err": err.getvalue()}), flush=True)
    print(json.dumps({"peak_mb": peak_kb() // 1024}), flush=True)


def peak_kb() -> int:
    """This process's own peak resident memory. Not `ru_maxrss`: on Linux it keeps the
    high-water mark of the process that forked this one when that was larger (the test
    run, hundreds of MB late in the suite), so the corpus seemed to use what pytest did."""
    with contextlib.suppress(OSError):
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
