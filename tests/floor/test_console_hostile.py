"""The hostile sweep over every route of the director's console: the routes are read from
`build_app(..., floor=True)` itself, so a route added later is swept without a line here.

Every gated POST under /director/ or /console/ refuses a wrong token, a table's token (with its own
valid CSRF), a missing or forged CSRF and a CSRF of another link (403), another site's Origin (403),
any body but a plain form (415; multipart too, unless it is an upload), and a form past the bound
(413), storing nothing; an upload route also refuses a file over the CLI's 32 MB (413, declared or
streamed without end like /dev/zero, cut at the bound), keeps only the last part of a file's path,
and shows script in a file's content and name as text. Every GET refuses a wrong or a table's
token (403). No answer is a 500 or names a file of the server, whatever a path's numbers and words
hold. A route's parameters take their values from `SAMPLES`: a route with a parameter it lacks
fails the sweep, naming it, so that whoever adds the route extends the sweep. The floor's app is
served in this process (the rate bound lifted for the sweep)."""

from __future__ import annotations

import html
import re
import secrets
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlencode, urlsplit

import pytest
from floor_support import dump, request, seated_event, sqlite_url
from serve_support import serving_app
from starlette.routing import BaseRoute, Route
from test_console_players import multipart, raw_post
from test_hostile_numbers import HOSTILE, no_traceback

from tourney.app.floor.console_events import ConsoleRead, console_of, open_console
from tourney.app.floor.floor_read import FloorRead, open_floor, read_floor
from tourney.app.floor.tokens import csrf_token
from tourney.app.input.files import MAX_TEXT_BYTES
from tourney.app.store.database import open_db
from tourney.web import gate
from tourney.web.app import build_app
from tourney.web.gate import MAX_BODY, MAX_UPLOAD, GatedRoute

CONSOLE = ("/director/", "/console/")
# A value for each parameter of a route's path (besides {token}, which is the link's). A new
# route whose path has another parameter fails every sweep until it has one here.
SAMPLES = {"event": "1", "report": "1", "table": "1", "kind": "standings"}
NUMBERS = {"event", "report", "table"}  # swept with test_hostile_numbers.HOSTILE, the others with WORDS
WORDS = ["../../etc/passwd", "..", "<script>hostile(7)</script>", "%00", "x" * 5000, "ż", " ", "standings.csv"]
# The valid token of the routes under each first part of a path (a new kind of link: add it here).
VALID_TOKENS: dict[str, Callable[[Floor], str]] = {"director": lambda floor: floor.current().director_link(),
                                                   "console": lambda floor: floor.console().link()}
# The secret each kind of link's CSRF value is derived from.
SECRETS: dict[str, Callable[[Floor], str | None]] = {"director": lambda floor: floor.current().secret,
                                                     "console": lambda floor: floor.console().secret}
# Each upload route's file field and a file it takes.
UPLOADS = {"/director/{token}/players/upload": ("file", b"name\nZenon\n"),
           "/director/{token}/stage/draw": ("ratings", b"name,rating\nAnna,1500\n")}
# The upload routes that show the file they were sent on the sweep's floor (seated: a first draw's
# ratings are refused there before they are read, which tests/floor/test_console_stage.py covers).
PREVIEWING = {"/director/{token}/players/upload"}
WRONG_TOKENS = ["a" * 26, "0", "x" * 300, "ż" * 26, "<script>", "..", "%00"]
# What an answer must never show: the server's files (its database's, its code's), a traceback.
SERVER_FILES = ("Traceback", 'File "', '.py"', ".py, line", "site-packages", "floor.db", "sqlite:", "/tmp/",
                "/usr/", "/home/", "/root/", "/work/")
_PARAMETER = re.compile(r"{(\w+)(?::\w+)?}")


@dataclass(frozen=True)
class Floor:
    base: str
    url: str
    folder: Path
    routes: tuple[Route, ...]  # the app's console routes

    def current(self) -> FloorRead:
        return read_floor(self.url, None)

    def console(self) -> ConsoleRead:
        with open_db(self.url, read_only=True) as database:
            return console_of(database)


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Floor]:
    folder = tmp_path_factory.mktemp("console-hostile")
    url = sqlite_url(folder)
    seated_event(url)
    open_floor(db=url)
    open_console(db=url)
    with pytest.MonkeyPatch.context() as patch, open_db(url, read_only=True) as reader:
        patch.setattr(gate, "RATE", 1_000_000)  # the sweep posts far more than a director may
        app = build_app(reader, None, floor=True, db=url)
        with serving_app(app) as base:
            yield Floor(base, url, folder, console_routes(app.routes))


