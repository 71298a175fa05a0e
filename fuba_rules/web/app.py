"""The Starlette app behind `fuba serve`: JSON endpoints and the static page.

Endpoints (all JSON; errors are `{"error": "file:line:col: message"}` with status 400/404):

- `GET  /api/config`: the editions found, the edition and rules `fuba serve` was given, the agents.
- `GET  /api/edition/{id}`: the board, the declared state, teams, rules and skills of an edition.
- `POST /api/replay`: `{"log": text}`, `{"path": file}` or `{"edition", "seed", "agents", "rules", "skills"}`:
  every narrated step of a match with the board at that step.
- `POST /api/games`: `{"edition", "seed", "human", "agent", "rules", "skills"}` starts a match
  against an agent; `GET /api/games/{id}`, `POST .../choose {"index"}`, `POST .../undo`,
  `GET .../log` (a JSON-lines log for `fuba replay` and the replay page).
"""

from __future__ import annotations

import itertools
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import layering
from ..agents import AGENTS
from ..board import TEAMS
from ..diagnostics import Diagnostic, FubaError, did_you_mean
from ..edition import Edition, load_edition
from ..engine.decisions import IllegalChoice
from ..lang.runtime import RuleFault
from ..sim.matchlog import MatchLog, parse_log, read_log
from . import replay
from .session import Game
from .views import edition_view, plain, team_names

STATIC = Path(__file__).parent / "static"
MAX_GAMES = 64  # games kept in memory; the oldest is dropped first


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
    """Editions loaded once and shared; the served edition carries the mods `fuba serve` was given."""

    def __init__(self, root: Path, edition: str | None = None, mods: Sequence[Path] = (), rules: Sequence[str] = ()):
        self.root, self.edition, self.mods, self.rules = root, edition, list(mods), list(rules)
        self.found = list(layering.discover(root))
        self._loaded: dict[str, Edition] = {}
        self._lock = threading.Lock()

    def get(self, edition_id: str | None) -> Edition:
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


def create_app(library: Library) -> Any:
    """The ASGI app serving `library`'s editions."""
    require_web()
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, PlainTextResponse
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    games: OrderedDict[str, Game] = OrderedDict()
    numbers = itertools.count(1)

    def fail(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    def guarded(handler):
        """Input problems become a 400 with the positioned message, never a traceback."""

        async def endpoint(request: Request):
            try:
                return await handler(request)
            except GameMissing as e:
                return fail(404, str(e))
            except FubaError as e:
                return fail(400, "\n".join(d.format() if d.pos else d.message for d in e.diagnostics))
            except RuleFault as e:
                return fail(400, "\n".join(d.format() for d in e.to_error().diagnostics))
            except (IllegalChoice, ValueError, TypeError, KeyError) as e:
                return fail(400, str(e.args[0]) if e.args else type(e).__name__)

        return endpoint

    async def body(request: Request) -> dict:
        try:
            data = await request.json()
        except json.JSONDecodeError:
            raise ValueError("the request body must be JSON") from None
        if not isinstance(data, dict):
            raise ValueError("the request body must be a JSON object")
        return data

    def game(request: Request) -> Game:
        g = games.get(request.path_params["gid"])
        if g is None:
            raise GameMissing(f"no game {request.path_params['gid']} (the server keeps the last {MAX_GAMES})")
        return g

    async def index(request: Request):
        return FileResponse(STATIC / "index.html")

    async def config(request: Request):
        return JSONResponse({"editions": library.found, "edition": library.edition or (library.found[0] if library.found else None),
                             "rules": library.rules, "agents": list(AGENTS), "teams": list(TEAMS)})

    async def edition(request: Request):
        return JSONResponse(edition_view(await _run(library.get, request.path_params["eid"])))

    async def new_replay(request: Request):
        data = await body(request)
        return JSONResponse(await _run(_replay, library, data))

    async def new_game(request: Request):
        data = await body(request)
        ed = await _run(library.get, data.get("edition"))
        rules = _rules(ed, data.get("rules"), library)
        skills = _skills(ed, data.get("skills"))
        g = await _run(Game, ed, _int(data.get("seed", 0), "seed"), str(data.get("human", "home")), str(data.get("agent", "coach")), rules, skills)
        gid = str(next(numbers))
        games[gid] = g
        while len(games) > MAX_GAMES:
            games.popitem(last=False)
        return JSONResponse({"id": gid, "edition": edition_view(ed), **g.view()})

    async def show_game(request: Request):
        return JSONResponse(game(request).view())

    async def choose(request: Request):
        g, data = game(request), await body(request)
        await _run(g.choose, _int(data.get("index"), "index"))
        return JSONResponse(g.view())

    async def undo(request: Request):
        g = game(request)
        await _run(g.undo)
        return JSONResponse(g.view())

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
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes)



async def _run(fn, *args):
    """Run the engine off the event loop: a re-run from the kick-off can take a while."""
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    return value


def _rules(ed: Edition, asked: Any, library: Library) -> list[str]:
    """The advanced rules asked for (each checked), else the served ones, plus the edition's defaults."""
    wanted = library.rules if asked is None else asked
    if not isinstance(wanted, list):
        raise ValueError("rules must be a list of rule names")
    try:
        return ed.rules_on(wanted)
    except FubaError as e:
        raise ValueError(e.diagnostics[0].message) from None


def _skills(ed: Edition, asked: Any) -> dict[str, list[str]]:
    asked = asked or {}
    if not isinstance(asked, dict):
        raise ValueError("skills must be {home: [...], away: [...]}")
    out = {}
    for t in TEAMS:
        names = asked.get(t) or []
        for s in names:
            try:
                ed.check_skill(s)
            except FubaError as e:
                raise ValueError(e.diagnostics[0].message) from None
        out[t] = list(names)
    return out


def _replay(library: Library, data: dict) -> dict:
    if "log" in data or "path" in data:
        header, events = _read(data)
        if not header:
            raise ValueError("the log has no header line, so its edition is unknown")
        ed = library.get(str(header.get("edition")))
        rep = replay.from_header(ed, header, events)
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


def _read(data: dict) -> tuple[dict, list[dict]]:
    """A log from the request's text or from a file the server can read."""
    if "log" in data:
        name, text = "the uploaded log", data["log"]
        if not isinstance(text, str):
            raise ValueError("log must be the text of a JSON-lines log")
    else:
        name = str(data["path"])
        try:
            return _log_parts(read_log(Path(name).expanduser()))
        except FubaError as e:
            raise ValueError(e.diagnostics[0].format() if e.diagnostics[0].pos else e.diagnostics[0].message) from None
    try:
        return _log_parts(parse_log(text.encode("utf-8", "surrogatepass"), name))
    except FubaError as e:
        raise ValueError(e.diagnostics[0].format()) from None


def _log_parts(log: MatchLog) -> tuple[dict, list[dict]]:
    return log.header, log.events
