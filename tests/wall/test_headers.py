"""Every response of `tourney serve --lan` (the wall's pages, the TV's screens, `/_token`, the
floor's pages, redirects, refusals, 404s, 405s and an unexpected error) carries the security
headers: a Content-Security-Policy without 'unsafe-inline' scripts whose nonce is on each of the
page's inline scripts, no framing by another site, nosniff, and same-origin referrers."""

from __future__ import annotations

import http.client
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "floor"))

from floor_support import seated_event, sqlite_url
from serve_support import serving_app

from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.floor.wall_pages import KINDS
from tourney.app.store.database import open_db
from tourney.web.app import build_app
from tourney.web.site import Site

FRAMED_BY_THE_TV = {"/standings", "/bracket", "/seating"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    url = sqlite_url(tmp_path_factory.mktemp("headers"))
    seated_event(url)
    reports.set_mode("apply", db=url)
    open_floor(db=url)
    with open_db(url, read_only=True) as reader, serving_app(build_app(reader, None, floor=True, db=url)) as base:
        yield base, url


def fetch(base: str, method: str, path: str, body: bytes | None = None,
          content_type: str = "application/x-www-form-urlencoded") -> tuple[int, dict[str, str], str]:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    try:
        headers = {"Content-Type": content_type} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode()
    finally:
        connection.close()


def routes(url: str) -> list[tuple[str, str, bytes | None, str]]:
    current = read_floor(url, None)
    table, director = f"/table/1/{current.table_link(1)}", f"/director/{current.director_link()}"
    form = "application/x-www-form-urlencoded"
    gets = ["/", "/standings", "/bracket", "/seating", "/_token", "/tv", *(f"/tv/{kind}" for kind in KINDS),
            "/tv/nothing", "/nothing", table, "/table/1/not-a-token", f"/table/{quote('²')}/x", director,
            "/director/not-a-token", "/find", "/find?q=an"]
    posts = [("/standings", b"a=1", form), (table, b"kind=result", form), (table, b"{}", "application/json"),
             (f"{director}/advance", b"csrf=forged", form), (f"{director}/undo/1", b"csrf=forged", form)]
    return [("GET", path, None, form) for path in gets] + [("HEAD", "/standings", None, form)] + \
        [("POST", path, body, kind) for path, body, kind in posts]


def check_headers(path: str, status: int, headers: dict[str, str], body: str) -> None:
    where = f"{path} ({status})"
    csp = headers.get("content-security-policy", "")
    assert "default-src 'self'" in csp and "object-src 'none'" in csp and "base-uri 'none'" in csp, where
    scripts = re.search(r"script-src ([^;]*)", csp)
    assert scripts is not None and "'unsafe-inline'" not in scripts.group(1), where
    framed = path.split("?")[0] in FRAMED_BY_THE_TV
    ancestors = "'self'" if framed else "'none'"
    assert f"frame-ancestors {ancestors}" in csp, where
    assert headers.get("x-frame-options") == ("SAMEORIGIN" if framed else "DENY"), where
    assert headers.get("x-content-type-options") == "nosniff", where
    assert headers.get("referrer-policy") == "same-origin", where
    nonce = re.search(r"'nonce-([^']+)'", scripts.group(1))
    assert nonce is not None, where
    for tag in re.findall(r"<script\b[^>]*>", body):
        assert "src=" in tag or f'nonce="{nonce.group(1)}"' in tag, f"{where}: {tag}"
    if headers.get("content-type", "").startswith("text/html") and body:
        assert int(headers["content-length"]) == len(body.encode()), where


def test_every_route_carries_the_security_headers(served: tuple[str, str]) -> None:
    base, url = served
    seen = set()
    for method, path, body, kind in routes(url):
        status, headers, text = fetch(base, method, path, body, kind)
        check_headers(path, status, headers, text)
        seen.add(status)
    assert {200, 307, 403, 404, 405, 415} <= seen  # pages, redirects and refusals alike


def test_a_fresh_nonce_each_response(served: tuple[str, str]) -> None:
    base, _url = served
    nonces = {re.findall(r"'nonce-([^']+)'", fetch(base, "GET", "/tv/standings")[1]["content-security-policy"])[0]
              for _ in range(3)}
    assert len(nonces) == 3


def test_an_unexpected_error_carries_them_and_names_no_detail(served: tuple[str, str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    base, _url = served

    def broken(_site: Site) -> object:
        raise RuntimeError("/srv/secret/friday.db went away")

    monkeypatch.setattr(Site, "snapshot", broken)
    status, headers, text = fetch(base, "GET", "/standings")
    assert status == 500
    check_headers("/standings", status, headers, text)
    assert "/srv/secret" not in text and "Traceback" not in text