def console_routes(routes: Sequence[BaseRoute]) -> tuple[Route, ...]:
    return tuple(r for r in routes if isinstance(r, Route) and r.path.startswith(CONSOLE))


def gated(floor: Floor) -> list[GatedRoute]:
    return [r for r in floor.routes if isinstance(r, GatedRoute)]


def pages(floor: Floor) -> list[Route]:
    return [r for r in floor.routes if not isinstance(r, GatedRoute) and r.methods and "GET" in r.methods]


def parameters(path: str) -> list[str]:
    return [found.group(1) for found in _PARAMETER.finditer(path)]


def address(path: str, token: str, **values: str) -> str:
    """`path` with `token` and each parameter's value (`values`, else its sample), quoted."""
    def value(found: re.Match[str]) -> str:
        name = found.group(1)
        if name == "token":
            return quote(token, safe="")
        if name in values:
            return quote(values[name], safe="")
        if name not in SAMPLES:
            pytest.fail(f"the route {path} has the parameter {{{name}}}, which has no sample value: add one to "
                        f"SAMPLES in tests/floor/test_console_hostile.py (and to NUMBERS if it is a number)")
        return SAMPLES[name]
    return _PARAMETER.sub(value, path)


def valid_token(path: str, floor: Floor) -> str:
    part = path.strip("/").split("/", 1)[0]
    if part not in VALID_TOKENS:
        pytest.fail(f"the route {path} is under /{part}/, whose valid token the sweep does not know: add it to "
                    f"VALID_TOKENS in tests/floor/test_console_hostile.py")
    return VALID_TOKENS[part](floor)


def valid_csrf(path: str, token: str, floor: Floor) -> str:
    """The CSRF value the page of `token` (a link of `path`'s kind) carries."""
    return csrf_token(SECRETS[path.strip("/").split("/", 1)[0]](floor) or "", token)


def harmless(status: int, body: str) -> list[str]:
    """What is wrong with an answer: a 500, or a word naming the server's files."""
    wrong = [f"status {status}"] if status >= 500 else []
    return wrong + [f"shows {marker!r}" for marker in SERVER_FILES if marker in body]


def test_every_parameter_of_every_route_has_a_sample(floor: Floor) -> None:
    missing = sorted({f"{route.path}: {{{name}}}" for route in floor.routes for name in parameters(route.path)
                      if name != "token" and name not in SAMPLES})
    assert not missing, ("routes with a parameter of no sample value (add one to SAMPLES in "
                         f"tests/floor/test_console_hostile.py): {missing}")
    assert not [route.path for route in floor.routes if "token" not in parameters(route.path)], \
        "a console route without the link's {token}"
    for route in floor.routes:
        valid_token(route.path, floor)


def test_the_sweep_finds_the_console_s_routes(floor: Floor) -> None:
    """The enumeration is not empty by mistake: the routes of every console slice are in it."""
    paths = {route.path for route in floor.routes}
    assert {"/director/{token}/players/upload", "/director/{token}/log/undo/{event}", "/director/{token}/stage/draw",
            "/director/{token}/print/{kind}", "/director/{token}/export/backup", "/director/{token}/results/entry",
            "/director/{token}/log/correct/{event}", "/console/{token}/", "/console/{token}/new"} <= paths
    assert len(gated(floor)) >= 12 and len(pages(floor)) >= 8


def post_each(floor: Floor, send: Callable[[GatedRoute, str, str], tuple[int, str]]) -> dict[str, int]:
    """`send(route, url, csrf)` for every gated route, with the director's valid token in its URL;
    the statuses by route; fails on a harmful answer."""
    statuses, harmed = {}, []
    for route in gated(floor):
        token = valid_token(route.path, floor)
        status, body = send(route, floor.base + address(route.path, token), valid_csrf(route.path, token, floor))
        statuses[route.path] = status
        harmed += [f"{route.path}: {wrong}" for wrong in harmless(status, body)]
    assert not harmed
    return statuses


