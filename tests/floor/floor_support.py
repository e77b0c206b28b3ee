"""Shared by the floor's tests: an event seated for the floor, a real `tourney serve --lan` on a free
loopback port, plain HTTP requests, and a dump of the database's rows."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from serve_support import start_serve

from tourney import app

NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "<script>alert(1)</script>"]


def sqlite_url(tmp_path: Path, name: str = "floor.db") -> str:
    return f"sqlite:///{tmp_path / name}"


def seated_event(url: str, *, game: str = "pp", names: list[str] | None = None) -> None:
    app.new_tournament("Friday <b>", game=game, seed=11, db=url)
    app.add_players(names or NAMES, db=url)
    app.seat(db=url)


def dump(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table: equal dumps mean an unchanged database."""
    connection = sqlite3.connect(url.removeprefix("sqlite:///"))
    try:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                                        "ORDER BY name")]
        return {name: connection.execute(f"SELECT * FROM {name} ORDER BY 1").fetchall() for name in tables}
    finally:
        connection.close()


def request(url: str, *, data: bytes | dict[str, Any] | None = None, headers: dict[str, str] | None = None,
            method: str | None = None, timeout: float = 10) -> tuple[int, str]:
    """(status, body) of a request; a dict is sent as a form (lists as repeated fields)."""
    body = urllib.parse.urlencode(data, doseq=True).encode() if isinstance(data, dict) else data
    sent = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
    sent.update(headers or {})
    req = urllib.request.Request(url, data=body, headers=sent, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def hidden(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found is not None, f"no hidden field {name}"
    return found.group(1)


@contextmanager
def serving(url: str, printed: list[str] | None = None, *options: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`tourney serve --lan` (with `options`) on loopback; yields its base URL and the process; what
    it printed is appended to `printed` once it stops."""
    base, process = start_serve("--lan", "--host", "localhost", "--db", url, *options, host="localhost")
    try:
        yield base, process
    finally:
        process.terminate()
        out, _err = process.communicate(timeout=20)
        if printed is not None:
            printed.append(out)
