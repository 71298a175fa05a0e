"""`python -m fuba_rules ...` runs the `fuba` command (handy without the console script)."""

from fuba_rules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
