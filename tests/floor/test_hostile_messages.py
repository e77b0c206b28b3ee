"""No page names a file of the server: a phone's report and the director's decision refused by a
locked database say the database is busy, and a storage error while reading the wall or the TV
says it cannot be read, none with the database's path (the server's terminal has it)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from floor_support import hidden, request, seated_event, sqlite_url
from serve_support import serving_app

from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.store.database import open_db
from tourney.errors import StorageError
from tourney.web.app import build_app
from tourney.web.site import Site


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("approve", db=url)
    open_floor(db=url)
    with open_db(url, read_only=True) as reader, serving_app(build_app(reader, None, floor=True, db=url)) as base:
        yield base, url


def test_a_locked_database_is_busy_without_its_path(served: tuple[str, str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    base, url = served
    current = read_floor(url, None)
    table, director = f"{base}/table/1/{current.table_link(1)}", f"{base}/director/{current.director_link()}"
    page = request(table)[1]
    form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": hidden(page, "key"),
            "device": "phone", "kind": "result", "player": current.state.tables[0].seats[0]}
    assert request(table, data=form)[0] == 200  # a pending report for the director to accept
    pending = reports.pending(db=url).reports[0].id
    csrf = hidden(request(director)[1], "csrf")
    monkeypatch.setenv("TOURNEY_LOCK_WAIT", "0.2")
    blocker = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        page = request(table)[1]
        second = {**form, "csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": "another"}
        answers = [request(table, data=second),
                   request(f"{director}/reports/{pending}", data={"csrf": csrf, "decision": "accept"})]
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    for status, body in answers:
        assert status == 409
        assert "busy" in body
        assert str(tmp_path) not in body and "floor.db" not in body


def test_a_storage_error_reading_the_wall_names_no_path(served: tuple[str, str], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    base, _url = served

    def unreadable(_site: Site) -> object:
        raise StorageError(f"database {tmp_path / 'floor.db'}: disk I/O error (is the disk full?)")

    monkeypatch.setattr(Site, "snapshot", unreadable)
    for path in ("/standings", "/_token", "/tv/standings"):
        status, body = request(f"{base}{path}")
        assert status == 503
        assert str(tmp_path) not in body and "floor.db" not in body
