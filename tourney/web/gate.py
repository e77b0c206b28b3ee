"""The one gate of every change: a state-changing route is a `GatedRoute`, which turns a request
away before the application sees it unless it passes, in this order,

    rate      at most `RATE` posts per client address in any `RATE_WINDOW` seconds      429
    origin    no `Origin` of another site (a page elsewhere posting through a phone)     403
    form      a plain urlencoded form (415), of at most `MAX_BODY` bytes read (413), whose
              body came in the server's body time (else the server closed it: 408); a route
              declared `upload` takes multipart/form-data too, of at most `MAX_UPLOAD` bytes
    token     the link's token in the path, for the route's `Scope` (a table: its own
              table of the current stage, while it plays; the director's; the console's,
              the database's link that needs no event)                                   403
    csrf      the form's `csrf` field, derived from that very token                      403

and only then calls the route's handler with a `Posted`, in a worker thread bounded apart from
the pages' (a write waiting on the database's lock holds its own request, not the event loop nor
a reader's thread). `tests/floor/test_gate.py` fails on any route that changes state without it.
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from anyio import CapacityLimiter, to_thread
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from tourney.errors import AccessError, TourneyError
from tourney.i18n import N_
from tourney.web.pages import Refused, path_number, refusal

if TYPE_CHECKING:
    from tourney.app.floor.console_events import ConsoleRead
    from tourney.app.floor.floor_read import FloorRead

MAX_BODY = 16 * 1024  # a report is a few hundred bytes
MAX_FIELDS = 64
# An upload's bound: the CLI's largest input file (app/input/files.py), and room for the form around it.
MAX_UPLOAD = 32 * 2**20 + 64 * 1024
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
    CONSOLE = "console"  # /console/{token}/...: the console's link, the database's (its events)


class RateBound:
    """At most `limit` (`RATE`) posts per client address in any `RATE_WINDOW` seconds (used from the
    event loop only)."""

    def __init__(self, limit: int | None = None) -> None:
        self._seen: dict[str, deque[float]] = {}
        self.limit = RATE if limit is None else limit

    def check(self, client: str) -> None:
        now = time.monotonic()
        if len(self._seen) > MAX_CLIENTS:
            self._seen.clear()
        times = self._seen.setdefault(client, deque())
        while times and now - times[0] > RATE_WINDOW:
            times.popleft()
        if len(times) >= self.limit:
            raise Refused(429, N_("too many requests: wait a few seconds"))
        times.append(now)


@dataclass(frozen=True, slots=True)
class Posted:
    """A request through the gate: its form, and the floor as read when its token was checked
    (none for the console's link, which needs no event)."""

    request: Request
    form: Mapping[str, Sequence[str]]
    read: FloorRead | None
    token: str
    table: int  # the table of a table link (0 for the director's)
    files: Mapping[str, Upload] = field(default_factory=dict)  # an upload route's files, by field name

    @property
    def floor(self) -> FloorRead:
        """The floor its table or director token was checked against."""
        if self.read is None:
            raise AccessError(N_("this link is the console's: it names no event"))
        return self.read

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


@dataclass(frozen=True, slots=True)
class Upload:
    """A file of a multipart form: its name as the browser sent it (only its last part is kept: a
    path names nothing on this server) and its bytes."""

    filename: str
    data: bytes


Handler = Callable[[Posted], Response]


class Gate:
    """The checks and the worker threads of a server's changes; `read_floor` reads the floor a
    token is checked against (the tokens' secret and generations, the current stage), and
    `read_console` the console's link (None: no console link works)."""

    def __init__(self, read_floor: Callable[[], FloorRead],
                 read_console: Callable[[], ConsoleRead] | None = None, *, rate: int | None = None) -> None:
        self._read_floor = read_floor
        self._read_console = read_console
        self.rate = RateBound(rate)
        self._writers = CapacityLimiter(WRITERS)

    def route(self, path: str, scope: Scope, handle: Handler, *, upload: bool = False) -> GatedRoute:
        """A gated POST route; `upload`: its form may be multipart/form-data with files."""
        return GatedRoute(path, handle, scope, self, upload=upload)

    async def answer(self, request: Request, scope: Scope, handle: Handler, *, upload: bool = False) -> Response:
        try:
            if upload and _content_type(request) == "multipart/form-data":
                admit(request, self.rate)
                body = await read_body(request, MAX_UPLOAD)
                form, files = await to_thread.run_sync(parse_multipart, request.headers["content-type"], body,
                                                       limiter=self._writers)
                refuse_large_files(files)
            else:
                form, files = await read_form(request, self.rate), {}
            return await to_thread.run_sync(self._checked, request, form, files, scope, handle,
                                            limiter=self._writers)
        except TourneyError as error:
            return refusal(error)

    def _checked(self, request: Request, form: Mapping[str, Sequence[str]], files: Mapping[str, Upload],
                 scope: Scope, handle: Handler) -> Response:
        from tourney.app.floor.floor_forms import field
        from tourney.app.floor.tokens import check_csrf, check_director, check_form, check_table

        token = request.path_params["token"]
        if scope is Scope.CONSOLE:  # the database's link: no event to read (there may be none yet)
            if self._read_console is None:
                raise AccessError(N_("this server has no console"))
            console = self._read_console()
            console.check(token)
            check_form(console.secret, token, field(form, "csrf"))
            return handle(Posted(request, form, None, token, 0, files))
        current = self._read_floor()
        table = 0
        if scope is Scope.TABLE:
            table = path_number(request.path_params["table"])
            check_table(current.store_view(), current.state, table, token)
        else:
            check_director(current.store_view(), token)
        check_csrf(current.store_view(), token, field(form, "csrf"))
        return handle(Posted(request, form, current, token, table, files))


class GatedRoute(Route):
    """A POST route behind `gate`, for the links of `scope`: the only kind of route that may change
    anything."""

    def __init__(self, path: str, handle: Handler, scope: Scope, gate: Gate, *, upload: bool = False) -> None:
        self.token_scope = scope
        self._handle, self._gate, self._upload = handle, gate, upload
        super().__init__(path, self._endpoint, methods=["POST"])

    async def _endpoint(self, request: Request) -> Response:
        return await self._gate.answer(request, self.token_scope, self._handle, upload=self._upload)


def refuse_large_files(files: Mapping[str, Upload]) -> None:
    """A file past the CLI's bound of a file it reads is none tourney reads, whatever route took it (413)."""
    from tourney.app.input.files import MAX_TEXT_BYTES

    if any(len(file.data) > MAX_TEXT_BYTES for file in files.values()):
        raise Refused(413, N_("that file is larger than %(size)s MB: not a file tourney reads"),
                      size=MAX_TEXT_BYTES // 2**20)


def _declared_length(text: str, bound: int) -> int:
    """A `Content-Length` as a number; one that is none counts as too large."""
    from tourney.app.input.numbers import whole_number
    from tourney.errors import InvalidInputError

    try:
        return whole_number(text, what="Content-Length")
    except InvalidInputError:
        return bound + 1


def _content_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip()


async def read_form(request: Request, rate: RateBound) -> dict[str, list[str]]:
    """The posted form, once the rate, the origin, the content type and the size pass."""
    admit(request, rate)
    if _content_type(request) != "application/x-www-form-urlencoded":
        raise Refused(415, N_("a report is a plain form"))
    body = await read_body(request, MAX_BODY)
    try:
        return parse_qs(body.decode("utf-8"), max_num_fields=MAX_FIELDS, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, N_("the form cannot be read")) from None


def admit(request: Request, rate: RateBound) -> None:
    """A post within the rate, sent by no other site's page."""
    rate.check(request.client.host if request.client else "?")
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host", ""):
        raise Refused(403, N_("this form was not sent by the floor's own page"))


async def read_body(request: Request, bound: int) -> bytes:
    """The body of a post, of at most `bound` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and _declared_length(declared, bound) > bound:
        raise Refused(413, N_("request too large"))
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > bound:
                raise Refused(413, N_("request too large"))
    except ClientDisconnect:  # gone, or closed by the server for a body late (web/server.py)
        raise Refused(408, N_("the form did not arrive in time")) from None
    return bytes(body)


def parse_multipart(content_type: str, body: bytes) -> tuple[dict[str, list[str]], dict[str, Upload]]:
    """The text fields and the files of a multipart/form-data body (read with the standard library's
    MIME parser: python-multipart is not a dependency); a body that is none is a 400."""
    from email.message import Message
    from email.parser import BytesParser

    message = BytesParser().parsebytes(b"Content-Type: " + content_type.encode("latin-1")
                                                  + b"\r\n\r\n" + body)
    if not message.is_multipart():
        raise Refused(400, N_("the form cannot be read"))
    form: dict[str, list[str]] = {}
    files: dict[str, Upload] = {}
    parts = message.get_payload()
    if not isinstance(parts, list) or len(parts) > MAX_FIELDS:
        raise Refused(400, N_("the form cannot be read"))
    for part in parts:
        if not isinstance(part, Message):
            raise Refused(400, N_("the form cannot be read"))
        name = part.get_param("name", header="content-disposition")
        name = _header_text(name) if isinstance(name, str) else None
        filename = _file_name(str(part.get("content-disposition", "")))
        data = part.get_payload(decode=True)
        if not isinstance(name, str) or not isinstance(data, bytes):
            raise Refused(400, N_("the form cannot be read"))
        if filename is not None:
            files[name] = Upload(filename, data)
            continue
        try:
            form.setdefault(name, []).append(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise Refused(400, N_("the form cannot be read")) from None
    return form, files



_FILENAME = re.compile(r'(?:^|;)\s*filename="([^"]*)"', re.IGNORECASE)


def _header_text(text: str) -> str:
    """A header's text as the browser meant it: UTF-8 bytes the MIME parser kept as surrogates."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _file_name(disposition: str) -> str | None:
    """The last part of an upload's file name, None for a field that is no file. Read from the raw
    header: a browser sends a Windows path's backslashes as they are (and a quote as %22), which
    the MIME parser would take for escapes. A path names nothing on this server: only its end is kept."""
    found = _FILENAME.search(disposition)
    if found is None:
        return None
    return _header_text(found.group(1)).replace("\\", "/").rsplit("/", 1)[-1]