def refused_all(statuses: dict[str, int], wanted: int) -> None:
    others = {path: status for path, status in statuses.items() if status != wanted}
    assert not others, f"answered otherwise than {wanted}: {others}"


def test_a_plain_form_with_the_valid_token_and_csrf_passes_the_gate(floor: Floor) -> None:
    """The sweep's control: what the refusals below change is what they are refused for."""
    before = dump(floor.url)
    statuses = post_each(floor, lambda _route, url, csrf: request(url, data={"csrf": csrf}))
    assert not {path: status for path, status in statuses.items() if status in (403, 413, 415)}
    after = dump(floor.url)  # a form of nothing but the CSRF enters nothing (it may pin the wall to its rotation)
    assert {name: rows for name, rows in after.items() if name != "setting"} == \
        {name: rows for name, rows in before.items() if name != "setting"}


def test_a_wrong_or_a_table_s_token_is_refused(floor: Floor) -> None:
    before = dump(floor.url)
    current = floor.current()
    table = current.table_link(1)
    for wrong in [*WRONG_TOKENS, table]:
        def send(route: GatedRoute, url: str, csrf: str, wrong: str = wrong) -> tuple[int, str]:
            csrf = csrf_token(current.secret or "", wrong)  # the wrong token's own CSRF: the token is refused
            return request(url.replace(valid_token(route.path, floor), quote(wrong, safe=""), 1),
                           data={"csrf": csrf, "confirm": "yes", "seen": "999999"})
        refused_all(post_each(floor, send), 403)
    assert dump(floor.url) == before


def test_a_missing_forged_or_borrowed_csrf_is_refused(floor: Floor) -> None:
    before = dump(floor.url)
    current = floor.current()
    borrowed = csrf_token(current.secret or "", current.table_link(1))  # table 1's page's CSRF
    forms: list[dict[str, str | list[str]]] = [{}, {"csrf": ""}, {"csrf": "0" * 26}, {"csrf": borrowed},
                                               {"csrf": ["x", "y"]}]
    for form in forms:
        def send(_route: GatedRoute, url: str, _csrf: str, form: dict[str, str | list[str]] = form) -> tuple[int, str]:
            return request(url, data={**form, "confirm": "yes", "seen": "999999"})
        refused_all(post_each(floor, send), 403)
    assert dump(floor.url) == before


def test_another_site_s_origin_is_refused(floor: Floor) -> None:
    before = dump(floor.url)
    for origin in ("http://evil.example", "null", "http://127.0.0.1.evil.example"):
        def send(_route: GatedRoute, url: str, csrf: str, origin: str = origin) -> tuple[int, str]:
            return request(url, data={"csrf": csrf, "confirm": "yes", "seen": "999999"}, headers={"Origin": origin})
        refused_all(post_each(floor, send), 403)
    assert dump(floor.url) == before


def test_a_body_that_is_no_plain_form_is_refused(floor: Floor) -> None:
    before = dump(floor.url)
    for content_type, body in (("application/json", b'{"csrf": "x"}'), ("text/plain", b"csrf=x"),
                               ("application/xml", b"<csrf>x</csrf>")):
        def send(_route: GatedRoute, url: str, csrf: str, kind: str = content_type,
                 body: bytes = body) -> tuple[int, str]:
            return request(url, data=body.replace(b"x", csrf.encode()), headers={"Content-Type": kind})
        refused_all(post_each(floor, send), 415)

    def as_multipart(route: GatedRoute, url: str, csrf: str) -> tuple[int, str]:
        body, headers = multipart({"csrf": csrf, "confirm": "yes", "seen": "999999"}, "p.csv", b"name\nMallory\n")
        return request(url, data=body, headers=headers)

    statuses = post_each(floor, as_multipart)
    refused_all({path: status for path, status in statuses.items() if path not in UPLOADS}, 415)
    assert dump(floor.url) == before


def test_a_form_past_the_bound_is_refused(floor: Floor) -> None:
    before = dump(floor.url)
    refused_all(post_each(floor, lambda _route, url, csrf: request(
        url, data=f"csrf={csrf}&name=".encode() + b"x" * MAX_BODY)), 413)
    refused_all(post_each(floor, lambda _route, url, csrf: request(
        url, data=urlencode({"csrf": csrf, **{f"f{n}": "x" for n in range(100)}}).encode())), 400)
    assert dump(floor.url) == before


