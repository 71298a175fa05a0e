"""The match and comparison commands of `fuba`: simulate, replay, play, diff and odds."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from . import layering
from .agents import AGENTS, make_agent
from .cli import arg, editions_root, subcommand
from .compare import changed_fields, compare
from .diagnostics import Diagnostic, FubaError, did_you_mean
from .edition import Edition, load_edition
from .engine.driver import Match
from .lang.runtime import RuleFault
from .odds import exact_odds
from .sim.batch import format_table, simulate
from .sim.narrate import narrate, read_log, write_log
from .sim.play import play_match
from .sim.reference import load_reference
from .yamlpos import load_yaml


def _load(args: argparse.Namespace) -> Edition:
    return load_edition(args.edition, [Path(m) for m in args.mod or []], editions_root(args))


def _rules(args: argparse.Namespace, ed: Edition) -> list[str]:
    if getattr(args, "advanced", False):
        return sorted(ed.rules)
    wanted = [r.strip() for r in (args.with_rules or "").split(",") if r.strip()]
    for r in wanted:
        if r not in ed.rules:
            raise FubaError(Diagnostic(None, f"unknown rule '{r}' for --with{did_you_mean(r, ed.rules)}; {ed.id} has: {', '.join(ed.rules) or 'none'}"))
    return wanted + [r for r, spec in ed.rules.items() if spec.get("default") and r not in wanted]


def _skills(args: argparse.Namespace, ed: Edition) -> dict[str, list[str]]:
    """Each team's skills: from --teams FILE, then --home-skills/--away-skills (which win)."""
    out: dict[str, list[str]] = {"home": [], "away": []}
    if getattr(args, "teams", None):
        out.update(_team_file(args.teams, ed))
    for team in ("home", "away"):
        given = getattr(args, f"{team}_skills")
        if given:
            names = [s.strip() for s in given.split(",") if s.strip()]
            for s in names:
                if s not in ed.skills:
                    raise FubaError(Diagnostic(None, f"unknown skill '{s}'{did_you_mean(s, ed.skills)}"))
            out[team] = names
    return out


def _team_file(path: Path, ed: Edition) -> dict[str, list[str]]:
    """A team file: `home: {skills: [...]}` and `away: {skills: [...]}`."""
    data = load_yaml(path)
    where = getattr(data, "pos", None)
    if not isinstance(data, dict) or not set(data) <= {"home", "away"}:
        raise FubaError(Diagnostic(where, "a team file holds `home:` and `away:`, each with `skills: [...]`"))
    out = {}
    for team, spec in data.items():
        skills = spec.get("skills", []) if isinstance(spec, dict) else None
        if not isinstance(skills, list):
            raise FubaError(Diagnostic(getattr(spec, "pos", where), f"{team}: expected `skills:` with a list of skill names"))
        for i, name in enumerate(skills):
            if name not in ed.skills:
                pos = skills.item_pos[i] if hasattr(skills, "item_pos") else where
                raise FubaError(Diagnostic(pos, f"unknown skill '{name}'{did_you_mean(str(name), ed.skills)}"))
        out[str(team)] = [str(x) for x in skills]
    return out


def _agent(name: str) -> str:
    if name not in AGENTS:
        raise argparse.ArgumentTypeError(f"unknown agent '{name}'{did_you_mean(name, AGENTS)}; agents: {', '.join(AGENTS)}")
    return name


def _teams(ed: Edition) -> dict[str, str]:
    teams = ed.match.get("teams") or {}
    return {t: (teams.get(t) or {}).get("name", t) for t in ("home", "away")}


MATCH_ARGS = (
    arg("edition", help="edition id (see `fuba editions`) or path"),
    arg("--seed", type=int, default=0, help="seed of the first match (match i uses seed+i)"),
    arg("--home", type=_agent, default="coach", help="agent for the home team: random or coach (default coach)"),
    arg("--away", type=_agent, default="coach", help="agent for the away team (default coach)"),
    arg("--mod", action="append", metavar="FILE", help="apply a mod file on top of the edition (repeatable)"),
    arg("--with", dest="with_rules", metavar="RULES", help="advanced rules to switch on, e.g. A1,A6,A10"),
    arg("--advanced", action="store_true", help="switch on every advanced rule"),
    arg("--home-skills", metavar="NAMES", help="skills of the home team, comma separated (`fuba show EDITION --section skills` lists them)"),
    arg("--away-skills", metavar="NAMES", help="skills of the away team"),
    arg("--teams", metavar="FILE", type=Path, help="a team file: home: {skills: [...]}, away: {skills: [...]}"),
)


