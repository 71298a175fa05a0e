"""The Starlette app behind `fuba serve`: JSON endpoints and the static page.

Endpoints (all JSON; errors are `{"error": message}`, a rule's with its `file:line:col`, with
status 400, 403 (a foreign Host or Origin, a path outside the offered folder), 404, 409 (a
game still busy), 413 (too large), 415 (not JSON) or 503 (busy, or past the time budget)):

- `GET  /api/config`: the editions found, the edition and rules `fuba serve` was given, the agents.
- `GET  /api/edition/{id}`: the board, the declared state, teams, rules and skills of an edition.
- `POST /api/replay`: `{"log": text}`, `{"path": file}` (a file in the folder `--logs` offers) or `{"edition", "seed", "agents", "rules", "skills"}`:
  every narrated step of a match with the board at that step.
- `POST /api/games`: `{"edition", "seed", "human", "agent", "rules", "skills"}` starts a match
  against an agent; `GET /api/games/{id}`, `POST .../choose {"index"}`, `POST .../undo`,
  `GET .../log` (a JSON-lines log for `fuba replay` and the replay page), `GET .../odds` (the
  exact odds of each option, `choice_odds`), `GET .../progress` (the agent's replies while a move runs).

Every request passes `gate` (Host and Origin), bodies are read by `intake` (size and
nesting caps), and engine work runs in `work`'s few threads within a time budget.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

from .. import layering
from ..agents import AGENTS
from ..board import TEAMS
from ..choice_odds import AGENT
from ..diagnostics import Diagnostic, FubaError, did_you_mean
from ..edition import Edition, load_edition
from ..engine.decisions import IllegalChoice
from ..lang.runtime import RuleFault
from ..sim.matchlog import parse_log
from . import replay
from .gate import Served, guard
from .intake import Refused, json_body
from .limits import MAX_GAMES
from .offered import LogFolder
from .session import Game
from .views import edition_view, plain, team_names
from .work import Overrun, Workers, agent_spec

if TYPE_CHECKING:
    from starlette.types import ASGIApp

    from ..jsondata import Json

STATIC = Path(__file__).parent / "static"


class GameMissing(LookupError):
    """A game id the server does not know (never started, or dropped as the oldest)."""


def require_web() -> None:
    """Fail with the extra to install when the web libraries are missing."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as e:
        raise FubaError(Diagnostic(None, f"the web board needs {e.name}: pip install 'fuba-rules[web]'")) from None


class Library:
    """Editions loaded once and shared; the served edition carries the mods `fuba serve` was
    given; `logs` is the folder whose logs a request may name (None: uploads only)."""

    def __init__(self, root: Path, edition: str | None = None, mods: Sequence[Path] = (), rules: Sequence[str] = (),
                 logs: LogFolder | None = None):
        self.root, self.edition, self.mods, self.rules, self.logs = root, edition, list(mods), list(rules), logs
        self.found = list(layering.discover(root))
        self._loaded: dict[str, Edition] = {}
        self._lock = threading.Lock()

    def get(self, edition_id: Json) -> Edition:
        if edition_id is not None and not isinstance(edition_id, str):
            raise ValueError(f"edition must be an edition id, got {plain(edition_id)!r}")
        key = edition_id or self.edition or (self.found[0] if self.found else "")
        with self._lock:
            if key not in self._loaded:
                if key != self.edition and key not in self.found:
                    raise FubaError(Diagnostic(None, f"unknown edition '{key}'{did_you_mean(key, self.found)}"))
                mods = self.mods if key == self.edition else []
                ed = self._loaded[key] = load_edition(key, mods, self.root)
                if key == self.edition:  # the page asks for it by its id, which a path or mods do not change
                    self.edition = ed.id
                    self._loaded[ed.id] = ed
                    self.found = [ed.id, *(f for f in self.found if f != ed.id)]
            return self._loaded[key]


