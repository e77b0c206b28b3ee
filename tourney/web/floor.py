"""The floor's routes (issue 18), added to the wall display's Starlette app by `tourney serve --lan`.

    GET  /table/N/TOKEN              a table's phone page          POST: a report (tourney.app.reports.submit)
    GET  /director/TOKEN             the director's page
    POST /director/TOKEN/reports/ID  accept or reject a pending report
    POST /director/TOKEN/advance     advance (first a confirmation, as the desk would ask)
    POST /director/TOKEN/undo/ID     undo an entry (first a confirmation)
    POST /director/TOKEN/pin         pin the TV wall to one screen kind (kind=""): rotate again)
    GET  /find?q=LETTERS             a player's seat, table, path and rank (read-only, no token)

Every change is a POST carrying its link's token (in the path) and a CSRF token derived from it
(in the form); a request from another site's page (an Origin that is not ours), a body over
`MAX_BODY` or a client over `RATE` posts in `RATE_WINDOW` seconds is refused before the app layer
sees it. A refused token is a 403 that names no token; the server never logs a URL.
Handlers run inline like the wall's (one thread touches the storage cache).
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from tourney.errors import AccessError, TourneyError

if TYPE_CHECKING:
    from tourney.app.floor_read import FloorRead
    from tourney.app.types import Database

MAX_BODY = 16 * 1024  # a report is a few hundred bytes
MAX_FIELDS = 64
RATE = 30  # posts per client address
RATE_WINDOW = 10.0  # seconds
MAX_CLIENTS = 4096  # addresses remembered by the rate bound (a venue has fewer phones)
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",  # a link's token never leaves in a Referer to another site
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'",
}


class Refused(TourneyError):
    """A request turned away before the app layer: its status and the line to show."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status


class RateBound:
    """At most `RATE` posts per client address in any `RATE_WINDOW` seconds."""

    def __init__(self) -> None:
        self._seen: dict[str, deque[float]] = {}

    def check(self, client: str) -> None:
        now = time.monotonic()
        if len(self._seen) > MAX_CLIENTS:
            self._seen.clear()
        times = self._seen.setdefault(client, deque())
        while times and now - times[0] > RATE_WINDOW:
            times.popleft()
        if len(times) >= RATE:
            raise Refused(429, "too many requests: wait a few seconds")
        times.append(now)


