"""`fuba simulate`: play many seeded matches and summarize them."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from fuba_rules.cli import arg, subcommand
from fuba_rules.cli._options import (
    JOBS_ARG,
    MATCH_ARGS,
    MATCHES,
    _load,
    _teams,
    count,
    jobs_for,
    match_setup,
    run_size,
)
from fuba_rules.diagnostics import Diagnostic, FubaError
from fuba_rules.edition import Edition
from fuba_rules.jsondata import JsonObject
from fuba_rules.limits import MAX_CUP_TEAMS
from fuba_rules.sim.batch import (
    BatchFault,
    BatchInterrupted,
    BatchLost,
    BatchResult,
    Stop,
    format_table,
    simulate,
)
from fuba_rules.sim.cluster import distributed_module
from fuba_rules.sim.cup import UndecidedTie, valid_size
from fuba_rules.sim.matchlog import LogWriter
from fuba_rules.sim.play import MatchFault, goals, minute, run_match, start
from fuba_rules.sim.reference import load_reference
from fuba_rules.sim.results import ResultsFile
from fuba_rules.sim.runinfo import RunConfig
from fuba_rules.sim.setup import MatchSetup

PROGRESS_AFTER = 2.0  # seconds: shorter runs show no progress bar

if TYPE_CHECKING:
    from fuba_rules.edition import Edition


@subcommand(
    "simulate",
    "play matches between agents and summarize them",
    *MATCH_ARGS,
    arg("-n", type=MATCHES, default=100, help="number of matches (default 100)"),
    JOBS_ARG,
    arg("--dask", metavar="ADDRESS", help="play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the cluster extra)"),
    arg("--json", action="store_true", help="print the summary as JSON"),
    arg("--log", metavar="FILE", type=Path, help="write every event of the first match as JSON lines"),
    arg("--out", metavar="FILE", type=Path, help="append each finished match's result to FILE as it goes (JSON lines)"),
    arg("--resume", metavar="FILE", type=Path, help="continue the run saved in FILE by --out: only the missing matches are played"),
    arg("--reference", metavar="DIR", type=Path, help="folder of real-match CSVs (football-data.co.uk columns) to print beside the results"),
    arg("--sequence", action="store_true", help="play the matches as one tournament or league: what a match passes on reaches the next (always one process)"),
    arg("--cup", type=count("teams", MAX_CUP_TEAMS), metavar="TEAMS", help="play -n knockout cups of TEAMS teams (any number from 2; byes fill the bracket): a level tie goes to the rules' tie-break (decide_winner), what a match passes on follows its teams (one process)"),
    arg("--report", metavar="FILE.html", type=Path, help="write a self-contained HTML report with plots (beside --reference)"),
    arg("--check-invariants", action="store_true", help="check the edition's invariants (invariants:) at their trigger points; the first one broken stops the run with its chapter, seed and minute (exit 1)"),
)
def cmd_simulate(args: argparse.Namespace) -> int:
    """Play N seeded matches and print goals, results, set pieces, cards, turns and
    possession changes with 95% confidence intervals. The same edition, seed and agents
    always give the same numbers, with any number of worker processes (-j) or on a Dask
    cluster (--dask): match i uses seed + i. `--sequence` runs in one process, since
    each match starts from what the previous one passed on.

    `--cup 8` plays -n knockout cups of 8 teams (7 matches each, match i still with seed
    + i): a tie level at full time needs the rules' own tie-break, e.g. a shoot-out mod
    (docs/mods-shoot-out.md); without one the run stops with an error naming the tie.

    `--log` writes the first match event by event for `fuba replay`. `--out` keeps every
    finished match, so Ctrl-C or SIGTERM loses nothing: the summary of the finished
    matches is printed (exit 130 or 143) and `--resume` plays the rest.

    `--check-invariants` checks the states the edition's rulebook forbids (its
    `invariants:`, docs/invariants.md) in every match: the first one broken, in seed
    order, is reported at the invariant's line with its chapter, the trigger point and
    the match's seed and minute, and the exit status is 1."""
    ed = _load(args)
    setup = match_setup(args, ed)
    if args.n < 1:
        raise FubaError(Diagnostic(None, "-n must be at least 1"))
    matches = _matches(args)
    if args.out and args.resume:
        raise FubaError(Diagnostic(None, "--resume FILE continues writing FILE: give --out or --resume, not both"))
    if args.dask:
        distributed_module()  # without the cluster extra, say so before any work
    reference = load_reference(args.reference) if args.reference else None
    run = run_config(args, ed.id, setup)
    log = LogWriter(args.log, {**run.as_json(), "teams": _teams(ed)}) if args.log else None
    results, done = _results_file(args, run, matches)
    try:
        with _signals_stop_the_batch():
            if log:
                _play_logged(ed, log, args.seed, setup)
            with _progress(args, len(done), matches) as progress:
                result = simulate(
                    ed, matches, args.seed, setup, progress, args.sequence, jobs=jobs_for(args.jobs, matches - len(done)),
                    dask=args.dask, done=done, on_outcome=results.add if results else None, cup=args.cup,
                )
    except BatchInterrupted as stop:
        _print(args, stop.partial, reference, run)
        where = f"; `--resume {results.path}` plays the rest" if results else ""
        print(f"fuba: interrupted: {stop.partial.matches} of {stop.requested} matches finished{where}", file=sys.stderr)
        return 128 + stop.signum
    except BatchLost as stop:
        _print(args, stop.partial, reference, run)
        rest = f"`--resume {results.path}` plays the rest" if results else "run with --out FILE to keep finished matches, then --resume FILE plays the rest"
        print(f"fuba: error: the Dask cluster stopped answering ({stop.reason}) after {stop.partial.matches} of {stop.requested} matches; {rest}", file=sys.stderr)
        return 1
    except BatchFault as stop:
        if stop.partial.matches:
            _print(args, stop.partial, reference, run)
            why = "an undecided cup tie" if isinstance(stop.fault, UndecidedTie) else "a broken invariant" if stop.fault.invariant else "a rule fault"
            print(f"fuba: stopped by {why} after {stop.partial.matches} of {stop.requested} matches", file=sys.stderr)
        raise stop.fault.to_error() from None
    except MatchFault as fault:  # in the logged match
        raise fault.to_error() from None
    except Stop as stop:  # during the logged match
        return 128 + stop.signum
    finally:
        if results:
            results.close()
    _print(args, result, reference, run)
    return 0