@subcommand(
    "simulate",
    "play matches between agents and summarize them",
    *MATCH_ARGS,
    arg("-n", type=int, default=100, help="number of matches (default 100)"),
    arg("--json", action="store_true", help="print the summary as JSON"),
    arg("--log", metavar="FILE", type=Path, help="write every event of the first match as JSON lines"),
    arg("--reference", metavar="DIR", type=Path, help="folder of real-match CSVs (football-data.co.uk columns) to print beside the results"),
    arg("--sequence", action="store_true", help="play the matches as one tournament or league: what a match passes on reaches the next"),
)
def cmd_simulate(args: argparse.Namespace) -> int:
    """Play N seeded matches and print goals, results, set pieces, cards, turns and
    possession changes with 95% confidence intervals. The same edition, seed and agents
    always give the same numbers; `--log` writes the first match event by event for
    `fuba replay`."""
    ed = _load(args)
    rules, skills = _rules(args, ed), _skills(args, ed)
    agents = (args.home, args.away)
    if args.n < 1:
        raise FubaError(Diagnostic(None, "-n must be at least 1"))
    try:
        if args.log:
            r = play_match(ed, args.seed, agents, rules, skills)
            header = {"edition": ed.id, "seed": args.seed, "agents": list(agents), "rules": rules, "skills": skills, "teams": _teams(ed)}
            write_log(args.log, header, r.events)
            print(f"wrote {len(r.events)} events of match seed {args.seed} to {args.log}", file=sys.stderr)
        show = sys.stderr.isatty() and not args.json
        def progress(i: int) -> None:
            if show and (i == args.n or i % max(args.n // 50, 1) == 0):
                bar = "#" * (30 * i // args.n)
                print(f"\r[{bar:<30}] {i}/{args.n}", end="" if i < args.n else "\n", file=sys.stderr, flush=True)
        result = simulate(ed, args.n, args.seed, agents, rules, skills, progress, args.sequence)
    except RuleFault as e:
        raise e.to_error() from None
    reference = load_reference(args.reference) if args.reference else None
    if args.json:
        out = result.as_json()
        if reference:
            out["reference"] = {k: round(v, 4) for k, v in reference.items()}
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        print(format_table(result, reference))
    return 0


@subcommand(
    "replay",
    "narrate a match log in plain English",
    arg("log", type=Path, help="a JSON-lines log written by `fuba simulate --log`"),
)
def cmd_replay(args: argparse.Namespace) -> int:
    """Print every step of a logged match with its minute and rulebook chapter."""
    try:
        header, events = read_log(args.log)
    except OSError as e:
        raise FubaError(Diagnostic(None, f"cannot read {args.log}: {e.strerror}")) from None
    except ValueError as e:
        raise FubaError(Diagnostic(None, str(e))) from None
    if header:
        print(f"{header.get('edition')} seed {header.get('seed')}: {' vs '.join(header.get('agents', []))}")
    for line in narrate(events, header.get("teams")):
        print(line)
    return 0


@subcommand(
    "play",
    "play a match yourself against an agent, one decision at a time",
    *MATCH_ARGS,
    arg("--human", choices=["home", "away", "both"], default="home", help="which team you play (default home)"),
)
def cmd_play(args: argparse.Namespace) -> int:
    """Play in the terminal: the match is narrated, and at each of your decisions the
    legal options are listed; type a number (or q to stop)."""
    ed = _load(args)
    m = Match(ed, args.seed, _rules(args, ed), _skills(args, ed))
    agents = {t: make_agent(getattr(args, t), args.seed * 2 + i + 1) for i, t in enumerate(("home", "away"))}
    humans = {"home", "away"} if args.human == "both" else {args.human}
    shown, names = 0, _teams(ed)
    while not m.finished:
        d = m.decision
        assert d is not None
        if d.team in humans:
            for line in list(narrate(m.events[shown:], names)):
                print(line)
            shown = len(m.events)
            print(f"\n{names[d.team]} ({d.team}): {d.label} [{d.ref}]")
            for i, label in enumerate(d.labels):
                print(f"  {i}: {label}")
            answer = input("> ").strip()
            if answer.lower() in ("q", "quit"):
                return 0
            if not answer.isdigit() or int(answer) >= len(d.options):
                print("please type one of the numbers")
                continue
            m.choose(int(answer))
        else:
            m.choose(agents[d.team].choose(d, m.state))
    for line in narrate(m.events[shown:], names):
        print(line)
    return 0


@subcommand(
    "diff",
    "compare two editions (or an edition and a mod) entry by entry",
    arg("a", help="the first edition id or path"),
    arg("b", help="the second edition id or path"),
    arg("--mod", action="append", metavar="FILE", help="apply a mod on top of the SECOND edition (repeatable)"),
    arg("--section", help="compare only this section, e.g. procedures or modifiers"),
    arg("--full", action="store_true", help="print both versions of every changed entry"),
)
def cmd_diff(args: argparse.Namespace) -> int:
    """List what only A has, what only B has, and what both have but differently, with
    each entry's rulebook chapter. Exits 0 either way: a difference is not an error.

    examples:
      fuba diff <edition> <edition> --section modifiers
      fuba diff <edition> <edition> --mod editions/mods/<mod>.yaml
    """
    root = editions_root(args)
    a = layering.resolve(args.a, root)
    b = layering.resolve(args.b, root, [Path(m) for m in args.mod or []])
    diffs = compare(a.data, b.data)
    if args.section:
        diffs = [d for d in diffs if d.section == args.section]
    signs = {"only in A": "-", "only in B": "+", "changed": "~"}
    print(f"A = {args.a}, B = {' + '.join([args.b, *(args.mod or [])])}: {len(diffs)} difference(s)")
    print("  - only in A    + only in B    ~ in both, changed (the fields that differ)")
    section = None
    for d in diffs:
        if d.section != section:
            section = d.section
            print(f"\n{section}:")
        ref = f" [{d.ref}]" if d.ref else ""
        fields = changed_fields(d.a, d.b) if d.kind == "changed" else []
        detail = f" ({', '.join(fields)})" if fields else ""
        print(f"  {signs[d.kind]} {d.key}{ref}{detail}")
        if args.full and d.kind == "changed":
            print(f"    A: {d.a}\n    B: {d.b}")
    return 0


def _value(text: str) -> Any:
    """A command-line value: a number, true/false/none, or a name such as an area or team."""
    low = text.strip()
    if low.lstrip("-").isdigit():
        return int(low)
    return {"true": True, "false": False, "none": None}.get(low, low)


def _pairs(items: list[str] | None, what: str) -> dict[str, Any]:
    out = {}
    for item in items or []:
        for part in item.split(","):
            if "=" not in part:
                raise FubaError(Diagnostic(None, f"{what} takes NAME=VALUE, got '{part}'"))
            k, v = part.split("=", 1)
            out[k.strip()] = _value(v)
    return out


@subcommand(
    "odds",
    "exact probabilities of a rule's outcomes from a position, over every dice outcome",
    arg("edition", help="edition id or path"),
    arg("procedure", help="the rule (procedure) to run, e.g. pressing"),
    arg("args", nargs="*", help="its arguments, e.g. away"),
    arg("--measure", default="ball.value", help='what to read afterwards, an expression (default ball.value), e.g. "[control, ball.value]"'),
    arg("--state", action="append", metavar="NAME=VALUE", help="set declared state first, e.g. ball.value=3,ball.area=centre,control=home"),
    arg("--home", action="append", metavar="AREA=N", help="home outfield pieces, e.g. centre=2,home_front=8"),
    arg("--away", action="append", metavar="AREA=N", help="away outfield pieces"),
    arg("--keepers", default="home_penalty,away_penalty", metavar="HOME,AWAY", help="goalkeepers' areas (default both in their penalty areas)"),
    arg("--answer", action="append", metavar="OPTION", help="answer the rule's decisions in order (repeatable)"),
    arg("--with", dest="with_rules", metavar="RULES", help="advanced rules to switch on"),
    arg("--mod", action="append", metavar="FILE", help="apply a mod file on top of the edition"),
)
def cmd_odds(args: argparse.Namespace) -> int:
    """Run one rule under every sequence of dice and print the exact distribution of the
    measure: a designer's check that a rule does what the table promises.

    example:
      fuba odds <edition> pressing away --state ball.value=3,ball.area=centre,control=home \\
          --home centre=2,home_front=8 --away centre=2,away_front=8 --measure "[control, ball.value]"
    """
    ed = _load(args)
    state, home, away = _pairs(args.state, "--state"), _pairs(args.home, "--home"), _pairs(args.away, "--away")
    keepers = [k.strip() or None for k in args.keepers.split(",")] + [None, None]

    def setup(s: Any) -> None:
        s.pieces("home", home, keepers[0]).pieces("away", away, keepers[1])
        for name, value in state.items():
            if name not in s.match.S:
                raise FubaError(Diagnostic(None, f"unknown state '{name}'{did_you_mean(name, s.match.S)}"))
            s.set(name, value)

    if args.procedure not in ed.procs:
        raise FubaError(Diagnostic(None, f"unknown procedure '{args.procedure}'{did_you_mean(args.procedure, ed.procs)}"))
    try:
        odds = exact_odds(ed, args.procedure, [_value(a) for a in args.args], args.measure, setup, [_value(a) for a in args.answer or []], rules=_rules(args, ed))
    except RuleFault as e:
        raise e.to_error() from None
    except LookupError as e:  # a decision the answers did not cover
        raise FubaError(Diagnostic(None, f"{e} (give it with --answer)")) from None
    print(f"{args.procedure}({', '.join(args.args)}) -> {args.measure}")
    for outcome, p in sorted(odds.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        shown = ", ".join(map(str, outcome)) if isinstance(outcome, tuple) else str(outcome)
        print(f"  {shown:<24} {str(p):>8}  {float(p):7.2%}")
    return 0