def test_the_upload_routes_are_the_ones_the_sweep_knows(floor: Floor) -> None:
    """A route taking multipart (not refusing it, 415) is an upload: it needs its entry in UPLOADS."""
    def as_multipart(route: GatedRoute, url: str, _csrf: str) -> tuple[int, str]:
        body, headers = multipart({}, "p.csv", b"name\n")
        return request(url, data=body, headers=headers)

    taking = sorted(path for path, status in post_each(floor, as_multipart).items() if status != 415)
    assert taking == sorted(UPLOADS), ("the routes that take a file differ from UPLOADS in "
                                       "tests/floor/test_console_hostile.py: add each with its file field and a file")


def upload_each(floor: Floor, filename: str, data: bytes | None = None) -> dict[str, tuple[int, str]]:
    """`data` (None: each route's sample) posted as `filename` to every upload route, with a valid
    token and CSRF."""
    answers = {}
    for path, (field, sample) in UPLOADS.items():
        token = valid_token(path, floor)
        body, headers = multipart({"csrf": valid_csrf(path, token, floor)}, filename,
                                  sample if data is None else data, field=field)
        answers[path] = request(floor.base + address(path, token), data=body, headers=headers, timeout=60)
    return answers


def test_an_upload_keeps_only_the_last_part_of_a_file_s_path(floor: Floor) -> None:
    before = dump(floor.url)
    for filename, last in (("C:\\Users\\dyr\\Desktop\\lista.csv", "lista.csv"), ("/etc/passwd", "passwd"),
                           ("../../../tmp/x.csv", "x.csv"), ("..\\..\\boot.ini", "boot.ini")):
        for path, (status, body) in upload_each(floor, filename).items():
            shown = html.unescape(body)
            if path not in PREVIEWING:
                assert status < 500 and not harmless(status, body) and "Users" not in shown, path
                continue
            assert status == 200 and not harmless(status, body), path
            assert f"{last}:" in shown and "Users" not in shown and "/etc" not in shown and "..\\" not in shown
            assert "../" not in shown.replace("../..", ""), (path, filename)
    assert dump(floor.url) == before


def test_script_in_an_uploaded_file_and_in_its_name_is_text(floor: Floor) -> None:
    before = dump(floor.url)
    for path, (status, body) in upload_each(floor, "<img src=x onerror=alert(2)>.csv",
                                            b"name,club\n<script>hostile(7)</script>,<b>bold</b>\n").items():
        assert "<script>hostile(7)" not in body and "<img src=x" not in body and "<b>bold" not in body
        if path not in PREVIEWING:
            assert status < 500 and not harmless(status, body), path
            continue
        assert status == 200 and not harmless(status, body), path
        assert "<script>hostile(7)" not in body and "<img src=x" not in body and "<b>bold" not in body
        assert "&lt;script&gt;hostile(7)&lt;/script&gt;" in body and "&lt;img src=x onerror=alert(2)&gt;" in body
    assert dump(floor.url) == before


def test_a_file_over_32_mb_is_refused_declared_or_sent(floor: Floor) -> None:
    before = dump(floor.url)
    for path, (field, _sample) in UPLOADS.items():
        token = valid_token(path, floor)
        csrf = valid_csrf(path, token, floor)
        # Declared: refused at once, on its first bytes.
        body, headers = multipart({"csrf": csrf}, "huge.csv", b"name\n", field=field)
        headers["Content-Length"] = str(MAX_UPLOAD + 1)
        assert " 413 " in raw_post(floor.base, address(path, token), headers, body[:1000])
        # Sent whole: one byte over the CLI's bound (within the form's room) is refused too.
        body, headers = multipart({"csrf": csrf}, "big.csv", b"name\n" + b"a" * (MAX_TEXT_BYTES - 4), field=field)
        status, page = request(floor.base + address(path, token), data=body, headers=headers, timeout=60)
        assert status == 413 and "32 MB" in page and not harmless(status, page)
    assert dump(floor.url) == before


