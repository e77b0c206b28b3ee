"""Malformed numbers in every number a URL or a form carries (superscripts, other scripts' digits,
4,301 digits, signs, spaces, hex) are a 400 (digits past any table: no page, 404; a TV's number
out of range is brought into range, an empty one is its default), never a 500,
and no answer shows a traceback. The floor's app served in this process, so the rate bound can be
lifted for the sweep."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from urllib.parse import quote, urlencode, urlsplit

import pytest
from floor_support import hidden, request, seated_event, sqlite_url
from serve_support import serving_app

from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.floor.wall_pages import KINDS
from tourney.app.store.database import open_db
from tourney.web import gate
from tourney.web.app import build_app

HOSTILE = ["²", "¹", "³", "١٢", "۳", "１", "1" * 4301, "9" * 7, "-1", "+1", "1.0", "1e3", "0x10", "", " ", "1 2",
           "⅕", "Ⅻ", "𝟙", "NaN"]


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    url = sqlite_url(tmp_path_factory.mktemp("numbers"))
    seated_event(url)
    reports.set_mode("apply", db=url)
    open_floor(db=url)
    with pytest.MonkeyPatch.context() as patch, open_db(url, read_only=True) as reader:
        patch.setattr(gate, "RATE", 1_000_000)  # the sweep posts far more than a phone may
        with serving_app(build_app(reader, None, floor=True, db=url)) as base:
            yield base, url


def raw_post(url: str, body: bytes, *, content_length: str) -> tuple[int, str]:
    """A POST whose Content-Length is `content_length` as typed (UTF-8): (status, body)."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname or "", parts.port or 80), timeout=10) as client:
        client.sendall(f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nConnection: close\r\n"
                       f"Content-Type: application/x-www-form-urlencoded\r\n"
                       f"Content-Length: {content_length}\r\n\r\n".encode() + body)
        answer = bytearray()
        while chunk := client.recv(65536):
            answer += chunk
    head, _, rest = bytes(answer).partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), rest.decode("utf-8", "replace")


def no_traceback(status: int, body: str) -> None:
    assert status != 500
    assert "Traceback" not in body and 'File "' not in body and "ValueError" not in body


@pytest.mark.parametrize("number", HOSTILE)
def test_a_malformed_number_in_a_path_is_no_page(floor: tuple[str, str], number: str) -> None:
    base, url = floor
    current = read_floor(url, None)
    director = f"{base}/director/{current.director_link()}"
    csrf = hidden(request(director)[1], "csrf")
    part = quote(number, safe="")
    answers = [
        request(f"{base}/table/{part}/{current.table_link(1)}"),
        request(f"{base}/table/{part}/{current.table_link(1)}", data={"csrf": "x", "kind": "result"}),
        request(f"{director}/reports/{part}", data={"csrf": csrf, "decision": "accept"}),
        request(f"{director}/undo/{part}", data={"csrf": csrf, "confirm": "yes"}),
    ]
    for status, body in answers:
        no_traceback(status, body)
        if number.isascii() and number.isdigit() and len(number) <= 6:
            assert status == 404  # a number, of no table, report or event
        elif number.strip():
            assert status == 400
        else:
            assert status in (400, 404)  # an empty path segment: no such route


@pytest.mark.parametrize("number", HOSTILE)
def test_a_malformed_number_in_a_tv_query_is_a_bad_request(floor: tuple[str, str], number: str) -> None:
    base, _url = floor
    readable = not number.strip() or (number.isascii() and number.isdigit())
    for kind in KINDS:
        for name in ("rows", "page", "rotate"):
            status, body = request(f"{base}/tv/{kind}?{urlencode({name: number})}")
            no_traceback(status, body)
            assert status == (200 if readable else 400), (name, number)
            if not readable:
                assert f"?{name}=" in body  # the answer names what to fix


@pytest.mark.parametrize("number", HOSTILE)
def test_a_malformed_number_in_a_form_is_refused(floor: tuple[str, str], number: str) -> None:
    base, url = floor
    current = read_floor(url, None)
    table = f"{base}/table/1/{current.table_link(1)}"
    page = request(table)[1]
    seats = current.state.tables[0].seats
    form = {"csrf": hidden(page, "csrf"), "at": number, "key": number, "device": number}
    answers = [
        request(table, data={**form, "kind": "chips", "player": list(seats), "count": [number] * len(seats)}),
        request(table, data={**form, "kind": "result", "player": seats[0]}),
        raw_post(table, f"csrf={quote(form['csrf'])}&kind=result".encode(), content_length=number),
    ]
    for status, body in answers:
        no_traceback(status, body)