def _page(html: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def _plain(status: int, text: str) -> HTMLResponse:
    from tourney.app.wall import message_html

    return _page(message_html("Refused" if status < 500 else "Error", text, None, ()), status)


async def _form(request: Request, rate: RateBound) -> dict[str, list[str]]:
    """The posted form, after the checks every POST passes (origin, type, size, rate)."""
    rate.check(request.client.host if request.client else "?")
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host", ""):
        raise Refused(403, "this form was not sent by the floor's own page")
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
        raise Refused(415, "a report is a plain form")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise Refused(413, "request too large")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(413, "request too large")
    try:
        return parse_qs(body.decode("utf-8"), max_num_fields=MAX_FIELDS, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "the form cannot be read") from None


def _one(form: dict[str, list[str]], name: str) -> str:
    values = form.get(name, [])
    return values[0] if len(values) == 1 else ""


def _number(text: str) -> int:
    if not text.isdigit() or len(text) > 6:
        raise Refused(404, "no such page")
    return int(text)


def floor_routes(db: str | None, tournament: str | None, reader: Database | None = None) -> list[BaseRoute]:
    """The floor's routes over the database `db`: each change is an operation (which opens it);
    pages are read through `reader` (the wall's read-only database, open for the server's life)
    when given, else by opening `db`."""
    from tourney.app.floor_pages import director_page, lookup_page, table_page
    from tourney.app.floor_read import floor_of, read_floor
    from tourney.app.tokens import check_csrf, check_director, check_table, same

    rate = RateBound()

    def floor() -> FloorRead:
        return floor_of(reader, tournament) if reader is not None else read_floor(db, tournament)

    def table_of(request: Request, current: FloorRead) -> int:
        number = _number(request.path_params["table"])
        check_table(current.store_view(), current.state, number, request.path_params["token"])
        return number

    async def guarded(request: Request, handle: Handler) -> Response:
        try:
            return await handle(request)
        except Refused as refused:
            return _plain(refused.status, str(refused))
        except AccessError as error:
            return _plain(403, str(error))
        except TourneyError as error:
            return _plain(409, f"error: {error}")

    async def show_table(request: Request) -> Response:
        current = floor()
        try:
            number = table_of(request, current)
        except AccessError as error:
            return await _table_finished(request, current, error)
        return _page(table_page(current, number))

    async def _table_finished(request: Request, current: FloorRead, error: AccessError) -> Response:
        # A finished table's own (still valid) link shows the table, with nothing left to report.
        number = _number(request.path_params["table"])
        if (1 <= number <= len(current.state.tables) and current.secret
                and same(request.path_params["token"], current.table_link(number))):
            return _page(table_page(current, number, notice=str(error), ok=True))
        raise error

    async def post_table(request: Request) -> Response:
        from tourney.app.reports import TableReport, submit

        form = await _form(request, rate)
        current = floor()
        number = _number(request.path_params["table"])
        token = request.path_params["token"]
        check_table(current.store_view(), current.state, number, token)
        check_csrf(current.store_view(), token, _one(form, "csrf"))
        kind, names = _one(form, "kind"), form.get("player", [])
        if kind == "winner":  # a duel's game: the loser is the other player
            seats = current.state.tables[number - 1].seats
            others = [p for p in seats if names != [p]]
            kind, names = "result", others if len(others) == 1 else []
        elif kind == "chips":
            counts = form.get("count", [])
            if len(counts) != len(names):
                raise Refused(400, "every player needs a chip count")
            names = [f"{name}={count}" for name, count in zip(names, counts, strict=True)]
        report = TableReport(number, token, kind, names, _one(form, "at"), _one(form, "key"), _one(form, "device"))
        try:
            done = submit(report, db=db, tournament=tournament)
        except AccessError:
            raise
        except TourneyError as error:
            return _page(table_page(floor(), number, notice=str(error), ok=False), 409)
        return _page(table_page(floor(), number, notice=done.text, ok=True))

    def director_of(request: Request) -> FloorRead:
        current = floor()
        check_director(current.store_view(), request.path_params["token"])
        return current

    def origin(request: Request) -> str:
        return f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"

    async def show_director(request: Request) -> Response:
        return _page(director_page(director_of(request), origin=origin(request)))

    async def post_report(request: Request) -> Response:
        from tourney.app.reports import accept, reject

        form = await _form(request, rate)
        current = director_of(request)
        check_csrf(current.store_view(), request.path_params["token"], _one(form, "csrf"))
        number = _number(request.path_params["report"])
        decision = _one(form, "decision")
        if decision not in ("accept", "reject"):
            raise Refused(400, "accept or reject")
        try:
            if decision == "accept":
                settled = accept(number, db=db, tournament=tournament)
                notice = f"Report {number} entered as event {settled.report.event}."
                if settled.rejected:
                    notice += f" Rejected the disputing report {', '.join(str(r.id) for r in settled.rejected)}."
            else:
                reject(number, db=db, tournament=tournament)
                notice = f"Report {number} rejected."
        except TourneyError as error:
            return _page(director_page(floor(), notice=str(error), ok=False, origin=origin(request)), 409)
        return _page(director_page(floor(), notice=notice, origin=origin(request)))

    async def post_advance(request: Request) -> Response:
        from tourney.app.seating import advance

        form = await _form(request, rate)
        current = director_of(request)
        check_csrf(current.store_view(), request.path_params["token"], _one(form, "csrf"))
        if _one(form, "confirm") != "yes":
            return _page(director_page(current, confirm_advance=True, origin=origin(request)))
        try:
            advance(db=db, tournament=tournament)
        except TourneyError as error:
            return _page(director_page(floor(), notice=str(error), ok=False, origin=origin(request)), 409)
        # New tables, new links: the page the director goes back to shows them.
        return RedirectResponse(f"/director/{request.path_params['token']}", status_code=303, headers=HEADERS)

    async def post_undo(request: Request) -> Response:
        from tourney.app.corrections import undo

        form = await _form(request, rate)
        current = director_of(request)
        check_csrf(current.store_view(), request.path_params["token"], _one(form, "csrf"))
        number = _number(request.path_params["event"])
        if _one(form, "confirm") != "yes":
            return _page(director_page(current, confirm_undo=number, origin=origin(request)))
        try:
            done = undo(number, db=db, tournament=tournament)
        except TourneyError as error:
            return _page(director_page(floor(), notice=str(error), ok=False, origin=origin(request)), 409)
        notice = f"Undone: event {', '.join(str(e.id) for e in done.reverted)}."
        return _page(director_page(floor(), notice=notice, origin=origin(request)))

    async def post_pin(request: Request) -> Response:
        from tourney.app.floor_read import pin_wall

        form = await _form(request, rate)
        current = director_of(request)
        check_csrf(current.store_view(), request.path_params["token"], _one(form, "csrf"))
        kind = _one(form, "kind")
        try:
            pinned = pin_wall(kind, db=db, tournament=tournament)
        except TourneyError as error:
            return _page(director_page(floor(), notice=str(error), ok=False, origin=origin(request)), 409)
        notice = f"The wall is pinned to {kind}." if pinned.wall_pin else "The wall rotates through every screen."
        return _page(director_page(pinned, notice=notice, origin=origin(request)))

    async def find(request: Request) -> Response:
        return _page(lookup_page(floor(), request.query_params.get("q", "")))

    def route(path: str, handle: Handler, methods: list[str]) -> Route:
        async def endpoint(request: Request) -> Response:
            return await guarded(request, handle)

        return Route(path, endpoint, methods=methods)

    return [
        route("/table/{table}/{token}", show_table, ["GET", "HEAD"]),
        route("/table/{table}/{token}", post_table, ["POST"]),
        route("/director/{token}", show_director, ["GET", "HEAD"]),
        route("/director/{token}/reports/{report}", post_report, ["POST"]),
        route("/director/{token}/advance", post_advance, ["POST"]),
        route("/director/{token}/undo/{event}", post_undo, ["POST"]),
        route("/director/{token}/pin", post_pin, ["POST"]),
        route("/find", find, ["GET", "HEAD"]),
    ]


if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    Handler = Callable[[Request], Awaitable[Response]]