def endless_upload(base: str, path: str, csrf: str, field: str) -> tuple[str, int]:
    """A multipart upload whose file never ends (zeros, like /dev/zero), sent chunked with no
    length: the status line the server answered and the bytes sent until it stopped reading."""
    parts = urlsplit(base)
    boundary = "----tourney" + secrets.token_hex(8)
    head = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="zero.csv"\r\n'
            f"Content-Type: text/csv\r\n\r\n").encode()
    chunk = b"\0" * 2**20
    sent = 0
    with socket.create_connection((parts.hostname or "", parts.port or 80), timeout=30) as client:
        client.sendall(f"POST {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nTransfer-Encoding: chunked\r\n"
                       f"Content-Type: multipart/form-data; boundary={boundary}\r\n\r\n".encode())
        client.sendall(f"{len(head):x}\r\n".encode() + head + b"\r\n")
        answer = client.makefile("rb")
        status: list[str] = []
        reader = threading.Thread(target=lambda: status.append(answer.readline().decode()), daemon=True)
        reader.start()
        while not status and sent < 4 * MAX_UPLOAD:
            try:
                client.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            except OSError:  # the server stopped reading and closed the connection
                break
            sent += len(chunk)
        reader.join(timeout=30)
    return (status or [""])[0], sent


def test_an_endless_file_is_cut_at_the_bound(floor: Floor) -> None:
    before = dump(floor.url)
    for path, (field, _sample) in UPLOADS.items():
        token = valid_token(path, floor)
        status, sent = endless_upload(floor.base, address(path, token), valid_csrf(path, token, floor), field)
        assert " 413 " in status, (path, status)
        # Read no further than the bound (what the sockets' buffers held besides).
        assert MAX_UPLOAD <= sent < MAX_UPLOAD + 16 * 2**20, (path, sent)
    assert dump(floor.url) == before


def test_a_wrong_or_a_table_s_token_gets_no_page(floor: Floor) -> None:
    current = floor.current()
    wrong_answers = []
    for route in pages(floor):
        for wrong in [*WRONG_TOKENS, current.table_link(1)]:
            status, body = request(floor.base + address(route.path, wrong))
            if status != 403 or harmless(status, body):
                wrong_answers.append(f"{route.path} with {wrong[:12]!r}: {status} {harmless(status, body)}")
    assert not wrong_answers


def test_malformed_path_numbers_and_words_are_no_page_and_no_500(floor: Floor) -> None:
    before = dump(floor.url)
    harmed = []
    for route in floor.routes:
        token = valid_token(route.path, floor)
        csrf = valid_csrf(route.path, token, floor)
        for name in parameters(route.path):
            if name == "token":
                continue
            for value in HOSTILE if name in NUMBERS else WORDS:
                url = floor.base + address(route.path, token, **{name: value})
                status, body = (request(url, data={"csrf": csrf}) if isinstance(route, GatedRoute)
                                else request(url))
                no_traceback(status, body)
                if name in NUMBERS and value.strip() and not (value.isascii() and value.isdigit()):
                    harmed += [f"{route.path} {name}={value[:12]!r}: {status}"] if status != 400 else []
                harmed += [f"{route.path} {name}={value[:12]!r}: {wrong}" for wrong in harmless(status, body)]
                if "<script>hostile(7)" in body:
                    harmed.append(f"{route.path} {name}: the script is shown as HTML")
    assert not harmed
    assert dump(floor.url) == before


QUERIES = ["<script>hostile(7)</script>", "²", "-1", "9" * 400, "../../etc/passwd", "%00", "x" * 5000]


def test_hostile_queries_on_every_page_are_no_500(floor: Floor) -> None:
    """What a page reads from its query (a search, a filter, a sheet's paper), whatever it holds."""
    harmed = []
    for route in pages(floor):
        if route.path.endswith("/backup"):
            continue  # it reads no text from its query (`portable` is a flag), and each answer is a backup
        token = valid_token(route.path, floor)
        for value in QUERIES:
            query = urlencode(dict.fromkeys(("q", "rename", "table", "player", "kind", "paper", "links"), value))
            status, body = request(f"{floor.base}{address(route.path, token)}?{query}")
            harmed += [f"{route.path}?…={value[:12]!r}: {wrong}" for wrong in harmless(status, body)]
            if "<script>hostile(7)" in body:
                harmed.append(f"{route.path}: the script is shown as HTML")
    assert not harmed
