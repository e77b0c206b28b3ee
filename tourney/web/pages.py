"""How the web answers: the headers every floor page carries, a refusal as one line, and the route
of a page that is only read (GET and HEAD), built in a worker thread so a slow read never holds the
event loop (and with it the wall and every phone)."""

from __future__ import annotations

from collections.abc import Callable

from anyio import CapacityLimiter, to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from tourney.errors import AccessError, TourneyError

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",  # a link's token never leaves in a Referer to another site
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'",
}

Build = Callable[[Request], Response]


class Refused(TourneyError):
    """A request turned away before the app layer: its status and the line to show."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status


def page(html: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def refusal(error: TourneyError) -> HTMLResponse:
    """The one-line page of a refused request: a `Refused` with its status, a token's refusal (403,
    naming no token), or an operation's refusal (409)."""
    from tourney.app.floor.wall import message_html

    if isinstance(error, Refused):
        status, text = error.status, str(error)
    elif isinstance(error, AccessError):
        status, text = 403, str(error)
    else:
        status, text = 409, f"error: {error}"
    return page(message_html("Refused" if status < 500 else "Error", text, None, ()), status)


def path_number(text: str) -> int:
    """A table's, report's or event's number in a path; anything else is no page at all."""
    if not text.isdigit() or len(text) > 6:
        raise Refused(404, "no such page")
    return int(text)


def read_route(path: str, build: Build, readers: CapacityLimiter) -> Route:
    """A GET (and HEAD) route answering `build(request)`, run in one of the `readers` threads; a
    `TourneyError` it raises is its `refusal`."""

    async def endpoint(request: Request) -> Response:
        try:
            return await to_thread.run_sync(build, request, limiter=readers)
        except TourneyError as error:
            return refusal(error)

    return Route(path, endpoint, methods=["GET", "HEAD"])