def _matches(args: argparse.Namespace) -> int:
    """-n matches, or with --cup -n cups of TEAMS - 1 matches each."""
    if args.cup is None:
        return args.n
    if not valid_size(args.cup):
        raise FubaError(Diagnostic(None, f"--cup needs at least 2 teams, got {args.cup}"))
    if args.sequence:
        raise FubaError(Diagnostic(None, "--cup already plays its matches as a sequence: give --cup or --sequence, not both"))
    if args.dask:
        raise FubaError(Diagnostic(None, "--cup plays in one process (each round needs the last one's winners): leave out --dask"))
    return run_size(args.n * (args.cup - 1), f"{args.n:,} cups of {args.cup:,} teams")


def run_config(args: argparse.Namespace, edition: str, setup: MatchSetup) -> RunConfig:
    """The record of this run (`sim.runinfo`): what the summary, `--out` and `--log` name."""
    return RunConfig.of(
        edition, args.seed, setup, args.mod or [], getattr(args, "teams", None),
        bool(getattr(args, "sequence", False)), getattr(args, "cup", None),
    )


def _results_file(args: argparse.Namespace, run: RunConfig, matches: int) -> tuple[ResultsFile | None, list]:
    if args.resume:
        return ResultsFile.resume(args.resume, run)
    if args.out:
        return ResultsFile.start(args.out, run, matches), []
    return None, []


def _play_logged(ed: Edition, log: LogWriter, seed: int, setup: MatchSetup) -> None:
    """Play the first match with every event recorded; a fault keeps the events so far."""
    m = start(ed, setup, seed, record=True)
    finished = False
    try:
        run_match(m, seed)
        finished = True
    finally:
        try:
            log.events(m.events)
            if finished:  # a log without its end line is one replay calls cut short
                end: JsonObject = {"score": goals(m), "minute": minute(m), "events": len(m.events)}
                if m.decided:  # a level score the rules decided (decide_winner)
                    end["decided"] = {"team": m.decided[0], "how": m.decided[1]}
                log.end(end)
        finally:
            log.close()
    print(f"wrote {len(m.events)} events of match seed {seed} to {log.path}", file=sys.stderr)


def _print(args: argparse.Namespace, result: BatchResult, reference: dict[str, float] | None, run: RunConfig) -> None:
    if args.json:
        out = {**result.as_json(), "run": run.as_json()}
        if reference:
            out["reference"] = {k: round(v, 4) for k, v in reference.items()}
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        print(format_table(result, reference, run))
    if args.report:
        from fuba_rules.report.simulate import write_simulate_report

        write_simulate_report(args.report, result, args.reference, "fuba " + " ".join(sys.argv[1:]))
    sys.stdout.flush()


@contextmanager
def _signals_stop_the_batch() -> Iterator[None]:
    """SIGTERM stops a batch as Ctrl-C does: the finished matches are summarized."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Stop(signum)

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (e.g. called from a server): no handler
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def _progress(args: argparse.Namespace, already: int, total: int | None = None) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr, for a person watching: not with --json, not into a file,
    and only once the run has taken a couple of seconds."""
    if args.json or not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    bar = tqdm(total=args.n if total is None else total, initial=already, delay=PROGRESS_AFTER, unit="match", file=sys.stderr, leave=False)
    try:
        def advance(finished: int) -> None:
            bar.update(finished - bar.n)

        yield advance
    finally:
        bar.close()
