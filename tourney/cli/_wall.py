"""The wall display's web application (`tourney serve`): Starlette, GET only, read-only database.

A front end over `tourney.app.wall`: each request takes a snapshot of the tournament and renders
the page with a `LiveInfo`: the page polls `/_token`, which changes whenever an event is appended,
and swaps in the new page; browsers without JavaScript reload by a meta refresh. Handlers are
`async` and read the database inline: one reader, a few milliseconds a request, and the storage
cache is never touched from two threads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from tourney.app.wall import PAGES, Wall, message_html
from tourney.errors import TourneyError
from tourney.render.pages import LiveInfo

if TYPE_CHECKING:
    from tourney.app.types import Database

NAV = PAGES
TOKEN_URL = "/_token"
POLL_MS = 1000  # a result shows on the wall within about a second
REFRESH_SECONDS = 15  # without JavaScript
NO_CACHE = {"Cache-Control": "no-store"}


def wall_app(database: Database, tournament: str | None) -> Starlette:
    wall = Wall(database, tournament)

    def live(current: str) -> LiveInfo:
        return LiveInfo(poll_url=TOKEN_URL, token=current, poll_ms=POLL_MS, refresh_seconds=REFRESH_SECONDS, nav=NAV)

    def message(title: str, text: str, status: int, current: str | None = None) -> HTMLResponse:
        html = message_html(title, text, live(current) if current is not None else None, NAV)
        return HTMLResponse(html, status_code=status, headers=NO_CACHE)

    async def show(request: Request) -> Response:
        current = None
        try:
            snap = wall.read()
            current = snap.token
            return HTMLResponse(wall.render(request.url.path, snap, live(current)), headers=NO_CACHE)
        except TourneyError as error:
            # Not there yet (no seats drawn) or the database is busy: say so, and keep polling.
            return message("Not available yet", str(error), 503, current if current is not None else "")

    async def current_token(_request: Request) -> Response:
        try:
            snap = wall.read()
        except TourneyError as error:
            return PlainTextResponse(f"unavailable: {error}", status_code=503, headers=NO_CACHE)
        return PlainTextResponse(snap.token, headers=NO_CACHE)

    async def tv(request: Request) -> Response:
        from tourney.app.floor_read import stored_wall_pin
        from tourney.app.wall_pages import KINDS, WallQuery, render_screen

        kind = request.path_params["kind"]
        if kind not in KINDS:
            return message("Not found", f"The wall's screens are {', '.join(KINDS)}.", 404)
        try:
            snap = wall.read()
            query = WallQuery.parse(kind, dict(request.query_params),
                                    stored_wall_pin(wall.database, snap.tournament.uid))
        except TourneyError as error:
            return message("Not available yet", str(error), 503, "")
        return HTMLResponse(render_screen(snap, query, TOKEN_URL, POLL_MS), headers=NO_CACHE)

    async def tv_home(request: Request) -> Response:
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/tv/standings{query}", status_code=307)

    async def home(_request: Request) -> Response:
        return RedirectResponse("/standings", status_code=307)

    async def not_found(request: Request, _exc: Exception) -> Response:
        return message("Not found", f"There is no page at {request.url.path}. The wall display shows the pages above.",
                       404)

    async def not_allowed(_request: Request, _exc: Exception) -> Response:
        return PlainTextResponse("the wall display is read-only", status_code=405, headers={"Allow": "GET, HEAD"})

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 404:
            return await not_found(request, exc)
        if exc.status_code == 405:
            return await not_allowed(request, exc)
        return PlainTextResponse(str(exc.detail), status_code=exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        # Never a traceback on the wall: one line, like the CLI.
        return message("Error", f"error: {exc}", 500)

    routes = [Route("/", home, methods=["GET", "HEAD"]), Route(TOKEN_URL, current_token, methods=["GET", "HEAD"])]
    routes += [Route(path, show, methods=["GET", "HEAD"]) for _label, path in PAGES]
    routes += [Route("/tv", tv_home, methods=["GET", "HEAD"]), Route("/tv/{kind}", tv, methods=["GET", "HEAD"])]
    return Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: server_error})
