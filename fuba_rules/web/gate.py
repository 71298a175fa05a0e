"""Only pages this board serves may use it: Host and Origin must name the address served.

A page on any web site can make the browser send requests to 127.0.0.1 (a form, or a
`text/plain` fetch, needs no permission), and DNS rebinding points a foreign name at this
computer. So each request must name the served address in `Host` (a loopback name or the
bound address, with the served port), and a request carrying an `Origin` must come from
that same address. The rest get a 403 saying why. No CORS header is ever sent, so a
browser never lets a foreign page read an answer.
"""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import attrs

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD = frozenset({"0.0.0.0", "::", ""})  # noqa: S104 - names of "every address", compared, never bound here


@attrs.frozen
class Served:
    """The address `fuba serve` listens on: the bound host and the port."""

    host: str
    port: int

    @property
    def url(self) -> str:
        host = "localhost" if self.host in WILDCARD else self.host
        return f"http://{'[' + host + ']' if ':' in host else host}:{self.port}/"

    def names(self, host: str) -> bool:
        """Whether `host` (no port, brackets removed, lower case) is this server's name."""
        if host in LOOPBACK or host == self.host.lower():
            return True
        if self.host in WILDCARD:  # bound to every address: any address literal, never a name
            try:
                ipaddress.ip_address(host)
            except ValueError:
                return False
            return True
        return False

    def is_me(self, netloc: str, default_port: int = 80) -> bool:
        """Whether `host[:port]` names this server and its port."""
        try:
            parts = urlsplit(f"//{netloc}")
            host, port = (parts.hostname or "").rstrip("."), parts.port or default_port
        except ValueError:
            return False
        if parts.netloc != netloc or "@" in netloc:  # a path, a query or a user: not a plain host
            return False
        return port == self.port and self.names(host)

    def refusal(self, host: str | None, origin: str | None, fetch_site: str | None = None, fetch_mode: str | None = None) -> str | None:
        """Why a request with these headers is refused, or None when it may be served.
        `fetch_site` and `fetch_mode` are the browser's `Sec-Fetch-Site` and `Sec-Fetch-Mode`:
        a page of another site may link to the board, but not fetch from it (not even an image)."""
        if not host or not self.is_me(host):
            return (f"refused: Host {host!r} is not this board's address; open {self.url} "
                    "(a page of another site, or a name that points here, may not use the board)")
        if fetch_site == "cross-site" and fetch_mode != "navigate":
            return f"refused: a page of another site may not use this board; only the pages it serves at {self.url} may"
        if origin is None:
            return None  # not sent by a page of another site: browsers send Origin on every cross-site request that matters
        parts = urlsplit(origin)
        if parts.scheme != "http" or parts.path not in ("", "/") or not self.is_me(parts.netloc):
            return f"refused: a page from {origin!r} may not use this board; only the pages it serves at {self.url} may"
        return None


def guard(app: ASGIApp, served: Served) -> ASGIApp:
    """`app` behind the Host and Origin check: refused requests get a 403 with the reason."""
    from starlette.datastructures import Headers
    from starlette.responses import JSONResponse

    async def checked(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = Headers(scope=scope)
            why = served.refusal(headers.get("host"), headers.get("origin"), headers.get("sec-fetch-site"), headers.get("sec-fetch-mode"))
            if why is not None:
                await JSONResponse({"error": why}, status_code=403)(scope, receive, send)
                return
        await app(scope, receive, send)

    return checked
