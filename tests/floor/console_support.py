"""Shared by the director's console's tests: an evening served by a real `tourney serve --lan` (or
the console's app in this process), the paths of its sections, a form posted with the page's CSRF
token, the notice and preview a page shows, a twin of the database for the CLI's side of a
comparison, and the browsers' sizes and names (floor_support has the floor's basics)."""

from __future__ import annotations

import contextlib
import html
import json
import re
import secrets
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from floor_support import NAMES, hidden, request, seated_event, serving, sqlite_url
from serve_support import serving_app
from test_phone import shot

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.store.database import open_db
from tourney.web.app import build_app

Floor = tuple[str, str]  # (base URL, database URL)
# The browsers' two screens, and names with a long one to wrap on the phone's.
SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LONG_NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna",
              "Konstantynopolitańczykowianeczka Wielka"]


def seated_and_open(url: str, names: list[str] | None = None) -> None:
    """A Polish Poker evening seated (with `names`, else floor_support's) and its floor open."""
    seated_event(url, names=names)
    open_floor(db=url)


def registered_and_open(url: str, names: list[str] | None = None) -> None:
    """An event taking registrations (`names`, else floor_support's), not seated yet; its floor open."""
    app.new_tournament("Saturday", game="pp", seed=5, db=url)
    app.add_players(names or NAMES, db=url)
    open_floor(db=url)


def a_few_rounds(url: str) -> None:
    """A seated event with a few rounds at each table (Grażyna and the script name among them)."""
    seated_event(url)
    state = app.tournament_state(db=url)
    first, second = state.tables[0].seats, state.tables[1].seats
    app.enter_result(1, first[0], db=url)
    app.enter_result(2, second[0], db=url)
    app.enter_result(1, first[1], db=url)
    open_floor(db=url)


def one_round_lost(url: str) -> tuple[str, int]:
    """(who lost, the result's event id): table 1's first seat lost a round of a seated evening
    (LONG_NAMES); its floor open."""
    seated_event(url, names=LONG_NAMES)
    loser = app.tournament_state(db=url).tables[0].seats[0]
    app.enter_result(1, loser, db=url)
    target = app.tournament_state(db=url).events[-1].id
    open_floor(db=url)
    return loser, target


def served(directory: Path, prepare: Callable[[str], None]) -> Iterator[Floor]:
    """(base URL, database URL) of the database `prepare` makes in `directory`, while `tourney serve
    --lan` serves it: a fixture's `yield from`."""
    url = sqlite_url(directory)
    prepare(url)
    with serving(url) as (base, _process):
        yield base, url


@contextmanager
def console_app(url: str) -> Iterator[str]:
    """The console's app over `url`, served on a free loopback port in this process: its base URL."""
    with open_db(url, read_only=True) as reader, serving_app(build_app(reader, None, floor=True, db=url)) as base:
        yield base


def director_path(url: str, section: str = "") -> str:
    """The director's page (or its `section`: "log", "players", ...) of the database at `url`."""
    path = f"/director/{read_floor(url, None).director_link()}"
    return f"{path}/{section}" if section else path


def post_form(base: str, path: str, action: str, form: dict[str, Any], *,
              csrf_from: str | None = None) -> tuple[int, str]:
    """`form` posted to `path`/`action` with the CSRF token of the page at `csrf_from` (else `path`)."""
    csrf = hidden(request(base + (csrf_from or path))[1], "csrf")
    return request(f"{base}{path}/{action}", data={"csrf": csrf, **form})

def multipart_form(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, dict[str, str]]:
    """A multipart/form-data body as a browser sends it (each file as text/csv), and its content type."""
    boundary = "----tourney" + secrets.token_hex(8)
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
             for name, value in fields.items()]
    parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
              f"Content-Type: text/csv\r\n\r\n".encode() + data + b"\r\n"
              for name, (filename, data) in files.items()]
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    return body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}


def notice(page: str) -> str:
    found = re.search(r'role="status">([^<]*)<', page)
    assert found is not None, "no notice on the page"
    return html.unescape(found.group(1))


def preview_lines(page: str) -> list[str]:
    found = re.search(r'<pre class="preview">(.*?)</pre>', page, re.S)
    assert found is not None, "no preview on the page"
    return html.unescape(found.group(1)).split("\n")


def twin(url: str, tmp_path: Path, name: str = "twin.db") -> str:
    """A copy of the database at `url` (the same events): the CLI's side of a comparison."""
    copy = tmp_path / name
    source, target = sqlite3.connect(url.removeprefix("sqlite:///")), sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    return f"sqlite:///{copy}"


def run_cli(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`tourney ARGS --db URL` run as the desk runs it (its own process)."""
    return subprocess.run([sys.executable, "-m", "tourney", *args, "--db", url], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)


def cli_says(url: str, *args: str) -> str:
    """What `tourney ARGS --db URL` prints, run as the desk runs it (and succeeding)."""
    done = run_cli(url, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def result_ids(url: str) -> list[int]:
    return [e.id for e in app.tournament_state(db=url).events if e.kind == "result"]


@contextmanager
def console_page(browser: Any, url: str, size: str) -> Iterator[tuple[Any, str]]:
    """A page of `browser` at `size` (of SIZES; a phone's is mobile) while `tourney serve --lan`
    serves `url`, and the server's base URL."""
    with serving(url) as (base, _process):
        page = browser.new_page(viewport=SIZES[size], is_mobile=size == "phone")
        try:
            yield page, base
        finally:
            page.close()


def focus_is(page: Any, expression: str, expected: str) -> None:
    """`expression` (of `document.activeElement`) reads `expected` once the browser has moved the
    focus: a new page's `autofocus` takes effect at its next rendering update, which on a loaded
    machine can come after the load event that `goto` and a form's navigation wait for."""
    with contextlib.suppress(Exception):  # the assertion below says what it found instead
        page.wait_for_function(f"() => document.activeElement !== null && ({expression}) === {json.dumps(expected)}",
                               timeout=5000)
    assert page.evaluate(expression) == expected


def no_sideways_scroll(page: Any, width: int) -> None:
    """A browser page fits `width` (no horizontal scroll)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def undo_confirmed_by_keyboard(console: Any, target: int, loser: str, width: int, name: str) -> None:
    """The log's preview of undoing `target` (`loser`'s round at table 1), just asked for in the
    browser `console`: its lines, no sideways scroll (the screenshot `name`), the confirmation
    focused, and Enter undoing it."""
    console.wait_for_selector("#confirm-undo")
    assert console.locator("pre.preview").inner_text().startswith(
        f"Will undo: event {target} (result table 1: {loser} loses the round).")
    no_sideways_scroll(console, width)
    shot(console, name)
    focus_is(console, "document.activeElement.textContent", f"Confirm: undo event {target}")
    console.keyboard.press("Enter")
    console.wait_for_selector(".notice.ok")
    assert console.locator(".notice").inner_text() == f"Undone: event {target}."
