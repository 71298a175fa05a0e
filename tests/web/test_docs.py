"""docs/limits.md states every cap of the web board with its value."""

from pathlib import Path

from fuba_rules.web import limits

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")


def test_every_web_cap_has_a_row_with_its_value():
    caps = {k: v for k, v in vars(limits).items() if k.isupper()}
    assert len(caps) >= 9
    for name, value in caps.items():
        shown = f"{value:,}" if isinstance(value, int) else f"{value:g}"
        assert f"| `{name}` | {shown} " in PAGE, f"docs/limits.md: no row for {name} = {shown}"
