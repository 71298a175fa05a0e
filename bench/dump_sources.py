"""Every generated function's source, of every edition, written to a folder: the safety net
for a change to the rule compiler. Dump before and after, then `diff -r` the two folders:
a restructure must leave them byte-identical, a new shortcut must change only what it means to.

    python bench/dump_sources.py /tmp/before            # every edition, basic and advanced, and each mod
    python bench/dump_sources.py /tmp/after 2.0         # one edition only

Each edition is written in both rule sets (basic, every advanced rule switched on is the
same compiled edition; the rule set changes no source, so one load per edition and mod),
every pending function compiled (`compile_pending`) and the resumable forms built; one file
per compiled text, in the order compiled, named by that order and the function's name.
"""

from __future__ import annotations

import builtins
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuba_rules.edition import load_edition  # noqa: E402
from fuba_rules.engine.frames import forms_of  # noqa: E402

EDITIONS = ["2024-draft", "2.0", "world-cup-2015"]
# Globals numbered as they are made: the order depends on which rules a cache-tuning
# reference play compiled first, so each file numbers them afresh by first appearance.
_NUMBERED = re.compile(r"\b_(K|Q|S|RW|RV|MT|piece|kept|sum|RP_)\d+\b")


def renumbered(text: str, G: dict[str, object]) -> str:
    """`text` with its numbered globals numbered by first appearance (`_K116` -> `_K#0`),
    a position by the place it names (`_Q60` -> `_Q<file:3:5>`: two names may hold one place)."""
    seen: dict[str, str] = {}

    def name(g: re.Match[str]) -> str:
        if g.group(1) == "Q" and g.group(0) in G:
            return f"_Q<{G[g.group(0)]}>"
        return seen.setdefault(g.group(0), f"_{g.group(1)}#{len(seen)}")

    return _NUMBERED.sub(name, text)


def mods_for(edition: str) -> list[Path]:
    """The mods in editions/mods, each tried on `edition` (one that does not load is skipped)."""
    return sorted((ROOT / "editions" / "mods").glob("*.yaml"))


def dump(out: Path, editions: list[str]) -> int:
    texts: list[tuple[str, str]] = []
    real = builtins.compile

    def recording(source, filename, mode, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(source, str) and isinstance(filename, str) and filename.startswith("<rule "):
            texts.append((filename, source))
        return real(source, filename, mode, *args, **kwargs)

    builtins.compile = recording
    try:
        for name in editions:
            for mods in ([], *([m] for m in mods_for(name))):
                tag = name + "".join("+" + m.stem for m in mods)
                del texts[:]
                try:
                    ed = load_edition(name, mods=[str(m) for m in mods], root=ROOT / "editions")
                except Exception as e:  # a mod that does not load on this edition
                    print(f"{tag}: not loaded ({str(e).splitlines()[0]})")
                    continue
                ed.compiler.compile_pending()
                forms_of(ed)
                folder = out / tag
                folder.mkdir(parents=True, exist_ok=True)
                for i, (filename, text) in enumerate(texts):
                    stem = re.sub(r"[^\w.-]+", "_", renumbered(re.sub(r" #\d+>$", "", filename), {}))[:80]
                    (folder / f"{i:05d}{stem}.py").write_text(renumbered(text, ed.compiler.G), encoding="utf-8")
                print(f"{tag}: {len(texts)} functions")
    finally:
        builtins.compile = real
    return 0


if __name__ == "__main__":
    sys.exit(dump(Path(sys.argv[1]), sys.argv[2:] or EDITIONS))
