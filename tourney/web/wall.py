"""The wall display's pages (`tourney serve`): standings, bracket and seating, the TV's screens
(`/tv/KIND`) and the token they poll, all GET, all read through the site's read-only database.

Each request takes a snapshot of the tournament and renders the page with a `LiveInfo`: the page
listens to the change feed `/_live` (web/live.py; or polls `/_token`, which answers the same token)
and swaps in the new page; browsers without JavaScript reload by a meta refresh. Also the app's
answers to a missing page (404), a method a page does not take (405: the wall is read-only) and an
unexpected error (one line).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from tourney.app.floor.sheets import has_bracket_sheet, no_bracket_sheet
from tourney.app.floor.wall import NO_EVENT, PAGES, message_html, nav
from tourney.errors import InvalidInputError, TourneyError
from tourney.i18n import N_, normalise, page_language, translator
from tourney.render.pages import LiveInfo
from tourney.web.live import FEED_URL
from tourney.web.pages import public_text, read_route

if TYPE_CHECKING:
    from tourney.app.types import TournamentState
    from tourney.web.site import Site

NAV = PAGES
TOKEN_URL = "/_token"
POLL_MS = 1000  # a result shows on the wall within about a second
REFRESH_SECONDS = 15  # without JavaScript
NO_CACHE = {"Cache-Control": "no-store"}

ErrorHandler = Callable[[Request, Exception], Awaitable[Response]]


def asked_language(request: Request) -> str | None:
    """The language the address asks for (`?lang=ru`), None when it names none tourney speaks."""
    return normalise(request.query_params.get("lang"))


def lang_query(request: Request) -> str:
    """"?lang=ru" when the address asked for a language: kept on the page's links."""
    asked = asked_language(request)
    return f"?lang={asked}" if asked else ""


def _live(current: str, lang: str = "en", query: str = "", state: TournamentState | None = None) -> LiveInfo:
    return LiveInfo(poll_url=TOKEN_URL, token=current, poll_ms=POLL_MS, refresh_seconds=REFRESH_SECONDS,
                    nav=nav(translator(lang), query, state), feed_url=FEED_URL)


def _message(title: str, text: str, status: int, current: str | None = None, *, request: Request | None = None,
             lang: str | None = None, **params: object) -> HTMLResponse:
    """A message page in the page's language (`lang`, else the address's `?lang=`, else English):
    `title` and `text` are msgids, `params` fill the text's parameters."""
    lang = lang or page_language(asked_language(request) if request is not None else None)
    query = lang_query(request) if request is not None else ""
    tr = translator(lang)
    html = message_html(tr.gettext(title), tr.gettext(text, **params),
                        _live(current, lang, query) if current is not None else None, nav(tr, query), lang)
    return HTMLResponse(html, status_code=status, headers=NO_CACHE)


class WallPages:
    """The wall's routes over `site`."""

    def __init__(self, site: Site) -> None:
        self._site = site

    def routes(self) -> list[BaseRoute]:
        readers = self._site.readers
        routes: list[BaseRoute] = [Route("/", _home, methods=["GET", "HEAD"]),
                                   read_route(TOKEN_URL, self.current_token, readers)]
        routes += [read_route(path, self.show, readers) for _label, path in PAGES]
        routes += [Route("/tv", _tv_home, methods=["GET", "HEAD"]), read_route("/tv/{kind}", self.tv, readers)]
        return routes

    def show(self, request: Request) -> Response:
        current = None
        lang = None
        try:
            snap = self._site.snapshot()
            current = snap.token
            lang = page_language(asked_language(request), None, snap.lang)
            if request.url.path == "/bracket" and not has_bracket_sheet(snap.state):  # not offered: none to show
                return _message(N_("Not found"), "%(reason)s", 404, current, request=request, lang=lang,
                                reason=translator(lang).words(no_bracket_sheet(snap.state)))
            live = _live(current, lang, lang_query(request), snap.state)
            return HTMLResponse(self._site.wall.render(request.url.path, snap, live, lang), headers=NO_CACHE)
        except TourneyError as error:
            if self._site.without_event():  # a page like any other, until the first event shows itself
                return _message(*NO_EVENT, 200, "", request=request)
            # Not there yet (no seats drawn) or the database is busy: say so, and keep polling.
            return _message(N_("Not available yet"), "%(reason)s", 503, current if current is not None else "",
                            request=request, lang=lang, reason=public_text(error))

    def current_token(self, _request: Request) -> Response:
        try:
            snap = self._site.snapshot()
        except TourneyError as error:
            if self._site.without_event():  # the no-event page's token: "" until an event exists
                return PlainTextResponse("", headers=NO_CACHE)
            return PlainTextResponse(f"unavailable: {public_text(error)}", status_code=503, headers=NO_CACHE)
        return PlainTextResponse(snap.token, headers=NO_CACHE)

    def tv(self, request: Request) -> Response:
        from tourney.app.floor.wall_pages import KINDS, WallQuery, render_screen

        kind = request.path_params["kind"]
        if kind not in KINDS:
            return _message(N_("Not found"), N_("The wall's screens are %(kinds)s."), 404, request=request,
                            kinds=", ".join(KINDS))
        try:
            snap = self._site.snapshot()
            query = WallQuery.parse(kind, dict(request.query_params), self._site.wall_pin(snap.tournament.uid))
        except InvalidInputError as error:
            return _message(N_("Bad address"), "%(reason)s", 400, request=request, reason=str(error))
        except TourneyError as error:
            if self._site.without_event():
                return _message(*NO_EVENT, 200, "", request=request)
            return _message(N_("Not available yet"), "%(reason)s", 503, "", request=request, reason=public_text(error))
        lang = page_language(query.lang, None, snap.lang)
        return HTMLResponse(render_screen(snap, query, TOKEN_URL, POLL_MS, lang), headers=NO_CACHE)


async def _tv_home(request: Request) -> Response:
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/tv/standings{query}", status_code=307)


async def _home(_request: Request) -> Response:
    return RedirectResponse("/standings", status_code=307)


async def _not_found(request: Request, _exc: Exception) -> Response:
    return _message(N_("Not found"), N_("There is no page at %(path)s. The wall display shows the pages above."), 404,
                    request=request, path=request.url.path)


async def _not_allowed(_request: Request, _exc: Exception) -> Response:
    return PlainTextResponse("the wall display is read-only", status_code=405, headers={"Allow": "GET, HEAD"})


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return await _not_found(request, exc)
    if exc.status_code == 405:
        return await _not_allowed(request, exc)
    return PlainTextResponse(str(exc.detail), status_code=exc.status_code)


async def _server_error(_request: Request, _exc: Exception) -> Response:
    # Never a traceback on the wall, nor a detail of the server (a path): one line, like the CLI;
    # the server's terminal has the traceback.
    return _message(N_("Error"), N_("error: the server could not answer this request"), 500, request=_request)


ERROR_HANDLERS: Mapping[type[Exception], ErrorHandler] = {HTTPException: _http_error, Exception: _server_error}
