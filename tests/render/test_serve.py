"""`tourney serve`: a real server process on a free loopback port, read-only pages, a 404 page, and a
headless Chromium that sees the standings change when a result is entered from another process."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium_support import DevTools, require_tools
from html_support import parse
from log_support import append_events
from serve_support import start_serve
from typer.testing import CliRunner

from tourney.cli import app
from tourney.engine.tournament import draw_seats
from tourney.storage.db import open_database
from tourney.storage.events import create_tournament

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def tourney(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tourney", *args], capture_output=True, text=True, timeout=60,
                          check=False)


def get(url: str, method: str = "GET") -> tuple[int, str]:
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Four players at the final table; Dee has lost four rounds (5 cards, the cap): one more and out.
    Shared by the tests of this module: they only enter results for Ann, and Dee's last one."""
    url = f"sqlite:///{tmp_path_factory.mktemp('wall') / 'wall.db'}"
    with open_database(url) as db:
        create_tournament(db, name="Wall <Night>", game="polish-poker", seed=1)
        append_events(db, make=lambda _s, _r: (("register", {"name": n, "club": None}) for n in PLAYERS))
        append_events(db, make=lambda state, _r: iter([("seat", draw_seats(state, 3))]))
        for _ in range(4):
            append_events(db, make=lambda _s, _r: iter([("result", {"table": 1, "loser": "Dee"})]))
    return url


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[str]:
    base, process = start_serve("--db", database)
    try:
        yield base
    finally:
        process.terminate()
        out, _ = process.communicate(timeout=20)
    assert out.startswith(f"Serving 'Wall <Night>' on {base}/ ")  # loopback by default


def test_pages_are_read_only_and_a_bad_path_is_a_404_page(server: str, database: str) -> None:
    for path in ("/standings", "/bracket", "/seating"):
        status, html = get(server + path)
        assert status == 200, path
        tree = parse(html)
        assert "Wall <Night>" in tree.text()
        refresh = [m for m in tree.find_all("meta") if m.attrs.get("http-equiv") == "refresh"]
        assert len(refresh) == 1 and tree.find_all("noscript")  # without JavaScript: a meta refresh
        assert [a.attrs["href"] for a in tree.find_all("a")] == ["/standings", "/bracket", "/seating"]
    status, html = get(server + "/standings/../../etc/passwd")
    assert status == 404 and "Not found" in parse(html).text()
    status, html = get(server + "/<script>x")
    assert status == 404 and "<script>x" not in html
    before = get(server + "/_token")[1]
    assert get(server + "/standings", "POST")[0] == 405
    assert get(server + "/_token", "DELETE")[0] == 405
    assert get(server + "/_token")[1] == before
    assert tourney("result", "1", "Ann", "--db", database).returncode == 0
    assert get(server + "/_token")[1] != before


def test_a_result_from_another_process_shows_without_reloading(server: str, database: str,
                                                                tmp_path: Path) -> None:
    require_tools()
    dee_place = ("[...document.querySelectorAll('tbody tr')]"
                 ".filter(r => r.cells[1].textContent === 'Dee').map(r => r.cells[5].textContent)[0]")
    with DevTools(tmp_path / "profile") as browser:
        session = browser.open(f"{server}/standings")
        assert browser.wait_for(session, dee_place) == "playing"
        assert browser.evaluate(session, "window.tourneyUpdates") == 0
        entered = tourney("result", "1", "Dee", "--db", database)
        assert entered.returncode == 0, entered.stderr
        # The page swaps itself in place (no reload: the update counter survives): Dee is out, 4th.
        browser.wait_for(session, f"window.tourneyUpdates >= 1 && {dee_place} === '4'", timeout=15)
        assert "Provisional" in browser.evaluate(session, "document.body.innerText")


def test_serve_refuses_a_port_in_use(database: str) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", database])
    assert done.exit_code == 1
    assert done.stderr.strip().splitlines() == [f"error: cannot listen on 127.0.0.1:{port}: Address already in use"]
    done = CliRunner().invoke(app, ["serve", "--host", "no-such-host.invalid", "--db", database])
    assert done.exit_code == 1 and done.stderr.startswith("error: --host 'no-such-host.invalid'")


def test_seating_before_the_draw_says_so_and_keeps_polling(tmp_path: Path) -> None:
    from starlette.requests import Request

    from tourney.web.app import build_app

    url = f"sqlite:///{tmp_path / 'empty.db'}"
    with open_database(url) as db:
        create_tournament(db, name="Early", game="polish-poker", seed=1)
        app = build_app(db, None)
        route = next(r for r in app.routes if getattr(r, "path", "") == "/seating")
        scope = {"type": "http", "method": "GET", "path": "/seating", "headers": [], "query_string": b""}
        response = asyncio.run(route.endpoint(Request(scope)))  # type: ignore[attr-defined]
    assert response.status_code == 503
    body = bytes(response.body).decode()
    assert "no seats have been drawn yet" in parse(body).text() and "tourneyUpdates" in body
