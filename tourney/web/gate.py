"""The one gate of every change: a state-changing route is a `GatedRoute`, which turns a request
away before the application sees it unless it passes, in this order,

    rate      at most `RATE` posts per client address in any `RATE_WINDOW` seconds      429
    origin    no `Origin` of another site (a page elsewhere posting through a phone)     403
    form      a plain urlencoded form (415), of at most `MAX_BODY` bytes read (413), whose
              body came in the server's body time (else the server closed it: 408)
    token     the link's token in the path, for the route's `Scope` (a table: its own
              table of the current stage, while it plays; the director's)               403
    csrf      the form's `csrf` field, derived from that very token                      403

and only then calls the route's handler with a `Posted`, in a worker thread bounded apart from
the pages' (a write waiting on the database's lock holds its own request, not the event loop nor
a reader's thread). `tests/floor/test_gate.py` fails on any route that changes state without it.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from anyio import CapacityLimiter, to_thread
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from tourney.errors import TourneyError
from tourney.web.pages import Refused, path_number, refusal

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead

MAX_BODY = 16 * 1024  # a report is a few hundred bytes
MAX_FIELDS = 64
RATE = 30  # posts per client address
RATE_WINDOW = 10.0  # seconds
MAX_CLIENTS = 4096  # addresses remembered by the rate bound (a venue has fewer phones)
# Changes at once. They queue on the database's write lock anyway; past these a change waits for a
# thread, and the pages, in threads of their own, keep answering.
WRITERS = 2


class Scope(Enum):
    """Whose link a gated route's path carries in `{token}`."""

    TABLE = "table"  # /table/{table}/{token}...: that table's link
    DIRECTOR = "director"  # /director/{token}...: the director's link


class RateBound:
    """At most `RATE` posts per client address in any `RATE_WINDOW` seconds (used from the event
    loop only)."""

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


@dataclass(frozen=True, slots=True)
class Posted:
    """A request through the gate: its form, and the floor as read when its token was checked."""

    request: Request
    form: Mapping[str, Sequence[str]]
    floor: FloorRead
    token: str
    table: int  # the table of a table link (0 for the director's)

    def field(self, name: str) -> str:
        from tourney.app.floor.floor_forms import field

        return field(self.form, name)

    def number(self, name: str) -> int:
        """The number in the path's `{name}` (a report's, an event's)."""
        return path_number(self.request.path_params[name])

    @property
    def origin(self) -> str:
        """This server as the request named it (for the links the director's page shows)."""
        request = self.request
        return f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"


Handler = Callable[[Posted], Response]


class Gate:
    """The checks and the worker threads of a server's changes; `read_floor` reads the floor a
    token is checked against (the tokens' secret and generations, the current stage)."""

    def __init__(self, read_floor: Callable[[], FloorRead]) -> None:
        self._read_floor = read_floor
        self.rate = RateBound()
        self._writers = CapacityLimiter(WRITERS)

    def route(self, path: str, scope: Scope, handle: Handler) -> GatedRoute:
        return GatedRoute(path, handle, scope, self)

    async def answer(self, request: Request, scope: Scope, handle: Handler) -> Response:
        try:
            form = await read_form(request, self.rate)
            return await to_thread.run_sync(self._checked, request, form, scope, handle, limiter=self._writers)
        except TourneyError as error:
            return refusal(error)

    def _checked(self, request: Request, form: Mapping[str, Sequence[str]], scope: Scope, handle: Handler) -> Response:
        from tourney.app.floor.floor_forms import field
        from tourney.app.floor.tokens import check_csrf, check_director, check_table

        current = self._read_floor()
        token = request.path_params["token"]
        table = 0
        if scope is Scope.TABLE:
            table = path_number(request.path_params["table"])
            check_table(current.store_view(), current.state, table, token)
        else:
            check_director(current.store_view(), token)
        check_csrf(current.store_view(), token, field(form, "csrf"))
        return handle(Posted(request, form, current, token, table))


class GatedRoute(Route):
    """A POST route behind `gate`, for the links of `scope`: the only kind of route that may change
    anything."""

    def __init__(self, path: str, handle: Handler, scope: Scope, gate: Gate) -> None:
        self.token_scope = scope
        self._handle, self._gate = handle, gate
        super().__init__(path, self._endpoint, methods=["POST"])

    async def _endpoint(self, request: Request) -> Response:
        return await self._gate.answer(request, self.token_scope, self._handle)


def _declared_length(text: str) -> int:
    """A `Content-Length` as a number; one that is none counts as too large."""
    from tourney.app.input.numbers import whole_number
    from tourney.errors import InvalidInputError

    try:
        return whole_number(text, what="Content-Length")
    except InvalidInputError:
        return MAX_BODY + 1


async def read_form(request: Request, rate: RateBound) -> dict[str, list[str]]:
    """The posted form, once the rate, the origin, the content type and the size pass."""
    rate.check(request.client.host if request.client else "?")
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host", ""):
        raise Refused(403, "this form was not sent by the floor's own page")
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
        raise Refused(415, "a report is a plain form")
    declared = request.headers.get("content-length")
    if declared is not None and _declared_length(declared) > MAX_BODY:
        raise Refused(413, "request too large")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise Refused(413, "request too large")
    except ClientDisconnect:  # gone, or closed by the server for a body late (web/server.py)
        raise Refused(408, "the form did not arrive in time") from None
    try:
        return parse_qs(body.decode("utf-8"), max_num_fields=MAX_FIELDS, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "the form cannot be read") from None