def create_app(library: Library, served: Served, workers: Workers | None = None) -> ASGIApp:
    """The ASGI app serving `library`'s editions at the address `served` (and nowhere else)."""
    require_web()
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, PlainTextResponse
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    games: OrderedDict[str, Game] = OrderedDict()
    numbers = itertools.count(1)
    work = workers or Workers()

    def fail(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    def guarded(handler):
        """Input problems become a 4xx with the positioned message, never a traceback."""

        async def endpoint(request: Request):
            try:
                return await handler(request)
            except Refused as e:
                return fail(e.status, e.message)
            except Overrun:
                return fail(503, f"stopped: this request needed more than {work.seconds:g} s of the engine (the board's limit)")
            except GameMissing as e:
                return fail(404, str(e))
            except FubaError as e:
                return fail(400, "\n".join(d.format() if d.pos else d.message for d in e.diagnostics))
            except RuleFault as e:
                return fail(400, "\n".join(d.format() for d in e.to_error().diagnostics))
            except (IllegalChoice, ValueError) as e:
                return fail(400, str(e.args[0]) if e.args else type(e).__name__)
            except Exception as e:  # a bug in the board: one line in the server's output, no Python in the reply
                if os.environ.get("FUBA_DEBUG") == "1":
                    raise
                print(f"fuba serve: internal error on {request.url.path}: {type(e).__name__} (FUBA_DEBUG=1 shows where)", file=sys.stderr)
                return fail(500, "internal error in the board (a bug: the server's output names it)")

        return endpoint

    def game(request: Request) -> Game:
        g = games.get(request.path_params["gid"])
        if g is None:
            raise GameMissing(f"no game {request.path_params['gid']} (the server keeps the last {MAX_GAMES})")
        return g

    async def index(request: Request):
        return FileResponse(STATIC / "index.html")

    async def config(request: Request):
        return JSONResponse({"editions": library.found, "edition": library.edition or (library.found[0] if library.found else None),
                             "rules": library.rules, "agents": list(AGENTS), "teams": list(TEAMS),
                             "logs": library.logs.shown if library.logs else None})

    async def edition(request: Request):
        return JSONResponse(edition_view(await work.run(library.get, request.path_params["eid"])))

    async def new_replay(request: Request):
        data = await json_body(request)
        return JSONResponse(await work.run(_replay, library, data))

    async def new_game(request: Request):
        data = await json_body(request)
        ed = await work.run(library.get, data.get("edition"))
        rules = _rules(ed, data.get("rules"), library)
        skills = _skills(ed, data.get("skills"))
        mods = [str(Path(p).resolve()) for p in library.mods] if ed.id == library.edition else []
        g = await work.run(Game, ed, _int(data.get("seed", 0), "seed"), str(data.get("human", "home")), agent_spec(data.get("agent", "coach")), rules, skills, mods)
        gid = str(next(numbers))
        games[gid] = g
        while len(games) > MAX_GAMES:
            games.popitem(last=False)
        return JSONResponse({"id": gid, "edition": edition_view(ed), **g.view()})

    async def show_game(request: Request):
        return JSONResponse(game(request).view())

    async def choose(request: Request):
        g, data = game(request), await json_body(request)
        await work.run(g.choose, _int(data.get("index"), "index"))
        return JSONResponse(g.view())

    async def undo(request: Request):
        g = game(request)
        await work.run(g.undo)
        return JSONResponse(g.view())

    async def odds(request: Request):
        g = game(request)
        return JSONResponse({"options": await work.run(g.odds), "agent": AGENT})

    async def progress(request: Request):
        return JSONResponse(game(request).working())

    async def log(request: Request):
        g = game(request)
        lines = [json.dumps({"kind": "header", **g.header()}, sort_keys=True)]
        lines += [json.dumps(e, sort_keys=True) for e in plain(g.state.events)]
        name = f"{g.ed.id.replace('/', '-')}-seed{g.seed}.jsonl"
        return PlainTextResponse("\n".join(lines) + "\n", headers={"Content-Disposition": f'attachment; filename="{name}"'})

    routes = [
        Route("/", index),
        Route("/api/config", guarded(config)),
        Route("/api/edition/{eid:path}", guarded(edition)),
        Route("/api/replay", guarded(new_replay), methods=["POST"]),
        Route("/api/games", guarded(new_game), methods=["POST"]),
        Route("/api/games/{gid}", guarded(show_game), methods=["GET"]),
        Route("/api/games/{gid}/choose", guarded(choose), methods=["POST"]),
        Route("/api/games/{gid}/undo", guarded(undo), methods=["POST"]),
        Route("/api/games/{gid}/log", guarded(log), methods=["GET"]),
        Route("/api/games/{gid}/odds", guarded(odds), methods=["GET"]),
        Route("/api/games/{gid}/progress", guarded(progress), methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return guard(Starlette(routes=routes), served)


def _int(value: Json, what: str) -> int:
    if not _is_int(value):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    return value


def _rules(ed: Edition, asked: Json, library: Library) -> list[str]:
    """The advanced rules asked for (each checked), else the served ones, plus the edition's defaults."""
    wanted = library.rules if asked is None else asked
    if not isinstance(wanted, list):
        raise ValueError("rules must be a list of rule names")
    try:
        return ed.rules_on(wanted)
    except FubaError as e:
        raise ValueError(e.diagnostics[0].message) from None


def _skills(ed: Edition, asked: Json) -> dict[str, list[str]]:
    asked = asked or {}
    if not isinstance(asked, dict):
        raise ValueError("skills must be {home: [...], away: [...]}")
    out = {}
    for t in TEAMS:
        names = asked.get(t) or []
        if not isinstance(names, list):
            raise ValueError(f"skills of {t} must be a list of skill names")
        for s in names:
            try:
                ed.check_skill(s)
            except FubaError as e:
                raise ValueError(e.diagnostics[0].message) from None
        out[t] = list(names)
    return out


def _replay(library: Library, data: dict) -> dict:
    if "log" in data or "path" in data:
        header, events = _read(library, data)
        if not header.get("edition"):
            raise ValueError("the log header names no edition")
        ed = library.get(header["edition"])
        rep = replay.from_log(ed, _log_header(ed, header), events)
    else:
        ed = library.get(data.get("edition"))
        agents = data.get("agents") or ["coach", "coach"]
        if not isinstance(agents, list) or len(agents) != 2 or any(a not in AGENTS for a in agents):
            raise ValueError(f"agents must be two of: {', '.join(AGENTS)}")
        header = {"edition": ed.id, "seed": _int(data.get("seed", 0), "seed"), "agents": agents,
                  "rules": _rules(ed, data.get("rules"), library), "skills": _skills(ed, data.get("skills")),
                  "teams": team_names(ed)}
        rep = replay.from_header(ed, header)
    return {**rep.as_json(), "edition": edition_view(ed)}


def _log_header(ed: Edition, header: dict) -> dict:
    """A log header whose match the board can re-run: its rules, skills and answers checked."""
    answers = header.get("answers")
    if answers is not None and not (isinstance(answers, list) and all(_is_int(a) for a in answers)):
        raise ValueError("the log header's answers must be a list of option numbers")
    rules = header.get("rules") or []
    if not (isinstance(rules, list) and all(isinstance(r, str) for r in rules)):
        raise ValueError("the log header's rules must be a list of rule names")
    ed.rules_on(rules, "the log header: ")
    return {**header, "rules": rules, "skills": _skills(ed, header.get("skills"))}


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _read(library: Library, data: dict) -> tuple[dict, list[dict]]:
    """A log uploaded in the request, or read from the folder `fuba serve --logs` offers."""
    if "log" in data:
        name, text = "the uploaded log", data["log"]
        if not isinstance(text, str):
            raise ValueError("log must be the text of a JSON-lines log")
        raw = text.encode("utf-8", "surrogatepass")
    else:
        name = data["path"]
        if not isinstance(name, str):
            raise ValueError("path must be the name of a log in the offered folder")
        if library.logs is None:
            raise Refused(403, "this board reads no file: upload the log, or start it with `fuba serve --logs DIR` to open the logs in DIR by name")
        raw = library.logs.read(name)
    try:
        log = parse_log(raw, name)
    except FubaError as e:
        raise ValueError(e.diagnostics[0].format()) from None
    return log.header, log.events
