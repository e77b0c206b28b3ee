"""How the web answers: a refusal as one line (naming no file of the server), the numbers of a
path, and the route of a page that is only read (GET and HEAD), built in a worker thread so a slow
read never holds the event loop (and with it the wall and every phone). The security headers of
every response are `web/headers.py`'s."""

from __future__ import annotations

import logging
from collections.abc import Callable

from anyio import CapacityLimiter, to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from tourney.errors import AccessError, InvalidInputError, NotInTournamentError, StorageError, TourneyError
from tourney.i18n import N_

HEADERS = {"Cache-Control": "no-store"}
# The largest table, report or event number a path may carry; past it, no such page.
MAX_PATH_NUMBER = 999_999
log = logging.getLogger("uvicorn.error")

Build = Callable[[Request], Response]


class Refused(TourneyError):
    """A request turned away before the app layer: its status and the line to show (`text` a
    catalog message, `params` its parameters: the refusal's page says it in the page's language)."""

    def __init__(self, status: int, text: str, **params: object) -> None:
        super().__init__(text % params if params else text)
        self.status = status
        self.message, self.params = text, params


def page(html: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def refusal(error: TourneyError) -> HTMLResponse:
    """The one-line page of a refused request: a `Refused` with its status, a token's refusal (403,
    naming no token), or an operation's refusal (409)."""
    from tourney.app.floor.console_lang import refusal_translator
    from tourney.app.floor.wall import message_html

    tr = refusal_translator()
    if isinstance(error, Refused):
        status, text = error.status, tr.gettext(error.message, **error.params)
    elif isinstance(error, AccessError):
        # a token's refusal: one whole message of the catalog, or a sentence raised in words
        status, text = 403, tr.words(error.words) if error.words is not None else tr.gettext(str(error))
    else:
        status, text = 409, f"error: {public_text(error)}"
    return page(message_html(tr.gettext("Refused") if status < 500 else tr.gettext("Error"), text, None, ()), status)


def public_text(error: TourneyError) -> str:
    """What a page may say of `error`: a storage error names the server's database file, which
    a phone is not told (the server's terminal is, in one line)."""
    from tourney.app.floor.console_lang import refusal_translator
    from tourney.app.read_models.refusals import error_text

    tr = refusal_translator()  # a console request's `?lang=`, its event's or the browser's language; else English
    if not isinstance(error, StorageError) or isinstance(error, NotInTournamentError):  # a refusal, not a failure
        return error_text(error, tr)
    log.warning("%s", error)
    if "locked" in str(error):
        return tr.gettext("the tournament's database is busy with another change; try again in a moment")
    return tr.gettext("the tournament's database cannot be used right now; the server's terminal says why")


def path_number(text: str) -> int:
    """A table's, report's or event's number in a path: ASCII digits, else a bad request (400: `²`,
    letters, a sign, more digits than any such number has); a number of no table, report or event is
    no page (404)."""
    from tourney.app.input.numbers import whole_number

    if not text.isascii() or not text.isdigit():
        raise Refused(400, N_("a table, report or event number in an address is written with the digits 0-9"))
    if len(text) > len(str(MAX_PATH_NUMBER)):
        raise Refused(400, N_("a table, report or event number in an address has at most %(digits)s digits"),
                      digits=len(str(MAX_PATH_NUMBER)))
    try:
        return whole_number(text, what="a page's number", low=0, high=MAX_PATH_NUMBER)
    except InvalidInputError:
        raise Refused(404, N_("no such page")) from None


def read_route(path: str, build: Build, readers: CapacityLimiter) -> Route:
    """A GET (and HEAD) route answering `build(request)`, run in one of the `readers` threads; a
    `TourneyError` it raises is its `refusal`."""

    async def endpoint(request: Request) -> Response:
        try:
            return await to_thread.run_sync(build, request, limiter=readers)
        except TourneyError as error:
            return refusal(error)

    return Route(path, endpoint, methods=["GET", "HEAD"])
